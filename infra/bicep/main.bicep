// ACC backup on Azure: a Flex Consumption Function App (.NET 10 isolated, Durable Functions on the Azure Storage
// backend) that copies an Autodesk Construction Cloud account into a separate, versioned backup storage account.
// Deployed by `azd up` (azure.yaml at the repo root); plain resources only, no registry modules, so it builds offline.
// Operator guide, settings rule and log contract: README.md beside this file.
targetScope = 'subscription'

// ---------------------------------------------------------------- environment

@minLength(1)
@maxLength(64)
@description('azd environment name; names the resource group and seeds every resource name.')
param environmentName string

@minLength(1)
@description('Region of every resource; it must offer the Flex Consumption plan.')
@metadata({
  azd: {
    type: 'location'
  }
})
param location string

@description('Object id of the person or pipeline running azd (AZURE_PRINCIPAL_ID); gets Key Vault Secrets Officer to set the APS secret. Empty = nobody.')
param principalId string = ''

@description('Type of principalId.')
@allowed([
  'User'
  'ServicePrincipal'
  'Group'
])
param principalType string = 'User'

// ---------------------------------------------------------------- production and network

@description('Production: retention (immutabilityDays, 30 when left at 0), the account lock, Key Vault purge protection with 90 days of soft delete, and alertEmail required. Off: a trial that azd down removes. Choose before the first deployment (retention and the vault\'s soft-delete days are fixed when created).')
param production bool = false

@description('Put the Function App on a virtual network (Flex Consumption VNet integration) and reach both storage accounts and Key Vault only through private endpoints, with their public network access disabled.')
param privateNetwork bool = false

@description('Address space of the private network (privateNetwork): its first two /24 ranges hold the app and the private endpoints.')
param privateNetworkAddressSpace string = '10.20.0.0/23'

// ---------------------------------------------------------------- APS (Aps__*)

@description('Aps__AccountId: the ACC/BIM 360 account id, a GUID (the hub id without its "b." prefix).')
param apsAccountId string

@description('Aps__ClientId: client id of the APS app that an account admin added under Custom Integrations.')
param apsClientId string

@secure()
@description('The APS client secret, stored in Key Vault. Empty: nothing is written (set it later with az keyvault secret set), and an existing value is kept.')
param apsClientSecret string = ''

@description('Issues__ServiceAccountId: the Secure Service Account that reads ACC Issues (user context). Empty: issues are not backed up, files are.')
param issuesServiceAccountId string = ''

@description('Issues__KeyId: id of the service account\'s key whose private half is issuesPrivateKey.')
param issuesKeyId string = ''

@secure()
@description('The service account key\'s private half (PEM), stored in Key Vault. Empty: nothing is written (set it later with az keyvault secret set), and an existing value is kept.')
param issuesPrivateKey string = ''

@description('Aps__Quota__Share: share of each APS quota all instances together may use (they share one budget, Aps__Quota__Scope = Shared).')
param apsQuotaShare string = '1.0'

@description('Application (client) id of the backup console\'s Entra ID app registration (infra/bicep/README.md). Empty: the console refuses everyone.')
param consoleClientId string = ''

// ---------------------------------------------------------------- backup run (Backup__*)

@description('Backup__Schedule: six-field NCRONTAB schedule of the nightly run, in UTC.')
param backupSchedule string = '0 0 2 * * *'

@description('Backup__IncludeProjects: project names or ids to back up, comma-separated; empty = every project.')
param backupIncludeProjects string = ''

@description('Backup__ExcludeProjects: project names or ids to leave out, comma-separated.')
param backupExcludeProjects string = ''

@description('Backup__Versions: Latest stores each night\'s tip version; All also every version made between two nights (one version-list call per changed file).')
@allowed(['Latest', 'All'])
param backupVersions string = 'Latest'

@description('Backup__Modules: what each night keeps besides the files, comma-separated (files, issues, sheets, members, rfis, forms, photos, permissions, attributes); empty = files plus every module whose credentials are set (Sheets, Members, Permissions and Attributes always, Issues, RFIs, Forms and Photos with the service account).')
param backupModules string = ''

