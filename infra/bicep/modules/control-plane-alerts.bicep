// Activity-log alerts on the control-plane changes that could open the backup to deletion: who may do what (role
// assignments, the write-once role), what protects the blobs (retention policy, legal hold, resource lock), and the
// backup account's own settings (soft delete, versioning, lifecycle rules, network, the account itself). Each fires on
// a change that succeeded; a provision of this template makes some of these changes too, so an alert nobody can match
// to a provision of their own is the one to follow up (the activity log names the caller).

@description('Prefix of the alert rule names.')
param namePrefix string

@description('Tags for every resource.')
param tags object

@description('Resource id of the backup storage account.')
param backupAccountId string

@description('Resource id of the write-once role definition the app holds on the backup container.')
param writeOnceRoleId string

@description('Action groups notified (the operators\' e-mail); empty = the alerts show in the portal only.')
param actionGroupIds string[]

var rules = [
  {
    name: 'role-assignments'
    description: 'A role assignment was created or removed in the ACC backup resource group (its containers and storage accounts included): someone was given, or lost, access.'
    scope: resourceGroup().id
    resourceId: ''
    operations: [
      'Microsoft.Authorization/roleAssignments/write'
      'Microsoft.Authorization/roleAssignments/delete'
    ]
  }
  {
    // Role definitions live at the subscription, outside the resource group: this rule watches the one role.
    name: 'write-once-role'
    description: 'The write-once role of the ACC backup Function App was changed or deleted: check it still grants no delete.'
    scope: subscription().id
    resourceId: writeOnceRoleId
    operations: [
      'Microsoft.Authorization/roleDefinitions/write'
      'Microsoft.Authorization/roleDefinitions/delete'
    ]
  }
  {
    name: 'retention-or-lock'
    description: 'A retention (immutability) policy, legal hold or resource lock changed in the ACC backup resource group: what keeps the backup from being deleted changed.'
    scope: resourceGroup().id
    resourceId: ''
    operations: [
      'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies/write'
      'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies/delete'
      'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies/lock/action'
      'Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies/extend/action'
      'Microsoft.Storage/storageAccounts/blobServices/containers/setLegalHold/action'
      'Microsoft.Storage/storageAccounts/blobServices/containers/clearLegalHold/action'
      'Microsoft.Authorization/locks/write'
      'Microsoft.Authorization/locks/delete'
    ]
  }
  {
    name: 'backup-account-settings'
    description: 'The backup storage account, its blob service (soft delete, versioning), its lifecycle rules or a container was changed or deleted.'
    scope: backupAccountId
    resourceId: ''
    operations: [
      'Microsoft.Storage/storageAccounts/write'
      'Microsoft.Storage/storageAccounts/delete'
      'Microsoft.Storage/storageAccounts/blobServices/write'
      'Microsoft.Storage/storageAccounts/managementPolicies/write'
      'Microsoft.Storage/storageAccounts/managementPolicies/delete'
      'Microsoft.Storage/storageAccounts/blobServices/containers/write'
      'Microsoft.Storage/storageAccounts/blobServices/containers/delete'
    ]
  }
]

resource alerts 'Microsoft.Insights/activityLogAlerts@2020-10-01' = [
  for rule in rules: {
    name: '${namePrefix}-${rule.name}'
    // Activity-log alert rules are global resources.
    location: 'global'
    tags: tags
    properties: {
      description: rule.description
      enabled: true
      scopes: [
        rule.scope
      ]
      condition: {
        allOf: concat(
          [
            {
              field: 'category'
              equals: 'Administrative'
            }
            {
              // One notification per change: an operation also logs Started (and Accepted) events.
              field: 'status'
              equals: 'Succeeded'
            }
            {
              anyOf: map(rule.operations, operation => {
                field: 'operationName'
                equals: operation
              })
            }
          ],
          // Only the rule scoped wider than the resources it watches names one.
          empty(rule.resourceId) ? [] : [{ field: 'resourceId', equals: rule.resourceId }]
        )
      }
      actions: {
        actionGroups: map(actionGroupIds, id => { actionGroupId: id })
      }
    }
  }
]
