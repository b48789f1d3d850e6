//! `use_oidc`: the federated token (client assertion) an Azure AD token is asked with — `oidc_token`/`ARM_OIDC_TOKEN`, `oidc_token_file_path`/`ARM_OIDC_TOKEN_FILE_PATH`, AKS workload identity's `AZURE_FEDERATED_TOKEN_FILE`, else one requested from GitHub Actions (`ACTIONS_ID_TOKEN_REQUEST_URL`/`_TOKEN`) or an Azure DevOps pipeline (`SYSTEM_OIDCREQUESTURI`, `SYSTEM_ACCESSTOKEN`, a service connection), as Terraform 1.15.5's azurerm backend finds it.

use crate::client::{Http, redact_url};
use crate::env::Env;
use crate::secret::{Secret, scrub};
use crate::settings::{Settings, parse_bool};

/// The OIDC settings of one backend block (`Debug` shows no token: `Secret`).
#[derive(Debug)]
pub(super) struct Oidc {
    /// The token given (argument, variable or file).
    token: Option<Secret>,
    request_url: Option<String>,
    request_token: Option<Secret>,
    service_connection: Option<String>,
    /// `use_aks_workload_identity`: tenant and client from `AZURE_TENANT_ID`/`AZURE_CLIENT_ID`.
    aks: Option<(Option<String>, Option<String>)>,
}

fn read_token(path: &str, what: &str) -> Result<String, String> {
    std::fs::read_to_string(path)
        .map(|t| t.trim().to_string())
        .map_err(|e| format!("reading the OIDC token from the file {path:?}{what}: {e}"))
}

impl Oidc {
    /// Reads the settings (and the token files they name).
    pub(super) fn new(settings: &Settings, env: &Env) -> Result<Oidc, String> {
        let mut token = settings
            .string_or_env("oidc_token", env, &["ARM_OIDC_TOKEN"])
            .map(|t| t.trim().to_string())
            .unwrap_or_default();
        let mismatch = "the OIDC token given and the contents of its file differ: remove one or make them match";
        if let Some(path) =
            settings.string_or_env("oidc_token_file_path", env, &["ARM_OIDC_TOKEN_FILE_PATH"])
        {
            let read = read_token(path, "")?;
            if !token.is_empty() && token != read {
                return Err(mismatch.into());
            }
            token = read;
        }
        let aks_on = settings
            .bool("use_aks_workload_identity")
            .or_else(|| {
                env.get("ARM_USE_AKS_WORKLOAD_IDENTITY")
                    .and_then(parse_bool)
            })
            .unwrap_or(false);
        if aks_on && let Some(path) = env.get("AZURE_FEDERATED_TOKEN_FILE") {
            let read = read_token(path, " (AKS workload identity)")?;
            if !token.is_empty() && token != read {
                return Err(mismatch.into());
            }
            token = read;
        }
        Ok(Oidc {
            token: Some(Secret::new(token)).filter(|t| !t.is_empty()),
            request_url: settings
                .string_or_env(
                    "oidc_request_url",
                    env,
                    &[
                        "ARM_OIDC_REQUEST_URL",
                        "ACTIONS_ID_TOKEN_REQUEST_URL",
                        "SYSTEM_OIDCREQUESTURI",
                    ],
                )
                .map(str::to_string),
            request_token: settings.secret_or_env(
                "oidc_request_token",
                env,
                &[
                    "ARM_OIDC_REQUEST_TOKEN",
                    "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
                    "SYSTEM_ACCESSTOKEN",
                ],
            ),
            service_connection: settings
                .string_or_env(
                    "ado_pipeline_service_connection_id",
                    env,
                    &[
                        "ARM_ADO_PIPELINE_SERVICE_CONNECTION_ID",
                        "ARM_OIDC_AZURE_SERVICE_CONNECTION_ID",
                    ],
                )
                .map(str::to_string),
            aks: aks_on.then(|| {
                (
                    env.get("AZURE_TENANT_ID").map(str::to_string),
                    env.get("AZURE_CLIENT_ID").map(str::to_string),
                )
            }),
        })
    }

