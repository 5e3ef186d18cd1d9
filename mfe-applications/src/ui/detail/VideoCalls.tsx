// The application's video calls: the "Video call" action, which opens the video remote's call through
// the videoCall slot (staff start or join by their roles), and the list of the application's calls with their
// recordings, each downloaded through the web package's http client (the session's headers).
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBankDateTime, type User, type VideoCall } from '@originate/contract';
import { useSlot } from '@originate/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { detailApi } from '../../api/detail';
import { detailKeys } from '../../api/keys';
import { useVideoCalls } from '../../api/useDetail';
import { callsNewestFirst, canJoinVideoCall, recordingSize, VIDEO_STATUS_LABELS } from '../../domain/video';
import { saveDownload } from './download';

/**
 * "Video call" for AGENT and SUPERVISOR while a remote fills the videoCall slot: a full-width dialog with the
 * call; closing it (or leaving the call) refreshes the list of calls.
 */
export function VideoCallAction({ applicationId, user }: { applicationId: string; user: User }) {
  const VideoCallSlot = useSlot('videoCall');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!VideoCallSlot || !canJoinVideoCall(user)) return null;
  const close = () => {
    setOpen(false);
    void client.invalidateQueries({ queryKey: detailKeys.videoCalls(applicationId) });
  };
  return (
    <>
      <Button startIcon={<VideocamOutlined />} onClick={() => setOpen(true)}>
        Video call
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="lg" aria-labelledby="video-call-title">
        <DialogTitle id="video-call-title">Video call: application {applicationId}</DialogTitle>
        <DialogContent dividers>
          {open && <VideoCallSlot applicationId={applicationId} joinAs="staff" onClose={close} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CallItem({ call }: { call: VideoCall }) {
  const ended = call.endedAt ? `, ended ${formatBankDateTime(call.endedAt)}` : '';
  return (
    <ListItem divider alignItems="flex-start" sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ListItemText
          sx={{ flex: 1, minWidth: 0, m: 0 }}
          primary={`Started by ${call.startedBy.displayName}`}
          secondary={`${formatBankDateTime(call.createdAt)}${ended}`}
        />
        <Chip
          size="small"
          label={VIDEO_STATUS_LABELS[call.status]}
          color={call.status === 'ENDED' ? 'default' : 'primary'}
          variant={call.status === 'ACTIVE' ? 'filled' : 'outlined'}
        />
      </Stack>
      {call.recordings.length > 0 ? (
        <List dense disablePadding aria-label={`Recordings of the call started ${formatBankDateTime(call.createdAt)}`}>
          {call.recordings.map((r) => (
            <ListItem
              key={r.fileName}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<DownloadOutlined />}
                  aria-label={`Download ${r.fileName}`}
                  onClick={() =>
                    void saveDownload(() => detailApi.downloadRecording(call.callId, r.fileName), r.fileName)
                  }
                >
                  Download
                </Button>
              }
            >
              <ListItemText
                primary={r.fileName}
                secondary={recordingSize(r.bytes)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 12 } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {call.recording ? 'No recording yet.' : 'Not recorded.'}
        </Typography>
      )}
    </ListItem>
  );
}

/** Every video call of the application, newest first, with its recordings. */
export function VideoCallsSection({ applicationId }: { applicationId: string }) {
  const calls = useVideoCalls(applicationId);
  return (
    <Paper component="section" aria-labelledby="video-calls-title" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography id="video-calls-title" variant="h6" component="h2" gutterBottom>
        Video calls
      </Typography>
      {calls.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void calls.refetch()}>
              Retry
            </Button>
          }
        >
          The video calls could not be loaded.
        </Alert>
      ) : calls.isPending ? (
        <Typography color="text.secondary">Loading the video calls…</Typography>
      ) : calls.data.length === 0 ? (
        <Typography color="text.secondary">No video calls for this application yet.</Typography>
      ) : (
        <List disablePadding>
          {callsNewestFirst(calls.data).map((call) => (
            <CallItem key={call.callId} call={call} />
          ))}
        </List>
      )}
    </Paper>
  );
}
