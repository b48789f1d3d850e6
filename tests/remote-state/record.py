#!/usr/bin/env python3
"""Record the project's remote-state fixtures and their expectations with Terraform 1.15.5 (the oracle).

    target/rs-venv/bin/python tests/remote-state/record.py [--cases-only] [FIXTURE...]

NOT a test: it runs Terraform (../shared/oracle) and rewrites test data. For each fixture named in RECIPES
(all when none is given):
  1. start fresh servers (../shared/remote-state-sample/servers.py) for the backends it needs, create
     its buckets/containers, and let Terraform write the state: `tf-console --dir COPY --apply
     [--workspace W]` on a copy of the fixture with its {{PLACEHOLDERS}} filled (a backend override
     file completes a partial configuration for the apply only);
  2. add the hand-made objects (empty, corrupt, too new) and dump what the servers hold into
     FIXTURE/backend-content/ (`servers.dump`, the sample's layout);
  3. start fresh servers again, load backend-content/ (as the tests do) and ask Terraform for every case:
     expressions through the sample's oracle_terrace.py (`init -backend-config=...`, then `console`
     with TF_WORKSPACE), console commands through the CLI command they mirror (`:state` =
     `terraform state list`, `:show A` = `terraform state show A`, `:outputs` = `terraform output`,
     `:workspaces` = `terraform workspace list`);
     (--cases-only: steps 1-2 skipped, backend-content/ kept as it is)
  4. write the fixture's lines of tests/remote-state/cases.jsonl (one JSON object a line: module,
     backend, expr, out, error, and workspace / backend_config / env / stdin / tf_error / note).
Outputs keep {{PLACEHOLDERS}} where a port or a credential would be; no secret is ever written.
Needs the servers installed (tests/remote-state/setup.sh) and REMOTE_STATE_PYTHON / AZURITE_BLOB set
as setup.sh prints them (the venv's Python runs this file)."""
import json, os, re, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("TERRACE_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
SAMPLE = os.path.join(SHARED, "remote-state-sample")
sys.path.insert(0, SAMPLE)
sys.dont_write_bytecode = True
import servers  # noqa: E402
import run_remote  # noqa: E402
sys.path.insert(0, HERE)
import aws_creds_server  # noqa: E402
import harness  # noqa: E402
import pg_tls  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")
CASES = os.path.join(HERE, "cases.jsonl")
TF_CONSOLE = os.path.join(SHARED, "oracle", "tf-console")
ORACLE_TERRACE = os.path.join(SAMPLE, "oracle_terrace.py")

S3_ENV = {"AWS_ACCESS_KEY_ID": "{{AWS_ACCESS_KEY_ID}}", "AWS_SECRET_ACCESS_KEY": "{{AWS_SECRET_ACCESS_KEY}}",
          "AWS_ENDPOINT_URL_S3": "{{S3_URL}}", "AWS_ENDPOINT_URL_DYNAMODB": "{{S3_URL}}"}
S3_CREDS = {"AWS_ACCESS_KEY_ID": "{{AWS_ACCESS_KEY_ID}}", "AWS_SECRET_ACCESS_KEY": "{{AWS_SECRET_ACCESS_KEY}}"}
PARTIAL = ["partial.s3.tfbackend", "access_key={{AWS_ACCESS_KEY_ID}}", "secret_key={{AWS_SECRET_ACCESS_KEY}}",
           'endpoints={ s3 = "{{S3_URL}}" }']
AZ_ENV = {"ARM_ACCESS_KEY": "{{AZ_KEY}}", "HTTPS_PROXY": "{{AZ_PROXY}}", "SSL_CERT_FILE": "{{AZ_CA_FILE}}"}
HTTP_ENV = {"TF_HTTP_ADDRESS": "{{HTTP_AUTH_URL}}/teams/core/state", "TF_HTTP_USERNAME": "{{HTTP_USER}}",
            "TF_HTTP_PASSWORD": "{{HTTP_PASSWORD}}",
            "TF_HTTP_LOCK_ADDRESS": "{{HTTP_AUTH_URL}}/teams/core/state",
            "TF_HTTP_UNLOCK_ADDRESS": "{{HTTP_AUTH_URL}}/teams/core/state"}
GCS_BC = ["access_token={{GCS_TOKEN}}"]

# The s3-creds fixture's credential sources (files under fixtures/s3-creds/, aws_creds_server.py).
NO_IMDS = {"AWS_EC2_METADATA_DISABLED": "true"}
WEB_ENV = dict(NO_IMDS, AWS_WEB_IDENTITY_TOKEN_FILE="{{FIXTURES_DIR}}/s3-creds/aws/web-identity-token",
               AWS_ROLE_ARN="arn:aws:iam::123456789012:role/terrace-web", AWS_ROLE_SESSION_NAME="terrace-ci",
               AWS_ENDPOINT_URL_STS="{{S3_URL}}")
PROFILE_BC = ["profile=reader", 'shared_credentials_files=["{{FIXTURES_DIR}}/s3-creds/aws/credentials"]']
PROC_ENV = dict(NO_IMDS, AWS_PROFILE="proc", AWS_CONFIG_FILE="{{FIXTURES_DIR}}/s3-creds/aws/config")
CONTAINER_ENV = dict(NO_IMDS, AWS_CONTAINER_CREDENTIALS_FULL_URI="{{CREDS_URL}}/v2/credentials/task",
                     AWS_CONTAINER_AUTHORIZATION_TOKEN="{{CONTAINER_AUTH}}")
IMDS_ENV = {"AWS_EC2_METADATA_SERVICE_ENDPOINT": "{{CREDS_URL}}"}
SSO_ENV = dict(NO_IMDS, HOME="{{FIXTURES_DIR}}/s3-creds/home", AWS_PROFILE="sso-reader",
               AWS_ENDPOINT_URL_SSO="{{CREDS_URL}}")
CREDS_EXPRS = ["terraform_data.vpc.output.name", 'module.svc["front"].url', ":state"]

TFC_TOKEN = "tfc-team-token.remote-state-6b1f0c"  # harness.TFC_TOKEN
FUTURE_STATE = json.dumps({"version": 9, "terraform_version": "9.9.9", "serial": 1,
                           "lineage": "00000000-0000-0000-0000-000000000009", "outputs": {}, "resources": []},
                          indent=2).encode() + b"\n"
CORRUPT_STATE = b'{\n  "version": 4,\n  "terraform_version": "1.15.5",\n  "serial": 3,\n  "resources": [\n'


def values(ws_present=True, full=True):
    """The value expressions every main fixture answers (its BODY in fixtures/*/main.tf)."""
    if not ws_present:
        return ["terraform_data.vpc", "terraform_data.vpc.output", "length(terraform_data.node)",
                "terraform.workspace", 'module.svc["front"].url']
    e = ["terraform_data.vpc.output.name", "terraform_data.node[*].output.zone",
         "[for n in terraform_data.node : n.output.net]", "{ for k, r in terraform_data.role : k => r.output }",
         'module.svc["front"].url', "terraform.workspace", "length(terraform_data.node)"]
    if full:
        e += ["terraform_data.vpc", 'module.svc["back"].id', 'module.svc["front"].secret', "var.api_token",
              'terraform_data.role["audit"]', "keys(module.svc)", "terraform_data.node[0].output"]
    return e


def commands(ws_present=True):
    c = [":state"]
    if ws_present:
        c += [":outputs", ":show terraform_data.node[0]", ':show terraform_data.role["admin"]',
              ':show module.svc["back"].terraform_data.this']
    return c


def suite(ws=None, bc=None, env=None, present=True, full=True, cmds=True, via_env=False):
    """Cases for workspace ws (None: default), selected by --workspace or (via_env) TF_WORKSPACE."""
    out = []
    for x in values(present, full) + (commands(present) if cmds else []):
        c = {"expr": x}
        if ws:
            if via_env:
                c["env"] = dict(env or {}, TF_WORKSPACE=ws)
            else:
                c["workspace"] = ws
        if bc:
            c["backend_config"] = list(bc)
        if env and "env" not in c:
            c["env"] = dict(env)
        out.append(c)
    return out


def err(expr, **kw):
    return dict(kw, expr=expr, expect_error=True)


PG_TLS_URL = "postgres://{{PG_USER}}:{{PG_PASSWORD}}@127.0.0.1:{{PGTLS_PORT}}/{{PG_DB}}"
PG_TLS_LOCALHOST = "postgres://{{PG_USER}}:{{PG_PASSWORD}}@localhost:{{PGTLS_PORT}}/{{PG_DB}}"
PG_CERT_URL = "postgres://certuser@127.0.0.1:{{PGTLS_PORT}}/{{PG_DB}}"
PG_TLS_VALUES = ["terraform_data.vpc.output.name", "length(terraform_data.node)", "terraform_data.node[1].output.net",
                 "terraform.workspace"]

RECIPES = {
    "s3-env-lock": {
        "backends": ["s3"], "env": S3_ENV,
        "buckets": {"s3": ["team-env-state"]}, "dynamodb": ["tf-locks"],
        "apply": [{}, {"workspace": "blue"}],
        # a digest table whose item does not match the state, and one with no item (no check)
        "objects": {"dynamodb": {"tf-locks-stale.jsonl": json.dumps(
            {"Digest": {"S": "0123456789abcdef0123456789abcdef"},
             "LockID": {"S": "team-env-state/core/terraform.tfstate-md5"}}).encode() + b"\n",
            "tf-locks-none.jsonl": b""}},
        "cases": [{"expr": ":workspaces"}, {"expr": ":workspaces", "workspace": "blue"}]
        + [{"expr": "terraform_data.vpc.output.name", "backend_config": ["dynamodb_table=tf-locks-none"],
            "note": "no digest item: nothing to check"},
           err("terraform_data.vpc.output.name", backend_config=["dynamodb_table=tf-locks-stale"],
               note="the digest item does not match the state")]
        + suite() + suite("blue", full=False) + suite("blue", via_env=True, full=False, cmds=False)
        + suite("green", present=False)
        + [err("terraform_data.vpc.id", env_over={"AWS_SECRET_ACCESS_KEY": "WRONG-s3-secret-0000000000000000000000000"}),
           err("terraform_data.vpc.id", env_over={"AWS_ACCESS_KEY_ID": "AKIAWRONGWRONGWRONG0"}),
           err("terraform_data.vpc.id", backend_config=["bucket=no-such-team-bucket"]),
           err("terraform_data.vpc.id", env_over={"AWS_ENDPOINT_URL_S3": "http://127.0.0.1:{{DEAD_PORT}}",
                                                  "AWS_ENDPOINT_URL_DYNAMODB": "http://127.0.0.1:{{DEAD_PORT}}"},
               note="server down: an error within 10 s (Terraform: about 13 s)")],
    },
    "s3-partial": {
        "backends": ["s3"], "bc": PARTIAL,
        "buckets": {"s3": ["team-partial-state"]},
        "override": '''terraform {
  backend "s3" {
    key                         = "apps/partial.tfstate"
    bucket                      = "team-partial-state"
    region                      = "{{S3_REGION}}"
    endpoints                   = { s3 = "{{S3_URL}}" }
    use_path_style              = true
    skip_credentials_validation = true
    skip_requesting_account_id  = true
  }
}
''', "apply_env": {"AWS_ACCESS_KEY_ID": "{{AWS_ACCESS_KEY_ID}}", "AWS_SECRET_ACCESS_KEY": "{{AWS_SECRET_ACCESS_KEY}}"},
        "apply": [{}, {"workspace": "dev"}],
        "cases": [{"expr": ":workspaces"}] + suite(full=True) + suite("dev", full=False)
        # the same settings as environment variables instead of key=value
        + [{"expr": "terraform_data.vpc.output.name", "bc_only": ["partial.s3.tfbackend", 'endpoints={ s3 = "{{S3_URL}}" }'],
            "env_over": {"AWS_ACCESS_KEY_ID": "{{AWS_ACCESS_KEY_ID}}", "AWS_SECRET_ACCESS_KEY": "{{AWS_SECRET_ACCESS_KEY}}"}},
           {"expr": "terraform_data.vpc.output.name", "bc_only": ["partial.s3.tfbackend", "access_key={{AWS_ACCESS_KEY_ID}}",
                                                                   "secret_key={{AWS_SECRET_ACCESS_KEY}}"],
            "env_over": {"AWS_ENDPOINT_URL_S3": "{{S3_URL}}"}},
           # a later -backend-config wins over an earlier one
           {"expr": "terraform_data.vpc.output.name", "bc_only": PARTIAL[:1] + ["bucket=no-such-bucket-first"] + PARTIAL[1:] + ["bucket=team-partial-state"]},
           err("terraform_data.vpc.output.name", bc_only=["partial.s3.tfbackend"] + PARTIAL[1:] + ["bucket=no-such-team-bucket"]),
           err("terraform_data.vpc.output.name", bc_only=PARTIAL[:1] + ['endpoints={ s3 = "{{S3_URL}}" }', "access_key={{AWS_ACCESS_KEY_ID}}",
                                                         "secret_key=WRONG-s3-secret-0000000000000000000000000"])],
    },
    "s3-initdone": {
        "backends": ["s3"], "no_init": True,
        "buckets": {"s3": ["team-initdone-state"]},
        "init_bc": ["bucket=team-initdone-state", "key=initdone/terraform.tfstate", "region={{S3_REGION}}",
                    'endpoints={ s3 = "{{S3_URL}}" }', "use_path_style=true", "skip_credentials_validation=true",
                    "skip_requesting_account_id=true", "access_key={{AWS_ACCESS_KEY_ID}}",
                    "secret_key={{AWS_SECRET_ACCESS_KEY}}", "workspace_key_prefix=stacks"],
        "override": '''terraform {
  backend "s3" {
    bucket                      = "team-initdone-state"
    key                         = "initdone/terraform.tfstate"
    region                      = "{{S3_REGION}}"
    endpoints                   = { s3 = "{{S3_URL}}" }
    use_path_style              = true
    skip_credentials_validation = true
    skip_requesting_account_id  = true
    access_key                  = "{{AWS_ACCESS_KEY_ID}}"
    secret_key                  = "{{AWS_SECRET_ACCESS_KEY}}"
    workspace_key_prefix        = "stacks"
  }
}
''', "apply": [{}, {"workspace": "qa"}],
        "cases": [{"expr": ":workspaces"}] + suite(full=True) + suite("qa", full=False),
    },
    "s3-edge": {
        "backends": ["s3"], "env": S3_CREDS,
        "buckets": {"s3": ["edge-state"]},
        "apply": [{"workspace": "good"}],
        "objects": {"s3": {"edge-state/edge.tfstate": b"", "edge-state/env:/corrupt/edge.tfstate": CORRUPT_STATE,
                           "edge-state/env:/future/edge.tfstate": FUTURE_STATE}},
        "cases": [{"expr": ":workspaces"}]
        + suite("good", full=False, cmds=False)
        + [{"expr": x, "note": "an empty object is no state"} for x in
           ["terraform_data.vpc", "length(terraform_data.node)", "1 + 1"]]
        + [err("terraform_data.vpc.output", workspace="corrupt"), err("1 + 1", workspace="corrupt"),
           err("terraform_data.vpc.output", workspace="future")],
    },
    "s3-assume-role": {
        "backends": ["s3"], "env": S3_CREDS,
        "buckets": {"s3": ["team-role-state"]},
        "apply": [{}, {"workspace": "blue"}],
        "cases": [{"expr": ":workspaces"}] + suite() + suite("blue", full=False, cmds=False)
        + [{"expr": "terraform_data.vpc.output.name",
            "backend_config": ['assume_role={ role_arn = "arn:aws:iam::123456789012:role/other-reader" }'],
            "note": "assume_role given by -backend-config (read as HCL)"},
           err("terraform_data.vpc.output.name",
               env_over={"AWS_SECRET_ACCESS_KEY": "WRONG-s3-secret-0000000000000000000000000"},
               note="AssumeRole denied: STS refuses the source credentials"),
           err("terraform_data.vpc.output.name", env_over={"AWS_ACCESS_KEY_ID": None, "AWS_SECRET_ACCESS_KEY": None},
               note="no source credentials for AssumeRole (the instance metadata service is skipped)"),
           err("terraform_data.vpc.output.name",
               backend_config=['endpoints={ s3 = "{{S3_URL}}", sts = "http://127.0.0.1:{{DEAD_PORT}}" }'],
               note="STS down: an error within 10 s")],
    },
    "s3-creds": {
        "backends": ["s3"], "env": {},
        "buckets": {"s3": ["team-creds-state"]},
        "apply": [{}], "apply_env": dict(S3_CREDS, AWS_EC2_METADATA_DISABLED="true"),
        "cases": [dict(c, note=f"credentials: {src}") for src, extra in [
            ("the block's profile in the block's shared_credentials_files", {"backend_config": PROFILE_BC,
                                                                            "env": NO_IMDS}),
            ("AWS_PROFILE with credential_process in AWS_CONFIG_FILE", {"env": PROC_ENV}),
            ("container credentials (aws_creds_server.py)", {"env": CONTAINER_ENV}),
            ("instance metadata, IMDSv2 (aws_creds_server.py)", {"env": IMDS_ENV}),
            ("SSO: the sso-session's cached token, the portal at AWS_ENDPOINT_URL_SSO (aws_creds_server.py)",
             {"env": SSO_ENV}),
        ] for c in [dict(extra, expr=x) for x in CREDS_EXPRS]]
        # web identity's values: test_s3_credentials.py (moto with IAM authentication on, as here,
        # fails on the unsigned AssumeRoleWithWebIdentity call)
        + [err("terraform_data.vpc.output.name", env=dict(WEB_ENV, AWS_WEB_IDENTITY_TOKEN_FILE="{{FIXTURES_DIR}}/s3-creds/aws/no-such-token"),
               note="web identity: the token file does not exist"),
           err("terraform_data.vpc.output.name", env=dict(PROC_ENV, AWS_PROFILE="proc-broken"),
               note="credential_process fails"),
           err("terraform_data.vpc.output.name", env=dict(CONTAINER_ENV, AWS_CONTAINER_AUTHORIZATION_TOKEN="wrong-container-auth-00"),
               note="container credentials: the endpoint refuses the authorization token"),
           err("terraform_data.vpc.output.name", backend_config=["profile=nobody"] + PROFILE_BC[1:], env=NO_IMDS,
               note="the named profile does not exist")]
        # the order of the sources, as Terraform walks it
        + [err("terraform_data.vpc.output.name", note="order: AWS_ACCESS_KEY_ID (wrong here) beats AWS_PROFILE",
               env=dict(NO_IMDS, AWS_PROFILE="reader", AWS_ACCESS_KEY_ID="AKIAWRONGWRONGWRONG0",
                        AWS_SECRET_ACCESS_KEY="WRONG-s3-secret-0000000000000000000000000",
                        AWS_SHARED_CREDENTIALS_FILE="{{FIXTURES_DIR}}/s3-creds/aws/credentials")),
           {"expr": "terraform_data.vpc.output.name", "note": "order: AWS_PROFILE when no AWS_* keys",
            "env": dict(NO_IMDS, AWS_PROFILE="reader",
                        AWS_SHARED_CREDENTIALS_FILE="{{FIXTURES_DIR}}/s3-creds/aws/credentials")},
           {"expr": "terraform_data.vpc.output.name",
            "note": "order: the block's profile beats AWS_ACCESS_KEY_ID (wrong here)",
            "backend_config": PROFILE_BC,
            "env": dict(NO_IMDS, AWS_ACCESS_KEY_ID="AKIAWRONGWRONGWRONG0",
                        AWS_SECRET_ACCESS_KEY="WRONG-s3-secret-0000000000000000000000000")},
           err("terraform_data.vpc.output.name", note="order: a missing AWS_PROFILE is an error, keys or not",
               env=dict(NO_IMDS, AWS_PROFILE="nobody", **S3_CREDS)),
           {"expr": "terraform_data.vpc.output.name",
            "note": "order: AWS_ACCESS_KEY_ID beats web identity (its token file missing here)",
            "env": dict(WEB_ENV, AWS_WEB_IDENTITY_TOKEN_FILE="{{FIXTURES_DIR}}/s3-creds/aws/no-such-token", **S3_CREDS)},
           err("terraform_data.vpc.output.name", note="order: a missing AWS_PROFILE is an error beside the block's keys too",
               backend_config=["access_key={{AWS_ACCESS_KEY_ID}}", "secret_key={{AWS_SECRET_ACCESS_KEY}}"],
               env=dict(NO_IMDS, AWS_PROFILE="nobody"))],
    },
    "gcs-prefix": {
        "backends": ["gcs"], "bc": GCS_BC,
        "buckets": {"gcs": ["team-gcs-state"]},
        "apply": [{}, {"workspace": "prod"}], "apply_env": {"GOOGLE_OAUTH_ACCESS_TOKEN": "{{GCS_TOKEN}}"},
        "objects": {"gcs": {"team-gcs-state/envs/app/hollow.tfstate": b"",
                            "team-gcs-state/envs/app/garbled.tfstate": CORRUPT_STATE}},
        "cases": [{"expr": ":workspaces"}, {"expr": ":workspaces", "workspace": "prod"}]
        + suite() + suite("prod", full=False)
        + [{"expr": "terraform_data.vpc.output.name", "workspace": "prod", "bc_only": [],
            "env_over": {"GOOGLE_OAUTH_ACCESS_TOKEN": "{{GCS_TOKEN}}"}}]
        + suite("stage", present=False, cmds=False)
        + [err("terraform_data.vpc.output", workspace="hollow", note="an empty object is an error on gcs"),
           err("terraform_data.vpc.output", workspace="garbled"),
           err("terraform_data.vpc.output", bc_only=["access_token=ya29.wrong-gcs-token-00"]),
           err("terraform_data.vpc.output", bc_only=GCS_BC + ["bucket=no-such-gcs-bucket"]),
           err("terraform_data.vpc.output", bc_only=GCS_BC + ["storage_custom_endpoint=http://127.0.0.1:{{DEAD_PORT}}/storage/v1/"],
               note="server down: Terraform retries for ever; terrace: an error within 10 s")],
    },
    "pg-reader": {
        "backends": ["pg"],
        "apply": [{"dir": "base"}, {"dir": "base", "workspace": "dev", "env": {"PG_CONN_STR": "{{PG_URL}}"}},
                  {"env": {"PG_CONN_STR": "{{PG_URL}}"}}, {"workspace": "blue", "env": {"PG_CONN_STR": "{{PG_URL}}"}}],
        "cases": [{"expr": ":workspaces"}, {"expr": ":workspaces", "workspace": "blue"}]
        + suite() + suite("blue", full=False)
        + [{"expr": x} for x in ["data.terraform_remote_state.base.outputs.vpc_name",
                                 "data.terraform_remote_state.base.outputs.nodes",
                                 "data.terraform_remote_state.base.outputs.token",
                                 "terraform_data.uses_base.output", "data.terraform_remote_state.base.workspace"]]
        + suite("orange", present=False, cmds=False)
        + [err("terraform_data.vpc.output", bc_only=["conn_str=postgres://{{PG_USER}}:pg-wrong-password-00@127.0.0.1:{{PG_PORT}}/{{PG_DB}}?sslmode=disable"]),
           err("terraform_data.vpc.output", bc_only=["conn_str=postgres://{{PG_USER}}:{{PG_PASSWORD}}@127.0.0.1:{{DEAD_PORT}}/{{PG_DB}}?sslmode=disable"],
               note="server down")],
    },
    "pg-tls": {
        # The TLS cluster (pg_tls.py); {{PG_PORT}} is a cluster without SSL. sslmode as lib/pq reads it.
        "backends": ["pg"], "pg_tls": True,
        "apply": [{}, {"workspace": "edge"}],
        "cases": [{"expr": ":workspaces"}]
        + [{"expr": x} for x in PG_TLS_VALUES]
        + [{"expr": "terraform_data.vpc.output.name", "workspace": "edge"}]
        + [{"expr": "terraform_data.vpc.output.name", "bc_only": [f"conn_str={PG_TLS_URL}?{q}"], "note": n}
           for q, n in [("sslmode=require", "encrypted, certificate not checked"),
                        ("sslmode=verify-full&sslrootcert={{PGTLS_CA_FILE}}", "the right root, the right name"),
                        ("sslmode=verify-ca&sslrootcert={{PGTLS_CA_FILE}}", "the right root"),
                        ("sslrootcert=/no/such/root.pem", "require ignores a root file that does not exist"),
                        ("sslmode=disable", "plain: the server also takes plain connections")]]
        + [{"expr": "terraform_data.vpc.output.name", "note": "verify-ca checks no name",
            "bc_only": [f"conn_str={PG_TLS_LOCALHOST}?sslmode=verify-ca&sslrootcert={{{{PGTLS_CA_FILE}}}}"]},
           {"expr": "terraform_data.vpc.output.name", "note": "key=value form",
            "bc_only": ["conn_str=host=127.0.0.1 port={{PGTLS_PORT}} user={{PG_USER}} password={{PG_PASSWORD}} "
                        "dbname={{PG_DB}} sslmode=verify-full sslrootcert={{PGTLS_CA_FILE}}"]},
           {"expr": "length(terraform_data.node)", "note": "PGSSLMODE and PGSSLROOTCERT",
            "env": {"PGSSLMODE": "verify-full", "PGSSLROOTCERT": "{{PGTLS_CA_FILE}}"}},
           {"expr": "terraform_data.vpc.output.name", "note": "verify-full with the system roots (SSL_CERT_FILE)",
            "bc_only": [f"conn_str={PG_TLS_URL}?sslmode=verify-full"], "env": {"SSL_CERT_FILE": "{{PGTLS_CA_FILE}}"}},
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_TLS_URL}?sslmode=verify-full&sslrootcert={{{{PGTLS_OTHER_CA_FILE}}}}"],
               note="verify-full, a root that did not sign the server's certificate"),
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_TLS_URL}?sslrootcert={{{{PGTLS_OTHER_CA_FILE}}}}"],
               note="require with an existing root file checks the chain (as verify-ca)"),
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_TLS_LOCALHOST}?sslmode=verify-full&sslrootcert={{{{PGTLS_CA_FILE}}}}"],
               note="verify-full: the certificate is for 127.0.0.1, not localhost"),
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_TLS_URL}?sslmode=verify-full"],
               note="verify-full, the system roots do not hold the test CA"),
           err("terraform_data.vpc.output.name", env={"PGSSLMODE": "verify-full", "PGSSLROOTCERT": "{{PGTLS_OTHER_CA_FILE}}"},
               note="PGSSLROOTCERT, the wrong root"),
           err("terraform_data.vpc.output.name", bc_only=["conn_str=postgres://{{PG_USER}}:{{PG_PASSWORD}}@127.0.0.1:{{PG_PORT}}/{{PG_DB}}"],
               note="a server without SSL, no sslmode: lib/pq requires TLS"),
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_TLS_URL}?sslmode=prefer"],
               note="lib/pq 1.10 knows no sslmode prefer"),
           {"expr": "terraform_data.vpc.output.name", "note": "a client certificate (sslcert, sslkey), no password",
            "bc_only": [f"conn_str={PG_CERT_URL}?sslmode=verify-full&sslrootcert={{{{PGTLS_CA_FILE}}}}"
                        "&sslcert={{PGTLS_CLIENT_CERT}}&sslkey={{PGTLS_CLIENT_KEY}}"]},
           {"expr": "length(terraform_data.node)", "note": "a client certificate from PGSSLCERT and PGSSLKEY",
            "bc_only": [f"conn_str={PG_CERT_URL}"],
            "env": {"PGSSLCERT": "{{PGTLS_CLIENT_CERT}}", "PGSSLKEY": "{{PGTLS_CLIENT_KEY}}"}},
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_CERT_URL}?sslmode=require"],
               note="a role that logs in with a client certificate only, none given"),
           err("terraform_data.vpc.output.name", bc_only=[f"conn_str={PG_CERT_URL}"],
               env={"PGSSLCERT": "{{PGTLS_CLIENT_CERT}}", "PGSSLKEY": "{{PGTLS_CLIENT_KEY_OPEN}}"},
               note="a client key others may read"),
           {"expr": "terraform_data.vpc.output.name", "note": "the password from PGPASSFILE",
            "bc_only": ["conn_str=postgres://{{PG_USER}}@127.0.0.1:{{PGTLS_PORT}}/{{PG_DB}}"],
            "env": {"PGPASSFILE": "{{PGTLS_PGPASS_FILE}}"}}],
    },
    "azurerm-env": {
        "backends": ["azurerm"], "env": AZ_ENV,
        "buckets": {"azurerm": ["states"]},
        "apply": [{}, {"workspace": "qa"}],
        "objects": {"azurerm": {"states/core.tfstateenv:hollow": b""}},
        "cases": [{"expr": ":workspaces"}]
        + suite() + suite("qa", full=False) + suite("qa", full=False, via_env=True, cmds=False)
        + [{"expr": x, "workspace": "hollow", "note": "an empty blob is no state"} for x in
           ["terraform_data.vpc", "length(terraform_data.node)"]]
        + [err("terraform_data.vpc.output", env_over={"ARM_ACCESS_KEY": servers.WRONG[5]}),
           err("terraform_data.vpc.output", bc_only=["container_name=no-such-container"])],
    },
    "http-env": {
        "backends": ["http"], "env": HTTP_ENV,
        "apply": [{}],
        "cases": suite()
        + [{"expr": "terraform_data.vpc.output.name", "bc_only": ["address={{HTTP_AUTH_URL}}/teams/core/state"],
            "env_over": {"TF_HTTP_ADDRESS": None}},
           {"expr": "terraform_data.vpc.output.name", "bc_only": ["username={{HTTP_USER}}", "password={{HTTP_PASSWORD}}"],
            "env_over": {"TF_HTTP_USERNAME": None, "TF_HTTP_PASSWORD": None}},
           {"expr": "terraform_data.vpc", "bc_only": ["address={{HTTP_AUTH_URL}}/teams/core/none"],
            "note": "404: no state"},
           err("terraform_data.vpc.output", env_over={"TF_HTTP_PASSWORD": servers.WRONG[3]}, note="403"),
           err("terraform_data.vpc.output", env_over={"TF_HTTP_PASSWORD": None, "TF_HTTP_USERNAME": None}, note="401"),
           err("terraform_data.vpc.output", env_over={"TF_HTTP_ADDRESS": "http://127.0.0.1:{{DEAD_PORT}}/teams/core/state"},
               note="server down"),
           err("terraform_data.vpc.output", env_over={"TF_WORKSPACE": "dev"}, note="http has no workspaces")],
    },
    "unsupported": {
        "backends": [], "no_backend_oracle": True,
        "cases": [{"expr": "1 + 1"}, {"expr": "local.zones"}, {"expr": 'upper("eu")'},
                  err("terraform_data.app.output",
                      note="terrace: an error naming the consul backend (Terraform, with no state: known after apply)"),
                  {"expr": "1 + 1", "backend_config": ["path=terraform/other"]}],
    },
}

