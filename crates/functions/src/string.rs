//! String functions: `chomp`, `endswith`, `indent`, `join`, `lower`, `replace`, `split`,
//! `startswith`, `strcontains`, `strrev`, `substr`, `title`, `trim`, `trimprefix`,
//! `trimspace`, `trimsuffix`, `upper` (and, through `format.rs` and `regex.rs`, `format`,
//! `formatlist`, `regex` and `regexall`).
//!
//! Case mapping follows Go's `strings.ToUpper`/`ToLower`/`Title`: one character at a time
//! with Unicode's simple mappings (`upper("straße")` keeps the `ß`, `lower("ΣΑΣ")` has no
//! final sigma). `strrev` and `substr` count grapheme clusters of the NFC text.

use terrace_types::{Type, Value, grapheme_len, graphemes};

use super::args::{number_arg, str_arg};
use super::context::CallContext;
use super::error::FunctionError;
use super::numeric::whole_number;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// The longest string (in bytes) a string function may build: 16 MiB.
///
/// Terraform has no such limit (`format("%999999999s", 1)` allocates a gigabyte there);
/// calls whose result would be longer fail with an error instead.
pub(super) const MAX_RESULT_LEN: usize = 16 << 20;

/// The error for a result longer than [`MAX_RESULT_LEN`].
pub(super) fn too_long() -> FunctionError {
    FunctionError::new(format!(
        "the result would be longer than {MAX_RESULT_LEN} bytes, the most terrace builds"
    ))
}

/// Adds the string functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let str_param = || Param::new("str", Type::String);
    let two = |a: &'static str, b: &'static str| {
        vec![Param::new(a, Type::String), Param::new(b, Type::String)]
    };
    let mut add = |name, params, result, description, implementation| {
        table.insert(Function::fixed(
            name,
            params,
            result,
            description,
            implementation,
        ));
    };
    let string = || Type::String;
    let boolean = || Type::Bool;

    add(
        "chomp",
        vec![str_param()],
        string,
        "Removes newline characters (`\\n` and `\\r\\n`, and lone `\\r`) from the end of a string.",
        chomp,
    );
    add(
        "endswith",
        two("str", "suffix"),
        boolean,
        "Returns true when the string ends with the given suffix.",
        endswith,
    );
    add(
        "indent",
        vec![
            Param::new("spaces", Type::Number),
            Param::new("str", Type::String),
        ],
        string,
        "Adds the given number of spaces after each newline in a string, so every line but the \
         first is indented.",
        indent,
    );
    add(
        "lower",
        vec![str_param().allow_dynamic_type()],
        string,
        "Converts every letter in a string to lower case.",
        lower,
    );
    add(
        "replace",
        vec![
            Param::new("str", Type::String),
            Param::new("substr", Type::String),
            Param::new("replace", Type::String),
        ],
        string,
        "Replaces every occurrence of a substring with another string. A substring wrapped in \
         forward slashes (`/.../`) is a regular expression (RE2 syntax), and the replacement may \
         then refer to its capture groups as `$1` or `${name}`.",
        replace,
    );
    add(
        "split",
        two("separator", "str"),
        || Type::list(Type::String),
        "Splits a string at every occurrence of a separator, giving a list of strings.",
        split,
    );
    add(
        "startswith",
        vec![
            Param::new("str", Type::String).allow_unknown(),
            Param::new("prefix", Type::String),
        ],
        boolean,
        "Returns true when the string starts with the given prefix.",
        startswith,
    );
    add(
        "strcontains",
        two("str", "substr"),
        boolean,
        "Returns true when the string contains the given substring.",
        strcontains,
    );
    add(
        "strrev",
        vec![str_param().allow_dynamic_type()],
        string,
        "Reverses a string, keeping each user-perceived character (grapheme cluster) intact.",
        strrev,
    );
    add(
        "substr",
        vec![
            str_param().allow_dynamic_type(),
            Param::new("offset", Type::Number).allow_dynamic_type(),
            Param::new("length", Type::Number).allow_dynamic_type(),
        ],
        string,
        "Extracts part of a string by offset and length, counted in grapheme clusters. A \
         negative offset counts from the end; a length of -1 takes the rest of the string.",
        substr,
    );
    add(
        "title",
        vec![str_param()],
        string,
        "Converts the first letter of each word in a string to title case.",
        title,
    );
    add(
        "trim",
        two("str", "cutset"),
        string,
        "Removes every character found in the cutset from the start and the end of a string.",
        trim,
    );
    add(
        "trimprefix",
        two("str", "prefix"),
        string,
        "Removes the given prefix from the start of a string, once, if it is there.",
        trimprefix,
    );
    add(
        "trimspace",
        vec![str_param()],
        string,
        "Removes all Unicode white space from the start and the end of a string.",
        trimspace,
    );
    add(
        "trimsuffix",
        two("str", "suffix"),
        string,
        "Removes the given suffix from the end of a string, once, if it is there.",
        trimsuffix,
    );
    add(
        "upper",
        vec![str_param().allow_dynamic_type()],
        string,
        "Converts every letter in a string to upper case.",
        upper,
    );
    table.insert(Function {
        name: "join",
        params: vec![Param::new("separator", Type::String)],
        variadic: Some(Param::new("lists", Type::list(Type::String))),
        return_type: ReturnType::Static(string),
        description: "Joins the elements of one or more lists of strings into one string, with \
                      the separator between them.",
        implementation: join,
        impure: false,
    });
    super::format::register(table);
    super::regex::register(table);
}

