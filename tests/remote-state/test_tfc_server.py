"""The project's HCP Terraform server (tfc_server.py) answers as the documented API does: these pin the
behaviour terrace's `cloud`/`remote` tests rely on, independently of terrace."""
import json, os, ssl, urllib.error, urllib.parse, urllib.request

import pytest

import harness
import tfc_server

STATE = b'{\n  "version": 4,\n  "terraform_version": "1.15.5",\n  "serial": 7,\n  "lineage": "l",\n  "outputs": {},\n  "resources": []\n}\n'


VARS = [{"key": "region", "value": "us-east-2"},
        {"key": "zones", "value": '["a"]', "hcl": True, "description": "where"},
        {"key": "db_password", "value": "pw-never-served-0001", "sensitive": True},
        {"key": "AWS_REGION", "value": "us-east-2", "category": "env"}]


@pytest.fixture(scope="module")
def tfc(tmp_path_factory):
    d = tmp_path_factory.mktemp("tfc")
    store = d / "store"
    (store / "acme").mkdir(parents=True)
    (store / "acme" / "core-prod.tfstate").write_bytes(STATE)
    (store / "acme" / "core-prod.json").write_text(json.dumps({"tags": ["core", "prod"]}))
    (store / "acme" / "core-dev.tfstate").write_bytes(STATE.replace(b'"serial": 7', b'"serial": 2'))
    (store / "acme" / "core-dev.json").write_text(json.dumps({"tags": ["core"]}))
    (store / "acme" / "fresh.json").write_text(json.dumps({"tags": ["new"]}))
    (store / "acme" / "edge-empty.tfstate").write_bytes(b"")
    (store / "vars-org").mkdir()
    (store / "vars-org" / "with-vars.json").write_text(json.dumps({"execution-mode": "remote", "vars": VARS}))
    ca, cert, key = harness.servers.make_certs(str(d))
    port = harness.servers.free_port()
    log = str(d / "requests.jsonl")
    srv = tfc_server.serve(port, log, str(store), harness.TFC_TOKEN, cert, key, ready=False)
    ctx = ssl.create_default_context(cafile=ca)
    yield {"base": f"https://127.0.0.1:{port}", "ctx": ctx, "log": log, "store": store}
    srv.shutdown()


