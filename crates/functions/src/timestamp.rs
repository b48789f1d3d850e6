//! Timestamps: parsing as Go's `time.Parse` and cty's strict RFC 3339 reader do,
//! formatting as Go's `Format(time.RFC3339)`, and the calendar arithmetic behind them.
//!
//! Terraform parses timestamps two ways. `timecmp` uses Go's `time.Parse(time.RFC3339)`,
//! which is lenient (`T9:05:00Z`, `,5` fractions and `+24:00` offsets pass);
//! `formatdate` and `timeadd` use cty's strict reader, which rejects those with the
//! messages of cty's `parseTimestamp`. Both share Go's error positions (`cannot use
//! ":05:09Z" as hour`), reproduced here by walking the layout the way Go does.

use std::time::{SystemTime, UNIX_EPOCH};

/// A point in time with the UTC offset it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Timestamp {
    pub(super) year: i64,
    pub(super) month: u32,
    pub(super) day: u32,
    pub(super) hour: u32,
    pub(super) minute: u32,
    pub(super) second: u32,
    pub(super) nanos: u32,
    /// Seconds east of UTC.
    pub(super) offset: i32,
}

const NANOS_PER_SECOND: i128 = 1_000_000_000;

impl Timestamp {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    pub(super) fn unix_nanos(&self) -> i128 {
        let days = days_from_civil(self.year, self.month, self.day);
        let seconds = i128::from(days) * 86_400
            + i128::from(self.hour * 3600 + self.minute * 60 + self.second)
            - i128::from(self.offset);
        seconds * NANOS_PER_SECOND + i128::from(self.nanos)
    }

    /// The time `unix_nanos` after the epoch, written with UTC offset `offset`.
    pub(super) fn from_unix_nanos(unix_nanos: i128, offset: i32) -> Timestamp {
        let local = unix_nanos + i128::from(offset) * NANOS_PER_SECOND;
        let seconds = local.div_euclid(NANOS_PER_SECOND);
        let nanos = u32::try_from(local.rem_euclid(NANOS_PER_SECOND))
            .expect("invariant: a remainder below 1e9");
        let days = i64::try_from(seconds.div_euclid(86_400)).unwrap_or(i64::MAX);
        let second_of_day =
            u32::try_from(seconds.rem_euclid(86_400)).expect("invariant: a remainder below 86400");
        let (year, month, day) = civil_from_days(days);
        Timestamp {
            year,
            month,
            day,
            hour: second_of_day / 3600,
            minute: second_of_day / 60 % 60,
            second: second_of_day % 60,
            nanos,
            offset,
        }
    }

    /// The current time in UTC.
    pub(super) fn now() -> Timestamp {
        let nanos = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i128::try_from(d.as_nanos()).unwrap_or(0),
            Err(e) => -i128::try_from(e.duration().as_nanos()).unwrap_or(0),
        };
        Timestamp::from_unix_nanos(nanos, 0)
    }

    /// Day of the week, 0 for Sunday.
    pub(super) fn weekday(&self) -> u32 {
        let days = days_from_civil(self.year, self.month, self.day);
        // 1970-01-01 was a Thursday.
        u32::try_from((days + 4).rem_euclid(7)).expect("invariant: a remainder below 7")
    }

    /// The month's English name (`January`); its first three letters are
    /// the short form every date format here uses.
    pub(super) fn month_name(&self) -> &'static str {
        MONTH_NAMES[(self.month as usize).clamp(1, 12) - 1]
    }

    /// The weekday's English name (`Sunday`).
    pub(super) fn weekday_name(&self) -> &'static str {
        WEEKDAY_NAMES[self.weekday() as usize]
    }

    /// Go's `Format(time.RFC3339)`: `2006-01-02T15:04:05Z07:00`, no fraction.
    pub(super) fn format_rfc3339(&self) -> String {
        format!(
            "{}-{:02}-{:02}T{:02}:{:02}:{:02}{}",
            go_year(self.year),
            self.month,
            self.day,
            self.hour,
            self.minute,
            self.second,
            self.offset_text(true, true)
        )
    }

    /// The UTC offset as Go writes it: `Z` (when `z_for_utc` and the offset is zero),
    /// else `+hh:mm` or `+hhmm`.
    pub(super) fn offset_text(&self, z_for_utc: bool, colon: bool) -> String {
        if z_for_utc && self.offset == 0 {
            return "Z".to_string();
        }
        let sign = if self.offset < 0 { '-' } else { '+' };
        let minutes = self.offset.unsigned_abs() / 60;
        let sep = if colon { ":" } else { "" };
        format!("{sign}{:02}{sep}{:02}", minutes / 60, minutes % 60)
    }
}

