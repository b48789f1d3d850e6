//! What is under (or just before) the cursor, read from the line's text alone.
//!
//! The editor's buffer is often mid-edit and does not parse, so hover and completion find
//! their reference lexically: the line is scanned for what is code (not a comment, not the
//! literal text of a string; an interpolation is code again), and the static traversal
//! around the cursor is read from there (`var.x`, `module.m.out`, `aws_x.y[0].attr`,
//! `x["key"]`; in `local.list[count.index]` it is `local.list`, or `count.index` when the
//! cursor is in the brackets).

use std::ops::Range;

/// What hover or definition is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A static traversal, as written (`terraform_data.server[0].output.name`).
    Reference {
        /// Its text.
        text: String,
        /// Its byte range in the line's text.
        span: Range<usize>,
    },
    /// A function name in a call.
    Function {
        /// The name (`substr`, `provider::terraform::encode_expr`).
        name: String,
        /// Its byte range in the line's text.
        span: Range<usize>,
    },
}

/// Which bytes of `line` are code: not in a comment, not literal text of a string.
///
/// ```
/// use terrace_lsp::cursor::code_mask;
/// let mask = code_mask(r#"a = "x${b}" # c"#);
/// assert!(mask[0] && !mask[5] && mask[8] && !mask[14]);
/// ```
pub fn code_mask(line: &str) -> Vec<bool> {
    #[derive(Clone, Copy)]
    enum Ctx {
        Code(u32),
        Template,
    }
    let bytes = line.as_bytes();
    let mut mask = vec![false; bytes.len()];
    let mut stack = vec![Ctx::Code(0)];
    let mut in_block_comment = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let next = bytes.get(i + 1).copied();
        if in_block_comment {
            if b == b'*' && next == Some(b'/') {
                in_block_comment = false;
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        match stack.last().copied() {
            Some(Ctx::Template) => {
                match (b, next) {
                    (b'\\', _) => i += 1,
                    (b'"', _) => {
                        stack.pop();
                        mask[i] = true;
                    }
                    (b'$' | b'%', Some(b'{')) => {
                        stack.push(Ctx::Code(0));
                        mask[i] = true;
                        mask[i + 1] = true;
                        i += 1;
                    }
                    _ => {}
                }
                i += 1;
            }
            Some(Ctx::Code(depth)) => {
                match (b, next) {
                    (b'#', _) | (b'/', Some(b'/')) => break,
                    (b'/', Some(b'*')) => {
                        in_block_comment = true;
                        i += 2;
                        continue;
                    }
                    (b'"', _) => {
                        mask[i] = true;
                        stack.push(Ctx::Template);
                    }
                    (b'{', _) => {
                        mask[i] = true;
                        stack.pop();
                        stack.push(Ctx::Code(depth + 1));
                    }
                    (b'}', _) => {
                        mask[i] = true;
                        stack.pop();
                        if depth > 0 {
                            stack.push(Ctx::Code(depth - 1));
                        } else if stack.is_empty() {
                            stack.push(Ctx::Code(0));
                        }
                    }
                    _ => mask[i] = true,
                }
                i += 1;
            }
            None => {
                stack.push(Ctx::Code(0));
            }
        }
    }
    mask
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b >= 0x80
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

/// The identifier around byte `at` of `line` (code only): its range.
fn ident_around(line: &str, mask: &[bool], at: usize) -> Option<Range<usize>> {
    let bytes = line.as_bytes();
    if at >= bytes.len() || !mask[at] || !is_ident_byte(bytes[at]) {
        return None;
    }
    let mut start = at;
    while start > 0 && mask[start - 1] && is_ident_byte(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = at + 1;
    while end < bytes.len() && mask[end] && is_ident_byte(bytes[end]) {
        end += 1;
    }
    while start < end && !line.is_char_boundary(start) {
        start += 1;
    }
    while end < bytes.len() && !line.is_char_boundary(end) {
        end += 1;
    }
    (start < end).then_some(start..end)
}

/// The end of a constant index `[0]` or `["k"]` starting at `open` (a `[`), if it is one.
fn constant_index_end(line: &str, open: usize) -> Option<usize> {
    let rest = &line[open + 1..];
    let trimmed = rest.trim_start();
    let lead = rest.len() - trimmed.len();
    let len = if let Some(body) = trimmed.strip_prefix('"') {
        let mut escaped = false;
        let mut end = None;
        for (i, ch) in body.char_indices() {
            match ch {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = Some(i + 2);
                    break;
                }
                '$' | '%' if !escaped && body[i + 1..].starts_with('{') => return None,
                _ => escaped = false,
            }
        }
        end?
    } else {
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        digits
    };
    let after = &trimmed[len..];
    let close = after.len() - after.trim_start().len();
    after
        .trim_start()
        .starts_with(']')
        .then_some(open + 1 + lead + len + close + 1)
}

/// The start of the constant index that ends at `close` (a `]`), if it is one.
fn constant_index_start(line: &str, close: usize) -> Option<usize> {
    let open = line[..close].rfind('[')?;
    (constant_index_end(line, open) == Some(close + 1)).then_some(open)
}

/// The start of the traversal whose step or root is the identifier at `ident`.
fn traversal_start(line: &str, mask: &[bool], ident: Range<usize>) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut start = ident.start;
    while start > 0 && mask[start - 1] && bytes[start - 1] == b'.' {
        let mut end = start - 1;
        while end > 0 && bytes[end - 1] == b']' {
            end = constant_index_start(line, end - 1)?;
        }
        let before = ident_around(line, mask, end.checked_sub(1)?)?;
        start = before.start;
    }
    if !is_ident_start(bytes[start]) {
        return None;
    }
    Some(start)
}

/// The end of the static traversal whose root starts at `start`.
fn traversal_end(line: &str, mask: &[bool], start: usize) -> usize {
    let bytes = line.as_bytes();
    let Some(root) = ident_around(line, mask, start) else {
        return start;
    };
    let mut end = root.end;
    loop {
        match bytes.get(end) {
            Some(b'.') => match ident_around(line, mask, end + 1) {
                Some(step) if is_ident_start(bytes[end + 1]) => end = step.end,
                _ => {
                    let digits = bytes[end + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    if digits == 0 {
                        break;
                    }
                    end += 1 + digits;
                }
            },
            Some(b'[') => match constant_index_end(line, end) {
                Some(after) => end = after,
                None => break,
            },
            _ => break,
        }
    }
    end
}

/// What is at byte `at` of `line`: a reference or a function name; `None` in a comment,
/// in a string's text, on punctuation or a keyword of the syntax.
///
/// ```
/// use terrace_lsp::cursor::{Target, target_at};
/// let line = "  value = terraform_data.server[0].output.name";
/// match target_at(line, 37) {
///     Some(Target::Reference { text, .. }) => assert_eq!(text, "terraform_data.server[0].output.name"),
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn target_at(line: &str, at: usize) -> Option<Target> {
    let mask = code_mask(line);
    let ident = ident_around(line, &mask, at)?;
    // A namespaced function name: `provider::terraform::encode_expr(`.
    let bytes = line.as_bytes();
    let mut fn_start = ident.start;
    while fn_start >= 2 && &line[fn_start - 2..fn_start] == "::" {
        match ident_around(line, &mask, fn_start - 3) {
            Some(before) => fn_start = before.start,
            None => break,
        }
    }
    let mut fn_end = ident.end;
    while line[fn_end..].starts_with("::") {
        match ident_around(line, &mask, fn_end + 2) {
            Some(after) => fn_end = after.end,
            None => break,
        }
    }
    let after = line[fn_end..].trim_start();
    let before_ok = fn_start == 0 || !matches!(bytes[fn_start - 1], b'.' | b']');
    if after.starts_with('(') && before_ok {
        return Some(Target::Function {
            name: line[fn_start..fn_end].to_string(),
            span: fn_start..fn_end,
        });
    }
    if line[ident.clone()].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let start = traversal_start(line, &mask, ident)?;
    let end = traversal_end(line, &mask, start);
    let text = line[start..end].to_string();
    if matches!(
        text.as_str(),
        "true" | "false" | "null" | "for" | "in" | "if"
    ) {
        return None;
    }
    Some(Target::Reference {
        text,
        span: start..end,
    })
}

/// What is typed before a completion position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The names before the last `.`: `["module", "dns"]` for `module.dns.fq`.
    pub path: Vec<String>,
    /// The part of the last name typed so far (`fq`), maybe empty.
    pub prefix: String,
    /// Byte range of `prefix` in the line.
    pub prefix_span: Range<usize>,
    /// Whether only white space comes before the chain on the line (a block type or an
    /// argument name may be typed there).
    pub line_start: bool,
}

/// The chain typed just before byte `at` of `line`; `None` in a comment or a string's text.
///
/// ```
/// use terrace_lsp::cursor::typed_before;
/// let typed = typed_before("  probe = module.dns.", 21).unwrap();
/// assert_eq!(typed.path, ["module", "dns"]);
/// assert_eq!(typed.prefix, "");
/// ```
pub fn typed_before(line: &str, at: usize) -> Option<Typed> {
    let at = at.min(line.len());
    let mask = code_mask(line);
    if at > 0 && !mask[at - 1] {
        return None;
    }
    let bytes = line.as_bytes();
    let mut start = at;
    while start > 0 && mask[start - 1] && is_ident_byte(bytes[start - 1]) {
        start -= 1;
    }
    let prefix_span = start..at;
    let mut path = Vec::new();
    let mut chain_start = start;
    while chain_start > 0 && bytes[chain_start - 1] == b'.' {
        let dot = chain_start - 1;
        let mut name_end = dot;
        let mut index_step = false;
        while name_end > 0 && bytes[name_end - 1] == b']' {
            match constant_index_start(line, name_end - 1) {
                Some(open) => {
                    name_end = open;
                    index_step = true;
                }
                None => return None,
            }
        }
        let mut name_start = name_end;
        while name_start > 0 && mask[name_start - 1] && is_ident_byte(bytes[name_start - 1]) {
            name_start -= 1;
        }
        if name_start == name_end {
            return None;
        }
        if index_step {
            path.push(format!(
                "{}{}",
                &line[name_start..name_end],
                &line[name_end..dot]
            ));
        } else {
            path.push(line[name_start..name_end].to_string());
        }
        chain_start = name_start;
    }
    path.reverse();
    Some(Typed {
        path,
        prefix: line[prefix_span.clone()].to_string(),
        prefix_span,
        line_start: line[..chain_start].trim().is_empty(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(line: &str, at: usize) -> Option<String> {
        match target_at(line, at)? {
            Target::Reference { text, .. } => Some(text),
            Target::Function { name, .. } => Some(format!("fn {name}")),
        }
    }

    #[test]
    fn whole_traversals_from_any_step() {
        let line = "  value = terraform_data.server[0].output.name";
        for at in [10, 20, 25, 36, 43] {
            assert_eq!(
                reference(line, at).as_deref(),
                Some("terraform_data.server[0].output.name"),
                "{at}"
            );
        }
        assert_eq!(
            reference(r#"x = m["key"].a + 1"#, 4).as_deref(),
            Some(r#"m["key"].a"#)
        );
    }

    #[test]
    fn a_variable_index_ends_the_traversal() {
        let line = "zone = local.zone_ids[count.index]";
        assert_eq!(reference(line, 9).as_deref(), Some("local.zone_ids"));
        assert_eq!(reference(line, 24).as_deref(), Some("count.index"));
        assert_eq!(reference(line, 30).as_deref(), Some("count.index"));
    }

    #[test]
    fn interpolations_are_code_and_text_is_not() {
        let line = r#"  full_name = "${var.project}-${terraform.workspace}""#;
        assert_eq!(reference(line, 18).as_deref(), Some("var.project"));
        assert_eq!(reference(line, 33).as_deref(), Some("terraform.workspace"));
        let line = r#"  a = "plain var.text" # var.x"#;
        assert_eq!(reference(line, 12), None);
        assert_eq!(reference(line, 27), None);
    }

    #[test]
    fn function_names() {
        assert_eq!(
            reference("k = substr(var.api_key, 0, 2)", 5).as_deref(),
            Some("fn substr")
        );
        assert_eq!(
            reference("k = substr(var.api_key, 0, 2)", 12).as_deref(),
            Some("var.api_key")
        );
        assert_eq!(
            reference("x = provider::terraform::encode_expr(1)", 16).as_deref(),
            Some("fn provider::terraform::encode_expr")
        );
    }

    #[test]
    fn non_ascii_before_the_cursor() {
        let line = "  é = \"😀${local.word}\"";
        let at = line.find("word").unwrap_or(0);
        assert_eq!(reference(line, at).as_deref(), Some("local.word"));
    }

    #[test]
    fn typed_chains() {
        let typed = typed_before("  probe = var.", 14).unwrap();
        assert_eq!(
            (typed.path.as_slice(), typed.prefix.as_str()),
            (&["var".to_string()][..], "")
        );
        let typed = typed_before("  probe = forma", 15).unwrap();
        assert!(typed.path.is_empty());
        assert_eq!(typed.prefix, "forma");
        assert!(!typed.line_start);
        let typed = typed_before("  x = aws_x.y[0].", 17).unwrap();
        assert_eq!(typed.path, ["aws_x", "y[0]"]);
        let typed = typed_before("  desc", 6).unwrap();
        assert!(typed.line_start);
        assert_eq!(typed_before("  # var.", 8), None);
    }
}
