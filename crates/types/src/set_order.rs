//! Set element order: the order in which cty iterates (and the console prints) a set.
//!
//! - Known values come before unknown values, and both before null.
//! - Strings sort by their bytes (`"B" < "a" < "b"`), numbers ascending, `false` before `true`.
//! - Elements of any other type (lists, maps, objects, tuples, sets) sort by cty's
//!   *set hash text* of the element, compared bytewise, exactly as cty's `setRules.Less`
//!   does: strings in it are Go-quoted, numbers written with ten significant digits
//!   (`1e+11`), so `toset([[10], [9]])` lists `[10]` first, as Terraform does. Elements
//!   whose hash texts tie (numbers that differ beyond ten digits) are ordered by a
//!   structural comparison, so the order is total and depends only on content.
//!
//! Duplicates are the elements that compare equal under cty's `Equals`: known, wholly
//! known and equal. Unknown elements are never duplicates of each other.

use std::cmp::Ordering;

use crate::number::Number;
use crate::value::{Repr, Value};

/// Compares two values of one type in set order.
pub fn compare(a: &Value, b: &Value) -> Ordering {
    if let Some(order) = compare_null_unknown(a, b) {
        return order;
    }
    match (a.repr(), b.repr()) {
        (Repr::String(x), Repr::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Repr::Number(x), Repr::Number(y)) => x.cmp(y),
        (Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
        _ => hash_text(a)
            .cmp(&hash_text(b))
            .then_with(|| structural_compare(a, b)),
    }
}

/// Sorts `elems` in set order and removes duplicates (elements equal under cty's `Equals`).
pub fn sorted_unique(elems: impl IntoIterator<Item = Value>) -> crate::Seq {
    let elems: Vec<Value> = elems.into_iter().collect();
    let needs_hash = elems
        .iter()
        .any(|v| matches!(v.repr(), Repr::Seq(_) | Repr::Attrs(_)));
    let mut sorted: Vec<Value> = if needs_hash {
        // Compute each element's hash text once.
        let mut keyed: Vec<(Vec<u8>, Value)> =
            elems.into_iter().map(|v| (hash_text(&v), v)).collect();
        keyed.sort_by(|(ka, a), (kb, b)| {
            compare_null_unknown(a, b)
                .unwrap_or_else(|| ka.cmp(kb).then_with(|| structural_compare(a, b)))
        });
        keyed.into_iter().map(|(_, v)| v).collect()
    } else {
        let mut elems = elems;
        elems.sort_by(compare);
        elems
    };
    sorted.dedup_by(|later, earlier| is_duplicate(earlier, later));
    crate::Seq::from(sorted)
}

/// Nulls last, unknowns just before them; `None` when both are known and not null.
fn compare_null_unknown(a: &Value, b: &Value) -> Option<Ordering> {
    match (a.is_null(), b.is_null()) {
        (true, true) => return Some(Ordering::Equal),
        (false, true) => return Some(Ordering::Less),
        (true, false) => return Some(Ordering::Greater),
        (false, false) => {}
    }
    match (a.is_known(), b.is_known()) {
        (true, true) => None,
        (true, false) => Some(Ordering::Less),
        (false, true) => Some(Ordering::Greater),
        (false, false) => Some(Ordering::Equal),
    }
}

/// True when `b` duplicates `a` in a set: both wholly known and equal (nulls are equal).
fn is_duplicate(a: &Value, b: &Value) -> bool {
    if a.is_null() && b.is_null() {
        return true;
    }
    a.is_wholly_known() && b.is_wholly_known() && structural_compare(a, b) == Ordering::Equal
}

/// A total order on values of one type that is `Equal` exactly for equal content.
fn structural_compare(a: &Value, b: &Value) -> Ordering {
    if let Some(order) = compare_null_unknown(a, b) {
        return order;
    }
    match (a.repr(), b.repr()) {
        (Repr::String(x), Repr::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Repr::Number(x), Repr::Number(y)) => x.cmp(y),
        (Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
        (Repr::Seq(x), Repr::Seq(y)) => x
            .iter()
            .zip(y.iter())
            .map(|(p, q)| structural_compare(p, q))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| x.len().cmp(&y.len())),
        (Repr::Attrs(x), Repr::Attrs(y)) => x
            .iter()
            .zip(y.iter())
            .map(|((kp, p), (kq, q))| kp.cmp(kq).then_with(|| structural_compare(p, q)))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| x.len().cmp(&y.len())),
        (x, y) => kind_rank(x).cmp(&kind_rank(y)),
    }
}

fn kind_rank(repr: &Repr) -> u8 {
    match repr {
        Repr::Bool(_) => 0,
        Repr::Number(_) => 1,
        Repr::String(_) => 2,
        Repr::Seq(_) => 3,
        Repr::Attrs(_) => 4,
        Repr::Unknown => 5,
        Repr::Null => 6,
        Repr::Type(_) => 7,
    }
}

/// cty's set hash text of a value (`makeSetHashBytes`): `?` unknown, `~` null, numbers in
/// `%g` with ten digits, `T`/`F`, Go-quoted strings, `[e;e;]` for lists and sets,
/// `{k:v;}` for maps and `<v;v;>` for objects (attributes in name order) and tuples.
pub(crate) fn hash_text(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    append_hash_text(v, &mut out);
    out
}

