// The compose and Kubernetes files of the production topology (README "Compose and Kubernetes"), checked
// offline: every Kubernetes document against its schema (kubernetes-models), and both files against the
// code: ports (deploy/ports.json), probe paths (the API's routes, deploy's origin server), the variables
// the code reads, the grace periods against the API's drain; and the nginx.conf each runs, made as the
// README says (`npm run nginx:compose`, `npm run nginx:k8s`), against both and against `nginx -t`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, DEFAULT_LOGIN_KEY, MAX_FILE_SIZE_BYTES } from '@originate/contract';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IService } from 'kubernetes-models/v1/Service';
import { parse, parseAllDocuments } from 'yaml';
import {
  type AppInfo,
  apiPublicUrl,
  appInfo,
  type Env,
  listApps,
  listenHost,
  originsFrom,
  portEnvName,
  publicUrlEnvName,
  REPO_ROOT,
  withDeploymentFile,
} from '../src/apps';
import { readEnvFile } from '../src/deploymentConfig';
import { BROTLI_STATIC_MODULE } from '../src/nginx';
import { keepCount, releasesRoot, switchCurrent } from '../src/releases';
import { createAppServer } from '../src/serve';

const K8S_DIR = path.join(REPO_ROOT, 'deploy', 'k8s');
const COMPOSE_DIR = path.join(REPO_ROOT, 'deploy', 'compose');
const KUSTOMIZATION = 'kustomization.yaml';
const PORTS: Record<string, number> = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'ports.json'), 'utf8'));
const SECRETS = ['DATABASE_URL', 'REDIS_URL', 'LOGIN_KEY'];
/** The API's alone, optional (unset: messages wait in the outbox): where mail and SMS leave, credentials in the URL. */
const MESSAGE_SECRETS = ['SMTP_URL', 'SMS_GATEWAY_URL'];
/** Stand-ins for the Secret's values, shaped as the README tells (the hosts of external.yaml). */
const SECRET_VALUES: Record<string, string> = {
  DATABASE_URL: 'postgres://originate@postgres:5432/originate',
  REDIS_URL: 'redis://redis:6379',
  LOGIN_KEY: DEFAULT_LOGIN_KEY,
};

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [field: string]: unknown;
}

interface Located {
  where: string;
  object: K8sObject;
}

/** Every document of a YAML file; a syntax error, a duplicate key or a warning names the file. */
function yamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'), { prettyErrors: true }).map((doc, index) => {
    const problems = [...doc.errors, ...doc.warnings];
    if (problems.length > 0) {
      throw new Error(`${path.basename(file)} #${index + 1}: ${problems.map((p) => p.message).join('; ')}`);
    }
    return doc.toJS();
  });
}

type ModelClass = (new (data: unknown) => { validate(): void }) & { apiVersion?: string; kind?: string };

const API_VERSION = /^([a-z0-9]([a-z0-9.-]*[a-z0-9])?\/)?v\d+((alpha|beta)\d+)?$/;

/** The kubernetes-models class of a document's apiVersion and kind; anything else is an error naming it. */
async function modelOf(apiVersion: unknown, kind: unknown): Promise<ModelClass> {
  if (typeof apiVersion !== 'string' || !API_VERSION.test(apiVersion)) {
    throw new Error(`apiVersion '${String(apiVersion)}' is not a Kubernetes API version`);
  }
  let group: Record<string, unknown>;
  try {
    group = await import(`kubernetes-models/${apiVersion}`);
  } catch {
    throw new Error(`apiVersion '${apiVersion}' is unknown to kubernetes-models`);
  }
  const model = typeof kind === 'string' ? (group[kind] as ModelClass | undefined) : undefined;
  if (typeof model !== 'function' || model.kind !== kind || model.apiVersion !== apiVersion) {
    throw new Error(`kind '${String(kind)}' is not a kind of ${apiVersion}`);
  }
  return model;
}

/** Constructs the document's model and validates it against the Kubernetes schema; throws naming what is wrong. */
async function validateDocument(document: unknown, where: string): Promise<K8sObject> {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new Error(`${where}: not an object`);
  }
  const { apiVersion, kind } = document as { apiVersion?: unknown; kind?: unknown };
  try {
    const Model = await modelOf(apiVersion, kind);
    new Model(document).validate();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  const object = document as K8sObject;
  if (typeof object.metadata?.name !== 'string') throw new Error(`${where}: ${object.kind} without metadata.name`);
  return object;
}

/** Every object of deploy/k8s but the kustomization, validated. */
async function readK8sObjects(): Promise<Located[]> {
  const files = readdirSync(K8S_DIR).filter((f) => /\.ya?ml$/.test(f) && f !== KUSTOMIZATION);
  const objects: Located[] = [];
  for (const file of files) {
    const documents = yamlDocuments(path.join(K8S_DIR, file));
    for (const [index, document] of documents.entries()) {
      const where = `deploy/k8s/${file} #${index + 1}`;
      objects.push({ where, object: await validateDocument(document, where) });
    }
  }
  return objects;
}

let validated: Promise<Located[]> | undefined;

/** The objects of deploy/k8s, read and validated once for the file's tests. */
function k8sObjects(): Promise<Located[]> {
  validated ??= readK8sObjects();
  return validated;
}

function find<T>(objects: readonly Located[], kind: string, name: string): T {
  const found = objects.find((o) => o.object.kind === kind && o.object.metadata.name === name);
  assert.ok(found, `deploy/k8s has no ${kind} ${name}`);
  return found.object as unknown as T;
}

/** A compose or Kubernetes port reference (a number or a container port's name) as a number. */
function portNumber(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function onlyContainer(deployment: { spec?: { template: { spec?: { containers: IContainer[] } } } }): IContainer {
  const containers = deployment.spec?.template.spec?.containers ?? [];
  assert.equal(containers.length, 1);
  return containers[0] as IContainer;
}

/** A compose duration ('20s', '1m30s', '500ms') in milliseconds. */
function durationMs(value: unknown): number {
  const text = String(value);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) throw new Error(`'${text}' is not a duration`);
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  return parts.reduce((sum, [, amount = '0', u = 's']) => sum + Number(amount) * (unit[u] ?? 0), 0);
}

interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  drainTimeoutMs: number;
  keepAliveTimeoutMs: number;
  corsOrigins: string[];
  customerPortalUrl: string;
}

/** What the API's own config loader (mock-server/src/config.ts) makes of these variables, in a process of its own. */
function apiConfigOf(vars: Record<string, string>): ApiConfig {
  const script = `const { loadConfig } = await import('./src/config.ts');
const c = loadConfig();
console.log(JSON.stringify({ port: c.port, host: c.host, dataDir: c.dataDir, drainTimeoutMs: c.drainTimeoutMs,
  keepAliveTimeoutMs: c.keepAliveTimeoutMs, corsOrigins: c.corsOrigins, customerPortalUrl: c.customerPortalUrl }));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.join(REPO_ROOT, 'mock-server'),
    env: { PATH: process.env.PATH, ...vars, ...SECRET_VALUES },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `the API refuses the configuration: ${result.stderr}`);
  return JSON.parse(result.stdout) as ApiConfig;
}

/** Where the code reads its environment (README "Compose and Kubernetes"). */
const CODE_READING_ENV = [
  'deploy/src/apps.ts',
  'deploy/src/releases.ts',
  'deploy/src/manifest.ts',
  'deploy/src/headers.ts',
  'deploy/src/serve.ts',
  'deploy/src/release-cli.ts',
  'mock-server/src/config.ts',
  'mock-server/src/main.ts',
];
/** `env.NAME`, `helper(env, 'NAME'…)`, `helper('NAME', env)`: how those files read a variable. */
const ENV_READS = [
  /\benv\.([A-Z][A-Z0-9_]*)\b/g,
  /\(\s*env\s*,\s*'([A-Z][A-Z0-9_]*)'/g,
  /\(\s*'([A-Z][A-Z0-9_]*)'\s*,\s*env\s*\)/g,
];

/** The variables the code reads: by name in those files, and each app's port and public URL (apps.ts). */
function variablesTheCodeReads(apps: readonly AppInfo[]): Set<string> {
  const names = new Set<string>();
  for (const file of CODE_READING_ENV) {
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const pattern of ENV_READS) for (const [, name = ''] of text.matchAll(pattern)) names.add(name);
  }
  for (const app of apps) names.add(portEnvName(app.dir)).add(publicUrlEnvName(app.dir));
  return names;
}

/** The apps of the repo, each with its default port (deploy/ports.json). */
const APPS = listApps(REPO_ROOT, {}, { built: false });
interface ComposeFile {
  services: Record<string, Record<string, unknown>>;
  configs?: Record<string, { file?: string }>;
}
const compose = parse(readFileSync(path.join(COMPOSE_DIR, 'docker-compose.yml'), 'utf8'), {
  uniqueKeys: true,
}) as ComposeFile;
const composeEnv = readEnvFile(path.join(COMPOSE_DIR, 'deployment.env'));

/** The container ports a compose service publishes, each the same outside and in. */
function publishedPorts(service: Record<string, unknown>): number[] {
  return ((service.ports ?? []) as string[]).map((spec) => {
    const [, host, container] = /^(?:[\d.]+:)?(\d+):(\d+)$/.exec(spec) ?? [];
    assert.equal(host, container, `${spec}: the same port outside and in`);
    return Number(container);
  });
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('every document is a Kubernetes object its schema accepts', async () => {
    const objects = await k8sObjects();
    const kinds = new Set(objects.map((o) => o.object.kind));
    for (const kind of ['ConfigMap', 'Deployment', 'Service', 'Ingress', 'PersistentVolumeClaim', 'Job']) {
      assert.ok(kinds.has(kind), `no ${kind} in deploy/k8s`);
    }
  });

  it('refuses a field of the wrong type, an unknown kind and an unknown apiVersion', async () => {
    const objects = await k8sObjects();
    const api = structuredClone(find<IDeployment>(objects, 'Deployment', 'api'));
    const port = onlyContainer(api).ports?.[0];
    assert.ok(port);
    (port as { containerPort: unknown }).containerPort = '4000';
    await assert.rejects(validateDocument(api, 'api'), /containerPort must be integer/);

    const config = structuredClone(find<IConfigMap>(objects, 'ConfigMap', 'originate-config'));
    (config.data as Record<string, unknown>).SERVER_PORT = 4000;
    await assert.rejects(validateDocument(config, 'config'), /data\/SERVER_PORT must be string/);

    const replicas = structuredClone(find<IDeployment>(objects, 'Deployment', 'api'));
    (replicas.spec as { replicas: unknown }).replicas = 'two';
    await assert.rejects(validateDocument(replicas, 'replicas'), /replicas must be integer/);

    await assert.rejects(
      validateDocument({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } }, 'typo'),
      /typo: kind 'Deploymnet' is not a kind of apps\/v1/,
    );
    await assert.rejects(
      validateDocument({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' } }, 'crd'),
      /crd: apiVersion 'example.com\/v1' is unknown to kubernetes-models/,
    );
    await assert.rejects(
      validateDocument({ apiVersion: 'v1', kind: 'Container', metadata: { name: 'x' } }, 'part'),
      /part: kind 'Container' is not a kind of v1/,
    );
  });

  it('kustomization.yaml lists every manifest, generates the nginx.conf ConfigMap the origins mount, renames every image', async () => {
    const [kustomization, ...more] = yamlDocuments(path.join(K8S_DIR, KUSTOMIZATION)) as {
      apiVersion?: string;
      kind?: string;
      resources?: string[];
      configMapGenerator?: { name: string; files?: string[] }[];
      images?: { name: string; newName?: string; newTag?: string }[];
    }[];
    assert.equal(more.length, 0);
    assert.ok(kustomization);
    assert.equal(kustomization.apiVersion, 'kustomize.config.k8s.io/v1beta1');
    assert.equal(kustomization.kind, 'Kustomization');
    const manifests = readdirSync(K8S_DIR).filter((f) => /\.ya?ml$/.test(f) && f !== KUSTOMIZATION);
    assert.deepEqual([...(kustomization.resources ?? [])].sort(), manifests.sort());

    const objects = await k8sObjects();
    const origins = find<IDeployment>(objects, 'Deployment', 'origins');
    const generated = new Set((kustomization.configMapGenerator ?? []).map((g) => g.name));
    const declared = new Set(objects.filter((o) => o.object.kind === 'ConfigMap').map((o) => o.object.metadata.name));
    for (const volume of origins.spec?.template.spec?.volumes ?? []) {
      const name = volume.configMap?.name;
      if (name)
        assert.ok(generated.has(name) || declared.has(name), `ConfigMap ${name} is neither declared nor generated`);
    }
    const nginxConf = kustomization.configMapGenerator?.find((g) => g.name === 'nginx-conf');
    assert.deepEqual(nginxConf?.files, ['nginx.conf']);

    const renamed = new Set((kustomization.images ?? []).filter((i) => i.newName && i.newTag).map((i) => i.name));
    for (const { object } of objects) {
      const spec = (object as unknown as IDeployment | IJob).spec?.template?.spec;
      for (const container of spec?.containers ?? []) {
        assert.ok(
          renamed.has(container.image ?? ''),
          `${object.metadata.name}: image ${container.image} not in images`,
        );
      }
    }
  });

  it('the API: two replicas, probes on its paths and port, resources, configuration from the ConfigMap and the Secret', async () => {
    const objects = await k8sObjects();
    const deployment = find<IDeployment>(objects, 'Deployment', 'api');
    assert.ok((deployment.spec?.replicas ?? 1) >= 2);
    const api = onlyContainer(deployment);
    const port = PORTS.SERVER_PORT;
    assert.deepEqual(
      api.ports?.map((p) => p.containerPort),
      [port],
    );
    assert.equal(api.readinessProbe?.httpGet?.path, API_PATHS.readyz);
    assert.equal(api.livenessProbe?.httpGet?.path, API_PATHS.healthz);
    assert.equal(api.startupProbe?.httpGet?.path, API_PATHS.healthz);
    for (const probe of [api.readinessProbe, api.livenessProbe, api.startupProbe]) {
      assert.equal(portNumber(api, probe?.httpGet?.port), port);
    }
    for (const kind of ['requests', 'limits'] as const) {
      assert.ok(api.resources?.[kind]?.cpu && api.resources[kind]?.memory, `api: resources.${kind}`);
    }
    assert.deepEqual(
      api.envFrom?.map((e) => e.configMapRef?.name),
      ['originate-config'],
    );
    const secretRefs = (container: IContainer) =>
      container.env?.map((e) => [
        e.name,
        e.valueFrom?.secretKeyRef?.name,
        e.valueFrom?.secretKeyRef?.key,
        e.valueFrom?.secretKeyRef?.optional ?? false,
      ]);
    assert.deepEqual(secretRefs(api), [
      ...SECRETS.map((name) => [name, 'originate-secrets', name, false]),
      ...MESSAGE_SECRETS.map((name) => [name, 'originate-secrets', name, true]),
    ]);
    // The seed sends nothing: no mail or SMS credentials.
    const seed = onlyContainer(find<IJob>(objects, 'Job', 'api-seed'));
    assert.equal(seed.image, api.image);
    assert.deepEqual(
      secretRefs(seed),
      SECRETS.map((name) => [name, 'originate-secrets', name, false]),
    );
    assert.deepEqual(seed.envFrom, api.envFrom);
  });

  it('terminationGracePeriodSeconds covers the preStop sleep and the drain (DRAIN_TIMEOUT_MS)', async () => {
    const objects = await k8sObjects();
    const config = find<IConfigMap>(objects, 'ConfigMap', 'originate-config');
    const { drainTimeoutMs } = apiConfigOf(config.data ?? {});
    const deployment = find<IDeployment>(objects, 'Deployment', 'api');
    const command = onlyContainer(deployment).lifecycle?.preStop?.exec?.command ?? [];
    assert.equal(command[0], 'sleep');
    const preStopMs = Number(command[1]) * 1000;
    assert.ok(preStopMs > 0, 'the API has a preStop sleep');
    const graceMs = (deployment.spec?.template.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
    assert.ok(
      graceMs > preStopMs + drainTimeoutMs,
      `grace ${graceMs} ms must exceed preStop ${preStopMs} ms + drain ${drainTimeoutMs} ms`,
    );
  });

  it('the origins: every app port on nginx, probes on the origin server paths, the release store at RELEASES_DIR', async () => {
    const objects = await k8sObjects();
    const config = find<IConfigMap>(objects, 'ConfigMap', 'originate-config').data ?? {};
    const deployment = find<IDeployment>(objects, 'Deployment', 'origins');
    const nginx = onlyContainer(deployment);
    assert.deepEqual(nginx.ports?.map((p) => p.containerPort).sort(), APPS.map((a) => a.port).sort());
    assert.equal(nginx.readinessProbe?.httpGet?.path, '/readyz');
    assert.equal(nginx.livenessProbe?.httpGet?.path, '/healthz');
    for (const probe of [nginx.readinessProbe, nginx.livenessProbe]) {
      assert.equal(portNumber(nginx, probe?.httpGet?.port), PORTS.SHELL_PORT);
    }
    const store = nginx.volumeMounts?.find((m) => m.mountPath === config.RELEASES_DIR);
    assert.ok(store?.readOnly, `origins: the release store mounted read-only at ${config.RELEASES_DIR}`);
    const claim = deployment.spec?.template.spec?.volumes?.find((v) => v.name === store.name);
    find<IPersistentVolumeClaim>(objects, 'PersistentVolumeClaim', claim?.persistentVolumeClaim?.claimName ?? '');
    assert.ok(nginx.resources?.requests && nginx.resources.limits);

    const uploads = onlyContainer(find<IDeployment>(objects, 'Deployment', 'api')).volumeMounts;
    assert.ok(
      uploads?.some((m) => m.mountPath === config.DATA_DIR && !m.readOnly),
      'api: DATA_DIR on a volume',
    );
  });

  it('every Service selects its Deployment and targets its container ports; the Ingress routes each public URL to its port', async () => {
    const objects = await k8sObjects();
    const config = find<IConfigMap>(objects, 'ConfigMap', 'originate-config').data ?? {};
    const deployments = objects.filter((o) => o.object.kind === 'Deployment').map((o) => o.object as IDeployment);
    const services = objects.filter((o) => o.object.kind === 'Service').map((o) => o.object as unknown as IService);
    /** Service name → its port → the container port it reaches. */
    const reaches = new Map<string, Map<number, number>>();
    for (const service of services) {
      const selector = service.spec?.selector;
      if (service.spec?.type === 'ExternalName') continue;
      const target = deployments.filter((d) =>
        Object.entries(selector ?? {}).every(([k, v]) => d.spec?.template.metadata?.labels?.[k] === v),
      );
      assert.equal(target.length, 1, `Service ${service.metadata?.name} selects one Deployment`);
      const container = onlyContainer(target[0] as IDeployment);
      const ports = new Map<number, number>();
      for (const port of service.spec?.ports ?? []) {
        const containerPort = portNumber(container, port.targetPort ?? port.port);
        assert.ok(containerPort, `Service ${service.metadata?.name} port ${port.port}: no such container port`);
        ports.set(port.port, containerPort);
      }
      reaches.set(service.metadata?.name ?? '', ports);
    }
    const ingress = find<IIngress>(objects, 'Ingress', 'originate');
    const routes = new Map(
      (ingress.spec?.rules ?? []).map((rule) => {
        const backend = rule.http?.paths[0]?.backend.service;
        return [rule.host, reaches.get(backend?.name ?? '')?.get(backend?.port?.number ?? 0)];
      }),
    );
    const env: Env = { ...config };
    const expected = new Map([
      ...APPS.map((app) => [new URL(appInfo(REPO_ROOT, app.dir, env, app.port).publicUrl).host, app.port] as const),
      [new URL(apiPublicUrl(env)).host, PORTS.SERVER_PORT] as const,
    ]);
    assert.deepEqual(routes, expected);
    const tlsHosts = (ingress.spec?.tls ?? []).flatMap((t) => t.hosts ?? []);
    assert.deepEqual(tlsHosts.sort(), [...expected.keys()].sort());
    for (const url of [...APPS.map((a) => appInfo(REPO_ROOT, a.dir, env, a.port).publicUrl), apiPublicUrl(env)]) {
      assert.ok(url.startsWith('https://'), `${url}: public URLs are served over TLS`);
    }
    const body = ingress.metadata?.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '';
    assert.ok(
      /^\d+m$/.test(body) && Number.parseInt(body, 10) * 1024 * 1024 > MAX_FILE_SIZE_BYTES,
      `body size ${body}`,
    );
  });

  it('PostgreSQL and Redis are external services, named as the Secret URLs name them', async () => {
    const objects = await k8sObjects();
    for (const [name, url] of [
      ['postgres', SECRET_VALUES.DATABASE_URL],
      ['redis', SECRET_VALUES.REDIS_URL],
    ] as const) {
      const service = find<IService>(objects, 'Service', name);
      assert.equal(service.spec?.type, 'ExternalName');
      assert.equal(new URL(url ?? '').hostname, name);
      assert.equal(String(service.spec?.ports?.[0]?.port), new URL(url ?? '').port);
    }
    for (const { object } of objects) {
      const spec = (object as unknown as IDeployment).spec?.template?.spec;
      for (const container of spec?.containers ?? []) {
        assert.doesNotMatch(container.image ?? '', /postgres|redis/, `${object.metadata.name} runs a database`);
      }
    }
  });
});

describe('docker compose (deploy/compose)', () => {
  const service = (name: string): Record<string, unknown> => {
    const found = compose.services[name];
    assert.ok(found, `docker-compose.yml has no service ${name}`);
    return found;
  };

  it('two API replicas, checked on /readyz at SERVER_PORT, stopped after the drain', () => {
    const api = service('api');
    const seed = service('seed');
    const deploy = api.deploy as { replicas?: number; resources?: { limits?: unknown; reservations?: unknown } };
    assert.ok((deploy.replicas ?? 1) >= 2);
    assert.ok(deploy.resources?.limits && deploy.resources.reservations);
    assert.deepEqual(api.expose, [String(PORTS.SERVER_PORT)]);
    const check = (api.healthcheck as { test: string[] }).test.join(' ');
    assert.match(check, new RegExp(`http://127\\.0\\.0\\.1:${PORTS.SERVER_PORT}${API_PATHS.readyz}'`));
    const { drainTimeoutMs } = apiConfigOf(composeEnv);
    assert.ok(
      durationMs(api.stop_grace_period) > drainTimeoutMs,
      `stop_grace_period ${api.stop_grace_period} must exceed the drain (${drainTimeoutMs} ms)`,
    );
    assert.equal(api.image, seed.image);
    assert.deepEqual(api.build, seed.build);
    assert.deepEqual(api.depends_on, { seed: { condition: 'service_completed_successfully' } });
    assert.deepEqual(api.volumes, seed.volumes);
    assert.ok((api.volumes as string[]).includes(`uploads:${composeEnv.DATA_DIR}`));
    assert.deepEqual(seed.command, ['node', '--import', 'tsx', 'src/seed/main.ts']);
  });

  it('nginx publishes every app port and the API, serves the store read-only, is checked on /healthz', () => {
    const origins = service('origins');
    const published = publishedPorts(origins);
    assert.deepEqual(published.sort(), [...APPS.map((a) => a.port), PORTS.SERVER_PORT].sort());
    assert.deepEqual(origins.volumes, [`releases:${composeEnv.RELEASES_DIR}:ro`]);
    assert.deepEqual(service('tools').volumes, [`releases:${composeEnv.RELEASES_DIR}`]);
    const check = (origins.healthcheck as { test: string[] }).test.join(' ');
    assert.match(check, new RegExp(`http://127\\.0\\.0\\.1:${PORTS.SHELL_PORT}/healthz$`));
    assert.ok(durationMs(origins.stop_grace_period) > 0);
    assert.equal(compose.configs?.nginx_conf?.file, './nginx.conf');
  });

  it('every service reads deployment.env; secrets only from the environment; no database of ours', () => {
    for (const [name, { env_file, image }] of Object.entries(compose.services)) {
      if (name !== 'origins') assert.deepEqual(env_file, ['deployment.env'], name);
      assert.doesNotMatch(String(image), /postgres|redis/, `${name} runs a database`);
    }
    for (const secretful of ['api', 'seed']) {
      const environment = service(secretful).environment as Record<string, string>;
      const optional = secretful === 'api' ? MESSAGE_SECRETS : [];
      assert.deepEqual(Object.keys(environment), [...SECRETS, ...optional], secretful);
      for (const name of SECRETS) assert.match(environment[name] ?? '', new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
      for (const name of optional) assert.equal(environment[name], `\${${name}:-}`);
    }
  });
});

