# Sourced by scripts/functions-packages.sh and scripts/test.sh: the Function App projects and the MSBuild arguments
# that build them, with or without a local package folder (ACC_BACKUP_LOCAL_PACKAGES, see src/Functions/README.md).
FUNCTIONS_PROJECTS=(src/Durable/AccBackup.Durable.csproj src/Functions/AccBackup.Functions.csproj tests/Functions.Tests/AccBackup.Functions.Tests.csproj)
FUNCTIONS_MSBUILD_ARGS=(-nologo)
if [ -n "${ACC_BACKUP_LOCAL_PACKAGES:-}" ]; then
  # A local check: the folder as an extra source, a cache of its own, and the Worker.Sdk's host-side extension build
  # skipped (it needs packages a partial mirror may lack). Never used by a normal build.
  export NUGET_PACKAGES="${ACC_BACKUP_LOCAL_PACKAGES_CACHE:-$HOME/.nuget/packages-acc-backup-local}"
  FUNCTIONS_MSBUILD_ARGS+=("-p:RestoreAdditionalProjectSources=$ACC_BACKUP_LOCAL_PACKAGES" "-p:FunctionsLocalCheck=true")
fi
