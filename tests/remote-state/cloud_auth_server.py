#!/usr/bin/env python3
"""Local stand-ins for the cloud sign-in endpoints Terraform's gcs and azurerm backends ask, for terrace's
credential tests. Everything listens on 127.0.0.1; the public host names are reached through the CONNECT
proxy below (HTTPS_PROXY) with this server's throwaway CA in SSL_CERT_FILE, as the azurite tests reach
ACCOUNT.blob.core.windows.net.

    cloud_auth_server.py --dir DIR --log FILE [--blob-target PORT]

Three listeners (ports written to DIR/ports.json, then FILE.ready):

  tls    HTTPS, certificate for the names below (CA: DIR/ca.pem)
    POST /v1/projects/-/serviceAccounts/SA:generateAccessToken   (iamcredentials.googleapis.com)
         IAM Credentials API: `Authorization: Bearer BASE` with BASE one of GCP_BASE_TOKENS, SA ==
         GCP_SA, body {"delegates": [...], "scope": [...], "lifetime"}: every delegate must be
         "projects/-/serviceAccounts/" + one of GCP_DELEGATES and the scope must include one that
         reaches storage (devstorage.read_write, devstorage.full_control or cloud-platform)
         -> {"accessToken": GCS_TOKEN, "expireTime"}; else 401 UNAUTHENTICATED
         (unknown token) or 403 PERMISSION_DENIED (other account, delegate) as Google answers
    POST /token                                                   (oauth2.googleapis.com)
         an authorized user's refresh: grant_type=refresh_token with GCP_CLIENT_ID/GCP_CLIENT_SECRET/
         GCP_REFRESH_TOKEN -> {"access_token": GCP_BASE_TOKEN}; else 400 invalid_grant
    POST /TENANT/oauth2/v2.0/token                                (login.microsoftonline.com)
         Azure AD client credentials: client_id AZ_CLIENT_ID in tenant AZ_TENANT, scope
         https://storage.azure.com/.default, proof client_secret == AZ_CLIENT_SECRET or
         client_assertion_type jwt-bearer + client_assertion == AZ_OIDC_TOKEN or a JWT signed with the
         client certificate (DIR/client-*.p12, see make_client_cert) -> {"access_token": a
         JWT azurite accepts (aud https://storage.azure.com, iss https://sts.windows.net/TENANT/,
         nbf/exp around now)}; else AADSTS errors (400 unknown tenant, 401 invalid_client)
  plain  HTTP
    GET  /computeMetadata/v1/instance/service-accounts/default/token   GCE metadata server: needs
         `Metadata-Flavor: Google` (else 403) -> {"access_token": GCS_TOKEN, "expires_in", "token_type"}
         with the Metadata-Flavor: Google header
    GET  /metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://storage.azure.com
         Azure managed identity (IMDS): needs `Metadata: true` (else 400); client_id, when given,
         must be AZ_MSI_CLIENT_ID (else 400 "Identity not found") -> {"access_token": JWT, ...}
    GET  /github/idtoken?audience=api://AzureADTokenExchange   GitHub Actions' ID token request:
         `Authorization: Bearer AZ_GH_REQUEST_TOKEN` (else 401) -> {"count": 1, "value": AZ_OIDC_TOKEN}
    POST /ado/oidctoken?api-version=7.1&serviceConnectionId=AZ_ADO_CONNECTION   Azure DevOps' OIDC
         token request, same bearer -> {"oidcToken": AZ_OIDC_TOKEN}
  proxy  an HTTPS_PROXY: CONNECT to login.microsoftonline.com, iamcredentials.googleapis.com,
         oauth2.googleapis.com :443 is tunnelled to `tls`; *.blob.core.windows.net:443 to
         127.0.0.1:--blob-target (azurite with --oauth basic); anything else: 403, logged

Every request is logged, one JSON object a line: {"server", "method", "host", "path", "status"} (the
proxy's with "allowed"). Fixed credentials below; none may appear in terrace's output."""
import base64, json, os, select, signal, socket, ssl, subprocess, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

