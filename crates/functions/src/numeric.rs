//! Numeric functions: `abs`, `ceil`, `floor`, `log`, `max`, `min`, `parseint`, `pow`, `signum`, `sum`.
//!
//! `log` and `pow` compute in 64-bit floats, as Terraform does; `pow` follows Go's
//! `math.Pow` step by step (`go_math.rs`), so results such as `pow(10, 300)` carry the
//! same rounding as Terraform's.

use num_bigint::{BigInt, BigUint, Sign};
use terrace_types::{Number, Repr, Type, Value, convert};

use super::args::number_arg;
use super::context::CallContext;
use super::error::FunctionError;
use super::go_math::{go_log, go_pow};
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds the numeric functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let number = || Type::Number;
    let fixed = |name, params, description, implementation| {
        Function::fixed(name, params, number, description, implementation)
    };
    table.insert(fixed(
        "abs",
        vec![Param::new("num", Type::Number).allow_dynamic_type()],
        "Returns the absolute value of a number: negative numbers become positive, others are \
         returned unchanged.",
        abs,
    ));
    table.insert(fixed(
        "ceil",
        vec![Param::new("num", Type::Number)],
        "Returns the smallest whole number that is greater than or equal to the given number.",
        ceil,
    ));
    table.insert(fixed(
        "floor",
        vec![Param::new("num", Type::Number)],
        "Returns the greatest whole number that is less than or equal to the given number.",
        floor,
    ));
    table.insert(fixed(
        "log",
        vec![
            Param::new("num", Type::Number),
            Param::new("base", Type::Number),
        ],
        "Returns the logarithm of a number in the given base, computed with 64-bit floating \
         point arithmetic.",
        log,
    ));
    table.insert(Function {
        name: "max",
        params: vec![],
        variadic: Some(Param::new("numbers", Type::Number).allow_dynamic_type()),
        return_type: ReturnType::Static(number),
        description: "Returns the greatest of the given numbers. At least one number is required; \
                      expand a list with `max(list...)`.",
        implementation: max,
        impure: false,
    });
    table.insert(Function {
        name: "min",
        params: vec![],
        variadic: Some(Param::new("numbers", Type::Number).allow_dynamic_type()),
        return_type: ReturnType::Static(number),
        description: "Returns the smallest of the given numbers. At least one number is required; \
                      expand a list with `min(list...)`.",
        implementation: min,
        impure: false,
    });
    table.insert(Function {
        name: "parseint",
        params: vec![
            Param::new("number", Type::Dynamic),
            Param::new("base", Type::Number),
        ],
        variadic: None,
        return_type: ReturnType::Dynamic(parseint_type),
        description: "Parses a string as a whole number written in the given base (2 to 62). \
                      Digits beyond 9 are letters: case-insensitive up to base 36, lower case \
                      before upper case above it. A leading `+` or `-` is allowed.",
        implementation: parseint,
        impure: false,
    });
    table.insert(fixed(
        "pow",
        vec![
            Param::new("num", Type::Number),
            Param::new("power", Type::Number),
        ],
        "Raises a number to the given power, computed with 64-bit floating point arithmetic.",
        pow,
    ));
    table.insert(fixed(
        "signum",
        vec![Param::new("num", Type::Number)],
        "Returns -1, 0 or 1 for a negative, zero or positive whole number.",
        signum,
    ));
    table.insert(fixed(
        "sum",
        vec![Param::new("list", Type::Dynamic)],
        "Returns the total of a non-empty list, set or tuple of numbers (elements that are \
         strings holding numbers are converted).",
        sum,
    ));
}

/// The message Terraform gives when a number must fit a Go `int` (gocty's conversion).
pub(super) const WHOLE_NUMBER_REQUIRED: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// The number as an `i64`, when it is a whole number in range (gocty's conversion to `int`).
pub(super) fn whole_number(n: &Number) -> Result<i64, FunctionError> {
    match n.to_i64() {
        Some(i) if n.is_integer() => Ok(i),
        _ => Err(FunctionError::new(WHOLE_NUMBER_REQUIRED)),
    }
}

fn abs(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::number(number_arg(args, 0).abs()))
}

fn ceil(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::number(number_arg(args, 0).ceil()))
}

fn floor(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    Ok(Value::number(number_arg(args, 0).floor()))
}

