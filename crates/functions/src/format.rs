//! `format` and `formatlist`: the printf-style verb engine (cty's format state machine) and
//! Go's number formatting (`big.Float`/`big.Int` with `fmt` flags) behind its number verbs.
//!
//! A verb is `%` [flags `0#-+ `] [width] [`.` precision] [`[n]` argument index] letter.
//! `%v` prints strings and numbers plainly and everything else as JSON, `%#v` always as
//! JSON; `%t` needs a bool; `%b %d %o %x %X` a whole number; `%e %E %f %g %G` any number;
//! `%s %q` a string (`%q` JSON-quotes it). Widths and `%s` precisions count grapheme
//! clusters; the results are limited to [`MAX_RESULT_LEN`] bytes.

use num_bigint::{BigInt, BigUint};
use terrace_types::{Number, Repr, Type, Value, convert, grapheme_len, graphemes, to_json};

use super::args::str_arg;
use super::context::CallContext;
use super::error::FunctionError;
use super::json::has_infinity;
use super::spec::{Function, Param, ReturnType};
use super::string::{MAX_RESULT_LEN, too_long};
use super::table::FunctionTable;

/// Adds `format` and `formatlist` to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let args = Param::new("args", Type::Dynamic)
        .allow_null()
        .allow_unknown();
    table.insert(Function {
        name: "format",
        params: vec![Param::new("format", Type::String)],
        variadic: Some(args.clone()),
        return_type: ReturnType::Static(|| Type::String),
        description: "Builds a string by applying printf-style verbs (`%s`, `%d`, `%.2f`, `%q`, \
                      `%v`, ...) of the format string to the following arguments in turn.",
        implementation: format,
        impure: false,
    });
    table.insert(Function {
        name: "formatlist",
        params: vec![Param::new("format", Type::String)],
        variadic: Some(args),
        return_type: ReturnType::Static(|| Type::list(Type::String)),
        description: "Builds a list of strings, applying the format string as `format` does once \
                      for each element of the list arguments (all of one length); other \
                      arguments are repeated for every element.",
        implementation: formatlist,
        impure: false,
    });
}

fn format(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    if !args[1..].iter().all(Value::is_wholly_known) {
        return Ok(Value::unknown(Type::String));
    }
    format_values(str_arg(args, 0), &args[1..]).map(Value::string)
}

fn formatlist(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let template = str_arg(args, 0);
    let args = &args[1..];
    if args.is_empty() {
        let one = format_values(template, args)?;
        return Ok(Value::list(Type::String, [Value::string(one)]));
    }

    let mut length: Option<(usize, usize)> = None; // (length, index of the argument that set it)
    let mut any_unknown = false;
    for (i, arg) in args.iter().enumerate() {
        let ty = arg.ty();
        let iterable = matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_));
        if iterable && !arg.is_null() {
            if !matches!(ty, Type::Tuple(_)) && !arg.is_known() {
                any_unknown = true;
                continue;
            }
            let this = if let Some(n) = arg.length() {
                n
            } else {
                ty.tuple_elements().map_or(0, terrace_types::TupleType::len)
            };
            match length {
                None => length = Some((this, i)),
                Some((n, first)) if n != this => {
                    return Err(FunctionError::arg(
                        i + 1,
                        format!(
                            "argument {} has length {this}, which is inconsistent with argument {} \
                             of length {n}",
                            i + 1,
                            first + 1
                        ),
                    ));
                }
                Some(_) => {}
            }
            if !arg.is_known() {
                any_unknown = true;
            }
        } else if !arg.is_known() && ty == &Type::Dynamic {
            any_unknown = true;
        }
    }
    if any_unknown {
        return Ok(Value::unknown(Type::list(Type::String)));
    }

    let iterations = length.map_or(1, |(n, _)| n);
    let mut results = Vec::with_capacity(iterations);
    let mut total = 0usize;
    let mut row = Vec::with_capacity(args.len());
    for iteration in 0..iterations {
        row.clear();
        for arg in args {
            let iterable = matches!(arg.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_));
            match arg.as_seq() {
                Some(elems) if iterable => row.push(elems[iteration].clone()),
                _ => row.push(arg.clone()),
            }
        }
        if !row.iter().all(Value::is_wholly_known) {
            results.push(Value::unknown(Type::String));
            continue;
        }
        let text = format_values(template, &row).map_err(|e| {
            FunctionError::new(format!(
                "error on format iteration {iteration}: {}",
                e.message
            ))
        })?;
        total = total.saturating_add(text.len());
        if total > MAX_RESULT_LEN {
            return Err(too_long());
        }
        results.push(Value::string(text));
    }
    Ok(Value::list(Type::String, results))
}

/// One parsed verb.
#[derive(Default)]
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg_num: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    width: Option<usize>,
    width_digits: &'a str,
    precision: Option<usize>,
    precision_digits: &'a str,
}

