// Writes the runtime configuration the dev servers serve (see RUNTIME_ENV_FILE and
// REMOTES_MANIFEST_FILE in shared/build/createAppConfig.cjs), built by the same code as serve.ts,
// but listing every remote that has sources rather than only the built ones.
//   node --import tsx deploy/src/devConfig.ts <out dir>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listApps, REPO_ROOT, resolvePort, serverPort } from './apps';
import { buildRemotesManifest, buildRuntimeEnv } from './manifest';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: devConfig.ts <out dir>');
  process.exit(1);
}
const env = process.env;
const remotes = listApps(REPO_ROOT, env, { built: false }).filter((a) => a.kind === 'remote');
mkdirSync(outDir, { recursive: true });
const runtimeEnv = buildRuntimeEnv({
  serverPort: serverPort(env),
  shellPort: resolvePort('SHELL_PORT', env) ?? 3000,
  env,
});
writeFileSync(path.join(outDir, 'env.json'), JSON.stringify(runtimeEnv, null, 2));
writeFileSync(path.join(outDir, 'remotes.json'), JSON.stringify(buildRemotesManifest(REPO_ROOT, remotes), null, 2));
