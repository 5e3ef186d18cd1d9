// One group of counts over a whole filtered list (per stage, per status, …): each a chip that filters the
// list to its value, pressed while it does.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { countChipFilter, type ListFilter } from './listState';

interface CountEntry {
  /** The column's value the chip filters on. */
  key: string;
  label: string;
  count: number;
}

interface Props {
  title: string;
  /** The column the chips filter. */
  field: string;
  entries: readonly CountEntry[];
  chip: ListFilter | null;
  onChip: (chip: ListFilter | null) => void;
}

export function CountChips({ title, field, entries, chip, onChip }: Props) {
  if (entries.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label={`${title} counts`}
      sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, minWidth: 56 }}>
        {title}
      </Typography>
      {entries.map((e) => {
        const filter = countChipFilter(field, e.key);
        const selected = chip?.field === filter.field && chip.value === filter.value;
        return (
          <Chip
            key={e.key}
            size="small"
            label={`${e.label} · ${e.count}`}
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onChip(selected ? null : filter)}
          />
        );
      })}
    </Box>
  );
}