/// Applies `template` to `args`, which must be wholly known (they may be null).
///
/// Errors are call errors, except for unused arguments, which are argument errors at the
/// index of the first unused argument counting the format string as 0.
pub(super) fn format_values(template: &str, args: &[Value]) -> Result<String, FunctionError> {
    let bytes = template.as_bytes();
    let len = bytes.len();
    let mut out = String::new();
    let mut p = 0;
    let mut next_arg = 1;
    let mut highest = 0;
    let eof = || FunctionError::new(format!("invalid format string starting at offset {len}"));
    let bad_char = |at: usize| {
        let c = template[at..].chars().next().unwrap_or('\u{fffd}');
        FunctionError::new(format!(
            "unrecognized format character {} at offset {at}",
            quote_rune(c)
        ))
    };
    while p < len {
        if bytes[p] != b'%' {
            let end = template[p..].find('%').map_or(len, |i| p + i);
            out.push_str(&template[p..end]);
            p = end;
            continue;
        }
        let start = p;
        p += 1;
        if p >= len {
            return Err(eof());
        }
        if bytes[p] == b'%' {
            out.push('%');
            p += 1;
            continue;
        }
        let mut verb = Verb {
            offset: start,
            arg_num: next_arg,
            ..Verb::default()
        };
        while p < len {
            match bytes[p] {
                b'0' => verb.zero = true,
                b'#' => verb.sharp = true,
                b'-' => verb.minus = true,
                b'+' => verb.plus = true,
                b' ' => verb.space = true,
                _ => break,
            }
            p += 1;
        }
        if p < len && (b'1'..=b'9').contains(&bytes[p]) {
            let digits_start = p;
            while p < len && bytes[p].is_ascii_digit() {
                p += 1;
            }
            verb.width_digits = &template[digits_start..p];
            verb.width = Some(saturating_decimal(verb.width_digits));
        }
        if p < len && bytes[p] == b'.' {
            p += 1;
            let digits_start = p;
            while p < len && bytes[p].is_ascii_digit() {
                p += 1;
            }
            verb.precision_digits = &template[digits_start..p];
            verb.precision = Some(saturating_decimal(verb.precision_digits));
        }
        if p < len && bytes[p] == b'[' {
            p += 1;
            if p >= len {
                return Err(eof());
            }
            if !(b'1'..=b'9').contains(&bytes[p]) {
                return Err(bad_char(p));
            }
            let digits_start = p;
            while p < len && bytes[p].is_ascii_digit() {
                p += 1;
            }
            verb.arg_num = saturating_decimal(&template[digits_start..p]);
            if p >= len {
                return Err(eof());
            }
            if bytes[p] != b']' {
                return Err(bad_char(p));
            }
            p += 1;
        }
        if p >= len {
            return Err(eof());
        }
        if !bytes[p].is_ascii_alphabetic() {
            return Err(bad_char(p));
        }
        verb.mode = char::from(bytes[p]);
        p += 1;
        verb.raw = &template[start..p];
        highest = highest.max(verb.arg_num);
        append_verb(&verb, &mut out, args)?;
        next_arg = verb.arg_num.saturating_add(1);
        if out.len() > MAX_RESULT_LEN {
            return Err(too_long());
        }
    }
    if out.len() > MAX_RESULT_LEN {
        return Err(too_long());
    }
    if highest < args.len() {
        let first_unused = highest + 1;
        let message = if highest == 0 {
            "too many arguments; no verbs in format string".to_string()
        } else {
            format!("too many arguments; only {highest} used by format string")
        };
        return Err(FunctionError::arg(first_unused, message));
    }
    Ok(out)
}

fn saturating_decimal(digits: &str) -> usize {
    digits.bytes().fold(0usize, |n, d| {
        n.saturating_mul(10).saturating_add(usize::from(d - b'0'))
    })
}

fn append_verb(verb: &Verb<'_>, out: &mut String, args: &[Value]) -> Result<(), FunctionError> {
    let raw = quote_str(verb.raw);
    let Some(arg) = args.get(verb.arg_num - 1) else {
        return Err(FunctionError::new(format!(
            "not enough arguments for {raw} at {}: need index {} but have {} total",
            verb.offset,
            verb.arg_num,
            args.len()
        )));
    };
    let unsupported = |why: &str| {
        FunctionError::new(format!(
            "unsupported value for {raw} at {}: {why}",
            verb.offset
        ))
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(unsupported("null value cannot be formatted"));
    }
    match verb.mode {
        'v' => {
            let text = match arg.repr() {
                Repr::String(s) if !verb.sharp => s.to_string(),
                Repr::Number(n) if !verb.sharp => shortest_g(n),
                _ => json_text(arg).map_err(|e| unsupported(&e))?,
            };
            out.push_str(&pad(verb, &text)?);
        }
        't' => {
            let b = convert(arg, &Type::Bool).map_err(|e| unsupported(&e.to_string()))?;
            out.push_str(if b.as_bool() == Some(true) {
                "true"
            } else {
                "false"
            });
        }
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = convert(arg, &Type::Number).map_err(|e| unsupported(&e.to_string()))?;
            let n = n
                .as_number()
                .expect("invariant: a converted, non-null number");
            if matches!(verb.mode, 'b' | 'd' | 'o' | 'x' | 'X') {
                if !n.is_integer() {
                    return Err(unsupported("an integer is required"));
                }
                out.push_str(&go_format_int(verb, n)?);
            } else {
                out.push_str(&go_format_float(verb, n)?);
            }
        }
        's' | 'q' => {
            let s = convert(arg, &Type::String).map_err(|e| unsupported(&e.to_string()))?;
            let mut s = s.as_str().expect("invariant: a converted, non-null string");
            if let Some(limit) = verb.precision.filter(|p| *p > 0) {
                let end: usize = graphemes(s).take(limit).map(str::len).sum();
                s = &s[..end];
            }
            if verb.mode == 's' {
                out.push_str(&pad(verb, s)?);
            } else {
                let quoted = json_text(&Value::string(s)).map_err(|e| unsupported(&e))?;
                out.push_str(&pad(verb, &quoted)?);
            }
        }
        other => {
            return Err(FunctionError::new(format!(
                "unsupported format verb {} in {raw} at offset {}",
                quote_rune(other),
                verb.offset
            )));
        }
    }
    Ok(())
}

/// Pads `text` to the verb's width in grapheme clusters (cty's own padding for `%s %q %v`).
fn pad(verb: &Verb<'_>, text: &str) -> Result<String, FunctionError> {
    let Some(width) = verb.width else {
        return Ok(text.to_string());
    };
    let given = grapheme_len(text);
    if given >= width {
        return Ok(text.to_string());
    }
    let n_pad = width - given;
    if n_pad > MAX_RESULT_LEN {
        return Err(too_long());
    }
    let pads = if verb.zero { "0" } else { " " }.repeat(n_pad);
    Ok(if verb.minus {
        format!("{text}{pads}")
    } else {
        format!("{pads}{text}")
    })
}

