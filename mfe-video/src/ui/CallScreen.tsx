// The call screen: the other side's video with their name, mute states and bitrate; our own preview (muted);
// microphone and camera toggles; slow-link and connection notices; the chat; Leave (and End call for the agent
// who owns it). Phone-sized when `phone` is set or the screen is narrow.
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import type { VideoJoin } from '@originate/contract';
import { bitrateText } from '../domain/callPlan';
import type { MediaProblem, RoomPhase, VideoStream } from '../domain/videoRoomReducer';
import { ChatPanel } from './ChatPanel';
import { MediaVideo } from './MediaVideo';
import { gatewayErrorText, VIDEO_TEXTS } from './texts';
import { type EntryState, useCallSession } from './useCallSession';

export interface CallScreenProps {
  join: VideoJoin;
  phone?: boolean;
  /** After Leave, or once the call is over for this user. */
  onClose: () => void;
  /** The owning agent ends the call for everyone (the server ends it and destroys the room on the gateway). */
  onEnd?: () => Promise<unknown>;
}

export function CallScreen({ join, phone = false, onClose, onEnd }: CallScreenProps) {
  const { service, state, entry, notice, retry } = useCallSession(join);
  const local = state.streams.find((s) => s.type === 'local') ?? null;
  const remotes = state.streams.filter((s) => s.type === 'remote');
  const publisher = join.role === 'publisher';
  const over = state.phase === 'destroyed' || state.phase === 'left';

  const leave = () => {
    void service.leave().finally(onClose);
  };
  const end = onEnd
    ? () => {
        void onEnd()
          .catch(() => undefined)
          .finally(() => void service.leave().finally(onClose));
      }
    : undefined;

  return (
    <Stack spacing={1.5} component="section" aria-label="Video call" sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant={phone ? 'subtitle1' : 'h6'} component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {join.room.name}
        </Typography>
        {join.room.recording.enabled && <Chip size="small" color="error" label={VIDEO_TEXTS.recording} />}
        {state.slowLink.local !== null && (
          <Chip size="small" color="warning" role="status" label={VIDEO_TEXTS.slowLocal} />
        )}
        {state.slowLink.remote !== null && (
          <Chip size="small" color="warning" role="status" label={VIDEO_TEXTS.slowRemote} />
        )}
      </Stack>

      <CallNotices
        entry={entry}
        phase={state.phase}
        connectionFailed={state.connectionFailed}
        mediaProblem={state.mediaProblem}
        onRetry={retry}
        onReconnect={() => void service.reconnect().catch(() => undefined)}
        onRepublish={() => void service.republish()}
      />
      {!publisher && entry.kind === 'in' && <Alert severity="info">{VIDEO_TEXTS.silentSupervisor}</Alert>}
      {notice && (
        <Typography variant="body2" role="status" color="text.secondary">
          {notice}
        </Typography>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: phone ? '1fr' : { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
        }}
      >
        <Box
          sx={{
            position: 'relative',
            display: 'grid',
            gap: 1,
            gridTemplateColumns: remotes.length > 1 && !phone ? '1fr 1fr' : '1fr',
          }}
        >
          {remotes.length === 0 && (
            <Paper
              variant="outlined"
              sx={{
                aspectRatio: phone ? '3 / 4' : '16 / 9',
                maxHeight: phone ? undefined : '50vh',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'grey.100',
              }}
            >
              <Typography color="text.secondary">
                {entry.kind === 'in' && !over ? VIDEO_TEXTS.waitingForOther : ' '}
              </Typography>
            </Paper>
          )}
          {remotes.map((stream) => (
            <RemoteTile key={stream.key} stream={stream} media={service.mediaOf(stream.key)} phone={phone} />
          ))}
          {publisher && local && (
            <Box
              sx={{
                position: 'absolute',
                right: 8,
                bottom: 8,
                width: phone ? '32%' : '24%',
                minWidth: 96,
                aspectRatio: '4 / 3',
                borderRadius: 1,
                overflow: 'hidden',
                boxShadow: 3,
              }}
            >
              <MediaVideo stream={service.mediaOf('local')} muted label="Your camera" />
            </Box>
          )}
        </Box>
        <ChatPanel
          messages={state.messages}
          canSend={publisher && state.publishing === 'yes'}
          onSend={(text) => service.sendMessage(text)}
          compact={phone}
        />
      </Box>

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        {publisher && local && (
          <>
            <ToggleButton
              value="audio"
              size="small"
              selected={local.muted.audio}
              aria-label={local.muted.audio ? 'Unmute microphone' : 'Mute microphone'}
              onChange={() => void service.configure({ audioMuted: !local.muted.audio })}
            >
              {local.muted.audio ? <MicOffIcon /> : <MicIcon />}
            </ToggleButton>
            <ToggleButton
              value="video"
              size="small"
              selected={local.muted.video}
              aria-label={local.muted.video ? 'Turn camera on' : 'Turn camera off'}
              onChange={() => void service.configure({ videoMuted: !local.muted.video })}
            >
              {local.muted.video ? <VideocamOffIcon /> : <VideocamIcon />}
            </ToggleButton>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        {end && !over && (
          <Button color="error" variant="outlined" onClick={end}>
            End call
          </Button>
        )}
        <Button color="error" variant="contained" onClick={leave}>
          {over ? 'Close' : 'Leave'}
        </Button>
      </Stack>
    </Stack>
  );
}

function RemoteTile({ stream, media, phone }: { stream: VideoStream; media: MediaStream | null; phone: boolean }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        aspectRatio: phone ? '3 / 4' : '16 / 9',
        // In a dialog on a laptop the controls and the chat stay in view under the picture.
        maxHeight: phone ? undefined : '50vh',
        bgcolor: 'grey.900',
      }}
    >
      <MediaVideo stream={media} muted={false} label={`Video of ${stream.displayName}`} />
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ position: 'absolute', left: 8, top: 8, right: 8, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Chip size="small" label={stream.displayName} sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'common.white' }} />
        {stream.muted.audio && (
          <Chip
            size="small"
            icon={<MicOffIcon />}
            label="Muted"
            sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'common.white' }}
          />
        )}
        {stream.muted.video && (
          <Chip
            size="small"
            icon={<VideocamOffIcon />}
            label="Camera off"
            sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'common.white' }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        <Chip
          size="small"
          aria-label={`Bitrate of ${stream.displayName}`}
          label={bitrateText(stream.bitrate)}
          sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'common.white' }}
        />
      </Stack>
    </Paper>
  );
}

