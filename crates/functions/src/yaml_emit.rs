//! The YAML writer behind `yamlencode`: the part of libyaml's emitter (as go-cty-yaml
//! drives it) that Terraform's output depends on.
//!
//! Mappings and sequences are written in block style (`{}` and `[]` when empty),
//! strings double-quoted (or as `|` literal blocks when they contain a line break and
//! libyaml allows it), numbers, bools and null plain. Long double-quoted strings are
//! folded at spaces past column 80, keys longer than 128 bytes or spanning lines use the
//! explicit `? key` form, and a plain scalar alone in the document is followed by `...`,
//! all as libyaml does. Nesting is limited by the caller.

use terrace_types::{Repr, Value};

const BEST_INDENT: i32 = 2;
const BEST_WIDTH: usize = 80;

/// Writes `value` (wholly known) as a YAML document.
pub(super) fn emit(value: &Value) -> String {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: -1,
        indents: Vec::new(),
        whitespace: true,
        indention: true,
        open_ended: false,
        flow_level: 0,
        root_context: false,
        mapping_context: false,
        simple_key_context: false,
    };
    e.node(value, Context::Root);
    // DOCUMENT-END (implicit), then STREAM-END.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    e.out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Root,
    SequenceItem,
    MappingValue,
    /// A mapping key written in the `? key` form.
    ComplexKey,
    SimpleKey,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

struct Emitter {
    out: String,
    /// The column, counted in characters.
    column: usize,
    indent: i32,
    indents: Vec<i32>,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
    flow_level: usize,
    root_context: bool,
    mapping_context: bool,
    simple_key_context: bool,
}

