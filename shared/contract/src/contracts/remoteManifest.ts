// A remote's declaration (its remote.json), the manifest entry deploy makes of it and the manifest the
// shell fetches (/remotes.json): one TypeBox definition each, which is at once the TypeScript type,
// deploy's check of remote.json and the shell's run-time check of /remotes.json (parseWithSchema, no
// eval). No React here: deploy and other Node code import it through '@originate/contract/schemas'.
import Type, { type Static } from 'typebox';
import { closed } from './primitives';
import {
  BLOB_DIRECTIVES,
  MANIFEST_LIST_LIMITS as LIMITS,
  type RemoteSlot,
  MANIFEST_STRINGS as STRINGS,
} from './remoteManifestCheck';
import { parseWithSchema, SchemaError, schemaIssues } from './schemaCheck';

// The host's TypeBox-free check of a manifest (remoteManifestCheck.ts) is written from the same constants.
export { type BlobDirective, REMOTE_SLOTS, type RemoteSlot } from './remoteManifestCheck';

const Text = Type.String(STRINGS.text);
/** An exposed module as the remote's federation config names it, e.g. './NotificationBell'. */
const ModuleName = Type.String(STRINGS.moduleName);
/** A top-level path without slashes at the ends, e.g. 'omni-embed' or 'backstage/newapplication'. */
const PagePath = Type.String(STRINGS.pagePath);

const MenuContributionSchema = Type.Object(
  {
    /** Stable id, e.g. 'notification'. */
    id: Text,
    /** Menu label exactly as the spec's back-office menu names it. */
    label: Text,
    /** Path under the back-office root, e.g. 'notifications'. */
    path: PagePath,
    /** The exposed module that renders the page, e.g. './NotificationsPage'. */
    module: ModuleName,
    /** Role or permission needed to see it; absent means everyone (spec section 6). */
    requiredRole: Type.Optional(Text),
    /** Roles of which the user needs one to see it (besides requiredRole); absent or empty means everyone. */
    requiredRoles: Type.Optional(Type.Array(Text, { maxItems: LIMITS.roles })),
    /** Sort key within the menu. */
    order: Type.Number(),
    /** Optional parent menu label, e.g. 'Applications'. */
    group: Type.Optional(Text),
  },
  closed,
);

/**
 * A page a remote renders that is no menu item (e.g. the application detail at 'backstage/application',
 * opened from a list): routed by the host under the back-office root, behind the same guard.
 */
const PageRouteSchema = Type.Object(
  {
    id: Text,
    path: PagePath,
    module: ModuleName,
    /** How the host links the page, e.g. 'Lifecycles': the shell's Settings page lists the routes under 'settings/' by it. */
    label: Type.Optional(Text),
    /** Role or permission needed to open it; absent means everyone allowed to load the remote. */
    requiredRole: Type.Optional(Text),
    /** Roles of which the user needs one to open it (besides requiredRole); absent or empty means everyone. */
    requiredRoles: Type.Optional(Type.Array(Text, { maxItems: LIMITS.roles })),
  },
  closed,
);
export type PageRoute = Static<typeof PageRouteSchema>;

const SlotsSchema = Type.Object(
  {
    headerBell: Type.Optional(ModuleName),
    customerArea: Type.Optional(ModuleName),
    flowForm: Type.Optional(ModuleName),
    videoCall: Type.Optional(ModuleName),
  } satisfies Record<RemoteSlot, unknown>,
  closed,
);

/**
 * How the static origins treat the pages a remote renders, on its own origin and under the same path on
 * the shell's (where the shell renders the remote in its page). Only what is listed is allowed.
 */
const PagesSchema = Type.Object(
  {
    /** Top-level paths that partner sites named by FRAME_ANCESTORS (and the origin itself) may frame. */
    framable: Type.Optional(Type.Array(PagePath, { maxItems: LIMITS.pagePaths })),
    /** Top-level paths whose pages may use the camera and microphone (Permissions-Policy). */
    camera: Type.Optional(Type.Array(PagePath, { maxItems: LIMITS.pagePaths })),
    /** CSP directives that also allow blob: URLs, on the remote's origin and on the shell's. */
    blob: Type.Optional(Type.Array(Type.Union(BLOB_DIRECTIVES.map((d) => Type.Literal(d))), { maxItems: LIMITS.blob })),
  },
  closed,
);

const declarationFields = {
  /** How people call the remote, e.g. 'Notifications'. */
  displayName: Text,
  /** The fallback's sentence when the remote cannot be shown; default '<displayName> is unavailable right now.' */
  unavailableMessage: Type.Optional(Text),
  /** Roles of which the user needs one to load the remote at all; empty means everyone (applicants too). */
  requiredRoles: Type.Array(Text, { maxItems: LIMITS.roles }),
  /** Named places in the shell the remote fills, e.g. { headerBell: './NotificationBell' }. */
  slots: Type.Optional(SlotsSchema),
  menu: Type.Array(MenuContributionSchema, { maxItems: LIMITS.menu }),
  /** Pages that are not menu items; absent means none. */
  routes: Type.Optional(Type.Array(PageRouteSchema, { maxItems: LIMITS.routes })),
  pages: Type.Optional(PagesSchema),
};

/** What a remote declares about itself in its remote.json, beside its package.json. */
const RemoteDeclarationSchema = Type.Object(declarationFields, closed);
export type RemoteDeclaration = Static<typeof RemoteDeclarationSchema>;

/** One /remotes.json entry: the declaration plus where the remote is deployed and which version. */
const RemoteEntrySchema = Type.Object(
  {
    /** Federation container name, e.g. 'mfe_notifications'. */
    name: Type.String(STRINGS.containerName),
    /** Absolute URL of the remote's mf-manifest.json. */
    entry: Type.String(STRINGS.entryUrl),
    version: Type.String(STRINGS.version),
    ...declarationFields,
  },
  closed,
);
export type RemoteEntry = Static<typeof RemoteEntrySchema>;

/** /remotes.json as the shell reads it: entries are checked one by one (see parseRemotesManifest). */
const RemotesManifestSchema = Type.Object({ remotes: Type.Array(Type.Unknown()) }, closed);
export interface RemotesManifest {
  remotes: RemoteEntry[];
}

/** A remote.json, typed; otherwise a SchemaError naming the file, each field and the reason. */
export function parseRemoteDeclaration(value: unknown, source: string): RemoteDeclaration {
  return parseWithSchema(RemoteDeclarationSchema, value, source);
}

/**
 * A /remotes.json body. A body of the wrong shape throws a SchemaError; an entry of the wrong shape is
 * left out and reported through `onRefused`, so one broken remote never takes the others away.
 */
export function parseRemotesManifest(
  body: unknown,
  source: string,
  onRefused: (error: Error) => void,
): RemotesManifest {
  const { remotes } = parseWithSchema(RemotesManifestSchema, body, source);
  const entries: RemoteEntry[] = [];
  remotes.forEach((value, i) => {
    const issues = schemaIssues(RemoteEntrySchema, value).map((issue) => ({
      path: issue.path === '(root)' ? `remotes[${i}]` : `remotes[${i}].${issue.path}`,
      reason: issue.reason,
    }));
    if (issues.length === 0) entries.push(value as RemoteEntry);
    else onRefused(new SchemaError(source, issues));
  });
  return { remotes: entries };
}
