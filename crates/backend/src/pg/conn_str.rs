//! The pg backend's connection settings as lib/pq (Terraform's driver) reads them: its defaults, the `PG*` environment variables, then the `conn_str` (a `postgres://` URL or libpq `key=value` pairs), and the password file.

use std::collections::BTreeMap;

use crate::env::Env;

/// The environment variables lib/pq 1.10 reads (`parseEnviron`) and the setting each fills.
const ENVIRONMENT: &[(&str, &str)] = &[
    ("PGHOST", "host"),
    ("PGPORT", "port"),
    ("PGDATABASE", "dbname"),
    ("PGUSER", "user"),
    ("PGPASSWORD", "password"),
    ("PGOPTIONS", "options"),
    ("PGAPPNAME", "application_name"),
    ("PGSSLMODE", "sslmode"),
    ("PGSSLCERT", "sslcert"),
    ("PGSSLKEY", "sslkey"),
    ("PGSSLROOTCERT", "sslrootcert"),
    ("PGCONNECT_TIMEOUT", "connect_timeout"),
];

/// The libpq variables lib/pq refuses (it stops with "setting X not supported").
const REFUSED: &[&str] = &[
    "PGHOSTADDR",
    "PGSERVICE",
    "PGSERVICEFILE",
    "PGREALM",
    "PGREQUIRESSL",
    "PGSSLCRL",
    "PGREQUIREPEER",
    "PGKRBSRVNAME",
    "PGGSSLIB",
    "PGSYSCONFDIR",
    "PGLOCALEDIR",
];

/// The settings of one connection, by libpq name (`host`, `port`, `user`, `sslmode`, ...).
pub(super) type Params = BTreeMap<String, String>;

/// The settings lib/pq's `NewConnector` ends with for `conn_str`: `host=localhost`,
/// `port=5432`, the `PG*` variables, the connection string's own settings (which win), the
/// user from the system when none is given, and `sslmode=disable` for a Unix socket.
/// Errors are lib/pq's, without the connection string (it may hold a password).
pub(super) fn params(conn_str: &str, env: &Env) -> Result<Params, String> {
    let mut params = Params::new();
    params.insert("host".into(), "localhost".into());
    params.insert("port".into(), "5432".into());
    if let Some(name) = REFUSED.iter().find(|name| env.get(name).is_some()) {
        return Err(format!("setting {name} not supported"));
    }
    for (variable, key) in ENVIRONMENT {
        if let Some(value) = env.get(variable) {
            params.insert((*key).to_string(), value.to_string());
        }
    }
    let pairs = if conn_str.starts_with("postgres://") || conn_str.starts_with("postgresql://") {
        url_pairs(conn_str)?
    } else {
        key_value_pairs(conn_str)?
    };
    params.extend(pairs);
    if !params.contains_key("user") {
        let user = env.first(&["USER", "LOGNAME"]).unwrap_or("postgres");
        params.insert("user".into(), user.to_string());
    }
    if params.get("host").is_some_and(|h| h.starts_with('/')) {
        params.insert("sslmode".into(), "disable".into());
    }
    if !params.contains_key("password")
        && let Some(password) = pgpass(&params, env)
    {
        params.insert("password".into(), password);
    }
    Ok(params)
}

