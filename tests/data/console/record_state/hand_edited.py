#!/usr/bin/env python3
"""Hand-edited copies of a real state (the hand_edited and hand_edited_modules fixtures, applied by
Terraform 1.15.5): each variant writes state/<fixture>/states/<name>.tfstate from the fixture's
terraform.tfstate, and its
cases (run with `--state states/<name>.tfstate`) get what the oracle's `terraform console` prints with
that state in place of terraform.tfstate. Cases are appended to ../state.jsonl (replacing the
fixture's earlier ones).

    python3 hand_edited.py [--only name,name]     (`plain`: the cases on the fixtures' own state,
                                                  from hand_edited*.exprs)

Variants: fields missing, null, of the wrong JSON kind or case (Go's encoding/json decodes the file
into Terraform's structs: a kind mismatch or a uint64 out of range is "Invalid state file format"),
odd serials, lineages and versions, check_results (decoded and their addresses parsed), odd index
keys (a negative `count` index crashes Terraform), deposed and tainted objects, attributes that
cannot be decoded, outputs without a type.
"""
import concurrent.futures, copy, json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
STATE = os.path.normpath(os.path.join(HERE, "..", "state"))
CASES = os.path.normpath(os.path.join(HERE, "..", "state.jsonl"))
TF = ["python3", "/work/shared/oracle/tfrun.py"]
EXPRS = ["1", "terraform_data.c", "terraform_data.e"]


def setk(k, v):
    def f(s): s[k] = v
    return f


def delk(k):
    def f(s): s.pop(k, None)
    return f


def raw(old, new):
    def f(s):
        t = json.dumps(s, indent=2)
        assert old in t, old
        return t.replace(old, new, 1)
    return f


def inst(ri, ii, k, v, delete=False):
    def f(s):
        i = s["resources"][ri]["instances"][ii]
        if delete:
            i.pop(k, None)
        else:
            i[k] = v
    return f


def res(ri, k, v, delete=False):
    def f(s):
        r = s["resources"][ri]
        if delete:
            r.pop(k, None)
        else:
            r[k] = v
    return f


def out(name, k, v, delete=False):
    def f(s):
        o = s["outputs"][name]
        if delete:
            o.pop(k, None)
        else:
            o[k] = v
    return f


def attr(ri, ii, k, v, delete=False):
    def f(s):
        a = s["resources"][ri]["instances"][ii]["attributes"]
        if delete:
            a.pop(k, None)
        else:
            a[k] = v
    return f


def dup_inst(ri, ii, **kw):
    def f(s):
        i = copy.deepcopy(s["resources"][ri]["instances"][ii])
        i.update(kw)
        s["resources"][ri]["instances"].append(i)
    return f


def multi(*fs):
    def f(s):
        for g in fs:
            r = g(s)
            if isinstance(r, str):
                return r
    return f


def checks(*results):
    return setk("check_results", list(results))


