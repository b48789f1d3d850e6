//! `regex`, `regexall` and the regular-expression form of `replace`: Go's RE2 syntax,
//! translated to the `regex` crate's dialect, with Go's match iteration and `$` expansion.
//!
//! The translation keeps Go's meaning where the dialects differ: `\d \s \w \b` are ASCII
//! only, `\Q...\E` quotes, `[` inside a class is a plain character, a `{` that does not
//! start a valid repetition is a plain character, octal escapes work, duplicate group names
//! are allowed. Go's syntax errors (missing `)`, bad repetition counts, invalid escapes...)
//! are found here and reported in Go's words.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use terrace_types::{Type, Value};

use super::args::str_arg;
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::string::{MAX_RESULT_LEN, too_long};
use super::table::FunctionTable;

/// Adds `regex` and `regexall` to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let params = || {
        vec![
            Param::new("pattern", Type::String),
            Param::new("string", Type::String),
        ]
    };
    table.insert(Function {
        name: "regex",
        params: params(),
        variadic: None,
        return_type: ReturnType::Dynamic(regex_type),
        description: "Applies a regular expression (RE2 syntax) to a string and returns the first \
                      match: the matched text, a list of the capture groups, or an object of the \
                      named capture groups. Fails when nothing matches.",
        implementation: regex,
        impure: false,
    });
    table.insert(Function {
        name: "regexall",
        params: params(),
        variadic: None,
        return_type: ReturnType::Dynamic(regexall_type),
        description: "Applies a regular expression (RE2 syntax) to a string and returns a list of \
                      all its non-overlapping matches, each shaped as `regex` shapes one.",
        implementation: regexall,
        impure: false,
    });
}

fn regex_type(args: &[Value]) -> Result<Type, FunctionError> {
    match args[0].as_str() {
        None => Ok(Type::Dynamic),
        Some(pattern) => result_type(pattern),
    }
}

fn regexall_type(args: &[Value]) -> Result<Type, FunctionError> {
    regex_type(args).map(Type::list)
}

/// The shape of one match: the matched text, a tuple of the groups or an object of the
/// named groups.
fn result_type(pattern: &str) -> Result<Type, FunctionError> {
    let re = compile(pattern).map_err(|e| FunctionError::arg(0, e.for_pattern_param()))?;
    let unnamed = re.names.iter().skip(1).filter(|n| n.is_none()).count();
    let named: Vec<&str> = re
        .names
        .iter()
        .skip(1)
        .flatten()
        .map(String::as_str)
        .collect();
    match (unnamed, named.len()) {
        (0, 0) => Ok(Type::String),
        (_, 0) => Ok(Type::tuple(vec![Type::String; unnamed])),
        (0, _) => Ok(Type::object(named.into_iter().map(|n| (n, Type::String)))),
        _ => Err(FunctionError::arg(
            0,
            "invalid regexp pattern: cannot mix both named and unnamed capture groups",
        )),
    }
}

fn regex(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let pattern = str_arg(args, 0);
    let s = str_arg(args, 1);
    let ty = result_type(pattern)?;
    let re = compile(pattern).map_err(|e| FunctionError::arg(0, e.for_pattern_param()))?;
    let caps = re
        .regex
        .captures(s)
        .ok_or_else(|| FunctionError::new("pattern did not match any part of the given string"))?;
    Ok(match_value(&re, &caps, &ty))
}

fn regexall(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let pattern = str_arg(args, 0);
    let s = str_arg(args, 1);
    let ty = result_type(pattern)?;
    let re = compile(pattern).map_err(|e| FunctionError::arg(0, e.for_pattern_param()))?;
    let mut matches = Vec::new();
    // Go's iteration: an empty match right after the previous match is skipped, and the
    // search always moves on by at least one character.
    let mut pos = 0;
    let mut prev_end = None;
    while pos <= s.len() {
        let Some(caps) = re.regex.captures_at(s, pos) else {
            break;
        };
        let whole = caps.get(0).expect("invariant: group 0 is the whole match");
        let mut accept = true;
        if whole.end() == pos {
            if Some(whole.start()) == prev_end {
                accept = false;
            }
            pos += char_width_at(s, pos).max(1);
        } else {
            pos = whole.end();
        }
        prev_end = Some(whole.end());
        if accept {
            matches.push(match_value(&re, &caps, &ty));
        }
    }
    Ok(Value::list(ty, matches))
}

fn char_width_at(s: &str, pos: usize) -> usize {
    s[pos..].chars().next().map_or(0, char::len_utf8)
}

fn match_value(re: &GoRegex, caps: &::regex::Captures<'_>, ty: &Type) -> Value {
    let group = |i: usize| {
        caps.get(i)
            .map_or(Value::null(Type::String), |m| Value::string(m.as_str()))
    };
    match ty {
        Type::Tuple(_) => Value::tuple((1..re.names.len()).map(group)),
        Type::Object(_) => {
            // A name used twice keeps the value of its last group.
            let mut attrs: HashMap<&str, Value> = HashMap::new();
            for (i, name) in re.names.iter().enumerate().skip(1) {
                if let Some(name) = name {
                    attrs.insert(name, group(i));
                }
            }
            Value::object(attrs)
        }
        _ => group(0),
    }
}

