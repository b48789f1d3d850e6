"""terrace's gcs and azurerm credential sources against real local servers: gcs impersonation (IAM
Credentials `generateAccessToken`) and the GCE metadata server; azurerm `use_azuread_auth` with a client
secret, OIDC (token, file, GitHub Actions, Azure DevOps), a managed identity and the Azure CLI, against
azurite started with `--oauth basic`; azurerm `sas_token` against the suite's azurite.

The sign-in hosts (iamcredentials.googleapis.com, oauth2.googleapis.com, login.microsoftonline.com) are
cloud_auth_server.py's, reached through its CONNECT proxy (HTTPS_PROXY) with its CA in SSL_CERT_FILE;
every test asserts that the local server saw the request, so a proxy that was not honoured fails the
test instead of reaching out. Expectations: the answers Terraform 1.15.5 recorded for the same objects
with the other credential (cases.jsonl, gcs-prefix with access_token, azurerm-env with ARM_ACCESS_KEY):
the state read is the same bytes, whichever credential read it. Each test ends with the safety checks."""
import base64, hashlib, hmac, json, os, stat, subprocess, sys, urllib.parse

import pytest

import cloud_auth_server as cas
import harness
from test_values import check

GCS_BC = "access_token={{GCS_TOKEN}}"
AZ_ENV = {"ARM_ACCESS_KEY": "{{AZ_KEY}}", "HTTPS_PROXY": "{{AZ_PROXY}}", "SSL_CERT_FILE": "{{AZ_CA_FILE}}"}


def recorded(module, workspace=None):
    """The recorded value cases of a module for one workspace (None: default), console commands apart."""
    cases = harness.load_cases()
    return [c for c in cases if c["module"] == module and not c["error"] and c.get("workspace") == workspace
            and "TF_WORKSPACE" not in c.get("env", {}) and not c["expr"].startswith(":")
            and (module != "gcs-prefix" or c.get("backend_config") == [GCS_BC])
            and (module != "azurerm-env" or c.get("env") == AZ_ENV)]


@pytest.fixture(scope="module")
def cloud(rs_env, tmp_path_factory):
    """cloud_auth_server.py (in this process) and a second azurite, `--oauth basic`, loaded with the
    fixtures' azurerm content, behind its proxy."""
    d = str(tmp_path_factory.mktemp("cloud-auth"))
    ca, cert, key = cas.make_certs(d)
    port = harness.servers.free_port()
    azlog = os.path.join(d, "azurite-debug.log")
    azbin = os.environ.get("AZURITE_BLOB") or harness.servers.azurite_bin()
    errf = open(os.path.join(d, "azurite.stderr"), "w")
    p = subprocess.Popen([azbin, "--blobHost", "127.0.0.1", "--blobPort", str(port), "--cert", cert, "--key", key,
                          "--oauth", "basic", "--inMemoryPersistence", "--loose", "--skipApiVersionCheck",
                          "--disableTelemetry", "--silent", "--debug", azlog],
                         stdout=errf, stderr=errf, stdin=subprocess.DEVNULL, cwd=d, start_new_session=True,
                         env=dict(os.environ, AZURITE_ACCOUNTS=f"{harness.servers.AZ_ACCOUNT}:{harness.servers.AZ_KEY}"))
    try:
        harness.servers.wait_port(port, p)
        az = harness.servers.Servers(os.path.join(d, "az-run"), ["azurerm"])
        az.info["azurerm"] = {"port": port, "ca": ca, "log": azlog, "log_offset": 0}
        az.load([harness.FIXTURES])
        log = os.path.join(d, "requests.jsonl")
        open(log, "w").close()
        info = cas.serve(d, log, blob_port=port)
        state = {"info": info, "log": log, "az": az, "az_baseline": az.snapshot(), "dir": d,
                 "proxy": f"http://127.0.0.1:{info['proxy']}", "plain": f"http://127.0.0.1:{info['plain']}",
                 "ca": ca}
        yield state
    finally:
        p.terminate()
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()


def seen(cloud, mark):
    with open(cloud["log"], encoding="utf-8") as f:
        f.seek(mark)
        return [json.loads(line) for line in f if line.strip()]


