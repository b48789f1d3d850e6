//! The `s3` backend: `GetObject` of `KEY` (workspace NAME at `PREFIX/NAME/KEY`, prefix `env:`), `ListObjectsV2` for workspaces, the DynamoDB digest checked on read; signed with SigV4, never a lock or a write.

mod credentials;
mod digest;
mod key_pair;
mod resolved;
mod sdk_error;
mod sdk_http;
mod signing;
mod sts;

use std::time::SystemTime;

use base64::Engine;
use md5::Digest;

use crate::client::{Http, Reply, TlsOptions, encode_path, redact_url};
use crate::env::Env;
use crate::error::{BackendError, ErrorKind};
use crate::fetched::Fetched;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;
use crate::xml_text;

use resolved::{S3, error};

impl S3 {
    fn new(settings: &Settings, env: &Env) -> Result<S3, BackendError> {
        let bucket = settings
            .string("bucket")
            .ok_or_else(|| error(ErrorKind::Config, "bucket is not set"))?
            .to_string();
        let key = settings
            .string("key")
            .ok_or_else(|| error(ErrorKind::Config, "key is not set"))?
            .to_string();
        if key.starts_with('/') || key.ends_with('/') {
            return Err(error(
                ErrorKind::Config,
                "key must not start or end with '/'",
            ));
        }
        let insecure = settings.bool("insecure").unwrap_or(false);
        let mut tls = TlsOptions {
            insecure,
            ..TlsOptions::default()
        };
        if let Some(bundle) = settings
            .string("custom_ca_bundle")
            .or_else(|| env.get("AWS_CA_BUNDLE"))
        {
            tls.extra_roots = std::fs::read(bundle).ok();
        }
        let found = credentials::find(settings, env, &tls).map_err(|f| match f {
            credentials::Failure::Config(m) => error(ErrorKind::Config, m),
            credentials::Failure::Auth(m) => error(ErrorKind::Auth, m),
        })?;
        let (region, credentials) = (found.region, found.credentials);
        let endpoint = settings
            .map_string("endpoints", "s3")
            .or_else(|| settings.string("endpoint"))
            .or_else(|| env.first(&["AWS_ENDPOINT_URL_S3", "AWS_S3_ENDPOINT", "AWS_ENDPOINT_URL"]))
            .map(|e| e.trim_end_matches('/').to_string())
            .unwrap_or_else(|| format!("https://s3.{region}.amazonaws.com"));
        let dynamodb_endpoint = settings
            .map_string("endpoints", "dynamodb")
            .or_else(|| settings.string("dynamodb_endpoint"))
            .or_else(|| {
                env.first(&[
                    "AWS_ENDPOINT_URL_DYNAMODB",
                    "AWS_DYNAMODB_ENDPOINT",
                    "AWS_ENDPOINT_URL",
                ])
            })
            .map(|e| e.trim_end_matches('/').to_string())
            .unwrap_or_else(|| format!("https://dynamodb.{region}.amazonaws.com"));
        let path_style = settings
            .bool("use_path_style")
            .or_else(|| settings.bool("force_path_style"))
            .or_else(|| {
                env.get("AWS_S3_USE_PATH_STYLE")
                    .and_then(crate::settings::parse_bool)
            })
            .unwrap_or(false);
        let http = Http::new(env, tls);
        let sse_customer_key = settings
            .string_or_env("sse_customer_key", env, &["AWS_SSE_CUSTOMER_KEY"])
            .map(Secret::new);
        Ok(S3 {
            bucket,
            key,
            region,
            endpoint,
            path_style,
            workspace_key_prefix: settings
                .get("workspace_key_prefix")
                .and_then(|s| s.as_str())
                .unwrap_or("env:")
                .to_string(),
            dynamodb_table: settings.string("dynamodb_table").map(str::to_string),
            dynamodb_endpoint,
            sse_customer_key,
            credentials,
            http,
        })
    }

