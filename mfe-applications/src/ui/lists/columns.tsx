// An application list's columns: the table configuration's (@originate/web/lists configuredColumns: spec §5
// operators, INR lakh grouping, DD/MM/YYYY), then the SLA and actions columns.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { darken } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ListTask, TableColumn } from '@originate/contract';
import { configuredColumns } from '@originate/web/lists';
import type { ReactNode } from 'react';
import { listSla, type SlaView, slaChipLabel } from '../../domain/sla';

/** Amount columns that are money (the rest, e.g. the version number, are plain numbers). */
const CURRENCY_FIELDS: ReadonlySet<string> = new Set(['loanAmount']);

const SLA_COLOURS: Record<SlaView['state'], 'error' | 'warning' | 'success' | 'default'> = {
  breached: 'error',
  running: 'warning',
  met: 'success',
  'not started': 'default',
  'no limit': 'default',
};

export function SlaChips({ row, now }: { row: ListTask; now: number }) {
  const { chips: parts, caption } = listSla(row.operationalLevelAgreement, now);
  if (caption)
    return (
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', py: 0.5, rowGap: 0.5 }}>
      {parts.map((p) => (
        <Chip
          key={p.part}
          size="small"
          variant={p.state === 'breached' ? 'filled' : 'outlined'}
          color={SLA_COLOURS[p.state]}
          label={slaChipLabel(p)}
          title={`${p.part} SLA: ${p.state}${p.due ? `, due ${p.due}` : ''}`}
          data-sla-state={p.state}
          sx={
            p.state === 'breached'
              ? { fontWeight: 700 }
              : p.state === 'running'
                ? // The warning colour's text on white is below 4.5:1 (axe colour-contrast); its border stays.
                  { color: (theme) => darken(theme.palette.warning.main, 0.3) }
                : undefined
          }
        />
      ))}
    </Stack>
  );
}

/**
 * The configured columns (the assignee by name), then SLA, then the row actions (rendered by the caller).
 * `now` is read when a cell is drawn: the columns outlive the page they were made with.
 */
export function buildColumns(
  config: readonly TableColumn[],
  now: () => number,
  renderActions: (row: ListTask) => ReactNode,
): GridColDef<ListTask>[] {
  return [
    ...configuredColumns<ListTask>(config, {
      currencyFields: CURRENCY_FIELDS,
      values: { assignedTo: (row) => row.assignedToName ?? row.assignedTo },
    }),
    {
      field: 'sla',
      headerName: 'SLA',
      minWidth: 220,
      flex: 1.6,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => <SlaChips row={row} now={now()} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => renderActions(row),
    },
  ];
}
