"""The project's cloud sign-in server (cloud_auth_server.py) answers as the documented endpoints do and its
proxy lets nothing else through: these pin the behaviour terrace's credential tests rely on, independently
of terrace. Every request goes to 127.0.0.1 (the proxy tunnels the public names to the local listener)."""
import base64, json, socket, ssl, subprocess, time, urllib.error, urllib.parse, urllib.request

import pytest

import cloud_auth_server as cas


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    d = tmp_path_factory.mktemp("cas")
    log = str(d / "requests.jsonl")
    open(log, "w").close()
    info = cas.serve(str(d), log)
    ctx = ssl.create_default_context(cafile=info["ca"])
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({"https": f"http://127.0.0.1:{info['proxy']}"}),
        urllib.request.HTTPSHandler(context=ctx))
    return {"info": info, "log": log, "opener": opener, "plain": f"http://127.0.0.1:{info['plain']}"}


def call(srv, url, method="GET", headers=None, form=None, body=None):
    data = urllib.parse.urlencode(form).encode() if form is not None else body
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    opener = srv["opener"] if url.startswith("https:") else urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(req, timeout=10) as r:
            return r.status, json.loads(r.read() or b"null"), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null"), dict(e.headers)


def log(srv):
    return [json.loads(line) for line in open(srv["log"], encoding="utf-8") if line.strip()]