def run(rs_env, cloud, module, cases, env=None, bc=None, workspace=None, piped=True):
    """Run the recorded cases with other credentials (env, backend_config): one piped console session for
    all of them (piped) or each with -e; check each answer; the safety checks. Returns (results, requests
    the local sign-in servers saw)."""
    fx = os.path.join(rs_env.fixtures, module)
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    amark, cmark = cloud["az"].mark(), os.path.getsize(cloud["log"])
    base = {"module": module, "backend": cases[0]["backend"], "env": env or {}, "backend_config": bc or [],
            "workspace": workspace}
    results = []
    try:
        if piped:
            stdin = "".join(c["expr"] + "\n" for c in cases)
            r = harness.run_terrace(rs_env.binary, fx, dict(base, expr=":piped"), rs_env.ph, rs_env.home, stdin=stdin)
            results.append(r)
            want = "".join(harness.fill(c["out"], rs_env.ph).rstrip("\n") + "\n" for c in cases)
            assert r["rc"] == 0, r
            assert [x for x in r["out"].split("\n") if x] == [x for x in want.split("\n") if x], r
        else:
            for c in cases:
                case = dict(base, expr=c["expr"], out=c["out"], error=c["error"])
                r = harness.run_terrace(rs_env.binary, fx, case, rs_env.ph, rs_env.home)
                results.append(r)
                check(rs_env, case, r)
    finally:
        assert_safe(rs_env, cloud, base["backend"], mark, tmark, amark, results, fx, before)
    if (env or {}).get("HTTPS_PROXY") == cloud["proxy"] and base["backend"] == "azurerm":
        reads = [r for r in cloud["az"].requests_since(amark)["azurerm"] if r["method"] == "GET"]
        assert reads, "the reads must reach the azurite that takes bearer tokens"
    return results, seen(cloud, cmark)


def assert_safe(rs_env, cloud, backend, mark, tmark, amark, results, fx, before):
    harness.assert_safe(rs_env, backend, mark, tmark, results, fx, before)
    if backend == "azurerm":
        bad = [f"{r['method']} {r['path']}" for r in cloud["az"].requests_since(amark)["azurerm"]
               if r["method"] not in ("GET", "HEAD")]
        assert not bad, f"azurite (oauth) saw writes: {bad[:5]}"
        diffs = harness.snapshot_diff(cloud["az_baseline"], cloud["az"].snapshot())
        assert not diffs, f"azurite (oauth) contents changed: {diffs[:5]}"


def error_run(rs_env, cloud, module, backend, env=None, bc=None, expr="terraform_data.vpc.output"):
    """An error case: status 1 (not a panic), a message on stderr within 10 s, no secret; safety."""
    fx = os.path.join(rs_env.fixtures, module)
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    amark, cmark = cloud["az"].mark(), os.path.getsize(cloud["log"])
    case = {"module": module, "backend": backend, "expr": expr, "env": env or {}, "backend_config": bc or []}
    r = harness.run_terrace(rs_env.binary, fx, case, rs_env.ph, rs_env.home)
    try:
        assert r["rc"] == 1, r
        assert r["err"].strip() and r["secs"] < 10, r
        assert "panicked" not in r["err"], r
    finally:
        assert_safe(rs_env, cloud, backend, mark, tmark, amark, [r], fx, before)
    return r, seen(cloud, cmark)


def via_proxy(reqs, host):
    """The proxy tunnelled a connection to host:443 and the sign-in server answered a request for it."""
    return any(q["server"] == "proxy" and q["host"] == f"{host}:443" and q["allowed"] for q in reqs) and \
        any(q["server"] == "tls" and q["host"] == host for q in reqs)


# -- gcs ------------------------------------------------------------------------------------------------

def gcs_env(cloud, **kw):
    return dict({"HTTPS_PROXY": cloud["proxy"], "SSL_CERT_FILE": cloud["ca"],
                 "GCE_METADATA_HOST": "127.0.0.1:{{DEAD_PORT}}"}, **kw)


