//! The one HTTP client every backend uses: ureq over rustls, certificates verified against the roots Go would load (`SSL_CERT_FILE`, `SSL_CERT_DIR`), proxies chosen per request as Go's `ProxyFromEnvironment` chooses them, bounded time.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use ureq::tls::{Certificate, ClientCert, PemItem, PrivateKey, RootCerts, TlsConfig};

use crate::env::Env;
use crate::error::ErrorKind;
use crate::secret::Secret;

/// How long a connection may take to open (name lookup included).
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a server may take to start answering a request.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(8);

/// Go's default CA bundle locations on Linux (`crypto/x509/root_linux.go`), the first found used.
const CERT_FILES: &[&str] = &[
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/ca-bundle.pem",
    "/etc/pki/tls/cacert.pem",
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
    "/etc/ssl/cert.pem",
];

/// TLS options a backend sets.
#[derive(Clone, Default)]
pub(crate) struct TlsOptions {
    /// Skip certificate verification (only where the backend's own option says so).
    pub(crate) insecure: bool,
    /// Extra root certificates (PEM), added to the system's.
    pub(crate) extra_roots: Option<Vec<u8>>,
    /// A client certificate chain and its key (PEM).
    pub(crate) client: Option<(Vec<u8>, Secret)>,
}

/// A server's answer.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Reply {
    /// A header's value (names compared case-insensitively).
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The body as text, lossily.
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Why a request got no answer.
#[derive(Clone, Debug)]
pub(crate) struct Transport {
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
}

/// An HTTP client for one backend fetch.
pub(crate) struct Http {
    env: Env,
    tls: TlsOptions,
    roots: RefCell<Option<Arc<Vec<Certificate<'static>>>>>,
    /// Agents by proxy (`""`: direct).
    agents: RefCell<HashMap<String, ureq::Agent>>,
    /// How long to wait for a connection, and for an answer.
    timeouts: (Duration, Duration),
}

impl Http {
    /// A client reading proxies and CA variables from `env`.
    pub(crate) fn new(env: &Env, tls: TlsOptions) -> Http {
        Http {
            env: env.clone(),
            tls,
            roots: RefCell::new(None),
            agents: RefCell::new(HashMap::new()),
            timeouts: (CONNECT_TIMEOUT, ANSWER_TIMEOUT),
        }
    }

    /// The same client with shorter waits (for a connection, for an answer), each capped at the
    /// defaults: the AWS SDK asks for 1 s when it probes the instance metadata service.
    pub(crate) fn with_timeouts(mut self, connect: Duration, answer: Duration) -> Http {
        self.timeouts = (connect.min(CONNECT_TIMEOUT), answer.min(ANSWER_TIMEOUT));
        self.agents.borrow_mut().clear();
        self
    }

    /// `GET url` with `headers`.
    pub(crate) fn get(&self, url: &str, headers: &[(String, String)]) -> Result<Reply, Transport> {
        self.send("GET", url, headers, None)
    }

    /// `POST url` with `headers` and `body`: only for reads that the protocol makes POSTs
    /// (DynamoDB `GetItem`, STS `GetCallerIdentity`, OAuth token requests).
    pub(crate) fn post(
        &self,
        url: &str,
        headers: &[(String, String)],
        body: &[u8],
    ) -> Result<Reply, Transport> {
        self.send("POST", url, headers, Some(body))
    }

    /// Any request: only for the AWS SDK's credential providers (`crate::s3::sdk_http`), whose
    /// protocols read with `PUT` (the instance metadata token) and `POST` (STS).
    pub(crate) fn request(
        &self,
        method: &str,
        url: &str,
        headers: &[(String, String)],
        body: &[u8],
    ) -> Result<Reply, Transport> {
        self.send(method, url, headers, Some(body))
    }

