locals {
  kube_host       = azurerm_kubernetes_cluster.aks.kube_config[0].host
  node_pool       = azurerm_kubernetes_cluster.aks.default_node_pool[0]
  subnet_prefixes = flatten(azurerm_subnet.aks[*].address_prefixes)
  delegations     = [for s in azurerm_subnet.aks : length(s.delegation)]
  rg_tags         = merge(azurerm_resource_group.main.tags, { extra = "x" })
}
