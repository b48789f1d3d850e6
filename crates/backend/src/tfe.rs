//! The `cloud` block and the `remote` backend (HCP Terraform, Terraform Enterprise): the workspace by name through the documented API v2, its current state version, the state download, and (`cloud`) the workspace's variables; the token from the block, `TF_TOKEN_<host>` or the CLI's `credentials.tfrc.json`.

use crate::client::{Http, Reply, TlsOptions, encode_path, redact_url};
use crate::env::Env;
use crate::error::{BackendError, ErrorKind};
use crate::fetched::Fetched;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;
use crate::workspace_variable::WorkspaceVariable;

const DEFAULT_HOST: &str = "app.terraform.io";

/// The resolved settings of a `cloud` block or `remote` backend.
struct Tfe {
    kind: String,
    host: String,
    organization: String,
    /// `workspaces { name = ... }`: the one workspace.
    name: Option<String>,
    /// `workspaces { prefix = ... }` (`remote` only).
    prefix: Option<String>,
    /// `workspaces { tags = [...] }` (`cloud` only).
    tags: Vec<String>,
    token: Secret,
    http: Http,
}

impl Tfe {
    fn new(settings: &Settings, env: &Env) -> Result<Tfe, BackendError> {
        let kind = settings.kind().to_string();
        let error = |k, m: String| BackendError::new(&kind, k, m);
        let cloud = kind == "cloud";
        let host = settings
            .string("hostname")
            .or_else(|| {
                if cloud {
                    env.get("TF_CLOUD_HOSTNAME")
                } else {
                    None
                }
            })
            .unwrap_or(DEFAULT_HOST)
            .to_string();
        let organization = settings
            .string("organization")
            .or_else(|| {
                if cloud {
                    env.get("TF_CLOUD_ORGANIZATION")
                } else {
                    None
                }
            })
            .ok_or_else(|| error(ErrorKind::Config, "organization is not set".into()))?
            .to_string();
        let workspaces = settings.map("workspaces");
        let entry = |key: &str| {
            workspaces
                .and_then(|w| w.get(key))
                .and_then(|v| v.as_str())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        let tags = match workspaces.and_then(|w| w.get("tags")) {
            Some(crate::settings::Setting::List(items)) => items
                .iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        };
        let name = entry("name").or_else(|| {
            if cloud && workspaces.is_none() {
                env.get("TF_WORKSPACE").map(str::to_string)
            } else {
                None
            }
        });
        let token = settings
            .string("token")
            .map(Secret::new)
            .or_else(|| token_from_env(&host, env))
            .or_else(|| env.cli_token(&host).cloned())
            .or_else(|| token_from_credentials_file(&host, env))
            .ok_or_else(|| {
                error(
                    ErrorKind::Auth,
                    format!(
                        "no token for {host}: set token in the block, {} or the CLI credentials file (terraform login)",
                        token_variable(&host)
                    ),
                )
            })?;
        Ok(Tfe {
            kind,
            host,
            organization,
            name,
            prefix: entry("prefix"),
            tags,
            token,
            http: Http::new(env, TlsOptions::default()),
        })
    }

    fn error(&self, kind: ErrorKind, message: impl Into<String>) -> BackendError {
        BackendError::new(&self.kind, kind, message)
    }

    /// The remote workspace for the CLI workspace `selected`.
    fn remote_name(&self, selected: &str) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        match &self.prefix {
            Some(prefix) => format!("{prefix}{selected}"),
            None => selected.to_string(),
        }
    }

    fn get(&self, url: &str) -> Result<Reply, BackendError> {
        let headers = vec![
            (
                "Authorization".to_string(),
                format!("Bearer {}", self.token.expose()),
            ),
            ("Accept".to_string(), "application/vnd.api+json".to_string()),
        ];
        self.http.get(url, &headers).map_err(|t| {
            self.error(
                t.kind,
                format!(
                    "reading {}: {}",
                    redact_url(url),
                    scrub(&t.message, &[self.token.expose()])
                ),
            )
        })
    }

