//! `client_certificate` / `client_certificate_path` (`ARM_CLIENT_CERTIFICATE`, `ARM_CLIENT_CERTIFICATE_PATH`, `ARM_CLIENT_CERTIFICATE_PASSWORD`): a PKCS #12 archive's RSA key signing the client assertion Azure AD takes instead of a secret, as go-azure-sdk builds it (RS256, `kid` the certificate's SHA-1 thumbprint, `aud` the token URL, `iss` = `sub` = the client).

use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine;
use rsa::pkcs8::DecodePrivateKey;
use sha1::Digest;

use crate::env::Env;
use crate::secret::Secret;
use crate::settings::Settings;

/// A client certificate: the certificate (DER) and its private key.
pub(super) struct Certificate {
    der: Vec<u8>,
    key: rsa::RsaPrivateKey,
}

impl Certificate {
    /// The archive the settings name, if any: `client_certificate` (base64 of the archive)
    /// before `client_certificate_path`, opened with `client_certificate_password`.
    pub(super) fn from_settings(
        settings: &Settings,
        env: &Env,
    ) -> Result<Option<Certificate>, String> {
        let password = settings
            .secret_or_env(
                "client_certificate_password",
                env,
                &["ARM_CLIENT_CERTIFICATE_PASSWORD"],
            )
            .unwrap_or_default();
        if let Some(encoded) =
            settings.string_or_env("client_certificate", env, &["ARM_CLIENT_CERTIFICATE"])
        {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|_| "could not decode client certificate data: not base64".to_string())?;
            return Certificate::from_pkcs12(&bytes, &password, "client_certificate").map(Some);
        }
        let Some(path) = settings.string_or_env(
            "client_certificate_path",
            env,
            &["ARM_CLIENT_CERTIFICATE_PATH"],
        ) else {
            return Ok(None);
        };
        let bytes = std::fs::read(path)
            .map_err(|e| format!("could not read the PKCS #12 archive {path:?}: {e}"))?;
        Certificate::from_pkcs12(&bytes, &password, &format!("the PKCS #12 archive {path:?}"))
            .map(Some)
    }

    /// The certificate and RSA key of a PKCS #12 archive (`what` names it in errors).
    fn from_pkcs12(bytes: &[u8], password: &Secret, what: &str) -> Result<Certificate, String> {
        let bad = || {
            format!(
                "could not decode {what}: not a PKCS #12 archive terrace reads (3DES or RC2 encrypted, as Go's pkcs12 reads)"
            )
        };
        let pfx = p12::PFX::parse(bytes).map_err(|_| bad())?;
        if !pfx.verify_mac(password.expose()) {
            return Err(format!(
                "could not decode {what}: wrong client_certificate_password"
            ));
        }
        let der = pfx
            .cert_x509_bags(password.expose())
            .map_err(|_| bad())?
            .into_iter()
            .next()
            .ok_or_else(|| format!("{what} holds no certificate"))?;
        let key = pfx
            .key_bags(password.expose())
            .map_err(|_| bad())?
            .into_iter()
            .next()
            .ok_or_else(|| format!("{what} holds no private key"))?;
        let key = rsa::RsaPrivateKey::from_pkcs8_der(&key).map_err(|_| {
            format!("{what}: the private key is not an RSA key (terrace signs with RSA keys only)")
        })?;
        Ok(Certificate { der, key })
    }

    /// The signed client assertion for `client` at `token_url`.
    pub(super) fn assertion(&self, client: &str, token_url: &str) -> Secret {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or_default();
        self.assertion_at(client, token_url, now, &uuid::Uuid::new_v4().to_string())
    }

    fn assertion_at(&self, client: &str, token_url: &str, now: u64, jti: &str) -> Secret {
        // go-azure-sdk: base64.URLEncoding (padded) of the SHA-1 of the certificate.
        let kid = base64::engine::general_purpose::URL_SAFE.encode(sha1::Sha1::digest(&self.der));
        let header = serde_json::json!({"alg": "RS256", "typ": "JWT", "kid": kid});
        let claims = serde_json::json!({
            "aud": token_url,
            "exp": now + 3600,
            "iss": client,
            "jti": jti,
            "nbf": now,
            "sub": client,
        });
        crate::jwt::rs256(&header, &claims, self.key.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rsa::signature::Verifier;

    #[test]
    fn assertion_layout_and_signature() {
        let mut rng = rsa::rand_core::OsRng;
        let key = rsa::RsaPrivateKey::new(&mut rng, 1024).unwrap();
        let cert = Certificate {
            der: b"not really DER, only hashed".to_vec(),
            key: key.clone(),
        };
        let jwt = cert.assertion_at(
            "client-1",
            "https://login/t/oauth2/v2.0/token",
            1_700_000_000,
            "j-1",
        );
        let parts: Vec<&str> = jwt.expose().split('.').collect();
        let decode = |p: &str| {
            let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(p)
                .unwrap();
            serde_json::from_slice::<serde_json::Value>(&bytes).unwrap()
        };
        let header = decode(parts[0]);
        assert_eq!(header["alg"], "RS256");
        assert!(
            header["kid"].as_str().unwrap().ends_with('='),
            "padded, as Go's URLEncoding"
        );
        let claims = decode(parts[1]);
        assert_eq!(claims["sub"], "client-1");
        assert_eq!(claims["iss"], "client-1");
        assert_eq!(claims["exp"], 1_700_003_600);
        let sig = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(parts[2])
            .unwrap();
        rsa::pkcs1v15::VerifyingKey::<sha2::Sha256>::new(key.to_public_key())
            .verify(
                format!("{}.{}", parts[0], parts[1]).as_bytes(),
                &rsa::pkcs1v15::Signature::try_from(sig.as_slice()).unwrap(),
            )
            .unwrap();
    }

    #[test]
    fn not_an_archive() {
        let err = Certificate::from_pkcs12(b"junk", &Secret::new(""), "x")
            .err()
            .unwrap();
        assert!(err.contains("not a PKCS #12 archive"), "{err}");
    }
}
