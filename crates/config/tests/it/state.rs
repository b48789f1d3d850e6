//! The state reader on the public sample fixtures (real Terraform 1.15.5 state and a
//! hand-written aws state with its schemas), bad inputs, and the read-only guarantee.

use std::path::{Path, PathBuf};

use terrace_config::state::{
    InstanceKey, LocateOptions, ModuleInstance, Resource, ResourceMode, Schemas, State, StateError,
    locate, outputs_text, state_list, state_show,
};
use terrace_syntax::json::{JsonValue, parse_json};
use terrace_types::{Key, Value, format_value};

/// The state fixtures of the console cases (`tests/data/console/state/` at the workspace
/// root), which hold the public sample's.
fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/console/state")
}

/// A resource's value shaped as its keys say (Terraform 1.15 no longer writes `each`):
/// a tuple for `count` keys, an object for `for_each` keys, the one instance's object
/// otherwise. (The loader takes the shape from the configuration instead.)
fn resource_value(resource: &Resource) -> Value {
    let value = |i: &terrace_config::state::ResourceInstance| i.current().unwrap().value().unwrap();
    match resource.instances().first().map(|i| &i.key) {
        Some(InstanceKey::Int(_)) => Value::tuple(resource.instances().iter().map(value)),
        Some(InstanceKey::Str(_)) => Value::object(resource.instances().iter().map(|i| {
            let InstanceKey::Str(k) = &i.key else {
                panic!("mixed keys")
            };
            (Key::from(k.as_str()), value(i))
        })),
        _ => value(&resource.instances()[0]),
    }
}

/// The root module's resources as the console's scope would hold them.
fn scope(state: &State) -> terrace_eval::Scope {
    let mut scope = terrace_eval::Scope::terraform();
    let mut managed: std::collections::BTreeMap<String, Vec<(String, Value)>> = Default::default();
    let mut data: std::collections::BTreeMap<String, Vec<(String, Value)>> = Default::default();
    for r in state.resources_in(&ModuleInstance::root()) {
        let target = if r.mode == ResourceMode::Data {
            &mut data
        } else {
            &mut managed
        };
        target
            .entry(r.resource_type.clone())
            .or_default()
            .push((r.name.clone(), resource_value(r)));
    }
    for (ty, names) in managed {
        scope.insert(ty, Value::object(names));
    }
    scope.insert(
        "data",
        Value::object(
            data.into_iter()
                .map(|(ty, names)| (ty, Value::object(names))),
        ),
    );
    scope
}

fn member<'j>(json: &'j JsonValue, name: &str) -> Option<&'j JsonValue> {
    json.as_object()?
        .iter()
        .find(|p| p.name.as_str() == name)
        .map(|p| &p.value)
}

fn string_member(json: &JsonValue, name: &str) -> Option<String> {
    member(json, name)
        .and_then(JsonValue::as_string)
        .map(|s| s.as_str().to_string())
}

