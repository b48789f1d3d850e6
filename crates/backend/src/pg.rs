//! The `pg` backend: one row per workspace in `SCHEMA.states`, read with a plain `SELECT` (no advisory lock, no DDL), libpq's environment variables as lib/pq reads them.

use crate::env::Env;
use crate::error::{BackendError, ErrorKind};
use crate::fetched::Fetched;
use crate::secret::{Secret, scrub};
use crate::settings::Settings;

const NAME: &str = "pg";

fn error(kind: ErrorKind, message: impl Into<String>) -> BackendError {
    BackendError::new(NAME, kind, message)
}

mod conn_str;
mod tls;

/// An open connection and the schema the states are in.
struct Connection {
    client: postgres::Client,
    schema: String,
    place: String,
    secrets: Vec<Secret>,
}

impl Connection {
    fn open(settings: &Settings, env: &Env) -> Result<Connection, BackendError> {
        let conn_str = settings
            .secret_or_env("conn_str", env, &["PG_CONN_STR"])
            .ok_or_else(|| {
                error(
                    ErrorKind::Config,
                    "conn_str is not set (the `conn_str` argument or PG_CONN_STR)",
                )
            })?;
        let schema = settings
            .string_or_env("schema_name", env, &["PG_SCHEMA_NAME"])
            .unwrap_or("terraform_remote_state")
            .to_string();
        let mut secrets = vec![conn_str.clone()];
        if let Some(password) = env.get("PGPASSWORD") {
            secrets.push(Secret::new(password));
        }
        let params = conn_str::params(conn_str.expose(), env).map_err(|e| {
            let texts: Vec<&str> = secrets.iter().map(Secret::expose).collect();
            error(
                ErrorKind::Config,
                format!("conn_str: {}", scrub(&e, &texts)),
            )
        })?;
        if let Some(password) = params.get("password") {
            secrets.push(Secret::new(password.clone()));
        }
        let config = config_of(&params)?;
        let host = params.get("host").map_or("", String::as_str);
        let port = params.get("port").map_or("", String::as_str);
        let place = format!(
            "postgres://{host}:{port}/{} schema {schema:?}",
            params.get("dbname").map_or("", String::as_str)
        );
        let failed = |e: postgres::Error, secrets: &[Secret]| {
            let text = describe(&e, secrets);
            let kind = match e.code() {
                Some(code) if code.code().starts_with("28") => ErrorKind::Auth,
                Some(_) => ErrorKind::Server,
                None if text.contains("certificate") || text.contains("SSL") => ErrorKind::Auth,
                None => ErrorKind::Unreachable,
            };
            error(kind, format!("connecting to {place}: {text}"))
        };
        let check = tls::check(&params).map_err(|e| error(ErrorKind::Config, e))?;
        let client = match check {
            None => config.connect(postgres::NoTls),
            Some(check) => {
                let tls = tls::client_config(check, &params, env)
                    .map_err(|e| error(ErrorKind::Config, format!("{place}: {e}")))?;
                let mut config = config;
                config.ssl_mode(postgres::config::SslMode::Require);
                config.connect(tokio_postgres_rustls::MakeRustlsConnect::new(tls))
            }
        }
        .map_err(|e| failed(e, &secrets))?;
        Ok(Connection {
            client,
            schema,
            place,
            secrets,
        })
    }

    fn table(&self) -> String {
        format!("{}.states", quote_identifier(&self.schema))
    }
}

/// rust-postgres's configuration for lib/pq's settings (TLS is decided apart).
fn config_of(params: &conn_str::Params) -> Result<postgres::Config, BackendError> {
    let mut config = postgres::Config::new();
    let host = params.get("host").map_or("localhost", String::as_str);
    #[cfg(unix)]
    if host.starts_with('/') {
        config.host_path(host);
    } else {
        config.host(host);
    }
    #[cfg(not(unix))]
    config.host(host);
    let port = params.get("port").map_or("5432", String::as_str);
    let port: u16 = port.parse().map_err(|_| {
        error(
            ErrorKind::Config,
            format!("conn_str: invalid port {port:?}"),
        )
    })?;
    config.port(port);
    if let Some(user) = params.get("user") {
        config.user(user);
    }
    if let Some(password) = params.get("password") {
        config.password(password);
    }
    if let Some(db) = params.get("dbname") {
        config.dbname(db);
    }
    if let Some(options) = params.get("options") {
        config.options(options);
    }
    if let Some(name) = params.get("application_name") {
        config.application_name(name);
    }
    config.ssl_mode(postgres::config::SslMode::Disable);
    config.connect_timeout(crate::client::CONNECT_TIMEOUT);
    Ok(config)
}