/// Replaces every match of `pattern` in `s` with `template`, expanding `$1`, `${1}`,
/// `$name`, `${name}` and `$$` as Go's `Regexp.ReplaceAllString` does.
pub(super) fn replace_all(s: &str, pattern: &str, template: &str) -> Result<String, FunctionError> {
    let re = compile(pattern).map_err(|e| FunctionError::new(e.go_error()))?;
    let mut out = String::new();
    let mut last_end = 0;
    let mut search = 0;
    while search <= s.len() {
        let Some(caps) = re.regex.captures_at(s, search) else {
            break;
        };
        let whole = caps.get(0).expect("invariant: group 0 is the whole match");
        out.push_str(&s[last_end..whole.start()]);
        // No replacement for an empty match right after the previous match.
        if whole.end() > last_end || whole.start() == 0 {
            expand(&re, &caps, template, &mut out);
        }
        if out.len() > MAX_RESULT_LEN {
            return Err(too_long());
        }
        last_end = whole.end();
        let width = char_width_at(s, search);
        search = if search + width > whole.end() {
            search + width
        } else if search + 1 > whole.end() {
            search + 1
        } else {
            whole.end()
        };
    }
    out.push_str(&s[last_end..]);
    if out.len() > MAX_RESULT_LEN {
        return Err(too_long());
    }
    Ok(out)
}

/// Go's `Regexp.Expand` for one match.
fn expand(re: &GoRegex, caps: &::regex::Captures<'_>, template: &str, out: &mut String) {
    let mut rest = template;
    while let Some(dollar) = rest.find('$') {
        out.push_str(&rest[..dollar]);
        rest = &rest[dollar + 1..];
        if let Some(after) = rest.strip_prefix('$') {
            out.push('$');
            rest = after;
            continue;
        }
        let Some((name, after)) = extract_reference(rest) else {
            out.push('$'); // malformed: the `$` is plain text
            continue;
        };
        rest = after;
        // A number names one group; a name, the first group of that name that matched.
        let found = match group_number(name) {
            Some(i) => caps.get(i),
            None => re
                .names
                .iter()
                .enumerate()
                .filter(|(_, n)| n.as_deref() == Some(name))
                .find_map(|(i, _)| caps.get(i)),
        };
        if let Some(m) = found {
            out.push_str(m.as_str());
        }
    }
    out.push_str(rest);
}

/// Reads `name` or `{name}` (letters, digits and `_`) after a `$`.
fn extract_reference(s: &str) -> Option<(&str, &str)> {
    let (braced, body) = match s.strip_prefix('{') {
        Some(body) => (true, body),
        None => (false, s),
    };
    let end = body
        .char_indices()
        .find(|(_, c)| !(c.is_alphabetic() || c.is_numeric() || *c == '_'))
        .map_or(body.len(), |(i, _)| i);
    if end == 0 {
        return None;
    }
    let name = &body[..end];
    let rest = &body[end..];
    if braced {
        return rest.strip_prefix('}').map(|rest| (name, rest));
    }
    Some((name, rest))
}

/// A reference that is a group number: ASCII digits, no leading zero, below 10^8.
fn group_number(name: &str) -> Option<usize> {
    if !name.bytes().all(|b| b.is_ascii_digit()) || name.len() > 8 {
        return None;
    }
    if name.len() > 1 && name.starts_with('0') {
        return None;
    }
    name.parse().ok()
}

/// A compiled pattern and the Go names of its groups (index 0 is the whole match).
#[derive(Debug)]
struct GoRegex {
    regex: ::regex::Regex,
    names: Vec<Option<String>>,
}

/// A Go `regexp/syntax` error: its code (e.g. `missing closing )`) and the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GoSyntaxError {
    code: String,
    expr: String,
}

impl GoSyntaxError {
    fn new(code: &str, expr: &str) -> GoSyntaxError {
        GoSyntaxError {
            code: code.to_string(),
            expr: expr.to_string(),
        }
    }

    /// The message `regex` and `regexall` give for a bad pattern.
    fn for_pattern_param(&self) -> String {
        format!("invalid regexp pattern: {} in {}", self.code, self.expr)
    }

