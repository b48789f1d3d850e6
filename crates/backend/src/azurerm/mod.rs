//! The `azurerm` backend: blob `KEY` (workspace NAME at `KEY` + `env:NAME`) of `https://ACCOUNT.blob.core.windows.net/CONTAINER`, with the access key (Shared Key), a SAS token or an Azure AD token (`use_azuread_auth`); workspaces from the container's listing.

mod azcli;
mod azuread;
mod certificate;
mod msi;
mod oidc;
mod shared_key;

use std::time::{SystemTime, UNIX_EPOCH};

use crate::client::{Http, Reply, TlsOptions, redact_url};
use crate::env::Env;
use crate::error::{BackendError, ErrorKind};
use crate::fetched::Fetched;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;
use crate::xml_text;

const NAME: &str = "azurerm";
const VERSION: &str = "2023-11-03";

fn error(kind: ErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::new(NAME, kind, message)
}

/// How requests are authorized.
enum Auth {
    SharedKey(Secret),
    Sas(Secret),
    Bearer(Secret),
}

/// The azurerm backend's resolved settings.
struct Azure {
    account: String,
    container: String,
    key: String,
    host: String,
    auth: Auth,
    http: Http,
}

impl Azure {
    fn new(settings: &Settings, env: &Env) -> Result<Azure, BackendError> {
        let need = |key: &str, var: Option<&str>| -> Result<String, BackendError> {
            settings
                .string(key)
                .or_else(|| var.and_then(|v| env.get(v)))
                .map(str::to_string)
                .ok_or_else(|| error(ErrorKind::Config, format!("{key} is not set")))
        };
        let account = need("storage_account_name", None)?;
        let container = need("container_name", None)?;
        let key = need("key", None)?;
        let (suffix, authority) = match settings
            .string_or_env("environment", env, &["ARM_ENVIRONMENT"])
            .unwrap_or("public")
            .to_ascii_lowercase()
            .as_str()
        {
            "public" => ("core.windows.net", "login.microsoftonline.com"),
            "usgovernment" => ("core.usgovcloudapi.net", "login.microsoftonline.us"),
            "china" => ("core.chinacloudapi.cn", "login.chinacloudapi.cn"),
            other => {
                return Err(error(
                    ErrorKind::Config,
                    format!(
                        "environment {other:?} is not one terrace knows (public, usgovernment, china)"
                    ),
                ));
            }
        };
        let http = Http::new(env, TlsOptions::default());
        let host = format!("{account}.blob.{suffix}");
        let auth = if let Some(key) = settings.secret_or_env("access_key", env, &["ARM_ACCESS_KEY"])
        {
            Auth::SharedKey(key)
        } else if let Some(sas) = settings.secret_or_env("sas_token", env, &["ARM_SAS_TOKEN"]) {
            Auth::Sas(Secret::new(sas.expose().trim_start_matches('?')))
        } else if settings
            .bool("use_azuread_auth")
            .or_else(|| {
                env.get("ARM_USE_AZUREAD")
                    .and_then(crate::settings::parse_bool)
            })
            .unwrap_or(false)
        {
            Auth::Bearer(
                azuread::token(settings, env, &http, authority).map_err(|m| {
                    error(
                        ErrorKind::Auth,
                        format!("an Azure AD token for https://{host}/{container}: {m}"),
                    )
                })?,
            )
        } else {
            return Err(error(
                ErrorKind::Auth,
                format!(
                    "https://{host}/{container}: no credentials: set access_key (ARM_ACCESS_KEY), sas_token (ARM_SAS_TOKEN) or use_azuread_auth (ARM_USE_AZUREAD) with an Azure AD credential (terrace does not look the key up through the management API)"
                ),
            ));
        };
        Ok(Azure {
            host,
            account,
            container,
            key,
            auth,
            http,
        })
    }

    fn secrets(&self) -> Vec<&str> {
        match &self.auth {
            Auth::SharedKey(s) | Auth::Sas(s) | Auth::Bearer(s) => vec![s.expose()],
        }
    }