/// PostgreSQL's quoting of an identifier (lib/pq's `QuoteIdentifier`).
fn quote_identifier(name: &str) -> String {
    let name = name.split('\0').next().unwrap_or_default();
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A driver error's cause, without the secrets.
fn describe(e: &postgres::Error, secrets: &[Secret]) -> String {
    let text = match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => {
            let s = e.to_string();
            let source = std::error::Error::source(e).map(|s| s.to_string());
            match source {
                Some(source) if !s.contains(&source) => format!("{s}: {source}"),
                _ => s,
            }
        }
    };
    // lib/pq's words for a server that answers the SSL request with "no".
    // Go's words for a chain no trusted root signed (rustls says UnknownIssuer, or
    // BadSignature when a root of the same name did not sign it).
    let text = if text.contains("server does not support TLS") {
        "pq: SSL is not enabled on the server".to_string()
    } else if text.contains("invalid peer certificate: UnknownIssuer")
        || text.contains("invalid peer certificate: BadSignature")
    {
        "TLS: x509: certificate signed by unknown authority (no root in sslrootcert, or in the system's roots, signed the server's certificate)".to_string()
    } else {
        text.replace("error performing TLS handshake: ", "TLS: ")
    };
    let secrets: Vec<&str> = secrets.iter().map(Secret::expose).collect();
    scrub(&text, &secrets)
}

/// True for "the schema or table is not there" (Terraform would create them, with an empty state).
fn is_missing_table(e: &postgres::Error) -> bool {
    e.code()
        .is_some_and(|c| matches!(c.code(), "42P01" | "3F000"))
}

/// Reads workspace `workspace`'s row.
pub(crate) fn read_state(
    settings: &Settings,
    workspace: &str,
    env: &Env,
) -> Result<Fetched, BackendError> {
    let mut conn = Connection::open(settings, env)?;
    let sql = format!("SELECT data FROM {} WHERE name = $1", conn.table());
    let place = format!("{} workspace {workspace:?}", conn.place);
    let rows = match conn.client.query(sql.as_str(), &[&workspace]) {
        Ok(rows) => rows,
        Err(e) if is_missing_table(&e) => return Ok(Fetched { bytes: None, place }),
        Err(e) => {
            let text = describe(&e, &conn.secrets);
            return Err(error(ErrorKind::Server, format!("reading {place}: {text}")));
        }
    };
    let Some(row) = rows.first() else {
        return Ok(Fetched { bytes: None, place });
    };
    let data: Option<String> = row.try_get(0).map_err(|e| {
        error(
            ErrorKind::Invalid,
            format!("reading {place}: {}", describe(&e, &conn.secrets)),
        )
    })?;
    match data {
        Some(data) if !data.is_empty() => Ok(Fetched {
            bytes: Some(data.into_bytes()),
            place,
        }),
        _ => Err(error(
            ErrorKind::Invalid,
            format!("Failed to load state: the state of {place} is empty (no state)"),
        )),
    }
}

/// The workspaces: `default` and every other row's name, in the database's order (as
/// Terraform's backend lists them).
pub(crate) fn workspaces(settings: &Settings, env: &Env) -> Result<Vec<String>, BackendError> {
    let mut conn = Connection::open(settings, env)?;
    let sql = format!("SELECT name FROM {} WHERE name != 'default'", conn.table());
    let mut names = vec!["default".to_string()];
    match conn.client.query(sql.as_str(), &[]) {
        Ok(rows) => {
            for row in rows {
                if let Ok(Some(name)) = row.try_get::<_, Option<String>>(0) {
                    names.push(name);
                }
            }
        }
        Err(e) if is_missing_table(&e) => {}
        Err(e) => {
            let text = describe(&e, &conn.secrets);
            return Err(error(
                ErrorKind::Server,
                format!("listing workspaces of {}: {text}", conn.place),
            ));
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_settings() {
        let params = conn_str::params(
            "postgres://u:pw@127.0.0.1:5433/db?sslmode=disable",
            &Env::default(),
        )
        .unwrap();
        let config = config_of(&params).unwrap();
        assert_eq!(config.get_ports(), [5433]);
        assert_eq!(config.get_dbname(), Some("db"));
        assert_eq!(quote_identifier("a\"b"), "\"a\"\"b\"");
        let params = conn_str::params("host=h port=x", &Env::default()).unwrap();
        assert!(config_of(&params).is_err());
    }

    #[test]
    fn errors_name_no_password() {
        let mut settings = Settings::new("pg");
        settings.set(
            "conn_str",
            crate::settings::Setting::String("postgres://u:s3cret-pw@h/db?sslmode=prefer".into()),
        );
        let e = read_state(&settings, "default", &Env::default()).unwrap_err();
        assert!(e.to_string().contains("unsupported sslmode"), "{e}");
        assert!(!e.to_string().contains("s3cret"), "{e}");
    }
}