/// The whole number in argument `index`, as `i64`.
fn whole_number_arg(args: &[Value], index: usize) -> Result<i64, FunctionError> {
    whole_number(number_arg(args, index))
}

fn chomp(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let s = str_arg(args, 0);
    Ok(Value::string(s.trim_end_matches(['\n', '\r'])))
}

fn endswith(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::bool(str_arg(args, 0).ends_with(str_arg(args, 1))))
}

fn startswith(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let prefix = str_arg(args, 1);
    match args[0].as_str() {
        Some(s) => Ok(Value::bool(s.starts_with(prefix))),
        // Every string starts with "": known even when the string is not.
        None if prefix.is_empty() => Ok(Value::bool(true)),
        None => Ok(Value::unknown(Type::Bool)),
    }
}

fn strcontains(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::bool(str_arg(args, 0).contains(str_arg(args, 1))))
}

fn indent(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let spaces = whole_number_arg(args, 0)?;
    let s = str_arg(args, 1);
    let Ok(spaces) = usize::try_from(spaces) else {
        // Go's strings.Repeat panics on a negative count; cty reports the panic.
        return Err(FunctionError::new(
            "panic in function implementation: strings: negative Repeat count",
        ));
    };
    let newlines = s.matches('\n').count();
    let extra = newlines.checked_mul(spaces).ok_or_else(too_long)?;
    if s.len().saturating_add(extra) > MAX_RESULT_LEN {
        return Err(too_long());
    }
    let pad = format!("\n{}", " ".repeat(spaces));
    Ok(Value::string(s.replace('\n', &pad)))
}

fn join(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let separator = str_arg(args, 0);
    let lists = &args[1..];
    if lists.is_empty() {
        return Err(FunctionError::new("at least one list is required"));
    }
    if !lists.iter().all(Value::is_wholly_known) {
        return Ok(Value::unknown(Type::String));
    }
    let mut items: Vec<&str> = Vec::new();
    let mut len = 0usize;
    for (list_index, list) in lists.iter().enumerate() {
        let elems = list
            .as_seq()
            .expect("invariant: the call protocol converts to a known list");
        for (elem_index, elem) in elems.iter().enumerate() {
            let Some(s) = elem.as_str() else {
                let message = if lists.len() > 1 {
                    format!(
                        "element {elem_index} of list {} is null; cannot concatenate null values",
                        list_index + 1
                    )
                } else {
                    format!("element {elem_index} is null; cannot concatenate null values")
                };
                return Err(FunctionError::arg(list_index + 1, message));
            };
            len = len.saturating_add(s.len() + separator.len());
            items.push(s);
        }
    }
    if len > MAX_RESULT_LEN {
        return Err(too_long());
    }
    Ok(Value::string(items.join(separator)))
}

