#!/usr/bin/env bash
# Tries to restore the Function App project and says plainly what the NuGet copy lacks.
# The project is kept out of AccBackup.slnx until its packages can be restored (see src/Functions/README.md).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(dotnet restore src/Functions/AccBackup.Functions.csproj 2>&1)
if [ $? -eq 0 ]; then
  echo "src/Functions restores: add it to AccBackup.slnx and build it."
  exit 0
fi
echo "src/Functions cannot be restored from the NuGet copy served here; missing:"
echo "$out" | grep -Eo "Unable to find package [^ ]+( with version \([^)]*\))?" | sort -u | sed 's/^/  - /'
exit 1
