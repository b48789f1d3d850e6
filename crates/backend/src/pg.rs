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
        let ssl_mode =
            ssl_mode(conn_str.expose()).or_else(|| env.get("PGSSLMODE").map(str::to_string));
        let mut config = parse_config(conn_str.expose())?;
        let mut secrets = vec![conn_str.clone()];
        // lib/pq's defaults: libpq's environment variables, then its built-in values.
        if config.get_hosts().is_empty() {
            config.host(env.get("PGHOST").unwrap_or("localhost"));
        }
        if config.get_ports().is_empty()
            && let Some(port) = env.get("PGPORT").and_then(|p| p.parse().ok())
        {
            config.port(port);
        }
        if config.get_user().is_none() {
            let user = env
                .first(&["PGUSER", "USER", "LOGNAME"])
                .unwrap_or("postgres");
            config.user(user);
        }
        if config.get_dbname().is_none()
            && let Some(db) = env.get("PGDATABASE")
        {
            config.dbname(db);
        }
        if config.get_password().is_none()
            && let Some(password) = env.get("PGPASSWORD")
        {
            secrets.push(Secret::new(password));
            config.password(password);
        }
        if let Some(password) = config.get_password() {
            secrets.push(Secret::new(String::from_utf8_lossy(password).into_owned()));
        }
        match ssl_mode.as_deref() {
            Some("disable" | "allow" | "prefer") => {
                config.ssl_mode(postgres::config::SslMode::Disable);
            }
            Some(mode) => {
                return Err(error(
                    ErrorKind::Unsupported,
                    format!(
                        "sslmode={mode}: terrace reads pg state over plain connections only (sslmode=disable); TLS to PostgreSQL is not supported yet"
                    ),
                ));
            }
            None => {
                return Err(error(
                    ErrorKind::Unsupported,
                    "the connection string sets no sslmode, so lib/pq (Terraform's driver) requires TLS, which terrace does not support yet: add sslmode=disable where the server allows plain connections",
                ));
            }
        }
        config.connect_timeout(crate::client::CONNECT_TIMEOUT);
        let hosts: Vec<String> = config
            .get_hosts()
            .iter()
            .map(|h| match h {
                postgres::config::Host::Tcp(name) => name.clone(),
                #[allow(unreachable_patterns)]
                _ => "(socket)".to_string(),
            })
            .collect();
        let port = config.get_ports().first().copied().unwrap_or(5432);
        let place = format!(
            "postgres://{}:{port}/{} schema {schema:?}",
            hosts.join(","),
            config.get_dbname().unwrap_or_default()
        );
        let client = config.connect(postgres::NoTls).map_err(|e| {
            let text = describe(&e, &secrets);
            let kind = match e.code() {
                Some(code) if code.code().starts_with("28") => ErrorKind::Auth,
                Some(_) => ErrorKind::Server,
                None => ErrorKind::Unreachable,
            };
            error(kind, format!("connecting to {place}: {text}"))
        })?;
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

/// The `sslmode` a connection string names (URL query or `key=value` form).
fn ssl_mode(conn_str: &str) -> Option<String> {
    let at = conn_str.find("sslmode=")?;
    let rest = &conn_str[at + "sslmode=".len()..];
    let end = rest.find(['&', ' ', '#']).unwrap_or(rest.len());
    Some(rest[..end].trim_matches('\'').to_string())
}

/// The connection string as rust-postgres reads it, with `sslmode` taken out (this file
/// decides it) and the scheme `postgresql://` accepted as lib/pq accepts it.
fn parse_config(conn_str: &str) -> Result<postgres::Config, BackendError> {
    let mut text = conn_str.to_string();
    if let Some(at) = text.find("sslmode=") {
        let end = text[at..]
            .find(['&', ' '])
            .map_or(text.len(), |e| at + e + 1);
        text.replace_range(at..end, "");
        let trimmed = text.trim_end_matches(['&', '?', ' ']).to_string();
        text = trimmed;
    }
    text.parse().map_err(|_| {
        error(
            ErrorKind::Config,
            "conn_str is not a valid PostgreSQL connection string (a postgres:// URL or key=value pairs)",
        )
    })
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
    fn connection_strings() {
        assert_eq!(
            ssl_mode("postgres://u@h:1/db?sslmode=disable").as_deref(),
            Some("disable")
        );
        assert_eq!(
            ssl_mode("host=h sslmode=require user=u").as_deref(),
            Some("require")
        );
        assert_eq!(ssl_mode("postgres://h/db"), None);
        let config = parse_config("postgres://u:pw@127.0.0.1:5433/db?sslmode=disable").unwrap();
        assert_eq!(config.get_ports(), [5433]);
        assert_eq!(config.get_dbname(), Some("db"));
        assert_eq!(quote_identifier("a\"b"), "\"a\"\"b\"");
    }
}