/// A year as Go's `2006` verb writes it: at least four digits, sign first.
pub(super) fn go_year(year: i64) -> String {
    if year < 0 {
        format!("-{:04}", year.unsigned_abs())
    } else {
        format!("{year:04}")
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date `days` after 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = u32::try_from(doy - (153 * mp + 2) / 5 + 1).expect("invariant: day 1..=31");
    let month = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).expect("invariant: 1..=12");
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The number of days in `month` of `year`.
pub(super) fn days_in(month: u32, year: i64) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Go's `time.ParseError`, the parts Terraform's messages are built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ParseError {
    /// The layout element that failed (`"2006"`, `"15"`, `"-"`, `"Z07:00"`, `""`).
    pub(super) layout_elem: String,
    /// The rest of the input where it failed.
    pub(super) value_elem: String,
    /// Extra text such as `": day out of range"`.
    pub(super) message: String,
}

/// The parts of a Go layout this file understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    /// Literal text, matched exactly (a space matches any run of spaces).
    Lit(&'static str),
    /// `2006`
    LongYear,
    /// `01` (two digits) or `1` (one or two).
    Month { fixed: bool },
    /// `02` or `2`
    Day { fixed: bool },
    /// `15` (one or two digits)
    Hour,
    /// `04` or `4`
    Minute { fixed: bool },
    /// `05` or `5`
    Second { fixed: bool },
    /// `.999999999`: an optional fraction.
    Frac,
    /// `Z07:00`
    ZoneColon,
}

impl Elem {
    /// The text of the element in Go's layout syntax (the `LayoutElem` of errors).
    fn text(self) -> &'static str {
        match self {
            Elem::Lit(s) => s,
            Elem::LongYear => "2006",
            Elem::Month { fixed: true } => "01",
            Elem::Month { fixed: false } => "1",
            Elem::Day { fixed: true } => "02",
            Elem::Day { fixed: false } => "2",
            Elem::Hour => "15",
            Elem::Minute { fixed: true } => "04",
            Elem::Minute { fixed: false } => "4",
            Elem::Second { fixed: true } => "05",
            Elem::Second { fixed: false } => "5",
            Elem::Frac => ".999999999",
            Elem::ZoneColon => "Z07:00",
        }
    }
}

/// `time.RFC3339`
const RFC3339: &[Elem] = &[
    Elem::LongYear,
    Elem::Lit("-"),
    Elem::Month { fixed: true },
    Elem::Lit("-"),
    Elem::Day { fixed: true },
    Elem::Lit("T"),
    Elem::Hour,
    Elem::Lit(":"),
    Elem::Minute { fixed: true },
    Elem::Lit(":"),
    Elem::Second { fixed: true },
    Elem::ZoneColon,
];

/// The layouts go-cty-yaml tries for unquoted timestamps, in order.
const YAML_LAYOUTS: &[&[Elem]] = &[
    &[
        Elem::LongYear,
        Elem::Lit("-"),
        Elem::Month { fixed: false },
        Elem::Lit("-"),
        Elem::Day { fixed: false },
        Elem::Lit("T"),
        Elem::Hour,
        Elem::Lit(":"),
        Elem::Minute { fixed: false },
        Elem::Lit(":"),
        Elem::Second { fixed: false },
        Elem::Frac,
        Elem::ZoneColon,
    ],
    &[
        Elem::LongYear,
        Elem::Lit("-"),
        Elem::Month { fixed: false },
        Elem::Lit("-"),
        Elem::Day { fixed: false },
        Elem::Lit("t"),
        Elem::Hour,
        Elem::Lit(":"),
        Elem::Minute { fixed: false },
        Elem::Lit(":"),
        Elem::Second { fixed: false },
        Elem::Frac,
        Elem::ZoneColon,
    ],
    &[
        Elem::LongYear,
        Elem::Lit("-"),
        Elem::Month { fixed: false },
        Elem::Lit("-"),
        Elem::Day { fixed: false },
        Elem::Lit(" "),
        Elem::Hour,
        Elem::Lit(":"),
        Elem::Minute { fixed: false },
        Elem::Lit(":"),
        Elem::Second { fixed: false },
        Elem::Frac,
    ],
    &[
        Elem::LongYear,
        Elem::Lit("-"),
        Elem::Month { fixed: false },
        Elem::Lit("-"),
        Elem::Day { fixed: false },
    ],
];