/// Go's `fmt` gives up on a width or precision above a million (while reading its digits):
/// the verb prints as `%!(NOVERB)` and the argument as an extra.
fn go_number_too_large(digits: &str) -> bool {
    let mut n: u64 = 0;
    for d in digits.bytes() {
        if n > 1_000_000 {
            return true;
        }
        n = n * 10 + u64::from(d - b'0');
    }
    false
}

fn go_gave_up(verb: &Verb<'_>) -> bool {
    go_number_too_large(verb.width_digits) || go_number_too_large(verb.precision_digits)
}

/// `%b %d %o %x %X` of a whole number, as Go's `big.Int` formats it.
fn go_format_int(verb: &Verb<'_>, n: &Number) -> Result<String, FunctionError> {
    // Integers that large would not fit the result anyway (and take long to print).
    let whole = n
        .to_bigint_trunc()
        .filter(|w| w.bits() <= MAX_INTEGER_BITS)
        .ok_or_else(too_long)?;
    let negative = whole.sign() == num_bigint::Sign::Minus;
    let magnitude = whole.magnitude();
    if go_gave_up(verb) {
        let sign = if negative { "-" } else { "" };
        return Ok(format!(
            "%!(NOVERB)%!(EXTRA *big.Int={sign}{})",
            magnitude.to_str_radix(10)
        ));
    }
    let base = match verb.mode {
        'b' => 2,
        'o' => 8,
        'x' | 'X' => 16,
        _ => 10,
    };
    let mut digits = magnitude.to_str_radix(base);
    if verb.mode == 'X' {
        digits.make_ascii_uppercase();
    }
    let sign = if negative {
        "-"
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let prefix = match (verb.sharp, verb.mode) {
        (true, 'b') => "0b",
        (true, 'o') => "0",
        (true, 'x') => "0x",
        (true, 'X') => "0X",
        _ => "",
    };
    let mut zeros = 0;
    if let Some(precision) = verb.precision {
        if digits.len() < precision {
            zeros = precision - digits.len();
        } else if digits == "0" && precision == 0 {
            // Zero with precision 0 prints nothing at all, not even padding.
            return Ok(String::new());
        }
    }
    let length = sign.len() + prefix.len() + zeros + digits.len();
    let (mut left, mut right) = (0, 0);
    if let Some(width) = verb.width.filter(|w| *w > length) {
        let extra = width - length;
        if verb.minus {
            right = extra;
        } else if verb.zero && verb.precision.is_none() {
            zeros = extra;
        } else {
            left = extra;
        }
    }
    if left + zeros + right > MAX_RESULT_LEN {
        return Err(too_long());
    }
    let mut out = String::with_capacity(length + left + right);
    out.push_str(&" ".repeat(left));
    out.push_str(sign);
    out.push_str(prefix);
    out.push_str(&"0".repeat(zeros));
    out.push_str(&digits);
    out.push_str(&" ".repeat(right));
    Ok(out)
}

/// `%e %E %f %g %G` of a number, as Go's `big.Float` formats it.
fn go_format_float(verb: &Verb<'_>, n: &Number) -> Result<String, FunctionError> {
    if go_gave_up(verb) {
        return Ok(format!("%!(NOVERB)%!(EXTRA *big.Float={})", shortest_g(n)));
    }
    let infinite = n.is_infinite();
    let (negative, body) = if infinite {
        (n.is_sign_negative(), "Inf".to_string())
    } else {
        let shortest = verb.precision.is_none() && matches!(verb.mode, 'g' | 'G');
        let d = if shortest {
            shortest_decimal(n)
        } else {
            exact_decimal(n)
        };
        if verb.precision.unwrap_or(6) > MAX_RESULT_LEN {
            return Err(too_long());
        }
        let precision = if shortest {
            None
        } else {
            Some(verb.precision.unwrap_or(6))
        };
        let negative = d.neg;
        (negative, decimal_text(d, verb.mode, precision)?)
    };
    let sign = if negative {
        "-"
    } else if infinite {
        if verb.space { " " } else { "+" }
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let length = sign.len() + body.len();
    let padding = verb.width.map_or(0, |w| w.saturating_sub(length));
    if padding > MAX_RESULT_LEN {
        return Err(too_long());
    }
    Ok(if verb.zero && !infinite {
        format!("{sign}{}{body}", "0".repeat(padding))
    } else if verb.minus {
        format!("{sign}{body}{}", " ".repeat(padding))
    } else {
        format!("{}{sign}{body}", " ".repeat(padding))
    })
}

/// `big.Float.Text('g', -1)`: what `%v` prints for a number.
fn shortest_g(n: &Number) -> String {
    if n.is_infinite() {
        return if n.is_sign_negative() { "-Inf" } else { "+Inf" }.to_string();
    }
    let d = shortest_decimal(n);
    let sign = if d.neg { "-" } else { "" };
    let body = decimal_text(d, 'g', None).unwrap_or_default();
    format!("{sign}{body}")
}

/// A decimal number `0.mant × 10^exp` (Go's `math/big` decimal), with its sign.
/// `mant` holds ASCII digits without leading or trailing zeros; zero has no digits.
#[derive(Clone, Debug, PartialEq)]
struct Decimal {
    neg: bool,
    mant: Vec<u8>,
    exp: i64,
}

impl Decimal {
    /// Reads plain decimal text such as `-12.50` (what `Number`'s `Display` prints).
    fn parse(text: &str) -> Decimal {
        let (neg, text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (int_part, frac_part) = text.split_once('.').unwrap_or((text, ""));
        let mut exp = i64::try_from(int_part.len()).unwrap_or(i64::MAX);
        let mut mant: Vec<u8> = int_part
            .bytes()
            .chain(frac_part.bytes())
            .filter(u8::is_ascii_digit)
            .collect();
        let leading = mant.iter().take_while(|d| **d == b'0').count();
        mant.drain(..leading);
        exp -= i64::try_from(leading).unwrap_or(0);
        let mut d = Decimal { neg, mant, exp };
        d.trim();
        d
    }

    fn trim(&mut self) {
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }

    /// The digit at position `i` (0 is the first digit after the point), `0` outside.
    fn at(&self, i: i64) -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.mant.get(i).copied())
            .unwrap_or(b'0')
    }

    /// Rounds to `n` digits, half to even on the exact digits.
    fn round(&mut self, n: i64) {
        let Ok(n) = usize::try_from(n) else {
            return;
        };
        if n >= self.mant.len() {
            return;
        }
        let round_up = if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            n > 0 && (self.mant[n - 1] - b'0') % 2 == 1
        } else {
            self.mant[n] >= b'5'
        };
        if round_up {
            let mut i = n;
            while i > 0 && self.mant[i - 1] >= b'9' {
                i -= 1;
            }
            if i == 0 {
                self.mant.clear();
                self.mant.push(b'1');
                self.exp += 1;
            } else {
                self.mant[i - 1] += 1;
                self.mant.truncate(i);
            }
        } else {
            self.mant.truncate(n);
            self.trim();
        }
    }
}

