"""The s3 backend's credential chain beyond cases.jsonl: which source answered (the credential server's
log), web identity against a moto whose STS takes unsigned calls, bounded time when an STS or metadata
endpoint hangs, Ctrl-C while a role is being assumed, no secret shown anywhere.

Expectations are the oracle's: the s3-creds and s3-assume-role cases recorded from Terraform 1.15.5 (for
web identity, the answers Terraform gave for the same Terraform-written state through the other
sources: the suite's moto checks every request's signature and fails on STS's unsigned
AssumeRoleWithWebIdentity, so Terraform could not be recorded through it)."""
import os, signal, socket, subprocess, sys, tempfile, time

import pytest

import harness
from test_console import Console, case_env

CASES = harness.load_cases()
WEB_ROLE = "arn:aws:iam::123456789012:role/terrace-web"


def recorded(module, note_part, expr="terraform_data.vpc.output.name"):
    return next(c for c in CASES if c["module"] == module and not c["error"] and c["expr"] == expr
                and note_part in c.get("note", ""))


@pytest.mark.parametrize("source,kinds", [
    ("container credentials", ["container"]),
    ("instance metadata", ["imds"]),
    ("SSO", ["sso"]),
    ("credential_process", []),
])
def test_the_source_named_is_the_one_asked(rs_env, gate, source, kinds):
    """Each recorded source's case again, with the credential server's log: only that endpoint was
    asked (IMDSv2: the session token first, by PUT), and its credentials were used on S3."""
    c = recorded("s3-creds", source)
    fx = os.path.join(rs_env.fixtures, "s3-creds")
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    seen = len(rs_env.creds_requests())
    r = harness.run_terrace(rs_env.binary, fx, c, rs_env.ph, rs_env.home)
    asked = rs_env.creds_requests()[seen:]
    try:
        assert r["rc"] == 0 and r["out"].rstrip("\n") == harness.fill(c["out"], rs_env.ph), r
        assert sorted({a["kind"] for a in asked}) == kinds, asked
        assert all(a["status"] == 200 for a in asked), asked
        if kinds == ["imds"]:
            assert (asked[0]["method"], asked[0]["path"]) == ("PUT", "/latest/api/token"), asked
            assert [a["method"] for a in asked[1:]] == ["GET"] * (len(asked) - 1), asked
    finally:
        harness.assert_safe(rs_env, "s3", mark, tmark, [r], fx, before)


# -- web identity, against a moto that takes unsigned STS calls ----------------------------------

