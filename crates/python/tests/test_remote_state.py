"""terrace.Module reading state from a remote backend: Terraform's http backend protocol
served on 127.0.0.1 by a small real server, the fixture and expectations from the shared
remote-state sample (recorded with Terraform 1.15.5)."""

import base64
import http.server
import json
import shutil
import threading

import pytest

import terrace
from conftest import SHARED

SAMPLE = SHARED / "remote-state-sample"
USER, PASSWORD = "tfuser", "py-http-Pa55word-31"


class StateServer(http.server.ThreadingHTTPServer):
    """GET only: the state bodies under `root`, basic auth under /auth/; every request logged."""

    def __init__(self, root):
        self.root, self.requests = root, []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(handler):  # noqa: N805
                self.requests.append(("GET", handler.path))
                path = handler.path.strip("/")
                if path.startswith("auth/"):
                    want = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
                    if handler.headers.get("Authorization") != want:
                        return handler.send_response_only(401) or handler.end_headers()
                    path = path[len("auth/"):]
                file = self.root / path
                if not file.is_file():
                    handler.send_response(404)
                    handler.send_header("Content-Length", "0")
                    return handler.end_headers()
                body = file.read_bytes()
                handler.send_response(200)
                handler.send_header("Content-Length", str(len(body)))
                handler.end_headers()
                handler.wfile.write(body)

            def log_message(handler, *args):  # noqa: N805
                pass

        super().__init__(("127.0.0.1", 0), Handler)


@pytest.fixture
def server():
    srv = StateServer(SAMPLE / "fixtures" / "http-block" / "backend-content" / "http")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv
    srv.shutdown()


@pytest.fixture
def fixture(tmp_path, server):
    """http-block with its address placeholders filled."""
    if not SAMPLE.is_dir():
        pytest.skip("the shared remote-state sample is not here")
    dst = tmp_path / "http-block"
    shutil.copytree(SAMPLE / "fixtures" / "http-block", dst, ignore=shutil.ignore_patterns("backend-content"))
    main = dst / "main.tf"
    url = f"http://127.0.0.1:{server.server_port}"
    main.write_text(main.read_text().replace("{{HTTP_URL}}", url))
    return dst