fn log(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let num = float64(number_arg(args, 0))?;
    let base = float64(number_arg(args, 1))?;
    finite_or_infinite(go_log(num) / go_log(base))
}

fn pow(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let num = float64(number_arg(args, 0))?;
    let power = float64(number_arg(args, 1))?;
    finite_or_infinite(go_pow(num, power))
}

/// The number as a Go `float64`, as gocty converts it for `log` and `pow`: rounded to
/// the nearest, but a finite number that rounds to an infinity is an error.
fn float64(n: &Number) -> Result<f64, FunctionError> {
    let f = n.to_f64();
    if f.is_infinite() && !n.is_infinite() {
        return Err(FunctionError::new(format!(
            "value must be between {:.6} and {:.6} inclusive",
            -f64::MAX,
            f64::MAX
        )));
    }
    Ok(f)
}

/// A float result as a number: infinities are numbers too, NaN is an error.
fn finite_or_infinite(f: f64) -> Result<Value, FunctionError> {
    Number::try_from_f64(f)
        .map(Value::number)
        .ok_or_else(|| FunctionError::new("result is not a number"))
}

fn signum(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let i = whole_number(number_arg(args, 0))?;
    Ok(Value::int(i.signum()))
}

fn max(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    extreme(args, std::cmp::Ordering::Greater)
}

fn min(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    extreme(args, std::cmp::Ordering::Less)
}

/// The first argument that no later argument beats in direction `wins`.
fn extreme(args: &[Value], wins: std::cmp::Ordering) -> Result<Value, FunctionError> {
    let mut best: Option<&Number> = None;
    for index in 0..args.len() {
        let n = number_arg(args, index);
        match best {
            Some(b) if n.cmp(b) != wins => {}
            _ => best = Some(n),
        }
    }
    best.map(|n| Value::number(n.clone()))
        .ok_or_else(|| FunctionError::new("must pass at least one number"))
}

fn parseint_type(args: &[Value]) -> Result<Type, FunctionError> {
    let ty = args[0].ty();
    if ty != &Type::String {
        return Err(FunctionError::arg(
            0,
            format!(
                "first argument must be a string, not {}",
                ty.friendly_name()
            ),
        ));
    }
    Ok(Type::Number)
}

fn parseint(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let text = args[0]
        .as_str()
        .expect("invariant: parseint's type check requires a known string");
    let base = whole_number(number_arg(args, 1)).map_err(|e| FunctionError::arg(1, e.message))?;
    if !(2..=62).contains(&base) {
        return Err(FunctionError::arg(
            1,
            "base must be a whole number between 2 and 62 inclusive",
        ));
    }
    let base = u32::try_from(base).expect("invariant: base is between 2 and 62");
    let cannot_parse =
        || FunctionError::arg(0, format!("cannot parse {text:?} as a base {base} integer"));
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Err(cannot_parse());
    }
    let values = digits
        .chars()
        .map(|c| digit_value(c, base).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(cannot_parse)?;
    let magnitude = BigUint::from_radix_be(&values, base).ok_or_else(cannot_parse)?;
    let sign = if negative { Sign::Minus } else { Sign::Plus };
    let n = Number::from_bigint(&BigInt::from_biguint(sign, magnitude));
    Ok(Value::number(n))
}

/// The value of digit `c` in `base`, as Go's `big.Int.SetString` reads it: up to base 36
/// letters are case-insensitive; above, `a`–`z` are 10–35 and `A`–`Z` are 36–61.
fn digit_value(c: char, base: u32) -> Option<u32> {
    let value = match c {
        '0'..='9' => c as u32 - '0' as u32,
        'a'..='z' => c as u32 - 'a' as u32 + 10,
        'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
        'A'..='Z' => c as u32 - 'A' as u32 + 36,
        _ => return None,
    };
    (value < base).then_some(value)
}