// ---------------------------------------------------------------- scale

@description('Most instances the app scales out to (on-demand and always-ready together).')
@minValue(1)
@maxValue(1000)
param maximumInstanceCount int = 2

@description('Memory of each instance in MB; the copy engine holds Copy__MaxConcurrentTransfers x block size (~256 MiB by default).')
@allowed([
  512
  2048
  4096
])
param instanceMemoryMB int = 2048

// ---------------------------------------------------------------- backup storage

@description('BackupStorage__ContainerName: the backup container, which only ever receives new blobs. The state container (BackupStorage__StateContainerName) is {backupContainerName}-state.')
@minLength(3)
@maxLength(57)
param backupContainerName string = 'acc-backup'

@description('Redundancy of the backup account. Geo-redundant by default: the backup survives a region loss. The archive tier needs LRS, GRS or RA-GRS.')
@allowed([
  'Standard_LRS'
  'Standard_GRS'
  'Standard_RAGRS'
  'Standard_ZRS'
  'Standard_GZRS'
  'Standard_RAGZRS'
])
param backupStorageSku string = 'Standard_GRS'

@description('Days a deleted blob stays recoverable (blob soft delete), in both containers.')
@minValue(1)
@maxValue(365)
param blobSoftDeleteDays int = 30

@description('Days a deleted container stays recoverable (container soft delete).')
@minValue(1)
@maxValue(365)
param containerSoftDeleteDays int = 30

@description('WORM retention in days for every blob of the backup container (time-based retention policy, created unlocked); 0 = off, or 30 with production. Only takes effect on the deployment that creates the container.')
@minValue(0)
@maxValue(146000)
param immutabilityDays int = 0

@description('Days after its creation before a backup blob moves to the cool tier; 0 = never.')
@minValue(0)
param backupCoolAfterDays int = 30

@description('Days after its creation before a backup blob moves to the cold tier; 0 = never.')
@minValue(0)
param backupColdAfterDays int = 90

@description('Days after its creation before a backup blob moves to the archive tier (offline: hours to rehydrate before a restore can read it); 0 = never.')
@minValue(0)
param backupArchiveAfterDays int = 0

@description('Days after a backup blob was deleted or overwritten (it is then a previous version) before that version is deleted; 0 = keep every version.')
@minValue(0)
param deleteVersionsAfterDays int = 0

@description('Days a previous version of a state-container blob (the latest pointer and quota tally, rewritten every night) is kept before the lifecycle rule deletes it.')
@minValue(1)
@maxValue(365)
param stateVersionsDays int = 7

@description('CanNotDelete lock on the backup account (always on with production; azd down then stops at the lock).')
param protectBackupAccount bool = false

// ---------------------------------------------------------------- secrets and monitoring

@description('Key Vault purge protection with 90 days of soft delete (irreversible; always on with production).')
param keyVaultPurgeProtection bool = false

@description('E-mail notified by the alerts; empty = alerts show in the portal only. Required with production.')
param alertEmail string = ''

@description('Hours without a finished run before the missed-run alert fires; 0 = off.')
@minValue(0)
@maxValue(48)
param missedRunAlertHours int = 26

@description('Days Log Analytics keeps logs.')
@minValue(30)
@maxValue(730)
param logRetentionDays int = 30

// ---------------------------------------------------------------- names

var resourceToken = toLower(uniqueString(subscription().id, environmentName, location))
var tags = {
  'azd-env-name': environmentName
}
var functionAppName = 'func-accbackup-${resourceToken}'
// Flex Consumption reads the deployment package from this container of the host storage account.
var deploymentContainerName = 'app-package-${take(functionAppName, 32)}-${take(resourceToken, 7)}'
var apsSecretName = 'aps-client-secret'

// What production turns on. Retention: the days asked for, else a month, long enough to notice a deletion and act.
var retentionDays = immutabilityDays > 0 ? immutabilityDays : (production ? 30 : 0)
var lockBackupAccount = production || protectBackupAccount
var purgeProtection = production || keyVaultPurgeProtection
// A production backup nobody hears about when it fails or is tampered with isn't one: the deployment stops here.
var operatorEmail = production && empty(alertEmail) ? fail('alertEmail (ALERT_EMAIL) is required when production is true: the alerts must reach someone.') : alertEmail
var issuesKeySecretName = 'issues-private-key'

