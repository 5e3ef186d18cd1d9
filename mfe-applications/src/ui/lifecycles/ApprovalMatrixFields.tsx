// The approval matrix: which step a send back returns to, and the levels in order, each with its amount
// limit in INR (lakh grouping, its range said in words), optional risk grades, who approves there (teams
// and roles) and how many distinct approvers it needs.
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Directory } from '../../api/lifecycles';
import { fieldOf, groupAmount, type LevelDraft, type LifecycleDraft, levelRanges } from '../../domain/lifecycleEditor';
import { RolesPicker, TeamsPicker } from './pickers';
import { type ProblemsAt, problemText } from './problems';

export interface MatrixEdits {
  sendBackTo: (stepName: string) => void;
  addLevel: () => void;
  changeLevel: (l: number, patch: Partial<Omit<LevelDraft, 'key'>>) => void;
  moveLevel: (l: number, by: -1 | 1) => void;
  removeLevel: (l: number) => void;
}

const REQUIRED_CHOICES = [1, 2, 3, 4, 5] as const;

export function ApprovalMatrixFields({
  draft,
  problems,
  directory,
  roles,
  readOnly,
  edits,
}: {
  draft: LifecycleDraft;
  problems: ProblemsAt;
  directory: Directory;
  roles: readonly string[];
  readOnly: boolean;
  edits: MatrixEdits;
}) {
  const ranges = levelRanges(draft);
  const stepNames = draft.steps.map((s) => s.stepName);
  const sendBackError = problems.exact('approvalMatrix.sendBackTo');
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label="Send back returns to step"
        value={stepNames.includes(draft.sendBackTo) ? draft.sendBackTo : ''}
        onChange={(e) => edits.sendBackTo(e.target.value)}
        slotProps={{ input: { readOnly } }}
        error={!!sendBackError}
        helperText={sendBackError}
        sx={{ maxWidth: 360 }}
      >
        {stepNames.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {draft.levels.map((level, l) => {
        const at = (name: string) => fieldOf.level(l, name);
        const amountError = problems.exact(at('maxAmount'));
        const last = l === draft.levels.length - 1;
        return (
          <Paper key={level.key} variant="outlined" sx={{ p: 1.5 }} data-testid="approval-level">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>Level {l + 1}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                decides loans {ranges[l]}
              </Typography>
              {!readOnly && (
                <>
                  <IconButton
                    aria-label={`Move level ${l + 1} up`}
                    disabled={l === 0}
                    onClick={() => edits.moveLevel(l, -1)}
                  >
                    <ArrowUpwardOutlined />
                  </IconButton>
                  <IconButton
                    aria-label={`Move level ${l + 1} down`}
                    disabled={last}
                    onClick={() => edits.moveLevel(l, 1)}
                  >
                    <ArrowDownwardOutlined />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove level ${l + 1}`}
                    disabled={draft.levels.length === 1}
                    onClick={() => edits.removeLevel(l)}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </>
              )}
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              <TextField
                size="small"
                label="Level name"
                value={level.name}
                onChange={(e) => edits.changeLevel(l, { name: e.target.value })}
                slotProps={{ input: { readOnly } }}
                error={!!problems.exact(at('name'))}
                helperText={problems.exact(at('name'))}
              />
              <TextField
                size="small"
                label="Up to (INR)"
                value={level.maxAmount}
                placeholder={last ? 'no limit' : ''}
                onChange={(e) => edits.changeLevel(l, { maxAmount: e.target.value })}
                onBlur={() => edits.changeLevel(l, { maxAmount: groupAmount(level.maxAmount) })}
                slotProps={{
                  input: { readOnly, startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                  htmlInput: { inputMode: 'numeric', 'aria-label': `Limit of level ${l + 1} in rupees` },
                }}
                error={!!amountError}
                helperText={amountError ?? (last ? 'Empty: no limit (the final level)' : undefined)}
              />
              <TextField
                size="small"
                label="Risk grades (optional)"
                value={level.riskGrades}
                placeholder="every grade"
                onChange={(e) => edits.changeLevel(l, { riskGrades: e.target.value })}
                slotProps={{ input: { readOnly } }}
                error={!!problemText(problems.under(at('riskGrades')))}
                helperText={problemText(problems.under(at('riskGrades'))) ?? 'Comma-separated, e.g. A, B'}
              />
              <TeamsPicker
                label="Approver teams"
                teams={directory.teams}
                value={level.approvers.teams}
                onChange={(teams) => edits.changeLevel(l, { approvers: { ...level.approvers, teams } })}
                readOnly={readOnly}
                error={problemText(problems.under(at('approvers.teams')))}
              />
              <RolesPicker
                label="Approver roles"
                roles={roles}
                value={level.approvers.roles}
                onChange={(picked) => edits.changeLevel(l, { approvers: { ...level.approvers, roles: picked } })}
                readOnly={readOnly}
                error={problemText(problems.under(at('approvers.roles')))}
                helperText="A user approves when in one of the teams and holding one of the roles"
              />
              <TextField
                select
                size="small"
                label="Distinct approvers needed"
                value={level.requiredApprovers}
                onChange={(e) => edits.changeLevel(l, { requiredApprovers: Number(e.target.value) })}
                slotProps={{ input: { readOnly } }}
              >
                {REQUIRED_CHOICES.map((n) => (
                  <MenuItem key={n} value={n}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {problems.exact(at('approvers')) && (
              <FormHelperText error>Approvers {problems.exact(at('approvers'))}</FormHelperText>
            )}
            {problems.exact(at('level')) && <FormHelperText error>Level {problems.exact(at('level'))}</FormHelperText>}
          </Paper>
        );
      })}
      {!readOnly && (
        <div>
          <Button size="small" startIcon={<AddOutlined />} onClick={edits.addLevel}>
            Add a level below the final one
          </Button>
        </div>
      )}
    </Stack>
  );
}
