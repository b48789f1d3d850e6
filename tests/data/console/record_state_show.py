#!/usr/bin/env python3
"""Record `terraform state show ADDRESS` (Terraform 1.15.5, through ../shared/oracle) for every
instance of the built-in-provider state fixtures into state_show.jsonl: {"fixture", "address",
"out"}. The project's tests never run Terraform; they compare `:show` with these answers."""
import json, os, shutil, subprocess, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "../../../../shared/oracle")
FIXTURES = ["instances", "count_for_each", "sensitive", "modules", "outputs", "workspaces"]
cmd = subprocess.run([os.path.join(ORACLE, "setup.sh")], capture_output=True, text=True).stdout.split()
env = dict(os.environ, CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/tmp/terrace-oracle/empty.tfrc")
env.pop("TF_WORKSPACE", None)
out = []
for name in FIXTURES:
    work = tempfile.mkdtemp()
    shutil.copytree(os.path.join(HERE, "state", name), work, dirs_exist_ok=True)
    subprocess.run(cmd + ["init", "-no-color"], cwd=work, env=env, capture_output=True)
    listed = subprocess.run(cmd + ["state", "list"], cwd=work, env=env, capture_output=True, text=True).stdout
    for address in listed.split("\n"):
        if not address:
            continue
        shown = subprocess.run(cmd + ["state", "show", "-no-color", address], cwd=work, env=env,
                               capture_output=True, text=True)
        out.append({"fixture": name, "address": address, "out": shown.stdout})
    shutil.rmtree(work)
with open(os.path.join(HERE, "state_show.jsonl"), "w") as f:
    for case in out:
        f.write(json.dumps(case, ensure_ascii=False) + "\n")
print(len(out), "instances")