def test_gcs_impersonation_with_an_access_token(rs_env, gate, cloud):
    """access_token is the base; the IAM Credentials API gives the service account's token."""
    cases = recorded("gcs-prefix")
    assert len(cases) >= 10
    _, reqs = run(rs_env, cloud, "gcs-prefix", cases, env=gcs_env(cloud),
                  bc=[f"access_token={cas.GCP_BASE_TOKEN}", f"impersonate_service_account={cas.GCP_SA}"])
    assert via_proxy(reqs, "iamcredentials.googleapis.com"), reqs
    gen = [q for q in reqs if q["server"] == "tls" and q["path"].endswith(":generateAccessToken")]
    assert [q["status"] for q in gen] == [200], gen
    assert gen[0]["path"] == f"/v1/projects/-/serviceAccounts/{cas.GCP_SA}:generateAccessToken"


def test_gcs_impersonation_from_a_credentials_file_and_env(rs_env, gate, cloud, tmp_path):
    """GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT (before GOOGLE_IMPERSONATE_SERVICE_ACCOUNT) with an
    authorized user's credentials file (GOOGLE_CREDENTIALS) refreshed at oauth2.googleapis.com."""
    creds = tmp_path / "adc.json"
    creds.write_text(json.dumps({"type": "authorized_user", "client_id": cas.GCP_CLIENT_ID,
                                 "client_secret": cas.GCP_CLIENT_SECRET, "refresh_token": cas.GCP_REFRESH_TOKEN}))
    cases = recorded("gcs-prefix", "prod")
    _, reqs = run(rs_env, cloud, "gcs-prefix", cases, workspace="prod",
                  env=gcs_env(cloud, GOOGLE_CREDENTIALS=str(creds), GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT=cas.GCP_SA,
                              GOOGLE_IMPERSONATE_SERVICE_ACCOUNT="nobody@acme-infra.iam.gserviceaccount.com"))
    assert via_proxy(reqs, "oauth2.googleapis.com") and via_proxy(reqs, "iamcredentials.googleapis.com"), reqs
    assert [q["status"] for q in reqs if q["server"] == "tls"] == [200, 200], reqs


def test_gcs_impersonated_service_account_file(rs_env, gate, cloud, tmp_path):
    """GOOGLE_APPLICATION_CREDENTIALS naming an `impersonated_service_account` file (what gcloud's
    `auth application-default login --impersonate-service-account` writes): its source credentials'
    token, then its service_account_impersonation_url with its delegates as written."""
    adc = tmp_path / "impersonated.json"
    adc.write_text(json.dumps({
        "type": "impersonated_service_account",
        "service_account_impersonation_url": cas.IAM_URL.format(cas.GCP_SA),
        "delegates": [f"projects/-/serviceAccounts/{cas.GCP_DELEGATES[0]}"],
        "source_credentials": {"type": "authorized_user", "client_id": cas.GCP_CLIENT_ID,
                               "client_secret": cas.GCP_CLIENT_SECRET, "refresh_token": cas.GCP_REFRESH_TOKEN}}))
    _, reqs = run(rs_env, cloud, "gcs-prefix", recorded("gcs-prefix")[:5],
                  env=gcs_env(cloud, GOOGLE_APPLICATION_CREDENTIALS=str(adc)))
    assert [(q["host"], q["status"]) for q in reqs if q["server"] == "tls"] == \
        [("oauth2.googleapis.com", 200), ("iamcredentials.googleapis.com", 200)], reqs


def test_gcs_impersonation_delegates(rs_env, gate, cloud):
    """impersonate_service_account_delegates, given as HCL by --backend-config, names the chain."""
    cases = recorded("gcs-prefix")[:4]
    _, reqs = run(rs_env, cloud, "gcs-prefix", cases, env=gcs_env(cloud, GOOGLE_OAUTH_ACCESS_TOKEN=cas.GCP_BASE_TOKEN),
                  bc=[f"impersonate_service_account={cas.GCP_SA}",
                      f'impersonate_service_account_delegates=["{cas.GCP_DELEGATES[0]}"]'])
    assert [q["status"] for q in reqs if q["server"] == "tls"] == [200], reqs
    r, reqs = error_run(rs_env, cloud, "gcs-prefix", "gcs", env=gcs_env(cloud, GOOGLE_OAUTH_ACCESS_TOKEN=cas.GCP_BASE_TOKEN),
                        bc=[f"impersonate_service_account={cas.GCP_SA}",
                            'impersonate_service_account_delegates=["stranger@acme-infra.iam.gserviceaccount.com"]'])
    assert [q["status"] for q in reqs if q["server"] == "tls"] == [403], reqs
    assert "team-gcs-state" in r["err"] and cas.GCP_SA in r["err"] and "Permission" in r["err"], r["err"]


