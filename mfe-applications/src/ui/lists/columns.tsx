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
import { STATUS_LABELS } from '../../domain/lists';
import { listSla, SLA_COLOURS, slaChipLabel } from '../../domain/sla';

/** Amount columns that are money (the rest, e.g. the version number, are plain numbers). */
const CURRENCY_FIELDS: ReadonlySet<string> = new Set(['loanAmount']);

/** Up to three SLA chips stacked in a list row (SLA_ROW_HEIGHT). */
const STACKED_CHIP_PX = 20;
/** A list row's height: three stacked SLA chips (overall, queued, assigned) with their gaps and padding. */
export const SLA_ROW_HEIGHT = 3 * STACKED_CHIP_PX + 2 * 2 + 8;

/**
 * A task's SLA chips: wrapped side by side in a card (grid view), stacked in a list row, which has a fixed
 * height (no row is measured); a label too long for the column ends in an ellipsis and its title says it all.
 */
export function SlaChips({ row, now, stacked = false }: { row: ListTask; now: number; stacked?: boolean }) {
  const { chips: parts, caption } = listSla(row.operationalLevelAgreement, now);
  if (caption)
    return (
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
    );
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      spacing={stacked ? 0.25 : 0.5}
      sx={stacked ? { minWidth: 0, alignItems: 'flex-start' } : { flexWrap: 'wrap', py: 0.5, rowGap: 0.5 }}
    >
      {parts.map((p) => (
        <Chip
          key={p.part}
          size="small"
          variant={p.state === 'breached' ? 'filled' : 'outlined'}
          color={SLA_COLOURS[p.state]}
          label={slaChipLabel(p)}
          title={`${p.part} SLA: ${p.state}${p.due ? `, due ${p.due}` : ''}`}
          data-sla-state={p.state}
          sx={[
            p.state === 'breached' && { fontWeight: 700 },
            // The warning colour's text on white is below 4.5:1 (axe colour-contrast); its border stays.
            p.state === 'due soon' && { color: (theme) => darken(theme.palette.warning.main, 0.3) },
            stacked && { height: STACKED_CHIP_PX, maxWidth: '100%', fontSize: '0.75rem' },
          ]}
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
      optionLabels: { _applicationStatus: STATUS_LABELS },
    }),
    {
      field: 'sla',
      headerName: 'SLA',
      // Room for the longest chip, 'Not started: assigned (due DD/MM/YYYY hh:mm:ss IST)', at the stacked chips' size.
      minWidth: 340,
      flex: 1.6,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => <SlaChips row={row} now={now()} stacked />,
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
