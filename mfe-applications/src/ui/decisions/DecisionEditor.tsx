// A product's credit decision, edited: its credit limits (CreditLimitsEditor), one of its three tables at a time, its columns (DecisionColumns) and its
// rows as a grid, every cell and column checked as it is typed (domain/decisionTables) and the server's refusals
// shown where they point; Save asks first, naming the version it makes, and saves the whole decision (all three
// tables) as that version.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ApiError, type DecisionConfigAnswer, type DecisionTableName, formatBankDateTime } from '@originate/contract';
import { useMemo, useState } from 'react';
import { useSaveDecision } from '../../api/useDecisions';
import { addBand, removeBand, setBand, setFoirCap } from '../../domain/creditLimits';
import {
  addInput,
  addRow,
  DECISION_TABLES,
  decisionDocumentProblems,
  documentChanges,
  moveInput,
  moveRow,
  removeInput,
  removeRow,
  renameColumn,
  setCell,
  setInputField,
} from '../../domain/decisionTables';
import { type FieldProblem, refusedFields } from '../../domain/lifecycleEditor';
import { DiscardSaveActions } from '../common/DiscardSaveActions';
import { EditorStatusBar } from '../common/EditorStatusBar';
import { SaveVersionDialog } from '../common/SaveVersionDialog';
import { problemsAt } from '../lifecycles/problems';
import { type CreditLimitEdits, CreditLimitsEditor } from './CreditLimitsEditor';
import { type ColumnEdits, DecisionColumns } from './DecisionColumns';
import { DecisionTableGrid, type RowEdits } from './DecisionTableGrid';

export function DecisionEditor({
  initial,
  savedBy,
  readOnlyNote,
  tableName,
  onTable,
  onSaved,
}: {
  initial: DecisionConfigAnswer;
  /** The name of who saved the version shown. */
  savedBy: string;
  /** Why the tables are read only (a reader, or an older version), or null for an editor of the latest. */
  readOnlyNote: string | null;
  /** The table shown: the page keeps it, so the draft of the next version (after a save) opens on the same one. */
  tableName: DecisionTableName;
  onTable: (name: DecisionTableName) => void;
  onSaved: (saved: DecisionConfigAnswer) => void;
}) {
  const readOnly = readOnlyNote !== null;
  const [document, setDocument] = useState(initial.document);
  const [confirming, setConfirming] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const problems = useMemo(
    () => [...decisionDocumentProblems(document), ...serverProblems],
    [document, serverProblems],
  );
  const at = useMemo(() => problemsAt(problems), [problems]);
  const changes = useMemo(() => documentChanges(initial.document, document), [initial, document]);
  const nextVersion = initial.verNum + 1;
  const save = useSaveDecision((saved) => {
    setConfirming(false);
    onSaved(saved);
  });

  // Every edit drops what the server said about the previous document.
  const edit = (change: (d: typeof document) => typeof document) => {
    setServerProblems([]);
    setSaveError(null);
    setDocument(change);
  };
  const rowEdits: RowEdits = {
    setCell: (row, column, value) => edit((d) => setCell(d, tableName, row, column, value)),
    add: (after) => edit((d) => addRow(d, tableName, after)),
    move: (row, by) => edit((d) => moveRow(d, tableName, row, by)),
    remove: (row) => edit((d) => removeRow(d, tableName, row)),
  };
  const columnEdits: ColumnEdits = {
    add: (field, label) => edit((d) => addInput(d, tableName, field, label)),
    remove: (columnId) => edit((d) => removeInput(d, tableName, columnId)),
    rename: (columnId, label) => edit((d) => renameColumn(d, tableName, columnId, label)),
    setField: (columnId, field) => edit((d) => setInputField(d, tableName, columnId, field)),
    move: (columnId, by) => edit((d) => moveInput(d, tableName, columnId, by)),
  };
  const limitEdits: CreditLimitEdits = {
    setFoirCap: (percent) => edit((d) => setFoirCap(d, percent)),
    setBand: (band, change) => edit((d) => setBand(d, band, change)),
    addBand: () => edit(addBand),
    removeBand: (band) => edit((d) => removeBand(d, band)),
  };
  const problemsIn = (name: DecisionTableName) => at.under(`document.${name}`).length;
  const current = DECISION_TABLES.find((t) => t.name === tableName);

  const confirm = () =>
    save.mutate(
      { product: initial.product, body: { name: initial.name, verNum: initial.verNum, document } },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setSaveError(
              `Someone saved another version of these tables since you opened version ${initial.verNum}. Reload the page to edit the latest one (your changes here are not saved).`,
            );
          } else if (error instanceof ApiError && error.status === 400) {
            const refused = refusedFields(error.body);
            setServerProblems(refused);
            setConfirming(false);
            setSaveError(
              `The server refused the tables: ${refused.map((p) => p.reason).join('; ') || error.message}. Each reason is shown at its cell or field.`,
            );
          } else {
            setSaveError(error instanceof Error ? error.message : String(error));
          }
        },
      },
    );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <EditorStatusBar
        title={
          <>
            Version {initial.verNum} · saved {formatBankDateTime(initial.createdAt)} by {savedBy}
          </>
        }
        readOnlyNote={readOnlyNote}
        problems={problems.length}
        changes={changes.length === 0 ? 'No changes' : `${changes.join(', ')}: not saved`}
        statusTestId="decision-status"
        actions={
          <DiscardSaveActions
            changed={changes.length > 0}
            problems={problems.length}
            onDiscard={() => edit(() => initial.document)}
            onSave={() => setConfirming(true)}
          />
        }
      />

      {!confirming && saveError && <Alert severity="error">{saveError}</Alert>}

      <CreditLimitsEditor document={document} problems={at} readOnly={readOnly} edits={limitEdits} />

      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={tableName}
        onChange={(_e, value: DecisionTableName | null) => value && onTable(value)}
        aria-label="Table"
      >
        {DECISION_TABLES.map((t) => (
          <ToggleButton key={t.name} value={t.name} sx={{ px: 2 }}>
            {t.label}
            {problemsIn(t.name) > 0 && ` (${problemsIn(t.name)} to fix)`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary">
        {current?.about} Input cells test the column's value: empty matches anything, or write a comparison ({'>= 750'}
        ), a range ([700..750) includes 700, not 750), a quoted text ("SALARIED") or several separated by commas. Output
        cells are values: a number, or a text in double quotes.
      </Typography>
      {at.exact(`document.${tableName}.rules`) && (
        <Alert severity="error">{at.exact(`document.${tableName}.rules`)}</Alert>
      )}

      {!readOnly && current && (
        <DecisionColumns
          // A table's own new-column form and folding: another table starts its own.
          key={`${tableName}-columns`}
          name={tableName}
          tableLabel={current.label}
          table={document[tableName]}
          problems={at}
          edits={columnEdits}
        />
      )}

      <DecisionTableGrid
        // The grid's rows are keyed by index: a new table starts a new grid.
        key={tableName}
        name={tableName}
        table={document[tableName]}
        problems={at}
        readOnly={readOnly}
        edits={rowEdits}
      />

      {confirming && (
        <SaveVersionDialog
          title={`Save the ${initial.product} decision tables as version ${nextVersion}?`}
          consequence={`Changes against version ${initial.verNum}. Applications decided from now on use version ${nextVersion}. Decisions already taken keep the version they were made with.`}
          confirmLabel={`Save as version ${nextVersion}`}
          changes={changes}
          busy={save.isPending}
          error={saveError}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