fn sum(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let list = &args[0];
    let ty = list.ty();
    let iterable = ty.is_collection() || ty.is_structural();
    if !iterable {
        return Err(FunctionError::arg(0, "cannot sum noniterable"));
    }
    if list.length() == Some(0) {
        return Err(FunctionError::arg(0, "cannot sum an empty list"));
    }
    if !matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
        return Err(FunctionError::arg(
            0,
            format!(
                "argument must be list, set, or tuple. Received {}",
                ty.friendly_name()
            ),
        ));
    }
    if !list.is_wholly_known() {
        return Ok(Value::unknown(Type::Number));
    }
    let elems = list
        .as_seq()
        .expect("invariant: a known list, set or tuple");
    let not_numbers =
        || FunctionError::arg(0, "argument must be list, set, or tuple of number values");
    let mut total: Option<Number> = None;
    for elem in elems {
        if elem.is_null() {
            return Err(not_numbers());
        }
        let converted = convert(elem, &Type::Number).map_err(|_| not_numbers())?;
        let n = match converted.repr() {
            Repr::Number(n) => n.clone(),
            _ => return Err(not_numbers()),
        };
        total = Some(match total {
            None => n,
            // Only opposing infinities have no sum.
            Some(t) => t
                .try_add(&n)
                .map_err(|_| FunctionError::new("can't compute sum of opposing infinities"))?,
        });
    }
    Ok(Value::number(
        total.expect("invariant: the list is not empty"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{check, check_err, unknown};

    #[test]
    fn abs_cases() {
        check("abs", vec![Value::int(-3)], "3");
        check("abs", vec![Value::number(Number::from_f64(2.5))], "2.5");
        check("abs", vec![Value::number(Number::from_f64(-0.0))], "0");
        check_err(
            "abs",
            vec![Value::null(Type::Number)],
            "argument must not be null",
        );
        check("abs", vec![unknown(Type::Number)], "(unknown number)");
    }

    #[test]
    fn ceil_floor() {
        check("ceil", vec![Value::number(Number::from_f64(1.2))], "2");
        check("ceil", vec![Value::number(Number::from_f64(-1.5))], "-1");
        check("ceil", vec![Value::number(Number::from_f64(-0.5))], "0");
        check("floor", vec![Value::number(Number::from_f64(-0.5))], "-1");
        check("floor", vec![Value::number(Number::from_f64(-0.0))], "0");
        check("floor", vec![Value::int(7)], "7");
        check("floor", vec![unknown(Type::Number)], "(unknown number)");
        check_err(
            "ceil",
            vec![Value::null(Type::Number)],
            "argument must not be null",
        );
    }

    #[test]
    fn log_cases() {
        check("log", vec![Value::int(8), Value::int(2)], "3");
        check(
            "log",
            vec![Value::int(1000), Value::int(10)],
            "2.9999999999999996",
        );
        // Go's math.Log rounds these differently from libm (Terraform 1.15.5's answers).
        check(
            "log",
            vec![Value::number(Number::from_f64(837.471)), Value::int(10)],
            "2.922969777191826",
        );
        check(
            "log",
            vec![Value::number(Number::from_f64(1e-310)), Value::int(10)],
            "-307.9517381166022",
        );
        check_err(
            "log",
            vec![Value::int(-1), Value::int(10)],
            "result is not a number",
        );
        check(
            "log",
            vec![unknown(Type::Number), Value::int(10)],
            "(unknown number)",
        );
    }

    #[test]
    fn pow_follows_go() {
        assert_eq!(go_pow(10.0, 300.0), 1.000_000_000_000_000_6e300);
        assert_eq!(go_pow(2.0, 64.0), 18_446_744_073_709_551_616.0);
        assert_eq!(go_pow(2.0, 0.5), std::f64::consts::SQRT_2);
        assert_eq!(go_pow(1.1, 2.0), 1.210_000_000_000_000_2);
        assert_eq!(go_pow(10.0, -2.0), 0.01);
        assert_eq!(go_pow(0.0, 0.0), 1.0);
        assert_eq!(go_pow(2.0, 1024.0), f64::INFINITY);
        assert_eq!(go_pow(2.0, -1074.0), 5e-324);
        assert_eq!(go_pow(-2.0, 3.0), -8.0);
        assert!(go_pow(-8.0, 1.0 / 3.0).is_nan());
        check("pow", vec![Value::int(3), Value::int(2)], "9");
        check_err(
            "pow",
            vec![Value::int(-8), Value::number(Number::from_f64(0.5))],
            "result is not a number",
        );
        check(
            "pow",
            vec![Value::int(3), unknown(Type::Number)],
            "(unknown number)",
        );
    }

    #[test]
    fn signum_cases() {
        check("signum", vec![Value::int(-7)], "-1");
        check("signum", vec![Value::int(0)], "0");
        check("signum", vec![Value::int(12)], "1");
        check_err(
            "signum",
            vec![Value::number(Number::from_f64(3.2))],
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        );
    }

    #[test]
    fn max_min() {
        check(
            "max",
            vec![Value::int(1), Value::int(5), Value::int(3)],
            "5",
        );
        check(
            "min",
            vec![Value::int(1), Value::int(5), Value::int(3)],
            "1",
        );
        check("max", vec![Value::int(-1), Value::int(-5)], "-1");
        check("min", vec![Value::int(4)], "4");
        check_err("max", vec![], "must pass at least one number");
        check_err("min", vec![], "must pass at least one number");
        check_err(
            "max",
            vec![Value::int(1), Value::null(Type::Number)],
            "argument must not be null",
        );
        check(
            "max",
            vec![Value::int(1), unknown(Type::Number)],
            "(unknown number)",
        );
        check(
            "max",
            vec![Value::int(1), unknown(Type::Dynamic)],
            "(unknown number)",
        );
    }

    #[test]
    fn parseint_cases() {
        let p = |s: &str, b: i64| vec![Value::string(s), Value::int(b)];
        check("parseint", p("FF", 16), "255");
        check("parseint", p("ff", 16), "255");
        check("parseint", p("-1010", 2), "-10");
        check("parseint", p("+10", 2), "2");
        check("parseint", p("-0", 10), "0");
        check("parseint", p("zZ", 62), "2231");
        check("parseint", p("Zz", 36), "1295");
        check("parseint", p("10", 37), "37");
        check("parseint", p("1fffffffffffff", 16), "9007199254740991");
        check(
            "parseint",
            p("123456789012345678901234567890", 10),
            "123456789012345678901234567890",
        );
        check(
            "parseint",
            p("-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 36),
            "-178689910246017054531432477289437798228285773001601743140683775",
        );
        check_err(
            "parseint",
            p("12", 2),
            "cannot parse \"12\" as a base 2 integer",
        );
        check_err(
            "parseint",
            p("0x10", 16),
            "cannot parse \"0x10\" as a base 16 integer",
        );
        check_err(
            "parseint",
            p("1_000", 10),
            "cannot parse \"1_000\" as a base 10 integer",
        );
        check_err(
            "parseint",
            p("", 10),
            "cannot parse \"\" as a base 10 integer",
        );
        check_err(
            "parseint",
            p("-", 10),
            "cannot parse \"-\" as a base 10 integer",
        );
        check_err(
            "parseint",
            p("é", 10),
            "cannot parse \"é\" as a base 10 integer",
        );
        check_err(
            "parseint",
            p("1", 1),
            "base must be a whole number between 2 and 62 inclusive",
        );
        check_err(
            "parseint",
            p("1", 63),
            "base must be a whole number between 2 and 62 inclusive",
        );
        check_err(
            "parseint",
            vec![Value::string("1"), Value::number(Number::from_f64(10.5))],
            WHOLE_NUMBER_REQUIRED,
        );
        check_err(
            "parseint",
            vec![Value::int(10), Value::int(10)],
            "first argument must be a string, not number",
        );
        check_err(
            "parseint",
            vec![Value::null(Type::String), Value::int(10)],
            "argument must not be null",
        );
        check(
            "parseint",
            vec![unknown(Type::String), Value::int(10)],
            "(unknown number)",
        );
        check(
            "parseint",
            vec![unknown(Type::Dynamic), Value::int(10)],
            "(unknown dynamic)",
        );
    }

    #[test]
    fn sum_cases() {
        let nums = |v: &[f64]| {
            Value::list(
                Type::Number,
                v.iter().map(|f| Value::number(Number::from_f64(*f))),
            )
        };
        check("sum", vec![nums(&[1.0, 2.0, 3.0])], "6");
        check("sum", vec![nums(&[1.5, 2.5, -4.0])], "0");
        check(
            "sum",
            vec![Value::set(Type::Number, [Value::int(1), Value::int(2)])],
            "3",
        );
        check(
            "sum",
            vec![Value::tuple([Value::int(1), Value::int(2)])],
            "3",
        );
        check_err(
            "sum",
            vec![Value::list(Type::Number, [])],
            "cannot sum an empty list",
        );
        check_err(
            "sum",
            vec![Value::empty_tuple()],
            "cannot sum an empty list",
        );
        check_err("sum", vec![Value::string("abc")], "cannot sum noniterable");
        check_err("sum", vec![Value::int(1)], "cannot sum noniterable");
        check_err(
            "sum",
            vec![Value::object([("a", Value::int(1))])],
            "argument must be list, set, or tuple. Received object",
        );
        check_err(
            "sum",
            vec![Value::map(Type::Number, [("a", Value::int(1))])],
            "argument must be list, set, or tuple. Received map of number",
        );
        check_err(
            "sum",
            vec![Value::tuple([Value::int(1), Value::null(Type::Number)])],
            "argument must be list, set, or tuple of number values",
        );
        check_err(
            "sum",
            vec![Value::tuple([Value::int(1), Value::bool(true)])],
            "argument must be list, set, or tuple of number values",
        );
        check_err(
            "sum",
            vec![Value::null(Type::list(Type::Number))],
            "argument must not be null",
        );
        check(
            "sum",
            vec![Value::tuple([Value::int(1), unknown(Type::Number)])],
            "(unknown number)",
        );
        check(
            "sum",
            vec![unknown(Type::list(Type::Number))],
            "(unknown number)",
        );
    }

    #[test]
    fn big_and_infinite_numbers() {
        let p = |t: &str| Value::number(Number::parse(t).unwrap());
        check(
            "floor",
            vec![p("123456789012345678901234567890.5")],
            "123456789012345678901234567890",
        );
        check("ceil", vec![p("1e30")], "1000000000000000000000000000000");
        check(
            "sum",
            vec![Value::tuple([p("1e30"), Value::int(1)])],
            "1000000000000000000000000000001",
        );
        check("sum", vec![Value::tuple([p("0.1"), p("0.2")])], "0.3");
        check(
            "pow",
            vec![Value::int(2), Value::int(64)],
            "18446744073709550000",
        );
        check("pow", vec![Value::int(2), Value::int(1024)], "+Inf");
        check("log", vec![Value::int(0), Value::int(10)], "-Inf");
        // Arguments beyond float64's range fail; infinities and what rounds to the
        // largest float64 do not.
        let out_of_range = "value must be between \
            -179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 \
            and \
            179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 \
            inclusive";
        check_err("pow", vec![Value::int(2), p("1e400")], out_of_range);
        check_err("pow", vec![p("-1e400"), Value::int(0)], out_of_range);
        check_err("log", vec![Value::int(10), p("1e400")], out_of_range);
        check_err(
            "pow",
            vec![Value::int(2), p("1.7976931348623159e308")],
            out_of_range,
        );
        check(
            "pow",
            vec![Value::int(2), p("1.7976931348623158e308")],
            "+Inf",
        );
        check(
            "pow",
            vec![Value::number(Number::infinity(true)), Value::int(1)],
            "+Inf",
        );
        check("max", vec![p("-0"), Value::int(0)], "-0");
        check_err(
            "sum",
            vec![Value::tuple([
                Value::number(Number::infinity(true)),
                Value::number(Number::infinity(false)),
            ])],
            "can't compute sum of opposing infinities",
        );
    }

    #[test]
    fn arguments_are_converted() {
        check("abs", vec![Value::string("-3")], "3");
        check("max", vec![Value::string("5"), Value::int(2)], "5");
        check_err("min", vec![Value::string("a")], "a number is required");
        check_err(
            "max",
            vec![Value::int(1), Value::tuple([Value::int(2)])],
            "number required, but have tuple",
        );
        check(
            "sum",
            vec![Value::tuple([Value::string("1"), Value::int(2)])],
            "3",
        );
        check_err(
            "sum",
            vec![Value::tuple([Value::int(1), Value::string("x")])],
            "argument must be list, set, or tuple of number values",
        );
        check(
            "parseint",
            vec![Value::string("10"), Value::string("16")],
            "16",
        );
    }

    #[test]
    fn digits() {
        assert_eq!(digit_value('f', 16), Some(15));
        assert_eq!(digit_value('F', 16), Some(15));
        assert_eq!(digit_value('g', 16), None);
        assert_eq!(digit_value('Z', 62), Some(61));
        assert_eq!(digit_value('z', 62), Some(35));
    }
}
