"""Hand-written state of real providers (aws2, google, azurerm): writes each fixture's terraform.tfstate and
schemas.json from the data in hw_data.py, the oracle's helper directories oracle/<fixture>/ (one JSON file of
attributes per instance), and the cases with their oracle expressions.

Expectations: without schemas, an instance is `jsondecode(file("<instance>.json"))`; with schemas it is
`convert(jsondecode(file(...)), <schema type>)`. Where `sensitive_attributes` names a path, the value is
rebuilt along that path (object literals, `tolist([...])`, `tomap({...})`) and the marked value wrapped in
`sensitive(...)` (convert() would mark its whole result). A case's expression is turned into the oracle's by
replacing every resource reference (and local) by its value expression in parentheses."""
import json, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
ORA = os.path.join(HERE, "oracle")

import hw_data

FIXTURES = ["aws2", "google", "azurerm"]


# ---------------------------------------------------------------- schemas
def block_type(block):
    """the cty type (JSON form) a schema block implies"""
    attrs = {k: a["type"] for k, a in block.get("attributes", {}).items()}
    for k, bt in block.get("block_types", {}).items():
        obj = block_type(bt["block"])
        mode = bt["nesting_mode"]
        attrs[k] = {"list": ["list", obj], "set": ["set", obj], "map": ["map", obj],
                    "single": obj, "group": obj}[mode]
    return ["object", attrs]


def type_expr(t):
    if isinstance(t, str):
        return {"string": "string", "number": "number", "bool": "bool", "dynamic": "any"}[t]
    k, e = t
    if k in ("list", "set", "map"):
        return f"{k}({type_expr(e)})"
    if k == "object":
        return "object({" + ", ".join(f"{n} = {type_expr(v)}" for n, v in sorted(e.items())) + "})"
    if k == "tuple":
        return "tuple([" + ", ".join(type_expr(v) for v in e) + "])"
    raise ValueError(t)


# ---------------------------------------------------------------- expressions
def trav(path):
    s = ""
    for st in path:
        s += f"[{json.dumps(st)}]"
    return s


def value_expr(val, path, sens, fname, ty=None):
    """HCL expression for the value at `path` of an instance whose attributes are in `fname`"""
    here = path in sens
    under = [p for p in sens if len(p) > len(path) and p[:len(path)] == path]
    if not under:
        ref = f'jsondecode(file("{fname}")){trav(path)}'
        if ty is not None:
            ref = f"convert({ref}, {type_expr(ty)})"
        inner = ref
    elif val is None:
        raise ValueError(f"sensitive path under null at {path}")
    elif ty is None:
        if isinstance(val, dict):
            inner = "{ " + ", ".join(f"{json.dumps(k)} = {value_expr(v, path + (k,), sens, fname)}"
                                     for k, v in val.items()) + " }"
        else:
            inner = "[" + ", ".join(value_expr(v, path + (i,), sens, fname) for i, v in enumerate(val)) + "]"
    else:
        kind = ty[0] if isinstance(ty, list) else ty
        if kind == "object":
            inner = "{ " + ", ".join(f"{json.dumps(k)} = {value_expr(val.get(k), path + (k,), sens, fname, t)}"
                                     for k, t in sorted(ty[1].items())) + " }"
        elif kind == "list":
            inner = "tolist([" + ", ".join(value_expr(v, path + (i,), sens, fname, ty[1])
                                           for i, v in enumerate(val)) + "])"
        elif kind == "map":
            inner = "tomap({ " + ", ".join(f"{json.dumps(k)} = {value_expr(v, path + (k,), sens, fname, ty[1])}"
                                           for k, v in val.items()) + " })"
        else:
            raise ValueError(f"cannot rebuild {kind} at {path}")
    return f"sensitive({inner})" if here else inner


def inst_file(res, key):
    base = ("data." if res["mode"] == "data" else "") + f'{res["type"]}.{res["name"]}'
    if key is not None:
        base += f"-{key}"
    return base + ".json"


