// Every call of spec §7 is a route (test/spec-calls.ts holds the list copied from the spec): a call no route
// would serve answers the route-level 404, so the client written from the spec could not use it.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RegisteredRoute } from '../src/app';
import { apiRoutes, DEBUG_PREFIX } from './harness/routes';
import { startServer, type TestServer } from './helpers';
import { SPEC_CALLS, type SpecCall } from './spec-calls';

let server: TestServer;
let routes: RegisteredRoute[];

before(async () => {
  server = await startServer();
  routes = apiRoutes(server.app).filter((r) => !r.url.startsWith(DEBUG_PREFIX));
});
after(() => server.close());

/** A Fastify path pattern as a regular expression: `:param` one segment, `*` anything. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The spec's path with a plausible value in each {placeholder}. */
const concrete = (call: SpecCall) => call.path.replace(/\{[^}]+\}/g, 'X1');

const served = (call: SpecCall) =>
  routes.some((r) => r.method === call.method && patternOf(r.url).test(concrete(call)));

describe('spec §7 calls', () => {
  it('the copied list has no call twice', () => {
    const keys = SPEC_CALLS.map((c) => `${c.method} ${c.path}`);
    assert.deepEqual(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      [],
    );
  });

  it('a path pattern matches its own paths and no others', () => {
    assert.ok(patternOf('/v3/queries/:applicationId').test('/v3/queries/X1'));
    assert.ok(!patternOf('/v3/queries/:applicationId').test('/v3/queries/fetchFieldsForReqInfo/X1'));
    assert.ok(!patternOf('/v3/users').test('/v3/usersX'));
  });

  it('every call is a registered route', () => {
    const missing = SPEC_CALLS.filter((call) => !served(call)).map((c) => `${c.method} ${c.path} (${c.group})`);
    assert.deepEqual(missing, [], `${missing.length} of ${SPEC_CALLS.length} spec §7 calls are not routes`);
  });
});
