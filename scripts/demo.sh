#!/usr/bin/env bash
# The demo (README's first command): back up the APS emulator's demo account into a local Azurite, verify the run,
# restore it into a temporary folder. Nothing to install by hand beyond the .NET SDK and Node.js; exits 0 only if all passed.
# With --console it then leaves the backup console open on 127.0.0.1 until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
console=false
if [ "${1:-}" = "--console" ]; then console=true; fi

if [ ! -x node_modules/.bin/azurite-blob ]; then
  echo "== npm ci (Azurite, pinned in package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "== build acc-backup (Release)"
dotnet build src/Cli/AccBackup.Cli.csproj -c Release -nologo -v quiet
cli=(dotnet "src/Cli/bin/Release/net10.0/acc-backup.dll")

work=$(mktemp -d)
azurite_pid=""
cleanup() {
  if [ -n "$azurite_pid" ]; then kill "$azurite_pid" 2>/dev/null || true; wait "$azurite_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# A free loopback port: bind port 0 and read what the kernel chose.
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
echo "== start Azurite on 127.0.0.1:$port (in memory)"
node_modules/.bin/azurite-blob --blobHost 127.0.0.1 --blobPort "$port" --inMemoryPersistence --skipApiVersionCheck --silent --loose \
  >"$work/azurite.log" 2>&1 &
azurite_pid=$!
for _ in $(seq 1 100); do
  if node -e 'require("net").connect('"$port"',"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))'; then break; fi
  sleep 0.1
done

# Azurite's well-known development account (public, documented by Microsoft; not a secret).
key="Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
export BackupStorage__ConnectionString="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$key;BlobEndpoint=http://127.0.0.1:$port/devstoreaccount1;"

echo "== acc-backup run --demo"
"${cli[@]}" run --demo

echo "== acc-backup verify --run latest"
"${cli[@]}" verify --run latest

echo "== acc-backup restore --run latest --to $work/restore"
"${cli[@]}" restore --run latest --to "$work/restore"
restored=$(find "$work/restore" -type f | wc -l)
echo "restored files on disk: $restored"
[ "$restored" -gt 0 ]

echo "== acc-backup runs"
"${cli[@]}" runs

echo "demo passed: backed up, verified and restored $restored files"

if [ "$console" = true ]; then
  echo "== acc-backup console (open the address below in a browser; Ctrl-C stops it and the demo's Azurite)"
  "${cli[@]}" console || true
fi
