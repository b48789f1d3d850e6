#!/usr/bin/env python3
"""A local HCP Terraform / Terraform Enterprise API server for terrace's `cloud` block and `remote` backend tests.

    tfc_server.py --port P --log FILE --store DIR --token TOKEN [--tls-cert PEM --tls-key PEM]

Serves, on 127.0.0.1, the documented endpoints a state reader needs (JSON:API, as HCP Terraform answers):

  GET /.well-known/terraform.json                      service discovery: {"tfe.v2": "/api/v2/", ...}
  GET /api/v2/ping                                     204 with the TFP-API-Version header
  GET /api/v2/organizations/ORG                        the organization
  GET /api/v2/organizations/ORG/entitlement-set        what it may do (state storage, operations)
  GET /api/v2/organizations/ORG/workspaces/NAME        one workspace ({"data": {"id": "ws-...", ...}})
  GET /api/v2/organizations/ORG/workspaces             the organization's workspaces, filtered by
        ?search[name]=PART  ?search[tags]=a,b  ?search[wildcard-name]=*PART*  with page[number], page[size]
  GET /api/v2/workspaces/ID                            one workspace by id
  GET /api/v2/workspaces/ID/current-state-version      the workspace's current state version (404: none);
        its attributes.hosted-state-download-url points at the download below
  GET /api/v2/state-versions/SV/download               the state itself (the raw state JSON)
  GET /api/v2/workspaces/ID/vars                       the workspace's variables (JSON:API `vars`: key, value,
        category "terraform" | "env", hcl, sensitive, description; a sensitive value is null), paged
  GET /api/v2/workspaces/ID/all-vars                   the same, with those of variable sets (none here), all
        at once: what Terraform's `cloud` block asks for (go-tfe's Variables.ListAll)
  GET /api/v2/workspaces/ID/current-state-version-outputs, /api/v2/state-versions/SV/outputs,
      /api/v2/state-version-outputs/OUT                 the root outputs (what `terraform output` reads)

Every API request needs `Authorization: Bearer TOKEN` (401 without it or with another token); an unknown
organization or workspace is 404, as HCP Terraform answers. Anything but GET/HEAD is logged and refused
(405): the tests check that terrace only reads. Every request is logged, one JSON object a line:
{"method", "path", "auth": "ok" | "bad" | "none", "status"}.

The store: DIR/ORG/NAME.tfstate is workspace NAME's current state (an empty file: a state version with an
empty body); DIR/ORG/NAME.json, optional, holds the workspace's {"tags": [...], "id": "ws-..."}; a
workspace with only NAME.json has no state version. NAME.json may also set "execution-mode" ("local",
the default here, "remote" or "agent") and "vars": [{"key", "value", "category", "hcl", "sensitive"}], or
"vars-status": CODE to answer the variable lists with that error. This is the `tfc/` folder of a fixture's
backend-content/. The files are re-read on each request (nothing is cached, nothing written)."""
import hashlib, json, os, signal, ssl, sys, threading, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

API_VERSION = "2.6"


def ws_id(org, name):
    """A stable workspace id for ORG/NAME (HCP Terraform ids look like ws-XXXXXXXXXXXXXXXX)."""
    return "ws-" + hashlib.sha256(f"{org}/{name}".encode()).hexdigest()[:16]


def sv_id(org, name, data):
    return "sv-" + hashlib.sha256(f"{org}/{name}/".encode() + data).hexdigest()[:16]


class Store:
    def __init__(self, root):
        self.root = root

    def orgs(self):
        return sorted(d for d in os.listdir(self.root) if os.path.isdir(os.path.join(self.root, d))) \
            if os.path.isdir(self.root) else []

    def workspaces(self, org):
        d = os.path.join(self.root, org)
        names = set()
        for f in os.listdir(d):
            for ext in (".tfstate", ".json"):
                if f.endswith(ext):
                    names.add(f[:-len(ext)])
        return sorted(names)

    def meta(self, org, name):
        p = os.path.join(self.root, org, name + ".json")
        if os.path.isfile(p):
            with open(p, encoding="utf-8") as f:
                return json.load(f)
        return {}

    def state(self, org, name):
        p = os.path.join(self.root, org, name + ".tfstate")
        if os.path.isfile(p):
            with open(p, "rb") as f:
                return f.read()
        return None

    def states(self):
        """(org, workspace, state bytes) of every workspace that has a state."""
        for org in self.orgs():
            for name in self.workspaces(org):
                data = self.state(org, name)
                if data is not None:
                    yield org, name, data

    def find_id(self, wid):
        for org in self.orgs():
            for name in self.workspaces(org):
                if self.meta(org, name).get("id", ws_id(org, name)) == wid:
                    return org, name
        return None


