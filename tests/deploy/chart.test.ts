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
    [
      'a negative replica count',
      { services: { identity: { replicaCount: -1 } } },
      '/services/identity/replicaCount',
    ],
    ['a service name that is not a name', { services: { Billing_2: {} } }, '/services'],
    [
      'a URL variable that is not one',
      { services: { masters: { urlEnv: 'masters' } } },
      '/services/masters/urlEnv',
    ],
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
      'the development SMS provider, which texts nothing',
      { config: { smsProvider: 'log' } },
      '/config/smsProvider',
    ],
    [
      'MSG91 over cleartext HTTP',
      { config: { msg91BaseUrl: 'http://control.msg91.com' } },
      '/config/msg91BaseUrl',
    ],
    [
      'the development push provider, which pushes to no driver',
      { config: { pushProvider: 'log' } },
      '/config/pushProvider',
    ],
    [
      'FCM over cleartext HTTP',
      { config: { fcmBaseUrl: 'http://fcm.googleapis.com' } },
      '/config/fcmBaseUrl',
    ],
    [
      'an FCM service account that is not a JSON key',
      { secrets: { fcmServiceAccountJson: '/run/secrets/fcm.json' } },
      '/secrets/fcmServiceAccountJson',
    ],
    [
      'a DATABASE_URL that is not PostgreSQL',
      { secrets: { databaseUrl: 'mysql://db/fleet' } },
      '/secrets/databaseUrl',
    ],
    ['AUTH_JWT_KEYS without a key id', { secrets: { authJwtKeys: 'just-a-secret' } }, '/secrets/authJwtKeys'],
    ['resources without limits', { gateway: { resources: { limits: null } } }, '/gateway/resources/limits'],
    [
      'a PDB minAvailable that is neither a count nor a percentage',
      { services: { identity: { podDisruptionBudget: { minAvailable: '50' } } } },
      '/services/identity/podDisruptionBudget/minAvailable',
    ],
    [
      'a service port out of range',
      { services: { identity: { service: { port: 70000 } } } },
      '/services/identity/service/port',
    ],
    [
      'an extraEnv entry without a name',
      { services: { identity: { extraEnv: [{ value: 'x' }] } } },
      '/services/identity/extraEnv/0/name',
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

/** The body of a named template from the .tpl files: the YAML a service's resource is made of. */
const helperFiles = templateFiles.filter((f) => f.endsWith('.tpl'));
function definedBody(name: string): string {
  for (const file of helperFiles) {
    const text = template(file);
    const start = text.indexOf(`{{- define "${name}" -}}`);
    if (start < 0) continue;
    const from = text.indexOf('\n', start) + 1;
    return text.slice(
      from,
      text.indexOf('\n{{- end }}\n\n', from) >= 0
        ? text.indexOf('\n{{- end }}\n\n', from)
        : text.lastIndexOf('{{- end }}'),
    );
  }
  throw new Error(`no template defines ${name}`);
}

/** `$service.a.b` and `.service.a.b` paths the service templates read from a `services` entry. */
function serviceReferences(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:\$service|(?<=[\s(])\.service)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
    found.add((m[1] as string).slice(1));
  }
  return [...found].sort();
}

const serviceValues = Object.entries(defaults.services as JsonObject) as [string, JsonObject][];

