// What the deployment says about each service, written from the module table: the Helm chart's
// `services` values, the kustomize base's per-service manifests and its resource list, the ConfigMap of
// service URLs, and the README's table of modules. `npm run generate:deploy` writes them; a test fails
// when a committed file differs from what the table renders.
import type { AnyServiceDefinition, ModuleTable } from '@fleet/platform';
import { GATEWAY } from '../modules';

/** The chart's defaults for a service's pods; a service's row may not change them (yet). */
const DEFAULTS = {
  replicaCount: 2,
  resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { cpu: '"1"', memory: '512Mi' } },
  minAvailable: 1,
};

const KUSTOMIZE_PREFIX = 'fleet';
const SECRET = `${KUSTOMIZE_PREFIX}-secrets`;
const IMAGE = `${KUSTOMIZE_PREFIX}:0.1.0`;

/** The pods' resource requests and limits, as YAML under `resources:`. */
const RESOURCES = `requests:
  cpu: ${DEFAULTS.resources.requests.cpu}
  memory: ${DEFAULTS.resources.requests.memory}
limits:
  cpu: ${DEFAULTS.resources.limits.cpu}
  memory: ${DEFAULTS.resources.limits.memory}`;

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');

// ---------------------------------------------------------------------------------------------
// Helm: charts/fleet/values.yaml, the `services` section

export const VALUES_SECTION = '## @section Services parameters';

function chartServiceBlock(service: AnyServiceDefinition): string {
  const n = service.name;
  const p = (path: string, text: string) => `## @param services.${n}.${path} ${text}`;
  const secretEnv =
    service.secretEnv.length === 0
      ? 'secretEnv: []'
      : `secretEnv:\n${service.secretEnv.map((v) => `  - ${v}`).join('\n')}`;
  return `${p('enabled', `Deploy ${n}: ${service.description}`)}
${n}:
  enabled: true
  ${p('grpcPort', `The gRPC port ${n} listens on (GRPC_PORT)`)}
  grpcPort: ${service.port}
  ${p('urlEnv', `The variable every component reads to reach ${n}`)}
  urlEnv: ${service.urlEnv}
  ${p('url', `${service.urlEnv}; empty means the ${n} Service this release deploys`)}
  url: ""
  ${p('secretEnv', `Keys of the Secret ${n} reads, beyond DATABASE_URL and INTERNAL_AUTH_SECRET`)}
${indent(secretEnv, 2)}
  ${p('replicaCount', `Number of ${n} replicas`)}
  replicaCount: ${DEFAULTS.replicaCount}
  image:
    ${p('image.repository', `Override \`image.repository\` for ${n}`)}
    repository: ""
    ${p('image.tag', `Override \`image.tag\` for ${n}`)}
    tag: ""
    ${p('image.pullPolicy', `Override \`image.pullPolicy\` for ${n}`)}
    pullPolicy: ""
  service:
    ${p('service.type', `${n} Service type`)}
    type: ClusterIP
    ${p('service.port', `${n} Service port (gRPC)`)}
    port: ${service.port}
  ${p('resources', `${n} container resource requests and limits`)}
  resources:
${indent(RESOURCES, 4)}
  podDisruptionBudget:
    ${p('podDisruptionBudget.enabled', `Create a PodDisruptionBudget for ${n}`)}
    enabled: true
    ${p('podDisruptionBudget.minAvailable', `Minimum ${n} pods available during voluntary disruptions (number or percentage)`)}
    minAvailable: ${DEFAULTS.minAvailable}
  ${p('podAnnotations', `Extra annotations for ${n} pods`)}
  podAnnotations: {}
  ${p('nodeSelector', `Node labels for ${n} pod assignment`)}
  nodeSelector: {}
  ${p('tolerations', `Tolerations for ${n} pods`)}
  tolerations: []
  ${p('affinity', `Affinity rules for ${n} pods`)}
  affinity: {}
  ${p('extraEnv', `Extra environment variables for the ${n} container (EnvVar list)`)}
  extraEnv: []`;
}

/** The `services` section of values.yaml: one block per service of the table. */
export function renderChartServices(table: ModuleTable): string {
  return `${VALUES_SECTION}