/// The digits of a finite number for verb `mode` (`e E f g G`), without its sign:
/// `precision` None is the shortest form (only for `g`), as `big.Float.Append` does.
fn decimal_text(
    mut d: Decimal,
    mode: char,
    precision: Option<usize>,
) -> Result<String, FunctionError> {
    let shortest = precision.is_none();
    let len = i64::try_from(d.mant.len()).unwrap_or(i64::MAX);
    let mut prec = match precision {
        Some(p) => i64::try_from(p).unwrap_or(i64::MAX),
        None => len,
    };
    if !shortest {
        match mode {
            'e' | 'E' => d.round(prec.saturating_add(1)),
            'f' => d.round(d.exp.saturating_add(prec)),
            _ => {
                if prec == 0 {
                    prec = 1;
                }
                d.round(prec);
            }
        }
    }
    let len = i64::try_from(d.mant.len()).unwrap_or(i64::MAX);
    match mode {
        'e' | 'E' => Ok(fmt_e(&d, mode, prec)),
        'f' => fmt_f(&d, prec),
        _ => {
            let mut eprec = prec;
            if eprec > len && len >= d.exp {
                eprec = len;
            }
            if shortest {
                eprec = 6;
            }
            let exp = d.exp - 1;
            let e = if mode == 'G' { 'E' } else { 'e' };
            if exp < -4 || exp >= eprec {
                if prec > len {
                    prec = len;
                }
                return Ok(fmt_e(&d, e, prec - 1));
            }
            if prec > d.exp {
                prec = len;
            }
            fmt_f(&d, (prec - d.exp).max(0))
        }
    }
}

/// `d.ddddde±dd`
fn fmt_e(d: &Decimal, e: char, prec: i64) -> String {
    let mut out = String::new();
    out.push(char::from(d.mant.first().copied().unwrap_or(b'0')));
    if prec > 0 {
        out.push('.');
        for i in 1..=prec {
            out.push(char::from(d.at(i)));
        }
    }
    out.push(e);
    let exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
    out.push(if exp < 0 { '-' } else { '+' });
    let exp = exp.unsigned_abs();
    if exp < 10 {
        out.push('0');
    }
    out.push_str(&exp.to_string());
    out
}

/// `ddddd.ddddd`
fn fmt_f(d: &Decimal, prec: i64) -> Result<String, FunctionError> {
    let int_len = usize::try_from(d.exp).unwrap_or(0);
    let frac_len = usize::try_from(prec).unwrap_or(0);
    if int_len.saturating_add(frac_len) > MAX_RESULT_LEN {
        return Err(too_long());
    }
    let mut out = String::with_capacity(int_len + frac_len + 2);
    if d.exp > 0 {
        for i in 0..d.exp {
            out.push(char::from(d.at(i)));
        }
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
        for i in 0..prec {
            out.push(char::from(d.at(d.exp + i)));
        }
    }
    Ok(out)
}

/// The shortest decimal that identifies the number at its precision (the digits the console
/// prints).
fn shortest_decimal(n: &Number) -> Decimal {
    Decimal::parse(&n.to_string())
}

/// The exact decimal value of the number's binary representation (Go's `decimal.init`):
/// the number times a power of two is a whole number `m`, so its digits are those of
/// `m × 5^k` shifted `k` places. Numbers too large or too small for that (beyond about
/// 2^±16000) fall back to their shortest digits.
fn exact_decimal(n: &Number) -> Decimal {
    let neg = n.is_sign_negative();
    if n.is_zero() || n.is_infinite() {
        return Decimal {
            neg,
            mant: Vec::new(),
            exp: 0,
        };
    }
    let mut scale: u32 = 0;
    let mut scaled = n.clone();
    while !scaled.is_integer() {
        if scale >= MAX_EXACT_SCALE {
            return shortest_decimal(n);
        }
        scale = if scale == 0 { 64 } else { scale * 2 };
        let power = Number::from_bigint(&(BigInt::from(1) << scale));
        scaled = n.mul(&power);
    }
    let Some(whole) = scaled
        .to_bigint_trunc()
        .filter(|w| w.bits() <= MAX_INTEGER_BITS)
    else {
        return shortest_decimal(n);
    };
    let digits = (whole.magnitude() * BigUint::from(5u32).pow(scale)).to_string();
    let mut d = Decimal {
        neg,
        exp: i64::try_from(digits.len()).unwrap_or(i64::MAX) - i64::from(scale),
        mant: digits.into_bytes(),
    };
    d.trim();
    d
}

/// The largest power of two `exact_decimal` scales by.
const MAX_EXACT_SCALE: u32 = 1 << 14;

/// The largest integer (in bits) whose digits are computed exactly: about 315,000 decimal
/// digits. Larger whole numbers fail the integer verbs as too long and print their shortest
/// digits for the float verbs.
const MAX_INTEGER_BITS: u64 = 1 << 20;

