//! The s3 backend's region and credentials, found in the order of Terraform's AWS base library (aws-sdk-go-base), checked with the oracle: the block's keys; the block's `profile`; the `AWS_*` key variables; web identity from `AWS_WEB_IDENTITY_TOKEN_FILE`; the profile `AWS_PROFILE` names, else the default one; container credentials; the instance metadata service; then the block's `assume_role` on top. Every source beyond plain keys is AWS's own SDK (aws-config, aws-sdk-sts), run on a current-thread tokio runtime that only this file builds, only when such a source is needed, for at most [`BUDGET`].

use std::borrow::Cow;
use std::path::PathBuf;
use std::time::Duration;

use aws_config::imds;
use aws_config::profile::ProfileFileCredentialsProvider;
use aws_config::provider_config::ProviderConfig;
use aws_credential_types::provider::{ProvideCredentials, error::CredentialsError};
use aws_runtime::env_config::file::{EnvConfigFileKind, EnvConfigFiles};
use aws_smithy_async::rt::sleep::TokioSleep;
use aws_types::region::Region;

use crate::client::TlsOptions;
use crate::env::Env;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;

use super::key_pair::Credentials;
use super::sdk_http::SdkHttp;
use super::sts;

/// How long finding credentials may take, all sources together (an unreachable STS, SSO or
/// metadata endpoint included): the s3 fetch then still fails within 10 s.
pub(super) const BUDGET: Duration = Duration::from_secs(8);

/// The region and the credentials the s3 backend signs with.
pub(super) struct Found {
    pub(super) region: String,
    pub(super) credentials: Credentials,
}

/// Why no region or no credentials were found: a configuration error or refused credentials.
pub(super) enum Failure {
    Config(String),
    Auth(String),
}

/// The shared config and credentials files: the block's lists (`~/` expanded), else
/// `AWS_SHARED_CONFIG_FILE`/`AWS_CONFIG_FILE` and `AWS_SHARED_CREDENTIALS_FILE`, else
/// `~/.aws/config` and `~/.aws/credentials`. Files that do not exist are left out, as Go's SDK
/// skips them.
fn shared_files(settings: &Settings, env: &Env) -> EnvConfigFiles {
    let home = env.home();
    let expand = |p: &str| -> PathBuf {
        match (p.strip_prefix("~/"), &home) {
            (Some(rest), Some(home)) => home.join(rest),
            _ => PathBuf::from(p),
        }
    };
    let pick = |keys: &[&str], vars: &[&str], default: &str| -> Vec<PathBuf> {
        if let Some(listed) = keys
            .iter()
            .map(|k| settings.strings(k))
            .find(|l| !l.is_empty())
        {
            return listed.iter().map(|p| expand(p)).collect();
        }
        match env.first(vars) {
            Some(path) => vec![expand(path)],
            None => home.iter().map(|h| h.join(".aws").join(default)).collect(),
        }
    };
    // The SDK wants at least one file in the set (it panics on none): an empty text is none.
    let mut files = EnvConfigFiles::builder()
        .include_default_config_file(false)
        .include_default_credentials_file(false)
        .with_contents(EnvConfigFileKind::Config, "");
    for path in pick(
        &["shared_config_files"],
        &["AWS_SHARED_CONFIG_FILE", "AWS_CONFIG_FILE"],
        "config",
    )
    .into_iter()
    .filter(|p| p.is_file())
    {
        files = files.with_file(EnvConfigFileKind::Config, path);
    }
    for path in pick(
        &["shared_credentials_files", "shared_credentials_file"],
        &["AWS_SHARED_CREDENTIALS_FILE"],
        "credentials",
    )
    .into_iter()
    .filter(|p| p.is_file())
    {
        files = files.with_file(EnvConfigFileKind::Credentials, path);
    }
    files.build()
}

/// The profile to use: the block's `profile`, else `AWS_PROFILE`, else `default`.
struct ProfileChoice<'a> {
    name: &'a str,
    /// Named by the block: it comes before the `AWS_*` keys.
    by_block: bool,
    /// Named at all (block or `AWS_PROFILE`): it must exist, whatever else gives credentials.
    named: bool,
}