    /// Go's own message, which `replace` gives.
    fn go_error(&self) -> String {
        format!("error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

const CACHE_SIZE: usize = 64;

thread_local! {
    static CACHE: RefCell<HashMap<String, Result<Arc<GoRegex>, GoSyntaxError>>> =
        RefCell::new(HashMap::new());
}

/// Compiles a Go pattern, remembering the last few patterns compiled on this thread.
fn compile(pattern: &str) -> Result<Arc<GoRegex>, GoSyntaxError> {
    if let Some(hit) = CACHE.with(|c| c.borrow().get(pattern).cloned()) {
        return hit;
    }
    let compiled = compile_uncached(pattern).map(Arc::new);
    CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(pattern.to_string(), compiled.clone());
    });
    compiled
}

fn compile_uncached(pattern: &str) -> Result<GoRegex, GoSyntaxError> {
    let translated = Translator::new(pattern).run()?;
    let regex = ::regex::Regex::new(&translated.pattern).map_err(|e| rust_error(pattern, &e))?;
    Ok(GoRegex {
        regex,
        names: translated.names,
    })
}

/// A Go-style error for what the `regex` crate refused after translation.
fn rust_error(pattern: &str, e: &::regex::Error) -> GoSyntaxError {
    match e {
        ::regex::Error::CompiledTooBig(_) => GoSyntaxError::new("expression too large", pattern),
        _ => {
            let text = e.to_string();
            let last = text
                .lines()
                .rev()
                .find_map(|l| l.strip_prefix("error: "))
                .unwrap_or(&text);
            let code = if last.contains("nest limit") {
                "expression nests too deeply"
            } else if last.contains("Unicode") || last.contains("class") {
                "invalid character class range"
            } else if last.contains("repetition") {
                "missing argument to repetition operator"
            } else if last.contains("escape") {
                "invalid escape sequence"
            } else {
                last
            };
            GoSyntaxError::new(code, pattern)
        }
    }
}

struct Translated {
    pattern: String,
    names: Vec<Option<String>>,
}

/// Rewrites a Go pattern into the `regex` crate's syntax, checking Go's rules on the way.
struct Translator<'a> {
    pat: &'a str,
    pos: usize,
    out: String,
    names: Vec<Option<String>>,
    rust_names: HashSet<String>,
    depth: usize,
    /// Where the repetition operator just before the current token started, if any.
    last_repeat: Option<usize>,
    /// Whether there is something a repetition operator could apply to.
    has_operand: bool,
    /// Whether a flag group turning on `i` came before: classes then fold as Go folds.
    may_fold: bool,
}

const MAX_NESTING: usize = 1000;
const MAX_REPEAT: i64 = 1000;

/// Go's (ASCII) Perl classes, as a class of their own and as class contents.
fn perl_class(c: char) -> Option<(&'static str, &'static str)> {
    Some(match c {
        'd' => ("[0-9]", "0-9"),
        'D' => ("[^0-9]", "[^0-9]"),
        's' => ("[\\t\\n\\x0C\\r ]", "\\t\\n\\x0C\\r\\x20"),
        'S' => ("[^\\t\\n\\x0C\\r ]", "[^\\t\\n\\x0C\\r\\x20]"),
        'w' => ("[0-9A-Za-z_]", "0-9A-Za-z_"),
        'W' => ("[^0-9A-Za-z_]", "[^0-9A-Za-z_]"),
        _ => return None,
    })
}

const POSIX_CLASSES: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

