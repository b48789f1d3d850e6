//! The backend settings `terraform init` keeps in `.terraform/terraform.tfstate` (its resolved configuration, partial configuration included; secrets in clear, so treated as secret).

use std::collections::BTreeMap;

use crate::settings::{Setting, Settings};

/// The settings stored by `terraform init` in the JSON text `json`
/// (`.terraform/terraform.tfstate`): the `backend` object's `type` and the non-null values of
/// its `config`. `None` when the text is not such a file.
///
/// ```
/// let json = br#"{"version": 3, "backend": {"type": "s3", "config": {"bucket": "b", "key": null, "use_path_style": true}, "hash": 1}}"#;
/// let stored = terrace_backend::stored_settings(json).unwrap();
/// assert_eq!(stored.kind(), "s3");
/// assert_eq!(stored.string("bucket"), Some("b"));
/// assert_eq!(stored.get("key"), None);
/// assert_eq!(stored.bool("use_path_style"), Some(true));
/// ```
pub fn stored_settings(json: &[u8]) -> Option<Settings> {
    let value: serde_json::Value = serde_json::from_slice(json).ok()?;
    let backend = value.get("backend")?;
    let kind = backend.get("type")?.as_str()?;
    let mut settings = Settings::new(kind);
    if let Some(config) = backend.get("config").and_then(|c| c.as_object()) {
        for (key, value) in config {
            if let Some(setting) = from_json(value) {
                settings.set(key.clone(), setting);
            }
        }
    }
    Some(settings)
}

/// A JSON value as a setting; `None` for null.
fn from_json(value: &serde_json::Value) -> Option<Setting> {
    Some(match value {
        serde_json::Value::Null => return None,
        serde_json::Value::Bool(b) => Setting::Bool(*b),
        serde_json::Value::Number(n) => Setting::Number(n.to_string()),
        serde_json::Value::String(s) => Setting::String(s.clone()),
        serde_json::Value::Array(items) => {
            Setting::List(items.iter().filter_map(from_json).collect())
        }
        serde_json::Value::Object(map) => Setting::Map(
            map.iter()
                .filter_map(|(k, v)| Some((k.clone(), from_json(v)?)))
                .collect::<BTreeMap<_, _>>(),
        ),
    })
}