/// Go's `strconv.Quote` for the ASCII verb texts used in messages.
fn quote_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Go's `%q` of a rune (`strconv.QuoteRune`).
fn quote_rune(c: char) -> String {
    let inner = match c {
        '\'' => "\\'".to_string(),
        '\\' => "\\\\".to_string(),
        '\u{7}' => "\\a".to_string(),
        '\u{8}' => "\\b".to_string(),
        '\u{c}' => "\\f".to_string(),
        '\n' => "\\n".to_string(),
        '\r' => "\\r".to_string(),
        '\t' => "\\t".to_string(),
        '\u{b}' => "\\v".to_string(),
        c if (c as u32) < 0x20 || c == '\u{7f}' => format!("\\x{:02x}", c as u32),
        c if c.is_control() || c.is_whitespace() && c != ' ' => {
            if (c as u32) < 0x10000 {
                format!("\\u{:04x}", c as u32)
            } else {
                format!("\\U{:08x}", c as u32)
            }
        }
        c => c.to_string(),
    };
    format!("'{inner}'")
}

/// `v` as cty's JSON encoding writes it (what `%v` prints for collections and bools).
fn json_text(v: &Value) -> Result<String, String> {
    if has_infinity(v) {
        return Err("cannot serialize infinity as JSON".into());
    }
    to_json(v).map_err(|e| e.message)
}

#[cfg(test)]
#[allow(clippy::approx_constant)] // 3.14159 is what the Terraform examples format
mod tests {
    use super::*;
    use crate::test_support::{check, check_arg_err, check_err, f, render, s, unknown};

    /// Asserts `format(template, args...)` gives `expected` (without quotes).
    #[track_caller]
    fn fmt(template: &str, args: Vec<Value>, expected: &str) {
        let mut all = vec![s(template)];
        all.extend(args);
        check("format", all, &render(&s(expected)));
    }

    #[track_caller]
    fn fmt_err(template: &str, args: Vec<Value>, message: &str) {
        let mut all = vec![s(template)];
        all.extend(args);
        check_err("format", all, message);
    }

    #[test]
    fn strings_and_padding() {
        fmt("Hello, %s!", vec![s("Ander")], "Hello, Ander!");
        fmt("%5s|%-5s|", vec![s("a"), s("b")], "    a|b    |");
        fmt("%05s|", vec![s("ab")], "000ab|");
        fmt("%08s|", vec![s("é")], "0000000é|");
        fmt(
            "%3s|",
            vec![s("👨\u{200d}👩\u{200d}👧")],
            "  👨\u{200d}👩\u{200d}👧|",
        );
        fmt("%.2s", vec![s("abcdef")], "ab");
        fmt("%.0s", vec![s("abc")], "abc");
        fmt(
            "%.1s",
            vec![s("👨\u{200d}👩\u{200d}👧ab")],
            "👨\u{200d}👩\u{200d}👧",
        );
        fmt("%s", vec![Value::bool(true)], "true");
        fmt("%s", vec![f(1.5)], "1.5");
        fmt("no verbs", vec![], "no verbs");
        fmt("%d%%", vec![Value::int(50)], "50%");
        fmt("%s %%", vec![s("a")], "a %");
    }

    #[test]
    fn quoting() {
        fmt("%q", vec![s("x")], "\"x\"");
        fmt("%q", vec![Value::int(1)], "\"1\"");
        fmt("%q", vec![s("<a>&")], "\"\\u003ca\\u003e\\u0026\"");
        fmt("%q", vec![s("\u{8}\u{c}\u{1}")], "\"\\b\\f\\u0001\"");
        fmt("%q", vec![s("\t\\\"")], "\"\\t\\\\\\\"\"");
        fmt("%.2q", vec![s("abcdef")], "\"ab\"");
        fmt("%-8q|", vec![s("é")], "\"é\"     |");
        fmt("%#v", vec![s("é\u{2028}")], "\"é\\u2028\"");
    }

    #[test]
    fn values_as_json() {
        fmt("%v", vec![Value::int(1)], "1");
        fmt("%v", vec![s("x")], "x");
        fmt("%v", vec![Value::bool(true)], "true");
        fmt("%v", vec![Value::null(Type::Dynamic)], "null");
        fmt("%#v", vec![Value::null(Type::String)], "null");
        fmt(
            "%v",
            vec![Value::tuple([Value::int(1), Value::int(2)])],
            "[1,2]",
        );
        fmt(
            "%#v",
            vec![Value::tuple([Value::int(1), s("a")])],
            "[1,\"a\"]",
        );
        fmt(
            "%#v",
            vec![Value::object([("a", Value::int(1))])],
            "{\"a\":1}",
        );
        fmt(
            "%v",
            vec![Value::object([("a", s("<b>"))])],
            "{\"a\":\"\\u003cb\\u003e\"}",
        );
        fmt(
            "%v",
            vec![Value::map(
                Type::Number,
                [("a b", Value::int(1)), ("<", Value::int(2))],
            )],
            "{\"\\u003c\":2,\"a b\":1}",
        );
        fmt("%v", vec![Value::list(Type::String, [])], "[]");
        fmt(
            "%10v|%-10v|",
            vec![Value::tuple([Value::int(1)]), Value::bool(true)],
            "       [1]|true      |",
        );
        fmt("%#v", vec![f(1e30)], "1000000000000000000000000000000");
        fmt("%#v", vec![f(1e-7)], "0.0000001");
        fmt(
            "%v",
            vec![Value::tuple([f(1e-7), f(1e30)])],
            "[0.0000001,1000000000000000000000000000000]",
        );
        fmt("%#v", vec![Value::bool(true)], "true");
    }

