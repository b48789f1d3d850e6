"""Data of the hand-written provider fixtures: states (as Terraform 1.15 writes version 4), schemas (as
`terraform providers schema -json` writes), locals, and the case expressions."""
import json


def S(v, sens=False, computed=True, optional=False):
    a = {"type": v, "description_kind": "plain"}
    if optional:
        a["optional"] = True
    if computed:
        a["computed"] = True
    if sens:
        a["sensitive"] = True
    return a


def B(mode, attrs, blocks=None, max_items=None):
    b = {"nesting_mode": mode, "block": {"attributes": attrs, "description_kind": "plain"}}
    if blocks:
        b["block"]["block_types"] = blocks
    if max_items:
        b["max_items"] = max_items
    return b


def R(attrs, blocks=None, version=0):
    r = {"version": version, "block": {"attributes": attrs, "description_kind": "plain"}}
    if blocks:
        r["block"]["block_types"] = blocks
    return r


STR, NUM, BOOL = "string", "number", "bool"
LS, SS, MS = ["list", "string"], ["set", "string"], ["map", "string"]


def path(*steps):
    out = []
    for s in steps:
        if isinstance(s, str):
            out.append({"type": "get_attr", "value": s})
        elif isinstance(s, int):
            out.append({"type": "index", "value": {"value": s, "type": "number"}})
        else:  # ("key", "k")
            out.append({"type": "index", "value": {"value": s[1], "type": "string"}})
    return out


def inst(attrs, key=None, sens=(), schema_version=0, deps=None, private=None):
    i = {}
    if key is not None:
        i["index_key"] = key
    i["schema_version"] = schema_version
    i["attributes"] = attrs
    i["sensitive_attributes"] = [path(*p) for p in sens]
    i["identity_schema_version"] = 0
    if private:
        i["private"] = private
    if deps:
        i["dependencies"] = deps
    return i


def res(prov, type_, name, instances, mode="managed", module=None):
    r = {}
    if module:
        r["module"] = module
    r.update({"mode": mode, "type": type_, "name": name, "provider": f'provider["{prov}"]', "instances": instances})
    return r


def state(resources, outputs, serial, lineage):
    return {"version": 4, "terraform_version": "1.15.5", "serial": serial, "lineage": lineage,
            "outputs": outputs, "resources": resources, "check_results": None}


def schemas(prov, resources, data=None):
    return {"format_version": "1.0", "provider_schemas": {prov: {
        "provider": {"version": 0, "block": {"attributes": {}, "description_kind": "plain"}},
        "resource_schemas": resources, "data_source_schemas": data or {}}}}


TIMEOUTS = lambda *names: B("single", {n: S(STR, computed=False, optional=True) for n in names})

# ====================================================================== aws2
AWS = "registry.terraform.io/hashicorp/aws"
RULE = ["object", {"cidr_blocks": LS, "description": STR, "from_port": NUM, "ipv6_cidr_blocks": LS,
                   "prefix_list_ids": LS, "protocol": STR, "security_groups": SS, "self": BOOL, "to_port": NUM}]

