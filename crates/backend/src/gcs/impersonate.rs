//! `impersonate_service_account`: the gcs backend's base token exchanged for the target service account's own at the IAM Credentials API's `generateAccessToken`, through `impersonate_service_account_delegates` when given (as Go's `google.golang.org/api/impersonate` asks).

use crate::client::Http;
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
    let body = serde_json::json!({
        "delegates": delegates.iter().map(|d| resource(d)).collect::<Vec<_>>(),
        "lifetime": "3600s",
        "scope": [SCOPE],
    });
    (url, body.to_string())
}

/// The access token of service account `target`, asked with `base` (the caller's own token).
pub(super) fn exchange(
    base: &Secret,
    target: &str,
    delegates: &[String],
    http: &Http,
) -> Result<Secret, String> {
    let (url, body) = request(target, delegates);
    let headers = vec![
        (
            "Authorization".to_string(),
            format!("Bearer {}", base.expose()),
        ),
        ("Content-Type".to_string(), "application/json".to_string()),
    ];
    let reply = http.post(&url, &headers, body.as_bytes()).map_err(|t| {
        format!(
            "impersonating the service account {target}: the IAM Credentials API at {IAM_CREDENTIALS}: {}",
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
                    "impersonating the service account {target}: the IAM Credentials API refused ({}: {why})",
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
