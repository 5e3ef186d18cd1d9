// The runtime remotes manifest (/remotes.json, RemotesManifest in shared): fetched, checked, never built in.
import type { MenuContribution, RemoteEntry, RemoteSlot, RemotesManifest } from '@originate/shared';

const SLOTS: readonly RemoteSlot[] = ['headerBell', 'customerArea'];

function fail(field: string, reason: string): never {
  throw new Error(`remotes manifest: ${field} ${reason}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(record: Record<string, unknown>, key: string, where: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value === '') fail(`${where}.${key}`, 'must be a non-empty string');
  return value;
}

function parseMenu(value: unknown, where: string): MenuContribution {
  if (!isRecord(value)) fail(where, 'must be an object');
  const order = value.order;
  if (typeof order !== 'number' || !Number.isFinite(order)) fail(`${where}.order`, 'must be a number');
  const item: MenuContribution = {
    id: text(value, 'id', where),
    label: text(value, 'label', where),
    path: text(value, 'path', where),
    module: text(value, 'module', where),
    order,
  };
  if (typeof value.requiredRole === 'string' && value.requiredRole !== '') item.requiredRole = value.requiredRole;
  if (typeof value.group === 'string' && value.group !== '') item.group = value.group;
  return item;
}

function parseRemote(value: unknown, where: string): RemoteEntry {
  if (!isRecord(value)) fail(where, 'must be an object');
  const name = text(value, 'name', where);
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) fail(`${where}.name`, 'must be a federation container name (a JS identifier)');
  const entry = text(value, 'entry', where);
  const roles = value.requiredRoles ?? [];
  if (!Array.isArray(roles) || roles.some((r) => typeof r !== 'string')) {
    fail(`${where}.requiredRoles`, 'must be a list of role names');
  }
  const menu = value.menu ?? [];
  if (!Array.isArray(menu)) fail(`${where}.menu`, 'must be a list');
  const remote: RemoteEntry = {
    name,
    entry,
    version: typeof value.version === 'string' ? value.version : '',
    requiredRoles: roles as string[],
    menu: menu.map((m, i) => parseMenu(m, `${where}.menu[${i}]`)),
  };
  if (value.slots !== undefined) {
    if (!isRecord(value.slots)) fail(`${where}.slots`, 'must be an object');
    const slots: RemoteEntry['slots'] = {};
    for (const [slot, module] of Object.entries(value.slots)) {
      if (!SLOTS.includes(slot as RemoteSlot))
        fail(`${where}.slots.${slot}`, `is not a known slot (${SLOTS.join(', ')})`);
      if (typeof module !== 'string' || module === '') fail(`${where}.slots.${slot}`, 'must be an exposed module name');
      slots[slot as RemoteSlot] = module;
    }
    remote.slots = slots;
  }
  return remote;
}

/** Checks a /remotes.json body; throws naming the first bad field and why. */
export function parseManifest(body: unknown): RemotesManifest {
  if (!isRecord(body)) fail('body', 'must be a JSON object');
  if (!Array.isArray(body.remotes)) fail('remotes', 'must be a list');
  return { remotes: body.remotes.map((r, i) => parseRemote(r, `remotes[${i}]`)) };
}

export async function fetchManifest(url: string): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes manifest: ${url} answered ${response.status}`);
  return parseManifest(await response.json());
}

/** Remotes the user may load: requiredRoles empty, or the user holds one of them. */
export function permittedRemotes(manifest: RemotesManifest, roles: readonly string[]): RemoteEntry[] {
  return manifest.remotes.filter((r) => r.requiredRoles.length === 0 || r.requiredRoles.some((x) => roles.includes(x)));
}

/** The permitted remote filling a slot, and the module it fills it with. */
export function slotProvider(
  manifest: RemotesManifest,
  roles: readonly string[],
  slot: RemoteSlot,
): { remote: RemoteEntry; module: string } | null {
  for (const remote of permittedRemotes(manifest, roles)) {
    const module = remote.slots?.[slot];
    if (module) return { remote, module };
  }
  return null;
}
