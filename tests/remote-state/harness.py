"""Shared helpers of the remote-state suite: where things are, running terrace, the safety checks.

The servers are the public sample's (`../shared/remote-state-sample/servers.py`, beside the clone);
the HCP Terraform server is this folder's `tfc_server.py`. Nothing here runs Terraform."""
import hashlib, json, os, re, signal, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("TERRACE_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
SAMPLE = os.path.join(SHARED, "remote-state-sample")
FIXTURES = os.path.join(HERE, "fixtures")
CASES = os.path.join(HERE, "cases.jsonl")
TFC_TOKEN = "tfc-team-token.remote-state-6b1f0c"
TFC_WRONG = "tfc-wrong-token.000000000000000000"
# The sensitive workspace variables of tfc-cloud-vars: in its store only, never served, never shown.
TFC_SENSITIVE_VARS = ["pw-remote-3f9a1c", "key-remote-8d2e4b"]
GATE_REASON = "this terrace does not read remote state (no --backend-config in terrace --help)"

if SAMPLE not in sys.path:
    sys.path.insert(0, SAMPLE)
sys.dont_write_bytecode = True
import servers  # noqa: E402  (the sample's server scripts)
import run_remote  # noqa: E402  (its placeholder filling, environment and tree digests)

import aws_creds_server  # noqa: E402  (this folder's container / IMDS / SSO credential server)

PH = re.compile(r"\{\{([A-Z0-9_]+)\}\}")
# The IAM roles the s3 credential fixtures assume: moto answers AssumeRole for any role, but then
# refuses the role's credentials on S3 unless the role exists with a policy allowing it (the test
# set-up creates them).
ROLES = ["terrace-state-reader", "other-reader", "terrace-web"]
# STS calls that only obtain credentials (no state, lock or content is touched): reads, for the
# safety check, beside the sample's S3/DynamoDB reads and GetCallerIdentity.
STS_READS = ("AssumeRole", "AssumeRoleWithWebIdentity", "GetCallerIdentity")


def role_session(srv):
    """Temporary credentials of ROLES[0] from moto's STS (what an instance profile, a container role
    or an SSO permission set hands out): the credentials aws_creds_server.py serves."""
    c = srv._boto("sts").assume_role(RoleArn=f"arn:aws:iam::123456789012:role/{ROLES[0]}",
                                     RoleSessionName="terrace-test-endpoints")["Credentials"]
    return c["AccessKeyId"], c["SecretAccessKey"], c["SessionToken"]


def create_roles(srv):
    """Create ROLES in moto's IAM (set-up, before the baseline: not a request of terrace's)."""
    iam = srv._boto("iam")
    trust = json.dumps({"Version": "2012-10-17", "Statement": [
        {"Effect": "Allow", "Principal": {"AWS": "*"}, "Action": "sts:AssumeRole"}]})
    for name in ROLES:
        try:
            iam.create_role(RoleName=name, AssumeRolePolicyDocument=trust)
        except iam.exceptions.EntityAlreadyExistsException:
            pass
        # moto checks the role's policies on S3: Terraform's apply (recording) writes through it
        iam.put_role_policy(RoleName=name, PolicyName="state", PolicyDocument=json.dumps({
            "Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}))


def terrace_bin():
    return os.path.abspath(os.environ.get("TERRACE") or os.path.join(ROOT, "target", "debug", "terrace"))


def reads_remote_state(binary):
    """Does this terrace read remote state? (its --help names --backend-config; RS_GATE=open forces
    yes, to validate the suite with another program playing terrace, e.g. the sample's oracle_terrace.py)"""
    if os.environ.get("RS_GATE") == "open":
        return True
    try:
        p = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=10)
    except OSError:
        return False
    return "--backend-config" in p.stdout


def load_cases(path=CASES):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fill(s, ph):
    return run_remote.fill(s, ph)


# Credentials a test makes up as it runs (a SAS it signs): never printed either.
SECRETS_EXTRA = []


def secrets():
    import cloud_auth_server
    return servers.Servers.secrets() + [TFC_TOKEN, TFC_WRONG] + TFC_SENSITIVE_VARS + cloud_auth_server.SECRETS + \
        cloud_auth_server.WRONG + SECRETS_EXTRA + \
        aws_creds_server.secrets_list()


def case_env(case, ph, home):
    """The runner's environment: every credential/endpoint variable removed but the case's."""
    return run_remote.case_env(case, ph, home)


# The limit of one run (RS_TIMEOUT: longer when Terraform plays terrace, see oracle_console.py).
RUN_TIMEOUT = float(os.environ.get("RS_TIMEOUT", "15"))


def run_terrace(binary, fixture_dir, case, ph, home, stdin=None, timeout=RUN_TIMEOUT, extra_env=None):
    """Run terrace for a case: `-e EXPR`, or EXPR piped on stdin when it is a console command (`:state`).
    Returns {"rc", "out", "err", "secs"} (rc "timeout" past the limit; the whole process group is killed)."""
    argv = [binary, "--no-history", "--dir", fixture_dir]
    if case.get("workspace"):
        argv += ["--workspace", case["workspace"]]
    for bc in case.get("backend_config", []):
        argv += ["--backend-config", fill(bc, ph)]
    expr = case["expr"]
    if stdin is None and expr.startswith(":"):
        stdin = expr + "\n"
    elif stdin is None:
        argv += ["-e", expr]
    env = case_env(case, ph, home)
    env.update(extra_env or {})
    t0 = time.time()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=fixture_dir, env=env,
                         stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL, start_new_session=True)
    try:
        o, e = p.communicate(stdin.encode() if stdin is not None else None, timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        o, e = p.communicate()
        rc = "timeout"
    return {"rc": rc, "out": o.decode("utf-8", "replace"), "err": e.decode("utf-8", "replace"),
            "secs": time.time() - t0}


def tree_digest(root):
    return run_remote.tree_digest(root)


def sha(data):
    return hashlib.sha256(data).hexdigest()


def unsafe_requests(reqs):
    """Requests (from Servers.requests_since) that are not reads, as the sample's runner judges them."""
    bad = []
    for b, recs in sorted(reqs.items()):
        if b == "pg":
            bad += [f"pg: {r['sql'][:100]!r}" for r in recs
                    if r["user"] == servers.PG_USER and not servers.pg_read_only(r)]
        elif b == "s3":
            bad += [f"s3: {r['method']} {r['path']} {r.get('target') or r.get('action') or ''}".rstrip()
                    for r in recs if not servers.s3_read_only(r)
                    and not (r.get("service") == "sts" and r.get("action") in STS_READS)]
        else:
            allowed = ("GET",) if b == "http" else ("GET", "HEAD")
            bad += [f"{b}: {r['method']} {r['path']}" for r in recs if r["method"] not in allowed]
    return bad


def snapshot_diff(before, after):
    diffs = []
    for b in sorted(set(before) | set(after)):
        x, y = before.get(b, {}), after.get(b, {})
        for k in sorted(set(x) | set(y)):
            if x.get(k) != y.get(k):
                diffs.append(f"{b}:{k} {'added' if k not in x else 'removed' if k not in y else 'changed'}")
    return diffs


def leaked(results):
    """Credentials (right or wrong) that appear in any stdout/stderr of results."""
    return [s[:6] + "…" for r in results for s in secrets() if s in r["out"] or s in r["err"]]


def assert_safe(env, backend, mark, tfc_mark, results, fixture_dir, fixture_before):
    """The safety checks after a test: reads only, contents byte-identical, no secret shown, fixture
    folder unchanged."""
    problems = []
    bad = unsafe_requests(env.srv.requests_since(mark))
    bad += [f"tfc: {r['method']} {r['path']}" for r in env.tfc_requests_since(tfc_mark)
            if r["method"] not in ("GET", "HEAD")]
    if env.pgtls is not None:  # the TLS cluster: reads only since the last check, contents unchanged
        bad += [f"pg (TLS): {x}" for x in unsafe_requests(env.pgtls.srv.requests_since(env.pgtls_mark))]
        env.pgtls_mark = env.pgtls.srv.mark()
        if backend == "pg" and snapshot_diff(env.pgtls_baseline, env.pgtls.srv.snapshot()):
            problems.append("TLS cluster contents changed")
    if bad:
        problems.append("write/lock requests: " + "; ".join(bad[:8]))
    if backend in servers.ALL_BACKENDS:
        base = {k: v for k, v in env.baseline.items() if k == backend or (backend == "s3" and k == "dynamodb")}
        diffs = snapshot_diff(base, env.snapshot_of(backend))
        if diffs:
            problems.append("server contents changed: " + "; ".join(diffs[:8]))
    if backend == "tfc" and env.tfc_snapshot() != env.tfc_baseline:
        problems.append("tfc store changed")
    leaks = leaked(results)
    if leaks:
        problems.append("credential in output: " + ", ".join(leaks))
    after = tree_digest(fixture_dir)
    if after != fixture_before:
        changed = sorted(set(after) ^ set(fixture_before) |
                         {k for k in after if k in fixture_before and after[k] != fixture_before[k]})
        problems.append("fixture folder written: " + ", ".join(changed[:6]))
    assert not problems, "safety: " + " | ".join(problems)