TFC_ENV = {"TF_CLI_CONFIG_FILE": "cli.tfrc", "SSL_CERT_FILE": "{{TFC_CA_FILE}}"}
TFC_STATES = {"core-prod": ("s3-env-lock", "s3/team-env-state/core/terraform.tfstate", ["core", "prod"]),
              "core-dev": ("s3-env-lock", "s3/team-env-state/workspaces/blue/core/terraform.tfstate", ["core"])}

# Workspace variables (tfc-cloud-vars): what the workspaces of organization vars-org hold besides their
# state. Sensitive values are in the store only: the server answers null for them, as HCP Terraform does.
TFC_VARS = [
    {"key": "region", "value": "us-east-2"},
    {"key": "replicas", "value": "3"},
    {"key": "zones", "value": '["a", "b"]', "hcl": True},
    {"key": "labels", "value": '{ team = "core", tier = 2 }', "hcl": True},
    {"key": "owner", "value": "remote-owner"},
    {"key": "db_password", "value": "pw-remote-3f9a1c", "sensitive": True},
    {"key": "api_key", "value": "key-remote-8d2e4b", "sensitive": True},
    {"key": "settings", "value": '{ size = 3, name = "x" }', "hcl": True},
    {"key": "flag", "value": "true", "category": "env"},
    {"key": "from_env", "value": "remote-from-env"},
    {"key": "undeclared", "value": "nobody reads this"},
]
TFC_STATES.update({
    "team-vars": ("s3-env-lock", "s3/team-env-state/core/terraform.tfstate", ["vars"]),
    "team-vars-local": ("s3-env-lock", "s3/team-env-state/core/terraform.tfstate", ["vars"]),
    "team-vars-bad": ("s3-env-lock", "s3/team-env-state/core/terraform.tfstate", ["vars"]),
    "team-vars-types": ("s3-env-lock", "s3/team-env-state/core/terraform.tfstate", ["vars"]),
    "team-vars-broken": ("s3-env-lock", "s3/team-env-state/core/terraform.tfstate", ["vars"]),
})
TFC_META = {
    "team-vars": {"execution-mode": "remote", "vars": TFC_VARS},
    "team-vars-local": {"execution-mode": "local", "vars": TFC_VARS},
    "team-vars-bad": {"execution-mode": "remote", "vars": [{"key": "zones", "value": "[1,", "hcl": True},
                                                            {"key": "region", "value": "us-west-1"}]},
    "team-vars-broken": {"execution-mode": "remote", "vars-status": 403, "vars": TFC_VARS},
    "team-vars-types": {"execution-mode": "agent", "vars": [{"key": "replicas", "value": "many"},
                                                             {"key": "zones", "value": "a,b"},
                                                             {"key": "region", "value": "ap-south-1"}]},
}
VAR_EXPRS = ["var.region", "var.replicas", "var.zones", "var.labels", "var.owner", "var.db_password", "var.api_key",
             "var.settings", "var.flag", "var.from_env", "local.summary"]


