//! The configuration tree: the root module and, once per call path, the local modules its `module` blocks call, each read into a `ModuleConfig`; and the configuration errors of those calls.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use terrace_eval::Diagnostic;
use terrace_syntax::Name;

use super::dir_files::{DirFiles, MAX_MODULE_DEPTH};
use super::load_ctx::LoadCtx;
use super::module_calls::{MODULE_META, check_call, source_of};
use crate::module::inputs::variables::VariableDecl;
use crate::module::read::diagnostics::{ModuleDiagnostic, mark_configuration};
use crate::module::read::loader::read_module;
use crate::module::read::module_config::{BlockConfig, ModuleConfig};
use crate::module::references::attribute_paths::{Paths, collect};
use crate::module::references::dependencies::{ResourceKey, managed_types, resource_key};

/// One module of the configuration tree: the root, or the module a local
/// `module` block calls (once per call path, whatever its instances).
pub(crate) struct TreeModule<'a> {
    pub(crate) dir: PathBuf,
    pub(crate) path_module: String,
    /// `module.a.module.b.` (empty for the root): the prefix of node names.
    pub(crate) prefix: String,
    /// The parent module and the index of the call in its configuration.
    pub(crate) parent: Option<(usize, usize)>,
    pub(crate) config: ModuleConfig<'a>,
    /// The child module of each `module` block (`None`: not loaded).
    pub(crate) children: Vec<Option<usize>>,
    /// The `source` of each `module` block (OpenTofu's early-evaluated ones included).
    pub(crate) sources: Vec<String>,
    /// The attribute paths expressions read from each resource.
    pub(crate) referenced: Paths,
    /// Name → position, for each kind of named value.
    pub(crate) variables: HashMap<Name, usize>,
    pub(crate) locals: HashMap<Name, usize>,
    pub(crate) calls: HashMap<Name, usize>,
    pub(crate) outputs: HashMap<Name, usize>,
    pub(crate) resources: BTreeMap<ResourceKey, usize>,
    pub(crate) managed: BTreeSet<Name>,
}

/// `aws_instance.web` or `data.aws_ami.ubuntu`.
pub(crate) fn resource_address(block: &BlockConfig<'_>) -> String {
    let (is_data, ty, name) = resource_key(block);
    if is_data {
        format!("data.{ty}.{name}")
    } else {
        format!("{ty}.{name}")
    }
}

/// A module found in a `module` block, waiting to be read.
#[derive(Clone)]
pub(crate) struct Queued {
    pub(crate) dir: PathBuf,
    pub(crate) path_module: String,
    pub(crate) prefix: String,
    pub(crate) parent: Option<(usize, usize)>,
    pub(crate) depth: usize,
}

