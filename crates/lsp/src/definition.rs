//! Go to definition: the `variable`, `output`, `module`, `resource` or `data` block, or the
//! local's attribute, that a reference names; for `module.m.out`, the `module "m"` block and
//! the child's `output "out"`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use terrace_syntax::Span;

use crate::analysis::Analysis;
use crate::declarations;

/// A place in a file: its path, its text and the byte span.
#[derive(Clone, Debug)]
pub struct Spot {
    /// The file.
    pub path: PathBuf,
    /// Its text as loaded.
    pub text: Arc<str>,
    /// The span (a block's header, an attribute).
    pub span: Span,
}

/// The names of a reference's steps, indexes dropped: `module.dns.fqdn` → `[module, dns, fqdn]`.
pub fn names(reference: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0;
    for ch in reference.chars() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            '.' if depth == 0 => out.push(std::mem::take(&mut current)),
            _ if depth == 0 => current.push(ch),
            _ => {}
        }
    }
    out.push(current);
    out.retain(|name| !name.is_empty());
    out
}

fn spot(file: &terrace_config::module::SourceFile, span: Span) -> Spot {
    Spot {
        path: file.path.to_path_buf(),
        text: file.text.clone(),
        span,
    }
}

/// Where `reference` (written in a file of `dir`) is declared.
pub fn definition(analysis: &Analysis, dir: &Path, reference: &str) -> Vec<Spot> {
    let files = analysis.files();
    let names = names(reference);
    let name = |i: usize| names.get(i).map(String::as_str);
    let mut out = Vec::new();
    let block = |kind: &str, labels: &[&str]| {
        declarations::block(files, dir, kind, labels).map(|(file, block)| spot(file, block.span))
    };
    match (name(0), name(1)) {
        (Some("var"), Some(var)) => out.extend(block("variable", &[var])),
        (Some("local"), Some(local)) => {
            out.extend(
                declarations::local(files, dir, local).map(|(file, attr)| spot(file, attr.span)),
            );
        }
        (Some("module"), Some(call)) => {
            out.extend(block("module", &[call]));
            if let Some(output) = name(2) {
                for place in analysis.places(dir) {
                    let Some(called) = place
                        .instance
                        .module_calls
                        .iter()
                        .find(|c| &*c.name == call)
                    else {
                        continue;
                    };
                    if let Some((_, child)) = called.instances.first()
                        && let Some((file, decl)) =
                            declarations::block(files, &child.dir, "output", &[output])
                    {
                        out.push(spot(file, decl.span));
                    }
                    break;
                }
            }
        }
        (Some("data"), Some(ty)) => {
            if let Some(data_name) = name(2) {
                out.extend(block("data", &[ty, data_name]));
            }
        }
        (Some(ty), Some(resource)) => {
            out.extend(block("resource", &[ty, resource]));
            out.extend(block("ephemeral", &[ty, resource]));
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_drop_indexes() {
        assert_eq!(
            names("terraform_data.server[0].output.name"),
            ["terraform_data", "server", "output", "name"]
        );
        assert_eq!(names(r#"m["a.b"].c"#), ["m", "c"]);
    }
}
