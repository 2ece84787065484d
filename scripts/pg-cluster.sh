#!/usr/bin/env bash
# A throwaway PostgreSQL 15 server with pgvector, for CI and local test runs.
#
# The Postgres store tests need a real server with the `vector` extension. CI runs on a clean
# Debian bookworm image with the PostgreSQL 15 server binaries (/usr/lib/postgresql/15/bin) but
# without pgvector, and bookworm has no postgresql-15-pgvector package (Debian's pgvector source
# package first appears in trixie, where it is built only as postgresql-17-pgvector).
# So `install-pgvector` builds the extension from the Debian trixie source package (the
# upstream pgvector tarball, fetched from deb.debian.org through apt, verified by apt's signed
# Release files) against PostgreSQL 15's headers, and installs it into PostgreSQL 15's
# extension directories. It skips itself when the extension is already installed.
#
# Usage (as root for install-pgvector; start/stop as root or as an unprivileged user):
#   scripts/pg-cluster.sh install-pgvector
#   url=$(scripts/pg-cluster.sh start <dir>)   # prints only the connection URL on stdout
#   scripts/pg-cluster.sh stop <dir>           # stops the server and removes <dir>
#
# `start` creates a fresh cluster in <dir>/data (owned by the `postgres` OS user when run as
# root, since initdb refuses to run as root), listening on 127.0.0.1 only, on a free port from
# 55432 upward (a port the server fails to bind, e.g. taken by a concurrent run, is skipped),
# with trust authentication and no durability (fsync, synchronous_commit and full_page_writes
# off): it is a test cluster whose data is thrown away. Its unix socket and log live in <dir>
# as well. It creates the database lgm_test and runs CREATE EXTENSION vector in it, so a
# cluster that starts is one where pgvector loads. The URL it prints is
#   postgres://postgres@127.0.0.1:<port>/lgm_test
# Everything other than that URL goes to stderr.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin
PG_SHAREDIR=/usr/share/postgresql/15
PG_PKGLIBDIR=/usr/lib/postgresql/15/lib
FIRST_PORT=55432
PORT_TRIES=100
MARKER=.pg-cluster   # written into <dir> by start; stop only removes directories carrying it

log() { echo "$*" >&2; }
die() { echo "pg-cluster: $*" >&2; exit 1; }

usage() {
  cat >&2 <<'EOF'
usage: pg-cluster.sh install-pgvector
       pg-cluster.sh start <dir>    (prints the connection URL on stdout)
       pg-cluster.sh stop <dir>
EOF
  exit 2
}

# ---------------------------------------------------------------------------------------------
# install-pgvector

install_pgvector() {
  if [ -f "$PG_SHAREDIR/extension/vector.control" ] && [ -f "$PG_PKGLIBDIR/vector.so" ]; then
    log "== pgvector already installed for PostgreSQL 15 ($PG_SHAREDIR/extension/vector.control), skipping build"
    return 0
  fi
  [ "$(id -u)" -eq 0 ] || die "install-pgvector needs root (apt-get, make install)"
  export DEBIAN_FRONTEND=noninteractive

  log "== apt-get update"
  apt-get update >&2
  log "== apt-get install postgresql-server-dev-15 build-essential"
  apt-get install -y --no-install-recommends postgresql-server-dev-15 build-essential >&2

  # Source-only entry for trixie: no binary packages come from it, it only lets apt fetch the
  # pgvector source package. Removed again afterwards if this script created it.
  local src_list=/etc/apt/sources.list.d/trixie-src.sources created_list=0
  if [ ! -f "$src_list" ]; then
    log "== adding deb-src entry for trixie ($src_list)"
    cat >"$src_list" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    created_list=1
  fi

  local work
  work=$(mktemp -d /tmp/pgvector-build.XXXXXX)
  # EXIT, not RETURN: die() exits, and the cleanup must run then too.
  # shellcheck disable=SC2064  # expand now: $work and $created_list are locals
  trap "rm -rf '$work'; [ $created_list -eq 0 ] || rm -f '$src_list'" EXIT

  log "== apt-get update (with trixie sources)"
  apt-get update >&2
  # apt downloads as the _apt user when it can write to the target dir (else it warns and
  # downloads as root).
  if id _apt >/dev/null 2>&1; then chown _apt "$work"; fi
  log "== apt-get source --download-only pgvector"
  (cd "$work" && apt-get source --download-only pgvector >&2)

  local tarball
  tarball=$(find "$work" -maxdepth 1 -name 'pgvector_*.orig.tar.*' | head -n 1)
  [ -n "$tarball" ] || die "apt-get source pgvector gave no pgvector_*.orig.tar.* in $work"
  log "== building $(basename "$tarball") against PostgreSQL 15"
  mkdir "$work/src"
  tar -xf "$tarball" -C "$work/src" --strip-components=1

  # OPTFLAGS="" drops pgvector's default -march=native, so the build runs on any x86-64 CPU.
  make -C "$work/src" -j"$(nproc)" PG_CONFIG="$PG_BIN/pg_config" OPTFLAGS="" >&2
  log "== make install"
  make -C "$work/src" PG_CONFIG="$PG_BIN/pg_config" OPTFLAGS="" install >&2

  [ -f "$PG_SHAREDIR/extension/vector.control" ] && [ -f "$PG_PKGLIBDIR/vector.so" ] \
    || die "pgvector built but vector.control / vector.so are not where PostgreSQL 15 looks"
  log "== pgvector installed"
}

# ---------------------------------------------------------------------------------------------
# start / stop

