#!/usr/bin/env bash
# Can the Function App projects (src/Durable, src/Functions, tests/Functions.Tests) be restored here?
# Exit 0 and say so when they can; otherwise list the packages the configured NuGet sources lack and exit 1.
# They are kept out of AccBackup.slnx for that reason (src/Functions/README.md).
#
# ACC_BACKUP_LOCAL_PACKAGES=/folder adds a folder of .nupkg files as a source (a local check; see src/Functions/README.md).
# Restores that use it go to their own NuGet cache, so the machine's cache never holds packages the sources don't serve.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/functions-env.sh
failed=0
out=""
for project in "${FUNCTIONS_PROJECTS[@]}"; do
  if ! result=$(dotnet restore "$project" "${FUNCTIONS_MSBUILD_ARGS[@]}" 2>&1); then
    failed=1
    out+="$result"$'\n'
  fi
done
if [ "$failed" -eq 0 ]; then
  echo "the Function App projects restore${ACC_BACKUP_LOCAL_PACKAGES:+ (with the local package folder $ACC_BACKUP_LOCAL_PACKAGES)}"
  exit 0
fi
echo "the Function App projects cannot be restored from the configured NuGet sources; missing:"
echo "$out" | grep -Eo "Unable to find package [^ ]+( with version \([^)]*\))?" | sort -u | sed 's/^/  - /'
exit 1