impl<'a> Translator<'a> {
    fn new(pat: &'a str) -> Translator<'a> {
        Translator {
            pat,
            pos: 0,
            out: String::with_capacity(pat.len() + 16),
            names: vec![None],
            rust_names: HashSet::new(),
            depth: 0,
            last_repeat: None,
            has_operand: false,
            may_fold: false,
        }
    }

    fn rest(&self) -> &'a str {
        &self.pat[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn run(mut self) -> Result<Translated, GoSyntaxError> {
        while let Some(c) = self.peek() {
            let start = self.pos;
            let mut repeat_start = None;
            match c {
                '(' => self.open_group()?,
                ')' => {
                    if self.depth == 0 {
                        return Err(GoSyntaxError::new("unexpected )", self.pat));
                    }
                    self.bump();
                    self.depth -= 1;
                    self.out.push(')');
                    self.has_operand = true;
                }
                '|' => {
                    self.bump();
                    self.out.push('|');
                    self.has_operand = false;
                }
                '*' | '+' | '?' => {
                    self.bump();
                    self.repetition(start, &c.to_string())?;
                    repeat_start = Some(start);
                }
                '{' => {
                    if let Some((min, max, text)) = self.counted_repeat() {
                        if !(0..=MAX_REPEAT).contains(&min)
                            || max > MAX_REPEAT
                            || (max >= 0 && min > max)
                        {
                            return Err(GoSyntaxError::new("invalid repeat count", text));
                        }
                        self.repetition(start, text)?;
                        repeat_start = Some(start);
                    } else {
                        self.bump();
                        self.out.push_str("\\{");
                        self.has_operand = true;
                    }
                }
                '[' => {
                    self.class()?;
                    self.has_operand = true;
                }
                '\\' => self.escape()?,
                '.' | '^' | '$' => {
                    self.bump();
                    self.out.push(c);
                    self.has_operand = true;
                }
                _ => {
                    self.bump();
                    push_literal(&mut self.out, c);
                    self.has_operand = true;
                }
            }
            self.last_repeat = repeat_start;
        }
        if self.depth > 0 {
            return Err(GoSyntaxError::new("missing closing )", self.pat));
        }
        Ok(Translated {
            pattern: self.out,
            names: self.names,
        })
    }

    /// A repetition operator whose text (without a trailing `?`) started at `start`.
    fn repetition(&mut self, start: usize, text: &str) -> Result<(), GoSyntaxError> {
        let mut op = text.to_string();
        if self.peek() == Some('?') {
            self.bump();
            op.push('?');
        }
        if let Some(previous) = self.last_repeat {
            return Err(GoSyntaxError::new(
                "invalid nested repetition operator",
                &self.pat[previous..self.pos],
            ));
        }
        if !self.has_operand {
            return Err(GoSyntaxError::new(
                "missing argument to repetition operator",
                &self.pat[start..self.pos],
            ));
        }
        self.out.push_str(&op);
        Ok(())
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position: (min, max or -1, text), consumed.
    /// None (nothing consumed) when the `{` is a plain character.
    fn counted_repeat(&mut self) -> Option<(i64, i64, &'a str)> {
        let rest = self.rest();
        let body = rest.strip_prefix('{')?;
        let (min, after_min) = go_repeat_int(body)?;
        let (max, after) = if let Some(after_comma) = after_min.strip_prefix(',') {
            if after_comma.starts_with('}') {
                (-1, after_comma)
            } else {
                let (max, after_max) = go_repeat_int(after_comma)?;
                (max, after_max)
            }
        } else {
            (min, after_min)
        };
        let after = after.strip_prefix('}')?;
        let len = rest.len() - after.len();
        let text = &rest[..len];
        self.pos += len;
        // A too big maximum makes the minimum invalid too (Go's rule).
        let min = if max < -1 { -1 } else { min };
        Some((min, max, text))
    }

    fn open_group(&mut self) -> Result<(), GoSyntaxError> {
        if self.depth >= MAX_NESTING {
            return Err(GoSyntaxError::new("expression nests too deeply", self.pat));
        }
        let rest = self.rest();
        if let Some(after) = rest
            .strip_prefix("(?P<")
            .or_else(|| rest.strip_prefix("(?<"))
        {
            let Some(end) = after.find('>') else {
                return Err(GoSyntaxError::new("invalid named capture", rest));
            };
            let name = &after[..end];
            let capture = &rest[..rest.len() - after.len() + end + 1];
            let valid =
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            if !valid {
                return Err(GoSyntaxError::new("invalid named capture", capture));
            }
            self.pos += capture.len();
            let index = self.names.len();
            // Rust wants unique names that do not start with a digit.
            let rust_name = if name.as_bytes()[0].is_ascii_digit() || self.rust_names.contains(name)
            {
                format!("__terrace_group_{index}")
            } else {
                name.to_string()
            };
            self.rust_names.insert(rust_name.clone());
            self.names.push(Some(name.to_string()));
            self.out.push_str("(?P<");
            self.out.push_str(&rust_name);
            self.out.push('>');
            self.depth += 1;
            self.has_operand = false;
            return Ok(());
        }
        if rest.starts_with("(?") {
            return self.flags_group();
        }
        self.bump();
        self.names.push(None);
        self.out.push('(');
        self.depth += 1;
        self.has_operand = false;
        Ok(())
    }

    /// `(?flags)` or `(?flags:`, flags among `imsU` with one optional `-`.
    fn flags_group(&mut self) -> Result<(), GoSyntaxError> {
        let start = self.pos;
        self.pos += 2;
        let mut negated = false;
        let mut saw_flag = false;
        loop {
            let Some(c) = self.bump() else {
                return Err(GoSyntaxError::new(
                    "invalid or unsupported Perl syntax",
                    &self.pat[start..self.pos],
                ));
            };
            match c {
                'i' | 'm' | 's' | 'U' => {
                    saw_flag = true;
                    self.may_fold |= c == 'i' && !negated;
                }
                '-' if !negated => {
                    negated = true;
                    saw_flag = false;
                }
                ':' | ')' if !negated || saw_flag => {
                    let text = &self.pat[start..self.pos];
                    if text == "(?)" {
                        // Go accepts an empty flag group; it changes nothing.
                    } else {
                        self.out.push_str(text);
                    }
                    if c == ':' {
                        self.depth += 1;
                        self.has_operand = false;
                    }
                    return Ok(());
                }
                _ => {
                    return Err(GoSyntaxError::new(
                        "invalid or unsupported Perl syntax",
                        &self.pat[start..self.pos],
                    ));
                }
            }
        }
    }

    fn escape(&mut self) -> Result<(), GoSyntaxError> {
        let start = self.pos;
        self.bump();
        let Some(c) = self.peek() else {
            return Err(GoSyntaxError::new(
                "trailing backslash at end of expression",
                "",
            ));
        };
        match c {
            'A' | 'z' => {
                self.bump();
                self.out.push('\\');
                self.out.push(c);
                self.has_operand = true;
            }
            'b' | 'B' => {
                self.bump();
                self.out
                    .push_str(if c == 'b' { "(?-u:\\b)" } else { "(?-u:\\B)" });
                self.has_operand = true;
            }
            'C' => {
                self.bump();
                return Err(GoSyntaxError::new("invalid escape sequence", "\\C"));
            }
            'Q' => {
                self.bump();
                let rest = self.rest();
                let (literal, consumed) = match rest.find("\\E") {
                    Some(i) => (&rest[..i], i + 2),
                    None => (rest, rest.len()),
                };
                self.pos += consumed;
                for l in literal.chars() {
                    push_literal(&mut self.out, l);
                }
                if !literal.is_empty() {
                    self.has_operand = true;
                }
            }
            'p' | 'P' => {
                let (text, go_folds) = self.unicode_class(start)?;
                if self.may_fold && go_folds {
                    self.out.push_str(&super::regex_fold::class_as_in_go(&text));
                } else if self.may_fold {
                    self.out.push_str(&format!("(?-i:{text})"));
                } else {
                    self.out.push_str(&text);
                }
                self.has_operand = true;
            }
            _ => {
                if let Some((outside, _)) = perl_class(c) {
                    self.bump();
                    self.out.push_str(outside);
                } else {
                    self.pos = start;
                    let literal = self.escaped_char()?;
                    push_literal(&mut self.out, literal);
                }
                self.has_operand = true;
            }
        }
        Ok(())
    }

    /// `\pL`, `\p{Greek}`, `\P{^Greek}` starting at `start` (the backslash): its text, and
    /// whether Go folds it under `(?i)`.
    fn unicode_class(&mut self, start: usize) -> Result<(String, bool), GoSyntaxError> {
        let invalid =
            |t: &Self| GoSyntaxError::new("invalid character class range", &t.pat[start..]);
        let negated = self.pat[start..].starts_with("\\P");
        self.pos = start + 2;
        let name = match self.peek() {
            None => return Err(invalid(self)),
            Some('{') => {
                let Some(end) = self.rest().find('}') else {
                    return Err(invalid(self));
                };
                let name = &self.pat[self.pos + 1..self.pos + end];
                self.pos += end + 1;
                name
            }
            Some(c) => {
                self.bump();
                &self.pat[self.pos - c.len_utf8()..self.pos]
            }
        };
        // Go writes a negated name as `\p{^Greek}`; the regex crate as `\P{Greek}`.
        let (negated, name) = match name.strip_prefix('^') {
            Some(rest) => (!negated, rest),
            None => (negated, name),
        };
        if !super::regex_property::go_knows(name) {
            return Err(GoSyntaxError::new(
                "invalid character class range",
                &self.pat[start..self.pos],
            ));
        }
        if super::regex_property::is_surrogates(name) {
            // No character, or every character: a class the regex crate accepts.
            let class = if negated {
                "[\\x{0}-\\x{10FFFF}]"
            } else {
                "[^\\x{0}-\\x{10FFFF}]"
            };
            return Ok((class.to_string(), true));
        }
        Ok((
            super::regex_property::as_in_go(name, negated),
            super::regex_property::go_folds(name),
        ))
    }

    /// One escaped character (Go's `parseEscape`), the backslash at the current position.
    fn escaped_char(&mut self) -> Result<char, GoSyntaxError> {
        let start = self.pos;
        self.bump();
        let invalid =
            |t: &Self| GoSyntaxError::new("invalid escape sequence", &t.pat[start..t.pos]);
        let Some(c) = self.bump() else {
            return Err(GoSyntaxError::new(
                "trailing backslash at end of expression",
                "",
            ));
        };
        match c {
            '1'..='7' if !self.peek().is_some_and(|d| ('0'..='7').contains(&d)) => {
                Err(invalid(self))
            }
            '0'..='7' => {
                let mut value = c as u32 - '0' as u32;
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ '0'..='7') => {
                            self.bump();
                            value = value * 8 + (d as u32 - '0' as u32);
                        }
                        _ => break,
                    }
                }
                char::from_u32(value).ok_or_else(|| invalid(self))
            }
            'x' => {
                if self.peek() == Some('{') {
                    self.bump();
                    let mut value: u32 = 0;
                    let mut n_digits = 0;
                    loop {
                        match self.bump() {
                            Some('}') if n_digits > 0 => break,
                            Some(d) if d.is_ascii_hexdigit() => {
                                n_digits += 1;
                                value = value
                                    .saturating_mul(16)
                                    .saturating_add(d.to_digit(16).unwrap_or(0));
                                if value > 0x10FFFF {
                                    return Err(invalid(self));
                                }
                            }
                            _ => return Err(invalid(self)),
                        }
                    }
                    char::from_u32(value).ok_or_else(|| invalid(self))
                } else {
                    let hi = self.bump().and_then(|d| d.to_digit(16));
                    let lo = self.bump().and_then(|d| d.to_digit(16));
                    match (hi, lo) {
                        (Some(hi), Some(lo)) => {
                            char::from_u32(hi * 16 + lo).ok_or_else(|| invalid(self))
                        }
                        _ => Err(invalid(self)),
                    }
                }
            }
            'a' => Ok('\u{7}'),
            'f' => Ok('\u{c}'),
            'n' => Ok('\n'),
            'r' => Ok('\r'),
            't' => Ok('\t'),
            'v' => Ok('\u{b}'),
            c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok(c),
            _ => Err(invalid(self)),
        }
    }

