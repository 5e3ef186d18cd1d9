// A product's lifecycle, edited: its steps in order with their tasks, the default breach action and the
// approval matrix, checked as they are typed with the contract's lifecycleProblems (each reason beside its
// field); Save shows what changed against the version it started from and saves a new version.
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ApiError,
  diffLifecycles,
  formatBankDateTime,
  type Lifecycle,
  type LifecycleSaved,
  lifecycleProblems,
  Roles,
} from '@originate/contract';
import { useMemo, useState } from 'react';
import type { Directory } from '../../api/lifecycles';
import { useSaveLifecycle } from '../../api/useLifecycles';
import {
  addLevel,
  addStep,
  addTask,
  type FieldProblem,
  fromDocument,
  knownFor,
  moveLevel,
  moveStep,
  refusedFields,
  removeLevel,
  removeStep,
  removeTask,
  roleChoices,
  toDocument,
  updateLevel,
  updateStep,
  updateTask,
} from '../../domain/lifecycleEditor';
import { DiscardSaveActions } from '../common/DiscardSaveActions';
import { EditorStatusBar } from '../common/EditorStatusBar';
import { SaveVersionDialog } from '../common/SaveVersionDialog';
import { ApprovalMatrixFields, type MatrixEdits } from './ApprovalMatrixFields';
import { BreachFields } from './BreachFields';
import { problemsAt } from './problems';
import { StepCard, type StepEdits } from './StepCard';

export function LifecycleEditor({
  initial,
  directory,
  readOnly,
  onSaved,
}: {
  initial: Lifecycle;
  directory: Directory;
  readOnly: boolean;
  onSaved: (saved: LifecycleSaved) => void;
}) {
  const [draft, setDraft] = useState(() => fromDocument(initial));
  const [confirming, setConfirming] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const base = useMemo(() => toDocument(fromDocument(initial)).doc, [initial]);
  const known = useMemo(() => knownFor(directory, base), [directory, base]);
  const { doc, problems: unreadable } = useMemo(() => toDocument(draft), [draft]);
  const problems = useMemo(
    () => [...unreadable, ...lifecycleProblems(doc, known), ...serverProblems],
    [unreadable, doc, known, serverProblems],
  );
  const at = useMemo(() => problemsAt(problems), [problems]);
  const changes = useMemo(() => diffLifecycles(base, doc), [base, doc]);
  const roles = useMemo(() => roleChoices(Object.values(Roles), directory, base), [directory, base]);
  const save = useSaveLifecycle((saved) => {
    setConfirming(false);
    onSaved(saved);
  });

  // Every edit drops what the server said about the previous document.
  const edit = (change: (d: typeof draft) => typeof draft) => {
    setServerProblems([]);
    setSaveError(null);
    setDraft(change);
  };
  const stepEdits = (s: number): StepEdits => ({
    change: (patch) => edit((d) => updateStep(d, s, patch)),
    move: (by) => edit((d) => moveStep(d, s, by)),
    remove: () => edit((d) => removeStep(d, s)),
    addTask: () => edit((d) => addTask(d, s)),
    changeTask: (t, patch) => edit((d) => updateTask(d, s, t, patch)),
    removeTask: (t) => edit((d) => removeTask(d, s, t)),
  });
  const matrixEdits: MatrixEdits = {
    sendBackTo: (stepName) => edit((d) => ({ ...d, sendBackTo: stepName })),
    addLevel: () => edit(addLevel),
    changeLevel: (l, patch) => edit((d) => updateLevel(d, l, patch)),
    moveLevel: (l, by) => edit((d) => moveLevel(d, l, by)),
    removeLevel: (l) => edit((d) => removeLevel(d, l)),
  };

  const confirm = () =>
    save.mutate(doc, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setSaveError(
            `Someone saved another version of this lifecycle since you opened version ${draft.verNum}. Reload the page to edit the latest one (your changes here are not saved).`,
          );
        } else if (error instanceof ApiError && error.status === 400) {
          const refused = refusedFields(error.body);
          setServerProblems(refused);
          setSaveError(`The server refused the lifecycle: ${refused.map((p) => p.reason).join('; ') || error.message}`);
        } else {
          setSaveError(error instanceof Error ? error.message : String(error));
        }
      },
    });

  return (
    <Stack spacing={2}>
      <EditorStatusBar
        title={
          <>
            Version {initial.verNum}
            {initial.updatedAt && ` · saved ${formatBankDateTime(initial.updatedAt)}`}
            {initial.updatedBy && ` by ${userName(directory, initial.updatedBy)}`}
          </>
        }
        readOnlyNote={readOnly ? 'Read only: only an operations admin changes lifecycles.' : null}
        problems={problems.length}
        changes={
          changes.length === 0
            ? 'No changes'
            : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} not saved`
        }
        statusTestId="lifecycle-status"
        actions={
          <DiscardSaveActions
            changed={changes.length > 0}
            problems={problems.length}
            onDiscard={() => edit(() => fromDocument(initial))}
            onSave={() => setConfirming(true)}
          />
        }
      />

      {!confirming && saveError && <Alert severity="error">{saveError}</Alert>}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'center' }}>
          <TextField
            size="small"
            label="Lifecycle name"
            value={draft.flowName}
            onChange={(e) => edit((d) => ({ ...d, flowName: e.target.value }))}
            slotProps={{ input: { readOnly } }}
            sx={{ flex: '1 1 260px' }}
          />
          <Typography variant="body2" color="text.secondary">
            When a task's SLA is breached (unless the task says otherwise):
          </Typography>
          <BreachFields
            value={draft.breach}
            readOnly={readOnly}
            onChange={(breach) => edit((d) => ({ ...d, breach }))}
          />
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2">
        Steps
      </Typography>
      {at.exact('steps') && <Alert severity="error">{at.exact('steps')}</Alert>}
      {!readOnly && (
        <div>
          <Button size="small" startIcon={<AddOutlined />} onClick={() => edit((d) => addStep(d, -1))}>
            Add a step first
          </Button>
        </div>
      )}
      {draft.steps.map((step, s) => (
        <Stack key={step.key} spacing={1}>
          <StepCard
            step={step}
            s={s}
            count={draft.steps.length}
            problems={at}
            directory={directory}
            readOnly={readOnly}
            edits={stepEdits(s)}
          />
          {!readOnly && (
            <div>
              <Button size="small" startIcon={<AddOutlined />} onClick={() => edit((d) => addStep(d, s))}>
                Add a step after '{step.stepName || `step ${s + 1}`}'
              </Button>
            </div>
          )}
        </Stack>
      ))}

      <Typography variant="h6" component="h2">
        Approval matrix
      </Typography>
      <ApprovalMatrixFields
        draft={draft}
        problems={at}
        directory={directory}
        roles={roles}
        readOnly={readOnly}
        edits={matrixEdits}
      />

      {confirming && (
        <SaveVersionDialog
          title={`Save the ${draft.product_code} lifecycle as a new version?`}
          consequence={`Changes against version ${draft.verNum}. Applications already started keep the version they started with; new ones take the new version.`}
          confirmLabel="Save new version"
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

function userName(directory: Directory, userid: string): string {
  return directory.users.find((u) => u.userid === userid)?.name ?? userid;
}
