"""Session set-up of the remote-state suite: the servers, started once, loaded with every fixture.

Starts on 127.0.0.1 the sample's servers (moto for s3 and DynamoDB, PostgreSQL, the http backend, the
gcs emulator, azurite behind its CONNECT proxy) and this folder's HCP Terraform server (tfc_server.py,
over HTTPS with a throwaway CA) and a second PostgreSQL cluster with ssl = on (pg_tls.py); loads every fixtures/*/backend-content/ into them; copies fixtures/ to a
scratch folder with the {{PLACEHOLDERS}} filled; creates the IAM roles the s3 fixtures assume and starts
aws_creds_server.py (container, instance metadata and SSO endpoints); takes the baseline snapshot the safety checks compare
with. Stops everything at the end. Needs tests/remote-state/setup.sh to have run (the venv's Python runs
pytest; azurite from target/rs-node)."""
import json, os, shutil, subprocess, sys, tempfile, time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import pg_tls  # noqa: E402


class Env:
    """What the tests share: servers, placeholders, the filled fixtures, an empty HOME, terrace."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.binary = harness.terrace_bin()
        self.srv = None
        self.tfc = None
        self.ph = {}
        self.fixtures = os.path.join(tmp, "fixtures")
        self.home = os.path.join(tmp, "home")
        self.baseline = {}
        self.pgtls = None  # pg_tls.TlsPg: a second PostgreSQL cluster, with ssl = on

    # -- the HCP Terraform server ------------------------------------------------------------------
    def start_tfc(self):
        d = os.path.join(self.tmp, "tfc")
        store = os.path.join(d, "store")
        os.makedirs(store, exist_ok=True)
        for name in sorted(os.listdir(harness.FIXTURES)):
            src = os.path.join(harness.FIXTURES, name, "backend-content", "tfc")
            if os.path.isdir(src):
                shutil.copytree(src, store, dirs_exist_ok=True)
        ca, cert, key = harness.servers.make_certs(d)
        port = harness.servers.free_port()
        log = os.path.join(d, "requests.jsonl")
        open(log, "w").close()
        errf = open(os.path.join(d, "stderr"), "w")
        p = subprocess.Popen([sys.executable, os.path.join(harness.HERE, "tfc_server.py"), "--port", str(port),
                              "--log", log, "--store", store, "--token", harness.TFC_TOKEN,
                              "--tls-cert", cert, "--tls-key", key],
                             stdout=errf, stderr=errf, stdin=subprocess.DEVNULL, start_new_session=True)
        t0 = time.time()
        while not os.path.exists(log + ".ready"):
            if p.poll() is not None or time.time() - t0 > 30:
                raise RuntimeError("tfc server failed to start: " + open(os.path.join(d, "stderr")).read())
            time.sleep(0.05)
        self.tfc = {"proc": p, "port": port, "log": log, "store": store, "ca": ca}
        self.ph.update(TFC_HOST=f"127.0.0.1:{port}", TFC_URL=f"https://127.0.0.1:{port}",
                       TFC_TOKEN=harness.TFC_TOKEN, TFC_CA_FILE=ca)

    def tfc_mark(self):
        return os.path.getsize(self.tfc["log"])

    def tfc_requests_since(self, mark):
        with open(self.tfc["log"], encoding="utf-8") as f:
            f.seek(mark)
            return [json.loads(line) for line in f if line.strip()]

    def tfc_snapshot(self):
        return harness.run_remote.tree_digest(self.tfc["store"])

    # -- the AWS credential endpoints (container, IMDS, SSO) ---------------------------------------
    def start_creds(self):
        """aws_creds_server.py in this process, handing out a role session moto's STS issued."""
        port = harness.servers.free_port()
        log = os.path.join(self.tmp, "aws-creds.jsonl")
        self.creds = harness.aws_creds_server.serve(port, log, harness.role_session(self.srv))
        self.creds_log = log
        self.ph.update(harness.aws_creds_server.placeholders(port, self.fixtures))

    def creds_requests(self):
        with open(self.creds_log, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]

    # -- everything ------------------------------------------------------------------------------
    def start(self):
        os.environ.setdefault("AZURITE_BLOB", os.path.join(harness.ROOT, "target", "rs-node", "node_modules",
                                                           ".bin", "azurite-blob"))
        self.srv = harness.servers.Servers(os.path.join(self.tmp, "servers"), harness.servers.ALL_BACKENDS,
                                           python=sys.executable)
        self.srv.start()
        self.srv.load([harness.FIXTURES])
        harness.create_roles(self.srv)
        self.ph = self.srv.placeholders()
        self.pgtls = pg_tls.TlsPg(os.path.join(self.tmp, "pgtls"), python=sys.executable).start()
        self.pgtls.srv.load([harness.FIXTURES])
        self.ph.update(self.pgtls.placeholders())
        self.start_tfc()
        self.start_creds()
        harness.run_remote.prepare_fixtures(harness.FIXTURES, self.fixtures, self.ph)
        os.makedirs(self.home)
        self.baseline = self.srv.snapshot()
        self.tfc_baseline = self.tfc_snapshot()
        self.pgtls_baseline = self.pgtls.srv.snapshot()
        self.pgtls_mark = self.pgtls.srv.mark()
        return self

    def stop(self):
        if getattr(self, "creds", None):
            self.creds.shutdown()
        if self.tfc and self.tfc["proc"].poll() is None:
            self.tfc["proc"].terminate()
            try:
                self.tfc["proc"].wait(5)
            except subprocess.TimeoutExpired:
                self.tfc["proc"].kill()
        if self.srv:
            self.srv.stop()
        if self.pgtls:
            self.pgtls.stop()

    def snapshot_of(self, backend):
        """Only one backend's part of the snapshot (s3 brings DynamoDB): cheaper after each test."""
        if backend not in harness.servers.ALL_BACKENDS:
            return {}
        keep = self.srv.backends
        self.srv.backends = [backend]
        try:
            return self.srv.snapshot()
        finally:
            self.srv.backends = keep


@pytest.fixture(scope="session")
def rs_env():
    tmp = tempfile.mkdtemp(prefix="terrace-rs-")
    env = Env(tmp)
    try:
        env.start()
    except Exception:
        env.stop()
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    yield env
    env.stop()
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def reads_remote_state():
    return harness.reads_remote_state(harness.terrace_bin())


@pytest.fixture
def gate(reads_remote_state):
    """The binary under test must exist and read remote state (its --help names --backend-config):
    a failure, never a skip, so that the suite cannot pass by running nothing."""
    if not os.path.exists(harness.terrace_bin()):
        pytest.fail(f"terrace binary missing: {harness.terrace_bin()} (cargo build first, or set TERRACE)")
    if not reads_remote_state:
        pytest.fail(harness.GATE_REASON)
