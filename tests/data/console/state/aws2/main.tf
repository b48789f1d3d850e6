data "aws_iam_policy_document" "assume" {
  statement {
    effect  = "Allow"
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["lambda.amazonaws.com"]
    }
  }
}

resource "aws_security_group" "app" {
  name        = "atlas-app"
  description = "App tier"
  vpc_id      = "vpc-0a1b2c3d4e5f60718"

  ingress {
    description = "HTTPS"
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0", "10.0.0.0/8"]
  }
  ingress {
    description     = "from lb"
    from_port       = 8080
    to_port         = 8090
    protocol        = "tcp"
    security_groups = ["sg-0lb000000000000aa"]
  }
  ingress {
    description = "self"
    from_port   = 0
    to_port     = 65535
    protocol    = "tcp"
    self        = true
  }
  egress {
    from_port        = 0
    to_port          = 0
    protocol         = "-1"
    cidr_blocks      = ["0.0.0.0/0"]
    ipv6_cidr_blocks = ["::/0"]
  }
  tags = {
    Name = "atlas-app"
  }
}

resource "aws_s3_bucket" "logs" {
  bucket        = "atlas-stage-logs"
  force_destroy = true
  tags = {
    Name = "logs"
  }
}

resource "aws_iam_role" "lambda" {
  name               = "atlas-lambda"
  assume_role_policy = data.aws_iam_policy_document.assume.minified_json
  managed_policy_arns = [
    "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
    "arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess",
  ]
  inline_policy {
    name   = "read-logs"
    policy = jsonencode({ Version = "2012-10-17", Statement = [{ Effect = "Allow", Action = "logs:Get*", Resource = "*" }] })
  }
}

resource "aws_iam_access_key" "ci" {
  user = "ci-bot"
}

resource "aws_subnet" "private" {
  for_each          = { a = 0, b = 1, c = 2 }
  vpc_id            = "vpc-0a1b2c3d4e5f60718"
  availability_zone = "eu-central-1${each.key}"
  cidr_block        = cidrsubnet("10.20.0.0/16", 4, each.value)
  tags = {
    Name = "private-eu-central-1${each.key}"
    Tier = "private"
  }
}

output "role_arn" {
  value = aws_iam_role.lambda.arn
}

output "ci_secret" {
  value     = aws_iam_access_key.ci.secret
  sensitive = true
}
