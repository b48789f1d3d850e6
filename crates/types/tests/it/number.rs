//! `Number`: parsing, arithmetic, comparison and printing against Terraform's outputs.
//!
//! The table is `data/number.txt` (cases asked of `tf-console` or taken from the
//! conformance file, each naming the Terraform expression); outputs too long for the table
//! (a million digits) are checked below, built from the lengths and digits the oracle gave.

use std::cmp::Ordering;

use num_bigint::BigInt;
use terrace_types::Number;

const TABLE: &str = include_str!("data/number.txt");

/// One case of the table.
struct Case<'a> {
    name: &'a str,
    line: usize,
    expr: &'a str,
    expect: &'a str,
}

fn cases() -> Vec<Case<'static>> {
    let mut cases = Vec::new();
    let mut name = None;
    let mut expr = None;
    for (i, line) in TABLE.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("--- ") {
            name = Some((rest.trim_end_matches(" ---"), i + 1));
            expr = None;
        } else if line.starts_with("=> ") || line.starts_with("error: ") {
            let (name, line) = name.take().expect("a case header before its result");
            cases.push(Case {
                name,
                line,
                expr: expr.take().expect("an expression before its result"),
                expect: line_text(line),
            });
        } else {
            expr = Some(line);
        }
    }
    cases
}

/// The result line of a case (the line after its expression).
fn line_text(header_line: usize) -> &'static str {
    TABLE
        .lines()
        .skip(header_line)
        .find(|l| l.starts_with("=> ") || l.starts_with("error: "))
        .expect("a result line")
}