fn is_digit(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(u8::is_ascii_digit)
}

/// Go's `getnum`: one or two digits (exactly two when `fixed`).
fn getnum(s: &[u8], fixed: bool) -> Option<(u32, &[u8])> {
    if !is_digit(s, 0) {
        return None;
    }
    if !is_digit(s, 1) {
        if fixed {
            return None;
        }
        return Some((u32::from(s[0] - b'0'), &s[1..]));
    }
    Some((
        u32::from(s[0] - b'0') * 10 + u32::from(s[1] - b'0'),
        &s[2..],
    ))
}

/// Go's `parseNanoseconds` for `value[..nbytes]`, which starts with `.` or `,`.
fn parse_nanoseconds(value: &[u8], nbytes: usize) -> u32 {
    let nbytes = nbytes.min(10);
    let mut ns = 0u32;
    for &d in &value[1..nbytes] {
        ns = ns * 10 + u32::from(d - b'0');
    }
    for _ in 0..10 - nbytes {
        ns *= 10;
    }
    ns
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn cut_space(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|&&b| b == b' ').count();
    &s[n..]
}

/// Go's `skip`: match a literal, spaces matching any run of spaces.
fn skip<'v>(mut value: &'v [u8], mut prefix: &[u8]) -> Result<&'v [u8], ()> {
    while let Some(&p) = prefix.first() {
        if p == b' ' {
            if value.first().is_some_and(|&v| v != b' ') {
                return Err(());
            }
            prefix = cut_space(prefix);
            value = cut_space(value);
            continue;
        }
        if value.first() != Some(&p) {
            return Err(());
        }
        prefix = &prefix[1..];
        value = &value[1..];
    }
    Ok(value)
}

