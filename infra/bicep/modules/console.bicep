// The backup console in Azure (src/Console, served by the Function App at /api/console/): who may open it, and the one
// extra right its downloads need.
//
// Who: App Service authentication (Easy Auth) with Microsoft Entra ID in front of the whole app. Every request without a
// signed-in user is refused (browsers are sent to sign in; script requests get 401) before it reaches the app, except the
// function-key API (/api/backups), whose callers are scripts and the portal. Only users or groups assigned the app role
// Console.Reader on the console's app registration get in: the registration requires assignment (set up in
// infra/bicep/README.md), and the app checks the role claim again on every console request. Planning and applying a
// restore into ACC (the console's only POSTs, under /api/console/data/restores) also need the app role Console.Restorer. Function keys are never
// handed to a browser: the console's own function is anonymous behind this authentication.
//
// Downloads: the console hands out a read link to one stored version, signed with a user delegation key (Entra ID, never
// the account key) and valid for 5 minutes. Asking for the key is an account-level action: the app's identity gets
// Storage Blob Delegator on the backup account, which allows nothing else (reading stays limited to what its container
// roles allow).

@description('Name of the Function App.')
param functionAppName string

@description('Name of the backup storage account.')
param backupStorageName string

@description('Principal id of the app\'s user-assigned identity.')
param appPrincipalId string

@description('Application (client) id of the console\'s Entra ID app registration. Empty: authentication is still required, but no one can sign in, so the console refuses everyone until it is set.')
param consoleClientId string

resource site 'Microsoft.Web/sites@2024-11-01' existing = {
  name: functionAppName
}

resource backupStorage 'Microsoft.Storage/storageAccounts@2024-01-01' existing = {
  name: backupStorageName
}

resource authentication 'Microsoft.Web/sites/config@2024-11-01' = {
  parent: site
  name: 'authsettingsV2'
  properties: {
    platform: {
      enabled: true
    }
    globalValidation: {
      requireAuthentication: true
      // A browser is sent to sign in; a script (X-Requested-With, as the console's own requests send it) gets 401.
      unauthenticatedClientAction: 'RedirectToLoginPage'
      redirectToProvider: 'azureactivedirectory'
      // The function-key API keeps its keys; everything else (the console and its data) needs a signed-in user.
      excludedPaths: [
        '/api/backups'
        '/api/backups/*'
      ]
    }
    identityProviders: {
      azureActiveDirectory: {
        enabled: !empty(consoleClientId)
        registration: {
          clientId: consoleClientId
          openIdIssuer: '${environment().authentication.loginEndpoint}${tenant().tenantId}/v2.0'
        }
        validation: {
          allowedAudiences: empty(consoleClientId) ? [] : [
            consoleClientId
            'api://${consoleClientId}'
          ]
        }
      }
    }
    login: {
      // No tokens kept by the platform: the console calls nothing on the user's behalf.
      tokenStore: {
        enabled: false
      }
    }
    httpSettings: {
      requireHttps: true
    }
  }
}

// Storage Blob Delegator: get a user delegation key, nothing else.
var blobDelegator = subscriptionResourceId('Microsoft.Authorization/roleDefinitions', 'db58b8e5-c6ad-4a2a-8342-4190687cbf4a')

resource delegator 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(backupStorage.id, appPrincipalId, blobDelegator)
  scope: backupStorage
  properties: {
    roleDefinitionId: blobDelegator
    principalId: appPrincipalId
    principalType: 'ServicePrincipal'
    description: 'The backup console signs 5-minute download links with a user delegation key (no account key).'
  }
}

output consoleUrl string = 'https://${site.properties.defaultHostName}/api/console/'
