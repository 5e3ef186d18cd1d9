// Every sentence the video screens say, in one place (the tests assert them exactly).
export const VIDEO_TEXTS = {
  /** The gateway does not answer (the rest of the page keeps working). */
  gatewayUnavailable: 'The video service is unavailable right now.',
  connectionFailed: 'The connection to the call was lost.',
  reconnect: 'Reconnect',
  retry: 'Try again',
  cameraDenied:
    'Camera and microphone access was refused. Allow them for this site in the browser (the camera icon in the address bar), then try again.',
  cameraMissing: 'No camera or microphone was found, or another application is using them.',
  cameraFailed: 'The camera and microphone could not be started.',
  joinRejected: 'The call could not be joined',
  roomDestroyed: 'The call has ended.',
  kicked: 'You were removed from the call.',
  leftCall: 'You left the call.',
  entering: 'Connecting to the call…',
  waitingForOther: 'Waiting for the other side to join…',
  silentSupervisor: 'Silent supervisor: you see and hear the call; nobody sees or hears you.',
  noOpenCalls: 'No open video calls right now.',
  noInvitation: 'No video call is waiting for you right now.',
  recording: 'Recording',
  slowLocal: 'Slow connection on your side',
  slowRemote: 'Slow connection on the other side',
} as const;

/** The error a failed join or room operation shows: the gateway's reason with its code. */
export function gatewayErrorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'reason' in error) {
    const e = error as { code: number | null; reason: string };
    return e.code === null ? e.reason : `${e.reason} (${e.code})`;
  }
  return error instanceof Error ? error.message : String(error);
}
