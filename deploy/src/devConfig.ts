// Writes the runtime configuration the dev servers serve (see RUNTIME_ENV_FILE and
// REMOTES_MANIFEST_FILE in shared/build/createAppConfig.cjs), built by the same code as serve.ts,
// but listing every remote that has sources rather than only the built ones.
//   node --import tsx deploy/src/devConfig.ts <out dir>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listApps, REPO_ROOT, readJson, withDeploymentFile } from './apps';
import { buildRemotesManifest, buildRuntimeEnv, readDeclaration } from './manifest';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: devConfig.ts <out dir>');
  process.exit(1);
}
const env = withDeploymentFile(process.env);
// A dev server serves its app at its root, straight from the sources.
const sources = listApps(REPO_ROOT, env, { built: false })
  .filter((a) => a.kind === 'remote')
  .map((app) => ({
    app,
    entry: `${app.publicUrl}/mf-manifest.json`,
    version: String(
      (readJson(path.join(REPO_ROOT, app.dir, 'package.json')) as { version?: unknown }).version ?? '0.0.0',
    ),
    declaration: () => readDeclaration(path.join(REPO_ROOT, app.dir, 'remote.json'), `${app.dir}/remote.json`),
  }));
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'env.json'), JSON.stringify(buildRuntimeEnv(env), null, 2));
writeFileSync(path.join(outDir, 'remotes.json'), JSON.stringify(buildRemotesManifest(sources), null, 2));
