// The backup's own storage account, separate from the runtime's, with two containers: the backup container, which
// only ever receives new blobs (each ACC version and each run's manifest written once), and the state container, which
// holds the tool's mutable state (latest-run pointer, quota tally, working records). Soft delete covers deleted blobs
// and containers, an optional time-based retention policy makes the backup container's blobs immutable (WORM), and a
// lifecycle rule moves the backup container's blobs to cheaper tiers as they age (another removes the state container's
// previous versions). The app's identity gets one role
// per container and none on the account: read/write/delete on the state container; on the backup container a
// write-once role (read and create blobs), never delete, whatever the parameters.

@description('Name of the storage account (3-24 lowercase letters and digits).')
param name string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

@description('Redundancy of the backup account. The archive tier needs LRS, GRS or RA-GRS: with a zone-redundant SKU keep archiveAfterDays at 0.')
@allowed([
  'Standard_LRS'
  'Standard_GRS'
  'Standard_RAGRS'
  'Standard_ZRS'
  'Standard_GZRS'
  'Standard_RAGZRS'
])
param skuName string

@description('The backup container (BackupStorage__ContainerName); the state container is named after it, {containerName}-state.')
@minLength(3)
@maxLength(57)
param containerName string

@description('Days a deleted or overwritten blob stays recoverable (blob soft delete).')
@minValue(1)
@maxValue(365)
param blobSoftDeleteDays int

@description('Days a deleted container stays recoverable (container soft delete).')
@minValue(1)
@maxValue(365)
param containerSoftDeleteDays int

@description('WORM retention in days for every blob of the backup container; 0 = no immutability. Decide before the first deployment: it can only be switched on when the container is created.')
@minValue(0)
@maxValue(146000)
param immutabilityDays int

@description('Days after its creation before a blob of the backup container moves to the cool tier; 0 = never.')
@minValue(0)
param coolAfterDays int

@description('Days after its creation before a blob of the backup container moves to the cold tier; 0 = never.')
@minValue(0)
param coldAfterDays int

@description('Days after its creation before a blob of the backup container moves to the archive tier (offline: hours to rehydrate before it can be read); 0 = never.')
@minValue(0)
param archiveAfterDays int

@description('Days after a blob of the backup container became a previous version (deleted or overwritten, with versioning on) before that version is deleted; 0 = keep every version.')
@minValue(0)
param deleteVersionsAfterDays int

@description('Days after a blob of the state container became a previous version (the latest pointer and quota tally are rewritten every night, working records deleted) before that version is deleted.')
@minValue(1)
@maxValue(365)
param stateVersionsDays int

@description('Put a CanNotDelete lock on the account, so neither azd down nor a portal click can delete the backup.')
param lockAccount bool

@description('Principal id of the Function App identity.')
param appPrincipalId string

@description('Resource id of the Log Analytics workspace that receives the blob service\'s write and delete log (the audit trail).')
param workspaceId string

@description('Reach the account through private endpoints only (public network access disabled).')
param privateNetwork bool

// Built-in role: Storage Blob Data Contributor (read, write, delete blobs; no ACL or ownership management).
var blobDataContributor = 'ba92f5b4-2d11-453d-a403-e96b0029c9fe'

// Lifecycle of the backup container's blobs, only the steps switched on. Every blob is written once and never
// modified, so its age counts from its creation; the manifests under $acc-backup/runs/ age with the files they list.
var toCool = coolAfterDays > 0 ? { tierToCool: { daysAfterCreationGreaterThan: coolAfterDays } } : {}
var toCold = coldAfterDays > 0 ? { tierToCold: { daysAfterCreationGreaterThan: coldAfterDays } } : {}
var toArchive = archiveAfterDays > 0 ? { tierToArchive: { daysAfterCreationGreaterThan: archiveAfterDays } } : {}
var blobActions = union(toCool, toCold, toArchive)
// Previous versions exist only where something deleted or overwrote a blob (prune with the retention off, a person, a
// tool outside the app): with versioning on, a delete keeps the data as a previous version until this rule removes it.
var versionActions = deleteVersionsAfterDays > 0 ? { delete: { daysAfterCreationGreaterThan: deleteVersionsAfterDays } } : {}
var lifecycleActions = union(empty(blobActions) ? {} : { baseBlob: blobActions }, empty(versionActions) ? {} : { version: versionActions })
var backupRules = empty(lifecycleActions) ? [] : [
  {
    name: 'backup-to-colder-tiers'
    enabled: true
    type: 'Lifecycle'
    definition: {
      filters: {
        blobTypes: [
          'blockBlob'
        ]
        // The backup container only. A prefix starts with the container's name; the trailing slash keeps the
        // state container ({containerName}-state) out, whose blobs must stay hot and are never tiered.
        prefixMatch: [
          '${containerName}/'
        ]
      }
      actions: lifecycleActions
    }
  }
]
// Versioning is on for the whole account, so every rewrite of the state container's pointer and tally (many a night)
// and every working record a run clears leaves a previous version behind: this rule removes them, never the current blobs.
var stateRules = [
  {
    name: 'state-previous-versions'
    enabled: true
    type: 'Lifecycle'
    definition: {
      filters: {
        blobTypes: [
          'blockBlob'
        ]
        prefixMatch: [
          '${containerName}-state/'
        ]
      }
      actions: {
        version: {
          delete: {
            daysAfterCreationGreaterThan: stateVersionsDays
          }
        }
      }
    }
  }
]

