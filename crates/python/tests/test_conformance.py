"""Terraform's recorded console outputs, through terrace's Python API.

Each case's expected value is Terraform's printed output read back as HCL (the
console prints values as HCL), with the placeholders `(sensitive value)` and
`(known after apply)` standing for terrace.Sensitive and terrace.Unknown.
A case that Terraform answered with an error must raise terrace.Error.
"""

import json

import pytest

import terrace
from conftest import CONSOLE, SHARED, console_output_value, same

SAMPLE = SHARED / "conformance" / "cases.jsonl"


def read_jsonl(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def check_expression(evaluate, type_of, expr, out):
    """Compare `evaluate(expr)` with Terraform's printed `out`."""
    stripped = expr.strip()
    if stripped.startswith("type(") and stripped.endswith(")"):
        # The console-only type(): terrace.type_of gives the same text.
        assert type_of(stripped[5:-1]) == out
        return
    got = evaluate(expr)
    want = console_output_value(out)
    assert same(got, want), f"{expr!r}: got {got!r}, Terraform printed {out!r}"


@pytest.mark.skipif(
    not SAMPLE.exists(),
    reason="the public conformance sample lives in ../shared beside the repository, absent here",
)
def test_public_conformance_sample():
    cases = read_jsonl(SAMPLE)
    assert len(cases) > 300
    failures = []
    for case in cases:
        try:
            if case["error"]:
                try:
                    terrace.evaluate(case["expr"])
                except terrace.Error:
                    continue
                failures.append(f"{case['id']}: no error raised")
            else:
                check_expression(terrace.evaluate, terrace.type_of, case["expr"], case["out"])
        except (AssertionError, terrace.Error) as failed:
            failures.append(f"{case['id']}: {failed}")
    assert failures == []


def console_cases(name):
    return read_jsonl(CONSOLE / name)


def module_for(fixture_dir, case):
    env = case.get("env", {})
    return terrace.Module(
        fixture_dir,
        state=fixture_dir / case["state"] if "state" in case else None,
        workspace=env.get("TF_WORKSPACE"),
        schemas=fixture_dir / case["schemas"] if "schemas" in case else None,
    )


@pytest.mark.parametrize(("name", "base"), [("state.jsonl", "state"), ("modules.jsonl", "modules")])
def test_recorded_console_cases(name, base):
    """The console's own recorded cases (configurations with and without
    state, recorded from Terraform 1.15.5) through terrace.Module."""
    cases = console_cases(name)
    assert len(cases) > 200
    failures = []
    modules = {}
    for case in cases:
        if set(case.get("env", {})) - {"TF_WORKSPACE"}:
            continue
        if "Module not installed" in case.get("errors", []):
            # A documented difference: terrace needs no `terraform init`, so a
            # registry module is a warning ("Module not loaded", its outputs
            # unknown) where Terraform stops.
            continue
        fixture_dir = CONSOLE / base / case["fixture"]
        key = (case["fixture"], json.dumps(case.get("env")), case.get("state"), case.get("schemas"))
        try:
            if key not in modules:
                try:
                    modules[key] = module_for(fixture_dir, case)
                except terrace.ConfigurationError as error:
                    modules[key] = error
            module = modules[key]
            if case["status"] != 0:
                if isinstance(module, terrace.Error):
                    continue
                try:
                    module.evaluate(case["expr"])
                except terrace.Error:
                    continue
                failures.append(f"{case['fixture']}: {case['expr']!r}: no error raised")
                continue
            if isinstance(module, terrace.Error):
                raise module
            check_expression(module.evaluate, module.type_of, case["expr"], case["out"])
        except (AssertionError, terrace.Error) as failed:
            failures.append(f"{case['fixture']}: {case['expr']!r}: {str(failed)[:300]}")
    assert failures == []