    /// The API's base URL, from the host's service discovery (`tfe.v2`).
    fn api_base(&self) -> Result<String, BackendError> {
        let root = format!("https://{}", self.host);
        let reply = self.get(&format!("{root}/.well-known/terraform.json"))?;
        let discovered = (reply.status == 200)
            .then(|| serde_json::from_slice::<serde_json::Value>(&reply.body).ok())
            .flatten()
            .and_then(|v| v.get("tfe.v2").and_then(|p| p.as_str()).map(str::to_string));
        let path = match discovered {
            Some(path) => path,
            None if reply.status == 404 => "/api/v2/".to_string(),
            None => {
                return Err(self.error(
                    ErrorKind::Server,
                    format!("{} does not offer the HCP Terraform API (no tfe.v2 in its service discovery)", self.host),
                ));
            }
        };
        let base = if path.starts_with("https://") {
            path
        } else {
            format!("{root}/{}", path.trim_start_matches('/'))
        };
        Ok(if base.ends_with('/') {
            base
        } else {
            format!("{base}/")
        })
    }

    fn answer_error(&self, what: &str, reply: &Reply) -> BackendError {
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
        let detail = json
            .pointer("/errors/0/detail")
            .or_else(|| json.pointer("/errors/0/title"))
            .or_else(|| json.pointer("/errors/0"))
            .and_then(|d| d.as_str())
            .unwrap_or_default();
        let detail = scrub(detail, &[self.token.expose()]);
        let (kind, cause) = match reply.status {
            401 => (
                ErrorKind::Auth,
                "the token was refused (unauthorized)".to_string(),
            ),
            403 => (ErrorKind::Auth, "access denied".to_string()),
            404 => (
                ErrorKind::NotFound,
                "not found, or the token cannot see it".to_string(),
            ),
            code => (ErrorKind::Server, format!("the server answered {code}")),
        };
        let detail = if detail.is_empty() {
            String::new()
        } else {
            format!(" ({detail})")
        };
        self.error(kind, format!("{what}: {cause}{detail}"))
    }

    fn read(&self, selected: &str) -> Result<Fetched, BackendError> {
        if self.name.is_some() && selected != "default" && Some(selected) != self.name.as_deref() {
            return Err(self.error(
                ErrorKind::Unsupported,
                format!(
                    "workspaces.name selects the one workspace {:?}: there is no workspace {selected:?}",
                    self.name.as_deref().unwrap_or_default()
                ),
            ));
        }
        let remote = self.remote_name(selected);
        let place = format!("{}/{}/{remote}", self.host, self.organization);
        let base = self.api_base()?;
        let url = format!(
            "{base}organizations/{}/workspaces/{}",
            encode_path(&self.organization, false),
            encode_path(&remote, false)
        );
        let reply = self.get(&url)?;
        if reply.status != 200 {
            return Err(self.answer_error(&format!("workspace {place}"), &reply));
        }
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
        let Some(id) = json.pointer("/data/id").and_then(|i| i.as_str()) else {
            return Err(self.error(
                ErrorKind::Invalid,
                format!("workspace {place}: the answer has no id"),
            ));
        };
        let url = format!(
            "{base}workspaces/{}/current-state-version",
            encode_path(id, false)
        );
        let reply = self.get(&url)?;
        if reply.status == 404 {
            return Ok(Fetched { bytes: None, place });
        }
        if reply.status != 200 {
            return Err(self.answer_error(&format!("the current state version of {place}"), &reply));
        }
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
        let Some(download) = json
            .pointer("/data/attributes/hosted-state-download-url")
            .and_then(|u| u.as_str())
            .filter(|u| !u.is_empty())
        else {
            return Ok(Fetched { bytes: None, place });
        };
        let reply = self.get(download)?;
        if reply.status != 200 {
            return Err(self.answer_error(&format!("the state of {place}"), &reply));
        }
        Ok(Fetched {
            bytes: (!reply.body.is_empty()).then_some(reply.body),
            place,
        })
    }

