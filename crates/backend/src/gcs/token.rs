//! The gcs backend's bearer token: `access_token`/`GOOGLE_OAUTH_ACCESS_TOKEN`, else a credentials JSON (`credentials`, `GOOGLE_BACKEND_CREDENTIALS`, `GOOGLE_CREDENTIALS`, `GOOGLE_APPLICATION_CREDENTIALS`, gcloud's application default file) exchanged for one: a service account's signed JWT (RS256), an authorized user's refresh token, or an `impersonated_service_account` file's source credentials then its impersonation URL; else the GCE metadata server's.

use std::time::{SystemTime, UNIX_EPOCH};

use rsa::pkcs8::DecodePrivateKey;

use crate::client::{Http, redact_url};
use crate::env::Env;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;

/// The scope asked for storage access without impersonation.
pub(super) const SCOPE: &str = "https://www.googleapis.com/auth/devstorage.read_write";
/// The scopes Go's storage client asks of application default credentials.
const STORAGE_CLIENT_SCOPES: [&str; 2] = [
    "https://www.googleapis.com/auth/devstorage.full_control",
    "https://www.googleapis.com/auth/cloud-platform",
];
const TOKEN_URI: &str = "https://oauth2.googleapis.com/token";

/// Finds a token for `scope` (asking a token endpoint for a credentials file, the metadata
/// server when no credentials are given).
pub(super) fn find(
    settings: &Settings,
    env: &Env,
    http: &Http,
    scope: &str,
) -> Result<Secret, String> {
    if let Some(token) = settings.secret_or_env("access_token", env, &["GOOGLE_OAUTH_ACCESS_TOKEN"])
    {
        return Ok(token);
    }
    let given = settings
        .string_or_env(
            "credentials",
            env,
            &["GOOGLE_BACKEND_CREDENTIALS", "GOOGLE_CREDENTIALS"],
        )
        .map(str::to_string);
    let (json, origin) = match given {
        Some(text) if text.trim_start().starts_with('{') => {
            (Secret::new(text), "the credentials argument".to_string())
        }
        Some(path) => (read(&path)?, format!("the credentials file {path}")),
        None => match env.get("GOOGLE_APPLICATION_CREDENTIALS") {
            Some(path) => (
                read(path)?,
                format!("GOOGLE_APPLICATION_CREDENTIALS ({path})"),
            ),
            None => {
                let well_known = env
                    .get("CLOUDSDK_CONFIG")
                    .map(std::path::PathBuf::from)
                    .or_else(|| env.home().map(|h| h.join(".config/gcloud")))
                    .map(|d| d.join("application_default_credentials.json"));
                match well_known.filter(|p| p.is_file()) {
                    Some(path) => {
                        let shown = path.display().to_string();
                        (
                            read(&shown)?,
                            format!("gcloud's application default credentials ({shown})"),
                        )
                    }
                    None => {
                        return match super::metadata::host(env) {
                            // The storage client's own scopes, or the one impersonation asks.
                            Some(host) if scope == SCOPE => {
                                super::metadata::token(&host, &STORAGE_CLIENT_SCOPES, env)
                            }
                            Some(host) => super::metadata::token(&host, &[scope], env),
                            None => Err("no credentials: set access_token or credentials in the block, GOOGLE_OAUTH_ACCESS_TOKEN, GOOGLE_CREDENTIALS or GOOGLE_APPLICATION_CREDENTIALS, or GCE_METADATA_HOST for a metadata server (this machine is not a GCE VM)".into()),
                        };
                    }
                }
            }
        },
    };
    exchange(&json, &origin, http, scope)
}

fn read(path: &str) -> Result<Secret, String> {
    std::fs::read_to_string(path)
        .map(Secret::new)
        .map_err(|e| format!("cannot read the credentials file {path}: {e}"))
}