aws_schemas = schemas(AWS, {
    "aws_security_group": R({
        "arn": S(STR), "description": S(STR, optional=True), "egress": S(["set", RULE], optional=True),
        "id": S(STR), "ingress": S(["set", RULE], optional=True), "name": S(STR, optional=True),
        "name_prefix": S(STR, optional=True), "owner_id": S(STR), "revoke_rules_on_delete": S(BOOL, optional=True),
        "tags": S(MS, optional=True, computed=False), "tags_all": S(MS), "vpc_id": S(STR, optional=True)},
        {"timeouts": TIMEOUTS("create", "delete")}, version=1),
    "aws_s3_bucket": R({
        "acceleration_status": S(STR), "acl": S(STR, optional=True), "arn": S(STR), "bucket": S(STR, optional=True),
        "bucket_domain_name": S(STR), "bucket_prefix": S(STR, optional=True),
        "bucket_regional_domain_name": S(STR), "force_destroy": S(BOOL, optional=True), "hosted_zone_id": S(STR),
        "id": S(STR), "object_lock_enabled": S(BOOL, optional=True), "policy": S(STR, optional=True),
        "region": S(STR), "request_payer": S(STR), "tags": S(MS, optional=True, computed=False), "tags_all": S(MS)},
        {"grant": B("set", {"id": S(STR, optional=True), "permissions": S(SS, optional=True),
                            "type": S(STR, optional=True), "uri": S(STR, optional=True)}),
         "lifecycle_rule": B("list", {"enabled": S(BOOL, optional=True), "id": S(STR, optional=True),
                                      "prefix": S(STR, optional=True), "tags": S(MS, optional=True)},
                             {"expiration": B("list", {"days": S(NUM, optional=True)}, max_items=1)}),
         "server_side_encryption_configuration": B("list", {}, {
             "rule": B("set", {"bucket_key_enabled": S(BOOL, optional=True)}, {
                 "apply_server_side_encryption_by_default": B("list", {
                     "kms_master_key_id": S(STR, optional=True), "sse_algorithm": S(STR, optional=True)},
                     max_items=1)})}, max_items=1),
         "versioning": B("list", {"enabled": S(BOOL, optional=True), "mfa_delete": S(BOOL, optional=True)},
                         max_items=1),
         "timeouts": TIMEOUTS("create", "delete", "read", "update")}),
    "aws_iam_role": R({
        "arn": S(STR), "assume_role_policy": S(STR, optional=True, computed=False), "create_date": S(STR),
        "description": S(STR, optional=True), "force_detach_policies": S(BOOL, optional=True), "id": S(STR),
        "managed_policy_arns": S(SS, optional=True), "max_session_duration": S(NUM, optional=True),
        "name": S(STR, optional=True), "name_prefix": S(STR, optional=True), "path": S(STR, optional=True),
        "permissions_boundary": S(STR, optional=True), "tags": S(MS, optional=True, computed=False),
        "tags_all": S(MS), "unique_id": S(STR)},
        {"inline_policy": B("set", {"name": S(STR, optional=True), "policy": S(STR, optional=True)})}),
    "aws_iam_access_key": R({
        "create_date": S(STR), "encrypted_secret": S(STR), "encrypted_ses_smtp_password_v4": S(STR),
        "id": S(STR), "key_fingerprint": S(STR), "pgp_key": S(STR, optional=True, computed=False),
        "secret": S(STR, sens=True), "ses_smtp_password_v4": S(STR, sens=True),
        "status": S(STR, optional=True), "user": S(STR, optional=True, computed=False)}),
    "aws_subnet": R({
        "arn": S(STR), "assign_ipv6_address_on_creation": S(BOOL, optional=True),
        "availability_zone": S(STR, optional=True), "availability_zone_id": S(STR),
        "cidr_block": S(STR, optional=True), "id": S(STR), "ipv6_cidr_block": S(STR, optional=True),
        "map_public_ip_on_launch": S(BOOL, optional=True), "owner_id": S(STR),
        "tags": S(MS, optional=True, computed=False), "tags_all": S(MS), "vpc_id": S(STR, optional=True, computed=False)},
        {"timeouts": TIMEOUTS("create", "delete")}, version=1),
}, {
    "aws_iam_policy_document": R({
        "id": S(STR), "json": S(STR), "minified_json": S(STR), "version": S(STR, optional=True)},
        {"statement": B("list", {"actions": S(SS, optional=True), "effect": S(STR, optional=True),
                                 "resources": S(SS, optional=True), "sid": S(STR, optional=True)},
                        {"principals": B("set", {"identifiers": S(SS, optional=True, computed=False),
                                                 "type": S(STR, optional=True, computed=False)})})}),
})

ASSUME_JSON = json.dumps({"Version": "2012-10-17", "Statement": [{"Sid": "", "Effect": "Allow", "Action": "sts:AssumeRole",
                          "Principal": {"Service": "lambda.amazonaws.com"}}]}, indent=2)
ASSUME_MIN = json.dumps(json.loads(ASSUME_JSON), separators=(",", ":"))
ACCT = "210987654321"
VPC = "vpc-0a1b2c3d4e5f60718"
TAGS = {"Project": "atlas", "Env": "stage"}


def rule(desc, fp, tp, proto, cidrs=(), sgs=(), self_=False, v6=()):
    return {"cidr_blocks": list(cidrs), "description": desc, "from_port": fp, "ipv6_cidr_blocks": list(v6),
            "prefix_list_ids": [], "protocol": proto, "security_groups": list(sgs), "self": self_, "to_port": tp}


def subnet(az, idx, cidr):
    sid = f"subnet-0{idx}f3e2d1c0b9a8776"
    return {"arn": f"arn:aws:ec2:eu-central-1:{ACCT}:subnet/{sid}", "assign_ipv6_address_on_creation": False,
            "availability_zone": az, "availability_zone_id": f"euc1-az{idx + 1}", "cidr_block": cidr, "id": sid,
            "ipv6_cidr_block": "", "map_public_ip_on_launch": False, "owner_id": ACCT,
            "tags": {"Name": f"private-{az}", "Tier": "private"},
            "tags_all": {"Name": f"private-{az}", "Tier": "private", **TAGS}, "timeouts": None, "vpc_id": VPC}


