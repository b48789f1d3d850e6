//! The time `timestamp()` returns: the JavaScript clock on wasm32, where std cannot read one.

/// Now as an RFC 3339 time in UTC with whole seconds (`2024-05-06T07:08:09Z`), from
/// JavaScript's `Date`; `None` on other targets, where the evaluator reads the system clock.
pub fn now() -> Option<String> {
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        let iso = String::from(js_sys::Date::new_0().to_iso_string());
        Some(whole_seconds(&iso))
    }
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    {
        None
    }
}

/// `Date.prototype.toISOString`'s text without its milliseconds:
/// `2024-05-06T07:08:09.123Z` → `2024-05-06T07:08:09Z`.
#[cfg_attr(
    not(all(target_family = "wasm", target_os = "unknown")),
    allow(dead_code)
)]
fn whole_seconds(iso: &str) -> String {
    match iso.find('.') {
        Some(dot) => format!("{}Z", &iso[..dot]),
        None => iso.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::whole_seconds;

    #[test]
    fn milliseconds_are_dropped() {
        assert_eq!(
            whole_seconds("2024-05-06T07:08:09.123Z"),
            "2024-05-06T07:08:09Z"
        );
        assert_eq!(
            whole_seconds("2024-05-06T07:08:09Z"),
            "2024-05-06T07:08:09Z"
        );
    }
}
