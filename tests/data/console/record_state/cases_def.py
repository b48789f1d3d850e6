"""The expressions of every state16 case (record.py asks the oracle and writes cases.jsonl)."""

ORDER = ["count_for_each", "modules", "sensitive", "drift", "workspaces2", "remote_state", "backend_local",
         "outputs", "aws2", "google", "azurerm"]


def C(module, *exprs, **kw):
    return [dict(module=module, expr=e, **kw) for e in exprs]


def count_for_each():
    m = "count_for_each"
    return C(m,
             "terraform_data.kinds",
             "terraform_data.kinds[0]",
             "terraform_data.kinds[2].output",
             "terraform_data.kinds[1].output.n",
             "terraform_data.kinds[0].output.big",
             "terraform_data.kinds[0].output.big + 1",
             "terraform_data.kinds[0].output.frac",
             "terraform_data.kinds[0].output.neg",
             "terraform_data.kinds[0].output.nul",
             "terraform_data.kinds[0].output.el",
             "terraform_data.kinds[0].output.em",
             "terraform_data.kinds[0].output.tup",
             "terraform_data.kinds[0].output.obj.meta.tier.level",
             "terraform_data.kinds[*].output.idx",
             "terraform_data.kinds.*.output.s",
             "terraform_data.kinds[*].id[0]",
             "length(terraform_data.kinds)",
             "[for r in terraform_data.kinds : r.output.t]",
             "{ for i, r in terraform_data.kinds : r.output.s => i }",
             "type(terraform_data.kinds)",
             "type(terraform_data.kinds[0].output)",
             "terraform_data.kinds[3]",
             "terraform_data.kinds[\"0\"].output.idx",
             "terraform_data.kinds[-1]",
             "terraform_data.bykey",
             "terraform_data.bykey[\"big\"].output",
             "terraform_data.bykey[\"frac\"].input",
             "terraform_data.bykey[\"neg\"].output",
             "terraform_data.bykey[\"nul\"].output",
             "terraform_data.bykey[\"el\"].output",
             "terraform_data.bykey[\"em\"].output",
             "terraform_data.bykey[\"lst\"].output",
             "terraform_data.bykey[\"mp\"].output",
             "terraform_data.bykey[\"obj\"].output",
             "terraform_data.bykey[\"tup\"].output",
             "terraform_data.bykey.s.output",
             "terraform_data.bykey[\"missing\"]",
             "keys(terraform_data.bykey)",
             "length(terraform_data.bykey)",
             "type(terraform_data.bykey)",
             "type(terraform_data.bykey[\"tup\"].output)",
             "type(terraform_data.bykey[\"el\"].output)",
             "type(terraform_data.bykey[\"nul\"].output)",
             "terraform_data.bykey[*]",
             "terraform_data.bykey[*].id",
             "values(terraform_data.bykey)[*].output",
             "[for k, r in terraform_data.bykey : k if r.output == null]",
             "{ for k, r in terraform_data.bykey : k => type(r.output) if k == \"t\" || k == \"s\" }",
             "terraform_data.byset",
             "keys(terraform_data.byset)",
             "values(terraform_data.byset)[*].output",
             "terraform_data.byset[\"alpha\"].output",
             "terraform_data.byset.*.output",
             "[for k, v in terraform_data.byset : \"${k}=${v.output}\"]",
             "terraform_data.bymap",
             "terraform_data.bymap[\"db\"].output.port",
             "{ for k, v in terraform_data.bymap : k => v.output.port }",
             "sum([for v in values(terraform_data.bymap) : v.output.port])",
             "type(terraform_data.bymap[\"web\"].output)",
             "terraform_data.typed",
             "terraform_data.typed[0].output.l",
             "terraform_data.typed[0].output.s",
             "terraform_data.typed[0].output.m",
             "type(terraform_data.typed[1].input)",
             "terraform_data.single",
             "terraform_data.single.output.ports[1]",
             "terraform_data.single[0]",
             "type(terraform_data.single)",
             "local.ports",
             "local.kind_names",
             "local.set_outputs",
             "local.values.big",
             "output.ports",
             "terraform_data.kinds[0].nosuch",
             "length(terraform_data.single)",
             )


def modules():
    m = "modules"
    return C(m,
             "module.x",
             "module.x.out",
             "module.x.out.size",
             "module.x.many",
             "module.x.leaf",
             "module.x.static",
             "module.x.id",
             "module.y",
             "module.y[0].out",
             "module.y[1].many[1]",
             "module.y[*].out.name",
             "module.y.*.leaf",
             "length(module.y)",
             "module.y[2]",
             "module.y.out",
             "module.z",
             "module.z[\"a\"].out",
             "module.z[\"b\"].leaf",
             "module.z.a.out",
             "keys(module.z)",
             "[for k, v in module.z : v.static]",
             "module.z[\"c\"]",
             "type(module.z[\"a\"])",
             "type(module.y)",
             "module.x.terraform_data.this",
             "module.x.terraform_data",
             "module.x.leaf_value",
             "module.x.nosuch",
             "module.nosuch",
             "module.x.module.leaf",
             "terraform_data.this",
             "terraform_data.root",
             "terraform_data.root.output",
             "local.all_names",
             "local.z_ids",
             "module.x.id == local.z_ids[\"a\"]",
             )


