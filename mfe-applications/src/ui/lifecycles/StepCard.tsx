// One step of the lifecycle: its number, name, type and summary switch, moved up or down or removed, and
// its tasks (several run in parallel).
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { LifecycleStepType } from '@originate/contract';
import type { Directory } from '../../api/lifecycles';
import { fieldOf, type StepDraft, type TaskDraft } from '../../domain/lifecycleEditor';
import type { ProblemsAt } from './problems';
import { TaskFields } from './TaskFields';

const STEP_TYPE_LABELS: Record<LifecycleStepType, string> = {
  CUST_FLOW: 'Customer flow (the application form)',
  USER: 'Staff work',
  APPVD: 'Approval',
  APPLICATION_SUMMARY: 'Application summary',
};

export interface StepEdits {
  change: (patch: Partial<Omit<StepDraft, 'key' | 'tasks'>>) => void;
  move: (by: -1 | 1) => void;
  remove: () => void;
  addTask: () => void;
  changeTask: (t: number, patch: Partial<Omit<TaskDraft, 'key'>>) => void;
  removeTask: (t: number) => void;
}

export function StepCard({
  step,
  s,
  count,
  problems,
  directory,
  readOnly,
  edits,
}: {
  step: StepDraft;
  s: number;
  count: number;
  problems: ProblemsAt;
  directory: Directory;
  readOnly: boolean;
  edits: StepEdits;
}) {
  const name = step.stepName || `step ${s + 1}`;
  const nameError = problems.exact(fieldOf.step(s, 'stepName'));
  const tasksError = problems.exact(fieldOf.step(s, 'tasks'));
  const hasProblems = problems.under(fieldOf.step(s)).length > 0;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderColor: hasProblems ? 'error.main' : undefined }}
      data-testid="lifecycle-step"
      aria-label={`Step ${s + 1}: ${step.stepName}`}
      component="section"
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 15, mt: 0.5 }}>{s + 1}</Avatar>
        <TextField
          size="small"
          label="Step name"
          value={step.stepName}
          onChange={(e) => edits.change({ stepName: e.target.value })}
          slotProps={{ input: { readOnly }, htmlInput: { 'aria-label': `Name of step ${s + 1}` } }}
          error={!!nameError}
          helperText={nameError}
          sx={{ flex: '2 1 220px' }}
        />
        <TextField
          select
          size="small"
          label="Type"
          value={step.type}
          onChange={(e) => edits.change({ type: e.target.value as LifecycleStepType })}
          slotProps={{ input: { readOnly } }}
          sx={{ flex: '1 1 200px' }}
        >
          {Object.entries(STEP_TYPE_LABELS).map(([type, text]) => (
            <MenuItem key={type} value={type}>
              {text}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={step.summaryEnabled}
              disabled={readOnly}
              onChange={(e) => edits.change({ summaryEnabled: e.target.checked })}
            />
          }
          label="Summary"
          title="Shows the application summary on this step"
        />
        {!readOnly && (
          <Stack direction="row">
            <Tooltip title="Move up">
              <span>
                <IconButton aria-label={`Move step '${name}' up`} disabled={s === 0} onClick={() => edits.move(-1)}>
                  <ArrowUpwardOutlined />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move down">
              <span>
                <IconButton
                  aria-label={`Move step '${name}' down`}
                  disabled={s === count - 1}
                  onClick={() => edits.move(1)}
                >
                  <ArrowDownwardOutlined />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Remove this step">
              <IconButton aria-label={`Remove step '${name}'`} onClick={edits.remove}>
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
      <Stack spacing={1.5} sx={{ mt: 2, pl: { md: 5.5 } }}>
        {step.tasks.map((task, t) => (
          <TaskFields
            key={task.key}
            task={task}
            s={s}
            t={t}
            stepName={name}
            problems={problems}
            directory={directory}
            readOnly={readOnly}
            canRemove={step.tasks.length > 1}
            onChange={(patch) => edits.changeTask(t, patch)}
            onRemove={() => edits.removeTask(t)}
          />
        ))}
        {tasksError && <FormHelperText error>{tasksError}</FormHelperText>}
        {!readOnly && (
          <div>
            <Button size="small" startIcon={<AddOutlined />} onClick={edits.addTask}>
              Add a parallel task to '{name}'
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
