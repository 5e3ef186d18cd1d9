// The runtime remotes manifest (served by deploy as /remotes.json) and each remote's typed surface.
import type { ComponentType } from 'react';

export interface MenuContribution {
  /** Stable id, e.g. 'notification'. */
  id: string;
  /** Menu label exactly as the spec's back-office menu names it. */
  label: string;
  /** Path under the back-office root, e.g. 'notifications'. */
  path: string;
  /** The exposed module that renders the page, e.g. './NotificationsPage'. */
  module: string;
  /** Role or permission needed to see it; empty means everyone (spec section 6). */
  requiredRole?: string;
  /** Sort key within the menu. */
  order: number;
  /** Optional parent menu label, e.g. 'Applications'. */
  group?: string;
}

export interface RemoteEntry {
  /** Federation container name, e.g. 'mfe_notifications'. */
  name: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  entry: string;
  version: string;
  /** Roles of which the user needs one to load the remote at all; empty means everyone. */
  requiredRoles: string[];
  menu: MenuContribution[];
  /** Named places in the shell a remote fills, e.g. { headerBell: './NotificationBell' }. */
  slots?: Partial<Record<RemoteSlot, string>>;
}

export type RemoteSlot = 'headerBell' | 'customerArea';

export interface RemotesManifest {
  remotes: RemoteEntry[];
}

/** Served as /env.json on every app origin: what the build must not know. */
export interface RuntimeEnv {
  apiBaseUrl: string;
  remotesManifestUrl: string;
  /** Public key the login form uses to encrypt the password (see LOGIN_KEY). */
  loginKey: string;
  portalAppName: string;
}

/** Props every remote's page module takes. */
export interface RemotePageProps {
  basename: string;
}

export type RemotePage = ComponentType<RemotePageProps>;
export type RemoteSlotComponent = ComponentType<Record<string, never>>;
