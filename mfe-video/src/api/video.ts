// Every HTTP call of the video remote, through the web package's one http client and API_PATHS (mock-server
// modules/video). The server issues the calls, their rooms and pins, and who may enter; the media itself goes
// through the gateway (janusGateway.ts). Join answers are checked against the contract: the screen trusts
// their room.
import {
  API_PATHS,
  apiPath,
  type StartVideoCallBody,
  type VideoCall,
  type VideoCalls,
  type VideoGatewayStatus,
  type VideoInvitation,
  type VideoJoin,
} from '@originate/contract';
import { parseWithSchema, VideoJoinSchema } from '@originate/contract/schemas';
import { api } from '@originate/web';

const checkedJoin = (body: unknown): VideoJoin => parseWithSchema(VideoJoinSchema, body, 'video join answer');

/** GET: the open calls an AGENT or SUPERVISOR may join (the Video menu page). */
export function fetchOpenCalls(): Promise<VideoCalls> {
  return api.get<VideoCalls>(API_PATHS.openVideoCalls);
}

/** GET ?applicationId=: one application's calls, newest first. */
export function fetchCallsOfApplication(applicationId: string): Promise<VideoCalls> {
  return api.get<VideoCalls>(API_PATHS.videoCallsOfApplication, { searchParams: { applicationId } });
}

/** POST (AGENT): starts a call on the application (its open one ends) and answers how to enter the new room. */
export function startCall(body: StartVideoCallBody): Promise<VideoJoin> {
  return api.post<unknown>(API_PATHS.startVideoCall, body).then(checkedJoin);
}

/** POST, no body (the route takes none): the owning agent rejoins (publisher) or a supervisor joins (subscriber). */
export function joinCall(callId: string): Promise<VideoJoin> {
  return api.post<unknown>(apiPath('joinVideoCall', { callId })).then(checkedJoin);
}

/** POST, no body (owning AGENT): ends the call. */
export function endCall(callId: string): Promise<VideoCall> {
  return api.post<VideoCall>(apiPath('endVideoCall', { callId }));
}

/** GET: whether the server reaches the gateway (information only: the browser's own connection decides). */
export function fetchGatewayStatus(): Promise<VideoGatewayStatus> {
  return api.get<VideoGatewayStatus>(API_PATHS.videoGatewayStatus);
}

/** GET (applicant): the waiting or active call on the session's application, or none. */
export function fetchInvitation(): Promise<VideoInvitation> {
  return api.get<VideoInvitation>(API_PATHS.videoInvitation);
}

/** POST (applicant): joins the invitation's call as the second publisher. */
export function joinAsApplicant(callId: string): Promise<VideoJoin> {
  return api.post<unknown>(API_PATHS.joinVideoAsApplicant, { callId }).then(checkedJoin);
}