aws_state = state([
    res(AWS, "aws_iam_policy_document", "assume", [inst({
        "id": "2690255455", "json": ASSUME_JSON, "minified_json": ASSUME_MIN, "version": "2012-10-17",
        "statement": [{"actions": ["sts:AssumeRole"], "effect": "Allow", "resources": [], "sid": "",
                       "principals": [{"identifiers": ["lambda.amazonaws.com"], "type": "Service"}]}]})],
        mode="data"),
    res(AWS, "aws_iam_access_key", "ci", [inst({
        "create_date": "2025-03-14T09:26:53Z", "encrypted_secret": None, "encrypted_ses_smtp_password_v4": None,
        "id": "AKIATESTKEY0EXAMPLE7", "key_fingerprint": None, "pgp_key": None,
        "secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "ses_smtp_password_v4": "BDx9+EXAMPLE+smtp+pw",
        "status": "Active", "user": "ci-bot"}, sens=[("secret",), ("ses_smtp_password_v4",)])]),
    res(AWS, "aws_iam_role", "lambda", [inst({
        "arn": f"arn:aws:iam::{ACCT}:role/atlas-lambda", "assume_role_policy": ASSUME_MIN,
        "create_date": "2025-03-14T09:26:50Z", "description": "", "force_detach_policies": False,
        "id": "atlas-lambda", "managed_policy_arns": ["arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
                                                      "arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess"],
        "max_session_duration": 3600, "name": "atlas-lambda", "name_prefix": "", "path": "/",
        "permissions_boundary": None, "tags": {}, "tags_all": dict(TAGS), "unique_id": "AROATESTROLE0EXAMPLE1",
        "inline_policy": [{"name": "read-logs", "policy": "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"logs:Get*\",\"Resource\":\"*\"}]}"}]},
        deps=["data.aws_iam_policy_document.assume"])]),
    res(AWS, "aws_s3_bucket", "logs", [inst({
        "acceleration_status": "", "acl": None, "arn": "arn:aws:s3:::atlas-stage-logs",
        "bucket": "atlas-stage-logs", "bucket_domain_name": "atlas-stage-logs.s3.amazonaws.com",
        "bucket_prefix": "", "bucket_regional_domain_name": "atlas-stage-logs.s3.eu-central-1.amazonaws.com",
        "force_destroy": True, "hosted_zone_id": "Z21DNDUVLTQW6Q", "id": "atlas-stage-logs",
        "object_lock_enabled": False, "policy": "", "region": "eu-central-1", "request_payer": "BucketOwner",
        "tags": {"Name": "logs"}, "tags_all": {"Name": "logs", **TAGS},
        "grant": [{"id": "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00", "permissions": ["FULL_CONTROL"],
                   "type": "CanonicalUser", "uri": ""},
                  {"id": "", "permissions": ["READ_ACP", "WRITE"], "type": "Group",
                   "uri": "http://acs.amazonaws.com/groups/s3/LogDelivery"}],
        "lifecycle_rule": [],
        "server_side_encryption_configuration": [{"rule": [{"bucket_key_enabled": False,
            "apply_server_side_encryption_by_default": [{"kms_master_key_id": "", "sse_algorithm": "AES256"}]}]}],
        "versioning": [{"enabled": False, "mfa_delete": False}], "timeouts": None},
        private="eyJlMmJmYjczMC1lY2FhLTExZTYtOGY4OC0zNDM2M2JjN2M0YzAiOnsiY3JlYXRlIjoxMjAwMDAwMDAwMDAwfX0=")]),
    res(AWS, "aws_security_group", "app", [inst({
        "arn": f"arn:aws:ec2:eu-central-1:{ACCT}:security-group/sg-0aa11bb22cc33dd44",
        "description": "App tier", "id": "sg-0aa11bb22cc33dd44", "name": "atlas-app", "name_prefix": "",
        "owner_id": ACCT, "revoke_rules_on_delete": False, "vpc_id": VPC,
        "tags": {"Name": "atlas-app"}, "tags_all": {"Name": "atlas-app", **TAGS},
        "egress": [rule("", 0, 0, "-1", cidrs=["0.0.0.0/0"], v6=["::/0"])],
        "ingress": [rule("HTTPS", 443, 443, "tcp", cidrs=["0.0.0.0/0", "10.0.0.0/8"]),
                    rule("from lb", 8080, 8090, "tcp", sgs=["sg-0lb000000000000aa"]),
                    rule("self", 0, 65535, "tcp", self_=True)],
        "timeouts": None}, schema_version=1)]),
    res(AWS, "aws_subnet", "private", [inst(subnet(f"eu-central-1{k}", i, f"10.20.{i * 16}.0/20"), key=k, schema_version=1)
                                      for i, k in enumerate(["a", "b", "c"])]),
], {
    "role_arn": {"value": f"arn:aws:iam::{ACCT}:role/atlas-lambda", "type": "string"},
    "ci_secret": {"value": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "type": "string", "sensitive": True},
}, 17, "8a7c1e52-3f0b-4d2e-9c61-2b7f4e9d0a13")

aws_locals = {
    "subnet_ids": "[for k, s in aws_subnet.private : s.id]",
    "subnet_by_az": "{ for k, s in aws_subnet.private : s.availability_zone => s.cidr_block }",
    "ingress_ports": "sort([for r in aws_security_group.app.ingress : tostring(r.from_port)])",
    "sg_cidrs": "flatten([for r in aws_security_group.app.ingress : r.cidr_blocks])",
    "bucket_sse": "aws_s3_bucket.logs.server_side_encryption_configuration[0].rule",
    "role_policies": "aws_iam_role.lambda.managed_policy_arns",
    "assume": "jsondecode(data.aws_iam_policy_document.assume.json)",
    "key_pair": "{ id = aws_iam_access_key.ci.id, secret = aws_iam_access_key.ci.secret }",
}