fn profile_choice<'a>(settings: &'a Settings, env: &'a Env) -> ProfileChoice<'a> {
    match (settings.string("profile"), env.get("AWS_PROFILE")) {
        (Some(name), _) => ProfileChoice {
            name,
            by_block: true,
            named: true,
        },
        (None, Some(name)) => ProfileChoice {
            name,
            by_block: false,
            named: true,
        },
        (None, None) => ProfileChoice {
            name: "default",
            by_block: false,
            named: false,
        },
    }
}

/// The block's `access_key`/`secret_key`/`token`.
fn block_keys(settings: &Settings) -> Option<Credentials> {
    Some(Credentials {
        access_key: settings.string("access_key")?.to_string(),
        secret_key: Secret::new(settings.string("secret_key")?),
        session_token: settings.string("token").map(Secret::new),
    })
}

/// `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`/`AWS_SESSION_TOKEN`.
fn env_keys(env: &Env) -> Option<Credentials> {
    Some(Credentials {
        access_key: env
            .first(&["AWS_ACCESS_KEY_ID", "AWS_ACCESS_KEY"])?
            .to_string(),
        secret_key: Secret::new(env.first(&["AWS_SECRET_ACCESS_KEY", "AWS_SECRET_KEY"])?),
        session_token: env.get("AWS_SESSION_TOKEN").map(Secret::new),
    })
}

/// The region from the block or the environment (the profile's is looked up later).
fn plain_region(settings: &Settings, env: &Env) -> Option<String> {
    settings
        .string("region")
        .or_else(|| env.first(&["AWS_REGION", "AWS_DEFAULT_REGION"]))
        .map(str::to_string)
}

const NO_REGION: &str = "Missing region value: the region is not in the block (`region`), AWS_REGION, AWS_DEFAULT_REGION or the profile";

/// Finds the region and the credentials. Plain keys (the block's, or the environment's when the
/// block names no profile) need no runtime when no profile is named at all; every other source
/// runs AWS's SDK, for at most [`BUDGET`].
pub(super) fn find(settings: &Settings, env: &Env, tls: &TlsOptions) -> Result<Found, Failure> {
    let region = plain_region(settings, env);
    let profile = profile_choice(settings, env);
    let plain = block_keys(settings).or_else(|| {
        if profile.by_block {
            None
        } else {
            env_keys(env)
        }
    });
    let roles = settings.map("assume_role").is_some()
        || settings.map("assume_role_with_web_identity").is_some();
    if let (Some(region), Some(credentials), false, false) = (&region, &plain, roles, profile.named)
    {
        return Ok(Found {
            region: region.clone(),
            credentials: credentials.clone(),
        });
    }
    // Timers for the SDK's timeouts, I/O for `credential_process`'s child process.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Config(format!("starting the AWS credential providers: {e}")))?;
    let found = runtime.block_on(async {
        tokio::time::timeout(BUDGET, with_sdk(settings, env, tls, region, plain)).await
    });
    // The blocking pool may still wait on a request that the budget cut short: leave it.
    runtime.shutdown_background();
    let known: Vec<String> = [block_keys(settings), env_keys(env)]
        .into_iter()
        .flatten()
        .flat_map(|c| {
            [Some(c.secret_key), c.session_token]
                .into_iter()
                .flatten()
                .map(|s| s.expose().to_string())
        })
        .collect();
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    match found {
        Ok(Ok(found)) => Ok(found),
        Ok(Err(Failure::Auth(m))) => Err(Failure::Auth(scrub(&m, &known))),
        Ok(Err(Failure::Config(m))) => Err(Failure::Config(scrub(&m, &known))),
        Err(_) => Err(Failure::Auth(format!(
            "No valid credential sources found: no credentials within {} s (an STS, SSO, container or instance metadata endpoint did not answer)",
            BUDGET.as_secs()
        ))),
    }
}

