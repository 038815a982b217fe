#!/usr/bin/env bash
# The test command (README, .ci/run): installs what the tests need, builds everything, runs every test.
# Azurite and the APS emulator are started by the tests themselves, on free loopback ports, and stopped after.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== npm ci (Azurite, pinned in package-lock.json)"
npm ci --no-audit --no-fund --loglevel=error

echo "== dotnet restore + build (warnings are errors)"
dotnet restore AccBackup.slnx
dotnet build AccBackup.slnx -c Release --no-restore -nologo

echo "== Function App projects (src/Durable, src/Functions, tests/Functions.Tests)"
functions=0
if scripts/functions-packages.sh; then
  functions=1
  (
    source scripts/functions-env.sh
    for project in "${FUNCTIONS_PROJECTS[@]}"; do
      dotnet build "$project" -c Release "${FUNCTIONS_MSBUILD_ARGS[@]}"
    done
  )
fi

echo "== dotnet test"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
dotnet test AccBackup.slnx -c Release --no-build -nologo --logger "console;verbosity=normal" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$functions" -eq 1 ]; then
  (source scripts/functions-env.sh && dotnet test tests/Functions.Tests -c Release --no-build -nologo --logger "console;verbosity=normal") 2>&1 | tee -a "$log"
  functions_status=${PIPESTATUS[0]}
  [ "$functions_status" -eq 0 ] || status=$functions_status
fi
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
