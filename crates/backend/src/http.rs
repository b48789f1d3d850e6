//! The `http` backend: `GET address` (GitLab's managed state and other servers of Terraform's REST protocol), with basic auth, client certificates and retries on 5xx; no workspaces.

use std::time::Duration;

use base64::Engine;
use md5::Digest;

use crate::client::{Http, Reply, TlsOptions, redact_url};
use crate::env::Env;
use crate::error::{BackendError, ErrorKind};
use crate::fetched::Fetched;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;

/// The http backend's settings, as Terraform 1.15.5 reads them (arguments, then `TF_HTTP_*`).
struct HttpBackend {
    address: String,
    username: Option<String>,
    password: Option<Secret>,
    retry_max: u32,
    retry_wait_min: f64,
    retry_wait_max: f64,
    tls: TlsOptions,
}

const NAME: &str = "http";

fn error(kind: ErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::new(NAME, kind, message)
}

impl HttpBackend {
    fn new(settings: &Settings, env: &Env) -> Result<HttpBackend, BackendError> {
        let address = settings
            .string_or_env("address", env, &["TF_HTTP_ADDRESS"])
            .ok_or_else(|| {
                error(
                    ErrorKind::Config,
                    "address is not set (the `address` argument or TF_HTTP_ADDRESS)",
                )
            })?
            .to_string();
        let scheme = address
            .split_once("://")
            .map(|(s, _)| s.to_ascii_lowercase());
        match scheme.as_deref() {
            Some("http" | "https") => {}
            Some(_) => return Err(error(ErrorKind::Config, "address must be HTTP or HTTPS")),
            None => {
                return Err(error(
                    ErrorKind::Config,
                    format!("failed to parse address URL: {}", redact_url(&address)),
                ));
            }
        }
        let number = |key: &str, var: &str, default: f64| {
            settings
                .number(key)
                .or_else(|| env.get(var).and_then(|v| v.parse().ok()))
                .unwrap_or(default)
        };
        let pem = |key: &str, var: &str| {
            settings
                .string_or_env(key, env, &[var])
                .map(|s| s.as_bytes().to_vec())
        };
        let insecure = settings.bool("skip_cert_verification").unwrap_or(false);
        let client = match (
            pem("client_certificate_pem", "TF_HTTP_CLIENT_CERTIFICATE_PEM"),
            settings.secret_or_env(
                "client_private_key_pem",
                env,
                &["TF_HTTP_CLIENT_PRIVATE_KEY_PEM"],
            ),
        ) {
            (Some(cert), Some(key)) => Some((cert, key)),
            (None, None) => None,
            _ => {
                return Err(error(
                    ErrorKind::Config,
                    "client_certificate_pem and client_private_key_pem must both be set",
                ));
            }
        };
        Ok(HttpBackend {
            address,
            username: settings
                .string_or_env("username", env, &["TF_HTTP_USERNAME"])
                .map(str::to_string),
            password: settings.secret_or_env("password", env, &["TF_HTTP_PASSWORD"]),
            retry_max: number("retry_max", "TF_HTTP_RETRY_MAX", 2.0).clamp(0.0, 10.0) as u32,
            retry_wait_min: number("retry_wait_min", "TF_HTTP_RETRY_WAIT_MIN", 1.0),
            retry_wait_max: number("retry_wait_max", "TF_HTTP_RETRY_WAIT_MAX", 30.0),
            tls: TlsOptions {
                insecure,
                extra_roots: pem(
                    "client_ca_certificate_pem",
                    "TF_HTTP_CLIENT_CA_CERTIFICATE_PEM",
                ),
                client,
            },
        })
    }

    fn secrets(&self) -> Vec<&str> {
        self.password.iter().map(Secret::expose).collect()
    }

