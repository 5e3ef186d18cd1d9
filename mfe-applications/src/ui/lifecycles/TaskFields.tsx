// One task of a step: its name, whether it blocks the step, who works it (the application's branch team
// or a level above it, departments, named users), how it is handed out, its SLA parts and clock, and what
// a breach does (the lifecycle's policy unless the task has its own).
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { HandOutMode, SlaClock } from '@originate/contract';
import type { Directory } from '../../api/lifecycles';
import { fieldOf, type SlaPartField, type TaskDraft } from '../../domain/lifecycleEditor';
import { BreachFields } from './BreachFields';
import { TeamsPicker, UsersPicker } from './pickers';
import { type ProblemsAt, problemText } from './problems';

const HAND_OUT_LABELS: Record<HandOutMode, string> = {
  QUEUE: 'Queue: anyone of the team picks it',
  ROUND_ROBIN: 'Round robin: assigned in turn',
  LEAST_LOADED: 'Least loaded: assigned to whoever has fewest open tasks',
};

const CLOCK_LABELS: Record<SlaClock, string> = {
  WORKING_HOURS: 'Working hours (Mon–Sat 09:30–18:30 IST)',
  CALENDAR: 'Calendar (every minute)',
};

const LEVEL_LABELS = ['The branch itself', 'One level up (region)', 'Two levels up (zone)'] as const;

const SLA_LABELS: Record<SlaPartField, string> = {
  queuedMins: 'Queued (min)',
  assignedMins: 'Assigned (min)',
  overallMins: 'Overall (min)',
};

export function TaskFields({
  task,
  s,
  t,
  stepName,
  problems,
  directory,
  readOnly,
  canRemove,
  onChange,
  onRemove,
}: {
  task: TaskDraft;
  s: number;
  t: number;
  stepName: string;
  problems: ProblemsAt;
  directory: Directory;
  readOnly: boolean;
  canRemove: boolean;
  onChange: (patch: Partial<Omit<TaskDraft, 'key'>>) => void;
  onRemove: () => void;
}) {
  const at = (name: string) => fieldOf.task(s, t, name);
  const err = (name: string) => problems.exact(at(name));
  const label = `task '${task.taskName}' of step '${stepName}'`;
  const departments = directory.teams.filter((team) => team.type === 'DEPT');
  const workedBy = task.workedBy;
  const setWorkedBy = (patch: Partial<TaskDraft['workedBy']>) => onChange({ workedBy: { ...workedBy, ...patch } });
  const nobody = problemText(problems.exact(at('workedBy')));
  return (
    <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }} data-testid="lifecycle-task">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Task name"
          value={task.taskName}
          onChange={(e) => onChange({ taskName: e.target.value })}
          slotProps={{ input: { readOnly }, htmlInput: { 'aria-label': `Name of ${label}` } }}
          error={!!err('taskName')}
          helperText={err('taskName')}
          sx={{ flex: 1 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={task.blocking}
              disabled={readOnly}
              onChange={(e) => onChange({ blocking: e.target.checked })}
            />
          }
          label="Blocking"
          title="The step completes when every blocking task is done"
        />
        {!readOnly && (
          <Tooltip title={canRemove ? 'Remove this task' : 'A step needs at least one task'}>
            <span>
              <IconButton aria-label={`Remove ${label}`} onClick={onRemove} disabled={!canRemove}>
                <DeleteOutlined />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>

      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        Worked by
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          mt: 1,
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={workedBy.branchTeam}
                disabled={readOnly}
                onChange={(e) =>
                  setWorkedBy({ branchTeam: e.target.checked, ...(e.target.checked ? {} : { hierarchyLevel: 0 }) })
                }
              />
            }
            label="Branch team"
          />
          <TextField
            select
            size="small"
            label="Hierarchy level"
            value={workedBy.hierarchyLevel}
            disabled={!workedBy.branchTeam}
            onChange={(e) => setWorkedBy({ hierarchyLevel: Number(e.target.value) as 0 | 1 | 2 })}
            slotProps={{ input: { readOnly } }}
            error={!!err('workedBy.hierarchyLevel')}
            helperText={err('workedBy.hierarchyLevel')}
            sx={{ flex: 1 }}
          >
            {LEVEL_LABELS.map((text, level) => (
              <MenuItem key={text} value={level}>
                {text}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          select
          size="small"
          label="Hand-out"
          value={task.handOut}
          onChange={(e) => onChange({ handOut: e.target.value as HandOutMode })}
          slotProps={{ input: { readOnly } }}
        >
          {Object.entries(HAND_OUT_LABELS).map(([mode, text]) => (
            <MenuItem key={mode} value={mode}>
              {text}
            </MenuItem>
          ))}
        </TextField>
        <TeamsPicker
          label="Departments"
          teams={departments}
          value={workedBy.departments}
          onChange={(ids) => setWorkedBy({ departments: ids })}
          readOnly={readOnly}
          error={problemText(problems.under(at('workedBy.departments')))}
        />
        <UsersPicker
          label="Named users"
          users={directory.users}
          value={workedBy.allowedUsers}
          onChange={(ids) => setWorkedBy({ allowedUsers: ids })}
          readOnly={readOnly}
          error={problemText(problems.under(at('workedBy.allowedUsers')))}
        />
      </Box>
      {nobody && <FormHelperText error>{nobody}</FormHelperText>}

      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        SLA
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          mt: 1,
        }}
      >
        {(Object.keys(SLA_LABELS) as SlaPartField[]).map((part) => (
          <TextField
            key={part}
            size="small"
            label={SLA_LABELS[part]}
            value={task.mins[part]}
            placeholder="no limit"
            onChange={(e) => onChange({ mins: { ...task.mins, [part]: e.target.value } })}
            slotProps={{
              input: { readOnly },
              htmlInput: { inputMode: 'numeric', 'aria-label': `${SLA_LABELS[part]} of ${label}` },
            }}
            error={!!err(`sla.${part}`)}
            helperText={err(`sla.${part}`)}
          />
        ))}
        <TextField
          select
          size="small"
          label="Clock"
          value={task.clock}
          onChange={(e) => onChange({ clock: e.target.value as SlaClock })}
          slotProps={{ input: { readOnly } }}
        >
          {Object.entries(CLOCK_LABELS).map(([clock, text]) => (
            <MenuItem key={clock} value={clock}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={task.breach !== null}
              disabled={readOnly}
              onChange={(e) =>
                onChange({ breach: e.target.checked ? { notifyTeamLead: true, escalateTo: 'NONE' } : null })
              }
            />
          }
          label="Own breach action"
          title="Unticked: the lifecycle's breach action applies"
        />
        {task.breach && (
          <BreachFields value={task.breach} readOnly={readOnly} onChange={(breach) => onChange({ breach })} />
        )}
      </Stack>
    </Paper>
  );
}
