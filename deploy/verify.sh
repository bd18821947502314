#!/usr/bin/env bash
# Checks the deployment files with the real tools, for CI or a workstation that has them:
# helm (v3), kubectl (kustomize built in), kubeconform, and optionally docker.
# NOT run on the development machine where these files were written (it has no helm, kubeconform or
# Docker engine); the offline checks, including `kubectl kustomize`, are `npx jest tests/deploy`.
#
#   deploy/verify.sh            lint and render the chart, build the kustomizations, validate both
#   deploy/verify.sh --image    also build the image
set -euo pipefail

cd "$(dirname "$0")/.."
KUBERNETES_VERSION="${KUBERNETES_VERSION:-1.29.0}"
validate() { kubeconform -strict -summary -kubernetes-version "$KUBERNETES_VERSION"; }

for values in charts/fleet/ci/*.yaml; do
  echo "== helm lint / template with $values"
  helm lint --strict charts/fleet -f "$values"
  helm template fleet charts/fleet -f "$values" | validate
done

echo "== helm template without secrets must fail (secrets are required)"
if helm template fleet charts/fleet >/dev/null 2>&1; then
  echo "expected a render error without secrets" >&2
  exit 1
fi

for dir in deploy/base deploy/overlays/local; do
  echo "== kustomize $dir"
  kubectl kustomize "$dir" | validate
done

if [[ "${1:-}" == "--image" ]]; then
  echo "== docker build"
  docker build --tag fleet:dev .
  docker run --rm --entrypoint id fleet:dev | grep -q 'uid=10001'
fi