def tfc_suite(ws, local_ws, state, full=True, **kw):
    """Value cases for a tfc fixture: terrace's --workspace ws (local_ws: the name Terraform gives it,
    state: the HCP workspace holding it, both for the reader of this file)."""
    return suite(ws, full=full, **kw)


RECIPES.update({
    "tfc-cloud-name": {
        "backends": [], "backend": "tfc", "env": TFC_ENV, "tfc": ["core-prod"],
        "cases": [{"expr": ":workspaces"}] + tfc_suite(None, "core-prod", "core-prod")
        + [err("terraform_data.vpc.output", env_over={"TF_CLI_CONFIG_FILE": "cli-wrong.tfrc"}, note="wrong token: 401"),
           err("terraform_data.vpc.output", env_over={"TF_CLI_CONFIG_FILE": None}, note="no token"),
           err("terraform_data.vpc.output", env_over={"SSL_CERT_FILE": None}, note="certificate not trusted")],
    },
    "tfc-remote-prefix": {
        "backends": [], "backend": "tfc", "bc": ["token={{TFC_TOKEN}}"], "env": {"SSL_CERT_FILE": "{{TFC_CA_FILE}}"},
        "tfc": ["core-prod", "core-dev"],
        "cases": [{"expr": ":workspaces", "workspace": "prod"}]
        + tfc_suite("prod", "prod", "core-prod") + tfc_suite("dev", "dev", "core-dev", full=False)
        + tfc_suite("dev", "dev", "core-dev", full=False, via_env=True, cmds=False)
        + [err("terraform_data.vpc.output", workspace="prod", bc_only=["token=tfc-wrong-token.000000000000000000"],
               note="wrong token: 401"),
           err("terraform_data.vpc.output", workspace="prod", bc_only=["token={{TFC_TOKEN}}", "organization=no-such-org"],
               note="unknown organization: 404"),
           err("terraform_data.vpc.output", workspace="prod", bc_only=["token={{TFC_TOKEN}}", "hostname=127.0.0.1:{{DEAD_PORT}}"],
               note="server down")],
    },
    "tfc-cloud-tags": {
        "backends": [], "backend": "tfc", "env": TFC_ENV, "tfc": ["core-prod", "core-dev"],
        "cases": [{"expr": ":workspaces", "workspace": "core-dev"}]
        + tfc_suite("core-dev", "core-dev", "core-dev", full=False)
        + tfc_suite("core-prod", "core-prod", "core-prod", full=False, via_env=True, cmds=False)
        + [err("terraform_data.vpc.output", workspace="core-dev", env_over={"TF_CLI_CONFIG_FILE": "cli-wrong.tfrc"},
               note="wrong token: 401")],
    },
    "tfc-cloud-vars": {
        "backends": [], "backend": "tfc", "env": TFC_ENV, "tfc_org": "vars-org",
        "tfc": ["team-vars", "team-vars-local", "team-vars-bad", "team-vars-types", "team-vars-broken"],
        "cases": [{"expr": ":workspaces", "workspace": "team-vars"}]
        + [{"expr": x, "workspace": "team-vars"} for x in VAR_EXPRS]
        + [{"expr": "var.from_env", "workspace": "team-vars", "env": {"TF_VAR_from_env": "env-wins"},
            "note": "TF_VAR_ wins over the workspace"},
           {"expr": "var.owner", "workspace": "team-vars", "env": {"TF_VAR_owner": "env-owner"},
            "note": "terraform.tfvars wins over TF_VAR_ and the workspace"}]
        + [{"expr": x, "workspace": "team-vars-local", "note": "local execution mode: no workspace variables"}
           for x in ["var.region", "var.replicas", "var.api_key", "var.owner"]]
        + [{"expr": x, "workspace": "team-vars-types", "note": "agent execution mode: the variables are used"}
           for x in ["var.region"]]
        + [err("var.region", workspace="team-vars-bad", note="a workspace variable marked HCL that is not valid HCL"),
           err("1 + 1", workspace="team-vars-bad", note="the console does not start"),
           err("var.replicas", workspace="team-vars-types", note="a string that is no number, for a number variable"),
           err("var.zones", workspace="team-vars-types", note="a string (not HCL) for a list variable"),
           err("1 + 1", workspace="team-vars-broken", note="the server refuses to list the variables (403)")],
    },
})