aws_cases = [
    "aws_security_group.app",
    "aws_security_group.app.ingress",
    "aws_security_group.app.egress",
    "length(aws_security_group.app.ingress)",
    "[for r in aws_security_group.app.ingress : r.description]",
    "aws_security_group.app.tags",
    "aws_security_group.app.timeouts",
    "type(aws_security_group.app.ingress)",
    "aws_s3_bucket.logs",
    "aws_s3_bucket.logs.versioning",
    "aws_s3_bucket.logs.versioning[0].enabled",
    "aws_s3_bucket.logs.grant",
    "aws_s3_bucket.logs.lifecycle_rule",
    "aws_s3_bucket.logs.server_side_encryption_configuration",
    "aws_s3_bucket.logs.server_side_encryption_configuration[0].rule",
    "aws_s3_bucket.logs.acl",
    "aws_s3_bucket.logs.tags_all",
    "aws_iam_role.lambda",
    "aws_iam_role.lambda.managed_policy_arns",
    "aws_iam_role.lambda.inline_policy",
    "aws_iam_role.lambda.assume_role_policy",
    "jsondecode(aws_iam_role.lambda.assume_role_policy).Statement[0].Principal",
    "aws_iam_role.lambda.max_session_duration",
    "aws_iam_role.lambda.permissions_boundary",
    "aws_iam_access_key.ci",
    "aws_iam_access_key.ci.secret",
    "aws_iam_access_key.ci.id",
    "nonsensitive(aws_iam_access_key.ci.secret)",
    "aws_iam_access_key.ci.encrypted_secret",
    "aws_subnet.private",
    "aws_subnet.private[\"b\"]",
    "aws_subnet.private[\"c\"].cidr_block",
    "keys(aws_subnet.private)",
    "values(aws_subnet.private)[*].availability_zone",
    "aws_subnet.private[\"a\"].tags_all",
    "aws_subnet.private[\"a\"].timeouts",
    "data.aws_iam_policy_document.assume",
    "data.aws_iam_policy_document.assume.statement",
    "data.aws_iam_policy_document.assume.statement[0].principals",
    "data.aws_iam_policy_document.assume.json",
    "local.subnet_ids",
    "local.subnet_by_az",
    "local.ingress_ports",
    "local.sg_cidrs",
    "local.bucket_sse",
    "local.role_policies",
    "local.assume",
    "local.key_pair",
    "aws_subnet.private[\"d\"]",
    "aws_security_group.app.ingress[0]",
    "aws_vpc.main",
]

# ====================================================================== google
GOOGLE = "registry.terraform.io/hashicorp/google"
google_schemas = schemas(GOOGLE, {
    "google_compute_network": R({
        "auto_create_subnetworks": S(BOOL, optional=True), "description": S(STR, optional=True),
        "gateway_ipv4": S(STR), "id": S(STR), "mtu": S(NUM, optional=True), "name": S(STR, optional=True, computed=False),
        "project": S(STR, optional=True), "routing_mode": S(STR, optional=True), "self_link": S(STR)},
        {"timeouts": TIMEOUTS("create", "delete", "update")}),
    "google_compute_instance": R({
        "can_ip_forward": S(BOOL, optional=True), "cpu_platform": S(STR), "current_status": S(STR),
        "deletion_protection": S(BOOL, optional=True), "description": S(STR, optional=True),
        "effective_labels": S(MS), "hostname": S(STR, optional=True), "id": S(STR), "instance_id": S(STR),
        "label_fingerprint": S(STR), "labels": S(MS, optional=True, computed=False), "machine_type": S(STR, optional=True, computed=False),
        "metadata": S(MS, optional=True, computed=False), "metadata_fingerprint": S(STR),
        "metadata_startup_script": S(STR, optional=True, computed=False), "min_cpu_platform": S(STR, optional=True),
        "name": S(STR, optional=True, computed=False), "project": S(STR, optional=True), "self_link": S(STR),
        "tags": S(SS, optional=True, computed=False), "tags_fingerprint": S(STR),
        "terraform_labels": S(MS), "zone": S(STR, optional=True)},
        {"boot_disk": B("list", {
            "auto_delete": S(BOOL, optional=True, computed=False), "device_name": S(STR, optional=True),
            "disk_encryption_key_raw": S(STR, sens=True, optional=True, computed=False),
            "disk_encryption_key_sha256": S(STR), "kms_key_self_link": S(STR, optional=True),
            "mode": S(STR, optional=True, computed=False), "source": S(STR, optional=True)},
            {"initialize_params": B("list", {
                "image": S(STR, optional=True), "labels": S(MS, optional=True), "size": S(NUM, optional=True),
                "type": S(STR, optional=True), "resource_manager_tags": S(MS, optional=True, computed=False)}, max_items=1)},
            max_items=1),
         "network_interface": B("list", {
             "name": S(STR), "network": S(STR, optional=True), "network_ip": S(STR, optional=True),
             "stack_type": S(STR, optional=True), "subnetwork": S(STR, optional=True),
             "subnetwork_project": S(STR, optional=True)},
             {"access_config": B("list", {"nat_ip": S(STR, optional=True), "network_tier": S(STR, optional=True),
                                          "public_ptr_domain_name": S(STR, optional=True, computed=False)})}),
         "scheduling": B("list", {
             "automatic_restart": S(BOOL, optional=True, computed=False), "on_host_maintenance": S(STR, optional=True),
             "preemptible": S(BOOL, optional=True, computed=False), "provisioning_model": S(STR, optional=True)},
             max_items=1),
         "service_account": B("list", {"email": S(STR, optional=True), "scopes": S(SS, optional=True, computed=False)},
                              max_items=1),
         "shielded_instance_config": B("list", {
             "enable_integrity_monitoring": S(BOOL, optional=True, computed=False),
             "enable_secure_boot": S(BOOL, optional=True, computed=False),
             "enable_vtpm": S(BOOL, optional=True, computed=False)}, max_items=1),
         "timeouts": TIMEOUTS("create", "delete", "update")}, version=6),
    "google_storage_bucket": R({
        "effective_labels": S(MS), "force_destroy": S(BOOL, optional=True), "id": S(STR),
        "labels": S(MS, optional=True, computed=False), "location": S(STR, optional=True, computed=False),
        "name": S(STR, optional=True, computed=False), "project": S(STR, optional=True),
        "self_link": S(STR), "storage_class": S(STR, optional=True), "terraform_labels": S(MS),
        "uniform_bucket_level_access": S(BOOL, optional=True), "url": S(STR)},
        {"versioning": B("list", {"enabled": S(BOOL, optional=True, computed=False)}, max_items=1),
         "lifecycle_rule": B("list", {}, {
             "action": B("set", {"storage_class": S(STR, optional=True), "type": S(STR, optional=True)}),
             "condition": B("set", {"age": S(NUM, optional=True), "with_state": S(STR, optional=True)})})}),
})
PROJ = "atlas-stage-4711"
ZONE = "europe-west3-b"
NET_LINK = f"https://www.googleapis.com/compute/v1/projects/{PROJ}/global/networks/atlas-vpc"