def expected(expr, module="http-block"):
    for line in (SAMPLE / "cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["module"] == module and case["expr"] == expr and not case.get("env") and not case["error"]:
            return case["out"]
    raise KeyError(expr)


def test_state_read_from_the_block_address(fixture, server):
    module = terrace.Module(fixture)
    assert module.evaluate("terraform_data.network.output.name") == json.loads(
        expected("terraform_data.network.output.name")
    )
    assert module.evaluate("keys(terraform_data.bucket)") == ["assets", "logs"]
    assert module.evaluate('module.app["web"].endpoint') == "web-default:80"
    assert {m for m, _ in server.requests} == {"GET"}


def test_backend_config_overrides_the_block(fixture, server):
    url = f"http://127.0.0.1:{server.server_port}"
    module = terrace.Module(
        fixture,
        backend_config={"address": f"{url}/auth/state/network", "username": USER, "password": PASSWORD},
    )
    assert module.evaluate("terraform_data.network.output.name") == "hb-default"
    # The same as a list of KEY=VALUE items.
    module = terrace.Module(
        fixture,
        backend_config=[f"address={url}/auth/state/network", f"username={USER}", f"password={PASSWORD}"],
    )
    assert module.evaluate("terraform_data.network.output.name") == "hb-default"


def test_missing_state_is_empty_and_errors_hide_the_password(fixture, server):
    url = f"http://127.0.0.1:{server.server_port}"
    module = terrace.Module(fixture, backend_config={"address": f"{url}/state/never"})
    assert isinstance(module.evaluate("terraform_data.network.id"), terrace.Unknown)
    with pytest.raises(terrace.ConfigurationError) as caught:
        terrace.Module(
            fixture,
            backend_config={"address": f"{url}/auth/state/network", "username": USER, "password": "wrong-pw-123"},
        )
    assert "requires auth" in str(caught.value) or "invalid auth" in str(caught.value)
    assert "wrong-pw-123" not in str(caught.value)


# --- HCP Terraform (the `cloud` block and the `remote` backend) -----------------------------
# A small HTTPS server implementing the documented endpoints terrace calls: service
# discovery, the workspace by name, its current state version, the state download and the
# workspace list; the state served is the one Terraform wrote for http-block.

import ssl
import subprocess

TFE_TOKEN = "tfe-token-0123456789.atlasv1.abcdef"
NETWORK_STATE = SAMPLE / "fixtures" / "http-block" / "backend-content" / "http" / "state" / "network"


class TfeServer(http.server.ThreadingHTTPServer):
    def __init__(self, cert, key):
        self.requests = []
        workspaces = {"net-dev": "ws-dev", "net-prod": "ws-prod", "other": "ws-other"}
        with_state = {"ws-dev"}

        class Handler(http.server.BaseHTTPRequestHandler):
            def reply(handler, code, body=b"", ctype="application/vnd.api+json"):  # noqa: N805
                handler.send_response(code)
                handler.send_header("Content-Type", ctype)
                handler.send_header("Content-Length", str(len(body)))
                handler.end_headers()
                handler.wfile.write(body)

            def do_GET(handler):  # noqa: N805
                self.requests.append(("GET", handler.path))
                path = handler.path
                if path == "/.well-known/terraform.json":
                    return handler.reply(200, json.dumps({"tfe.v2": "/api/v2/"}).encode(), "application/json")
                if handler.headers.get("Authorization") != f"Bearer {TFE_TOKEN}":
                    return handler.reply(401, json.dumps({"errors": [{"status": "401", "title": "unauthorized"}]}).encode())
                prefix = "/api/v2/organizations/acme/workspaces"
                if path.startswith(prefix + "?"):
                    data = [{"id": i, "type": "workspaces", "attributes": {"name": n}} for n, i in sorted(workspaces.items())]
                    if "search%5Bname%5D=net-" in path:
                        data = [d for d in data if d["attributes"]["name"].startswith("net-")]
                    return handler.reply(200, json.dumps({"data": data, "meta": {"pagination": {"next-page": None}}}).encode())
                if path.startswith(prefix + "/"):
                    name = path[len(prefix) + 1:]
                    if name not in workspaces:
                        return handler.reply(404, json.dumps({"errors": [{"status": "404", "title": "not found"}]}).encode())
                    return handler.reply(200, json.dumps({"data": {"id": workspaces[name], "type": "workspaces", "attributes": {"name": name}}}).encode())
                if path.startswith("/api/v2/workspaces/") and path.endswith("/current-state-version"):
                    ws = path.split("/")[4]
                    if ws not in with_state:
                        return handler.reply(404, json.dumps({"errors": [{"status": "404", "title": "not found"}]}).encode())
                    url = f"https://127.0.0.1:{self.server_port}/_archivist/{ws}"
                    body = {"data": {"id": "sv-1", "type": "state-versions", "attributes": {"hosted-state-download-url": url}}}
                    return handler.reply(200, json.dumps(body).encode())
                if path.startswith("/_archivist/"):
                    return handler.reply(200, NETWORK_STATE.read_bytes(), "application/json")
                return handler.reply(404)

            def log_message(handler, *args):  # noqa: N805
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self.socket = context.wrap_socket(self.socket, server_side=True)


@pytest.fixture
def tfe(tmp_path, monkeypatch):
    if not SAMPLE.is_dir() or shutil.which("openssl") is None:
        pytest.skip("needs the shared remote-state sample and openssl")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1",
         # A server certificate, not a CA's (openssl's default for -x509), which webpki refuses to
         # see a server present.
         "-addext", "basicConstraints=critical,CA:FALSE", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    srv = TfeServer(str(cert), str(key))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    for name in ("HTTPS_PROXY", "https_proxy", "TF_WORKSPACE"):
        monkeypatch.delenv(name, raising=False)
    yield srv
    srv.shutdown()


def tfe_module(tmp_path, block):
    dst = tmp_path / "cfg"
    shutil.copytree(SAMPLE / "fixtures" / "http-block", dst, ignore=shutil.ignore_patterns("backend-content"))
    main = dst / "main.tf"
    text = main.read_text()
    start, end = text.index("terraform {"), text.index("\n}\n") + 3
    main.write_text(text[:start] + block + text[end:])
    return dst


def test_cloud_block_reads_the_named_workspace(tmp_path, tfe):
    host = f"127.0.0.1:{tfe.server_port}"
    cfg = tfe_module(tmp_path, f'terraform {{\n  cloud {{\n    hostname = "{host}"\n    organization = "acme"\n'
                               f'    token = "{TFE_TOKEN}"\n    workspaces {{\n      name = "net-dev"\n    }}\n  }}\n}}\n')
    module = terrace.Module(cfg)
    assert module.evaluate("terraform_data.network.output.name") == "hb-default"
    assert module.evaluate('module.app["web"].endpoint') == "web-default:80"
    assert {m for m, _ in tfe.requests} == {"GET"}


def test_remote_backend_prefix_and_credentials_file(tmp_path, tfe, monkeypatch):
    host = f"127.0.0.1:{tfe.server_port}"
    cli = tmp_path / "cli"
    cli.mkdir()
    (cli / "credentials.tfrc.json").write_text(json.dumps({"credentials": {host: {"token": TFE_TOKEN}}}))
    monkeypatch.setenv("TF_CLI_CONFIG_DIR", str(cli))
    cfg = tfe_module(tmp_path, f'terraform {{\n  backend "remote" {{\n    hostname = "{host}"\n    organization = "acme"\n'
                               f'    workspaces {{\n      prefix = "net-"\n    }}\n  }}\n}}\n')
    module = terrace.Module(cfg, workspace="dev")
    assert module.evaluate("terraform_data.network.output.name") == "hb-default"
    # A workspace with no state version: the empty state, as Terraform shows it.
    module = terrace.Module(cfg, workspace="prod")
    assert isinstance(module.evaluate("terraform_data.network.id"), terrace.Unknown)
    # A workspace that does not exist, and a refused token: errors without the token.
    with pytest.raises(terrace.ConfigurationError) as caught:
        terrace.Module(cfg, workspace="nope")
    assert "not found" in str(caught.value)
    (cli / "credentials.tfrc.json").write_text(json.dumps({"credentials": {host: {"token": "wrong-tfe-token-42"}}}))
    with pytest.raises(terrace.ConfigurationError) as caught:
        terrace.Module(cfg, workspace="dev")
    assert "unauthorized" in str(caught.value)
    assert "wrong-tfe-token-42" not in str(caught.value)
    assert {m for m, _ in tfe.requests} == {"GET"}
