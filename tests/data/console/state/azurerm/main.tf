terraform {
  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "~> 4.20"
    }
  }
}

provider "azurerm" {
  features {}
  subscription_id = "00000000-1111-2222-3333-444444444444"
}

resource "azurerm_resource_group" "main" {
  name     = "rg-atlas-stage"
  location = "westeurope"
  tags = {
    env         = "stage"
    cost-center = "4711"
  }
}

resource "azurerm_subnet" "aks" {
  count                = 2
  name                 = "snet-aks-${count.index}"
  resource_group_name  = azurerm_resource_group.main.name
  virtual_network_name = "vnet-atlas"
  address_prefixes     = ["10.30.${count.index}.0/24"]
  service_endpoints    = count.index == 0 ? ["Microsoft.Storage", "Microsoft.KeyVault"] : []

  dynamic "delegation" {
    for_each = count.index == 1 ? ["aci"] : []
    content {
      name = delegation.value
      service_delegation {
        name    = "Microsoft.ContainerInstance/containerGroups"
        actions = ["Microsoft.Network/virtualNetworks/subnets/action"]
      }
    }
  }
}

resource "azurerm_kubernetes_cluster" "aks" {
  name                = "aks-atlas"
  location            = azurerm_resource_group.main.location
  resource_group_name = azurerm_resource_group.main.name
  dns_prefix          = "atlas"
  kubernetes_version  = "1.31.5"
  oidc_issuer_enabled = true

  default_node_pool {
    name                 = "system"
    vm_size              = "Standard_D4s_v5"
    auto_scaling_enabled = true
    min_count            = 1
    max_count            = 5
    zones                = ["1", "2", "3"]
    vnet_subnet_id       = azurerm_subnet.aks[0].id
    node_labels = {
      pool = "system"
    }
    upgrade_settings {
      max_surge = "10%"
    }
  }

  identity {
    type = "SystemAssigned"
  }

  network_profile {
    network_plugin    = "azure"
    load_balancer_sku = "standard"
    outbound_type     = "loadBalancer"
  }

  tags = {
    env   = "stage"
    owner = "platform"
  }
}

output "kube_config" {
  value     = azurerm_kubernetes_cluster.aks.kube_config_raw
  sensitive = true
}

output "cluster_fqdn" {
  value = azurerm_kubernetes_cluster.aks.fqdn
}
