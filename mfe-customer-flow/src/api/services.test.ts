import { ApiError, type FlowApplication, type FlowConfig } from '@originate/contract';
import { ENGINE_VERSION } from '@originate/flow-engine';
import { sessionAtom, sharedStore } from '@originate/web';
import { detectDevice, deviceWidth } from '../domain/device';
import { draftWins } from '../domain/flowModel';
import { createDebouncedWriter, createDraftStore, type DraftRecord, draftKey, type KeyValueStore } from './draftStore';
import { fetchApplication, fetchFlowConfig, fetchProductDetails } from './flow';
import { DeviceCheckNeeded, loadForProduct, loadForToken, rememberVerifiedLink } from './loadFlow';
import { createPromiseQueue } from './promiseQueue';
import { openResumeLink } from './resume';
import { createSaveQueue, isNetworkError, OFFLINE_STATUS_TEXT, type SyncStatus } from './saveQueue';

// The server's answers loadFlow reads, without a server: only validate-token and the application matter here.
jest.mock('./resume', () => ({ openResumeLink: jest.fn() }));
jest.mock('./flow', () => ({
  fetchApplication: jest.fn(),
  fetchProductDetails: jest.fn(),
  fetchFlowConfig: jest.fn(),
  fetchRules: jest.fn(async () => []),
  fetchComponents: jest.fn(async () => []),
  fetchFieldOptions: jest.fn(async () => []),
}));

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => data.get(key),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
  };
}

const draft = (over: Partial<DraftRecord> = {}): DraftRecord => ({
  productCode: 'HL',
  customFields: { name: 'Asha' },
  jointApplicants: [],
  updatedAt: 1000,
  unsynced: true,
  ...over,
});

describe('device detection (spec §9: mobile by user agent)', () => {
  it('tells phones from desktops', () => {
    expect(
      detectDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe('MOBILE');
    expect(detectDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36')).toBe(
      'MOBILE',
    );
    expect(detectDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36')).toBe(
      'DESKTOP',
    );
  });
  it('sends a whole, positive width', () => {
    expect(deviceWidth(390.4)).toBe(390);
    expect(deviceWidth(0)).toBe(1);
  });
});

describe('promise queue (mandatory validations one at a time)', () => {
  it('runs tasks in order, never two at once, and goes on after a failure', async () => {
    const queue = createPromiseQueue();
    const log: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const a = queue.run(task('a'));
    const b = queue.run(task('b', true));
    const c = queue.run(task('c'));
    expect(queue.size).toBe(3);
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toThrow('b');
    await expect(c).resolves.toBe('c');
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.size).toBe(0);
  });
});

describe('draft store', () => {
  it('keeps an unsaved draft by product, then by application, with one copy', async () => {
    const kv = memoryStore();
    const store = createDraftStore(kv);
    await store.save(draft());
    expect(await store.latestForProduct('HL')).toMatchObject({ customFields: { name: 'Asha' } });
    await store.save(draft({ applicationId: 'APP1', resumeToken: 'tok', updatedAt: 2000 }));
    expect(kv.data.has('new:HL')).toBe(false);
    expect(await store.latestForProduct('HL')).toMatchObject({ applicationId: 'APP1', resumeToken: 'tok' });
    expect(await store.load('app:APP1')).toMatchObject({ updatedAt: 2000 });
    await store.remove({ productCode: 'HL', applicationId: 'APP1' });
    expect(await store.latestForProduct('HL')).toBeNull();
  });

  it('ignores what is not a draft', async () => {
    const kv = memoryStore();
    kv.data.set('app:X', { something: 'else' });
    expect(await createDraftStore(kv).load('app:X')).toBeNull();
  });

  it('writes at most one record per quiet period, the newest, and flushes on demand', async () => {
    jest.useFakeTimers();
    const kv = memoryStore();
    const saves: DraftRecord[] = [];
    const store = createDraftStore(kv);
    const writer = createDebouncedWriter(
      {
        ...store,
        save: async (r) => {
          saves.push(r);
          await store.save(r);
        },
      },
      () => undefined,
      300,
    );
    writer.write(draft({ customFields: { name: 'A' } }));
    writer.write(draft({ customFields: { name: 'As' } }));
    jest.advanceTimersByTime(299);
    expect(saves).toHaveLength(0);
    jest.advanceTimersByTime(1);
    jest.useRealTimers();
    await writer.flush();
    expect(saves.map((s) => s.customFields.name)).toEqual(['As']);
    writer.write(draft({ customFields: { name: 'Ash' } }));
    await writer.flush();
    expect(saves.map((s) => s.customFields.name)).toEqual(['As', 'Ash']);
  });

  it('lets an unsynced draft win only when newer than the server copy', () => {
    expect(draftWins(draft({ updatedAt: Date.parse('2030-01-01') }), '2029-01-01T00:00:00Z')).toBe(true);
    expect(draftWins(draft({ updatedAt: Date.parse('2028-01-01') }), '2029-01-01T00:00:00Z')).toBe(false);
    expect(draftWins(draft({ unsynced: false, updatedAt: Date.parse('2030-01-01') }), '2029-01-01')).toBe(false);
  });
});