def phase_tfc(name, r):
    """backend-content/tfc/ORG/ (acme unless the recipe says): the Terraform-written states of another
    fixture as HCP workspaces, with the workspace settings of TFC_META."""
    out = os.path.join(FIXTURES, name, "backend-content", "tfc", r.get("tfc_org", "acme"))
    shutil.rmtree(os.path.join(FIXTURES, name, "backend-content"), ignore_errors=True)
    os.makedirs(out)
    for ws in r["tfc"]:
        src, rel, tags = TFC_STATES[ws]
        shutil.copyfile(os.path.join(FIXTURES, src, "backend-content", rel), os.path.join(out, ws + ".tfstate"))
        with open(os.path.join(out, ws + ".json"), "w") as f:
            f.write(json.dumps(dict({"tags": tags}, **TFC_META.get(ws, {}))) + "\n")


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def clean_env(extra, ph, home):
    env = {k: v for k, v in os.environ.items() if not k.startswith(run_remote.STRIP)}
    env.update(NO_COLOR="1", HOME=home, CHECKPOINT_DISABLE="1")
    for k, v in (extra or {}).items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = run_remote.fill(v, ph)
    return env


def scrub(text, ph):
    """Placeholder values back to {{NAME}} (longest first), so no port or secret is stored."""
    for k, v in sorted(ph.items(), key=lambda kv: -len(kv[1])):
        if len(v) >= 6 and k not in ("S3_REGION", "PG_USER", "PG_DB", "AZ_ACCOUNT"):
            text = text.replace(v, "{{" + k + "}}")
    for s in servers.Servers.secrets() + aws_creds_server.secrets_list():
        text = text.replace(s, "{{SECRET}}")
    return text