    #[test]
    fn numbers_as_v() {
        fmt("%v", vec![Value::int(1_000_000)], "1e+06");
        fmt("%v", vec![Value::int(1_234_567)], "1.234567e+06");
        fmt("%v", vec![Value::int(123_456)], "123456");
        fmt("%v", vec![f(0.0001)], "0.0001");
        fmt("%v", vec![f(0.00001)], "1e-05");
        fmt("%v", vec![f(1e30)], "1e+30");
        fmt("%v", vec![f(-1_234_567.5)], "-1.2345675e+06");
        fmt("%v", vec![f(-0.0)], "-0");
        fmt("%.2v", vec![f(3.14159)], "3.14159");
        fmt("%010.3v|", vec![f(3.14159)], "0003.14159|");
        fmt("%05v", vec![Value::int(3)], "00003");
        fmt("%+v", vec![Value::int(3)], "3");
        fmt("%-5v|", vec![s("ab")], "ab   |");
    }

    #[test]
    fn integers() {
        fmt("%-5d|", vec![Value::int(42)], "42   |");
        fmt("%03d", vec![Value::int(1)], "001");
        fmt("%o", vec![Value::int(8)], "10");
        fmt("%b", vec![Value::int(5)], "101");
        fmt("%x", vec![Value::int(255)], "ff");
        fmt("%X", vec![Value::int(255)], "FF");
        fmt("%#x", vec![Value::int(255)], "0xff");
        fmt("%#X", vec![Value::int(255)], "0XFF");
        fmt("%#o", vec![Value::int(8)], "010");
        fmt("%#b", vec![Value::int(5)], "0b101");
        fmt("%# x", vec![Value::int(255)], " 0xff");
        fmt("%#08x", vec![Value::int(255)], "0x0000ff");
        fmt("%+d", vec![Value::int(5)], "+5");
        fmt("% d", vec![Value::int(5)], " 5");
        fmt("% d", vec![Value::int(-5)], "-5");
        fmt("%+ d", vec![Value::int(5)], "+5");
        fmt("%.3d", vec![Value::int(5)], "005");
        fmt("%8.3d|", vec![Value::int(-5)], "    -005|");
        fmt("%08d", vec![Value::int(-42)], "-0000042");
        fmt("%+08d", vec![Value::int(42)], "+0000042");
        fmt("%-8d|", vec![Value::int(-42)], "-42     |");
        fmt("%-05d|", vec![Value::int(42)], "42   |");
        fmt("%0-5d|", vec![Value::int(1)], "1    |");
        fmt("%x", vec![Value::int(-255)], "-ff");
        fmt("%b", vec![Value::int(-5)], "-101");
        fmt("%.0d", vec![Value::int(0)], "");
        fmt("%5.0d|", vec![Value::int(0)], "|");
        fmt("%d", vec![f(-0.0)], "0");
        fmt("%+d", vec![f(-0.0)], "+0");
        fmt(
            "%d",
            vec![f(12_345_678_901_234_567_000.0)],
            "12345678901234567168",
        );
        fmt("%o", vec![f(1e20)], "12657072742654304000000");
        fmt_err(
            "%d",
            vec![f(1.5)],
            "unsupported value for \"%d\" at 0: an integer is required",
        );
        fmt_err(
            "%x",
            vec![f(1.5)],
            "unsupported value for \"%x\" at 0: an integer is required",
        );
        fmt_err(
            "%d",
            vec![f(f64::INFINITY)],
            "unsupported value for \"%d\" at 0: an integer is required",
        );
    }

    #[test]
    fn floats() {
        fmt("%.2f", vec![f(3.14159)], "3.14");
        fmt("%8.3f|", vec![f(3.14159)], "   3.142|");
        fmt("%-10.2f|", vec![f(3.14159)], "3.14      |");
        fmt("%08.3f", vec![f(-3.14159)], "-003.142");
        fmt("%-08.2f|", vec![Value::int(1)], "00001.00|");
        fmt("%0-8.2f|", vec![Value::int(1)], "00001.00|");
        fmt("%-+8.2f|", vec![Value::int(1)], "+1.00   |");
        fmt("%+f", vec![Value::int(0)], "+0.000000");
        fmt("% f", vec![Value::int(1)], " 1.000000");
        fmt("% +f", vec![Value::int(1)], "+1.000000");
        fmt("%f", vec![f(-0.0)], "-0.000000");
        fmt(
            "%f",
            vec![f(1e30)],
            "1000000000000000019884624838656.000000",
        );
        fmt("%.0f", vec![f(2.5)], "2");
        fmt("%.0f", vec![f(1.5)], "2");
        fmt("%.0f", vec![f(0.5)], "0");
        fmt("%.2f", vec![f(2.675)], "2.67");
        fmt("%.1f", vec![f(0.25)], "0.2");
        fmt("%.2f", vec![f(0.005)], "0.01");
        fmt("%.2f", vec![f(0.125)], "0.12");
        fmt("%.2f", vec![f(0.375)], "0.38");
        fmt("%.2f", vec![f(0.0001)], "0.00");
        fmt("%.2f", vec![f(0.009)], "0.01");
        fmt(
            "%.20f",
            vec![f(std::f64::consts::SQRT_2)],
            "1.41421356237309514547",
        );
        fmt("%e", vec![f(12345.678)], "1.234568e+04");
        fmt("%e", vec![Value::int(0)], "0.000000e+00");
        fmt("%e", vec![f(-0.0)], "-0.000000e+00");
        fmt("%E", vec![f(1234.5)], "1.234500E+03");
        fmt("%e", vec![f(1e100)], "1.000000e+100");
        fmt("%e", vec![f(1e-300)], "1.000000e-300");
        fmt("%+.1e", vec![Value::int(12345)], "+1.2e+04");
        fmt("%+.3e", vec![Value::int(0)], "+0.000e+00");
        fmt("%.0e", vec![Value::int(5)], "5e+00");
        fmt("%.0e", vec![Value::int(15)], "2e+01");
        fmt("%.0e", vec![Value::int(25)], "2e+01");
        fmt("%10.3e|", vec![f(1234.5678)], " 1.235e+03|");
        fmt("%g", vec![Value::int(100_000_000)], "1e+08");
        fmt("%g", vec![Value::int(0)], "0");
        fmt("%g", vec![f(1e-5)], "1e-05");
        fmt("%g", vec![Value::int(123_456)], "123456");
        fmt("%g", vec![Value::int(1_234_567)], "1.234567e+06");
        fmt("%g", vec![f(2.5)], "2.5");
        fmt("%g", vec![f(1e21)], "1e+21");
        fmt("%G", vec![f(0.000_001_234)], "1.234E-06");
        fmt("%G", vec![f(1e-10)], "1E-10");
        fmt("%.3g", vec![f(1234.5678)], "1.23e+03");
        fmt("%.3g", vec![f(0.000_012_34)], "1.23e-05");
        fmt("%.3g", vec![Value::int(100)], "100");
        fmt("%.10g", vec![Value::int(100)], "100");
        fmt("%.0g", vec![Value::int(123)], "1e+02");
        fmt("%f", vec![f(f64::INFINITY)], "+Inf");
        fmt("%e", vec![f(f64::NEG_INFINITY)], "-Inf");
        fmt("% f", vec![f(f64::INFINITY)], " Inf");
        fmt("%08f", vec![f(f64::NEG_INFINITY)], "    -Inf");
    }