/// Every sample case that only reads resources and data sources (no `var.`, `local.`,
/// `module.`, `terraform.`), and whose answer comes from the state: its value,
/// formatted by `format_value`, equals what `terraform console` printed.
#[test]
fn sample_cases_from_state() {
    let cases = std::fs::read_to_string(data_dir().join("../state.jsonl")).unwrap();
    let (mut n_checked, mut failures) = (0, Vec::new());
    for line in cases.lines() {
        let case = parse_json(line).unwrap();
        let expr = string_member(&case, "expr").unwrap();
        let Some(out) = string_member(&case, "out") else {
            continue;
        };
        if member(&case, "errors").is_some() {
            continue;
        }
        let module = string_member(&case, "fixture").unwrap();
        // `drift`'s configuration changed after apply, so the shape of a resource's
        // value comes from the configuration, not from the keys; `backend_local`'s state
        // is where its `backend` block says, which the loader reads. The console cases
        // (crates/repl/tests/it/console_cases.rs) check both through the loader.
        // `extra_attribute`, `flatmap_instance` and `legacy_v3` hold instances that cannot be decoded,
        // which only their references may report; `wrong_provider`'s resource is typed by
        // its configuration's provider, not the state's: the console cases check them.
        let by_loader = [
            "drift",
            "backend_local",
            "extra_attribute",
            "flatmap_instance",
            "wrong_provider",
            "legacy_v3",
        ];
        if by_loader.contains(&module.as_str()) {
            continue;
        }
        let reads_config = ["var.", "local.", "module.", "terraform.", "count.", "each."]
            .iter()
            .any(|p| expr.contains(p));
        if reads_config || out.contains("known after apply") || member(&case, "state").is_some() {
            continue;
        }
        let dir = data_dir().join(&module);
        let tf_workspace = member(&case, "env").and_then(|env| string_member(env, "TF_WORKSPACE"));
        let schemas = match string_member(&case, "schemas") {
            Some(file) => Schemas::from_file(&dir.join(file)).unwrap(),
            None => Schemas::builtin(),
        };
        let located = locate(&LocateOptions {
            config_dir: &dir,
            tf_workspace: tf_workspace.as_deref(),
            ..Default::default()
        })
        .unwrap();
        let state = located.read(&schemas).unwrap();
        let parsed = terrace_syntax::parse_expr(&expr).unwrap();
        let got = match terrace_eval::Evaluator::new().eval_console(&parsed, &scope(&state)) {
            Ok(terrace_eval::ConsoleValue::Value(v)) => format_value(&v),
            Ok(terrace_eval::ConsoleValue::Type(t)) => terrace_types::format_type(&t),
            Err(e) => format!("error: {e:?}"),
        };
        n_checked += 1;
        if got != out {
            failures.push(format!(
                "{module}: {expr}\n--- want\n{out}\n--- got\n{got}\n"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n_checked} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n_checked >= 60, "only {n_checked} cases checked");
}

#[test]
fn workspaces_follow_the_environment_file_and_tf_workspace() {
    let dir = data_dir().join("workspaces");
    let located = locate(&LocateOptions {
        config_dir: &dir,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(located.workspace, "dev");
    let dev = located.read(&Schemas::builtin()).unwrap();
    assert_eq!(
        state_list(&dev, None),
        "terraform_data.env\nterraform_data.n[0]\nterraform_data.n[1]\n"
    );
    let staging = locate(&LocateOptions {
        config_dir: &dir,
        tf_workspace: Some("staging"),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(staging.workspace, "staging");
    assert!(staging.read(&Schemas::builtin()).unwrap().is_empty());
}

#[test]
fn lists_shows_and_outputs() {
    let dir = data_dir().join("aws-basic");
    let schemas = Schemas::from_file(&dir.join("schemas.json")).unwrap();
    let state = State::read(&dir.join("terraform.tfstate"), &schemas).unwrap();
    insta::assert_snapshot!("aws_state_list", state_list(&state, None));
    insta::assert_snapshot!(
        "aws_show_instance",
        state_show(&state, "aws_instance.web[0]").unwrap().unwrap()
    );
    insta::assert_snapshot!(
        "aws_show_lambda",
        state_show(&state, "aws_lambda_function.worker")
            .unwrap()
            .unwrap()
    );
    insta::assert_snapshot!("aws_outputs", outputs_text(&state));
    assert_eq!(state_show(&state, "aws_instance.web[7]"), Ok(None));
    assert!(state_show(&state, "aws_instance").is_err());
    let instances = State::read(
        &data_dir().join("instances/terraform.tfstate"),
        &Schemas::builtin(),
    )
    .unwrap();
    insta::assert_snapshot!("instances_state_list", state_list(&instances, None));
    insta::assert_snapshot!(
        "instances_show_obj",
        state_show(&instances, "terraform_data.obj")
            .unwrap()
            .unwrap()
    );
    assert_eq!(
        state_list(&instances, Some("terraform_data.counted")),
        "terraform_data.counted[0]\nterraform_data.counted[1]\nterraform_data.counted[2]\n"
    );
    assert!(state.schemaless_providers().is_empty());
    let schemaless = State::read(&dir.join("terraform.tfstate"), &Schemas::builtin()).unwrap();
    assert_eq!(
        schemaless
            .schemaless_providers()
            .into_iter()
            .collect::<Vec<_>>(),
        ["tf.example.com/hashicorp/aws"]
    );
}

/// A state file is only read: its bytes and modification time stay as they were.
#[test]
fn reading_never_touches_the_file() {
    let path = data_dir().join("instances/terraform.tfstate");
    let before = (
        std::fs::read(&path).unwrap(),
        std::fs::metadata(&path).unwrap().modified().unwrap(),
    );
    let state = State::read(&path, &Schemas::builtin()).unwrap();
    for r in state.resources() {
        for i in r.instances() {
            i.current().unwrap().value().unwrap();
        }
    }
    let after = (
        std::fs::read(&path).unwrap(),
        std::fs::metadata(&path).unwrap().modified().unwrap(),
    );
    assert!(before == after, "the state file changed");
}

/// The error message for a state file named `name` holding `text`, with the scratch
/// directory's path replaced by `DIR`.
fn error_for(name: &str, text: &str) -> String {
    let dir = scratch_dir(name);
    let path = dir.join("terraform.tfstate");
    std::fs::write(&path, text).unwrap();
    let err = State::read(&path, &Schemas::builtin())
        .map(|_| ())
        .unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    err.to_string().replace(&dir.display().to_string(), "DIR")
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-state-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn bad_state_truncated() {
    let good = std::fs::read_to_string(data_dir().join("instances/terraform.tfstate")).unwrap();
    insta::assert_snapshot!(error_for("truncated", &good[..good.len() / 2]));
}

#[test]
fn bad_state_invalid_json() {
    insta::assert_snapshot!(error_for(
        "invalid",
        "{\n  \"version\": 4,\n  \"resources\": [,]\n}\n"
    ));
}

#[test]
fn bad_state_newer_version() {
    insta::assert_snapshot!(error_for(
        "newer",
        r#"{"version": 5, "terraform_version": "2.1.0"}"#
    ));
}

/// Formats 1 to 3 are read as Terraform upgrades them: the root module's outputs, and
/// instances whose flat attributes only their provider could type, which fail alone.
#[test]
fn older_versions_are_read() {
    let empty = r#"{"version": 3, "terraform_version": "0.11.14"}"#;
    let state = State::from_text("older.json", empty, &Schemas::builtin()).unwrap();
    assert!(state.resources().is_empty() && state.outputs().is_empty());

    let text = r#"{"version": 3, "modules": [
        {"path": ["root"],
         "outputs": {"o": {"sensitive": false, "type": "string", "value": "x"},
                     "s": {"sensitive": true, "type": "list", "value": ["a"]}},
         "resources": {"terraform_data.n.1": {"type": "terraform_data",
                           "primary": {"id": "n1", "attributes": {"id": "n1"}},
                           "provider": "provider.terraform"},
                       "data.aws_ami.x": {"type": "aws_ami", "primary": {"id": "ami"}}}},
        {"path": ["root", "child"], "outputs": {"hidden": "v1 string"}, "resources": {}}]}"#;
    let state = State::from_text("older.json", text, &Schemas::builtin()).unwrap();
    let outputs: Vec<String> = state
        .outputs()
        .iter()
        .map(|(name, output)| format!("{name} = {}", format_value(&output.value)))
        .collect();
    assert_eq!(outputs, ["o = \"x\"", "s = (sensitive value)"]);
    let counted = state
        .resource(
            &ModuleInstance::root(),
            ResourceMode::Managed,
            "terraform_data",
            "n",
        )
        .unwrap();
    assert_eq!(counted.provider_source, "terraform.io/builtin/terraform");
    assert_eq!(counted.instances()[0].key, InstanceKey::Int(1));
    let error = counted.instances()[0]
        .current()
        .unwrap()
        .value()
        .unwrap_err();
    // The built-in schema of terraform_data has dynamic attributes, which Terraform's
    // flatmap decoder refuses.
    assert!(
        error.to_string().contains(
            "data could not be decoded from the state: cannot decode dynamic from flatmap"
        ),
        "{error}"
    );
    let data = state
        .resource(&ModuleInstance::root(), ResourceMode::Data, "aws_ami", "x")
        .unwrap();
    assert_eq!(data.provider_source, "registry.terraform.io/hashicorp/aws");
}

#[test]
fn bad_state_no_version() {
    insta::assert_snapshot!(error_for("noversion", r#"{"serial": 1}"#));
}

#[test]
fn bad_state_version_not_a_number() {
    insta::assert_snapshot!(error_for("version-string", r#"{"version": "4"}"#));
}

#[test]
fn bad_state_encrypted() {
    insta::assert_snapshot!(error_for(
        "encrypted",
        r#"{"serial": 3, "lineage": "x", "meta": {"key_provider.pbkdf2.k": "e30="}, "encrypted_data": "c2VjcmV0", "encryption_version": "v0"}"#
    ));
}

#[test]
fn bad_state_wrong_shape() {
    insta::assert_snapshot!(error_for(
        "shape",
        "{\"version\": 4, \"resources\": [\n  {\"mode\": \"managed\", \"type\": \"t\", \"name\": \"n\", \"module\": \"module.a[\", \"instances\": []}\n]}"
    ));
}

#[test]
fn bad_state_invalid_mode() {
    insta::assert_snapshot!(error_for(
        "mode",
        r#"{"version": 4, "resources": [{"mode": "ephemeral", "type": "t", "name": "n", "instances": []}]}"#
    ));
}

#[test]
fn bad_state_not_utf8() {
    let dir = scratch_dir("utf8");
    let path = dir.join("terraform.tfstate");
    std::fs::write(&path, b"{\"version\": 4, \"lineage\": \"\xff\"}").unwrap();
    let err = State::read(&path, &Schemas::builtin()).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    insta::assert_snapshot!(err.to_string().replace(&dir.display().to_string(), "DIR"));
}

#[test]
fn bad_state_directory() {
    let err = State::read(&data_dir().join("instances"), &Schemas::builtin()).unwrap_err();
    assert!(matches!(err, StateError::Directory { .. }));
    insta::assert_snapshot!(
        err.to_string()
            .replace(&data_dir().display().to_string(), "DATA")
    );
}

/// A FIFO is refused from its type, before it is opened (opening it would block).
#[cfg(unix)]
#[test]
fn bad_state_fifo() {
    let dir = scratch_dir("fifo");
    let path = dir.join("terraform.tfstate");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    let err = State::read(&path, &Schemas::builtin()).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    insta::assert_snapshot!(err.to_string().replace(&dir.display().to_string(), "DIR"));
}

#[cfg(unix)]
#[test]
fn bad_state_device() {
    let err = State::read(Path::new("/dev/null"), &Schemas::builtin()).unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

#[test]
fn bad_attributes_for_the_schema() {
    let text = r#"{"version": 4, "resources": [{"mode": "managed", "type": "terraform_data", "name": "d",
      "provider": "provider[\"terraform.io/builtin/terraform\"]",
      "instances": [{"attributes": {"id": ["not", "a", "string"]}}]}]}"#;
    let state = State::from_text("s.json", text, &Schemas::builtin()).unwrap();
    let err = state.resources()[0].instances()[0]
        .current()
        .unwrap()
        .value()
        .unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

/// A missing file and an empty file are empty states, as in Terraform.
#[test]
fn missing_and_empty_files_are_empty_states() {
    assert!(
        State::read(&data_dir().join("no-such.tfstate"), &Schemas::builtin())
            .unwrap()
            .is_empty()
    );
    let dir = scratch_dir("empty");
    let path = dir.join("terraform.tfstate");
    std::fs::write(&path, "").unwrap();
    assert!(State::read(&path, &Schemas::builtin()).unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every prefix of a real state file is an error or a state, never a panic.
#[test]
fn prefixes_never_panic() {
    let text = std::fs::read_to_string(data_dir().join("aws-basic/terraform.tfstate")).unwrap();
    let schemas = Schemas::from_file(&data_dir().join("aws-basic/schemas.json")).unwrap();
    for end in (0..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .step_by(7)
    {
        if let Ok(state) = State::from_text("p", &text[..end], &schemas) {
            for r in state.resources() {
                for i in r.instances() {
                    let _ = i.current().map(|o| o.value());
                }
            }
        }
    }
}

/// Hand-written edge cases: nested module instances, float index keys, tainted and
/// deposed objects, schema-less providers, JSON and multi-line strings in `:show`.
#[test]
fn edge_cases() {
    let state = State::read(
        &data_dir().join("edge/terraform.tfstate"),
        &Schemas::builtin(),
    )
    .unwrap();
    insta::assert_snapshot!("edge_state_list", state_list(&state, None));
    assert_eq!(
        state_list(&state, Some("module.b")),
        "module.b[\"x\"].module.c[0].terraform_data.deep\n"
    );
    assert_eq!(
        state_list(&state, Some("module.z.terraform_data.shallow[1]")),
        "module.z.terraform_data.shallow[1]\n"
    );
    let deep = ModuleInstance::parse(r#"module.b["x"].module.c[0]"#).unwrap();
    assert!(
        state
            .resource(&deep, ResourceMode::Managed, "terraform_data", "deep")
            .is_some()
    );
    let replaced = state
        .resource(
            &ModuleInstance::root(),
            ResourceMode::Managed,
            "terraform_data",
            "replaced",
        )
        .unwrap();
    let instance = &replaced.instances()[0];
    assert_eq!(instance.deposed().len(), 1);
    assert_eq!(
        format_value(
            &instance
                .current()
                .unwrap()
                .value()
                .unwrap()
                .get_attr("input")
                .unwrap()
                .clone()
        ),
        "tomap({\n  \"password\" = (sensitive value)\n  \"user\" = \"u\"\n})"
    );
    insta::assert_snapshot!(
        "edge_show_tainted",
        state_show(&state, "terraform_data.replaced")
            .unwrap()
            .unwrap()
    );
    assert_eq!(state_show(&state, "terraform_data.gone"), Ok(None));
    insta::assert_snapshot!(
        "edge_show_schemaless",
        state_show(&state, "null_resource.legacy").unwrap().unwrap()
    );
    insta::assert_snapshot!(
        "edge_show_data",
        state_show(&state, "data.terraform_remote_state.net")
            .unwrap()
            .unwrap()
    );
    insta::assert_snapshot!("edge_outputs", outputs_text(&state));
    assert_eq!(
        format_value(&state.outputs()["secret"].value),
        "(sensitive value)"
    );
    assert_eq!(
        state.schemaless_providers().into_iter().collect::<Vec<_>>(),
        ["registry.terraform.io/hashicorp/null"]
    );
    assert_eq!(
        (state.serial(), state.lineage(), state.terraform_version()),
        (7, "edge-cases", Some("1.15.5"))
    );
}

#[test]
fn bad_schemas_invalid_json() {
    let err = Schemas::from_text("schemas.json", "{\"provider_schemas\": {\"p\": [}}").unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

/// A type's schema is decoded when a resource of the type is read: a malformed one is an
/// error naming the schemas file then.
#[test]
fn bad_schemas_malformed_type() {
    let schemas = Schemas::from_text(
        "schemas.json",
        r#"{"provider_schemas": {"hashicorp/null": {"resource_schemas": {"null_resource": {"block": {"attributes": {"id": {"type": ["tuple"]}}}}}}}}"#,
    )
    .unwrap();
    let text = r#"{"version": 4, "resources": [{"mode": "managed", "type": "null_resource", "name": "n",
      "provider": "provider[\"registry.terraform.io/hashicorp/null\"]", "instances": [{"attributes": {"id": "1"}}]}]}"#;
    let err = State::from_text("s.json", text, &schemas).unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

/// `.terraform/environment` (trimmed; in `TF_DATA_DIR` when set), an invalid name in it,
/// and `TF_WORKSPACE` set but empty (ignored, as Terraform does).
#[test]
fn workspace_selection_from_files() {
    let dir = scratch_dir("environment");
    std::fs::create_dir_all(dir.join(".terraform")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join(".terraform/environment"), "  prod\n").unwrap();
    std::fs::write(dir.join("data/environment"), "other").unwrap();
    let options = LocateOptions {
        config_dir: &dir,
        tf_workspace: Some(""),
        ..Default::default()
    };
    let found = locate(&options).unwrap();
    assert_eq!(found.workspace, "prod");
    assert_eq!(
        found.state,
        terrace_config::state::StateLocation::File(
            dir.join("terraform.tfstate.d/prod/terraform.tfstate")
        )
    );
    let found = locate(&LocateOptions {
        tf_data_dir: Some("data"),
        ..options.clone()
    })
    .unwrap();
    assert_eq!(found.workspace, "other");
    std::fs::write(dir.join(".terraform/environment"), "a/b").unwrap();
    let err = locate(&options).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    insta::assert_snapshot!(err.replace(&dir.display().to_string(), "DIR"));
    let err = locate(&LocateOptions {
        tf_workspace: Some("a b"),
        ..Default::default()
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Invalid workspace name set using TF_WORKSPACE"
    );
}

/// A Terraform 0.11 state (format 3, flat attributes) read with its provider's schema:
/// decoded as Terraform's `HCL2ValueFromFlatmap` decodes it (counts for lists and sets,
/// `%` for maps, strings converted to the schema's types, missing keys null, extra keys
/// ignored); without the schema, its top-level strings only; `:show` either way.
#[test]
fn flat_attributes_are_decoded_with_the_schema() {
    let schemas = Schemas::from_text(
        "schemas.json",
        r#"{"format_version": "1.0", "provider_schemas": {"registry.terraform.io/hashicorp/aws": {
          "provider": {"version": 0, "block": {}},
          "resource_schemas": {"aws_instance": {"version": 1, "block": {
            "attributes": {
              "id": {"type": "string", "computed": true},
              "ami": {"type": "string", "required": true},
              "cpu_core_count": {"type": "number", "computed": true},
              "ebs_optimized": {"type": "bool", "optional": true},
              "security_groups": {"type": ["set", "string"], "optional": true},
              "tags": {"type": ["map", "string"], "optional": true},
              "ipv6_addresses": {"type": ["list", "string"], "computed": true},
              "user_data": {"type": "string", "optional": true}},
            "block_types": {"root_block_device": {"nesting_mode": "list", "block": {
              "attributes": {"volume_size": {"type": "number", "optional": true},
                             "volume_type": {"type": "string", "optional": true}}}}}}}}}}}"#,
    )
    .unwrap();
    let text = r#"{"version": 3, "terraform_version": "0.11.14", "modules": [{"path": ["root"],
      "outputs": {}, "resources": {"aws_instance.web": {"type": "aws_instance",
        "primary": {"id": "i-0abc", "attributes": {
          "id": "i-0abc", "ami": "ami-1", "cpu_core_count": "2", "ebs_optimized": "false",
          "security_groups.#": "2", "security_groups.3814588639": "web",
          "security_groups.1234": "ssh",
          "tags.%": "2", "tags.Name": "web", "tags.team.name": "core",
          "ipv6_addresses.#": "0",
          "root_block_device.#": "1", "root_block_device.0.volume_size": "8",
          "root_block_device.0.volume_type": "gp2",
          "not_in_schema": "ignored"}},
        "provider": "provider.aws"}}}]}"#;
    let state = State::from_text("old.tfstate", text, &schemas).unwrap();
    let web = state
        .resource(
            &ModuleInstance::root(),
            ResourceMode::Managed,
            "aws_instance",
            "web",
        )
        .unwrap();
    let value = web.instances()[0].current().unwrap().value().unwrap();
    assert_eq!(
        format_value(&value),
        r#"{
  "ami" = "ami-1"
  "cpu_core_count" = 2
  "ebs_optimized" = false
  "id" = "i-0abc"
  "ipv6_addresses" = tolist([])
  "root_block_device" = tolist([
    {
      "volume_size" = 8
      "volume_type" = "gp2"
    },
  ])
  "security_groups" = toset([
    "ssh",
    "web",
  ])
  "tags" = tomap({
    "Name" = "web"
    "team.name" = "core"
  })
  "user_data" = tostring(null)
}"#
    );
    insta::assert_snapshot!(
        "flat_show_with_schema",
        state_show(&state, "aws_instance.web").unwrap().unwrap()
    );

    let untyped = State::from_text("old.tfstate", text, &Schemas::builtin()).unwrap();
    assert!(untyped.has_schemaless_flat_instances());
    assert!(!state.has_schemaless_flat_instances());
    let web = untyped
        .resource(
            &ModuleInstance::root(),
            ResourceMode::Managed,
            "aws_instance",
            "web",
        )
        .unwrap();
    let value = web.instances()[0].current().unwrap().value().unwrap();
    assert_eq!(
        format_value(&value),
        "{\n  \"ami\" = \"ami-1\"\n  \"cpu_core_count\" = \"2\"\n  \"ebs_optimized\" = \"false\"\n  \"id\" = \"i-0abc\"\n  \"not_in_schema\" = \"ignored\"\n}"
    );

    // A string where the schema wants a number: Terraform's conversion error.
    let bad = text.replace(r#""cpu_core_count": "2""#, r#""cpu_core_count": "two""#);
    let state = State::from_text("old.tfstate", &bad, &schemas).unwrap();
    let error = state_show(&state, "aws_instance.web").unwrap_err();
    assert_eq!(error.summary(), "Invalid resource instance data in state");
    assert!(
        error
            .to_string()
            .contains("invalid value for \"cpu_core_count\" in state: a number is required"),
        "{error}"
    );
}