def vm(i):
    name = f"atlas-vm-{i}"
    labels = {"env": "stage", "role": "web" if i == 0 else "worker"}
    eff = {**labels, "goog-terraform-provisioned": "true"}
    return {
        "can_ip_forward": False, "cpu_platform": "Intel Cascade Lake", "current_status": "RUNNING",
        "deletion_protection": i == 0, "description": "", "effective_labels": eff, "hostname": "",
        "id": f"projects/{PROJ}/zones/{ZONE}/instances/{name}", "instance_id": f"74125{i}9936048112{i}",
        "label_fingerprint": "ZPlK6Ft3Lv0=", "labels": labels, "machine_type": "e2-standard-2" if i == 0 else "e2-medium",
        "metadata": {"enable-oslogin": "TRUE", "ssh-keys": f"deploy:ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEXAMPLE{i} deploy"},
        "metadata_fingerprint": "hx1sn7KsmZc=",
        "metadata_startup_script": "#!/bin/bash\necho \"hello from ${HOSTNAME}\" > /var/tmp/boot\n" if i == 0 else None,
        "min_cpu_platform": "", "name": name, "project": PROJ,
        "self_link": f"https://www.googleapis.com/compute/v1/projects/{PROJ}/zones/{ZONE}/instances/{name}",
        "tags": ["http-server", "atlas"] if i == 0 else ["atlas"], "tags_fingerprint": "42WmSpB8rSM=",
        "terraform_labels": {**labels, "goog-terraform-provisioned": "true"}, "zone": ZONE,
        "boot_disk": [{"auto_delete": True, "device_name": "persistent-disk-0",
                       "disk_encryption_key_raw": "SGVsbG8gZnJvbSBHb29nbGUgQ2xvdWQgUGxhdGZvcm0=" if i == 0 else "",
                       "disk_encryption_key_sha256": "", "kms_key_self_link": "", "mode": "READ_WRITE",
                       "source": f"https://www.googleapis.com/compute/v1/projects/{PROJ}/zones/{ZONE}/disks/{name}",
                       "initialize_params": [{"image": "https://www.googleapis.com/compute/v1/projects/debian-cloud/global/images/debian-12-bookworm-v20250311",
                                              "labels": {}, "size": 20 + 30 * i, "type": "pd-balanced",
                                              "resource_manager_tags": None}]}],
        "network_interface": [{"name": "nic0", "network": NET_LINK, "network_ip": f"10.156.0.{10 + i}",
                               "stack_type": "IPV4_ONLY",
                               "subnetwork": f"https://www.googleapis.com/compute/v1/projects/{PROJ}/regions/europe-west3/subnetworks/atlas-sub",
                               "subnetwork_project": PROJ,
                               "access_config": [{"nat_ip": f"34.89.12.{100 + i}", "network_tier": "PREMIUM",
                                                  "public_ptr_domain_name": ""}] if i == 0 else []}],
        "scheduling": [{"automatic_restart": i == 0, "on_host_maintenance": "MIGRATE" if i == 0 else "TERMINATE",
                        "preemptible": i == 1, "provisioning_model": "STANDARD" if i == 0 else "SPOT"}],
        "service_account": [{"email": f"atlas-vm@{PROJ}.iam.gserviceaccount.com",
                             "scopes": ["https://www.googleapis.com/auth/cloud-platform",
                                        "https://www.googleapis.com/auth/userinfo.email"]}],
        "shielded_instance_config": [{"enable_integrity_monitoring": True, "enable_secure_boot": i == 0,
                                      "enable_vtpm": True}],
        "timeouts": None,
    }


