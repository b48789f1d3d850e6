//! `terrace.Module`: a Terraform configuration directory (with its state) or a
//! Packer template, loaded once, with expressions evaluated in its scope as
//! `terraform console` evaluates them there.

use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use pyo3::types::PyDict;
use terrace_config::module::{
    Language, LoadOptions, LoadedModule, ModuleDiagnostic, SourceFiles, load_module,
};
use terrace_config::packer::{
    LoadedTemplate, PackerOptions, is_packer_dir, is_packer_file, load_template,
};
use terrace_eval::{Diagnostics, Evaluator};
use terrace_types::Value;

use crate::convert::{to_python, var_text};
use crate::errors::{self, ConfigurationError, Diagnostic};
use crate::run;

/// What was loaded.
enum Loaded {
    Terraform(Box<LoadedModule>),
    Packer(Box<LoadedTemplate>),
}

/// A Terraform configuration directory (with its state, if it has one) or a
/// Packer template (a directory of `.pkr.hcl` files, or one such file),
/// loaded and evaluated as `terraform console` / `terrace --dir` loads it.
#[pyclass(module = "terrace", frozen)]
pub(crate) struct Module {
    path: PathBuf,
    loaded: Loaded,
    /// Where relative paths in function calls (`file("x")`) are resolved.
    base_dir: PathBuf,
}

#[pymethods]
impl Module {
    #[new]
    #[pyo3(signature = (path, variables = None, var_files = Vec::new(), state = None, workspace = None, schemas = None, language = None, backend_config = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        path: PathBuf,
        variables: Option<&Bound<'_, PyAny>>,
        var_files: Vec<PathBuf>,
        state: Option<PathBuf>,
        workspace: Option<String>,
        schemas: Option<PathBuf>,
        language: Option<&str>,
        backend_config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Module> {
        let language = match language {
            None => None,
            Some("terraform") => Some(Language::Terraform),
            Some("opentofu") => Some(Language::OpenTofu),
            Some(other) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "language must be \"terraform\" or \"opentofu\", not {other:?}"
                )));
            }
        };
        let mut vars = Vec::new();
        if let Some(variables) = variables {
            let dict = variables.cast::<PyDict>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(
                    "variables must be a dict of names to values",
                )
            })?;
            for (name, value) in dict.iter() {
                vars.push((name.extract::<String>()?, var_text(&value)?));
            }
        }
        // `{"bucket": "b", ...}` as `--backend-config KEY=VALUE` items, or a list of
        // `KEY=VALUE` items and files as on the command line.
        let mut backend_items = Vec::new();
        if let Some(config) = backend_config {
            if let Ok(dict) = config.cast::<PyDict>() {
                for (name, value) in dict.iter() {
                    backend_items.push(format!(
                        "{}={}",
                        name.extract::<String>()?,
                        var_text(&value)?
                    ));
                }
            } else {
                backend_items = config.extract::<Vec<String>>().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(
                        "backend_config must be a dict of settings or a list of KEY=VALUE items and files",
                    )
                })?;
            }
        }
        let packer = is_packer_file(&path) || is_packer_dir(&path);
        let loaded = if packer {
            let mut options = PackerOptions::from_process_env();
            options.vars = vars;
            options.var_files = var_files;
            let template = py.detach(|| load_template(&path, &options));
            Loaded::Packer(Box::new(template))
        } else {
            let mut options = LoadOptions::from_process_env();
            options.vars = vars;
            options.var_files = var_files;
            options.state_file = state;
            options.workspace_flag = workspace;
            options.schemas = schemas;
            options.backend_config = backend_items;
            // As the console chooses: OpenTofu's for a directory with `.tofu` files.
            options.language = language
                .or_else(|| Language::detect(&path))
                .unwrap_or_default();
            let module = py.detach(|| load_module(&path, &options));
            Loaded::Terraform(Box::new(module))
        };
        let base_dir = if path.is_dir() {
            path.clone()
        } else {
            path.parent()
                .filter(|parent| !parent.as_os_str().is_empty())
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        };
        let module = Module {
            path,
            loaded,
            base_dir,
        };
        let has_errors = match &module.loaded {
            Loaded::Terraform(m) => m.has_configuration_errors(),
            Loaded::Packer(t) => t.has_configuration_errors(),
        };
        if has_errors {
            let errors = module
                .all_diagnostics()
                .into_iter()
                .filter(|(found, _)| found.is_configuration_error())
                .map(|(_, diagnostic)| diagnostic)
                .collect();
            return Err(errors::with_diagnostics::<ConfigurationError>(py, errors));
        }
        Ok(module)
    }

    /// The path given.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// True for a Packer template.
    #[getter]
    fn is_packer(&self) -> bool {
        matches!(self.loaded, Loaded::Packer(_))
    }

    /// The language the configuration was read in: `"terraform"`, `"opentofu"` or
    /// `"packer"`.
    #[getter]
    fn language(&self) -> &'static str {
        match &self.loaded {
            Loaded::Terraform(module) => match module.language() {
                Language::Terraform => "terraform",
                Language::OpenTofu => "opentofu",
            },
            Loaded::Packer(_) => "packer",
        }
    }

    /// Evaluate `expr` in the configuration's scope (`var.x`, `local.y`,
    /// `module.z.out`, resources from the state), as `terraform console` does.
    fn evaluate(&self, py: Python<'_>, expr: &str) -> PyResult<Py<PyAny>> {
        let value = self.eval(py, expr)?;
        to_python(py, &value)
    }

    /// The type of `expr`'s value in the configuration's scope, as Terraform prints it.
    fn type_of(&self, py: Python<'_>, expr: &str) -> PyResult<String> {
        let value = self.eval(py, expr)?;
        Ok(terrace_types::format_type(value.ty()))
    }

    /// The input variables and their values, in declaration order.
    #[getter]
    fn variables<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pairs: Vec<(&str, &Value)> = match &self.loaded {
            Loaded::Terraform(m) => m
                .root()
                .variables
                .iter()
                .map(|v| (v.name.as_ref(), &v.value))
                .collect(),
            Loaded::Packer(t) => t
                .variables()
                .iter()
                .map(|v| (v.name.as_ref(), &v.value))
                .collect(),
        };
        dict(py, pairs)
    }

    /// The local values, in declaration order.
    #[getter]
    fn locals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pairs: Vec<(&str, &Value)> = match &self.loaded {
            Loaded::Terraform(m) => m
                .root()
                .locals
                .iter()
                .map(|(name, value)| (name.as_ref(), value))
                .collect(),
            Loaded::Packer(t) => t
                .locals()
                .iter()
                .map(|l| (l.name.as_ref(), &l.value))
                .collect(),
        };
        dict(py, pairs)
    }

    /// The outputs (from the state after an apply, as the console's `:outputs`
    /// shows them, else as configured); empty for a Packer template.
    #[getter]
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pairs: Vec<(&str, &Value)> = match &self.loaded {
            Loaded::Terraform(m) => m
                .root()
                .outputs
                .iter()
                .map(|o| (o.name.as_ref(), &o.value))
                .collect(),
            Loaded::Packer(_) => Vec::new(),
        };
        dict(py, pairs)
    }

    /// The addresses of the resources and data sources (`aws_instance.web`,
    /// `data.aws_ami.ubuntu`), or of a Packer template's sources (`amazon-ebs.x`).
    #[getter]
    fn resources(&self) -> Vec<String> {
        match &self.loaded {
            Loaded::Terraform(m) => m.root().resources.iter().map(|r| r.address()).collect(),
            Loaded::Packer(t) => t.sources().iter().map(|s| s.address()).collect(),
        }
    }

    /// A Packer template's sources: `TYPE.NAME` to the evaluated body; empty for Terraform.
    #[getter]
    fn sources<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let result = PyDict::new(py);
        if let Loaded::Packer(t) = &self.loaded {
            for source in t.sources() {
                result.set_item(source.address(), to_python(py, &source.value)?)?;
            }
        }
        Ok(result)
    }

    /// The configuration of a resource (or one instance, `aws_instance.web[0]`)
    /// after `count`, `for_each` and `dynamic`, as the console's `:blocks`
    /// prints it; `None` when no resource has that address (always for Packer).
    fn blocks(&self, address: &str) -> Option<String> {
        match &self.loaded {
            Loaded::Terraform(m) => m.render_blocks(address),
            Loaded::Packer(_) => None,
        }
    }

    /// The warnings, and the errors in values that did not stop the loading
    /// (a local that fails is unknown, as in the console).
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.all_diagnostics()
            .into_iter()
            .map(|(_, diagnostic)| diagnostic)
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("Module({:?})", self.path.display().to_string())
    }
}

