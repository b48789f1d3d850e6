//! `use_msi`: an Azure Storage token from the managed identity endpoint — the instance metadata service (`http://169.254.169.254/metadata/identity/oauth2/token`), `msi_endpoint`/`ARM_MSI_ENDPOINT`, or App Service's `MSI_ENDPOINT` + `MSI_SECRET` — asked as go-azure-sdk asks it (`Metadata: true`, `api-version`, `resource`, the `client_id` when one is set).

use crate::client::{Http, TlsOptions, encode_path, redact_url};
use crate::env::Env;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;

const DEFAULT_ENDPOINT: &str = "http://169.254.169.254/metadata/identity/oauth2/token";

/// The endpoint and API version to ask.
fn endpoint(settings: &Settings, env: &Env) -> (String, &'static str) {
    if let (Some(endpoint), Some(_)) = (env.get("MSI_ENDPOINT"), env.get("MSI_SECRET")) {
        return (endpoint.to_string(), "2019-08-01");
    }
    let endpoint = settings
        .string_or_env("msi_endpoint", env, &["ARM_MSI_ENDPOINT"])
        .unwrap_or(DEFAULT_ENDPOINT);
    (endpoint.to_string(), "2018-02-01")
}

/// The managed identity's token for `resource` (Azure Storage's, from the caller;
/// `client_id` picks one of several identities). Like the Azure SDKs' metadata client, no
/// proxy is used.
pub(super) fn token(
    settings: &Settings,
    env: &Env,
    client_id: Option<&str>,
    resource: &str,
) -> Result<Secret, String> {
    let (endpoint, version) = endpoint(settings, env);
    let mut query = format!(
        "api-version={version}&resource={}",
        encode_path(resource, false)
    );
    if let Some(client) = client_id {
        // url.Values.Encode sorts the keys: api-version, client_id, resource.
        query = format!(
            "api-version={version}&client_id={}&resource={}",
            encode_path(client, false),
            encode_path(resource, false)
        );
    }
    let sep = if endpoint.contains('?') { "&" } else { "?" };
    let url = format!("{endpoint}{sep}{query}");
    let mut headers = vec![("Metadata".to_string(), "true".to_string())];
    let identity = env.get("IDENTITY_HEADER");
    if let Some(identity) = identity {
        headers.push(("x-ms-identity".to_string(), identity.to_string()));
    }
    let mut direct = env.clone();
    for var in ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"] {
        direct.set(var, "");
    }
    let http = Http::new(&direct, TlsOptions::default());
    let shown = redact_url(&endpoint);
    let secrets: Vec<&str> = identity.into_iter().collect();
    let reply = http.get(&url, &headers).map_err(|t| {
        format!(
            "asking the managed identity endpoint {shown} for a token: {}",
            scrub(&t.message, &secrets)
        )
    })?;
    let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
    match json.get("access_token").and_then(|t| t.as_str()) {
        Some(token) if (200..300).contains(&reply.status) && !token.is_empty() => {
            Ok(Secret::new(token))
        }
        _ => {
            let why = json
                .get("error_description")
                .or_else(|| json.get("error"))
                .and_then(|e| e.as_str())
                .and_then(|e| e.lines().next())
                .unwrap_or("no access_token in the answer");
            Err(scrub(
                &format!(
                    "the managed identity endpoint {shown} gave no token ({}: {why})",
                    reply.status
                ),
                &secrets,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn endpoints() {
        let mut s = Settings::new("azurerm");
        assert_eq!(
            endpoint(&s, &Env::default()),
            (DEFAULT_ENDPOINT.to_string(), "2018-02-01")
        );
        s.set(
            "msi_endpoint",
            Setting::String("http://127.0.0.1:9/token".into()),
        );
        assert_eq!(endpoint(&s, &Env::default()).0, "http://127.0.0.1:9/token");
        let app = Env::from_pairs([
            ("MSI_ENDPOINT", "http://127.0.0.1:8/msi"),
            ("MSI_SECRET", "x"),
        ]);
        assert_eq!(
            endpoint(&s, &app),
            ("http://127.0.0.1:8/msi".to_string(), "2019-08-01")
        );
    }
}
