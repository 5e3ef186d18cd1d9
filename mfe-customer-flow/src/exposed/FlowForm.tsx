// './FlowForm' (flowForm slot): one application's form for the back office's application detail, given
// its id, the applicant type, the access the host resolved and the staff viewer. The same engine and
// renderers as the portal; editing disabled per the engine's isEditingDisabled, and each field the
// viewer's field access makes READ read only; saves through user/save_or_update.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { FieldConfig, SlotProps } from '@originate/contract';
import { isEditingDisabled, type Step } from '@originate/flow-engine';
import { useCallback, useMemo } from 'react';
import { EngineMismatchError } from '../api/loadFlow';
import { useFlowFormSetup } from '../api/useFlowSetup';
import { currentDevice } from '../domain/device';
import { EngineUpdateNotice } from '../ui/portal/EngineUpdateNotice';
import { FlowScreen } from '../ui/portal/FlowScreen';
import { useStableViewer } from './viewer';

const identity = (text: string) => text;
const labelOf = (field: FieldConfig) => field.label;

export default function FlowForm({ applicationId, applicantType, access, viewer, onSaved }: SlotProps['flowForm']) {
  const deviceWidth = useMemo(() => currentDevice().deviceWidth, []);
  const stableViewer = useStableViewer(viewer);
  const setup = useFlowFormSetup(applicationId, deviceWidth);
  const stepFilter = useCallback((step: Step) => step.applicant.type === applicantType, [applicantType]);
  if (setup.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status" aria-label="Loading">
        <CircularProgress />
      </Box>
    );
  }
  if (setup.error instanceof EngineMismatchError) return <EngineUpdateNotice keptOnDevice={false} />;
  if (setup.isError)
    return <Alert severity="error">The application form could not be loaded. {setup.error.message}</Alert>;
  const editable = !isEditingDisabled({ access });
  return (
    <FlowScreen
      setup={setup.data}
      translate={identity}
      labelOf={labelOf}
      options={{
        role: 'staff',
        applicantType,
        access,
        editable,
        viewer: stableViewer,
        translate: identity,
        labelOf,
        drafts: null,
        stepFilter,
        onSaved,
      }}
    />
  );
}