/// Go's generic `time.Parse` for `layout`.
fn parse_layout(layout: &[Elem], input: &str) -> Result<Timestamp, ParseError> {
    let mut value = input.as_bytes();
    let (mut year, mut month, mut day) = (0i64, 1u32, 1u32);
    let (mut hour, mut minute, mut second, mut nanos) = (0u32, 0u32, 0u32, 0u32);
    let mut offset = 0i32;
    for (i, &elem) in layout.iter().enumerate() {
        let hold = value;
        let bad = |at: &[u8]| ParseError {
            layout_elem: elem.text().to_string(),
            value_elem: text(at),
            message: String::new(),
        };
        let out_of_range = |rest: &[u8], what: &str| ParseError {
            layout_elem: elem.text().to_string(),
            value_elem: text(rest),
            message: format!(": {what} out of range"),
        };
        match elem {
            Elem::Lit(lit) => {
                value = skip(value, lit.as_bytes()).map_err(|()| bad(hold))?;
            }
            Elem::LongYear => {
                if value.len() < 4
                    || !is_digit(value, 0)
                    || !value[..4].iter().all(u8::is_ascii_digit)
                {
                    return Err(bad(hold));
                }
                year = value[..4]
                    .iter()
                    .fold(0, |acc, &d| acc * 10 + i64::from(d - b'0'));
                value = &value[4..];
            }
            Elem::Month { fixed } => {
                let (n, rest) = getnum(value, fixed).ok_or_else(|| bad(hold))?;
                if n == 0 || n > 12 {
                    return Err(out_of_range(rest, "month"));
                }
                month = n;
                value = rest;
            }
            Elem::Day { fixed } => {
                let (n, rest) = getnum(value, fixed).ok_or_else(|| bad(hold))?;
                day = n;
                value = rest;
            }
            Elem::Hour => {
                let (n, rest) = getnum(value, false).ok_or_else(|| bad(hold))?;
                if n >= 24 {
                    return Err(out_of_range(rest, "hour"));
                }
                hour = n;
                value = rest;
            }
            Elem::Minute { fixed } => {
                let (n, rest) = getnum(value, fixed).ok_or_else(|| bad(hold))?;
                if n >= 60 {
                    return Err(out_of_range(rest, "minute"));
                }
                minute = n;
                value = rest;
            }
            Elem::Second { fixed } => {
                let (n, rest) = getnum(value, fixed).ok_or_else(|| bad(hold))?;
                if n >= 60 {
                    return Err(out_of_range(rest, "second"));
                }
                second = n;
                value = rest;
                // A fraction the layout does not mention is still accepted.
                if value.len() >= 2
                    && matches!(value[0], b'.' | b',')
                    && is_digit(value, 1)
                    && layout.get(i + 1) != Some(&Elem::Frac)
                {
                    let mut n = 2;
                    while is_digit(value, n) {
                        n += 1;
                    }
                    nanos = parse_nanoseconds(value, n);
                    value = &value[n..];
                }
            }
            Elem::Frac => {
                if value.len() >= 2 && matches!(value[0], b'.' | b',') && is_digit(value, 1) {
                    let mut n = 1;
                    while is_digit(value, n) {
                        n += 1;
                    }
                    nanos = parse_nanoseconds(value, n);
                    value = &value[n..];
                }
            }
            Elem::ZoneColon => {
                if value.first() == Some(&b'Z') {
                    value = &value[1..];
                    offset = 0;
                    continue;
                }
                if value.len() < 6 || value[3] != b':' {
                    return Err(bad(hold));
                }
                let hr = getnum(&value[1..3], true).map(|(n, _)| n);
                let mm = getnum(&value[4..6], true).map(|(n, _)| n);
                let (Some(hr), Some(mm)) = (hr, mm) else {
                    return Err(bad(hold));
                };
                let rest = &value[6..];
                let sign = value[0];
                if hr > 24 {
                    return Err(out_of_range(rest, "time zone offset hour"));
                }
                if mm > 60 {
                    return Err(out_of_range(rest, "time zone offset minute"));
                }
                let seconds = i32::try_from((hr * 60 + mm) * 60).expect("invariant: small");
                offset = match sign {
                    b'+' => seconds,
                    b'-' => -seconds,
                    _ => return Err(bad(hold)),
                };
                value = rest;
            }
        }
    }
    if !value.is_empty() {
        return Err(ParseError {
            layout_elem: String::new(),
            value_elem: text(value),
            message: format!(": extra text: {}", terrace_types::quote(&text(value))),
        });
    }
    if day < 1 || day > days_in(month, year) {
        return Err(ParseError {
            layout_elem: String::new(),
            value_elem: String::new(),
            message: ": day out of range".to_string(),
        });
    }
    Ok(Timestamp {
        year,
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset,
    })
}

/// Go's `time.Parse(time.RFC3339, s)` (what Terraform's `timecmp` uses).
pub(super) fn parse_go_rfc3339(s: &str) -> Result<Timestamp, ParseError> {
    parse_layout(RFC3339, s)
}

/// cty's strict RFC 3339 reader (what `formatdate` and `timeadd` use): Go's parser
/// plus the checks it cannot express (two-digit hour, `.` before a fraction, offsets
/// below 24 hours and 60 minutes).
pub(super) fn parse_strict_rfc3339(s: &str) -> Result<Timestamp, ParseError> {
    if let Some(t) = parse_exact_rfc3339(s) {
        return Ok(t);
    }
    parse_go_rfc3339(s)?;
    let b = s.as_bytes();
    let num2 =
        |x: &[u8]| u32::from(x[0].wrapping_sub(b'0')) * 10 + u32::from(x[1].wrapping_sub(b'0'));
    if b.get(12) == Some(&b':') {
        return Err(ParseError {
            layout_elem: "15".into(),
            value_elem: text(&b[11..12]),
            message: ": hour must have two digits".into(),
        });
    }
    if b.get(19) == Some(&b',') {
        return Err(ParseError {
            layout_elem: ".".into(),
            value_elem: ",".into(),
            message: ": sub-second separator must be a period".into(),
        });
    }
    if b.last() != Some(&b'Z') && b.len() >= 6 {
        let zone = text(&b[b.len() - 6..]);
        if num2(&b[b.len() - 5..]) >= 24 {
            return Err(ParseError {
                layout_elem: "Z07:00".into(),
                value_elem: zone,
                message: ": timezone hour out of range".into(),
            });
        }
        if num2(&b[b.len() - 2..]) >= 60 {
            return Err(ParseError {
                layout_elem: "Z07:00".into(),
                value_elem: zone,
                message: ": timezone minute out of range".into(),
            });
        }
    }
    // cty falls through to the zero time here; no known input reaches this line.
    Ok(Timestamp {
        year: 1,
        month: 1,
        day: 1,
        hour: 0,
        minute: 0,
        second: 0,
        nanos: 0,
        offset: 0,
    })
}

