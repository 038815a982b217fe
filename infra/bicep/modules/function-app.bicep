// The Function App: Flex Consumption (FC1, Linux), .NET 10 isolated worker, user-assigned identity for everything
// (host storage, deployment package, Key Vault references, Application Insights), and every app setting it reads.

@description('Name of the Function App (globally unique: it is the host name).')
param name string

@description('Name of the Flex Consumption plan.')
param planName string

@description('Azure region (one that offers Flex Consumption).')
param location string

@description('Tags for every resource.')
param tags object

@description('Resource id of the user-assigned identity.')
param identityId string

@description('Client id of the user-assigned identity.')
param identityClientId string

@description('Name of the host storage account (AzureWebJobsStorage).')
param hostStorageName string

@description('Blob endpoint of the host storage account.')
param hostStorageBlobEndpoint string

@description('Container of the host storage account that receives the deployment package.')
param deploymentContainerName string

@description('Name of the Application Insights component.')
param appInsightsName string

@description('Most instances the app scales out to (they share one APS budget: Aps__Quota__Scope is Shared).')
@minValue(1)
@maxValue(1000)
param maximumInstanceCount int

@description('Memory of each instance in MB.')
@allowed([
  512
  2048
  4096
])
param instanceMemoryMB int

@description('Aps__AccountId: the ACC account id (hub id without "b.").')
param apsAccountId string

@description('Aps__ClientId: client id of the APS app added under the account\'s Custom Integrations.')
param apsClientId string

@description('Key Vault secret URI of the APS client secret (no version: the latest is used).')
param apsClientSecretUri string

@description('Aps__Quota__Share: share of each APS quota all instances together may use, as a decimal string.')
param apsQuotaShare string

@description('Issues__ServiceAccountId: the Secure Service Account that reads ACC Issues; empty = issues not backed up.')
param issuesServiceAccountId string

@description('Issues__KeyId: id of the service account\'s key.')
param issuesKeyId string

@description('Key Vault secret URI of the service account\'s private key (no version: the latest is used).')
param issuesPrivateKeyUri string

@description('BackupStorage__ServiceUri: blob endpoint of the backup account.')
param backupServiceUri string

@description('BackupStorage__ContainerName: the backup container.')
param backupContainerName string

@description('BackupStorage__StateContainerName: the container of the tool\'s mutable state.')
param backupStateContainerName string

@description('BackupStorage__ImmutabilityDays: the retention policy the backup container must carry (backup-storage.bicep\'s immutabilityDays); 0 = none.')
param backupImmutabilityDays int

@description('Backup__Schedule: six-field NCRONTAB schedule, in UTC.')
param backupSchedule string

@description('Backup__IncludeProjects: project names or ids, comma-separated; empty = every project.')
param backupIncludeProjects string

@description('Backup__ExcludeProjects: project names or ids to leave out, comma-separated.')
param backupExcludeProjects string

@description('Backup__Versions: Latest (each night\'s tip) or All (every version made between two nights too).')
@allowed(['Latest', 'All'])
param backupVersions string

@description('Backup__Modules: the modules kept besides the files (files, issues, sheets, members, rfis, forms, photos, permissions, attributes); empty = every module whose credentials are set.')
param backupModules string

@description('Subnet the app joins (Flex Consumption VNet integration, delegated to Microsoft.App/environments); empty = no virtual network.')
param virtualNetworkSubnetId string

resource appInsights 'Microsoft.Insights/components@2020-02-02' existing = {
  name: appInsightsName
}

resource plan 'Microsoft.Web/serverfarms@2024-11-01' = {
  name: planName
  location: location
  tags: tags
  kind: 'functionapp'
  sku: {
    tier: 'FlexConsumption'
    name: 'FC1'
  }
  properties: {
    // Linux: the only OS Flex Consumption offers.
    reserved: true
  }
}

