// The backup's own storage account and container, separate from the runtime's: versioning keeps every state of
// every file, soft delete covers deleted blobs and containers, an optional retention policy makes versions
// immutable (WORM), and a lifecycle rule moves old versions to cheaper tiers. The app's identity gets exactly one
// role here, Storage Blob Data Contributor, on the backup container only.

@description('Name of the storage account (3-24 lowercase letters and digits).')
param name string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

@description('Redundancy of the backup account. The archive tier needs LRS, GRS or RA-GRS: with a zone-redundant SKU set versionsToArchiveAfterDays to 0.')
@allowed([
  'Standard_LRS'
  'Standard_GRS'
  'Standard_RAGRS'
  'Standard_ZRS'
  'Standard_GZRS'
  'Standard_RAGZRS'
])
param skuName string

@description('The backup container (BackupStorage__ContainerName).')
param containerName string

@description('Days a deleted or overwritten blob stays recoverable (blob soft delete).')
@minValue(1)
@maxValue(365)
param blobSoftDeleteDays int

@description('Days a deleted container stays recoverable (container soft delete).')
@minValue(1)
@maxValue(365)
param containerSoftDeleteDays int

@description('WORM retention in days for every blob version in the container; 0 = no immutability. Decide before the first deployment: it can only be switched on when the container is created.')
@minValue(0)
@maxValue(146000)
param immutabilityDays int

@description('Days after a version stops being current before it moves to the cool tier; 0 = never.')
@minValue(0)
param versionsToCoolAfterDays int

@description('Days after a version stops being current before it moves to the cold tier; 0 = never.')
@minValue(0)
param versionsToColdAfterDays int

@description('Days after a version stops being current before it moves to the archive tier; 0 = never.')
@minValue(0)
param versionsToArchiveAfterDays int

@description('Days after a version stops being current before it is deleted; 0 = keep every version.')
@minValue(0)
param deleteVersionsAfterDays int

@description('Put a CanNotDelete lock on the account, so neither azd down nor a portal click can delete the backup.')
param lockAccount bool

@description('Principal id of the Function App identity.')
param appPrincipalId string

// Built-in role: Storage Blob Data Contributor (read, write, delete blobs; no ACL or ownership management).
var blobDataContributor = 'ba92f5b4-2d11-453d-a403-e96b0029c9fe'

// Lifecycle actions for previous versions, only those switched on. A version's age counts from the moment it
// stopped being current, which is what "old versions" means for a backup that overwrites changed files.
var toCool = versionsToCoolAfterDays > 0 ? { tierToCool: { daysAfterCreationGreaterThan: versionsToCoolAfterDays } } : {}
var toCold = versionsToColdAfterDays > 0 ? { tierToCold: { daysAfterCreationGreaterThan: versionsToColdAfterDays } } : {}
var toArchive = versionsToArchiveAfterDays > 0 ? { tierToArchive: { daysAfterCreationGreaterThan: versionsToArchiveAfterDays } } : {}
var toDelete = deleteVersionsAfterDays > 0 ? { delete: { daysAfterCreationGreaterThan: deleteVersionsAfterDays } } : {}
var versionActions = union(toCool, toCold, toArchive, toDelete)

