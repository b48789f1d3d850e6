# The 表达式 chapter's amazon-ebs example: a literal tag block and one tag
# block per element of local.standard_tags from a dynamic block.
packer {
  required_plugins {
    amazon = {
      version = ">= 1.2.0"
      source  = "github.com/hashicorp/amazon"
    }
  }
}

locals {
  standard_tags = {
    Component   = "user-service"
    Environment = "production"
  }
}

source "amazon-ebs" "example" {
  name          = "pkr-test-name"
  instance_type = "t2.micro"
  region        = "us-east-1"
  ssh_username  = "ubuntu"

  tag {
    key   = "Name"
    value = "example-asg-name"
  }

  dynamic "tag" {
    for_each = local.standard_tags

    content {
      key   = tag.key
      value = tag.value
    }
  }
}

data "amazon-ami" "ubuntu" {
  filters = {
    name = "ubuntu/images/*ubuntu-jammy-22.04-amd64-server-*"
  }
  owners      = ["099720109477"]
  most_recent = true
}

build {
  name    = "web"
  sources = ["source.amazon-ebs.example"]

  provisioner "shell" {
    inline = [
      "echo building ${source.type}.${source.name} in ${build.name}",
      "echo instance ${build.ID}",
    ]
  }

  post-processor "manifest" {
    output = "manifest-${source.name}.json"
  }
}