def gbucket(k, cls):
    name = f"{PROJ}-{k}"
    labels = {"purpose": k}
    return {"effective_labels": {**labels, "goog-terraform-provisioned": "true"}, "force_destroy": k == "scratch",
            "id": name, "labels": labels, "location": "EUROPE-WEST3", "name": name, "project": PROJ,
            "self_link": f"https://www.googleapis.com/storage/v1/b/{name}", "storage_class": cls,
            "terraform_labels": {**labels, "goog-terraform-provisioned": "true"},
            "uniform_bucket_level_access": True, "url": f"gs://{name}",
            "versioning": [{"enabled": k == "artifacts"}],
            "lifecycle_rule": [{"action": [{"storage_class": "", "type": "Delete"}],
                                "condition": [{"age": 30, "with_state": "ANY"}]}] if k == "scratch" else []}


google_state = state([
    res(GOOGLE, "google_compute_instance", "vm",
        [inst(vm(i), key=i, schema_version=6, sens=[("boot_disk", 0, "disk_encryption_key_raw")],
              deps=["google_compute_network.vpc"]) for i in range(2)]),
    res(GOOGLE, "google_compute_network", "vpc", [inst({
        "auto_create_subnetworks": False, "description": "", "gateway_ipv4": "", "id": f"projects/{PROJ}/global/networks/atlas-vpc",
        "mtu": 1460, "name": "atlas-vpc", "project": PROJ, "routing_mode": "REGIONAL", "self_link": NET_LINK,
        "timeouts": None})]),
    res(GOOGLE, "google_storage_bucket", "b", [inst(gbucket(k, c), key=k) for k, c in
                                                [("artifacts", "STANDARD"), ("scratch", "NEARLINE")]]),
], {"vm_ips": {"value": ["10.156.0.10", "10.156.0.11"], "type": ["tuple", ["string", "string"]]}},
    9, "c3d9a6f1-77e2-4b18-a0f5-9e6d2c41b7a8")

google_locals = {
    "vm_ips": "google_compute_instance.vm[*].network_interface[0].network_ip",
    "nat_ips": "flatten([for v in google_compute_instance.vm : [for ni in v.network_interface : [for ac in ni.access_config : ac.nat_ip]]])",
    "disk_sizes": "{ for v in google_compute_instance.vm : v.name => v.boot_disk[0].initialize_params[0].size }",
    "all_labels": "merge(google_compute_instance.vm[0].labels, google_compute_instance.vm[1].labels)",
    "bucket_urls": "{ for k, b in google_storage_bucket.b : k => b.url }",
    "scopes": "google_compute_instance.vm[0].service_account[0].scopes",
}

google_cases = [
    "google_compute_instance.vm",
    "google_compute_instance.vm[0]",
    "google_compute_instance.vm[1].labels",
    "google_compute_instance.vm[0].boot_disk",
    "google_compute_instance.vm[0].boot_disk[0].disk_encryption_key_raw",
    "google_compute_instance.vm[1].boot_disk[0].disk_encryption_key_raw",
    "google_compute_instance.vm[0].boot_disk[0].initialize_params[0]",
    "google_compute_instance.vm[0].network_interface",
    "google_compute_instance.vm[1].network_interface[0].access_config",
    "google_compute_instance.vm[0].metadata",
    "google_compute_instance.vm[0].metadata[\"enable-oslogin\"]",
    "google_compute_instance.vm[0].metadata_startup_script",
    "google_compute_instance.vm[1].metadata_startup_script",
    "google_compute_instance.vm[0].tags",
    "google_compute_instance.vm[*].tags",
    "google_compute_instance.vm[0].service_account",
    "google_compute_instance.vm[1].scheduling[0]",
    "google_compute_instance.vm[*].machine_type",
    "google_compute_instance.vm[0].timeouts",
    "length(google_compute_instance.vm)",
    "google_compute_network.vpc",
    "google_compute_network.vpc.mtu",
    "google_storage_bucket.b",
    "google_storage_bucket.b[\"scratch\"].lifecycle_rule",
    "google_storage_bucket.b[\"artifacts\"].versioning[0].enabled",
    "keys(google_storage_bucket.b)",
    "local.vm_ips",
    "local.nat_ips",
    "local.disk_sizes",
    "local.all_labels",
    "local.bucket_urls",
    "local.scopes",
    "google_compute_instance.vm[2]",
    "google_compute_instance.vm[0].boot_disk[0].nosuch",
]

# ====================================================================== azurerm
AZ = "registry.terraform.io/hashicorp/azurerm"
KCFG = ["object", {"client_certificate": STR, "client_key": STR, "cluster_ca_certificate": STR, "host": STR,
                   "password": STR, "username": STR}]
