// jsdom without Node's web globals breaks ky (TextEncoder, Request, fetch) and WebCrypto code: hand
// the test window Node's own implementations, which are the ones the browser APIs mirror.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'TextEncoder',
  'TextDecoder',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'AbortController',
  'AbortSignal',
  'Blob',
  'structuredClone',
  'BroadcastChannel',
];

class JsdomWithNodeGlobals extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    if (!this.global.crypto?.subtle) {
      Object.defineProperty(this.global, 'crypto', { value: globalThis.crypto, configurable: true });
    }
  }
}

module.exports = JsdomWithNodeGlobals;