resource rg 'Microsoft.Resources/resourceGroups@2022-09-01' = {
  name: 'rg-${environmentName}'
  location: location
  tags: tags
}

module identity 'modules/identity.bicep' = {
  name: 'identity'
  scope: rg
  params: {
    name: 'id-accbackup-${resourceToken}'
    location: location
    tags: tags
  }
}

module monitoring 'modules/monitoring.bicep' = {
  name: 'monitoring'
  scope: rg
  params: {
    logAnalyticsName: 'log-accbackup-${resourceToken}'
    appInsightsName: 'appi-accbackup-${resourceToken}'
    location: location
    tags: tags
    retentionInDays: logRetentionDays
    appPrincipalId: identity.outputs.principalId
  }
}

module hostStorage 'modules/host-storage.bicep' = {
  name: 'host-storage'
  scope: rg
  params: {
    name: 'st${resourceToken}'
    location: location
    tags: tags
    deploymentContainerName: deploymentContainerName
    appPrincipalId: identity.outputs.principalId
    privateNetwork: privateNetwork
  }
}

module backupStorage 'modules/backup-storage.bicep' = {
  name: 'backup-storage'
  scope: rg
  params: {
    name: 'stbak${resourceToken}'
    location: location
    tags: tags
    skuName: backupStorageSku
    containerName: backupContainerName
    blobSoftDeleteDays: blobSoftDeleteDays
    containerSoftDeleteDays: containerSoftDeleteDays
    immutabilityDays: retentionDays
    coolAfterDays: backupCoolAfterDays
    coldAfterDays: backupColdAfterDays
    archiveAfterDays: backupArchiveAfterDays
    deleteVersionsAfterDays: deleteVersionsAfterDays
    stateVersionsDays: stateVersionsDays
    lockAccount: lockBackupAccount
    appPrincipalId: identity.outputs.principalId
    workspaceId: monitoring.outputs.workspaceId
    privateNetwork: privateNetwork
  }
}

module keyVault 'modules/key-vault.bicep' = {
  name: 'key-vault'
  scope: rg
  params: {
    name: 'kv-accbak-${resourceToken}'
    location: location
    tags: tags
    secretName: apsSecretName
    apsClientSecret: apsClientSecret
    issuesPrivateKeySecretName: issuesKeySecretName
    issuesPrivateKey: issuesPrivateKey
    appPrincipalId: identity.outputs.principalId
    deployerPrincipalId: principalId
    deployerPrincipalType: principalType
    purgeProtection: purgeProtection
    workspaceId: monitoring.outputs.workspaceId
    privateNetwork: privateNetwork
  }
}

module network 'modules/private-network.bicep' = if (privateNetwork) {
  name: 'private-network'
  scope: rg
  params: {
    name: 'vnet-accbackup-${resourceToken}'
    location: location
    tags: tags
    addressSpace: privateNetworkAddressSpace
    // Every service the app reaches in this resource group: the backup, the runtime's storage (blobs and the deployment
    // package, the Durable task hub's queues and tables) and the vault its Key Vault references read.
    endpoints: [
      {
        name: 'pe-backup-blob-${resourceToken}'
        targetId: backupStorage.outputs.id
        groupId: 'blob'
      }
      {
        name: 'pe-host-blob-${resourceToken}'
        targetId: hostStorage.outputs.id
        groupId: 'blob'
      }
      {
        name: 'pe-host-queue-${resourceToken}'
        targetId: hostStorage.outputs.id
        groupId: 'queue'
      }
      {
        name: 'pe-host-table-${resourceToken}'
        targetId: hostStorage.outputs.id
        groupId: 'table'
      }
      {
        name: 'pe-vault-${resourceToken}'
        targetId: keyVault.outputs.id
        groupId: 'vault'
      }
    ]
  }
}

