// The Functions runtime's own storage account (AzureWebJobsStorage): host keys and timer leases (blobs), the
// Durable Functions task hub on the Azure Storage backend (queues, tables, large payload blobs), and the Flex
// Consumption deployment package. It holds no backup data: that account is backup-storage.bicep.

@description('Name of the storage account (3-24 lowercase letters and digits).')
param name string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

@description('Container that receives the Flex Consumption deployment package.')
param deploymentContainerName string

@description('Principal id of the Function App identity.')
param appPrincipalId string

@description('Reach the account through private endpoints only (blob, queue, table; public network access disabled).')
param privateNetwork bool

// What the Functions host and Durable Functions (Azure Storage backend) need with an identity-based
// AzureWebJobsStorage, and nothing more (no Storage Account Contributor: that is only for blob triggers).
var hostRoles = [
  {
    // Host storage: the Functions docs' requirement for an identity-based AzureWebJobsStorage (keys, leases,
    // containers it creates itself) and the deployment package container.
    name: 'Storage Blob Data Owner'
    id: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b'
  }
  {
    // Durable task hub: control and work-item queues.
    name: 'Storage Queue Data Contributor'
    id: '974c5e8b-45b9-4653-ba55-5f855dd0fb88'
  }
  {
    // Durable task hub: History and Instances tables.
    name: 'Storage Table Data Contributor'
    id: '0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3'
  }
]

resource storage 'Microsoft.Storage/storageAccounts@2024-01-01' = {
  name: name
  location: location
  tags: tags
  kind: 'StorageV2'
  sku: {
    // Runtime state only, rebuilt by the next run if lost: locally redundant is enough.
    name: 'Standard_LRS'
  }
  properties: {
    accessTier: 'Hot'
    minimumTlsVersion: 'TLS1_2'
    supportsHttpsTrafficOnly: true
    // No anonymous reads of any container, ever.
    allowBlobPublicAccess: false
    // No account keys or SAS: the runtime authenticates with the managed identity (AzureWebJobsStorage__credential).
    allowSharedKeyAccess: false
    // The portal's storage browser uses Entra ID too, since keys are off.
    defaultToOAuthAuthentication: true
    allowCrossTenantReplication: false
    // With the private network the runtime reaches it only through its private endpoints (private-network.bicep);
    // otherwise over the public endpoint, where RBAC is the gate.
    publicNetworkAccess: privateNetwork ? 'Disabled' : 'Enabled'
  }
}

resource blobService 'Microsoft.Storage/storageAccounts/blobServices@2024-01-01' = {
  parent: storage
  name: 'default'
}

resource deploymentContainer 'Microsoft.Storage/storageAccounts/blobServices/containers@2024-01-01' = {
  parent: blobService
  name: deploymentContainerName
  properties: {
    publicAccess: 'None'
  }
}

resource roleAssignments 'Microsoft.Authorization/roleAssignments@2022-04-01' = [
  for role in hostRoles: {
    name: guid(storage.id, appPrincipalId, role.id)
    scope: storage
    properties: {
      roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', role.id)
      principalId: appPrincipalId
      principalType: 'ServicePrincipal'
      description: '${role.name} for the ACC backup Function App (host storage, Durable task hub).'
    }
  }
]

output name string = storage.name
output id string = storage.id
output blobEndpoint string = storage.properties.primaryEndpoints.blob
output deploymentContainerName string = deploymentContainer.name