describe('the runtime configuration (compose deployment.env, Kubernetes ConfigMap)', () => {
  it('both set the same variables, each one the code reads, none of them a secret', async () => {
    const config = find<IConfigMap>(await k8sObjects(), 'ConfigMap', 'originate-config').data ?? {};
    assert.deepEqual(Object.keys(config).sort(), Object.keys(composeEnv).sort());
    const read = variablesTheCodeReads(APPS);
    for (const name of [...Object.keys(config), ...SECRETS, ...MESSAGE_SECRETS]) {
      assert.ok(read.has(name), `no code reads ${name}`);
    }
    for (const name of [...SECRETS, ...MESSAGE_SECRETS]) assert.ok(!(name in config), `${name} belongs in the Secret`);
  });

  it('a variable the code does not read is caught', () => {
    const read = variablesTheCodeReads(APPS);
    assert.ok(read.has('RELEASES_DIR') && read.has('DRAIN_TIMEOUT_MS') && read.has('MFE_NOTIFICATIONS_PUBLIC_URL'));
    assert.ok(!read.has('RELEASE_DIR'));
  });

  for (const source of ['compose', 'k8s'] as const) {
    it(`${source}: deploy takes it as DEPLOYMENT_FILE and the API's config loader accepts it, in containers`, async () => {
      const vars =
        source === 'compose'
          ? composeEnv
          : (find<IConfigMap>(await k8sObjects(), 'ConfigMap', 'originate-config').data ?? {});
      const dir = mkdtempSync(path.join(tmpdir(), 'deployment-file-'));
      try {
        const file = path.join(dir, 'deployment.json');
        writeFileSync(file, JSON.stringify(vars));
        const env = withDeploymentFile({ DEPLOYMENT_FILE: file });
        assert.equal(listenHost(env), '0.0.0.0');
        assert.equal(releasesRoot(env), vars.RELEASES_DIR);
        assert.ok(keepCount(env) >= 1);
        for (const name of ['SHELL_ORIGINS', 'FRAME_ANCESTORS', 'CHATBOT_SCRIPT_ORIGINS', 'ALLOWED_ORIGINS']) {
          originsFrom(env, name);
        }
        for (const app of APPS) {
          assert.equal(vars[portEnvName(app.dir)], String(PORTS[portEnvName(app.dir)]), `${app.dir}: ports.json`);
          assert.ok(vars[publicUrlEnvName(app.dir)], `${publicUrlEnvName(app.dir)} is set`);
        }
        assert.equal(vars.SERVER_PORT, String(PORTS.SERVER_PORT));
        const publicUrls = listApps(REPO_ROOT, env, { built: false }).map((a) => a.publicUrl);
        assert.equal(publicUrls.length, APPS.length);

        const api = apiConfigOf(vars);
        assert.equal(api.host, '0.0.0.0');
        assert.equal(api.port, PORTS.SERVER_PORT);
        assert.equal(api.dataDir, vars.DATA_DIR);
        assert.ok(api.keepAliveTimeoutMs > 60_000, 'the API outlasts a proxy idle upstream connection (60 s)');
        assert.deepEqual(api.corsOrigins.sort(), publicUrls.sort());
        assert.ok(publicUrls.includes(new URL(api.customerPortalUrl).origin), 'the portal is on an app origin');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('probe paths', () => {
  it("are the API's routes: API_PATHS, registered by mock-server's health module", () => {
    assert.equal(API_PATHS.healthz, '/healthz');
    assert.equal(API_PATHS.readyz, '/readyz');
    const routes = readFileSync(path.join(REPO_ROOT, 'mock-server/src/modules/health/routes.ts'), 'utf8');
    assert.match(routes, /API_PATHS\.healthz/);
    assert.match(routes, /API_PATHS\.readyz/);
  });

  it("are answered by deploy's origin server (src/serve.ts), readiness naming a missing release", async () => {
    const store = mkdtempSync(path.join(tmpdir(), 'probe-store-'));
    const env: Env = { RELEASES_DIR: store };
    const shell = APPS.find((a) => a.kind === 'host');
    assert.ok(shell);
    const server = createAppServer(appInfo(REPO_ROOT, shell.dir, env, shell.port), { env });
    try {
      const live = await server.inject({ method: 'GET', url: '/healthz' });
      assert.equal(live.statusCode, 200);
      assert.deepEqual(live.json(), { status: 'ok' });
      const ready = await server.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      assert.deepEqual(ready.json(), { status: 'not-ready', reasons: ['shell has no current release'] });
    } finally {
      await server.close();
      rmSync(store, { recursive: true, force: true });
    }
  });
});

const DEPLOY_DIR = path.join(REPO_ROOT, 'deploy');
const NGINX_CLI = ['node', '--import', 'tsx', 'src/nginx.ts'];
/** What the origins container runs: the mounted nginx.conf as it is, in the foreground. */
const nginxCommand = (conf: string) => ['nginx', '-c', conf, '-g', 'daemon off;'];
/** Debian's nginx (npm test installs it with the brotli module). */
const NGINX = '/usr/sbin/nginx';
const nginxSkip = [NGINX, BROTLI_STATIC_MODULE].every((file) => existsSync(file))
  ? false
  : `nginx or its brotli static module is missing (${NGINX}, ${BROTLI_STATIC_MODULE}; npm test installs them)`;

/** A release store with a current release of every app of the repo, each remote's with its own remote.json. */
function releaseStore(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'manifests-store-'));
  for (const [index, app] of APPS.entries()) {
    const id = `0.1.0-${String(index + 1).padStart(12, '0')}`;
    const folder = path.join(root, app.dir, 'releases', id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Originate</title>');
    if (app.kind === 'remote') {
      copyFileSync(path.join(REPO_ROOT, app.dir, 'remote.json'), path.join(folder, 'remote.json'));
    }
    const release = { app: app.dir, id, version: '0.1.0', hash: id.slice(-12), createdAt: '2026-11-26T00:00:00Z' };
    writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ ...release, files: [] }));
    switchCurrent({ RELEASES_DIR: root }, app.dir, id);
  }
  return root;
}

/**
 * Runs the npm script the README gives (`npm run <script> -w @originate/deploy -- --store <store>`) as
 * deploy/package.json has it, writing into `outDir` instead of its own out dir; returns that out dir and the
 * configuration made.
 */
function runNginxScript(script: string, outDir: string, store: string): { writesTo: string; conf: string } {
  const scripts = JSON.parse(readFileSync(path.join(DEPLOY_DIR, 'package.json'), 'utf8')).scripts;
  const line = String(scripts[script] ?? '');
  assert.doesNotMatch(line, /["'$\\]/, `${script}: plain words, so splitting it on spaces is what a shell does`);
  const words = line.split(/\s+/);
  assert.deepEqual(words.slice(0, NGINX_CLI.length), NGINX_CLI, `${script} runs src/nginx.ts`);
  const [writesTo = '', ...args] = words.slice(NGINX_CLI.length);
  const result = spawnSync(process.execPath, [...NGINX_CLI.slice(1), outDir, ...args, '--store', store], {
    cwd: DEPLOY_DIR,
    // Variables the deployment files also set, with other values: --deployment must not read them.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', RELEASES_DIR: store, SHELL_PORT: '18000' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `${script}: ${result.stderr}`);
  return { writesTo: path.join(DEPLOY_DIR, writesTo), conf: readFileSync(path.join(outDir, 'nginx.conf'), 'utf8') };
}

interface NginxServer {
  host: string;
  port: number;
  /** `root`, on an app's server. */
  root?: string;
  /** The exact-match locations (`location = /healthz`). */
  exact: Set<string>;
  /** Every proxy_pass target. */
  proxies: string[];
  text: string;
}

/** The `server` blocks of an nginx.conf (braces inside quotes and comments skipped), with what the agreement reads. */
function nginxServers(conf: string): NginxServer[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = -1;
  let statement = 0;
  for (let i = 0; i < conf.length; i++) {
    const c = conf[i];
    if (c === '"' || c === "'") {
      for (i++; i < conf.length && conf[i] !== c; i++) if (conf[i] === '\\') i++;
    } else if (c === '#') {
      while (i < conf.length && conf[i] !== '\n') i++;
      statement = i;
    } else if (c === '{') {
      if (depth === 1 && conf.slice(statement, i).trim() === 'server') start = i + 1;
      depth++;
      statement = i + 1;
    } else if (c === '}') {
      depth--;
      if (depth === 1 && start >= 0) blocks.push(conf.slice(start, i));
      if (depth === 1) start = -1;
      statement = i + 1;
    } else if (c === ';') {
      statement = i + 1;
    }
  }
  return blocks.map((text) => {
    const listens = [...text.matchAll(/^\s*listen (\S+);$/gm)].map((m) => m[1] ?? '');
    assert.equal(listens.length, 1, `a server listens once: ${listens.join(', ')}`);
    const [, host = '', port = ''] = /^\[?(.*?)\]?:(\d+)$/.exec(listens[0] ?? '') ?? [];
    return {
      host,
      port: Number(port),
      root: /^\s*root "([^"]*)";$/m.exec(text)?.[1],
      exact: new Set([...text.matchAll(/^\s*location = (\S+) \{$/gm)].map((m) => m[1] ?? '')),
      proxies: [...text.matchAll(/^\s*proxy_pass (\S+);$/gm)].map((m) => m[1] ?? ''),
      text,
    };
  });
}

/** The ports a file exposes for nginx are the ports nginx listens on, each way. */
function assertSamePorts(what: string, exposed: readonly number[], listened: readonly number[]): void {
  const notListened = [...new Set(exposed)].filter((port) => !listened.includes(port)).sort();
  const notExposed = [...new Set(listened)].filter((port) => !exposed.includes(port)).sort();
  assert.ok(
    notListened.length === 0 && notExposed.length === 0,
    `${what}: ports nginx does not listen on: ${notListened.join(', ') || 'none'}; ports nginx listens on that are not exposed: ${notExposed.join(', ') || 'none'}`,
  );
}

/** Each app's server is rooted in the store where the container mounts it, and answers both probes. */
function assertAppServers(servers: readonly NginxServer[], store: string | undefined, env: Env): void {
  const apps = servers.filter((s) => s.root !== undefined);
  assert.ok(apps.length > 0, 'no app server');
  assert.equal(store, env.RELEASES_DIR, 'the store is mounted at RELEASES_DIR');
  for (const server of servers) assert.equal(server.host, env.HOST, `port ${server.port}: listens on HOST`);
  for (const { port, root, exact } of apps) {
    assert.ok(root?.startsWith(`${store}/`), `port ${port}: root ${root} is not under the store mounted at ${store}`);
    for (const probe of ['/healthz', '/readyz']) assert.ok(exact.has(probe), `port ${port}: no ${probe}`);
  }
}

/** What a probe or a healthcheck asks of nginx is a location of the server on its port. */
function assertProbed(servers: readonly NginxServer[], port: number | undefined, probePath: string | undefined): void {
  const server = servers.find((s) => s.port === port);
  assert.ok(server, `the probe's port ${port}: nginx does not listen on it`);
  assert.ok(server.exact.has(probePath ?? ''), `port ${port}: no location = ${probePath}`);
}

/** compose's origins service runs this nginx.conf as it is, and publishes, mounts and proxies what it names. */
function assertComposeAgrees(conf: string, file: ComposeFile, env: Env): void {
  const origins = file.services.origins ?? {};
  const mounted = (origins.configs as { source: string; target: string }[] | undefined)?.find(
    (c) => c.source === 'nginx_conf',
  );
  assert.ok(mounted, 'origins: no config nginx_conf mounted');
  assert.deepEqual(origins.command, nginxCommand(mounted.target));
  assert.doesNotMatch(conf, /^\s*daemon\b/m, 'daemon is given on the command line: twice, nginx refuses to start');
  const servers = nginxServers(conf);
  assertSamePorts(
    'compose service origins',
    publishedPorts(origins),
    servers.map((s) => s.port),
  );
  const store = ((origins.volumes ?? []) as string[]).map((v) => /^releases:([^:]+):ro$/.exec(v)?.[1]).find(Boolean);
  assertAppServers(servers, store, env);
  const apiServers = servers.filter((s) => s.proxies.length > 0);
  assert.equal(apiServers.length, 1, 'one server proxies the API');
  const [apiServer] = apiServers;
  assert.equal(apiServer?.port, Number(env.SERVER_PORT));
  assert.deepEqual(new Set(apiServer?.proxies), new Set(['http://$api_upstream']));
  const target = /^\s*set \$api_upstream "([^"]+)";$/m.exec(apiServer?.text ?? '')?.[1] ?? '';
  const [name = '', port = ''] = target.split(':');
  assert.ok(file.services[name], `the API upstream ${target}: compose has no service ${name}`);
  assert.ok(
    ((file.services[name]?.expose ?? []) as string[]).includes(port),
    `the API upstream ${target}: ${name} exposes no ${port}`,
  );
  // Docker's embedded DNS, which knows the service names (and every replica of one).
  assert.match(apiServer?.text ?? '', /^\s*resolver 127\.0\.0\.11 /m);
  const check = (origins.healthcheck as { test: string[] }).test.join(' ');
  const url = new URL(/http:\/\/\S+/.exec(check)?.[0] ?? 'http://none');
  assertProbed(servers, Number(url.port), url.pathname);
}

/** The origins Deployment runs this nginx.conf as it is; its container, Service and Ingress ports are nginx's. */
function assertK8sAgrees(conf: string, objects: readonly Located[], env: Env): void {
  const deployment = find<IDeployment>(objects, 'Deployment', 'origins');
  const nginx = onlyContainer(deployment);
  const volumes = deployment.spec?.template.spec?.volumes ?? [];
  const volumeOf = (mount: { name: string }) => volumes.find((v) => v.name === mount.name);
  const confMount = nginx.volumeMounts?.find((m) => volumeOf(m)?.configMap?.name === 'nginx-conf');
  assert.equal(confMount?.subPath, 'nginx.conf', 'origins: nginx.conf of ConfigMap nginx-conf mounted');
  assert.deepEqual(nginx.command, nginxCommand(confMount.mountPath));
  assert.doesNotMatch(conf, /^\s*daemon\b/m, 'daemon is given on the command line: twice, nginx refuses to start');
  const servers = nginxServers(conf);
  const listened = servers.map((s) => s.port);
  assertSamePorts('Deployment origins', nginx.ports?.map((p) => p.containerPort) ?? [], listened);
  const service = find<IService>(objects, 'Service', 'origins');
  const targetOf = new Map(
    (service.spec?.ports ?? []).map((p) => [p.port, portNumber(nginx, p.targetPort ?? p.port) ?? 0] as const),
  );
  assertSamePorts('Service origins', [...targetOf.values()], listened);
  const ingress = find<IIngress>(objects, 'Ingress', 'originate');
  const routed = (ingress.spec?.rules ?? [])
    .flatMap((rule) => rule.http?.paths ?? [])
    .filter((p) => p.backend.service?.name === 'origins')
    .map((p) => targetOf.get(p.backend.service?.port?.number ?? 0) ?? 0);
  assertSamePorts('Ingress to Service origins', routed, listened);
  const store = nginx.volumeMounts?.find((m) => volumeOf(m)?.persistentVolumeClaim)?.mountPath;
  assertAppServers(servers, store, env);
  // The Ingress sends the API's host to Service api: nothing is proxied here.
  assert.deepEqual(
    servers.flatMap((s) => s.proxies),
    [],
  );
  for (const probe of [nginx.livenessProbe, nginx.readinessProbe]) {
    assertProbed(servers, portNumber(nginx, probe?.httpGet?.port), probe?.httpGet?.path);
  }
}

/**
 * The configuration as `nginx -t` can check it on this machine. Rewritten into `dir`: what nginx writes even
 * under -t (it creates the pid file and the temp folders: as root here, in /run and /var/lib/nginx), and every
 * listen (-t binds each address for a moment, and 0.0.0.0:3000 or :4000 belongs to other runs here) as a unix
 * socket there. Kept as they are, because they exist here or -t does not open them: load_module (Debian's
 * brotli module, found above), /dev/stdout, and each root in the store (not opened by -t).
 */
function forSyntaxCheck(conf: string, dir: string, store: string): string {
  const rewritten = conf
    .replace(/^(\s*listen) \S+:(\d+);$/gm, `$1 unix:${dir}/listen-$2.sock;`)
    .replace(/^(\s*(?:pid|\w+_temp_path)) "\/[^"]*\/([^/"]+)";$/gm, `$1 "${dir}/$2";`);
  for (const [, directive = '', file = ''] of rewritten.matchAll(/^\s*(\w+) "(\/[^"]*)"/gm)) {
    const kept =
      file.startsWith(`${dir}/`) ||
      (directive === 'root' && file.startsWith(`${store}/`)) ||
      (directive === 'load_module' && file === BROTLI_STATIC_MODULE) ||
      (directive === 'access_log' && file === '/dev/stdout');
    assert.ok(kept, `${directive} "${file}": an absolute path the syntax check neither rewrites nor keeps`);
  }
  return rewritten;
}

describe('the nginx.conf of compose and Kubernetes, made as the README says, agrees with their files', () => {
  let store: string;
  let out: string;
  const made: Partial<Record<'compose' | 'k8s', { writesTo: string; conf: string }>> = {};
  const conf = (variant: 'compose' | 'k8s') => made[variant]?.conf ?? assert.fail(`no ${variant} nginx.conf`);
  before(() => {
    store = releaseStore();
    out = mkdtempSync(path.join(tmpdir(), 'manifests-nginx-'));
    made.compose = runNginxScript('nginx:compose', path.join(out, 'compose'), store);
    made.k8s = runNginxScript('nginx:k8s', path.join(out, 'k8s'), store);
  });
  after(() => {
    rmSync(store, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('the README gives the commands; each writes the nginx.conf its files mount', () => {
    const readme = readFileSync(path.join(DEPLOY_DIR, 'README.md'), 'utf8');
    for (const script of ['nginx:compose', 'nginx:k8s']) {
      assert.ok(readme.includes(`npm run ${script} -w @originate/deploy`), `README: npm run ${script}`);
    }
    assert.equal(made.compose?.writesTo, COMPOSE_DIR);
    assert.equal(path.join(COMPOSE_DIR, compose.configs?.nginx_conf?.file ?? ''), path.join(COMPOSE_DIR, 'nginx.conf'));
    assert.equal(made.k8s?.writesTo, K8S_DIR);
    const [kustomization] = yamlDocuments(path.join(K8S_DIR, KUSTOMIZATION)) as {
      configMapGenerator?: { name: string; files?: string[] }[];
    }[];
    assert.deepEqual(kustomization?.configMapGenerator?.find((g) => g.name === 'nginx-conf')?.files, ['nginx.conf']);
  });

  it('compose: ports published and listened, the store mounted and rooted, the API upstream, the healthcheck', () => {
    assertComposeAgrees(conf('compose'), compose, composeEnv);
  });

  it('compose: a port published that nginx does not listen on fails the agreement', () => {
    const originsPorts = (file: ComposeFile) => (file.services.origins?.ports ?? []) as string[];
    const more = structuredClone(compose);
    originsPorts(more).push('127.0.0.1:3009:3009');
    assert.throws(
      () => assertComposeAgrees(conf('compose'), more, composeEnv),
      /compose service origins: ports nginx does not listen on: 3009; ports nginx listens on that are not exposed: none/,
    );
    const fewer = structuredClone(compose);
    originsPorts(fewer).pop();
    assert.throws(() => assertComposeAgrees(conf('compose'), fewer, composeEnv), /that are not exposed: \d+/);
  });

  it('Kubernetes: container, Service and Ingress ports are the ports listened, the store mounted and rooted, the probes', async () => {
    const objects = await k8sObjects();
    const config = find<IConfigMap>(objects, 'ConfigMap', 'originate-config').data ?? {};
    assertK8sAgrees(conf('k8s'), objects, config);
    const more = structuredClone(objects.map((o) => o.object));
    const origins = more.find((o) => o.kind === 'Deployment' && o.metadata.name === 'origins') as IDeployment;
    onlyContainer(origins).ports?.push({ name: 'extra', containerPort: 3009 });
    assert.throws(
      () =>
        assertK8sAgrees(
          conf('k8s'),
          more.map((object) => ({ where: 'changed', object })),
          config,
        ),
      /Deployment origins: ports nginx does not listen on: 3009/,
    );
  });

  it('both are nginx syntax nginx accepts (nginx -t)', { skip: nginxSkip }, async () => {
    const k8sConfig = find<IConfigMap>(await k8sObjects(), 'ConfigMap', 'originate-config').data ?? {};
    for (const [variant, env] of [
      ['compose', composeEnv],
      ['k8s', k8sConfig],
    ] as const) {
      const dir = mkdtempSync(path.join(tmpdir(), `manifests-nginx-t-${variant}-`));
      // nginx opens /dev/stdout (the access log): a pipe in a container, a file here, since node's pipes
      // are sockets, which open() refuses (ENXIO).
      const stdout = openSync(path.join(dir, 'stdout'), 'w');
      try {
        const file = path.join(dir, 'nginx.conf');
        const check = () =>
          spawnSync(NGINX, ['-t', '-q', '-p', `${dir}/`, '-c', file], {
            stdio: ['ignore', stdout, 'pipe'],
            encoding: 'utf8',
          });
        writeFileSync(file, forSyntaxCheck(conf(variant), dir, env.RELEASES_DIR ?? ''));
        const result = check();
        assert.equal(result.status, 0, `nginx -t refused the ${variant} nginx.conf:\n${result.stderr}`);
        // The check can fail: an unknown directive is refused.
        writeFileSync(file, `${readFileSync(file, 'utf8')}no_such_directive on;\n`);
        assert.match(check().stderr, /unknown directive "no_such_directive"/);
      } finally {
        closeSync(stdout);
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
