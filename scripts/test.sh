#!/usr/bin/env bash
# The test command (README, .ci/run). It does what `dotnet test` can't do itself: install Azurite (npm ci), build once
# with warnings as errors, and make sure nothing the tests started outlives it, however it ends (pass, fail, Ctrl-C,
# SIGTERM, even SIGKILL). The tests start Azurite and the APS emulator themselves on free loopback ports, and Azurite
# exits by itself when the test host that started it is gone (tests/TestInfrastructure/AzuriteServer.cs).
set -euo pipefail
cd "$(dirname "$0")/.."

# No MSBuild nodes, compiler or MSBuild servers left behind after the build.
export MSBUILDDISABLENODEREUSE=1 DOTNET_CLI_USE_MSBUILD_SERVER=0 UseSharedCompilation=false

echo "== npm ci (Azurite, pinned in package-lock.json)"
npm ci --no-audit --no-fund --loglevel=error

# The console's browser tests drive Debian's chromium (Playwright's own browser download needs the internet); its path
# can be overridden with ACC_BACKUP_CHROMIUM. CI runs on a fresh Debian machine as root, so install it when missing.
if [ -z "${ACC_BACKUP_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "== apt-get install chromium (the console's browser tests)"
  if [ "$(id -u)" -eq 0 ]; then apt_get=(apt-get); else apt_get=(sudo apt-get); fi
  "${apt_get[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq chromium >/dev/null
fi

echo "== dotnet restore (locked: every packages.lock.json as committed) + build (warnings are errors)"
dotnet restore AccBackup.slnx --locked-mode
# RestoreLockedMode reaches the restore the Functions Worker SDK runs during the build (src/Functions/AccBackup.Functions.csproj).
dotnet build AccBackup.slnx -c Release --no-restore -nologo -p:RestoreLockedMode=true

echo "== dotnet test"
log=$(mktemp) group_file=$(mktemp)
# The tests run in a session of their own: one process group holding dotnet test, its test hosts and what they start.
# It is stopped as one by the exit trap below, or, if this script is killed outright, by its own watcher within seconds.
stop_group() {
  local status=$? group i
  trap - EXIT INT TERM
  group=$(cat "$group_file" 2>/dev/null || true)
  if [ -n "$group" ] && kill -TERM -- "-$group" 2>/dev/null; then
    for i in $(seq 1 50); do kill -0 -- "-$group" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$group" 2>/dev/null && echo "stopped test processes still running after 10 s (group $group)" >&2
  fi
  rm -f "$log" "$group_file"
  exit "$status"
}
trap stop_group EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
setsid -w bash -c '
  echo $$ >"$2"
  ( trap "" TERM; while kill -0 "$3" 2>/dev/null; do sleep 1; done; kill -TERM -- "-$$"; sleep 5; kill -KILL -- "-$$" ) &
  watcher=$!
  dotnet test AccBackup.slnx -c Release --no-build -nologo --logger "console;verbosity=normal" 2>&1 | tee "$1"
  status=${PIPESTATUS[0]}
  { kill -KILL "$watcher"; wait "$watcher"; } 2>/dev/null
  exit "$status"' _ "$log" "$group_file" "$$" </dev/null &
set +e
wait $!
status=$?
set -e

# The failed tests again at the end, each with its message and the top of its stack, so the last lines of a long log
# (all a CI page may show) name what failed.
if grep -qE '^ +Failed [A-Za-z_]' "$log"; then
  echo "== failed tests"
  awk '/^ +Failed [A-Za-z_]/ { on = 1; n = 0 }
       on && /^ +(Passed|Skipped) [A-Za-z_]|Standard Output Messages:/ { on = 0 }
       on && n < 25 { print; n++ }' "$log"
fi

# One closing line for the whole run, summed over the test assemblies ("Passed: N" / "Failed: N" lines each).
passed=$(awk '/^ +Passed: +[0-9]+ *$/ { s += $2 } END { print s + 0 }' "$log")
failed=$(awk '/^ +Failed: +[0-9]+ *$/ { s += $2 } END { print s + 0 }' "$log")
echo "$passed passed, $failed failed"
if [ "$passed" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