/// The password of the first matching line of the password file (`PGPASSFILE`, else
/// `~/.pgpass`) as lib/pq's `handlePgpass` finds it: `host:port:database:user:password`,
/// `*` matching anything, `\` escaping; a file with the bits 0x77 of its mode set (lib/pq's
/// test) or unreadable is ignored.
fn pgpass(params: &Params, env: &Env) -> Option<String> {
    let path = match env.get("PGPASSFILE").filter(|f| !f.is_empty()) {
        Some(file) => std::path::PathBuf::from(file),
        None => env.home()?.join(".pgpass"),
    };
    let meta = std::fs::metadata(&path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0x77 != 0 {
            return None;
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    let text = std::fs::read_to_string(&path).ok()?;
    let get = |key: &str| params.get(key).map_or("", String::as_str);
    let host = get("host");
    let unix = host.starts_with('/');
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = pgpass_fields(line);
        let [h, port, db, user, password] = fields.as_slice() else {
            continue;
        };
        let host_ok = h == "*" || h == host || (h == "localhost" && (host.is_empty() || unix));
        let matches = |field: &String, key: &str| field == "*" || field == get(key);
        if host_ok && matches(port, "port") && matches(db, "dbname") && matches(user, "user") {
            return Some(password.clone());
        }
    }
    None
}

/// A password file line's `:`-separated fields, `\` escaping the next character.
fn pgpass_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut escaped = false;
    for c in line.chars() {
        let last = fields.len() - 1;
        match c {
            _ if escaped => {
                fields[last].push(c);
                escaped = false;
            }
            '\\' => escaped = true,
            ':' => fields.push(String::new()),
            _ => fields[last].push(c),
        }
    }
    fields
}

/// A `postgres://user:password@host:port/dbname?key=value` URL's settings (lib/pq's
/// `ParseURL`: empty values are left out, the query's keys taken as they are).
fn url_pairs(url: &str) -> Result<Vec<(String, String)>, String> {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let rest = rest.split_once('#').map_or(rest, |(before, _)| before);
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (authority, path) = match rest.find('/') {
        Some(at) => (&rest[..at], &rest[at..]),
        None => (rest, ""),
    };
    let mut pairs = Vec::new();
    let mut accrue = |key: &str, value: String| {
        if !value.is_empty() {
            pairs.push((key.to_string(), value));
        }
    };
    let host = match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
            accrue("user", percent_decode(user, false)?);
            accrue("password", percent_decode(password, false)?);
            host
        }
        None => authority,
    };
    match split_host_port(host) {
        Some((name, port)) => {
            accrue("host", percent_decode(name, false)?);
            accrue("port", port.to_string());
        }
        None => accrue("host", percent_decode(host, false)?),
    }
    if let Some(db) = path.strip_prefix('/') {
        accrue("dbname", percent_decode(db, false)?);
    }
    // url.Values.Get: the first value of each key.
    let mut seen = std::collections::BTreeSet::new();
    for item in query.split(['&', ';']).filter(|i| !i.is_empty()) {
        let (key, value) = item.split_once('=').unwrap_or((item, ""));
        let key = percent_decode(key, true)?;
        if seen.insert(key.clone()) {
            accrue(&key, percent_decode(value, true)?);
        }
    }
    Ok(pairs)
}

/// Go's `net.SplitHostPort` on a URL's host: `host:port` or `[v6]:port`.
fn split_host_port(host: &str) -> Option<(&str, &str)> {
    if let Some(rest) = host.strip_prefix('[') {
        let (name, port) = rest.split_once("]:")?;
        return Some((name, port));
    }
    let (name, port) = host.rsplit_once(':')?;
    (!name.contains(':')).then_some((name, port))
}

/// `%XX` escapes (and `+` as a space in a query, as Go's `url.ParseQuery`).
fn percent_decode(text: &str, query: bool) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = text
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| "invalid URL escape in the connection string".to_string())?;
                out.push(hex);
                i += 3;
            }
            b'+' if query => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "the connection string is not UTF-8".to_string())
}

