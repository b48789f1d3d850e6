//! OpenTofu's own functions, with the cases of OpenTofu's test tables (v1.12.6:
//! `internal/lang/funcs/encoding_test.go` `TestBase64Gunzip` and `TestURLDecode`,
//! `internal/lang/funcs/cidr_test.go` `TestCidrContains`; `list`/`map` from
//! `internal/lang/funcs/collection.go`). The expectations are those tables' facts.

use terrace_eval::{Evaluator, Scope, functions};
use terrace_types::format_value;

fn tofu(src: &str) -> Result<String, String> {
    let expr = terrace_syntax::parse_expr(src).unwrap();
    Evaluator::with_functions(functions::opentofu())
        .eval(&expr, &Scope::new())
        .map(|value| format_value(&value))
        .map_err(|found| {
            let first = found.first().unwrap();
            format!("{}: {}", first.summary, first.detail)
        })
}

#[track_caller]
fn error_detail(src: &str) -> String {
    tofu(src).unwrap_err()
}

#[test]
fn base64gunzip() {
    assert_eq!(
        tofu(r#"base64gunzip("H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA")"#).unwrap(),
        "\"test\""
    );
    assert_eq!(
        tofu(r#"base64gunzip(sensitive("H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA"))"#).unwrap(),
        "(sensitive value)"
    );
    assert!(
        error_detail(r#"base64gunzip("hello")"#).contains("failed to decode base64 data \"hello\"")
    );
    assert!(
        error_detail(r#"base64gunzip(sensitive("hello"))"#)
            .contains("failed to decode base64 data (sensitive value)")
    );
    // The reverse of Terraform's base64gzip.
    assert_eq!(
        tofu(r#"base64gunzip(base64gzip("round trip"))"#).unwrap(),
        "\"round trip\""
    );
}

#[test]
fn urldecode() {
    for (given, want) in [
        ("abc123-_", "abc123-_"),
        (
            "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz",
            "foo:bar@localhost?foo=bar&bar=baz",
        ),
        (
            "mailto%3Aemail%3Fsubject%3Dthis%2Bis%2Bmy%2Bsubject",
            "mailto:email?subject=this+is+my+subject",
        ),
        ("foo%2Fbar", "foo/bar"),
        ("hello%20%E4%B8%96%E7%95%8C", "hello 世界"),
        ("hello%20%D8%AF%D9%86%DB%8C%D8%A7", "hello دنیا"),
        ("a+b", "a b"),
    ] {
        assert_eq!(
            tofu(&format!("urldecode(\"{given}\")")).unwrap(),
            format!("\"{want}\""),
            "{given}"
        );
    }
    assert_eq!(
        tofu(r#"urldecode("foo%00, bar!") == "foo\u0000, bar!""#).unwrap(),
        "true"
    );
    for bad in ["foo% bar", "foo%2 bar", "%GGfoo%2bar"] {
        assert!(
            error_detail(&format!("urldecode(\"{bad}\")")).contains("failed to decode URL"),
            "{bad}"
        );
    }
    assert!(error_detail(r#"urldecode("foo% bar")"#).contains("invalid URL escape \"% b\""));
}

#[test]
fn cidrcontains() {
    for (prefix, addr, want) in [
        ("192.168.2.0/20", "192.168.2.1", true),
        ("192.168.2.0/20", "192.168.2.0/22", true),
        ("192.168.2.0/20", "192.126.2.1", false),
        ("192.168.2.0/20", "192.126.2.0/18", false),
        ("fe80::/48", "fe80::1", true),
        ("fe80::/48", "fe81::1", false),
    ] {
        assert_eq!(
            tofu(&format!("cidrcontains(\"{prefix}\", \"{addr}\")")).unwrap(),
            want.to_string(),
            "{prefix} {addr}"
        );
    }
    for (prefix, addr, message) in [
        (
            "192.168.2.0/20",
            "fe80::1",
            "address family mismatch: 192.168.2.0/20 vs. fe80::1",
        ),
        (
            "192.168.2.0/20",
            "fe80::/24",
            "address family mismatch: 192.168.2.0/20 vs. fe80::/24",
        ),
        (
            "fe80::/48",
            "192.168.2.1",
            "address family mismatch: fe80::/48 vs. 192.168.2.1",
        ),
        (
            "fe80::/48",
            "192.168.2.0/20",
            "address family mismatch: fe80::/48 vs. 192.168.2.0/20",
        ),
        (
            "not-a-cidr",
            "192.168.2.1",
            "invalid CIDR address: not-a-cidr",
        ),
        (
            "192.168.2.0/20",
            "not-an-address",
            "invalid IP address or prefix: not-an-address",
        ),
    ] {
        let detail = error_detail(&format!("cidrcontains(\"{prefix}\", \"{addr}\")"));
        assert!(detail.contains(message), "{detail}");
    }
}

#[test]
fn list_and_map_say_they_are_gone() {
    assert!(error_detail("list(1, 2)").contains(
        "the \"list\" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tolist([ ... ]) syntax to write a literal list"
    ));
    assert!(error_detail(r#"map("a", 1)"#).contains(
        "the \"map\" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tomap({ ... }) syntax to write a literal map"
    ));
}

#[test]
fn terraform_has_none_of_them_and_opentofu_has_no_convert() {
    for name in functions::OPENTOFU_ONLY_FUNCTIONS {
        assert!(functions::standard().get(name).is_none(), "{name}");
        assert!(functions::opentofu().get(name).is_some(), "{name}");
    }
    assert!(functions::opentofu().get("convert").is_none());
    assert!(
        error_detail(r#"convert(1, string)"#).starts_with("Call to unknown function"),
        "{}",
        error_detail(r#"convert(1, string)"#)
    );
}