fn lower(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(
        str_arg(args, 0)
            .chars()
            .map(simple_lower)
            .collect::<String>(),
    ))
}

fn upper(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(
        str_arg(args, 0)
            .chars()
            .map(simple_upper)
            .collect::<String>(),
    ))
}

fn title(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let mut prev = ' ';
    let out: String = str_arg(args, 0)
        .chars()
        .map(|c| {
            let mapped = if is_word_separator(prev) {
                simple_title(c)
            } else {
                c
            };
            prev = c;
            mapped
        })
        .collect();
    Ok(Value::string(out))
}

/// Go's `strings.Title` word boundary: ASCII letters, digits and `_` continue a word, other
/// ASCII characters end it; beyond ASCII only white space ends a word.
fn is_word_separator(c: char) -> bool {
    if c.is_ascii() {
        !(c.is_ascii_alphanumeric() || c == '_')
    } else {
        c.is_whitespace()
    }
}

/// Unicode's simple (one to one) upper-case mapping, as Go's `unicode.ToUpper`.
fn simple_upper(c: char) -> char {
    let mut full = c.to_uppercase();
    let mapped = match (full.next(), full.next()) {
        (Some(u), None) => u,
        // Characters whose full mapping has several characters (ß → SS, ﬀ → FF) have no
        // simple mapping, except the Greek letters with ypogegrammeni, which map to their
        // title-case forms.
        _ => {
            let code = c as u32;
            let simple = match code {
                0x1F80..=0x1F87 | 0x1F90..=0x1F97 | 0x1FA0..=0x1FA7 => code + 8,
                0x1FB3 | 0x1FC3 | 0x1FF3 => code + 9,
                _ => code,
            };
            char::from_u32(simple).unwrap_or(c)
        }
    };
    as_in_go(c, mapped)
}

/// Unicode's simple lower-case mapping, as Go's `unicode.ToLower`.
fn simple_lower(c: char) -> char {
    let mut full = c.to_lowercase();
    let mapped = match (full.next(), full.next()) {
        (Some(l), None) => l,
        // Only U+0130 (İ) has a longer full mapping; its simple mapping is `i`.
        _ if c == '\u{130}' => 'i',
        _ => c,
    };
    as_in_go(c, mapped)
}

/// `mapped`, unless `c` or `mapped` is a letter newer than Go's Unicode tables (15.0):
/// Terraform leaves those unchanged.
fn as_in_go(c: char, mapped: char) -> char {
    if newer_than_go(c) || newer_than_go(mapped) {
        c
    } else {
        mapped
    }
}

/// The cased letters added in Unicode 16 and 17, which Rust's tables know and Go's do not.
fn newer_than_go(c: char) -> bool {
    matches!(
        c as u32,
        0x1C89..=0x1C8A
            | 0xA7CB..=0xA7CF
            | 0xA7D2
            | 0xA7D4
            | 0xA7DA..=0xA7DC
            | 0x10D50..=0x10D65
            | 0x10D70..=0x10D85
            | 0x16EA0..=0x16EB8
            | 0x16EBB..=0x16ED3
    )
}

/// Unicode's simple title-case mapping, as Go's `unicode.ToTitle`.
fn simple_title(c: char) -> char {
    match c {
        // The Latin digraphs have distinct title-case forms (ǆ → ǅ).
        '\u{1C4}'..='\u{1C6}' => '\u{1C5}',
        '\u{1C7}'..='\u{1C9}' => '\u{1C8}',
        '\u{1CA}'..='\u{1CC}' => '\u{1CB}',
        '\u{1F1}'..='\u{1F3}' => '\u{1F2}',
        // Georgian Mkhedruli letters are their own title case (their upper case is Mtavruli).
        '\u{10D0}'..='\u{10FA}' | '\u{10FD}'..='\u{10FF}' => c,
        _ => simple_upper(c),
    }
}

