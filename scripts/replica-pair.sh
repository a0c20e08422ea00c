#!/usr/bin/env bash
# A throw-away PostgreSQL primary plus a streaming hot standby on loopback ports, for the tests and
# CI (failover, read-only standby, synchronous-commit behaviour). It uses the newest PostgreSQL
# found in /usr/lib/postgresql/<version>/bin (Debian's packages) and never touches the machine's
# own cluster (127.0.0.1:5432, sockets in /var/run/postgresql): everything, data directories,
# sockets and logs, lives in one directory DIR, and `stop` removes it.
#
#   bash scripts/replica-pair.sh start [DIR]             create and start the pair (DIR: a new mktemp -d
#                                                        under /tmp when omitted; an existing DIR must be empty)
#   bash scripts/replica-pair.sh promote DIR [--stop-primary]
#                                                        promote the standby (with --stop-primary, stop the
#                                                        primary first with -m immediate, as a crash would)
#   bash scripts/replica-pair.sh status DIR              each server's port, up or down, in recovery or not
#                                                        (its role now), and the replication state
#   bash scripts/replica-pair.sh stop DIR                stop both servers (fast) and remove DIR
#
# `start` prints shell-evaluable lines on stdout, nothing else (progress goes to stderr):
#   REPLICA_PAIR_DIR=/tmp/replica-pair.XXXXXX
#   REPLICA_PRIMARY_URL=postgres://postgres@127.0.0.1:55432/postgres
#   REPLICA_STANDBY_URL=postgres://postgres@127.0.0.1:55433/postgres
# so `eval "$(bash scripts/replica-pair.sh start)"` sets them. `promote` prints
#   REPLICA_PRIMARY_URL=postgres://postgres@127.0.0.1:55433/postgres
# once the promoted standby is out of recovery (pg_is_in_recovery() false) and accepts writes.
#
# `start` returns once the primary's pg_stat_replication shows the standby (application_name
# standby1) `streaming`, and with sync_state `sync` when synchronous. It refuses a DIR that already
# holds a pair, running or not (run `stop DIR` first). A port that is already taken on 127.0.0.1
# makes it fail with a message naming the environment variable to change: it does not pick another
# port, so the URLs are predictable. When start fails it prints the tail of the logs, stops what it
# started, and removes DIR if it created it. `stop` succeeds when a server, or DIR itself, is
# already gone; it only removes a directory that `start` made into a pair (it holds .replica-pair).
# `status` exits 0 when both servers are up, 3 when one or both are down.
#
# Environment:
#   REPLICA_PAIR_PRIMARY_PORT  primary's port on 127.0.0.1 (default 55432)
#   REPLICA_PAIR_STANDBY_PORT  standby's port on 127.0.0.1 (default 55433)
#   REPLICA_PAIR_SYNC          1 (default): synchronous replication, synchronous_standby_names =
#                              'standby1', so a commit on the primary returns only once the standby
#                              has flushed it; 0: asynchronous
#   REPLICA_PAIR_TIMEOUT       seconds each wait may take (server start/stop, base backup,
#                              replication, promotion; default 30)
#   REPLICA_PAIR_PG_BIN        PostgreSQL's bin directory (default: the newest /usr/lib/postgresql/*/bin)
# The ports are read at `start` only and kept in DIR/replica-pair.env for the other subcommands.
#
# Run as root (as in CI), the servers run as the `postgres` OS user (initdb refuses root) and DIR
# is owned by it; run as another user, they run as that user. The postgres user never reads
# anything outside DIR, so the repository may sit where it cannot read. The servers listen on
# 127.0.0.1 only, with trust authentication for local and 127.0.0.1 connections (replication too),
# user postgres, and their Unix sockets in DIR (so a long DIR path, over about 90 characters, is
# refused). Logs: DIR/primary.log, DIR/standby.log (pg_ctl -l), DIR/initdb.log, DIR/basebackup.log.
# No standard input is read.
#
# Expected behaviour worth knowing in tests:
# - Synchronous (the default): while the standby is down or disconnected, a commit on the primary
#   that writes anything blocks (it waits for the standby, forever; synchronous_commit = on). Set
#   synchronous_commit = local (or off) in the session, or start with REPLICA_PAIR_SYNC=0, to avoid it.
# - The standby runs with synchronous_standby_names = '', so once promoted it does not wait for a
#   standby of its own and accepts writes at once.
# - `promote DIR` without --stop-primary leaves the old primary running as well (split brain); with
#   synchronous replication its writing commits then block, since its standby has gone.
# - A multi-host URL such as
#   postgres://postgres@127.0.0.1:55432,127.0.0.1:55433/postgres?target_session_attrs=read-write
#   makes libpq clients (psql) connect to whichever server accepts writes, before and after a
#   promotion; node-postgres (pg-connection-string) rejects such a URL ("Invalid URL").
set -euo pipefail

