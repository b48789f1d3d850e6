//! `csvdecode` (cty's `stdlib/csv.go`), with a reader that follows Go's `encoding/csv`.
//!
//! The first record names the columns; every later record becomes an object of strings.
//! As in Go: `\r\n` is read as `\n`, empty lines are skipped, quotes must surround a
//! whole field (`bare " in non-quoted-field`, `extraneous or missing " in
//! quoted-field`), and every record must have as many fields as the header (`wrong
//! number of fields`). No trimming, no comment lines, `,` only.

use terrace_types::{Type, Value};

use super::args::str_arg;
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds `csvdecode` to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    table.insert(Function {
        name: "csvdecode",
        params: vec![Param::new("str", Type::String)],
        variadic: None,
        return_type: ReturnType::Dynamic(csvdecode_type),
        description: "Parses a string of comma-separated values (RFC 4180) and returns a list \
                      of objects, one per row, whose attributes are named by the first row. \
                      All values are strings.",
        implementation: csvdecode,
        impure: false,
    });
}

fn csvdecode_type(args: &[Value]) -> Result<Type, FunctionError> {
    let Some(text) = args[0].as_str() else {
        return Ok(Type::Dynamic);
    };
    let mut reader = Reader::new(text);
    let header = read_header(&mut reader)?;
    Ok(Type::list(row_type(&header)))
}

fn row_type(header: &[String]) -> Type {
    Type::object(header.iter().map(|name| (name.clone(), Type::String)))
}

fn read_header(reader: &mut Reader<'_>) -> Result<Vec<String>, FunctionError> {
    let header = match reader.read_record(None) {
        Ok(Some(fields)) => fields,
        Ok(None) => return Err(FunctionError::new("missing header line")),
        Err(e) => return Err(FunctionError::new(e.message())),
    };
    let mut seen = std::collections::BTreeSet::new();
    for name in &header {
        if !seen.insert(name.as_str()) {
            return Err(FunctionError::new(format!(
                "duplicate column name {}",
                terrace_types::quote(name)
            )));
        }
    }
    Ok(header)
}

fn csvdecode(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let mut reader = Reader::new(str_arg(args, 0));
    let header = read_header(&mut reader)?;
    let mut rows = Vec::new();
    while let Some(fields) = reader
        .read_record(Some(header.len()))
        .map_err(|e| FunctionError::new(e.message()))?
    {
        rows.push(Value::object(
            header
                .iter()
                .zip(fields)
                .map(|(name, field)| (name.as_str(), Value::string(field))),
        ));
    }
    Ok(Value::list(row_type(&header), rows))
}

/// Why a record could not be read.
#[derive(Debug, PartialEq, Eq)]
struct CsvError {
    line: usize,
    kind: &'static str,
}

impl CsvError {
    fn message(&self) -> String {
        format!("CSV parse error on line {}: {}", self.line, self.kind)
    }
}

const BARE_QUOTE: &str = "bare \" in non-quoted-field";
const QUOTE: &str = "extraneous or missing \" in quoted-field";
const FIELD_COUNT: &str = "wrong number of fields";

struct Reader<'a> {
    rest: &'a [u8],
    line_number: usize,
}