/// A credentials JSON exchanged for an access token at its token endpoint.
fn exchange(json: &Secret, origin: &str, http: &Http, scope: &str) -> Result<Secret, String> {
    let creds: serde_json::Value =
        serde_json::from_str(json.expose()).map_err(|_| format!("{origin} is not JSON"))?;
    let field = |name: &str| creds.get(name).and_then(|v| v.as_str()).unwrap_or_default();
    let token_uri = match field("token_uri") {
        "" => TOKEN_URI,
        uri => uri,
    };
    let (form, secrets) = match field("type") {
        "impersonated_service_account" => {
            let url = field("service_account_impersonation_url");
            let Some(source) = creds.get("source_credentials").filter(|_| !url.is_empty()) else {
                return Err(format!(
                    "{origin}: an impersonated_service_account file needs source_credentials and service_account_impersonation_url"
                ));
            };
            let delegates: Vec<String> = creds
                .get("delegates")
                .and_then(|d| d.as_array())
                .into_iter()
                .flatten()
                .filter_map(|d| d.as_str().map(str::to_string))
                .collect();
            let source = Secret::new(source.to_string());
            let base = exchange(
                &source,
                &format!("{origin} (its source_credentials)"),
                http,
                super::impersonate::BASE_SCOPE,
            )?;
            let scopes: &[&str] = if scope == SCOPE {
                &STORAGE_CLIENT_SCOPES
            } else {
                &[scope]
            };
            return super::impersonate::from_file(url, &delegates, scopes, &base, origin, http);
        }
        "service_account" => {
            let jwt = service_account_jwt(
                field("client_email"),
                field("private_key"),
                token_uri,
                scope,
                now(),
            )
            .map_err(|m| format!("{origin}: {m}"))?;
            (
                format!(
                    "grant_type={}&assertion={}",
                    crate::client::encode_path(
                        "urn:ietf:params:oauth:grant-type:jwt-bearer",
                        false
                    ),
                    jwt.expose()
                ),
                vec![jwt.expose().to_string()],
            )
        }
        "authorized_user" => {
            let enc = |s: &str| crate::client::encode_path(s, false);
            (
                format!(
                    "grant_type=refresh_token&client_id={}&client_secret={}&refresh_token={}",
                    enc(field("client_id")),
                    enc(field("client_secret")),
                    enc(field("refresh_token"))
                ),
                vec![
                    field("client_secret").to_string(),
                    field("refresh_token").to_string(),
                ],
            )
        }
        other => {
            return Err(format!(
                "{origin}: credentials of type {other:?} are not supported by terrace yet (service_account, authorized_user and impersonated_service_account are)"
            ));
        }
    };
    let secret_refs: Vec<&str> = secrets.iter().map(String::as_str).collect();
    let headers = vec![(
        "Content-Type".to_string(),
        "application/x-www-form-urlencoded".to_string(),
    )];
    let reply = http
        .post(token_uri, &headers, form.as_bytes())
        .map_err(|t| {
            format!(
                "getting a token from {}: {}",
                redact_url(token_uri),
                scrub(&t.message, &secret_refs)
            )
        })?;
    let answer: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
    match answer.get("access_token").and_then(|t| t.as_str()) {
        Some(token) if reply.status == 200 => Ok(Secret::new(token)),
        _ => {
            let why = answer
                .get("error_description")
                .or_else(|| answer.get("error"))
                .and_then(|e| e.as_str())
                .unwrap_or("no access_token in the answer");
            Err(scrub(
                &format!(
                    "the token endpoint {} refused {origin} ({}: {why})",
                    redact_url(token_uri),
                    reply.status
                ),
                &secret_refs,
            ))
        }
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

/// A service account's signed JWT assertion (RS256) asking for `scope` for an hour.
fn service_account_jwt(
    email: &str,
    pem: &str,
    audience: &str,
    scope: &str,
    iat: u64,
) -> Result<Secret, String> {
    if email.is_empty() || pem.is_empty() {
        return Err("a service account key needs client_email and private_key".into());
    }
    let key = rsa::RsaPrivateKey::from_pkcs8_pem(pem)
        .map_err(|_| "private_key is not a PKCS #8 PEM RSA key".to_string())?;
    let header = serde_json::json!({"alg": "RS256", "typ": "JWT"});
    let claims = serde_json::json!({
        "iss": email,
        "scope": scope,
        "aud": audience,
        "iat": iat,
        "exp": iat + 3600,
    });
    Ok(crate::jwt::rs256(&header, &claims, key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use rsa::pkcs8::EncodePrivateKey;
    use rsa::signature::Verifier;

    #[test]
    fn jwt_is_signed_rs256() {
        let mut rng = rsa::rand_core::OsRng;
        let key = rsa::RsaPrivateKey::new(&mut rng, 1024).unwrap();
        let pem = key.to_pkcs8_pem(rsa::pkcs8::LineEnding::LF).unwrap();
        let jwt = service_account_jwt(
            "sa@p.iam.gserviceaccount.com",
            &pem,
            TOKEN_URI,
            SCOPE,
            1_700_000_000,
        )
        .unwrap();
        let parts: Vec<&str> = jwt.expose().split('.').collect();
        assert_eq!(parts.len(), 3);
        let claims = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(parts[1])
            .unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&claims).unwrap();
        assert_eq!(claims["exp"], 1_700_003_600);
        assert_eq!(claims["aud"], TOKEN_URI);
        let sig = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(parts[2])
            .unwrap();
        let verifier = rsa::pkcs1v15::VerifyingKey::<sha2::Sha256>::new(key.to_public_key());
        let sig = rsa::pkcs1v15::Signature::try_from(sig.as_slice()).unwrap();
        verifier
            .verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &sig)
            .unwrap();
        assert!(format!("{jwt:?}").contains("redacted"));
    }
}
