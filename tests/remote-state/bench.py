#!/usr/bin/env python3
"""Benchmark (not a test) of reading state from S3 (moto on 127.0.0.1), whole process, first answer.

    target/rs-venv/bin/python tests/remote-state/bench.py [--runs N] [--instances N] [--skip-terraform]

1. The AWS VPC module (../shared/corpus/real-world/terraform-aws-modules__terraform-aws-vpc, copied, with a
   `backend "s3"` file added) whose state (a VPC, its subnets, route tables, gateways: instances in the
   AWS provider's schema) sits in a moto bucket:
     terrace --dir VPC -e 'aws_vpc.this[0].id'                     (median of N runs, whole process)
   beside Terraform on PATH (1.11.4), on the same bucket:
     terraform init  (backend s3 against moto; the AWS provider from the machine's filesystem mirror
                      /opt/tf-plugins, as the registry is out of reach: the copy's `>= 6.28` constraint is
                      relaxed to what the mirror holds)
     terraform console <<< 'aws_vpc.this[0].id'
   Terraform may talk to 127.0.0.1 only: CLI configuration with a filesystem mirror and no direct
   installation, HTTP(S)_PROXY set to a port where nothing listens (NO_PROXY=127.0.0.1), the checkpoint
   and EC2 metadata off, HOME empty.
2. A state of 20,000 resource instances (aws_instance-like, the generator idea of
   crates/config/benches/state.rs: 2,000 resources x 10 instances, nested blocks, a third in modules)
   in moto: terrace's first answer, whole process; the goal is under 1 s.

Prints one line per measurement and a summary. Needs tests/remote-state/setup.sh (moto), a built terrace
(TERRACE, default target/release/terrace, else target/debug/terrace)."""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

servers = harness.servers
VPC = os.path.join(harness.SHARED, "corpus", "real-world", "terraform-aws-modules__terraform-aws-vpc")
MIRROR = "/opt/tf-plugins"
BUCKET = "bench-state"


def terrace_bin():
    if os.environ.get("TERRACE"):
        return os.path.abspath(os.environ["TERRACE"])
    rel = os.path.join(harness.ROOT, "target", "release", "terrace")
    return rel if os.path.exists(rel) else os.path.join(harness.ROOT, "target", "debug", "terrace")


def backend_tf(ph, key):
    return f'''terraform {{
  backend "s3" {{
    bucket                      = "{BUCKET}"
    key                         = "{key}"
    region                      = "{ph['S3_REGION']}"
    endpoints                   = {{ s3 = "{ph['S3_URL']}" }}
    use_path_style              = true
    skip_credentials_validation = true
    skip_requesting_account_id  = true
    skip_metadata_api_check     = true
  }}
}}
'''


def vpc_state():
    """A state for the VPC module's default-ish inputs: a VPC, 3 public and 3 private subnets, an internet
    gateway, route tables, in the AWS provider's attribute names."""
    res = []
    prov = 'provider["registry.terraform.io/hashicorp/aws"]'

    def r(typ, name, instances, schema_version=0):
        res.append({"mode": "managed", "type": typ, "name": name, "provider": prov,
                    "instances": [{"index_key": i, "schema_version": schema_version, "attributes": a,
                                   "sensitive_attributes": []} for i, a in enumerate(instances)]})
    tags = {"Name": "bench", "Terraform": "true"}
    r("aws_vpc", "this", [{"id": "vpc-0bench0000000001", "arn": "arn:aws:ec2:eu-west-1:123456789012:vpc/vpc-0bench0000000001",
                           "cidr_block": "10.0.0.0/16", "enable_dns_hostnames": True, "enable_dns_support": True,
                           "instance_tenancy": "default", "owner_id": "123456789012", "tags": tags, "tags_all": tags,
                           "main_route_table_id": "rtb-0bench00000000main", "default_network_acl_id": "acl-0bench",
                           "default_route_table_id": "rtb-0bench00000000main", "default_security_group_id": "sg-0bench",
                           "dhcp_options_id": "dopt-0bench", "ipv6_association_id": "", "ipv6_cidr_block": "",
                           "assign_generated_ipv6_cidr_block": False, "enable_network_address_usage_metrics": False}], 1)
    for kind, base in (("public", 101), ("private", 1)):
        r("aws_subnet", kind, [{"id": f"subnet-0{kind}{i}", "arn": f"arn:aws:ec2:eu-west-1:123456789012:subnet/subnet-0{kind}{i}",
                                "vpc_id": "vpc-0bench0000000001", "cidr_block": f"10.0.{base + i}.0/24",
                                "availability_zone": f"eu-west-1{'abc'[i]}", "map_public_ip_on_launch": kind == "public",
                                "tags": dict(tags, Name=f"bench-{kind}-eu-west-1{'abc'[i]}"),
                                "tags_all": dict(tags, Name=f"bench-{kind}-eu-west-1{'abc'[i]}"),
                                "owner_id": "123456789012"} for i in range(3)], 1)
        r("aws_route_table", kind, [{"id": f"rtb-0{kind}", "vpc_id": "vpc-0bench0000000001", "tags": tags,
                                     "tags_all": tags, "owner_id": "123456789012", "route": [],
                                     "arn": f"arn:aws:ec2:eu-west-1:123456789012:route-table/rtb-0{kind}"}])
    r("aws_internet_gateway", "this", [{"id": "igw-0bench", "vpc_id": "vpc-0bench0000000001", "tags": tags,
                                        "tags_all": tags, "owner_id": "123456789012",
                                        "arn": "arn:aws:ec2:eu-west-1:123456789012:internet-gateway/igw-0bench"}])
    return json.dumps({"version": 4, "terraform_version": "1.11.4", "serial": 3, "lineage": "bench-vpc",
                       "outputs": {"vpc_id": {"value": "vpc-0bench0000000001", "type": "string"}},
                       "resources": res}, indent=2).encode()


