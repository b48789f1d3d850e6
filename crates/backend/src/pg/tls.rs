//! The pg backend's TLS as lib/pq's `sslmode` defines it: `require` (the default) encrypts without checking the certificate, unless `sslrootcert` names an existing file (then as `verify-ca`); `verify-ca` checks the chain only; `verify-full` the chain and the host name; `disable` is plain. rustls on ring.

use std::sync::Arc;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};

use super::conn_str::Params;
use crate::env::Env;

/// How the server's certificate is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Check {
    /// Not at all (`require` without a root certificate): encryption only.
    Nothing,
    /// The chain up to a trusted root, not the name (`verify-ca`).
    Chain,
    /// The chain and the host name (`verify-full`).
    Full,
}

/// The TLS lib/pq's `sslmode` asks for: `None` for `disable`, else how certificates are
/// checked. Errors are lib/pq's.
pub(super) fn check(params: &Params) -> Result<Option<Check>, String> {
    match params.get("sslmode").map_or("", String::as_str) {
        // lib/pq looks for a file even with `sslinline=true` (PEM text is no file: no check).
        "" | "require" => {
            let root = params.get("sslrootcert").filter(|r| !r.is_empty());
            Ok(Some(match root {
                Some(root) if std::path::Path::new(root).exists() => Check::Chain,
                _ => Check::Nothing,
            }))
        }
        "verify-ca" => Ok(Some(Check::Chain)),
        "verify-full" => Ok(Some(Check::Full)),
        "disable" => Ok(None),
        mode => Err(format!(
            "pq: unsupported sslmode {mode:?}; only \"require\" (default), \"verify-full\", \"verify-ca\", and \"disable\" supported"
        )),
    }
}

/// The rustls configuration for `check`: the roots from `sslrootcert` (else the system's, as
/// Go finds them: `SSL_CERT_FILE`, `SSL_CERT_DIR`), the client certificate from `sslcert` and
/// `sslkey` (else `~/.postgresql/postgresql.crt` and `.key` when they exist).
pub(super) fn client_config(
    check: Check,
    params: &Params,
    env: &Env,
) -> Result<ClientConfig, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let algorithms = provider.signature_verification_algorithms;
    let builder = ClientConfig::builder_with_provider(Arc::clone(&provider))
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?;
    let verifier: Arc<dyn ServerCertVerifier> = match check {
        Check::Nothing => Arc::new(Unchecked(algorithms)),
        Check::Chain | Check::Full => {
            let roots = Arc::new(roots(params, env)?);
            let webpki = WebPkiServerVerifier::builder_with_provider(roots, Arc::clone(&provider))
                .build()
                .map_err(|e| format!("TLS: {e}"))?;
            if check == Check::Full {
                webpki
            } else {
                Arc::new(ChainOnly(webpki))
            }
        }
    };
    let builder = builder
        .dangerous()
        .with_custom_certificate_verifier(verifier);
    match client_certificate(params, env)? {
        Some((chain, key)) => builder
            .with_client_auth_cert(chain, key)
            .map_err(|e| format!("the client certificate (sslcert, sslkey): {e}")),
        None => Ok(builder.with_no_client_auth()),
    }
}

/// The trusted roots: `sslrootcert`'s (a file, or the PEM itself with `sslinline=true`),
/// else the system's.
fn roots(params: &Params, env: &Env) -> Result<RootCertStore, String> {
    let mut store = RootCertStore::empty();
    let inline = params.get("sslinline").is_some_and(|v| v == "true");
    match params.get("sslrootcert").filter(|r| !r.is_empty()) {
        Some(root) => {
            let pem = if inline {
                root.clone().into_bytes()
            } else {
                std::fs::read(root).map_err(|e| format!("open {root}: {}", io_cause(&e)))?
            };
            let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&pem)
                .filter_map(Result::ok)
                .collect();
            let (added, _) = store.add_parsable_certificates(certs);
            if added == 0 {
                return Err("pq: couldn't parse pem in sslrootcert".to_string());
            }
        }
        None => {
            let system = crate::client::system_roots(env);
            store.add_parsable_certificates(system.into_iter().map(CertificateDer::from));
        }
    }
    Ok(store)
}

