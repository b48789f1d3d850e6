#!/usr/bin/env python3
"""Record the state16 cases: what `terraform console` 1.15.5 prints (the oracle ../shared/oracle/tf-console).

    python3 record.py --setup     re-apply every terraform_data fixture (new ids!) and keep the state
    python3 record.py [-j 2] [--only a,b]
                                  ask the oracle every case and write cases.jsonl

Fixtures live in fixtures/<name>/ (configuration + kept state). setup/<name>/ holds the configuration as it
was at apply time for fixtures whose configuration was edited afterwards (drift, remote_state).
Hand-written provider fixtures (aws2, google, azurerm) are not applied: their expectations come from
`jsondecode(file(...))` / `convert(...)` expressions asked in oracle/<name>/ (attribute JSON files made
from the fixture's terraform.tfstate by handwritten.py); the case's "oracle" field is what was asked.
At most 2 oracle calls run at a time.
"""
import concurrent.futures, json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
ORACLE = "/work/shared/oracle/tf-console"
TFRUN = ["python3", "/work/shared/oracle/tfrun.py"]
sys.path.insert(0, HERE)


def sh(argv, cwd=None, env=None):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run(argv, cwd=cwd, env=e, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def apply_keep(d, workspace=None):
    argv = [ORACLE, "--dir", d, "--apply", "--keep-state"]
    if workspace:
        argv += ["--workspace", workspace]
    rc, out, err = sh(argv + ["terraform.workspace"])
    assert rc == 0, (d, err)


def clean_state(d):
    for p in ("terraform.tfstate", "terraform.tfstate.d", ".terraform", "state"):
        q = os.path.join(d, p)
        if os.path.isdir(q):
            shutil.rmtree(q)
        elif os.path.exists(q):
            os.remove(q)


def apply_from_setup(name, extra_copy=()):
    """apply setup/<name> (the configuration before the edit) and keep its state in fixtures/<name>."""
    with tempfile.TemporaryDirectory() as t:
        shutil.copytree(os.path.join(HERE, "setup", name), t, dirs_exist_ok=True)
        for src, dst in extra_copy:
            os.makedirs(os.path.dirname(os.path.join(t, dst)), exist_ok=True)
            shutil.copy(src, os.path.join(t, dst))
        apply_keep(t)
        shutil.copy(os.path.join(t, "terraform.tfstate"), os.path.join(FIX, name, "terraform.tfstate"))


def setup():
    for name in ("count_for_each", "modules", "sensitive", "outputs"):
        d = os.path.join(FIX, name)
        clean_state(d)
        apply_keep(d)
    d = os.path.join(FIX, "workspaces2")
    clean_state(d)
    apply_keep(d)                       # default
    apply_keep(d, workspace="staging")  # leaves .terraform/environment = staging
    apply_from_setup("drift")
    # remote_state reads the outputs fixture's state (copied to other/terraform.tfstate)
    other = os.path.join(FIX, "remote_state", "other", "terraform.tfstate")
    shutil.copy(os.path.join(FIX, "outputs", "terraform.tfstate"), other)
    apply_from_setup("remote_state", [(other, "other/terraform.tfstate")])
    # backend "local" { path = "state/custom.tfstate" }: the oracle's --keep-state copies only
    # terraform.tfstate, so apply with Terraform directly in a copy and bring state/custom.tfstate back
    d = os.path.join(FIX, "backend_local")
    clean_state(d)
    with tempfile.TemporaryDirectory() as t:
        shutil.copytree(d, t, dirs_exist_ok=True)
        env = {"CHECKPOINT_DISABLE": "1", "TF_CLI_CONFIG_FILE": "/tmp/terrace-oracle/empty.tfrc"}
        sh([ORACLE, "1"])  # make sure the oracle is unpacked
        assert sh(TFRUN + ["init", "-no-color"], cwd=t, env=env)[0] == 0
        assert sh(TFRUN + ["apply", "-auto-approve", "-no-color", "-input=false"], cwd=t, env=env)[0] == 0
        os.makedirs(os.path.join(d, "state"), exist_ok=True)
        shutil.copy(os.path.join(t, "state", "custom.tfstate"), os.path.join(d, "state", "custom.tfstate"))


def tf_error(err):
    for line in err.splitlines():
        line = line.lstrip("│ ").strip()
        if line.startswith("Error: "):
            return line[len("Error: "):]
    return err.strip().splitlines()[0] if err.strip() else ""


def ask(c):
    """run one case through the oracle, return the recorded dict."""
    d = c.pop("_dir", None) or os.path.join(FIX, c["module"])
    q = c.pop("oracle", None)
    tmp = None
    if "state" in c:
        # `terraform console -state=FILE`: the oracle has no such flag, so ask in a copy of the fixture whose
        # terraform.tfstate is FILE (or absent when FILE does not exist: an empty state)
        tmp = tempfile.mkdtemp()
        shutil.copytree(d, tmp, dirs_exist_ok=True)
        for p in ("terraform.tfstate", "terraform.tfstate.d", ".terraform"):
            q2 = os.path.join(tmp, p)
            if os.path.isdir(q2):
                shutil.rmtree(q2)
            elif os.path.exists(q2):
                os.remove(q2)
        src = os.path.join(d, c["state"])
        if os.path.exists(src):
            shutil.copy(src, os.path.join(tmp, "terraform.tfstate"))
        d = tmp
    argv = [ORACLE, "--dir", d]
    if c.pop("_backend_init", False):
        # a backend block needs a full `init`; the oracle does that only with --workspace
        argv += ["--workspace", "default"]
    argv.append(q or c["expr"])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PKR_"))}
    env.update(c.get("env", {}))
    p = subprocess.run(argv, capture_output=True, text=True, env=env)
    if tmp:
        shutil.rmtree(tmp)
    out = p.stdout[:-1] if p.stdout.endswith("\n") else p.stdout
    rec = {"module": c["module"], "expr": c["expr"]}
    if p.returncode == 0:
        rec.update(out=out, error=False)
    else:
        rec.update(out=None, error=True, tf_error=tf_error(p.stderr))
    for k in ("state", "schemas", "schemaless", "env"):
        if k in c:
            rec[k] = c[k]
    if q:
        rec["oracle"] = q
    rec["status"] = p.returncode
    rec["stderr"] = p.stderr
    if p.returncode not in (0, 1):
        print(f"oracle failure ({p.returncode}) for {c}: {p.stderr}", file=sys.stderr)
    return rec


def main():
    args = sys.argv[1:]
    if "--setup" in args:
        setup()
        import handwritten
        handwritten.make_oracle_dirs()
        return
    import cases_def
    cases = cases_def.cases()
    if "--only" in args:
        keep = set(args[args.index("--only") + 1].split(","))
        old = [json.loads(l) for l in open(os.path.join(HERE, "cases.jsonl"))] if os.path.exists(os.path.join(HERE, "cases.jsonl")) else []
        old = [o for o in old if o["module"] not in keep]
        cases = [c for c in cases if c["module"] in keep]
    else:
        old = []
    jobs = int(args[args.index("-j") + 1]) if "-j" in args else 2
    jobs = min(jobs, 2)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        recs = list(ex.map(ask, cases))
    allrecs = old + recs
    order = cases_def.ORDER
    allrecs.sort(key=lambda r: order.index(r["module"]) if r["module"] in order else 99)
    with open(os.path.join(HERE, "cases.jsonl"), "w") as f:
        for r in allrecs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    n_err = sum(r["error"] for r in allrecs)
    print(f"{len(allrecs)} cases ({n_err} errors) written")


if __name__ == "__main__":
    main()
