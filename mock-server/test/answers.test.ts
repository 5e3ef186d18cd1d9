// Answers leave as their routes declare them (README "Wire contract"): a key the server holds but no
// schema declares never reaches the client, and the GraphQL schema mercurius serves is the contract's SDL,
// written from the same answer schemas the resolvers' types come from. That every answer fits its schema
// is checked for every request of every test (harness/answers.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, decryptPayload, encryptPayload } from '@originate/contract';
import { ApplicationSchema, BACK_OFFICE_SDL, ListTaskSchema, NotesAnswerSchema } from '@originate/contract/schemas';
import { buildSchema, isEnumType, isInputObjectType, isObjectType } from 'graphql';
import type { RegisteredRoute } from '../src/app';
import { ANSWERS_ELSEWHERE, apiRoutes, routeKey } from './harness/routes';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
});
after(() => s.close());

const SEEDED = 'PL-2026-000101';

describe('answers carry what their schema declares, nothing more', () => {
  it('a copy keeps where it came from in its document; GET /v3/application/{id} does not send it', async () => {
    const copy = await call(s.app, 'GET', apiPath('copyApplication', { applicationId: SEEDED }), officer);
    assert.equal(copy.statusCode, 200, copy.body);
    const copyId = copy.json<{ application: { application_id: string } }>().application.application_id;
    const [stored] = await s.app.ctx.db.query<{ doc: Record<string, unknown> }>(
      'SELECT doc FROM applications WHERE application_id = $1',
      [copyId],
    );
    assert.equal(stored?.doc.copiedFrom, SEEDED);

    const res = await call(s.app, 'GET', apiPath('application', { applicationId: copyId }), officer);
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json<Record<string, unknown>>();
    const declared = Object.keys(ApplicationSchema.properties);
    assert.deepEqual(
      Object.keys(answer).filter((key) => !declared.includes(key)),
      [],
    );
    assert.equal('copiedFrom' in answer, false);
    assert.equal(answer.application_id, copyId);
  });

  it('each note has exactly the keys of a note', async () => {
    const added = await call(s.app, 'POST', apiPath('applicationNotes', { applicationId: SEEDED }), officer, {
      text: 'Salary slips checked',
    });
    assert.equal(added.statusCode, 200, added.body);
    const res = await call(s.app, 'GET', apiPath('applicationNotes', { applicationId: SEEDED }), officer);
    assert.equal(res.statusCode, 200, res.body);
    const notes = res.json<{ data: Record<string, unknown>[] }>().data;
    assert.ok(notes.length > 0);
    const keys = Object.keys(NotesAnswerSchema.properties.data.items.properties).sort();
    for (const note of notes) assert.deepEqual(Object.keys(note).sort(), keys);
  });
});

/** Kind, fields, input fields and enum values of every type, from an introspection answer or the SDL. */
interface TypeShape {
  kind: string;
  fields: string[];
  enumValues: string[];
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

const typeName = (ref: TypeRef): string =>
  ref.kind === 'NON_NULL'
    ? `${typeName(ref.ofType as TypeRef)}!`
    : ref.kind === 'LIST'
      ? `[${typeName(ref.ofType as TypeRef)}]`
      : (ref.name as string);

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
const INTROSPECTION = `{ __schema { types { name kind fields { name type { ${TYPE_REF} } }
  inputFields { name type { ${TYPE_REF} } } enumValues { name } } } }`;

function servedShapes(
  types: {
    name: string;
    kind: string;
    fields: { name: string; type: TypeRef }[] | null;
    inputFields: { name: string; type: TypeRef }[] | null;
    enumValues: { name: string }[] | null;
  }[],
): Map<string, TypeShape> {
  return new Map(
    types
      .filter((t) => !t.name.startsWith('__'))
      .map((t) => [
        t.name,
        {
          kind: t.kind,
          fields: [...(t.fields ?? []), ...(t.inputFields ?? [])].map((f) => `${f.name}: ${typeName(f.type)}`),
          enumValues: (t.enumValues ?? []).map((v) => v.name),
        },
      ]),
  );
}

function contractShapes(): Map<string, TypeShape> {
  const schema = buildSchema(BACK_OFFICE_SDL);
  return new Map(
    Object.values(schema.getTypeMap())
      .filter((t) => !t.name.startsWith('__'))
      .map((t) => [
        t.name,
        {
          kind: isObjectType(t) ? 'OBJECT' : isInputObjectType(t) ? 'INPUT_OBJECT' : isEnumType(t) ? 'ENUM' : 'SCALAR',
          fields:
            isObjectType(t) || isInputObjectType(t)
              ? Object.values(t.getFields()).map((f) => `${f.name}: ${String(f.type)}`)
              : [],
          enumValues: isEnumType(t) ? t.getValues().map((v) => v.name) : [],
        },
      ]),
  );
}

describe('GraphQL', () => {
  it('serves the contract SDL, whose object types are written from the answer schemas', async () => {
    const data = await encryptPayload({ query: INTROSPECTION }, officer.access_token);
    const res = await call(s.app, 'POST', API_PATHS.graphql, officer, { data });
    assert.equal(res.statusCode, 200, res.body);
    const answer = await decryptPayload<{ data: { __schema: { types: Parameters<typeof servedShapes>[0] } } }>(
      res.json<{ data: string }>().data,
      officer.access_token,
    );
    const served = servedShapes(answer.data.__schema.types);
    assert.deepEqual(Object.fromEntries(served), Object.fromEntries(contractShapes()));
    assert.deepEqual(served.get('ListTask')?.fields.length, Object.keys(ListTaskSchema.properties).length);
  });
});

/** The success and error answers a route declares, by Fastify's status keys. */
function declaredStatuses(route: RegisteredRoute): string[] {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  return Object.keys(response);
}

describe('every route declares its answers', () => {
  it('a success answer and the error answers, for every registered route', () => {
    const missing = apiRoutes(s.app)
      .filter((route) => !ANSWERS_ELSEWHERE.includes(routeKey(route)))
      .map((route) => ({ route: routeKey(route), statuses: declaredStatuses(route) }))
      .filter(({ statuses }) => !statuses.some((st) => st.startsWith('2')) || !statuses.includes('4xx'))
      .map(({ route, statuses }) => `${route} declares [${statuses.join(', ')}]`);
    assert.equal(missing.length, 0, `routes without their answers:\n${missing.join('\n')}`);
  });
});
