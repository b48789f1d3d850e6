//! The `gcs` backend: object `PREFIX/NAME.tfstate` (`NAME.tfstate` with no prefix) read from the bucket's download URL with a bearer token, workspaces from the JSON API's listing.

mod impersonate;
mod metadata;
mod token;

use base64::Engine;
use sha2::Digest;

use crate::client::{Http, Reply, TlsOptions, encode_path, redact_url};
use crate::env::Env;
use crate::error::{BackendError, ErrorKind};
use crate::fetched::Fetched;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;

const NAME: &str = "gcs";
const DEFAULT_ENDPOINT: &str = "https://storage.googleapis.com/storage/v1/";

fn error(kind: ErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::new(NAME, kind, message)
}

/// The gcs backend's resolved settings.
struct Gcs {
    bucket: String,
    prefix: String,
    /// The JSON API's base (`https://storage.googleapis.com/storage/v1/`).
    endpoint: String,
    token: Secret,
    encryption_key: Option<Secret>,
    http: Http,
}

impl Gcs {
    fn new(settings: &Settings, env: &Env) -> Result<Gcs, BackendError> {
        let bucket = settings
            .string("bucket")
            .ok_or_else(|| error(ErrorKind::Config, "bucket is not set"))?
            .to_string();
        // Terraform: leading slashes dropped, a trailing one added.
        let mut prefix = settings
            .string("prefix")
            .unwrap_or_default()
            .trim_start_matches('/')
            .to_string();
        if !prefix.is_empty() && !prefix.ends_with('/') {
            prefix.push('/');
        }
        let mut endpoint = settings
            .string_or_env(
                "storage_custom_endpoint",
                env,
                &[
                    "GOOGLE_BACKEND_STORAGE_CUSTOM_ENDPOINT",
                    "GOOGLE_STORAGE_CUSTOM_ENDPOINT",
                ],
            )
            .unwrap_or(DEFAULT_ENDPOINT)
            .to_string();
        if !endpoint.ends_with('/') {
            endpoint.push('/');
        }
        let http = Http::new(env, TlsOptions::default());
        let auth_error = |m: String| error(ErrorKind::Auth, format!("gs://{bucket}: {m}"));
        let target = settings.string_or_env(
            "impersonate_service_account",
            env,
            &[
                "GOOGLE_BACKEND_IMPERSONATE_SERVICE_ACCOUNT",
                "GOOGLE_IMPERSONATE_SERVICE_ACCOUNT",
            ],
        );
        let token = match target {
            None => token::find(settings, env, &http, token::SCOPE).map_err(auth_error)?,
            Some(target) => {
                let base = token::find(settings, env, &http, impersonate::BASE_SCOPE)
                    .map_err(auth_error)?;
                let delegates = settings.strings("impersonate_service_account_delegates");
                impersonate::exchange(&base, target, &delegates, &http).map_err(auth_error)?
            }
        };
        let encryption_key = settings
            .string_or_env("encryption_key", env, &["GOOGLE_ENCRYPTION_KEY"])
            .map(Secret::new);
        Ok(Gcs {
            bucket,
            prefix,
            endpoint,
            token,
            encryption_key,
            http,
        })
    }

    fn secrets(&self) -> Vec<&str> {
        let mut out = vec![self.token.expose()];
        out.extend(self.encryption_key.iter().map(Secret::expose));
        out
    }

    /// The download host: the endpoint's scheme and host (`https://storage.googleapis.com`).
    fn download_base(&self) -> String {
        match self.endpoint.split_once("://") {
            Some((scheme, rest)) => {
                format!("{scheme}://{}", rest.split('/').next().unwrap_or_default())
            }
            None => self.endpoint.trim_end_matches('/').to_string(),
        }
    }