# Run a command as the cluster owner: the `postgres` OS user when we are root, else ourselves.
# The subshell cds into the cluster dir so the unprivileged user never needs the caller's cwd.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$DIR" && runuser -u postgres -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

# True when something already accepts TCP connections on 127.0.0.1:$1 (a cheap pre-check; the
# real test is whether the server manages to bind the port).
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start_cluster() {
  # Keep stdout for the URL alone.
  exec 3>&1 1>&2

  mkdir -p "$DIR"
  DIR=$(cd "$DIR" && pwd -P)
  [ ! -e "$DIR/data" ] || die "$DIR/data already exists: stop that cluster first (pg-cluster.sh stop $DIR)"
  [ -x "$PG_BIN/initdb" ] || die "no PostgreSQL 15 server binaries in $PG_BIN"
  [ -f "$PG_SHAREDIR/extension/vector.control" ] \
    || die "pgvector is not installed for PostgreSQL 15: run pg-cluster.sh install-pgvector (as root)"

  touch "$DIR/$MARKER"
  mkdir -p "$DIR/socket"
  : >"$DIR/postgres.log"
  if [ "$(id -u)" -eq 0 ]; then
    chown -R postgres:postgres "$DIR"
    runuser -u postgres -- test -w "$DIR" \
      || die "the postgres user cannot write to $DIR (is a parent directory closed to it?)"
  fi

  log "== initdb $DIR/data"
  as_owner "$PG_BIN/initdb" -D "$DIR/data" -U postgres -E UTF8 --locale=C --no-sync \
    --auth-local=trust --auth-host=trust >&2

  # Trust, but only for the local socket and 127.0.0.1 (the server listens nowhere else).
  cat >"$DIR/data/pg_hba.conf" <<'EOF'
# throwaway test cluster (scripts/pg-cluster.sh)
local   all   all                  trust
host    all   all   127.0.0.1/32   trust
EOF
  cat >>"$DIR/data/postgresql.conf" <<EOF

# --- scripts/pg-cluster.sh: throwaway test cluster, no durability ---
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR/socket'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
include = 'port.conf'
EOF
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$DIR/data/pg_hba.conf"
  fi

  local port=$FIRST_PORT last=$((FIRST_PORT + PORT_TRIES - 1)) started=0
  while [ "$port" -le "$last" ]; do
    if port_in_use "$port"; then
      port=$((port + 1))
      continue
    fi
    as_owner sh -c "echo 'port = $port' > '$DIR/data/port.conf'"
    : >"$DIR/postgres.log"
    log "== pg_ctl start on 127.0.0.1:$port"
    # 3>&-: the server must not inherit the stdout the URL goes to, or a caller's $(...)
    # would wait for it to exit.
    if as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w -t 60 start >&2 3>&-; then
      started=1
      break
    fi
    # Lost the port (to another process, or a concurrent run that took it after our pre-check):
    # try the next one. Any other failure is real.
    if grep -q -e 'could not bind' -e 'Address already in use' "$DIR/postgres.log"; then
      log "== port $port is taken, trying the next one"
      port=$((port + 1))
      continue
    fi
    log "pg-cluster: the server did not start; $DIR/postgres.log:"
    cat "$DIR/postgres.log" >&2
    exit 1
  done
  [ "$started" -eq 1 ] || die "no free port in $FIRST_PORT..$last"

  local url="postgres://postgres@127.0.0.1:$port/lgm_test"
  log "== createdb lgm_test"
  "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "postgres://postgres@127.0.0.1:$port/postgres" \
    -c 'CREATE DATABASE lgm_test' >&2
  log "== CREATE EXTENSION vector"
  "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$url" \
    -c 'CREATE EXTENSION IF NOT EXISTS vector' \
    -c "SELECT 'pgvector ' || extversion FROM pg_extension WHERE extname = 'vector'" -At >&2
  log "== PostgreSQL 15 test cluster in $DIR is up: $url"
  echo "$url" >&3
}

stop_cluster() {
  if [ ! -e "$DIR" ]; then
    log "== $DIR does not exist, nothing to stop"
    return 0
  fi
  DIR=$(cd "$DIR" && pwd -P)
  [ "$DIR" != / ] || die "refusing to remove /"
  if [ -z "$(ls -A "$DIR")" ]; then
    # e.g. a mktemp -d directory that start refused before writing anything into it
    log "== removing empty $DIR"
    rmdir -- "$DIR"
    return 0
  fi
  [ -f "$DIR/$MARKER" ] || die "$DIR was not created by pg-cluster.sh start (no $MARKER), not removing it"

  if [ -f "$DIR/data/postmaster.pid" ]; then
    log "== pg_ctl stop -m fast ($DIR/data)"
    if ! as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w -t 30 stop >&2; then
      log "== fast shutdown failed, trying immediate"
      as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate -w -t 30 stop >&2 || true
    fi
  else
    log "== no server running in $DIR"
  fi
  log "== removing $DIR"
  rm -rf -- "$DIR"
}

# ---------------------------------------------------------------------------------------------

[ $# -ge 1 ] || usage
case "$1" in
  install-pgvector)
    [ $# -eq 1 ] || usage
    install_pgvector
    ;;
  start)
    [ $# -eq 2 ] && [ -n "$2" ] || usage
    DIR=$2
    start_cluster
    ;;
  stop)
    [ $# -eq 2 ] && [ -n "$2" ] || usage
    DIR=$2
    stop_cluster
    ;;
  *)
    usage
    ;;
esac
