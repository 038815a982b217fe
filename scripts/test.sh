#!/usr/bin/env bash
# The test command (README, .ci/run): installs what the tests need, builds everything, runs every test.
# Azurite and the APS emulator are started by the tests themselves, on free loopback ports, and stopped after.
# However this script ends (pass, fail, Ctrl-C, SIGTERM), no process it started is left running: builds run without
# build servers, the tests run in their own process group that is stopped at the end, and a last sweep stops anything
# still running from this checkout (its node_modules' Azurite, its test hosts, its emulator or CLI builds).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)

# No MSBuild nodes, compiler or MSBuild servers left behind after the build.
export MSBUILDDISABLENODEREUSE=1 DOTNET_CLI_USE_MSBUILD_SERVER=0 UseSharedCompilation=false

group= group_file=
# Processes started from this checkout: Azurite from its node_modules, test hosts and programs from its bin folders.
from_checkout() {
  local r
  r=$(printf '%s' "$root" | sed 's/[][\.*^$+?(){}|]/\\&/g')
  pgrep -f -- "$r/node_modules/(\.bin/azurite|azurite/)|$r/(tests|tools|src|bench)/[^ ]*/bin/" || true
}
# The test run's process group (its session leader's pid, written by the leader itself); never this script's own group.
group_alive() {
  group=${group:-$(cat "${group_file:-/dev/null}" 2>/dev/null || true)}
  [ -n "$group" ] && [ "$group" != "$(ps -o pgid= -p $$ | tr -d ' ')" ] && kill -0 -- "-$group" 2>/dev/null
}
stop() {
  local signal=$1 pids
  if group_alive; then kill "-$signal" -- "-$group" 2>/dev/null || true; fi
  pids=$(from_checkout)
  if [ -n "$pids" ]; then kill "-$signal" $pids 2>/dev/null || true; fi
}
cleanup() {
  local status=$? i
  trap - EXIT INT TERM
  stop TERM
  for i in $(seq 1 50); do
    if [ -z "$(from_checkout)" ] && ! group_alive; then break; fi
    sleep 0.2
  done
  local left
  left=$(from_checkout)
  if [ -n "$left" ] || group_alive; then
    echo "stopping processes still running: test group ${group:-none}, from this checkout: ${left:-none}" >&2
    stop KILL
  fi
  rm -f "${log:-}" "${group_file:-}"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "== npm ci (Azurite, pinned in package-lock.json)"
npm ci --no-audit --no-fund --loglevel=error

echo "== dotnet restore + build (warnings are errors)"
dotnet restore AccBackup.slnx
dotnet build AccBackup.slnx -c Release --no-restore -nologo

echo "== dotnet test"
log=$(mktemp)
group_file=$(mktemp)
# Its own session: one process group holding dotnet test, its test hosts and what they start, stopped as one --
# by this script's exit trap, or by the group's own watcher as soon as this script is gone, however it ended.
setsid -w bash -c '
  echo $$ >"$2"
  ( trap "" TERM; while kill -0 "$3" 2>/dev/null; do sleep 1; done; kill -TERM -- "-$$"; sleep 5; kill -KILL -- "-$$" ) &
  watcher=$!
  dotnet test AccBackup.slnx -c Release --no-build -nologo --logger "console;verbosity=normal" 2>&1 | tee "$1"
  status=${PIPESTATUS[0]}
  { kill -KILL "$watcher"; wait "$watcher"; } 2>/dev/null
  exit "$status"' _ "$log" "$group_file" "$$" </dev/null &
job=$!
set +e
wait "$job"
status=$?
set -e

# One plain closing line for the whole run, summed over the test assemblies.
# Each assembly ends with "Total tests: N" then "Passed: N" / "Failed: N" lines.
passed=$(awk '/^ +Passed: +[0-9]+ *$/ { s += $2 } END { print s + 0 }' "$log")
failed=$(awk '/^ +Failed: +[0-9]+ *$/ { s += $2 } END { print s + 0 }' "$log")
echo "${passed:-0} passed, ${failed:-0} failed"
if [ "${passed:-0}" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