fn replace(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let s = str_arg(args, 0);
    let substr = str_arg(args, 1);
    let replacement = str_arg(args, 2);
    if substr.len() > 1 && substr.starts_with('/') && substr.ends_with('/') {
        let pattern = &substr[1..substr.len() - 1];
        return super::regex::replace_all(s, pattern, replacement).map(Value::string);
    }
    let count = if substr.is_empty() {
        s.chars().count() + 1
    } else {
        s.matches(substr).count()
    };
    let len = s
        .len()
        .saturating_add(count.saturating_mul(replacement.len()));
    if len > MAX_RESULT_LEN {
        return Err(too_long());
    }
    Ok(Value::string(s.replace(substr, replacement)))
}

fn split(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let separator = str_arg(args, 0);
    let s = str_arg(args, 1);
    let parts: Vec<Value> = if separator.is_empty() {
        // Go splits into single characters (and "" into no parts at all).
        s.chars().map(|c| Value::string(c.to_string())).collect()
    } else {
        s.split(separator).map(Value::string).collect()
    };
    Ok(Value::list(Type::String, parts))
}

fn strrev(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(
        graphemes(str_arg(args, 0)).rev().collect::<String>(),
    ))
}

fn substr(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let s = str_arg(args, 0);
    let mut offset = whole_number_arg(args, 1)?;
    let length = whole_number_arg(args, 2)?;
    let empty = || Ok(Value::string(""));
    if offset < 0 {
        let total = i64::try_from(grapheme_len(s)).unwrap_or(i64::MAX);
        offset = offset.saturating_add(total);
    } else if length == 0 {
        return empty();
    }
    // A negative offset counted from the end may still be negative: it then starts at 0.
    let mut rest = s;
    if offset > 0 {
        let skip = usize::try_from(offset).unwrap_or(usize::MAX);
        let mut clusters = graphemes(s);
        let mut consumed = 0usize;
        for _ in 0..skip {
            match clusters.next() {
                Some(g) => consumed += g.len(),
                None => return empty(),
            }
        }
        rest = &s[consumed..];
        if rest.is_empty() {
            return empty();
        }
    }
    if length < 0 {
        return Ok(Value::string(rest));
    }
    // As in cty, a length of 0 reached through a negative offset takes the rest.
    let take = usize::try_from(length).unwrap_or(usize::MAX);
    let end = if take == 0 {
        rest.len()
    } else {
        graphemes(rest).take(take).map(str::len).sum()
    };
    Ok(Value::string(&rest[..end]))
}

fn trim(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let cutset = str_arg(args, 1);
    Ok(Value::string(
        str_arg(args, 0).trim_matches(|c| cutset.contains(c)),
    ))
}

fn trimprefix(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let s = str_arg(args, 0);
    Ok(Value::string(s.strip_prefix(str_arg(args, 1)).unwrap_or(s)))
}

fn trimsuffix(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let s = str_arg(args, 0);
    Ok(Value::string(s.strip_suffix(str_arg(args, 1)).unwrap_or(s)))
}

fn trimspace(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::string(str_arg(args, 0).trim()))
}

#[cfg(test)]
mod tests {
    use terrace_types::{Number, Type, Value};

    use crate::test_support::{check, check_arg_err, check_err, n, run, s, strings, unknown};

    #[test]
    fn chomp_cases() {
        check("chomp", vec![s("a\n")], "\"a\"");
        check("chomp", vec![s("a\r\n\n\r")], "\"a\"");
        check("chomp", vec![s("a\n\nb\n")], "\"a\\n\\nb\"");
        check("chomp", vec![s("a \n ")], "\"a \\n \"");
        check("chomp", vec![s("\n")], "\"\"");
        check_err(
            "chomp",
            vec![Value::null(Type::String)],
            "argument must not be null",
        );
        check("chomp", vec![unknown(Type::String)], "(unknown string)");
    }

