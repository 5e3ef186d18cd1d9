// What every route plugin and the socket layer share, passed explicitly as plugin options. The platform
// imports no module: it declares the shapes it carries (the caller, the file store), which the modules
// fill in (the auth gate sets the caller, modules/users reads the user, modules/documents keeps the files).
import type { Readable } from 'node:stream';
import type { LifecycleEvent, TeamDetail, User } from '@originate/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import type { DocumentWork } from './document-work';
import type { DrainState } from './drain';
import type { Hub } from './hub';
import type { RedisLink } from './redis';

/** A staff user with their teams, as modules/users reads them. */
export interface UserRecord extends User {
  email: string | null;
  teamDetails: TeamDetail[];
  selectedTeams: string[];
}

/** A staff user's session (modules/auth). */
export interface ActiveSession {
  sessionId: string;
  userId: string;
  xsrfToken: string;
}

/** A session scoped to one application (README "Applicant sessions"): no user behind it. */
export interface ApplicantSession {
  sessionId: string;
  applicationId: string;
  xsrfToken: string;
  /** The e-mail the applicant proved with a sign-in code (README "Applicant portal"), else null. */
  email: string | null;
  /** When the session ends, refreshed or not (README "Applicant sessions"). */
  endsAt: Date;
}

/** Bytes held in a temporary place, hashed, until a transaction keeps them under their hash or they are discarded. */
export interface Received {
  hash: string;
  size: number;
  /** The first bytes (the signature check). */
  head: Buffer;
  /** The stream was cut at the size limit. */
  truncated: boolean;
  /** The whole content is UTF-8 without NUL (what text types must be). */
  text: boolean;
  /** Forgets the temporary bytes; a no-op once kept. */
  discard(): Promise<void>;
}

/** What the uploads folder holds besides blobs (start-up reconciliation, README "File storage"). */
export interface StoreScan {
  blobs: string[];
  /** Files named by a document or version id: the layout before content addressing. */
  legacy: string[];
  /** Blobs set aside by a transaction that removed them: unlinked after its commit, restored on failure. */
  trash: { name: string; hash: string }[];
}

/**
 * Content-addressed bytes (modules/documents/files.ts implements it): each blob is stored once under its
 * sha-256, whatever number of documents and versions name it (blobs.ref_count, modules/documents/blobs.ts).
 * Whoever creates or deletes a blob's file holds its `blobs` row lock; writing a blob's bytes under its
 * name is always safe (they are the same bytes), only deleting needs that lock.
 */
export interface FileStore {
  /** The most logical bytes (live documents and their versions) one application may hold. */
  readonly quotaBytes: number;
  /** Streams into a temporary place, hashing and checking the text as it goes. */
  receive(stream: Readable & { truncated?: boolean }): Promise<Received>;
  /** Bytes already in memory (generated PDFs, signatures, merges), held like a received stream. */
  hold(data: Buffer): Promise<Received>;
  /** Makes the held bytes the blob of their hash unless it is there; true when this call created it. */
  keep(received: Received): Promise<boolean>;
  read(hash: string): Promise<Buffer | null>;
  /** Sets the blob's file aside under a trash name (null when there is none). */
  trash(hash: string): Promise<string | null>;
  /** Puts a trashed blob back (after a transaction that removed it failed). */
  restore(trashName: string, hash: string): Promise<void>;
  purge(trashName: string): Promise<void>;
  /** Deletes a blob's file (only by the transaction that created it and still holds its row lock). */
  remove(hash: string): Promise<void>;
  scan(): Promise<StoreScan>;
  /** Removes temporary files older than any request can take (left by a killed process). */
  sweepPartials(): Promise<void>;
  /** A legacy file's bytes held like a received stream (hard-linked, not copied); null when it is gone. */
  holdLegacy(fileId: string): Promise<Received | null>;
  removeLegacy(fileId: string): Promise<void>;
}

/**
 * Sends what a lifecycle event of an application sends (modules/templates fills it in: every current EMAIL and
 * SMS template naming the event, to the applicant), in the transaction of the change that is the event. A
 * context hook because modules/tasks, which approves and rejects, stands below modules/templates.
 */
export type LifecycleAnnouncer = (
  tx: Queryable,
  applicationId: string,
  event: LifecycleEvent,
  now: Date,
) => Promise<void>;

export interface AppContext {
  db: Db;
  config: Config;
  hub: Hub;
  /** The clock; tests move it to expire tokens without waiting. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** Uploaded files (disk under DATA_DIR/uploads, or memory). */
  files: FileStore;
  /** The captcha challenges' HMAC key (config, else per database). */
  captchaKey: string;
  /** The worker pool document merges run in, off the event loop (closed with the app). */
  documentWork: DocumentWork;
  /** Redis, when REDIS_URL is set (README "Scale-out"); readiness pings it. */
  redis?: RedisLink;
  /** Whether the process drains (README "Health and drain"): readiness and socket.io read it. */
  drain: DrainState;
  /** The lifecycle event's messages, in the caller's transaction (modules/templates). */
  announceLifecycle: LifecycleAnnouncer;
}

export interface PluginOptions {
  ctx: AppContext;
}

export interface AuthContext {
  session: ActiveSession;
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A staff caller (a user's session). */
    auth: AuthContext | null;
    /** An applicant caller (a session scoped to one application); never set together with auth. */
    applicant: ApplicantSession | null;
  }
  interface FastifyContextConfig {
    /** No access token needed (login, refresh-token, forget-password, Environment/Domain). */
    public?: boolean;
    /** A valid session is enough: no portal-app check (the auth session routes). */
    sessionOnly?: boolean;
    /** An applicant session may call it too (README "Applicant sessions"); every other route refuses one with 403. */
    applicant?: boolean;
    /** The body's `token` must be a live /tokenApi/getToken token of the staff caller (the auth gate checks it). */
    shortToken?: boolean;
  }
}

/** The authenticated caller; routes that are not public always have one (the auth hook ran). */
export function caller(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route reached without authentication');
  return request.auth;
}

/** The session of whoever called: staff or applicant (the routes both may call). */
export function callerSession(request: {
  auth: AuthContext | null;
  applicant: ApplicantSession | null;
}): ActiveSession | ApplicantSession {
  const session = request.auth?.session ?? request.applicant;
  if (!session) throw new Error('route reached without authentication');
  return session;
}
