//! The s3 backend's credentials, in the order Terraform's AWS base library looks: the block's keys, a named profile, `AWS_*` variables, the shared files' profile, the container endpoint. Paths terrace does not follow yet (SSO, web identity, `credential_process`, assumed roles, instance metadata) are named in the error.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::env::Env;
use crate::secret::Secret;
use crate::settings::Settings;

/// An access key pair, with a session token for temporary credentials.
#[derive(Clone, Debug)]
pub(crate) struct Credentials {
    pub(crate) access_key: String,
    pub(crate) secret_key: Secret,
    pub(crate) session_token: Option<Secret>,
}

/// One profile's entries from the shared files.
type Profile = BTreeMap<String, String>;

/// The shared config and credentials files, as the block and `AWS_*` name them.
pub(crate) struct SharedFiles {
    config: Vec<PathBuf>,
    credentials: Vec<PathBuf>,
}

impl SharedFiles {
    pub(crate) fn new(settings: &Settings, env: &Env) -> SharedFiles {
        let home = env.home();
        let default = |var: &str, file: &str| -> Vec<PathBuf> {
            match env.get(var) {
                Some(path) => vec![PathBuf::from(path)],
                None => home.iter().map(|h| h.join(".aws").join(file)).collect(),
            }
        };
        let expand = |paths: Vec<String>| -> Vec<PathBuf> {
            paths
                .into_iter()
                .map(|p| match (p.strip_prefix("~/"), &home) {
                    (Some(rest), Some(home)) => home.join(rest),
                    _ => PathBuf::from(p),
                })
                .collect()
        };
        let config = settings.strings("shared_config_files");
        let credentials = settings.strings("shared_credentials_files");
        SharedFiles {
            config: if config.is_empty() {
                default("AWS_CONFIG_FILE", "config")
            } else {
                expand(config)
            },
            credentials: if credentials.is_empty() {
                default("AWS_SHARED_CREDENTIALS_FILE", "credentials")
            } else {
                expand(credentials)
            },
        }
    }

    /// The profile's entries: the config file's `[profile NAME]` (`[default]`), then the
    /// credentials file's `[NAME]` over them.
    pub(crate) fn profile(&self, name: &str) -> Option<Profile> {
        let mut found: Option<Profile> = None;
        let config_section = if name == "default" {
            "default".to_string()
        } else {
            format!("profile {name}")
        };
        for path in &self.config {
            if let Some(section) = read_ini(path).remove(&config_section) {
                found.get_or_insert_with(Profile::new).extend(section);
            }
        }
        for path in &self.credentials {
            if let Some(section) = read_ini(path).remove(name) {
                found.get_or_insert_with(Profile::new).extend(section);
            }
        }
        found
    }
}

/// The sections of an INI file (`[name]`, `key = value`, `#`/`;` comments); nothing when unreadable.
fn read_ini(path: &std::path::Path) -> BTreeMap<String, Profile> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return BTreeMap::new();
    };
    parse_ini(&text)
}

fn parse_ini(text: &str) -> BTreeMap<String, Profile> {
    let mut sections: BTreeMap<String, Profile> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(['#', ';']) {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
            sections.entry(name.clone()).or_default();
            current = Some(name);
            continue;
        }
        if let (Some(section), Some((key, value))) = (&current, line.split_once('=')) {
            sections
                .entry(section.clone())
                .or_default()
                .insert(key.trim().to_ascii_lowercase(), value.trim().to_string());
        }
    }
    sections
}

/// The profile to use: the block's `profile`, else `AWS_PROFILE`, else `default`; and
/// whether one was named.
pub(crate) fn profile_name<'a>(settings: &'a Settings, env: &'a Env) -> (&'a str, bool) {
    match settings
        .string("profile")
        .or_else(|| env.get("AWS_PROFILE"))
    {
        Some(name) => (name, true),
        None => (env.get("AWS_DEFAULT_PROFILE").unwrap_or("default"), false),
    }
}

/// Finds the credentials. The error says which sources were looked at.
pub(crate) fn find(
    settings: &Settings,
    env: &Env,
    files: &SharedFiles,
    http: &crate::client::Http,
) -> Result<Credentials, String> {
    if let (Some(access_key), Some(secret_key)) =
        (settings.string("access_key"), settings.string("secret_key"))
    {
        return Ok(Credentials {
            access_key: access_key.to_string(),
            secret_key: Secret::new(secret_key),
            session_token: settings.string("token").map(Secret::new),
        });
    }
    let (profile, named) = profile_name(settings, env);
    let from_env = || -> Option<Credentials> {
        Some(Credentials {
            access_key: env
                .first(&["AWS_ACCESS_KEY_ID", "AWS_ACCESS_KEY"])?
                .to_string(),
            secret_key: Secret::new(env.first(&["AWS_SECRET_ACCESS_KEY", "AWS_SECRET_KEY"])?),
            session_token: env.get("AWS_SESSION_TOKEN").map(Secret::new),
        })
    };
    if !named && let Some(found) = from_env() {
        return Ok(found);
    }
    if let Some(entries) = files.profile(profile) {
        return from_profile(profile, &entries);
    }
    if named {
        return Err(format!(
            "failed to get shared config profile, {profile} (no such profile in the shared config or credentials files)"
        ));
    }
    if let Some(found) = container_credentials(env, http)? {
        return Ok(found);
    }
    if env.get("AWS_WEB_IDENTITY_TOKEN_FILE").is_some() {
        return Err("AWS_WEB_IDENTITY_TOKEN_FILE is set: web identity credentials are not supported by terrace yet".into());
    }
    Err("No valid credential sources found: no access_key/secret_key in the block, no AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, no profile in the shared files, no container credentials (terrace does not ask the instance metadata service)".into())
}