    fn send(
        &self,
        method: &str,
        url: &str,
        headers: &[(String, String)],
        body: Option<&[u8]>,
    ) -> Result<Reply, Transport> {
        let agent = self.agent(url)?;
        let result = match (method, body) {
            ("GET" | "HEAD", _) | (_, None) => {
                let mut request = ureq::http::Request::builder().method(method).uri(url);
                for (k, v) in headers {
                    request = request.header(k.as_str(), v.as_str());
                }
                let request = request
                    .body(())
                    .map_err(|_| config_error(format!("bad request to {}", redact_url(url))))?;
                agent.run(request)
            }
            (_, Some(body)) => {
                let mut request = ureq::http::Request::builder().method(method).uri(url);
                for (k, v) in headers {
                    request = request.header(k.as_str(), v.as_str());
                }
                let request = request
                    .body(body)
                    .map_err(|_| config_error(format!("bad request to {}", redact_url(url))))?;
                agent.run(request)
            }
        };
        let mut response = result.map_err(|e| transport(e, self.timeouts.0))?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_string(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect();
        let body = response
            .body_mut()
            .with_config()
            .limit(u64::MAX)
            .read_to_vec()
            .map_err(|e| transport(e, self.timeouts.1))?;
        Ok(Reply {
            status,
            headers,
            body,
        })
    }

    /// The agent for `url`: through the proxy Go would pick, with the TLS settings.
    fn agent(&self, url: &str) -> Result<ureq::Agent, Transport> {
        let proxy = proxy_for(&self.env, url).unwrap_or_default();
        if let Some(agent) = self.agents.borrow().get(&proxy) {
            return Ok(agent.clone());
        }
        let mut tls = TlsConfig::builder().disable_verification(self.tls.insecure);
        if url.starts_with("https:") && !self.tls.insecure {
            tls = tls.root_certs(RootCerts::Specific(self.roots()?));
        }
        if let Some((chain, key)) = &self.tls.client {
            let certs =
                pem_certs(chain).map_err(|m| config_error(format!("client certificate: {m}")))?;
            let key = PrivateKey::from_pem(key.expose().as_bytes()).map_err(|_| {
                config_error("the client private key is not a PEM private key".into())
            })?;
            tls = tls.client_cert(Some(ClientCert::new_with_certs(&certs, key)));
        }
        let proxy_config = if proxy.is_empty() {
            None
        } else {
            Some(ureq::Proxy::new(&proxy).map_err(|_| {
                config_error(format!(
                    "the proxy {} is not a valid URL",
                    redact_url(&proxy)
                ))
            })?)
        };
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(Some(self.timeouts.0))
            .timeout_resolve(Some(self.timeouts.0))
            .timeout_recv_response(Some(self.timeouts.1))
            .timeout_send_request(Some(self.timeouts.1))
            .proxy(proxy_config)
            .tls_config(tls.build())
            .user_agent("terrace (read-only state reader)")
            .build()
            .into();
        self.agents.borrow_mut().insert(proxy, agent.clone());
        Ok(agent)
    }

    /// The root certificates, loaded once: as Go's `crypto/x509` on Linux, `SSL_CERT_FILE`
    /// instead of the system bundle, and the files of `SSL_CERT_DIR`'s directories; plus
    /// the backend's own extra roots.
    fn roots(&self) -> Result<Arc<Vec<Certificate<'static>>>, Transport> {
        if let Some(roots) = &*self.roots.borrow() {
            return Ok(Arc::clone(roots));
        }
        let mut certs = Vec::new();
        let file = match self.env.get("SSL_CERT_FILE") {
            Some(file) => Some(file.to_string()),
            None => CERT_FILES
                .iter()
                .find(|f| std::path::Path::new(f).is_file())
                .map(|f| f.to_string()),
        };
        if let Some(file) = file
            && let Ok(bytes) = std::fs::read(&file)
        {
            certs.extend(pem_certs(&bytes).unwrap_or_default());
        }
        if let Some(dirs) = self.env.get("SSL_CERT_DIR") {
            for dir in dirs.split(':').filter(|d| !d.is_empty()) {
                let Ok(entries) = std::fs::read_dir(dir) else {
                    continue;
                };
                for entry in entries.flatten() {
                    if let Ok(bytes) = std::fs::read(entry.path()) {
                        certs.extend(pem_certs(&bytes).unwrap_or_default());
                    }
                }
            }
        }
        if let Some(extra) = &self.tls.extra_roots {
            certs.extend(
                pem_certs(extra).map_err(|m| config_error(format!("CA certificate: {m}")))?,
            );
        }
        let roots = Arc::new(certs);
        *self.roots.borrow_mut() = Some(Arc::clone(&roots));
        Ok(roots)
    }
}

