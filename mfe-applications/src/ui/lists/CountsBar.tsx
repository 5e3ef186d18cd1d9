// Counts per stage, task name and flow version (GraphQL stageWise, taskNameWise, versionNumberWise) over the
// whole filtered list, each a chip that filters the list to it (the versions only where there is more than one);
// the closed count beside them.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApplicationsData } from '@originate/contract';
import { CountChips, type ListFilter } from '@originate/web/lists';
import { COUNT_FIELDS, countText, showVersionCounts } from '../../domain/lists';

interface Props {
  data: Pick<ApplicationsData, 'stageWise' | 'taskNameWise' | 'versionNumberWise' | 'closedCount' | 'count'>;
  chip: ListFilter | null;
  onChip: (chip: ListFilter | null) => void;
}

export function CountsBar({ data, chip, onChip }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {countText(data.count)}
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          · {data.closedCount} closed
        </Typography>
      </Typography>
      <CountChips
        title="Stage"
        field={COUNT_FIELDS.stage}
        entries={data.stageWise.map((s) => ({ key: s.stepName, label: s.stepName, count: s.count }))}
        chip={chip}
        onChip={onChip}
      />
      <CountChips
        title="Task"
        field={COUNT_FIELDS.task}
        entries={data.taskNameWise.map((t) => ({ key: t.taskName, label: t.taskName, count: t.count }))}
        chip={chip}
        onChip={onChip}
      />
      {showVersionCounts(data.versionNumberWise) && (
        <CountChips
          title="Flow version"
          field={COUNT_FIELDS.version}
          entries={data.versionNumberWise.map((v) => ({
            key: String(v.versionNumber),
            label: String(v.versionNumber),
            count: v.count,
          }))}
          chip={chip}
          onChip={onChip}
        />
      )}
    </Box>
  );
}