module functionApp 'modules/function-app.bicep' = {
  name: 'function-app'
  scope: rg
  params: {
    name: functionAppName
    planName: 'plan-accbackup-${resourceToken}'
    location: location
    tags: tags
    identityId: identity.outputs.id
    identityClientId: identity.outputs.clientId
    hostStorageName: hostStorage.outputs.name
    hostStorageBlobEndpoint: hostStorage.outputs.blobEndpoint
    deploymentContainerName: hostStorage.outputs.deploymentContainerName
    appInsightsName: monitoring.outputs.appInsightsName
    maximumInstanceCount: maximumInstanceCount
    instanceMemoryMB: instanceMemoryMB
    apsAccountId: apsAccountId
    apsClientId: apsClientId
    apsClientSecretUri: keyVault.outputs.secretUri
    apsQuotaShare: apsQuotaShare
    issuesServiceAccountId: issuesServiceAccountId
    issuesKeyId: issuesKeyId
    issuesPrivateKeyUri: keyVault.outputs.issuesPrivateKeyUri
    backupServiceUri: backupStorage.outputs.blobEndpoint
    backupContainerName: backupStorage.outputs.containerName
    backupStateContainerName: backupStorage.outputs.stateContainerName
    backupImmutabilityDays: retentionDays
    backupSchedule: backupSchedule
    backupIncludeProjects: backupIncludeProjects
    backupExcludeProjects: backupExcludeProjects
    backupVersions: backupVersions
    backupModules: backupModules
    virtualNetworkSubnetId: network.?outputs.appSubnetId ?? ''
  }
}

module console 'modules/console.bicep' = {
  name: 'console'
  scope: rg
  params: {
    functionAppName: functionApp.outputs.name
    backupStorageName: backupStorage.outputs.name
    appPrincipalId: identity.outputs.principalId
    consoleClientId: consoleClientId
  }
}

module alerts 'modules/alerts.bicep' = {
  name: 'alerts'
  scope: rg
  params: {
    namePrefix: 'accbackup-${resourceToken}'
    location: location
    tags: tags
    appInsightsId: monitoring.outputs.appInsightsId
    alertEmail: operatorEmail
    missedRunHours: missedRunAlertHours
  }
}

module controlPlaneAlerts 'modules/control-plane-alerts.bicep' = {
  name: 'control-plane-alerts'
  scope: rg
  params: {
    namePrefix: 'accbackup-${resourceToken}'
    tags: tags
    backupAccountId: backupStorage.outputs.id
    writeOnceRoleId: backupStorage.outputs.writeOnceRoleId
    actionGroupIds: alerts.outputs.actionGroupIds
  }
}

module workbook 'modules/workbook.bicep' = {
  name: 'workbook'
  scope: rg
  params: {
    displayName: 'ACC backup runs (${environmentName})'
    location: location
    tags: tags
    appInsightsId: monitoring.outputs.appInsightsId
  }
}

// ---------------------------------------------------------------- outputs (azd stores them in the environment)

// Portal links open each resource's default blade.
var portal = '${environment().portal}/#@${tenant().tenantId}/resource'

output AZURE_LOCATION string = location
output AZURE_TENANT_ID string = tenant().tenantId
output AZURE_RESOURCE_GROUP string = rg.name
output AZURE_FUNCTION_APP_NAME string = functionApp.outputs.name
output FUNCTION_APP_URL string = functionApp.outputs.url
output CONSOLE_URL string = console.outputs.consoleUrl
output AZURE_KEY_VAULT_NAME string = keyVault.outputs.name
output APS_CLIENT_SECRET_NAME string = apsSecretName
output BACKUP_STORAGE_ACCOUNT_NAME string = backupStorage.outputs.name
output BACKUP_CONTAINER_URL string = backupStorage.outputs.containerUrl
output PORTAL_FUNCTION_APP string = '${portal}${functionApp.outputs.id}'
output PORTAL_BACKUP_STORAGE string = '${portal}${backupStorage.outputs.id}'
output PORTAL_APP_INSIGHTS string = '${portal}${monitoring.outputs.appInsightsId}'
output PORTAL_WORKBOOK string = '${portal}${workbook.outputs.id}'
