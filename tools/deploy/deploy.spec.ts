// Checks that the distributed deployment files (docker-compose.yml, deploy/Dockerfile, deploy/k8s) match the
// apps in the repository: every process app is deployed, built from the one Dockerfile with its APP, wired
// to the infrastructure it needs, and started by an entrypoint that exists. No Docker engine is needed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@membolt/bus/testing';
import { startOpsServer, type RunningOpsServer } from '@membolt/edge';
import { Metrics, Readiness } from '@membolt/platform';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** Apps that run as their own process in the distributed topology (web is static, standalone is single-process). */
const NOT_DEPLOYED = new Set(['web', 'standalone']);
const appDirs = readdirSync(join(root, 'apps'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'apps', entry.name, 'src', 'main.ts')))
  .map((entry) => entry.name)
  .sort();
const distributedApps = appDirs.filter((app) => !NOT_DEPLOYED.has(app));

/** The app's validated config source (apps/<app>/src/*.config.ts), to derive what it needs from the code. */
function configSource(app: string): string {
  const dir = join(root, 'apps', app, 'src');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.config.ts'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
}
/** Data-owning apps spread `storeConfigFields` (MONGO_URL / DATA_DIR) into their config. */
const dataApps = distributedApps.filter((app) => configSource(app).includes('...storeConfigFields'));
/** HTTP edges spread `httpConfigFields(<default port>)`. */
const edgePorts = new Map(
  distributedApps.flatMap((app) => {
    const match = /\.\.\.httpConfigFields\((\d+)\)/.exec(configSource(app));
    return match ? [[app, Number(match[1])] as const] : [];
  }),
);

type Yaml = Record<string, unknown>;
const isMap = (value: unknown): value is Yaml =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asMap = (value: unknown): Yaml => (isMap(value) ? value : {});
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Compose accepts `KEY: value` maps and `KEY=value` lists for environment and build args. */
function keyValues(value: unknown): Record<string, string> {
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.map((item) => {
        const [key, ...rest] = String(item).split('=');
        return [key, rest.join('=')];
      }),
    );
  }
  return Object.fromEntries(Object.entries(asMap(value)).map(([key, v]) => [key, String(v)]));
}
const dependsOn = (service: Yaml): string[] =>
  Array.isArray(service.depends_on) ? service.depends_on.map(String) : Object.keys(asMap(service.depends_on));

const compose = parse(read('docker-compose.yml'), { merge: true }) as Yaml;
const services = asMap(compose.services);
const service = (name: string): Yaml => asMap(services[name]);

describe('the app list', () => {
  it('finds the distributed apps (services and edges) under apps/', () => {
    expect(distributedApps).toEqual(expect.arrayContaining(['gateway', 'bff']));
    expect(distributedApps).not.toContain('standalone');
    expect(dataApps.length).toBeGreaterThan(0);
    expect([...edgePorts.keys()].sort()).toEqual(['bff', 'gateway']);
  });

  it.each(appDirs)('%s has its source entry point, and its compiled one once built', (app) => {
    expect(existsSync(join(root, 'apps', app, 'src', 'main.ts'))).toBe(true);
    // `npm test` builds first; a bare jest run before any build skips only this half.
    if (existsSync(join(root, 'apps', app, 'dist'))) {
      expect(existsSync(join(root, 'apps', app, 'dist', 'main.js'))).toBe(true);
    }
  });
});