def test_gcs_metadata_server(rs_env, gate, cloud):
    """No credentials anywhere: application default credentials end at the GCE metadata server
    (GCE_METADATA_HOST), asked with Metadata-Flavor: Google; its token also serves as impersonation's base."""
    meta = cloud["plain"].split("//", 1)[1]
    cases = recorded("gcs-prefix")[:6]
    _, reqs = run(rs_env, cloud, "gcs-prefix", cases, env={"GCE_METADATA_HOST": meta})
    assert [(q["server"], q["path"], q["status"]) for q in reqs] == \
        [("plain", "/computeMetadata/v1/instance/service-accounts/default/token", 200)], reqs
    _, reqs = run(rs_env, cloud, "gcs-prefix", cases[:2], bc=[f"impersonate_service_account={cas.GCP_SA}"],
                  env=gcs_env(cloud, GCE_METADATA_HOST=meta))
    assert [q["server"] for q in reqs if q["server"] != "proxy"] == ["plain", "tls"], reqs


def test_gcs_credential_errors(rs_env, gate, cloud):
    """Refused base token, unknown account, metadata server down: status 1 within 10 s, the bucket named,
    no secret."""
    r, reqs = error_run(rs_env, cloud, "gcs-prefix", "gcs", env=gcs_env(cloud),
                        bc=[f"access_token={cas.WRONG[1]}", f"impersonate_service_account={cas.GCP_SA}"])
    assert [q["status"] for q in reqs if q["server"] == "tls"] == [401], reqs
    assert "team-gcs-state" in r["err"] and "refused" in r["err"], r["err"]
    r, reqs = error_run(rs_env, cloud, "gcs-prefix", "gcs", env=gcs_env(cloud),
                        bc=[f"access_token={cas.GCP_BASE_TOKEN}",
                            "impersonate_service_account=nobody@acme-infra.iam.gserviceaccount.com"])
    assert "nobody@acme-infra" in r["err"] and "403" in r["err"], r["err"]
    r, _ = error_run(rs_env, cloud, "gcs-prefix", "gcs", env={"GCE_METADATA_HOST": "127.0.0.1:{{DEAD_PORT}}"})
    assert "metadata server" in r["err"] and "team-gcs-state" in r["err"], r["err"]


# -- azurerm: use_azuread_auth against azurite --oauth basic ---------------------------------------------

def az_env(cloud, **kw):
    return dict({"HTTPS_PROXY": cloud["proxy"], "SSL_CERT_FILE": cloud["ca"], "ARM_USE_AZUREAD": "true",
                 "ARM_USE_CLI": "false"}, **kw)


def az_login_statuses(reqs):
    return [q["status"] for q in reqs if q["server"] == "tls" and q["host"] == "login.microsoftonline.com"]


def test_azuread_client_secret(rs_env, gate, cloud):
    """ARM_CLIENT_ID, ARM_CLIENT_SECRET, ARM_TENANT_ID: a client-credentials token from
    login.microsoftonline.com; the blob reads carry it as a bearer token (azurite --oauth basic)."""
    cases = recorded("azurerm-env")
    assert len(cases) >= 10
    _, reqs = run(rs_env, cloud, "azurerm-env", cases,
                  env=az_env(cloud, ARM_CLIENT_ID=cas.AZ_CLIENT_ID, ARM_CLIENT_SECRET=cas.AZ_CLIENT_SECRET,
                             ARM_TENANT_ID=cas.AZ_TENANT))
    assert via_proxy(reqs, "login.microsoftonline.com") and az_login_statuses(reqs) == [200], reqs
    assert any(q["server"] == "proxy" and q["host"] == f"{harness.servers.AZ_ACCOUNT}.blob.core.windows.net:443"
               for q in reqs), reqs


