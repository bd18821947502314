// The Helm chart, checked offline (no Helm binary here): Chart.yaml, values.yaml against
// values.schema.json, the `## @param` documentation, template syntax and `.Values` references, and
// the static structure of each template.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  chartDir,
  createValuesValidator,
  definedTemplates,
  dig,
  documentedParams,
  hasValuePath,
  includedTemplates,
  isObject,
  type JsonObject,
  listFiles,
  loadDefaultValues,
  mergeValues,
  parseSkeleton,
  readText,
  readYaml,
  templateSyntaxProblems,
  undocumentedValues,
  valueLeafPaths,
  valuesReferences,
} from './chart-tools';

const templatesDir = path.join(chartDir, 'templates');
const defaults = loadDefaultValues();
const validate = createValuesValidator();
const templateFiles = listFiles(templatesDir);
const templates = new Map(templateFiles.map((f) => [f, readText(path.join(templatesDir, f))]));
const manifestTemplates = templateFiles.filter((f) => f.endsWith('.yaml'));

function template(file: string): string {
  const text = templates.get(file);
  if (text === undefined) throw new Error(`no template ${file}`);
  return text;
}

describe('Chart.yaml', () => {
  it('is a Helm v3 application chart named fleet at 0.1.0', () => {
    const chart = readYaml(path.join(chartDir, 'Chart.yaml'));
    expect(chart).toMatchObject({
      apiVersion: 'v2',
      name: 'fleet',
      type: 'application',
      version: '0.1.0',
      appVersion: '0.1.0',
    });
  });
});

describe('values.yaml and values.schema.json', () => {
  it('declares JSON Schema draft-07', () => {
    const schema = JSON.parse(readText(path.join(chartDir, 'values.schema.json'))) as JsonObject;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.additionalProperties).toBe(false);
  });

  it('accepts the default values', () => {
    expect(validate(defaults)).toEqual([]);
  });

  const ciDir = path.join(chartDir, 'ci');
  const ciFiles = readdirSync(ciDir).filter((f) => f.endsWith('.yaml'));

  it('has values files for CI rendering', () => {
    expect(ciFiles.length).toBeGreaterThanOrEqual(3);
  });

  it.each(ciFiles)('accepts ci/%s merged over the defaults', (file) => {
    const override = readYaml(path.join(ciDir, file));
    if (!isObject(override)) throw new Error(`${file} is not a map`);
    expect(validate(mergeValues(defaults, override))).toEqual([]);
  });

  // Each override is merged over the defaults as Helm merges `-f` files (null removes a key); the
  // schema must reject the result and name the offending path.
  const bad: [string, JsonObject, string][] = [
    ['a replica count that is not a number', { gateway: { replicaCount: 'two' } }, '/gateway/replicaCount'],
    ['a negative replica count', { identity: { replicaCount: -1 } }, '/identity/replicaCount'],
    ['an unknown top-level key', { replicas: 3 }, '/replicas'],
    ['an unknown component key', { gateway: { replica: 3 } }, '/gateway/replica'],
    ['a missing image.repository', { image: { repository: null } }, '/image/repository'],
    ['an empty image.repository', { image: { repository: '' } }, '/image/repository'],
    ['an unknown pull policy', { image: { pullPolicy: 'Sometimes' } }, '/image/pullPolicy'],
    ['an unknown log level', { config: { logLevel: 'verbose' } }, '/config/logLevel'],
    ['a string for a boolean', { config: { signupEnabled: 'yes' } }, '/config/signupEnabled'],
    [
      'an allowed origin without a scheme',
      { config: { allowedOrigins: 'fleet.example.com' } },
      '/config/allowedOrigins',
    ],
    ['a NATS URL without a scheme', { config: { natsUrl: 'nats:4222' } }, '/config/natsUrl'],
    [
      'a DATABASE_URL that is not PostgreSQL',
      { secrets: { databaseUrl: 'mysql://db/fleet' } },
      '/secrets/databaseUrl',
    ],
    ['AUTH_JWT_KEYS without a key id', { secrets: { authJwtKeys: 'just-a-secret' } }, '/secrets/authJwtKeys'],
    ['resources without limits', { gateway: { resources: { limits: null } } }, '/gateway/resources/limits'],
    [
      'a PDB minAvailable that is neither a count nor a percentage',
      { identity: { podDisruptionBudget: { minAvailable: '50' } } },
      '/identity/podDisruptionBudget/minAvailable',
    ],
    ['a service port out of range', { identity: { service: { port: 70000 } } }, '/identity/service/port'],
    [
      'an extraEnv entry without a name',
      { identity: { extraEnv: [{ value: 'x' }] } },
      '/identity/extraEnv/0/name',
    ],
    ['running as root', { podSecurityContext: { runAsNonRoot: false } }, '/podSecurityContext/runAsNonRoot'],
    [
      'an autoscaling target above 100%',
      { gateway: { autoscaling: { targetCPUUtilizationPercentage: 150 } } },
      '/gateway/autoscaling/targetCPUUtilizationPercentage',
    ],
    [
      'an unknown ingress path type',
      { ingress: { hosts: [{ host: 'a.example', paths: [{ path: '/', pathType: 'Glob' }] }] } },
      '/ingress/hosts/0/paths/0/pathType',
    ],
  ];

  it.each(bad)('rejects %s', (_name, override, offendingPath) => {
    const errors = validate(mergeValues(defaults, override));
    expect(errors).not.toEqual([]);
    expect(errors.some((e) => e.startsWith(`${offendingPath} `))).toBe(true);
  });

  it('documents every value with a "## @param" comment, and documents nothing that is not a value', () => {
    const params = documentedParams(readText(path.join(chartDir, 'values.yaml')));
    expect(undocumentedValues(defaults, new Set(params))).toEqual([]);
    expect(params.filter((p) => !hasValuePath(defaults, p))).toEqual([]);
    expect(params.length).toBe(new Set(params).size);
  });
});

