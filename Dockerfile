# syntax=docker/dockerfile:1
#
# One image runs any module by argument (see product/, the composition root):
#   docker run fleet            -> `all`: every module in one process (embedded, PGlite under /app/.data)
#   docker run fleet gateway    -> the BFF on :3000
#   docker run fleet <service>  -> one service of the module table (product/src/modules.ts) on its gRPC
#                                  port from the table (GRPC_PORT overrides), e.g. `docker run fleet masters`
# Every module serves Prometheus metrics on :9464. Kubernetes probes replace a HEALTHCHECK.
#
# TypeScript runs from source through tsx, so the runtime keeps the full `npm ci` node_modules
# (tsx is a dev dependency; pruning dev dependencies would remove it).

ARG NODE_IMAGE=node:20-bookworm-slim

# --- manifests: only the lockfile and every workspace's package.json --------------------------
# Copying the whole context here and extracting the package.json files keeps the `npm ci` layer
# below cached until a dependency changes, and picks up new workspaces (packages/*, services/*,
# web) without editing this file.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find . -mindepth 2 -name package.json -not -path '*/node_modules/*' \
      -exec sh -c 'mkdir -p "/manifests/$(dirname "$1")" && cp "$1" "/manifests/$1"' _ {} \;

# --- deps: install exactly what the lockfile says ----------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci

# --- build: type-check, and build the web app when present ------------------------------------
FROM deps AS build
ENV TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN npm run build

# --- runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
RUN groupadd --system --gid 10001 fleet \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home \
      --shell /usr/sbin/nologin fleet
# Code and dependencies stay owned by root (read-only to the app); only the embedded data
# directory is writable by the app user.
COPY --from=build /app ./
RUN mkdir -p /app/.data && chown 10001:10001 /app/.data
USER 10001:10001
# The gateway's HTTP port and metrics; each service's gRPC port is its row in the module table.
EXPOSE 3000 9464
ENTRYPOINT ["node", "--import", "tsx", "product/src/main.ts"]
CMD ["all"]
