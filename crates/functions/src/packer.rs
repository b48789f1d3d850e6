//! Packer's functions: `legacy_isotime` and `legacy_strftime`, the
//! functions that read secrets over the network (`aws_secretsmanager`,
//! `aws_secretsmanager_raw`, `consul_key`, `vault`), which fail here with a
//! message that says so, and [`packer`], Packer's function table.

use std::sync::OnceLock;

use terrace_types::{Type, Value};

use super::args::{int_arg, str_arg};
use super::context::CallContext;
use super::error::FunctionError;
use super::go_time_format::{format_go, format_strftime};
use super::regex::replace_all;
use super::spec::{Function, Param, ReturnType};
use super::table::{FunctionTable, standard};
use super::timestamp::{Timestamp, days_in, parse_go_rfc3339};

/// The names of Packer's functions (Packer's `hcl2template.Functions`).
/// Terraform's other functions stay callable in a Packer template's
/// console; `:doc` says they are not Packer's.
pub const PACKER_FUNCTION_NAMES: &[&str] = &[
    "abs",
    "abspath",
    "alltrue",
    "anytrue",
    "aws_secretsmanager",
    "aws_secretsmanager_raw",
    "base64decode",
    "base64encode",
    "base64gzip",
    "basename",
    "bcrypt",
    "can",
    "ceil",
    "chomp",
    "chunklist",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "consul_key",
    "contains",
    "convert",
    "csvdecode",
    "dirname",
    "distinct",
    "element",
    "endswith",
    "file",
    "filebase64",
    "fileexists",
    "fileset",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "index",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "legacy_isotime",
    "legacy_strftime",
    "length",
    "log",
    "lookup",
    "lower",
    "max",
    "md5",
    "merge",
    "min",
    "parseint",
    "pathexpand",
    "pow",
    "range",
    "regex",
    "regex_replace",
    "regexall",
    "replace",
    "reverse",
    "rfc3339_parse",
    "rsadecrypt",
    "setintersection",
    "setproduct",
    "setunion",
    "sha1",
    "sha256",
    "sha512",
    "signum",
    "slice",
    "sort",
    "split",
    "startswith",
    "strcontains",
    "strrev",
    "substr",
    "sum",
    "templatefile",
    "textdecodebase64",
    "textencodebase64",
    "timeadd",
    "timestamp",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "try",
    "unix_timestamp_parse",
    "upper",
    "urlencode",
    "uuidv4",
    "uuidv5",
    "values",
    "vault",
    "yamldecode",
    "yamlencode",
    "zipmap",
];

/// True when Packer has a function called `name` (`core::` prefix allowed).
pub fn is_packer_function(name: &str) -> bool {
    let plain = name.strip_prefix("core::").unwrap_or(name);
    PACKER_FUNCTION_NAMES.contains(&plain)
}

/// Packer's function table: Terraform's (see [`standard`]) with Packer's own
/// functions added. Terraform's functions that Packer lacks stay in it.
pub fn packer() -> FunctionTable {
    let mut table = standard();
    register(&mut table);
    // Packer calls Terraform's `uuid` `uuidv4`.
    if let Some(uuid) = table.get("uuid") {
        let mut uuidv4 = Function::clone(uuid);
        uuidv4.name = "uuidv4";
        table.insert(uuidv4);
    }
    table
}

/// The time Packer's legacy functions format: fixed once per process, as
/// Packer fixes it when it starts, so every call in a session agrees.
fn init_time(ctx: &CallContext) -> Timestamp {
    static INIT: OnceLock<Timestamp> = OnceLock::new();
    match ctx.fixed_now.as_deref().map(parse_go_rfc3339) {
        Some(Ok(t)) => Timestamp::from_unix_nanos(t.unix_nanos(), 0),
        _ => *INIT.get_or_init(Timestamp::now),
    }
}

fn too_many(args: &[Value]) -> FunctionError {
    let shown: Vec<String> = args
        .iter()
        .map(|v| format!("cty.StringVal({:?})", v.as_str().unwrap_or_default()))
        .collect();
    FunctionError::new(format!("too many values, 1 needed: [{}]", shown.join(" ")))
}

fn legacy_isotime(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let t = init_time(ctx);
    match args {
        [] => Ok(Value::string(t.format_rfc3339())),
        [_] => Ok(Value::string(format_go(str_arg(args, 0), &t))),
        _ => Err(too_many(args)),
    }
}

fn legacy_strftime(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let t = init_time(ctx);
    match args {
        [] => Ok(Value::string(t.format_rfc3339())),
        [_] => Ok(Value::string(format_strftime(str_arg(args, 0), &t))),
        _ => Err(too_many(args)),
    }
}