prog="replica-pair"
log() { printf '%s: %s\n' "$prog" "$*" >&2; }
die() { printf '%s: error: %s\n' "$prog" "$*" >&2; exit 1; }
usage() {
  sed -n '/^#   bash scripts\/replica-pair.sh start/,/^#   bash scripts\/replica-pair.sh stop/s/^# \{0,1\}//p' "$0" >&2
  exit "${1:-2}"
}

# The caller's libpq settings (PGHOST, PGPORT, PGUSER, PGDATABASE, PGOPTIONS, PGSERVICE,
# PGTARGETSESSIONATTRS, ...) must not redirect the script's own connections.
while IFS= read -r name; do
  case "$name" in PG*) unset "$name" ;; esac
done < <(compgen -e)

timeout_s="${REPLICA_PAIR_TIMEOUT:-30}"
case "$timeout_s" in '' | *[!0-9]*) die "REPLICA_PAIR_TIMEOUT must be a whole number of seconds (got '$timeout_s')" ;; esac
[ "$timeout_s" -gt 0 ] || die "REPLICA_PAIR_TIMEOUT must be at least 1"

app_name=standby1
marker=.replica-pair
state_file=replica-pair.env

pg_bin() {
  if [ -n "${REPLICA_PAIR_PG_BIN:-}" ]; then
    printf '%s\n' "$REPLICA_PAIR_PG_BIN"
    return
  fi
  local version=''
  [ -d /usr/lib/postgresql ] && version="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)"
  [ -n "$version" ] || die "no PostgreSQL found in /usr/lib/postgresql (Debian: apt-get install postgresql), or set REPLICA_PAIR_PG_BIN"
  printf '%s\n' "/usr/lib/postgresql/$version/bin"
}
BIN="$(pg_bin)"
for tool in initdb pg_ctl pg_basebackup psql postgres; do
  [ -x "$BIN/$tool" ] || die "$BIN/$tool is missing (REPLICA_PAIR_PG_BIN=$BIN)"
done

# The OS user the servers run as: postgres when run as root, else the current user.
if [ "$(id -u)" -eq 0 ]; then
  pg_user=postgres
  id -u "$pg_user" >/dev/null 2>&1 || die "there is no '$pg_user' OS user to run the servers as (initdb refuses root)"
else
  pg_user="$(id -un)"
fi

# Runs a command as $pg_user, from DIR (the caller's working directory, possibly the repository,
# may not be readable by it), with no open file descriptors but 0, 1 and 2: the servers started
# through pg_ctl would otherwise keep the caller's other pipes open for as long as they run, and
# a caller reading one of them to its end would wait forever.
as_pg() {
  (
    for fd in /proc/self/fd/*; do
      fd="${fd##*/}"
      case "$fd" in 0 | 1 | 2 | 255 | *[!0-9]*) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
    done
    cd "$DIR"
    if [ "$(id -u)" -ne 0 ]; then
      exec "$@"
    elif command -v runuser >/dev/null 2>&1; then
      exec runuser -u "$pg_user" -- "$@"
    else
      printf -v cmd '%q ' "$@"
      exec su "$pg_user" -s /bin/sh -c "$cmd"
    fi
  )
}

# psql as the current user over TCP: one value or row per line, fields separated by |.
q() {
  local port="$1" sql="$2"
  PGCONNECT_TIMEOUT=5 "$BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 \
    -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "$sql" </dev/null
}

url() { printf 'postgres://postgres@127.0.0.1:%s/postgres' "$1"; }

now_ms() { date +%s%3N; }

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

check_port() {
  local port="$1" var="$2"
  case "$port" in '' | *[!0-9]*) die "$var must be a port number (got '$port')" ;; esac
  { [ "$port" -ge 1 ] && [ "$port" -le 65535 ]; } || die "$var must be between 1 and 65535 (got $port)"
  if port_taken "$port"; then
    die "port $port on 127.0.0.1 is already in use: stop what listens there, or choose another port with $var"
  fi
}