#[test]
fn table() {
    let cases = cases();
    assert!(cases.len() > 200, "the table has {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let got = match eval(case.expr) {
            Ok(Outcome::Number(n)) => format!("=> {n}"),
            Ok(Outcome::Bool(b)) => format!("=> {b}"),
            Err(message) => format!("error: {message}"),
        };
        if got != case.expect {
            failures.push(format!(
                "data/number.txt:{} {}: {}\n  expected {}\n  got      {}",
                case.line, case.name, case.expr, case.expect, got
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn million_digit_literals() {
    // tf-console '1e999999' printed "1" and 999999 zeros; '-1e999999' the same with "-";
    // '1e-999999' printed "0." and 999998 zeros then "1"; '1e99999' "1" and 99999 zeros.
    let big = "1".to_string() + &"0".repeat(999_999);
    assert_eq!(num("1e999999").to_string(), big);
    assert_eq!(num("1e999999").neg().to_string(), format!("-{big}"));
    let small = "0.".to_string() + &"0".repeat(999_998) + "1";
    assert_eq!(num("1e-999999").to_string(), small);
    assert_eq!(
        num("1e99999").to_string(),
        "1".to_string() + &"0".repeat(99_999)
    );
}

#[test]
fn long_inputs_parse_exactly() {
    // A 100,000-digit integer is rounded to 512 bits; its shortest text keeps the first 155
    // or so digits and pads with zeros.
    let digits: String = (0..100_000)
        .map(|i| char::from(b'1' + (i % 9) as u8))
        .collect();
    let text = num(&digits).to_string();
    assert_eq!(text.len(), 100_000);
    assert!(text.starts_with("123456789123456789"));
    assert!(text.ends_with("000000000"));
    // The same digits after a point: a value just below 0.1234567891…
    let fraction = format!("0.{digits}");
    let text = num(&fraction).to_string();
    assert!(text.starts_with("0.123456789123456789"), "{text}");
    assert!(text.len() < 200, "{text}");
    // Exact integers of any size through from_bigint.
    let big: BigInt = digits.parse().unwrap();
    assert_eq!(Number::from_bigint(&big).to_string(), digits);
    assert_eq!(Number::from_bigint(&big).precision(), 332_190);
    assert_eq!(Number::from_bigint(&big).to_bigint_trunc(), Some(big));
}

#[test]
fn precisions() {
    assert_eq!(Number::from_i64(3).precision(), 64);
    assert_eq!(Number::from_u64(u64::MAX).precision(), 64);
    assert_eq!(Number::from_f64(0.5).precision(), 53);
    assert_eq!(num("3").precision(), 512);
    assert_eq!(Number::from_bigint(&BigInt::from(5)).precision(), 64);
    assert_eq!(num("1").div(&Number::from_i64(3)).unwrap().precision(), 512);
}

#[test]
fn api() {
    assert!(num("-0").is_zero() && num("-0").is_sign_negative() && !num("-0").is_negative());
    assert_eq!(num("-2.5").signum(), -1);
    assert_eq!(num("-0").signum(), 0);
    assert_eq!(num("-2.5").abs().to_string(), "2.5");
    assert!(Number::infinity(false).is_infinite());
    assert_eq!(Number::infinity(false).to_string(), "-Inf");
    assert!(num("2.0").is_integer() && !num("2.5").is_integer());
    assert!(!Number::infinity(true).is_integer());
    assert_eq!(num("1e3").to_i64(), Some(1000));
    assert_eq!(num("-3.7").floor().to_string(), "-4");
    assert_eq!(num("3.2").ceil().to_string(), "4");
    assert_eq!(
        num("1e30").floor().to_string(),
        "1000000000000000000000000000000"
    );
    assert_eq!(num("-3.7").to_bigint_trunc(), Some(BigInt::from(-3)));
    assert_eq!(Number::infinity(true).to_bigint_trunc(), None);
    assert_eq!(num("0.1").to_f64(), 0.1);
    assert_eq!(num("1e400").to_f64(), f64::INFINITY);
    assert_eq!(num("-1e-400").to_f64().to_bits(), (-0.0f64).to_bits());
    assert_eq!(num("1").cmp(&num("1.0")), Ordering::Equal);
    assert!(Number::infinity(false) < num("-1e999999"));
    assert!(num("1e999999") < Number::infinity(true));
    assert_eq!(num("1").add(&num("2")).to_string(), "3");
    assert_eq!(num("1").sub(&num("2")).to_string(), "-1");
    assert_eq!(num("1.5").mul(&num("2")).to_string(), "3");
}

fn num(text: &str) -> Number {
    Number::parse(text).unwrap()
}

/// The value of a table expression.
enum Outcome {
    Number(Number),
    Bool(bool),
}

fn eval(expr: &str) -> Result<Outcome, String> {
    let tokens = tokenize(expr);
    let mut parser = Parser { tokens, pos: 0 };
    let lhs = parser.sum()?;
    let outcome = match parser.peek() {
        Some(Token::Op(op @ ("==" | "<" | ">"))) => {
            let op = *op;
            parser.pos += 1;
            let rhs = parser.sum()?;
            Outcome::Bool(match op {
                "==" => lhs == rhs,
                "<" => lhs < rhs,
                _ => lhs > rhs,
            })
        }
        _ => Outcome::Number(lhs),
    };
    assert!(
        parser.pos == parser.tokens.len(),
        "trailing tokens in {expr}"
    );
    Ok(outcome)
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Literal(String),
    Call(String, String),
    Op(&'static str),
}

fn tokenize(expr: &str) -> Vec<Token> {
    let bytes = expr.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b' ' {
            i += 1;
        } else if c.is_ascii_digit() || c == b'.' {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric()
                    || bytes[i] == b'.'
                    || (matches!(bytes[i], b'+' | b'-') && matches!(bytes[i - 1], b'e' | b'E')))
            {
                i += 1;
            }
            tokens.push(Token::Literal(expr[start..i].to_string()));
        } else if c.is_ascii_alphabetic() {
            let open = expr[i..].find('(').unwrap() + i;
            let close = expr[open..].find(')').unwrap() + open;
            let name = expr[i..open].to_string();
            let arg = expr[open + 1..close].trim_matches('"').to_string();
            tokens.push(Token::Call(name, arg));
            i = close + 1;
        } else if expr[i..].starts_with("==") {
            tokens.push(Token::Op("=="));
            i += 2;
        } else {
            let op = ["+", "-", "*", "/", "%", "(", ")", "<", ">"]
                .into_iter()
                .find(|op| expr[i..].starts_with(op))
                .unwrap_or_else(|| panic!("unexpected {:?} in {expr}", char::from(c)));
            tokens.push(Token::Op(op));
            i += 1;
        }
    }
    tokens
}

/// Precedence climbing over HCL's levels: `* / %`, then `+ -`; unary `-` binds tightest.
struct Parser {
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Token {
        self.pos += 1;
        self.tokens[self.pos - 1].clone()
    }

    fn sum(&mut self) -> Result<Number, String> {
        let mut lhs = self.product()?;
        while let Some(Token::Op(op @ ("+" | "-"))) = self.peek() {
            let op = *op;
            self.pos += 1;
            let rhs = self.product()?;
            lhs = match op {
                "+" => lhs.try_add(&rhs),
                _ => lhs.try_sub(&rhs),
            }
            .map_err(|e| e.to_string())?;
        }
        Ok(lhs)
    }

    fn product(&mut self) -> Result<Number, String> {
        let mut lhs = self.unary()?;
        while let Some(Token::Op(op @ ("*" | "/" | "%"))) = self.peek() {
            let op = *op;
            self.pos += 1;
            let rhs = self.unary()?;
            lhs = match op {
                "*" => lhs.try_mul(&rhs),
                "/" => lhs.div(&rhs),
                _ => lhs.rem(&rhs),
            }
            .map_err(|e| e.to_string())?;
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Number, String> {
        match self.next() {
            Token::Op("-") => Ok(self.unary()?.neg()),
            Token::Op("(") => {
                let inner = self.sum()?;
                assert_eq!(self.next(), Token::Op(")"));
                Ok(inner)
            }
            Token::Literal(text) => Ok(Number::parse(&text).unwrap()),
            Token::Call(name, arg) => match name.as_str() {
                "int" => Ok(Number::from_i64(arg.parse().unwrap())),
                "float" => Ok(Number::from_f64(arg.parse().unwrap())),
                "bigint" => Ok(Number::from_bigint(&arg.parse().unwrap())),
                "parse" => Number::parse(&arg).map_err(|_| "invalid".to_string()),
                _ => panic!("unknown function {name}"),
            },
            token => panic!("unexpected {token:?}"),
        }
    }
}