describe('templates', () => {
  it('keep one resource per file, in a folder per component', () => {
    expect(templateFiles).toEqual([
      'NOTES.txt',
      '_helpers.tpl',
      'bookings/deployment.yaml',
      'bookings/pdb.yaml',
      'bookings/service.yaml',
      'configmap.yaml',
      'gateway/deployment.yaml',
      'gateway/hpa.yaml',
      'gateway/ingress.yaml',
      'gateway/pdb.yaml',
      'gateway/service.yaml',
      'identity/deployment.yaml',
      'identity/pdb.yaml',
      'identity/service.yaml',
      'masters/deployment.yaml',
      'masters/pdb.yaml',
      'masters/service.yaml',
      'secret.yaml',
      'serviceaccount.yaml',
    ]);
  });

  it.each(templateFiles)('%s has balanced actions and blocks', (file) => {
    expect(templateSyntaxProblems(template(file))).toEqual([]);
  });

  it.each(templateFiles)('%s refers only to values that exist in values.yaml', (file) => {
    const unknown = valuesReferences(template(file)).filter((ref) => !hasValuePath(defaults, ref));
    expect(unknown).toEqual([]);
  });

  it('use every value in values.yaml', () => {
    const used = new Set(templateFiles.flatMap((f) => valuesReferences(template(f))));
    const unused = valueLeafPaths(defaults).filter((leaf) => {
      const parts = leaf.split('.');
      return !parts.some((_, i) => used.has(parts.slice(0, i + 1).join('.')));
    });
    // nameOverride and fullnameOverride are used by the helpers; everything is referenced somewhere.
    expect(unused).toEqual([]);
  });

  it('include only named templates that _helpers.tpl defines', () => {
    const defined = new Set(definedTemplates(template('_helpers.tpl')));
    const included = new Set(templateFiles.flatMap((f) => includedTemplates(template(f))));
    expect([...included].filter((name) => !defined.has(name))).toEqual([]);
    expect([...defined].filter((name) => !included.has(name))).toEqual([]);
  });

  const kinds: Record<string, [string, string]> = {
    'configmap.yaml': ['v1', 'ConfigMap'],
    'secret.yaml': ['v1', 'Secret'],
    'serviceaccount.yaml': ['v1', 'ServiceAccount'],
    'gateway/deployment.yaml': ['apps/v1', 'Deployment'],
    'gateway/service.yaml': ['v1', 'Service'],
    'gateway/pdb.yaml': ['policy/v1', 'PodDisruptionBudget'],
    'gateway/hpa.yaml': ['autoscaling/v2', 'HorizontalPodAutoscaler'],
    'gateway/ingress.yaml': ['networking.k8s.io/v1', 'Ingress'],
    'identity/deployment.yaml': ['apps/v1', 'Deployment'],
    'identity/service.yaml': ['v1', 'Service'],
    'identity/pdb.yaml': ['policy/v1', 'PodDisruptionBudget'],
    'bookings/deployment.yaml': ['apps/v1', 'Deployment'],
    'bookings/service.yaml': ['v1', 'Service'],
    'bookings/pdb.yaml': ['policy/v1', 'PodDisruptionBudget'],
    'masters/deployment.yaml': ['apps/v1', 'Deployment'],
    'masters/service.yaml': ['v1', 'Service'],
    'masters/pdb.yaml': ['policy/v1', 'PodDisruptionBudget'],
  };

  it.each(manifestTemplates)('%s has a YAML skeleton with one resource of the expected kind', (file) => {
    const skeleton = parseSkeleton(template(file));
    const [apiVersion, kind] = kinds[file] ?? ['?', '?'];
    expect(skeleton).toMatchObject({ apiVersion, kind });
    expect(dig(skeleton, 'metadata', 'name')).toEqual(expect.any(String));
    expect(template(file).match(/^kind:/gm)).toHaveLength(1);
  });

  it('render the secret only when secrets.create is true', () => {
    expect(template('secret.yaml')).toMatch(/^\{\{- if \.Values\.secrets\.create \}\}$/m);
    expect(template('_helpers.tpl')).toContain('.Values.secrets.existingSecret');
  });

  it('render each component only when it is enabled', () => {
    for (const file of manifestTemplates.filter((f) => f.includes('/'))) {
      const component = file.split('/')[0] as string;
      const firstLine = template(file).split('\n')[0] as string;
      expect(firstLine).toContain(`.Values.${component}.enabled`);
    }
  });
});