GCP_SA = "state-reader@acme-infra.iam.gserviceaccount.com"
GCP_DELEGATES = ["hop-1@acme-infra.iam.gserviceaccount.com"]
GCP_BASE_TOKEN = "ya29.base-token-for-impersonation-4c1e"
GCP_CLIENT_ID = "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com"
GCP_CLIENT_SECRET = "gcp-client-secret-8d0a1f"
GCP_REFRESH_TOKEN = "1//gcp-refresh-token-61b2e9"
AZ_TENANT = "7d1c9a2e-5b3f-4e61-9a0d-2f8c4b6e1a37"
AZ_CLIENT_ID = "0b6f3c2a-8e14-4d7b-b1a9-5c2e7f9d3a41"
AZ_CLIENT_SECRET = "az-client-secret~Q8x.7Jk2mNp4Rs6Tv"
AZ_OIDC_TOKEN = "eyJhbGciOiJSUzI1NiJ9.oidc-assertion-body-3f9a.oidc-signature-77c1"
AZ_GH_REQUEST_TOKEN = "gh-request-token-0a8b7c6d5e"
AZ_ADO_CONNECTION = "5f0e4d3c-ado-connection"
AZ_MSI_CLIENT_ID = "3e5d7c9b-msi-client-id"
AZ_CERT_PASSWORD = "az-cert-password-5e1f"  # of DIR/client-legacy.p12 and DIR/client-3des.p12
# Every JWT this server issues carries this signature part: a token in terrace's output would show it.
JWT_SIGNATURE = "dGVycmFjZS10ZXN0LXNpZ25hdHVyZS03YzFk"
SECRETS = [GCP_BASE_TOKEN, GCP_CLIENT_SECRET, GCP_REFRESH_TOKEN, AZ_CLIENT_SECRET, AZ_OIDC_TOKEN,
           AZ_GH_REQUEST_TOKEN, JWT_SIGNATURE, AZ_CERT_PASSWORD]
WRONG = ["az-wrong-secret~000000000000000000", "ya29.wrong-base-token-000000"]
GCS_TOKEN = "ya29.remote-state-gcs-token-5d2e"  # the sample's gcs emulator's token (servers.GCS_TOKEN)

IAM_URL = "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/{}:generateAccessToken"
TLS_NAMES = ["login.microsoftonline.com", "iamcredentials.googleapis.com", "oauth2.googleapis.com"]


def make_certs(d):
    """A throwaway CA and one server certificate for the sign-in hosts, *.blob.core.windows.net and
    127.0.0.1 (openssl); kept when DIR already has them."""
    paths = tuple(os.path.join(d, f) for f in ("ca.pem", "srv.pem", "srv.key"))
    if all(os.path.exists(p) for p in paths):
        return paths
    run = lambda *a: subprocess.run(["openssl"] + list(a), cwd=d, check=True, capture_output=True)  # noqa: E731
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "30",
        "-subj", "/CN=terrace cloud-auth test CA", "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=cloud-auth")
    sans = ",".join([f"DNS:{n}" for n in TLS_NAMES] + ["DNS:*.blob.core.windows.net", "IP:127.0.0.1"])
    with open(os.path.join(d, "ext.cnf"), "w") as f:
        f.write(f"subjectAltName={sans}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
    run("x509", "-req", "-in", "srv.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "srv.pem",
        "-days", "30", "-extfile", "ext.cnf")
    return os.path.join(d, "ca.pem"), os.path.join(d, "srv.pem"), os.path.join(d, "srv.key")


def make_client_cert(d):
    """The application's client certificate: DIR/client.pem (its key client.key, public key client.pub)
    in two PKCS #12 archives with AZ_CERT_PASSWORD: client-legacy.p12 (openssl's -legacy: RC2-40
    certificate, 3DES key, as Azure's older tools write) and client-3des.p12 (3DES both). Returns the
    certificate's SHA-1 thumbprint as the JWT `kid` carries it (base64url, padded)."""
    import hashlib
    run = lambda *a: subprocess.run(["openssl"] + list(a), cwd=d, check=True, capture_output=True)  # noqa: E731
    if not os.path.exists(os.path.join(d, "client-3des.p12")):
        run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "client.key", "-out", "client.pem",
            "-days", "30", "-subj", "/CN=terrace state reader")
        run("x509", "-in", "client.pem", "-pubkey", "-noout", "-out", "client.pub")
        run("pkcs12", "-export", "-legacy", "-inkey", "client.key", "-in", "client.pem", "-out", "client-legacy.p12",
            "-passout", "pass:" + AZ_CERT_PASSWORD)
        run("pkcs12", "-export", "-inkey", "client.key", "-in", "client.pem", "-out", "client-3des.p12",
            "-passout", "pass:" + AZ_CERT_PASSWORD, "-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES",
            "-macalg", "sha1")
    der = run("x509", "-in", "client.pem", "-outform", "der").stdout
    return base64.urlsafe_b64encode(hashlib.sha1(der).digest()).decode()


