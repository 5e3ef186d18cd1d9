// The header's SLA: the overall part as a chip whose words say its state and due time (On track, Due soon,
// Breached), the colour only repeating them.
import Chip from '@mui/material/Chip';
import { darken } from '@mui/material/styles';
import type { OperationalLevelAgreement } from '@originate/contract';
import { SLA_COLOURS, slaChipLabel, slaView } from '../../domain/sla';

export function SlaChip({ ola }: { ola: OperationalLevelAgreement | null | undefined }) {
  const overall = ola ? slaView(ola, Date.now())[0] : undefined;
  if (!overall || overall.state === 'no limit') return <>No SLA limit</>;
  return (
    <Chip
      size="small"
      label={slaChipLabel(overall)}
      color={SLA_COLOURS[overall.state]}
      variant={overall.state === 'breached' ? 'filled' : 'outlined'}
      data-sla-state={overall.state}
      sx={[
        overall.state === 'breached' && { fontWeight: 700 },
        // The warning colour's text on white is below 4.5:1 (axe colour-contrast); its border stays.
        overall.state === 'due soon' && { color: (theme) => darken(theme.palette.warning.main, 0.3) },
      ]}
    />
  );
}