describe('save queue', () => {
  const offline = () => new TypeError('Failed to fetch');

  it('tells network failures from server answers', () => {
    expect(isNetworkError(offline())).toBe(true);
    expect(isNetworkError(new ApiError(503, {}))).toBe(true);
    expect(isNetworkError(new ApiError(400, { code: 1101, message: 'Validation Failed' }))).toBe(false);
    expect(OFFLINE_STATUS_TEXT).toBe('Saved on this device — will sync when back online');
  });

  it('keeps a save that failed offline, sends only the newest, and retries when back online', async () => {
    let online: () => void = () => undefined;
    const statuses: SyncStatus[] = [];
    const retried: string[] = [];
    const queue = createSaveQueue<string>({
      onStatus: (s) => statuses.push(s),
      onOnline: (listener) => {
        online = listener;
        return () => undefined;
      },
      backoffMs: () => 60_000,
      onRetried: (r) => retried.push(r),
    });
    let up = false;
    const sent: string[] = [];
    const build = (name: string) => async () => {
      if (!up) throw offline();
      sent.push(name);
      return name;
    };
    await expect(queue.save(build('first'), { keepOffline: true })).resolves.toBeNull();
    expect(queue.waiting).toBe(true);
    await expect(queue.save(build('second'), { keepOffline: true })).resolves.toBeNull();
    expect(statuses.at(-1)).toBe('offline');
    up = true;
    online();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['second']);
    expect(retried).toEqual(['second']);
    expect(queue.waiting).toBe(false);
    expect(statuses.at(-1)).toBe('saved');
    await expect(queue.save(build('third'), { keepOffline: true })).resolves.toBe('third');
    queue.dispose();
  });

  it('retries with backoff without an online event (server restarted)', async () => {
    jest.useFakeTimers();
    let up = false;
    const queue = createSaveQueue<string>({
      onStatus: () => undefined,
      onOnline: () => () => undefined,
      backoffMs: (attempt) => 1000 * 2 ** attempt,
    });
    const attempts: number[] = [];
    const build = async () => {
      attempts.push(Date.now());
      if (!up) throw offline();
      return 'ok';
    };
    await queue.save(build, { keepOffline: true });
    expect(attempts).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(attempts).toHaveLength(2);
    up = true;
    await jest.advanceTimersByTimeAsync(2000);
    expect(attempts).toHaveLength(3);
    expect(queue.waiting).toBe(false);
    queue.dispose();
    jest.useRealTimers();
  });

  it('passes a server refusal to the caller and does not keep it', async () => {
    const queue = createSaveQueue<string>({ onStatus: () => undefined, onOnline: () => () => undefined });
    const refusal = new ApiError(400, { code: 1101, message: 'Validation Failed', errors: [] });
    await expect(
      queue.save(
        async () => {
          throw refusal;
        },
        { keepOffline: true },
      ),
    ).rejects.toBe(refusal);
    expect(queue.waiting).toBe(false);
    queue.dispose();
  });
});