    /// The object key of workspace `name` (Go's `path.Join(prefix, name, key)`).
    fn state_key(&self, name: &str) -> String {
        if name == "default" {
            return self.key.clone();
        }
        [self.workspace_key_prefix.as_str(), name, self.key.as_str()]
            .iter()
            .filter(|p| !p.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The bucket's URL: path style `ENDPOINT/BUCKET`, else `SCHEME://BUCKET.HOST`.
    fn bucket_url(&self) -> String {
        let dns_compatible = self
            .bucket
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
            && !(self.endpoint.starts_with("https:") && self.bucket.contains('.'));
        match self.endpoint.split_once("://") {
            Some((scheme, rest)) if !self.path_style && dns_compatible => {
                format!("{scheme}://{}.{rest}", self.bucket)
            }
            _ => format!("{}/{}", self.endpoint, encode_path(&self.bucket, false)),
        }
    }

    fn secrets(&self) -> Vec<&str> {
        let mut out = vec![self.credentials.secret_key.expose()];
        out.extend(self.credentials.session_token.iter().map(Secret::expose));
        out.extend(self.sse_customer_key.iter().map(Secret::expose));
        out
    }

    /// A signed request to S3 (`GET` or `HEAD`).
    fn send(&self, url: &str, extra: Vec<(String, String)>) -> Result<Reply, BackendError> {
        // Virtual-hosted style on an IP endpoint names a host such as `bucket.127.0.0.1`, which
        // Terraform fails to reach: the same error here, without a DNS query leaving the machine.
        if !self.path_style && host_is_ip(&self.endpoint) && !url.starts_with(&self.endpoint) {
            return Err(error(
                ErrorKind::Config,
                format!(
                    "reading s3://{} at {}: the endpoint is an IP address, so the bucket became part of the host name; set use_path_style = true",
                    self.bucket,
                    redact_url(url),
                ),
            ));
        }
        let mut headers = extra;
        let signed = signing::signed_headers(
            &self.credentials,
            &self.region,
            "s3",
            ("GET", url, &headers, b""),
            SystemTime::now(),
        )
        .map_err(|m| error(ErrorKind::Config, format!("signing the request: {m}")))?;
        headers.extend(signed);
        self.http.get(url, &headers).map_err(|t| {
            let hint = if !self.path_style && host_is_ip(&self.endpoint) {
                " (the endpoint is an IP address: the bucket became part of the host name; set use_path_style = true)"
            } else {
                ""
            };
            error(
                t.kind,
                format!(
                    "reading s3://{} at {}: {}{hint}",
                    self.bucket,
                    redact_url(url),
                    scrub(&t.message, &self.secrets()),
                ),
            )
        })
    }

    /// S3's error answer as a message.
    fn answer_error(&self, place: &str, reply: &Reply) -> BackendError {
        let text = reply.text();
        let code = xml_text::first(&text, "Code").unwrap_or_default();
        let message = xml_text::first(&text, "Message").unwrap_or_default();
        let detail = scrub(
            &if code.is_empty() {
                format!("HTTP {}", reply.status)
            } else if message.is_empty() {
                code.clone()
            } else {
                format!("{code}: {message}")
            },
            &self.secrets(),
        );
        let (kind, cause) = match (reply.status, code.as_str()) {
            (_, "NoSuchBucket") => (
                ErrorKind::NotFound,
                format!("S3 bucket {:?} does not exist", self.bucket),
            ),
            (403, _) | (_, "InvalidAccessKeyId" | "SignatureDoesNotMatch" | "AccessDenied") => {
                (ErrorKind::Auth, "access denied".to_string())
            }
            (301 | 307, _) | (_, "PermanentRedirect" | "AuthorizationHeaderMalformed") => (
                ErrorKind::Config,
                format!(
                    "the bucket is not in region {} (or the endpoint is wrong)",
                    self.region
                ),
            ),
            _ => (
                ErrorKind::Server,
                "the server answered with an error".to_string(),
            ),
        };
        error(kind, format!("reading {place}: {cause} ({detail})"))
    }

    fn read(&self, workspace: &str) -> Result<Fetched, BackendError> {
        let key = self.state_key(workspace);
        let place = format!("s3://{}/{key}", self.bucket);
        let url = format!("{}/{}", self.bucket_url(), encode_path(&key, true));
        let mut headers = Vec::new();
        if let Some(sse) = &self.sse_customer_key {
            let key_bytes = base64::engine::general_purpose::STANDARD
                .decode(sse.expose())
                .map_err(|_| error(ErrorKind::Config, "sse_customer_key is not base64"))?;
            let md5 =
                base64::engine::general_purpose::STANDARD.encode(md5::Md5::digest(&key_bytes));
            headers.push((
                "x-amz-server-side-encryption-customer-algorithm".into(),
                "AES256".into(),
            ));
            headers.push((
                "x-amz-server-side-encryption-customer-key".into(),
                sse.expose().to_string(),
            ));
            headers.push(("x-amz-server-side-encryption-customer-key-md5".into(), md5));
        }
        let reply = self.send(&url, headers)?;
        let body = match reply.status {
            200 => reply.body,
            404 if xml_text::first(&reply.text(), "Code").as_deref() != Some("NoSuchBucket") => {
                Vec::new()
            }
            _ => return Err(self.answer_error(&place, &reply)),
        };
        if let Some(table) = &self.dynamodb_table {
            digest::check(self, table, &key, &body, &place)?;
        }
        Ok(Fetched {
            bytes: (!body.is_empty()).then_some(body),
            place,
        })
    }

    /// `default` and every `PREFIX/NAME/KEY` in the bucket, sorted after `default`.
    fn workspaces(&self) -> Result<Vec<String>, BackendError> {
        let prefix = if self.workspace_key_prefix.is_empty() {
            String::new()
        } else {
            format!("{}/", self.workspace_key_prefix)
        };
        let mut names = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let mut query = vec![
                ("list-type".to_string(), "2".to_string()),
                ("max-keys".to_string(), "1000".to_string()),
                ("prefix".to_string(), prefix.clone()),
            ];
            if let Some(token) = &token {
                query.push(("continuation-token".to_string(), token.clone()));
            }
            query.sort();
            let query: Vec<String> = query
                .iter()
                .map(|(k, v)| format!("{k}={}", encode_path(v, false)))
                .collect();
            let url = format!("{}/?{}", self.bucket_url(), query.join("&"));
            let reply = self.send(&url, Vec::new())?;
            if reply.status != 200 {
                return Err(self.answer_error(&format!("s3://{}", self.bucket), &reply));
            }
            let text = reply.text();
            for key in xml_text::elements(&text, "Key") {
                if let Some(name) = self.key_workspace(&key) {
                    names.push(name);
                }
            }
            token = xml_text::first(&text, "NextContinuationToken");
            if xml_text::first(&text, "IsTruncated").as_deref() != Some("true") || token.is_none() {
                break;
            }
        }
        names.sort();
        names.insert(0, "default".to_string());
        Ok(names)
    }

    /// The workspace an object key belongs to (Terraform's `keyEnv`).
    fn key_workspace(&self, key: &str) -> Option<String> {
        if self.workspace_key_prefix.is_empty() {
            let (name, rest) = key.split_once('/')?;
            return (rest == self.key).then(|| name.to_string());
        }
        let rest = key.strip_prefix(&format!("{}/", self.workspace_key_prefix))?;
        let (name, rest) = rest.split_once('/')?;
        (rest == self.key).then(|| name.to_string())
    }
}

fn host_is_ip(endpoint: &str) -> bool {
    let rest = endpoint.split_once("://").map_or(endpoint, |(_, r)| r);
    let authority = rest.split('/').next().unwrap_or_default();
    let host = authority
        .strip_prefix('[')
        .and_then(|a| a.split(']').next())
        .unwrap_or_else(|| authority.split(':').next().unwrap_or_default());
    host.parse::<std::net::IpAddr>().is_ok()
}

/// Reads workspace `workspace`'s state object.
pub(crate) fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    S3::new(settings, env)?.read(workspace)
}

