//! `use_azuread_auth`: an Azure AD access token for Azure Storage, from the first credential configured in the order of Terraform 1.15.5's azurerm backend (go-azure-sdk's `NewAuthorizerFromCredentials`): client certificate, client secret, OIDC token, OIDC token request (GitHub Actions, Azure DevOps), managed identity (`use_msi`), Azure CLI (`use_cli`, on by default).

use crate::client::{Http, encode_path, redact_url};
use crate::env::Env;
use crate::secret::{Secret, scrub};
use crate::settings::{Settings, parse_bool};

/// The resource Azure Storage tokens are for, and its OAuth 2 scope.
const STORAGE_RESOURCE: &str = "https://storage.azure.com";
const STORAGE_SCOPE: &str = "https://storage.azure.com/.default";
const ASSERTION_TYPE: &str = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/// A string argument or its environment variables, trimmed, then checked against the file
/// named by `file_key`/`file_var` (Terraform's `client_id_file_path`, `client_secret_file_path`):
/// both given and different is an error.
fn with_file(
    settings: &Settings,
    env: &Env,
    key: &str,
    vars: &[&str],
    file_key: &str,
    file_var: &str,
) -> Result<Option<Secret>, String> {
    let given = settings
        .string_or_env(key, env, vars)
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    let Some(path) = settings.string_or_env(file_key, env, &[file_var]) else {
        return Ok(given.map(Secret::new));
    };
    let read = std::fs::read_to_string(path)
        .map_err(|e| format!("reading {key} from the file {path:?}: {e}"))?;
    let read = read.trim().to_string();
    if let Some(given) = &given
        && *given != read
    {
        return Err(format!(
            "{key} and the contents of {file_key} ({path:?}) differ: remove one or make them match"
        ));
    }
    Ok(Some(Secret::new(read)).filter(|s| !s.is_empty()))
}

/// A bool argument, else its environment variable, else `default`.
fn flag(settings: &Settings, env: &Env, key: &str, var: &str, default: bool) -> bool {
    settings
        .bool(key)
        .or_else(|| env.get(var).and_then(parse_bool))
        .unwrap_or(default)
}

/// The Azure AD token for Azure Storage; `authority` is the cloud's login host
/// (`login.microsoftonline.com`).
pub(super) fn token(
    settings: &Settings,
    env: &Env,
    http: &Http,
    authority: &str,
) -> Result<Secret, String> {
    let tenant = settings
        .string_or_env("tenant_id", env, &["ARM_TENANT_ID"])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    let client = with_file(
        settings,
        env,
        "client_id",
        &["ARM_CLIENT_ID"],
        "client_id_file_path",
        "ARM_CLIENT_ID_FILE_PATH",
    )?
    .map(|s| s.expose().to_string());
    let secret = with_file(
        settings,
        env,
        "client_secret",
        &["ARM_CLIENT_SECRET"],
        "client_secret_file_path",
        "ARM_CLIENT_SECRET_FILE_PATH",
    )?;
    let use_oidc = flag(settings, env, "use_oidc", "ARM_USE_OIDC", false)
        || flag(
            settings,
            env,
            "use_aks_workload_identity",
            "ARM_USE_AKS_WORKLOAD_IDENTITY",
            false,
        );
    let oidc = super::oidc::Oidc::new(settings, env)?;
    let (tenant, client) = if use_oidc {
        oidc.workload_identity(tenant, client)?
    } else {
        (tenant, client)
    };
    if let (Some(tenant), Some(client)) = (&tenant, &client) {
        let ad = Ad {
            http,
            authority,
            tenant,
            client,
        };
        if let Some(certificate) = super::certificate::Certificate::from_settings(settings, env)? {
            let assertion = certificate.assertion(client, &ad.token_url());
            return ad.request(
                &[
                    ("client_assertion_type", ASSERTION_TYPE),
                    ("client_assertion", assertion.expose()),
                ],
                "the client certificate",
                &[assertion.expose()],
            );
        }
        if let Some(secret) = &secret {
            return ad.request(
                &[("client_secret", secret.expose())],
                "the client secret",
                &[secret.expose()],
            );
        }
        if use_oidc && let Some(assertion) = oidc.assertion(http)? {
            return ad.request(
                &[
                    ("client_assertion_type", ASSERTION_TYPE),
                    ("client_assertion", assertion.expose()),
                ],
                "the OIDC token",
                &[assertion.expose()],
            );
        }
    }
    if flag(settings, env, "use_msi", "ARM_USE_MSI", false) {
        return super::msi::token(settings, env, client.as_deref(), STORAGE_RESOURCE);
    }
    if flag(settings, env, "use_cli", "ARM_USE_CLI", true) {
        return super::azcli::token(env, tenant.as_deref());
    }
    Err("use_azuread_auth: no Azure AD credential is configured: set client_id and tenant_id (ARM_CLIENT_ID, ARM_TENANT_ID) with client_secret or client_certificate_path (ARM_CLIENT_SECRET, ARM_CLIENT_CERTIFICATE_PATH) or use_oidc and an OIDC token; or use_msi; or leave use_cli on and run az login".into())
}

