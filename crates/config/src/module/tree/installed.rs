//! Where a `module` block's code is: a local path next to the caller, or the copy
//! `terraform init` installed and listed in `.terraform/modules/modules.json`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use terrace_functions::FileSource;
use terrace_syntax::json::{JsonKind, JsonValue, parse_json};

use super::module_calls::{is_local_source, join_clean};
use crate::state::member;

/// The modules `terraform init` installed: `.terraform/modules/modules.json`, read
/// once per load. Keys are call paths (`vpc`, `vpc.subnets`); directories are
/// relative to the root module, as Terraform writes them.
#[derive(Clone, Debug, Default)]
pub(crate) struct InstalledModules {
    dirs: BTreeMap<String, String>,
}

impl InstalledModules {
    /// Reads the manifest under `root_dir`; none, or one that is not the manifest's
    /// JSON, lists nothing (Terraform would ask for `terraform init` again).
    pub(crate) fn read(files: &dyn FileSource, root_dir: &Path) -> InstalledModules {
        let path = root_dir.join(".terraform/modules/modules.json");
        let Ok(text) = files.read_to_string(&path) else {
            return InstalledModules::default();
        };
        let Ok(json) = parse_json(&text) else {
            return InstalledModules::default();
        };
        let string = |entry: &JsonValue, name: &str| {
            member(entry, name)?
                .as_string()
                .map(|s| s.as_str().to_string())
        };
        let dirs = member(&json, "Modules")
            .and_then(|modules| match &modules.kind {
                JsonKind::Array(entries) => Some(entries),
                _ => None,
            })
            .map(|entries| {
                entries
                    .iter()
                    .filter_map(|entry| Some((string(entry, "Key")?, string(entry, "Dir")?)))
                    .filter(|(key, _)| !key.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        InstalledModules { dirs }
    }

    /// The directory of the module called `name` by the module at `prefix`
    /// (`module.a.module.b.`, empty for the root) from `source`, and its
    /// `path.module`: a local path resolved from the caller (`dir`, `path_module`),
    /// an installed module from the root, or an absolute path as it is. `None` for a
    /// module that is neither local nor installed.
    pub(crate) fn locate(
        &self,
        files: &dyn FileSource,
        root_dir: &Path,
        caller: (&Path, &str),
        prefix: &str,
        name: &str,
        source: &str,
    ) -> Option<(PathBuf, String)> {
        let (dir, path_module) = caller;
        if is_local_source(source) {
            let path_module = join_clean(Path::new(path_module), source);
            return Some((
                join_clean(dir, source),
                path_module.to_string_lossy().into_owned(),
            ));
        }
        // A manifest entry whose directory is gone (a stale `.terraform`) installs nothing.
        if let Some(installed) = self.dirs.get(&call_key(prefix, name))
            && files.is_dir(&root_dir.join(installed))
        {
            return Some((join_clean(root_dir, installed), installed.clone()));
        }
        // `terraform init` copies a module from an absolute path; the copy is the same.
        let absolute = Path::new(source);
        (absolute.is_absolute() && files.is_dir(absolute))
            .then(|| (absolute.to_path_buf(), source.to_string()))
    }
}

/// The manifest's key of a call: the call names from the root, joined with `.`.
fn call_key(prefix: &str, name: &str) -> String {
    let mut key: Vec<&str> = prefix
        .split('.')
        .collect::<Vec<_>>()
        .chunks(2)
        .filter_map(|pair| match pair {
            ["module", call] => Some(*call),
            _ => None,
        })
        .collect();
    key.push(name);
    key.join(".")
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrace_functions::Disk;

    #[test]
    fn call_keys_join_the_call_names() {
        assert_eq!(call_key("", "vpc"), "vpc");
        assert_eq!(call_key("module.a.module.b.", "c"), "a.b.c");
    }

    #[test]
    fn locates_local_installed_and_absolute_modules() {
        let root = std::env::temp_dir().join(format!("terrace-installed-{}", std::process::id()));
        std::fs::create_dir_all(root.join(".terraform/modules/a.vpc")).unwrap();
        let installed = InstalledModules {
            dirs: BTreeMap::from([
                ("a.vpc".into(), ".terraform/modules/a.vpc".into()),
                ("a.gone".into(), ".terraform/modules/a.gone".into()),
            ]),
        };
        let caller_dir = root.join("modules/a");
        let caller = (caller_dir.as_path(), "./modules/a");
        let registry = "terraform-aws-modules/vpc/aws";
        assert_eq!(
            installed.locate(&Disk, &root, caller, "module.a.", "x", "../b"),
            Some((root.join("modules/b"), "modules/b".into()))
        );
        assert_eq!(
            installed.locate(&Disk, &root, caller, "module.a.", "vpc", registry),
            Some((
                root.join(".terraform/modules/a.vpc"),
                ".terraform/modules/a.vpc".into()
            ))
        );
        // Not installed, or installed into a directory that is gone.
        assert_eq!(
            installed.locate(&Disk, &root, caller, "", "vpc", registry),
            None
        );
        assert_eq!(
            installed.locate(&Disk, &root, caller, "module.a.", "gone", registry),
            None
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