## One block per service of the module table (product/src/modules.ts), written from it by
## \`npm run generate:deploy\`. Each runs as a gRPC Deployment with a Service and a PodDisruptionBudget
## (templates/_service.tpl); override any value at install time, e.g. \`--set services.masters.replicaCount=3\`.

services:
${table.map((service) => indent(chartServiceBlock(service), 2)).join('\n')}
`;
}

/** values.yaml with its `services` section replaced by the table's. */
export function withChartServices(valuesYaml: string, table: ModuleTable): string {
  const start = valuesYaml.indexOf(VALUES_SECTION);
  if (start < 0) throw new Error(`charts/fleet/values.yaml has no "${VALUES_SECTION}" section`);
  const next = valuesYaml.indexOf('## @section', start + VALUES_SECTION.length);
  if (next < 0) throw new Error(`charts/fleet/values.yaml has no section after "${VALUES_SECTION}"`);
  return `${valuesYaml.slice(0, start)}${renderChartServices(table)}\n${valuesYaml.slice(next)}`;
}

// ---------------------------------------------------------------------------------------------
// kustomize: deploy/base

const labels = (component: string) => `app.kubernetes.io/name: ${KUSTOMIZE_PREFIX}
app.kubernetes.io/part-of: ${KUSTOMIZE_PREFIX}
app.kubernetes.io/component: ${component}`;
const selector = (component: string) => `app.kubernetes.io/name: ${KUSTOMIZE_PREFIX}
app.kubernetes.io/component: ${component}`;

function kustomizeDeployment(service: AnyServiceDefinition): string {
  const n = service.name;
  const secretRefs = ['DATABASE_URL', 'INTERNAL_AUTH_SECRET', ...service.secretEnv]
    .map(
      (variable) => `- name: ${variable}
  valueFrom:
    secretKeyRef:
      name: ${SECRET}
      key: ${variable}`,
    )
    .join('\n');
  return `# Written from the module table by \`npm run generate:deploy\`; do not edit.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${KUSTOMIZE_PREFIX}-${n}
  labels:
${indent(labels(n), 4)}
spec:
  replicas: ${DEFAULTS.replicaCount}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
${indent(selector(n), 6)}
  template:
    metadata:
      labels:
${indent(labels(n), 8)}
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: "9464"
        prometheus.io/path: /metrics
    spec:
      serviceAccountName: ${KUSTOMIZE_PREFIX}
      automountServiceAccountToken: false
      enableServiceLinks: false
      terminationGracePeriodSeconds: 30
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        runAsGroup: 10001
        fsGroup: 10001
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: ${n}
          image: ${IMAGE}
          args:
            - ${n}
          ports:
            - name: grpc
              containerPort: ${service.port}
              protocol: TCP
            - name: metrics
              containerPort: 9464
              protocol: TCP
          envFrom:
            - configMapRef:
                name: ${KUSTOMIZE_PREFIX}
            - configMapRef:
                name: ${KUSTOMIZE_PREFIX}-service-urls
          env:
            - name: GRPC_PORT
              value: "${service.port}"
${indent(secretRefs, 12)}
          # grpc.health.v1.Health on the gRPC port (Kubernetes native gRPC probes, 1.27+).
          startupProbe:
            grpc:
              port: ${service.port}
            periodSeconds: 2
            failureThreshold: 60
          livenessProbe:
            grpc:
              port: ${service.port}
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            grpc:
              port: ${service.port}
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 3
          resources:
${indent(RESOURCES, 12)}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            runAsNonRoot: true
            runAsUser: 10001
            capabilities:
              drop:
                - ALL
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 256Mi
`;
}

const kustomizeService = (
  service: AnyServiceDefinition,
) => `# Written from the module table by \`npm run generate:deploy\`; do not edit.
apiVersion: v1
kind: Service
metadata:
  name: ${KUSTOMIZE_PREFIX}-${service.name}
  labels:
