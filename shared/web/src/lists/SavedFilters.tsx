// Saved filters of a table (POST /backstage/getFilter to read, POST /setup/save_or_update to save):
// a menu that applies one, and a dialog that saves the current filters and sort under a name.
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SavedFilter, SavedFilterBody } from '@originate/contract';
import { reportError, showToast } from '@originate/web';
import { useId, useState } from 'react';
import type { ListFilter, ListSort } from './listState';
import { useSavedFilters, useSaveFilter } from './useListSetup';

interface Props {
  tableId: string;
  filters: ListFilter[];
  sort: ListSort | null;
  onApply: (saved: SavedFilter) => void;
}

export function SavedFilters({ tableId, filters, sort, onApply }: Props) {
  const saved = useSavedFilters(tableId);
  const save = useSaveFilter(tableId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const menuId = useId();

  const submit = () =>
    save.mutate(
      // The schema's operator union is built from a list, so TypeBox types it loosely: the values are FilterOperator.
      { name: name.trim(), tableId, filters: filters as SavedFilterBody['filters'], ...(sort ? { sort } : {}) },
      {
        onSuccess: () => {
          setNaming(false);
          showToast(`Filter '${name.trim()}' saved`, 'success');
        },
        onError: reportError,
      },
    );

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<BookmarkBorder />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Saved filters
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(saved.data ?? []).map((f) => (
          <MenuItem
            key={f.name}
            onClick={() => {
              setAnchor(null);
              onApply(f);
            }}
          >
            {f.name}
          </MenuItem>
        ))}
        {saved.data?.length === 0 && <MenuItem disabled>No saved filters yet</MenuItem>}
        <Divider />
        <MenuItem
          disabled={filters.length === 0}
          onClick={() => {
            setAnchor(null);
            setName('');
            setNaming(true);
          }}
        >
          Save current filters…
        </MenuItem>
      </Menu>
      <Dialog
        open={naming}
        onClose={() => setNaming(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="save-filter-title"
      >
        <DialogTitle id="save-filter-title">Save filters</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNaming(false)}>Close</Button>
          <Button variant="contained" disabled={name.trim() === '' || save.isPending} onClick={submit}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