resource storage 'Microsoft.Storage/storageAccounts@2024-01-01' = {
  name: name
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: {
    name: skuName
  }
  properties: {
    // New blobs land hot; the lifecycle rule below moves the backup container's blobs down as they age.
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
    // With the private network only through its private endpoint (private-network.bicep); otherwise over the public
    // endpoint, where RBAC is the gate.
    publicNetworkAccess: privateNetwork ? 'Disabled' : 'Enabled'
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2024-01-01' = {
  parent: storage
  name: 'default'
  properties: {
    // A second net under the write-once backup: anything that overwrites or deletes a blob (a person, a tool outside
    // the app, prune) leaves the previous state as a version. Version-level WORM below needs it too.
    isVersioningEnabled: true
    // A deleted blob (or version) stays recoverable this long: mistaken deletes, in either container.
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
    // Version-level WORM support, switched on at creation (it can't be removed later). With it the retention policy
    // below applies to each blob version as it is written: the version can't be deleted, nor its metadata changed,
    // until its period ends; an overwrite by anyone would only add a version (the app never overwrites).
    immutableStorageWithVersioning: immutabilityDays > 0 ? { enabled: true } : null
  }
}

// The container's default time-based retention policy, inherited by every blob written into it. It is created
// unlocked: lock it by hand (az storage container immutability-policy lock) once the period is right, because a
// locked policy can only be extended, never shortened or removed, not even by an Owner of the subscription.
resource immutabilityPolicy 'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies@2024-01-01' = if (immutabilityDays > 0) {
  parent: container
  name: 'default'
  properties: {
    immutabilityPeriodSinceCreationInDays: immutabilityDays
    // Block blobs only: the backup never writes append blobs.
    allowProtectedAppendWrites: false
  }
}

// The tool's mutable state (latest-run pointer, quota tally, working records), apart from the backup container, which
// only ever receives new blobs and can therefore carry the retention policy and the tiering rule; this one carries
// neither (a pointer rewritten every night must stay writable and hot).
resource stateContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2024-01-01' = {
  parent: blobService
  name: '${containerName}-state'
  properties: {
    publicAccess: 'None'
  }
}

resource lifecycle 'Microsoft.Storage/storageAccounts/managementPolicies@2024-01-01' = {
  parent: storage
  name: 'default'
  properties: {
    policy: {
      rules: concat(backupRules, stateRules)
    }
  }
  dependsOn: [
    // Version actions are rejected until versioning is on.
    blobService
  ]
}

// The backup container's role, whatever the parameters: Storage Blob Data Contributor minus every delete, and minus
// creating or changing containers (the Bicep creates both; the app only checks that they exist). A retention policy
// already refuses deletes of protected blobs; without the right, a stolen app identity can't delete even what the
// policy no longer protects, nor remove a blob's own policy (immutableStorage/runAsSuperUser). Prune runs as a person
// or pipeline with delete rights granted for the purpose (README, "Prune"). A custom role can't be assignable at a
// single resource, so it is assignable in this resource group; it is only ever assigned at the backup container.
resource writeOnceRole 'Microsoft.Authorization/roleDefinitions@2022-04-01' = {
  name: guid(storage.id, 'acc-backup-write-once')
  properties: {
    // Role names are unique in the tenant: the account's name tells each deployment's role apart.
    roleName: 'ACC backup write-once writer (${storage.name})'
    description: 'Read the container, read, create and write blobs; no delete, no container write, no immutability override. For the ACC backup Function App on its backup container.'
    type: 'CustomRole'
    assignableScopes: [
      resourceGroup().id
    ]
    permissions: [
      {
        actions: [
          // Get Container Properties: the app checks the container exists and carries its retention policy.
          'Microsoft.Storage/storageAccounts/blobServices/containers/read'
        ]
        notActions: []
        dataActions: [
          // List, read and Get Blob Properties (a stored version's size, its retention end).
          'Microsoft.Storage/storageAccounts/blobServices/containers/blobs/read'
          // Put Blob, Put Block (From URL), Put Block List: metadata goes with the write, never Set Blob Metadata.
          'Microsoft.Storage/storageAccounts/blobServices/containers/blobs/write'
          'Microsoft.Storage/storageAccounts/blobServices/containers/blobs/add/action'
        ]
        notDataActions: []
      }
    ]
  }
}

resource writeOnceWriter 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(container.id, appPrincipalId, writeOnceRole.name)
  scope: container
  properties: {
    // A custom role's id is subscription-level wherever it was defined.
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', writeOnceRole.name)
    principalId: appPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Write-once writer (no delete) for the ACC backup Function App, on the backup container only.'
  }
}

// The state container stays mutable (pointer, quota tally, working records rewritten and removed every night).
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

// The audit trail of the backup's data plane: every blob written or deleted, by whom (identity, IP), into Log
// Analytics (StorageBlobLogs). Reads are left out: a night reads every stored version's properties, and that volume
// would cost more than it tells.
resource blobAudit 'Microsoft.Insights/diagnosticSettings@2021-05-01-preview' = {
  name: 'backup-blob-audit'
  scope: blobService
  properties: {
    workspaceId: workspaceId
    logs: [
      {
        category: 'StorageWrite'
        enabled: true
      }
      {
        category: 'StorageDelete'
        enabled: true
      }
    ]
  }
}

output name string = storage.name
output id string = storage.id
output blobEndpoint string = storage.properties.primaryEndpoints.blob
output containerName string = container.name
output stateContainerName string = stateContainer.name
output containerUrl string = '${storage.properties.primaryEndpoints.blob}${container.name}'
// Subscription-level, as every role definition's id is wherever it was defined.
output writeOnceRoleId string = subscriptionResourceId('Microsoft.Authorization/roleDefinitions', writeOnceRole.name)
