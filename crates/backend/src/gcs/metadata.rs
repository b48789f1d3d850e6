//! The last source of Google's application default credentials: the GCE metadata server's token for the instance's default service account, at `GCE_METADATA_HOST` as Go's `cloud.google.com/go/compute/metadata` (Terraform's) reads it.

use crate::client::{Http, TlsOptions, redact_url};
use crate::env::Env;
use crate::secret::Secret;

/// The variable naming the metadata server (`HOST[:PORT]`); set, Go's library trusts that it
/// runs on GCE and asks there.
const HOST_VAR: &str = "GCE_METADATA_HOST";
/// The documented metadata server address.
const DEFAULT_HOST: &str = "169.254.169.254";
/// Where Linux exposes the machine's product name (a GCE VM says `Google Compute Engine`).
const PRODUCT_NAME: &str = "/sys/class/dmi/id/product_name";
const TOKEN_PATH: &str = "/computeMetadata/v1/instance/service-accounts/default/token";

/// The metadata server to ask, if any: `GCE_METADATA_HOST`; else the documented address when
/// the machine's DMI product name says it is a Google VM (where Go's library probes too).
/// Elsewhere Go probes 169.254.169.254 and finds nothing; terrace does not send that probe.
pub(super) fn host(env: &Env) -> Option<String> {
    if let Some(host) = env.get(HOST_VAR) {
        return Some(host.to_string());
    }
    let name = std::fs::read_to_string(PRODUCT_NAME).unwrap_or_default();
    matches!(name.trim(), "Google" | "Google Compute Engine").then(|| DEFAULT_HOST.to_string())
}

/// The default service account's access token from the metadata server at `host`, asked for
/// `scopes` (`GET /computeMetadata/v1/instance/service-accounts/default/token?scopes=...` with
/// `Metadata-Flavor: Google`). Like Go's metadata client, no proxy is used.
pub(super) fn token(host: &str, scopes: &[&str], env: &Env) -> Result<Secret, String> {
    let mut direct = env.clone();
    for var in ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"] {
        direct.set(var, "");
    }
    let http = Http::new(&direct, TlsOptions::default());
    let url = format!(
        "http://{host}{TOKEN_PATH}?scopes={}",
        crate::client::encode_path(&scopes.join(","), false)
    );
    let shown = redact_url(&format!("http://{host}{TOKEN_PATH}"));
    let headers = vec![("Metadata-Flavor".to_string(), "Google".to_string())];
    let reply = http.get(&url, &headers).map_err(|t| {
        format!(
            "asking the GCE metadata server {shown} for a token: {}",
            t.message
        )
    })?;
    let answer: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
    if reply.status == 200
        && let Some(token) = answer.get("access_token").and_then(|t| t.as_str())
        && !token.is_empty()
    {
        return Ok(Secret::new(token));
    }
    // Not a token: the server's first line says why (never a token, which only a 200 carries).
    let text = reply.text();
    let why: String = text
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .chars()
        .take(200)
        .collect();
    let shown_why = if why.is_empty() || answer.get("access_token").is_some() {
        String::new()
    } else {
        format!(": {why}")
    };
    Err(format!(
        "the GCE metadata server {shown} gave no token ({}{shown_why})",
        reply.status
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_from_the_environment() {
        let env = Env::from_pairs([(HOST_VAR, "127.0.0.1:8089")]);
        assert_eq!(host(&env).as_deref(), Some("127.0.0.1:8089"));
    }

    #[test]
    fn nothing_listening_is_a_clear_error() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let err = token(&format!("127.0.0.1:{port}"), &["s"], &Env::default()).unwrap_err();
        assert!(err.contains("GCE metadata server"), "{err}");
        assert!(err.contains("connection refused"), "{err}");
    }
}
