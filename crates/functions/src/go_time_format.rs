//! Time formatting as Go's `time.Time.Format` (layouts written with the
//! reference time `Mon Jan 2 15:04:05 MST 2006`) and as the
//! `jehiah/go-strftime` package Packer uses (`%Y-%m-%d`), for Packer's
//! `legacy_isotime` and `legacy_strftime`.

use super::timestamp::{Timestamp, days_in};

/// One element of a Go layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Std {
    LongMonth,
    Month,
    NumMonth,
    ZeroMonth,
    LongWeekDay,
    WeekDay,
    Day,
    UnderDay,
    ZeroDay,
    UnderYearDay,
    ZeroYearDay,
    Hour,
    Hour12,
    ZeroHour12,
    Minute,
    ZeroMinute,
    Second,
    ZeroSecond,
    LongYear,
    Year,
    Pm,
    LowerPm,
    Tz,
    Iso8601Tz,
    Iso8601SecondsTz,
    Iso8601ShortTz,
    Iso8601ColonTz,
    Iso8601ColonSecondsTz,
    NumTz,
    NumSecondsTz,
    NumShortTz,
    NumColonTz,
    NumColonSecondsTz,
    /// `.000` / `,000` (`trim` false) or `.999` (`trim` true) with this many digits.
    Fraction {
        separator: u8,
        digits: usize,
        trim: bool,
    },
}

fn starts_with_lower(rest: &[u8]) -> bool {
    rest.first().is_some_and(u8::is_ascii_lowercase)
}

/// Go's `nextStdChunk`: the literal text before the next layout element,
/// the element, and the rest of the layout.
fn next_chunk(layout: &[u8]) -> (&[u8], Option<Std>, &[u8]) {
    let at = |i: usize, s: &str| layout.get(i..i + s.len()) == Some(s.as_bytes());
    for i in 0..layout.len() {
        let found = match layout[i] {
            b'J' if at(i, "Jan") => {
                if at(i, "January") {
                    Some((Std::LongMonth, 7))
                } else if !starts_with_lower(&layout[i + 3..]) {
                    Some((Std::Month, 3))
                } else {
                    None
                }
            }
            b'M' if at(i, "Mon") => {
                if at(i, "Monday") {
                    Some((Std::LongWeekDay, 6))
                } else if !starts_with_lower(&layout[i + 3..]) {
                    Some((Std::WeekDay, 3))
                } else {
                    None
                }
            }
            b'M' if at(i, "MST") => Some((Std::Tz, 3)),
            b'0' => match layout.get(i + 1) {
                Some(b'1') => Some((Std::ZeroMonth, 2)),
                Some(b'2') => Some((Std::ZeroDay, 2)),
                Some(b'3') => Some((Std::ZeroHour12, 2)),
                Some(b'4') => Some((Std::ZeroMinute, 2)),
                Some(b'5') => Some((Std::ZeroSecond, 2)),
                Some(b'6') => Some((Std::Year, 2)),
                Some(b'0') if layout.get(i + 2) == Some(&b'2') => Some((Std::ZeroYearDay, 3)),
                _ => None,
            },
            b'1' => {
                if layout.get(i + 1) == Some(&b'5') {
                    Some((Std::Hour, 2))
                } else {
                    Some((Std::NumMonth, 1))
                }
            }
            b'2' => {
                if at(i, "2006") {
                    Some((Std::LongYear, 4))
                } else {
                    Some((Std::Day, 1))
                }
            }
            b'_' => {
                if layout.get(i + 1) == Some(&b'2') {
                    // `_2006` is a literal `_` then the year.
                    if at(i + 1, "2006") {
                        return (&layout[..=i], Some(Std::LongYear), &layout[i + 5..]);
                    }
                    Some((Std::UnderDay, 2))
                } else if at(i + 1, "_2") {
                    Some((Std::UnderYearDay, 3))
                } else {
                    None
                }
            }
            b'3' => Some((Std::Hour12, 1)),
            b'4' => Some((Std::Minute, 1)),
            b'5' => Some((Std::Second, 1)),
            b'P' if layout.get(i + 1) == Some(&b'M') => Some((Std::Pm, 2)),
            b'p' if layout.get(i + 1) == Some(&b'm') => Some((Std::LowerPm, 2)),
            b'-' => {
                if at(i, "-070000") {
                    Some((Std::NumSecondsTz, 7))
                } else if at(i, "-07:00:00") {
                    Some((Std::NumColonSecondsTz, 9))
                } else if at(i, "-0700") {
                    Some((Std::NumTz, 5))
                } else if at(i, "-07:00") {
                    Some((Std::NumColonTz, 6))
                } else if at(i, "-07") {
                    Some((Std::NumShortTz, 3))
                } else {
                    None
                }
            }
            b'Z' => {
                if at(i, "Z070000") {
                    Some((Std::Iso8601SecondsTz, 7))
                } else if at(i, "Z07:00:00") {
                    Some((Std::Iso8601ColonSecondsTz, 9))
                } else if at(i, "Z0700") {
                    Some((Std::Iso8601Tz, 5))
                } else if at(i, "Z07:00") {
                    Some((Std::Iso8601ColonTz, 6))
                } else if at(i, "Z07") {
                    Some((Std::Iso8601ShortTz, 3))
                } else {
                    None
                }
            }
            c @ (b'.' | b',') => match layout.get(i + 1) {
                Some(&digit @ (b'0' | b'9')) => {
                    let mut j = i + 1;
                    while layout.get(j) == Some(&digit) {
                        j += 1;
                    }
                    // Only a fraction when no other digit follows the run.
                    if layout.get(j).is_some_and(u8::is_ascii_digit) {
                        None
                    } else {
                        let std = Std::Fraction {
                            separator: c,
                            digits: j - (i + 1),
                            trim: digit == b'9',
                        };
                        return (&layout[..i], Some(std), &layout[j..]);
                    }
                }
                _ => None,
            },
            _ => None,
        };
        if let Some((std, len)) = found {
            return (&layout[..i], Some(std), &layout[i + len..]);
        }
    }
    (layout, None, &[])
}