/// The system's root certificates (DER) as Go's `crypto/x509` finds them on Linux, for
/// connections that are not HTTP (the pg backend's TLS).
pub(crate) fn system_roots(env: &Env) -> Vec<Vec<u8>> {
    Http::new(env, TlsOptions::default())
        .roots()
        .map(|roots| roots.iter().map(|c| c.der().to_vec()).collect())
        .unwrap_or_default()
}

fn config_error(message: String) -> Transport {
    Transport {
        kind: ErrorKind::Config,
        message,
    }
}

/// The certificates of a PEM text.
fn pem_certs(pem: &[u8]) -> Result<Vec<Certificate<'static>>, String> {
    let mut certs = Vec::new();
    for item in ureq::tls::parse_pem(pem) {
        match item {
            Ok(PemItem::Certificate(cert)) => certs.push(cert),
            Ok(_) => {}
            Err(_) => return Err("not valid PEM".into()),
        }
    }
    Ok(certs)
}

/// ureq's error as a short cause ("connection refused", "no answer after 5 s").
fn transport(error: ureq::Error, waited: Duration) -> Transport {
    use std::io::ErrorKind as Io;
    let (kind, message) = match &error {
        ureq::Error::Io(io) => match io.kind() {
            Io::ConnectionRefused => (ErrorKind::Unreachable, "connection refused".to_string()),
            Io::TimedOut | Io::WouldBlock => (
                ErrorKind::Unreachable,
                format!("no answer after {} s", waited.as_secs_f32()),
            ),
            Io::ConnectionReset | Io::ConnectionAborted | Io::UnexpectedEof => (
                ErrorKind::Unreachable,
                format!("the connection was closed ({io})"),
            ),
            _ => (ErrorKind::Unreachable, io.to_string()),
        },
        ureq::Error::Timeout(_) => (
            ErrorKind::Unreachable,
            format!("no answer after {} s", waited.as_secs_f32()),
        ),
        ureq::Error::HostNotFound => (ErrorKind::Unreachable, "no such host".to_string()),
        ureq::Error::ConnectionFailed => {
            (ErrorKind::Unreachable, "the connection failed".to_string())
        }
        ureq::Error::Tls(m) => (ErrorKind::Unreachable, format!("TLS: {m}")),
        ureq::Error::Rustls(e) => (ErrorKind::Unreachable, format!("TLS: {e}")),
        ureq::Error::ConnectProxyFailed(m) => {
            (ErrorKind::Unreachable, format!("the proxy refused: {m}"))
        }
        ureq::Error::BadUri(m) => (ErrorKind::Config, format!("bad URL: {m}")),
        other => (ErrorKind::Unreachable, other.to_string()),
    };
    Transport { kind, message }
}

/// The proxy Go's `http.ProxyFromEnvironment` picks for `url`: `HTTPS_PROXY` for https,
/// `HTTP_PROXY` for http (upper case first), none for a host `NO_PROXY` names or for
/// localhost and loopback addresses.
pub(crate) fn proxy_for(env: &Env, url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit('@').next().unwrap_or_default();
    let host = host_of(authority);
    let proxy = match scheme {
        "https" => env.first(&["HTTPS_PROXY", "https_proxy"]),
        "http" => env.first(&["HTTP_PROXY", "http_proxy"]),
        _ => None,
    }?;
    if host == "localhost" || is_loopback(host) {
        return None;
    }
    if let Some(no_proxy) = env.first(&["NO_PROXY", "no_proxy"])
        && no_proxy_matches(no_proxy, host, authority)
    {
        return None;
    }
    Some(if proxy.contains("://") {
        proxy.to_string()
    } else {
        format!("http://{proxy}")
    })
}

/// The host of `host[:port]` or `[v6]:port`.
fn host_of(authority: &str) -> &str {
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default();
    }
    authority.split(':').next().unwrap_or_default()
}