/// The fast path of cty's reader: exactly `YYYY-MM-DDTHH:MM:SS[.frac](Z|±hh:mm)`.
fn parse_exact_rfc3339(s: &str) -> Option<Timestamp> {
    let b = s.as_bytes();
    if b.len() < 19 {
        return None;
    }
    let digits = |range: std::ops::Range<usize>, min: u32, max: u32| -> Option<u32> {
        let mut n = 0u32;
        for &c in &b[range] {
            if !c.is_ascii_digit() {
                return None;
            }
            n = n * 10 + u32::from(c - b'0');
        }
        (min..=max).contains(&n).then_some(n)
    };
    let year = digits(0..4, 0, 9999)?;
    let month = digits(5..7, 1, 12)?;
    let day = digits(8..10, 1, days_in(month, i64::from(year)))?;
    let hour = digits(11..13, 0, 23)?;
    let minute = digits(14..16, 0, 59)?;
    let second = digits(17..19, 0, 59)?;
    if !(b[4] == b'-' && b[7] == b'-' && b[10] == b'T' && b[13] == b':' && b[16] == b':') {
        return None;
    }
    let mut rest = &b[19..];
    let mut nanos = 0;
    if rest.len() >= 2 && rest[0] == b'.' && is_digit(rest, 1) {
        let mut n = 2;
        while is_digit(rest, n) {
            n += 1;
        }
        nanos = parse_nanoseconds(rest, n);
        rest = &rest[n..];
    }
    let offset = if rest == b"Z" {
        0
    } else {
        if rest.len() != 6 || rest[3] != b':' || !matches!(rest[0], b'+' | b'-') {
            return None;
        }
        let hr = getnum(&rest[1..3], true).filter(|(n, _)| *n <= 23)?.0;
        let mm = getnum(&rest[4..6], true).filter(|(n, _)| *n <= 59)?.0;
        let seconds = i32::try_from((hr * 60 + mm) * 60).expect("invariant: small");
        if rest[0] == b'-' { -seconds } else { seconds }
    };
    Some(Timestamp {
        year: i64::from(year),
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset,
    })
}

/// go-cty-yaml's timestamp recognition: four digits and `-`, then one of its layouts.
pub(super) fn parse_yaml_timestamp(s: &str) -> Option<Timestamp> {
    let b = s.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits != 4 || b.get(4) != Some(&b'-') {
        return None;
    }
    YAML_LAYOUTS
        .iter()
        .find_map(|layout| parse_layout(layout, s).ok())
}

/// The message Terraform's own `parseTimestamp` (used by `timecmp`) gives for `err`.
pub(super) fn terraform_message(err: &ParseError) -> String {
    describe(err, false)
}

/// The message cty's `parseTimestamp` (used by `formatdate` and `timeadd`) gives.
pub(super) fn cty_message(err: &ParseError) -> String {
    describe(err, true)
}

