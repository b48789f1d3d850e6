variable "settings" {
  default = [
    { namespace = "aws:ec2", name = "InstanceType", value = "t2.micro" },
    { namespace = "aws:asg", name = "MinSize", value = "1" },
  ]
}

variable "rules" {
  default = {
    http  = { port = 80, cidrs = ["0.0.0.0/0"] }
    https = { port = 443, cidrs = ["10.0.0.0/8", "192.168.0.0/16"] }
  }
}

resource "aws_elastic_beanstalk_environment" "env" {
  name = "env"

  dynamic "setting" {
    for_each = var.settings
    content {
      namespace = setting.value.namespace
      name      = setting.value.name
      value     = setting.value.value
    }
  }
}

resource "aws_security_group" "sg" {
  name = "sg"

  dynamic "ingress" {
    for_each = var.rules
    iterator = rule
    content {
      description = rule.key
      from_port   = rule.value.port

      dynamic "cidr" {
        for_each = rule.value.cidrs
        content {
          block  = cidr.value
          index  = cidr.key
          parent = rule.key
        }
      }
    }
  }

  dynamic "egress" {
    for_each = aws_elastic_beanstalk_environment.env.id == "" ? [] : [1]
    content {
      from_port = 0
    }
  }
}

resource "labelled" "x" {
  dynamic "thing" {
    for_each = ["a", "b"]
    labels   = ["label-${thing.value}"]
    content {
      n = thing.key
    }
  }
}

output "setting_names" {
  value = aws_elastic_beanstalk_environment.env.setting[*].name
}