    /// `GET address`, retried as go-retryablehttp retries (connection errors and 5xx but
    /// 501), waiting `retry_wait_min * 2^n` capped at `retry_wait_max` — and never so long
    /// that the whole fetch passes about 8 s.
    fn get(&self, http: &Http) -> Result<Reply, BackendError> {
        let mut headers = Vec::new();
        if let (Some(user), password) = (&self.username, &self.password) {
            let pair = format!(
                "{user}:{}",
                password.as_ref().map(Secret::expose).unwrap_or("")
            );
            headers.push((
                "Authorization".to_string(),
                format!(
                    "Basic {}",
                    base64::engine::general_purpose::STANDARD.encode(pair)
                ),
            ));
        }
        let started = std::time::Instant::now();
        let attempts = self.retry_max + 1;
        let shown = redact_url(&self.address);
        let mut last = String::new();
        for attempt in 0..attempts {
            if attempt > 0 {
                let wait = (self.retry_wait_min * 2f64.powi(attempt as i32 - 1))
                    .min(self.retry_wait_max)
                    .max(0.0);
                if started.elapsed().as_secs_f64() + wait > 8.0 {
                    return Err(error(
                        ErrorKind::Unreachable,
                        format!("GET {shown} giving up after {attempt} attempt(s){last}"),
                    ));
                }
                std::thread::sleep(Duration::from_secs_f64(wait));
            }
            match http.get(&self.address, &headers) {
                Ok(reply) if reply.status >= 500 && reply.status != 501 => {
                    last = String::new();
                }
                Ok(reply) => return Ok(reply),
                Err(transport) if transport.kind == ErrorKind::Config => {
                    return Err(error(ErrorKind::Config, transport.message));
                }
                Err(transport) => {
                    last = format!(": {}", scrub(&transport.message, &self.secrets()));
                }
            }
        }
        Err(error(
            ErrorKind::Unreachable,
            format!("Failed to get state: GET {shown} giving up after {attempts} attempt(s){last}"),
        ))
    }
}

/// Reads the state at `address` (only the `default` workspace exists).
pub(crate) fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    if workspace != "default" {
        return Err(error(ErrorKind::Unsupported, "workspaces not supported"));
    }
    let backend = HttpBackend::new(settings, env)?;
    let http = Http::new(env, backend.tls.clone());
    let reply = backend.get(&http)?;
    let place = redact_url(&backend.address);
    match reply.status {
        200 => {}
        204 | 404 => return Ok(Fetched { bytes: None, place }),
        401 => {
            return Err(error(
                ErrorKind::Auth,
                "HTTP remote state endpoint requires auth",
            ));
        }
        403 => {
            return Err(error(
                ErrorKind::Auth,
                "HTTP remote state endpoint invalid auth",
            ));
        }
        500 => {
            return Err(error(
                ErrorKind::Server,
                "HTTP remote state internal server error",
            ));
        }
        code => {
            return Err(error(
                ErrorKind::Server,
                format!("Unexpected HTTP response code {code}"),
            ));
        }
    }
    if reply.body.is_empty() {
        return Ok(Fetched { bytes: None, place });
    }
    if let Some(sent) = reply.header("Content-MD5") {
        let digest = md5::Md5::digest(&reply.body);
        let ours = base64::engine::general_purpose::STANDARD.encode(digest);
        if sent.trim() != ours {
            return Err(error(
                ErrorKind::Invalid,
                format!(
                    "Failed to get state: Content-MD5 mismatch for {place}: the body's MD5 is {ours}, the server says {}",
                    sent.trim()
                ),
            ));
        }
    }
    Ok(Fetched {
        bytes: Some(reply.body),
        place,
    })
}

/// The http backend has only `default`.
/// As Terraform's (`terraform workspace list` fails there): the http backend has none to list.
pub(crate) fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    HttpBackend::new(settings, env)?;
    Err(error(ErrorKind::Unsupported, "workspaces not supported"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn address_checked() {
        let env = Env::default();
        let mut s = Settings::new("http");
        s.set("address", Setting::String("ftp://127.0.0.1/state".into()));
        let e = read_state(&s, "default", &env).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("the \"http\" backend: address must be HTTP or HTTPS")
        );
        let e = read_state(&s, "dev", &env).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("the \"http\" backend: workspaces not supported")
        );
        let e = read_state(&Settings::new("http"), "default", &env)
            .err()
            .map(|e| e.kind());
        assert_eq!(e, Some(ErrorKind::Config));
    }
}