def outputs_json(org, name, data, list_view):
    """The state's root outputs as state-version-outputs (a sensitive value is null in lists, as HCP
    Terraform answers; shown when one output is read by id)."""
    try:
        outs = json.loads(data or b"{}").get("outputs", {})
    except (ValueError, AttributeError):
        outs = {}
    res = []
    for k, o in sorted(outs.items()):
        t = o.get("type")
        simple = t if isinstance(t, str) else {"list": "array", "tuple": "array", "set": "array", "map": "object",
                                                 "object": "object"}.get(t[0] if isinstance(t, list) else "", "string")
        sens = bool(o.get("sensitive"))
        res.append({"id": "wsout-" + hashlib.sha256(f"{org}/{name}/{k}".encode()).hexdigest()[:16],
                    "type": "state-version-outputs",
                    "attributes": {"name": k, "sensitive": sens, "type": simple, "detailed-type": t,
                                   "value": None if (sens and list_view) else o.get("value")}})
    return res


def workspace_json(store, org, name, base):
    m = store.meta(org, name)
    wid = m.get("id", ws_id(org, name))
    data = store.state(org, name)
    rel = {"organization": {"data": {"id": org, "type": "organizations"}}}
    if data is not None:
        rel["current-state-version"] = {"data": {"id": sv_id(org, name, data), "type": "state-versions"},
                                        "links": {"related": f"/api/v2/workspaces/{wid}/current-state-version"}}
    return {"id": wid, "type": "workspaces",
            "attributes": {"name": name, "tag-names": m.get("tags", []), "execution-mode": m.get("execution-mode", "local"),
                           "terraform-version": "1.15.5", "locked": False, "working-directory": "",
                           "environment": "default", "permissions": {"can-read-state-versions": True}},
            "relationships": rel, "links": {"self": f"/api/v2/organizations/{org}/workspaces/{name}"}}


