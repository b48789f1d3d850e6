//! Date and time functions: `formatdate`, `timeadd`, `timecmp` and `timestamp`
//! (cty's `stdlib/datetime.go` and Terraform's `datetime.go`).
//!
//! Timestamps are RFC 3339 strings (see `timestamp.rs` for the two parsers Terraform
//! uses). Durations follow Go's `time.ParseDuration`: signed sequences of decimal
//! numbers with units `ns`, `us` (`µs`, `μs`), `ms`, `s`, `m`, `h`, within ±292 years.
//! `timestamp` reads the clock unless `CallContext::fixed_now` is set.

use terrace_types::{Type, Value, quote};

use super::args::str_arg;
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;
use super::timestamp::{
    Timestamp, cty_message, go_year, parse_go_rfc3339, parse_strict_rfc3339, terraform_message,
};

/// Adds the date and time functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    table.insert(Function {
        name: "formatdate",
        params: vec![
            Param::new("format", Type::String),
            Param::new("time", Type::String),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Formats an RFC 3339 timestamp with a format of letter codes: `YYYY` \
                      `YY` year, `MMMM` `MMM` `MM` `M` month, `DD` `D` day, `EEEE` `EEE` \
                      weekday, `hh` `h` 24-hour, `HH` `H` 12-hour, `AA` `aa` AM/PM, `mm` `m` \
                      minute, `ss` `s` second, `ZZZZZ` `ZZZZ` `ZZZ` `Z` time zone; text in \
                      single quotes is copied literally.",
        implementation: formatdate,
        impure: false,
    });
    table.insert(Function {
        name: "timeadd",
        params: vec![
            Param::new("timestamp", Type::String),
            Param::new("duration", Type::String),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Adds a duration such as `\"1h30m\"`, `\"-10m\"` or `\"1.5h\"` (units \
                      `ns`, `us`, `ms`, `s`, `m`, `h`) to an RFC 3339 timestamp and returns \
                      the resulting timestamp, in the same UTC offset.",
        implementation: timeadd,
        impure: false,
    });
    table.insert(Function {
        name: "timecmp",
        params: vec![
            Param::new("timestamp_a", Type::String),
            Param::new("timestamp_b", Type::String),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::Number),
        description: "Compares two RFC 3339 timestamps, taking their UTC offsets into account: \
                      -1 when the first is earlier, 0 when they are the same instant, 1 when \
                      it is later.",
        implementation: timecmp,
        impure: false,
    });
    table.insert(Function {
        name: "timestamp",
        params: vec![],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Returns the current date and time in UTC as an RFC 3339 string, such as \
                      `\"2024-01-02T15:04:05Z\"`. The result changes from call to call.",
        implementation: timestamp,
        impure: true,
    });
}

fn formatdate(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let t = parse_strict_rfc3339(str_arg(args, 1))
        .map_err(|e| FunctionError::arg(1, cty_message(&e)))?;
    let mut out = String::new();
    for token in format_tokens(str_arg(args, 0).as_bytes()) {
        let text = String::from_utf8_lossy(token);
        if token[0] == b'\'' {
            if token.len() == 1 || token[token.len() - 1] != b'\'' {
                return Err(FunctionError::arg(0, "unterminated literal '"));
            }
            if token.len() == 2 {
                out.push('\'');
            } else {
                let raw = &text[1..text.len() - 1];
                let mut chars = raw.chars();
                while let Some(c) = chars.next() {
                    out.push(c);
                    if c == '\'' {
                        chars.next();
                    }
                }
            }
        } else if token[0].is_ascii_alphabetic() {
            out.push_str(&format_verb(&text, &t)?);
        } else {
            out.push_str(&text);
        }
    }
    Ok(Value::string(out))
}

