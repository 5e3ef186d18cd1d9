// What the applicant typed, kept on the device (IndexedDB through idb-keyval) so a network failure, a
// closed tab or a crash loses nothing. One record per application: keyed by the application id once the
// server gave one, before that by the product ('new:<product>').
import type { FormValues, JointApplicant } from '@originate/contract';
import { createStore, del, get, set } from 'idb-keyval';

export interface DraftRecord {
  productCode: string;
  applicationId?: string;
  /** The transaction token of the resume link: lets this device get a new applicant session. */
  resumeToken?: string;
  customFields: FormValues;
  jointApplicants: JointApplicant[];
  section_id?: string;
  sub_section_id?: string;
  jointIndex?: number;
  /** The server's mod_time of the last save this device saw. */
  serverModTime?: string;
  /** Epoch ms of the last change typed here. */
  updatedAt: number;
  /** Changes not yet accepted by the server. */
  unsynced: boolean;
}

/** The three idb-keyval calls the draft store needs: injectable so unit tests run without IndexedDB. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

const DRAFT_DB = 'originate-customer-flow';
const DRAFT_STORE = 'drafts';

export function indexedDbStore(): KeyValueStore {
  const store = createStore(DRAFT_DB, DRAFT_STORE);
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

export const draftKey = (productCode: string, applicationId?: string): string =>
  applicationId ? `app:${applicationId}` : `new:${productCode}`;
/** The application this device last worked on for a product: where /newapplication?product= continues. */
const latestKey = (productCode: string) => `latest:${productCode}`;

function isDraft(value: unknown): value is DraftRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<DraftRecord>;
  return (
    typeof v.productCode === 'string' &&
    typeof v.updatedAt === 'number' &&
    typeof v.customFields === 'object' &&
    Array.isArray(v.jointApplicants)
  );
}

export interface DraftStore {
  load(key: string): Promise<DraftRecord | null>;
  /** The newest draft this device holds for a product: the application's, else the unsaved one. */
  latestForProduct(productCode: string): Promise<DraftRecord | null>;
  save(record: DraftRecord): Promise<void>;
  /** Forget an application's drafts (submitted, or the applicant started over). */
  remove(record: Pick<DraftRecord, 'productCode' | 'applicationId'>): Promise<void>;
}

export function createDraftStore(kv: KeyValueStore): DraftStore {
  const load = async (key: string) => {
    const value = await kv.get(key);
    return isDraft(value) ? value : null;
  };
  return {
    load,
    async latestForProduct(productCode) {
      const latest = await kv.get(latestKey(productCode));
      const fromApp = typeof latest === 'string' ? await load(draftKey(productCode, latest)) : null;
      const unsaved = await load(draftKey(productCode));
      if (fromApp && unsaved) return unsaved.updatedAt > fromApp.updatedAt ? unsaved : fromApp;
      return fromApp ?? unsaved;
    },
    async save(record) {
      await kv.set(draftKey(record.productCode, record.applicationId), record);
      if (record.applicationId) {
        await kv.set(latestKey(record.productCode), record.applicationId);
        // The unsaved draft became this application: keep one copy only.
        await kv.del(draftKey(record.productCode));
      }
    },
    async remove({ productCode, applicationId }) {
      await kv.del(draftKey(productCode, applicationId));
      if (applicationId) {
        const latest = await kv.get(latestKey(productCode));
        if (latest === applicationId) await kv.del(latestKey(productCode));
      }
    },
  };
}

/**
 * Writes the newest record at most every `delayMs` (≤ 300 ms after the last keystroke), so typing
 * never waits on IndexedDB; flush() writes what is waiting at once (before a page hides).
 */
export function createDebouncedWriter(store: DraftStore, onError: (error: unknown) => void, delayMs = 300) {
  let waiting: DraftRecord | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const record = waiting;
    waiting = null;
    if (record) writing = writing.then(() => store.save(record)).catch(onError);
    return writing;
  };
  return {
    write(record: DraftRecord) {
      waiting = record;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
