#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests.
#
#   scripts/pg-throwaway.sh start    # prints exactly one line: DATABASE_URL=postgres://postgres@127.0.0.1:PORT/appa_test
#   scripts/pg-throwaway.sh status   # prints the same line if the recorded cluster is running
#   scripts/pg-throwaway.sh stop     # stops the cluster and deletes its folder (no-op if none)
#   scripts/pg-throwaway.sh pause    # stops the server (fast shutdown: clients are cut) and keeps its data
#   scripts/pg-throwaway.sh resume   # starts a paused server again on the same port
#
# The cluster lives in a fresh temporary folder, listens only on 127.0.0.1 on a free port
# (55432 upward), keeps its unix socket in that folder, trusts every local connection
# (role `postgres`, a superuser) and runs with fsync=off: never use it for real data.
# Everything but the DATABASE_URL line is logged to stderr.
#
# As root (CI), initdb and pg_ctl run as the `postgres` system user, created if missing.
#
# Environment:
#   APPA_PG_STATE  state file recording folder and port (default: /tmp/appa-pg.state; $TMPDIR if set and not root)
#   PG_BIN         folder holding initdb and pg_ctl (default: newest /usr/lib/postgresql/*/bin, else PATH)
#   APPA_PG_DB     database to create (default: appa_test)
set -euo pipefail

log() { printf 'pg-throwaway: %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

is_root() { [[ $(id -u) -eq 0 ]]; }

if is_root; then TMP_BASE=/tmp; else TMP_BASE=${TMPDIR:-/tmp}; fi
TMP_BASE=${TMP_BASE%/}
STATE_FILE=${APPA_PG_STATE:-$TMP_BASE/appa-pg.state}
DB_NAME=${APPA_PG_DB:-appa_test}
DIR_PREFIX=appa-pg.
MARKER=.appa-pg-throwaway
FIRST_PORT=55432
LAST_PORT=55531
PG_USER=postgres
PG_BIN_DIR=''
CLUSTER_DIR=''

now_ms() {
  local t
  t=$(date +%s%3N)
  [[ $t =~ ^[0-9]+$ ]] || t=$(($(date +%s) * 1000)) # BSD date has no %N
  printf '%s\n' "$t"
}

find_pg_bin() {
  if [[ -n ${PG_BIN:-} ]]; then
    [[ -x $PG_BIN/initdb && -x $PG_BIN/pg_ctl ]] || die "PG_BIN=$PG_BIN has no initdb and pg_ctl"
    printf '%s\n' "$PG_BIN"
    return
  fi
  local dir best=''
  # Debian and Ubuntu layout: pick the newest major version.
  while IFS= read -r dir; do
    if [[ -x $dir/initdb && -x $dir/pg_ctl ]]; then best=$dir; fi
  done < <(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V)
  if [[ -n $best ]]; then
    printf '%s\n' "$best"
    return
  fi
  local initdb
  initdb=$(command -v initdb 2>/dev/null) ||
    die "PostgreSQL server binaries (initdb) not found. On Debian: apt-get install postgresql"
  dirname "$(readlink -f "$initdb")"
}

# A client tool (psql, pg_isready): next to the server binaries, else on PATH.
client() {
  local tool=$1
  shift
  if [[ -x $PG_BIN_DIR/$tool ]]; then "$PG_BIN_DIR/$tool" "$@"; else "$tool" "$@"; fi
}

# Runs a server command as the cluster owner: the postgres user when we are root.
as_owner() {
  if is_root; then
    (cd / && runuser -u "$PG_USER" -- "$@")
  else
    "$@"
  fi
}

ensure_pg_user() {
  is_root || return 0
  if ! id "$PG_USER" >/dev/null 2>&1; then
    log "creating system user $PG_USER"
    useradd --system --no-create-home --user-group --shell /usr/sbin/nologin "$PG_USER" >&2
  fi
  command -v runuser >/dev/null || die "runuser (util-linux) is needed to run PostgreSQL as $PG_USER"
}

port_in_use() {
  # A successful connection means something listens there.
  if command -v timeout >/dev/null; then
    timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
  else
    bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
  fi
}

# Reads the state file into STATE_DIR, STATE_PORT and STATE_BIN. Returns 1 if there is none.
read_state() {
  STATE_DIR='' STATE_PORT='' STATE_BIN=''
  [[ -f $STATE_FILE ]] || return 1
  [[ -O $STATE_FILE ]] || die "$STATE_FILE is not owned by $(id -un); refusing to use it"
  local key value
  while IFS='=' read -r key value; do
    case $key in
      dir) STATE_DIR=$value ;;
      port) STATE_PORT=$value ;;
      bin) STATE_BIN=$value ;;
    esac
  done <"$STATE_FILE"
  [[ -n $STATE_DIR && $STATE_PORT =~ ^[0-9]+$ ]] || die "$STATE_FILE is malformed; remove it"
}