/// A profile's static keys; other kinds of profile are named as not supported.
fn from_profile(profile: &str, entries: &Profile) -> Result<Credentials, String> {
    if let (Some(access_key), Some(secret_key)) = (
        entries.get("aws_access_key_id"),
        entries.get("aws_secret_access_key"),
    ) {
        return Ok(Credentials {
            access_key: access_key.clone(),
            secret_key: Secret::new(secret_key.as_str()),
            session_token: entries
                .get("aws_session_token")
                .map(|t| Secret::new(t.as_str())),
        });
    }
    let kind = [
        ("role_arn", "an assumed role (role_arn)"),
        ("sso_session", "SSO (sso_session)"),
        ("sso_start_url", "SSO (sso_start_url)"),
        ("credential_process", "credential_process"),
        ("web_identity_token_file", "web identity"),
    ]
    .iter()
    .find(|(key, _)| entries.contains_key(*key))
    .map(|(_, kind)| *kind);
    Err(match kind {
        Some(kind) => format!("profile {profile} uses {kind}, which terrace does not support yet"),
        None => format!("profile {profile} has no aws_access_key_id and aws_secret_access_key"),
    })
}

/// ECS/EKS container credentials: `AWS_CONTAINER_CREDENTIALS_FULL_URI` or
/// `..._RELATIVE_URI` (on 169.254.170.2), with `AWS_CONTAINER_AUTHORIZATION_TOKEN[_FILE]`.
fn container_credentials(
    env: &Env,
    http: &crate::client::Http,
) -> Result<Option<Credentials>, String> {
    let url = match (
        env.get("AWS_CONTAINER_CREDENTIALS_FULL_URI"),
        env.get("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"),
    ) {
        (Some(full), _) => full.to_string(),
        (None, Some(relative)) => format!("http://169.254.170.2{relative}"),
        (None, None) => return Ok(None),
    };
    let mut headers = Vec::new();
    let token = match env.get("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE") {
        Some(file) => std::fs::read_to_string(file)
            .ok()
            .map(|t| t.trim().to_string()),
        None => env
            .get("AWS_CONTAINER_AUTHORIZATION_TOKEN")
            .map(str::to_string),
    };
    if let Some(token) = token {
        headers.push(("Authorization".to_string(), token));
    }
    let reply = http.get(&url, &headers).map_err(|t| {
        format!(
            "container credentials from {}: {}",
            crate::client::redact_url(&url),
            t.message
        )
    })?;
    if reply.status != 200 {
        return Err(format!(
            "container credentials: the endpoint answered {}",
            reply.status
        ));
    }
    let json: serde_json::Value = serde_json::from_slice(&reply.body)
        .map_err(|_| "container credentials: the answer is not JSON".to_string())?;
    let field = |name: &str| json.get(name).and_then(|v| v.as_str()).map(str::to_string);
    match (field("AccessKeyId"), field("SecretAccessKey")) {
        (Some(access_key), Some(secret)) => Ok(Some(Credentials {
            access_key,
            secret_key: Secret::new(secret),
            session_token: field("Token").map(Secret::new),
        })),
        _ => Err("container credentials: the answer has no AccessKeyId/SecretAccessKey".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn ini_profiles() {
        let ini = parse_ini(
            "# c\n[default]\naws_access_key_id = A\n[profile  dev ]\nregion=eu-west-1\n;x\n",
        );
        assert_eq!(ini["default"]["aws_access_key_id"], "A");
        assert_eq!(ini["profile dev"]["region"], "eu-west-1");
    }

    #[test]
    fn block_keys_win_and_named_profile_beats_env() {
        let env = Env::from_pairs([
            ("AWS_ACCESS_KEY_ID", "ENVKEY"),
            ("AWS_SECRET_ACCESS_KEY", "envsecret"),
        ]);
        let http = crate::client::Http::new(&env, Default::default());
        let mut s = Settings::new("s3");
        let files = SharedFiles {
            config: vec![],
            credentials: vec![],
        };
        assert_eq!(find(&s, &env, &files, &http).unwrap().access_key, "ENVKEY");
        s.set("profile", Setting::String("ops".into()));
        let e = find(&s, &env, &files, &http).unwrap_err();
        assert!(e.contains("profile, ops"), "{e}");
        s.set("access_key", Setting::String("BLOCK".into()));
        s.set("secret_key", Setting::String("blocksecret".into()));
        let found = find(&s, &env, &files, &http).unwrap();
        assert_eq!(found.access_key, "BLOCK");
        assert!(!format!("{found:?}").contains("blocksecret"));
    }

    #[test]
    fn unsupported_profiles_named() {
        let mut p = Profile::new();
        p.insert("sso_session".into(), "x".into());
        assert!(from_profile("p", &p).unwrap_err().contains("SSO"));
    }
}