    #[test]
    fn prefix_suffix_contains() {
        check("startswith", vec![s("hello world"), s("hello")], "true");
        check("startswith", vec![s("héllo"), s("he")], "false");
        check("startswith", vec![s(""), s("")], "true");
        check("startswith", vec![unknown(Type::String), s("")], "true");
        check(
            "startswith",
            vec![unknown(Type::String), s("a")],
            "(unknown bool)",
        );
        check(
            "startswith",
            vec![s("a"), unknown(Type::String)],
            "(unknown bool)",
        );
        check_err(
            "startswith",
            vec![Value::null(Type::String), s("a")],
            "argument must not be null",
        );
        check("endswith", vec![s("hello world"), s("world")], "true");
        check("endswith", vec![s("hello world"), s("hello")], "false");
        check("endswith", vec![s("x"), s("xx")], "false");
        check(
            "endswith",
            vec![unknown(Type::String), s("")],
            "(unknown bool)",
        );
        check("strcontains", vec![s("hello"), s("ell")], "true");
        check("strcontains", vec![s("hello"), s("z")], "false");
        check("strcontains", vec![s("héllo"), s("é")], "true");
        check("strcontains", vec![s(""), s("")], "true");
        check_err(
            "strcontains",
            vec![s("a"), Value::null(Type::String)],
            "argument must not be null",
        );
        check("trimprefix", vec![s("helloworld"), s("hello")], "\"world\"");
        check("trimprefix", vec![s("aaab"), s("a")], "\"aab\"");
        check("trimprefix", vec![s("hello"), s("")], "\"hello\"");
        check(
            "trimsuffix",
            vec![s("file.tar.gz"), s(".gz")],
            "\"file.tar\"",
        );
        check("trimsuffix", vec![s("aaa"), s("a")], "\"aa\"");
        check("trimsuffix", vec![s("hello"), s("x")], "\"hello\"");
        check(
            "trimsuffix",
            vec![unknown(Type::String), s("x")],
            "(unknown string)",
        );
    }

    #[test]
    fn trim_cases() {
        check("trim", vec![s("xxhixx"), s("x")], "\"hi\"");
        check("trim", vec![s("abchiabc"), s("cba")], "\"hi\"");
        check("trim", vec![s("  x  "), s("")], "\"  x  \"");
        check("trim", vec![s("ééaéé"), s("é")], "\"a\"");
        check("trimspace", vec![s("  hello\n\t ")], "\"hello\"");
        check("trimspace", vec![s("\u{a0}x\u{2003}")], "\"x\"");
        check("trimspace", vec![s("\u{85}x\u{b}")], "\"x\"");
        check("trimspace", vec![s("")], "\"\"");
        check_err(
            "trim",
            vec![Value::null(Type::String), s("x")],
            "argument must not be null",
        );
        check(
            "trim",
            vec![s("x"), unknown(Type::String)],
            "(unknown string)",
        );
    }

    #[test]
    fn case_mapping() {
        check("upper", vec![s("hello")], "\"HELLO\"");
        check("upper", vec![s("straße")], "\"STRAßE\"");
        check("upper", vec![s("ᾳ")], "\"ᾼ\"");
        check("upper", vec![s("ǆ")], "\"Ǆ\"");
        check("upper", vec![s("ﬀ")], "\"ﬀ\"");
        check("upper", vec![s("ა")], "\"Ა\"");
        check("upper", vec![s("ɤƛ\u{a7d3}")], "\"ɤƛ\u{a7d3}\"");
        check("lower", vec![s("\u{a7cb}\u{1c89}")], "\"\u{a7cb}\u{1c89}\"");
        check("lower", vec![s("ÀÉÎ")], "\"àéî\"");
        check("lower", vec![s("İ")], "\"i\"");
        check("lower", vec![s("ΣΑΣ")], "\"σασ\"");
        check(
            "title",
            vec![s("hello world-foo_bar baz.qux")],
            "\"Hello World-Foo_bar Baz.Qux\"",
        );
        check("title", vec![s("ǆemal")], "\"ǅemal\"");
        check("title", vec![s("ᾳx")], "\"ᾼx\"");
        check("title", vec![s("ßa")], "\"ßa\"");
        check("title", vec![s("x1y 9z é-é")], "\"X1y 9z É-É\"");
        check("title", vec![s("ⴀ")], "\"Ⴀ\"");
        check("title", vec![s("ა")], "\"ა\"");
        check(
            "title",
            vec![s("hello  world\tfoo\nbar")],
            "\"Hello  World\\tFoo\\nBar\"",
        );
        check_err(
            "upper",
            vec![Value::null(Type::String)],
            "argument must not be null",
        );
        check_err(
            "upper",
            vec![Value::empty_tuple()],
            "string required, but have tuple",
        );
        check("upper", vec![unknown(Type::String)], "(unknown string)");
        check("upper", vec![unknown(Type::Dynamic)], "(unknown string)");
        check("title", vec![unknown(Type::String)], "(unknown string)");
        check(
            "upper",
            vec![s("abc").mark(terrace_types::Marks::SENSITIVE)],
            "sensitive(\"ABC\")",
        );
    }