/// Zero-padded decimal of at least `width` digits, with a sign when negative (Go's `appendInt`).
fn padded(n: i64, width: usize) -> String {
    if n < 0 {
        format!("-{:0width$}", n.unsigned_abs())
    } else {
        format!("{n:0width$}")
    }
}

/// The day of the year, 1 to 366.
fn year_day(t: &Timestamp) -> u32 {
    (1..t.month).map(|m| days_in(m, t.year)).sum::<u32>() + t.day
}

/// The UTC offset as `+hh[:]mm[:ss]` (`Z` for zero when `z_for_utc`).
fn offset(t: &Timestamp, z_for_utc: bool, colon: bool, minutes: bool, seconds: bool) -> String {
    if z_for_utc && t.offset == 0 {
        return "Z".to_string();
    }
    let sign = if t.offset < 0 { '-' } else { '+' };
    let abs = t.offset.unsigned_abs();
    let mut out = format!("{sign}{:02}", abs / 3600);
    let sep = if colon { ":" } else { "" };
    if minutes {
        out.push_str(&format!("{sep}{:02}", abs / 60 % 60));
    }
    if seconds {
        out.push_str(&format!("{sep}{:02}", abs % 60));
    }
    out
}

/// `t` written with the Go layout `layout` (as `time.Time.Format`).
pub(super) fn format_go(layout: &str, t: &Timestamp) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(layout.len() + 10);
    let mut rest = layout.as_bytes();
    while !rest.is_empty() {
        let (prefix, std, suffix) = next_chunk(rest);
        out.extend_from_slice(prefix);
        rest = suffix;
        let Some(std) = std else {
            break;
        };
        let hour12 = match t.hour % 12 {
            0 => 12,
            h => h,
        };
        let text = match std {
            Std::Year => padded((t.year % 100).abs(), 2),
            Std::LongYear => padded(t.year, 4),
            Std::Month => t.month_name()[..3].to_string(),
            Std::LongMonth => t.month_name().to_string(),
            Std::NumMonth => t.month.to_string(),
            Std::ZeroMonth => format!("{:02}", t.month),
            Std::WeekDay => t.weekday_name()[..3].to_string(),
            Std::LongWeekDay => t.weekday_name().to_string(),
            Std::Day => t.day.to_string(),
            Std::UnderDay => format!("{:>2}", t.day),
            Std::ZeroDay => format!("{:02}", t.day),
            Std::UnderYearDay => format!("{:>3}", year_day(t)),
            Std::ZeroYearDay => format!("{:03}", year_day(t)),
            Std::Hour => format!("{:02}", t.hour),
            Std::Hour12 => hour12.to_string(),
            Std::ZeroHour12 => format!("{hour12:02}"),
            Std::Minute => t.minute.to_string(),
            Std::ZeroMinute => format!("{:02}", t.minute),
            Std::Second => t.second.to_string(),
            Std::ZeroSecond => format!("{:02}", t.second),
            Std::Pm => if t.hour >= 12 { "PM" } else { "AM" }.to_string(),
            Std::LowerPm => if t.hour >= 12 { "pm" } else { "am" }.to_string(),
            // A time with no zone name: UTC, else the numeric offset as Go writes it.
            Std::Tz if t.offset == 0 => "UTC".to_string(),
            Std::Tz => offset(t, false, false, true, false),
            Std::Iso8601Tz => offset(t, true, false, true, false),
            Std::Iso8601SecondsTz => offset(t, true, false, true, true),
            Std::Iso8601ShortTz => offset(t, true, false, false, false),
            Std::Iso8601ColonTz => offset(t, true, true, true, false),
            Std::Iso8601ColonSecondsTz => offset(t, true, true, true, true),
            Std::NumTz => offset(t, false, false, true, false),
            Std::NumSecondsTz => offset(t, false, false, true, true),
            Std::NumShortTz => offset(t, false, false, false, false),
            Std::NumColonTz => offset(t, false, true, true, false),
            Std::NumColonSecondsTz => offset(t, false, true, true, true),
            Std::Fraction {
                separator,
                digits,
                trim,
            } => {
                let nine = format!("{:09}", t.nanos);
                let mut n = digits.min(9);
                if trim {
                    while n > 0 && nine.as_bytes()[n - 1] == b'0' {
                        n -= 1;
                    }
                    if n == 0 {
                        continue;
                    }
                }
                format!("{}{}", char::from(separator), &nine[..n])
            }
        };
        out.extend_from_slice(text.as_bytes());
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `t` written with a strftime format, as `jehiah/go-strftime`'s `Format`:
/// `%a %A %b %B %d %H %I %L %m %M %p %S %y %Y %z %Z` and `%%`; any other
/// `%x` is copied as written.
pub(super) fn format_strftime(format: &str, t: &Timestamp) -> String {
    let mut out = String::with_capacity(format.len() + 10);
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(code) = chars.next() else {
            out.push('%');
            break;
        };
        let layout = match code {
            'B' => "January",
            'b' => "Jan",
            'm' => "01",
            'A' => "Monday",
            'a' => "Mon",
            'd' => "02",
            'H' => "15",
            'I' => "03",
            'M' => "04",
            'S' => "05",
            'Y' => "2006",
            'y' => "06",
            'p' => "PM",
            'Z' => "MST",
            'z' => "-0700",
            'L' => ".000",
            '%' => {
                out.push('%');
                continue;
            }
            other => {
                out.push('%');
                out.push(other);
                continue;
            }
        };
        out.push_str(&format_go(layout, t));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2009-11-10T23:00:00Z, the time of Go's format examples.
    fn go_example() -> Timestamp {
        Timestamp {
            year: 2009,
            month: 11,
            day: 10,
            hour: 23,
            minute: 0,
            second: 0,
            nanos: 0,
            offset: 0,
        }
    }

    /// 1340244776 (2012-06-21T02:12:56Z), the time of go-strftime's tests.
    fn strftime_example() -> Timestamp {
        Timestamp::from_unix_nanos(1_340_244_776 * 1_000_000_000, 0)
    }

    #[test]
    fn go_layouts() {
        let t = go_example();
        // The standard layouts of Go's time package on Go's example time.
        let cases = [
            (
                "Mon Jan _2 15:04:05 MST 2006",
                "Tue Nov 10 23:00:00 UTC 2009",
            ),
            (
                "Mon, 02 Jan 2006 15:04:05 MST",
                "Tue, 10 Nov 2009 23:00:00 UTC",
            ),
            ("02 Jan 06 15:04 -0700", "10 Nov 09 23:00 +0000"),
            ("2006-01-02T15:04:05Z07:00", "2009-11-10T23:00:00Z"),
            ("3:04PM", "11:00PM"),
            ("Jan _2 15:04:05.000", "Nov 10 23:00:00.000"),
            (
                "2006-01-02 15:04:05.999999999 -0700 MST",
                "2009-11-10 23:00:00 +0000 UTC",
            ),
            ("Monday January 2", "Tuesday November 10"),
            ("002 __2", "314 314"),
            ("_2006", "_2009"),
            ("Janet", "Janet"),
        ];
        for (layout, want) in cases {
            assert_eq!(format_go(layout, &t), want, "layout {layout:?}");
        }
    }

    #[test]
    fn go_offsets_and_fractions() {
        let t = Timestamp {
            nanos: 120_000_000,
            offset: -(5 * 3600 + 30 * 60),
            ..go_example()
        };
        assert_eq!(format_go("Z07:00 -07 Z0700", &t), "-05:30 -05 -0530");
        assert_eq!(format_go("05.000 05,9 05.999999", &t), "00.120 00,1 00.12");
    }

    #[test]
    fn strftime_as_go_strftime() {
        let t = strftime_example();
        // The cases of jehiah/go-strftime's own tests.
        assert_eq!(
            format_strftime("%Y-%m-%d %H:%M:%S", &t),
            "2012-06-21 02:12:56"
        );
        assert_eq!(
            format_strftime("aaabbb0123456789%Y", &t),
            "aaabbb01234567892012"
        );
        assert_eq!(format_strftime("%0%1%%%2", &t), "%0%1%%2");
        assert_eq!(format_strftime("%H:%M:%S%L", &t), "02:12:56.000");
        assert_eq!(
            format_strftime("%a %A %b %B %I%p %y %z %Z%", &t),
            "Thu Thursday Jun June 02AM 12 +0000 UTC%"
        );
    }
}