def certificate_assertion_ok(assertion, client, token_url):
    """A client assertion go-azure-sdk signs with a certificate: RS256, kid = the registered
    certificate's thumbprint, aud = the token URL, iss = sub = the client, within nbf..exp, and the
    signature verified (openssl) with the certificate's public key."""
    try:
        h, c, sig = assertion.split(".")
        pad = lambda x: x + "=" * (-len(x) % 4)  # noqa: E731
        header = json.loads(base64.urlsafe_b64decode(pad(h)))
        claims = json.loads(base64.urlsafe_b64decode(pad(c)))
        signature = base64.urlsafe_b64decode(pad(sig))
    except ValueError:
        return False
    now = time.time()
    if header.get("alg") != "RS256" or header.get("kid") != CLIENT_CERT["kid"] or claims.get("aud") != token_url \
            or claims.get("iss") != client or claims.get("sub") != client or not claims.get("jti") \
            or not claims.get("nbf", now + 1) - 60 <= now < claims.get("exp", 0):
        return False
    import tempfile
    with tempfile.NamedTemporaryFile() as f:
        f.write(signature)
        f.flush()
        r = subprocess.run(["openssl", "dgst", "-sha256", "-verify", CLIENT_CERT["pub"], "-signature", f.name],
                           input=f"{h}.{c}".encode(), capture_output=True)
    return r.returncode == 0


CLIENT_CERT = {"kid": None, "pub": None}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def storage_jwt(tenant, subject, now=None):
    """An Azure AD access token for Azure Storage as azurite's `--oauth basic` checks it (audience,
    issuer prefix, nbf/exp; not the signature)."""
    now = int(now or time.time())
    head = b64url(json.dumps({"typ": "JWT", "alg": "RS256"}).encode())
    body = b64url(json.dumps({"aud": "https://storage.azure.com", "iss": f"https://sts.windows.net/{tenant}/",
                              "iat": now - 60, "nbf": now - 60, "exp": now + 3600, "tid": tenant,
                              "oid": subject, "appid": subject}).encode())
    return f"{head}.{body}.{JWT_SIGNATURE}"


def jlog(path):
    lock = threading.Lock()
    f = open(path, "a", encoding="utf-8")

    def write(rec):
        with lock:
            f.write(json.dumps(rec) + "\n")
            f.flush()
    return write


def google_error(code, status, message):
    return code, {"error": {"code": code, "message": message, "status": status}}