    /// Numbers read from text keep 512 bits, so their digits go on much longer.
    #[test]
    fn parsed_numbers() {
        let p = |t: &str| Value::number(Number::parse(t).unwrap());
        fmt("%.30f", vec![p("0.1")], "0.100000000000000000000000000000");
        fmt("%.2f", vec![p("0.005")], "0.00");
        fmt("%.2f", vec![p("0.015")], "0.01");
        fmt(
            "%f",
            vec![p("1e30")],
            "1000000000000000000000000000000.000000",
        );
        fmt("%v", vec![p("1e30")], "1e+30");
        fmt(
            "%d",
            vec![p("12345678901234567890")],
            "12345678901234567890",
        );
        fmt(
            "%s",
            vec![p("12345678901234567890")],
            "12345678901234567890",
        );
        fmt("%e", vec![p("1e-300")], "1.000000e-300");
    }

    #[test]
    fn go_gives_up_on_huge_widths() {
        fmt(
            "%999999999d",
            vec![Value::int(1)],
            "%!(NOVERB)%!(EXTRA *big.Int=1)",
        );
        fmt(
            "%099999999d",
            vec![Value::int(-1)],
            "%!(NOVERB)%!(EXTRA *big.Int=-1)",
        );
        fmt(
            "%.99999999f",
            vec![Value::int(1)],
            "%!(NOVERB)%!(EXTRA *big.Float=1)",
        );
        fmt(
            "%-99999999e",
            vec![f(1.5)],
            "%!(NOVERB)%!(EXTRA *big.Float=1.5)",
        );
        assert!(!go_number_too_large("10000009"));
        assert!(go_number_too_large("10000010"));
        assert!(!go_number_too_large("1000000"));
    }

    #[test]
    fn size_cap() {
        let message = super::super::string::too_long().message;
        fmt_err("%999999999s", vec![Value::int(1)], &message);
        fmt_err("%99999999999999999999999v", vec![s("x")], &message);
        fmt_err(
            "%10000009d%10000009d",
            vec![Value::int(1), Value::int(1)],
            &message,
        );
        let mut all = vec![s("%1000000s")];
        all.push(Value::list(Type::String, (0..20).map(|_| s("x"))));
        check_err("formatlist", all, &message);
    }

    #[test]
    fn argument_indexes() {
        fmt("%s and %[1]s", vec![s("x")], "x and x");
        fmt("%[2]s", vec![s("a"), s("b")], "b");
        fmt("%[1]s %s", vec![s("a"), s("b")], "a b");
        fmt("%[2]s %[1]s %s", vec![s("a"), s("b")], "b a b");
        fmt_err(
            "%[2]s %s",
            vec![s("a"), s("b")],
            "not enough arguments for \"%s\" at 6: need index 3 but have 2 total",
        );
        fmt_err(
            "%[10]d",
            vec![Value::int(1)],
            "not enough arguments for \"%[10]d\" at 0: need index 10 but have 1 total",
        );
    }

    #[test]
    fn syntax_errors() {
        fmt_err(
            "%s %s",
            vec![s("a")],
            "not enough arguments for \"%s\" at 3: need index 2 but have 1 total",
        );
        fmt_err("%", vec![], "invalid format string starting at offset 1");
        fmt_err(
            "abc %",
            vec![Value::int(1)],
            "invalid format string starting at offset 5",
        );
        fmt_err(
            "é%s%",
            vec![Value::int(1)],
            "invalid format string starting at offset 5",
        );
        fmt_err(
            "%5",
            vec![Value::int(1)],
            "invalid format string starting at offset 2",
        );
        fmt_err(
            "%[1]",
            vec![Value::int(1)],
            "invalid format string starting at offset 4",
        );
        fmt_err(
            "%!",
            vec![],
            "unrecognized format character '!' at offset 1",
        );
        fmt_err(
            "%é",
            vec![Value::int(1)],
            "unrecognized format character 'é' at offset 1",
        );
        fmt_err(
            "%-%",
            vec![Value::int(1)],
            "unrecognized format character '%' at offset 2",
        );
        fmt_err(
            "%[0]s",
            vec![Value::int(1)],
            "unrecognized format character '0' at offset 2",
        );
        fmt_err(
            "%[1x",
            vec![Value::int(1)],
            "unrecognized format character 'x' at offset 3",
        );
        fmt_err(
            "%z",
            vec![Value::int(1)],
            "unsupported format verb 'z' in \"%z\" at offset 0",
        );
        fmt_err(
            "%F",
            vec![Value::int(1)],
            "unsupported format verb 'F' in \"%F\" at offset 0",
        );
        fmt_err(
            "%z",
            vec![],
            "not enough arguments for \"%z\" at 0: need index 1 but have 0 total",
        );
        check_arg_err(
            "format",
            vec![s("%s"), s("a"), s("b")],
            2,
            "too many arguments; only 1 used by format string",
        );
        check_arg_err(
            "format",
            vec![s("x"), s("b")],
            1,
            "too many arguments; no verbs in format string",
        );
    }