impl Module {
    /// Evaluates `expr` in the configuration's scope, interruptibly.
    fn eval(&self, py: Python<'_>, expr: &str) -> PyResult<Value> {
        let parsed =
            terrace_syntax::parse_expr(expr).map_err(|e| errors::syntax_error(py, expr, &e))?;
        let result = run::interruptible(py, |flag| {
            let (evaluator, scope, mut found) = match &self.loaded {
                Loaded::Terraform(module) => {
                    let mut scope = module.scope().clone();
                    module.open_resources(&mut scope, &parsed);
                    let evaluator = Evaluator::with_functions(module.functions());
                    (evaluator, scope, module.reference_errors(&parsed))
                }
                Loaded::Packer(template) => (
                    Evaluator::with_functions(terrace_eval::functions::packer()),
                    template.scope().clone(),
                    Vec::new(),
                ),
            };
            let mut evaluator = evaluator.with_interrupt(flag);
            evaluator.context_mut().base_dir = self.base_dir.clone();
            match evaluator.eval(&parsed, &scope) {
                Ok(value) if found.is_empty() => Ok(value),
                Ok(_) => Err(Diagnostics(found)),
                Err(more) => {
                    found.extend(more);
                    Err(Diagnostics(found))
                }
            }
        })?;
        result.map_err(|found| errors::evaluation_error(py, expr, &found))
    }

    fn all_diagnostics(&self) -> Vec<(&ModuleDiagnostic, Diagnostic)> {
        let (files, found) = match &self.loaded {
            Loaded::Terraform(m) => (m.files(), m.diagnostics()),
            Loaded::Packer(t) => (t.files(), t.diagnostics()),
        };
        found
            .iter()
            .map(|d| (d, module_diagnostic(files, d)))
            .collect()
    }
}

/// One loader diagnostic, placed in its file.
fn module_diagnostic(files: &SourceFiles, found: &ModuleDiagnostic) -> Diagnostic {
    let d = &found.diagnostic;
    match found.file {
        Some(id) => {
            let file = files.get(id);
            let name = file.path.display().to_string();
            Diagnostic::at(
                d.severity,
                &d.summary,
                &d.detail,
                Some(&name),
                Some((&file.text, d.span)),
            )
        }
        None => Diagnostic::at(d.severity, &d.summary, &d.detail, None, None),
    }
}

/// A dict of names to Python values, in the order given.
fn dict<'py>(py: Python<'py>, pairs: Vec<(&str, &Value)>) -> PyResult<Bound<'py, PyDict>> {
    let result = PyDict::new(py);
    for (name, value) in pairs {
        result.set_item(name, to_python(py, value)?)?;
    }
    Ok(result)
}