resource storage 'Microsoft.Storage/storageAccounts@2024-01-01' = {
  name: name
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: {
    name: skuName
  }
  properties: {
    // New blobs land hot; the lifecycle rule below moves old versions down.
    accessTier: 'Hot'
    minimumTlsVersion: 'TLS1_2'
    supportsHttpsTrafficOnly: true
    // No anonymous reads of any container, ever.
    allowBlobPublicAccess: false
    // No account keys or SAS: the app writes with its managed identity (BackupStorage__ServiceUri), people with
    // Entra ID. A leaked key can't delete the backup.
    allowSharedKeyAccess: false
    // The portal's storage browser uses Entra ID too, since keys are off.
    defaultToOAuthAuthentication: true
    // Backup data stays in this tenant.
    allowCrossTenantReplication: false
    // Reached over the public endpoint (no VNet in this template); RBAC is the gate.
    publicNetworkAccess: 'Enabled'
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2024-01-01' = {
  parent: storage
  name: 'default'
  properties: {
    // Every overwrite of a changed file keeps the previous state as a version: the backup's history.
    isVersioningEnabled: true
    // A deleted blob (or version) stays recoverable this long.
    deleteRetentionPolicy: {
      enabled: true
      days: blobSoftDeleteDays
    }
    // A deleted container stays recoverable this long.
    containerDeleteRetentionPolicy: {
      enabled: true
      days: containerSoftDeleteDays
    }
  }
}

resource container 'Microsoft.Storage/storageAccounts/blobServices/containers@2024-01-01' = {
  parent: blobService
  name: containerName
  properties: {
    publicAccess: 'None'
    // Version-level WORM support, switched on at creation (it can't be removed later). With it the retention
    // policy below applies to each version: overwriting a changed file still works (it creates a new version, as
    // the copy engine and the manifest's latest.json need), while every version is kept unchanged for the
    // retention period. A legacy container-level WORM policy without it would refuse those overwrites.
    immutableStorageWithVersioning: immutabilityDays > 0 ? { enabled: true } : null
  }
}

// The container's default time-based retention policy, inherited by every version written into it. It is created
// unlocked: lock it by hand (az storage container immutability-policy lock) once the period is right, because a
// locked policy can only be extended, never shortened or removed.
resource immutabilityPolicy 'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies@2024-01-01' = if (immutabilityDays > 0) {
  parent: container
  name: 'default'
  properties: {
    immutabilityPeriodSinceCreationInDays: immutabilityDays
    // Block blobs only: the backup never writes append blobs.
    allowProtectedAppendWrites: false
  }
}

resource lifecycle 'Microsoft.Storage/storageAccounts/managementPolicies@2024-01-01' = if (!empty(versionActions)) {
  parent: storage
  name: 'default'
  properties: {
    policy: {
      rules: [
        {
          name: 'old-versions-to-colder-tiers'
          enabled: true
          type: 'Lifecycle'
          definition: {
            filters: {
              blobTypes: [
                'blockBlob'
              ]
              // Only the backup container; a prefix filter starts with the container name.
              prefixMatch: [
                '${containerName}/'
              ]
            }
            actions: {
              // Previous versions only: the current copy of every file stays hot and readable.
              version: versionActions
            }
          }
        }
      ]
    }
  }
  dependsOn: [
    // Version actions are rejected until versioning is on.
    blobService
  ]
}

resource writer 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(container.id, appPrincipalId, blobDataContributor)
  // The container, not the account: the app can't touch any other container or the account's settings.
  scope: container
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', blobDataContributor)
    principalId: appPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Storage Blob Data Contributor for the ACC backup Function App, on the backup container only.'
  }
}

// The tool's mutable state (latest-run pointer, quota tally, working records), apart from the backup container,
// which only ever receives new blobs and can therefore carry a retention (WORM) policy.
resource stateContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2024-01-01' = {
  parent: blobService
  name: '${containerName}-state'
  properties: {
    publicAccess: 'None'
  }
}

resource stateWriter 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(stateContainer.id, appPrincipalId, blobDataContributor)
  scope: stateContainer
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', blobDataContributor)
    principalId: appPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Storage Blob Data Contributor for the ACC backup Function App, on its state container only.'
  }
}

resource deleteLock 'Microsoft.Authorization/locks@2020-05-01' = if (lockAccount) {
  name: 'backup-account-no-delete'
  scope: storage
  properties: {
    level: 'CanNotDelete'
    notes: 'Holds the ACC backup. Remove this lock deliberately before deleting the account.'
  }
}

output name string = storage.name
output id string = storage.id
output blobEndpoint string = storage.properties.primaryEndpoints.blob
output containerName string = container.name
output stateContainerName string = stateContainer.name
output containerUrl string = '${storage.properties.primaryEndpoints.blob}${container.name}'