def sensitive():
    m = "sensitive"
    return C(m,
             "var.password",
             "var.tokens",
             "terraform_data.from_var",
             "terraform_data.from_var.input",
             "terraform_data.from_var.output",
             "nonsensitive(terraform_data.from_var.input)",
             "length(terraform_data.from_var.input)",
             "terraform_data.partial",
             "terraform_data.partial.input",
             "terraform_data.partial.input.password",
             "terraform_data.partial.input.user",
             "terraform_data.partial.input.tags",
             "terraform_data.partial.input.list",
             "terraform_data.partial.input.list[1]",
             "terraform_data.partial.input.list[0]",
             "keys(terraform_data.partial.input)",
             "keys(terraform_data.partial.input.tags)",
             "length(terraform_data.partial.input.list)",
             "nonsensitive(terraform_data.partial.input.password)",
             "nonsensitive(terraform_data.partial.input.user)",
             "terraform_data.partial.output.password",
             "issensitive(terraform_data.partial.input.password)",
             "issensitive(terraform_data.partial.input)",
             "issensitive(terraform_data.partial.output.password)",
             "terraform_data.whole_map",
             "terraform_data.whole_map.input",
             "keys(terraform_data.whole_map.input)",
             "length(terraform_data.whole_map.input)",
             "terraform_data.whole_map.input[\"api\"]",
             "nonsensitive(terraform_data.whole_map.input)",
             "terraform_data.whole_map.output",
             "terraform_data.plain",
             "issensitive(terraform_data.plain.input)",
             "terraform_data.each_secret",
             "terraform_data.each_secret[\"one\"].input",
             "terraform_data.each_secret[*]",
             "[for k, v in terraform_data.each_secret : v.input.key]",
             "[for k, v in terraform_data.each_secret : v.input.secret]",
             "local.dsn",
             "local.user_only",
             "local.revealed",
             "local.dsn_from_input",
             "local.tags_from_input",
             "local.tags_from_input.env",
             "\"${terraform_data.partial.input.user}:${terraform_data.partial.input.password}\"",
             "upper(terraform_data.from_var.input)",
             "terraform_data.from_var.input == \"hunter2-secret\"",
             "tostring(terraform_data.partial.input.port)",
             "type(terraform_data.partial.input)",
             "jsonencode(terraform_data.partial.input)",
             "sensitive(terraform_data.plain.output)",
             )


def drift():
    m = "drift"
    return C(m,
             "terraform_data.kept",
             "terraform_data.kept.input",
             "terraform_data.added",
             "terraform_data.added.id",
             "terraform_data.added.input",
             "terraform_data.added_counted",
             "terraform_data.added_counted[0]",
             "terraform_data.added_counted[0].id",
             "terraform_data.added_counted[5]",
             "length(terraform_data.added_counted)",
             "terraform_data.added_counted[*].id",
             "terraform_data.added_each",
             "terraform_data.added_each[\"x\"]",
             "keys(terraform_data.added_each)",
             "terraform_data.removed",
             "terraform_data.removed_counted",
             "terraform_data.removed_counted[0]",
             "terraform_data.grow",
             "terraform_data.grow[1].output",
             "terraform_data.grow[2]",
             "length(terraform_data.grow)",
             "terraform_data.grow[*].output",
             "terraform_data.shrink",
             "terraform_data.shrink[2].output",
             "length(terraform_data.shrink)",
             "terraform_data.zero",
             "length(terraform_data.zero)",
             "terraform_data.zero[0].output",
             "terraform_data.keys",
             "keys(terraform_data.keys)",
             "terraform_data.keys[\"c\"]",
             "terraform_data.keys[\"a\"].output",
             "terraform_data.to_single",
             "terraform_data.to_single.output",
             "terraform_data.to_single[0]",
             "terraform_data.to_counted",
             "terraform_data.to_counted[0]",
             "length(terraform_data.to_counted)",
             "terraform_data.none_counted",
             "length(terraform_data.none_counted)",
             "terraform_data.none_counted[*].id",
             "terraform_data.none_each",
             "keys(terraform_data.none_each)",
             "module.mods",
             "module.mods[0].v",
             "module.mods[2]",
             "module.mods[2].v",
             "length(module.mods)",
             "module.mods[*].v",
             "module.mkeys",
             "module.mkeys[\"p\"].v",
             "module.mkeys[\"q\"]",
             "module.mkeys[\"r\"].v",
             "module.gone",
             "module.gone.v",
             "keys(module.mkeys)",
             "local.grow_ids",
             "local.key_list",
             "local.mod_vals",
             )


