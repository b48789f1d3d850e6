#!/usr/bin/env python3
"""A local server of AWS's three credential endpoints, for the s3 backend's credential-chain tests.

    aws_creds_server.py --port P --log FILE [--access-key K --secret-key S --session-token T]

Serves on 127.0.0.1, one port, the documented protocols the AWS SDKs speak (Terraform's Go SDK and
terrace's Rust SDK alike). Each hands out the temporary credentials given (by default its own, CREDS
below; the tests give a role session that moto's STS issued, as moto checks every request's key):

Container credentials (ECS/EKS; `AWS_CONTAINER_CREDENTIALS_FULL_URI=http://127.0.0.1:P/v2/credentials/task`,
`AWS_CONTAINER_AUTHORIZATION_TOKEN=CONTAINER_AUTH`):
  GET /v2/credentials/task      with `Authorization: CONTAINER_AUTH` -> {"AccessKeyId", "SecretAccessKey",
                                "Token", "Expiration", "RoleArn"}; 401 without the token, 403 with another

Instance metadata, IMDSv2 (`AWS_EC2_METADATA_SERVICE_ENDPOINT=http://127.0.0.1:P`):
  PUT /latest/api/token         with `X-aws-ec2-metadata-token-ttl-seconds: N` (1-21600) -> a session token
                                (400 without the header or out of range; a GET here is 405)
  GET /latest/meta-data/iam/security-credentials/       with `X-aws-ec2-metadata-token` -> the role name
  GET /latest/meta-data/iam/security-credentials/ROLE   -> {"Code": "Success", "Type": "AWS-HMAC",
                                "AccessKeyId", "SecretAccessKey", "Token", "Expiration", "LastUpdated"}
                                (401 without or with an unknown session token, as IMDSv2 answers; 404 for
                                another role)

IAM Identity Center (SSO) portal (`AWS_ENDPOINT_URL_SSO=http://127.0.0.1:P`):
  GET /federation/credentials?account_id=A&role_name=R   with `x-amz-sso_bearer_token: SSO_ACCESS_TOKEN`
                                -> {"roleCredentials": {"accessKeyId", "secretAccessKey", "sessionToken",
                                "expiration" (ms)}}; 401 UnauthorizedException for another token, 403
                                ForbiddenException for another account or role

Anything else is 404. Every request is logged, one JSON object a line: {"method", "path", "kind":
"container" | "imds" | "sso" | "other", "status"}; FILE.ready is written once listening. Nothing is
stored: the server holds no state but the IMDS session tokens it issued."""
import json, os, secrets, signal, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CONTAINER_AUTH = "container-auth-token-4f1c9e7b"
IMDS_ROLE = "terrace-reader-instance"
SSO_ACCESS_TOKEN = "sso-access-token-9d2e61ab55f0"
SSO_ACCOUNT = "123456789012"
SSO_ROLE = "StateReader"
EXPIRES = "2099-01-01T00:00:00Z"
CREDS = {
    "container": ("ASIACONTAINER0000001", "container-secret-7b1d0c2e9f3a4b5c6d7e8f90", "container-session-1a2b3c4d"),
    "imds": ("ASIAIMDS000000000001", "imds-secret-2c3d4e5f6a7b8c9d0e1f2a3b", "imds-session-4d5e6f7a"),
    "sso": ("ASIASSO0000000000001", "sso-secret-3d4e5f6a7b8c9d0e1f2a3b4c", "sso-session-7a8b9c0d"),
}


# The credentials the s3-creds fixture's files hold, as {{PLACEHOLDERS}} there (filled at run time).
FIXTURE_SECRETS = {
    "WEB_TOKEN": "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ0ZXJyYWNlLWNpIn0.web-identity-7c8d",
    "CONTAINER_AUTH": CONTAINER_AUTH,
    "SSO_ACCESS_TOKEN": SSO_ACCESS_TOKEN,
}


# Wrong credentials the error cases give (they may be stored in the cases; never shown either).
WRONG = ["wrong-container-auth-00"]


def placeholders(port, fixtures_dir):
    """The {{PLACEHOLDERS}} of the credential tests: this server's URL, the filled fixtures' folder
    (files named by absolute path: shared files, token file, credential_process script) and the
    secrets those files hold."""
    return dict(FIXTURE_SECRETS, CREDS_URL=f"http://127.0.0.1:{port}", FIXTURES_DIR=fixtures_dir)


def secrets_list():
    """Every credential this server hands out or checks, and those of the fixture's files (none may
    appear in terrace's output or in the stored test data)."""
    out = list(FIXTURE_SECRETS.values()) + WRONG + [s for (_k, secret, token) in ISSUED for s in (secret, token)]
    for _key, secret, token in CREDS.values():
        out += [secret, token]
    return out


# Credentials handed out in place of CREDS (serve's `issued`), added to secrets_list().
ISSUED = []


