#!/usr/bin/env bash
# Real servers for the distributed mode's integration tests, without a container runtime:
#   - Apache Kafka (KRaft, one node acting as broker and controller), from Maven Central;
#   - a MongoDB wire-protocol server: mongo-java-server (in-memory) from Maven Central, or, with
#     FAHRPLAN_MONGO_SERVER=ferretdb, FerretDB 1.x (SQLite backend) built from the Go module proxy.
#     Both serve only a bare {_id} filter from the _id index: the read store's conditional writes
#     and $in reads scan, fine for the tests, hours for a 1,000,000-item catch-up
#     (docs/design/mongodb-scale-servers.md).
#
#   bash .ci/servers.sh install   resolve/build into the cache dir (skips what is there)
#   bash .ci/servers.sh start     install if needed, start both (or reuse running ones), wait until
#                                 they answer; prints only the export lines on stdout:
#                                   eval "$(bash .ci/servers.sh start)"
#   bash .ci/servers.sh stop      stop both (TERM, then KILL) and delete their data
#   bash .ci/servers.sh status    exit 0 when both run and answer, 3 otherwise
#   bash .ci/servers.sh run CMD   start both, run CMD with KAFKA_BROKERS and MONGODB_URL set, then
#                                 stop them again unless they were running before (the README's
#                                 test command: bash .ci/servers.sh run npm test)
#
# Environment (all optional):
#   FAHRPLAN_SERVERS_DIR          cache dir, default ~/.cache/fahrplan-servers (never in the repo);
#                                 jars and binaries, run/ (pid files, logs), data/
#   FAHRPLAN_KAFKA_PORT           9092; the controller listens on FAHRPLAN_KAFKA_CONTROLLER_PORT
#                                 (default: Kafka port + 1)
#   FAHRPLAN_MONGO_PORT           27017
#   FAHRPLAN_MONGO_SERVER         mongo-java-server (default) | ferretdb
#   FAHRPLAN_KAFKA_JAVA_OPTS, FAHRPLAN_MONGO_JAVA_OPTS   JVM options (heap etc.)
#   FAHRPLAN_SERVERS_TIMEOUT      seconds to wait for a server to answer (default 120)
#
# Needs java + javac 17+ and mvn on PATH (go too for FerretDB). Versions are pinned in
# .ci/servers/pom.xml and below; the check of what the read store and the event bus use is
# .ci/servers/smoke.mjs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/servers"
dir="${FAHRPLAN_SERVERS_DIR:-$HOME/.cache/fahrplan-servers}"
run="$dir/run"
data="$dir/data"
kafka_port="${FAHRPLAN_KAFKA_PORT:-9092}"
kafka_controller_port="${FAHRPLAN_KAFKA_CONTROLLER_PORT:-$((kafka_port + 1))}"
mongo_port="${FAHRPLAN_MONGO_PORT:-27017}"
mongo_server="${FAHRPLAN_MONGO_SERVER:-mongo-java-server}"
timeout_s="${FAHRPLAN_SERVERS_TIMEOUT:-120}"
stop_timeout_s=30
kafka_java_opts="${FAHRPLAN_KAFKA_JAVA_OPTS:--Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true}"
mongo_java_opts="${FAHRPLAN_MONGO_JAVA_OPTS:--Xms64m -Xmx512m -XX:+UseSerialGC}"
# FerretDB 1.24.2 is the last 1.x release (2.x needs PostgreSQL with DocumentDB)
ferretdb_version=v1.24.2
ferretdb_module=github.com/FerretDB/FerretDB

log() { echo "servers.sh: $*" >&2; }
die() {
  log "error: $*"
  exit 1
}

case "$mongo_server" in
  mongo-java-server | ferretdb) ;;
  *) die "FAHRPLAN_MONGO_SERVER must be mongo-java-server or ferretdb, not '$mongo_server'" ;;
