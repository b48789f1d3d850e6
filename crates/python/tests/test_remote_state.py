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