def test_azuread_client_secret_in_the_block(rs_env, gate, cloud):
    """use_azuread_auth, tenant_id, client_id, client_secret by --backend-config; workspace qa and
    :workspaces (the container listing with a bearer token)."""
    bc = ["use_azuread_auth=true", f"tenant_id={cas.AZ_TENANT}", f"client_id={cas.AZ_CLIENT_ID}",
          f"client_secret={cas.AZ_CLIENT_SECRET}"]
    env = {"HTTPS_PROXY": cloud["proxy"], "SSL_CERT_FILE": cloud["ca"], "ARM_USE_CLI": "false"}
    run(rs_env, cloud, "azurerm-env", recorded("azurerm-env", "qa"), env=env, bc=bc, workspace="qa")
    ws = [c for c in harness.load_cases() if c["module"] == "azurerm-env" and c["expr"] == ":workspaces"
          and not c.get("workspace") and c.get("env") == AZ_ENV]
    assert ws
    run(rs_env, cloud, "azurerm-env", ws, env=env, bc=bc, piped=False)


@pytest.mark.parametrize("how", ["token", "file", "github", "ado"])
def test_azuread_oidc(rs_env, gate, cloud, tmp_path, how):
    """use_oidc: the federated token from ARM_OIDC_TOKEN, ARM_OIDC_TOKEN_FILE_PATH, GitHub Actions'
    request (ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN) or an Azure DevOps pipeline's (SYSTEM_OIDCREQUESTURI,
    SYSTEM_ACCESSTOKEN, ARM_ADO_PIPELINE_SERVICE_CONNECTION_ID), sent as the client assertion."""
    env = az_env(cloud, ARM_USE_OIDC="true", ARM_CLIENT_ID=cas.AZ_CLIENT_ID, ARM_TENANT_ID=cas.AZ_TENANT)
    if how == "token":
        env["ARM_OIDC_TOKEN"] = cas.AZ_OIDC_TOKEN
    elif how == "file":
        (tmp_path / "oidc").write_text(cas.AZ_OIDC_TOKEN + "\n")
        env["ARM_OIDC_TOKEN_FILE_PATH"] = str(tmp_path / "oidc")
    elif how == "github":
        env.update(ACTIONS_ID_TOKEN_REQUEST_URL=cloud["plain"] + "/github/idtoken",
                   ACTIONS_ID_TOKEN_REQUEST_TOKEN=cas.AZ_GH_REQUEST_TOKEN)
    else:
        env.update(SYSTEM_OIDCREQUESTURI=cloud["plain"] + "/ado/oidctoken", SYSTEM_ACCESSTOKEN=cas.AZ_GH_REQUEST_TOKEN,
                   ARM_ADO_PIPELINE_SERVICE_CONNECTION_ID=cas.AZ_ADO_CONNECTION)
    _, reqs = run(rs_env, cloud, "azurerm-env", recorded("azurerm-env")[:5], env=env)
    assert az_login_statuses(reqs) == [200], reqs
    plain = [(q["method"], q["path"], q["status"]) for q in reqs if q["server"] == "plain"]
    assert plain == {"github": [("GET", "/github/idtoken", 200)], "ado": [("POST", "/ado/oidctoken", 200)]}.get(how, []), reqs


def test_azuread_client_certificate(rs_env, gate, cloud):
    """client_certificate_path (ARM_CLIENT_CERTIFICATE_PATH) with its password: a PKCS #12 archive as
    openssl's -legacy writes it (RC2-40 certificate, 3DES key); client_certificate (the archive in
    base64) by --backend-config, 3DES. The assertion is signed with the archive's key (the server checks
    the signature with the certificate's public key). A wrong password is an error naming neither."""
    info = cloud["info"]
    env = az_env(cloud, ARM_CLIENT_ID=cas.AZ_CLIENT_ID, ARM_TENANT_ID=cas.AZ_TENANT,
                 ARM_CLIENT_CERTIFICATE_PASSWORD=cas.AZ_CERT_PASSWORD)
    _, reqs = run(rs_env, cloud, "azurerm-env", recorded("azurerm-env")[:5],
                  env=dict(env, ARM_CLIENT_CERTIFICATE_PATH=info["client_p12_legacy"]))
    assert az_login_statuses(reqs) == [200], reqs
    with open(info["client_p12_3des"], "rb") as f:
        encoded = base64.b64encode(f.read()).decode()
    _, reqs = run(rs_env, cloud, "azurerm-env", recorded("azurerm-env", "qa")[:3], workspace="qa", env=env,
                  bc=["client_certificate=" + encoded])
    assert az_login_statuses(reqs) == [200], reqs
    r, reqs = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                        env=dict(env, ARM_CLIENT_CERTIFICATE_PATH=info["client_p12_legacy"],
                                 ARM_CLIENT_CERTIFICATE_PASSWORD=cas.WRONG[0]))
    assert "client_certificate_password" in r["err"] and az_login_statuses(reqs) == [], r["err"]