    /// A bracketed class, the `[` at the current position.
    fn class(&mut self) -> Result<(), GoSyntaxError> {
        let class_start = self.pos;
        let missing = |t: &Self| GoSyntaxError::new("missing closing ]", &t.pat[class_start..]);
        self.bump();
        let out_start = self.out.len();
        self.out.push('[');
        if self.peek() == Some('^') {
            self.bump();
            self.out.push('^');
        }
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(missing(self));
            };
            if c == ']' && !first {
                self.bump();
                self.out.push(']');
                if self.may_fold {
                    let class = self.out.split_off(out_start);
                    self.out
                        .push_str(&super::regex_fold::class_as_in_go(&class));
                }
                return Ok(());
            }
            first = false;
            let rest = self.rest();
            if let Some(after) = rest.strip_prefix("[:")
                && let Some(end) = after.find(":]")
            {
                let name = &rest[..end + 4];
                let bare = &name[2..name.len() - 2];
                let bare = bare.strip_prefix('^').unwrap_or(bare);
                if !POSIX_CLASSES.contains(&bare) {
                    return Err(GoSyntaxError::new("invalid character class range", name));
                }
                self.pos += name.len();
                self.out.push_str(name);
                continue;
            }
            if rest.starts_with("\\p") || rest.starts_with("\\P") {
                let start = self.pos;
                let (text, _) = self.unicode_class(start)?;
                self.out.push_str(&text);
                continue;
            }
            if let Some(inside) = rest
                .strip_prefix('\\')
                .and_then(|r| r.chars().next())
                .and_then(perl_class)
                .map(|(_, inside)| inside)
            {
                self.pos += 2;
                self.out.push_str(inside);
                continue;
            }
            let range_start = self.pos;
            let lo = self.class_char(class_start)?;
            let rest = self.rest();
            if rest.starts_with('-') && !rest[1..].starts_with(']') && rest.len() > 1 {
                self.bump();
                let hi = self.class_char(class_start)?;
                if hi < lo {
                    return Err(GoSyntaxError::new(
                        "invalid character class range",
                        &self.pat[range_start..self.pos],
                    ));
                }
                push_class_char(&mut self.out, lo);
                self.out.push('-');
                push_class_char(&mut self.out, hi);
            } else {
                push_class_char(&mut self.out, lo);
            }
        }
    }

    fn class_char(&mut self, class_start: usize) -> Result<char, GoSyntaxError> {
        match self.peek() {
            None => Err(GoSyntaxError::new(
                "missing closing ]",
                &self.pat[class_start..],
            )),
            Some('\\') => self.escaped_char(),
            Some(c) => {
                self.bump();
                Ok(c)
            }
        }
    }
}

