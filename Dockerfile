# syntax=docker/dockerfile:1
# Timberlog: the API server with the web app built in, on one port (8080).
#
#   docker build --secret id=jwt_public_key,src=secrets/jwt-public.pem -t timberlog .
#
# The web app checks access tokens with the server's RS256 public key, which the build bakes in:
# give the build the same public key the containers get (JWT_PUBLIC_KEY_FILE); compose.yaml does.
# Settings at run time: see the README's Deployment section and server/README.md.

# Node 24, an LTS line (the server runs on 20.19+, 22.13+, 24 and 26: its tests pass on each).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the web app (dist/, with .br/.gz copies of its text files)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY packages/contract/package.json packages/contract/
# `npm install`, not `npm ci`: the lockfile is written on one platform and lacks the other platforms'
# optional binaries of the build tools, which `npm ci` refuses; versions still come from the lockfile.
RUN npm install --no-audit --no-fund
COPY . .
RUN --mount=type=secret,id=jwt_public_key,required=true \
    APP_PUBLIC_JWT_PUBLIC_KEY="$(cat /run/secrets/jwt_public_key)" APP_PUBLIC_BACKEND_URL=/ npm run build

# ---- deps: what the server needs at run time: the server workspace's dependencies and the contract,
# not the web app's (it is served built) nor any development tool (164 MB instead of 243 MB)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY packages/contract/package.json packages/contract/
RUN npm install --omit=dev --workspace server --no-audit --no-fund && npm cache clean --force

# ---- the image: Node, the server's source (run by tsx), its dependencies and the built web app
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/timberlog \
    WEB_DIST_DIR=/app/dist \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages/contract packages/contract
COPY server server
COPY --from=build /app/dist dist
# Report files, mail and accounting outboxes (share it between instances: a download may reach any).
RUN mkdir -p /var/lib/timberlog && chown node:node /var/lib/timberlog
USER node
EXPOSE 8080
VOLUME ["/var/lib/timberlog"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/schema/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1 (not npm), so SIGTERM reaches the server, which drains and stops its job workers.
CMD ["node", "--import", "tsx", "server/src/main.ts"]