    /// A signed `GET` of `path` (already encoded) with `query`.
    fn get(&self, path: &str, query: &[(String, String)]) -> Result<Reply, BackendError> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or_default();
        let ms = vec![
            ("x-ms-date".to_string(), shared_key::rfc1123(now)),
            ("x-ms-version".to_string(), VERSION.to_string()),
        ];
        let mut headers = ms.clone();
        let mut pairs: Vec<String> = query
            .iter()
            .map(|(k, v)| format!("{k}={}", crate::client::encode_path(v, false)))
            .collect();
        match &self.auth {
            Auth::SharedKey(key) => {
                let to_sign = shared_key::string_to_sign("GET", &self.account, path, query, &ms);
                let auth = shared_key::authorization(&self.account, key.expose(), &to_sign)
                    .ok_or_else(|| error(ErrorKind::Config, "access_key is not base64"))?;
                headers.push(("Authorization".to_string(), auth));
            }
            Auth::Sas(sas) => pairs.push(sas.expose().to_string()),
            Auth::Bearer(token) => {
                headers.push((
                    "Authorization".to_string(),
                    format!("Bearer {}", token.expose()),
                ));
            }
        }
        let url = if pairs.is_empty() {
            format!("https://{}{path}", self.host)
        } else {
            format!("https://{}{path}?{}", self.host, pairs.join("&"))
        };
        let shown = format!("https://{}{path}", self.host);
        self.http.get(&url, &headers).map_err(|t| {
            error(
                t.kind,
                format!("reading {shown}: {}", scrub(&t.message, &self.secrets())),
            )
        })
    }

    fn answer_error(&self, place: &str, reply: &Reply) -> BackendError {
        let text = reply.text();
        let code = reply
            .header("x-ms-error-code")
            .map(str::to_string)
            .or_else(|| xml_text::first(&text, "Code"))
            .unwrap_or_else(|| format!("HTTP {}", reply.status));
        let message = xml_text::first(&text, "Message")
            .map(|m| m.lines().next().unwrap_or_default().to_string())
            .unwrap_or_default();
        let (kind, cause) = match (reply.status, code.as_str()) {
            (_, "ContainerNotFound") => (
                ErrorKind::NotFound,
                format!("the container {:?} does not exist", self.container),
            ),
            (401 | 403, _) => (ErrorKind::Auth, "access denied".to_string()),
            (404, _) => (ErrorKind::NotFound, "not found".to_string()),
            _ => (
                ErrorKind::Server,
                "the server answered with an error".to_string(),
            ),
        };
        let detail = scrub(
            &if message.is_empty() {
                code.clone()
            } else {
                format!("{code}: {message}")
            },
            &self.secrets(),
        );
        error(kind, format!("reading {place}: {cause} ({detail})"))
    }

    fn blob_name(&self, workspace: &str) -> String {
        if workspace == "default" {
            self.key.clone()
        } else {
            format!("{}env:{workspace}", self.key)
        }
    }

    fn read(&self, workspace: &str) -> Result<Fetched, BackendError> {
        let blob = self.blob_name(workspace);
        let path = format!("/{}/{}", encode(&self.container), encode(&blob));
        let place = redact_url(&format!("https://{}{path}", self.host));
        let reply = self.get(&path, &[])?;
        match reply.status {
            200 => Ok(Fetched {
                bytes: (!reply.body.is_empty()).then_some(reply.body),
                place,
            }),
            404 if reply.header("x-ms-error-code") != Some("ContainerNotFound") => {
                Ok(Fetched { bytes: None, place })
            }
            _ => Err(self.answer_error(&place, &reply)),
        }
    }

    fn workspaces(&self) -> Result<Vec<String>, BackendError> {
        let prefix = format!("{}env:", self.key);
        let path = format!("/{}", encode(&self.container));
        let mut names = Vec::new();
        let mut marker = String::new();
        loop {
            let mut query = vec![
                ("comp".to_string(), "list".to_string()),
                ("prefix".to_string(), prefix.clone()),
                ("restype".to_string(), "container".to_string()),
            ];
            if !marker.is_empty() {
                query.push(("marker".to_string(), marker.clone()));
            }
            let reply = self.get(&path, &query)?;
            if reply.status != 200 {
                return Err(self.answer_error(&format!("https://{}{path}", self.host), &reply));
            }
            let text = reply.text();
            for name in xml_text::elements(&text, "Name") {
                if let Some(ws) = name.strip_prefix(&prefix)
                    && !ws.is_empty()
                    && ws != "default"
                {
                    names.push(ws.to_string());
                }
            }
            marker = xml_text::first(&text, "NextMarker").unwrap_or_default();
            if marker.is_empty() {
                break;
            }
        }
        names.sort();
        names.insert(0, "default".to_string());
        Ok(names)
    }
}

/// A path segment as Go's `url.PathEscape` leaves it (`:` `@` `=` `+` `&` `$` kept), `/` kept too.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~:@=+&$/!'()*,;".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Reads workspace `workspace`'s blob.
pub(crate) fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    Azure::new(settings, env)?.read(workspace)
}

/// Lists the workspaces in the container.
pub(crate) fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    Azure::new(settings, env)?.workspaces()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn blob_layout() {
        let mut s = Settings::new("azurerm");
        for (k, v) in [
            ("storage_account_name", "acct"),
            ("container_name", "tfstate"),
            ("key", "network.terraform.tfstate"),
            ("access_key", "a2V5"),
        ] {
            s.set(k, Setting::String(v.into()));
        }
        let a = Azure::new(&s, &Env::default()).unwrap();
        assert_eq!(a.host, "acct.blob.core.windows.net");
        assert_eq!(a.blob_name("dev"), "network.terraform.tfstateenv:dev");
        assert_eq!(encode("a b:c/d"), "a%20b:c/d");
    }

    /// The block's `use_azuread_auth = false` wins over `ARM_USE_AZUREAD` (Terraform reads the
    /// variable only for an argument left out).
    #[test]
    fn block_before_environment() {
        let mut s = Settings::new("azurerm");
        for (k, v) in [
            ("storage_account_name", "acct"),
            ("container_name", "tfstate"),
            ("key", "k"),
        ] {
            s.set(k, Setting::String(v.into()));
        }
        s.set("use_azuread_auth", Setting::Bool(false));
        let env = Env::from_pairs([("ARM_USE_AZUREAD", "true"), ("PATH", "/nonexistent")]);
        let err = Azure::new(&s, &env).err().unwrap();
        assert!(err.message().contains("no credentials"), "{err}");
        assert!(
            err.message()
                .contains("https://acct.blob.core.windows.net/tfstate")
        );
    }
}
