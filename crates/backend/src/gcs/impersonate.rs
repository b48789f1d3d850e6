//! Service account impersonation: a base token exchanged for a service account's own at the IAM Credentials API's `generateAccessToken` — for `impersonate_service_account` (through `impersonate_service_account_delegates`, as Go's `google.golang.org/api/impersonate` asks) and for an `impersonated_service_account` credentials file (gcloud's `--impersonate-service-account`).

use crate::client::{Http, redact_url};
use crate::secret::{Secret, scrub};

/// The IAM Credentials API (Google's public endpoint, as Terraform's backend always uses it).
const IAM_CREDENTIALS: &str = "https://iamcredentials.googleapis.com/v1/";
/// The scope Terraform's backend asks for the impersonated account (`storage.ScopeReadWrite`).
const SCOPE: &str = "https://www.googleapis.com/auth/devstorage.read_write";
/// The scope the base credentials are asked for (`impersonate`'s default).
pub(super) const BASE_SCOPE: &str = "https://www.googleapis.com/auth/cloud-platform";

/// `projects/-/serviceAccounts/EMAIL`, the resource name the API takes for an account.
fn resource(account: &str) -> String {
    format!("projects/-/serviceAccounts/{account}")
}

/// The `generateAccessToken` request's URL and JSON body.
fn request(target: &str, delegates: &[String]) -> (String, String) {
    let url = format!(
        "{IAM_CREDENTIALS}{}:generateAccessToken",
        crate::client::encode_path(&resource(target), true).replace("%40", "@")
    );
    let delegates: Vec<String> = delegates.iter().map(|d| resource(d)).collect();
    (url, body(&delegates, &[SCOPE]))
}

/// The JSON body: delegates (resource names), one hour, the scopes.
fn body(delegates: &[String], scopes: &[&str]) -> String {
    serde_json::json!({
        "delegates": delegates,
        "lifetime": "3600s",
        "scope": scopes,
    })
    .to_string()
}

/// The access token of service account `target`, asked with `base` (the caller's own token).
pub(super) fn exchange(
    base: &Secret,
    target: &str,
    delegates: &[String],
    http: &Http,
) -> Result<Secret, String> {
    let (url, body) = request(target, delegates);
    generate(
        &url,
        &body,
        base,
        &format!("impersonating the service account {target}"),
        http,
    )
}

/// The token an `impersonated_service_account` credentials file stands for: its
/// `service_account_impersonation_url` asked with `base` (its source credentials' token), with
/// its `delegates` as they are written (Go's `auth` library sends them so) and `scopes`.
pub(super) fn from_file(
    url: &str,
    delegates: &[String],
    scopes: &[&str],
    base: &Secret,
    origin: &str,
    http: &Http,
) -> Result<Secret, String> {
    generate(
        url,
        &body(delegates, scopes),
        base,
        &format!("{origin}: impersonating through {}", redact_url(url)),
        http,
    )
}

/// `POST url` with `body` and `base` as the bearer; `what` starts the errors.
fn generate(
    url: &str,
    body: &str,
    base: &Secret,
    what: &str,
    http: &Http,
) -> Result<Secret, String> {
    let headers = vec![
        (
            "Authorization".to_string(),
            format!("Bearer {}", base.expose()),
        ),
        ("Content-Type".to_string(), "application/json".to_string()),
    ];
    let reply = http.post(url, &headers, body.as_bytes()).map_err(|t| {
        format!(
            "{what}: the IAM Credentials API at {}: {}",
            redact_url(url),
            scrub(&t.message, &[base.expose()])
        )
    })?;
    let answer: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
    match answer.get("accessToken").and_then(|t| t.as_str()) {
        Some(token) if reply.status == 200 && !token.is_empty() => Ok(Secret::new(token)),
        _ => {
            let why = answer
                .pointer("/error/message")
                .and_then(|m| m.as_str())
                .unwrap_or("no accessToken in the answer");
            Err(scrub(
                &format!(
                    "{what}: the IAM Credentials API refused ({}: {why})",
                    reply.status
                ),
                &[base.expose()],
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_layout() {
        let (url, body) = request(
            "state-reader@proj.iam.gserviceaccount.com",
            &["hop@proj.iam.gserviceaccount.com".to_string()],
        );
        assert_eq!(
            url,
            "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/state-reader@proj.iam.gserviceaccount.com:generateAccessToken"
        );
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            body["delegates"][0],
            "projects/-/serviceAccounts/hop@proj.iam.gserviceaccount.com"
        );
        assert_eq!(body["scope"][0], SCOPE);
        assert_eq!(body["lifetime"], "3600s");
    }
}
