// Key Vault in RBAC mode holding the APS client secret. The app reads it through a Key Vault reference in its
// Aps__ClientSecret setting, resolved by the platform with the user-assigned identity (Key Vault Secrets User).

@description('Name of the vault (3-24 letters, digits and hyphens, globally unique).')
param name string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

@description('Name of the secret that holds the APS client secret.')
param secretName string

@secure()
@description('The APS client secret. Empty: the secret is not written here (set it later with az keyvault secret set), and an existing value is kept.')
param apsClientSecret string

@description('Name of the secret that holds the Secure Service Account\'s private key (ACC Issues).')
param issuesPrivateKeySecretName string

@secure()
@description('The Secure Service Account\'s private key, PEM. Empty: the secret is not written here (set it later with az keyvault secret set), and an existing value is kept.')
param issuesPrivateKey string

@description('Principal id of the Function App identity (reads the secret).')
param appPrincipalId string

@description('Principal id of the person or pipeline deploying (may set the secret); empty = none.')
param deployerPrincipalId string

@description('Type of the deployer principal.')
@allowed([
  'User'
  'ServicePrincipal'
  'Group'
])
param deployerPrincipalType string

@description('Turn on purge protection with 90 days of soft delete: deleted secrets and the vault itself can\'t be purged before the retention ends. Irreversible.')
param purgeProtection bool

@description('Resource id of the Log Analytics workspace that receives the vault\'s audit log.')
param workspaceId string

@description('Reach the vault through its private endpoint only (public network access disabled).')
param privateNetwork bool

// Built-in roles: Key Vault Secrets User (read secret values), Key Vault Secrets Officer (manage secrets).
var secretsUser = '4633458b-17de-408a-b874-0445c86b69e6'
var secretsOfficer = 'b86a8fe4-44ce-4948-aee5-eccb2c155cd7'

resource vault 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: name
  location: location
  tags: tags
  properties: {
    tenantId: subscription().tenantId
    sku: {
      family: 'A'
      name: 'standard'
    }
    // Azure RBAC decides who reads secrets (no access policies).
    enableRbacAuthorization: true
    // Deleted secrets stay recoverable for this many days: the longest with purge protection (production), a week for
    // a trial vault. Azure fixes it when the vault is created: choose production before the first deployment.
    enableSoftDelete: true
    softDeleteRetentionInDays: purgeProtection ? 90 : 7
    // Only 'true' is a valid value once set; omitted (null) leaves it off so azd down can purge a trial vault.
    enablePurgeProtection: purgeProtection ? true : null
    // With the private network only through its private endpoint (private-network.bicep); otherwise over the public
    // endpoint, where RBAC is the gate. Secrets set by this template travel through Resource Manager either way.
    publicNetworkAccess: privateNetwork ? 'Disabled' : 'Enabled'
  }
}

resource secret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(apsClientSecret)) {
  parent: vault
  name: secretName
  properties: {
    value: apsClientSecret
    contentType: 'APS client secret (Aps__ClientSecret)'
  }
}

resource issuesKey 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = if (!empty(issuesPrivateKey)) {
  parent: vault
  name: issuesPrivateKeySecretName
  properties: {
    value: issuesPrivateKey
    contentType: 'Secure Service Account private key, PEM (Issues__PrivateKey)'
  }
}

resource appReadsSecrets 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(vault.id, appPrincipalId, secretsUser)
  // The vault holds nothing but this app's secret; the vault scope also covers a secret set after deployment.
  scope: vault
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', secretsUser)
    principalId: appPrincipalId
    principalType: 'ServicePrincipal'
    description: 'Key Vault Secrets User for the ACC backup Function App (Key Vault reference of Aps__ClientSecret).'
  }
}

resource deployerSetsSecrets 'Microsoft.Authorization/roleAssignments@2022-04-01' = if (!empty(deployerPrincipalId)) {
  name: guid(vault.id, deployerPrincipalId, secretsOfficer)
  scope: vault
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', secretsOfficer)
    principalId: deployerPrincipalId
    principalType: deployerPrincipalType
    description: 'Key Vault Secrets Officer for the deployer, to set or rotate the APS client secret.'
  }
}

// The vault's audit trail: every secret read, set or deleted and every access refused, by whom, into Log Analytics
// (AzureDiagnostics, category AuditEvent).
resource audit 'Microsoft.Insights/diagnosticSettings@2021-05-01-preview' = {
  name: 'key-vault-audit'
  scope: vault
  properties: {
    workspaceId: workspaceId
    logs: [
      {
        category: 'AuditEvent'
        enabled: true
      }
    ]
  }
}

output name string = vault.name
output id string = vault.id
// No version in the URI: the reference follows the latest version, so a rotated secret needs no redeploy.
output secretUri string = '${vault.properties.vaultUri}secrets/${secretName}'
output issuesPrivateKeyUri string = '${vault.properties.vaultUri}secrets/${issuesPrivateKeySecretName}'
