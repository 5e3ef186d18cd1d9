// One-to-one video calls (issue 21; README "Video calls"): validate, check who may, answer. The SQL and
// the files are in calls.ts, the gateway keys and tokens in keys.ts. Staff routes (also under /debugger)
// and the applicant's two portal routes (unprefixed, like the portal's others).
import { createReadStream } from 'node:fs';
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
import type { FastifyRequest } from 'fastify';
import { type AuthContext, caller, type PluginOptions } from '../../context';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { attachment } from '../../http/attachment';
import { canAccessApplication, findApplication, NOT_YOURS, toActor, toTaskAccess } from '../applications';
import { applicantOwns } from '../portal';
import { NO_ACCESS } from '../tasks';
import {
  type CallRecord,
  callAnswer,
  callsOfApplication,
  endCall,
  findCall,
  markActive,
  openCallOf,
  openCalls,
  recordingPath,
  recordingsOf,
  recordingsRoot,
  roomOf,
  startCall,
} from './calls';
import { gatewayInfo } from './gateway-socket';
import { gatewayKeysOf, signGatewayToken } from './keys';

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

  async function join(call: CallRecord, role: VideoJoinRole, display: string, owner: boolean): Promise<VideoJoin> {
    const { adminKey, tokenSecret } = await gatewayKeysOf(config);
    const fresh = (await findCall(db, call.callId)) ?? call;
    return {
      call: await callAnswer(root, fresh),
      room: roomOf(root, fresh, owner ? { adminKey } : undefined),
      role,
      display,
      gatewayToken: signGatewayToken(tokenSecret, ctx.now()),
    };
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
      const call = await startCall(db, { applicationId, record, userId: auth.user.userid, now: ctx.now() });
      request.log.info({ callId: call.callId, applicationId, room: call.roomId, record }, 'video call started');
      return join(call, 'publisher', auth.user.displayName, true);
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
      return owner
        ? join(call, 'publisher', auth.user.displayName, true)
        : join(call, 'subscriber', auth.user.displayName, false);
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
      if (!listed || root === null) throw notFound('Recording not found');
      return attachment(
        reply,
        createReadStream(recordingPath(root, call, listed.fileName)),
        listed.fileName,
        'application/octet-stream',
      );
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
  const { db, config } = ctx;
  const root = recordingsRoot(config);
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
      const { tokenSecret } = await gatewayKeysOf(config);
      const fresh = (await findCall(db, call.callId)) ?? call;
      return {
        call: await callAnswer(root, fresh),
        room: roomOf(root, fresh),
        role: 'publisher',
        display: APPLICANT_DISPLAY,
        gatewayToken: signGatewayToken(tokenSecret, ctx.now()),
      };
    },
  );
};