    #[test]
    fn strrev_cases() {
        check("strrev", vec![s("hello")], "\"olleh\"");
        check("strrev", vec![s("héllo")], "\"olléh\"");
        check(
            "strrev",
            vec![s("👨\u{200d}👩\u{200d}👧ab")],
            "\"ba👨\u{200d}👩\u{200d}👧\"",
        );
        check("strrev", vec![s("e\u{301}x")], "\"xé\"");
        check("strrev", vec![s("")], "\"\"");
        check_err(
            "strrev",
            vec![Value::null(Type::String)],
            "argument must not be null",
        );
        check("strrev", vec![unknown(Type::String)], "(unknown string)");
    }

    #[test]
    fn substr_cases() {
        let sub = |text: &str, offset: i64, length: i64| vec![s(text), n(offset), n(length)];
        check("substr", sub("hello world", 1, 4), "\"ello\"");
        check("substr", sub("hello", 10, 1), "\"\"");
        check("substr", sub("hello", 5, 1), "\"\"");
        check("substr", sub("hello", -1, 1), "\"o\"");
        check("substr", sub("hello", -10, 2), "\"he\"");
        check("substr", sub("hello", -1, 0), "\"o\"");
        check("substr", sub("hello", 0, 0), "\"\"");
        check("substr", sub("hello", 4, -1), "\"o\"");
        check("substr", sub("hello", 1, -5), "\"ello\"");
        check("substr", sub("", 0, 1), "\"\"");
        check("substr", sub("", 1, 1), "\"\"");
        check("substr", sub("abc", -4, 2), "\"ab\"");
        check("substr", sub("héllo wörld", 1, 4), "\"éllo\"");
        check("substr", sub("👨\u{200d}👩\u{200d}👧ab", 1, 1), "\"a\"");
        check_err(
            "substr",
            vec![s("hello"), Value::number(Number::from_f64(1.5)), n(1)],
            super::super::numeric::WHOLE_NUMBER_REQUIRED,
        );
        check_err(
            "substr",
            vec![s("a"), Value::null(Type::Number), n(1)],
            "argument must not be null",
        );
        check(
            "substr",
            vec![s("a"), unknown(Type::Number), n(1)],
            "(unknown string)",
        );
    }

    #[test]
    fn split_cases() {
        check("split", vec![s(","), s("a,b,c")], "[\"a\", \"b\", \"c\"]");
        check("split", vec![s(","), s("a,")], "[\"a\", \"\"]");
        check("split", vec![s(","), s("")], "[\"\"]");
        check("split", vec![s(""), s("")], "[]");
        check(
            "split",
            vec![s(""), s("héllo")],
            "[\"h\", \"é\", \"l\", \"l\", \"o\"]",
        );
        check(
            "split",
            vec![s("ab"), s("xabyabz")],
            "[\"x\", \"y\", \"z\"]",
        );
        check_err(
            "split",
            vec![Value::null(Type::String), s("x")],
            "argument must not be null",
        );
        check(
            "split",
            vec![s(","), unknown(Type::String)],
            "(unknown list of string)",
        );
        let list = run("split", vec![s(","), s("a")]).unwrap();
        assert_eq!(list.ty(), &Type::list(Type::String));
        let empty = run("split", vec![s(""), s("")]).unwrap();
        assert_eq!(empty.ty(), &Type::list(Type::String));
    }