${indent(labels(service.name), 4)}
spec:
  type: ClusterIP
  selector:
${indent(selector(service.name), 4)}
  ports:
    - name: grpc
      port: ${service.port}
      targetPort: grpc
      protocol: TCP
      appProtocol: kubernetes.io/h2c
`;

const kustomizePdb = (
  service: AnyServiceDefinition,
) => `# Written from the module table by \`npm run generate:deploy\`; do not edit.
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ${KUSTOMIZE_PREFIX}-${service.name}
  labels:
${indent(labels(service.name), 4)}
spec:
  minAvailable: ${DEFAULTS.minAvailable}
  selector:
    matchLabels:
${indent(selector(service.name), 6)}
`;

const serviceUrls = (
  table: ModuleTable,
) => `# Written from the module table by \`npm run generate:deploy\`; do not edit.
# Each service's URL variable, read by every component through envFrom (charts/fleet: service-urls.yaml).
apiVersion: v1
kind: ConfigMap
metadata:
  name: ${KUSTOMIZE_PREFIX}-service-urls
  labels:
    app.kubernetes.io/name: ${KUSTOMIZE_PREFIX}
    app.kubernetes.io/part-of: ${KUSTOMIZE_PREFIX}
data:
${table.map((s) => `  ${s.urlEnv}: http://${KUSTOMIZE_PREFIX}-${s.name}:${s.port}`).join('\n')}
`;

const kustomization = (
  table: ModuleTable,
) => `# Written from the module table by \`npm run generate:deploy\`; do not edit.
# Fleet, distributed mode, as plain manifests: the same components as charts/fleet with its default
# values. Namespace-agnostic: set the namespace with \`kubectl apply -n\` or in an overlay.
#
# Secrets are NOT part of the base. Create a Secret named \`${SECRET}\` in the target namespace with
# the keys DATABASE_URL, INTERNAL_AUTH_SECRET, ${[...new Set(table.flatMap((s) => s.secretEnv))].join(', ')} (see ../README.md),
# or generate it in an overlay (overlays/local does, with development-only values).
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization

labels:
  - pairs:
      app.kubernetes.io/managed-by: kustomize
    includeSelectors: false

resources:
  - serviceaccount.yaml
  - configmap.yaml
  - service-urls.yaml
  - gateway/deployment.yaml
  - gateway/service.yaml
  - gateway/pdb.yaml
${table.flatMap((s) => ['deployment', 'service', 'pdb'].map((kind) => `  - ${s.name}/${kind}.yaml`)).join('\n')}
`;

/** Every file of deploy/base that the table writes, by path relative to deploy/base. */
export function renderKustomizeBase(table: ModuleTable): Map<string, string> {
  const files = new Map<string, string>([
    ['kustomization.yaml', kustomization(table)],
    ['service-urls.yaml', serviceUrls(table)],
  ]);
  for (const service of table) {
    files.set(`${service.name}/deployment.yaml`, kustomizeDeployment(service));
    files.set(`${service.name}/service.yaml`, kustomizeService(service));
    files.set(`${service.name}/pdb.yaml`, kustomizePdb(service));
  }
  return files;
}

// ---------------------------------------------------------------------------------------------
// README: the table of modules

export const README_START = '<!-- modules: written from the module table by `npm run generate:deploy` -->';
export const README_END = '<!-- /modules -->';

export function renderReadmeModules(table: ModuleTable): string {
  const rows = [
    ['module', 'gRPC port', 'reached at', 'what it does'],
    [`\`${GATEWAY.name}\``, '—', `HTTP \`PORT\` (${GATEWAY.port})`, GATEWAY.description],
    ...table.map((s) => [`\`${s.name}\``, String(s.port), `\`${s.urlEnv}\``, s.description]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [README_START, line(rows[0]!), rule, ...rows.slice(1).map(line), README_END].join('\n');
}

export function withReadmeModules(readme: string, table: ModuleTable): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${README_START}" … "${README_END}" block`);
  return readme.slice(0, start) + renderReadmeModules(table) + readme.slice(end + README_END.length);
}
