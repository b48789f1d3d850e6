locals {
  image_name = "${var.ami_prefix}-${var.region}"
  zone_names = [for z in var.zones : "${var.region}${z}"]
}

local "secret_path" {
  expression = "/secrets/${var.password}"
  sensitive  = true
}

local "volume_size" {
  expression = var.disk_size * 2
}
