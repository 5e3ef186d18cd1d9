// README "Layout": route files validate, check access and answer; SQL and transactions live in services
// (and db/, seed/). A route file that queries the database directly fails here, naming the line.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROUTES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'routes');
const DATABASE_CALL = /\b(?:db|tx|ctx\.db)\.(?:query|exec|transaction)\s*[<(]/;

it('route files hold no SQL', () => {
  const found = readdirSync(ROUTES)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((file) =>
      readFileSync(path.join(ROUTES, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `routes/${file}:${i + 1}`, line }))
        .filter(
          ({ line }) => DATABASE_CALL.test(line) || /\b(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/.test(line),
        ),
    )
    .map(({ at, line }) => `${at}: ${line.trim()}`);
  assert.deepEqual(found, []);
});