# resources: 0 terraform_data.c (count 2), 1 terraform_data.e (for_each a, b), 2 terraform_data.s, 3 module.m's x
MOD = ["module.m.x"]
VARIANTS = [
    ("no_lineage", delk("lineage"), []),
    ("no_serial", delk("serial"), []),
    ("no_terraform_version", delk("terraform_version"), []),
    ("null_lineage", setk("lineage", None), []),
    ("null_serial", setk("serial", None), []),
    ("serial_string", setk("serial", "7"), []),
    ("serial_negative", setk("serial", -1), []),
    ("serial_fraction", raw('"serial": 7', '"serial": 7.0'), []),
    ("serial_exponent", raw('"serial": 7', '"serial": 7e2'), []),
    ("serial_too_big", setk("serial", 2**64), []),
    ("serial_max", setk("serial", 2**64 - 1), []),
    ("serial_zero", setk("serial", 0), []),
    ("serial_bool", setk("serial", True), []),
    ("lineage_number", setk("lineage", 5), []),
    ("lineage_empty", setk("lineage", ""), []),
    ("lineage_object", setk("lineage", {"a": 1}), []),
    ("lineage_not_uuid", setk("lineage", "not-a-uuid ✓"), []),
    ("terraform_version_invalid", setk("terraform_version", "banana"), []),
    ("terraform_version_empty", setk("terraform_version", ""), []),
    ("terraform_version_number", setk("terraform_version", 1.5), []),
    ("terraform_version_old", setk("terraform_version", "0.12.0"), []),
    ("terraform_version_pre", setk("terraform_version", "9.0.0-beta1"), []),
    ("terraform_version_v", setk("terraform_version", "v1.2.3"), []),
    ("terraform_version_space", setk("terraform_version", " 1.0"), []),
    ("extra_top_level", setk("extra_field", {"x": [1, 2]}), []),
    ("keys_in_other_case", multi(raw('"version": 4', '"Version": 4'), raw('"resources":', '"RESOURCES":')), []),
    ("key_in_other_case_wrong_kind", raw('"serial": 7', '"Serial": "x"'), []),
    ("duplicate_key", raw('"lineage":', '"lineage": 5, "lineage":'), []),
    ("resources_twice_first_partial", lambda s: json.dumps(s, indent=2).replace('"resources": [', json.dumps({"resources": [s["resources"][0]]})[1:-1] + ', "resources": [', 1), []),
    ("resources_twice_last_partial", lambda s: json.dumps(s, indent=2)[:-2] + ', "resources": ' + json.dumps([s["resources"][1]]) + "\n}", []),
    ("outputs_null", setk("outputs", None), []),
    ("no_outputs", delk("outputs"), []),
    ("resources_null", setk("resources", None), []),
    ("resources_object", setk("resources", {}), []),
    ("check_results_null", setk("check_results", None), []),
    ("check_results_empty", setk("check_results", []), []),
    ("check_results_object", setk("check_results", {}), []),
    ("check_results_string", setk("check_results", "x"), []),
    ("check_results_unknown_kind", checks({"object_kind": "weird", "config_addr": "nonsense!!", "status": "pass", "objects": []}), []),
    ("check_results_bad_address", checks({"object_kind": "check", "config_addr": "nonsense!!", "status": "pass", "objects": []}), []),
    ("check_results_bad_object_address", checks({"object_kind": "check", "config_addr": "check.ok", "status": "pass", "objects": [{"object_addr": "zzz[", "status": "pass"}]}), []),
    ("check_results_instance_config_address", checks({"object_kind": "resource", "config_addr": "terraform_data.c[0]", "status": "pass"}), []),
    ("check_results_unknown_status", checks({"object_kind": "check", "config_addr": "check.ok", "status": "weird", "objects": None}), []),
    ("check_results_missing_check", checks({"object_kind": "check", "config_addr": "check.nope", "status": "fail", "objects": [{"object_addr": "check.nope", "status": "fail", "failure_messages": ["x"]}]}), []),
    ("check_results_output", checks({"object_kind": "output", "config_addr": "output.o", "status": "pass", "objects": [{"object_addr": "output.o", "status": "pass"}]}), []),
    ("check_results_var", checks({"object_kind": "var", "config_addr": "var.x", "status": "pass"}), []),
    ("check_results_module_resource", checks({"object_kind": "resource", "config_addr": "module.m.terraform_data.x", "status": "pass", "objects": [{"object_addr": "module.m.terraform_data.x", "status": "pass"}]}), []),
    ("check_results_kind_number", checks({"object_kind": 1, "config_addr": "check.ok", "status": "pass"}), []),
    ("check_results_message_number", checks({"object_kind": "check", "config_addr": "check.ok", "status": "fail", "objects": [{"object_addr": "check.ok", "status": "fail", "failure_messages": [1]}]}), []),
    ("resource_no_type", res(0, "type", None, True), []),
    ("resource_null_type", res(0, "type", None), []),
    ("resource_no_name", res(0, "name", None, True), []),
    ("resource_no_mode", res(0, "mode", None, True), []),
    ("resource_mode_number", res(0, "mode", 1), []),
    ("resource_null_provider", res(0, "provider", None), []),
    ("resource_provider_not_an_address", res(0, "provider", "foo"), []),
    ("provider_alias", res(0, "provider", "provider[\"terraform.io/builtin/terraform\"].foo"), []),
    ("provider_module_keyed", res(0, "provider", "module.m[0].provider[\"terraform.io/builtin/terraform\"]"), []),
    ("provider_four_parts", res(0, "provider", "provider[\"a/b/c/d\"]"), []),
    ("provider_type_prefix", res(0, "provider", "provider[\"hashicorp/terraform-provider-x\"]"), []),
    ("provider_spaces", res(0, "provider", "provider [\"terraform.io/builtin/terraform\"]"), []),
    ("provider_upper_case", res(0, "provider", "provider[\"Terraform.io/builtin/Terraform\"]"), []),
    ("provider_hashicorp_terraform", res(0, "provider", "provider[\"registry.terraform.io/hashicorp/terraform\"]"), []),
    ("provider_legacy_aws", res(0, "provider", "provider.aws"), []),
    ("resource_each_unknown", res(0, "each", "weird"), []),
    ("resource_each_null", res(0, "each", None), []),
    ("resource_each_number", res(0, "each", 1), []),
    ("resource_module_null", res(3, "module", None), MOD),
    ("resource_module_invalid", res(3, "module", "module.m["), MOD),
    ("resource_instances_null", res(0, "instances", None), []),
    ("resource_instances_object", res(0, "instances", {}), []),
    ("resource_null", lambda s: s["resources"].append(None), []),
    ("instance_null", lambda s: s["resources"][0]["instances"].append(None), []),
    ("instance_key_fraction", raw('"index_key": 1,', '"index_key": 1.7,'), []),
    ("instance_key_negative_count", inst(0, 1, "index_key", -1), []),
    ("instance_key_negative_each", inst(1, 0, "index_key", -1), []),
    ("instance_key_gap", inst(0, 1, "index_key", 3), ["length(terraform_data.c)", "terraform_data.c[2]", "terraform_data.c[*].id"]),
    ("instance_key_string_on_count", inst(0, 1, "index_key", "1"), []),
    ("instance_key_number_on_each", inst(1, 1, "index_key", 0), []),
    ("instance_key_bool", inst(0, 1, "index_key", True), []),
    ("instance_key_list", inst(0, 1, "index_key", [0]), []),
    ("instance_key_huge", inst(0, 1, "index_key", 1e300), []),
    ("instance_key_on_single", inst(2, 0, "index_key", 0), ["terraform_data.s"]),
    ("status_tainted", inst(0, 0, "status", "tainted"), []),
    ("status_null", inst(0, 0, "status", None), []),
    ("status_unknown", inst(0, 0, "status", "weird"), []),
    ("status_number", inst(0, 0, "status", 5), []),
    ("deposed_only", inst(2, 0, "deposed", "abcdef12"), ["terraform_data.s", "type(terraform_data.s)"]),
    ("deposed_only_count", inst(0, 1, "deposed", "abcdef12"), []),
    ("deposed_short_key", inst(2, 0, "deposed", "abc"), []),
    ("deposed_and_current", dup_inst(2, 0, deposed="abcdef12"), ["terraform_data.s"]),
    ("deposed_twice", multi(dup_inst(2, 0, deposed="00000001"), dup_inst(2, 0, deposed="00000001")), []),
    ("deposed_number", inst(2, 0, "deposed", 5), []),
    ("schema_version_missing", inst(0, 0, "schema_version", None, True), []),
    ("schema_version_string", inst(0, 0, "schema_version", "0"), []),
    ("schema_version_negative", inst(0, 0, "schema_version", -1), []),
    ("identity_schema_version_string", inst(0, 0, "identity_schema_version", "0"), []),
    ("attributes_null", inst(0, 0, "attributes", None), ["terraform_data.c[0]", "terraform_data.c[1].output"]),
    ("attributes_missing", inst(0, 0, "attributes", None, True), []),
    ("attributes_empty", inst(0, 0, "attributes", {}), []),
    ("attributes_list", inst(0, 0, "attributes", []), ["terraform_data.c[1].output"]),
    ("attribute_unknown", attr(0, 0, "zzz", 1), ["terraform_data.c[1].output"]),
    ("attribute_missing_id", attr(0, 0, "id", None, True), []),
    ("attribute_id_number", attr(0, 0, "id", 5), []),
    ("attribute_input_not_wrapped", attr(0, 0, "input", "plain"), []),
    ("attribute_input_extra_key", attr(0, 0, "input", {"value": 5, "type": "number", "x": 1}), []),
    ("attribute_input_value_mismatch", attr(0, 0, "input", {"value": 5, "type": "string"}), []),
    ("identity_unknown_attribute", inst(0, 0, "identity", {"x": 1}), ["terraform_data.c[1].output"]),
    ("identity_ok", inst(0, 0, "identity", {"id": "x"}), []),
    ("sensitive_attributes_null", inst(2, 0, "sensitive_attributes", None), ["terraform_data.s.input"]),
    ("sensitive_attributes_string", inst(2, 0, "sensitive_attributes", "x"), []),
    ("sensitive_attributes_unknown_step", inst(2, 0, "sensitive_attributes", [[{"type": "weird", "value": "x"}]]), []),
    ("sensitive_attributes_empty_path", inst(0, 0, "sensitive_attributes", [[]]), []),
    ("private_not_base64", inst(0, 0, "private", "not base64!"), []),
    ("private_base64", inst(0, 0, "private", "eyJ4IjoxfQ=="), []),
    ("private_number", inst(0, 0, "private", 5), []),
    ("dependencies_invalid", inst(0, 0, "dependencies", ["not an address!"]), []),
    ("dependencies_unknown", inst(0, 0, "dependencies", ["terraform_data.zzz", "module.q.terraform_data.y"]), []),
    ("dependencies_instance", inst(0, 0, "dependencies", ["terraform_data.c[0]"]), []),
    ("dependencies_number", inst(0, 0, "dependencies", [1]), []),
    ("create_before_destroy_string", inst(0, 0, "create_before_destroy", "yes"), []),
    ("attributes_flat_number", multi(inst(0, 0, "attributes", None, True), inst(0, 0, "attributes_flat", {"id": 5})), []),
    ("attributes_and_flat", inst(0, 0, "attributes_flat", {"id": "x"}), []),
    ("byte_order_mark", lambda s: "\ufeff" + json.dumps(s, indent=2), []),
    ("number_as_string", raw('"value": "c0"', '"value": 123456789012345678901234567890.5e10'), ["terraform_data.c[0].input"]),
    ("number_with_exponent_as_string", raw('"value": "c0"', '"value": 1E-7'), ["terraform_data.c[0].input"]),
    ("bool_as_string", raw('"value": "c0"', '"value": true'), ["terraform_data.c[0].input"]),
    ("string_as_number", raw('"value": "c0",\n              "type": "string"', '"value": "12",\n              "type": "number"'), ["terraform_data.c[0].input"]),
    ("nested_object_extra_attribute", raw('"value": "c0",\n              "type": "string"', '"value": {"a": "y", "z": 1},\n              "type": ["object", {"a": "string"}]'), ["terraform_data.c[1].input"]),
    ("nested_object_missing_attribute", raw('"value": "c0",\n              "type": "string"', '"value": {"a": "y"},\n              "type": ["object", {"a": "string", "b": "number"}]'), ["terraform_data.c[0].input"]),
    ("set_with_duplicates", raw('"value": "c0",\n              "type": "string"', '"value": [1, 1, 2],\n              "type": ["set", "number"]'), ["terraform_data.c[0].input"]),
    ("tuple_too_short", raw('"value": "c0",\n              "type": "string"', '"value": [1],\n              "type": ["tuple", ["number", "number"]]'), ["terraform_data.c[1]"]),
    ("tuple_empty_too_short", raw('"value": "c0",\n              "type": "string"', '"value": [],\n              "type": ["tuple", ["number"]]'), []),
    ("nested_tuple_too_short", raw('"value": "c0",\n              "type": "string"', '"value": [[1]],\n              "type": ["tuple", [["tuple", ["number", "number"]]]]'), ["terraform_data.c[1]"]),
    ("tuple_too_long", raw('"value": "c0",\n              "type": "string"', '"value": [1, 2, 3],\n              "type": ["tuple", ["number", "number"]]'), []),
    ("output_no_type", out("o", "type", None, True), []),
    ("output_null_type", out("o", "type", None), []),
    ("output_null", lambda s: s["outputs"].__setitem__("o", None), []),
    ("output_sensitive_string", out("so", "sensitive", "yes"), []),
    ("output_value_mismatch", out("o", "value", 5), []),
]