    #[test]
    fn indent_cases() {
        check("indent", vec![n(2), s("a\nb\n")], "\"a\\n  b\\n  \"");
        check("indent", vec![n(4), s("single")], "\"single\"");
        check("indent", vec![n(0), s("a\nb")], "\"a\\nb\"");
        check("indent", vec![n(2), s("a\r\nb")], "\"a\\r\\n  b\"");
        check("indent", vec![n(2), s("")], "\"\"");
        check_err(
            "indent",
            vec![n(-1), s("a\nb")],
            "panic in function implementation: strings: negative Repeat count",
        );
        check_err(
            "indent",
            vec![Value::number(Number::from_f64(1.5)), s("a")],
            super::super::numeric::WHOLE_NUMBER_REQUIRED,
        );
        check_err(
            "indent",
            vec![n(1_000_000_000), s("a\nb")],
            &super::too_long().message,
        );
        check(
            "indent",
            vec![n(1), unknown(Type::String)],
            "(unknown string)",
        );
    }

    #[test]
    fn join_cases() {
        check(
            "join",
            vec![s(", "), strings(&["a", "b"]), strings(&["c"])],
            "\"a, b, c\"",
        );
        check("join", vec![s(","), strings(&["a"]), strings(&[])], "\"a\"");
        check("join", vec![s(","), strings(&[])], "\"\"");
        check("join", vec![s("→"), strings(&["é", "ü"])], "\"é→ü\"");
        check_err("join", vec![s(",")], "at least one list is required");
        check_arg_err(
            "join",
            vec![
                s(","),
                Value::list(Type::String, [s("a"), Value::null(Type::String)]),
            ],
            1,
            "element 1 is null; cannot concatenate null values",
        );
        check_arg_err(
            "join",
            vec![
                s(","),
                strings(&["a"]),
                Value::list(Type::String, [s("b"), Value::null(Type::String)]),
            ],
            2,
            "element 1 of list 2 is null; cannot concatenate null values",
        );
        check_err(
            "join",
            vec![Value::null(Type::String), strings(&["a"])],
            "argument must not be null",
        );
        check(
            "join",
            vec![
                s(","),
                Value::list(Type::String, [s("a"), unknown(Type::String)]),
            ],
            "(unknown string)",
        );
        check(
            "join",
            vec![s(","), unknown(Type::list(Type::String))],
            "(unknown string)",
        );
    }

    #[test]
    fn arguments_are_converted() {
        check("upper", vec![n(5)], "\"5\"");
        check("upper", vec![Value::bool(true)], "\"TRUE\"");
        check("split", vec![s(","), n(12)], "[\"12\"]");
        check(
            "join",
            vec![s(","), Value::tuple([n(1), Value::bool(true), s("a")])],
            "\"1,true,a\"",
        );
        check(
            "join",
            vec![s(","), Value::set(Type::String, [s("b"), s("a")])],
            "\"a,b\"",
        );
        check_err(
            "join",
            vec![s(","), s("a")],
            "list of string required, but have string",
        );
        check("substr", vec![s("hello"), s("1"), s("2")], "\"el\"");
        check("indent", vec![s("2"), s("a\nb")], "\"a\\n  b\"");
    }

    #[test]
    fn replace_plain() {
        check("replace", vec![s("a.b.c"), s("."), s("-")], "\"a-b-c\"");
        check("replace", vec![s("abc"), s(""), s("-")], "\"-a-b-c-\"");
        check(
            "replace",
            vec![s("héllo"), s(""), s("-")],
            "\"-h-é-l-l-o-\"",
        );
        check("replace", vec![s(""), s(""), s("x")], "\"x\"");
        check("replace", vec![s("aaa"), s("aa"), s("b")], "\"ba\"");
        check("replace", vec![s("hello"), s("/"), s("x")], "\"hello\"");
        check("replace", vec![s("a/b"), s("/"), s("x")], "\"axb\"");
        check_err(
            "replace",
            vec![s("a"), Value::null(Type::String), s("b")],
            "argument must not be null",
        );
        check(
            "replace",
            vec![s("a"), s("a"), unknown(Type::String)],
            "(unknown string)",
        );
        let big = "x".repeat(1 << 20);
        check_err(
            "replace",
            vec![s(&big), s("x"), s(&big)],
            &super::too_long().message,
        );
    }
}