/// A client-credentials request to one tenant's token endpoint.
struct Ad<'a> {
    http: &'a Http,
    authority: &'a str,
    tenant: &'a str,
    client: &'a str,
}

impl Ad<'_> {
    /// `https://AUTHORITY/TENANT/oauth2/v2.0/token`.
    fn token_url(&self) -> String {
        format!(
            "https://{}/{}/oauth2/v2.0/token",
            self.authority,
            encode_path(self.tenant, false)
        )
    }

    /// `POST` to the token URL with the client's proof (`fields`).
    fn request(
        &self,
        fields: &[(&str, &str)],
        what: &str,
        secrets: &[&str],
    ) -> Result<Secret, String> {
        let url = self.token_url();
        let mut form = vec![
            ("client_id", self.client),
            ("grant_type", "client_credentials"),
            ("scope", STORAGE_SCOPE),
        ];
        form.extend_from_slice(fields);
        let body = form
            .iter()
            .map(|(k, v)| format!("{k}={}", encode_path(v, false)))
            .collect::<Vec<_>>()
            .join("&");
        let headers = vec![(
            "Content-Type".to_string(),
            "application/x-www-form-urlencoded".to_string(),
        )];
        let shown = redact_url(&url);
        let reply = self
            .http
            .post(&url, &headers, body.as_bytes())
            .map_err(|t| format!("asking {shown} for a token: {}", scrub(&t.message, secrets)))?;
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
        match json.get("access_token").and_then(|t| t.as_str()) {
            Some(token) if reply.status == 200 && !token.is_empty() => Ok(Secret::new(token)),
            _ => {
                let code = json
                    .get("error")
                    .and_then(|e| e.as_str())
                    .unwrap_or("no token");
                let description = json
                    .get("error_description")
                    .and_then(|e| e.as_str())
                    .and_then(|d| d.lines().next())
                    .unwrap_or_default();
                Err(scrub(
                    &format!(
                        "Azure AD ({shown}) refused {what} of client {} ({}: {code}{}{description})",
                        self.client,
                        reply.status,
                        if description.is_empty() { "" } else { ": " },
                    ),
                    secrets,
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn file_and_value_must_agree() {
        let dir = std::env::temp_dir().join(format!("terrace-azuread-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("client-id");
        std::fs::write(&file, "id-1\n").unwrap();
        let mut s = Settings::new("azurerm");
        s.set(
            "client_id_file_path",
            Setting::String(file.display().to_string()),
        );
        let env = Env::default();
        let read = |s: &Settings| {
            with_file(
                s,
                &env,
                "client_id",
                &["ARM_CLIENT_ID"],
                "client_id_file_path",
                "X",
            )
        };
        assert_eq!(read(&s).unwrap().unwrap().expose(), "id-1");
        s.set("client_id", Setting::String("id-2".into()));
        assert!(read(&s).unwrap_err().contains("differ"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn nothing_configured_and_no_cli() {
        let mut s = Settings::new("azurerm");
        s.set("use_cli", Setting::Bool(false));
        let env = Env::default();
        let http = Http::new(&env, crate::client::TlsOptions::default());
        let err = token(&s, &env, &http, "login.microsoftonline.com").unwrap_err();
        assert!(err.contains("no Azure AD credential"), "{err}");
    }
}
