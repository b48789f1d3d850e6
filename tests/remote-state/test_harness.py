"""The suite's own ground: fixtures and cases well-formed, servers loaded with exactly the fixtures'
content, the safety checks able to see a write. These run whatever terrace can do."""
import json, os, re, tempfile

import harness

CASES = harness.load_cases()
KNOWN_PH = {"S3_URL", "S3_PORT", "S3_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "PG_URL", "PG_PORT",
            "PG_USER", "PG_PASSWORD", "PG_DB", "HTTP_URL", "HTTP_AUTH_URL", "HTTP_USER", "HTTP_PASSWORD", "GCS_URL",
            "GCS_TOKEN", "AZ_ACCOUNT", "AZ_KEY", "AZ_PROXY", "AZ_CA_FILE", "DEAD_PORT", "TFC_HOST", "TFC_URL",
            "TFC_TOKEN", "TFC_CA_FILE", "PGTLS_PORT", "PGTLS_CA_FILE", "PGTLS_OTHER_CA_FILE",
            "PGTLS_CLIENT_CERT", "PGTLS_CLIENT_KEY", "PGTLS_CLIENT_KEY_OPEN",
            "PGTLS_PGPASS_FILE",
            "CREDS_URL", "FIXTURES_DIR", "CONTAINER_AUTH", "SSO_ACCESS_TOKEN", "WEB_TOKEN"}


def fixture_texts():
    for dp, dn, fn in os.walk(harness.FIXTURES):
        for f in fn:
            p = os.path.join(dp, f)
            with open(p, "rb") as fh:
                yield p, fh.read().decode("utf-8", "replace")


def test_cases_are_well_formed():
    assert len(CASES) >= 100
    for c in CASES:
        assert os.path.isdir(os.path.join(harness.FIXTURES, c["module"])), c
        assert set(c) <= {"module", "backend", "expr", "out", "error", "workspace", "backend_config", "env",
                          "tf_error", "tf_secs", "note"}, c
        assert isinstance(c["error"], bool) and (c["out"] == "" or not c["error"]), c
        for s in [c["out"]] + c.get("backend_config", []) + list(c.get("env", {}).values()):
            assert set(harness.PH.findall(s)) <= KNOWN_PH, (c, s)
    for name in os.listdir(harness.FIXTURES):
        assert [c for c in CASES if c["module"] == name], f"fixture {name} has no case"


def test_every_backend_has_values_errors_and_workspaces():
    for b in ("s3", "gcs", "pg", "azurerm", "http", "tfc"):
        mine = [c for c in CASES if c["backend"] == b]
        assert [c for c in mine if not c["error"]], b
        assert [c for c in mine if c["error"]], b
        if b != "http":
            assert [c for c in mine if c.get("workspace") and not c["error"]], b


def test_no_secret_is_stored():
    """Credentials appear in test data only as {{PLACEHOLDERS}} (wrong ones in error cases aside)."""
    right = [s for s in harness.secrets() if s not in harness.servers.WRONG and s != harness.TFC_WRONG
             and s not in harness.aws_creds_server.WRONG]
    for p, t in fixture_texts():
        for s in right:
            if s in harness.TFC_SENSITIVE_VARS and os.sep + "tfc" + os.sep in p:
                continue  # a workspace variable's value is what the HCP server stores (and never serves)
            assert s not in t, f"{p} holds a credential"
    with open(harness.CASES, encoding="utf-8") as f:
        t = f.read()
    for s in right:
        assert s not in t


def test_fixture_state_was_written_by_terraform():
    """Every state object in backend-content/ was written by Terraform 1.15.5, but the hand-made
    edge objects (empty, corrupt, too new)."""
    seen = 0
    for p, t in fixture_texts():
        if "backend-content" not in p or p.endswith(".jsonl") or not t.strip():
            continue
        try:
            s = json.loads(t)
        except ValueError:
            continue  # the corrupt ones
        if s.get("version") == 4:
            assert s["terraform_version"] == "1.15.5", p
            seen += 1
    assert seen >= 15


def test_servers_hold_exactly_the_fixtures(rs_env):
    """Loading is faithful: what the servers give back is byte for byte each fixture's backend-content."""
    out = tempfile.mkdtemp(prefix="rs-dump-")
    rs_env.srv.dump(out)
    want = {}
    for name in os.listdir(harness.FIXTURES):
        bc = os.path.join(harness.FIXTURES, name, "backend-content")
        for k, v in harness.tree_digest(bc).items():
            if not k.startswith("tfc/") and k != "tfc/":
                want[k] = v
    got = harness.tree_digest(out)
    assert got == want


def test_safety_check_sees_a_write(rs_env):
    """The request check is not blind: a PUT into a scratch bucket is reported (then undone)."""
    mark = rs_env.srv.mark()
    s3 = rs_env.srv._boto("s3")
    s3.create_bucket(Bucket="harness-probe", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
    s3.put_object(Bucket="harness-probe", Key="x", Body=b"x")
    bad = harness.unsafe_requests(rs_env.srv.requests_since(mark))
    s3.delete_object(Bucket="harness-probe", Key="x")
    s3.delete_bucket(Bucket="harness-probe")
    assert any(re.match(r"s3: PUT /harness-probe", b) for b in bad), bad
    assert not harness.snapshot_diff(rs_env.baseline, rs_env.srv.snapshot())


def test_terrace_reads_remote_state(reads_remote_state):
    assert reads_remote_state, harness.GATE_REASON
