#!/usr/bin/env python3
"""Not a test: Terraform 1.15.5 playing terrace for the suite, to check the suite's servers and
expectations against Terraform itself (the sample's oracle_terrace.py, which takes `-e EXPR` only):
--no-history is dropped and expressions piped on stdin are run one by one.

    RS_GATE=open RS_TIMEOUT=300 TERRACE=$PWD/tests/remote-state/oracle_console.py \
        target/rs-venv/bin/python -m pytest -q tests/remote-state/test_cloud_auth.py

Console commands (`:workspaces`) are not Terraform expressions; the request-count assertions fail
(Terraform signs in once per process, for init and again for console)."""
import os, subprocess, sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

O = os.path.join(harness.SAMPLE, "oracle_terrace.py")
a = [x for x in sys.argv[1:] if x != "--no-history"]
if "-e" in a:
    sys.exit(subprocess.run([sys.executable, O] + a).returncode)
rc = 0
for line in sys.stdin.read().splitlines():
    if not line.strip():
        continue
    p = subprocess.run([sys.executable, O] + a + ["-e", line], capture_output=True, text=True)
    out = p.stdout
    sys.stdout.write(out if out.endswith("\n") else out + "\n")
    sys.stderr.write(p.stderr)
    rc = rc or p.returncode
sys.exit(rc)