def sens_paths(inst):
    out = []
    for p in inst.get("sensitive_attributes", []):
        t = []
        for st in p:
            if st["type"] == "get_attr":
                t.append(st["value"])
            else:
                t.append(st["value"]["value"])
        out.append(tuple(t))
    return out


def resource_types(fixture):
    schemas = hw_data.SCHEMAS[fixture]
    out = {}
    for prov, ps in schemas["provider_schemas"].items():
        for kind, mode in (("resource_schemas", "managed"), ("data_source_schemas", "data")):
            for t, s in ps.get(kind, {}).items():
                out[(mode, t)] = block_type(s["block"])
    return out


def resource_expr(fixture, res, typed):
    tys = resource_types(fixture) if typed else {}
    ty = tys.get((res["mode"], res["type"])) if typed else None
    insts = res["instances"]

    def one(i):
        return value_expr(i["attributes"], (), sens_paths(i), inst_file(res, i.get("index_key")), ty)
    keys = [i.get("index_key") for i in insts]
    if keys == [None]:
        return one(insts[0])
    if all(isinstance(k, int) for k in keys):
        return "[" + ", ".join(one(i) for i in sorted(insts, key=lambda i: i["index_key"])) + "]"
    return "{ " + ", ".join(f'{json.dumps(i["index_key"])} = {one(i)}' for i in insts) + " }"


def addr(res):
    return ("data." if res["mode"] == "data" else "") + f'{res["type"]}.{res["name"]}'


def oracle_expr(fixture, expr, typed):
    state = hw_data.STATES[fixture]
    locs = hw_data.LOCALS.get(fixture, {})
    for _ in range(5):  # locals may use locals
        new = re.sub(r"(?<![\w.])local\.(\w+)", lambda m: f"({locs[m.group(1)]})" if m.group(1) in locs else m.group(0), expr)
        if new == expr:
            break
        expr = new
    ress = sorted(state["resources"], key=lambda r: -len(addr(r)))
    for r in ress:
        a = addr(r)
        pat = r"(?<![\w.\"])" + re.escape(a) + r"(?![\w])"
        if re.search(pat, expr):
            rep = "(" + resource_expr(fixture, r, typed) + ")"
            expr = re.sub(pat, lambda m: rep, expr)
    return expr


# ---------------------------------------------------------------- files
def write_fixture_files():
    for fx in FIXTURES:
        d = os.path.join(FIX, fx)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "terraform.tfstate"), "w") as f:
            json.dump(hw_data.STATES[fx], f, indent=2)
            f.write("\n")
        with open(os.path.join(d, "schemas.json"), "w") as f:
            json.dump(hw_data.SCHEMAS[fx], f, indent=2)
            f.write("\n")
        with open(os.path.join(d, "locals.tf"), "w") as f:
            f.write("locals {\n")
            w = max(len(k) for k in hw_data.LOCALS[fx])
            for k, v in hw_data.LOCALS[fx].items():
                f.write(f"  {k.ljust(w)} = {v}\n")
            f.write("}\n")


def make_oracle_dirs():
    for fx in FIXTURES:
        d = os.path.join(ORA, fx)
        os.makedirs(d, exist_ok=True)
        for r in hw_data.STATES[fx]["resources"]:
            for i in r["instances"]:
                with open(os.path.join(d, inst_file(r, i.get("index_key"))), "w") as f:
                    json.dump(i["attributes"], f, indent=2)
                    f.write("\n")


def cases():
    write_fixture_files()
    make_oracle_dirs()
    out = []
    for fx in FIXTURES:
        d = os.path.join(ORA, fx)
        for spec in hw_data.CASES[fx]:
            expr, modes = (spec, ("schemaless", "schemas")) if isinstance(spec, str) else spec
            for mode in modes:
                typed = mode == "schemas"
                c = {"module": fx, "expr": expr, "_dir": d, "oracle": oracle_expr(fx, expr, typed)}
                if typed:
                    c["schemas"] = "schemas.json"
                else:
                    c["schemaless"] = True
                out.append(c)
    return out