def test_azuread_managed_identity(rs_env, gate, cloud):
    """use_msi with msi_endpoint (ARM_MSI_ENDPOINT), Metadata: true; ARM_CLIENT_ID picks the identity.
    No login.microsoftonline.com request."""
    env = az_env(cloud, ARM_USE_MSI="true", ARM_MSI_ENDPOINT=cloud["plain"] + "/metadata/identity/oauth2/token")
    _, reqs = run(rs_env, cloud, "azurerm-env", recorded("azurerm-env")[:5], env=env)
    assert [(q["server"], q["status"]) for q in reqs if q["server"] != "proxy"] == [("plain", 200)], reqs
    _, reqs = run(rs_env, cloud, "azurerm-env", recorded("azurerm-env", "qa")[:3], workspace="qa",
                  env=dict(env, ARM_CLIENT_ID=cas.AZ_MSI_CLIENT_ID))
    assert [(q["server"], q["status"]) for q in reqs if q["server"] != "proxy"] == [("plain", 200)], reqs


def write_az(tmp_path):
    """An `az` program on PATH standing in for the Azure CLI (a signed-in CLI needs Azure itself): it
    logs its arguments and answers `account show` and `account get-access-token` as the CLI does."""
    log = tmp_path / "az-args.jsonl"
    az = tmp_path / "bin" / "az"
    az.parent.mkdir()
    az.write_text(f"""#!{sys.executable}
import json, sys
sys.path.insert(0, {harness.HERE!r})
import cloud_auth_server as cas
a = sys.argv[1:]
open({str(log)!r}, "a").write(json.dumps(a) + "\\n")
if a[:2] == ["account", "show"]:
    print(json.dumps({{"id": "00000000-sub", "tenantId": cas.AZ_TENANT, "user": {{"name": "dev@acme"}}}}))
elif a[:2] == ["account", "get-access-token"]:
    print(json.dumps({{"accessToken": cas.storage_jwt(cas.AZ_TENANT, "cli-user"), "expiresOn": "2099-01-01 00:00:00.000000",
                      "tenant": cas.AZ_TENANT, "tokenType": "Bearer"}}))
else:
    sys.stderr.write("ERROR: unexpected arguments\\n")
    sys.exit(2)
""")
    az.chmod(az.stat().st_mode | stat.S_IXUSR)
    return str(az.parent), log


def test_azuread_azure_cli(rs_env, gate, cloud, tmp_path):
    """use_cli (on by default, last in the chain): `az account show` for the tenant, then
    `az account get-access-token --scope https://storage.azure.com/.default --tenant TENANT`."""
    bindir, log = write_az(tmp_path)
    env = {"HTTPS_PROXY": cloud["proxy"], "SSL_CERT_FILE": cloud["ca"], "ARM_USE_AZUREAD": "true",
           "PATH": bindir + os.pathsep + os.environ.get("PATH", "")}
    run(rs_env, cloud, "azurerm-env", recorded("azurerm-env")[:5], env=env)
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert calls == [["account", "show", "--output", "json"],
                     ["account", "get-access-token", "--scope", "https://storage.azure.com/.default",
                      "--tenant", cas.AZ_TENANT, "--output", "json"]], calls