describe('docker-compose.yml', () => {
  it.each(distributedApps)('runs %s built from deploy/Dockerfile with APP=<its name>', (app) => {
    const entry = service(app);
    expect(Object.keys(entry).length).toBeGreaterThan(0);
    const build = asMap(entry.build);
    expect(resolve(root, String(build.context))).toBe(root);
    expect(build.dockerfile).toBe('deploy/Dockerfile');
    expect(keyValues(build.args).APP).toBe(app);
    expect(entry.restart).toBe('unless-stopped');
    expect(keyValues(entry.environment).NATS_URL).toBe('nats://nats:4222');
    expect(dependsOn(entry)).toContain('nats');
  });

  it('builds no app that is not a distributed app (the single-process standalone is not a service)', () => {
    expect(Object.keys(services)).not.toContain('standalone');
    const built = Object.entries(services).filter(([, entry]) => isMap(entry) && entry.build !== undefined);
    for (const [name, entry] of built) {
      expect({ name, app: keyValues(asMap(asMap(entry).build).args).APP }).toEqual({ name, app: name });
    }
    expect(built.map(([name]) => name).sort()).toEqual(distributedApps);
  });

  it('starts the infrastructure: NATS with JetStream, Redis, MongoDB and Qdrant', () => {
    for (const name of ['nats', 'redis', 'mongodb', 'qdrant'])
      expect(String(service(name).image)).toBeTruthy();
    expect(String(service('nats').image)).toMatch(/^nats:2\.10/);
    expect(String(service('redis').image)).toMatch(/^redis:7/);
    expect(String(service('mongodb').image)).toMatch(/^mongo:7/);
    expect(String(service('qdrant').image)).toMatch(/^qdrant\/qdrant/);
    const natsArgs = asList(service('nats').command).map(String);
    expect(natsArgs).toContain('-js');
    expect(natsArgs[natsArgs.indexOf('-sd') + 1]).toBe('/data');
  });

  it.each(dataApps)('gives the data-owning %s its MongoDB', (app) => {
    expect(keyValues(service(app).environment).MONGO_URL).toBe('mongodb://mongodb:27017');
    expect(dependsOn(service(app))).toContain('mongodb');
  });

  it.each([
    ['memory', 'QDRANT_URL', 'http://qdrant:6333', 'qdrant'],
    ['ingestion', 'REDIS_URL', 'redis://redis:6379', 'redis'],
    ['gateway', 'REDIS_URL', 'redis://redis:6379', 'redis'],
  ])('gives %s %s', (app, variable, url, dependency) => {
    expect(keyValues(service(app).environment)[variable]).toBe(url);
    expect(dependsOn(service(app))).toContain(dependency);
  });

  it.each(distributedApps)('probes %s with deploy/healthcheck.mjs against its METRICS_PORT', (app) => {
    const healthcheck = asMap(service(app).healthcheck);
    expect(healthcheck.disable).toBeUndefined();
    expect(asList(healthcheck.test).map(String)).toEqual(['CMD', 'node', '/app/deploy/healthcheck.mjs']);
    expect(Number(keyValues(service(app).environment).METRICS_PORT)).toBeGreaterThan(0);
    // The metrics port stays on the compose network.
    expect(asList(service(app).ports).map(String).join(' ')).not.toContain(
      keyValues(service(app).environment).METRICS_PORT,
    );
  });

  it.each([...edgePorts])('publishes the %s edge on its port %d', (app, defaultPort) => {
    const port = Number(keyValues(service(app).environment).PORT ?? defaultPort);
    expect(port).toBe(defaultPort);
    expect(asList(service(app).ports).map(String)).toContain(`${port}:${port}`);
  });
});

