//! The s3 backend's two STS calls, made with AWS's own STS client: `AssumeRole` for the block's `assume_role`, `AssumeRoleWithWebIdentity` for `assume_role_with_web_identity` and for `AWS_WEB_IDENTITY_TOKEN_FILE` + `AWS_ROLE_ARN`; both at the STS endpoint Terraform picks.

use std::collections::BTreeMap;
use std::time::Duration;

use aws_credential_types::Credentials as SdkCredentials;
use aws_credential_types::provider::SharedCredentialsProvider;
use aws_sdk_sts::error::ProvideErrorMetadata;
use aws_smithy_async::rt::sleep::{SharedAsyncSleep, TokioSleep};
use aws_smithy_runtime_api::client::orchestrator::HttpResponse;
use aws_smithy_types::retry::RetryConfig;

use crate::env::Env;
use crate::secret::Secret;
use crate::settings::{Setting, Settings};

use super::key_pair::Credentials;
use super::sdk_http::SdkHttp;

/// Where STS is: the block's `endpoints.sts` (or the older `sts_endpoint`), else
/// `AWS_ENDPOINT_URL_STS` (or the older `AWS_STS_ENDPOINT`), else `AWS_ENDPOINT_URL` (every
/// service's); `None`: AWS's own.
pub(super) fn endpoint(settings: &Settings, env: &Env) -> Option<String> {
    settings
        .map_string("endpoints", "sts")
        .or_else(|| settings.string("sts_endpoint"))
        .or_else(|| {
            env.first(&[
                "AWS_ENDPOINT_URL_STS",
                "AWS_STS_ENDPOINT",
                "AWS_ENDPOINT_URL",
            ])
        })
        .map(|e| e.trim_end_matches('/').to_string())
}

/// An STS client for `region` (the block's `sts_region` wins), signing with `source` if given.
pub(super) fn client(
    settings: &Settings,
    env: &Env,
    region: &str,
    http: &SdkHttp,
    source: Option<&Credentials>,
) -> aws_sdk_sts::Client {
    let region = settings.string("sts_region").unwrap_or(region).to_string();
    let mut conf = aws_sdk_sts::Config::builder()
        .behavior_version(aws_sdk_sts::config::BehaviorVersion::latest())
        .region(aws_sdk_sts::config::Region::new(region))
        .http_client(http.clone())
        .sleep_impl(SharedAsyncSleep::new(TokioSleep::new()))
        .retry_config(RetryConfig::standard().with_max_attempts(2));
    if let Some(url) = endpoint(settings, env) {
        conf = conf.endpoint_url(url);
    }
    if let Some(source) = source {
        conf = conf.credentials_provider(SharedCredentialsProvider::new(SdkCredentials::new(
            source.access_key.clone(),
            source.secret_key.expose().to_string(),
            source
                .session_token
                .as_ref()
                .map(|t| t.expose().to_string()),
            None,
            "terrace",
        )));
    }
    aws_sdk_sts::Client::from_conf(conf.build())
}

/// Go's `time.ParseDuration` for the units a role session uses (`1h30m`, `900s`, `15m`).
pub(super) fn parse_duration(text: &str) -> Option<Duration> {
    let mut total = 0f64;
    let mut rest = text.trim();
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number: f64 = rest[..number_end].parse().ok()?;
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let seconds = match &rest[..unit_end] {
            "h" => 3600.0,
            "m" => 60.0,
            "s" => 1.0,
            "ms" => 0.001,
            "us" | "µs" => 0.000_001,
            "ns" => 0.000_000_001,
            _ => return None,
        };
        total += number * seconds;
        rest = &rest[unit_end..];
    }
    Some(Duration::from_secs_f64(total))
}

/// A block's string entry.
fn entry<'a>(block: &'a BTreeMap<String, Setting>, key: &str) -> Option<&'a str> {
    block
        .get(key)
        .and_then(Setting::as_str)
        .filter(|s| !s.is_empty())
}