@pytest.fixture(scope="module")
def open_moto(rs_env):
    """A second moto (IAM authentication off, as moto starts by default) holding the s3-creds
    fixture's objects, the ones Terraform wrote."""
    import boto3
    port = harness.servers.free_port()
    moto = os.path.join(os.path.dirname(sys.executable), "moto_server")
    log = tempfile.TemporaryFile()
    p = subprocess.Popen([moto, "-H", "127.0.0.1", "-p", str(port)], stdout=log, stderr=log,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    s3 = boto3.client("s3", endpoint_url=url, region_name=harness.servers.S3_REGION,
                      aws_access_key_id="setup", aws_secret_access_key="setup")
    t0 = time.time()
    while True:
        try:
            s3.list_buckets()
            break
        except Exception:
            if time.time() - t0 > 30 or p.poll() is not None:
                raise RuntimeError("moto_server did not start")
            time.sleep(0.2)
    src = os.path.join(harness.FIXTURES, "s3-creds", "backend-content", "s3")
    for bucket in os.listdir(src):
        s3.create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": harness.servers.S3_REGION})
        for dp, _dn, fn in os.walk(os.path.join(src, bucket)):
            for f in fn:
                key = os.path.relpath(os.path.join(dp, f), os.path.join(src, bucket))
                with open(os.path.join(dp, f), "rb") as fh:
                    s3.put_object(Bucket=bucket, Key=key, Body=fh.read())

    def contents():
        out = {}
        for b in s3.list_buckets()["Buckets"]:
            for o in s3.list_objects_v2(Bucket=b["Name"]).get("Contents", []):
                out[(b["Name"], o["Key"])] = harness.sha(s3.get_object(Bucket=b["Name"], Key=o["Key"])["Body"].read())
        return out
    yield {"url": url, "contents": contents}
    os.killpg(p.pid, signal.SIGTERM)
    p.wait(10)


def web_fixture(rs_env, tmp_path, open_moto, block=""):
    """A copy of s3-creds pointed at the open moto (S3 and STS), with `block` added to the backend."""
    import shutil
    fx = tmp_path / "s3-creds"
    shutil.copytree(os.path.join(rs_env.fixtures, "s3-creds"), fx)
    main = (fx / "main.tf").read_text().replace(rs_env.ph["S3_URL"], open_moto["url"])
    if block:
        main = main.replace("    skip_requesting_account_id  = true\n",
                            "    skip_requesting_account_id  = true\n" + block, 1)
    (fx / "main.tf").write_text(main)
    return str(fx)


@pytest.mark.parametrize("how", ["environment", "block"])
def test_web_identity(rs_env, gate, tmp_path, open_moto, how):
    """AssumeRoleWithWebIdentity at the STS endpoint: AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN, or
    the block's assume_role_with_web_identity; the answers Terraform gave for this state."""
    token = os.path.join(rs_env.fixtures, "s3-creds", "aws", "web-identity-token")
    if how == "environment":
        fx = web_fixture(rs_env, tmp_path, open_moto)
        env = {"AWS_WEB_IDENTITY_TOKEN_FILE": token, "AWS_ROLE_ARN": WEB_ROLE, "AWS_ROLE_SESSION_NAME": "terrace-ci",
               "AWS_ENDPOINT_URL_STS": open_moto["url"], "AWS_EC2_METADATA_DISABLED": "true"}
    else:
        fx = web_fixture(rs_env, tmp_path, open_moto, (
            "    assume_role_with_web_identity = {\n"
            f'      role_arn                = "{WEB_ROLE}"\n'
            f'      web_identity_token_file = "{token}"\n'
            '      session_name            = "terrace-ci"\n'
            '      duration                = "15m"\n'
            "    }\n"))
        env = {"AWS_EC2_METADATA_DISABLED": "true"}
    before_fx, before = harness.tree_digest(fx), open_moto["contents"]()
    results = []
    for expr in ("terraform_data.vpc.output.name", 'module.svc["front"].url', ":state"):
        c = recorded("s3-creds", "profile", expr)
        r = harness.run_terrace(rs_env.binary, fx, {"expr": expr, "env": env}, rs_env.ph, rs_env.home)
        results.append(r)
        assert r["rc"] == 0 and r["out"].rstrip("\n") == harness.fill(c["out"], rs_env.ph).rstrip("\n"), r
    assert open_moto["contents"]() == before
    assert harness.tree_digest(fx) == before_fx
    assert not harness.leaked(results)
    assert harness.aws_creds_server.FIXTURE_SECRETS["WEB_TOKEN"] not in "".join(r["err"] + r["out"] for r in results)


# -- errors: named, bounded, secret-free ---------------------------------------------------------

def test_denied_role_names_the_role_and_no_secret(rs_env, gate):
    c = next(c for c in CASES if c["module"] == "s3-assume-role" and "denied" in c.get("note", ""))
    fx = os.path.join(rs_env.fixtures, "s3-assume-role")
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    r = harness.run_terrace(rs_env.binary, fx, c, rs_env.ph, rs_env.home)
    try:
        assert r["rc"] == 1 and r["secs"] < 10, r
        assert '"s3" backend' in r["err"] and "arn:aws:iam::123456789012:role/terrace-state-reader" in r["err"], r
        assert "access denied" in r["err"], r
    finally:
        harness.assert_safe(rs_env, "s3", mark, tmark, [r], fx, before)


@pytest.fixture
def blackhole():
    """A port that accepts connections and never answers."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    yield s.getsockname()[1]
    s.close()


@pytest.mark.parametrize("where", ["sts", "imds", "container"])
def test_hung_credential_endpoint_is_an_error_within_10_s(rs_env, gate, blackhole, where):
    """STS (assume_role), the instance metadata service or the container endpoint accepts and never
    answers: a clear error within 10 s (Terraform retries for longer), status 1, no secret."""
    dead = f"http://127.0.0.1:{blackhole}"
    if where == "sts":
        module, env = "s3-assume-role", {"AWS_ACCESS_KEY_ID": "{{AWS_ACCESS_KEY_ID}}",
                                         "AWS_SECRET_ACCESS_KEY": "{{AWS_SECRET_ACCESS_KEY}}"}
        case = {"expr": "terraform_data.vpc.id", "env": env,
                "backend_config": [f'endpoints={{ s3 = "{{{{S3_URL}}}}", sts = "{dead}" }}']}
    elif where == "imds":
        module, case = "s3-creds", {"expr": "terraform_data.vpc.id",
                                    "env": {"AWS_EC2_METADATA_SERVICE_ENDPOINT": dead}}
    else:
        module, case = "s3-creds", {"expr": "terraform_data.vpc.id", "env": {
            "AWS_CONTAINER_CREDENTIALS_FULL_URI": dead + "/v2/credentials/task",
            "AWS_CONTAINER_AUTHORIZATION_TOKEN": "{{CONTAINER_AUTH}}", "AWS_EC2_METADATA_DISABLED": "true"}}
    fx = os.path.join(rs_env.fixtures, module)
    r = harness.run_terrace(rs_env.binary, fx, case, rs_env.ph, rs_env.home, timeout=20)
    assert r["rc"] == 1 and '"s3" backend' in r["err"], r
    assert r["secs"] < 10, r
    assert not harness.leaked([r])


def test_ctrl_c_while_assuming_a_role(rs_env, gate, blackhole):
    """The console starts, STS hangs; Ctrl-C cancels the fetch at once and the session goes on."""
    fx = os.path.join(rs_env.fixtures, "s3-assume-role")
    env = {"AWS_ACCESS_KEY_ID": "{{AWS_ACCESS_KEY_ID}}", "AWS_SECRET_ACCESS_KEY": "{{AWS_SECRET_ACCESS_KEY}}",
           "AWS_ENDPOINT_URL_STS": f"http://127.0.0.1:{blackhole}"}
    import shutil
    with tempfile.TemporaryDirectory() as t:
        work = os.path.join(t, "s3-assume-role")
        shutil.copytree(fx, work)
        main = open(os.path.join(work, "main.tf")).read()
        with open(os.path.join(work, "main.tf"), "w") as f:  # STS from the environment: the hung port
            f.write(main.replace(f', sts = "{rs_env.ph["S3_URL"]}"', ""))
        con = Console(rs_env.binary, work, case_env(rs_env, env))
        try:
            time.sleep(1.0)
            con.type("\x03")
            t0 = time.time()
            start = con.read_until("> ", timeout=5)
            assert time.time() - t0 < 2, start
            assert "cancel" in start.lower(), start
            con.type("1 + 1\r")
            assert "\n2\r\n" in con.read_until("> ")
        finally:
            con.close()
    assert not harness.leaked([{"out": con.seen, "err": ""}])