describe('a resume token opens one session: the device keeps the fresh one the server answers', () => {
  const validate = jest.mocked(openResumeLink);
  const SESSION = {
    access_token: 'access',
    refresh_token: 'refresh',
    sessionid: 'sid',
    expires_in: 3600,
    expiry_time: '2030-01-01T00:00:00.000Z',
  };
  const application = {
    application_id: 'HL-1',
    product_code: 'HL',
    product_name: 'Home loan',
    flowId: 'hl',
    verNum: 1,
    _applicationStatus: 'ACTIVE',
    mode: 'DRAFT',
    section_id: 'property',
    sub_section_id: 'address',
    singleORjoint: 'single',
    existing_or_new_customer: 'new',
    customFields: { name: 'Asha', city: 'Pune' },
    jointApplicants: [],
    progress: [],
    mod_time: '2029-01-01T00:00:00.000Z',
  } as FlowApplication;
  const opts = { deviceWidth: 1280 };

  beforeEach(() => {
    sharedStore.set(sessionAtom, null);
    sessionStorage.clear();
    validate.mockResolvedValue({
      kind: 'resumed',
      resumed: { applicationId: 'HL-1', session: SESSION, resumeToken: 'fresh' },
    });
    jest.mocked(fetchApplication).mockResolvedValue(application);
    jest.mocked(fetchProductDetails).mockResolvedValue({
      product_code: 'HL',
      product_name: 'Home loan',
      flowId: 'hl',
      verNum: 1,
      captcha: false,
      engineVersion: ENGINE_VERSION,
    } as Awaited<ReturnType<typeof fetchProductDetails>>);
    jest.mocked(fetchFlowConfig).mockResolvedValue({ flowId: 'hl', verNum: 1, sections: [] } as unknown as FlowConfig);
  });
  afterEach(() => jest.clearAllMocks());

  it("replaces the used token in the device's draft when a link is opened, its unsynced changes untouched", async () => {
    const drafts = createDraftStore(memoryStore());
    const mine = draft({ applicationId: 'HL-1', resumeToken: 'link', customFields: { name: 'Asha R' } });
    await drafts.save(mine);
    const setup = await loadForToken('link', { ...opts, drafts });
    expect(validate).toHaveBeenCalledWith('link');
    expect(setup.resumeToken).toBe('fresh');
    expect(await drafts.load(draftKey('HL', 'HL-1'))).toEqual({ ...mine, resumeToken: 'fresh' });
  });

  it("a browser without a draft keeps one of the server's copy with the fresh token (Continue finds it)", async () => {
    const drafts = createDraftStore(memoryStore());
    await loadForToken('link', { ...opts, drafts });
    expect(await drafts.latestForProduct('HL')).toMatchObject({
      applicationId: 'HL-1',
      resumeToken: 'fresh',
      customFields: { name: 'Asha', city: 'Pune' },
      serverModTime: application.mod_time,
      unsynced: false,
    });
    // A reload of the link goes on with the session the tab holds and the token kept: nothing opened again.
    const reloaded = await loadForToken('link', { ...opts, drafts });
    expect(validate).toHaveBeenCalledTimes(1);
    expect(reloaded.resumeToken).toBe('fresh');
  });

  it("a returning device opens with its draft's token and keeps the fresh one before reading the application", async () => {
    const drafts = createDraftStore(memoryStore());
    await drafts.save(draft({ applicationId: 'HL-1', resumeToken: 'saved' }));
    jest.mocked(fetchApplication).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadForProduct('HL', { ...opts, drafts, fresh: false })).rejects.toThrow('Failed to fetch');
    expect(validate).toHaveBeenCalledWith('saved');
    expect(await drafts.load(draftKey('HL', 'HL-1'))).toMatchObject({ resumeToken: 'fresh' });
    jest.mocked(fetchApplication).mockResolvedValue(application);
    const setup = await loadForProduct('HL', { ...opts, drafts, fresh: false });
    // The tab holds the session now: the fresh token stays unused, and is the one the page shows.
    expect(validate).toHaveBeenCalledTimes(1);
    expect(setup.resumeToken).toBe('fresh');
  });

  it('a device the application does not know loads nothing of it before the one-time code', async () => {
    const drafts = createDraftStore(memoryStore());
    const destinations = [{ channel: 'EMAIL' as const, to: 'a***@example.com' }];
    validate.mockResolvedValue({ kind: 'verify', destinations });
    const opened = loadForToken('elsewhere', { ...opts, drafts });
    await expect(opened).rejects.toBeInstanceOf(DeviceCheckNeeded);
    await expect(opened).rejects.toMatchObject({ destinations });
    expect(fetchApplication).not.toHaveBeenCalled();
    expect(await drafts.latestForProduct('HL')).toBeNull();

    // The right code: the next load goes on with what the server answered, without opening the link again.
    rememberVerifiedLink('elsewhere', { applicationId: 'HL-1', session: SESSION, resumeToken: 'after-code' });
    const setup = await loadForToken('elsewhere', { ...opts, drafts });
    expect(validate).toHaveBeenCalledTimes(1);
    expect(setup.application?.customFields).toEqual({ name: 'Asha', city: 'Pune' });
    expect(setup.resumeToken).toBe('after-code');
  });
});
