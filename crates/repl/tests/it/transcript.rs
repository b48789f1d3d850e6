//! Console transcripts: a `Session` driven with strings, rendered as the console shows them.

use terrace_repl::{Reply, Session, Theme, split_inputs};

/// Run `text` as piped input through one session and render a transcript:
/// each input after `> ` (continuation lines after `... `), then its output or
/// its diagnostics (without colour).
#[track_caller]
fn transcript(text: &str) -> String {
    let mut session = Session::standalone();
    let mut out = String::new();
    for chunk in split_inputs(text) {
        for (idx, line) in chunk.text.lines().enumerate() {
            out.push_str(if idx == 0 { "> " } else { "... " });
            out.push_str(line);
            out.push('\n');
        }
        match session.run(&chunk.text) {
            Ok(Reply::Quit) => {
                out.push_str("(quit)\n");
                break;
            }
            Ok(reply) => {
                if let Some(text) = reply.text() {
                    out.push_str(text);
                    out.push('\n');
                }
            }
            Err(report) => out.push_str(&report.render(Theme::PLAIN)),
        }
    }
    out
}

#[test]
fn whole_session() {
    insta::assert_snapshot!(transcript(
        r#"
1 + 2 * 3
"Hello, ${upper("world")}!"
[1, "two", true, null]
{name = "x", tags = ["a", "b"]}
tolist(["a", "b"])
tomap({a = 1, b = 2})
toset(["b", "a", "b"])
tostring(null)
sensitive("secret")
[for s in ["a", "b"] :
  upper(s)
]
{for k, v in {a = 1, b = 2} :
  k => v * 10
  if v > 1
}
<<EOT
multi
line
EOT
:let xs = [1, 2, 3]
[for x in xs : x * x]
length(xs)
nope(1)
1 +
2
"still running after an error"
exit
"not evaluated"
"#
    ));
}

#[test]
fn type_of_nested_values() {
    insta::assert_snapshot!(transcript(
        r#"
:type 1
:type "a"
:type [1, "a"]
:type tolist([1, 2])
:type {a = {b = [true]}, c = tomap({d = "e"})}
:type toset([{a = 1}])
:type [[[1]]]
:type null
type([for x in [1, 2] : {n = x}])
type(tomap({a = [{b = 1}]}))
"#
    ));
}

#[test]
fn every_command() {
    insta::assert_snapshot!(transcript(
        r#"
:help
:type [1, {a = "x"}]
:deps [var.region, local.names[0], x, path.module, [for s in var.list : s][0]]
:doc upper
:doc uper
:funcs to
:let answer = 42
:let names = ["a", "b"]
:vars
answer + 1
:json {a = [1, "x", true, null], b = 1.5}
:json sensitive(1)
:load ./config
:nope
:quit
"#
    ));
}

#[test]
fn diagnostics() {
    insta::assert_snapshot!(transcript(
        r#"
[1 2]
upperr("a")
{a = 1}.b
1 + "x"
[1, 2][5]
var.missing
"abc
)
:let 1x = 2
:let var = 1
:type
"#
    ));
}

#[test]
fn json_output_format() {
    let mut session = Session::new(
        terrace_repl::Context::default(),
        terrace_repl::OutputFormat::Json,
    );
    assert_eq!(
        session.run(r#"{a = [1, "x"], b = null}"#).unwrap(),
        Reply::Value(r#"{"a":[1,"x"],"b":null}"#.to_string())
    );
}

#[test]
fn errors_do_not_end_the_session() {
    let mut session = Session::standalone();
    assert!(session.run("nope(").is_err());
    assert!(session.run("[").is_err());
    assert_eq!(session.run("1 + 1").unwrap(), Reply::Value("2".to_string()));
}