/// The length of the line break at the end of `line` (0 or 1, after `\r\n` became `\n`).
fn newline_len(line: &[u8]) -> usize {
    usize::from(line.last() == Some(&b'\n'))
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            rest: text.as_bytes(),
            line_number: 0,
        }
    }

    /// The next line including its `\n` (`\r\n` read as `\n`, a final `\r` dropped), or
    /// `None` at the end of the input.
    fn read_line(&mut self) -> Option<Vec<u8>> {
        if self.rest.is_empty() {
            return None;
        }
        let end = self
            .rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.rest.len(), |i| i + 1);
        let mut line = self.rest[..end].to_vec();
        self.rest = &self.rest[end..];
        self.line_number += 1;
        if line.last() != Some(&b'\n') && line.last() == Some(&b'\r') {
            line.pop();
        }
        let n = line.len();
        if n >= 2 && line[n - 2] == b'\r' && line[n - 1] == b'\n' {
            line.truncate(n - 1);
            line[n - 2] = b'\n';
        }
        Some(line)
    }

    /// The next record, `None` at the end; `expected` is the number of fields required.
    fn read_record(&mut self, expected: Option<usize>) -> Result<Option<Vec<String>>, CsvError> {
        let mut line = loop {
            match self.read_line() {
                None => return Ok(None),
                Some(line) if line.len() == newline_len(&line) => continue,
                Some(line) => break line,
            }
        };
        let record_line = self.line_number;
        let mut fields: Vec<Vec<u8>> = Vec::new();
        let mut pos = 0;
        'fields: loop {
            if line.get(pos) != Some(&b'"') {
                // An unquoted field runs to the next comma or the end of the line.
                let rest = &line[pos..];
                let comma = rest.iter().position(|&b| b == b',');
                let field = match comma {
                    Some(i) => &rest[..i],
                    None => &rest[..rest.len() - newline_len(rest)],
                };
                if field.contains(&b'"') {
                    return Err(CsvError {
                        line: self.line_number,
                        kind: BARE_QUOTE,
                    });
                }
                fields.push(field.to_vec());
                match comma {
                    Some(i) => {
                        pos += i + 1;
                        continue 'fields;
                    }
                    None => break 'fields,
                }
            }
            // A quoted field, which may span lines.
            pos += 1;
            let mut field = Vec::new();
            loop {
                let rest = &line[pos..];
                if let Some(i) = rest.iter().position(|&b| b == b'"') {
                    field.extend_from_slice(&rest[..i]);
                    pos += i + 1;
                    let after = &line[pos..];
                    match after.first() {
                        Some(b'"') => {
                            field.push(b'"');
                            pos += 1;
                        }
                        Some(b',') => {
                            pos += 1;
                            fields.push(field);
                            continue 'fields;
                        }
                        _ if after.len() == newline_len(after) => {
                            fields.push(field);
                            break 'fields;
                        }
                        _ => {
                            return Err(CsvError {
                                line: self.line_number,
                                kind: QUOTE,
                            });
                        }
                    }
                } else if !rest.is_empty() {
                    field.extend_from_slice(rest);
                    match self.read_line() {
                        Some(next) => {
                            line = next;
                            pos = 0;
                        }
                        None => {
                            return Err(CsvError {
                                line: self.line_number,
                                kind: QUOTE,
                            });
                        }
                    }
                } else {
                    return Err(CsvError {
                        line: self.line_number,
                        kind: QUOTE,
                    });
                }
            }
        }
        if expected.is_some_and(|n| n != fields.len()) {
            return Err(CsvError {
                line: record_line,
                kind: FIELD_COUNT,
            });
        }
        Ok(Some(
            fields
                .into_iter()
                .map(|f| String::from_utf8_lossy(&f).into_owned())
                .collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{self, garbage};

    fn run(text: &str) -> Result<Value, CallError> {
        test_support::run("csvdecode", vec![Value::string(text)])
    }

    fn rows(text: &str) -> Vec<Vec<(String, String)>> {
        let v = run(text).unwrap();
        v.as_seq()
            .unwrap()
            .iter()
            .map(|row| {
                row.as_attrs()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.as_str().unwrap().to_string()))
                    .collect()
            })
            .collect()
    }

    fn error(text: &str) -> String {
        match run(text) {
            Err(CallError::Failed { message, .. }) => message,
            other => panic!("{text:?}: expected an error, got {other:?}"),
        }
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn basic_rows() {
        // Expected values from Terraform.
        assert_eq!(
            rows("a,b\n1,2\n3,4"),
            vec![
                pairs(&[("a", "1"), ("b", "2")]),
                pairs(&[("a", "3"), ("b", "4")])
            ]
        );
        assert_eq!(
            rows("a,b\n\"x,y\",2"),
            vec![pairs(&[("a", "x,y"), ("b", "2")])]
        );
        assert_eq!(rows("a"), Vec::<Vec<(String, String)>>::new());
        assert_eq!(
            rows("a,b\n\n1,2\n\n"),
            vec![pairs(&[("a", "1"), ("b", "2")])]
        );
        assert_eq!(
            rows("a,b\r\n1,2\r\n"),
            vec![pairs(&[("a", "1"), ("b", "2")])]
        );
        assert_eq!(
            rows("a,b\n1,\"x\"\"y\""),
            vec![pairs(&[("a", "1"), ("b", "x\"y")])]
        );
        assert_eq!(
            rows("a,b\n1,\"x\ny\""),
            vec![pairs(&[("a", "1"), ("b", "x\ny")])]
        );
        assert_eq!(
            rows("a,b,\n1,2,3"),
            vec![pairs(&[("", "3"), ("a", "1"), ("b", "2")])]
        );
        assert_eq!(
            rows(" a , b \n 1 , 2 "),
            vec![pairs(&[(" a ", " 1 "), (" b ", " 2 ")])]
        );
        assert_eq!(rows("a\n\"\""), vec![pairs(&[("a", "")])]);
        assert_eq!(rows("a\r\n1\r2"), vec![pairs(&[("a", "1\r2")])]);
        assert_eq!(rows("é,ü\n1,2"), vec![pairs(&[("é", "1"), ("ü", "2")])]);
    }

    #[test]
    fn result_type() {
        let v = run("a,b\n1,2").unwrap();
        assert_eq!(
            v.ty(),
            &Type::list(Type::object([("a", Type::String), ("b", Type::String)]))
        );
        let empty = run("a").unwrap();
        assert_eq!(empty.ty(), &Type::list(Type::object([("a", Type::String)])));
    }

    #[test]
    fn errors_like_go() {
        assert_eq!(error(""), "missing header line");
        assert_eq!(
            error("a,b\n1"),
            "CSV parse error on line 2: wrong number of fields"
        );
        assert_eq!(
            error("a,b\n1,2\n3,4,5\n"),
            "CSV parse error on line 3: wrong number of fields"
        );
        assert_eq!(error("a,a\n1,2"), "duplicate column name \"a\"");
        assert_eq!(
            error("a,b\n1,x\"y"),
            "CSV parse error on line 2: bare \" in non-quoted-field"
        );
        assert_eq!(
            error("a,b\n1,\"xy\"z"),
            "CSV parse error on line 2: extraneous or missing \" in quoted-field"
        );
        assert_eq!(
            error("a,b\n1,\"xy"),
            "CSV parse error on line 2: extraneous or missing \" in quoted-field"
        );
    }

    #[test]
    fn unknown_and_null() {
        let v = test_support::run("csvdecode", vec![Value::unknown(Type::String)]).unwrap();
        assert!(!v.is_known());
        assert!(matches!(
            test_support::run("csvdecode", vec![Value::null(Type::String)]),
            Err(CallError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn garbage_input_never_panics() {
        let alphabet = ["a", ",", "\"", "\n", "\r", " ", "é", "\"\""];
        for text in garbage(&alphabet, 3000) {
            let _ = run(&text);
        }
    }
}
