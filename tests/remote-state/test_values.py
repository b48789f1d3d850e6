"""Every recorded case (cases.jsonl, expectations from Terraform 1.15.5) against the real terrace binary
and the real servers, each followed by the safety checks (reads only, contents byte-identical, no
credential shown, fixture folder unchanged). Gated while terrace does not read remote state."""
import os, shutil

import pytest

import harness

CASES = harness.load_cases()


def case_id(c):
    extra = "".join(f" {k}={c[k]}" for k in ("workspace",) if c.get(k))
    if c.get("backend_config"):
        extra += f" bc={len(c['backend_config'])}"
    if c.get("env", {}).get("TF_WORKSPACE"):
        extra += f" TF_WORKSPACE={c['env']['TF_WORKSPACE']}"
    return f"{c['module']}{extra} {c['expr']}"


def check(env, c, r):
    """Assert terrace's result r for case c (value: exit 0 and exactly the output; error: a clear
    failure within 10 s, never a panic)."""
    want = harness.fill(c["out"], env.ph)
    what = f"rc={r['rc']} ({r['secs']:.1f} s)\nstdout: {r['out'][:800]!r}\nstderr: {r['err'][:800]!r}"
    if c["error"]:
        assert r["rc"] not in (0, 101, "timeout"), f"an error expected ({c.get('tf_error', '')[:200]}); {what}"
        assert r["err"].strip(), f"an error must say something on stderr; {what}"
        assert r["secs"] < 10, f"an error must come within 10 s; {what}"
        return
    assert r["rc"] == 0, f"want {want!r}; {what}"
    got = r["out"]
    if c["expr"].startswith(":"):  # console commands: as the CLI command prints them, blank line aside
        assert got.rstrip("\n") == want.rstrip("\n"), what
    else:
        assert (got[:-1] if got.endswith("\n") else got) == want, what


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_case(rs_env, gate, case):
    fx = os.path.join(rs_env.fixtures, case["module"])
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    r = harness.run_terrace(rs_env.binary, fx, case, rs_env.ph, rs_env.home)
    try:
        check(rs_env, case, r)
        if case["backend"] == "consul":  # the unsupported backend is named in a warning or the error
            assert "consul" in r["err"], f"the warning/error must name the backend: {r['err']!r}"
    finally:
        harness.assert_safe(rs_env, case["backend"], mark, tmark, [r], fx, before)


def by(module, **kw):
    return [c for c in CASES if c["module"] == module and not c["error"]
            and all(c.get(k) == v for k, v in kw.items())]


def test_environment_file_selects_the_workspace(rs_env, gate, tmp_path):
    """.terraform/environment (what `terraform workspace select` writes) picks the workspace, as
    --workspace does: the recorded `--workspace blue` answers."""
    cases = [c for c in by("s3-env-lock", workspace="blue") if not c["expr"].startswith(":")]
    assert cases
    fx = tmp_path / "s3-env-lock"
    shutil.copytree(os.path.join(rs_env.fixtures, "s3-env-lock"), fx)
    (fx / ".terraform").mkdir()
    (fx / ".terraform" / "environment").write_text("blue")
    before = harness.tree_digest(str(fx))
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    results = []
    for c in cases:
        c = {k: v for k, v in c.items() if k != "workspace"}
        r = harness.run_terrace(rs_env.binary, str(fx), c, rs_env.ph, rs_env.home)
        results.append(r)
        check(rs_env, c, r)
    harness.assert_safe(rs_env, "s3", mark, tmark, results, str(fx), before)


@pytest.mark.parametrize("module", ["s3-env-lock", "gcs-prefix", "pg-reader", "azurerm-env", "http-env"])
def test_piped_session(rs_env, gate, module):
    """Several expressions and commands piped into one console: each answer in order, the state
    fetched once and read as for -e."""
    cases = [c for c in by(module) if not c.get("workspace") and "TF_WORKSPACE" not in c.get("env", {})
             and c.get("backend_config") == by(module)[0].get("backend_config")
             and c.get("env") == by(module)[0].get("env") and c["expr"] != ":workspaces"][:6]
    assert len(cases) >= 3
    fx = os.path.join(rs_env.fixtures, module)
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    stdin = "".join(c["expr"] + "\n" for c in cases)
    first = dict(cases[0], expr=":piped")
    r = harness.run_terrace(rs_env.binary, fx, first, rs_env.ph, rs_env.home, stdin=stdin)
    want = "".join(harness.fill(c["out"], rs_env.ph).rstrip("\n") + "\n" for c in cases)
    try:
        assert r["rc"] == 0, r
        assert [line for line in r["out"].split("\n") if line] == [line for line in want.split("\n") if line], r
    finally:
        harness.assert_safe(rs_env, cases[0]["backend"], mark, tmark, [r], fx, before)
