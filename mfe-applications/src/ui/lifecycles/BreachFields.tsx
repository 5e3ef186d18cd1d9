// What a breached SLA does: notify the team lead, escalate to the next level's queue.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { BreachPolicy } from '@originate/contract';

export function BreachFields({
  value,
  readOnly,
  onChange,
}: {
  value: BreachPolicy;
  readOnly: boolean;
  onChange: (value: BreachPolicy) => void;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Switch
            checked={value.notifyTeamLead}
            disabled={readOnly}
            onChange={(e) => onChange({ ...value, notifyTeamLead: e.target.checked })}
          />
        }
        label="Notify the team lead"
      />
      <TextField
        select
        size="small"
        label="On breach, escalate"
        value={value.escalateTo}
        onChange={(e) => onChange({ ...value, escalateTo: e.target.value as BreachPolicy['escalateTo'] })}
        slotProps={{ input: { readOnly } }}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="NONE">Nowhere</MenuItem>
        <MenuItem value="NEXT_LEVEL">To the next level's queue</MenuItem>
      </TextField>
    </Stack>
  );
}
