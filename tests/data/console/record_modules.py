#!/usr/bin/env python3
"""Record what Terraform 1.15.5's console prints for each (fixture, expr) pair, using the oracle
/work/shared/oracle/tf-console --dir modules/FIXTURE EXPR, into modules.jsonl (one JSON object a line:
fixture, expr, out = stdout exactly, status = exit code, and with status 1 errors = the summaries of
Terraform's errors).

  record.py                      record every case in CASES below (rewrites modules.jsonl)
  record.py --only F1 F2 ...     re-record only these fixtures, keep the other lines of modules.jsonl
  record.py --list FILE          take the cases from FILE instead: JSON lines [fixture, expr]

At most 2 oracle calls run at a time (the machine has 2 cores).
"""
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = "/work/shared/oracle/tf-console"
FIXTURES = os.path.join(HERE, "modules")
OUT = os.path.join(HERE, "modules.jsonl")

CALL = ["1", "local.unrelated", "module.m", "module.m.const", "module.m.echo", "keys(module.m)"]
CYCLE_MOD = ["1", "local.unrelated", "module.a", "module.a.const", "module.a.echo", "module.a.empty"]
VALIDATION = [
    "1", "var.v", "var.ok", "local.from_v", "local.from_from", "local.unrelated", "module.m",
    "module.m.const", "module.m.echo", "terraform_data.r", "terraform_data.r.input", "length(var.v)",
    "type(var.v)", "upper(var.v)", "local.via_mod", "local.via_res",
]
FAILED_LOCAL = [
    "1", "local.f", "local.g", "local.h", "local.unrelated", "module.bad", "module.bad.broken",
    "module.bad.fine", "module.uses_bad", "module.uses_bad.echo", "module.uses_bad.const",
    "terraform_data.r", "terraform_data.r.input", "type(local.f)", "local.f == null",
    'try(local.f, "fallback")', "can(local.g)", "keys(module.bad)", "local.via_out", "local.via_input",
    "local.via_const",
]
UNEXPANDED_SHORT = ["1", "local.unrelated", "module.m", "module.m[0].const", "local.via", "try(module.m, 1)"]
UNEXPANDED = UNEXPANDED_SHORT + [
    "module.m.const", "module.m[0]", 'module.m["a"].const', "length(module.m)", "can(module.m)", "local.via_len",
]
FAILED_MODARG = ["1", "local.f", "local.unrelated", "module.m", "module.m.echo", "module.m.const", "module.n.const"]

