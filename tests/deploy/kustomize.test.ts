// The kustomize base and the local overlay, checked offline (no kubectl or API server here): every
// resource parses and validates against the Kubernetes OpenAPI schemas (kubernetes-models), the
// objects refer to each other consistently, and the base stays in step with the Helm chart.

import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@fleet/product';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import {
  chartDir,
  deployDir,
  dig,
  isObject,
  type JsonObject,
  parseSkeleton,
  readText,
  readYaml,
  readYamlDocuments,
  repoRoot,
} from './chart-tools';

type Resource = { file: string; apiVersion: string; kind: string; name: string; body: JsonObject };

// biome-ignore lint/suspicious/noExplicitAny: model classes take their own data types
type ModelClass = new (data: any) => { validate(): void };
const models: Record<string, ModelClass> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/ServiceAccount': ServiceAccount,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/** Validates a manifest against its Kubernetes schema; returns the problems (empty when valid). */
function kubernetesProblems(body: JsonObject): string[] {
  const key = `${String(body.apiVersion)}/${String(body.kind)}`;
  const Model = models[key];
  if (!Model) return [`no schema for ${key}`];
  try {
    new Model(body).validate();
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

function readKustomization(dir: string): JsonObject {
  const file = path.join(dir, 'kustomization.yaml');
  const value = readYaml(file);
  if (!isObject(value)) throw new Error(`${file} is not a map`);
  return value;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * Resolves a kustomization's `resources` to files (directories recurse into their kustomization);
 * entries that do not exist are collected in `missing`.
 */
function resolveResources(dir: string, missing: string[] = []): string[] {
  const files: string[] = [];
  for (const entry of stringList(readKustomization(dir).resources)) {
    const target = path.resolve(dir, entry);
    if (!existsSync(target)) missing.push(path.relative(deployDir, target));
    else if (statSync(target).isDirectory()) files.push(...resolveResources(target, missing));
    else files.push(target);
  }
  return files;
}

const baseDir = path.join(deployDir, 'base');
const overlayDir = path.join(deployDir, 'overlays', 'local');
const base = readKustomization(baseDir);
const overlay = readKustomization(overlayDir);

const missingResources: string[] = [];
const resourceFiles = resolveResources(baseDir, missingResources);
const resources: Resource[] = resourceFiles.flatMap((file) =>
  readYamlDocuments(file).map((doc) => {
    if (!isObject(doc)) throw new Error(`${file}: a document is not a map`);
    return {
      file: path.relative(baseDir, file),
      apiVersion: String(doc.apiVersion),
      kind: String(doc.kind),
      name: String(dig(doc, 'metadata', 'name')),
      body: doc,
    };
  }),
);
const deployments = resources.filter((r) => r.kind === 'Deployment');
const byKind = (kind: string) => resources.filter((r) => r.kind === kind);
const containersOf = (r: Resource) =>
  (dig(r.body, 'spec', 'template', 'spec', 'containers') ?? []) as JsonObject[];
const podLabels = (r: Resource) =>
  (dig(r.body, 'spec', 'template', 'metadata', 'labels') ?? {}) as JsonObject;
const matches = (selector: unknown, labels: JsonObject) =>
  isObject(selector) && Object.entries(selector).every(([k, v]) => labels[k] === v);

const secretName = 'fleet-secrets';
const secretKeys = [
  'DATABASE_URL',
  'INTERNAL_AUTH_SECRET',
  'AUTH_JWT_KEYS',
  'OTP_HMAC_SECRET',
  'MSG91_AUTH_KEY',
  'SMTP_PASSWORD',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'MSG91_WEBHOOK_SECRET',
  'FCM_SERVICE_ACCOUNT_JSON',
];

describe('deploy/base', () => {
  it('is a namespace-agnostic kustomization', () => {
    expect(base).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
    expect(base.namespace).toBeUndefined();
    expect(resources.filter((r) => dig(r.body, 'metadata', 'namespace') !== undefined)).toEqual([]);
  });

  it('holds the components as plain manifests', () => {
    const components = ['gateway', ...SERVICES.map((service) => service.name)].flatMap((name) => [
      `Deployment/fleet-${name}`,
      `PodDisruptionBudget/fleet-${name}`,
      `Service/fleet-${name}`,
    ]);
    expect(resources.map((r) => `${r.kind}/${r.name}`).sort()).toEqual(
      ['ConfigMap/fleet', 'ConfigMap/fleet-service-urls', 'ServiceAccount/fleet', ...components].sort(),
    );
  });

  it('lists only resources that exist', () => {
    expect(missingResources).toEqual([]);
  });

  it.each(resourceFiles.map((f) => path.relative(baseDir, f)))('%s parses as YAML', (file) => {
    expect(readYamlDocuments(path.join(baseDir, file)).length).toBeGreaterThan(0);
  });

  it.each(resources.map((r) => [`${r.kind}/${r.name}`, r] as const))(
    '%s validates against the Kubernetes schema',
    (_name, resource) => {
      expect(kubernetesProblems(resource.body)).toEqual([]);
    },
  );

  it('rejects an invalid manifest (the validation can fail)', () => {
    const broken = structuredClone(deployments[0]?.body) as JsonObject;
    (broken.spec as JsonObject).replicas = 'two';
    expect(kubernetesProblems(broken)).toEqual([expect.stringContaining('spec/replicas must be integer')]);
    expect(kubernetesProblems({ apiVersion: 'v1', kind: 'Pod' })).toEqual(['no schema for v1/Pod']);
  });

  describe.each(deployments.map((d) => [d.name, d] as const))('Deployment %s', (_name, deployment) => {
    const pod = dig(deployment.body, 'spec', 'template', 'spec');
    const containers = containersOf(deployment);

    it('has liveness, readiness and startup probes on every container', () => {
      for (const c of containers) {
        expect(c.livenessProbe).toBeDefined();
        expect(c.readinessProbe).toBeDefined();
        expect(c.startupProbe).toBeDefined();
      }
    });

    it('requests and limits cpu and memory for every container', () => {
      for (const c of containers) {
        for (const bound of ['requests', 'limits']) {
          expect(dig(c, 'resources', bound)).toEqual({ cpu: expect.anything(), memory: expect.anything() });
        }
      }
    });

    it('runs as a non-root user on a read-only root filesystem with a writable /tmp', () => {
      expect(dig(pod, 'securityContext', 'runAsNonRoot')).toBe(true);
      expect(dig(pod, 'securityContext', 'runAsUser')).toBe(10001);
      for (const c of containers) {
        expect(c.securityContext).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.volumeMounts).toEqual(expect.arrayContaining([{ name: 'tmp', mountPath: '/tmp' }]));
      }
      expect(dig(pod, 'volumes')).toEqual(
        expect.arrayContaining([{ name: 'tmp', emptyDir: expect.any(Object) }]),
      );
    });

    it('gives SIGTERM 30 seconds and does not mount an API token', () => {
      expect(dig(pod, 'terminationGracePeriodSeconds')).toBe(30);
      expect(dig(pod, 'automountServiceAccountToken')).toBe(false);
      expect(byKind('ServiceAccount').map((s) => s.name)).toContain(dig(pod, 'serviceAccountName'));
    });

    it('runs its module from the image the chart publishes', () => {
      const chart = readYaml(path.join(chartDir, 'Chart.yaml'));
      const component = deployment.name.replace(/^fleet-/, '');
      expect(containers).toHaveLength(1);
      expect(containers[0]?.image).toBe(`fleet:${String(dig(chart, 'appVersion'))}`);
      expect(containers[0]?.args).toEqual([component]);
    });

    it('refers only to the ConfigMap in the base and the documented Secret keys', () => {
      const configMaps = byKind('ConfigMap').map((c) => c.name);
      for (const c of containers) {
        for (const from of (c.envFrom ?? []) as JsonObject[]) {
          expect(configMaps).toContain(dig(from, 'configMapRef', 'name'));
        }
        for (const env of (c.env ?? []) as JsonObject[]) {
          const ref = dig(env, 'valueFrom', 'secretKeyRef');
          if (ref === undefined) continue;
          expect(ref).toEqual({ name: secretName, key: expect.any(String) });
          expect(secretKeys).toContain(dig(ref, 'key'));
        }
      }
    });

    it('is selected by a Service and a PodDisruptionBudget', () => {
      const labels = podLabels(deployment);
      expect(matches(dig(deployment.body, 'spec', 'selector', 'matchLabels'), labels)).toBe(true);
      expect(byKind('Service').filter((s) => matches(dig(s.body, 'spec', 'selector'), labels))).toHaveLength(
        1,
      );
      expect(
        byKind('PodDisruptionBudget').filter((p) =>
          matches(dig(p.body, 'spec', 'selector', 'matchLabels'), labels),
        ),
      ).toHaveLength(1);
    });
  });

  it('probes the gateway over HTTP and the services over gRPC health on their own ports', () => {
    const [gateway] = containersOf(deployments.find((d) => d.name === 'fleet-gateway') as Resource);
    expect(dig(gateway, 'livenessProbe', 'httpGet')).toEqual({ path: '/healthz', port: 'http' });
    expect(dig(gateway, 'readinessProbe', 'httpGet')).toEqual({ path: '/readyz', port: 'http' });
    for (const { name, port } of SERVICES) {
      const [container] = containersOf(deployments.find((d) => d.name === `fleet-${name}`) as Resource);
      expect(dig(container, 'livenessProbe', 'grpc')).toEqual({ port });
      expect(dig(container, 'readinessProbe', 'grpc')).toEqual({ port });
    }
  });

  it.each(SERVICES.map((service) => [service.urlEnv, service.name]))(
    'points %s, read by every component, at the %s Service',
    (variable, service) => {
      const urls = byKind('ConfigMap').find((c) => c.name === 'fleet-service-urls');
      const url = dig(urls?.body, 'data', variable);
      const target = byKind('Service').find((s) => s.name === `fleet-${service}`);
      expect(url).toBe(`http://fleet-${service}:${String(dig(target?.body, 'spec', 'ports', 0, 'port'))}`);
      for (const deployment of deployments) {
        const envFrom = (dig(containersOf(deployment), 0, 'envFrom') ?? []) as JsonObject[];
        expect([deployment.name, envFrom]).toEqual([
          deployment.name,
          expect.arrayContaining([{ configMapRef: { name: 'fleet-service-urls' } }]),
        ]);
      }
    },
  );

  it('lets Prometheus scrape every pod’s metrics listener inside the cluster, and routes no Service to it', () => {
    const config = byKind('ConfigMap').find((c) => c.name === 'fleet')?.body;
    expect(dig(config, 'data', 'METRICS_HOST')).toBe('0.0.0.0');
    expect(dig(config, 'data', 'METRICS_PORT')).toBe('9464');
    for (const service of byKind('Service')) {
      for (const port of (dig(service.body, 'spec', 'ports') ?? []) as JsonObject[]) {
        expect([service.name, port.targetPort]).toEqual([
          service.name,
          expect.stringMatching(/^(http|grpc)$/),
        ]);
        expect([service.name, port.port]).not.toEqual([service.name, 9464]);
      }
    }
  });

  it('routes every Service port to a named container port', () => {
    for (const service of byKind('Service')) {
      const target = deployments.find((d) => matches(dig(service.body, 'spec', 'selector'), podLabels(d)));
      const names = containersOf(target as Resource).flatMap((c) =>
        ((c.ports ?? []) as JsonObject[]).map((p) => p.name),
      );
      for (const port of (dig(service.body, 'spec', 'ports') ?? []) as JsonObject[]) {
        expect(names).toContain(port.targetPort);
      }
    }
  });
});

describe('deploy/base matches charts/fleet', () => {
  const envNames = (containers: unknown) =>
    (((dig(containers, 0, 'env') ?? []) as JsonObject[]).map((e) => e.name) as string[]).sort();

  it('has the same ConfigMap keys', () => {
    const chartConfig = parseSkeleton(readText(path.join(chartDir, 'templates', 'configmap.yaml')));
    const baseConfig = byKind('ConfigMap').find((c) => c.name === 'fleet')?.body;
    expect(Object.keys((dig(baseConfig, 'data') ?? {}) as JsonObject).sort()).toEqual(
      Object.keys((dig(chartConfig, 'data') ?? {}) as JsonObject).sort(),
    );
  });

  it('gives the gateway the same environment variables and probes', () => {
    const chart = parseSkeleton(readText(path.join(chartDir, 'templates', 'gateway', 'deployment.yaml')));
    const chartContainers = dig(chart, 'spec', 'template', 'spec', 'containers');
    const baseContainers = containersOf(deployments.find((d) => d.name === 'fleet-gateway') as Resource);
    expect(envNames(baseContainers)).toEqual(envNames(chartContainers));
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      expect(dig(baseContainers, 0, probe)).toEqual(dig(chartContainers, 0, probe));
    }
    expect(dig(baseContainers, 0, 'ports')).toEqual(dig(chartContainers, 0, 'ports'));
  });

  it.each(SERVICES.map((service) => service.name))(
    'gives %s the environment variables, ports and probes the chart gives a service',
    (name) => {
      const chart = readText(path.join(chartDir, 'templates', '_service.tpl'));
      const probes = chart.slice(chart.indexOf('{{- define "fleet.service.probes" -}}'));
      const [container] = containersOf(deployments.find((d) => d.name === `fleet-${name}`) as Resource);
      const service = SERVICES.find((s) => s.name === name)!;
      expect(((container?.env ?? []) as JsonObject[]).map((e) => e.name)).toEqual([
        'GRPC_PORT',
        'DATABASE_URL',
        'INTERNAL_AUTH_SECRET',
        ...service.secretEnv,
      ]);
      expect(dig(container, 'ports')).toEqual([
        { name: 'grpc', containerPort: service.port, protocol: 'TCP' },
        { name: 'metrics', containerPort: 9464, protocol: 'TCP' },
      ]);
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        const chartProbe = parseSkeleton(
          probes.slice(probes.indexOf('\n') + 1, probes.indexOf('{{- end }}')),
        );
        expect(dig(container, probe)).toEqual({
          ...(dig(chartProbe, probe) as JsonObject),
          grpc: { port: service.port },
        });
      }
    },
  );
});

