// The one door to @originate/shared/node. tsx loads that package as CommonJS (its package.json has no
// "type": "module") and Node cannot see CommonJS re-exports through a static ESM import, so the values
// come through one dynamic import (tsx's interop sees them all). Types pass straight through.
export type * from '@originate/shared/node';

const shared: typeof import('@originate/shared/node') = await import('@originate/shared/node');

export const {
  DEFAULT_FLOW_VERSION,
  DEFAULT_LOGIN_KEY,
  ERROR_CODES,
  FromServer,
  INVALID_USER_MESSAGE,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  Permissions,
  PORTAL_ACCESS_DENIED_MESSAGE,
  PORTAL_APP_NAME,
  Roles,
  SOCKET_PATH,
  ToServer,
  decryptPayload,
  encryptPayload,
} = shared;
