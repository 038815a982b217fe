// An Azure Monitor workbook of recent backup runs, read from the run-summary trace (log contract:
// infra/bicep/README.md): status, duration, bytes, files copied/unchanged/failed and size mismatches per run.

@description('Display name of the workbook in the portal.')
param displayName string

@description('Azure region.')
param location string

@description('Tags for every resource.')
param tags object

@description('Resource id of the Application Insights component the queries run against.')
param appInsightsId string

// The contract's parser, shared with the alert rules: every item below reads its typed columns, never a raw
// customDimension.
var runs = loadTextContent('../queries/backup-runs.kql')

// Every query covers the last 30 days.
var last30Days = {
  durationMs: 2592000000
}

// One KQL item of the workbook's schema (Notebook/1.0, KqlItem/1.0) against the component.
func kqlItem(title string, query string, visualization string, timeContext object) object => {
  type: 3
  content: {
    version: 'KqlItem/1.0'
    title: title
    query: query
    size: 0
    timeContext: timeContext
    queryType: 0
    resourceType: 'microsoft.insights/components'
    visualization: visualization
  }
}

var workbook = {
  version: 'Notebook/1.0'
  items: [
    {
      type: 1
      content: {
        json: '## ACC backup runs\nOne row per finished run, from the run-summary log (`Backup run {RunId} finished: ...`). A run that fails or leaves files behind also raises the alert **ACC backup: run failed or left files behind**. Per-file details are in the run\'s manifest: `$acc-backup/runs/{RunId}/manifest.csv` in the backup container.'
      }
    }
    kqlItem('Recent runs', '${runs}\n| extend Duration = format_timespan(totimespan(DurationSeconds * 1s), "d.hh:mm:ss"), GiB = round(Bytes / 1073741824.0, 2)\n| project timestamp, RunId, Status, Duration, Projects, Files, GiB, Copied, Unchanged, NoContent, Planned, Failed, FailedProjects, SizeMismatches, NewSizeMismatches, Issues, IssuesFailedProjects, IssueAttachmentFailures, IssuesVanished, ModuleGaps, ContainerProblem\n| order by timestamp desc\n| take 100', 'table', last30Days)
    kqlItem('Duration (minutes)', '${runs}\n| project timestamp, Minutes = round(DurationSeconds / 60.0, 1)\n| order by timestamp asc', 'timechart', last30Days)
    kqlItem('Files per run', '${runs}\n| project timestamp, Copied, Unchanged, Failed\n| order by timestamp asc', 'barchart', last30Days)
    kqlItem('Backup size (GiB)', '${runs}\n| project timestamp, GiB = round(Bytes / 1073741824.0, 2)\n| order by timestamp asc', 'timechart', last30Days)
    kqlItem('Runs with problems', '${runs}\n| where Status != "Succeeded" or Failed > 0 or FailedProjects > 0 or NewSizeMismatches > 0 or IssuesFailedProjects > 0 or IssueAttachmentFailures > 0 or ModuleGaps > 0 or isnotempty(ContainerProblem)\n| project timestamp, RunId, Status, ContainerProblem, Failed, FailedProjects, SizeMismatches, NewSizeMismatches, IssuesFailedProjects, IssueAttachmentFailures, ModuleGaps\n| order by timestamp desc', 'table', last30Days)
  ]
  isLocked: false
  fallbackResourceIds: [
    appInsightsId
  ]
}

resource runsWorkbook 'Microsoft.Insights/workbooks@2023-06-01' = {
  // A workbook's name must be a GUID; stable per resource group so redeploying updates it in place.
  name: guid(resourceGroup().id, 'acc-backup-runs')
  location: location
  tags: tags
  // Shared: visible to everyone with read access to the resource group, not just the deployer.
  kind: 'shared'
  properties: {
    displayName: displayName
    category: 'workbook'
    // Pins the workbook to the component: it appears under Application Insights > Workbooks (the portal matches
    // resource ids in lower case).
    sourceId: toLower(appInsightsId)
    serializedData: string(workbook)
  }
}

output id string = runsWorkbook.id
