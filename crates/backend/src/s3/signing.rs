//! SigV4 signing of the s3 backend's requests (S3, DynamoDB, STS) with AWS's own `aws-sigv4`.

use std::time::SystemTime;

use aws_credential_types::Credentials as AwsCredentials;
use aws_sigv4::http_request::{
    PayloadChecksumKind, PercentEncodingMode, SignableBody, SignableRequest, SigningSettings,
    UriPathNormalizationMode, sign,
};
use aws_sigv4::sign::v4;

use super::key_pair::Credentials;

/// The headers that sign `method url` with `headers` and `body` for `service` in `region` at `time`:
/// `x-amz-date`, `authorization`, and `x-amz-security-token` / `x-amz-content-sha256` where they apply.
/// S3 gets its payload hash header and a path that is not normalised or encoded again.
pub(crate) fn signed_headers(
    credentials: &Credentials,
    region: &str,
    service: &str,
    request: (&str, &str, &[(String, String)], &[u8]),
    time: SystemTime,
) -> Result<Vec<(String, String)>, String> {
    let (method, url, headers, body) = request;
    let aws = AwsCredentials::new(
        credentials.access_key.as_str(),
        credentials.secret_key.expose(),
        credentials
            .session_token
            .as_ref()
            .map(|t| t.expose().to_string()),
        None,
        "terrace",
    );
    let identity = aws.into();
    let mut settings = SigningSettings::default();
    if service == "s3" {
        settings.payload_checksum_kind = PayloadChecksumKind::XAmzSha256;
        settings.percent_encoding_mode = PercentEncodingMode::Single;
        settings.uri_path_normalization_mode = UriPathNormalizationMode::Disabled;
    }
    let params = v4::SigningParams::builder()
        .identity(&identity)
        .region(region)
        .name(service)
        .time(time)
        .settings(settings)
        .build()
        .map_err(|e| e.to_string())?
        .into();
    let signable = SignableRequest::new(
        method,
        url,
        headers.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        SignableBody::Bytes(body),
    )
    .map_err(|e| e.to_string())?;
    let (instructions, _signature) = sign(signable, &params)
        .map_err(|e| e.to_string())?
        .into_parts();
    let (signed, _params) = instructions.into_parts();
    Ok(signed
        .into_iter()
        .map(|h| (h.name().to_string(), h.value().to_string()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::Secret;

    /// AWS's documented SigV4 test suite, case `get-vanilla`: the same request, key and time
    /// give the documented signature.
    #[test]
    fn aws_test_suite_get_vanilla() {
        let credentials = Credentials {
            access_key: "AKIDEXAMPLE".into(),
            secret_key: Secret::new("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            session_token: None,
        };
        // 2015-08-30T12:36:00Z
        let time = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_440_938_160);
        let headers = signed_headers(
            &credentials,
            "us-east-1",
            "service",
            ("GET", "https://example.amazonaws.com/", &[], b""),
            time,
        )
        .unwrap();
        let auth = headers
            .iter()
            .find(|(k, _)| k == "authorization")
            .map(|(_, v)| v.as_str());
        assert_eq!(
            auth,
            Some(
                "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
            )
        );
        assert!(
            headers
                .iter()
                .any(|(k, v)| k == "x-amz-date" && v == "20150830T123600Z")
        );
    }

    /// AWS's test suite, case `get-vanilla-query-order-key-case`: query parameters sorted.
    #[test]
    fn aws_test_suite_query_order() {
        let credentials = Credentials {
            access_key: "AKIDEXAMPLE".into(),
            secret_key: Secret::new("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            session_token: None,
        };
        let time = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_440_938_160);
        let headers = signed_headers(
            &credentials,
            "us-east-1",
            "service",
            (
                "GET",
                "https://example.amazonaws.com/?Param2=value2&Param1=value1",
                &[],
                b"",
            ),
            time,
        )
        .unwrap();
        let auth = headers
            .iter()
            .find(|(k, _)| k == "authorization")
            .map(|(_, v)| v.as_str());
        assert_eq!(
            auth,
            Some(
                "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
            )
        );
    }
}