def handle_tls(method, host, path, query, headers, body):
    """(status, json) for the HTTPS endpoints."""
    form = {k: v[0] for k, v in urllib.parse.parse_qs(body.decode("utf-8", "replace")).items()}
    if host == "iamcredentials.googleapis.com":
        prefix, suffix = "/v1/projects/-/serviceAccounts/", ":generateAccessToken"
        if method != "POST" or not path.startswith(prefix) or not path.endswith(suffix):
            return google_error(404, "NOT_FOUND", "Not found")
        auth = headers.get("Authorization", "")
        if auth[len("Bearer "):] not in (GCP_BASE_TOKEN, GCS_TOKEN) or not auth.startswith("Bearer "):
            return google_error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. "
                                                        "Expected OAuth 2 access token.")
        sa = urllib.parse.unquote(path[len(prefix):-len(suffix)])
        try:
            req = json.loads(body or b"{}")
        except ValueError:
            return google_error(400, "INVALID_ARGUMENT", "Invalid JSON payload received.")
        delegates = req.get("delegates") or []
        known = ["projects/-/serviceAccounts/" + d for d in GCP_DELEGATES]
        if sa != GCP_SA or any(d not in known for d in delegates):
            return google_error(403, "PERMISSION_DENIED", "Permission 'iam.serviceAccounts.getAccessToken' denied "
                                                          "on resource (or it may not exist).")
        storage = {"https://www.googleapis.com/auth/devstorage.read_write",
                   "https://www.googleapis.com/auth/devstorage.full_control",
                   "https://www.googleapis.com/auth/cloud-platform"}
        if not storage & set(req.get("scope") or []):
            return google_error(400, "INVALID_ARGUMENT", "Scope required.")
        exp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3600))
        return 200, {"accessToken": GCS_TOKEN, "expireTime": exp}
    if host == "oauth2.googleapis.com":
        if method != "POST" or path != "/token":
            return 404, {"error": "not_found"}
        if (form.get("grant_type") == "refresh_token" and form.get("client_id") == GCP_CLIENT_ID
                and form.get("client_secret") == GCP_CLIENT_SECRET and form.get("refresh_token") == GCP_REFRESH_TOKEN):
            return 200, {"access_token": GCP_BASE_TOKEN, "expires_in": 3599, "token_type": "Bearer",
                         "scope": "https://www.googleapis.com/auth/cloud-platform"}
        return 400, {"error": "invalid_grant", "error_description": "Bad Request"}
    if host == "login.microsoftonline.com":
        parts = path.strip("/").split("/")
        if method != "POST" or len(parts) != 4 or parts[1:] != ["oauth2", "v2.0", "token"]:
            return 404, {"error": "not_found"}
        tenant = parts[0]
        if tenant != AZ_TENANT:
            return 400, {"error": "invalid_request", "error_description":
                         f"AADSTS90002: Tenant '{tenant}' not found. Check to make sure you have the correct tenant ID."}
        if form.get("grant_type") != "client_credentials":
            return 400, {"error": "unsupported_grant_type", "error_description": "AADSTS70003: unsupported grant"}
        if form.get("client_id") != AZ_CLIENT_ID:
            return 400, {"error": "unauthorized_client", "error_description":
                         f"AADSTS700016: Application with identifier '{form.get('client_id')}' was not found."}
        if form.get("scope") != "https://storage.azure.com/.default":
            return 400, {"error": "invalid_scope", "error_description": "AADSTS70011: The provided scope is not valid."}
        jwt_bearer = form.get("client_assertion_type") == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
        token_url = f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token"
        ok = form.get("client_secret") == AZ_CLIENT_SECRET or (jwt_bearer and (
            form.get("client_assertion") == AZ_OIDC_TOKEN
            or certificate_assertion_ok(form.get("client_assertion", ""), AZ_CLIENT_ID, token_url)))
        if not ok:
            return 401, {"error": "invalid_client", "error_description":
                         "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request "
                         "is the client secret value, not the client secret ID."}
        return 200, {"token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599,
                     "access_token": storage_jwt(tenant, AZ_CLIENT_ID)}
    return 404, {"error": "unknown host " + host}


def handle_plain(method, path, query, headers):
    """(status, json, extra headers) for the plain HTTP endpoints."""
    q = {k: v[0] for k, v in urllib.parse.parse_qs(query).items()}
    if path == "/computeMetadata/v1/instance/service-accounts/default/token":
        if headers.get("Metadata-Flavor") != "Google":
            return 403, {"error": "Missing Metadata-Flavor:Google header."}, {}
        return 200, {"access_token": GCS_TOKEN, "expires_in": 3599, "token_type": "Bearer"}, \
            {"Metadata-Flavor": "Google"}
    if path == "/metadata/identity/oauth2/token":
        if headers.get("Metadata") != "true":
            return 400, {"error": "invalid_request", "error_description": "Required metadata header not specified"}, {}
        if q.get("api-version") != "2018-02-01" or q.get("resource") != "https://storage.azure.com":
            return 400, {"error": "invalid_request", "error_description": "bad api-version or resource"}, {}
        if "client_id" in q and q["client_id"] != AZ_MSI_CLIENT_ID:
            return 400, {"error": "invalid_request", "error_description": "Identity not found"}, {}
        now = int(time.time())
        return 200, {"access_token": storage_jwt(AZ_TENANT, AZ_MSI_CLIENT_ID), "client_id": AZ_MSI_CLIENT_ID,
                     "expires_in": "3599", "expires_on": str(now + 3599), "resource": q["resource"],
                     "token_type": "Bearer"}, {}
    if path in ("/github/idtoken", "/ado/oidctoken"):
        if headers.get("Authorization") != f"Bearer {AZ_GH_REQUEST_TOKEN}":
            return 401, {"message": "Bad credentials"}, {}
        if path == "/github/idtoken":
            if method != "GET" or q.get("audience") != "api://AzureADTokenExchange":
                return 400, {"message": "audience must be api://AzureADTokenExchange"}, {}
            return 200, {"count": 1, "value": AZ_OIDC_TOKEN}, {}
        if method != "POST" or q.get("api-version") != "7.1" or q.get("serviceConnectionId") != AZ_ADO_CONNECTION:
            return 400, {"message": "bad api-version or serviceConnectionId"}, {}
        return 200, {"oidcToken": AZ_OIDC_TOKEN}, {}
    return 404, {"error": "not found"}, {}