/// Go's repetition count: digits without a leading zero; 10^8 or more counts as invalid (-1).
fn go_repeat_int(s: &str) -> Option<(i64, &str)> {
    let n_digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if n_digits == 0 || (n_digits >= 2 && s.starts_with('0')) {
        return None;
    }
    let mut value: i64 = 0;
    for d in s[..n_digits].bytes() {
        if value >= 100_000_000 {
            value = -2;
            break;
        }
        value = value * 10 + i64::from(d - b'0');
    }
    // -2 marks "too big" so the caller can tell it from "no maximum" (-1).
    Some((if value == -2 { -2 } else { value }, &s[n_digits..]))
}

/// A character outside a class, escaped if the `regex` crate would read it as syntax, and
/// never folded if Go's case folding leaves it alone where the regex crate's does not.
fn push_literal(out: &mut String, c: char) {
    if super::regex_fold::fold_changed(c) {
        out.push_str(&format!("(?-i:{c})"));
    } else if c.is_ascii() && !c.is_ascii_alphanumeric() && c != '_' && c != ' ' {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// A character inside a class, escaped unless it is a letter or digit.
fn push_class_char(out: &mut String, c: char) {
    if c.is_alphanumeric() {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{check, check_arg_err, check_err, s, unknown};

    #[track_caller]
    fn rx(pattern: &str, input: &str, expected: &str) {
        check("regex", vec![s(pattern), s(input)], expected);
    }

    #[track_caller]
    fn rx_all(pattern: &str, input: &str, expected: &str) {
        check("regexall", vec![s(pattern), s(input)], expected);
    }

    #[track_caller]
    fn bad_pattern(pattern: &str, message: &str) {
        check_arg_err("regex", vec![s(pattern), s("a")], 0, message);
    }

    #[track_caller]
    fn repl(input: &str, pattern: &str, template: &str, expected: &str) {
        check("replace", vec![s(input), s(pattern), s(template)], expected);
    }

    #[test]
    fn shapes() {
        rx("[a-z]+", "123abc456", "\"abc\"");
        rx(
            "^(?:https?)://([^/]+)(/.*)?$",
            "https://example.com/a/b",
            "[\"example.com\", \"/a/b\"]",
        );
        rx("(a)(x)?", "a", "[\"a\", null]");
        rx("(x)(?:y)", "xy", "[\"x\"]");
        rx("(?P<n>a)(?P<m>b)?", "a", "{m = null, n = \"a\"}");
        rx("(?<n>a)", "a", "{n = \"a\"}");
        rx("(?P<a>x)|(?P<a>y)", "y", "{a = \"y\"}");
        rx("(?P<a>x)|(?P<a>y)", "x", "{a = null}");
        rx("", "abc", "\"\"");
        let ty = run_type("(a)(b)");
        assert_eq!(ty, Type::tuple([Type::String, Type::String]));
        let ty = run_type("(?P<k>a)(?P<v>b)");
        assert_eq!(ty, Type::object([("k", Type::String), ("v", Type::String)]));
    }

    fn run_type(pattern: &str) -> Type {
        regex_type(&[s(pattern), s("")]).unwrap()
    }

    #[test]
    fn go_semantics() {
        rx("\\d+", "a١٢3", "\"3\"");
        rx("\\w+", "héllo", "\"h\"");
        rx("\\s+", "a\u{b}b c", "\" \"");
        rx("[\\s]+", "\u{b} \t", "\" \\t\"");
        rx("\\bé", "aé é", "\"é\"");
        rx("\\D\\W\\S", "a b ", "\"a b\"");
        rx("(?i)É", "é", "\"é\"");
        rx("(?i)\\w+", "ABC", "\"ABC\"");
        rx("[[:alpha:]]+", "héllo", "\"h\"");
        rx("[[:^alpha:]]", "é", "\"é\"");
        rx("\\pL+", "héllo", "\"héllo\"");
        // Surrogates never occur in a string; Go accepts the class, the regex crate not.
        rx_all("\\p{Cs}", "ab", "[]");
        rx_all("[\\P{Surrogate}x]", "ab", "[\"a\", \"b\"]");
        rx("\\p{^Greek}+", "ab", "\"ab\"");
        rx("\\P{^Greek}+", "aβγ", "\"βγ\"");
        rx("[\\p{Greek}\\d]+", "aβ1", "\"β1\"");
        rx("(?m)a$", "a\nb", "\"a\"");
        rx("\\Qa.b\\E", "a.b", "\"a.b\"");
        rx("\\Qa.b", "xa.b", "\"a.b\"");
        rx("\\z", "ab", "\"\"");
        rx("(?U)a+", "aaa", "\"a\"");
        rx("\\x{1F600}", "😀", "\"😀\"");
        rx("[\\d-z]+", "1-z", "\"1-z\"");
        rx("(?s).+", "a\nb", "\"a\\nb\"");
        rx("[^a]", "\n", "\"\\n\"");
        rx("\\v", "\u{b}", "\"\\u{b}\"");
        rx("a{,2}", "a{,2}", "\"a{,2}\"");
        rx("a{", "a{", "\"a{\"");
        rx("x{01}", "x{01}", "\"x{01}\"");
        rx("[[a]]", "a]", "\"a]\"");
        rx("[a-]+", "-a", "\"-a\"");
        rx("\\101\\0", "A\0", "\"A\\u{0}\"");
        rx("\\<\\>\\!", "<>!", "\"<>!\"");
        rx("(?)a", "a", "\"a\"");
        rx("a{2}b{1,}c{0,1}", "aabbc", "\"aabbc\"");
        rx("^*a", "a", "\"a\"");
        check_err(
            "regex",
            vec![s("x"), s("abc")],
            "pattern did not match any part of the given string",
        );
        check_err(
            "regex",
            vec![s("."), s("\n")],
            "pattern did not match any part of the given string",
        );
        check_err(
            "regex",
            vec![s("a$"), s("a\n")],
            "pattern did not match any part of the given string",
        );
    }

    #[test]
    fn syntax_errors() {
        // Class names Go does not know (Terraform 1.15.5's messages).
        bad_pattern(
            "\\p{Alphabetic}",
            "invalid regexp pattern: invalid character class range in \\p{Alphabetic}",
        );
        bad_pattern(
            "[\\p{^Math}]",
            "invalid regexp pattern: invalid character class range in \\p{^Math}",
        );
        bad_pattern(
            "\\p{Latn}",
            "invalid regexp pattern: invalid character class range in \\p{Latn}",
        );
        bad_pattern("(a", "invalid regexp pattern: missing closing ) in (a");
        bad_pattern("a)", "invalid regexp pattern: unexpected ) in a)");
        bad_pattern("[", "invalid regexp pattern: missing closing ] in [");
        bad_pattern("x[a-", "invalid regexp pattern: missing closing ] in [a-");
        bad_pattern(
            "a{2,1}",
            "invalid regexp pattern: invalid repeat count in {2,1}",
        );
        bad_pattern(
            "a{1001}",
            "invalid regexp pattern: invalid repeat count in {1001}",
        );
        bad_pattern(
            "x*+",
            "invalid regexp pattern: invalid nested repetition operator in *+",
        );
        bad_pattern(
            "x**?",
            "invalid regexp pattern: invalid nested repetition operator in **?",
        );
        bad_pattern(
            "a{2}{3}",
            "invalid regexp pattern: invalid nested repetition operator in {2}{3}",
        );
        bad_pattern(
            "*a",
            "invalid regexp pattern: missing argument to repetition operator in *",
        );
        bad_pattern(
            "(+)",
            "invalid regexp pattern: missing argument to repetition operator in +",
        );
        bad_pattern(
            "a|?",
            "invalid regexp pattern: missing argument to repetition operator in ?",
        );
        bad_pattern(
            "\\C",
            "invalid regexp pattern: invalid escape sequence in \\C",
        );
        bad_pattern(
            "\\8",
            "invalid regexp pattern: invalid escape sequence in \\8",
        );
        bad_pattern(
            "\\1",
            "invalid regexp pattern: invalid escape sequence in \\1",
        );
        bad_pattern(
            "[\\b]",
            "invalid regexp pattern: invalid escape sequence in \\b",
        );
        bad_pattern(
            "a\\",
            "invalid regexp pattern: trailing backslash at end of expression in ",
        );
        bad_pattern(
            "[z-a]",
            "invalid regexp pattern: invalid character class range in z-a",
        );
        bad_pattern(
            "[[:foo:]]",
            "invalid regexp pattern: invalid character class range in [:foo:]",
        );
        bad_pattern(
            "(?P<>a)",
            "invalid regexp pattern: invalid named capture in (?P<>",
        );
        bad_pattern(
            "(?P<a-b>a)",
            "invalid regexp pattern: invalid named capture in (?P<a-b>",
        );
        bad_pattern(
            "(?x)a",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?x",
        );
        bad_pattern(
            "(?=a)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?=",
        );
        bad_pattern(
            "(?-)a",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?-)",
        );
        bad_pattern(
            "(?P<n>a)(b)",
            "invalid regexp pattern: cannot mix both named and unnamed capture groups",
        );
        let deep = "(".repeat(1001) + &")".repeat(1001);
        bad_pattern(
            &deep,
            &format!("invalid regexp pattern: expression nests too deeply in {deep}"),
        );
        check_err(
            "regex",
            vec![Value::null(Type::String), s("a")],
            "argument must not be null",
        );
    }

    #[test]
    fn regexall_cases() {
        rx_all("[a-z]+", "1a2bb3ccc", "[\"a\", \"bb\", \"ccc\"]");
        rx_all("z", "abc", "[]");
        rx_all("a*", "baaac", "[\"\", \"aaa\", \"\"]");
        rx_all("", "héllo", "[\"\", \"\", \"\", \"\", \"\", \"\"]");
        rx_all("(a)|(b)", "ab", "[[\"a\", null], [null, \"b\"]]");
        rx_all("(?P<x>a)", "aa", "[{x = \"a\"}, {x = \"a\"}]");
        rx_all(
            "(?P<k>\\w)=(?P<v>\\d)",
            "a=1 b=2",
            "[{k = \"a\", v = \"1\"}, {k = \"b\", v = \"2\"}]",
        );
        rx_all("^a", "aa", "[\"a\"]");
        let empty = crate::test_support::run("regexall", vec![s("(x)"), s("")]).unwrap();
        assert_eq!(empty.ty(), &Type::list(Type::tuple([Type::String])));
        check_arg_err(
            "regexall",
            vec![s("("), s("a")],
            0,
            "invalid regexp pattern: missing closing ) in (",
        );
    }

    #[test]
    fn unknowns() {
        check(
            "regex",
            vec![unknown(Type::String), s("a")],
            "(unknown dynamic)",
        );
        check(
            "regex",
            vec![s("(a)"), unknown(Type::String)],
            "(unknown tuple)",
        );
        check(
            "regexall",
            vec![unknown(Type::String), s("a")],
            "(unknown list of dynamic)",
        );
        check(
            "regexall",
            vec![s("a"), unknown(Type::String)],
            "(unknown list of string)",
        );
        check(
            "replace",
            vec![s("a"), s("/a/"), unknown(Type::String)],
            "(unknown string)",
        );
    }

    #[test]
    fn replace_with_regex() {
        repl("hello", "/l+/", "L", "\"heLo\"");
        repl("hello", "/(?P<c>l)/", "[${c}]", "\"he[l][l]o\"");
        repl("a.b.c", "/./", "-", "\"-----\"");
        repl("baaac", "/a*/", "-", "\"-b-c-\"");
        repl("héllo", "//", "-", "\"-h-é-l-l-o-\"");
        repl("hello", "/(l)/", "$1$1", "\"hellllo\"");
        repl("hello", "/(l)/", "$1x", "\"heo\"");
        repl("hello", "/(l)/", "${1}x", "\"helxlxo\"");
        repl("hello", "/(l)/", "$$", "\"he$$o\"");
        repl("hello", "/(l)/", "$!", "\"he$!$!o\"");
        repl("hello", "/(l)/", "$2", "\"heo\"");
        repl("hello", "/(l)/", "${1", "\"he${1${1o\"");
        repl("hello", "/(l)/", "$1é", "\"heo\"");
        repl("hello", "/(l)/", "$01", "\"heo\"");
        repl("hello", "/\\bh/", "H", "\"Hello\"");
        repl("ab", "/(?P<x>a)|(?P<x>b)/", "<$x>", "\"<a><b>\"");
        check_err(
            "replace",
            vec![s("hello"), s("/(/"), s("x")],
            "error parsing regexp: missing closing ): `(`",
        );
    }

    #[test]
    fn translation() {
        let t = |p: &str| Translator::new(p).run().unwrap().pattern;
        assert_eq!(t("a.b"), "a.b");
        assert_eq!(t("\\d"), "[0-9]");
        assert_eq!(t("[\\d]"), "[0-9]");
        assert_eq!(t("[^\\W]"), "[^[^0-9A-Za-z_]]");
        assert_eq!(t("a{"), "a\\{");
        assert_eq!(t("[[a]"), "[\\x{5B}a]");
        assert_eq!(t("(?P<1a>x)"), "(?P<__terrace_group_1>x)");
    }
}
