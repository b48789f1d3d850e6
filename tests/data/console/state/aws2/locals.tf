locals {
  subnet_ids    = [for k, s in aws_subnet.private : s.id]
  subnet_by_az  = { for k, s in aws_subnet.private : s.availability_zone => s.cidr_block }
  ingress_ports = sort([for r in aws_security_group.app.ingress : tostring(r.from_port)])
  sg_cidrs      = flatten([for r in aws_security_group.app.ingress : r.cidr_blocks])
  bucket_sse    = aws_s3_bucket.logs.server_side_encryption_configuration[0].rule
  role_policies = aws_iam_role.lambda.managed_policy_arns
  assume        = jsondecode(data.aws_iam_policy_document.assume.json)
  key_pair      = { id = aws_iam_access_key.ci.id, secret = aws_iam_access_key.ci.secret }
}