fn describe(err: &ParseError, cty: bool) -> String {
    const PREFIX: &str = "not a valid RFC3339 timestamp";
    if err.layout_elem.is_empty() && err.value_elem.is_empty() && !err.message.is_empty() {
        return format!("{PREFIX}{}", err.message);
    }
    let what = match err.layout_elem.as_str() {
        "2006" => "year",
        "01" => "month",
        "02" => "day of month",
        "15" => "hour",
        "04" => "minute",
        "05" => "second",
        "Z07:00" => "UTC offset",
        "T" => return format!("{PREFIX}: missing required time introducer 'T'"),
        ":" | "-" => {
            let expected = terrace_types::quote(&err.layout_elem);
            return if err.value_elem.is_empty() {
                format!("{PREFIX}: end of string where {expected} is expected")
            } else {
                format!(
                    "{PREFIX}: found {} where {expected} is expected",
                    terrace_types::quote(&err.value_elem)
                )
            };
        }
        _ => "timestamp segment",
    };
    if err.value_elem.is_empty() {
        return format!("{PREFIX}: end of string before {what}");
    }
    if cty {
        if what == "hour" && err.value_elem.contains(':') {
            return format!("{PREFIX}: hour must be between 0 and 23 inclusive");
        }
        if what == "hour" && err.value_elem.len() != 2 {
            return format!("{PREFIX}: hour must have exactly two digits");
        }
        if what == "minute" && err.value_elem.len() != 2 {
            return format!("{PREFIX}: minute must have exactly two digits");
        }
    }
    format!(
        "{PREFIX}: cannot use {} as {what}",
        terrace_types::quote(&err.value_elem)
    )
}

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

const WEEKDAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::garbage;

    fn lenient(s: &str) -> String {
        match parse_go_rfc3339(s) {
            Ok(t) => t.format_rfc3339(),
            Err(e) => terraform_message(&e),
        }
    }

    fn strict(s: &str) -> String {
        match parse_strict_rfc3339(s) {
            Ok(t) => t.format_rfc3339(),
            Err(e) => cty_message(&e),
        }
    }

    #[test]
    fn civil_round_trip() {
        for days in [
            -800_000i64,
            -719_468,
            -1,
            0,
            1,
            10_957,
            2_932_896,
            5_000_000,
        ] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
    }

    #[test]
    fn lenient_parse_messages() {
        // Messages from Terraform's timecmp.
        assert_eq!(
            lenient("2018-02-02T25:05:09Z"),
            "not a valid RFC3339 timestamp: cannot use \":05:09Z\" as hour"
        );
        assert_eq!(
            lenient("2018-02-02T23:6:09Z"),
            "not a valid RFC3339 timestamp: cannot use \"6:09Z\" as minute"
        );
        assert_eq!(
            lenient("2018-02-02T23:61:09Z"),
            "not a valid RFC3339 timestamp: cannot use \":09Z\" as minute"
        );
        assert_eq!(
            lenient("2018-02-02T23:05:61Z"),
            "not a valid RFC3339 timestamp: cannot use \"Z\" as second"
        );
        assert_eq!(
            lenient("2018-00-02T23:05:09Z"),
            "not a valid RFC3339 timestamp: cannot use \"-02T23:05:09Z\" as month"
        );
        assert_eq!(
            lenient("2018-02-30T23:05:09Z"),
            "not a valid RFC3339 timestamp: day out of range"
        );
        assert_eq!(
            lenient("2018-02-3T23:05:09Z"),
            "not a valid RFC3339 timestamp: cannot use \"3T23:05:09Z\" as day of month"
        );
        assert_eq!(
            lenient("2018-02-02T23:05:09+1:00"),
            "not a valid RFC3339 timestamp: cannot use \"+1:00\" as UTC offset"
        );
        assert_eq!(
            lenient("2018-02-02T23:05:09Z "),
            "not a valid RFC3339 timestamp: cannot use \" \" as timestamp segment"
        );
        assert_eq!(
            lenient("2018-02-02T23"),
            "not a valid RFC3339 timestamp: end of string where \":\" is expected"
        );
        assert_eq!(
            lenient("2018-02-02T"),
            "not a valid RFC3339 timestamp: end of string before hour"
        );
        assert_eq!(
            lenient("2018-02-02"),
            "not a valid RFC3339 timestamp: missing required time introducer 'T'"
        );
        assert_eq!(
            lenient("20180"),
            "not a valid RFC3339 timestamp: found \"0\" where \"-\" is expected"
        );
        assert_eq!(
            lenient("+2018-02-02T23:05:09Z"),
            "not a valid RFC3339 timestamp: cannot use \"+2018-02-02T23:05:09Z\" as year"
        );
        assert_eq!(
            lenient("2018-02-02T23:05:09.5x"),
            "not a valid RFC3339 timestamp: cannot use \"x\" as UTC offset"
        );
        // Lenient acceptances.
        assert_eq!(lenient("2018-02-02T2:05:09Z"), "2018-02-02T02:05:09Z");
        assert_eq!(
            lenient("2018-02-02T23:05:09+24:00"),
            "2018-02-02T23:05:09+24:00"
        );
        assert_eq!(lenient("2018-02-02T23:05:09,5Z"), "2018-02-02T23:05:09Z");
    }

    #[test]
    fn strict_parse_messages() {
        // Messages from Terraform's formatdate and timeadd.
        for (input, message) in [
            (
                "2018-02-02T24:05:09Z",
                "hour must be between 0 and 23 inclusive",
            ),
            ("2018-02-02T3:05:09Z", "hour must have exactly two digits"),
            (
                "2018-02-02T23:60:09Z",
                "minute must have exactly two digits",
            ),
            ("2018-02-02T23:05:60Z", "cannot use \"Z\" as second"),
            (
                "2018-02-02T23:05:09,5Z",
                "cannot use \",\" as timestamp segment",
            ),
            (
                "2018-02-02T23:05:09+24:00",
                "cannot use \"+24:00\" as UTC offset",
            ),
            (
                "2018-02-02T23:05:09+25:00",
                "end of string before UTC offset",
            ),
            (
                "2018-02-02T23:05:09+01:60",
                "cannot use \"+01:60\" as UTC offset",
            ),
            ("2018-02-02T23:05:09.Z", "cannot use \".Z\" as UTC offset"),
            ("2018-02-02T12:05:09", "end of string before UTC offset"),
            ("", "end of string before year"),
            ("2018", "end of string where \"-\" is expected"),
            ("2018-", "end of string before month"),
        ] {
            assert_eq!(
                strict(input),
                format!("not a valid RFC3339 timestamp: {message}"),
                "{input}"
            );
        }
        assert_eq!(
            strict("2018-02-02T23:05:09.123456789+01:00"),
            "2018-02-02T23:05:09+01:00"
        );
        assert_eq!(strict("2018-01-02T00:05:09-00:00"), "2018-01-02T00:05:09Z");
    }

    #[test]
    fn yaml_timestamps() {
        let f = |s: &str| parse_yaml_timestamp(s).map(|t| t.format_rfc3339());
        assert_eq!(f("2001-12-14").as_deref(), Some("2001-12-14T00:00:00Z"));
        assert_eq!(
            f("2001-12-14t21:59:43.10-05:00").as_deref(),
            Some("2001-12-14T21:59:43-05:00")
        );
        assert_eq!(
            f("2001-12-14 21:59:43.10").as_deref(),
            Some("2001-12-14T21:59:43Z")
        );
        assert_eq!(f("2001-1-2").as_deref(), Some("2001-01-02T00:00:00Z"));
        assert_eq!(f("2001-12-14 21:59:43.10 -5"), None);
        assert_eq!(f("12345"), None);
    }

    #[test]
    fn arithmetic_and_weekday() {
        let t = parse_go_rfc3339("2018-01-02T23:12:01-08:00").unwrap();
        assert_eq!(t.weekday(), 2);
        let later = Timestamp::from_unix_nanos(t.unix_nanos() + 3_600 * NANOS_PER_SECOND, t.offset);
        assert_eq!(later.format_rfc3339(), "2018-01-03T00:12:01-08:00");
        let old = parse_go_rfc3339("0000-01-01T00:30:00Z").unwrap();
        let before = Timestamp::from_unix_nanos(old.unix_nanos() - 3_600 * NANOS_PER_SECOND, 0);
        assert_eq!(before.format_rfc3339(), "-0001-12-31T23:30:00Z");
    }

    #[test]
    fn garbage_input_never_panics() {
        let alphabet = [
            "2018", "-", "0", "1", "2", "9", "T", "t", ":", ".", ",", "Z", "z", "+", " ", "24",
            "60", "é",
        ];
        for text in garbage(&alphabet, 5000) {
            let _ = parse_go_rfc3339(&text);
            let _ = parse_strict_rfc3339(&text);
            let _ = parse_yaml_timestamp(&text);
        }
    }
}