/// The client certificate and key, when lib/pq would send one.
fn client_certificate(
    params: &Params,
    env: &Env,
) -> Result<Option<(Vec<CertificateDer<'static>>, PrivateKeyDer<'static>)>, String> {
    let given = |key: &str| params.get(key).filter(|v| !v.is_empty()).cloned();
    if params.get("sslinline").is_some_and(|v| v == "true") {
        let (Some(cert), Some(key)) = (given("sslcert"), given("sslkey")) else {
            return Ok(None);
        };
        return key_pair(cert.as_bytes(), key.as_bytes()).map(Some);
    }
    let home = |name: &str| {
        env.home()
            .map(|h| h.join(".postgresql").join(name).display().to_string())
    };
    let Some(cert) = given("sslcert").or_else(|| home("postgresql.crt")) else {
        return Ok(None);
    };
    if !std::path::Path::new(&cert).exists() {
        return Ok(None);
    }
    let key = given("sslkey").or_else(|| home("postgresql.key"));
    let key = key.ok_or_else(|| "no sslkey for the client certificate".to_string())?;
    key_permissions(&key)?;
    let cert_pem = std::fs::read(&cert).map_err(|e| format!("open {cert}: {}", io_cause(&e)))?;
    let key_pem = std::fs::read(&key).map_err(|e| format!("open {key}: {}", io_cause(&e)))?;
    key_pair(&cert_pem, &key_pem).map(Some)
}

/// lib/pq refuses a key file others may read.
#[cfg(unix)]
fn key_permissions(path: &str) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(path).map_err(|e| format!("stat {path}: {}", io_cause(&e)))?;
    if meta.permissions().mode() & 0o077 != 0 {
        return Err("pq: Private key file has group or world access. Permissions should be u=rw (0600) or less".to_string());
    }
    Ok(())
}

#[cfg(not(unix))]
fn key_permissions(_path: &str) -> Result<(), String> {
    Ok(())
}

fn key_pair(
    cert: &[u8],
    key: &[u8],
) -> Result<(Vec<CertificateDer<'static>>, PrivateKeyDer<'static>), String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(cert)
        .filter_map(Result::ok)
        .collect();
    if chain.is_empty() {
        return Err("tls: failed to find any PEM data in certificate input".to_string());
    }
    let key = PrivateKeyDer::from_pem_slice(key)
        .map_err(|_| "tls: failed to find any PEM data in key input".to_string())?;
    Ok((chain, key))
}

/// An I/O error's cause in Go's words where they differ.
fn io_cause(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// `sslmode=require` without a root: any certificate (Go's `InsecureSkipVerify`); the
/// handshake's signatures are still checked.
#[derive(Debug)]
struct Unchecked(WebPkiSupportedAlgorithms);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_schemes()
    }
}

/// `verify-ca`: the chain to a trusted root, whatever names the certificate holds (webpki
/// checks the chain before the name, so a name mismatch means the chain was good).
#[derive(Debug)]
struct ChainOnly(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(&str, &str)]) -> Params {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn modes_as_lib_pq_reads_them() {
        assert_eq!(check(&with(&[])), Ok(Some(Check::Nothing)));
        assert_eq!(
            check(&with(&[("sslmode", "require")])),
            Ok(Some(Check::Nothing))
        );
        // require with an existing root file checks the chain; a missing file is ignored.
        let file = std::env::temp_dir().join("terrace-pg-tls-root-test.pem");
        std::fs::write(&file, "x").unwrap();
        let root = file.display().to_string();
        assert_eq!(
            check(&with(&[("sslrootcert", &root)])),
            Ok(Some(Check::Chain))
        );
        assert_eq!(
            check(&with(&[("sslrootcert", "/no/such/root.pem")])),
            Ok(Some(Check::Nothing))
        );
        assert_eq!(
            check(&with(&[("sslmode", "verify-ca")])),
            Ok(Some(Check::Chain))
        );
        assert_eq!(
            check(&with(&[("sslmode", "verify-full")])),
            Ok(Some(Check::Full))
        );
        assert_eq!(check(&with(&[("sslmode", "disable")])), Ok(None));
        let prefer = check(&with(&[("sslmode", "prefer")])).unwrap_err();
        assert!(
            prefer.starts_with("pq: unsupported sslmode \"prefer\""),
            "{prefer}"
        );
        // A root file that holds no certificate is lib/pq's error.
        let e = client_config(
            Check::Full,
            &with(&[("sslrootcert", &root)]),
            &Env::default(),
        )
        .unwrap_err();
        assert_eq!(e, "pq: couldn't parse pem in sslrootcert");
        let e = client_config(
            Check::Chain,
            &with(&[("sslrootcert", "/no/such/root.pem")]),
            &Env::default(),
        )
        .unwrap_err();
        assert_eq!(e, "open /no/such/root.pem: no such file or directory");
        let _ = std::fs::remove_file(file);
    }
}
