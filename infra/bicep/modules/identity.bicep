// The Function App's user-assigned managed identity: one identity for host storage, backup storage, Key Vault
// and Application Insights, so every grant is made (and can be audited) against a single principal that outlives
// the app itself.

@description('Name of the user-assigned managed identity.')
param name string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

resource identity 'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31' = {
  name: name
  location: location
  tags: tags
}

output id string = identity.id
output name string = identity.name
output principalId string = identity.properties.principalId
output clientId string = identity.properties.clientId
