// The host's check of a /remotes.json body without TypeBox (about 30 KiB br on the Dashboard's first screen): the
// rules of remoteManifest.ts's schemas written out as plain checks, which that file's schemas are built from
// (limits, patterns, slots, CSP directives) so the two cannot drift apart on a constant; remoteManifestCheck.test.ts
// holds them to the same answers on good entries and on each way of breaking one. It only says yes or no: a host
// that gets a no loads the schemas (parseRemotesManifest) to keep the good entries and name each refused one's
// fields. No TypeBox here (types only): this file is all a host loads to read a manifest that is in order.
import type { RemotesManifest } from './remoteManifest';

/** Named places a remote fills. The props each slot's module takes are `SlotProps` in remotes.ts. */
export const REMOTE_SLOTS = ['headerBell', 'customerArea', 'flowForm', 'videoCall'] as const;
export type RemoteSlot = (typeof REMOTE_SLOTS)[number];

/** CSP directives a remote's pages may need blob: URLs in (previews, signature pads, captcha workers). */
export const BLOB_DIRECTIVES = ['img-src', 'worker-src', 'frame-src', 'media-src'] as const;
export type BlobDirective = (typeof BLOB_DIRECTIVES)[number];

/** The strings of a manifest: length bounds in code points (as JSON Schema counts them) and a pattern. */
export const MANIFEST_STRINGS = {
  text: { minLength: 1, maxLength: 200 },
  /** An exposed module as the remote's federation config names it, e.g. './NotificationBell'. */
  moduleName: { maxLength: 100, pattern: '^\\./[A-Za-z0-9_/-]+$' },
  /** A top-level path without slashes at the ends, e.g. 'omni-embed' or 'backstage/newapplication'. */
  pagePath: { minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$' },
  containerName: { minLength: 1, maxLength: 100, pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' },
  entryUrl: { minLength: 1, maxLength: 2000, pattern: '^https?://' },
  version: { maxLength: 100 },
} as const;

/** Most items a manifest's lists hold. */
export const MANIFEST_LIST_LIMITS = { roles: 50, menu: 50, routes: 50, pagePaths: 20, blob: 4 } as const;

type Check = (value: unknown) => boolean;

function text(rule: { minLength?: number; maxLength: number; pattern?: string }): Check {
  const pattern = rule.pattern === undefined ? undefined : new RegExp(rule.pattern, 'u');
  return (value) => {
    if (typeof value !== 'string') return false;
    const length = [...value].length;
    return length >= (rule.minLength ?? 0) && length <= rule.maxLength && (pattern?.test(value) ?? true);
  };
}

const list =
  (item: Check, maxItems: number): Check =>
  (value) =>
    Array.isArray(value) && value.length <= maxItems && value.every(item);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with exactly these required keys, any of these optional ones and no other key (own keys only: a key
 * named 'toString' in a manifest is unknown, not Object's). */
function closedObject(required: Record<string, Check>, optional: Record<string, Check> = {}): Check {
  return (value) => {
    if (!isRecord(value)) return false;
    for (const [key, check] of Object.entries(required)) {
      if (!Object.hasOwn(value, key) || !check(value[key])) return false;
    }
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(required, key)) continue;
      if (!Object.hasOwn(optional, key) || !optional[key]?.(value[key])) return false;
    }
    return true;
  };
}

const Text = text(MANIFEST_STRINGS.text);
const ModuleName = text(MANIFEST_STRINGS.moduleName);
const PagePath = text(MANIFEST_STRINGS.pagePath);
const Roles = list(Text, MANIFEST_LIST_LIMITS.roles);
const access = { requiredRole: Text, requiredRoles: Roles };

const MenuContribution = closedObject(
  { id: Text, label: Text, path: PagePath, module: ModuleName, order: Number.isFinite as Check },
  { ...access, group: Text },
);
const PageRoute = closedObject({ id: Text, path: PagePath, module: ModuleName }, { label: Text, ...access });
const Slots = closedObject({}, Object.fromEntries(REMOTE_SLOTS.map((slot) => [slot, ModuleName])));
const Pages = closedObject(
  {},
  {
    framable: list(PagePath, MANIFEST_LIST_LIMITS.pagePaths),
    camera: list(PagePath, MANIFEST_LIST_LIMITS.pagePaths),
    blob: list((value) => (BLOB_DIRECTIVES as readonly unknown[]).includes(value), MANIFEST_LIST_LIMITS.blob),
  },
);

const RemoteEntry = closedObject(
  {
    name: text(MANIFEST_STRINGS.containerName),
    entry: text(MANIFEST_STRINGS.entryUrl),
    version: text(MANIFEST_STRINGS.version),
    displayName: Text,
    requiredRoles: Roles,
    menu: list(MenuContribution, MANIFEST_LIST_LIMITS.menu),
  },
  {
    unavailableMessage: Text,
    slots: Slots,
    routes: list(PageRoute, MANIFEST_LIST_LIMITS.routes),
    pages: Pages,
  },
);

/** Whether a value is one /remotes.json entry as the contract's RemoteEntry schema defines it. */
export const isRemoteEntry: Check = RemoteEntry;

/** Whether a /remotes.json body is in order: `{ remotes: [...] }` and every entry a RemoteEntry. */
export function isRemotesManifestInOrder(body: unknown): body is RemotesManifest {
  return (
    isRecord(body) && Object.keys(body).length === 1 && Array.isArray(body.remotes) && body.remotes.every(RemoteEntry)
  );
}
