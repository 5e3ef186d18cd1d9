// Whether a remote's build fits the host that will load it: checked at publish, before the pointer moves.
// Pure: it reads parsed mf-manifest.json files and a declaration, and names every misfit it finds.
import type { RemoteDeclaration } from '@originate/contract';

/** The parts of an mf-manifest.json (written by @module-federation/enhanced) the checks read. */
export interface FederationManifest {
  name?: string;
  metaData?: { publicPath?: string; getPublicPath?: string };
  shared?: { name: string; version?: string; requiredVersion?: string | false; singleton?: boolean }[];
  exposes?: { path: string }[];
}

/**
 * The part of a version that must match for a singleton to be shared: the major, or for 0.x the minor
 * too (^0.1.0 does not accept 0.2.0). Null when the text has no version in it.
 */
export function compatibilityLine(version: string): string | null {
  const match = /(\d+)(?:\.(\d+|x|\*))?/.exec(version);
  if (!match?.[1]) return null;
  const major = match[1];
  if (major !== '0') return major;
  const minor = match[2];
  return minor && /^\d+$/.test(minor) ? `0.${minor}` : '0';
}

/** '@mui/material/Box' → '@mui/material'; 'react-dom/client' → 'react-dom'. */
export function packageOf(name: string): string {
  const parts = name.split('/');
  return (name.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * Singletons the remote requires at a line other than the one the host provides, one line per package
 * (deep imports such as '@mui/material/Box' are shared entries of their own).
 */
export function singletonMisfits(remote: FederationManifest, host: FederationManifest): string[] {
  const provided = new Map((host.shared ?? []).filter((s) => s.version).map((s) => [s.name, s.version as string]));
  const byPackage = new Map<string, { line: string; more: number }>();
  for (const shared of remote.shared ?? []) {
    if (!shared.singleton) continue;
    const hostVersion = provided.get(shared.name);
    if (!hostVersion) continue;
    const required = shared.requiredVersion || shared.version || '';
    const wanted = compatibilityLine(required);
    const has = compatibilityLine(hostVersion);
    if (wanted === has) continue;
    const pkg = packageOf(shared.name);
    const seen = byPackage.get(pkg);
    if (seen) {
      seen.more++;
      continue;
    }
    byPackage.set(pkg, {
      line: `shared singleton ${pkg}: the remote requires ${required || 'an unknown version'} (line ${wanted ?? '?'}), the host provides ${hostVersion} (line ${has ?? '?'})`,
      more: 0,
    });
  }
  return [...byPackage.values()].map(({ line, more }) =>
    more > 0 ? `${line}; ${more} more of its modules alike` : line,
  );
}

/** Every module the declaration names (slots, menu pages, routes). */
function declaredModules(declaration: RemoteDeclaration): string[] {
  const modules = [
    ...Object.values(declaration.slots ?? {}),
    ...declaration.menu.map((m) => m.module),
    ...(declaration.routes ?? []).map((r) => r.module),
  ].filter((m): m is string => typeof m === 'string');
  return [...new Set(modules)];
}

/** Modules the declaration names that the build does not expose. */
export function missingExposes(remote: FederationManifest, declaration: RemoteDeclaration): string[] {
  const exposed = new Set((remote.exposes ?? []).map((e) => e.path));
  return declaredModules(declaration)
    .filter((module) => !exposed.has(module))
    .map((module) => `exposed module ${module}: the declaration names it, the build does not expose it`);
}

function urlsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const match of value.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi)) found.push(match[0]);
  } else if (Array.isArray(value)) {
    for (const item of value) urlsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) urlsIn(item, found);
  }
  return found;
}

/** URLs the remote would be loaded from, or would load from, whose origin is not allowed. */
export function foreignUrls(urls: readonly string[], allowedOrigins: readonly string[]): string[] {
  const allowed = new Set(allowedOrigins);
  return urls
    .filter((url) => !URL.canParse(url) || !allowed.has(new URL(url).origin))
    .map((url) => `URL ${url}: its origin is not in the allow-list (${allowedOrigins.join(', ')})`);
}

export interface FitInput {
  remote: FederationManifest;
  /** The host's current release; absent before the host is first released (nothing to check against). */
  host?: FederationManifest;
  declaration: RemoteDeclaration;
  /** Where the pointer will send hosts: the release's mf-manifest.json URL. */
  entryUrl: string;
  allowedOrigins: readonly string[];
}

/** Every reason the release does not fit; empty when it does. */
export function misfits(input: FitInput): string[] {
  return [
    ...(input.host ? singletonMisfits(input.remote, input.host) : []),
    ...missingExposes(input.remote, input.declaration),
    ...foreignUrls([input.entryUrl, ...urlsIn(input.remote)], input.allowedOrigins),
  ];
}
