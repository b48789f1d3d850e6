//! Loading through a `FileSource`: a module held wholly in memory gives the values the same module gives from disk, and an overlay entry shadows the file on disk.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use terrace_config::module::{LoadOptions, LoadedModule, load_module};
use terrace_functions::{FileSource, Overlay};
use terrace_types::format_value;

use crate::module::{options, render};

/// A module with a child module, variables from `terraform.tfvars`, and every kind of
/// file read a function makes.
const MODULE: &[(&str, &str)] = &[
    (
        "main.tf",
        r#"module "child" {
  source = "./modules/child"
  name   = var.name
}

locals {
  greeting = templatefile("${path.module}/templates/greeting.tftpl", { name = var.name, items = var.items })
  raw      = file("templates/greeting.tftpl")
  found    = sort(fileset(path.module, "**/*.tftpl"))
  exists   = [fileexists("main.tf"), fileexists("nothing.tf")]
  hash     = filesha256("templates/greeting.tftpl")
  encoded  = filebase64("variables.tf")
}

output "child" {
  value = module.child.shout
}
"#,
    ),
    (
        "variables.tf",
        r#"variable "name" {
  type = string
}

variable "items" {
  type    = list(string)
  default = ["a"]
}
"#,
    ),
    (
        "terraform.tfvars",
        "name  = \"world\"\nitems = [\"x\", \"y\"]\n",
    ),
    (
        "templates/greeting.tftpl",
        "Hello, ${name}!\n%{ for item in items ~}\n- ${item}\n%{ endfor ~}\n",
    ),
    ("templates/nested/other.tftpl", "${upper(\"x\")}"),
    (
        "modules/child/main.tf",
        r#"variable "name" {
  type = string
}

output "shout" {
  value = "${upper(var.name)} from ${basename(path.module)}: ${file("${path.module}/note.txt")}"
}
"#,
    ),
    ("modules/child/note.txt", "a note"),
];

/// What the console would print for each of these in the module.
const EXPRESSIONS: &[&str] = &[
    "var.name",
    "var.items",
    "local.greeting",
    "local.raw",
    "local.found",
    "local.exists",
    "local.hash",
    "local.encoded",
    "module.child.shout",
];

fn values(module: &LoadedModule) -> Vec<String> {
    EXPRESSIONS
        .iter()
        .map(|expr| match terrace_eval::eval_str(expr, module.scope()) {
            Ok(value) => format_value(&value),
            Err(error) => format!("error: {error:?}"),
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrace-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_module(dir: &Path) {
    for (name, text) in MODULE {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn with_files(files: impl FileSource + 'static) -> LoadOptions {
    LoadOptions {
        files: Arc::new(files),
        ..options()
    }
}

#[test]
fn a_module_in_memory_gives_the_values_it_gives_on_disk() {
    let dir = scratch("memory-module");
    write_module(&dir);
    let on_disk = load_module(&dir, &options());
    assert!(on_disk.diagnostics().is_empty(), "{}", render(&on_disk));

    // Relative paths, and nothing underneath: the disk is never read.
    let mut memory = Overlay::in_memory();
    for (name, text) in MODULE {
        memory.insert(Path::new("app").join(name), *text);
    }
    let in_memory = load_module(Path::new("app"), &with_files(memory));
    assert!(in_memory.diagnostics().is_empty(), "{}", render(&in_memory));
    let expected = values(&on_disk);
    assert_eq!(values(&in_memory), expected);
    assert!(expected[2].contains("Hello, world!"), "{}", expected[2]);
    assert_eq!(expected[8], r#""WORLD from child: a note""#);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_overlay_entry_shadows_the_file_on_disk() {
    let dir = scratch("unsaved-buffer");
    write_module(&dir);
    let unsaved = Overlay::over_disk()
        .with(dir.join("terraform.tfvars"), "name = \"editor\"\n")
        .with(dir.join("modules/child/note.txt"), "unsaved note");
    let module = load_module(&dir, &with_files(unsaved));
    assert!(module.diagnostics().is_empty(), "{}", render(&module));
    let found = values(&module);
    assert_eq!(found[0], r#""editor""#);
    // The files not in the overlay are read from disk.
    assert_eq!(found[1], "tolist([\n  \"a\",\n])");
    assert_eq!(found[8], r#""EDITOR from child: unsaved note""#);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file under `dir`, with its path, as an overlay with nothing underneath.
fn copy_into_memory(dir: &Path, overlay: &mut Overlay) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            copy_into_memory(&path, overlay);
        } else {
            overlay.insert(&path, std::fs::read(&path).unwrap());
        }
    }
}

/// The same fixture loaded from disk and from a memory-only copy of its files at the
/// same paths: the same diagnostics, variables, outputs and state.
#[track_caller]
fn check_same_in_memory(dir: &Path) {
    let on_disk = load_module(dir, &options());
    let mut memory = Overlay::in_memory();
    copy_into_memory(dir, &mut memory);
    let in_memory = load_module(dir, &with_files(memory));
    let both = |module: &LoadedModule| {
        format!(
            "{}# state\n{}",
            render(module),
            module.render_state_list(None)
        )
    };
    assert_eq!(both(&in_memory), both(&on_disk), "{}", dir.display());
}

#[test]
fn every_module_fixture_loads_the_same_from_memory() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<PathBuf> = Vec::new();
    for parent in [
        root.join("tests/data/modules"),
        root.join("../../tests/data/console/state"),
    ] {
        dirs.extend(
            std::fs::read_dir(parent)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.is_dir()),
        );
    }
    dirs.sort();
    assert!(dirs.len() > 50, "{dirs:?}");
    for dir in &dirs {
        check_same_in_memory(dir);
    }
}