describe('Deployment templates', () => {
  const components = [
    { name: 'gateway', probe: 'httpGet', port: 3000 },
    { name: 'identity', probe: 'grpc', port: 50051 },
    { name: 'bookings', probe: 'grpc', port: 50052 },
    { name: 'masters', probe: 'grpc', port: 50053 },
  ];

  describe.each(components)('$name', ({ name, probe, port }) => {
    const skeleton = parseSkeleton(template(`${name}/deployment.yaml`));
    const pod = dig(skeleton, 'spec', 'template', 'spec');
    const container = dig(pod, 'containers', 0);

    it('runs its module from the shared image', () => {
      expect(dig(container, 'name')).toBe(name);
      expect(dig(container, 'args')).toEqual([name]);
    });

    it('has startup, liveness and readiness probes', () => {
      for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        expect(dig(container, kind, probe)).toBeDefined();
      }
      if (probe === 'grpc') {
        for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          expect(dig(container, kind, 'grpc', 'port')).toBe(port);
        }
        expect(dig(container, 'ports', 0)).toMatchObject({ name: 'grpc', containerPort: port });
        expect(dig(container, 'env')).toEqual(
          expect.arrayContaining([{ name: 'GRPC_PORT', value: String(port) }]),
        );
      } else {
        expect(dig(container, 'livenessProbe', 'httpGet', 'path')).toBe('/healthz');
        expect(dig(container, 'readinessProbe', 'httpGet', 'path')).toBe('/readyz');
      }
    });

    it('sets resources and security contexts from values, and mounts /tmp', () => {
      const text = template(`${name}/deployment.yaml`);
      expect(text).toContain(`toYaml .Values.${name}.resources`);
      expect(text).toContain('toYaml .Values.podSecurityContext');
      expect(text).toContain('toYaml .Values.containerSecurityContext');
      expect(isObject(container) && 'resources' in container && 'securityContext' in container).toBe(true);
      expect(dig(container, 'volumeMounts', 0)).toEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(dig(pod, 'volumes', 0, 'emptyDir')).toBeDefined();
    });

    it('exposes metrics on 9464', () => {
      expect(dig(container, 'ports')).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'metrics', containerPort: 9464 })]),
      );
    });
  });

  it('default values request and limit cpu and memory for every component', () => {
    for (const name of ['gateway', 'identity', 'bookings', 'masters']) {
      for (const bound of ['requests', 'limits']) {
        expect(dig(defaults, name, 'resources', bound)).toEqual({
          cpu: expect.anything(),
          memory: expect.anything(),
        });
      }
    }
  });

  it('default values run as uid 10001, non-root, on a read-only root filesystem', () => {
    expect(defaults.podSecurityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(defaults.containerSecurityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    expect(defaults.terminationGracePeriodSeconds).toBe(30);
  });
});

describe('the offline checkers themselves', () => {
  it('catch unbalanced templates', () => {
    expect(templateSyntaxProblems('{{- if .Values.a }}\nx: 1\n')).toEqual([
      'line 1: if is never closed with end',
    ]);
    expect(templateSyntaxProblems('x: {{ .Values.a }\n')).toHaveLength(1);
    expect(templateSyntaxProblems('{{ end }}')).toEqual(['line 1: end without an open block']);
  });

  it('catch references to values that do not exist', () => {
    const refs = valuesReferences('replicas: {{ .Values.gateway.replicas }}\nx: {{ $.Values.image.tag }}');
    expect(refs).toEqual(['gateway.replicas', 'image.tag']);
    expect(refs.filter((r) => !hasValuePath(defaults, r))).toEqual(['gateway.replicas']);
  });

  it('merge like Helm: maps merge, lists replace, null removes', () => {
    expect(mergeValues({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, d: null })).toEqual({
      a: { b: 1, c: [3] },
    });
  });

  it('find the chart on disk', () => {
    expect(existsSync(path.join(chartDir, 'Chart.yaml'))).toBe(true);
  });
});
