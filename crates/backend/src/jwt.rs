//! JSON Web Tokens signed with RS256, as the cloud sign-ins ask for them: a Google service
//! account's assertion (gcs) and an Azure AD client certificate's assertion (azurerm).

use base64::Engine;
use rsa::signature::{SignatureEncoding, Signer};

use crate::secret::Secret;

/// `BASE64URL(header).BASE64URL(claims).BASE64URL(signature)`, the signature RSASSA-PKCS1-v1_5
/// with SHA-256 over the first two parts (RFC 7515, unpadded base64url).
pub(crate) fn rs256(
    header: &serde_json::Value,
    claims: &serde_json::Value,
    key: rsa::RsaPrivateKey,
) -> Secret {
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let input = format!(
        "{}.{}",
        b64(header.to_string().as_bytes()),
        b64(claims.to_string().as_bytes())
    );
    let signer = rsa::pkcs1v15::SigningKey::<sha2::Sha256>::new(key);
    let signature = signer.sign(input.as_bytes()).to_bytes();
    Secret::new(format!("{input}.{}", b64(&signature)))
}