function CallNotices({
  entry,
  phase,
  connectionFailed,
  mediaProblem,
  onRetry,
  onReconnect,
  onRepublish,
}: {
  entry: EntryState;
  phase: RoomPhase;
  connectionFailed: boolean;
  mediaProblem: MediaProblem | null;
  onRetry: () => void;
  onReconnect: () => void;
  onRepublish: () => void;
}) {
  const action = (label: string, onClick: () => void) => (
    <Button color="inherit" size="small" onClick={onClick}>
      {label}
    </Button>
  );
  if (phase === 'unavailable')
    return (
      <Alert severity="warning" action={action(VIDEO_TEXTS.retry, onRetry)}>
        {VIDEO_TEXTS.gatewayUnavailable}
      </Alert>
    );
  if (phase === 'destroyed') return <Alert severity="info">{VIDEO_TEXTS.roomDestroyed}</Alert>;
  if (entry.kind === 'failed')
    return (
      <Alert severity="error" action={action(VIDEO_TEXTS.retry, onRetry)}>
        {VIDEO_TEXTS.joinRejected}: {gatewayErrorText(entry.error)}
      </Alert>
    );
  if (entry.kind === 'entering')
    return (
      <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={18} aria-hidden />
        <Typography variant="body2">{VIDEO_TEXTS.entering}</Typography>
      </Stack>
    );
  if (connectionFailed)
    return (
      <Alert severity="error" action={action(VIDEO_TEXTS.reconnect, onReconnect)}>
        {VIDEO_TEXTS.connectionFailed}
      </Alert>
    );
  if (mediaProblem)
    return (
      <Alert severity="warning" action={action(VIDEO_TEXTS.retry, onRepublish)}>
        {mediaProblem === 'permissionDenied'
          ? VIDEO_TEXTS.cameraDenied
          : mediaProblem === 'noDevice'
            ? VIDEO_TEXTS.cameraMissing
            : VIDEO_TEXTS.cameraFailed}
      </Alert>
    );
  return null;
}
