import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_VERSION } from './version';

describe('ENGINE_VERSION', () => {
  it("is the package's version, so a release that bumps package.json bumps what server and portal compare", () => {
    const pkg: { version: string } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
    expect(ENGINE_VERSION).toBe(pkg.version);
  });
});