# hand_edited_modules: resource 2 is module.mid[0]'s terraform_data.here (mid has count = 2),
# resource 0 terraform_data.numkeys (for_each "1", "10", "2"), resource 3 module.mid[0].module.leaf[0]'s cnt
MODULE_EXPRS = ["1", "module.mid[0].here", "module.mid[0].leaves", "terraform_data.numkeys"]
MODULE_VARIANTS = [
    ("module_key_fraction_zero", res(2, "module", "module.mid[0.0]"), []),
    ("module_key_fraction", res(2, "module", "module.mid[1.5]"), []),
    ("module_key_negative", res(2, "module", "module.mid[-1]"), []),
    ("module_key_exponent", res(2, "module", "module.mid[1e0]"), []),
    ("module_key_too_big", res(2, "module", "module.mid[99999999999999999999]"), []),
    ("module_key_spaces", res(2, "module", "module.mid[ 0 ]"), []),
    ("module_key_string_on_count", res(2, "module", "module.mid[\"0\"]"), []),
    ("module_trailing_dot", res(2, "module", "module.mid[0]."), []),
    ("module_without_keyword", res(2, "module", "mid[0]"), []),
    ("module_escaped_key", res(2, "module", "module.mid[\"a\\u0041\"]"), []),
    ("for_each_number_key", inst(0, 0, "index_key", 1), ["keys(terraform_data.numkeys)"]),
    ("count_string_key_added", lambda s: s["resources"][3]["instances"].append(dict(s["resources"][3]["instances"][0], index_key="z")), ["module.mid[0].leaves"]),
]

