// Filters (spec §2 menu): the user's saved filters of each list; opening one shows the list with it.
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBankDateTime, LIST_TABLE_IDS } from '@originate/contract';
import { OPERATOR_LABELS, useSavedFilters } from '@originate/web/lists';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGES } from '../../domain/pages';

const LISTS = Object.entries(PAGES).flatMap(([path, p]) => (p.kind === 'list' ? [{ path, ...p }] : []));

export function FiltersPage() {
  const navigate = useNavigate();
  const [path, setPath] = useState(LISTS[0]?.path ?? '');
  const chosen = LISTS.find((l) => l.path === path) ?? LISTS[0];
  const saved = useSavedFilters(chosen ? LIST_TABLE_IDS[chosen.list] : '');
  if (!chosen) return null;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, maxWidth: 760 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Filters
      </Typography>
      <TextField
        select
        size="small"
        label="List"
        value={path}
        onChange={(e) => setPath(e.target.value)}
        sx={{ maxWidth: 320 }}
      >
        {LISTS.map((l) => (
          <MenuItem key={l.path} value={l.path}>
            {l.title}
          </MenuItem>
        ))}
      </TextField>
      <Paper variant="outlined">
        {saved.data?.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No saved filters for {chosen.title}. Filter the list, then use Saved filters → Save current filters.
          </Typography>
        )}
        <List aria-label={`Saved filters of ${chosen.title}`}>
          {(saved.data ?? []).map((f) => (
            <ListItemButton
              key={f.name}
              onClick={() => navigate(`/${chosen.path}?filter=${encodeURIComponent(f.name)}`)}
            >
              <ListItemText
                primary={f.name}
                secondary={`${f.filters.map((x) => `${x.field} ${OPERATOR_LABELS[x.operator]} ${x.value}`).join('; ')} · saved ${formatBankDateTime(f.updatedAt)}`}
              />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
