// One-to-one video calls, so staff can see and verify an applicant without a branch visit (README "Video
// calls"): validate, check who may, answer. The SQL and the files are in calls.ts, the gateway keys and tokens
// in keys.ts, rooms and tokens on the gateway in gateway-admin.ts. Staff routes (also under /debugger) and the
// applicant's two portal routes (unprefixed, like the portal's others).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, Roles, type VideoJoin, type VideoJoinRole } from '@originate/contract';
import {
  ERROR_ANSWERS,
  FileBytesAnswerSchema,
  JoinVideoAsApplicantBodySchema,
  StartVideoCallBodySchema,
  VideoCallParamsSchema,
  VideoCallSchema,
  VideoCallsAnswerSchema,
  VideoCallsQuerySchema,
  VideoGatewayStatusSchema,
  VideoInvitationSchema,
  VideoJoinSchema,
  VideoRecordingParamsSchema,
} from '@originate/contract/schemas';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { attachment } from '../../http/attachment';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import { type AppContext, type AuthContext, caller, type PluginOptions } from '../../platform/context';
import { canAccessApplication, findApplication, NO_ACCESS, NOT_YOURS, toActor, toTaskAccess } from '../applications';
import { applicantOwns } from '../portal';
import {
  type CallRecord,
  callAnswer,
  callsOfApplication,
  type EndedCall,
  endCall,
  findCall,
  markActive,
  openCallOf,
  openCalls,
  openRecording,
  recordingsOf,
  recordingsRoot,
  roomOf,
  startCall,
} from './calls';
import { closeCallOnGateway, GatewayUnreachable, openCallOnGateway } from './gateway-admin';
import { gatewayInfo } from './gateway-socket';
import { callGatewayToken, gatewayKeysOf } from './keys';

const NOT_AN_AGENT = 'Only an agent (role AGENT) starts video calls';
const NOT_CONFERENCE_STAFF = 'Only an agent or a supervisor (role AGENT or SUPERVISOR) sees video calls';
const NOT_IN_CALL = 'You may not join this video call';
const NOT_YOUR_CALL = 'Only the agent who started the call or a supervisor with access ends it';
const CALL_ENDED = 'This video call has ended';
const ONLY_APPLICANTS = 'Only the applicant joins here';
/** What the applicant shows the other side: no name (Janus lists a room's display names to any token holder). */
const APPLICANT_DISPLAY = 'Applicant';
/** How long a gateway probe's answer is reused (a page polling it asks Janus at most this often). */
const PROBE_REUSE_MS = 5000;

const hasRole = (auth: AuthContext, role: string) => auth.user.roles.includes(role);

/**
 * Opens the call on the gateway (its room and token: gateway-admin.ts). A gateway that cannot be reached does
 * not stop the join: the browser meets the same gateway and says it is unavailable; the next join opens it.
 */
async function openOnGateway(config: Config, log: FastifyBaseLogger, call: CallRecord, fresh: boolean) {
  try {
    await openCallOnGateway(config, call, fresh);
  } catch (error) {
    if (!(error instanceof GatewayUnreachable)) throw error;
    log.warn(
      { err: error, callId: call.callId },
      'video gateway unreachable: the call is opened there at the next join',
    );
  }
}

/**
 * A join answer (start, join, the applicant's join): the call opened on the gateway first (`fresh` when just
 * started), then the call as it now stands, its room (pin, never its secret) and the call's gateway token.
 */
async function joinAnswer(
  ctx: AppContext,
  log: FastifyBaseLogger,
  call: CallRecord,
  how: { role: VideoJoinRole; display: string; fresh: boolean },
): Promise<VideoJoin> {
  await openOnGateway(ctx.config, log, call, how.fresh);
  const { tokenSecret } = await gatewayKeysOf(ctx.config);
  const root = recordingsRoot(ctx.config);
  const current = (await findCall(ctx.db, call.callId)) ?? call;
  return {
    call: await callAnswer(root, current),
    room: roomOf(root, current),
    role: how.role,
    display: how.display,
    gatewayToken: callGatewayToken(tokenSecret, call.callId),
  };
}

