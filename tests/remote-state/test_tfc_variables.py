"""HCP Terraform workspace variables beyond the recorded values (cases.jsonl, fixture tfc-cloud-vars): which
requests terrace makes for them (the `cloud` block asks for all-vars unless the workspace runs locally; the
`remote` backend's console never asks), Terraform's warning for a sensitive one, and its value never shown."""
import os

import pytest

import harness

CASES = [c for c in harness.load_cases() if c["module"] == "tfc-cloud-vars"]


def case(expr, workspace):
    return next(c for c in CASES if c["expr"] == expr and c.get("workspace") == workspace and not c.get("note")
                and "TF_VAR_" not in str(c.get("env")))


def run(env, c, module=None):
    fx = os.path.join(env.fixtures, module or c["module"])
    before = harness.tree_digest(fx)
    mark, tmark = env.srv.mark(), env.tfc_mark()
    r = harness.run_terrace(env.binary, fx, c, env.ph, env.home)
    reqs = env.tfc_requests_since(tmark)
    harness.assert_safe(env, "tfc", mark, tmark, [r], fx, before)
    return r, [q["path"] for q in reqs]


def test_cloud_reads_all_vars_and_warns_for_sensitive_ones(rs_env, gate):
    c = case("var.region", "team-vars")
    r, paths = run(rs_env, c)
    assert r["rc"] == 0 and r["out"].strip() == c["out"], r
    assert [p for p in paths if p.endswith("/all-vars")], paths
    for name in ("db_password", "api_key"):
        assert f"Value for var.{name} unavailable" in r["err"], r["err"]
    assert "undeclared" not in r["err"] and "nobody reads this" not in r["out"] + r["err"]
    for secret in harness.TFC_SENSITIVE_VARS:
        assert secret not in r["out"] + r["err"]


def test_local_execution_mode_reads_no_variables(rs_env, gate):
    c = next(x for x in CASES if x["expr"] == "var.region" and x.get("workspace") == "team-vars-local")
    r, paths = run(rs_env, c)
    assert r["rc"] == 0 and r["out"].strip() == c["out"], r
    assert not [p for p in paths if p.split("?")[0].endswith(("/all-vars", "/vars"))], paths
    assert "unavailable" not in r["err"]


@pytest.mark.parametrize("expr, words", [
    ("var.region", "Invalid expression for var.zones"),
    ("1 + 1", "Invalid expression for var.zones"),
])
def test_invalid_hcl_stops_the_console(rs_env, gate, expr, words):
    c = next(x for x in CASES if x["expr"] == expr and x.get("workspace") == "team-vars-bad")
    r, _ = run(rs_env, c)
    assert r["rc"] == 1 and words in r["err"], r


def test_remote_backend_console_reads_no_variables(rs_env, gate):
    """The `remote` backend's console (stubAllVariables) asks for no workspace variable."""
    c = next(x for x in harness.load_cases() if x["module"] == "tfc-remote-prefix" and x["expr"] == "var.api_token")
    r, paths = run(rs_env, c)
    assert r["rc"] == 0 and r["out"].strip() == c["out"], r
    assert paths and not [p for p in paths if p.split("?")[0].endswith(("/all-vars", "/vars"))], paths


def test_variables_that_cannot_be_listed_stop_the_console(rs_env, gate):
    """A refused variable list is an error, as Terraform's "error loading variables" stops its console."""
    c = next(x for x in CASES if x.get("workspace") == "team-vars-broken")
    r, paths = run(rs_env, c)
    assert r["rc"] == 1 and "workspace variables" in r["err"] and "access denied" in r["err"], r
    assert [p for p in paths if p.endswith("/all-vars")], paths
