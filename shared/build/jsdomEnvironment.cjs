// @ts-check
// jsdom as jest's test environment, plus the web platform globals jsdom lacks and Node 20 has
// (fetch, Request, Response, TextEncoder, WebCrypto, streams). ky and the {data} envelope need them, so
// any test that imports @originate/web or @originate/contract can run in jsdom. BroadcastChannel stays
// absent, as Web Locks are: jsdom is the browser without them, where a refresh is single-flight per tab.
// This module runs in Node's own realm, which is how it can hand Node's implementations to the jsdom global.
// getComputedStyle matches only the rules an element can match (jsdomStyleIndex.cjs), installed before jsdom loads.
require('./jsdomStyleIndex.cjs').installStyleIndex();
const { TestEnvironment } = require('jest-environment-jsdom');
const { webcrypto } = require('node:crypto');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  // fetch checks its signal against Node's own AbortSignal: both must come from the same realm.
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithWebPlatform extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    const target = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (this.global));
    const source = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
    for (const name of FROM_NODE) {
      if (source[name] !== undefined) target[name] = source[name];
    }
    Object.defineProperty(this.global, 'crypto', { value: webcrypto, configurable: true, writable: true });
  }
}

module.exports = JsdomWithWebPlatform;
