"""The project's AWS credential server (aws_creds_server.py) answers as AWS's documented endpoints do:
these pin the behaviour the s3 credential tests rely on (container credentials, IMDSv2, the SSO portal),
independently of terrace."""
import json, urllib.error, urllib.request

import pytest

import aws_creds_server as acs
import harness

ISSUED = ("ASIATESTISSUED000001", "issued-secret-0000000000000000", "issued-session-token-0000")


@pytest.fixture(scope="module", params=["own", "issued"])
def server(request, tmp_path_factory):
    d = tmp_path_factory.mktemp("creds")
    port = harness.servers.free_port()
    log = str(d / "requests.jsonl")
    srv = acs.serve(port, log, ISSUED if request.param == "issued" else None, ready=False)
    yield {"base": f"http://127.0.0.1:{port}", "log": log, "issued": request.param == "issued"}
    srv.shutdown()


def call(server, path, method="GET", headers=None, data=None):
    req = urllib.request.Request(server["base"] + path, method=method, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def expected(server, kind):
    return ISSUED if server["issued"] else acs.CREDS[kind]


def test_container_credentials(server):
    status, _, body = call(server, "/v2/credentials/task", headers={"Authorization": acs.CONTAINER_AUTH})
    assert status == 200
    got = json.loads(body)
    key, secret, token = expected(server, "container")
    assert (got["AccessKeyId"], got["SecretAccessKey"], got["Token"]) == (key, secret, token)
    assert got["Expiration"] == acs.EXPIRES
    assert call(server, "/v2/credentials/task")[0] == 401
    assert call(server, "/v2/credentials/task", headers={"Authorization": "other"})[0] == 403
    assert call(server, "/v2/credentials/other", headers={"Authorization": acs.CONTAINER_AUTH})[0] == 404


def test_imds_v2_session(server):
    base = "/latest/meta-data/iam/security-credentials/"
    assert call(server, "/latest/api/token")[0] == 405, "the token is a PUT"
    assert call(server, "/latest/api/token", "PUT")[0] == 400, "the TTL header is required"
    assert call(server, "/latest/api/token", "PUT", {"X-aws-ec2-metadata-token-ttl-seconds": "0"})[0] == 400
    status, headers, tok = call(server, "/latest/api/token", "PUT", {"X-aws-ec2-metadata-token-ttl-seconds": "21600"})
    assert status == 200 and headers["X-aws-ec2-metadata-token-ttl-seconds"] == "21600"
    assert call(server, base)[0] == 401, "no session token"
    assert call(server, base, headers={"X-aws-ec2-metadata-token": "made-up"})[0] == 401
    auth = {"X-aws-ec2-metadata-token": tok.decode()}
    status, _, role = call(server, base, headers=auth)
    assert status == 200 and role.decode() == acs.IMDS_ROLE
    status, _, body = call(server, base + acs.IMDS_ROLE, headers=auth)
    got = json.loads(body)
    key, secret, token = expected(server, "imds")
    assert status == 200 and got["Code"] == "Success" and got["Type"] == "AWS-HMAC"
    assert (got["AccessKeyId"], got["SecretAccessKey"], got["Token"]) == (key, secret, token)
    assert call(server, base + "other-role", headers=auth)[0] == 404


def test_sso_portal(server):
    q = f"/federation/credentials?account_id={acs.SSO_ACCOUNT}&role_name={acs.SSO_ROLE}"
    status, _, body = call(server, q, headers={"x-amz-sso_bearer_token": acs.SSO_ACCESS_TOKEN})
    assert status == 200
    got = json.loads(body)["roleCredentials"]
    key, secret, token = expected(server, "sso")
    assert (got["accessKeyId"], got["secretAccessKey"], got["sessionToken"]) == (key, secret, token)
    assert got["expiration"] > 4_000_000_000_000
    status, headers, _ = call(server, q, headers={"x-amz-sso_bearer_token": "other"})
    assert status == 401 and headers["x-amzn-ErrorType"] == "UnauthorizedException"
    assert call(server, q)[0] == 401
    other = f"/federation/credentials?account_id=999999999999&role_name={acs.SSO_ROLE}"
    status, headers, _ = call(server, other, headers={"x-amz-sso_bearer_token": acs.SSO_ACCESS_TOKEN})
    assert status == 403 and headers["x-amzn-ErrorType"] == "ForbiddenException"


def test_every_request_logged_and_nothing_else_served(server):
    assert call(server, "/anything", "POST", data=b"x")[0] == 404
    with open(server["log"], encoding="utf-8") as f:
        recs = [json.loads(line) for line in f]
    assert recs and all(set(r) == {"method", "path", "kind", "status"} for r in recs)
    assert recs[-1] == {"method": "POST", "path": "/anything", "kind": "other", "status": 404}
    assert {r["kind"] for r in recs} <= {"container", "imds", "sso", "other"}
    assert "?" not in "".join(r["path"] for r in recs), "queries are not logged"


def test_secrets_listed(server):
    s = acs.secrets_list()
    assert acs.CONTAINER_AUTH in s and acs.SSO_ACCESS_TOKEN in s
    assert all(secret in s and token in s for _k, secret, token in acs.CREDS.values())
    if server["issued"]:
        assert ISSUED[1] in s and ISSUED[2] in s, "handed-out credentials are secrets too"
