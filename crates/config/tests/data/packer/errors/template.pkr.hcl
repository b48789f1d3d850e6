variable "image" {
  type    = string
  default = "ubuntu"

  validation {
    condition     = startswith(var.image, "debian")
    error_message = "The image must be a Debian one."
  }
}

locals {
  greeting = "hello"
}

# `greeting` defined again, as a single local block.
local "greeting" {
  expression = "hi"
}

source "docker" "ubuntu" {
  image = "ubuntu:22.04"
}

source "docker" "ubuntu" {
  image = "ubuntu:24.04"
}

source "null" "example" {
  communicator = "none"
}

build {
  sources = [
    "source.docker.ubunty",
    "source.qemu.nothing",
  ]

  # The build's source block may only add arguments.
  source "source.docker.ubuntu" {
    image = "debian:12"
  }
}
