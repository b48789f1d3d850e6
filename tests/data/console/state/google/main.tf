terraform {
  required_providers {
    google = {
      source  = "hashicorp/google"
      version = "~> 6.20"
    }
  }
}

provider "google" {
  project = "atlas-stage-4711"
  region  = "europe-west3"
}

resource "google_compute_network" "vpc" {
  name                    = "atlas-vpc"
  auto_create_subnetworks = false
  mtu                     = 1460
}

resource "google_compute_instance" "vm" {
  count        = 2
  name         = "atlas-vm-${count.index}"
  machine_type = count.index == 0 ? "e2-standard-2" : "e2-medium"
  zone         = "europe-west3-b"
  tags         = count.index == 0 ? ["http-server", "atlas"] : ["atlas"]

  deletion_protection = count.index == 0

  labels = {
    env  = "stage"
    role = count.index == 0 ? "web" : "worker"
  }

  metadata = {
    enable-oslogin = "TRUE"
    ssh-keys       = "deploy:ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEXAMPLE${count.index} deploy"
  }

  metadata_startup_script = count.index == 0 ? "#!/bin/bash\necho \"hello from $${HOSTNAME}\" > /var/tmp/boot\n" : null

  boot_disk {
    disk_encryption_key_raw = count.index == 0 ? "SGVsbG8gZnJvbSBHb29nbGUgQ2xvdWQgUGxhdGZvcm0=" : null
    initialize_params {
      image = "debian-cloud/debian-12"
      size  = 20 + 30 * count.index
      type  = "pd-balanced"
    }
  }

  network_interface {
    network    = google_compute_network.vpc.self_link
    subnetwork = "atlas-sub"
    dynamic "access_config" {
      for_each = count.index == 0 ? [1] : []
      content {
        network_tier = "PREMIUM"
      }
    }
  }

  scheduling {
    automatic_restart   = count.index == 0
    on_host_maintenance = count.index == 0 ? "MIGRATE" : "TERMINATE"
    preemptible         = count.index == 1
    provisioning_model  = count.index == 0 ? "STANDARD" : "SPOT"
  }

  service_account {
    email  = "atlas-vm@atlas-stage-4711.iam.gserviceaccount.com"
    scopes = ["cloud-platform", "userinfo-email"]
  }

  shielded_instance_config {
    enable_secure_boot = count.index == 0
  }
}

resource "google_storage_bucket" "b" {
  for_each                    = { artifacts = "STANDARD", scratch = "NEARLINE" }
  name                        = "atlas-stage-4711-${each.key}"
  location                    = "EUROPE-WEST3"
  storage_class               = each.value
  force_destroy               = each.key == "scratch"
  uniform_bucket_level_access = true
  labels = {
    purpose = each.key
  }
  versioning {
    enabled = each.key == "artifacts"
  }
  dynamic "lifecycle_rule" {
    for_each = each.key == "scratch" ? [30] : []
    content {
      action {
        type = "Delete"
      }
      condition {
        age = lifecycle_rule.value
      }
    }
  }
}

output "vm_ips" {
  value = local.vm_ips
}
