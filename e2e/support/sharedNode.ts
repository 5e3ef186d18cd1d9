// @originate/shared is CommonJS; Node's ESM loader cannot see the names behind its `export *`
// re-exports, so this ESM package loads it through require.
import { createRequire } from 'node:module';

type SharedNode = typeof import('@originate/shared/node');

const sharedNode = createRequire(import.meta.url)('@originate/shared/node') as SharedNode;

export const { DEFAULT_LOGIN_KEY, decryptPayload, encryptPayload, isEnvelope, isEnvelopedResponsePath } = sharedNode;