write_state() {
  # Write, then rename: a symlink planted at that path is replaced, never followed.
  local tmp
  tmp=$(mktemp "$STATE_FILE.XXXXXX")
  printf 'dir=%s\nport=%s\nbin=%s\n' "$1" "$2" "$3" >"$tmp"
  mv -f -- "$tmp" "$STATE_FILE"
}

url_for() { printf 'postgres://%s@127.0.0.1:%s/%s' "$PG_USER" "$1" "$DB_NAME"; }

# cluster_running DIR BIN
cluster_running() {
  [[ -d $1/data ]] && as_owner "$2/pg_ctl" -D "$1/data" status >/dev/null 2>&1
}

# Deletes a cluster folder, but only one that this script created.
remove_dir() {
  local dir=$1
  [[ -n $dir && -d $dir ]] || return 0
  case $(basename "$dir") in
    "$DIR_PREFIX"*) ;;
    *) die "refusing to delete $dir: not a throwaway cluster folder" ;;
  esac
  [[ -f $dir/$MARKER ]] || die "refusing to delete $dir: marker file missing"
  rm -rf -- "$dir"
}

cleanup_failed_start() {
  if [[ -n $CLUSTER_DIR && -d $CLUSTER_DIR/data && -n $PG_BIN_DIR ]]; then
    as_owner "$PG_BIN_DIR/pg_ctl" -D "$CLUSTER_DIR/data" stop -m immediate >/dev/null 2>&1 || true
  fi
  remove_dir "$CLUSTER_DIR"
}

cmd_start() {
  if read_state; then
    if cluster_running "$STATE_DIR" "${STATE_BIN:-$(find_pg_bin)}"; then
      die "a throwaway cluster is already running ($STATE_DIR, port $STATE_PORT); run '$0 stop' first"
    fi
    log "removing stale state from a previous run ($STATE_DIR)"
    remove_dir "$STATE_DIR"
    rm -f -- "$STATE_FILE"
  fi

  local t0 t1 version
  PG_BIN_DIR=$(find_pg_bin)
  version=$("$PG_BIN_DIR/postgres" --version 2>/dev/null || echo 'PostgreSQL (unknown version)')
  ensure_pg_user
  t0=$(now_ms)

  CLUSTER_DIR=$(mktemp -d "$TMP_BASE/${DIR_PREFIX}XXXXXX")
  local dir=$CLUSTER_DIR bin=$PG_BIN_DIR
  : >"$dir/$MARKER"
  # From here on, any failure stops and removes the half-built cluster.
  trap cleanup_failed_start EXIT
  if is_root; then chown "$PG_USER:" "$dir"; fi
  chmod 700 "$dir"

  log "initdb in $dir/data ($version, $bin)"
  if ! as_owner "$bin/initdb" -D "$dir/data" -U "$PG_USER" -A trust -E UTF8 --no-locale --no-sync \
    >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  fi
  printf '%s\n' '' '# pg-throwaway.sh: test-only settings' \
    "listen_addresses = '127.0.0.1'" \
    "unix_socket_directories = '$dir'" \
    'fsync = off' 'synchronous_commit = off' 'full_page_writes = off' \
    'max_connections = 200' >>"$dir/data/postgresql.conf"
  log "initdb took $(($(now_ms) - t0)) ms"

  # Pick a free port; if another process grabs it before the server binds, try the next one.
  local port=$FIRST_PORT started=''
  t1=$(now_ms)
  while ((port <= LAST_PORT)); do
    if port_in_use "$port"; then
      port=$((port + 1))
      continue
    fi
    rm -f -- "$dir/server.log"
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $port" -w -t 30 start \
      >/dev/null 2>&1; then
      started=1
      break
    fi
    if grep -q -e 'could not bind' -e 'Address already in use' "$dir/server.log" 2>/dev/null; then
      log "port $port was taken meanwhile, trying the next one"
      port=$((port + 1))
      continue
    fi
    cat "$dir/server.log" >&2 2>/dev/null || true
    die "the server did not start"
  done
  [[ -n $started ]] || die "no free port between $FIRST_PORT and $LAST_PORT"

  # pg_ctl -w has waited already; confirm that clients get through on TCP (at most ~30 s).
  local deadline=$((SECONDS + 30))
  until client pg_isready -q -h 127.0.0.1 -p "$port" -U "$PG_USER" -t 1; do
    if ((SECONDS >= deadline)); then
      cat "$dir/server.log" >&2
      die "pg_isready still failing after 30 s"
    fi
    sleep 0.1
  done
  log "server up in $(($(now_ms) - t1)) ms on 127.0.0.1:$port"

  client psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U "$PG_USER" -d postgres \
    -c "CREATE DATABASE \"$DB_NAME\"" >&2 || die "could not create database $DB_NAME"

  write_state "$dir" "$port" "$bin"
  trap - EXIT
  log "ready in $(($(now_ms) - t0)) ms in all; folder $dir (stop it with: $0 stop)"
  printf 'DATABASE_URL=%s\n' "$(url_for "$port")"
}

