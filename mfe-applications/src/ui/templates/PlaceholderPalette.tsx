// The placeholders a template may use (the contract's catalogue, the one the server checks a save against),
// grouped by what they come from; a click types the placeholder in at the body's cursor.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { placeholderGroups } from '../../domain/templates';

export function PlaceholderPalette({ onPick }: { onPick: (token: string) => void }) {
  return (
    <Box component="section" aria-labelledby="placeholder-palette-title">
      <Typography id="placeholder-palette-title" variant="subtitle2" component="h3">
        Placeholders: click one to put it in at the cursor
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {placeholderGroups().map((group) => (
          <Box key={group.name}>
            <Typography variant="caption" color="text.secondary" component="div">
              {group.name}
            </Typography>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {group.items.map((p) => (
                <Chip
                  key={p.label}
                  size="small"
                  variant="outlined"
                  label={p.label}
                  title={p.description}
                  aria-label={`Insert ${p.label}: ${p.description}`}
                  onClick={() => onPick(p.token)}
                  sx={{ fontFamily: 'monospace' }}
                />
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