def big_state(n):
    """n instances (10 per resource), a third of the resources in module instances."""
    out = ['{\n  "version": 4,\n  "terraform_version": "1.15.5",\n  "serial": 1,\n  "lineage": "bench",\n'
           '  "outputs": {},\n  "resources": [\n']
    per = 10
    for r in range(n // per):
        inst = []
        for i in range(per):
            a = {"ami": "ami-0a8e758f5e873d1c1", "arn": f"arn:aws:ec2:eu-west-1:123456789012:instance/i-{r:08x}{i:08x}",
                 "availability_zone": "eu-west-1a", "id": f"i-{r:08x}{i:08x}", "instance_type": "t3.micro",
                 "ebs_block_device": [{"device_name": "/dev/sdf", "encrypted": True, "iops": 3000,
                                       "tags": {"Disk": "sdf"}, "volume_id": f"vol-{r:08x}{i:08x}", "volume_size": 50}],
                 "private_ip": f"10.{r % 256}.{i}.{r % 200}", "security_groups": ["default", f"sg-{r}"],
                 "tags": {"Name": f"r{r}-{i}", "Team": "core"}, "user_data": None}
            inst.append({"index_key": i, "schema_version": 1, "attributes": a,
                         "sensitive_attributes": [[{"type": "get_attr", "value": "user_data"}]]})
        res = {"mode": "managed", "type": "aws_instance", "name": f"r{r}",
               "provider": 'provider["registry.terraform.io/hashicorp/aws"]', "instances": inst}
        if r % 3 == 0:
            res = dict({"module": f"module.m{r % 7}[{r % 2}]"}, **res)
        out.append(("" if r == 0 else ",\n") + json.dumps(res))
    out.append("\n  ]\n}\n")
    return "".join(out).encode()


def run(argv, cwd, env, stdin=None, timeout=300):
    t0 = time.time()
    p = subprocess.run(argv, cwd=cwd, env=env, input=stdin, capture_output=True, timeout=timeout)
    return time.time() - t0, p


def clean_env(ph, home, extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(harness.run_remote.STRIP)}
    env.update(HOME=home, NO_COLOR="1", CHECKPOINT_DISABLE="1", AWS_ACCESS_KEY_ID=ph["AWS_ACCESS_KEY_ID"],
               AWS_SECRET_ACCESS_KEY=ph["AWS_SECRET_ACCESS_KEY"], AWS_EC2_METADATA_DISABLED="true",
               HTTP_PROXY=f"http://127.0.0.1:{ph['DEAD_PORT']}", HTTPS_PROXY=f"http://127.0.0.1:{ph['DEAD_PORT']}",
               NO_PROXY="127.0.0.1,localhost")
    env.update(extra or {})
    return env


def median_run(argv, cwd, env, runs):
    times, last = [], None
    for _ in range(runs):
        dt, last = run(argv, cwd, env)
        times.append(dt)
    return statistics.median(times), last


def main():
    a = sys.argv[1:]
    runs = int(a[a.index("--runs") + 1]) if "--runs" in a else 5
    n = int(a[a.index("--instances") + 1]) if "--instances" in a else 20000
    binary = terrace_bin()
    reads = harness.reads_remote_state(binary)
    tmp = tempfile.mkdtemp(prefix="rs-bench-")
    srv = servers.Servers(os.path.join(tmp, "servers"), ["s3"], python=sys.executable)
    srv.start()
    try:
        ph = srv.placeholders()
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        s3 = srv._boto("s3")
        s3.create_bucket(Bucket=BUCKET, CreateBucketConfiguration={"LocationConstraint": ph["S3_REGION"]})
        s3.put_object(Bucket=BUCKET, Key="vpc/terraform.tfstate", Body=vpc_state())
        t0 = time.time()
        big = big_state(n)
        s3.put_object(Bucket=BUCKET, Key="big/terraform.tfstate", Body=big)
        print(f"bench: {n}-instance state {len(big) / 1e6:.1f} MB generated and stored in {time.time() - t0:.1f} s")

        vpc = os.path.join(tmp, "vpc")
        shutil.copytree(VPC, vpc, ignore=shutil.ignore_patterns("examples", "wrappers", ".terraform*"))
        with open(os.path.join(vpc, "zz_backend.tf"), "w") as f:
            f.write(backend_tf(ph, "vpc/terraform.tfstate"))
        expr = "aws_vpc.this[0].id"
        env = clean_env(ph, home)
        print(f"bench: terrace {binary} ({'reads remote state' if reads else 'does NOT read remote state yet'})")
        if reads:
            dt, p = median_run([binary, "--no-history", "--dir", vpc, "-e", expr], vpc, env, runs)
            print(f"bench: terrace VPC module, S3 state, first answer: {dt * 1000:.0f} ms (median of {runs}) "
                  f"-> rc={p.returncode} {p.stdout.decode().strip()[:60]!r}")
        if "--skip-terraform" not in a and shutil.which("terraform"):
            tfrc = os.path.join(tmp, "bench.tfrc")
            with open(tfrc, "w") as f:
                f.write(f'provider_installation {{\n  filesystem_mirror {{\n    path    = "{MIRROR}"\n'
                        f'    include = ["registry.terraform.io/hashicorp/*"]\n  }}\n}}\n')
            tf = os.path.join(tmp, "vpc-tf")
            shutil.copytree(vpc, tf)
            with open(os.path.join(tf, "versions.tf")) as f:
                v = f.read()
            with open(os.path.join(tf, "versions.tf"), "w") as f:
                f.write(v.replace('">= 6.28"', '">= 5.0"'))
            tenv = dict(env, TF_CLI_CONFIG_FILE=tfrc, TF_IN_AUTOMATION="1")
            d1, p1 = run(["terraform", "init", "-input=false", "-no-color"], tf, tenv)
            print(f"bench: terraform init (s3 backend on moto, provider from {MIRROR}): {d1:.1f} s rc={p1.returncode}")
            if p1.returncode:
                print("  " + p1.stderr.decode()[-600:].replace("\n", "\n  "))
            d2, p2 = run(["terraform", "console", "-no-color"], tf, tenv, stdin=expr.encode())
            answer = (p2.stdout.decode().strip().splitlines() or [""])[-1]
            print(f"bench: terraform console first answer: {d2:.1f} s rc={p2.returncode} {answer[:60]!r}"
                  f" ({len(p2.stderr)} bytes of diagnostics: the mirror's provider is older than the module wants)")
            print(f"bench: terraform init + console: {d1 + d2:.1f} s")
        big_dir = os.path.join(tmp, "big")
        os.makedirs(big_dir)
        with open(os.path.join(big_dir, "main.tf"), "w") as f:
            f.write(backend_tf(ph, "big/terraform.tfstate"))
            for r in range(n // 10):
                if r % 3:
                    f.write(f'resource "aws_instance" "r{r}" {{\n  count = 10\n}}\n')
        if reads:
            last = n // 10 - 1 if (n // 10 - 1) % 3 else n // 10 - 2
            dt, p = median_run([binary, "--no-history", "--dir", big_dir, "-e", f"aws_instance.r{last}[9].id"],
                               big_dir, env, runs)
            verdict = "OK (< 1 s)" if dt < 1 and p.returncode == 0 else "SLOW or FAILED (goal: < 1 s)"
            print(f"bench: terrace {n}-instance S3 state, first answer: {dt * 1000:.0f} ms (median of {runs}) "
                  f"rc={p.returncode} {p.stdout.decode().strip()[:40]!r} {verdict}")
        reqs = srv.requests_since({}).get("s3", [])
        print(f"bench: moto saw {len(reqs)} requests in all (set-up included)")
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