    #[test]
    fn verbs_convert_their_arguments() {
        fmt("%d", vec![s("12")], "12");
        fmt("%.1f", vec![s("2.25")], "2.2");
        fmt("%t", vec![s("true")], "true");
        fmt_err(
            "%d",
            vec![s("x")],
            "unsupported value for \"%d\" at 0: a number is required",
        );
        fmt_err(
            "%d",
            vec![Value::tuple([Value::int(1)])],
            "unsupported value for \"%d\" at 0: number required, but have tuple",
        );
        fmt_err(
            "%t",
            vec![Value::int(1)],
            "unsupported value for \"%t\" at 0: bool required, but have number",
        );
        fmt_err(
            "%s",
            vec![Value::tuple([Value::int(1)])],
            "unsupported value for \"%s\" at 0: string required, but have tuple",
        );
        check("format", vec![Value::int(5)], "\"5\"");
    }

    #[test]
    fn value_errors() {
        fmt_err(
            "%s",
            vec![Value::null(Type::String)],
            "unsupported value for \"%s\" at 0: null value cannot be formatted",
        );
        fmt_err(
            "%t",
            vec![Value::null(Type::Bool)],
            "unsupported value for \"%t\" at 0: null value cannot be formatted",
        );
        fmt("%t", vec![Value::bool(true)], "true");
        fmt("%5t|", vec![Value::bool(false)], "false|");
        fmt_err(
            "%v",
            vec![Value::tuple([f(f64::INFINITY)])],
            "unsupported value for \"%v\" at 0: cannot serialize infinity as JSON",
        );
        check_err(
            "format",
            vec![Value::null(Type::String)],
            "argument must not be null",
        );
    }

    #[test]
    fn unknowns() {
        check(
            "format",
            vec![s("%s"), unknown(Type::String)],
            "(unknown string)",
        );
        check(
            "format",
            vec![s("%v"), Value::tuple([unknown(Type::Number)])],
            "(unknown string)",
        );
        check(
            "format",
            vec![unknown(Type::String), s("a")],
            "(unknown string)",
        );
        check(
            "formatlist",
            vec![s("%s"), unknown(Type::list(Type::String))],
            "(unknown list of string)",
        );
        check(
            "formatlist",
            vec![s("%s"), unknown(Type::Dynamic)],
            "(unknown list of string)",
        );
        check(
            "formatlist",
            vec![
                s("%s"),
                Value::list(Type::String, [s("a"), unknown(Type::String)]),
            ],
            "[\"a\", (unknown string)]",
        );
        check(
            "formatlist",
            vec![
                s("%s-%s"),
                unknown(Type::String),
                Value::list(Type::String, [s("a")]),
            ],
            "[(unknown string)]",
        );
    }

    #[test]
    fn formatlist_cases() {
        let strings = |items: &[&str]| Value::list(Type::String, items.iter().map(|t| s(t)));
        check(
            "formatlist",
            vec![s("Hello, %s!"), strings(&["a", "b"])],
            "[\"Hello, a!\", \"Hello, b!\"]",
        );
        check(
            "formatlist",
            vec![s("%s-%s"), strings(&["a", "b"]), s("c")],
            "[\"a-c\", \"b-c\"]",
        );
        check(
            "formatlist",
            vec![s("%[2]s %[1]s"), strings(&["a", "b"]), strings(&["c", "d"])],
            "[\"c a\", \"d b\"]",
        );
        check("formatlist", vec![s("x")], "[\"x\"]");
        check("formatlist", vec![s("%s"), strings(&[])], "[]");
        check(
            "formatlist",
            vec![s("%v"), Value::null(Type::list(Type::String))],
            "[\"null\"]",
        );
        check(
            "formatlist",
            vec![s("%s"), Value::set(Type::String, [s("b"), s("a")])],
            "[\"a\", \"b\"]",
        );
        check(
            "formatlist",
            vec![
                s("%v"),
                Value::tuple([Value::tuple([Value::int(1)]), Value::tuple([Value::int(2)])]),
            ],
            "[\"[1]\", \"[2]\"]",
        );
        check_arg_err(
            "formatlist",
            vec![s("%s-%s"), strings(&["a", "b"]), strings(&["c"])],
            2,
            "argument 2 has length 1, which is inconsistent with argument 1 of length 2",
        );
        check_err(
            "formatlist",
            vec![s("%s"), strings(&["a"]), s("b")],
            "error on format iteration 0: too many arguments; only 1 used by format string",
        );
        check_err(
            "formatlist",
            vec![s("%s")],
            "not enough arguments for \"%s\" at 0: need index 1 but have 0 total",
        );
        check_err(
            "formatlist",
            vec![s("%s"), Value::null(Type::list(Type::String))],
            "error on format iteration 0: unsupported value for \"%s\" at 0: null value cannot be formatted",
        );
        check_err(
            "formatlist",
            vec![Value::null(Type::String), strings(&["a"])],
            "argument must not be null",
        );
    }

    #[test]
    fn decimal_rounding() {
        let mut d = Decimal::parse("0.125");
        d.round(2);
        assert_eq!(d, Decimal::parse("0.12"));
        let mut d = Decimal::parse("9.99");
        d.round(2);
        assert_eq!(d, Decimal::parse("10"));
        assert!(Decimal::parse("-0").neg);
        assert_eq!(
            Decimal::parse("001.2300"),
            Decimal {
                neg: false,
                mant: b"123".to_vec(),
                exp: 1
            }
        );
        assert_eq!(
            Decimal::parse("0.0012"),
            Decimal {
                neg: false,
                mant: b"12".to_vec(),
                exp: -2
            }
        );
    }
}
