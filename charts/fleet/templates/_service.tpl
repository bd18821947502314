{{/*
One gRPC service of the module table, from its block under `.Values.services`. Each template takes
(dict "root" $ "name" <service name> "service" <its values>); templates/services/*.yaml range over
`.Values.services` and render these for every enabled service.
*/}}

{{- define "fleet.service.deployment" -}}
{{- $root := .root }}
{{- $name := .name }}
{{- $service := .service }}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "fleet.fullname" $root }}-{{ $name }}
  labels:
    {{- include "fleet.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ $name }}
spec:
  replicas: {{ $service.replicaCount }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "fleet.selectorLabels" $root | nindent 6 }}
      app.kubernetes.io/component: {{ $name }}
  template:
    metadata:
      labels:
        {{- include "fleet.labels" $root | nindent 8 }}
        app.kubernetes.io/component: {{ $name }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        checksum/service-urls: {{ include (print $root.Template.BasePath "/service-urls.yaml") $root | sha256sum }}
        {{- if $root.Values.secrets.create }}
        checksum/secret: {{ include (print $root.Template.BasePath "/secret.yaml") $root | sha256sum }}
        {{- end }}
        {{- include "fleet.metricsAnnotations" $root | nindent 8 }}
        {{- with $service.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "fleet.serviceAccountName" $root }}
      automountServiceAccountToken: {{ $root.Values.serviceAccount.automountServiceAccountToken }}
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ $root.Values.terminationGracePeriodSeconds }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      containers:
        - name: {{ $name }}
          image: "{{ $service.image.repository | default $root.Values.image.repository }}:{{ $service.image.tag | default $root.Values.image.tag | default $root.Chart.AppVersion }}"
          imagePullPolicy: {{ $service.image.pullPolicy | default $root.Values.image.pullPolicy }}
          args:
            - {{ $name }}
          ports:
            - name: grpc
              containerPort: {{ $service.grpcPort }}
              protocol: TCP
            - name: metrics
              containerPort: 9464
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "fleet.fullname" $root }}
            - configMapRef:
                name: {{ include "fleet.fullname" $root }}-service-urls
          env:
            - name: GRPC_PORT
              value: {{ $service.grpcPort | quote }}
            {{- range $variable := concat (list "DATABASE_URL" "INTERNAL_AUTH_SECRET") $service.secretEnv }}
            - name: {{ $variable }}
              valueFrom:
                secretKeyRef:
                  name: {{ include "fleet.secretName" $root }}
                  key: {{ $variable }}
            {{- end }}
            {{- with $service.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- include "fleet.service.probes" $service | nindent 10 }}
          resources:
            {{- toYaml $service.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.containerSecurityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 256Mi
      {{- with $service.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $service.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $service.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}

{{- define "fleet.service.probes" -}}
# grpc.health.v1.Health on the gRPC port (Kubernetes native gRPC probes, 1.27+).
startupProbe:
  grpc:
    port: {{ .grpcPort }}
  periodSeconds: 2
  failureThreshold: 60
livenessProbe:
  grpc:
    port: {{ .grpcPort }}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
readinessProbe:
  grpc:
    port: {{ .grpcPort }}
  periodSeconds: 5
  timeoutSeconds: 3
  failureThreshold: 3
{{- end }}

{{- define "fleet.service.service" -}}
{{- $root := .root }}
{{- $name := .name }}
{{- $service := .service }}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "fleet.fullname" $root }}-{{ $name }}
  labels:
    {{- include "fleet.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ $name }}
spec:
  type: {{ $service.service.type }}
  selector:
    {{- include "fleet.selectorLabels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ $name }}
  ports:
    - name: grpc
      port: {{ $service.service.port }}
      targetPort: grpc
      protocol: TCP
      appProtocol: kubernetes.io/h2c
{{- end }}

{{- define "fleet.service.pdb" -}}
{{- $root := .root }}
{{- $name := .name }}
{{- $service := .service }}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "fleet.fullname" $root }}-{{ $name }}
  labels:
    {{- include "fleet.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ $name }}
spec:
  minAvailable: {{ $service.podDisruptionBudget.minAvailable }}
  selector:
    matchLabels:
      {{- include "fleet.selectorLabels" $root | nindent 6 }}
      app.kubernetes.io/component: {{ $name }}
{{- end }}

{{/*
Where other processes reach a service: its `url` when set (a service run elsewhere), else its
Service in this release.
*/}}
{{- define "fleet.service.url" -}}
{{- if .service.url }}
{{- .service.url }}
{{- else }}
{{- printf "http://%s-%s:%v" (include "fleet.fullname" .root) .name .service.service.port }}
{{- end }}
{{- end }}