describe('deploy/overlays/local', () => {
  it('builds on the base', () => {
    expect(overlay).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
    const entries = stringList(overlay.resources);
    expect(entries).toEqual(['../../base']);
    for (const entry of entries) {
      expect(existsSync(path.join(overlayDir, entry, 'kustomization.yaml'))).toBe(true);
    }
  });

  it('references only files that exist', () => {
    const referenced = [
      ...((overlay.patches ?? []) as JsonObject[]).map((p) => p.path),
      ...((overlay.secretGenerator ?? []) as JsonObject[]).flatMap((g) => [
        ...stringList(g.files).map((f) => f.split('=').pop()),
        ...stringList(g.envs),
      ]),
    ].filter((p): p is string => typeof p === 'string');
    for (const file of referenced) expect(existsSync(path.join(overlayDir, file))).toBe(true);
  });

  it('runs one replica of each Deployment in the base, by one patch naming none of them', () => {
    const patches = (overlay.patches ?? []) as JsonObject[];
    const everyDeployment = patches.filter(
      (p) => dig(p, 'target', 'kind') === 'Deployment' && dig(p, 'target', 'name') === undefined,
    );
    const operations = everyDeployment.flatMap(
      (p) => parseAllDocuments(String(p.patch))[0]?.toJS() as unknown[],
    );
    expect(operations).toContainEqual({ op: 'replace', path: '/spec/replicas', value: 1 });
    expect(overlay.replicas).toBeUndefined();
    // `replace` needs the value to exist: every base Deployment declares its replicas.
    for (const d of deployments)
      expect([d.name, typeof dig(d.body, 'spec', 'replicas')]).toEqual([d.name, 'number']);
  });

  it('sets an image tag for the base image', () => {
    const images = (overlay.images ?? []) as JsonObject[];
    expect(images).toEqual([{ name: 'fleet', newTag: expect.any(String) }]);
    const baseImages = deployments.flatMap((d) => containersOf(d).map((c) => String(c.image).split(':')[0]));
    expect(new Set(baseImages)).toEqual(new Set(['fleet']));
  });

  it('generates the Secret the base refers to, with every key', () => {
    const generators = (overlay.secretGenerator ?? []) as JsonObject[];
    const generator = generators.find((g) => g.name === secretName);
    const keys = stringList(generator?.literals).map((l) => l.split('=')[0]);
    expect(keys.sort()).toEqual([...secretKeys].sort());
  });

  it('patches only kinds that exist in the base', () => {
    for (const patch of (overlay.patches ?? []) as JsonObject[]) {
      const kind = dig(patch, 'target', 'kind');
      expect(byKind(String(kind)).length).toBeGreaterThan(0);
    }
  });
});