# hand_edited_sensitive: resource 0 is terraform_data.deep (an object input with lists, maps,
# a set and sensitive parts), 3 terraform_data.trig (sensitive triggers_replace)
SENSITIVE_EXPRS = ["terraform_data.deep.output", "terraform_data.deep.input", "terraform_data.trig"]


def sens(paths, resource=0):
    return inst(resource, 0, "sensitive_attributes", paths)


def get_attr(name):
    return {"type": "get_attr", "value": name}


def index(value, ty):
    return {"type": "index", "value": {"value": value, "type": ty}}


SENSITIVE_VARIANTS = [
    ("list_element", sens([[get_attr("output"), get_attr("l"), index(1, "number")]]), []),
    ("list_element_fraction", sens([[get_attr("output"), get_attr("l"), index(0.5, "number")]]), []),
    ("list_element_bool_key", sens([[get_attr("output"), get_attr("l"), index(True, "bool")]]), []),
    ("list_element_string_key", sens([[get_attr("output"), get_attr("l"), index("0", "string")]]), []),
    ("object_as_map", sens([[get_attr("output"), get_attr("m"), index("x", "string")]]), []),
    ("nested_attributes", sens([[get_attr("output"), get_attr("m"), get_attr("x"), get_attr("y")]]), ["terraform_data.deep.output.m.x.y"]),
    ("set_element", sens([[get_attr("output"), get_attr("s"), index("p", "string")]]), []),
    ("null_attribute", sens([[get_attr("output"), get_attr("n")]]), []),
    ("missing_attribute", sens([[get_attr("output"), get_attr("zzz")]]), []),
    ("id", sens([[get_attr("id")]]), ["terraform_data.deep.id"]),
    ("whole_object", sens([[]]), ["terraform_data.deep"]),
    ("index_unwrapped", sens([[get_attr("output"), get_attr("l"), {"type": "index", "value": 0}]]), []),
    ("triggers_element", sens([[get_attr("triggers_replace"), index(0, "number")]], 3), []),
    ("triggers_none", sens([], 3), []),
    ("null_step", sens([[None]]), []),
    ("null_path", sens([None]), []),
]