def test_proxy_tunnels_only_the_sign_in_hosts(srv):
    for host, want in [("example.com:443", b"403"), ("login.microsoftonline.com:80", b"403"),
                       ("acct.blob.core.windows.net:443", b"403"),  # no blob target in this fixture
                       ("iamcredentials.googleapis.com:443", b"200")]:
        s = socket.create_connection(("127.0.0.1", srv["info"]["proxy"]), timeout=5)
        s.sendall(f"CONNECT {host} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        assert s.recv(100).split(b" ")[1] == want, host
        s.close()
    s = socket.create_connection(("127.0.0.1", srv["info"]["proxy"]), timeout=5)
    s.sendall(b"GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n")
    assert s.recv(100).split(b" ")[1] == b"403"
    s.close()
    refused = [r for r in log(srv) if r["server"] == "proxy" and not r["allowed"]]
    assert {r["host"] for r in refused} == {"example.com:443", "login.microsoftonline.com:80",
                                            "acct.blob.core.windows.net:443", "http://example.com/"}


IAM = "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/{}:generateAccessToken"


def iam(srv, sa=cas.GCP_SA, token=cas.GCP_BASE_TOKEN, delegates=(), scope=("https://www.googleapis.com/auth/devstorage.read_write",)):
    body = json.dumps({"delegates": [f"projects/-/serviceAccounts/{d}" for d in delegates], "scope": list(scope),
                       "lifetime": "3600s"}).encode()
    return call(srv, IAM.format(sa), "POST", {"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
                body=body)


def test_iam_generate_access_token(srv):
    st, j, _ = iam(srv)
    assert st == 200 and j["accessToken"] == cas.GCS_TOKEN and j["expireTime"].endswith("Z")
    assert iam(srv, delegates=cas.GCP_DELEGATES)[0] == 200
    st, j, _ = iam(srv, token="ya29.other")
    assert st == 401 and j["error"]["status"] == "UNAUTHENTICATED"
    assert iam(srv, sa="x@p.iam.gserviceaccount.com")[1]["error"]["status"] == "PERMISSION_DENIED"
    assert iam(srv, delegates=["x@p.iam.gserviceaccount.com"])[0] == 403
    assert iam(srv, scope=["https://www.googleapis.com/auth/cloud-platform"])[0] == 200
    assert iam(srv, scope=["https://www.googleapis.com/auth/userinfo.email"])[0] == 400
    assert call(srv, IAM.format(cas.GCP_SA), "GET")[0] == 404


def test_google_refresh_token(srv):
    form = {"grant_type": "refresh_token", "client_id": cas.GCP_CLIENT_ID, "client_secret": cas.GCP_CLIENT_SECRET,
            "refresh_token": cas.GCP_REFRESH_TOKEN}
    st, j, _ = call(srv, "https://oauth2.googleapis.com/token", "POST", form=form)
    assert st == 200 and j["access_token"] == cas.GCP_BASE_TOKEN
    st, j, _ = call(srv, "https://oauth2.googleapis.com/token", "POST", form=dict(form, refresh_token="1//other"))
    assert st == 400 and j["error"] == "invalid_grant"


AD = "https://login.microsoftonline.com/{}/oauth2/v2.0/token"


def claims(jwt):
    body = jwt.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def test_azure_ad_client_credentials(srv):
    form = {"client_id": cas.AZ_CLIENT_ID, "grant_type": "client_credentials",
            "scope": "https://storage.azure.com/.default", "client_secret": cas.AZ_CLIENT_SECRET}
    st, j, _ = call(srv, AD.format(cas.AZ_TENANT), "POST", form=form)
    assert st == 200 and j["token_type"] == "Bearer"
    c = claims(j["access_token"])
    assert c["aud"] == "https://storage.azure.com" and c["iss"] == f"https://sts.windows.net/{cas.AZ_TENANT}/"
    assert c["nbf"] < c["exp"] and j["access_token"].endswith(cas.JWT_SIGNATURE)
    st, j, _ = call(srv, AD.format(cas.AZ_TENANT), "POST", form=dict(form, client_secret="nope"))
    assert st == 401 and j["error"] == "invalid_client"
    st, j, _ = call(srv, AD.format("other-tenant"), "POST", form=form)
    assert st == 400 and "AADSTS90002" in j["error_description"]
    assert call(srv, AD.format(cas.AZ_TENANT), "POST", form=dict(form, scope="https://x/.default"))[0] == 400
    assert call(srv, AD.format(cas.AZ_TENANT), "POST", form=dict(form, client_id="other"))[0] == 400
    assertion = {k: v for k, v in form.items() if k != "client_secret"}
    assertion.update(client_assertion_type="urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
                     client_assertion=cas.AZ_OIDC_TOKEN)
    assert call(srv, AD.format(cas.AZ_TENANT), "POST", form=assertion)[0] == 200
    assert call(srv, AD.format(cas.AZ_TENANT), "POST", form=dict(assertion, client_assertion="eyJ.x.y"))[0] == 401


def signed(srv, header, claims):
    """A JWT signed RS256 with the client certificate's key (openssl)."""
    enc = lambda o: base64.urlsafe_b64encode(json.dumps(o).encode()).rstrip(b"=").decode()  # noqa: E731
    data = f"{enc(header)}.{enc(claims)}"
    sig = subprocess.run(["openssl", "dgst", "-sha256", "-sign", srv["info"]["client_key"]], input=data.encode(),
                         capture_output=True, check=True).stdout
    return data + "." + base64.urlsafe_b64encode(sig).rstrip(b"=").decode()


def test_azure_ad_certificate_assertion(srv):
    """A client assertion signed with the registered certificate (go-azure-sdk's layout) is taken; a wrong
    thumbprint, audience, subject, lifetime or signature is not."""
    now = int(time.time())
    url = AD.format(cas.AZ_TENANT)
    header = {"alg": "RS256", "typ": "JWT", "kid": cas.CLIENT_CERT["kid"]}
    claims = {"aud": url, "exp": now + 3600, "iss": cas.AZ_CLIENT_ID, "jti": "j-1", "nbf": now, "sub": cas.AZ_CLIENT_ID}
    form = {"client_id": cas.AZ_CLIENT_ID, "grant_type": "client_credentials",
            "scope": "https://storage.azure.com/.default",
            "client_assertion_type": "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"}
    assert call(srv, url, "POST", form=dict(form, client_assertion=signed(srv, header, claims)))[0] == 200
    for h, c in [(dict(header, kid="AAAA"), claims), (header, dict(claims, aud="https://x/token")),
                 (header, dict(claims, sub="other")), (header, dict(claims, exp=now - 10))]:
        st, j, _ = call(srv, url, "POST", form=dict(form, client_assertion=signed(srv, h, c)))
        assert st == 401 and j["error"] == "invalid_client", (h, c)
    good = signed(srv, header, claims)
    forged = good[:good.rfind(".") + 1] + "A" * 40
    assert call(srv, url, "POST", form=dict(form, client_assertion=forged))[0] == 401


def test_gce_metadata(srv):
    url = srv["plain"] + "/computeMetadata/v1/instance/service-accounts/default/token"
    assert call(srv, url)[0] == 403
    st, j, h = call(srv, url + "?scopes=a,b", headers={"Metadata-Flavor": "Google"})
    assert st == 200 and j["access_token"] == cas.GCS_TOKEN and h["Metadata-Flavor"] == "Google"


def test_managed_identity(srv):
    url = srv["plain"] + "/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https%3A%2F%2Fstorage.azure.com"
    assert call(srv, url)[0] == 400
    st, j, _ = call(srv, url, headers={"Metadata": "true"})
    assert st == 200 and claims(j["access_token"])["aud"] == "https://storage.azure.com"
    assert call(srv, url + "&client_id=" + cas.AZ_MSI_CLIENT_ID, headers={"Metadata": "true"})[0] == 200
    st, j, _ = call(srv, url + "&client_id=other", headers={"Metadata": "true"})
    assert st == 400 and j["error_description"] == "Identity not found"
    assert call(srv, url.replace("2018-02-01", "2017-09-01"), headers={"Metadata": "true"})[0] == 400


def test_oidc_token_requests(srv):
    bearer = {"Authorization": f"Bearer {cas.AZ_GH_REQUEST_TOKEN}"}
    gh = srv["plain"] + "/github/idtoken?audience=api%3A%2F%2FAzureADTokenExchange"
    st, j, _ = call(srv, gh, headers=bearer)
    assert st == 200 and j == {"count": 1, "value": cas.AZ_OIDC_TOKEN}
    assert call(srv, gh, headers={"Authorization": "Bearer other"})[0] == 401
    assert call(srv, srv["plain"] + "/github/idtoken", headers=bearer)[0] == 400
    ado = srv["plain"] + f"/ado/oidctoken?api-version=7.1&serviceConnectionId={cas.AZ_ADO_CONNECTION}"
    st, j, _ = call(srv, ado, "POST", headers=bearer, body=b"")
    assert st == 200 and j == {"oidcToken": cas.AZ_OIDC_TOKEN}
    assert call(srv, ado, "GET", headers=bearer)[0] == 400
    assert call(srv, ado.replace("7.1", "6.0"), "POST", headers=bearer, body=b"")[0] == 400


def test_every_request_logged(srv):
    recs = log(srv)
    assert recs and all({"server", "method", "host", "path", "status"} <= set(r) for r in recs)
    assert {r["server"] for r in recs} == {"proxy", "tls", "plain"}
