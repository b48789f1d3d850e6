//! What HCL's scanner and number parser refuse while terrace's parser accepts it: a carriage
//! return alone in a heredoc, and number literals out of range for Terraform's number type
//! (`1e2147483647`). Terraform's `fmt` refuses such files, so `format` does too.

use crate::error::{ParseError, ParseErrorKind};
use crate::span::Span;
use crate::token::{Token, TokenKind};

/// The first such problem in `text` (tokenized as `tokens`; spans are shifted by `offset`).
pub(super) fn first_error(text: &str, tokens: &[Token], offset: usize) -> Option<ParseError> {
    let shifted = |token: &Token| {
        Span::new(
            token.span.start as usize + offset,
            token.span.end as usize + offset,
        )
    };
    if let Some(number) = tokens.iter().find(|token| {
        token.kind == TokenKind::NumberLit && is_out_of_range(&text[token.span.range()])
    }) {
        return Some(
            ParseError::new(
                ParseErrorKind::Invalid,
                shifted(number),
                "Invalid number literal",
                "Failed to recognize the value of this number literal.",
            )
            .with_message("number out of range"),
        );
    }
    let invalid = tokens
        .iter()
        .find(|token| token.kind == TokenKind::Invalid)?;
    Some(
        ParseError::new(
            ParseErrorKind::InvalidCharacter,
            shifted(invalid),
            "Invalid character",
            "This character is not used within the language.",
        )
        .with_message("invalid character"),
    )
}

/// Whether `text` (a number literal token) is beyond what Go's `big.Float` can
/// hold: its binary exponent after normalisation must fit an `i32`.
fn is_out_of_range(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    if exponent.is_none() && text.len() < 600_000_000 {
        // Without an exponent, only some 646 million digits would overflow.
        return false;
    }
    let exponent: i128 = match exponent.map(str::parse::<i64>) {
        None => 0,
        Some(Ok(exponent)) => i128::from(exponent),
        Some(Err(_)) => return true,
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: String = integer.chars().chain(fraction.chars()).collect();
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return false;
    }
    // The bit length of the mantissa, from its leading digits and its digit count.
    let leading = &digits[..digits.len().min(17)];
    let leading_value: f64 = leading.parse().unwrap_or(1.0);
    let log2 =
        leading_value.log2() + (digits.len() - leading.len()) as f64 * std::f64::consts::LOG2_10;
    let bit_len = log2.floor() as i128 + 1;
    let exp2 = bit_len - fraction.len() as i128 + exponent;
    exp2 > i128::from(i32::MAX) || exp2 < i128::from(i32::MIN)
}

#[cfg(test)]
mod tests {
    use super::is_out_of_range;

    #[test]
    fn the_limits_of_go_big_float() {
        for ok in [
            "1",
            "0.5",
            "1e2147483646",
            "0.1e2147483647",
            "1e-2147483648",
            "1.5e-2147483649",
            "0e99999",
        ] {
            assert!(!is_out_of_range(ok), "{ok}");
        }
        for bad in [
            "1e2147483647",
            "10e2147483646",
            "1.5E+2147483647",
            "1e-9999999999",
            "1e99999999999999999999",
        ] {
            assert!(is_out_of_range(bad), "{bad}");
        }
    }
}