resource site 'Microsoft.Web/sites@2024-11-01' = {
  name: name
  location: location
  // azd finds the app to deploy the 'functions' service (azure.yaml) to by this tag.
  tags: union(tags, { 'azd-service-name': 'functions' })
  kind: 'functionapp,linux'
  identity: {
    type: 'UserAssigned'
    userAssignedIdentities: {
      '${identityId}': {}
    }
  }
  properties: {
    serverFarmId: plan.id
    httpsOnly: true
    // Key Vault references (Aps__ClientSecret) resolve with the user-assigned identity, not a system one.
    keyVaultReferenceIdentity: identityId
    // With the private network the app's outbound traffic leaves through this subnet, where the private endpoints of
    // both storage accounts and the vault resolve; APS and Application Insights are reached on through it.
    virtualNetworkSubnetId: empty(virtualNetworkSubnetId) ? null : virtualNetworkSubnetId
    // All outbound traffic through the subnet, Key Vault reference resolution included (the vault is private then).
    outboundVnetRouting: empty(virtualNetworkSubnetId) ? null : { allTraffic: true }
    siteConfig: {
      minTlsVersion: '1.2'
    }
    functionAppConfig: {
      deployment: {
        storage: {
          // The package azd deploys is written to this container and read by every instance, with the identity.
          type: 'blobContainer'
          value: '${hostStorageBlobEndpoint}${deploymentContainerName}'
          authentication: {
            type: 'UserAssignedIdentity'
            userAssignedIdentityResourceId: identityId
          }
        }
      }
      scaleAndConcurrency: {
        // Durable Functions on the Azure Storage backend needs one instance kept warm for the 'durable' group, so
        // orchestrations and activities queued in storage are picked up without waiting for a scale decision.
        alwaysReady: [
          {
            name: 'durable'
            instanceCount: 1
          }
        ]
        maximumInstanceCount: maximumInstanceCount
        instanceMemoryMB: instanceMemoryMB
      }
      runtime: {
        name: 'dotnet-isolated'
        version: '10.0'
      }
    }
  }
}

// Every setting the app reads. Flex Consumption takes the worker runtime from functionAppConfig.runtime and
// rejects FUNCTIONS_WORKER_RUNTIME / FUNCTIONS_EXTENSION_VERSION / WEBSITE_RUN_FROM_PACKAGE, so none of them is here.
// Options the app binds are written Section__Property; any option left out runs on its code default, which
// local.settings.sample.json documents (rule and test: infra/bicep/README.md, tests/Repository.Tests/Files).
resource appSettings 'Microsoft.Web/sites/config@2024-11-01' = {
  parent: site
  name: 'appsettings'
  properties: {
    // Host storage through the identity: blobs, queues and tables of this account (Durable task hub included).
    AzureWebJobsStorage__accountName: hostStorageName
    AzureWebJobsStorage__credential: 'managedidentity'
    AzureWebJobsStorage__clientId: identityClientId
    // Telemetry with Entra ID auth (the component has local auth disabled).
    APPLICATIONINSIGHTS_CONNECTION_STRING: appInsights.properties.ConnectionString
    APPLICATIONINSIGHTS_AUTHENTICATION_STRING: 'ClientId=${identityClientId};Authorization=AAD'
    // The host's own spans (the Durable extension's included) at most one trace every 50 s, as the worker's
    // (BackupTelemetry.SpansPerSecond): the Azure Monitor exporter the host uses reads these. The alerts read logs only.
    OTEL_TRACES_SAMPLER: 'microsoft.rate_limited'
    OTEL_TRACES_SAMPLER_ARG: '0.02'
    // APS: the operator's app and account; the secret never leaves Key Vault.
    Aps__AccountId: apsAccountId
    Aps__ClientId: apsClientId
    Aps__ClientSecret: '@Microsoft.KeyVault(SecretUri=${apsClientSecretUri})'
    // Quotas are per APS app, not per instance: every instance takes from one budget kept in the backup container
    // ($acc-backup/quota/), so all of them together stay within this share however far the app scales out.
    Aps__Quota__Scope: 'Shared'
    Aps__Quota__Share: apsQuotaShare
    // ACC Issues through a Secure Service Account (user context); all empty = files only, said once per run.
    Issues__ServiceAccountId: issuesServiceAccountId
    Issues__KeyId: issuesKeyId
    Issues__PrivateKey: empty(issuesServiceAccountId) ? '' : '@Microsoft.KeyVault(SecretUri=${issuesPrivateKeyUri})'
    // Backup storage through the identity (never a connection string): only the backup container is granted.
    BackupStorage__ServiceUri: backupServiceUri
    BackupStorage__ManagedIdentityClientId: identityClientId
    BackupStorage__ContainerName: backupContainerName
    BackupStorage__StateContainerName: backupStateContainerName
    // A run fails rather than writing into a backup container without the retention the deployment gave it.
    BackupStorage__ImmutabilityDays: string(backupImmutabilityDays)
    // What a run covers and when it runs.
    Backup__Schedule: backupSchedule
    Backup__IncludeProjects: backupIncludeProjects
    Backup__ExcludeProjects: backupExcludeProjects
    Backup__Versions: backupVersions
    // Which parts of each project's record are kept besides the files; an unknown name stops the app's start, naming the setting.
    Backup__Modules: backupModules
  }
}

// No publishing with user names and passwords: azd deploys with an Entra ID token.
resource ftpBasicAuth 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01' = {
  parent: site
  name: 'ftp'
  properties: {
    allow: false
  }
}

resource scmBasicAuth 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01' = {
  parent: site
  name: 'scm'
  properties: {
    allow: false
  }
}

output name string = site.name
output id string = site.id
output url string = 'https://${site.properties.defaultHostName}'