/// libpq's `key=value key='quoted \' value'` form (lib/pq's `parseOpts`).
fn key_value_pairs(text: &str) -> Result<Vec<(String, String)>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut pairs = Vec::new();
    let skip_spaces = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    loop {
        skip_spaces(&mut i);
        if i >= chars.len() {
            return Ok(pairs);
        }
        let mut key = String::new();
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '=' {
            key.push(chars[i]);
            i += 1;
        }
        skip_spaces(&mut i);
        if i >= chars.len() || chars[i] != '=' {
            return Err(format!(
                "missing \"=\" after {key:?} in connection info string\""
            ));
        }
        i += 1;
        skip_spaces(&mut i);
        let mut value = String::new();
        if i < chars.len() && chars[i] == '\'' {
            i += 1;
            loop {
                let Some(&c) = chars.get(i) else {
                    return Err(
                        "unterminated quoted string literal in connection string".to_string()
                    );
                };
                i += 1;
                match c {
                    '\'' => break,
                    '\\' => {
                        if let Some(&next) = chars.get(i) {
                            value.push(next);
                            i += 1;
                        }
                    }
                    c => value.push(c),
                }
            }
        } else {
            while i < chars.len() && !chars[i].is_whitespace() {
                if chars[i] == '\\' {
                    i += 1;
                    if let Some(&next) = chars.get(i) {
                        value.push(next);
                    }
                } else {
                    value.push(chars[i]);
                }
                i += 1;
            }
        }
        pairs.push((key, value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_as_lib_pq_reads_them() {
        let env = Env::from_pairs([("PGSSLMODE", "verify-full"), ("PGPORT", "6000")]);
        let p = params(
            "postgres://u%40x:p%2Fw@db.example:5433/states?sslmode=disable&sslrootcert=/ca.pem&application_name=a+b",
            &env,
        )
        .unwrap();
        assert_eq!(p["user"], "u@x");
        assert_eq!(p["password"], "p/w");
        assert_eq!(p["host"], "db.example");
        assert_eq!(p["port"], "5433");
        assert_eq!(p["dbname"], "states");
        assert_eq!(p["sslmode"], "disable");
        assert_eq!(p["sslrootcert"], "/ca.pem");
        assert_eq!(p["application_name"], "a b");
        // The environment where the string says nothing; an empty value is no value.
        let p = params("postgresql://[::1]:5434/db?sslmode=", &env).unwrap();
        assert_eq!((p["host"].as_str(), p["port"].as_str()), ("::1", "5434"));
        let p = params("postgresql://h/db", &env).unwrap();
        assert_eq!((p["host"].as_str(), p["port"].as_str()), ("h", "6000"));
        assert_eq!(p["sslmode"], "verify-full");
    }

    #[test]
    fn password_file_as_lib_pq_reads_it() {
        let dir = std::env::temp_dir().join(format!("terrace-pgpass-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("pgpass");
        std::fs::write(
            &file,
            "# comment\nother:5432:*:*:nope\n127.0.0.1:*:db:u:pa\\:ss\n*:*:*:*:fallback\n",
        )
        .unwrap();
        let env = Env::from_pairs([("PGPASSFILE", file.display().to_string())]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
            let p = params("postgres://u@127.0.0.1/db", &env).unwrap();
            assert!(
                !p.contains_key("password"),
                "a file others may read is ignored"
            );
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        let p = params("postgres://u@127.0.0.1/db", &env).unwrap();
        assert_eq!(p["password"], "pa:ss");
        let p = params("postgres://v@127.0.0.1/db", &env).unwrap();
        assert_eq!(p["password"], "fallback");
        // A password in the string wins.
        let p = params("postgres://u:given@127.0.0.1/db", &env).unwrap();
        assert_eq!(p["password"], "given");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn key_values_as_lib_pq_reads_them() {
        let env = Env::from_pairs([("USER", "me")]);
        let p = params(
            "host=/run/pg dbname = 'my \\'db' password=a\\ b sslmode=require",
            &env,
        )
        .unwrap();
        assert_eq!(p["dbname"], "my 'db");
        assert_eq!(p["password"], "a b");
        assert_eq!(p["user"], "me");
        // A Unix socket is never TLS.
        assert_eq!(p["sslmode"], "disable");
        assert!(
            params("host=h dbname", &env)
                .unwrap_err()
                .contains("missing")
        );
        assert!(
            params("password='open", &env)
                .unwrap_err()
                .contains("unterminated")
        );
        let refused = Env::from_pairs([("PGSERVICE", "x")]);
        assert_eq!(
            params("", &refused).unwrap_err(),
            "setting PGSERVICE not supported"
        );
    }
}