    /// Tenant and client with AKS workload identity's `AZURE_TENANT_ID`/`AZURE_CLIENT_ID`
    /// (which must agree with the ones given).
    pub(super) fn workload_identity(
        &self,
        tenant: Option<String>,
        client: Option<String>,
    ) -> Result<(Option<String>, Option<String>), String> {
        let Some((aks_tenant, aks_client)) = &self.aks else {
            return Ok((tenant, client));
        };
        let pick = |given: Option<String>, aks: &Option<String>, what: &str| match (given, aks) {
            (Some(g), Some(a)) if g != *a => Err(format!(
                "the {what} given and AKS workload identity's differ: remove one, make them match, or turn use_aks_workload_identity off"
            )),
            (g, a) => Ok(a.clone().or(g)),
        };
        Ok((
            pick(tenant, aks_tenant, "tenant ID")?,
            pick(client, aks_client, "client ID")?,
        ))
    }

    /// The client assertion: the token given, else one requested (GitHub Actions, or an Azure
    /// DevOps pipeline when a service connection is named); `None` when nothing is configured.
    pub(super) fn assertion(&self, http: &Http) -> Result<Option<Secret>, String> {
        if let Some(token) = &self.token {
            return Ok(Some(token.clone()));
        }
        let (Some(url), Some(bearer)) = (&self.request_url, &self.request_token) else {
            return Ok(None);
        };
        let headers = vec![
            ("Accept".to_string(), "application/json".to_string()),
            (
                "Authorization".to_string(),
                format!("Bearer {}", bearer.expose()),
            ),
        ];
        let shown = redact_url(url.split('?').next().unwrap_or(url));
        let sep = if url.contains('?') { "&" } else { "?" };
        let (reply, field, who) = match &self.service_connection {
            Some(connection) => {
                let mut full = url.clone();
                if !url.contains("api-version=") {
                    full.push_str(&format!("{sep}api-version=7.1"));
                }
                if !url.contains("serviceConnectionId=") {
                    let sep = if full.contains('?') { "&" } else { "?" };
                    full.push_str(&format!(
                        "{sep}serviceConnectionId={}",
                        crate::client::encode_path(connection, false)
                    ));
                }
                let mut headers = headers;
                headers.push(("Content-Type".to_string(), "application/json".to_string()));
                (
                    http.post(&full, &headers, b""),
                    "oidcToken",
                    "the Azure DevOps pipeline",
                )
            }
            None => {
                let full = if url.contains("audience=") {
                    url.clone()
                } else {
                    format!("{url}{sep}audience=api%3A%2F%2FAzureADTokenExchange")
                };
                (http.get(&full, &headers), "value", "GitHub Actions")
            }
        };
        let reply = reply.map_err(|t| {
            format!(
                "requesting an OIDC token from {who} ({shown}): {}",
                scrub(&t.message, &[bearer.expose()])
            )
        })?;
        let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
        match json.get(field).and_then(|v| v.as_str()) {
            Some(token) if (200..300).contains(&reply.status) && !token.is_empty() => {
                Ok(Some(Secret::new(token)))
            }
            _ => Err(format!(
                "{who} ({shown}) gave no OIDC token (HTTP {})",
                reply.status
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Setting;

    #[test]
    fn token_from_variable_and_aks_ids() {
        let env = Env::from_pairs([
            ("ARM_OIDC_TOKEN", " eyJ.a.b \n"),
            ("ARM_USE_AKS_WORKLOAD_IDENTITY", "true"),
            ("AZURE_CLIENT_ID", "c-aks"),
        ]);
        let s = Settings::new("azurerm");
        let o = Oidc::new(&s, &env).unwrap();
        assert_eq!(o.token.as_ref().unwrap().expose(), "eyJ.a.b");
        assert_eq!(
            o.workload_identity(Some("t".into()), None).unwrap(),
            (Some("t".into()), Some("c-aks".into()))
        );
        assert!(
            o.workload_identity(None, Some("other".into()))
                .unwrap_err()
                .contains("differ")
        );
        let mut s = Settings::new("azurerm");
        s.set(
            "oidc_token_file_path",
            Setting::String("/nonexistent/t".into()),
        );
        assert!(
            Oidc::new(&s, &Env::default())
                .unwrap_err()
                .contains("/nonexistent/t")
        );
    }
}