CASES = {
    "template_partial": [
        "local.object", "local.null", "local.list", "local.in_for", "local.in_if", "local.after",
        "local.elements", "local.file", "local.fine", "\"a-${ {k = 1} }-z\"", "length(local.object)",
    ],
    "terraform_backend_unknown": ["1", "local.a"],
    "terraform_backend_removed": ["1", "local.a"],
    "provisioner_removed": ["1", "local.a"],
    "override_check": ["1", "local.a"],
    "override_postcondition": ["1", "local.a"],
    "source_bare_name": ["1", "module.m"],
    "source_two_parts": ["1", "local.a"],
    "installed_registry": [
        "module.vpc", "module.vpc.where", "module.vpc.sub", "output.vpc_name", "module.vpc.name",
    ],
    "json_bom": ["1", "local.a", "local.b"],
    "scale_module_count": [
        "length(module.m)", "module.m[0]", "module.m[1999].name", "local.total",
        "module.m[1234].double",
    ],
    "wire_m2m_const": [
        "1", "module.a", "module.b", "module.a.const", "module.a.echo", "module.b.echo", "module.a.empty",
        "module.b.empty", "module.a.res", "module.a.id", "local.both", "type(module.a.empty)",
        "keys(module.a)", "length(module.b.empty)", "module.a.empty == {}",
    ],
    "wire_m2m_chain": [
        "1", "module.a", "module.b", "module.a.echo", "module.b.echo", "module.a.const", "module.b.empty",
        "module.a.res", "type(module.a.echo)",
    ],
    "wire_m2m_unknown": [
        "1", "module.a", "module.b", "module.a.echo", "module.b.echo", "module.b.res", "module.a.const",
        "module.a.empty", "type(module.a.echo)",
    ],
    "wire_res2mod": [
        "1", "terraform_data.t", "terraform_data.t.input", "terraform_data.t.id", "module.m",
        "module.m.const", "module.m.echo", "module.m.empty", "local.from_mod", "module.m.res",
        "type(local.from_mod)",
    ],
    "wire_res2mod_echo": [
        "1", "var.seed", "module.m.echo", "terraform_data.t", "terraform_data.t.input",
        "terraform_data.t.output", "module.n", "module.n.echo", "module.n.res",
    ],
    "wire_nested": [
        "1", "module.outer", "module.outer.fixed", "module.outer.g1_echo", "module.outer.g2_empty",
        "module.outer.g1_res", "module.outer.ext", "terraform_data.t", "terraform_data.t.input",
        "keys(module.outer)", "module.outer.g2_empty == {}",
    ],
    "cycle_module_pair": CYCLE_MOD + ["module.b", "module.b.const"],
    "cycle_module_self": CYCLE_MOD,
    "cycle_res_module": ["1", "local.unrelated", "module.m", "module.m.const", "terraform_data.t"],
    "cycle_local": ["1", "local.unrelated", "local.a", "local.b"],
    "cycle_local_self": ["1", "local.unrelated", "local.a"],
    "resource_self_reference": [
        "1", "local.unrelated", "terraform_data.a", "terraform_data.a.input", "terraform_data.b", "terraform_data.c",
        "terraform_data.c[0]", "terraform_data.c.input", "terraform_data.d.input", "terraform_data.e", "local.via",
        "local.via_e",
    ],
    "cycle_nested": ["1", "local.unrelated", "module.outer", "module.outer.fixed"],
    "wire_m2m_self": ["1", "module.a", "module.a.echo", "module.a.const", "module.a.res"],
    "validation_child": [
        "1", "local.unrelated", "module.v", "module.v.name", "module.v.upper", "module.v.other",
        "local.via_name", "local.via_other",
    ],
    "validation_default": VALIDATION,
    "validation_tfvars": VALIDATION,
    "failed_local_file": FAILED_LOCAL,
    "failed_local_tonumber": FAILED_LOCAL,
    "failed_local_modarg": FAILED_MODARG,
    "failed_local_modarg_inited": FAILED_MODARG,
    "failed_local_modarg_transitive": ["1", "local.f", "local.g", "local.unrelated", "module.m", "module.m.echo",
                                       "module.m.const"],
    "failed_modarg_direct": ["1", "local.unrelated", "module.m", "module.m.echo", "module.m.const"],
    "for_partial": [
        "1", "local.x", "keys(local.x)", "length(local.x)", "local.x.a", 'local.x["a"]', "local.x.b",
        'local.x["c"]', "local.ks", "local.good", "local.l", "length(local.l)", "local.l[0]", "local.l[1]",
        "local.m", "type(local.x)", 'try(local.x.b, "fb")', "can(local.x.b)", "module.t",
        "module.t.rendered", "keys(module.t.rendered)", "module.t.rendered.p", "module.t.rendered.q",
        "module.t.ok", "local.via_t",
    ],
    "try_partial_local": [
        "1", "local.guarded", "keys(local.guarded)", 'try(keys(local.guarded), "x")', 'try(local.guarded, "x")',
        'try(local.guarded["one.json"], "x")', 'try(local.guarded["two.json"], "x")', "can(keys(local.guarded))",
        "can(local.guarded)", 'try(local.guarded.nope, "x")', "can(local.guarded.nope)",
        'try(local.guarded["two.json"].b, "x")', 'try(local.known.nope, local.guarded, "x")',
    ],
    "call_undeclared_arg": CALL,
    "call_undeclared_arg_inited": CALL,
    "call_missing_required": CALL,
    "call_missing_required_inited": CALL,
    "call_count_foreach": CALL,
    "call_count_foreach_inited": CALL + ["module.m[0]", 'module.m["a"]'],
    "call_providers_nope": CALL,
    "call_providers_alias": CALL,
    "call_version_local": CALL,
    # Blocks in a module block (as for call_undeclared_arg, .terraform/modules/modules.json
    # is there so that the console reads the configuration: `terraform init` fails on it).
    "call_block_unsupported": ["1", "local.unrelated", "module.m"],
    "call_block_dynamic": ["1", "local.unrelated", "module.m"],
    "call_registry_source": ["1", "local.unrelated", "module.r", "module.r.vpc_id"],
    # Terraform 1.15: const variables, and module sources made of them and of locals.
    "const_source_var": ["1", "var.env", "module.child.out", "module.child", "output.o"],
    "const_source_local": ["1", "var.env", "local.l", "local.l.dir", "module.child.out"],
    "const_nested_call": ["1", "module.a.o", "module.a"],
    "const_sensitive": ["1", "var.env"],
    "const_ephemeral": ["1", "var.env"],
    "const_not_bool": ["1", "var.env"],
    "const_required_unset": ["1", "var.env"],
    "source_nonconst_var": ["1", "var.env", "module.child.out"],
    "source_resource": ["1", "module.child.out"],
    "source_local_resource": ["1", "local.dir"],
    "source_path_module": ["1", "module.child.out"],
    "source_function": ["1", "module.child.out", "output.o"],
    "source_local_mixed": ["1", "local.both"],
    "variable_flag_not_bool": ["1", "var.env"],
    "const_source_version": ["1", "module.child.out"],
    "source_workspace": ["1", "module.child.out"],
    "source_local_workspace": ["1", "module.child2.out"],
    "source_local_path": ["1", "module.child.out", "local.p"],
    # Terraform 1.15: output blocks with a type constraint.
    "output_type": [
        "1", "module.m", "module.m.n", "module.m.l", "module.m.o", "type(module.m.o)", "type(module.m.u)",
        "type(module.m.bad_list)", "module.m.s", "module.m.m", "type(module.m.s)",
    ],
    # Names Terraform refuses when it reads a module (labels and local names that must be
    # identifiers, variable names reserved by module blocks, provider local names).
    "name_variable_invalid": ["1", "local.unrelated"],
    "name_variable_reserved": ["1", "local.unrelated"],
    "name_local_invalid": ["1", "local.unrelated"],
    "name_resource_invalid": ["1", "local.unrelated"],
    "name_data_invalid": ["1", "local.unrelated"],
    "name_module_invalid": ["1", "local.unrelated"],
    "name_output_invalid": ["1", "local.unrelated"],
    "name_check_invalid": ["1", "local.unrelated"],
    "name_provider_upper": ["1", "local.unrelated"],
    "name_provider_underscore": ["1", "local.unrelated"],
    "name_valid_dashes": ["1", "var._x-y", "terraform_data.r-1.input", "local.unrelated"],
    # Output arguments decoded when the module is read: constants of the right type.
    "output_arg_sensitive_string": ["1", "local.unrelated"],
    "output_arg_sensitive_true_string": ["1", "local.unrelated"],
    "output_arg_sensitive_null": ["1", "local.unrelated"],
    "output_arg_sensitive_var": ["1", "local.unrelated"],
    "output_arg_description_list": ["1", "local.unrelated"],
    "output_arg_ephemeral_string": ["1", "local.unrelated"],
    "output_arg_deprecated_list": ["1", "local.unrelated"],
    "output_arg_type_invalid": ["1", "local.unrelated"],
    "output_postcondition": ["1", "local.unrelated"],
    # Values HCL evaluates with no context: no variables, no functions (a `for` still works).
    "variable_default_function": ["1", "var.x", "local.unrelated"],
    "variable_default_reference": ["1", "var.x", "local.unrelated"],
    "tfvars_function": ["1", "var.x", "local.unrelated"],
    "tfvars_failing_operator": ["1", "var.x", "local.unrelated"],
    "tfvars_for_expression": ["1", "var.x", "local.unrelated"],
    # Blocks Terraform checks on reading: check rules, depends_on, lifecycle, check blocks,
    # provider aliases, version constraints.
    "rule_validation_extra_argument": ["1", "local.unrelated"],
    "rule_validation_missing_message": ["1", "local.unrelated"],
    "rule_validation_other_variable": ["1", "local.unrelated"],
    "rule_output_precondition_no_condition": ["1", "local.unrelated"],
    "rule_lifecycle_unknown_argument": ["1", "local.unrelated"],
    "rule_lifecycle_flag_string": ["1", "local.unrelated"],
    "rule_lifecycle_precondition_no_message": ["1", "local.unrelated"],
    "rule_lifecycle_ignore_changes_call": ["1", "local.unrelated"],
    "rule_depends_on_call": ["1", "local.unrelated"],
    "rule_depends_on_not_a_list": ["1", "local.unrelated"],
    "rule_depends_on_module_number": ["1", "local.unrelated"],
    "rule_check_no_condition": ["1", "local.unrelated"],
    "rule_check_constant_condition": ["1", "local.unrelated"],
    "rule_condition_self_reference": ["1", "local.unrelated"],
    "rule_replace_triggered_by": ["1", "local.unrelated"],
    "rule_replace_triggered_by_valid": ["1", "local.unrelated"],
    "provisioner_keywords": ["1", "local.unrelated"],
    "provisioner_keywords_valid": ["1", "local.unrelated"],
    "provisioner_destroy_references": ["1", "local.unrelated"],
    "provisioner_unknown_type": ["1", "local.unrelated"],
    "rule_provider_alias_invalid": ["1", "local.unrelated"],
    "version_required_invalid": ["1", "local.unrelated"],
    "version_required_list": ["1", "local.unrelated"],
    "version_required_valid": ["1", "local.unrelated"],
    "version_required_unsatisfied": ["1", "local.unrelated"],
    "version_provider_invalid": ["1", "local.unrelated"],
    "version_module_invalid": ["1", "local.unrelated"],
    "rule_lifecycle_valid": ["1", "terraform_data.b.input", "local.unrelated"],
    # Duplicates, required arguments and refactoring blocks Terraform checks on reading.
    "block_provider_duplicate": ["1", "local.unrelated"],
    "block_moved_call": ["1", "local.unrelated"],
    "block_import_no_id": ["1", "local.unrelated"],
    "block_removed_no_from": ["1", "local.unrelated"],
    "block_backend_duplicate": ["1", "local.unrelated"],
    "block_data_lifecycle_argument": ["1", "local.unrelated"],
    "block_lifecycle_twice": ["1", "local.unrelated"],
    "block_module_no_source": ["1", "local.unrelated"],
    "block_output_no_value": ["1", "local.unrelated"],
    "block_refactoring_valid": ["1", "terraform_data.b.input", "local.unrelated"],
    "block_refactoring_addresses": ["1", "local.unrelated"],
    "block_refactoring_addresses_valid": ["1", "local.unrelated"],
    "block_removed_contents": ["1", "local.unrelated"],
    "override_forbidden_blocks": ["1", "var.v", "local.unrelated"],
    "variable_type_quoted": ["1", "local.unrelated"],
    "block_terraform_experiments": ["1", "local.unrelated"],
    "block_connection_twice": ["1", "local.unrelated"],
    "block_resource_count_for_each": ["1", "local.unrelated"],
    "block_module_reserved_block": ["1", "local.unrelated"],
    "variable_type_quoted_expression": ["1", "local.unrelated"],
    "variable_nullable_null_default": ["1", "var.v", "local.unrelated"],
    "variable_nullable_null_default_object": ["1", "var.v", "local.unrelated"],
    "variable_type_bare_valid": ["1", "var.l", "var.m", "type(var.l)", "type(var.m)", "local.unrelated"],
    # required_providers entries and the terraform block's arguments.
    "providers_legacy_invalid_name": ["1", "local.unrelated"],
    "providers_entry_list": ["1", "local.unrelated"],
    "providers_version_number": ["1", "local.unrelated"],
    "providers_alias_other_provider": ["1", "local.unrelated"],
    "providers_source_prefixed": ["1", "local.unrelated"],
    "providers_local_name_invalid": ["1", "local.unrelated"],
    "providers_source_invalid": ["1", "local.unrelated"],
    "providers_entry_extra_argument": ["1", "local.unrelated"],
    "block_terraform_unknown_argument": ["1", "local.unrelated"],
    "terraform_required_providers_twice": ["1", "local.unrelated"],
    "terraform_cloud_and_backend": ["1", "local.unrelated"],
    "terraform_language_quoted": ["1", "local.unrelated"],
    "terraform_language_unsupported": ["1", "local.unrelated"],
    "terraform_language_valid": ["1", "local.unrelated"],
    "providers_aliases_valid": ["1", "local.unrelated"],
    "provider_ref_too_long": ["1", "local.unrelated"],
    "provider_reserved_names": ["1", "local.unrelated"],
    # Aliased provider configurations: a resource's `provider` naming one the module does not
    # have, a child's configuration_aliases not passed (with a module manifest, as `terraform
    # init` fails), and one passed.
    "provider_alias_undeclared": ["1", "local.unrelated", "module.c"],
    "provider_alias_not_passed": ["1", "local.unrelated", "module.c"],
    "provider_alias_passed": ["1", "local.unrelated", "module.c"],
    "provider_ref_call": ["1", "local.unrelated"],
    "providers_map_list": ["1", "local.unrelated"],
    "providers_map_call": ["1", "local.unrelated"],
    "provider_ref_quoted": ["1", "local.unrelated"],
    "variable_description_list": ["1", "local.unrelated"],
    "variable_description_reference": ["1", "local.unrelated"],
    "locals_nested_block": ["1", "local.unrelated"],
    # Ephemeral variables and outputs.
    "variable_ephemeral": [
        "1", "var.s", "ephemeralasnull(var.s)", "local.u", "{a = var.s}", "[var.s]", "upper(var.s)",
        "length(var.s)", "type(var.s)", "issensitive(var.s)", "sensitive(var.s)", "local.unrelated",
    ],
    "ephemeral_module_outputs": ["1", "module.m", "module.m.eph", "module.m.leak", "module.m.plain", "local.u"],
    "ephemeral_to_plain_variable": ["1", "module.m", "module.m.o", "local.u"],
    "output_ephemeral_declared": [
        "1", "module.m", "module.m.o", "module.m.obj", "module.m.obj.a", "module.m.nul", "module.m.res",
        "module.m.both", "module.m.plain", "local.via", "local.whole", "local.u", "ephemeralasnull(module.m)",
        "ephemeralasnull(module.m.o)", "type(module.m.o)", "module.m.o + 1", "[module.m.o]",
        "issensitive(module.m.both)", "module.m.nul == null", "keys(module.m)",
    ],
    # A child module's outputs: sensitive without being declared so (only a root output must
    # be), non-nullable variables given null, optional attributes, path.module.
    "child_sensitive_output": [
        "module.m", "module.m.secret", "module.m.leak", "module.m.maybe", "module.m.obj", "module.m.pm",
        "module.m.pr", "local.ws", "local.names", "local.one_zero", "local.two_count", "local.objsize",
        "local.tagcount", 'terraform_data.each["a"]', "var.obj", "nonsensitive(module.m.leak)",
    ],
    # An output whose precondition fails is unknown, and what reads it is not evaluated.
    "output_precondition_failed": ["local.u", "module.m", "module.m.checked", "module.m.fine", "local.via"],
    # Terraform's built-in provider functions, where the configuration requires the provider.
    "provider_functions_builtin": [
        'provider::terraform::encode_tfvars({a = 1, bbbb = "x", c = {x = [1, "two"], yy = null}, d = tolist(["q"])})',
        "provider::terraform::encode_expr({a = 1, bbbb = {c = true}, e = {}})",
        'provider::terraform::encode_expr("a${"$"}{b}\\n\\t\\"q\\" %%{x} é")',
        'provider::terraform::encode_expr("a\\u200bb\\u00a0c")',
        "provider::terraform::encode_expr(1.5e10)",
        'provider::terraform::encode_expr(toset(["b", "a"]))',
        'provider::terraform::encode_expr({"a b" = 1, c = tomap({x = 1})})',
        "provider::terraform::encode_expr([])",
        "provider::terraform::encode_expr(null)",
        "provider::terraform::encode_tfvars({a = sensitive(1)})",
        'provider::terraform::encode_tfvars({"not valid" = 1})',
        "provider::terraform::encode_tfvars(1)",
        'provider::terraform::decode_tfvars("a = 1\\nb = [1, \\"x\\"]\\nc = { k = true }")',
        'provider::terraform::decode_tfvars("x = upper(1)")',
        'provider::terraform::decode_tfvars("x {\\n}")',
        "local.enc",
    ],
    "provider_functions_undeclared": ["provider::terraform::encode_expr(1)", "local.u"],
    # A module call whose count or for_each is invalid or unknown (reading a resource, an
    # unset variable, a failed local): the error is printed, the rest evaluates, and anything
    # reading module.NAME fails (Terraform's console crashes, exit 11).
    "call_count_unknown": UNEXPANDED + [
        "local.via_n", "module.n", "module.n.echo", "terraform_data.x", "module.outer", "module.outer.fixed",
        "module.outer.inner",
    ],
    "call_for_each_unknown": UNEXPANDED + ["local.via_n", "module.n", "module.n.echo"],
    "call_count_invalid": UNEXPANDED + ["local.via_n", "module.n", "module.n.echo"],
    "call_for_each_invalid": UNEXPANDED + ["local.via_n", "module.n", "module.n.echo"],
    "call_count_unset_variable": UNEXPANDED_SHORT,
    "call_count_skipped": UNEXPANDED_SHORT + ["local.f"],
    "call_count_fraction": UNEXPANDED_SHORT,
    "call_for_each_numbers": UNEXPANDED_SHORT,
    # A .tfvars value that is not of the variable's type, or null for a non-nullable one:
    # reading the variable is "Reference to uninitialized variable".
    "tfvars_invalid_value": [
        "1", "var.v", "var.w", "var.obj", "var.nn", "local.from_v", "local.from_w", "local.unrelated", "module.m",
        "module.m.echo", "module.m.const", "try(var.v, 1)", "type(var.v)", "can(var.nn)", "[var.w, var.v]",
    ],
}