/// The sources that need the SDK, in Terraform's order.
async fn with_sdk(
    settings: &Settings,
    env: &Env,
    tls: &TlsOptions,
    region: Option<String>,
    plain: Option<Credentials>,
) -> Result<Found, Failure> {
    let choice = profile_choice(settings, env);
    let profile = choice.name;
    let files = shared_files(settings, env);
    let profiles = aws_config::profile::load(
        &aws_types::os_shim_internal::Fs::real(),
        &aws_types::os_shim_internal::Env::real(),
        &files,
        Some(Cow::Owned(profile.to_string())),
    )
    .await
    .map_err(|e| Failure::Config(format!("reading the shared config files: {e}")))?;
    let entry = profiles.get_profile(profile);
    if choice.named && entry.is_none() {
        return Err(Failure::Config(format!(
            "failed to get shared config profile, {profile} (no such profile in the shared config or credentials files)"
        )));
    }
    let region = region
        .or_else(|| entry.and_then(|p| p.get("region")).map(str::to_string))
        .ok_or_else(|| Failure::Config(NO_REGION.to_string()))?;
    let http = SdkHttp::new(env, tls);
    let config = ProviderConfig::without_region()
        .with_region(Some(Region::new(region.clone())))
        .with_http_client(http.clone())
        .with_sleep_impl(TokioSleep::new());
    let auth = Failure::Auth;
    let mut credentials = match plain {
        _ if settings.map("assume_role_with_web_identity").is_some() => {
            let block = settings
                .map("assume_role_with_web_identity")
                .cloned()
                .unwrap_or_default();
            let client = sts::client(settings, env, &region, &http, None);
            sts::assume_role_with_web_identity(&client, &sts::WebIdentity::from_block(&block))
                .await
                .map_err(auth)?
        }
        Some(plain) => plain,
        None => {
            chain(
                settings,
                env,
                &config,
                &http,
                &region,
                &choice,
                entry.is_some(),
            )
            .await?
        }
    };
    if let Some(block) = settings.map("assume_role") {
        let client = sts::client(settings, env, &region, &http, Some(&credentials));
        credentials = sts::assume_role(&client, block).await.map_err(auth)?;
    }
    Ok(Found {
        region,
        credentials,
    })
}

/// The SDK sources after plain keys: the block's profile; else web identity from the
/// environment, then `AWS_PROFILE`'s or the default profile; then container credentials and the
/// instance metadata service (a profile without credentials falls through to them, as in Go's
/// SDK).
async fn chain(
    settings: &Settings,
    env: &Env,
    config: &ProviderConfig,
    http: &SdkHttp,
    region: &str,
    choice: &ProfileChoice<'_>,
    profile_exists: bool,
) -> Result<Credentials, Failure> {
    let profile = choice.name;
    if !choice.by_block
        && let Some(web) = sts::WebIdentity::from_env(env)
    {
        let client = sts::client(settings, env, region, http, None);
        return sts::assume_role_with_web_identity(&client, &web)
            .await
            .map_err(Failure::Auth);
    }
    if profile_exists {
        let provider = ProfileFileCredentialsProvider::builder()
            .configure(config)
            .profile_files(shared_files(settings, env))
            .profile_name(profile)
            .build();
        if let Some(found) = ask(provider, &format!("profile {profile}")).await? {
            return Ok(found);
        }
    }
    if env
        .first(&[
            "AWS_CONTAINER_CREDENTIALS_FULL_URI",
            "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
        ])
        .is_some()
    {
        let provider = aws_config::ecs::EcsCredentialsProvider::builder()
            .configure(config)
            .build();
        return provider
            .provide_credentials()
            .await
            .map(|c| from_sdk(&c))
            .map_err(|e| Failure::Auth(format!("container credentials: {}", sdk_cause(&e))));
    }
    let disabled = settings.bool("skip_metadata_api_check").unwrap_or_else(|| {
        env.get("AWS_EC2_METADATA_DISABLED")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"))
    });
    if !disabled {
        let mut client = imds::Client::builder().configure(config);
        if let Some(endpoint) = settings
            .string("ec2_metadata_service_endpoint")
            .or_else(|| env.first(&["AWS_EC2_METADATA_SERVICE_ENDPOINT", "AWS_METADATA_URL"]))
        {
            client = client.endpoint(endpoint).map_err(|_| {
                Failure::Config(format!(
                    "the instance metadata endpoint {} is not a valid URL",
                    crate::client::redact_url(endpoint)
                ))
            })?;
        }
        if let Some(mode) = settings
            .string("ec2_metadata_service_endpoint_mode")
            .or_else(|| env.get("AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE"))
        {
            client = client.endpoint_mode(mode.parse().map_err(|_| {
                Failure::Config(format!(
                    "ec2_metadata_service_endpoint_mode must be IPv4 or IPv6, not {mode:?}"
                ))
            })?);
        }
        let provider = imds::credentials::ImdsCredentialsProvider::builder()
            .configure(config)
            .imds_client(client.build())
            .build();
        if let Some(found) = ask(provider, "instance metadata").await? {
            return Ok(found);
        }
    }
    Err(Failure::Auth(
        "No valid credential sources found: no access_key/secret_key in the block, no AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, no web identity (AWS_WEB_IDENTITY_TOKEN_FILE), no credentials in the shared files' profile (keys, role, SSO, credential_process), no container credentials, nothing from the instance metadata service".into(),
    ))
}