cmd_stop() {
  if ! read_state; then
    log "no throwaway cluster recorded in $STATE_FILE; nothing to stop"
    return 0
  fi
  local bin=${STATE_BIN:-}
  if [[ -z $bin || ! -x $bin/pg_ctl ]]; then bin=$(find_pg_bin); fi
  if cluster_running "$STATE_DIR" "$bin"; then
    log "stopping the cluster on port $STATE_PORT"
    as_owner "$bin/pg_ctl" -D "$STATE_DIR/data" stop -m fast -w -t 30 >/dev/null 2>&1 ||
      as_owner "$bin/pg_ctl" -D "$STATE_DIR/data" stop -m immediate -w -t 30 >/dev/null 2>&1 ||
      die "could not stop the cluster in $STATE_DIR"
  fi
  remove_dir "$STATE_DIR"
  rm -f -- "$STATE_FILE"
  log "stopped and removed $STATE_DIR"
}

# The recorded cluster's folder and binaries, or an error if there is none.
recorded_cluster() {
  read_state || die "no throwaway cluster recorded in $STATE_FILE"
  PG_BIN_DIR=${STATE_BIN:-}
  if [[ -z $PG_BIN_DIR || ! -x $PG_BIN_DIR/pg_ctl ]]; then PG_BIN_DIR=$(find_pg_bin); fi
}

# An outage for fault tests: the server stops as it would for a restart, its clients cut.
cmd_pause() {
  recorded_cluster
  if ! cluster_running "$STATE_DIR" "$PG_BIN_DIR"; then
    log "the cluster on port $STATE_PORT is already stopped"
    return 0
  fi
  as_owner "$PG_BIN_DIR/pg_ctl" -D "$STATE_DIR/data" stop -m fast -w -t 30 >/dev/null 2>&1 ||
    die "could not stop the cluster in $STATE_DIR"
  log "paused the cluster on port $STATE_PORT"
}

cmd_resume() {
  recorded_cluster
  if cluster_running "$STATE_DIR" "$PG_BIN_DIR"; then
    log "the cluster on port $STATE_PORT is already running"
    return 0
  fi
  as_owner "$PG_BIN_DIR/pg_ctl" -D "$STATE_DIR/data" -l "$STATE_DIR/server.log" \
    -o "-p $STATE_PORT" -w -t 30 start >/dev/null 2>&1 || {
    cat "$STATE_DIR/server.log" >&2 2>/dev/null || true
    die "could not start the cluster again on port $STATE_PORT"
  }
  local deadline=$((SECONDS + 30))
  until client pg_isready -q -h 127.0.0.1 -p "$STATE_PORT" -U "$PG_USER" -t 1; do
    ((SECONDS < deadline)) || die "pg_isready still failing 30 s after resuming"
    sleep 0.1
  done
  log "resumed the cluster on port $STATE_PORT"
}

cmd_status() {
  if read_state && cluster_running "$STATE_DIR" "${STATE_BIN:-$(find_pg_bin)}"; then
    printf 'DATABASE_URL=%s\n' "$(url_for "$STATE_PORT")"
  else
    log "no throwaway cluster running"
    return 1
  fi
}

case ${1:-} in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  pause) cmd_pause ;;
  resume) cmd_resume ;;
  *)
    echo "usage: $0 start|stop|status|pause|resume" >&2
    exit 2
    ;;
esac