/// A block's list of strings.
fn entries(block: &BTreeMap<String, Setting>, key: &str) -> Vec<String> {
    match block.get(key) {
        Some(Setting::List(items)) => items
            .iter()
            .filter_map(|i| i.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

/// A role session's default name, as Go's SDK names it.
fn default_session_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!("aws-go-sdk-{nanos}")
}

/// `AssumeRole` with the block's `assume_role { role_arn, session_name, external_id, duration,
/// policy, policy_arns, source_identity, tags, transitive_tag_keys }`.
pub(super) async fn assume_role(
    client: &aws_sdk_sts::Client,
    block: &BTreeMap<String, Setting>,
) -> Result<Credentials, String> {
    let role = entry(block, "role_arn").unwrap_or_default();
    let mut call = client
        .assume_role()
        .role_arn(role)
        .role_session_name(
            entry(block, "session_name")
                .map(str::to_string)
                .unwrap_or_else(default_session_name),
        )
        .set_external_id(entry(block, "external_id").map(str::to_string))
        .set_policy(entry(block, "policy").map(|p| p.trim().to_string()))
        .set_source_identity(entry(block, "source_identity").map(str::to_string));
    if let Some(duration) = entry(block, "duration") {
        let seconds = parse_duration(duration)
            .ok_or_else(|| format!("assume_role.duration {duration:?} is not a duration"))?;
        call = call.duration_seconds(seconds.as_secs() as i32);
    }
    for arn in entries(block, "policy_arns") {
        call = call.policy_arns(
            aws_sdk_sts::types::PolicyDescriptorType::builder()
                .arn(arn)
                .build(),
        );
    }
    if let Some(Setting::Map(tags)) = block.get("tags") {
        for (key, value) in tags {
            let tag = aws_sdk_sts::types::Tag::builder()
                .key(key)
                .value(value.as_str().unwrap_or_default())
                .build()
                .map_err(|e| format!("assume_role.tags: {e}"))?;
            call = call.tags(tag);
        }
    }
    for key in entries(block, "transitive_tag_keys") {
        call = call.transitive_tag_keys(key);
    }
    let answer = call
        .send()
        .await
        .map_err(|e| format!("cannot assume IAM role {role}: {}", cause(&e)))?;
    answer
        .credentials
        .map(from_sts)
        .ok_or_else(|| format!("cannot assume IAM role {role}: STS answered without credentials"))
}

/// What `AssumeRoleWithWebIdentity` is given: the role, its session and the token (or its file).
pub(super) struct WebIdentity {
    pub(super) role_arn: String,
    pub(super) session_name: Option<String>,
    pub(super) token: Option<Secret>,
    pub(super) token_file: Option<String>,
    pub(super) duration: Option<String>,
    pub(super) policy: Option<String>,
    pub(super) policy_arns: Vec<String>,
}

impl WebIdentity {
    /// The block's `assume_role_with_web_identity`.
    pub(super) fn from_block(block: &BTreeMap<String, Setting>) -> WebIdentity {
        WebIdentity {
            role_arn: entry(block, "role_arn").unwrap_or_default().to_string(),
            session_name: entry(block, "session_name").map(str::to_string),
            token: entry(block, "web_identity_token").map(Secret::new),
            token_file: entry(block, "web_identity_token_file").map(str::to_string),
            duration: entry(block, "duration").map(str::to_string),
            policy: entry(block, "policy").map(|p| p.trim().to_string()),
            policy_arns: entries(block, "policy_arns"),
        }
    }

    /// `AWS_WEB_IDENTITY_TOKEN_FILE` with `AWS_ROLE_ARN` (and `AWS_ROLE_SESSION_NAME`).
    pub(super) fn from_env(env: &Env) -> Option<WebIdentity> {
        let file = env.get("AWS_WEB_IDENTITY_TOKEN_FILE")?;
        Some(WebIdentity {
            role_arn: env.get("AWS_ROLE_ARN").unwrap_or_default().to_string(),
            session_name: env.get("AWS_ROLE_SESSION_NAME").map(str::to_string),
            token: None,
            token_file: Some(file.to_string()),
            duration: None,
            policy: None,
            policy_arns: Vec::new(),
        })
    }
}

/// `AssumeRoleWithWebIdentity` (an unsigned call: the token is the credential).
pub(super) async fn assume_role_with_web_identity(
    client: &aws_sdk_sts::Client,
    web: &WebIdentity,
) -> Result<Credentials, String> {
    let role = &web.role_arn;
    if role.is_empty() {
        return Err("web identity: no role ARN (AWS_ROLE_ARN or role_arn) is set".into());
    }
    let token = match (&web.token, &web.token_file) {
        (Some(token), _) => token.clone(),
        (None, Some(file)) => std::fs::read_to_string(file)
            .map(|t| Secret::new(t.trim()))
            .map_err(|e| {
                format!(
                    "cannot assume IAM role {role} with web identity: reading the token file {file}: {}",
                    e.kind()
                )
            })?,
        (None, None) => {
            return Err(format!(
                "cannot assume IAM role {role} with web identity: no web_identity_token or web_identity_token_file"
            ));
        }
    };
    let mut call = client
        .assume_role_with_web_identity()
        .role_arn(role)
        .role_session_name(
            web.session_name
                .clone()
                .unwrap_or_else(default_session_name),
        )
        .web_identity_token(token.expose())
        .set_policy(web.policy.clone());
    if let Some(duration) = &web.duration {
        let seconds = parse_duration(duration).ok_or_else(|| {
            format!("assume_role_with_web_identity.duration {duration:?} is not a duration")
        })?;
        call = call.duration_seconds(seconds.as_secs() as i32);
    }
    for arn in &web.policy_arns {
        call = call.policy_arns(
            aws_sdk_sts::types::PolicyDescriptorType::builder()
                .arn(arn)
                .build(),
        );
    }
    let answer = call.send().await.map_err(|e| {
        format!(
            "cannot assume IAM role {role} with web identity: {}",
            cause(&e)
        )
    })?;
    answer.credentials.map(from_sts).ok_or_else(|| {
        format!("cannot assume IAM role {role} with web identity: STS answered without credentials")
    })
}

fn from_sts(c: aws_sdk_sts::types::Credentials) -> Credentials {
    Credentials {
        access_key: c.access_key_id,
        secret_key: Secret::new(c.secret_access_key),
        session_token: Some(Secret::new(c.session_token)),
    }
}

/// An STS failure as a short cause: the service's code and message, or why no answer came.
fn cause<E>(error: &aws_sdk_sts::error::SdkError<E, HttpResponse>) -> String
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
{
    use aws_sdk_sts::error::SdkError;
    match error {
        SdkError::ServiceError(service) => {
            let e = service.err();
            let status = service.raw().status().as_u16();
            let denied = status == 403
                || matches!(
                    e.code(),
                    Some(
                        "AccessDenied"
                            | "InvalidClientTokenId"
                            | "SignatureDoesNotMatch"
                            | "InvalidIdentityToken"
                            | "ExpiredTokenException"
                            | "ExpiredToken"
                    )
                );
            let detail = match (e.code(), e.message()) {
                (Some(code), Some(message)) => format!("{code}: {message}"),
                (Some(code), None) => code.to_string(),
                _ => format!("HTTP {status}"),
            };
            if denied {
                format!("access denied ({detail})")
            } else {
                detail
            }
        }
        SdkError::DispatchFailure(failure) => match failure.as_connector_error() {
            Some(connector) => std::error::Error::source(connector)
                .map(ToString::to_string)
                .unwrap_or_else(|| connector.to_string()),
            None => "the request was not sent".to_string(),
        },
        SdkError::TimeoutError(_) => "STS did not answer in time".to_string(),
        other => super::sdk_error::error_text(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations() {
        assert_eq!(parse_duration("1h30m"), Some(Duration::from_secs(5400)));
        assert_eq!(parse_duration("900s"), Some(Duration::from_secs(900)));
        assert_eq!(parse_duration("15m"), Some(Duration::from_secs(900)));
        assert_eq!(parse_duration("15"), None);
        assert_eq!(parse_duration(""), None);
    }
}