az_schemas = schemas(AZ, {
    "azurerm_resource_group": R({
        "id": S(STR), "location": S(STR, optional=True, computed=False), "managed_by": S(STR, optional=True, computed=False),
        "name": S(STR, optional=True, computed=False), "tags": S(MS, optional=True, computed=False)},
        {"timeouts": TIMEOUTS("create", "delete", "read", "update")}),
    "azurerm_subnet": R({
        "address_prefixes": S(LS, optional=True, computed=False), "id": S(STR), "name": S(STR, optional=True, computed=False),
        "resource_group_name": S(STR, optional=True, computed=False), "service_endpoints": S(SS, optional=True, computed=False),
        "virtual_network_name": S(STR, optional=True, computed=False)},
        {"delegation": B("list", {"name": S(STR, optional=True, computed=False)}, {
            "service_delegation": B("list", {"actions": S(SS, optional=True), "name": S(STR, optional=True, computed=False)},
                                    max_items=1)}),
         "timeouts": TIMEOUTS("create", "delete", "read", "update")}),
    "azurerm_kubernetes_cluster": R({
        "dns_prefix": S(STR, optional=True, computed=False), "fqdn": S(STR), "id": S(STR),
        "kube_admin_config": S(["list", KCFG], sens=True), "kube_admin_config_raw": S(STR, sens=True),
        "kube_config": S(["list", KCFG], sens=True), "kube_config_raw": S(STR, sens=True),
        "kubernetes_version": S(STR, optional=True), "location": S(STR, optional=True, computed=False),
        "name": S(STR, optional=True, computed=False), "node_resource_group": S(STR, optional=True),
        "oidc_issuer_enabled": S(BOOL, optional=True, computed=False), "oidc_issuer_url": S(STR),
        "private_cluster_enabled": S(BOOL, optional=True), "resource_group_name": S(STR, optional=True, computed=False),
        "sku_tier": S(STR, optional=True, computed=False), "tags": S(MS, optional=True, computed=False)},
        {"default_node_pool": B("list", {
            "auto_scaling_enabled": S(BOOL, optional=True, computed=False), "max_count": S(NUM, optional=True, computed=False),
            "min_count": S(NUM, optional=True, computed=False), "name": S(STR, optional=True, computed=False),
            "node_count": S(NUM, optional=True), "node_labels": S(MS, optional=True), "os_disk_size_gb": S(NUM, optional=True),
            "vm_size": S(STR, optional=True, computed=False), "vnet_subnet_id": S(STR, optional=True, computed=False),
            "zones": S(SS, optional=True, computed=False)},
            {"upgrade_settings": B("list", {"drain_timeout_in_minutes": S(NUM, optional=True, computed=False),
                                            "max_surge": S(STR, optional=True, computed=False)}, max_items=1)},
            max_items=1),
         "identity": B("list", {"identity_ids": S(SS, optional=True, computed=False), "principal_id": S(STR),
                                "tenant_id": S(STR), "type": S(STR, optional=True, computed=False)}, max_items=1),
         "network_profile": B("list", {
             "dns_service_ip": S(STR, optional=True), "load_balancer_sku": S(STR, optional=True, computed=False),
             "network_plugin": S(STR, optional=True, computed=False), "outbound_type": S(STR, optional=True, computed=False),
             "pod_cidrs": S(LS, optional=True), "service_cidr": S(STR, optional=True)}, max_items=1),
         "timeouts": TIMEOUTS("create", "delete", "read", "update")}, version=2),
})
SUB = "00000000-1111-2222-3333-444444444444"
TEN = "99999999-8888-7777-6666-555555555555"
RG = f"/subscriptions/{SUB}/resourceGroups/rg-atlas-stage"
KUBE_RAW = ("apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: TFMwdExTMUNSVWRKVGlCRFJWSlVTVVpKUTBGVVJTMHRMUzB0Q2c9PQ==\n"
            "    server: https://aks-atlas-1a2b3c4d.hcp.westeurope.azmk8s.io:443\n  name: aks-atlas\n"
            "contexts:\n- context:\n    cluster: aks-atlas\n    user: clusterUser_rg-atlas-stage_aks-atlas\n  name: aks-atlas\n"
            "current-context: aks-atlas\nkind: Config\n")
KCFG_VAL = [{"client_certificate": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==", "client_key": "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo=",
             "cluster_ca_certificate": "TFMwdExTMUNSVWRKVGlCRFJWSlVTVVpKUTBGVVJTMHRMUzB0Q2c9PQ==",
             "host": "https://aks-atlas-1a2b3c4d.hcp.westeurope.azmk8s.io:443",
             "password": "0123456789abcdef0123456789abcdef", "username": "clusterUser_rg-atlas-stage_aks-atlas"}]

