//! Limits: what would build a huge collection or string, or nest without bound, stops
//! with a clear error instead of exhausting memory or the stack. Terraform's own limit
//! where it has one (`range`, from the oracle); terrace's caps where Terraform has none
//! (it runs out of memory on these).

use crate::support::{check, check_error_detail};

/// An expression for a string of `kib` KiB built by nested `for` (no literal that long;
/// `range` gives at most 1024 values, so more takes one more level).
fn long_string(kib: usize) -> String {
    let block = |n: usize| {
        format!(
            "join(\"\", [for i in range({n}) : join(\"\", [for j in range(64) : \"0123456789abcdef\"])])"
        )
    };
    if kib <= 1024 {
        return block(kib);
    }
    let whole = format!(
        "join(\"\", [for k in range({}) : {}])",
        kib / 1024,
        block(1024)
    );
    match kib % 1024 {
        0 => whole,
        rest => format!("join(\"\", [{whole}, {}])", block(rest)),
    }
}

const TOO_LONG: &str = "the result would be longer than 16777216 bytes, the most terrace builds.";

#[test]
fn range_stops_at_terraforms_limit() {
    check("length(range(1024))", "1024");
    let limit = "Error in function call; Call to function \"range\" failed: more than 1024 values \
                 were generated; either decrease the difference between start and end or use a \
                 smaller step.";
    check_error_detail("range(1025)", limit);
    check_error_detail("range(1000000000)", limit);
    check_error_detail("range(0, 1, 0.0000001)", limit);
}

#[test]
fn setproduct_refuses_a_blow_up() {
    check("length(setproduct(range(1000), range(1000)))", "1000000");
    check_error_detail(
        "setproduct(range(1024), range(1024), range(1024))",
        "Error in function call; Call to function \"setproduct\" failed: the product would have \
         more than 1000000 elements.",
    );
}

#[test]
fn string_functions_stop_at_16_mib() {
    // Exactly 16 MiB is allowed.
    check(&format!("length({})", long_string(16 * 1024)), "16777216");
    let over = long_string(16 * 1024 + 1);
    for (call, name) in [
        (over.clone(), "join"),
        (
            format!("format(\"%s%s\", {0}, {0})", long_string(9 * 1024)),
            "format",
        ),
        ("indent(20000000, \"a\\nb\")".to_string(), "indent"),
        (
            format!(
                "replace({}, \"0\", \"{}\")",
                long_string(2 * 1024),
                "x".repeat(200)
            ),
            "replace",
        ),
        (
            format!(
                "replace({}, \"/0/\", \"{}\")",
                long_string(2 * 1024),
                "x".repeat(200)
            ),
            "replace",
        ),
        (
            format!("formatlist(\"%s%s\", [{0}], [{0}])", long_string(9 * 1024)),
            "formatlist",
        ),
    ] {
        check_error_detail(
            &call,
            &format!(
                "Error in function call; Call to function \"{name}\" failed: {}{TOO_LONG}",
                if name == "formatlist" {
                    "error on format iteration 0: "
                } else {
                    ""
                }
            ),
        );
    }
}

#[test]
fn templates_stop_at_16_mib() {
    let limit = "Template result too long; The rendered template would be longer than 16777216 \
                 bytes, the most terrace builds.";
    // A `for` directive repeating a 1 MiB string 17 times.
    let repeat = format!(
        "\"%{{ for i in range(17) }}${{{}}}%{{ endfor }}\"",
        long_string(1024)
    );
    check_error_detail(&repeat, limit);
    // Literals repeated by nested directives.
    check_error_detail(
        "\"%{ for i in range(1024) }%{ for j in range(1024) }0123456789abcdefg%{ endfor }%{ endfor }\"",
        limit,
    );
    check(
        "length(\"%{ for i in range(1024) }%{ for j in range(1024) }0123456789abcdef%{ endfor }%{ endfor }\")",
        "16777216",
    );
}

#[test]
fn regex_size_is_bounded() {
    check_error_detail(
        "regex(\"(?:a{1000}){1000}\", \"a\")",
        "Invalid function argument; Invalid value for \"pattern\" parameter: invalid regexp \
         pattern: expression too large in (?:a{1000}){1000}.",
    );
    check_error_detail(
        "regexall(\"a{1001}\", \"a\")",
        "Invalid function argument; Invalid value for \"pattern\" parameter: invalid regexp \
         pattern: invalid repeat count in {1001}.",
    );
}

#[test]
fn decoded_nesting_is_bounded() {
    let nested = |n: usize| format!("\"{}{}\"", "[".repeat(n), "]".repeat(n));
    check(
        &format!("length(jsonencode(jsondecode({})))", nested(500)),
        "1000",
    );
    check_error_detail(
        &format!("jsondecode({})", nested(501)),
        "Error in function call; Call to function \"jsondecode\" failed: JSON nesting too deep: \
         more than 500 levels of arrays and objects.",
    );
    check_error_detail(
        &format!("yamldecode({})", nested(600)),
        "Error in function call; Call to function \"yamldecode\" failed: on line 1, column 256: \
         recursion limit exceeded.",
    );
}
