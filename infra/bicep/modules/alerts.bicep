// Log alerts on the run-summary trace (log contract: infra/bicep/README.md): one fires when a run fails or finishes
// with failed files, failed projects or size mismatches; the other when no run has finished for too long, because
// a nightly backup that silently stops is the failure nobody notices.

@description('Prefix of the alert rule names.')
param namePrefix string

@description('Azure region of the alert rules (the component\'s).')
param location string

@description('Tags for every resource.')
param tags object

@description('Resource id of the Application Insights component the rules query.')
param appInsightsId string

@description('E-mail address notified when an alert fires; empty = no action group (alerts still show in the portal).')
param alertEmail string

@description('Hours without a finished run before the missed-run alert fires; 0 = no missed-run alert. At most 48 (the query looks back two days).')
@minValue(0)
@maxValue(48)
param missedRunHours int

// The contract's parser, shared with the workbook: one row per finished run with typed columns, read from the
// customDimensions the worker's exporter sends (the template's placeholders by name). The conditions below use only
// those columns, never a raw dimension (tests/Functions.Tests/Telemetry evaluates them on exported telemetry).
var runs = loadTextContent('../queries/backup-runs.kql')
var problemRunsQuery = '${runs}\n| where Status == "Failed" or Failed > 0 or FailedProjects > 0 or NewSizeMismatches > 0 or IssuesFailedProjects > 0 or IssueAttachmentFailures > 0 or ModuleGaps > 0 or isnotempty(ContainerProblem)'
var finishedRunsQuery = '${runs}\n| where timestamp > ago(${missedRunHours}h)'
var actionGroupName = '${namePrefix}-operators'
// By resource id rather than through the conditional symbol, which may not exist.
var actionGroups = empty(alertEmail) ? [] : [resourceId('Microsoft.Insights/actionGroups', actionGroupName)]

resource actionGroup 'Microsoft.Insights/actionGroups@2023-01-01' = if (!empty(alertEmail)) {
  name: actionGroupName
  // Action groups are global resources.
  location: 'global'
  tags: tags
  properties: {
    // Shown as the sender of SMS/e-mail; at most 12 characters.
    groupShortName: 'accbackup'
    enabled: true
    emailReceivers: [
      {
        name: 'operator'
        emailAddress: alertEmail
        // The common schema gives every alert type the same payload, for whoever automates on it later.
        useCommonAlertSchema: true
      }
    ]
  }
}

resource problemRuns 'Microsoft.Insights/scheduledQueryRules@2023-12-01' = {
  name: '${namePrefix}-run-problems'
  location: location
  tags: tags
  kind: 'LogAlert'
  properties: {
    displayName: 'ACC backup: run failed or left files behind'
    description: 'A backup run finished with Status Failed, or with failed files, failed projects or size mismatches. The run\'s manifest ($acc-backup/runs/{RunId}/manifest.csv in the backup container) lists each file.'
    // 1 = Error: the backup is incomplete until someone looks.
    severity: 1
    enabled: true
    scopes: [
      appInsightsId
    ]
    // Checked every 15 minutes over the last hour: late-arriving telemetry is still seen, and a stateful alert
    // (autoMitigate) notifies once per problem run rather than once per evaluation.
    evaluationFrequency: 'PT15M'
    windowSize: 'PT1H'
    criteria: {
      allOf: [
        {
          query: problemRunsQuery
          timeAggregation: 'Count'
          operator: 'GreaterThan'
          threshold: 0
          failingPeriods: {
            numberOfEvaluationPeriods: 1
            minFailingPeriodsToAlert: 1
          }
        }
      ]
    }
    autoMitigate: true
    actions: {
      actionGroups: actionGroups
    }
  }
  dependsOn: [
    // Referenced by resource id above, so the dependency has to be stated.
    actionGroup
  ]
}

resource missedRuns 'Microsoft.Insights/scheduledQueryRules@2023-12-01' = if (missedRunHours > 0) {
  name: '${namePrefix}-no-recent-run'
  location: location
  tags: tags
  kind: 'LogAlert'
  properties: {
    displayName: 'ACC backup: no run finished recently'
    description: 'No backup run has finished in the last ${missedRunHours} hours: the schedule did not fire, a run is stuck, or the run-summary log is missing.'
    severity: 1
    enabled: true
    scopes: [
      appInsightsId
    ]
    evaluationFrequency: 'PT1H'
    windowSize: 'PT1H'
    // The query filters to the last missedRunHours itself; the rule must let it look back that far.
    overrideQueryTimeRange: 'P2D'
    criteria: {
      allOf: [
        {
          query: finishedRunsQuery
          timeAggregation: 'Count'
          // Zero finished runs in the period is the alert.
          operator: 'LessThan'
          threshold: 1
          failingPeriods: {
            numberOfEvaluationPeriods: 1
            minFailingPeriodsToAlert: 1
          }
        }
      ]
    }
    autoMitigate: true
    actions: {
      actionGroups: actionGroups
    }
  }
  dependsOn: [
    // Referenced by resource id above, so the dependency has to be stated.
    actionGroup
  ]
}

// The control-plane alerts (control-plane-alerts.bicep) notify the same operators.
output actionGroupIds string[] = actionGroups