# Absolute path of DIR, without requiring it to exist.
abs_dir() {
  local d="$1"
  case "$d" in /*) ;; *) d="$PWD/$d" ;; esac
  if command -v realpath >/dev/null 2>&1; then
    realpath -m -- "$d"
  else
    printf '%s\n' "$d"
  fi
}

running() { as_pg "$BIN/pg_ctl" status -D "$1" >/dev/null 2>&1; }

# pg_ctl as $pg_user, quiet unless it fails (then its output goes to stderr).
pg_ctl_q() {
  local out
  if out="$(as_pg "$BIN/pg_ctl" "$@" 2>&1)"; then
    return 0
  else
    local rc=$?
    [ -z "$out" ] || printf '%s\n' "$out" | sed "s/^/$prog: pg_ctl: /" >&2
    return "$rc"
  fi
}

tail_log() {
  local f="$1"
  if [ -s "$f" ]; then
    printf '%s: ---- last lines of %s ----\n' "$prog" "$f" >&2
    tail -n 30 "$f" >&2 || true
    printf '%s: ----\n' "$prog" >&2
  fi
}

read_state() {
  local key value
  [ -f "$DIR/$state_file" ] || die "$DIR/$state_file is missing: $DIR was not made by '$prog start'"
  PRIMARY_PORT='' STANDBY_PORT='' SYNC=''
  while IFS='=' read -r key value; do
    case "$key" in
      PRIMARY_PORT) PRIMARY_PORT="$value" ;;
      STANDBY_PORT) STANDBY_PORT="$value" ;;
      SYNC) SYNC="$value" ;;
    esac
  done <"$DIR/$state_file"
  case "$PRIMARY_PORT$STANDBY_PORT" in '' | *[!0-9]*) die "$DIR/$state_file is damaged (ports '$PRIMARY_PORT' '$STANDBY_PORT')" ;; esac
}

need_pair_dir() {
  { [ $# -ge 1 ] && [ -n "$1" ]; } || usage
  DIR="$(abs_dir "$1")"
  [ -d "$DIR" ] || die "$DIR does not exist"
  [ -f "$DIR/$marker" ] || die "$DIR does not hold a replica pair (no $marker): was it made by '$prog start'?"
  read_state
}

# ---------------------------------------------------------------------------------------- start

start_created_dir=false
start_done=false
start_dirs_to_stop=()

start_cleanup() {
  local rc=$?
  $start_done && return 0
  set +e
  # Finish the clean-up even if interrupted again or if whoever read stderr has gone; and write
  # to the script's own stderr, not to a log that the interrupted command's output went to.
  trap '' INT TERM PIPE
  exec 2>&"$stderr_fd" >/dev/null
  if [ "$rc" -eq 130 ] || [ "$rc" -eq 143 ]; then
    log "start interrupted; stopping what it started"
  else
    log "start failed; stopping what it started"
  fi
  local f
  for f in "$DIR/primary.log" "$DIR/standby.log"; do tail_log "$f"; done
  for f in "${start_dirs_to_stop[@]}"; do
    as_pg "$BIN/pg_ctl" stop -D "$f" -m immediate -w -t "$timeout_s" >/dev/null 2>&1
  done
  if $start_created_dir; then
    rm -rf -- "$DIR"
  elif [ -d "$DIR" ]; then
    log "its files are kept in $DIR; remove them with: $0 stop $DIR"
  fi
  exit "$((rc == 0 ? 1 : rc))"
}

cmd_start() {
  [ $# -le 1 ] || usage
  local primary_port="${REPLICA_PAIR_PRIMARY_PORT:-55432}"
  local standby_port="${REPLICA_PAIR_STANDBY_PORT:-55433}"
  local sync="${REPLICA_PAIR_SYNC:-1}"
  case "$sync" in 0 | 1) ;; *) die "REPLICA_PAIR_SYNC must be 1 (synchronous) or 0 (asynchronous), got '$sync'" ;; esac
  [ "$primary_port" != "$standby_port" ] || die "the primary and the standby need different ports (both $primary_port)"
  DIR=''
  local t0
  t0="$(now_ms)"

  if [ $# -eq 1 ]; then
    [ -n "$1" ] || die "DIR is empty"
    DIR="$(abs_dir "$1")"
    [ "$DIR" != / ] || die "refusing to use / as DIR"
    if [ -e "$DIR" ]; then
      [ -d "$DIR" ] || die "$DIR exists and is not a directory"
      if [ -f "$DIR/$marker" ]; then
        local p s
        read_state
        p=down s=down
        running "$DIR/primary" && p=running
        running "$DIR/standby" && s=running
        if [ "$p" = running ] || [ "$s" = running ]; then
          die "$DIR already has a running replica pair (primary on port $PRIMARY_PORT: $p, standby on port $STANDBY_PORT: $s); stop it first with: $0 stop $DIR"
        fi
        die "$DIR already holds a replica pair (stopped); remove it first with: $0 stop $DIR"
      fi
      [ -z "$(ls -A -- "$DIR")" ] || die "$DIR is not empty; give an empty or new directory"
    fi
    # DIR goes into postgresql.conf (unix_socket_directories) and conninfo strings as it is.
    case "$DIR" in *[!A-Za-z0-9._/+-]*) die "DIR may only contain letters, digits and . _ / + - (got '$DIR')" ;; esac
    # Unix socket paths are limited to 107 bytes: DIR/.s.PGSQL.<port>.lock must fit.
    [ "${#DIR}" -le 90 ] || die "$DIR is too long for the servers' Unix sockets (at most 90 characters)"
  fi
  check_port "$primary_port" REPLICA_PAIR_PRIMARY_PORT
  check_port "$standby_port" REPLICA_PAIR_STANDBY_PORT
  if [ -z "${DIR:-}" ]; then
    DIR="$(mktemp -d /tmp/replica-pair.XXXXXX)"
    start_created_dir=true
  elif [ ! -e "$DIR" ]; then
    mkdir -p -- "$DIR"
    start_created_dir=true
  fi

  trap start_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM

  if [ "$(id -u)" -eq 0 ]; then
    chown "$pg_user": "$DIR"
  fi
  chmod 0755 "$DIR"
  if ! as_pg test -w "$DIR" -a -x "$DIR"; then
    die "the '$pg_user' OS user cannot write to $DIR (is a parent directory closed to it?)"
  fi
  : >"$DIR/$marker"
  printf 'PRIMARY_PORT=%s\nSTANDBY_PORT=%s\nSYNC=%s\n' "$primary_port" "$standby_port" "$sync" >"$DIR/$state_file"

  local locale=C locales
  locales="$(locale -a 2>/dev/null || true)"
  if grep -qix 'c\.utf-\{0,1\}8' <<<"$locales"; then locale=C.UTF-8; fi

  log "initdb of the primary in $DIR/primary ($BIN, locale $locale)"
  if ! as_pg "$BIN/initdb" -D "$DIR/primary" -U postgres -A trust -E UTF8 --locale="$locale" --no-sync \
    >"$DIR/initdb.log" 2>&1; then
    tail_log "$DIR/initdb.log"
    die "initdb failed"
  fi

  local sync_names="''"
  [ "$sync" = 1 ] && sync_names="'$app_name'"
  as_pg tee -a "$DIR/primary/postgresql.conf" >/dev/null <<EOF

# ---- $prog ----
listen_addresses = '127.0.0.1'
port = $primary_port
unix_socket_directories = '$DIR'
cluster_name = '$prog-primary'
shared_buffers = 32MB
wal_level = replica
max_wal_senders = 10
max_replication_slots = 10
hot_standby = on
synchronous_standby_names = $sync_names
synchronous_commit = on
EOF
  as_pg tee "$DIR/primary/pg_hba.conf" >/dev/null <<'EOF'
# TYPE  DATABASE     USER  ADDRESS       METHOD
local   all          all                 trust
local   replication  all                 trust
host    all          all   127.0.0.1/32  trust
host    replication  all   127.0.0.1/32  trust
EOF

  log "starting the primary on 127.0.0.1:$primary_port"
  start_dirs_to_stop+=("$DIR/primary")
  if ! pg_ctl_q start -D "$DIR/primary" -l "$DIR/primary.log" -w -t "$timeout_s"; then
    die "the primary failed to start, or did not within ${timeout_s} s (log: $DIR/primary.log)"
  fi

  log "pg_basebackup of the standby into $DIR/standby"
  # pg_basebackup keeps its default application_name, so that its own WAL stream is never taken
  # for the standby in pg_stat_replication; -R writes standby.signal and a primary_conninfo, which
  # is then replaced by one that names the standby.
  local conninfo="host=127.0.0.1 port=$primary_port user=postgres connect_timeout=5"
  if ! as_pg timeout "$timeout_s" "$BIN/pg_basebackup" -D "$DIR/standby" -d "$conninfo" \
    -R -X stream -c fast --no-sync >"$DIR/basebackup.log" 2>&1; then
    tail_log "$DIR/basebackup.log"
    die "pg_basebackup failed or took over ${timeout_s} s"
  fi
  local auto_conf
  auto_conf="$(grep -v '^primary_conninfo' "$DIR/standby/postgresql.auto.conf" || true)"
  as_pg tee "$DIR/standby/postgresql.auto.conf" >/dev/null <<EOF
$auto_conf
primary_conninfo = '$conninfo application_name=$app_name'
EOF
  as_pg tee -a "$DIR/standby/postgresql.conf" >/dev/null <<EOF

# ---- $prog: standby ----
port = $standby_port
cluster_name = '$prog-standby'
# Once promoted, it has no standby of its own to wait for.
synchronous_standby_names = ''
EOF

  log "starting the standby on 127.0.0.1:$standby_port"
  start_dirs_to_stop=("$DIR/standby" "${start_dirs_to_stop[@]}")
  if ! pg_ctl_q start -D "$DIR/standby" -l "$DIR/standby.log" -w -t "$timeout_s"; then
    die "the standby failed to start, or did not within ${timeout_s} s (log: $DIR/standby.log)"
  fi

  local want="streaming|async"
  [ "$sync" = 1 ] && want="streaming|sync"
  log "waiting for the standby to be ${want/|/, }"
  local deadline got=''
  deadline=$(($(now_ms) + timeout_s * 1000))
  while :; do
    got="$(q "$primary_port" "select state || '|' || sync_state from pg_stat_replication where application_name = '$app_name'" 2>/dev/null || true)"
    [ "$got" = "$want" ] && break
    if [ "$(now_ms)" -ge "$deadline" ]; then
      die "the standby was not ${want/|/, } on the primary within ${timeout_s} s (pg_stat_replication: '${got:-no row}')"
    fi
    sleep 0.1
  done
  [ "$(q "$standby_port" "select pg_is_in_recovery()")" = t ] || die "the standby on port $standby_port is not in recovery"

  start_done=true
  trap - EXIT INT TERM
  log "replica pair up in $(( $(now_ms) - t0 )) ms: primary 127.0.0.1:$primary_port, standby 127.0.0.1:$standby_port ($([ "$sync" = 1 ] && echo synchronous || echo asynchronous)); stop it with: $0 stop $DIR"
  printf 'REPLICA_PAIR_DIR=%s\n' "$DIR"
  printf 'REPLICA_PRIMARY_URL=%s\n' "$(url "$primary_port")"
  printf 'REPLICA_STANDBY_URL=%s\n' "$(url "$standby_port")"
}

# -------------------------------------------------------------------------------------- promote

cmd_promote() {
  local stop_primary=false dir_arg=''
  local a
  for a in "$@"; do
    case "$a" in
      --stop-primary) stop_primary=true ;;
      -*) usage ;;
      *) [ -z "$dir_arg" ] || usage; dir_arg="$a" ;;
    esac
  done
  need_pair_dir "$dir_arg"
  local t0
  t0="$(now_ms)"

  running "$DIR/standby" || { tail_log "$DIR/standby.log"; die "the standby (port $STANDBY_PORT) is not running"; }
  local rec
  rec="$(q "$STANDBY_PORT" "select pg_is_in_recovery()")" || die "cannot query the standby on port $STANDBY_PORT"
  [ "$rec" = t ] || die "the standby on port $STANDBY_PORT is already promoted (not in recovery)"

  if $stop_primary; then
    if running "$DIR/primary"; then
      log "stopping the primary (port $PRIMARY_PORT) with -m immediate"
      pg_ctl_q stop -D "$DIR/primary" -m immediate -w -t "$timeout_s" ||
        { tail_log "$DIR/primary.log"; die "the primary did not stop within ${timeout_s} s"; }
    else
      log "the primary (port $PRIMARY_PORT) is already down"
    fi
  fi

  log "promoting the standby (port $STANDBY_PORT)"
  if ! pg_ctl_q promote -D "$DIR/standby" -w -t "$timeout_s"; then
    tail_log "$DIR/standby.log"
    die "the standby could not be promoted, or not within ${timeout_s} s"
  fi
  local deadline
  deadline=$(($(now_ms) + timeout_s * 1000))
  until [ "$(q "$STANDBY_PORT" "select pg_is_in_recovery()" 2>/dev/null || true)" = f ]; do
    if [ "$(now_ms)" -ge "$deadline" ]; then
      tail_log "$DIR/standby.log"
      die "the promoted standby was still in recovery after ${timeout_s} s"
    fi
    sleep 0.1
  done
  log "promoted in $(( $(now_ms) - t0 )) ms; the new primary is 127.0.0.1:$STANDBY_PORT"
  printf 'REPLICA_PRIMARY_URL=%s\n' "$(url "$STANDBY_PORT")"
}

# ----------------------------------------------------------------------------------------- stop

cmd_stop() {
  { [ $# -eq 1 ] && [ -n "$1" ]; } || usage
  DIR="$(abs_dir "$1")"
  if [ ! -e "$DIR" ]; then
    log "$DIR does not exist; nothing to stop"
    return 0
  fi
  [ -f "$DIR/$marker" ] || die "$DIR does not hold a replica pair (no $marker); not removing it"
  local t0 failed=false name
  t0="$(now_ms)"
  # The standby first, so that it does not try to reconnect to a primary going away.
  for name in standby primary; do
    if [ -f "$DIR/$name/postmaster.pid" ] && running "$DIR/$name"; then
      log "stopping the $name"
      if ! pg_ctl_q stop -D "$DIR/$name" -m fast -w -t "$timeout_s"; then
        log "the $name did not stop (fast) within ${timeout_s} s; stopping it with -m immediate"
        pg_ctl_q stop -D "$DIR/$name" -m immediate -w -t "$timeout_s" || {
          tail_log "$DIR/$name.log"
          log "the $name could not be stopped"
          failed=true
        }
      fi
    else
      log "the $name is already down"
    fi
  done
  $failed && die "not removing $DIR while a server still runs from it"
  rm -rf -- "$DIR"
  log "stopped and removed $DIR in $(( $(now_ms) - t0 )) ms"
}

# --------------------------------------------------------------------------------------- status

cmd_status() {
  need_pair_dir "$@"
  [ $# -eq 1 ] || usage
  local all_up=true name port up rec repl role
  printf 'dir %s (%s)\n' "$DIR" "$([ "${SYNC:-1}" = 1 ] && echo synchronous || echo asynchronous)"
  for name in primary standby; do
    port="$PRIMARY_PORT"
    [ "$name" = standby ] && port="$STANDBY_PORT"
    up=no rec=- repl=- role=-
    if running "$DIR/$name"; then
      up=yes
      rec="$(q "$port" "select case when pg_is_in_recovery() then 'yes' else 'no' end" 2>/dev/null || echo '?')"
      if [ "$rec" = yes ]; then
        repl="$(q "$port" "select 'wal_receiver=' || coalesce(status, 'none') || ' from=' || coalesce(sender_host || ':' || sender_port, '-') from pg_stat_wal_receiver" 2>/dev/null || true)"
        [ -n "$repl" ] || repl="wal_receiver=none"
      elif [ "$rec" = no ]; then
        repl="$(q "$port" "select string_agg(application_name || ':' || state || '/' || sync_state, ',') from pg_stat_replication" 2>/dev/null || true)"
        repl="standbys=${repl:-none}"
      fi
    else
      all_up=false
    fi
    case "$rec" in yes) role=standby ;; no) role=primary ;; esac
    printf '%-8s port=%s up=%s in_recovery=%s role=%s %s\n' "$name" "$port" "$up" "$rec" "$role" "$repl"
  done
  $all_up || return 3
}

# ------------------------------------------------------------------------------------------ main

exec </dev/null
exec {stderr_fd}>&2
[ $# -ge 1 ] || usage
sub="$1"
shift
case "$sub" in
  start) cmd_start "$@" ;;
  promote) cmd_promote "$@" ;;
  stop) cmd_stop "$@" ;;
  status) cmd_status "$@" ;;
  -h | --help | help) usage 0 ;;
  *) usage ;;
esac
