#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server:
#   scripts/with-postgres.sh npx vitest run --project api-postgres
# Starts Debian's PostgreSQL (installed with apt-get when missing, as CI runs as root) in a temporary
# folder on PG_PORT (default 55432), exports TEST_DATABASE_URL (a role that may create databases), runs
# the command, then stops the server and deletes the folder, whatever the command's outcome.
set -euo pipefail

PG_PORT="${PG_PORT:-55432}"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL not found: installing Debian's postgresql package" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi

DATA="$(mktemp -d /tmp/gs-postgres.XXXXXX)"
# initdb and the server refuse to run as root: run them as the postgres user when we are root.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DATA"

stop() {
  as_pg "$PG_BIN/pg_ctl" -D "$DATA/db" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap stop EXIT

as_pg "$PG_BIN/initdb" -D "$DATA/db" -U postgres -A trust --no-sync >/dev/null
# Tests make and drop many small databases: skip fsync (a test server, nothing to keep).
as_pg "$PG_BIN/pg_ctl" -D "$DATA/db" -l "$DATA/server.log" -w \
  -o "-p $PG_PORT -k $DATA -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PG_PORT" >&2
"$@"
