//! The s3 backend's DynamoDB digest: the item `BUCKET/KEY-md5` of `dynamodb_table` holds the MD5 of the state Terraform last wrote, checked on every read (a `GetItem`, never a lock item).

use std::time::SystemTime;

use md5::Digest;

use super::resolved::{S3, error};
use super::signing;
use crate::error::{BackendError, ErrorKind};
use crate::secret::scrub;

/// Fails when the table holds a digest for the object that is not the MD5 of `body`.
pub(super) fn check(
    s3: &S3,
    table: &str,
    key: &str,
    body: &[u8],
    place: &str,
) -> Result<(), BackendError> {
    let lock_id = format!("{}/{key}-md5", s3.bucket);
    let request = serde_json::json!({
        "TableName": table,
        "Key": { "LockID": { "S": lock_id } },
        "ProjectionExpression": "LockID, Digest",
        "ConsistentRead": true,
    })
    .to_string();
    let url = format!("{}/", s3.dynamodb_endpoint);
    let mut headers = vec![
        (
            "content-type".to_string(),
            "application/x-amz-json-1.0".to_string(),
        ),
        (
            "x-amz-target".to_string(),
            "DynamoDB_20120810.GetItem".to_string(),
        ),
    ];
    let signed = signing::signed_headers(
        &s3.credentials,
        &s3.region,
        "dynamodb",
        ("POST", &url, &headers, request.as_bytes()),
        SystemTime::now(),
    )
    .map_err(|m| error(ErrorKind::Config, format!("signing the request: {m}")))?;
    headers.extend(signed);
    let reply = s3
        .http
        .post(&url, &headers, request.as_bytes())
        .map_err(|t| {
            error(
                t.kind,
                format!(
                    "reading the digest of {place} from DynamoDB table {table:?}: {}",
                    scrub(&t.message, &s3.secrets())
                ),
            )
        })?;
    let json: serde_json::Value = serde_json::from_slice(&reply.body).unwrap_or_default();
    if reply.status != 200 {
        let kind = json
            .get("__type")
            .and_then(|t| t.as_str())
            .map(|t| t.rsplit('#').next().unwrap_or(t).to_string())
            .unwrap_or_else(|| format!("HTTP {}", reply.status));
        let message = json
            .get("message")
            .or_else(|| json.get("Message"))
            .and_then(|m| m.as_str())
            .unwrap_or_default();
        return Err(error(
            if reply.status == 400 && kind.contains("ResourceNotFound") {
                ErrorKind::NotFound
            } else if matches!(reply.status, 400 | 403) && kind.contains("Signature")
                || kind.contains("AccessDenied")
                || kind.contains("UnrecognizedClient")
            {
                ErrorKind::Auth
            } else {
                ErrorKind::Server
            },
            scrub(
                &format!(
                    "reading the digest of {place} from DynamoDB table {table:?}: {kind}: {message}"
                ),
                &s3.secrets(),
            ),
        ));
    }
    let stored = json
        .pointer("/Item/Digest/S")
        .and_then(|d| d.as_str())
        .unwrap_or_default();
    if stored.is_empty() {
        return Ok(());
    }
    let calculated = if body.is_empty() {
        String::new()
    } else {
        md5::Md5::digest(body)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    if calculated == stored {
        return Ok(());
    }
    Err(error(
        ErrorKind::Invalid,
        format!(
            "state data in S3 does not have the expected content. The checksum calculated for the state stored in S3 does not match the checksum stored in DynamoDB (table {table:?}, object {place}): calculated {}, stored {stored}. The object may still be being written (try again), or it was changed outside Terraform; Terraform itself refuses this state",
            if calculated.is_empty() {
                "(no state)"
            } else {
                calculated.as_str()
            }
        ),
    ))
}