describe('templates', () => {
  it('keep one resource per file: a folder for the gateway, one for every service of the table', () => {
    expect(templateFiles).toEqual([
      'NOTES.txt',
      '_helpers.tpl',
      '_service.tpl',
      'configmap.yaml',
      'gateway/deployment.yaml',
      'gateway/hpa.yaml',
      'gateway/ingress.yaml',
      'gateway/pdb.yaml',
      'gateway/service.yaml',
      'secret.yaml',
      'service-urls.yaml',
      'serviceaccount.yaml',
      'services/deployment.yaml',
      'services/pdb.yaml',
      'services/service.yaml',
    ]);
  });

  it.each(templateFiles)('%s has balanced actions and blocks', (file) => {
    expect(templateSyntaxProblems(template(file))).toEqual([]);
  });

  it.each(templateFiles)('%s refers only to values that exist in values.yaml', (file) => {
    const unknown = valuesReferences(template(file)).filter((ref) => !hasValuePath(defaults, ref));
    expect(unknown).toEqual([]);
  });

  it.each(serviceValues.map(([name]) => name))('reads only values every service has, %s included', (name) => {
    const refs = new Set(templateFiles.flatMap((f) => serviceReferences(template(f))));
    const entry = (defaults.services as JsonObject)[name] as JsonObject;
    expect([...refs].filter((ref) => !hasValuePath(entry, ref))).toEqual([]);
  });

  it('use every value in values.yaml', () => {
    const used = new Set(templateFiles.flatMap((f) => valuesReferences(template(f))));
    for (const [name] of serviceValues) {
      for (const ref of templateFiles.flatMap((f) => serviceReferences(template(f)))) {
        used.add(`services.${name}.${ref}`);
      }
    }
    const unused = valueLeafPaths(defaults).filter((leaf) => {
      const parts = leaf.split('.');
      return !parts.some((_, i) => used.has(parts.slice(0, i + 1).join('.')));
    });
    // nameOverride and fullnameOverride are used by the helpers; everything is referenced somewhere.
    expect(unused).toEqual([]);
  });

  it('include only named templates that the .tpl files define, and define none unused', () => {
    const defined = new Set(helperFiles.flatMap((f) => definedTemplates(template(f))));
    const included = new Set(templateFiles.flatMap((f) => includedTemplates(template(f))));
    expect([...included].filter((name) => !defined.has(name))).toEqual([]);
    expect([...defined].filter((name) => !included.has(name))).toEqual([]);
  });

  const kinds: Record<string, [string, string]> = {
    'configmap.yaml': ['v1', 'ConfigMap'],
    'service-urls.yaml': ['v1', 'ConfigMap'],
    'secret.yaml': ['v1', 'Secret'],
    'serviceaccount.yaml': ['v1', 'ServiceAccount'],
    'gateway/deployment.yaml': ['apps/v1', 'Deployment'],
    'gateway/service.yaml': ['v1', 'Service'],
    'gateway/pdb.yaml': ['policy/v1', 'PodDisruptionBudget'],
    'gateway/hpa.yaml': ['autoscaling/v2', 'HorizontalPodAutoscaler'],
    'gateway/ingress.yaml': ['networking.k8s.io/v1', 'Ingress'],
  };
  const serviceKinds: Record<string, [string, string, string]> = {
    'services/deployment.yaml': ['fleet.service.deployment', 'apps/v1', 'Deployment'],
    'services/service.yaml': ['fleet.service.service', 'v1', 'Service'],
    'services/pdb.yaml': ['fleet.service.pdb', 'policy/v1', 'PodDisruptionBudget'],
  };

  it.each(Object.keys(kinds))('%s has a YAML skeleton with one resource of the expected kind', (file) => {
    const skeleton = parseSkeleton(template(file));
    const [apiVersion, kind] = kinds[file] ?? ['?', '?'];
    expect(skeleton).toMatchObject({ apiVersion, kind });
    expect(dig(skeleton, 'metadata', 'name')).toEqual(expect.any(String));
    expect(template(file).match(/^kind:/gm)).toHaveLength(1);
  });

  it.each(Object.keys(serviceKinds))(
    '%s renders, for every enabled service, the one resource its named template holds',
    (file) => {
      const [name, apiVersion, kind] = serviceKinds[file] as [string, string, string];
      expect(template(file)).toMatch(/\{\{- range \$name, \$service := \.Values\.services \}\}/);
      expect(template(file)).toContain('$service.enabled');
      expect(template(file)).toContain(`include "${name}" (dict "root" $ "name" $name "service" $service)`);
      const skeleton = parseSkeleton(definedBody(name));
      expect(skeleton).toMatchObject({ apiVersion, kind });
      expect(definedBody(name).match(/^kind:/gm)).toHaveLength(1);
    },
  );

  it('render the secret only when secrets.create is true', () => {
    expect(template('secret.yaml')).toMatch(/^\{\{- if \.Values\.secrets\.create \}\}$/m);
    expect(template('_helpers.tpl')).toContain('.Values.secrets.existingSecret');
  });

  it('render the gateway only when it is enabled', () => {
    for (const file of manifestTemplates.filter((f) => f.startsWith('gateway/'))) {
      const firstLine = template(file).split('\n')[0] as string;
      expect(firstLine).toContain('.Values.gateway.enabled');
    }
  });

  it('give every component the service URLs, one per service of the values', () => {
    expect(template('service-urls.yaml')).toContain('{{- range $name, $service := .Values.services }}');
    expect(template('service-urls.yaml')).toContain('{{ $service.urlEnv }}:');
    for (const body of [template('gateway/deployment.yaml'), definedBody('fleet.service.deployment')]) {
      expect(body).toMatch(/configMapRef:\s+name: \{\{ include "fleet\.fullname" [^}]*\}\}-service-urls/);
    }
  });
});