/// Lists the workspaces in the bucket.
pub(crate) fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    S3::new(settings, env)?.workspaces()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    fn backend(extra: &[(&str, Setting)]) -> S3 {
        let mut s = Settings::new("s3");
        s.set("bucket", Setting::String("acme".into()));
        s.set("key", Setting::String("net/terraform.tfstate".into()));
        s.set("region", Setting::String("eu-west-1".into()));
        s.set("access_key", Setting::String("AKIA".into()));
        s.set("secret_key", Setting::String("secret".into()));
        for (k, v) in extra {
            s.set(*k, v.clone());
        }
        S3::new(&s, &Env::default()).unwrap()
    }

    #[test]
    fn workspace_layout() {
        let b = backend(&[]);
        assert_eq!(b.state_key("default"), "net/terraform.tfstate");
        assert_eq!(b.state_key("dev"), "env:/dev/net/terraform.tfstate");
        assert_eq!(
            b.key_workspace("env:/dev/net/terraform.tfstate").as_deref(),
            Some("dev")
        );
        assert_eq!(b.key_workspace("env:/dev/other.tfstate"), None);
        assert_eq!(b.bucket_url(), "https://acme.s3.eu-west-1.amazonaws.com");
        let b = backend(&[("workspace_key_prefix", Setting::String(String::new()))]);
        assert_eq!(b.state_key("dev"), "dev/net/terraform.tfstate");
        assert_eq!(
            b.key_workspace("dev/net/terraform.tfstate").as_deref(),
            Some("dev")
        );
    }

    #[test]
    fn endpoints_and_path_style() {
        let mut endpoints = std::collections::BTreeMap::new();
        endpoints.insert(
            "s3".to_string(),
            Setting::String("http://127.0.0.1:9000/".into()),
        );
        let b = backend(&[("endpoints", Setting::Map(endpoints.clone()))]);
        assert_eq!(
            b.bucket_url(),
            "http://acme.127.0.0.1:9000",
            "as Terraform: no path style unless asked"
        );
        assert!(host_is_ip(&b.endpoint));
        // Refused before any request: no DNS query for `acme.127.0.0.1`.
        let Err(e) = b.send(&b.bucket_url(), Vec::new()) else {
            panic!("a virtual-hosted request to an IP endpoint was sent");
        };
        assert_eq!(e.kind(), ErrorKind::Config);
        assert!(e.to_string().contains("use_path_style = true"), "{e}");
        let b = backend(&[
            ("endpoints", Setting::Map(endpoints)),
            ("use_path_style", Setting::Bool(true)),
        ]);
        assert_eq!(b.bucket_url(), "http://127.0.0.1:9000/acme");
    }
}
