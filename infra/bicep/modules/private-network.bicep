// The private network option: a virtual network of its own with a subnet the Function App joins (Flex Consumption
// VNet integration) and a subnet of private endpoints, one per service the app reaches in this resource group, each
// with its name in a private DNS zone linked to the network. The services themselves disable public network access;
// APS and Application Insights stay on the internet, reached from the integration subnet.

@description('Name of the virtual network.')
param name string

@description('Azure region (the Function App\'s: VNet integration needs both in one region).')
param location string

@description('Tags for every resource.')
param tags object

@description('Address space of the virtual network; its first two /24 ranges become the app and endpoint subnets. Pick one that does not overlap a network you will peer it with.')
param addressSpace string

@description('The private endpoints: a name, the target resource id and its sub-resource (blob, queue, table or vault).')
param endpoints {
  name: string
  targetId: string
  groupId: 'blob' | 'queue' | 'table' | 'vault'
}[]

// The privatelink zone of each sub-resource, built from the cloud's own suffixes (Key Vault's zone is "vaultcore"
// where its host names are "vault").
var zoneNames = {
  blob: 'privatelink.blob.${environment().suffixes.storage}'
  queue: 'privatelink.queue.${environment().suffixes.storage}'
  table: 'privatelink.table.${environment().suffixes.storage}'
  vault: 'privatelink${replace(environment().suffixes.keyvaultDns, '.vault.', '.vaultcore.')}'
}
var groups = ['blob', 'queue', 'table', 'vault']

resource network 'Microsoft.Network/virtualNetworks@2024-05-01' = {
  name: name
  location: location
  tags: tags
  properties: {
    addressSpace: {
      addressPrefixes: [
        addressSpace
      ]
    }
    subnets: [
      {
        name: 'app'
        properties: {
          addressPrefix: cidrSubnet(addressSpace, 24, 0)
          // Flex Consumption integrates through a subnet delegated to Microsoft.App/environments, used by nothing else.
          delegations: [
            {
              name: 'flex-consumption'
              properties: {
                serviceName: 'Microsoft.App/environments'
              }
            }
          ]
        }
      }
      {
        name: 'private-endpoints'
        properties: {
          addressPrefix: cidrSubnet(addressSpace, 24, 1)
        }
      }
    ]
  }
}

resource zones 'Microsoft.Network/privateDnsZones@2020-06-01' = [
  for group in groups: {
    name: zoneNames[group]
    // DNS zones are global resources.
    location: 'global'
    tags: tags
  }
]

// Names in the zones resolve for whatever runs in this network (the app); a person restoring from a peered network
// or a VPN links the zones to theirs, or uses their own DNS forwarding.
resource links 'Microsoft.Network/privateDnsZones/virtualNetworkLinks@2020-06-01' = [
  for (group, i) in groups: {
    parent: zones[i]
    name: name
    location: 'global'
    tags: tags
    properties: {
      registrationEnabled: false
      virtualNetwork: {
        id: network.id
      }
    }
  }
]

resource privateEndpoints 'Microsoft.Network/privateEndpoints@2024-05-01' = [
  for endpoint in endpoints: {
    name: endpoint.name
    location: location
    tags: tags
    properties: {
      subnet: {
        id: '${network.id}/subnets/private-endpoints'
      }
      privateLinkServiceConnections: [
        {
          name: endpoint.name
          properties: {
            privateLinkServiceId: endpoint.targetId
            groupIds: [
              endpoint.groupId
            ]
          }
        }
      ]
    }
  }
]

// Each endpoint writes its A record into its sub-resource's zone, and removes it when the endpoint goes.
resource dnsGroups 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups@2024-05-01' = [
  for (endpoint, i) in endpoints: {
    parent: privateEndpoints[i]
    name: 'default'
    properties: {
      privateDnsZoneConfigs: [
        {
          name: endpoint.groupId
          properties: {
            privateDnsZoneId: zones[indexOf(groups, endpoint.groupId)].id
          }
        }
      ]
    }
  }
]

output id string = network.id
output appSubnetId string = '${network.id}/subnets/app'