/// What libyaml's `yaml_emitter_analyze_scalar` finds out about a scalar.
#[derive(Debug, PartialEq, Eq)]
struct Analysis {
    multiline: bool,
    flow_plain_allowed: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// libyaml's `IS_PRINTABLE`.
fn is_printable(c: char) -> bool {
    matches!(u32::from(c), 0x0a | 0x20..=0x7e | 0xa0..=0xd7ff | 0xe000..=0xfffd) && c != '\u{feff}'
}

fn analyze(value: &str) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            flow_plain_allowed: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_indicators = false;
    let mut flow_indicators = false;
    let mut line_breaks = false;
    let mut special_characters = false;
    let mut leading_space = false;
    let mut leading_break = false;
    let mut trailing_space = false;
    let mut trailing_break = false;
    let mut break_space = false;
    let mut space_break = false;
    let mut previous_space = false;
    let mut previous_break = false;
    if value.starts_with("---") || value.starts_with("...") {
        block_indicators = true;
        flow_indicators = true;
    }
    let mut preceded_by_whitespace = true;
    let chars: Vec<char> = value.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_whitespace = chars.get(i + 1).is_none_or(|&n| is_blank(n));
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                '?' | ':' => {
                    flow_indicators = true;
                    if followed_by_whitespace {
                        block_indicators = true;
                    }
                }
                '-' if followed_by_whitespace => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                _ => {}
            }
        } else {
            match c {
                ',' | '?' | '[' | ']' | '{' | '}' => flow_indicators = true,
                ':' => {
                    flow_indicators = true;
                    if followed_by_whitespace {
                        block_indicators = true;
                    }
                }
                '#' if preceded_by_whitespace => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                _ => {}
            }
        }
        if !is_printable(c) {
            special_characters = true;
        }
        let last = i + 1 == chars.len();
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if last {
                trailing_space = true;
            }
            if previous_break {
                break_space = true;
            }
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            line_breaks = true;
            if i == 0 {
                leading_break = true;
            }
            if last {
                trailing_break = true;
            }
            if previous_space {
                space_break = true;
            }
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_blank(c) || is_break(c) || c == '\0';
    }
    let mut a = Analysis {
        multiline: line_breaks,
        flow_plain_allowed: true,
        block_plain_allowed: true,
        single_quoted_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special_characters {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if line_breaks {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
    }
    if flow_indicators {
        a.flow_plain_allowed = false;
    }
    if block_indicators {
        a.block_plain_allowed = false;
    }
    a
}

/// The scalar text of a primitive value and the style go-cty-yaml asks for.
fn scalar_text(value: &Value) -> Option<(String, Style)> {
    match value.repr() {
        Repr::Null => Some(("null".to_string(), Style::Plain)),
        Repr::Bool(b) => Some((b.to_string(), Style::Plain)),
        Repr::Number(n) => Some((n.to_string(), Style::Plain)),
        Repr::String(s) => {
            let style = if s.contains('\n') {
                Style::Literal
            } else {
                Style::DoubleQuoted
            };
            Some((s.to_string(), style))
        }
        Repr::Unknown | Repr::Seq(_) | Repr::Attrs(_) | Repr::Type(_) => None,
    }
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_all(&mut self, s: &str) {
        for c in s.chars() {
            self.put(c);
        }
    }

    fn write_indent(&mut self) {
        let indent = usize::try_from(self.indent.max(0)).expect("invariant: non-negative");
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        self.write_all(indicator);
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn restore_indent(&mut self) {
        self.indent = self
            .indents
            .pop()
            .expect("invariant: every indent increase is undone once");
    }

    fn node(&mut self, value: &Value, context: Context) {
        self.root_context = context == Context::Root;
        self.mapping_context = matches!(
            context,
            Context::MappingValue | Context::ComplexKey | Context::SimpleKey
        );
        self.simple_key_context = context == Context::SimpleKey;
        match value.repr() {
            Repr::Seq(elems) => self.sequence(elems),
            Repr::Attrs(attrs) => self.mapping(attrs),
            _ => {
                let (text, style) =
                    scalar_text(value).expect("invariant: yamlencode writes known values only");
                self.scalar(&text, style);
            }
        }
    }

    fn sequence(&mut self, elems: &terrace_types::Seq) {
        // Only empty collections are written in flow style, so flow_level stays 0
        // outside `[]` and `{}`.
        if elems.is_empty() {
            self.empty_flow("[", "]");
            return;
        }
        let indentless = self.mapping_context && !self.indention;
        self.increase_indent(false, indentless);
        for elem in elems {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.node(elem, Context::SequenceItem);
        }
        self.restore_indent();
    }

    fn mapping(&mut self, attrs: &terrace_types::Attrs) {
        if attrs.is_empty() {
            self.empty_flow("{", "}");
            return;
        }
        self.increase_indent(false, false);
        for (key, value) in attrs {
            self.write_indent();
            let simple = !analyze(key).multiline && key.len() <= 128;
            let key_value = Value::string(&**key);
            if simple {
                self.node(&key_value, Context::SimpleKey);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.node(&key_value, Context::ComplexKey);
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.node(value, Context::MappingValue);
        }
        self.restore_indent();
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.restore_indent();
        self.write_indicator(close, false, false, false);
    }

    fn scalar(&mut self, text: &str, requested: Style) {
        let analysis = analyze(text);
        let style = self.select_style(text, requested, &analysis);
        self.increase_indent(true, false);
        let allow_breaks = !self.simple_key_context;
        match style {
            Style::Plain => self.write_plain(text, allow_breaks),
            // Single quotes are never chosen for the plain scalars yamlencode writes
            // (null, bools, numbers); double quotes are the safe equivalent.
            Style::SingleQuoted | Style::DoubleQuoted => {
                self.write_double_quoted(text, allow_breaks)
            }
            Style::Literal => self.write_literal(text),
        }
        self.restore_indent();
    }

    fn select_style(&self, text: &str, requested: Style, a: &Analysis) -> Style {
        let mut style = requested;
        if self.simple_key_context && a.multiline {
            style = Style::DoubleQuoted;
        }
        if style == Style::Plain {
            if (self.flow_level > 0 && !a.flow_plain_allowed)
                || (self.flow_level == 0 && !a.block_plain_allowed)
            {
                style = Style::SingleQuoted;
            }
            if text.is_empty() && (self.flow_level > 0 || self.simple_key_context) {
                style = Style::SingleQuoted;
            }
        }
        if style == Style::SingleQuoted && !a.single_quoted_allowed {
            style = Style::DoubleQuoted;
        }
        if style == Style::Literal
            && (!a.block_allowed || self.flow_level > 0 || self.simple_key_context)
        {
            style = Style::DoubleQuoted;
        }
        style
    }

    fn write_plain(&mut self, text: &str, allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        let mut breaks = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
            i += 1;
        }
        self.whitespace = false;
        self.indention = false;
        if self.root_context {
            self.open_ended = true;
        }
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn write_double_quoted(&mut self, text: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        // libyaml checks for a byte order mark at the start of the value, not at each
        // character, so a leading U+FEFF escapes the whole string.
        let starts_with_bom = text.starts_with('\u{feff}');
        let mut spaces = false;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if !is_printable(c) || starts_with_bom || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    _ => {
                        let cp = u32::from(c);
                        let escaped = if cp <= 0xff {
                            format!("x{cp:02X}")
                        } else if cp <= 0xffff {
                            format!("u{cp:04X}")
                        } else {
                            format!("U{cp:08X}")
                        };
                        self.write_all(&escaped);
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i > 0
                    && i < text.len() - 1
                {
                    self.write_indent();
                    if chars.peek().is_some_and(|&(_, n)| n == ' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_block_scalar_hints(&mut self, text: &str) {
        if text.starts_with(' ') || text.chars().next().is_some_and(is_break) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let mut rev = text.chars().rev();
        let chomp = match (rev.next(), rev.next()) {
            (None, _) => Some("-"),
            (Some(last), _) if !is_break(last) => Some("-"),
            (Some(_), None) => {
                self.open_ended = true;
                Some("+")
            }
            (Some(_), Some(prev)) if is_break(prev) => {
                self.open_ended = true;
                Some("+")
            }
            _ => None,
        };
        if let Some(chomp) = chomp {
            // libyaml's write_indicator clears open_ended again here.
            self.write_indicator(chomp, false, false, false);
        }
    }

    fn write_literal(&mut self, text: &str) {
        self.write_indicator("|", true, false, false);
        self.write_block_scalar_hints(text);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in text.chars() {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::s;
    use terrace_types::Type;

    #[test]
    fn analysis_of_plain_candidates() {
        let a = analyze("a: b");
        assert!(!a.block_plain_allowed);
        assert!(a.block_allowed);
        let a = analyze("x\n\ty");
        assert!(!a.block_allowed);
        assert!(analyze("a\nb").multiline);
        assert!(!analyze("a\nb ").block_allowed);
        assert!(!analyze("a \nb").block_allowed);
        assert!(analyze("a\n b").block_allowed);
    }

    // Expected documents from Terraform's yamlencode.
    #[test]
    fn scalars_at_the_root() {
        assert_eq!(emit(&s("x")), "\"x\"\n");
        assert_eq!(emit(&Value::null(Type::Dynamic)), "null\n...\n");
        assert_eq!(emit(&Value::bool(true)), "true\n...\n");
        assert_eq!(emit(&s("")), "\"\"\n");
        assert_eq!(emit(&s("a\nb")), "|-\n  a\n  b\n");
        assert_eq!(emit(&s("a\nb\n")), "|\n  a\n  b\n");
        assert_eq!(emit(&s("a\nb\n\n")), "|+\n  a\n  b\n\n");
        assert_eq!(emit(&s("\n")), "|2+\n\n");
        assert_eq!(emit(&s("\na")), "|2-\n\n  a\n");
        assert_eq!(emit(&s(" a\nb")), "|2-\n   a\n  b\n");
        assert_eq!(emit(&s("a\n b")), "|-\n  a\n   b\n");
        assert_eq!(emit(&s("a\nb ")), "\"a\\nb \"\n");
        assert_eq!(emit(&s("a \nb")), "\"a \\nb\"\n");
        assert_eq!(emit(&s("a\r\nb")), "\"a\\r\\nb\"\n");
        assert_eq!(emit(&s("tab\there")), "\"tab\\there\"\n");
        assert_eq!(emit(&s("😀")), "\"\\U0001F600\"\n");
        assert_eq!(emit(&s("\u{1}")), "\"\\x01\"\n");
        assert_eq!(emit(&s("\u{7f}")), "\"\\x7F\"\n");
        assert_eq!(emit(&s("\u{85}")), "\"\\N\"\n");
        assert_eq!(emit(&s("\u{a0}")), "\"\u{a0}\"\n");
        assert_eq!(emit(&s("x\u{2028}y")), "\"x\\Ly\"\n");
        assert_eq!(emit(&s("\u{feff}ab")), "\"\\uFEFF\\x61\\x62\"\n");
        assert_eq!(emit(&s("\"\\")), "\"\\\"\\\\\"\n");
        assert_eq!(emit(&s("é")), "\"é\"\n");
    }

    #[test]
    fn collections() {
        let v = Value::object([
            ("a", Value::tuple([Value::int(1), s("x")])),
            ("b", Value::null(Type::Dynamic)),
        ]);
        assert_eq!(emit(&v), "\"a\":\n- 1\n- \"x\"\n\"b\": null\n");
        let v = Value::tuple([
            s("a"),
            Value::tuple([s("b"), s("c")]),
            Value::object([("d", Value::int(1))]),
        ]);
        assert_eq!(emit(&v), "- \"a\"\n- - \"b\"\n  - \"c\"\n- \"d\": 1\n");
        assert_eq!(emit(&Value::empty_tuple()), "[]\n");
        assert_eq!(emit(&Value::empty_object()), "{}\n");
        let v = Value::object([
            ("a", Value::empty_object()),
            ("b", Value::tuple([Value::empty_tuple()])),
            ("c", Value::tuple([Value::empty_object()])),
        ]);
        assert_eq!(emit(&v), "\"a\": {}\n\"b\":\n- []\n\"c\":\n- {}\n");
        let v = Value::tuple([s("a\nb"), Value::object([("x", s("line1\nline2"))])]);
        assert_eq!(
            emit(&v),
            "- |-\n  a\n  b\n- \"x\": |-\n    line1\n    line2\n"
        );
        let v = Value::object([(
            "a",
            Value::object([(
                "b",
                Value::object([(
                    "c",
                    Value::tuple([Value::int(1), Value::tuple([Value::int(2), Value::int(3)])]),
                )]),
            )]),
        )]);
        assert_eq!(
            emit(&v),
            "\"a\":\n  \"b\":\n    \"c\":\n    - 1\n    - - 2\n      - 3\n"
        );
    }

    #[test]
    fn complex_keys() {
        let v = Value::object([("a\nb", Value::int(1))]);
        assert_eq!(emit(&v), "? |-\n  a\n  b\n: 1\n");
        let long = "k".repeat(130);
        let v = Value::object([(long.as_str(), Value::int(1))]);
        assert_eq!(emit(&v), format!("? \"{long}\"\n: 1\n"));
    }

    #[test]
    fn long_strings_fold() {
        let words = vec!["word"; 30].join(" ");
        assert_eq!(
            emit(&s(&words)),
            "\"word word word word word word word word word word word word word word word word word\n  word word word word word word word word word word word word word\"\n"
        );
        let v = Value::object([("key", s(&words))]);
        assert_eq!(
            emit(&v),
            "\"key\": \"word word word word word word word word word word word word word word word\n  word word word word word word word word word word word word word word word\"\n"
        );
        let spaced = vec!["word"; 30].join("  ");
        let v = Value::tuple([s(&spaced)]);
        assert_eq!(
            emit(&v),
            "- \"word  word  word  word  word  word  word  word  word  word  word  word  word  word\n  \\ word  word  word  word  word  word  word  word  word  word  word  word  word  word\n  \\ word  word\"\n"
        );
    }
}
