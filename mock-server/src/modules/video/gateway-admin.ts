// The API's own connection to the video gateway (README "Video calls"): Janus's Admin API on the websockets
// transport's unix socket <DATA_DIR>/janus/admin.sock (in the keys' 0700 folder, never on a network port),
// with the install's admin_secret. Only here are rooms created and destroyed (the recording folder is the
// server's choice) and a call's gateway token added (while the call is open) and removed (when it ends).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { VIDEO_CODECS, VIDEO_MAX_PUBLISHERS, VIDEO_ROOM_CREATE_OPTIONS } from '@originate/contract';
import { type Config, IN_MEMORY_DATA_DIR } from '../../config';
import { type CallRecord, type EndedCall, recordingDirectory, recordingsRoot } from './calls';
import { type GatewaySocket, openAdminSocket } from './gateway-socket';
import { adminSecretOf, callGatewayToken, gatewayKeysOf } from './keys';

type GatewayConfig = Pick<Config, 'dataDir' | 'videoGateway'>;
type Answer = Record<string, unknown>;

const VIDEOROOM = 'janus.plugin.videoroom';
/** Janus videoroom error codes the server expects: no such room (a destroy after a gateway restart). */
const NO_SUCH_ROOM = 426;
/** The longest path a unix socket may have (sun_path, Linux). */
const MAX_SOCKET_PATH = 107;

/** The gateway's admin socket cannot be reached (not started, or no data dir): joins go on without it. */
export class GatewayUnreachable extends Error {}

/** A refusal by Janus (`error.code`) or its videoroom plugin (`error_code`). */
class GatewayRefusal extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`the video gateway refused: ${code} ${reason}`);
  }
}

/** Where the Admin API listens (deploy/scripts/janus-config.mjs writes it into the gateway's configuration). */
function adminSocketPath(dataDir: string): string {
  const socketPath = path.join(dataDir, 'janus', 'admin.sock');
  if (socketPath.length > MAX_SOCKET_PATH) throw new Error(`${socketPath}: too long for a unix socket`);
  return socketPath;
}

/** One Admin API conversation: `ask` sends a request with the admin_secret and answers Janus's reply. */
async function withAdmin<T>(config: GatewayConfig, work: (ask: (body: Answer) => Promise<Answer>) => Promise<T>) {
  if (config.dataDir === IN_MEMORY_DATA_DIR) throw new GatewayUnreachable('no gateway with DATA_DIR=memory://');
  const adminSecret = adminSecretOf((await gatewayKeysOf(config)).tokenSecret);
  let socket: GatewaySocket;
  try {
    socket = await openAdminSocket(adminSocketPath(config.dataDir));
  } catch (error) {
    throw new GatewayUnreachable((error as Error).message);
  }
  const ask = async (body: Answer): Promise<Answer> => {
    const transaction = randomBytes(8).toString('hex');
    socket.send({ ...body, transaction, admin_secret: adminSecret });
    for (;;) {
      const answer = await socket.next();
      if (answer.transaction !== transaction) continue;
      const error = answer.error as { code?: number; reason?: string } | undefined;
      if (answer.janus === 'error') throw new GatewayRefusal(Number(error?.code), String(error?.reason));
      return answer;
    }
  };
  try {
    return await work(ask);
  } finally {
    socket.close();
  }
}

/** A synchronous videoroom request through the Admin API (message_plugin): the plugin's answer. */
async function videoroom(ask: (body: Answer) => Promise<Answer>, request: Answer): Promise<Answer> {
  const answer = (await ask({ janus: 'message_plugin', plugin: VIDEOROOM, request })).response as Answer;
  if (answer?.error_code !== undefined) throw new GatewayRefusal(Number(answer.error_code), String(answer.error));
  return answer;
}

/**
 * Opens a call on the gateway and answers its token: the token added (videoroom only), the room created when
 * missing (`fresh`, a call just started: spec §4, a room of that id is destroyed first) as the server says:
 * permanent, private, two publishers, pin, secret, recording state locked to the secret, rec_dir the
 * application's folder below <DATA_DIR>/recordings when it records. Also after a gateway restart (which
 * forgets tokens and rooms), so every join calls it.
 */
export async function openCallOnGateway(config: GatewayConfig, call: CallRecord, fresh: boolean): Promise<string> {
  const { adminKey, tokenSecret } = await gatewayKeysOf(config);
  const token = callGatewayToken(tokenSecret, call.callId);
  const root = recordingsRoot(config);
  const recDir = call.record && root !== null ? recordingDirectory(root, call.applicationId) : null;
  await withAdmin(config, async (ask) => {
    await ask({ janus: 'add_token', token, plugins: [VIDEOROOM] });
    const exists = (await videoroom(ask, { request: 'exists', room: call.roomId })).exists === true;
    if (exists && !fresh) return;
    if (exists) await videoroom(ask, { request: 'destroy', room: call.roomId, secret: call.secret, permanent: true });
    await videoroom(ask, {
      request: 'create',
      room: call.roomId,
      ...VIDEO_ROOM_CREATE_OPTIONS,
      admin_key: adminKey,
      description: `Video call ${call.applicationId}`,
      pin: call.pin,
      secret: call.secret,
      publishers: VIDEO_MAX_PUBLISHERS,
      record: recDir !== null,
      ...(recDir !== null && { rec_dir: recDir }),
      audiocodec: VIDEO_CODECS.audio,
      videocodec: VIDEO_CODECS.video,
    });
  });
  return token;
}

/**
 * Closes an ended call on the gateway: its token removed (every request of a session holding it is refused
 * from now on, keepalives too, so its sessions time out) and its room destroyed (everyone in it is told
 * `destroyed` and its media stops). A token or room the gateway no longer knows (it restarted) is fine.
 */
export async function closeCallOnGateway(config: GatewayConfig, call: EndedCall): Promise<void> {
  const token = callGatewayToken((await gatewayKeysOf(config)).tokenSecret, call.callId);
  await withAdmin(config, async (ask) => {
    await ask({ janus: 'remove_token', token }).catch((error: unknown) => {
      if (!(error instanceof GatewayRefusal)) throw error;
    });
    await videoroom(ask, { request: 'destroy', room: call.roomId, secret: call.secret, permanent: true }).catch(
      (error: unknown) => {
        if (!(error instanceof GatewayRefusal) || error.code !== NO_SUCH_ROOM) throw error;
      },
    );
  });
}
