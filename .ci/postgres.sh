#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests that need a real server (db/postgres/test-server.ts,
# docs/decisions/047). Installs Debian's `postgresql` when no initdb is found, starts a cluster in
# a temporary folder on a free loopback port (trust authentication, fsync off: test data only),
# and prints the one line that exports its URL:
#
#   eval "$(bash .ci/postgres.sh)"          # sets PG_TEST_URL for the commands that follow
#   bash .ci/postgres.sh stop               # stops the cluster and removes its folder
#
# Idempotent: a second call while the cluster runs prints the same line and starts nothing.
# Everything but the export line goes to stderr, so `eval` sees only that line.
set -euo pipefail

DIR="${PG_CLUSTER_DIR:-${TMPDIR:-/tmp}/pq-platform-postgres}"
DATA="$DIR/data"

find_bin() {
  # The newest installed PostgreSQL 15 or later (Debian keeps each major version in its own folder).
  local v
  for v in $(ls /usr/lib/postgresql 2>/dev/null | sort -rn); do
    if [ "$v" -ge 15 ] 2>/dev/null && [ -x "/usr/lib/postgresql/$v/bin/initdb" ]; then
      echo "/usr/lib/postgresql/$v/bin"
      return 0
    fi
  done
  return 1
}

# initdb refuses to run as root: the cluster belongs to the `postgres` user Debian's package creates.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
  if BIN="$(find_bin)" && [ -f "$DATA/postmaster.pid" ]; then
    as_owner "$BIN/pg_ctl" stop -D "$DATA" -m fast -s >&2 || true
  fi
  rm -rf "$DIR"
  exit 0
fi

if ! BIN="$(find_bin)"; then
  echo "postgres.sh: installing Debian's postgresql" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

if [ -f "$DIR/url" ] && as_owner "$BIN/pg_ctl" status -D "$DATA" >/dev/null 2>&1; then
  echo "export PG_TEST_URL=$(cat "$DIR/url")"
  exit 0
fi

# A cluster left from an earlier run that is no longer running: start over.
rm -rf "$DIR"
mkdir -p "$DIR"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$DIR"; fi

PORT="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
as_owner "$BIN/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
as_owner "$BIN/pg_ctl" start -D "$DATA" -w -s -l "$DIR/server.log" \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories='$DIR' -c fsync=off -c full_page_writes=off -c max_connections=200" >&2

URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "$URL" >"$DIR/url"
echo "postgres.sh: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') at $URL (cluster in $DIR)" >&2
echo "export PG_TEST_URL=$URL"