fn is_loopback(host: &str) -> bool {
    host.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

/// Go's `NO_PROXY` rules: `*` matches all; `.example.com` and `example.com` match the domain
/// and its subdomains; an entry with a port matches only that port; CIDRs match addresses.
fn no_proxy_matches(no_proxy: &str, host: &str, authority: &str) -> bool {
    let port = authority
        .rsplit_once(':')
        .map(|(_, p)| p)
        .filter(|_| !authority.ends_with(']'));
    no_proxy
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .any(|entry| {
            if entry == "*" {
                return true;
            }
            if let Some((net, bits)) = entry.split_once('/')
                && let (Ok(net), Ok(bits), Ok(ip)) = (
                    net.parse::<std::net::IpAddr>(),
                    bits.parse::<u32>(),
                    host.parse::<std::net::IpAddr>(),
                )
            {
                return in_cidr(ip, net, bits);
            }
            let (entry_host, entry_port) = match entry.rsplit_once(':') {
                Some((h, p)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                    (h, Some(p))
                }
                _ => (entry, None),
            };
            if entry_port.is_some() && entry_port != port {
                return false;
            }
            let entry_host = entry_host.trim_start_matches('*');
            let bare = entry_host.trim_start_matches('.');
            host.eq_ignore_ascii_case(bare)
                || host
                    .to_ascii_lowercase()
                    .ends_with(&format!(".{}", bare.to_ascii_lowercase()))
        })
}

fn in_cidr(ip: std::net::IpAddr, net: std::net::IpAddr, bits: u32) -> bool {
    match (ip, net) {
        (std::net::IpAddr::V4(ip), std::net::IpAddr::V4(net)) if bits <= 32 => {
            let mask = if bits == 0 {
                0
            } else {
                u32::MAX << (32 - bits)
            };
            u32::from(ip) & mask == u32::from(net) & mask
        }
        (std::net::IpAddr::V6(ip), std::net::IpAddr::V6(net)) if bits <= 128 => {
            let mask = if bits == 0 {
                0
            } else {
                u128::MAX << (128 - bits)
            };
            u128::from(ip) & mask == u128::from(net) & mask
        }
        _ => false,
    }
}

/// `url` with any `user:password@` replaced by `(redacted)@`, for messages.
pub(crate) fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..end].rfind('@') {
        Some(at) => format!("{scheme}://(redacted)@{}", &rest[at + 1..]),
        None => url.to_string(),
    }
}

/// Percent-encodes `text` for a URL path segment, keeping `/` when `keep_slash`
/// (unreserved characters stay, as Go's `url.PathEscape` keeps them).
pub(crate) fn encode_path(text: &str, keep_slash: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        let keep = b.is_ascii_alphanumeric()
            || matches!(b, b'-' | b'_' | b'.' | b'~')
            || (keep_slash && b == b'/');
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proxies_as_go_picks_them() {
        let env = Env::from_pairs([
            ("HTTPS_PROXY", "proxy:3128"),
            ("NO_PROXY", ".internal,10.0.0.0/8,example.org:8443"),
        ]);
        let p = |url| proxy_for(&env, url);
        assert_eq!(
            p("https://acct.blob.core.windows.net/c/b").as_deref(),
            Some("http://proxy:3128")
        );
        assert_eq!(
            p("http://acct.blob.core.windows.net/"),
            None,
            "no HTTP_PROXY"
        );
        assert_eq!(p("https://127.0.0.1:9000/"), None, "loopback");
        assert_eq!(p("https://localhost/"), None);
        assert_eq!(p("https://a.b.internal/"), None);
        assert_eq!(p("https://10.1.2.3/"), None);
        assert_eq!(p("https://example.org:8443/"), None);
        assert!(p("https://example.org/").is_some());
    }

    #[test]
    fn urls_redacted_and_encoded() {
        assert_eq!(
            redact_url("https://u:p@h:1/x?q=@"),
            "https://(redacted)@h:1/x?q=@"
        );
        assert_eq!(redact_url("https://h/x"), "https://h/x");
        assert_eq!(
            encode_path("env:/dev/a b.tfstate", true),
            "env%3A/dev/a%20b.tfstate"
        );
    }
}
