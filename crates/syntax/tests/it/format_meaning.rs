//! The formatter's safety property, shared by the syntax tests and the `format` fuzz target:
//! formatted text parses to the same tree, keeps every comment in order, and formats to itself.

use terrace_syntax::{Body, BodyItem, TokenKind, dump, format, parse_body, tokenize};
use unicode_normalization::UnicodeNormalization;

/// Check that `formatted` (the formatter's output for `src`) means what `src` means.
///
/// Terraform's rewrites are the only differences allowed: `"${x}"` becomes `x` (or `(x)`),
/// a top-level variable's legacy `type` becomes a type expression, and labels become quoted
/// (compared in NFC, as Terraform writes them).
pub fn check_meaning(src: &str, formatted: &str) -> Result<(), String> {
    let (before, before_errors) = parse_body(src);
    if !before_errors.is_empty() {
        return Err("the input does not parse".to_string());
    }
    let (after, errors) = parse_body(formatted);
    if let Some(error) = errors.first() {
        return Err(format!("the output does not parse: {error}"));
    }
    same_body(&before, &after, &mut Vec::new())?;
    let (old, new) = (comments(src), comments(formatted));
    if old != new {
        return Err(format!("comments differ:\n{old:?}\n{new:?}"));
    }
    match format(formatted) {
        Ok(again) if again == formatted => Ok(()),
        // Terraform unwraps one level of `"${…}"` per run (`"${"${x}"}"` takes two runs), and
        // so does terrace: a second run may unwrap again, and a third changes nothing.
        Ok(again)
            if format(&again).as_deref() == Ok(again.as_str()) && again.len() < formatted.len() =>
        {
            Ok(())
        }
        Ok(again) => Err(format!("not idempotent:\n{formatted}\n---\n{again}")),
        Err(_) => Err("the output does not format".to_string()),
    }
}

fn comments(src: &str) -> Vec<&str> {
    tokenize(src)
        .into_iter()
        .filter(|token| token.kind == TokenKind::Comment)
        .map(|token| &src[token.span.range()])
        .collect()
}

fn same_body(before: &Body, after: &Body, blocks: &mut Vec<String>) -> Result<(), String> {
    if before.items.len() != after.items.len() {
        return Err(format!(
            "{} items became {}",
            before.items.len(),
            after.items.len()
        ));
    }
    for (old, new) in before.items.iter().zip(&after.items) {
        match (old, new) {
            (BodyItem::Attribute(old), BodyItem::Attribute(new)) => {
                if old.name.name != new.name.name {
                    return Err(format!(
                        "attribute {} became {}",
                        old.name.name, new.name.name
                    ));
                }
                let (old_dump, new_dump) = (dump(&old.expr), dump(&new.expr));
                let is_type =
                    blocks.len() == 1 && blocks[0] == "variable" && &*old.name.name == "type";
                if !same_expr(&old_dump, &new_dump, is_type) {
                    return Err(format!("{}: {old_dump} became {new_dump}", old.name.name));
                }
            }
            (BodyItem::Block(old), BodyItem::Block(new)) => {
                let labels = |block: &terrace_syntax::Block| {
                    block
                        .labels
                        .iter()
                        .map(|label| label.value.stream_safe().nfc().collect::<String>())
                        .collect::<Vec<_>>()
                };
                if old.block_type.name != new.block_type.name || labels(old) != labels(new) {
                    return Err(format!(
                        "block {} changed its type or labels",
                        old.block_type.name
                    ));
                }
                blocks.push(old.block_type.name.to_string());
                same_body(&old.body, &new.body, blocks)?;
                blocks.pop();
            }
            _ => return Err("an attribute became a block or back".to_string()),
        }
    }
    Ok(())
}

/// Equal dumps, or one of Terraform's rewrites.
fn same_expr(old: &str, new: &str, is_type: bool) -> bool {
    if old == new {
        return true;
    }
    if let Some(inner) = old
        .strip_prefix("(template (interp ")
        .and_then(|rest| rest.strip_suffix("))"))
        && (new == inner || new == format!("(paren {inner})"))
    {
        return true;
    }
    is_type
        && matches!(
            (old, new),
            ("\"string\"", "string")
                | ("\"list\"", "(call list string)")
                | ("\"map\"", "(call map string)")
                | ("list", "(call list any)")
                | ("map", "(call map any)")
                | ("set", "(call set any)")
        )
}