// kubectl's built-in kustomize needs no cluster. Where kubectl is installed, build both
// kustomizations for real and validate what comes out; elsewhere these tests are skipped.
const kubectlAvailable = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

function kustomizeBuild(dir: string): JsonObject[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((doc) => doc.toJS() as unknown)
    .filter(isObject);
}

(kubectlAvailable ? describe : describe.skip)('kubectl kustomize (built for real)', () => {
  it.each(['deploy/base', 'deploy/overlays/local'])('%s builds into valid Kubernetes objects', (dir) => {
    const built = kustomizeBuild(dir);
    expect(built.length).toBeGreaterThan(0);
    for (const object of built) {
      expect([
        `${String(object.kind)}/${String(dig(object, 'metadata', 'name'))}`,
        kubernetesProblems(object),
      ]).toEqual([`${String(object.kind)}/${String(dig(object, 'metadata', 'name'))}`, []]);
    }
  });

  it('overlays/local wires the generated Secret, one replica and the dev image into the Deployments', () => {
    const built = kustomizeBuild('deploy/overlays/local');
    const secret = built.find((o) => o.kind === 'Secret');
    const secretName = String(dig(secret, 'metadata', 'name'));
    expect(secretName).toMatch(/^fleet-secrets-/);
    const tag = String(((overlay.images ?? []) as JsonObject[])[0]?.newTag);
    for (const deployment of built.filter((o) => o.kind === 'Deployment')) {
      expect(dig(deployment, 'spec', 'replicas')).toBe(1);
      const container = dig(deployment, 'spec', 'template', 'spec', 'containers', 0) as JsonObject;
      expect(container.image).toBe(`fleet:${tag}`);
      const refs = ((container.env ?? []) as JsonObject[])
        .map((e) => dig(e, 'valueFrom', 'secretKeyRef', 'name'))
        .filter((n) => n !== undefined);
      expect(refs.length).toBeGreaterThan(0);
      expect(new Set(refs)).toEqual(new Set([secretName]));
    }
    for (const pdb of built.filter((o) => o.kind === 'PodDisruptionBudget')) {
      expect(dig(pdb, 'spec', 'minAvailable')).toBe(0);
    }
  });
});