/// A function that reads a secret store over the network: always an error here.
fn needs_network(name: &'static str, service: &'static str) -> FunctionError {
    FunctionError::new(format!(
        "{name} reads {service} over the network when Packer runs; terrace evaluates templates offline, so it has no value here (run `packer console` or `packer build` with access to {service})"
    ))
}

fn aws_secretsmanager(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    Err(needs_network("aws_secretsmanager", "AWS Secrets Manager"))
}

fn aws_secretsmanager_raw(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    Err(needs_network(
        "aws_secretsmanager_raw",
        "AWS Secrets Manager",
    ))
}

fn consul_key(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    Err(needs_network("consul_key", "Consul"))
}

fn vault(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    Err(needs_network("vault", "Vault"))
}

fn string() -> Type {
    Type::String
}

/// The fields `rfc3339_parse` and `unix_timestamp_parse` give, with their types.
fn time_fields(extra: (&'static str, Type)) -> Type {
    let mut fields = vec![
        ("year", Type::Number),
        ("year_day", Type::Number),
        ("day", Type::Number),
        ("month", Type::Number),
        ("month_name", Type::String),
        ("weekday", Type::Number),
        ("weekday_name", Type::String),
        ("hour", Type::Number),
        ("minute", Type::Number),
        ("second", Type::Number),
        ("iso_year", Type::Number),
        ("iso_week", Type::Number),
    ];
    fields.push(extra);
    Type::object(fields)
}

fn days_in_year(year: i64) -> i64 {
    (1..=12).map(|m| i64::from(days_in(m, year))).sum()
}

/// The day of the year, 1 to 366.
fn year_day(t: &Timestamp) -> i64 {
    (1..t.month)
        .map(|m| i64::from(days_in(m, t.year)))
        .sum::<i64>()
        + i64::from(t.day)
}

/// Go's `Time.ISOWeek`: the ISO 8601 year and week (weeks start on Monday;
/// week 1 holds the year's first Thursday).
fn iso_week(t: &Timestamp) -> (i64, i64) {
    let monday_based = (i64::from(t.weekday()) + 6) % 7;
    // The (0-based) day of the year of this week's Thursday.
    let mut thursday = year_day(t) - 1 - monday_based + 3;
    let mut year = t.year;
    if thursday < 0 {
        year -= 1;
        thursday += days_in_year(year);
    } else if thursday >= days_in_year(year) {
        thursday -= days_in_year(year);
        year += 1;
    }
    (year, thursday / 7 + 1)
}

/// The broken-down time, in the timestamp's own offset.
fn time_object(t: &Timestamp, extra: (&'static str, Value)) -> Value {
    let (iso_year, iso_week) = iso_week(t);
    let mut fields = vec![
        ("year", Value::int(t.year)),
        ("year_day", Value::int(year_day(t))),
        ("day", Value::int(i64::from(t.day))),
        ("month", Value::int(i64::from(t.month))),
        ("month_name", Value::string(t.month_name())),
        ("weekday", Value::int(i64::from(t.weekday()))),
        ("weekday_name", Value::string(t.weekday_name())),
        ("hour", Value::int(i64::from(t.hour))),
        ("minute", Value::int(i64::from(t.minute))),
        ("second", Value::int(i64::from(t.second))),
        ("iso_year", Value::int(iso_year)),
        ("iso_week", Value::int(iso_week)),
    ];
    fields.push(extra);
    Value::object(fields)
}

fn rfc3339_parse(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let text = str_arg(args, 0);
    // Packer accepts RFC 3339 with a `T` or a space between date and time.
    let parsed = parse_go_rfc3339(text).ok().or_else(|| {
        let (date, time) = (text.get(..10)?, text.get(10..)?.strip_prefix(' ')?);
        parse_go_rfc3339(&format!("{date}T{time}")).ok()
    });
    let Some(t) = parsed else {
        return Err(FunctionError::arg(
            0,
            format!("{text:?} is not a valid RFC3339 timestamp"),
        ));
    };
    let unix = i64::try_from(t.unix_nanos().div_euclid(1_000_000_000)).unwrap_or(i64::MAX);
    Ok(time_object(&t, ("unix", Value::int(unix))))
}

fn unix_timestamp_parse(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let seconds = int_arg(&args[0]).map_err(|e| {
        FunctionError::arg(
            0,
            format!(
                "unix_timestamp must be a whole number of seconds representable as a 64-bit integer: {e}"
            ),
        )
    })?;
    let t = Timestamp::from_unix_nanos(i128::from(seconds) * 1_000_000_000, 0);
    Ok(time_object(
        &t,
        ("rfc3339", Value::string(t.format_rfc3339())),
    ))
}

fn regex_replace(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    replace_all(str_arg(args, 0), str_arg(args, 1), str_arg(args, 2)).map(Value::string)
}

/// Adds Packer's own functions to `table`.
fn register(table: &mut FunctionTable) {
    for (name, description, implementation) in [
        (
            "legacy_isotime",
            "Returns the time Packer started, in UTC, written with a Go time layout \
             (the reference time `Mon Jan 2 15:04:05 MST 2006`: `\"2006-01-02\"`, \
             `\"15:04\"`), or as RFC 3339 with no argument. Kept for templates \
             upgraded from Packer's legacy JSON; prefer `formatdate` and `timestamp`.",
            legacy_isotime as super::spec::ImplFn,
        ),
        (
            "legacy_strftime",
            "Returns the time Packer started, in UTC, written with a strftime format \
             (`%Y %y %m %B %b %d %A %a %H %I %p %M %S %L %z %Z %%`; other `%x` are \
             kept as written), or as RFC 3339 with no argument. Kept for templates \
             upgraded from Packer's legacy JSON.",
            legacy_strftime,
        ),
    ] {
        table.insert(Function {
            name,
            params: vec![],
            variadic: Some(Param::new("format", Type::String)),
            return_type: ReturnType::Static(string),
            description,
            implementation,
            impure: true,
        });
    }
    let network: [(&'static str, Vec<Param>, &'static str, super::spec::ImplFn); 4] = [
        (
            "aws_secretsmanager",
            vec![
                Param::new("name", Type::String),
                Param::new("key", Type::String),
            ],
            "Packer only: reads the key `key` of the JSON secret `name` from AWS \
             Secrets Manager. Needs the network and AWS credentials, so it is an \
             error in terrace.",
            aws_secretsmanager,
        ),
        (
            "aws_secretsmanager_raw",
            vec![Param::new("name", Type::String)],
            "Packer only: reads the secret `name` from AWS Secrets Manager as a \
             string. Needs the network and AWS credentials, so it is an error in terrace.",
            aws_secretsmanager_raw,
        ),
        (
            "consul_key",
            vec![Param::new("key", Type::String)],
            "Packer only: reads the key `key` from Consul's key/value store. Needs \
             the network and a Consul agent, so it is an error in terrace.",
            consul_key,
        ),
        (
            "vault",
            vec![
                Param::new("path", Type::String),
                Param::new("key", Type::String),
            ],
            "Packer only: reads the key `key` of the secret at `path` from Vault. \
             Needs the network and a Vault token, so it is an error in terrace.",
            vault,
        ),
    ];
    table.insert(Function {
        name: "rfc3339_parse",
        params: vec![Param::new("timestamp", Type::String)],
        variadic: None,
        return_type: ReturnType::Static(|| time_fields(("unix", Type::Number))),
        description: "Packer only: splits an RFC 3339 timestamp (`T` or a space between \
                      date and time) into `year`, `year_day`, `day`, `month`, `month_name`, \
                      `weekday`, `weekday_name`, `hour`, `minute`, `second`, `unix`, \
                      `iso_year` and `iso_week`, in the timestamp's own UTC offset.",
        implementation: rfc3339_parse,
        impure: false,
    });
    table.insert(Function {
        name: "unix_timestamp_parse",
        params: vec![Param::new("unix_timestamp", Type::Number)],
        variadic: None,
        return_type: ReturnType::Static(|| time_fields(("rfc3339", Type::String))),
        description: "Packer only: splits a Unix timestamp (whole seconds) into the UTC \
                      `year`, `year_day`, `day`, `month`, `month_name`, `weekday`, \
                      `weekday_name`, `hour`, `minute`, `second`, `rfc3339`, `iso_year` and \
                      `iso_week`.",
        implementation: unix_timestamp_parse,
        impure: false,
    });
    table.insert(Function::fixed(
        "regex_replace",
        vec![
            Param::new("str", Type::String),
            Param::new("substr", Type::String),
            Param::new("replace", Type::String),
        ],
        string,
        "Packer only: replaces every match of the regular expression `substr` in `str` \
         with `replace`, where `$1`, `${name}` name submatches (Go's `ReplaceAllString`).",
        regex_replace,
    ));
    for (name, params, description, implementation) in network {
        table.insert(Function {
            name,
            params,
            variadic: None,
            return_type: ReturnType::Static(string),
            description,
            implementation,
            impure: true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packer_table_adds_to_terraform_s() {
        let table = packer();
        for name in PACKER_FUNCTION_NAMES {
            assert!(table.get(name).is_some(), "{name} missing");
        }
        assert!(table.get("tostring").is_some());
        assert!(!is_packer_function("tostring"));
        assert!(is_packer_function("core::legacy_isotime"));
        assert!(standard().get("legacy_isotime").is_none());
    }
}