def get(t, path, token=harness.TFC_TOKEN, method="GET", url=None):
    req = urllib.request.Request(url or t["base"] + path, method=method,
                                 headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(req, context=t["ctx"], timeout=10) as r:
            return r.status, r.read(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read(), dict(e.headers)


def test_discovery_and_ping(tfc):
    code, body, _ = get(tfc, "/.well-known/terraform.json", token=None)
    assert code == 200 and json.loads(body)["tfe.v2"] == "/api/v2/"
    code, _, headers = get(tfc, "/api/v2/ping", token=None)
    assert code == 204 and headers["TFP-API-Version"]


def test_token_is_required(tfc):
    assert get(tfc, "/api/v2/organizations/acme/workspaces/core-prod", token=None)[0] == 401
    code, body, _ = get(tfc, "/api/v2/organizations/acme/workspaces/core-prod", token=harness.TFC_WRONG)
    assert code == 401 and json.loads(body)["errors"][0]["status"] == "401"


def test_workspace_by_name_then_state(tfc):
    code, body, _ = get(tfc, "/api/v2/organizations/acme/workspaces/core-prod")
    assert code == 200
    ws = json.loads(body)["data"]
    assert ws["type"] == "workspaces" and ws["id"].startswith("ws-") and ws["attributes"]["name"] == "core-prod"
    assert ws["attributes"]["tag-names"] == ["core", "prod"]
    assert get(tfc, f"/api/v2/workspaces/{ws['id']}")[0] == 200
    code, body, _ = get(tfc, f"/api/v2/workspaces/{ws['id']}/current-state-version")
    assert code == 200
    sv = json.loads(body)["data"]
    assert sv["type"] == "state-versions" and sv["attributes"]["serial"] == 7
    url = sv["attributes"]["hosted-state-download-url"]
    assert url.startswith(tfc["base"] + "/api/v2/state-versions/sv-")
    code, body, _ = get(tfc, "", url=url)
    assert code == 200 and body == STATE
    assert get(tfc, "", url=url, token=None)[0] == 401


def test_unknown_names_are_404(tfc):
    assert get(tfc, "/api/v2/organizations/nope/workspaces/core-prod")[0] == 404
    assert get(tfc, "/api/v2/organizations/acme/workspaces/nope")[0] == 404
    assert get(tfc, "/api/v2/workspaces/ws-0000000000000000/current-state-version")[0] == 404
    assert get(tfc, "/api/v2/state-versions/sv-0000000000000000/download")[0] == 404


def test_workspace_without_state_has_no_current_version(tfc):
    code, body, _ = get(tfc, "/api/v2/organizations/acme/workspaces/fresh")
    assert code == 200
    wid = json.loads(body)["data"]["id"]
    assert "current-state-version" not in json.loads(body)["data"]["relationships"]
    assert get(tfc, f"/api/v2/workspaces/{wid}/current-state-version")[0] == 404


def test_empty_state_downloads_empty(tfc):
    wid = json.loads(get(tfc, "/api/v2/organizations/acme/workspaces/edge-empty")[1])["data"]["id"]
    sv = json.loads(get(tfc, f"/api/v2/workspaces/{wid}/current-state-version")[1])["data"]
    code, body, _ = get(tfc, "", url=sv["attributes"]["hosted-state-download-url"])
    assert (code, body) == (200, b"")


def names(body):
    return [w["attributes"]["name"] for w in json.loads(body)["data"]]


def test_list_by_name_tags_and_pages(tfc):
    q = "/api/v2/organizations/acme/workspaces"
    assert names(get(tfc, q)[1]) == ["core-dev", "core-prod", "edge-empty", "fresh"]
    assert names(get(tfc, q + "?" + urllib.parse.urlencode({"search[name]": "core-"}))[1]) == ["core-dev", "core-prod"]
    assert names(get(tfc, q + "?" + urllib.parse.urlencode({"search[tags]": "core,prod"}))[1]) == ["core-prod"]
    assert names(get(tfc, q + "?" + urllib.parse.urlencode({"search[tags]": "core"}))[1]) == ["core-dev", "core-prod"]
    assert names(get(tfc, q + "?" + urllib.parse.urlencode({"search[wildcard-name]": "*-prod"}))[1]) == ["core-prod"]
    code, body, _ = get(tfc, q + "?" + urllib.parse.urlencode({"page[size]": 3, "page[number]": 1}))
    page = json.loads(body)
    assert len(page["data"]) == 3 and page["meta"]["pagination"]["next-page"] == 2
    assert page["meta"]["pagination"]["total-count"] == 4
    page2 = json.loads(get(tfc, q + "?" + urllib.parse.urlencode({"page[size]": 3, "page[number]": 2}))[1])
    assert names(json.dumps(page2)) == ["fresh"] and page2["meta"]["pagination"]["next-page"] is None


def test_writes_and_locks_are_refused_and_logged(tfc):
    before = os.path.getsize(tfc["log"])
    wid = tfc_server.ws_id("acme", "core-prod")
    assert get(tfc, f"/api/v2/workspaces/{wid}/actions/lock", method="POST")[0] == 405
    assert get(tfc, f"/api/v2/workspaces/{wid}/state-versions", method="POST")[0] == 405
    with open(tfc["log"], encoding="utf-8") as f:
        f.seek(before)
        recs = [json.loads(line) for line in f if line.strip()]
    assert [r["method"] for r in recs] == ["POST", "POST"] and all(r["status"] == 405 for r in recs)
    assert (tfc["store"] / "acme" / "core-prod.tfstate").read_bytes() == STATE


def test_organization_and_entitlements(tfc):
    code, body, _ = get(tfc, "/api/v2/organizations/acme")
    assert code == 200 and json.loads(body)["data"]["attributes"]["name"] == "acme"
    code, body, _ = get(tfc, "/api/v2/organizations/acme/entitlement-set")
    assert code == 200 and json.loads(body)["data"]["attributes"]["state-storage"] is True
    assert get(tfc, "/api/v2/organizations/nope/entitlement-set")[0] == 404
    assert get(tfc, "/api/v2/organizations/acme/entitlement-set", token=None)[0] == 401


def test_outputs_hide_sensitive_values_in_lists(tfc, tmp_path):
    state = json.loads(STATE)
    state["outputs"] = {"name": {"value": "core", "type": "string"},
                        "secret": {"value": "s3cr3t", "type": "string", "sensitive": True},
                        "list": {"value": [1, 2], "type": ["list", "number"]}}
    p = tfc["store"] / "acme" / "with-outputs.tfstate"
    p.write_bytes(json.dumps(state).encode())
    try:
        wid = tfc_server.ws_id("acme", "with-outputs")
        code, body, _ = get(tfc, f"/api/v2/workspaces/{wid}/current-state-version-outputs")
        outs = {o["attributes"]["name"]: o for o in json.loads(body)["data"]}
        assert code == 200 and sorted(outs) == ["list", "name", "secret"]
        assert outs["name"]["attributes"]["value"] == "core" and outs["list"]["attributes"]["type"] == "array"
        assert outs["secret"]["attributes"]["value"] is None and outs["secret"]["attributes"]["sensitive"]
        code, body, _ = get(tfc, f"/api/v2/state-version-outputs/{outs['secret']['id']}")
        assert code == 200 and json.loads(body)["data"]["attributes"]["value"] == "s3cr3t"
        sv = json.loads(get(tfc, f"/api/v2/workspaces/{wid}/current-state-version")[1])["data"]["id"]
        assert len(json.loads(get(tfc, f"/api/v2/state-versions/{sv}/outputs")[1])["data"]) == 3
    finally:
        p.unlink()


def test_workspace_variables(tfc):
    """all-vars (what Terraform's cloud block reads) and vars: every category, a sensitive value null,
    the execution mode on the workspace; an unknown workspace 404, no token 401."""
    code, body, _ = get(tfc, "/api/v2/organizations/vars-org/workspaces/with-vars")
    ws = json.loads(body)["data"]
    assert code == 200 and ws["attributes"]["execution-mode"] == "remote"
    assert json.loads(get(tfc, "/api/v2/organizations/acme/workspaces/core-prod")[1])["data"]["attributes"][
        "execution-mode"] == "local"
    code, body, _ = get(tfc, f"/api/v2/workspaces/{ws['id']}/all-vars")
    assert code == 200 and b"pw-never-served" not in body
    data = json.loads(body)["data"]
    assert [(v["type"], v["attributes"]["key"], v["attributes"]["category"]) for v in data] == [
        ("vars", "region", "terraform"), ("vars", "zones", "terraform"), ("vars", "db_password", "terraform"),
        ("vars", "AWS_REGION", "env")]
    by = {v["attributes"]["key"]: v["attributes"] for v in data}
    assert by["region"]["value"] == "us-east-2" and by["region"]["hcl"] is False
    assert by["zones"]["hcl"] is True and by["zones"]["description"] == "where"
    assert by["db_password"]["sensitive"] is True and by["db_password"]["value"] is None
    assert all(v["relationships"]["configurable"]["data"]["id"] == ws["id"] for v in data)
    # vars: the same, paged
    code, body, _ = get(tfc, f"/api/v2/workspaces/{ws['id']}/vars?page%5Bsize%5D=3")
    page = json.loads(body)
    assert code == 200 and len(page["data"]) == 3 and page["meta"]["pagination"]["next-page"] == 2
    code, body, _ = get(tfc, f"/api/v2/workspaces/{ws['id']}/vars?page%5Bsize%5D=3&page%5Bnumber%5D=2")
    assert [v["attributes"]["key"] for v in json.loads(body)["data"]] == ["AWS_REGION"]
    # a workspace without variables has an empty list; unknown id 404; the token is required
    core = json.loads(get(tfc, "/api/v2/organizations/acme/workspaces/core-prod")[1])["data"]["id"]
    assert json.loads(get(tfc, f"/api/v2/workspaces/{core}/all-vars")[1])["data"] == []
    assert get(tfc, "/api/v2/workspaces/ws-0000000000000000/all-vars")[0] == 404
    assert get(tfc, f"/api/v2/workspaces/{ws['id']}/all-vars", token=None)[0] == 401
    assert get(tfc, f"/api/v2/workspaces/{ws['id']}/all-vars", method="POST")[0] == 405
