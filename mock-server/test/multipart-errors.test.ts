// Broken multipart bodies on every route that parses multipart: 400/1101 naming the body (or the
// content-type) and the reason, never a 500, whoever sends them and wherever the body breaks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import { type Applicant, newHomeLoan } from './flow-helpers';
import { type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let applicant: Applicant;
let officer: Login;

before(async () => {
  s = await startServer();
  applicant = await newHomeLoan(s.app);
  officer = await login(s.app, 'officer');
});
after(() => s.close());

const B = 'originateBoundary42';
const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

/** The upload form as the portal sends it, whole: fields first, then the file, then the closing boundary. */
function form(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${B}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF}\r\n--${B}--\r\n`;
}

function post(
  url: string,
  headers: Record<string, string>,
  payload: string,
  type = `multipart/form-data; boundary=${B}`,
) {
  return s.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type }, payload });
}

const CUT = 'ends before the closing boundary named in its content-type (cut off or another boundary)';

describe('a truncated or malformed multipart body', () => {
  it('without its closing boundary answers 400 on POST /api/uploadLocalFiletoS3 (applicant session), every time', async () => {
    const whole = form({ application_id: applicant.applicationId, fieldKey: 'id_document' });
    const cut = whole.slice(0, whole.lastIndexOf(`--${B}--`));
    for (let i = 0; i < 5; i++) {
      const res = await post(API_PATHS.uploadDocument, applicant.headers, cut);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), {
        code: 1101,
        message: 'Validation Failed',
        errors: [{ label: 'body', reason: CUT }],
      });
    }
    // The same form whole is accepted: only the cut made it bad input.
    assert.equal((await post(API_PATHS.uploadDocument, applicant.headers, whole)).statusCode, 200);
  });

  it('cut inside a field, inside the file or inside part headers answers 400 naming the body', async () => {
    const whole = form({ application_id: applicant.applicationId, fieldKey: 'id_document' });
    const cuts = {
      'inside a field': whole.slice(0, whole.indexOf('id_document') + 4),
      'inside the file': whole.slice(0, whole.indexOf('endobj')),
      'inside part headers': whole.slice(0, whole.indexOf('filename=')),
    };
    for (const [where, body] of Object.entries(cuts)) {
      const res = await post(API_PATHS.uploadDocument, applicant.headers, body);
      assert.equal(res.statusCode, 400, `${where}: ${res.body}`);
      assert.deepEqual(res.json().errors, [{ label: 'body', reason: CUT }], where);
    }
  });

  it('a missing, mismatched or over-long boundary answers 400 naming the content-type or the body', async () => {
    const whole = form({ application_id: applicant.applicationId, fieldKey: 'id_document' });
    const cases: [string, string, string, string][] = [
      ['no boundary parameter', whole, 'multipart/form-data', 'content-type'],
      ['another boundary', whole, 'multipart/form-data; boundary=somethingElse', 'body'],
      [
        'a 300-character boundary',
        whole.replaceAll(B, 'x'.repeat(300)),
        `multipart/form-data; boundary=${'x'.repeat(300)}`,
        'content-type',
      ],
    ];
    for (const [what, body, type, label] of cases) {
      const res = await post(API_PATHS.uploadDocument, applicant.headers, body, type);
      assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
      assert.equal(res.json().code, 1101, what);
      assert.deepEqual(
        res.json().errors.map((e: { label: string }) => e.label),
        [label],
        what,
      );
    }
  });

  it('every multipart route answers the same for the same bodies, staff or applicant', async () => {
    const staffUpload = form({ application_id: 'CL-2026-000103', fieldKey: 'id_document' });
    const uploaded = await post(API_PATHS.uploadDocument, officer.headers, staffUpload);
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    // A real document to replace, so the replacement reaches its file part.
    const replace = form({ application_id: 'CL-2026-000103', fileId: uploaded.json().fileId });
    const multipartRoutes = s.app.registeredRoutes.filter(
      (r) => r.multipart && r.method === 'POST' && !r.url.startsWith('/debugger') && !r.schema?.body,
    );
    // The two upload routes: whatever else joins them is held to the same answers.
    assert.deepEqual(
      multipartRoutes.map((r) => r.url).sort(),
      [API_PATHS.uploadDocument, API_PATHS.updateDocument].sort(),
    );
    for (const route of multipartRoutes) {
      for (const whole of [staffUpload, replace]) {
        for (const body of [
          whole.slice(0, whole.lastIndexOf(`--${B}--`)),
          whole.slice(0, whole.indexOf('CL-2026-00')),
        ]) {
          const res = await post(route.url, officer.headers, body);
          assert.equal(res.statusCode, 400, `${route.url}: ${res.body}`);
          assert.equal(res.json().code, 1101, route.url);
        }
      }
    }
  });
});