def test_azuread_errors(rs_env, gate, cloud, tmp_path):
    """Wrong secret, unknown tenant, managed identity endpoint down, a refused OIDC request, no Azure CLI:
    status 1 within 10 s, the account named, no secret."""
    account = harness.servers.AZ_ACCOUNT
    r, reqs = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                        env=az_env(cloud, ARM_CLIENT_ID=cas.AZ_CLIENT_ID, ARM_CLIENT_SECRET=cas.WRONG[0],
                                   ARM_TENANT_ID=cas.AZ_TENANT))
    assert az_login_statuses(reqs) == [401] and account in r["err"] and "invalid_client" in r["err"], r["err"]
    r, reqs = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                        env=az_env(cloud, ARM_CLIENT_ID=cas.AZ_CLIENT_ID, ARM_CLIENT_SECRET=cas.AZ_CLIENT_SECRET,
                                   ARM_TENANT_ID="00000000-0000-0000-0000-000000000000"))
    assert az_login_statuses(reqs) == [400] and "AADSTS90002" in r["err"], r["err"]
    r, _ = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                     env=az_env(cloud, ARM_USE_MSI="true",
                                ARM_MSI_ENDPOINT="http://127.0.0.1:{{DEAD_PORT}}/metadata/identity/oauth2/token"))
    assert "managed identity" in r["err"] and "connection refused" in r["err"] and account in r["err"], r["err"]
    r, reqs = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                        env=az_env(cloud, ARM_USE_MSI="true", ARM_CLIENT_ID="other-identity",
                                   ARM_MSI_ENDPOINT=cloud["plain"] + "/metadata/identity/oauth2/token"))
    assert "Identity not found" in r["err"], r["err"]
    r, reqs = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                        env=az_env(cloud, ARM_USE_OIDC="true", ARM_CLIENT_ID=cas.AZ_CLIENT_ID, ARM_TENANT_ID=cas.AZ_TENANT,
                                   ACTIONS_ID_TOKEN_REQUEST_URL=cloud["plain"] + "/github/idtoken",
                                   ACTIONS_ID_TOKEN_REQUEST_TOKEN="gh-wrong-request-token"))
    assert "GitHub Actions" in r["err"] and "401" in r["err"] and az_login_statuses(reqs) == [], r["err"]
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    r, _ = error_run(rs_env, cloud, "azurerm-env", "azurerm",
                     env={"HTTPS_PROXY": cloud["proxy"], "SSL_CERT_FILE": cloud["ca"], "ARM_USE_AZUREAD": "true",
                          "PATH": str(empty)})
    assert "Azure CLI" in r["err"] and account in r["err"], r["err"]


# -- azurerm: sas_token against the suite's azurite -------------------------------------------------------

def account_sas(account, key_b64, permissions="rl", expiry="2099-01-01T00:00:00Z", version="2021-12-02"):
    """An account SAS for the blob service (Azure's "Create an account SAS", version 2020-12-06 and later)."""
    to_sign = "\n".join([account, permissions, "b", "sco", "", expiry, "", "https", version, "", ""])
    sig = base64.b64encode(hmac.new(base64.b64decode(key_b64), to_sign.encode(), hashlib.sha256).digest()).decode()
    return urllib.parse.urlencode({"sv": version, "ss": "b", "srt": "sco", "sp": permissions, "se": expiry,
                                   "spr": "https", "sig": sig})


def sig_forms(sas):
    sig = sas.split("sig=", 1)[1]
    return [sig, urllib.parse.unquote(sig)]


def test_sas_token(rs_env, gate, cloud):
    """sas_token (ARM_SAS_TOKEN, or the argument with a leading `?`) on the suite's azurite: the same
    answers as the access key; a SAS signed with another key is refused."""
    sas = account_sas(harness.servers.AZ_ACCOUNT, harness.servers.AZ_KEY)
    env = {"HTTPS_PROXY": "{{AZ_PROXY}}", "SSL_CERT_FILE": "{{AZ_CA_FILE}}"}
    harness.SECRETS_EXTRA.extend(sig_forms(sas))
    run(rs_env, cloud, "azurerm-env", recorded("azurerm-env"), env=dict(env, ARM_SAS_TOKEN=sas))
    run(rs_env, cloud, "azurerm-env", recorded("azurerm-env", "qa")[:3], env=env, bc=["sas_token=?" + sas],
        workspace="qa")
    wrong = account_sas(harness.servers.AZ_ACCOUNT, harness.servers.WRONG[-1])
    harness.SECRETS_EXTRA.extend(sig_forms(wrong))
    r, _ = error_run(rs_env, cloud, "azurerm-env", "azurerm", env=dict(env, ARM_SAS_TOKEN=wrong))
    assert "access denied" in r["err"] and harness.servers.AZ_ACCOUNT in r["err"], r["err"]