describe('deploy/Dockerfile and its entrypoint', () => {
  const dockerfile = read('deploy/Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const entrypointPath = join(root, 'deploy', 'entrypoint.sh');

  it('selects the app with ARG/ENV APP and starts it through deploy/entrypoint.sh', () => {
    expect(instructions).toContain('ARG APP=');
    expect(instructions).toContain('ENV APP=${APP}');
    expect(instructions).toContain('ENTRYPOINT ["/app/deploy/entrypoint.sh"]');
    expect(
      instructions.some((line) =>
        /^COPY .*deploy\/entrypoint\.sh \/?(app\/)?deploy\/entrypoint\.sh$/.test(line),
      ),
    ).toBe(true);
    expect(instructions.filter((line) => /^FROM /.test(line)).length).toBeGreaterThanOrEqual(2);
    expect(instructions.some((line) => line.startsWith('USER ') && line !== 'USER root')).toBe(true);
  });

  it('has an executable entrypoint script that parses (bash -n)', () => {
    expect(statSync(entrypointPath).mode & 0o111).toBe(0o111);
    const check = spawnSync('bash', ['-n', entrypointPath], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('fails clearly when APP is unset, malformed or names no built app', () => {
    const run = (app: string | undefined) => {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
      if (app !== undefined) env.APP = app;
      return spawnSync(entrypointPath, [], { encoding: 'utf8', env, timeout: 10_000 });
    };
    const unset = run(undefined);
    expect(unset.status).toBe(64);
    expect(unset.stderr).toContain('APP is not set');
    const malformed = run('../etc');
    expect(malformed.status).toBe(64);
    expect(malformed.stderr).toContain('APP must be an app directory name');
    const missing = run('no-such-app');
    expect(missing.status).toBe(66);
    expect(missing.stderr).toContain('apps/no-such-app/dist/main.js does not exist');
  });

  it('probes health with deploy/healthcheck.mjs, which parses', () => {
    expect(
      instructions.some((line) => line.startsWith('HEALTHCHECK ') && line.includes('deploy/healthcheck.mjs')),
    ).toBe(true);
    const check = spawnSync(process.execPath, ['--check', join(root, 'deploy', 'healthcheck.mjs')], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('keeps dependencies, build output and local data out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const pattern of ['**/node_modules', '**/dist', 'data', '.git', '.nx'])
      expect(ignored).toContain(pattern);
  });
});

describe('deploy/k8s', () => {
  const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as Yaml;
  const resources = asList(kustomization.resources).map(String);
  const objects = resources.flatMap((file) =>
    parseAllDocuments(read(join('deploy/k8s', file))).map((doc) => {
      expect(doc.errors).toEqual([]);
      return asMap(doc.toJS());
    }),
  );
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const name = (object: Yaml) => String(asMap(object.metadata).name);
  const deployments = new Map(ofKind('Deployment').map((object) => [name(object), object]));
  const podSpec = (deployment: Yaml) => asMap(asMap(asMap(deployment.spec).template).spec);
  const container = (deployment: Yaml) => asMap(asList(podSpec(deployment).containers)[0]);

  it('lists every manifest in the kustomization, and only existing ones', () => {
    const manifests = readdirSync(join(root, 'deploy', 'k8s'))
      .filter((file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml')
      .sort();
    expect([...resources].sort()).toEqual(manifests);
  });

  it('has one Deployment per distributed app and none for anything else', () => {
    expect([...deployments.keys()].sort()).toEqual(distributedApps);
  });

  it.each(distributedApps)(
    'runs %s from the shared image with APP=<its name> and the shared config',
    (app) => {
      const deployment = deployments.get(app) ?? {};
      const spec = asMap(deployment.spec);
      const main = container(deployment);
      const env = Object.fromEntries(
        asList(main.env).map((e) => [String(asMap(e).name), String(asMap(e).value)]),
      );
      expect(env.APP).toBe(app);
      const images = asList(kustomization.images).map((image) => String(asMap(image).name));
      expect(images).toContain(String(main.image).split(':')[0]);
      const sources = asList(main.envFrom).map(asMap);
      const configMaps = sources
        .filter((source) => source.configMapRef)
        .map((source) => String(asMap(source.configMapRef).name));
      expect(configMaps.length).toBeGreaterThan(0);
      for (const configMap of configMaps) expect(ofKind('ConfigMap').map(name)).toContain(configMap);
      // Every app reads credentials of its own from the one Secret (which ones: tested against each app's
      // config schema below).
      const secrets = sources
        .filter((source) => source.secretRef)
        .map((source) => String(asMap(source.secretRef).name));
      expect(secrets).toEqual(['membolt-secrets']);
      // The selector must pick this Deployment's own pods.
      const podLabels = asMap(asMap(asMap(spec.template).metadata).labels);
      expect(podLabels).toMatchObject(asMap(asMap(spec.selector).matchLabels));
      // NATS queue groups spread a service's load over its replicas.
      if (!edgePorts.has(app)) expect(spec.replicas).toBeGreaterThanOrEqual(2);
    },
  );

  it('points the shared config at NATS, MongoDB, Qdrant and Redis', () => {
    const data = asMap(ofKind('ConfigMap')[0]?.data);
    expect(data).toMatchObject({
      NATS_URL: 'nats://nats:4222',
      MONGO_URL: 'mongodb://mongodb:27017',
      QDRANT_URL: 'http://qdrant:6333',
      REDIS_URL: 'redis://redis:6379',
    });
  });

  it.each(distributedApps)(
    'probes %s with httpGet: /readyz for readiness, /livez for liveness, on METRICS_PORT',
    (app) => {
      const main = container(deployments.get(app) ?? {});
      const metricsPort = Number(asMap(ofKind('ConfigMap')[0]?.data).METRICS_PORT);
      expect(metricsPort).toBeGreaterThan(0);
      const ports = asList(main.ports).map(asMap);
      const portNumber = (port: unknown) =>
        typeof port === 'number' ? port : ports.find((p) => p.name === port)?.containerPort;
      const readiness = asMap(asMap(main.readinessProbe).httpGet);
      const liveness = asMap(asMap(main.livenessProbe).httpGet);
      expect(readiness.path).toBe('/readyz');
      expect(liveness.path).toBe('/livez');
      expect(portNumber(readiness.port)).toBe(metricsPort);
      expect(portNumber(liveness.port)).toBe(metricsPort);
      const annotations = asMap(
        asMap(asMap(asMap(deployments.get(app)?.spec).template).metadata).annotations,
      );
      expect(annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metricsPort),
      });
      // The Services expose the edges' HTTP ports only: metrics stay on the pod network.
      for (const svc of ofKind('Service'))
        for (const port of asList(asMap(svc.spec).ports).map(asMap))
          expect(portNumber(port.targetPort)).not.toBe(metricsPort);
    },
  );

  it.each([...edgePorts])('exposes the %s edge on port %d through a Service', (app, defaultPort) => {
    const svc = ofKind('Service').find((object) => name(object) === app) ?? {};
    const spec = asMap(svc.spec);
    const deployment = deployments.get(app) ?? {};
    const podLabels = asMap(asMap(asMap(asMap(deployment.spec).template).metadata).labels);
    expect(Object.keys(asMap(spec.selector)).length).toBeGreaterThan(0);
    expect(podLabels).toMatchObject(asMap(spec.selector));
    const ports = asList(container(deployment).ports).map(asMap);
    const env = Object.fromEntries(
      asList(container(deployment).env).map((e) => [String(asMap(e).name), String(asMap(e).value)]),
    );
    const listening = Number(env.PORT ?? defaultPort);
    const target = asMap(asList(spec.ports)[0]).targetPort;
    const targetPort = ports.find((port) => port.name === target || port.containerPort === target);
    expect(targetPort?.containerPort).toBe(listening);
  });
});

describe('deploy/healthcheck.mjs against a real ops listener', () => {
  const readiness = new Readiness(false);
  let natsUp = true;
  readiness.add('nats-server', () => {
    if (!natsUp) throw new Error('connection disconnected');
  });
  let ops: RunningOpsServer;

  beforeAll(async () => {
    ops = await startOpsServer('127.0.0.1', 0, { metrics: new Metrics({ app: 'probe' }), readiness });
  });
  afterAll(() => ops.close());

  // Asynchronous: the listener answers from this same process.
  const probe = (env: Record<string, string>, args: string[] = []) =>
    new Promise<{ code: number; output: string }>((resolvePromise) => {
      execFile(
        process.execPath,
        [join(root, 'deploy', 'healthcheck.mjs'), ...args],
        { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 15_000 },
        (error, stdout, stderr) =>
          resolvePromise({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
  const port = () => new URL(ops.url).port;

  it('passes while /readyz answers 200 and fails with the reason while it answers 503', async () => {
    const env = { APP: 'billing', METRICS_PORT: port(), METRICS_HOST: '127.0.0.1' };
    expect(await probe(env)).toEqual({ code: 0, output: 'billing: ready\n' });
    natsUp = false;
    const down = await probe(env);
    expect(down.code).toBe(1);
    expect(down.output).toContain('answered 503: Not ready: nats-server unreachable.');
    // Liveness does not depend on NATS.
    expect((await probe(env, ['live'])).code).toBe(0);
    natsUp = true;
  });

  it('fails when nothing listens', async () => {
    const closed = String(await freePort());
    const result = await probe({ APP: 'keys', METRICS_PORT: closed });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`keys unhealthy at http://127.0.0.1:${closed}/readyz`);
  });
});

describe('what an operator of the image and the manifests needs', () => {
  const packageJson = JSON.parse(read('package.json')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  /** Every module the CLI's own files import by package name: they must survive `npm prune --omit=dev`. */
  it('the operator CLI imports no dev dependency (the image prunes them)', () => {
    const cliFiles = [
      'apps/standalone/bin/membolt.js',
      'apps/standalone/src/cli.ts',
      ...readdirSync(join(root, 'apps/standalone/src/cli'))
        .filter((file) => file.endsWith('.ts') && !/\.(int-|e2e-)?spec\.ts$/.test(file))
        .map((file) => `apps/standalone/src/cli/${file}`),
      'apps/standalone/src/service-modules.ts',
      'apps/standalone/src/standalone.config.ts',
    ];
    const packages = new Set<string>();
    for (const file of cliFiles) {
      for (const match of read(file).matchAll(/(?:^|\s)(?:import|from)\s*\(?\s*['"]([^'".][^'"]*)['"]/gm)) {
        const specifier = match[1] ?? '';
        if (specifier.startsWith('node:') || specifier.startsWith('@membolt/')) continue;
        const [scopeOrName, name] = specifier.split('/');
        packages.add(specifier.startsWith('@') ? `${scopeOrName}/${name}` : String(scopeOrName));
      }
    }
    expect(packages.size).toBeGreaterThan(0);
    for (const pkg of packages)
      expect({ pkg, runtime: pkg in packageJson.dependencies }).toEqual({ pkg, runtime: true });
  });

  it('the image links the CLI bin after pruning and proves `npx membolt` starts', () => {
    const dockerfile = read('deploy/Dockerfile').replace(/\\\n/g, ' ');
    const pruneAt = dockerfile.indexOf('npm prune --omit=dev');
    const linkAt = dockerfile.indexOf(
      'ln -sfn ../@membolt/standalone-app/bin/membolt.js node_modules/.bin/membolt',
    );
    expect(pruneAt).toBeGreaterThan(0);
    expect(linkAt).toBeGreaterThan(pruneAt);
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtimeStage).toMatch(/RUN .*npx --no membolt .*Usage: membolt/);
    // The link target is the workspace package's declared bin.
    const standalone = JSON.parse(read('apps/standalone/package.json')) as {
      name: string;
      bin: Record<string, string>;
    };
    expect(standalone.name).toBe('@membolt/standalone-app');
    expect(standalone.bin.membolt).toBe('bin/membolt.js');
  });

  const k8sObjects = asList((parse(read('deploy/k8s/kustomization.yaml')) as Yaml).resources)
    .map(String)
    .flatMap((file) => parseAllDocuments(read(join('deploy/k8s', file))).map((doc) => asMap(doc.toJS())));

  it('the Kubernetes ConfigMap sets PUBLIC_URL (reset links and the OIDC callback need it)', () => {
    const configMap = k8sObjects.find((object) => object.kind === 'ConfigMap') ?? {};
    expect(String(asMap(configMap.data).PUBLIC_URL)).toMatch(/^https:\/\/[^/]+$/);
  });

  it('identity on Kubernetes requires SMTP_URL from the secret, so no mail is written inside a pod', () => {
    const identity = k8sObjects.find(
      (object) => object.kind === 'Deployment' && asMap(object.metadata).name === 'identity',
    );
    const main = asMap(asList(asMap(asMap(asMap(identity?.spec).template).spec).containers)[0]);
    const smtp = asList(main.env)
      .map(asMap)
      .find((entry) => entry.name === 'SMTP_URL');
    expect(asMap(asMap(smtp?.valueFrom).secretKeyRef)).toEqual({
      name: 'membolt-secrets',
      key: 'SMTP_URL',
      optional: false,
    });
    expect(read('deploy/README.md')).toMatch(/membolt-secrets[\s\S]*--from-literal=SMTP_URL=/);
  });

  it("compose keeps identity's mail outbox (DATA_DIR) on a volume when SMTP_URL is unset", () => {
    const identityVolumes = asList(service('identity').volumes).map(String);
    expect(identityVolumes.some((volume) => /^[\w-]+:\/app\/data$/.test(volume))).toBe(true);
    const named = identityVolumes.map((volume) => volume.split(':')[0]);
    for (const volume of named) expect(Object.keys(asMap(compose.volumes))).toContain(volume);
  });

  it("docs/operations.md's by-hand distributed snippet starts NATS first and sets AUTH_TOKEN_SECRET", () => {
    const readme = read('docs/operations.md');
    const section = readme.slice(readme.indexOf('## Running the distributed topology by hand'));
    const snippet = section.slice(
      section.indexOf('```bash'),
      section.indexOf('```', section.indexOf('```bash') + 3),
    );
    expect(snippet).toContain('AUTH_TOKEN_SECRET=');
    const natsAt = snippet.indexOf('nats-server');
    expect(natsAt).toBeGreaterThan(0);
    for (const app of ['apps/$service/dist/main.js', 'apps/gateway/dist/main.js', 'apps/bff/dist/main.js'])
      expect(snippet.indexOf(app)).toBeGreaterThan(natsAt);
  });

  it("docs/configuration.md's Redis key prefix default is the code's", () => {
    const code = /DEFAULT_RATE_LIMIT_KEY_PREFIX = '([^']+)'/.exec(
      read('libs/gateway/src/gateway.options.ts'),
    );
    const row = read('docs/configuration.md')
      .split('\n')
      .find((line) => line.includes('`GATEWAY_RATE_LIMIT_KEY_PREFIX`'));
    expect(code?.[1]).toBeTruthy();
    expect(row).toContain(`\`${code?.[1]}\``);
  });
});

/**
 * What each process reads is its config schema (apps/<app>/src/<app>.config.ts): the manifests must give
 * it every value it needs, put every secret it reads in a Secret (never in the ConfigMap or in the file),
 * and keep replicas from relying on a disk they do not share.
 */
describe('deploy files against what each app reads', () => {
  type Schema = {
    shape: Record<string, unknown>;
    safeParse(env: unknown): {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
      data?: Record<string, unknown>;
    };
  };
  const schemas = new Map<string, Schema>();
  beforeAll(async () => {
    for (const app of distributedApps) {
      const module = (await import(`../../apps/${app}/src/${app}.config.js`)) as Record<string, unknown>;
      const schema = Object.values(module).find(
        (value) => typeof value === 'object' && value !== null && 'shape' in value && 'safeParse' in value,
      );
      schemas.set(app, schema as Schema);
    }
  });
  const schemaOf = (app: string): Schema => {
    const schema = schemas.get(app);
    if (!schema) throw new Error(`apps/${app}/src/${app}.config.ts exports no config schema`);
    return schema;
  };
  /** Credentials: model, embedder, search, payment and storage keys, token secrets, the SMTP URL. */
  const isSecret = (variable: string) =>
    /(_API_KEY|_SECRET|_SECRETS|_SECRET_KEY|_ACCESS_KEY_ID|_SECRET_ACCESS_KEY|_TOKEN)$/.test(variable) ||
    variable === 'SMTP_URL';
  const secretsOf = (app: string) => Object.keys(schemaOf(app).shape).filter(isSecret);
  const problems = (app: string, env: Record<string, string>) =>
    (schemaOf(app).safeParse(env).error?.issues ?? []).map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );

  const k8sObjects = asList((parse(read('deploy/k8s/kustomization.yaml')) as Yaml).resources)
    .map(String)
    .flatMap((file) => parseAllDocuments(read(join('deploy/k8s', file))).map((doc) => asMap(doc.toJS())));
  const configMapData = asMap(k8sObjects.find((object) => object.kind === 'ConfigMap')?.data);
  const deploymentOf = (app: string) =>
    k8sObjects.find((object) => object.kind === 'Deployment' && asMap(object.metadata).name === app) ?? {};
  const containerOf = (app: string) =>
    asMap(asList(asMap(asMap(asMap(deploymentOf(app).spec).template).spec).containers)[0]);
  /** The keys the README's `kubectl create secret generic membolt-secrets` puts in the Secret. */
  const documentedSecret = (() => {
    const readme = read('deploy/README.md');
    const command = readme.slice(readme.indexOf('kubectl create secret generic membolt-secrets'));
    const upTo = command.slice(0, command.search(/\n(?!\s*--from-literal)[^\n]*\n/) + 1);
    return Object.fromEntries(
      [...upTo.matchAll(/--from-literal=([A-Z0-9_]+)=(?:'([^']*)'|"\$\([^)]*\)"|(\S+))/g)].map((match) => [
        match[1] ?? '',
        match[2] ?? match[3] ?? 'x'.repeat(64),
      ]),
    );
  })();
  /** What the pod's environment holds: the ConfigMap, its own values, and the Secret where it reads it. */
  const k8sEnv = (app: string): { env: Record<string, string>; fromSecret: Set<string> } => {
    const main = containerOf(app);
    const env: Record<string, string> = {};
    const fromSecret = new Set<string>();
    for (const source of asList(main.envFrom).map(asMap)) {
      if (source.configMapRef)
        Object.assign(env, Object.fromEntries(Object.entries(configMapData).map(([k, v]) => [k, String(v)])));
      if (asMap(source.secretRef).name === 'membolt-secrets') {
        Object.assign(env, documentedSecret);
        for (const variable of Object.keys(schemaOf(app).shape)) fromSecret.add(variable);
      }
    }
    for (const entry of asList(main.env).map(asMap)) {
      const ref = asMap(asMap(entry.valueFrom).secretKeyRef);
      if (ref.name === 'membolt-secrets') {
        fromSecret.add(String(entry.name));
        const value = documentedSecret[String(ref.key)];
        if (value !== undefined) env[String(entry.name)] = value;
      } else if (entry.value !== undefined) env[String(entry.name)] = String(entry.value);
    }
    return { env, fromSecret };
  };
  /** A compose service's environment as the container gets it: `${VAR:-default}` gives the default, a
   * `${VAR:?…}` the operator must set, and a bare `VAR:` is passed from the shell or .env (unset here). */
  const composeEnv = (app: string): { env: Record<string, string>; passed: Set<string> } => {
    const environment = asMap(service(app).environment);
    const env: Record<string, string> = {};
    const passed = new Set<string>();
    for (const [variable, value] of Object.entries(environment)) {
      if (value === null || value === undefined) {
        passed.add(variable);
        continue;
      }
      const text = String(value);
      const interpolated = /^\$\{([A-Z0-9_]+)(?::([-?])(.*))?\}$/.exec(text);
      if (!interpolated) env[variable] = text;
      else {
        passed.add(variable);
        if (interpolated[2] === '-') env[variable] = interpolated[3] ?? '';
        else if (interpolated[2] === '?') env[variable] = 'x'.repeat(64);
      }
    }
    return { env, passed };
  };
  const replicasOf = (app: string) => Number(asMap(deploymentOf(app).spec).replicas ?? 1);

  it.each(distributedApps)(
    'k8s: %s starts with the ConfigMap, its own values and the documented Secret',
    (app) => {
      expect(problems(app, k8sEnv(app).env)).toEqual([]);
    },
  );

  it.each(distributedApps)(
    'k8s: every secret %s reads comes from the Secret, none from the ConfigMap',
    (app) => {
      const { fromSecret } = k8sEnv(app);
      const literal = asList(containerOf(app).env)
        .map(asMap)
        .filter((entry) => entry.value !== undefined)
        .map((entry) => String(entry.name));
      for (const variable of secretsOf(app)) {
        expect({ variable, fromSecret: fromSecret.has(variable) }).toEqual({ variable, fromSecret: true });
        expect(literal).not.toContain(variable);
      }
      for (const variable of Object.keys(configMapData))
        expect({ variable, secret: isSecret(variable) }).toEqual({ variable, secret: false });
    },
  );

  it.each(distributedApps)('k8s: %s with several replicas keeps nothing on its own disk', (app) => {
    if (replicasOf(app) < 2) return;
    const config = schemaOf(app).safeParse(k8sEnv(app).env).data ?? {};
    // One store for all replicas (each pod's DATA_DIR is its own), and uploads in a bucket (decision 069).
    if ('MONGO_URL' in schemaOf(app).shape) expect(config['MONGO_URL']).toBeTruthy();
    if ('INGESTION_FILE_STORE' in schemaOf(app).shape) {
      expect(config['INGESTION_FILE_STORE']).toBe('s3');
      expect(config['S3_BUCKET']).toBeTruthy();
    }
  });

  it.each(distributedApps)('compose: %s starts with its environment and the required .env values', (app) => {
    expect(problems(app, composeEnv(app).env)).toEqual([]);
  });

  it.each(distributedApps)(
    'compose: every secret %s reads can be passed in from .env, never written in the file',
    (app) => {
      const { env, passed } = composeEnv(app);
      for (const variable of secretsOf(app)) {
        expect({ variable, passed: passed.has(variable) }).toEqual({ variable, passed: true });
        // A default in the file would be a shared, published secret.
        expect(env[variable] ?? '').toMatch(/^(x{64})?$/);
      }
    },
  );

  it.each(distributedApps)(
    'every variable set for %s in compose or its Deployment is one it reads',
    (app) => {
      const known = new Set(Object.keys(schemaOf(app).shape));
      const compose = Object.keys(asMap(service(app).environment));
      const k8s = asList(containerOf(app).env)
        .map((entry) => String(asMap(entry).name))
        .filter((variable) => variable !== 'APP');
      for (const variable of [...compose, ...k8s])
        expect({ variable, read: known.has(variable) }).toEqual({ variable, read: true });
    },
  );

  it('compose: ingestion scaled past one replica needs the bucket, which the file lets .env set', () => {
    const { passed } = composeEnv('ingestion');
    for (const variable of ['INGESTION_FILE_STORE', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'])
      expect(passed).toContain(variable);
    expect(Number(asMap(service('ingestion').deploy).replicas ?? 1)).toBe(1);
  });

  it('compose and k8s let memory choose its embedder (EMBEDDER_*) and chat its models', () => {
    const memory = composeEnv('memory').passed;
    for (const variable of Object.keys(schemaOf('memory').shape).filter((v) => /^EMBEDD/.test(v)))
      expect(memory).toContain(variable);
    const chat = composeEnv('chat').passed;
    for (const variable of [
      'CHAT_DEFAULT_MODEL',
      'OPENAI_BASE_URL',
      'OPENAI_COMPATIBLE_BASE_URL',
      'OPENAI_COMPATIBLE_MODELS',
      'WEB_SEARCH_PROVIDER',
    ])
      expect(chat).toContain(variable);
  });

  it("deploy/README's environment table names every app that reads MONGO_URL and REDIS_URL", () => {
    const rows = read('deploy/README.md').split('\n');
    for (const variable of ['MONGO_URL', 'REDIS_URL']) {
      const row = rows.find((line) => line.startsWith(`| \`${variable}\``)) ?? '';
      const readBy = row.split('|')[2] ?? '';
      for (const app of distributedApps.filter((a) => variable in schemaOf(a).shape))
        expect({ variable, app, named: readBy.includes(app) }).toEqual({ variable, app, named: true });
    }
  });

  it('deploy/README describes every data-owning service as owning data, and names every secret', () => {
    const readme = read('deploy/README.md');
    expect(readme).not.toMatch(/stateless/i);
    const processes = readme.slice(readme.indexOf('## Processes'), readme.indexOf('Services answer'));
    const rows = processes.split('\n').filter((line) => line.includes('owns data'));
    for (const app of dataApps) expect(rows.some((row) => row.includes(`\`${app}\``))).toBe(true);
    for (const app of distributedApps)
      for (const variable of secretsOf(app))
        expect({ variable, named: readme.includes(variable) }).toEqual({ variable, named: true });
  });
});
