// Counts per stage, task name and version (GraphQL stageWise, taskNameWise, versionNumberWise) over the
// whole filtered list, each a chip that filters the list to it; the closed count beside them.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ApplicationsData } from '@originate/contract';
import type { ListFilter } from '../../api/lists';
import { type CountGroup, chipFilter } from '../../domain/lists';

interface Props {
  data: Pick<ApplicationsData, 'stageWise' | 'taskNameWise' | 'versionNumberWise' | 'closedCount' | 'count'>;
  chip: ListFilter | null;
  onChip: (chip: ListFilter | null) => void;
}

function Group({
  title,
  group,
  entries,
  chip,
  onChip,
}: {
  title: string;
  group: CountGroup;
  entries: { key: string; label: string; count: number }[];
} & Pick<Props, 'chip' | 'onChip'>) {
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
        const filter = chipFilter(group, e.key);
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

export function CountsBar({ data, chip, onChip }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {data.count} {data.count === 1 ? 'task' : 'tasks'}
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          · {data.closedCount} closed
        </Typography>
      </Typography>
      <Group
        title="Stage"
        group="stage"
        entries={data.stageWise.map((s) => ({ key: s.stepName, label: s.stepName, count: s.count }))}
        chip={chip}
        onChip={onChip}
      />
      <Group
        title="Task"
        group="task"
        entries={data.taskNameWise.map((t) => ({ key: t.taskName, label: t.taskName, count: t.count }))}
        chip={chip}
        onChip={onChip}
      />
      <Group
        title="Version"
        group="version"
        entries={data.versionNumberWise.map((v) => ({
          key: String(v.versionNumber),
          label: `v${v.versionNumber}`,
          count: v.count,
        }))}
        chip={chip}
        onChip={onChip}
      />
    </Box>
  );
}
