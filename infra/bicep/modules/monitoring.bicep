// Log Analytics + workspace-based Application Insights with local (instrumentation key) auth turned off: only
// telemetry sent with an Entra token is accepted, so the app's identity gets Monitoring Metrics Publisher here.

@description('Name of the Log Analytics workspace.')
param logAnalyticsName string

@description('Name of the Application Insights component.')
param appInsightsName string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

@description('Days Log Analytics keeps data (30 is included in the ingestion price).')
@minValue(30)
@maxValue(730)
param retentionInDays int

@description('Principal id of the Function App identity that sends telemetry.')
param appPrincipalId string

// Built-in role: Monitoring Metrics Publisher (send telemetry to a component whose local auth is disabled).
var monitoringMetricsPublisher = '3913510d-42f4-4e42-8a64-420c390055eb'

resource workspace 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {
  name: logAnalyticsName
  location: location
  tags: tags
  properties: {
    sku: {
      name: 'PerGB2018'
    }
    retentionInDays: retentionInDays
  }
}

resource appInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: appInsightsName
  location: location
  tags: tags
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: workspace.id
    // Workspace-based: the data lives in the Log Analytics workspace above (classic storage is retired).
    IngestionMode: 'LogAnalytics'
    // No instrumentation-key ingestion: the app authenticates with APPLICATIONINSIGHTS_AUTHENTICATION_STRING.
    DisableLocalAuth: true
  }
}

resource publisher 'Microsoft.Authorization/roleAssignments@2022-04-01' = {
  name: guid(appInsights.id, appPrincipalId, monitoringMetricsPublisher)
  scope: appInsights
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', monitoringMetricsPublisher)
    principalId: appPrincipalId
    // Stated so the assignment does not wait for the new identity to replicate through Entra ID.
    principalType: 'ServicePrincipal'
  }
}

output appInsightsName string = appInsights.name
output appInsightsId string = appInsights.id
output workspaceId string = workspace.id