def make_handler(store, token, log):
    lock = threading.Lock()

    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def send(self, code, body=None, ctype="application/vnd.api+json", headers=None):
            raw = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(raw)))
            self.send_header("TFP-API-Version", API_VERSION)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(raw)
            self.status = code

        def err(self, code, title):
            self.send(code, {"errors": [{"status": str(code), "title": title}]})

        def handle_any(self):
            self.status = 0
            n = int(self.headers.get("Content-Length") or 0)
            if n:
                self.rfile.read(n)
            auth = self.headers.get("Authorization", "")
            ok = auth == "Bearer " + token
            try:
                self.route(ok, auth)
            finally:
                with lock:
                    with open(log, "a", encoding="utf-8") as f:
                        f.write(json.dumps({"method": self.command, "path": self.path,
                                            "auth": "ok" if ok else ("bad" if auth else "none"),
                                            "status": self.status}) + "\n")

        def route(self, ok, auth):
            u = urllib.parse.urlsplit(self.path)
            parts = [urllib.parse.unquote(p) for p in u.path.split("/") if p]
            q = urllib.parse.parse_qs(u.query)
            if self.command not in ("GET", "HEAD"):
                return self.err(405, "method not allowed")
            if parts == [".well-known", "terraform.json"]:
                return self.send(200, {"tfe.v2": "/api/v2/", "tfe.v2.1": "/api/v2/", "tfe.v2.2": "/api/v2/",
                                       "state.v2": "/api/v2/", "modules.v1": "/api/registry/v1/modules/",
                                       "motd.v1": "/api/terraform/motd"}, ctype="application/json")
            if parts[:2] != ["api", "v2"]:
                return self.err(404, "not found")
            if parts[2:] == ["ping"]:
                return self.send(204)
            if not ok:
                return self.err(401, "unauthorized")
            p = parts[2:]
            base = ""
            if len(p) in (2, 3) and p[0] == "organizations":
                org = p[1]
                if org not in store.orgs():
                    return self.err(404, "not found")
                if len(p) == 2:
                    return self.send(200, {"data": {"id": org, "type": "organizations",
                                                    "attributes": {"name": org, "external-id": "org-" + org}}})
                if p[2] == "entitlement-set":
                    return self.send(200, {"data": {"id": "org-" + org, "type": "entitlement-sets", "attributes": {
                        "operations": True, "state-storage": True, "private-module-registry": True,
                        "sentinel": False, "teams": False, "vcs-integrations": False}}})
            if len(p) >= 3 and p[0] == "organizations" and p[2] == "workspaces":
                org = p[1]
                if org not in store.orgs():
                    return self.err(404, "not found")
                if len(p) == 4:
                    if p[3] not in store.workspaces(org):
                        return self.err(404, "not found")
                    return self.send(200, {"data": workspace_json(store, org, p[3], base)})
                if len(p) == 3:
                    return self.list_workspaces(org, q, base)
            if len(p) >= 2 and p[0] == "workspaces":
                found = store.find_id(p[1])
                if not found:
                    return self.err(404, "not found")
                org, name = found
                if len(p) == 2:
                    return self.send(200, {"data": workspace_json(store, org, name, base)})
                if p[2:] == ["current-state-version"]:
                    data = store.state(org, name)
                    if data is None:
                        return self.err(404, "not found")
                    sv = sv_id(org, name, data)
                    host = self.headers.get("Host", "127.0.0.1")
                    scheme = "https" if isinstance(self.connection, ssl.SSLSocket) else "http"
                    serial = 0
                    try:
                        serial = json.loads(data or b"{}").get("serial", 0)
                    except (ValueError, AttributeError):
                        pass
                    return self.send(200, {"data": {
                        "id": sv, "type": "state-versions",
                        "attributes": {"serial": serial, "status": "finalized", "size": len(data),
                                       "hosted-state-download-url": f"{scheme}://{host}/api/v2/state-versions/{sv}/download",
                                       "hosted-json-state-download-url": None, "resources-processed": True},
                        "relationships": {"workspace": {"data": {"id": p[1], "type": "workspaces"}}}}})
            if len(p) == 3 and p[0] == "workspaces" and p[2] in ("vars", "all-vars"):
                found = store.find_id(p[1])
                if not found:
                    return self.err(404, "not found")
                status = store.meta(found[0], found[1]).get("vars-status")
                if status:  # a workspace whose variables the server fails to list (a test knob)
                    return self.err(int(status), "internal error")
                return self.list_vars(found[0], found[1], p[1], q, p[2])
            if len(p) == 3 and p[0] == "workspaces" and p[2] == "current-state-version-outputs":
                found = store.find_id(p[1])
                data = store.state(*found) if found else None
                if data is None:
                    return self.err(404, "not found")
                return self.send(200, {"data": outputs_json(found[0], found[1], data, list_view=True)})
            if len(p) == 3 and p[0] == "state-versions" and p[2] == "outputs":
                for org, name, data in store.states():
                    if sv_id(org, name, data) == p[1]:
                        return self.send(200, {"data": outputs_json(org, name, data, list_view=True),
                                               "links": {"next": None},
                                               "meta": {"pagination": {"current-page": 1, "total-pages": 1,
                                                                       "next-page": None, "total-count": 0}}})
                return self.err(404, "not found")
            if len(p) == 2 and p[0] == "state-version-outputs":
                for org, name, data in store.states():
                    for o in outputs_json(org, name, data, list_view=False):
                        if o["id"] == p[1]:
                            return self.send(200, {"data": o})
                return self.err(404, "not found")
            if len(p) == 3 and p[0] == "state-versions" and p[2] == "download":
                for org in store.orgs():
                    for name in store.workspaces(org):
                        data = store.state(org, name)
                        if data is not None and sv_id(org, name, data) == p[1]:
                            return self.send(200, data, ctype="application/json")
                return self.err(404, "not found")
            return self.err(404, "not found")

        def list_workspaces(self, org, q, base):
            names = store.workspaces(org)
            part = q.get("search[name]", [None])[0]
            if part:
                names = [n for n in names if part in n]
            wild = q.get("search[wildcard-name]", [None])[0]
            if wild:
                core = wild.strip("*")
                names = [n for n in names if (n.startswith(core) if wild.endswith("*") and not wild.startswith("*")
                                              else n.endswith(core) if wild.startswith("*") and not wild.endswith("*")
                                              else core in n)]
            tags = q.get("search[tags]", [None])[0]
            if tags:
                want = [t for t in tags.split(",") if t]
                names = [n for n in names if all(t in store.meta(org, n).get("tags", []) for t in want)]
            size = max(1, min(100, int(q.get("page[size]", ["20"])[0])))
            page = max(1, int(q.get("page[number]", ["1"])[0]))
            total = max(1, -(-len(names) // size))
            chunk = names[(page - 1) * size: page * size]
            me = f"/api/v2/organizations/{org}/workspaces"
            return self.send(200, {
                "data": [workspace_json(store, org, n, base) for n in chunk],
                "links": {"self": f"{me}?page%5Bnumber%5D={page}&page%5Bsize%5D={size}",
                          "next": f"{me}?page%5Bnumber%5D={page + 1}&page%5Bsize%5D={size}" if page < total else None},
                "meta": {"pagination": {"current-page": page, "page-size": size,
                                        "prev-page": page - 1 if page > 1 else None,
                                        "next-page": page + 1 if page < total else None,
                                        "total-pages": total, "total-count": len(names)}}})

        def list_vars(self, org, name, wid, q, which):
            """The workspace's variables (JSON:API `vars`), in their stored order; a sensitive one's value
            is null, as HCP Terraform never gives it back. `all-vars` (what Terraform's cloud backend asks
            for: the workspace's and its variable sets' variables; this store has no variable sets) answers
            them all at once; `vars` is paged like every list (page[number], page[size])."""
            items = []
            for i, v in enumerate(store.meta(org, name).get("vars", [])):
                vid = "var-" + hashlib.sha256(f"{org}/{name}/{v['key']}/{v.get('category', 'terraform')}".encode()).hexdigest()[:16]
                sens = bool(v.get("sensitive"))
                items.append({"id": vid, "type": "vars",
                              "attributes": {"key": v["key"], "value": None if sens else v.get("value", ""),
                                             "sensitive": sens, "category": v.get("category", "terraform"),
                                             "hcl": bool(v.get("hcl")), "description": v.get("description", ""),
                                             "version-id": hashlib.sha256(json.dumps(v).encode()).hexdigest()[:40]},
                              "relationships": {"configurable": {"data": {"id": wid, "type": "workspaces"},
                                                                 "links": {"related": f"/api/v2/workspaces/{wid}"}}},
                              "links": {"self": f"/api/v2/workspaces/{wid}/vars/{vid}"}})
            if which == "all-vars":
                return self.send(200, {"data": items})
            size = max(1, min(100, int(q.get("page[size]", ["20"])[0])))
            page = max(1, int(q.get("page[number]", ["1"])[0]))
            total = max(1, -(-len(items) // size))
            return self.send(200, {
                "data": items[(page - 1) * size: page * size],
                "links": {"self": f"/api/v2/workspaces/{wid}/vars?page%5Bnumber%5D={page}&page%5Bsize%5D={size}",
                          "next": f"/api/v2/workspaces/{wid}/vars?page%5Bnumber%5D={page + 1}&page%5Bsize%5D={size}"
                          if page < total else None},
                "meta": {"pagination": {"current-page": page, "page-size": size,
                                        "prev-page": page - 1 if page > 1 else None,
                                        "next-page": page + 1 if page < total else None,
                                        "total-pages": total, "total-count": len(items)}}})

        do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any

    return H


def serve(port, log, store, token, cert=None, key=None, ready=True):
    srv = ThreadingHTTPServer(("127.0.0.1", port), make_handler(Store(store), token, log))
    srv.daemon_threads = True
    if cert:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(cert, key)
        srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
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
    ap.add_argument("--store", required=True)
    ap.add_argument("--token", required=True)
    ap.add_argument("--tls-cert")
    ap.add_argument("--tls-key")
    a = ap.parse_args(argv)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM, signal.SIGINT])
    serve(a.port, a.log, a.store, a.token, a.tls_cert, a.tls_key)
    signal.sigwait([signal.SIGTERM, signal.SIGINT])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