def workspaces2():
    m = "workspaces2"
    out = []
    base = ["terraform.workspace",
            "terraform_data.ws",
            "terraform_data.ws.output",
            "terraform_data.nodes",
            "terraform_data.nodes[*].output",
            "length(terraform_data.nodes)",
            "terraform_data.staging_only",
            "keys(terraform_data.staging_only)",
            "local.size",
            "local.summary"]
    out += C(m, *base)                       # .terraform/environment = staging
    for ws in ("default", "staging", "qa"):  # qa: a workspace without state
        out += C(m, *base, env={"TF_WORKSPACE": ws})
    out += C(m, "terraform_data.nodes[2].output", "terraform_data.staging_only[\"blue\"].output")
    out += C(m, "terraform_data.nodes[2].output", "terraform_data.staging_only[\"blue\"]",
             env={"TF_WORKSPACE": "default"})
    return out


def remote_state():
    m = "remote_state"
    return C(m,
             "data.terraform_remote_state.other",
             "data.terraform_remote_state.other.outputs",
             "data.terraform_remote_state.other.outputs.str",
             "data.terraform_remote_state.other.outputs.num",
             "data.terraform_remote_state.other.outputs.big",
             "data.terraform_remote_state.other.outputs.bool",
             "data.terraform_remote_state.other.outputs.list",
             "data.terraform_remote_state.other.outputs.set",
             "data.terraform_remote_state.other.outputs.map",
             "data.terraform_remote_state.other.outputs.obj",
             "data.terraform_remote_state.other.outputs.obj.nested.deep[2].k",
             "data.terraform_remote_state.other.outputs.tuple",
             "data.terraform_remote_state.other.outputs.empty_list",
             "data.terraform_remote_state.other.outputs.empty_map",
             "data.terraform_remote_state.other.outputs.secret",
             "data.terraform_remote_state.other.outputs.secret_obj",
             "data.terraform_remote_state.other.outputs.null_out",
             "data.terraform_remote_state.other.outputs.multiline",
             "data.terraform_remote_state.other.outputs[\"from_resource\"].ports",
             "data.terraform_remote_state.other.backend",
             "data.terraform_remote_state.other.config",
             "data.terraform_remote_state.other.workspace",
             "data.terraform_remote_state.other.defaults",
             "keys(data.terraform_remote_state.other.outputs)",
             "type(data.terraform_remote_state.other.outputs)",
             "issensitive(data.terraform_remote_state.other.outputs.secret)",
             "data.terraform_remote_state.with_defaults.outputs.missing",
             "data.terraform_remote_state.with_defaults.outputs.str",
             "data.terraform_remote_state.with_defaults.defaults",
             "data.terraform_remote_state.late",
             "data.terraform_remote_state.late.outputs",
             "data.terraform_remote_state.late.outputs.str",
             "data.terraform_remote_state.nosuch",
             "data.terraform_remote_state.other.outputs.nosuch",
             "terraform_data.uses",
             "terraform_data.uses.output.ports",
             "local.names",
             "local.secret",
             "output.remote_str",
             )


def backend_local():
    m = "backend_local"
    return C(m,
             "terraform_data.b",
             "terraform_data.b[1].output",
             "terraform_data.b[*].input",
             "terraform_data.one",
             "terraform_data.one.output.where",
             "terraform.workspace",
             _backend_init=True)


def outputs():
    m = "outputs"
    return C(m,
             "output.str",
             "output",
             "outputs",
             "terraform_data.src",
             "terraform_data.src.output",
             "terraform_data.src.output.ports[0]",
             "self",
             "path.module",
             "terraform.workspace",
             "output.secret",
             "module.root.str",
             "local.str",
             "var.str",
             )


def with_state():
    """cases run with `--state FILE` (relative to the fixture)"""
    out = []
    out += C("count_for_each", "terraform_data.single", "terraform_data.kinds", "terraform_data.bykey",
             "local.ports", state="../modules/terraform.tfstate")
    out += C("drift", "terraform_data.kept", "terraform_data.grow", "module.mods", "module.mkeys[\"p\"].v",
             "terraform_data.removed", state="missing.tfstate")
    out += C("modules", "module.x.out", "module.z[\"b\"].many", "terraform_data.root.output",
             state="terraform.tfstate")
    out += C("backend_local", "terraform_data.b[1].output", "terraform_data.one.output",
             state="state/custom.tfstate", _backend_init=True)
    return out


def cases():
    out = []
    for f in (count_for_each, modules, sensitive, drift, workspaces2, remote_state, backend_local, outputs,
              with_state):
        out += f()
    try:
        import handwritten
        out += handwritten.cases()
    except ImportError:
        pass
    return out
