//! `use_cli` (on by default, last in the chain): the Azure CLI's token for Azure Storage, `az account get-access-token --scope https://storage.azure.com/.default --tenant TENANT` (the tenant from `az account show` when none is set), as go-azure-sdk runs it; bounded in time.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::env::Env;
use crate::secret::{Secret, scrub};

/// How long `az` may take (it starts Python; a slow first run takes seconds).
const AZ_TIMEOUT: Duration = Duration::from_secs(8);

/// Runs `az ARGS --output json` with `env`'s variables (PATH, HOME, AZURE_CONFIG_DIR, ...)
/// and parses its JSON answer.
fn run_az(env: &Env, args: &[&str]) -> Result<serde_json::Value, String> {
    // Found on the caller's PATH (the environment given), not only this process's.
    let program = env
        .get("PATH")
        .and_then(|path| {
            std::env::split_paths(path)
                .map(|d| d.join("az"))
                .find(|p| p.is_file())
        })
        .unwrap_or_else(|| "az".into());
    let mut command = Command::new(program);
    command
        .args(args)
        .args(["--output", "json"])
        .env_clear()
        .envs(env.pairs())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let shown = format!("az {}", args.join(" "));
    let mut child = command.spawn().map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            "the Azure CLI (az) is not on PATH: install it and run az login, or configure another credential".to_string()
        } else {
            format!("running {shown}: {e}")
        }
    })?;
    let start = Instant::now();
    // Read the pipes on threads so that a large answer cannot block the child.
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let out = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.read_to_end(&mut buf);
        }
        buf
    });
    let err = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stderr.as_mut() {
            let _ = s.read_to_end(&mut buf);
        }
        buf
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > AZ_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{shown} gave no answer in {} s",
                    AZ_TIMEOUT.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(format!("running {shown}: {e}")),
        }
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    if !status.success() {
        let text = String::from_utf8_lossy(&err);
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("no message");
        return Err(format!(
            "{shown} failed ({first}): run az login, or configure another credential"
        ));
    }
    serde_json::from_slice(&out).map_err(|_| format!("{shown} did not answer JSON"))
}

/// The CLI's token for Azure Storage in `tenant` (else the signed-in account's tenant).
pub(super) fn token(env: &Env, tenant: Option<&str>) -> Result<Secret, String> {
    let tenant = match tenant {
        Some(t) => t.to_string(),
        None => run_az(env, &["account", "show"])?
            .get("tenantId")
            .and_then(|t| t.as_str())
            .map(str::to_string)
            .ok_or("az account show names no tenantId: run az login")?,
    };
    let scope = "https://storage.azure.com/.default";
    let mut args = vec!["account", "get-access-token", "--scope", scope];
    let cloud_shell = env
        .get("AZUREPS_HOST_ENVIRONMENT")
        .is_some_and(|h| h.starts_with("cloud-shell/"));
    if !cloud_shell {
        args.extend(["--tenant", tenant.as_str()]);
    }
    let answer = run_az(env, &args)?;
    match answer.get("accessToken").and_then(|t| t.as_str()) {
        Some(token) if !token.is_empty() => Ok(Secret::new(token)),
        Some(token) => Err(scrub(
            "az account get-access-token gave an empty token",
            &[token],
        )),
        None => Err("az account get-access-token gave no accessToken".to_string()),
    }
}