fn format_verb(verb: &str, t: &Timestamp) -> Result<String, FunctionError> {
    let bad = |why: &str| {
        FunctionError::arg(
            0,
            if why.is_empty() {
                format!("invalid date format verb {}", quote(verb))
            } else {
                format!("invalid date format verb {}: {why}", quote(verb))
            },
        )
    };
    let n = verb.len();
    let hour12 = if t.hour.is_multiple_of(12) {
        12
    } else {
        t.hour % 12
    };
    let text = match (verb.as_bytes()[0], n) {
        (b'Y', 2) => format!("{:02}", t.year % 100),
        (b'Y', 4) => go_year(t.year),
        (b'Y', _) => return Err(bad("year must either be \"YY\" or \"YYYY\"")),
        (b'M', 1) => t.month.to_string(),
        (b'M', 2) => format!("{:02}", t.month),
        (b'M', 3) => t.month_name()[..3].to_string(),
        (b'M', 4) => t.month_name().to_string(),
        (b'M', _) => return Err(bad("month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
        (b'D', 1) => t.day.to_string(),
        (b'D', 2) => format!("{:02}", t.day),
        (b'D', _) => return Err(bad("day of month must either be \"D\" or \"DD\"")),
        (b'E', 3) => t.weekday_name()[..3].to_string(),
        (b'E', 4) => t.weekday_name().to_string(),
        (b'E', _) => return Err(bad("day of week must either be \"EEE\" or \"EEEE\"")),
        (b'h', 1) => t.hour.to_string(),
        (b'h', 2) => format!("{:02}", t.hour),
        (b'h', _) => return Err(bad("24-hour must either be \"h\" or \"hh\"")),
        (b'H', 1) => hour12.to_string(),
        (b'H', 2) => format!("{hour12:02}"),
        (b'H', _) => return Err(bad("12-hour must either be \"H\" or \"HH\"")),
        (b'A' | b'a', 2) => {
            let pm = t.hour >= 12;
            match (verb.as_bytes()[0] == b'A', pm) {
                (true, false) => "AM",
                (true, true) => "PM",
                (false, false) => "am",
                (false, true) => "pm",
            }
            .to_string()
        }
        (b'A' | b'a', _) => {
            let letter = &verb[..1];
            return Err(bad(&format!("must be \"{letter}{letter}\"")));
        }
        (b'm', 1) => t.minute.to_string(),
        (b'm', 2) => format!("{:02}", t.minute),
        (b'm', _) => return Err(bad("minute must either be \"m\" or \"mm\"")),
        (b's', 1) => t.second.to_string(),
        (b's', 2) => format!("{:02}", t.second),
        (b's', _) => return Err(bad("second must either be \"s\" or \"ss\"")),
        (b'Z', 1) => t.offset_text(true, true),
        (b'Z', 3) => match t.offset_text(false, false).as_str() {
            "+0000" => "UTC".to_string(),
            other => other.to_string(),
        },
        (b'Z', 4) => t.offset_text(false, false),
        (b'Z', 5) => t.offset_text(false, true),
        (b'Z', _) => return Err(bad("timezone must be Z, ZZZZ, or ZZZZZ")),
        _ => return Err(bad("")),
    };
    Ok(text)
}

/// Splits a `formatdate` format into quoted literals, runs of one letter, and other
/// text, as cty's `splitDateFormat` does.
fn format_tokens(data: &[u8]) -> Vec<&[u8]> {
    let mut tokens = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let len = if rest[0] == b'\'' {
            if rest.get(1) == Some(&b'\'') {
                2
            } else {
                let mut i = 1;
                let mut end = rest.len();
                while i < rest.len() {
                    if rest[i] == b'\'' {
                        if i + 1 == rest.len() {
                            break;
                        }
                        if rest[i + 1] == b'\'' {
                            i += 2;
                            continue;
                        }
                        end = i + 1;
                        break;
                    }
                    i += 1;
                }
                end
            }
        } else if rest[0].is_ascii_alphabetic() {
            rest.iter().take_while(|&&b| b == rest[0]).count()
        } else {
            1 + rest[1..]
                .iter()
                .take_while(|&&b| b != b'\'' && !b.is_ascii_alphabetic())
                .count()
        };
        tokens.push(&rest[..len]);
        rest = &rest[len..];
    }
    tokens
}

fn timeadd(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let t =
        parse_strict_rfc3339(str_arg(args, 0)).map_err(|e| FunctionError::new(cty_message(&e)))?;
    let nanos = parse_duration(str_arg(args, 1)).map_err(FunctionError::new)?;
    let result = Timestamp::from_unix_nanos(t.unix_nanos() + i128::from(nanos), t.offset);
    Ok(Value::string(result.format_rfc3339()))
}

fn timecmp(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let a = parse_go_rfc3339(str_arg(args, 0))
        .map_err(|e| FunctionError::arg(0, terraform_message(&e)))?;
    let b = parse_go_rfc3339(str_arg(args, 1))
        .map_err(|e| FunctionError::arg(1, terraform_message(&e)))?;
    let order = a.unix_nanos().cmp(&b.unix_nanos());
    Ok(Value::int(order as i64))
}

fn timestamp(ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    let now = match &ctx.fixed_now {
        Some(text) => match parse_go_rfc3339(text) {
            Ok(t) => t.format_rfc3339(),
            Err(_) => text.clone(),
        },
        None => Timestamp::now().format_rfc3339(),
    };
    Ok(Value::string(now))
}

/// Go's `time.ParseDuration`, in nanoseconds, with Go's error messages.
pub(super) fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(orig));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c) = s.first()
        && (c == b'-' || c == b'+')
    {
        neg = c == b'-';
        s = &s[1..];
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    const LIMIT: u64 = 1 << 63;
    let mut total: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        // Whole part.
        let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
        let mut v: u64 = 0;
        for &d in &s[..digits] {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(d - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
        }
        let pre = digits > 0;
        s = &s[digits..];
        // Fraction.
        let mut f: u64 = 0;
        let mut scale = 1f64;
        let mut post = false;
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
            let mut overflow = false;
            for &d in &s[..digits] {
                if overflow {
                    continue;
                }
                if f > (LIMIT - 1) / 10 {
                    overflow = true;
                    continue;
                }
                let y = f * 10 + u64::from(d - b'0');
                if y > LIMIT {
                    overflow = true;
                    continue;
                }
                f = y;
                scale *= 10.0;
            }
            post = digits > 0;
            s = &s[digits..];
        }
        if !pre && !post {
            return Err(invalid());
        }
        // Unit.
        let unit_len = s
            .iter()
            .take_while(|&&b| b != b'.' && !b.is_ascii_digit())
            .count();
        if unit_len == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                time_quote(orig)
            ));
        }
        let unit_bytes = &s[..unit_len];
        s = &s[unit_len..];
        let unit: u64 = match unit_bytes {
            b"ns" => 1,
            b"us" | b"\xc2\xb5s" | b"\xce\xbcs" => 1_000,
            b"ms" => 1_000_000,
            b"s" => 1_000_000_000,
            b"m" => 60_000_000_000,
            b"h" => 3_600_000_000_000,
            _ => {
                return Err(format!(
                    "time: unknown unit {} in duration {}",
                    time_quote(&String::from_utf8_lossy(unit_bytes)),
                    time_quote(orig)
                ));
            }
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            // As Go: float64 keeps fractions of hours accurate to the nanosecond.
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        total += v;
        if total > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        return Ok(0i64.wrapping_sub_unsigned(total));
    }
    i64::try_from(total).map_err(|_| invalid())
}