/** Closes ended calls on the gateway; the call has ended whatever the gateway says (a failure is logged). */
async function closeOnGateway(config: Config, log: FastifyBaseLogger, calls: EndedCall[]) {
  for (const call of calls) {
    await closeCallOnGateway(config, call).catch((error: unknown) =>
      log.warn({ err: error, callId: call.callId }, 'video gateway: the ended call could not be closed there'),
    );
  }
}

export const videoRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const root = recordingsRoot(config);

  /** May this staff member open the application (the application detail's rule)? 404 when there is none. */
  async function mayAccess(auth: AuthContext, applicationId: string): Promise<boolean> {
    const found = await findApplication(db, applicationId);
    if (!found) throw notFound('Application not found');
    return canAccessApplication(toActor(auth.user), found.tasks.map(toTaskAccess));
  }

  async function callOrNotFound(callId: string): Promise<CallRecord> {
    const call = await findCall(db, callId);
    if (!call) throw notFound('Video call not found');
    return call;
  }

  app.post(
    API_PATHS.startVideoCall,
    { schema: { body: StartVideoCallBodySchema, response: { 200: VideoJoinSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const auth = caller(request);
      if (!hasRole(auth, Roles.AGENT)) throw forbidden(NOT_AN_AGENT);
      const { applicationId, record } = request.body;
      if (!(await mayAccess(auth, applicationId))) throw forbidden(NO_ACCESS);
      if (record && root === null) {
        throw invalid('record', 'cannot be honoured: this server keeps no files (DATA_DIR=memory://)');
      }
      const { call, ended } = await startCall(db, { applicationId, record, userId: auth.user.userid, now: ctx.now() });
      request.log.info({ callId: call.callId, applicationId, room: call.roomId, record }, 'video call started');
      await closeOnGateway(config, request.log, ended);
      return joinAnswer(ctx, request.log, call, { role: 'publisher', display: auth.user.displayName, fresh: true });
    },
  );

  app.get(
    API_PATHS.videoCallsOfApplication,
    { schema: { querystring: VideoCallsQuerySchema, response: { 200: VideoCallsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const auth = caller(request);
      const { applicationId } = request.query;
      if (!(await mayAccess(auth, applicationId))) throw forbidden(NO_ACCESS);
      const calls = await callsOfApplication(db, applicationId);
      return { calls: await Promise.all(calls.map((call) => callAnswer(root, call))) };
    },
  );

  app.get(
    API_PATHS.openVideoCalls,
    { schema: { response: { 200: VideoCallsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const auth = caller(request);
      if (!hasRole(auth, Roles.AGENT) && !hasRole(auth, Roles.SUPERVISOR)) throw forbidden(NOT_CONFERENCE_STAFF);
      const visible: CallRecord[] = [];
      for (const call of await openCalls(db)) {
        const own = call.startedBy.id === auth.user.userid;
        if (own || (await mayAccess(auth, call.applicationId).catch(() => false))) visible.push(call);
      }
      return { calls: await Promise.all(visible.map((call) => callAnswer(root, call))) };
    },
  );

  app.post(
    API_PATHS.joinVideoCall,
    { schema: { params: VideoCallParamsSchema, response: { 200: VideoJoinSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const auth = caller(request);
      const call = await callOrNotFound(request.params.callId);
      const owner = call.startedBy.id === auth.user.userid && hasRole(auth, Roles.AGENT);
      if (!owner) {
        const supervisor = hasRole(auth, Roles.SUPERVISOR) && (await mayAccess(auth, call.applicationId));
        if (!supervisor) throw forbidden(NOT_IN_CALL);
      }
      if (call.status === 'ENDED') throw conflict(CALL_ENDED);
      if (!owner) await markActive(db, call.callId);
      const role = owner ? 'publisher' : 'subscriber';
      return joinAnswer(ctx, request.log, call, { role, display: auth.user.displayName, fresh: false });
    },
  );

  app.post(
    API_PATHS.endVideoCall,
    { schema: { params: VideoCallParamsSchema, response: { 200: VideoCallSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const auth = caller(request);
      const call = await callOrNotFound(request.params.callId);
      const owner = call.startedBy.id === auth.user.userid && hasRole(auth, Roles.AGENT);
      if (!owner && !(hasRole(auth, Roles.SUPERVISOR) && (await mayAccess(auth, call.applicationId)))) {
        throw forbidden(NOT_YOUR_CALL);
      }
      await endCall(db, call.callId, ctx.now());
      await closeOnGateway(config, request.log, [call]);
      return callAnswer(root, (await findCall(db, call.callId)) ?? call);
    },
  );

  app.get(
    API_PATHS.videoRecording,
    { schema: { params: VideoRecordingParamsSchema, response: { 200: FileBytesAnswerSchema, ...ERROR_ANSWERS } } },
    async (request, reply) => {
      const auth = caller(request);
      const call = await callOrNotFound(request.params.callId);
      if (!(await mayAccess(auth, call.applicationId))) throw forbidden(NO_ACCESS);
      // Only a name the call's listing holds: never a path from the client.
      const listed = (await recordingsOf(root, call)).find((r) => r.fileName === request.params.fileName);
      const file = listed && root !== null ? await openRecording(root, call, listed.fileName) : null;
      if (!listed || !file) throw notFound('Recording not found');
      return attachment(reply, file.createReadStream(), listed.fileName, 'application/octet-stream');
    },
  );

  let probe: { at: number; answer: Promise<{ reachable: boolean; checkedAt: string; version: string | null }> } | null =
    null;
  app.get(
    API_PATHS.videoGatewayStatus,
    { schema: { response: { 200: VideoGatewayStatusSchema, ...ERROR_ANSWERS } } },
    async (request, reply) => {
      caller(request);
      const now = Date.now();
      if (!probe || now - probe.at > PROBE_REUSE_MS) {
        const checkedAt = ctx.now().toISOString();
        probe = {
          at: now,
          answer: gatewayInfo(config.videoGateway.url).then(
            (info) => ({
              reachable: true,
              checkedAt,
              version: typeof info.version_string === 'string' ? info.version_string : null,
            }),
            (error: unknown) => {
              ctx.log.warn({ err: error }, 'video gateway probe failed');
              return { reachable: false, checkedAt, version: null };
            },
          ),
        };
      }
      reply.header('cache-control', 'no-store');
      return probe.answer;
    },
  );
};

/** The applicant's side (README "Video calls"): unprefixed, applicant sessions only. */
export const portalVideoRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const applicantOf = (request: FastifyRequest) => {
    if (!request.applicant) throw forbidden(ONLY_APPLICANTS);
    return request.applicant;
  };

  app.get(
    API_PATHS.videoInvitation,
    { config: { applicant: true }, schema: { response: { 200: VideoInvitationSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const applicant = applicantOf(request);
      const call = await openCallOf(db, applicant.applicationId);
      return {
        call: call && {
          callId: call.callId,
          startedBy: { displayName: call.startedBy.displayName },
          createdAt: call.createdAt,
        },
      };
    },
  );

  app.post(
    API_PATHS.joinVideoAsApplicant,
    {
      config: { applicant: true },
      schema: { body: JoinVideoAsApplicantBodySchema, response: { 200: VideoJoinSchema, ...ERROR_ANSWERS } },
    },
    async (request): Promise<VideoJoin> => {
      const applicant = applicantOf(request);
      const call = await findCall(db, request.body.callId);
      if (!call) throw notFound('Video call not found');
      if (!(await applicantOwns(db, applicant, call.applicationId))) throw forbidden(NOT_YOURS);
      if (call.status === 'ENDED') throw conflict(CALL_ENDED);
      await markActive(db, call.callId);
      return joinAnswer(ctx, request.log, call, { role: 'publisher', display: APPLICANT_DISPLAY, fresh: false });
    },
  );
};