az_state = state([
    res(AZ, "azurerm_kubernetes_cluster", "aks", [inst({
        "dns_prefix": "atlas", "fqdn": "aks-atlas-1a2b3c4d.hcp.westeurope.azmk8s.io",
        "id": f"{RG}/providers/Microsoft.ContainerService/managedClusters/aks-atlas",
        "kube_admin_config": [], "kube_admin_config_raw": "", "kube_config": KCFG_VAL, "kube_config_raw": KUBE_RAW,
        "kubernetes_version": "1.31.5", "location": "westeurope", "name": "aks-atlas",
        "node_resource_group": "MC_rg-atlas-stage_aks-atlas_westeurope", "oidc_issuer_enabled": True,
        "oidc_issuer_url": f"https://westeurope.oic.prod-aks.azure.com/{TEN}/1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718/",
        "private_cluster_enabled": False, "resource_group_name": "rg-atlas-stage", "sku_tier": "Free",
        "tags": {"env": "stage", "owner": "platform"},
        "default_node_pool": [{"auto_scaling_enabled": True, "max_count": 5, "min_count": 1, "name": "system",
                               "node_count": 2, "node_labels": {"pool": "system"}, "os_disk_size_gb": 128,
                               "vm_size": "Standard_D4s_v5",
                               "vnet_subnet_id": f"{RG}/providers/Microsoft.Network/virtualNetworks/vnet-atlas/subnets/snet-aks-0",
                               "zones": ["1", "2", "3"],
                               "upgrade_settings": [{"drain_timeout_in_minutes": 0, "max_surge": "10%"}]}],
        "identity": [{"identity_ids": [], "principal_id": "abcdef01-2345-6789-abcd-ef0123456789", "tenant_id": TEN,
                      "type": "SystemAssigned"}],
        "network_profile": [{"dns_service_ip": "10.0.0.10", "load_balancer_sku": "standard", "network_plugin": "azure",
                             "outbound_type": "loadBalancer", "pod_cidrs": [], "service_cidr": "10.0.0.0/16"}],
        "timeouts": None},
        schema_version=2,
        sens=[("kube_admin_config",), ("kube_admin_config_raw",), ("kube_config",), ("kube_config_raw",)],
        deps=["azurerm_resource_group.main", "azurerm_subnet.aks"])]),
    res(AZ, "azurerm_resource_group", "main", [inst({
        "id": RG, "location": "westeurope", "managed_by": "", "name": "rg-atlas-stage",
        "tags": {"env": "stage", "cost-center": "4711"}, "timeouts": None})]),
    res(AZ, "azurerm_subnet", "aks", [inst({
        "address_prefixes": [f"10.30.{i}.0/24"],
        "id": f"{RG}/providers/Microsoft.Network/virtualNetworks/vnet-atlas/subnets/snet-aks-{i}",
        "name": f"snet-aks-{i}", "resource_group_name": "rg-atlas-stage",
        "service_endpoints": ["Microsoft.Storage", "Microsoft.KeyVault"] if i == 0 else [],
        "virtual_network_name": "vnet-atlas",
        "delegation": [] if i == 0 else [{"name": "aci", "service_delegation": [{
            "actions": ["Microsoft.Network/virtualNetworks/subnets/action"],
            "name": "Microsoft.ContainerInstance/containerGroups"}]}],
        "timeouts": None}, key=i, deps=["azurerm_resource_group.main"]) for i in range(2)]),
], {"kube_config": {"value": KUBE_RAW, "type": "string", "sensitive": True},
    "cluster_fqdn": {"value": "aks-atlas-1a2b3c4d.hcp.westeurope.azmk8s.io", "type": "string"}},
    23, "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b")

az_locals = {
    "kube_host": "azurerm_kubernetes_cluster.aks.kube_config[0].host",
    "node_pool": "azurerm_kubernetes_cluster.aks.default_node_pool[0]",
    "subnet_prefixes": "flatten(azurerm_subnet.aks[*].address_prefixes)",
    "delegations": "[for s in azurerm_subnet.aks : length(s.delegation)]",
    "rg_tags": "merge(azurerm_resource_group.main.tags, { extra = \"x\" })",
}

az_cases = [
    "azurerm_resource_group.main",
    "azurerm_resource_group.main.tags",
    "azurerm_resource_group.main.timeouts",
    "azurerm_kubernetes_cluster.aks",
    "azurerm_kubernetes_cluster.aks.kube_config",
    "azurerm_kubernetes_cluster.aks.kube_config[0].host",
    "azurerm_kubernetes_cluster.aks.kube_config_raw",
    "nonsensitive(azurerm_kubernetes_cluster.aks.kube_config_raw)",
    "azurerm_kubernetes_cluster.aks.kube_admin_config",
    "length(azurerm_kubernetes_cluster.aks.kube_config)",
    "azurerm_kubernetes_cluster.aks.default_node_pool",
    "azurerm_kubernetes_cluster.aks.default_node_pool[0].zones",
    "azurerm_kubernetes_cluster.aks.default_node_pool[0].upgrade_settings",
    "azurerm_kubernetes_cluster.aks.identity[0]",
    "azurerm_kubernetes_cluster.aks.network_profile",
    "azurerm_kubernetes_cluster.aks.fqdn",
    "azurerm_kubernetes_cluster.aks.tags[\"owner\"]",
    "azurerm_subnet.aks",
    "azurerm_subnet.aks[1].delegation",
    "azurerm_subnet.aks[0].service_endpoints",
    "azurerm_subnet.aks[*].name",
    "local.kube_host",
    "local.node_pool",
    "local.subnet_prefixes",
    "local.delegations",
    "local.rg_tags",
    "azurerm_kubernetes_cluster.aks.kube_config[0]",
    "azurerm_kubernetes_cluster.aks.nosuch",
]

STATES = {"aws2": aws_state, "google": google_state, "azurerm": az_state}
SCHEMAS = {"aws2": aws_schemas, "google": google_schemas, "azurerm": az_schemas}
LOCALS = {"aws2": aws_locals, "google": google_locals, "azurerm": az_locals}
CASES = {"aws2": aws_cases, "google": google_cases, "azurerm": az_cases}