/// One source of the chain: its credentials, `None` when it has none to give (the chain goes
/// on), or the failure that ends the chain, named after `source`.
async fn ask(
    provider: impl ProvideCredentials,
    source: &str,
) -> Result<Option<Credentials>, Failure> {
    match provider.provide_credentials().await {
        Ok(found) => Ok(Some(from_sdk(&found))),
        Err(CredentialsError::CredentialsNotLoaded(_)) => Ok(None),
        Err(e) => Err(Failure::Auth(format!("{source}: {}", sdk_cause(&e)))),
    }
}

fn from_sdk(found: &aws_credential_types::Credentials) -> Credentials {
    Credentials {
        access_key: found.access_key_id().to_string(),
        secret_key: Secret::new(found.secret_access_key()),
        session_token: found.session_token().map(Secret::new),
    }
}

/// The SDK's error with its causes, on one line.
fn sdk_cause(error: &CredentialsError) -> String {
    super::sdk_error::error_text(error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn block_keys_win_and_the_block_profile_beats_env() {
        let env = Env::from_pairs([
            ("AWS_ACCESS_KEY_ID", "ENVKEY"),
            ("AWS_SECRET_ACCESS_KEY", "envsecret"),
            ("AWS_REGION", "eu-west-1"),
            ("HOME", "/nonexistent-terrace-home"),
        ]);
        let tls = TlsOptions::default();
        let mut s = Settings::new("s3");
        let Ok(found) = find(&s, &env, &tls) else {
            panic!("environment keys not taken");
        };
        assert_eq!(found.credentials.access_key, "ENVKEY");
        s.set("profile", Setting::String("ops".into()));
        match find(&s, &env, &tls) {
            Err(Failure::Config(m)) => assert!(m.contains("profile, ops"), "{m}"),
            _ => panic!("a missing named profile must be an error"),
        }
        s.set("access_key", Setting::String("BLOCK".into()));
        s.set("secret_key", Setting::String("blocksecret".into()));
        assert!(
            find(&s, &env, &tls).is_err(),
            "a missing named profile is an error beside the block's keys too"
        );
        s.remove("profile");
        let Ok(found) = find(&s, &env, &tls) else {
            panic!("block keys not taken");
        };
        assert_eq!(found.credentials.access_key, "BLOCK");
        assert!(!format!("{:?}", found.credentials).contains("blocksecret"));
    }

    #[test]
    fn profile_keys_and_region_from_shared_files() {
        let dir = std::env::temp_dir().join(format!("terrace-s3-creds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_default();
        let credentials = dir.join("credentials");
        let config = dir.join("config");
        std::fs::write(
            &credentials,
            "[ops]\naws_access_key_id = OPSKEY\naws_secret_access_key = opssecret\n",
        )
        .unwrap_or_default();
        std::fs::write(&config, "[profile ops]\nregion = eu-north-1\n").unwrap_or_default();
        let mut s = Settings::new("s3");
        s.set("profile", Setting::String("ops".into()));
        let path = |p: &PathBuf| Setting::List(vec![Setting::String(p.display().to_string())]);
        s.set("shared_credentials_files", path(&credentials));
        s.set("shared_config_files", path(&config));
        let env = Env::from_pairs([("AWS_EC2_METADATA_DISABLED", "true")]);
        let found = find(&s, &env, &TlsOptions::default());
        let _ = std::fs::remove_dir_all(&dir);
        let Ok(found) = found else {
            panic!("the profile's keys were not found");
        };
        assert_eq!(found.region, "eu-north-1");
        assert_eq!(found.credentials.access_key, "OPSKEY");
    }
}
