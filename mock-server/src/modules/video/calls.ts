// Video calls (README "Video calls"): every SQL statement of the module, the room the server issues for a
// call, and the recordings Janus wrote for it. Routes decide who may; this file never answers a pin to
// anyone by itself: `roomOf` is called only for a join answer.

import { randomBytes, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  VIDEO_CODECS,
  VIDEO_MAX_PUBLISHERS,
  VIDEO_RECORDING_PATTERN,
  type VideoCall,
  type VideoCallStatus,
  type VideoRecording,
  type VideoRoom,
} from '@originate/contract';
import { type Config, IN_MEMORY_DATA_DIR } from '../../config';
import type { Db, Queryable } from '../../db';

/** A stored call, its room's secrets included (never answered as such). */
export interface CallRecord {
  callId: string;
  applicationId: string;
  roomId: number;
  pin: string;
  secret: string;
  status: VideoCallStatus;
  startedBy: { id: string; displayName: string };
  record: boolean;
  createdAt: string;
  endedAt: string | null;
}

interface CallRow extends Record<string, unknown> {
  call_id: string;
  application_id: string;
  room_id: string | number;
  pin: string;
  secret: string;
  status: VideoCallStatus;
  started_by: string;
  display_name: string;
  record: boolean;
  created_at: Date | string;
  ended_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toRecord = (row: CallRow): CallRecord => ({
  callId: row.call_id,
  applicationId: row.application_id,
  roomId: Number(row.room_id),
  pin: row.pin,
  secret: row.secret,
  status: row.status,
  startedBy: { id: row.started_by, displayName: row.display_name },
  record: row.record,
  createdAt: iso(row.created_at),
  endedAt: row.ended_at === null ? null : iso(row.ended_at),
});

const SELECT = `SELECT c.call_id::text AS call_id, c.application_id, c.room_id, c.pin, c.secret, c.status, c.started_by,
                       u.display_name, c.record, c.created_at, c.ended_at
                  FROM video_calls c JOIN users u ON u.userid = c.started_by`;

/** 128 random bits, url-safe (22 characters): a room's pin or secret. */
const secret128 = () => randomBytes(16).toString('base64url');

/** What the gateway needs of a call to close its room and its token. */
export type EndedCall = Pick<CallRecord, 'callId' | 'roomId' | 'secret'>;

/**
 * Starts a call on an application: the application's open call (if any) ends, a new room is issued (id from
 * the sequence, pin and secret from node:crypto), in one transaction. Answers the new call and the ended ones.
 */
export async function startCall(
  db: Db,
  input: { applicationId: string; record: boolean; userId: string; now: Date },
): Promise<{ call: CallRecord; ended: EndedCall[] }> {
  const callId = randomUUID();
  let ended: EndedCall[] = [];
  await db.transaction(async (tx) => {
    ended = await endOpenCalls(tx, input.applicationId, input.now);
    await tx.query(
      `INSERT INTO video_calls (call_id, application_id, pin, secret, status, started_by, record, created_at)
       VALUES ($1, $2, $3, $4, 'WAITING', $5, $6, $7)`,
      [callId, input.applicationId, secret128(), secret128(), input.userId, input.record, input.now],
    );
  });
  const call = await findCall(db, callId);
  if (!call) throw new Error(`video call ${callId} vanished after its insert`);
  return { call, ended };
}

async function endOpenCalls(tx: Queryable, applicationId: string, now: Date): Promise<EndedCall[]> {
  const rows = await tx.query<{ call_id: string; room_id: string | number; secret: string }>(
    `UPDATE video_calls SET status = 'ENDED', ended_at = $2 WHERE application_id = $1 AND status <> 'ENDED'
     RETURNING call_id::text AS call_id, room_id, secret`,
    [applicationId, now],
  );
  return rows.map((row) => ({ callId: row.call_id, roomId: Number(row.room_id), secret: row.secret }));
}

export async function findCall(db: Queryable, callId: string): Promise<CallRecord | null> {
  const [row] = await db.query<CallRow>(`${SELECT} WHERE c.call_id = $1::uuid`, [callId]);
  return row ? toRecord(row) : null;
}

/** An application's calls, newest first. */
export async function callsOfApplication(db: Queryable, applicationId: string): Promise<CallRecord[]> {
  const rows = await db.query<CallRow>(
    `${SELECT} WHERE c.application_id = $1 ORDER BY c.created_at DESC, c.room_id DESC`,
    [applicationId],
  );
  return rows.map(toRecord);
}

/** Every call not ended, newest first (at most one per application). */
export async function openCalls(db: Queryable): Promise<CallRecord[]> {
  const rows = await db.query<CallRow>(
    `${SELECT} WHERE c.status <> 'ENDED' ORDER BY c.created_at DESC, c.room_id DESC`,
  );
  return rows.map(toRecord);
}

/** The waiting or active call of an application, or null. */
export async function openCallOf(db: Queryable, applicationId: string): Promise<CallRecord | null> {
  const [row] = await db.query<CallRow>(`${SELECT} WHERE c.application_id = $1 AND c.status <> 'ENDED'`, [
    applicationId,
  ]);
  return row ? toRecord(row) : null;
}

/** Someone other than the agent joined: WAITING becomes ACTIVE. */
export async function markActive(db: Queryable, callId: string): Promise<void> {
  await db.query(`UPDATE video_calls SET status = 'ACTIVE' WHERE call_id = $1::uuid AND status = 'WAITING'`, [callId]);
}

/** Ends the call (an ended one stays as it was). */
export async function endCall(db: Queryable, callId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE video_calls SET status = 'ENDED', ended_at = $2 WHERE call_id = $1::uuid AND status <> 'ENDED'`,
    [callId, now],
  );
}

/** Where recordings live: <DATA_DIR>/recordings (the folder Janus writes to); none with an in-memory data dir. */
export function recordingsRoot(config: Pick<Config, 'dataDir'>): string | null {
  return config.dataDir === IN_MEMORY_DATA_DIR ? null : path.join(config.dataDir, 'recordings');
}

/**
 * The rec_dir of an application's rooms: <DATA_DIR>/recordings/<applicationId>/ (ids never hold a slash).
 * Only the server names it, when it creates the room (gateway-admin.ts).
 */
export function recordingDirectory(root: string, applicationId: string): string {
  if (applicationId === '.' || applicationId === '..') throw new Error(`no recording folder for '${applicationId}'`);
  return `${path.join(root, applicationId)}/`;
}

const RECORDING = new RegExp(VIDEO_RECORDING_PATTERN);

/** The files Janus wrote for the call's room in its application's folder, oldest first. */
export async function recordingsOf(root: string | null, call: CallRecord): Promise<VideoRecording[]> {
  if (root === null || !call.record || call.applicationId === '.' || call.applicationId === '..') return [];
  const dir = path.join(root, call.applicationId);
  let names: string[];
  try {
    // A link in place of the folder is no recording folder (its target could be anywhere).
    if (!(await lstat(dir)).isDirectory()) return [];
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const prefix = `videoroom-${call.roomId}-user-`;
  const found: VideoRecording[] = [];
  for (const fileName of names) {
    if (!fileName.startsWith(prefix) || !RECORDING.test(fileName)) continue;
    // lstat: a link named like a recording is not one (never listed, never served).
    const info = await lstat(path.join(dir, fileName)).catch(() => null);
    if (!info?.isFile()) continue;
    found.push({ fileName, bytes: info.size, createdAt: info.mtime.toISOString() });
  }
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.fileName.localeCompare(b.fileName));
}

/**
 * Opens one listed recording (the name must be one recordingsOf answers for the call) without following a
 * link anywhere: the final name with O_NOFOLLOW, and the opened file must be a plain file that is what the
 * link-free path below the real recordings folder names (same device and inode), so neither a link planted
 * in its place nor a folder swapped for a link lends the officer a file from elsewhere. Null otherwise.
 */
export async function openRecording(root: string, call: CallRecord, fileName: string): Promise<FileHandle | null> {
  const expected = path.join(await realpath(root), call.applicationId, fileName);
  let handle: FileHandle;
  try {
    handle = await open(expected, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ELOOP' || code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    const opened = await handle.stat();
    const real = await realpath(expected).catch(() => null);
    const named = real === expected ? await stat(real) : null;
    if (opened.isFile() && named && named.dev === opened.dev && named.ino === opened.ino) return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return null;
}

/** A call as lists answer it: no room, no pin. */
export async function callAnswer(root: string | null, call: CallRecord): Promise<VideoCall> {
  return {
    callId: call.callId,
    applicationId: call.applicationId,
    status: call.status,
    startedBy: call.startedBy,
    createdAt: call.createdAt,
    endedAt: call.endedAt,
    recording: call.record,
    recordings: await recordingsOf(root, call),
  };
}

/**
 * The room of a call for a join answer: id, name, pin, two publishers, recording, codecs. Never its secret,
 * the admin key or the recording folder: the server alone creates, edits and destroys rooms (gateway-admin.ts).
 */
export function roomOf(root: string | null, call: CallRecord): VideoRoom {
  return {
    id: call.roomId,
    name: `Video call ${call.applicationId}`,
    pin: call.pin,
    maximumPublishers: VIDEO_MAX_PUBLISHERS,
    recording: { enabled: call.record && root !== null },
    codecs: { audio: VIDEO_CODECS.audio, video: VIDEO_CODECS.video },
  };
}
