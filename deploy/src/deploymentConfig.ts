// A deployment's configuration as its own files hold it (README "Compose and Kubernetes"): compose's env file
// (deploy/compose/deployment.env) or the Kubernetes ConfigMap (deploy/k8s/config.yaml), the same variables
// DEPLOYMENT_FILE holds as JSON. nginx.ts makes the containers' nginx.conf from them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Env } from './apps';

/** A compose env file: NAME=value lines, # comments and blank lines; anything else is an error naming the line. */
export function readEnvFile(file: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`${path.basename(file)}:${index + 1}: not NAME=value`);
    const [, name = '', value = ''] = match;
    if (name in vars) throw new Error(`${path.basename(file)}:${index + 1}: ${name} set twice`);
    vars[name] = value;
  }
  return vars;
}

/** The data of the one ConfigMap a YAML file holds; every value a string, as Kubernetes requires. */
export function readConfigMapData(file: string): Record<string, string> {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'), { uniqueKeys: true });
  const problems = documents.flatMap((doc) => [...doc.errors, ...doc.warnings].map((e) => e.message));
  if (problems.length > 0) throw new Error(`${path.basename(file)}: ${problems.join('; ')}`);
  const maps = documents
    .map((doc) => doc.toJS() as { kind?: unknown; data?: unknown })
    .filter((o) => o?.kind === 'ConfigMap');
  const [configMap, ...more] = maps;
  if (!configMap || more.length > 0) {
    throw new Error(`${path.basename(file)}: must hold one ConfigMap, holds ${maps.length}`);
  }
  const data = configMap.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error(`${path.basename(file)}: data is not a map`);
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string') throw new Error(`${path.basename(file)}: data.${name} must be a string`);
  }
  return data as Record<string, string>;
}

/**
 * The variables of a deployment file, and nothing from this process's environment (the file is the
 * deployment): `.env` as compose reads it, `.yaml`/`.yml` a Kubernetes ConfigMap.
 */
export function readDeploymentConfig(file: string): Env {
  if (!existsSync(file)) throw new Error(`--deployment: no file '${file}'`);
  const extension = path.extname(file);
  if (extension === '.env') return readEnvFile(file);
  if (extension === '.yaml' || extension === '.yml') return readConfigMapData(file);
  throw new Error(`--deployment: '${file}' is neither a compose env file (.env) nor a ConfigMap (.yaml)`);
}