    fn headers(&self, with_key: bool) -> Result<Vec<(String, String)>, BackendError> {
        let mut headers = vec![(
            "Authorization".to_string(),
            format!("Bearer {}", self.token.expose()),
        )];
        if with_key && let Some(key) = &self.encryption_key {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(key.expose().trim())
                .map_err(|_| error(ErrorKind::Config, "encryption_key is not base64"))?;
            let sha =
                base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(&bytes));
            headers.push(("x-goog-encryption-algorithm".into(), "AES256".into()));
            headers.push((
                "x-goog-encryption-key".into(),
                key.expose().trim().to_string(),
            ));
            headers.push(("x-goog-encryption-key-sha256".into(), sha));
        }
        Ok(headers)
    }

    fn get(&self, url: &str, with_key: bool) -> Result<Reply, BackendError> {
        self.http.get(url, &self.headers(with_key)?).map_err(|t| {
            error(
                t.kind,
                format!(
                    "reading {}: {}",
                    redact_url(url),
                    scrub(&t.message, &self.secrets())
                ),
            )
        })
    }

    fn answer_error(&self, place: &str, reply: &Reply) -> BackendError {
        let text = reply.text();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let message = json
            .pointer("/error/message")
            .and_then(|m| m.as_str())
            .map(str::to_string)
            .or_else(|| crate::xml_text::first(&text, "Message"))
            .unwrap_or_else(|| format!("HTTP {}", reply.status));
        let message = scrub(&message, &self.secrets());
        let kind = match reply.status {
            401 | 403 => ErrorKind::Auth,
            404 => ErrorKind::NotFound,
            _ => ErrorKind::Server,
        };
        let cause = match reply.status {
            401 => "the token was refused",
            403 => "access denied",
            404 => "not found",
            _ => "the server answered with an error",
        };
        error(
            kind,
            format!("reading {place}: {cause} ({}: {message})", reply.status),
        )
    }

    fn read(&self, workspace: &str) -> Result<Fetched, BackendError> {
        let object = format!("{}{workspace}.tfstate", self.prefix);
        let place = format!("gs://{}/{object}", self.bucket);
        let url = format!(
            "{}/{}/{}",
            self.download_base(),
            encode_path(&self.bucket, false),
            encode_path(&object, true)
        );
        let reply = self.get(&url, true)?;
        match reply.status {
            200 => {}
            404 => {
                // A missing object is no state; a missing bucket is an error.
                let bucket_url = format!("{}b/{}", self.endpoint, encode_path(&self.bucket, false));
                let bucket = self.get(&bucket_url, false)?;
                if bucket.status == 404 {
                    return Err(error(
                        ErrorKind::NotFound,
                        format!(
                            "reading {place}: the bucket {:?} does not exist",
                            self.bucket
                        ),
                    ));
                }
                return Ok(Fetched { bytes: None, place });
            }
            _ => return Err(self.answer_error(&place, &reply)),
        }
        if reply.body.is_empty() {
            return Err(error(
                ErrorKind::Invalid,
                format!(
                    "Failed to load state: the object {place} is empty (no state); Terraform refuses an empty state object in a gcs bucket"
                ),
            ));
        }
        Ok(Fetched {
            bytes: Some(reply.body),
            place,
        })
    }

    fn workspaces(&self) -> Result<Vec<String>, BackendError> {
        let mut names = Vec::new();
        let mut page: Option<String> = None;
        loop {
            let mut url = format!(
                "{}b/{}/o?delimiter=%2F&prefix={}",
                self.endpoint,
                encode_path(&self.bucket, false),
                encode_path(&self.prefix, false)
            );
            if let Some(page) = &page {
                url.push_str(&format!("&pageToken={}", encode_path(page, false)));
            }
            let reply = self.get(&url, false)?;
            if reply.status != 200 {
                return Err(
                    self.answer_error(&format!("gs://{}/{}", self.bucket, self.prefix), &reply)
                );
            }
            let json: serde_json::Value = serde_json::from_slice(&reply.body)
                .map_err(|_| error(ErrorKind::Invalid, "the object listing is not JSON"))?;
            for item in json
                .get("items")
                .and_then(|i| i.as_array())
                .into_iter()
                .flatten()
            {
                let Some(name) = item.get("name").and_then(|n| n.as_str()) else {
                    continue;
                };
                let base = name.rsplit('/').next().unwrap_or(name);
                if let Some(ws) = base.strip_suffix(".tfstate")
                    && ws != "default"
                {
                    names.push(ws.to_string());
                }
            }
            page = json
                .get("nextPageToken")
                .and_then(|t| t.as_str())
                .map(str::to_string);
            if page.is_none() {
                break;
            }
        }
        names.sort();
        names.insert(0, "default".to_string());
        Ok(names)
    }
}

/// Reads workspace `workspace`'s state object.
pub(crate) fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    Gcs::new(settings, env)?.read(workspace)
}

/// Lists the workspaces under the prefix.
pub(crate) fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    Gcs::new(settings, env)?.workspaces()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn layout_and_endpoints() {
        let mut s = Settings::new("gcs");
        s.set("bucket", Setting::String("b".into()));
        s.set("prefix", Setting::String("/team/net".into()));
        s.set("access_token", Setting::String("tok-123456".into()));
        let env = Env::from_pairs([(
            "GOOGLE_STORAGE_CUSTOM_ENDPOINT",
            "http://127.0.0.1:9/storage/v1",
        )]);
        let g = Gcs::new(&s, &env).unwrap();
        assert_eq!(g.prefix, "team/net/");
        assert_eq!(g.endpoint, "http://127.0.0.1:9/storage/v1/");
        assert_eq!(g.download_base(), "http://127.0.0.1:9");
        assert!(!format!("{:?}", g.token).contains("tok"));
    }
}
