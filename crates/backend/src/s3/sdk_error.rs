//! The AWS SDK's errors as one line of text: each cause once, the SDK's generic wrappers left out.

/// An error and its sources' messages joined by `: `, each said once, the SDK's generic wrappers
/// ("an error occurred while loading credentials") left out.
pub(super) fn error_text(error: &(dyn std::error::Error + 'static)) -> String {
    const GENERIC: &[&str] = &[
        "an error occurred while loading credentials",
        "unexpected credentials error",
        "the credential provider was not enabled",
    ];
    let mut parts: Vec<String> = Vec::new();
    let mut next: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = next {
        let text = e.to_string().trim().to_string();
        if !text.is_empty()
            && !GENERIC.contains(&text.as_str())
            && !parts.iter().any(|p| p.contains(&text))
        {
            parts.push(text);
        }
        next = e.source();
    }
    if parts.is_empty() {
        return error.to_string();
    }
    parts.join(": ")
}