def make_handler(log, issued=None):
    lock = threading.Lock()

    def creds(kind):
        """(key, secret, session token)."""
        return tuple(issued) if issued else CREDS[kind]

    def without_none(d):
        return {k: v for k, v in d.items() if v is not None}
    imds_tokens = set()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def record(self, kind, status):
            with lock, open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"method": self.command, "path": self.path.split("?")[0], "kind": kind,
                                    "status": status}) + "\n")

        def send(self, kind, code, body=b"", ctype="application/json", headers=None):
            if isinstance(body, (dict, list)):
                body = json.dumps(body).encode()
            elif isinstance(body, str):
                body = body.encode()
            self.record(kind, code)
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def read_body(self):
            n = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(n) if n else b""

        # -- container ------------------------------------------------------------------------
        def container(self):
            auth = self.headers.get("Authorization")
            if auth is None:
                return self.send("container", 401, {"message": "missing authorization"})
            if auth != CONTAINER_AUTH:
                return self.send("container", 403, {"message": "bad authorization"})
            key, secret, token = creds("container")
            return self.send("container", 200, without_none({"AccessKeyId": key, "SecretAccessKey": secret, "Token": token,
                                                "Expiration": EXPIRES,
                                                "RoleArn": "arn:aws:iam::123456789012:role/terrace-task"}))

        # -- IMDSv2 ---------------------------------------------------------------------------
        def imds(self, path):
            if path == "/latest/api/token":
                if self.command != "PUT":
                    return self.send("imds", 405, "", "text/plain")
                ttl = self.headers.get("X-aws-ec2-metadata-token-ttl-seconds", "")
                if not ttl.isdigit() or not 1 <= int(ttl) <= 21600:
                    return self.send("imds", 400, "", "text/plain")
                tok = "imds-session-" + secrets.token_hex(16)
                with lock:
                    imds_tokens.add(tok)
                return self.send("imds", 200, tok, "text/plain",
                                 {"X-aws-ec2-metadata-token-ttl-seconds": ttl})
            if self.command not in ("GET", "HEAD"):
                return self.send("imds", 405, "", "text/plain")
            with lock:
                ok = self.headers.get("X-aws-ec2-metadata-token") in imds_tokens
            if not ok:
                return self.send("imds", 401, "", "text/plain")
            base = "/latest/meta-data/iam/security-credentials/"
            if path == base:
                return self.send("imds", 200, IMDS_ROLE, "text/plain")
            if path == base + IMDS_ROLE:
                key, secret, token = creds("imds")
                return self.send("imds", 200, without_none({"Code": "Success", "LastUpdated": "2026-01-01T00:00:00Z",
                                               "Type": "AWS-HMAC", "AccessKeyId": key, "SecretAccessKey": secret,
                                               "Token": token, "Expiration": EXPIRES}))
            return self.send("imds", 404, "", "text/plain")

        # -- SSO portal -----------------------------------------------------------------------
        def sso(self, query):
            q = urllib.parse.parse_qs(query)
            if self.headers.get("x-amz-sso_bearer_token") != SSO_ACCESS_TOKEN:
                return self.send("sso", 401, {"message": "Session token not found or invalid"},
                                 headers={"x-amzn-ErrorType": "UnauthorizedException"})
            if q.get("account_id") != [SSO_ACCOUNT] or q.get("role_name") != [SSO_ROLE]:
                return self.send("sso", 403, {"message": "No access"},
                                 headers={"x-amzn-ErrorType": "ForbiddenException"})
            key, secret, token = creds("sso")
            return self.send("sso", 200, {"roleCredentials": without_none({
                "accessKeyId": key, "secretAccessKey": secret, "sessionToken": token,
                "expiration": 4070908800000})})

        def route(self):
            self.read_body()
            parsed = urllib.parse.urlsplit(self.path)
            path = parsed.path
            if path == "/v2/credentials/task" and self.command in ("GET", "HEAD"):
                return self.container()
            if path.startswith("/latest/"):
                return self.imds(path)
            if path == "/federation/credentials" and self.command == "GET":
                return self.sso(parsed.query)
            return self.send("other", 404, {"message": "not found"})

        do_GET = do_HEAD = do_PUT = do_POST = do_DELETE = route

    return Handler


def serve(port, log, issued=None, ready=True):
    """Start serving in a thread, handing out `issued` (access key, secret, session token) if given;
    returns the server (shutdown() to stop)."""
    open(log, "a").close()
    if issued:
        ISSUED.append(tuple(issued))
    srv = ThreadingHTTPServer(("127.0.0.1", port), make_handler(log, issued))
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    if ready:
        with open(log + ".ready", "w") as f:
            f.write("ready\n")
    return srv


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--access-key")
    ap.add_argument("--secret-key")
    ap.add_argument("--session-token")
    a = ap.parse_args(argv)
    serve(a.port, a.log, (a.access_key, a.secret_key, a.session_token) if a.access_key else None)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main(sys.argv[1:])