describe('Deployment templates', () => {
  const components = [
    { name: 'gateway', probe: 'httpGet', body: () => template('gateway/deployment.yaml') },
    { name: 'a service', probe: 'grpc', body: () => definedBody('fleet.service.deployment') },
  ];

  describe.each(components)('$name', ({ name, probe, body }) => {
    const skeleton = parseSkeleton(body());
    const pod = dig(skeleton, 'spec', 'template', 'spec');
    const container = dig(pod, 'containers', 0);

    it('runs its module from the shared image', () => {
      if (name === 'gateway') {
        expect(dig(container, 'name')).toBe('gateway');
        expect(dig(container, 'args')).toEqual(['gateway']);
      } else {
        expect(body()).toMatch(/- name: \{\{ \$name \}\}/);
        expect(body()).toMatch(/args:\s+- \{\{ \$name \}\}/);
      }
    });

    it('has startup, liveness and readiness probes', () => {
      if (probe === 'grpc') {
        const probes = parseSkeleton(definedBody('fleet.service.probes'));
        for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          expect(dig(probes, kind, 'grpc', 'port')).toBeDefined();
        }
        expect(definedBody('fleet.service.probes').match(/port: \{\{ \.grpcPort \}\}/g)).toHaveLength(3);
        expect(body()).toContain('containerPort: {{ $service.grpcPort }}');
        expect(body()).toMatch(/- name: GRPC_PORT\s+value: \{\{ \$service\.grpcPort \| quote \}\}/);
        expect(body()).toContain('{{- include "fleet.service.probes" $service | nindent 10 }}');
      } else {
        for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          expect(dig(container, kind, probe)).toBeDefined();
        }
        expect(dig(container, 'livenessProbe', 'httpGet', 'path')).toBe('/healthz');
        expect(dig(container, 'readinessProbe', 'httpGet', 'path')).toBe('/readyz');
      }
    });

    it('sets resources and security contexts from values, and mounts /tmp', () => {
      const text = body();
      expect(text).toContain(
        name === 'gateway' ? 'toYaml .Values.gateway.resources' : 'toYaml $service.resources',
      );
      expect(text).toMatch(/toYaml (\$root)?\.Values\.podSecurityContext/);
      expect(text).toMatch(/toYaml (\$root)?\.Values\.containerSecurityContext/);
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

  it('binds the metrics listener to the pod’s addresses for Prometheus, and routes no Service or Ingress to it', () => {
    expect(dig(defaults, 'metrics', 'host')).toBe('0.0.0.0');
    expect(template('configmap.yaml')).toContain('METRICS_HOST: {{ .Values.metrics.host | quote }}');
    const servicePorts = [
      dig(parseSkeleton(template('gateway/service.yaml')), 'spec', 'ports'),
      dig(parseSkeleton(definedBody('fleet.service.service')), 'spec', 'ports'),
    ].flat() as JsonObject[];
    expect(servicePorts.map((p) => p.targetPort)).toEqual(['http', 'grpc']);
    const ingress = parseSkeleton(template('gateway/ingress.yaml'));
    expect(JSON.stringify(ingress)).not.toMatch(/metrics|9464/);
    expect(template('gateway/ingress.yaml')).toMatch(/port:\s+name: http\n/);
  });

  it('gives a service the keys of the Secret it reads, and DATABASE_URL and INTERNAL_AUTH_SECRET', () => {
    expect(definedBody('fleet.service.deployment')).toContain(
      '{{- range $variable := concat (list "DATABASE_URL" "INTERNAL_AUTH_SECRET") $service.secretEnv }}',
    );
  });

  it('default values request and limit cpu and memory for every component', () => {
    const components = [defaults.gateway, ...serviceValues.map(([, values]) => values)];
    for (const values of components) {
      for (const bound of ['requests', 'limits']) {
        expect(dig(values, 'resources', bound)).toEqual({
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