def scratch_copy(name, dst, ph, with_dot_terraform=True):
    src = os.path.join(FIXTURES, name)
    ign = ["backend-content"] + ([] if with_dot_terraform else [".terraform"])
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(*ign))
    for dp, dn, fn in os.walk(dst):
        for f in fn:
            p = os.path.join(dp, f)
            with open(p, encoding="utf-8") as fh:
                t = fh.read()
            if "{{" in t:
                with open(p, "w", encoding="utf-8") as fh:
                    fh.write(run_remote.fill(t, ph))


def make_buckets(srv, r, tmp):
    if "s3" in r.get("backends", []):
        harness.create_roles(srv)
    d = os.path.join(tmp, "empty", "backend-content")
    for b, names in r.get("buckets", {}).items():
        for n in names:
            os.makedirs(os.path.join(d, b, n), exist_ok=True)
    if os.path.isdir(d):
        srv.load([d])
    if r.get("dynamodb"):
        ddb = srv._boto("dynamodb")
        for t in r["dynamodb"]:
            ddb.create_table(TableName=t, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "LockID", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "LockID", "KeyType": "HASH"}])


def phase_apply(name, r, tmp):
    out = os.path.join(FIXTURES, name, "backend-content")
    tls = None
    if r.get("pg_tls"):
        tls = pg_tls.TlsPg(os.path.join(tmp, "apply-servers")).start()
        srv = tls.srv
    else:
        srv = servers.Servers(os.path.join(tmp, "apply-servers"), r["backends"]).start()
    try:
        make_buckets(srv, r, tmp)
        ph = srv.placeholders()
        if tls:
            ph.update(tls.placeholders())
        home = os.path.join(tmp, "home")
        os.makedirs(home, exist_ok=True)
        work = os.path.join(tmp, "apply-fixture")
        scratch_copy(name, work, ph, with_dot_terraform=False)
        if r.get("override"):
            with open(os.path.join(work, "zz_backend_override.tf"), "w") as f:
                f.write(run_remote.fill(r["override"], ph))
        for step in r.get("apply", []):
            d = os.path.join(work, step.get("dir", "."))
            argv = [TF_CONSOLE, "--dir", d, "--apply"]
            if step.get("workspace"):
                argv += ["--workspace", step["workspace"]]
            env = clean_env(dict(r.get("env", {}), **r.get("apply_env", {}), **step.get("env", {})), ph, home)
            t0 = time.time()
            p = subprocess.run(argv + ["terraform.workspace"], env=env, capture_output=True, text=True, timeout=300)
            log(f"  apply {name} {step}: rc={p.returncode} {p.stdout.strip()} ({time.time() - t0:.1f} s)")
            if p.returncode:
                raise RuntimeError(scrub(p.stderr, ph))
        for b, objs in r.get("objects", {}).items():
            d = os.path.join(tmp, "hand-made", "backend-content")
            for rel, data in objs.items():
                p = os.path.join(d, b, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "wb") as f:
                    f.write(data)
            srv.load([d])
            shutil.rmtree(d)
        if r.get("init_bc"):  # what `terraform init -backend-config=...` leaves in .terraform/
            w = os.path.join(tmp, "init-fixture")
            scratch_copy(name, w, ph, with_dot_terraform=False)
            cmd = subprocess.run([os.path.join(SHARED, "oracle", "setup.sh")], capture_output=True, text=True,
                                 check=True).stdout.split()
            env = clean_env({"TF_CLI_CONFIG_FILE": "/tmp/terrace-oracle/empty.tfrc"}, ph, home)
            p = subprocess.run(cmd + ["init", "-no-color", "-input=false"] +
                               [f"-backend-config={run_remote.fill(b, ph)}" for b in r["init_bc"]],
                               cwd=w, env=env, capture_output=True, text=True, timeout=300)
            if p.returncode:
                raise RuntimeError("init: " + scrub(p.stderr, ph))
            dst = os.path.join(FIXTURES, name, ".terraform")
            shutil.rmtree(dst, ignore_errors=True)
            for rel in ("terraform.tfstate", "modules/modules.json"):
                s = os.path.join(w, ".terraform", rel)
                os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
                with open(s, encoding="utf-8") as fh:
                    t = fh.read()
                for k in ("S3_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
                    t = t.replace(ph[k], "{{" + k + "}}")
                with open(os.path.join(dst, rel), "w", encoding="utf-8") as fh:
                    fh.write(t)
        shutil.rmtree(out, ignore_errors=True)
        srv.dump(out)
    finally:
        srv.stop()


def expand(name, r):
    """Each recipe case as stored: fixture env/backend-config merged, with overrides applied."""
    res = []
    for c in r["cases"]:
        c = dict(c)
        env = dict(r.get("env", {}))
        env.update(c.pop("env", {}))
        for k, v in c.pop("env_over", {}).items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = v
        bc = c.pop("bc_only") if "bc_only" in c else list(r.get("bc", [])) + c.get("backend_config", [])
        out = {"module": name, "backend": r.get("backend") or (r["backends"][0] if r["backends"] else "consul"),
               "expr": c["expr"]}
        if c.get("local"):
            out["local"] = c["local"]
        if c.get("workspace"):
            out["workspace"] = c["workspace"]
        if bc:
            out["backend_config"] = bc
        if env:
            out["env"] = env
        if c.get("note"):
            out["note"] = c["note"]
        out["expect_error"] = c.get("expect_error", False)
        res.append(out)
    return res


def oracle_cmd():
    return subprocess.run([os.path.join(SHARED, "oracle", "setup.sh")], capture_output=True, text=True,
                          check=True).stdout.split()


ANSI = re.compile(r"\x1b\[[0-9;]*m")
BOX = re.compile(r"^╷\n(?:│.*\n)*╵\n\n*", re.M)
DEPRECATED = re.compile(r"\n*Warning: Deprecated Parameter\n\n(?:.+\n)*?instead\.\n?")


def strip_warnings(out, err):
    """Terraform prints some warnings (e.g. `dynamodb_table` deprecated) on stdout around the answer:
    they go to stderr, as terrace prints its warnings there."""
    out = ANSI.sub("", out)
    # `workspace list` under TF_WORKSPACE adds a note about that variable (terrace takes --workspace)
    cut = out.find("\n\nThe active workspace is being overridden using the TF_WORKSPACE")
    if cut >= 0:
        err += out[cut:]
        out = out[:cut].rstrip("\n") + "\n"
    for rx in (BOX, DEPRECATED):
        for m in rx.finditer(out):
            err += m.group(0)
        out = rx.sub("", out)
    # one warning after another (the cloud block warns for each sensitive workspace variable)
    while out.startswith("\nWarning: "):
        m = re.match(r"(\nWarning: .*?\n\n(?:.*\n)*?\n)(?=[^\n])", out)
        if not m:
            break
        out, err = out[m.end():], err + m.group(1)
        if out.startswith("Warning: "):  # the next one, its blank line taken by the match above
            out = "\n" + out
    return out, err


def ask(name, r, c, fx, ph, home, cmd):
    """Terraform's answer for one case: (status, stdout, stderr)."""
    env = clean_env(c.get("env"), ph, home)
    env.setdefault("TF_CLI_CONFIG_FILE", "/tmp/terrace-oracle/empty.tfrc")
    tfc = r.get("backend") == "tfc"
    if tfc and c.get("workspace"):
        env["TF_WORKSPACE"] = c["workspace"]
    d = os.path.join(fx, name)
    expr = c["expr"]
    if r.get("no_backend_oracle"):  # no state: the same configuration without its backend block
        with tempfile.TemporaryDirectory() as t:
            w = os.path.join(t, name)
            shutil.copytree(d, w)
            with open(os.path.join(w, "main.tf")) as f:
                src = f.read()
            src = re.sub(r'terraform \{.*?\n\}\n', "", src, count=1, flags=re.S)
            with open(os.path.join(w, "main.tf"), "w") as f:
                f.write(src)
            p = subprocess.run([TF_CONSOLE, "--dir", w, expr], env=env, capture_output=True, text=True, timeout=120)
            return p.returncode, p.stdout, p.stderr
    if not expr.startswith(":") and not r.get("no_init") and not tfc:
        argv = [sys.executable, ORACLE_TERRACE, "--dir", d]
        if c.get("workspace"):
            argv += ["--workspace", c["workspace"]]
        for b in c.get("backend_config", []):
            argv += ["--backend-config", run_remote.fill(b, ph)]
        p = subprocess.run(argv + ["-e", expr], env=env, capture_output=True, text=True, timeout=200)
        return p.returncode, p.stdout, p.stderr
    with tempfile.TemporaryDirectory() as t:
        w = os.path.join(t, name)
        shutil.copytree(d, w)
        # HCP Terraform: init needs the workspace (`default` does not exist with a prefix or tags)
        init_env = dict(env) if tfc else {k: v for k, v in env.items() if k != "TF_WORKSPACE"}
        if not r.get("no_init"):
            p = subprocess.run(cmd + ["init", "-no-color", "-input=false"] +
                               [f"-backend-config={run_remote.fill(b, ph)}" for b in c.get("backend_config", [])],
                               cwd=w, env=init_env, capture_output=True, text=True, timeout=200)
            if p.returncode:
                return p.returncode, "", p.stderr or p.stdout
        if c.get("workspace"):
            env["TF_WORKSPACE"] = c["workspace"]
        word = expr.split(" ", 1)
        args = {":state": ["state", "list"], ":outputs": ["output", "-no-color"],
                ":workspaces": ["workspace", "list"],
                ":show": ["state", "show", "-no-color"] + word[1:]}.get(word[0])
        stdin = None
        if args is None:
            args, stdin = ["console", "-no-color"], expr
        p = subprocess.run(cmd + args, cwd=w, env=env, capture_output=True, text=True, input=stdin, timeout=200)
        out, err = strip_warnings(p.stdout, p.stderr)
        return p.returncode, out, err


def start_tfc(tmp, name):
    """This folder's HCP Terraform server over HTTPS, serving FIXTURE/backend-content/tfc."""
    d = os.path.join(tmp, "tfc")
    os.makedirs(d)
    ca, cert, key = servers.make_certs(d)
    port = servers.free_port()
    log = os.path.join(d, "requests.jsonl")
    p = subprocess.Popen([sys.executable, os.path.join(HERE, "tfc_server.py"), "--port", str(port), "--log", log,
                          "--store", os.path.join(FIXTURES, name, "backend-content", "tfc"),
                          "--token", TFC_TOKEN, "--tls-cert", cert, "--tls-key", key],
                         stdin=subprocess.DEVNULL, start_new_session=True)
    while not os.path.exists(log + ".ready"):
        if p.poll() is not None:
            raise RuntimeError("tfc server failed")
        time.sleep(0.05)
    return p, {"TFC_HOST": f"127.0.0.1:{port}", "TFC_URL": f"https://127.0.0.1:{port}", "TFC_TOKEN": TFC_TOKEN,
               "TFC_CA_FILE": ca}


def phase_cases(name, r, tmp):
    srv = servers.Servers(os.path.join(tmp, "case-servers"), r["backends"] or ["http"]).start()
    tfc = tls = None
    try:
        bc = os.path.join(FIXTURES, name, "backend-content")
        if r.get("pg_tls"):
            tls = pg_tls.TlsPg(os.path.join(tmp, "case-tls-servers")).start()
            tls.srv.load([bc])
        elif os.path.isdir(bc):
            srv.load([bc])
        if "s3" in r["backends"]:
            harness.create_roles(srv)
        ph = srv.placeholders()
        if tls:
            ph.update(tls.placeholders())
        if r.get("backend") == "tfc":
            tfc, more = start_tfc(tmp, name)
            ph.update(more)
        home = os.path.join(tmp, "case-home")
        os.makedirs(home, exist_ok=True)
        fx = os.path.join(tmp, "case-fixtures")
        creds_port = servers.free_port()
        creds = aws_creds_server.serve(creds_port, os.path.join(tmp, "aws-creds.jsonl"),
                                       harness.role_session(srv) if "s3" in r["backends"] else None)
        ph.update(aws_creds_server.placeholders(creds_port, fx))
        run_remote.prepare_fixtures(FIXTURES, fx, ph, {name})
        cmd = oracle_cmd()
        res = []
        for c in expand(name, r):
            t0 = time.time()
            rc, out, err = ask(name, r, c, fx, ph, home, cmd)
            dt = time.time() - t0
            want_err = c.pop("expect_error")
            if want_err:
                if rc == 0 and not c.get("note", "").startswith("terrace:"):
                    raise RuntimeError(f"{name} {c}: Terraform answered {out!r}, an error case expected")
                c.update(out="", error=True,
                         tf_error=scrub(" ".join(err.replace("│", " ").replace("╷", " ").replace("╵", " ").split()), ph)[:600]
                         if rc else "(none: " + scrub(out.strip(), ph) + ")")
            else:
                if rc != 0:
                    raise RuntimeError(f"{name} {c}: Terraform failed: {scrub(err, ph)[-1500:]}")
                if out.endswith("\n"):
                    out = out[:-1]
                c.update(out=scrub(out, ph), error=False)
            c["tf_secs"] = round(dt, 1)
            log(f"  {name} {c['expr']!r} ws={c.get('workspace')} -> {'ERR' if c['error'] else c['out'][:60]!r} ({dt:.1f} s)")
            res.append(c)
        return res
    finally:
        srv.stop()
        if "creds" in locals():
            creds.shutdown()
        if tls is not None:
            tls.stop()
        if tfc is not None:
            tfc.terminate()
            tfc.wait()


def main():
    cases_only = "--cases-only" in sys.argv  # keep backend-content/ as it is: only ask the oracle again
    names = [a for a in sys.argv[1:] if not a.startswith("--")] or list(RECIPES)
    old = [json.loads(l) for l in open(CASES, encoding="utf-8")] if os.path.exists(CASES) else []
    for name in names:
        r = RECIPES[name]
        log(f"{name}:")
        with tempfile.TemporaryDirectory(prefix="rs-record-") as tmp:
            if r.get("apply") and not cases_only:
                phase_apply(name, r, tmp)
            if r.get("tfc") and not cases_only:
                phase_tfc(name, r)
            cases = phase_cases(name, r, tmp)
        old = [c for c in old if c["module"] != name] + cases
        order = {n: i for i, n in enumerate(RECIPES)}
        old.sort(key=lambda c: order.get(c["module"], 99))
        with open(CASES, "w", encoding="utf-8") as f:
            for c in old:
                f.write(json.dumps(c) + "\n")
        log(f"{name}: {len(cases)} cases")


if __name__ == "__main__":
    main()