    /// The workspace's variables of category "terraform" (go-tfe's `Variables.ListAll`:
    /// `workspaces/ID/all-vars`, the workspace's and its variable sets'), none in local
    /// execution mode or when the server has no such list (404), as Terraform's `cloud` block
    /// reads them for its console (`FetchVariables`).
    fn variables(&self, selected: &str) -> Result<Vec<WorkspaceVariable>, BackendError> {
        let remote = self.remote_name(selected);
        let place = format!("{}/{}/{remote}", self.host, self.organization);
        let base = self.api_base()?;
        let url = format!(
            "{base}organizations/{}/workspaces/{}",
            encode_path(&self.organization, false),
            encode_path(&remote, false)
        );
        let reply = self.get(&url)?;
        if reply.status != 200 {
            return Err(self.answer_error(&format!("workspace {place}"), &reply));
        }
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
        let Some(id) = json.pointer("/data/id").and_then(|i| i.as_str()) else {
            return Err(self.error(
                ErrorKind::Invalid,
                format!("workspace {place}: the answer has no id"),
            ));
        };
        let mode = json
            .pointer("/data/attributes/execution-mode")
            .and_then(|m| m.as_str());
        if mode == Some("local") {
            return Ok(Vec::new());
        }
        let url = format!("{base}workspaces/{}/all-vars", encode_path(id, false));
        let reply = self.get(&url)?;
        if reply.status == 404 {
            return Ok(Vec::new());
        }
        if reply.status != 200 {
            return Err(self.answer_error(&format!("the variables of {place}"), &reply));
        }
        let json: serde_json::Value = serde_json::from_slice(&reply.body).map_err(|_| {
            self.error(
                ErrorKind::Invalid,
                format!("the variables of {place}: the answer is not JSON"),
            )
        })?;
        let items = json.get("data").and_then(|d| d.as_array());
        Ok(items
            .into_iter()
            .flatten()
            .filter_map(|item| {
                let attrs = item.get("attributes")?;
                if attrs.get("category").and_then(|c| c.as_str()) != Some("terraform") {
                    return None;
                }
                let flag = |name: &str| attrs.get(name).and_then(|v| v.as_bool()) == Some(true);
                let sensitive = flag("sensitive");
                Some(WorkspaceVariable {
                    key: attrs.get("key")?.as_str()?.to_string(),
                    value: if sensitive {
                        None
                    } else {
                        Some(
                            attrs
                                .get("value")
                                .and_then(|v| v.as_str())
                                .unwrap_or_default()
                                .to_string(),
                        )
                    },
                    hcl: flag("hcl"),
                    sensitive,
                })
            })
            .collect())
    }

    fn workspaces(&self) -> Result<Vec<String>, BackendError> {
        if self.name.is_some() {
            return Ok(vec![self.remote_name("default")]);
        }
        let base = self.api_base()?;
        let mut names = Vec::new();
        let mut page = 1u64;
        loop {
            let mut url = format!(
                "{base}organizations/{}/workspaces?page%5Bnumber%5D={page}&page%5Bsize%5D=100",
                encode_path(&self.organization, false)
            );
            if !self.tags.is_empty() {
                url.push_str(&format!(
                    "&search%5Btags%5D={}",
                    encode_path(&self.tags.join(","), false)
                ));
            }
            if let Some(prefix) = &self.prefix {
                url.push_str(&format!("&search%5Bname%5D={}", encode_path(prefix, false)));
            }
            let reply = self.get(&url)?;
            if reply.status != 200 {
                return Err(self.answer_error(
                    &format!("the workspaces of {}/{}", self.host, self.organization),
                    &reply,
                ));
            }
            let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
            for item in json
                .get("data")
                .and_then(|d| d.as_array())
                .into_iter()
                .flatten()
            {
                let Some(name) = item.pointer("/attributes/name").and_then(|n| n.as_str()) else {
                    continue;
                };
                match &self.prefix {
                    Some(prefix) => {
                        if let Some(rest) = name.strip_prefix(prefix.as_str()) {
                            names.push(rest.to_string());
                        }
                    }
                    None => names.push(name.to_string()),
                }
            }
            match json
                .pointer("/meta/pagination/next-page")
                .and_then(|n| n.as_u64())
            {
                Some(next) if next > page => page = next,
                _ => break,
            }
        }
        names.sort();
        Ok(names)
    }
}

