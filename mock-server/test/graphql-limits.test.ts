// What one GraphQL document may cost (aliases, list fields, fields with fragments expanded), and who may
// introspect the schema: never an applicant session, and nobody with NODE_ENV=production.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  APPLICATION_QUERY,
  APPLICATION_TASKS_QUERY,
  APPLICATIONS_QUERY,
  encryptPayload,
} from '@originate/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { GRAPHQL_LIMITS } from '../src/modules/lists/graphql';
import { newPersonalLoan } from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
});
after(() => s.close());

type Caller = { headers: Record<string, string> };

async function graphql(app: FastifyInstance, who: Caller, query: string, variables: Record<string, unknown> = {}) {
  const data = await encryptPayload({ query, variables }, who.headers.access_token as string);
  return call(app, 'POST', API_PATHS.graphql, who.headers, { data });
}

/** The first reason of a 400/1101 answer; every one of them is about the query. */
function refusal(res: { statusCode: number; body: string; json(): unknown }): { label: string; reason: string } {
  assert.equal(res.statusCode, 400, res.body);
  const body = res.json() as { code: number; errors: { label: string; reason: string }[] };
  assert.equal(body.code, 1101);
  assert.deepEqual(new Set(body.errors.map((e) => e.label)), new Set(['query']));
  return body.errors[0] as { label: string; reason: string };
}

/** APPLICATIONS_QUERY's selection of the list: its 6 list fields and about 60 fields. */
const LIST_SELECTION = (() => {
  const start = APPLICATIONS_QUERY.indexOf('{', APPLICATIONS_QUERY.indexOf('applications('));
  let depth = 0;
  for (let i = start; i < APPLICATIONS_QUERY.length; i++) {
    depth += APPLICATIONS_QUERY[i] === '{' ? 1 : APPLICATIONS_QUERY[i] === '}' ? -1 : 0;
    if (depth === 0) return APPLICATIONS_QUERY.slice(start, i + 1).replace(/\s+/g, ' ');
  }
  throw new Error('APPLICATIONS_QUERY has no list selection');
})();
const ARGS = '(list: MY_APPLICATIONS, page: { page: 0, size: 100 })';
const fullList = (alias?: string) => `${alias ? `${alias}: ` : ''}applications${ARGS} ${LIST_SELECTION}`;
/** A short list selection, so that 30 of them fit the token limit. */
const aliased = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `l${i}: applications${ARGS} { data { count tasks { taskId } } }`).join(' ')} }`;

describe('the cost of a GraphQL document', () => {
  it("the back office's own documents pass, well under the limits", async () => {
    const list = await graphql(s.app, officer, APPLICATIONS_QUERY, {
      list: 'MY_APPLICATIONS',
      page: { page: 0, size: 100 },
    });
    assert.equal(list.statusCode, 200, list.body);
    const detail = await graphql(s.app, officer, APPLICATION_QUERY, { application_id: 'PL-2026-000101' });
    assert.equal(detail.statusCode, 200, detail.body);
  });

  it('30 aliased lists are refused naming the alias limit; as many as the limit allows run', async () => {
    const thirty = refusal(await graphql(s.app, officer, aliased(30)));
    assert.deepEqual(thirty, {
      label: 'query',
      reason: `The document asks for more than ${GRAPHQL_LIMITS.aliases} aliases (the cost limit per document)`,
    });
    const allowed = await graphql(s.app, officer, aliased(GRAPHQL_LIMITS.aliases));
    assert.equal(allowed.statusCode, 200, allowed.body);
  });

  it('list fields are counted per document, fragments where they are spread', async () => {
    // Four aliased full lists: within the alias limit, but 4 × 6 list fields and the unaliased one's 6 more.
    const five = `{ ${fullList()} ${[0, 1, 2, 3].map((i) => fullList(`l${i}`)).join(' ')} }`;
    assert.match(refusal(await graphql(s.app, officer, five)).reason, /more than 24 list fields/);
    const fragment = `fragment Rows on ApplicationsData { tasks { assignedTeam { id } allowedUsers } stageWise { count } }
      { ${[0, 1, 2, 3].map((i) => `a${i}: applications(list: MY_APPLICATIONS, page: { page: 0, size: 5 }) { data { ...Rows ...Rows } }`).join(' ')} }`;
    assert.match(refusal(await graphql(s.app, officer, fragment)).reason, /list fields/);
  });

  it('fragments that expand to more fields than the limit are refused without expanding them all', async () => {
    const levels = Array.from(
      { length: 12 },
      (_, i) => `fragment F${i} on ListTask { ${i === 11 ? 'taskId name' : `...F${i + 1} ...F${i + 1}`} }`,
    );
    const bomb = `${levels.join('\n')}\n{ applications(list: MY_APPLICATIONS, page: { page: 0, size: 5 }) { data { tasks { ...F0 } } } }`;
    assert.match(refusal(await graphql(s.app, officer, bomb)).reason, /more than 500 fields/);
  });
});

describe('introspection', () => {
  const INTROSPECTION = '{ __schema { queryType { name } types { name } } }';

  it('staff may introspect outside production', async () => {
    const res = await graphql(s.app, officer, INTROSPECTION);
    assert.equal(res.statusCode, 200, res.body);
  });

  it('an applicant session may not, though it may run its own document', async () => {
    const applicant = await newPersonalLoan(s.app);
    const refused = refusal(await graphql(s.app, applicant, INTROSPECTION));
    assert.equal(refused.label, 'query');
    assert.match(refused.reason, /introspection has been disabled/);
    assert.equal(refusal(await graphql(s.app, applicant, '{ __type(name: "Query") { name } }')).label, 'query');
    const own = await graphql(s.app, applicant, APPLICATION_TASKS_QUERY, {
      email: 'nobody@example.com',
      page: { page: 0, size: 10 },
    });
    assert.notEqual(own.statusCode, 400, own.body);
  });

  it('with NODE_ENV=production nobody may, staff included', async () => {
    // The same database, seeded with the demo users, under a production server.
    const production = await buildApp(loadConfig({ DATA_DIR: s.dataDir, NODE_ENV: 'production' }), {
      db: s.app.ctx.db,
    });
    try {
      const admin = await login(production, 'opsadmin');
      assert.match(refusal(await graphql(production, admin, INTROSPECTION)).reason, /introspection has been disabled/);
      const list = await graphql(production, admin, APPLICATIONS_QUERY, {
        list: 'MY_APPLICATIONS',
        page: { page: 0, size: 10 },
      });
      assert.equal(list.statusCode, 200, list.body);
    } finally {
      await production.close();
    }
  });
});