def make_handler(kind, write):
    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def handle_any(self):
            n = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(n) if n else b""
            u = urllib.parse.urlsplit(self.path)
            host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
            extra = {}
            if kind == "tls":
                status, answer = handle_tls(self.command, host, u.path, u.query, self.headers, body)
            else:
                status, answer, extra = handle_plain(self.command, u.path, u.query, self.headers)
            write({"server": kind, "method": self.command, "host": host, "path": u.path, "status": status})
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            for k, v in extra.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = handle_any

        def log_message(self, *a):
            pass
    return H


def serve_proxy(sock, write, tls_port, blob_port):
    def pipe(a, b):
        try:
            while True:
                r, _, _ = select.select([a, b], [], [], 60)
                if not r:
                    return
                for x in r:
                    d = x.recv(65536)
                    if not d:
                        return
                    (b if x is a else a).sendall(d)
        except OSError:
            pass
        finally:
            a.close()
            b.close()

    def handle(c):
        data = b""
        while b"\r\n\r\n" not in data:
            d = c.recv(4096)
            if not d:
                c.close()
                return
            data += d
        parts = data.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
        meth, hostport = (parts + ["", ""])[:2]
        host, _, port = hostport.rpartition(":")
        target = None
        if meth == "CONNECT" and port == "443":
            if host in TLS_NAMES:
                target = tls_port
            elif host.endswith(".blob.core.windows.net") and blob_port:
                target = blob_port
        write({"server": "proxy", "method": meth, "host": hostport, "path": "", "allowed": target is not None,
               "status": 200 if target else 403})
        if target is None:
            c.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            c.close()
            return
        try:
            u = socket.create_connection(("127.0.0.1", target))
        except OSError:
            c.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            c.close()
            return
        c.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        pipe(c, u)

    def loop():
        while True:
            c, _ = sock.accept()
            threading.Thread(target=handle, args=(c,), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()


def serve(d, log, blob_port=None):
    """Start the three listeners in this process; returns their ports, the CA and server certificate,
    and the client certificate's archives ({"tls", "plain", "proxy", "ca", "cert", "key",
    "client_p12_legacy", "client_p12_3des", "client_key"})."""
    os.makedirs(d, exist_ok=True)
    ca, cert, key = make_certs(d)
    CLIENT_CERT.update(kid=make_client_cert(d), pub=os.path.join(d, "client.pub"))
    write = jlog(log)
    tls = ThreadingHTTPServer(("127.0.0.1", 0), make_handler("tls", write))
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    tls.socket = ctx.wrap_socket(tls.socket, server_side=True)
    plain = ThreadingHTTPServer(("127.0.0.1", 0), make_handler("plain", write))
    for s in (tls, plain):
        s.daemon_threads = True
        threading.Thread(target=s.serve_forever, daemon=True).start()
    psock = socket.socket()
    psock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    psock.bind(("127.0.0.1", 0))
    psock.listen(64)
    info = {"tls": tls.server_address[1], "plain": plain.server_address[1], "proxy": psock.getsockname()[1],
            "ca": ca, "cert": cert, "key": key, "client_p12_legacy": os.path.join(d, "client-legacy.p12"),
            "client_p12_3des": os.path.join(d, "client-3des.p12"), "client_key": os.path.join(d, "client.key")}
    serve_proxy(psock, write, info["tls"], blob_port)
    return info


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--blob-target", type=int)
    a = ap.parse_args(argv)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM, signal.SIGINT])
    open(a.log, "a").close()
    info = serve(a.dir, a.log, a.blob_target)
    with open(os.path.join(a.dir, "ports.json"), "w") as f:
        json.dump(info, f)
    with open(a.log + ".ready", "w") as f:
        f.write("ready\n")
    signal.sigwait([signal.SIGTERM, signal.SIGINT])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