/// `TF_TOKEN_<host>`: dots as `_`, hyphens as `__` (or kept), as Terraform reads it.
fn token_variable(host: &str) -> String {
    format!("TF_TOKEN_{}", host.replace('-', "__").replace('.', "_"))
}

fn token_from_env(host: &str, env: &Env) -> Option<Secret> {
    let plain = format!("TF_TOKEN_{}", host.replace('.', "_"));
    env.first(&[&token_variable(host), &plain]).map(Secret::new)
}

/// The token `terraform login` stored: `credentials.tfrc.json` in `TF_CLI_CONFIG_DIR` or
/// `~/.terraform.d`.
fn token_from_credentials_file(host: &str, env: &Env) -> Option<Secret> {
    let dir = env
        .get("TF_CLI_CONFIG_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| env.home().map(|h| h.join(".terraform.d")))?;
    let text = std::fs::read(dir.join("credentials.tfrc.json")).ok()?;
    let json: serde_json::Value = serde_json::from_slice(&text).ok()?;
    json.get("credentials")?
        .get(host)?
        .get("token")?
        .as_str()
        .map(Secret::new)
}

/// The CLI workspace a `cloud` block pins: its `workspaces { name }`, or `TF_WORKSPACE` when it
/// has no `workspaces` block (then `terraform.workspace` is that name, as in Terraform). The
/// `remote` backend's `name` is CLI workspace `default`.
pub(crate) fn pinned_workspace(settings: &Settings, env: &Env) -> Option<String> {
    if settings.kind() != "cloud" {
        return None;
    }
    match settings.map("workspaces") {
        Some(workspaces) => workspaces
            .get("name")
            .and_then(|v| v.as_str())
            .filter(|s| !s.is_empty())
            .map(str::to_string),
        None => env.get("TF_WORKSPACE").map(str::to_string),
    }
}

/// Reads the state of the remote workspace the CLI workspace `workspace` maps to.
pub(crate) fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    Tfe::new(settings, env)?.read(workspace)
}

/// The input variables of the remote workspace the CLI workspace `workspace` maps to.
pub(crate) fn workspace_variables(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Vec<WorkspaceVariable>, BackendError> {
    Tfe::new(settings, env)?.variables(workspace)
}

/// The workspaces (for `remote` with a prefix, without it).
pub(crate) fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    Tfe::new(settings, env)?.workspaces()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;
    use std::collections::BTreeMap;

    #[test]
    fn tokens_and_names() {
        assert_eq!(
            token_variable("tfe.example-corp.com"),
            "TF_TOKEN_tfe_example__corp_com"
        );
        let env = Env::from_pairs([("TF_TOKEN_app_terraform_io", "tok-0123456789")]);
        let mut s = Settings::new("remote");
        s.set("organization", Setting::String("acme".into()));
        let mut ws = BTreeMap::new();
        ws.insert("prefix".to_string(), Setting::String("net-".into()));
        s.set("workspaces", Setting::Map(ws));
        let t = Tfe::new(&s, &env).unwrap();
        assert_eq!(t.host, "app.terraform.io");
        assert_eq!(t.remote_name("dev"), "net-dev");
        assert!(!format!("{:?}", t.token).contains("tok-"));
        let e = Tfe::new(&s, &Env::default()).err().unwrap();
        assert!(e.to_string().contains("TF_TOKEN_app_terraform_io"), "{e}");
    }
}