def run(case):
    fixture, expr = case
    p = subprocess.run([ORACLE, "--dir", os.path.join(FIXTURES, fixture), expr], capture_output=True,
                       cwd="/tmp")
    out = re.sub(r"\x1b\[[0-9;]*m", "", p.stdout.decode())
    # Terraform's warning block on stdout ("Due to the problems above, ...") is left out:
    # terrace prints its diagnostics on stderr.
    if out.startswith("╷"):
        out = out.split("╵\n", 1)[1].lstrip("\n")
    result = {"fixture": fixture, "expr": expr, "out": out[:-1] if out.endswith("\n") else out,
              "status": p.returncode}
    if p.returncode not in (0, 3):
        # The summaries of Terraform's errors ("│ Error: SUMMARY"), which terrace must report
        # (also when Terraform crashed, status 11: terrace fails with status 1 there).
        result["errors"] = [line.split("Error: ", 1)[1].strip() for line in p.stderr.decode().splitlines()
                            if line.lstrip("│ ").startswith("Error: ")]
    return result


def main(argv):
    cases = [(f, e) for f, exprs in CASES.items() for e in exprs]
    only = None
    if argv[:1] == ["--list"]:
        with open(argv[1]) as fh:
            cases = [tuple(json.loads(line)) for line in fh if line.strip()]
    elif argv[:1] == ["--only"]:
        only = set(argv[1:])
        unknown = only - set(CASES)
        if unknown:
            sys.exit(f"unknown fixtures: {sorted(unknown)}")
    todo = [c for c in cases if only is None or c[0] in only]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(todo, pool.map(run, todo)))
    # With --only, the other lines of the file stay as they are (cases recorded by hand
    # with --list included); re-recorded cases replace theirs, new ones go at the end.
    kept = []
    if only is not None and os.path.exists(OUT):
        with open(OUT) as fh:
            kept = [json.loads(line) for line in fh if line.strip()]
    written = 0
    with open(OUT, "w") as fh:
        order = [(r["fixture"], r["expr"]) for r in kept]
        order += [c for c in cases if c in results and c not in set(order)]
        old = {(r["fixture"], r["expr"]): r for r in kept}
        for c in order:
            fh.write(json.dumps(results.get(c, old.get(c)), ensure_ascii=False) + "\n")
            written += 1
    bad = [r for r in results.values() if r["status"] not in (0, 1, 11)]
    print(f"{len(todo)} recorded, {written} in {OUT}" + (f"; {len(bad)} oracle failures" if bad else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