fn append_hash_text(v: &Value, out: &mut Vec<u8>) {
    match v.repr() {
        Repr::Unknown => out.push(b'?'),
        Repr::Null => out.push(b'~'),
        Repr::Type(ty) => out.extend_from_slice(crate::type_format::format_type(ty).as_bytes()),
        Repr::Number(n) => out.extend_from_slice(number_g10(n).as_bytes()),
        Repr::Bool(true) => out.push(b'T'),
        Repr::Bool(false) => out.push(b'F'),
        Repr::String(s) => out.extend_from_slice(crate::quote::quote(s).as_bytes()),
        Repr::Seq(elems) => {
            let (open, close) = if v.ty().is_tuple() {
                (b'<', b'>')
            } else {
                (b'[', b']')
            };
            out.push(open);
            for elem in elems {
                append_hash_text(elem, out);
                out.push(b';');
            }
            out.push(close);
        }
        Repr::Attrs(attrs) => {
            if v.ty().is_object() {
                out.push(b'<');
                for elem in attrs.values() {
                    append_hash_text(elem, out);
                    out.push(b';');
                }
                out.push(b'>');
            } else {
                out.push(b'{');
                for (key, elem) in attrs {
                    out.extend_from_slice(crate::quote::quote(key).as_bytes());
                    out.push(b':');
                    append_hash_text(elem, out);
                    out.push(b';');
                }
                out.push(b'}');
            }
        }
    }
}

/// The number as Go's `big.Float.String()` writes it: `%g` with ten significant digits.
pub(crate) fn number_g10(n: &Number) -> String {
    g10_from_decimal(&n.to_string())
}

/// Rewrites plain decimal text (`-12.5`, `0.0001`, `123456789012`) in `%.10g` form.
fn g10_from_decimal(text: &str) -> String {
    const PREC: i64 = 10;
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int_part, frac_part) = body.split_once('.').unwrap_or((body, ""));
    if !int_part
        .bytes()
        .chain(frac_part.bytes())
        .all(|b| b.is_ascii_digit())
    {
        return text.to_string();
    }
    let mut digits: Vec<u8> = int_part.bytes().chain(frac_part.bytes()).collect();
    let mut point = int_part.len() as i64;
    let leading = digits.iter().take_while(|&&d| d == b'0').count();
    digits.drain(..leading);
    point -= leading as i64;
    trim_trailing_zeros(&mut digits);
    if digits.is_empty() {
        return if neg { "-0".into() } else { "0".into() };
    }
    round_half_even(&mut digits, &mut point, PREC as usize);

    let n_digits = digits.len() as i64;
    let mut eprec = PREC;
    if eprec > n_digits && n_digits >= point {
        eprec = n_digits;
    }
    let exp = point - 1;
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if exp < -4 || exp >= eprec {
        out.push(char::from(digits[0]));
        if digits.len() > 1 {
            out.push('.');
            out.extend(digits[1..].iter().map(|&d| char::from(d)));
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", exp.abs()));
    } else {
        let prec = if PREC > point { n_digits } else { PREC };
        let decimals = (prec - point).max(0);
        let digit_at = |i: i64| -> char {
            usize::try_from(i)
                .ok()
                .and_then(|i| digits.get(i))
                .map_or('0', |&d| char::from(d))
        };
        if point > 0 {
            out.extend((0..point).map(digit_at));
        } else {
            out.push('0');
        }
        if decimals > 0 {
            out.push('.');
            out.extend((0..decimals).map(|i| digit_at(point + i)));
        }
    }
    out
}

fn trim_trailing_zeros(digits: &mut Vec<u8>) {
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
}

/// Rounds decimal `digits` to `n` significant digits, ties to even (Go's decimal rounding).
fn round_half_even(digits: &mut Vec<u8>, point: &mut i64, n: usize) {
    if digits.len() <= n {
        return;
    }
    let round_up = match digits[n] {
        b'5' if n + 1 == digits.len() => n > 0 && (digits[n - 1] - b'0') % 2 == 1,
        d => d >= b'5',
    };
    digits.truncate(n);
    if round_up {
        let mut i = n;
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                digits.truncate(n);
                *point += 1;
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    trim_trailing_zeros(digits);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g10_matches_go() {
        // Expected: Go's big.Float.String() for the same values.
        let cases = [
            ("0", "0"),
            ("-0", "-0"),
            ("1", "1"),
            ("10", "10"),
            ("-10", "-10"),
            ("1.5", "1.5"),
            ("0.0001", "0.0001"),
            ("0.00001", "1e-05"),
            ("1234567890", "1234567890"),
            ("12345678901", "1.23456789e+10"),
            ("100000000000", "1e+11"),
            ("0.1", "0.1"),
            ("3.14159265358979", "3.141592654"),
            ("99999999995", "1e+11"),
            ("123456789.5", "123456789.5"),
            ("1234567890.5", "1234567890"),
            ("1234567891.5", "1234567892"),
            ("-0.000012345", "-1.2345e-05"),
        ];
        for (input, want) in cases {
            assert_eq!(g10_from_decimal(input), want, "g10 of {input}");
        }
    }
}