/// The `time` package's own quoting: `"…"` with non-ASCII and control bytes as `\xNN`.
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if !c.is_ascii() || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{garbage, run, run_with, s};
    use terrace_types::Marks;

    fn fmt(format: &str, time: &str) -> Result<String, String> {
        match run("formatdate", vec![s(format), s(time)]) {
            Ok(v) => Ok(v.as_str().unwrap().to_string()),
            Err(CallError::InvalidArgument { param, message, .. }) => {
                Err(format!("{param}: {message}"))
            }
            Err(e) => Err(e.to_string()),
        }
    }

    fn add(time: &str, duration: &str) -> Result<String, String> {
        match run("timeadd", vec![s(time), s(duration)]) {
            Ok(v) => Ok(v.as_str().unwrap().to_string()),
            Err(CallError::Failed { message, .. }) => Err(message),
            Err(e) => Err(e.to_string()),
        }
    }

    #[test]
    fn formatdate_verbs() {
        // Expected outputs from Terraform.
        assert_eq!(
            fmt("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z").unwrap(),
            "02 Jan 2018 23:12 UTC"
        );
        assert_eq!(
            fmt("EEE, DD MMM YYYY hh:mm:ss ZZZ", "2018-01-02T23:12:01-08:00").unwrap(),
            "Tue, 02 Jan 2018 23:12:01 -0800"
        );
        assert_eq!(fmt("H aa", "2018-01-02T09:12:01Z").unwrap(), "9 am");
        assert_eq!(fmt("M/D/YY", "2018-01-02T23:12:01Z").unwrap(), "1/2/18");
        assert_eq!(
            fmt(
                "EEEE, MMMM D, YY h H HH hh AA aa m mm s ss",
                "2018-01-02T00:05:09Z"
            )
            .unwrap(),
            "Tuesday, January 2, 18 0 12 12 00 AM am 5 05 9 09"
        );
        assert_eq!(
            fmt("Z ZZZ ZZZZ ZZZZZ", "2018-01-02T00:05:09+05:30").unwrap(),
            "+05:30 +0530 +0530 +05:30"
        );
        assert_eq!(
            fmt("Z ZZZ ZZZZ ZZZZZ", "2018-01-02T00:05:09-00:00").unwrap(),
            "Z UTC +0000 +00:00"
        );
        assert_eq!(fmt("H AA", "2018-01-02T12:05:09Z").unwrap(), "12 PM");
        assert_eq!(
            fmt("DD/MM/YYYY 日本 é", "2018-01-02T12:05:09Z").unwrap(),
            "02/01/2018 日本 é"
        );
        assert_eq!(fmt("", "2018-01-02T12:05:09Z").unwrap(), "");
        assert_eq!(fmt("YYYY", "0000-01-01T00:00:00Z").unwrap(), "0000");
        assert_eq!(fmt("YY", "2005-01-01T00:00:00Z").unwrap(), "05");
    }

    #[test]
    fn formatdate_literals() {
        let t = "2018-01-02T23:12:01Z";
        assert_eq!(fmt("YYYY 'lit'", t).unwrap(), "2018 lit");
        assert_eq!(fmt("'lit' YYYY", t).unwrap(), "lit 2018");
        assert_eq!(fmt("'it''s' YYYY", t).unwrap(), "it's 2018");
        assert_eq!(fmt("'' YYYY", t).unwrap(), "' 2018");
        assert_eq!(
            fmt("YYYY-MM-DD'T'hh:mm:ssZ", t).unwrap(),
            "2018-01-02T23:12:01Z"
        );
        assert_eq!(
            fmt("'unterminated YYYY", t).unwrap_err(),
            "format: unterminated literal '"
        );
    }

    #[test]
    fn formatdate_errors() {
        let t = "2018-01-02T23:12:01Z";
        assert_eq!(
            fmt("YYYYY", t).unwrap_err(),
            "format: invalid date format verb \"YYYYY\": year must either be \"YY\" or \"YYYY\""
        );
        assert_eq!(
            fmt("x", t).unwrap_err(),
            "format: invalid date format verb \"x\""
        );
        assert_eq!(
            fmt("AAA", t).unwrap_err(),
            "format: invalid date format verb \"AAA\": must be \"AA\""
        );
        assert_eq!(
            fmt("ZZ", t).unwrap_err(),
            "format: invalid date format verb \"ZZ\": timezone must be Z, ZZZZ, or ZZZZZ"
        );
        assert_eq!(
            fmt("YYYY", "2018-01-02").unwrap_err(),
            "time: not a valid RFC3339 timestamp: missing required time introducer 'T'"
        );
        assert_eq!(
            fmt("YYYY", "2018-02-02T24:05:09Z").unwrap_err(),
            "time: not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive"
        );
    }

    #[test]
    fn timeadd_cases() {
        // Expected outputs from Terraform.
        let t = "2017-11-22T00:00:00Z";
        assert_eq!(add(t, "10m").unwrap(), "2017-11-22T00:10:00Z");
        assert_eq!(add(t, "1h30m").unwrap(), "2017-11-22T01:30:00Z");
        assert_eq!(add(t, "-10m").unwrap(), "2017-11-21T23:50:00Z");
        assert_eq!(add(t, "1.5h").unwrap(), "2017-11-22T01:30:00Z");
        assert_eq!(
            add("2017-11-22T00:00:00+05:00", "1h").unwrap(),
            "2017-11-22T01:00:00+05:00"
        );
        assert_eq!(
            add("2017-11-22T00:00:00+00:00", "1h").unwrap(),
            "2017-11-22T01:00:00Z"
        );
        assert_eq!(
            add("2017-11-22T00:00:00.999Z", "1ms").unwrap(),
            "2017-11-22T00:00:01Z"
        );
        assert_eq!(add(t, "0").unwrap(), t);
        assert_eq!(add(t, "+5s").unwrap(), "2017-11-22T00:00:05Z");
        assert_eq!(add(t, "5.s").unwrap(), "2017-11-22T00:00:05Z");
        assert_eq!(add(t, "2562047h").unwrap(), "2310-03-03T23:00:00Z");
        assert_eq!(
            add(t, "9223372036854775807ns").unwrap(),
            "2310-03-03T23:47:16Z"
        );
        assert_eq!(
            add(t, "-9223372036854775808ns").unwrap(),
            "1725-08-13T00:12:43Z"
        );
        assert_eq!(
            add("9999-12-31T23:00:00Z", "2h").unwrap(),
            "10000-01-01T01:00:00Z"
        );
        assert_eq!(
            add("2016-02-28T12:00:00Z", "24h").unwrap(),
            "2016-02-29T12:00:00Z"
        );
    }

    #[test]
    fn timeadd_errors() {
        let t = "2017-11-22T00:00:00Z";
        assert_eq!(
            add(t, "1d").unwrap_err(),
            "time: unknown unit \"d\" in duration \"1d\""
        );
        assert_eq!(
            add(t, "1").unwrap_err(),
            "time: missing unit in duration \"1\""
        );
        assert_eq!(add(t, "").unwrap_err(), "time: invalid duration \"\"");
        assert_eq!(
            add(t, "1h-5m").unwrap_err(),
            "time: unknown unit \"h-\" in duration \"1h-5m\""
        );
        assert_eq!(
            add(t, "3000000h").unwrap_err(),
            "time: invalid duration \"3000000h\""
        );
        assert_eq!(
            add(t, "9223372036854775808ns").unwrap_err(),
            "time: invalid duration \"9223372036854775808ns\""
        );
        assert_eq!(add(t, ".s").unwrap_err(), "time: invalid duration \".s\"");
        assert_eq!(
            add(t, "1e3s").unwrap_err(),
            "time: unknown unit \"e\" in duration \"1e3s\""
        );
        assert_eq!(
            add(t, "1 d").unwrap_err(),
            "time: unknown unit \" d\" in duration \"1 d\""
        );
        assert_eq!(
            add("x", "1h").unwrap_err(),
            "not a valid RFC3339 timestamp: cannot use \"x\" as year"
        );
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1µs"), Ok(1_000));
        assert_eq!(parse_duration("1μs"), Ok(1_000));
        assert_eq!(parse_duration("1us2ns"), Ok(1_002));
        assert_eq!(parse_duration("0.0000000001h"), Ok(360));
        assert_eq!(parse_duration("1.0000000001s"), Ok(1_000_000_000));
        assert_eq!(parse_duration("-0"), Ok(0));
        assert_eq!(
            parse_duration("1é"),
            Err("time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"".to_string())
        );
    }

    #[test]
    fn timecmp_cases() {
        let cmp = |a: &str, b: &str| {
            run("timecmp", vec![s(a), s(b)])
                .unwrap()
                .as_number()
                .unwrap()
                .to_i64()
                .unwrap()
        };
        assert_eq!(cmp("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z"), -1);
        assert_eq!(cmp("2018-01-02T23:12:01-08:00", "2018-01-02T23:12:01Z"), 1);
        assert_eq!(cmp("2017-11-22T01:00:00Z", "2017-11-22T00:00:00-01:00"), 0);
        assert_eq!(cmp("2017-11-22T00:00:00.5Z", "2017-11-22T00:00:00Z"), 1);
        assert_eq!(cmp("2018-02-02T2:05:09Z", "2018-02-02T23:05:09Z"), -1);
        match run("timecmp", vec![s("2017-11-22T00:00:00Z"), s("x")]) {
            Err(CallError::InvalidArgument { param, message, .. }) => {
                assert_eq!(param, "timestamp_b");
                assert_eq!(
                    message,
                    "not a valid RFC3339 timestamp: cannot use \"x\" as year"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn timestamp_fixed_and_live() {
        let ctx = CallContext {
            fixed_now: Some("2024-05-06T07:08:09Z".into()),
            ..CallContext::default()
        };
        let v = run_with(&ctx, "timestamp", vec![]).unwrap();
        assert_eq!(v.as_str(), Some("2024-05-06T07:08:09Z"));
        let live = run("timestamp", vec![]).unwrap();
        let re = regex::Regex::new(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$").unwrap();
        assert!(re.is_match(live.as_str().unwrap()));
    }

    #[test]
    fn unknown_null_and_marks() {
        let v = run("formatdate", vec![s("YYYY"), Value::unknown(Type::String)]).unwrap();
        assert!(!v.is_known());
        assert!(matches!(
            run("timecmp", vec![Value::null(Type::String), s("x")]),
            Err(CallError::InvalidArgument { .. })
        ));
        let v = run(
            "timeadd",
            vec![s("2017-11-22T00:00:00Z").mark(Marks::SENSITIVE), s("1h")],
        )
        .unwrap();
        assert!(v.marks().is_sensitive());
    }

    #[test]
    fn garbage_input_never_panics() {
        let alphabet = [
            "Y", "M", "D", "E", "h", "H", "m", "s", "A", "a", "Z", "'", "''", " ", "é", "x",
        ];
        for text in garbage(&alphabet, 2000) {
            let _ = fmt(&text, "2018-01-02T23:12:01+05:30");
        }
        let durations = [
            "1", ".", "h", "m", "s", "µ", "-", "+", "9", "0", "n", "u", " ",
        ];
        for text in garbage(&durations, 3000) {
            let _ = parse_duration(&text);
        }
    }
}
