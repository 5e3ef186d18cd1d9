// Live lead lists: the /leads namespace of socket.io (contract LEADS_NAMESPACE). Same handshake as the
// applications namespace (access token and session id, portal app), for staff who work leads only. A
// change goes as ids only, and only to the sockets of those who may see the lead (contract
// leadViewRefusal): its owners before and after, its branch team, and those who see every lead. Each
// socket joins those rooms at connection, so with the Redis adapter the emit reaches every server.
import { LEADS_NAMESPACE, type LeadChangedPayload, LeadEvents, leadsEverywhere, worksLeads } from '@originate/contract';
import type { Server } from 'socket.io';
import type { AppContext } from '../platform/context';
import type { LeadChange } from '../platform/hub';
import { socketAuthenticator } from './handshake';
import { sessionRoom, userRoom } from './rooms';

const teamRoom = (teamId: string) => `lead-team:${teamId}`;
/** Admins and holders of an allTeams branch team: every lead. */
const EVERY_LEAD_ROOM = 'lead-all';

/** Attaches the namespace to the server; the returned function detaches it from the hub. */
export function attachLeadSockets(io: Server, ctx: AppContext): () => void {
  const namespace = io.of(LEADS_NAMESPACE);
  namespace.use(
    socketAuthenticator(ctx, (user, session) => {
      if (!worksLeads(user)) return { refused: 'Forbidden' };
      const everything = leadsEverywhere(user) || user.teams.some((t) => t.type === 'HIERARCHY' && t.allTeams);
      const rooms = [
        sessionRoom(session.sessionId),
        userRoom(user.userid),
        ...(everything
          ? [EVERY_LEAD_ROOM]
          : user.teams.filter((t) => t.type === 'HIERARCHY').map((t) => teamRoom(t.id))),
      ];
      return { data: { rooms } };
    }),
  );
  namespace.on('connection', (socket) => socket.join((socket.data as { rooms: string[] }).rooms));
  const onChanged = (change: LeadChange) => {
    const payload: LeadChangedPayload = { lead_id: change.leadId, mod_time: change.modTime.toISOString() };
    // One emit to the union of the rooms: a socket in several of them gets it once.
    namespace
      .to([EVERY_LEAD_ROOM, teamRoom(change.teamId), ...change.ownerIds.map(userRoom)])
      .emit(LeadEvents.LEAD_CHANGED, payload);
  };
  const onSessionEnded = (sessionId: string) => {
    namespace.in(sessionRoom(sessionId)).disconnectSockets(true);
  };
  ctx.hub.on('leadChanged', onChanged);
  ctx.hub.on('sessionEnded', onSessionEnded);
  return () => {
    ctx.hub.off('leadChanged', onChanged);
    ctx.hub.off('sessionEnded', onSessionEnded);
  };
}
