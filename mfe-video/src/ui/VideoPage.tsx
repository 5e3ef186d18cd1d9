// The Video menu page (remote.json 'video', AGENT and SUPERVISOR): the open calls this user may join, from
// GET openVideoCalls; the owning agent rejoins as a publisher, a supervisor joins as a silent subscriber.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText, formatBankDateTime } from '@originate/contract';
import { useState } from 'react';
import { useGatewayStatus, useJoinCall, useOpenCalls } from '../api/useVideoCalls';
import { joinLabel } from '../domain/callPlan';
import { ActiveCall, type EnteredCall } from './ActiveCall';
import { LoadFailed } from './LoadFailed';
import { VIDEO_TEXTS } from './texts';
import { useUser } from './useUser';

export function VideoPage() {
  const { userId } = useUser();
  const [entered, setEntered] = useState<EnteredCall | null>(null);
  const calls = useOpenCalls(entered === null);
  const join = useJoinCall();
  const gateway = useGatewayStatus();

  if (entered) return <ActiveCall entered={entered} onClose={() => setEntered(null)} />;

  return (
    <Stack spacing={2} component="section" aria-labelledby="video-title">
      <Typography id="video-title" variant="h5" component="h1">
        Video calls
      </Typography>
      {gateway.data?.reachable === false && <Alert severity="warning">{VIDEO_TEXTS.gatewayUnavailable}</Alert>}
      {join.isError && <Alert severity="error">The call could not be joined: {errorText(join.error)}</Alert>}
      {calls.isError && <LoadFailed what="The open calls" error={calls.error} retry={calls.refetch} />}
      {calls.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading the open calls" />}
      {calls.data && calls.data.calls.length === 0 && <Alert severity="info">{VIDEO_TEXTS.noOpenCalls}</Alert>}
      {calls.data && calls.data.calls.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Open video calls">
            <TableHead>
              <TableRow>
                <TableCell>Application</TableCell>
                <TableCell>Started by</TableCell>
                <TableCell>Started</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {calls.data.calls.map((call) => (
                <TableRow key={call.callId}>
                  <TableCell>{call.applicationId}</TableCell>
                  <TableCell>{call.startedBy.displayName}</TableCell>
                  <TableCell>{formatBankDateTime(call.createdAt)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      <Chip size="small" label={call.status === 'WAITING' ? 'Waiting' : 'Active'} />
                      {call.recording && (
                        <Chip size="small" color="error" variant="outlined" label={VIDEO_TEXTS.recording} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="contained"
                      disabled={join.isPending}
                      aria-label={`${joinLabel(call, userId)}: application ${call.applicationId}`}
                      onClick={() =>
                        join.mutate(call.callId, {
                          onSuccess: (answer) => setEntered({ join: answer }),
                        })
                      }
                    >
                      {joinLabel(call, userId)}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
