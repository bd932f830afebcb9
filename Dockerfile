# syntax=docker/dockerfile:1
# Corbeille's images, built in stages (tested by apps/api/src/deployment/dockerfile.unit.spec.ts; this file
# has not been built on the machine it was written on, which has no Docker):
#
#   docker build -t corbeille-api .                                  # the API (the last stage, the default)
#   docker build -t corbeille-dashboard --target dashboard .          # the dashboard
#
# The API runs compiled JavaScript (`node apps/api/dist/main.js`): no TypeScript compiler or loader, no dev
# dependencies, as the unprivileged `node` user. It never seeds the demo: that is `npm run seed`, on demand.
# Read models live in /data; events in EventStoreDB when EVENTSTORE_URL is set, otherwise in /data/events.sqlite.

# Node 22 LTS: Node 20 is out of maintenance, and on 22 no production dependency warns (README, Node versions).
ARG NODE_IMAGE=node:22-bookworm

# npm 11, as the project uses: it runs install scripts only where package.json's allowScripts allows.
FROM ${NODE_IMAGE} AS base
RUN npm install --global npm@11 --no-audit --no-fund

# 1. Every dependency (dev included) to build with; better-sqlite3 compiles here (python3, make, g++).
FROM base AS deps
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund

# 2. Compile the API and its libraries ahead of time; build the dashboard once, as a standalone server.
FROM deps AS build
RUN node tools/image/compile-workspaces.mjs --point-main
RUN NEXT_OUTPUT=standalone npm run build --workspace @corbeille/dashboard

# 3. Production dependencies only, installed against the manifests that now point at dist/.
FROM base AS prod-deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=build /app/libs libs
COPY --from=build /app/tools tools
COPY --from=build /app/apps/dashboard/package.json apps/dashboard/package.json
RUN npm ci --omit=dev --workspace @corbeille/api --no-audit --no-fund \
  && find libs -name '*.ts' -delete

# 4. The dashboard: Next.js' standalone server and its static files, nothing else.
FROM ${NODE_IMAGE}-slim AS dashboard
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/apps/dashboard/.next/standalone ./
COPY --from=build --chown=node:node /app/apps/dashboard/.next/static apps/dashboard/.next/static
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"]
CMD ["node", "apps/dashboard/server.js"]

# 5. The API (default target).
FROM ${NODE_IMAGE}-slim AS api
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=4000 HOST=0.0.0.0 LOG_FORMAT=json
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/package.json package.json
COPY --from=prod-deps /app/libs libs
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=build /app/apps/api/dist apps/api/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000
# Ready: the event store answers and the read models are within HEALTH_MAX_LAG_EVENTS of the log. A rebuild
# from the whole log can take minutes on a large store (docs/performance.md): hence the start period.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