FIXTURES = {
    "hand_edited": (VARIANTS, EXPRS),
    "hand_edited_modules": (MODULE_VARIANTS, MODULE_EXPRS),
    "hand_edited_sensitive": (SENSITIVE_VARIANTS, SENSITIVE_EXPRS),
}


# Cases on the fixtures' own (unedited) state, without --state: one expression a line.
PLAIN = {
    "hand_edited": "hand_edited.exprs",
    "hand_edited_modules": "hand_edited_modules.exprs",
    "hand_edited_sensitive": "hand_edited_sensitive.exprs",
}


def summaries(stderr):
    text = re.sub(r"\x1b\[[0-9;]*m", "", stderr)
    found = []
    for line in text.splitlines():
        line = line.lstrip("│ ").strip()
        if line.startswith("Error: "):
            found.append(line[len("Error: "):])
    return found


def strip_warning(stdout):
    """Terraform's "Due to the problems above" warning block on stdout (terrace prints it on stderr)."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", stdout)
    if "Due to the problems above" in text:
        return text[text.index("╵") + 1:].lstrip("\n")
    return stdout


def record(job):
    fixture, (name, mutate, extra) = job
    if mutate is None:
        return ask(fixture, None, extra)
    fix = os.path.join(STATE, fixture)
    base = json.load(open(os.path.join(fix, "terraform.tfstate")))
    result = mutate(base)
    text = result if isinstance(result, str) else json.dumps(base, indent=2)
    path = os.path.join(fix, "states", f"{name}.tfstate")
    with open(path, "w") as f:
        f.write(text if text.endswith("\n") else text + "\n")
    return ask(fixture, name, FIXTURES[fixture][1] + extra)


def ask(fixture, name, exprs):
    """The oracle's answers to `exprs` in `fixture`, with states/<name>.tfstate (or its own state)."""
    fix = os.path.join(STATE, fixture)
    path = os.path.join(fix, "states", f"{name}.tfstate") if name else os.path.join(fix, "terraform.tfstate")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "PKR_"))}
    env.update(CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/tmp/terrace-oracle/empty.tfrc")
    recs = []
    with tempfile.TemporaryDirectory() as work:
        shutil.copy(os.path.join(fix, "main.tf"), work)
        shutil.copytree(os.path.join(fix, "modules"), os.path.join(work, "modules"))
        subprocess.run(TF + ["init", "-no-color", "-backend=false"], cwd=work, env=env, capture_output=True)
        shutil.copy(path, os.path.join(work, "terraform.tfstate"))
        for expr in exprs:
            p = subprocess.run(TF + ["console"], cwd=work, env=env, input=expr + "\n", capture_output=True, text=True)
            rec = {"fixture": fixture, "expr": expr}
            if name:
                rec["state"] = f"states/{name}.tfstate"
            if p.returncode == 0:
                o = strip_warning(p.stdout)
                rec.update(out=o[:-1] if o.endswith("\n") else o, status=0)
            else:
                rec.update(out="", status=p.returncode, errors=summaries(p.stderr))
            recs.append(rec)
    return recs


def main():
    args = sys.argv[1:]
    only = set(args[args.index("--only") + 1].split(",")) if "--only" in args else None
    subprocess.run(["/work/shared/oracle/setup.sh"], capture_output=True)
    jobs = [(fixture, v) for fixture, (variants, _) in FIXTURES.items() for v in variants
            if only is None or v[0] in only]
    if only is None or "plain" in only:
        for fixture, exprs_file in PLAIN.items():
            exprs = [l.rstrip("\n") for l in open(os.path.join(HERE, exprs_file)) if l.strip()]
            jobs += [(fixture, (None, None, exprs[i:i + 20])) for i in range(0, len(exprs), 20)]
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        recs = [r for rs in ex.map(record, jobs) for r in rs]
    done = {(fixture, f"states/{v[0]}.tfstate" if v[0] else None) for fixture, v in jobs}
    old = [json.loads(l) for l in open(CASES) if l.strip()]
    old = [o for o in old if not (o["fixture"] in FIXTURES and (only is None or (o["fixture"], o.get("state")) in done))]
    with open(CASES, "w") as f:
        for r in old + recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(recs)} cases recorded ({sum(r['status'] != 0 for r in recs)} errors)")


if __name__ == "__main__":
    main()