esac
case "$dir" in
  "$(cd "$here/.." && pwd)"/*) die "FAHRPLAN_SERVERS_DIR must be outside the repository: $dir" ;;
esac

# The Java side (Maven classpaths + compiled launchers) lives in a folder named after a hash of its
# sources, so changing a version in a pom installs anew while running servers keep their jars.
java_sources=("$src/pom.xml" "$src/kafka/pom.xml" "$src/kafka/log4j2.properties" "$src/mongo/pom.xml"
  "$src/mongo/MongoWireServer.java" "$src/ready/pom.xml" "$src/ready/ServersReady.java")
java_dir="$dir/java-$(cat "${java_sources[@]}" | sha256sum | cut -c1-12)"
ferretdb_bin="$dir/ferretdb-$ferretdb_version/bin/ferretdb"

need() { command -v "$1" > /dev/null || die "$1 not found on PATH ($2)"; }

check_java() {
  need java "OpenJDK 17 or newer"
  need javac "a JDK, not only a JRE"
  local major
  major="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  [ "${major%%.*}" -ge 17 ] 2> /dev/null || die "java $major found on PATH; Kafka 4 needs 17 or newer"
}

install_java() {
  [ -f "$java_dir/.installed" ] && return 0
  check_java
  need mvn "Apache Maven"
  log "resolving Kafka, mongo-java-server and the readiness probe from Maven Central into $java_dir"
  rm -rf "$java_dir"
  # Maven's output (its build folder included) goes to the cache dir, never to the work tree
  if ! mvn -q -B -Dstyle.color=never -f "$src/pom.xml" dependency:copy-dependencies -Dservers.dir="$java_dir" \
    > "$run/maven.log" 2>&1; then
    cat "$run/maven.log" >&2
    die "Maven could not resolve the servers' classpaths (see above)"
  fi
  mkdir -p "$java_dir/classes"
  javac --release 17 -nowarn -d "$java_dir/classes" -cp "$java_dir/lib/mongo/*" "$src/mongo/MongoWireServer.java" >&2
  javac --release 17 -nowarn -d "$java_dir/classes" -cp "$java_dir/lib/ready/*" "$src/ready/ServersReady.java" >&2
  cp "$src/kafka/log4j2.properties" "$java_dir/kafka-log4j2.properties"
  rm -rf "$java_dir/build"
  touch "$java_dir/.installed"
  # older installs are unused once nothing runs from them
  if ! is_running kafka && ! is_running mongo; then
    find "$dir" -maxdepth 1 -name 'java-*' ! -path "$java_dir" -exec rm -rf {} +
  fi
}

install_ferretdb() {
  [ -x "$ferretdb_bin" ] && return 0
  need go "Go toolchain"
  log "building FerretDB $ferretdb_version from the Go module proxy"
  # never fetch another Go toolchain; keep the machine's proxy setting (go env reads its config file)
  export GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:--buildvcs=false}"
  GOPROXY="$(go env GOPROXY)"
  export GOPROXY
  # `go install module@version` also asks the proxy for the module's version list (to check for a
  # deprecation), which the registry here refuses; `go mod download` only needs that version.
  local mod_dir build
  mod_dir="$(cd "$dir" && go mod download -json "$ferretdb_module@$ferretdb_version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "$mod_dir" ] || die "go mod download $ferretdb_module@$ferretdb_version failed"
  build="$dir/ferretdb-$ferretdb_version/src"
  rm -rf "$build"
  mkdir -p "$(dirname "$build")"
  cp -r "$mod_dir" "$build"
  chmod -R u+w "$build"
  # its release builds generate build/version/version.txt (from git), which the module zip lacks
  echo "$ferretdb_version" > "$build/build/version/version.txt"
  if ! (cd "$build" && go build -trimpath -o "$ferretdb_bin.tmp" ./cmd/ferretdb) > "$run/go.log" 2>&1; then
    tail -n 40 "$run/go.log" >&2
    die "building FerretDB failed"
  fi
  mv "$ferretdb_bin.tmp" "$ferretdb_bin"
  rm -rf "$build"
}

install() {
  mkdir -p "$dir" "$run" "$data"
  install_java
  if [ "$mongo_server" = ferretdb ]; then install_ferretdb; fi
}

pid_of() { cat "$run/$1.pid" 2> /dev/null || true; }

# running = the pid file names a live process that is still ours (guards against pid reuse)
is_running() {
  local pid
  pid="$(pid_of "$1")"
  [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null &&
    tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null | grep -q -- "-Dfahrplan.server=$1\|fahrplan-server-$1"
}

port_open() { (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; }

# 127.0.0.1:9092 -> 9092, mongodb://127.0.0.1:27017/ -> 27017
url_port() {
  local port="${1##*:}"
  echo "${port%/}"
}

probe() { java -cp "$java_dir/classes:$java_dir/lib/ready/*" ServersReady "$@"; }

# the port a server was started on (a running one keeps it whatever FAHRPLAN_*_PORT says now)
started_port() { cat "$run/$1.port" 2> /dev/null; }
kafka_url() { echo "127.0.0.1:$(started_port kafka || echo "$kafka_port")"; }
mongo_url() { echo "mongodb://127.0.0.1:$(started_port mongo || echo "$mongo_port")/"; }

show_logs() {
  local f
  for f in "$@"; do
    if [ -s "$f" ]; then
      log "last lines of $f:"
      tail -n 40 "$f" >&2
    fi
  done
}

# Waits until the server answers its probe; on timeout or death prints the tail of its logs.
wait_ready() {
  local name="$1" url="$2" deadline=$((SECONDS + timeout_s)) port
  shift 2
  port="$(url_port "$url")"
  while :; do
    if ! is_running "$name"; then
      log "$name exited while starting"
      show_logs "$@"
      die "$name did not start"
    fi
    if port_open "$port" && probe "$name" "$url" 2> "$run/$name.probe"; then return 0; fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "$name did not answer within ${timeout_s}s"
      show_logs "$run/$name.probe" "$@"
      die "$name is not ready (still running as pid $(pid_of "$name"); 'bash $0 stop' ends it)"
    fi
    sleep 0.5
  done
}

# Runs a server in the background, detached from the caller: stdin/stdout/stderr and the lock fd are
# not inherited, so `$(servers.sh start)` returns and the lock is released.
spawn() {
  local name="$1" out="$2"
  shift 2
  nohup "$@" < /dev/null > "$out" 2>&1 9>&- &
  echo $! > "$run/$name.pid"
}

start_kafka() {
  if is_running kafka; then
    log "kafka already running (pid $(pid_of kafka)) on $(kafka_url)"
    wait_ready kafka "$(kafka_url)" "$run/kafka.out" "$run/kafka.log"
    return 0
  fi
  port_open "$kafka_port" && die "port $kafka_port is taken by another process (set FAHRPLAN_KAFKA_PORT)"
  port_open "$kafka_controller_port" &&
    die "port $kafka_controller_port is taken by another process (set FAHRPLAN_KAFKA_CONTROLLER_PORT)"
  rm -rf "$data/kafka" "$run/kafka".* "$run/kafka"-format.*
  mkdir -p "$data/kafka"
  local props="$run/kafka.properties"
  cat > "$props" << EOF
# generated by .ci/servers.sh: one KRaft node, broker and controller
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$kafka_controller_port
listeners=PLAINTEXT://127.0.0.1:$kafka_port,CONTROLLER://127.0.0.1:$kafka_controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$kafka_port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$data/kafka
num.partitions=3
auto.create.topics.enable=true
delete.topic.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=10
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# tests start consumers one after the other: no waiting for more members to join
group.initial.rebalance.delay.ms=0
EOF
  local cp="$java_dir/lib/kafka/*"
  local log4j=(-Dlog4j2.configurationFile="$java_dir/kafka-log4j2.properties")
  # cluster id: 16 random bytes, base64url without padding (what `kafka-storage random-uuid` prints)
  local cluster_id
  cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  java "${log4j[@]}" -Dkafka.log.file="$run/kafka-format.log" -cp "$cp" kafka.tools.StorageTool \
    format --cluster-id="$cluster_id" -c "$props" > "$run/kafka-format.out" 2>&1 ||
    {
      cat "$run/kafka-format.out" >&2
      die "formatting Kafka's storage failed"
    }
  echo "$kafka_port" > "$run/kafka.port"
  log "starting kafka $(basename "$java_dir"/lib/kafka/kafka_2.13-*.jar .jar | sed 's/kafka_2.13-//') on 127.0.0.1:$kafka_port"
  # shellcheck disable=SC2086 # the options are a word list
  spawn kafka "$run/kafka.out" java -Dfahrplan.server=kafka $kafka_java_opts "${log4j[@]}" \
    -Dkafka.log.file="$run/kafka.log" -cp "$cp" kafka.Kafka "$props"
  wait_ready kafka "$(kafka_url)" "$run/kafka.out" "$run/kafka.log"
}

start_mongo() {
  if is_running mongo; then
    log "mongo already running ($(cat "$run/mongo.kind" 2> /dev/null), pid $(pid_of mongo)) on $(mongo_url)"
    wait_ready mongo "$(mongo_url)" "$run/mongo.log"
    return 0
  fi
  port_open "$mongo_port" && die "port $mongo_port is taken by another process (set FAHRPLAN_MONGO_PORT)"
  rm -rf "$data/mongo" "$run/mongo".*
  mkdir -p "$data/mongo"
  echo "$mongo_port" > "$run/mongo.port"
  echo "$mongo_server" > "$run/mongo.kind"
  log "starting $mongo_server on 127.0.0.1:$mongo_port"
  if [ "$mongo_server" = ferretdb ]; then
    # the argv[0] marks the process as ours for is_running
    spawn mongo "$run/mongo.log" bash -c 'exec -a fahrplan-server-mongo "$0" "$@"' "$ferretdb_bin" \
      --handler=sqlite --sqlite-url="file:$data/mongo/" --state-dir="$data/mongo" \
      --listen-addr="127.0.0.1:$mongo_port" --telemetry=disable --debug-addr=- --log-level=warn
  else
    # the wire handler logs every failed command (each expected E11000 too) with a stack trace; the
    # client gets the error anyway
    # shellcheck disable=SC2086 # the options are a word list
    spawn mongo "$run/mongo.log" java -Dfahrplan.server=mongo $mongo_java_opts \
      -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.showDateTime=true \
      -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoWireProtocolHandler=off \
      -cp "$java_dir/classes:$java_dir/lib/mongo/*" MongoWireServer 127.0.0.1 "$mongo_port"
  fi
  wait_ready mongo "$(mongo_url)" "$run/mongo.log"
}

stop_one() {
  local name="$1" pid
  if is_running "$name"; then
    pid="$(pid_of "$name")"
    log "stopping $name (pid $pid)"
    kill -TERM "$pid" 2> /dev/null || true
    local deadline=$((SECONDS + stop_timeout_s))
    while kill -0 "$pid" 2> /dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    if kill -0 "$pid" 2> /dev/null; then
      log "$name did not stop within ${stop_timeout_s}s: SIGKILL"
      kill -KILL "$pid" 2> /dev/null || true
      while kill -0 "$pid" 2> /dev/null; do sleep 0.1; done
    fi
  fi
  rm -f "$run/$name.pid"
  rm -rf "${data:?}/$name"
}

status_one() {
  local name="$1" url="$2"
  if ! is_running "$name"; then
    echo "$name: stopped"
    return 1
  fi
  if port_open "$(url_port "$url")" && probe "$name" "$url" 2> /dev/null; then
    echo "$name: running (pid $(pid_of "$name")) at $url"
  else
    echo "$name: running (pid $(pid_of "$name")) but not answering at $url"
    return 1
  fi
}

exports() {
  echo "export KAFKA_BROKERS=$(kafka_url)"
  echo "export MONGODB_URL=$(mongo_url)"
}

# one invocation at a time (parallel test runs may all call `start`)
lock() {
  mkdir -p "$dir" "$run" "$data"
  exec 9> "$dir/.lock"
  flock -w 900 9 || die "another servers.sh holds $dir/.lock"
}

case "${1:-}" in
  install)
    lock
    install
    log "installed in $dir"
    ;;
  start)
    lock
    install
    start_kafka
    start_mongo
    exports
    ;;
  stop)
    lock
    stop_one kafka
    stop_one mongo
    ;;
  status)
    rc=0
    if [ -f "$java_dir/.installed" ]; then
      status_one kafka "$(kafka_url)" || rc=3
      status_one mongo "$(mongo_url)" || rc=3
    else
      echo "not installed in $dir"
      rc=3
    fi
    exit "$rc"
    ;;
  run)
    # run a command with both servers up and KAFKA_BROKERS / MONGODB_URL set; stops them afterwards
    # unless they were running already
    shift
    [ "$#" -gt 0 ] || die "usage: bash .ci/servers.sh run <command> [arguments]"
    self="$here/servers.sh"
    if bash "$self" status > /dev/null 2>&1; then started_here=false; else started_here=true; fi
    eval "$(bash "$self" start)"
    if $started_here; then trap 'bash "$self" stop' EXIT; fi
    log "running '$*' with KAFKA_BROKERS=$KAFKA_BROKERS MONGODB_URL=$MONGODB_URL"
    "$@"
    ;;
  *)
    echo "usage: bash .ci/servers.sh install|start|stop|status|run <command>" >&2
    exit 2
    ;;
esac
