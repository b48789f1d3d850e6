source "amazon-ebs" "base" {
  region        = var.region
  instance_type = var.instance_type
  volume_size   = local.volume_size
}

source "docker" "ubuntu" {
  image  = "ubuntu:22.04"
  commit = true
}

build {
  name        = "images"
  description = "the ${local.image_name} images"

  sources = ["docker.ubuntu"]

  # Adds arguments the source leaves unset, and names this run.
  source "source.amazon-ebs.base" {
    name     = "east"
    ami_name = "${local.image_name}-${source.name}"
    subnets  = local.zone_names
  }

  provisioner "shell" {
    only   = ["amazon-ebs.east"]
    inline = ["echo ${source.type} ${source.name} for ${var.owner}"]
  }

  # One provisioner per zone, for each source.
  dynamic "provisioner" {
    for_each = local.zone_names
    labels   = ["shell"]

    content {
      inline = ["echo zone ${provisioner.value} on ${source.name}"]
    }
  }

  provisioner "shell-local" {
    inline = ["echo ${build.name} ${build.PackerRunUUID}"]
  }

  post-processors {
    post-processor "manifest" {
      output = "${build.name}-${source.name}.json"
    }
    post-processor "checksum" {
      except          = ["docker.ubuntu"]
      checksum_types  = ["sha256"]
    }
  }
}
