// The columns of one decision table, edited: each input's label and the figure it reads (the contract's list of
// what the tables can read), moved, removed (asking first when rows have conditions in it) or added; the outputs'
// labels only, their field fixed and why. Folded away until opened, or while a column has a problem to show.
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DECISION_INPUT_FIELDS,
  DECISION_TABLE_OUTPUTS,
  type DecisionTable,
  type DecisionTableName,
  decisionInputField,
} from '@originate/contract';
import { type ReactNode, useState } from 'react';
import { addInputBlock, columnField, outputLockReason, removeInputBlock, rowsUsing } from '../../domain/decisionTables';
import { ConfirmDialog, type ConfirmRequest } from '../detail/ConfirmDialog';
import type { ProblemsAt } from '../lifecycles/problems';

export interface ColumnEdits {
  add: (field: string, label: string) => void;
  remove: (columnId: string) => void;
  rename: (columnId: string, label: string) => void;
  setField: (columnId: string, field: string) => void;
  move: (columnId: string, by: -1 | 1) => void;
}

const FIELD_FONT = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 };

/** A picker option: the figure's name and the path the engine reads. */
const choice = (field: string) => (
  <MenuItem key={field} value={field}>
    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', width: '100%', minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {decisionInputField(field)?.label ?? 'Not readable'}
      </Box>
      <Box component="span" sx={{ ...FIELD_FONT, color: 'text.secondary', ml: 'auto', flexShrink: 0 }}>
        {field}
      </Box>
    </Box>
  </MenuItem>
);

const choices = (current?: string) => [
  // A stored column reading something the tables cannot read shows as it is, with its problem.
  ...(current && !decisionInputField(current) ? [choice(current)] : []),
  ...DECISION_INPUT_FIELDS.map((f) => choice(f.field)),
];

/** An icon button with a tooltip; when disabled, the tooltip says why (on a wrapper: a disabled button gets none). */
/** A column's label, edited in place (inputs and outputs alike), its problem under it. */
function LabelCell({
  label,
  value,
  problem,
  onChange,
}: {
  label: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TableCell sx={{ verticalAlign: 'top' }}>
      <TextField
        size="small"
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={problem !== undefined}
        helperText={problem}
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: 80 } }}
      />
    </TableCell>
  );
}

