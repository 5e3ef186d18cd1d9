// An application's video call for staff (the application detail's "Video call" action): an AGENT starts one
// (recorded or not) or rejoins their open one; a SUPERVISOR joins someone else's silently.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { errorText } from '@originate/contract';
import { useState } from 'react';
import { useCallsOfApplication, useGatewayStatus, useJoinCall, useStartCall } from '../api/useVideoCalls';
import { type StaffAction, staffActions } from '../domain/callPlan';
import { ActiveCall, type EnteredCall } from './ActiveCall';
import { LoadFailed } from './LoadFailed';
import { VIDEO_TEXTS } from './texts';
import { useUser } from './useUser';

export function StaffCall({
  applicationId,
  phone,
  onClose,
}: {
  applicationId: string;
  phone?: boolean;
  onClose?: () => void;
}) {
  const { userId, roles } = useUser();
  const [entered, setEntered] = useState<EnteredCall | null>(null);
  const [record, setRecord] = useState(false);
  const calls = useCallsOfApplication(applicationId, entered === null);
  const start = useStartCall();
  const join = useJoinCall();
  const gateway = useGatewayStatus();

  if (entered)
    return (
      <ActiveCall
        entered={entered}
        phone={phone}
        onClose={() => {
          setEntered(null);
          onClose?.();
        }}
      />
    );
  if (calls.isPending) return <Skeleton variant="rounded" height={96} aria-label="Loading the video calls" />;
  if (calls.isError) return <LoadFailed what="The video calls" error={calls.error} retry={calls.refetch} />;

  const failure = start.error ?? join.error;
  const busy = start.isPending || join.isPending;
  const renderAction = (action: StaffAction) => {
    switch (action.kind) {
      case 'rejoin':
        return (
          <Button
            key="rejoin"
            variant="contained"
            disabled={busy}
            onClick={() => join.mutate(action.call.callId, { onSuccess: (j) => setEntered({ join: j }) })}
          >
            Rejoin video call
          </Button>
        );
      case 'supervise':
        return (
          <Stack key="supervise" spacing={0.5}>
            <Typography variant="body2">
              {action.call.startedBy.displayName} is on a video call with the applicant.
            </Typography>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => join.mutate(action.call.callId, { onSuccess: (j) => setEntered({ join: j }) })}
            >
              Join silently
            </Button>
          </Stack>
        );
      case 'start':
        return (
          <Stack key="start" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant={action.replaces ? 'outlined' : 'contained'}
              disabled={busy}
              onClick={() => start.mutate({ applicationId, record }, { onSuccess: (j) => setEntered({ join: j }) })}
            >
              {action.replaces ? 'Start a new video call' : 'Start video call'}
            </Button>
            <FormControlLabel
              control={<Switch checked={record} onChange={(e) => setRecord(e.target.checked)} />}
              label="Record the call"
            />
          </Stack>
        );
      case 'none':
        return (
          <Alert key="none" severity="info">
            Video calls need the AGENT or SUPERVISOR role.
          </Alert>
        );
    }
  };
  return (
    <Stack spacing={1.5} component="section" aria-label="Video call">
      {gateway.data?.reachable === false && <Alert severity="warning">{VIDEO_TEXTS.gatewayUnavailable}</Alert>}
      {failure && <Alert severity="error">The call could not be started or joined: {errorText(failure)}</Alert>}
      {staffActions(userId, roles, calls.data.calls).map(renderAction)}
    </Stack>
  );
}
