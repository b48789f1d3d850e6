//! `Function`: the declaration of one built-in function (parameters, result type, description, body).

use terrace_types::{Type, Value};

use super::context::CallContext;
use super::error::FunctionError;

/// One parameter of a function.
#[derive(Clone, Debug)]
pub struct Param {
    /// The parameter's name, as shown by `:doc` and in errors ("Invalid value for \"str\" parameter").
    pub name: &'static str,
    /// The type arguments are converted to before the call (`Type::Dynamic`: any type, unconverted).
    pub ty: Type,
    /// Whether a null argument reaches the body (otherwise: "argument must not be null").
    pub allow_null: bool,
    /// Whether an unknown argument reaches the body (otherwise the result is unknown, of the result type).
    pub allow_unknown: bool,
    /// Whether an argument whose type is not known (`Type::Dynamic` unknown) reaches the body.
    pub allow_dynamic_type: bool,
    /// Whether a marked (sensitive) argument reaches the body with its marks (otherwise marks
    /// are removed before the call and added to the result).
    pub allow_marked: bool,
}

impl Param {
    /// A parameter of type `ty` that allows neither null, unknown nor marked arguments.
    pub const fn new(name: &'static str, ty: Type) -> Param {
        Param {
            name,
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic_type: false,
            allow_marked: false,
        }
    }

    /// Also let null arguments reach the body.
    pub const fn allow_null(mut self) -> Param {
        self.allow_null = true;
        self
    }

    /// Also let unknown arguments reach the body.
    pub const fn allow_unknown(mut self) -> Param {
        self.allow_unknown = true;
        self.allow_dynamic_type = true;
        self
    }

    /// Also let arguments whose type is not known yet (type `any`, e.g. an unknown of unknown
    /// type) reach the type check, independently of [`Param::allow_unknown`] (cty's
    /// `AllowDynamicType`): an unknown result then has the declared result type. Without it
    /// such an argument makes the result type `any`.
    pub const fn allow_dynamic_type(mut self) -> Param {
        self.allow_dynamic_type = true;
        self
    }

    /// Undoes [`Param::allow_dynamic_type`], for a parameter that allows unknown values of
    /// known types but not arguments whose type is not known yet (call it after
    /// [`Param::allow_unknown`], which allows both).
    pub const fn refuse_dynamic_type(mut self) -> Param {
        self.allow_dynamic_type = false;
        self
    }

    /// Also let marked arguments reach the body with their marks.
    pub const fn allow_marked(mut self) -> Param {
        self.allow_marked = true;
        self
    }
}

/// Computes a call's result type from its (converted) arguments, which may be unknown.
pub type ReturnTypeFn = fn(&[Value]) -> Result<Type, FunctionError>;

/// Runs a call: arguments are converted, known and unmarked unless the parameter allows otherwise.
pub type ImplFn = fn(&CallContext, &[Value]) -> Result<Value, FunctionError>;

/// How a function's result type is found.
#[derive(Clone, Copy)]
pub enum ReturnType {
    /// Always this type.
    Static(fn() -> Type),
    /// Computed from the arguments.
    Dynamic(ReturnTypeFn),
}

/// A built-in function.
#[derive(Clone)]
pub struct Function {
    /// Its name, as called in expressions (`upper`); it also answers as `core::upper`.
    pub name: &'static str,
    /// Fixed parameters.
    pub params: Vec<Param>,
    /// The parameter that takes any number of further arguments, if any.
    pub variadic: Option<Param>,
    /// The result type.
    pub return_type: ReturnType,
    /// One paragraph for `:doc` and completion.
    pub description: &'static str,
    /// The body.
    pub implementation: ImplFn,
    /// True for functions whose result changes from call to call (`timestamp`, `uuid`, `bcrypt`).
    pub impure: bool,
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Function")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Function {
    /// A pure function with fixed parameters (no variadic one) whose result always has
    /// the type `result` returns.
    pub fn fixed(
        name: &'static str,
        params: Vec<Param>,
        result: fn() -> Type,
        description: &'static str,
        implementation: ImplFn,
    ) -> Function {
        Function {
            name,
            params,
            variadic: None,
            return_type: ReturnType::Static(result),
            description,
            implementation,
            impure: false,
        }
    }

    /// The signature as `:doc` shows it, e.g. `join(separator string, lists ...list(string)) string`.
    pub fn signature(&self) -> String {
        let mut parts: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("{} {}", p.name, type_label(&p.ty)))
            .collect();
        if let Some(v) = &self.variadic {
            parts.push(format!("{} ...{}", v.name, type_label(&v.ty)));
        }
        let ret = match self.return_type {
            ReturnType::Static(f) => type_label(&f()),
            ReturnType::Dynamic(_) => "dynamic".to_string(),
        };
        format!("{}({}) {}", self.name, parts.join(", "), ret)
    }
}

fn type_label(ty: &Type) -> String {
    match ty {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Dynamic => "any".into(),
        Type::List(e) => format!("list({})", type_label(e)),
        Type::Map(e) => format!("map({})", type_label(e)),
        Type::Set(e) => format!("set({})", type_label(e)),
        Type::Object(_) => "object".into(),
        Type::Tuple(_) => "tuple".into(),
        Type::TypeCapsule => "type".into(),
    }
}