function Action({
  label,
  title,
  disabledReason,
  onClick,
  children,
}: {
  label: string;
  title: string;
  disabledReason?: string | null;
  /** None for an action that is never allowed (a required output's removal): it is shown disabled, with why. */
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={disabledReason ?? title}>
      <span>
        <IconButton size="small" aria-label={label} disabled={Boolean(disabledReason)} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function DecisionColumns({
  name,
  tableLabel,
  table,
  problems,
  edits,
}: {
  name: DecisionTableName;
  tableLabel: string;
  table: DecisionTable;
  problems: ProblemsAt;
  edits: ColumnEdits;
}) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [newField, setNewField] = useState('');
  const [newLabel, setNewLabel] = useState('');
  const columnProblems = [...problems.under(`document.${name}.inputs`), ...problems.under(`document.${name}.outputs`)]
    .length;
  const expanded = open || columnProblems > 0;
  const at = (kind: 'inputs' | 'outputs', i: number, key: 'name' | 'field' | 'id') =>
    problems.exact(key === 'id' ? `document.${name}.${kind}[${i}].id` : columnField(name, kind, i, key));
  const labelTaken = [...table.inputs, ...table.outputs].some(
    (c) => c.name.trim().toLowerCase() === newLabel.trim().toLowerCase(),
  );
  const addBlock =
    addInputBlock(table) ??
    (newField === ''
      ? 'Pick what the new input reads first'
      : newLabel.trim() === ''
        ? 'Give the new input a label first'
        : labelTaken
          ? 'Another column has this label'
          : null);

  const remove = (columnId: string, label: string) => {
    const rows = rowsUsing(table, columnId);
    if (rows.length === 0) {
      edits.remove(columnId);
      return;
    }
    setConfirm({
      title: `Remove the input ${label}?`,
      message: `${rows.length === 1 ? '1 row has a condition' : `${rows.length} rows have conditions`} in this column (${rows.join(', ')}). The conditions go with the column: ${rows.length === 1 ? 'that row then matches' : 'those rows then match'} whatever ${label} is.`,
      confirmLabel: 'Remove the input and its conditions',
      comment: false,
      onConfirm: () => {
        edits.remove(columnId);
        setConfirm(null);
      },
    });
  };

  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={expanded}
      onChange={(_e, next) => setOpen(next)}
      slots={{ heading: 'h2' }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreOutlined />}
        aria-controls={`${name}-columns`}
        id={`${name}-columns-title`}
      >
        <Typography component="span" variant="subtitle2" sx={{ fontWeight: 600 }}>
          Columns of the {tableLabel} table
        </Typography>
        <Typography
          component="span"
          variant="body2"
          color={columnProblems > 0 ? 'error' : 'text.secondary'}
          sx={{ ml: 2 }}
        >
          {table.inputs.length} {table.inputs.length === 1 ? 'input' : 'inputs'}, {table.outputs.length} outputs
          {columnProblems > 0 && ` · ${columnProblems} to fix`}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${name}-columns`} sx={{ pt: 0, display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          Inputs are the figures each row tests; add one, change its label or what it reads, move or remove it. The
          outputs are the ones the decision reads from this table ({DECISION_TABLE_OUTPUTS[name].join(', ')}): only
          their labels change.
        </Typography>
        {problems.exact(`document.${name}.outputs`) && (
          <Alert severity="error">{problems.exact(`document.${name}.outputs`)}</Alert>
        )}
        {/* Fixed layout: the widths hold, a long pick is cut short in its box rather than widening the table. */}
        <Table size="small" aria-label={`Columns of the ${tableLabel} table`} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 92 }}>Column</TableCell>
              <TableCell sx={{ width: '28%' }}>Label</TableCell>
              <TableCell>Reads</TableCell>
              <TableCell sx={{ width: 124 }}>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.inputs.map((c, i) => {
              const labelProblem = [at('inputs', i, 'name'), at('inputs', i, 'id')].filter(Boolean).join('; ');
              return (
                <TableRow key={c.id} data-testid={`${name}-input-${i + 1}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Input {i + 1}</TableCell>
                  <LabelCell
                    label={`Input ${i + 1} label`}
                    value={c.name}
                    problem={labelProblem || undefined}
                    onChange={(value) => edits.rename(c.id, value)}
                  />
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={c.field}
                      onChange={(e) => edits.setField(c.id, e.target.value)}
                      error={at('inputs', i, 'field') !== undefined}
                      helperText={at('inputs', i, 'field')}
                      slotProps={{ select: { inputProps: { 'aria-label': `Input ${i + 1} reads` } } }}
                    >
                      {choices(c.field)}
                    </TextField>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    <Action
                      label={`Move input ${i + 1} up`}
                      title="Move up: one column to the left in the table"
                      disabledReason={i === 0 ? 'Already the first input' : null}
                      onClick={() => edits.move(c.id, -1)}
                    >
                      <ArrowUpwardOutlined fontSize="small" />
                    </Action>
                    <Action
                      label={`Move input ${i + 1} down`}
                      title="Move down: one column to the right in the table"
                      disabledReason={i === table.inputs.length - 1 ? 'Already the last input' : null}
                      onClick={() => edits.move(c.id, 1)}
                    >
                      <ArrowDownwardOutlined fontSize="small" />
                    </Action>
                    <Action
                      label={`Remove input ${i + 1} (${c.name})`}
                      title="Remove the input and its conditions"
                      disabledReason={removeInputBlock(table)}
                      onClick={() => remove(c.id, c.name.trim() || `input ${i + 1}`)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </Action>
                  </TableCell>
                </TableRow>
              );
            })}
            {table.outputs.map((c, i) => {
              const reason = outputLockReason(name, c);
              return (
                <TableRow key={c.id} data-testid={`${name}-output-${i + 1}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Output {i + 1}</TableCell>
                  <LabelCell
                    label={`Output ${i + 1} label`}
                    value={c.name}
                    problem={at('outputs', i, 'name')}
                    onChange={(value) => edits.rename(c.id, value)}
                  />
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <TextField
                      size="small"
                      fullWidth
                      disabled
                      value={c.field}
                      error={at('outputs', i, 'field') !== undefined}
                      helperText={at('outputs', i, 'field') ?? 'Required by the decision: cannot change'}
                      slotProps={{
                        // Disabled, but its value and why stay readable (the disabled grey is below 4.5:1).
                        htmlInput: {
                          'aria-label': `Output ${i + 1} reads`,
                          sx: {
                            ...FIELD_FONT,
                            '&.Mui-disabled': { color: 'text.secondary', WebkitTextFillColor: 'currentColor' },
                          },
                        },
                        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    <Action label={`Remove output ${i + 1} (${c.name})`} title="" disabledReason={reason}>
                      <DeleteOutlined fontSize="small" />
                    </Action>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Box
          component="fieldset"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            m: 0,
            p: 1.5,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 2fr) auto' },
            alignItems: 'start',
          }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            Add an input column
          </Typography>
          <TextField
            select
            size="small"
            label="New input reads"
            value={newField}
            onChange={(e) => {
              const suggested = decisionInputField(newField)?.label ?? '';
              // The label follows the pick until the admin types one of their own.
              if (newLabel === '' || newLabel === suggested) {
                setNewLabel(decisionInputField(e.target.value)?.label ?? '');
              }
              setNewField(e.target.value);
            }}
          >
            {choices()}
          </TextField>
          <TextField
            size="small"
            label="New input label"
            value={newLabel}
            onChange={(e) => setNewLabel(e.target.value)}
            error={labelTaken && newLabel.trim() !== ''}
            helperText={labelTaken && newLabel.trim() !== '' ? 'Another column has this label' : undefined}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <Tooltip title={addBlock ?? ''}>
            <span>
              <Button
                variant="outlined"
                startIcon={<AddOutlined />}
                disabled={addBlock !== null}
                onClick={() => {
                  edits.add(newField, newLabel);
                  setNewField('');
                  setNewLabel('');
                }}
                sx={{ whiteSpace: 'nowrap', height: 40 }}
              >
                Add input column
              </Button>
            </span>
          </Tooltip>
        </Box>
      </AccordionDetails>
      {confirm && <ConfirmDialog request={confirm} busy={false} onClose={() => setConfirm(null)} />}
    </Accordion>
  );
}
