// One decision table as a grid: a row per rule with its id, its input cells (unary tests on the column's value)
// and its output cells, each cell's problem under it; an editor adds, moves and removes rows.
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DecisionTable, DecisionTableName } from '@originate/contract';
import { cellField, cellName } from '../../domain/decisionTables';
import type { ProblemsAt } from '../lifecycles/problems';

export interface RowEdits {
  setCell: (row: number, column: string, value: string) => void;
  add: (after: number) => void;
  move: (row: number, by: -1 | 1) => void;
  remove: (row: number) => void;
}

const CELL_FONT = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

export function DecisionTableGrid({
  name,
  table,
  problems,
  readOnly,
  edits,
}: {
  name: DecisionTableName;
  table: DecisionTable;
  problems: ProblemsAt;
  readOnly: boolean;
  edits: RowEdits;
}) {
  const cell = (r: number, column: string, wide: boolean) => {
    const problem = problems.exact(cellField(name, r, column));
    return (
      <TableCell
        key={column}
        sx={{ verticalAlign: 'top', minWidth: wide ? 240 : column === '_id' ? 136 : 104, px: 0.5 }}
      >
        <TextField
          size="small"
          fullWidth
          multiline={wide}
          value={table.rules[r]?.[column] ?? ''}
          onChange={(e) => edits.setCell(r, column, e.target.value)}
          error={problem !== undefined}
          helperText={problem}
          placeholder={column === '_id' ? '' : wide ? '' : 'any'}
          slotProps={{
            input: { readOnly, sx: CELL_FONT },
            htmlInput: { 'aria-label': column === '_id' ? `Row ${r + 1}, Row id` : cellName(table, r, column) },
          }}
        />
      </TableCell>
    );
  };
  const wideOutputs = new Set(table.outputs.filter((c) => c.field === 'reason').map((c) => c.id));

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={`${name} rules`}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }}>#</TableCell>
            {!readOnly && <TableCell>Actions</TableCell>}
            <TableCell>Row id</TableCell>
            {table.inputs.map((c) => (
              <TableCell key={c.id} sx={{ bgcolor: 'action.hover' }}>
                <Typography variant="caption" color="text.secondary" component="div">
                  Input · {c.field}
                </Typography>
                {c.name}
              </TableCell>
            ))}
            {table.outputs.map((c) => (
              <TableCell key={c.id}>
                <Typography variant="caption" color="text.secondary" component="div">
                  Output · {c.field}
                </Typography>
                {c.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rules.map((rule, r) => (
            // Rows are edited in place and moved; the row id may be mid-edit, so the index keys the row.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={r} data-testid={`rule-${r + 1}`}>
              <TableCell sx={{ verticalAlign: 'top', pt: 2 }}>{r + 1}</TableCell>
              {!readOnly && (
                <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap', px: 0.25, pt: 1.25 }}>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move row ${r + 1} up`}
                        disabled={r === 0}
                        onClick={() => edits.move(r, -1)}
                      >
                        <ArrowUpwardOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move row ${r + 1} down`}
                        disabled={r === table.rules.length - 1}
                        onClick={() => edits.move(r, 1)}
                      >
                        <ArrowDownwardOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Add a row below">
                    <IconButton size="small" aria-label={`Add a row after row ${r + 1}`} onClick={() => edits.add(r)}>
                      <AddOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton
                      size="small"
                      aria-label={`Remove row ${r + 1} (${rule._id ?? ''})`}
                      onClick={() => edits.remove(r)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
              {cell(r, '_id', false)}
              {table.inputs.map((c) => cell(r, c.id, false))}
              {table.outputs.map((c) => cell(r, c.id, wideOutputs.has(c.id)))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!readOnly && (
        <Button size="small" startIcon={<AddOutlined />} onClick={() => edits.add(-1)} sx={{ m: 1 }}>
          Add a row first
        </Button>
      )}
    </TableContainer>
  );
}