/// Reads the root module and, recursively, the local modules it calls.
pub(crate) fn build_tree<'a>(
    ctx: &LoadCtx<'a>,
    root_dir: &Path,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Vec<TreeModule<'a>> {
    let mut tree: Vec<TreeModule<'a>> = Vec::new();
    let mut queue = vec![Queued {
        dir: root_dir.to_path_buf(),
        path_module: ".".to_string(),
        prefix: String::new(),
        parent: None,
        depth: 0,
    }];
    let mut next = 0;
    while next < queue.len() {
        let Queued {
            dir,
            path_module,
            prefix,
            parent,
            depth,
        } = queue[next].clone();
        next += 1;
        let empty = DirFiles::default();
        let dir_files = ctx.dirs.get(&dir).unwrap_or(&empty);
        let start = diagnostics.len();
        let config = read_module(
            ctx.files,
            &dir_files.primary,
            &dir_files.overrides,
            ctx.options.language,
            diagnostics,
        );
        // The same directory called twice reads the same files: report
        // their problems once.
        if tree.iter().any(|m| m.dir == dir) {
            diagnostics.truncate(start);
        }
        mark_configuration(diagnostics, start);
        let index = tree.len();
        let mut children = Vec::new();
        let sources: Vec<String> = config
            .module_calls
            .iter()
            .map(|block| {
                ctx.sources
                    .get(&(prefix.clone(), block.name().to_string()))
                    .cloned()
                    .or_else(|| source_of(block))
                    .unwrap_or_default()
            })
            .collect();
        for (block, source) in config.module_calls.iter().zip(&sources) {
            let source = source.clone();
            let located = ctx.installed.locate(
                &*ctx.options.files,
                &ctx.root_dir,
                (&dir, &path_module),
                &prefix,
                block.name(),
                &source,
            );
            let Some((child_dir, child_path_module)) = located.filter(|_| depth < MAX_MODULE_DEPTH)
            else {
                children.push(None);
                continue;
            };
            // A module that calls itself (directly or through others).
            let mut ancestor = Some(index);
            let mut recursive = child_dir == dir;
            while let Some(a) = ancestor.filter(|&a| a < tree.len()) {
                recursive |= tree[a].dir == child_dir;
                ancestor = tree[a].parent.map(|(p, _)| p);
            }
            if recursive {
                let span = block.attr("source").map_or(block.def_span, |a| a.expr.span);
                diagnostics.push(ModuleDiagnostic::new(
                    block.file,
                    Diagnostic::error(
                        "Module calls itself",
                        format!(
                            "The module \"{}\" comes from \"{source}\", a module that is already being loaded by this call chain, so it would be loaded forever.",
                            block.name()
                        ),
                        span,
                    ),
                ));
                children.push(None);
                continue;
            }
            children.push(Some(queue.len()));
            queue.push(Queued {
                dir: child_dir,
                path_module: child_path_module,
                prefix: format!("{prefix}module.{}.", block.name()),
                parent: Some((index, children.len() - 1)),
                depth: depth + 1,
            });
        }
        let managed = managed_types(&config);
        let mut referenced = Paths::new();
        config.for_each_expr(&mut |expr| collect(expr, &managed, &mut referenced));
        tree.push(TreeModule {
            dir,
            path_module,
            prefix,
            parent,
            variables: config
                .variables
                .iter()
                .enumerate()
                .map(|(i, b)| (Name::from(b.name()), i))
                .collect(),
            locals: config
                .locals
                .iter()
                .enumerate()
                .map(|(i, l)| (l.name.clone(), i))
                .collect(),
            calls: config
                .module_calls
                .iter()
                .enumerate()
                .map(|(i, b)| (Name::from(b.name()), i))
                .collect(),
            outputs: config
                .outputs
                .iter()
                .enumerate()
                .map(|(i, b)| (Name::from(b.name()), i))
                .collect(),
            resources: config
                .resources
                .iter()
                .enumerate()
                .map(|(i, b)| (resource_key(b), i))
                .collect(),
            managed,
            config,
            children,
            sources,
            referenced,
        });
    }
    tree
}

/// The configuration errors of `module` blocks: arguments the called module
/// does not declare, required inputs not given, and the call checks of
/// [`check_call`].
pub(crate) fn check_calls(
    module: &TreeModule<'_>,
    decls: &[Vec<VariableDecl<'_, '_>>],
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for (c, block) in module.config.module_calls.iter().enumerate() {
        check_call(block, &module.sources[c], &module.config, diagnostics);
        let Some(child) = module.children[c] else {
            continue;
        };
        let child_decls = &decls[child];
        for attr in &block.attrs {
            if MODULE_META.contains(&&*attr.name) {
                continue;
            }
            if !child_decls.iter().any(|d| d.name == attr.name) {
                diagnostics.push(ModuleDiagnostic::new(
                    attr.file,
                    Diagnostic::error(
                        "Unsupported argument",
                        format!("An argument named \"{}\" is not expected here.", attr.name),
                        attr.name_span,
                    ),
                ));
            }
        }
        // The body's blocks are checked against the module's variables, which are all
        // arguments: any block is unexpected, but for those Terraform reserves (reported as
        // the block is read) and `_`, its meta-argument escape.
        for nested in &block.blocks {
            let ty = &*nested.block_type;
            if matches!(ty, "lifecycle" | "locals" | "provider" | "_") {
                continue;
            }
            let mut detail = format!("Blocks of type \"{ty}\" are not expected here.");
            if child_decls.iter().any(|d| &*d.name == ty) {
                detail.push_str(&format!(
                    " Did you mean to define argument \"{ty}\"? If so, use the equals sign to assign it a value."
                ));
            }
            diagnostics.push(ModuleDiagnostic::new(
                nested.file,
                Diagnostic::error("Unsupported block type", detail, nested.type_span),
            ));
        }
        for decl in child_decls {
            if decl.default.is_none() && !decl.default_invalid && block.attr(&decl.name).is_none() {
                diagnostics.push(ModuleDiagnostic::new(
                    block.file,
                    Diagnostic::error(
                        "Missing required argument",
                        format!(
                            "The argument \"{}\" is required, but no definition was found.",
                            decl.name
                        ),
                        block.def_span,
                    ),
                ));
            }
        }
    }
}
