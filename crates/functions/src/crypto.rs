//! Hash and crypto functions (Terraform's `crypto.go`): `md5`, `sha1`, `sha256`, `sha512`,
//! `base64sha256`, `base64sha512`, their `file…` variants, `bcrypt`, `rsadecrypt`, `uuid`
//! and `uuidv5`.
//!
//! Strings are hashed as their UTF-8 bytes; files are hashed as they are read, without a
//! size limit. `bcrypt` and `uuid` are impure. `uuid` returns 128 random bits in UUID
//! layout, as Terraform's (go-uuid) does, not an RFC 4122 version-4 UUID. `rsadecrypt`
//! reads PEM keys in PKCS #1 (`RSA PRIVATE KEY`), PKCS #8 (`PRIVATE KEY`) and unencrypted
//! OpenSSH (`OPENSSH PRIVATE KEY`) form and decrypts PKCS #1 v1.5 padding.

use std::io::Read as _;

use ::md5::Md5;
use ::sha1::Sha1;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256, Sha512};
use terrace_types::{Type, Value, quote};

use super::args::{int_arg, str_arg};
use super::context::CallContext;
use super::encoding::go_base64_decode;
use super::error::FunctionError;
use super::filesystem::{open, path_error, resolve};
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// How a hash is written out.
#[derive(Clone, Copy)]
enum Output {
    Hex,
    Base64,
}

/// Adds the hash and crypto functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let string_fn = |name, params, description, implementation| {
        Function::fixed(name, params, || Type::String, description, implementation)
    };
    let str_param = || vec![Param::new("str", Type::String)];
    let path_param = || vec![Param::new("path", Type::String)];
    table.insert(string_fn(
        "md5",
        str_param(),
        "Computes the MD5 hash of the UTF-8 bytes of a string and returns it as 32 hexadecimal \
         digits.",
        md5,
    ));
    table.insert(string_fn(
        "sha1",
        str_param(),
        "Computes the SHA-1 hash of the UTF-8 bytes of a string and returns it as 40 \
         hexadecimal digits.",
        sha1,
    ));
    table.insert(string_fn(
        "sha256",
        str_param(),
        "Computes the SHA-256 hash of the UTF-8 bytes of a string and returns it as 64 \
         hexadecimal digits.",
        sha256,
    ));
    table.insert(string_fn(
        "sha512",
        str_param(),
        "Computes the SHA-512 hash of the UTF-8 bytes of a string and returns it as 128 \
         hexadecimal digits.",
        sha512,
    ));
    table.insert(string_fn(
        "base64sha256",
        str_param(),
        "Computes the SHA-256 hash of the UTF-8 bytes of a string and returns the raw hash \
         encoded with Base64 (not the hexadecimal digits).",
        base64sha256,
    ));
    table.insert(string_fn(
        "base64sha512",
        str_param(),
        "Computes the SHA-512 hash of the UTF-8 bytes of a string and returns the raw hash \
         encoded with Base64 (not the hexadecimal digits).",
        base64sha512,
    ));
    table.insert(string_fn(
        "filemd5",
        path_param(),
        "Computes the MD5 hash of the contents of the file at the given path (relative to the \
         module directory), as hexadecimal digits.",
        filemd5,
    ));
    table.insert(string_fn(
        "filesha1",
        path_param(),
        "Computes the SHA-1 hash of the contents of the file at the given path (relative to \
         the module directory), as hexadecimal digits.",
        filesha1,
    ));
    table.insert(string_fn(
        "filesha256",
        path_param(),
        "Computes the SHA-256 hash of the contents of the file at the given path (relative to \
         the module directory), as hexadecimal digits.",
        filesha256,
    ));
    table.insert(string_fn(
        "filesha512",
        path_param(),
        "Computes the SHA-512 hash of the contents of the file at the given path (relative to \
         the module directory), as hexadecimal digits.",
        filesha512,
    ));
    table.insert(string_fn(
        "filebase64sha256",
        path_param(),
        "Computes the SHA-256 hash of the contents of the file at the given path (relative to \
         the module directory), encoded with Base64.",
        filebase64sha256,
    ));
    table.insert(string_fn(
        "filebase64sha512",
        path_param(),
        "Computes the SHA-512 hash of the contents of the file at the given path (relative to \
         the module directory), encoded with Base64.",
        filebase64sha512,
    ));
    table.insert(Function {
        name: "bcrypt",
        params: str_param(),
        variadic: Some(Param::new("cost", Type::Number)),
        return_type: ReturnType::Static(|| Type::String),
        description: "Hashes a string with bcrypt at the given cost (default 10) and returns it \
                      in Modular Crypt Format (`$2a$10$…`). Every call uses a new random salt, \
                      so the result changes from call to call.",
        implementation: bcrypt,
        impure: true,
    });
    table.insert(string_fn(
        "rsadecrypt",
        vec![
            Param::new("ciphertext", Type::String),
            Param::new("privatekey", Type::String),
        ],
        "Decrypts a Base64-encoded ciphertext, encrypted with RSA and PKCS #1 v1.5 padding, \
         with a PEM-encoded RSA private key, and returns the cleartext.",
        rsadecrypt,
    ));
    table.insert(Function {
        name: "uuid",
        params: vec![],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Returns a new random identifier in UUID format, such as \
                      `\"b5ee72a3-54dd-c4b8-551c-4bdc0204cedb\"`. The result changes from call \
                      to call.",
        implementation: uuid,
        impure: true,
    });
    table.insert(string_fn(
        "uuidv5",
        vec![
            Param::new("namespace", Type::String),
            Param::new("name", Type::String),
        ],
        "Returns the name-based (version 5, SHA-1) UUID of a name in a namespace: `dns`, `url`, \
         `oid`, `x500`, or a UUID string.",
        uuidv5,
    ));
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn encode(bytes: &[u8], output: Output) -> Value {
    Value::string(match output {
        Output::Hex => hex(bytes),
        Output::Base64 => STANDARD.encode(bytes),
    })
}

fn hash_str<D: Digest>(args: &[Value], output: Output) -> Result<Value, FunctionError> {
    Ok(encode(&D::digest(str_arg(args, 0).as_bytes()), output))
}

fn md5(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_str::<Md5>(args, Output::Hex)
}

fn sha1(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_str::<Sha1>(args, Output::Hex)
}

fn sha256(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_str::<Sha256>(args, Output::Hex)
}

fn sha512(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_str::<Sha512>(args, Output::Hex)
}

fn base64sha256(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_str::<Sha256>(args, Output::Base64)
}

fn base64sha512(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_str::<Sha512>(args, Output::Base64)
}

/// Hashes a file as it is read (Terraform's `makeFileHashFunction`).
fn hash_file<D: Digest>(
    ctx: &CallContext,
    args: &[Value],
    output: Output,
) -> Result<Value, FunctionError> {
    let resolved = resolve(ctx, str_arg(args, 0)).map_err(FunctionError::new)?;
    let mut f =
        open(ctx, &resolved).map_err(|e| FunctionError::new(path_error("open", &resolved, &e)))?;
    let mut hasher = D::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = f
            .read(&mut buf)
            .map_err(|e| FunctionError::new(path_error("read", &resolved, &e)))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(encode(&hasher.finalize(), output))
}

fn filemd5(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_file::<Md5>(ctx, args, Output::Hex)
}

fn filesha1(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_file::<Sha1>(ctx, args, Output::Hex)
}

fn filesha256(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_file::<Sha256>(ctx, args, Output::Hex)
}

fn filesha512(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_file::<Sha512>(ctx, args, Output::Hex)
}

fn filebase64sha256(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_file::<Sha256>(ctx, args, Output::Base64)
}

fn filebase64sha512(ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    hash_file::<Sha512>(ctx, args, Output::Base64)
}

fn bcrypt(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let mut cost = 10i64;
    if let Some(arg) = args.get(1) {
        cost = int_arg(arg).map_err(FunctionError::new)?;
    }
    if args.len() > 2 {
        return Err(FunctionError::new(
            "bcrypt() takes no more than two arguments",
        ));
    }
    let password = str_arg(args, 0);
    let fail = |why: &str| FunctionError::new(format!("error occured generating password {why}"));
    if password.len() > 72 {
        return Err(fail("bcrypt: password length exceeds 72 bytes"));
    }
    // Go's bcrypt uses its default cost for anything below the minimum.
    if cost < 4 {
        cost = 10;
    }
    if cost > 31 {
        return Err(fail(&format!(
            "crypto/bcrypt: cost {cost} is outside allowed inclusive range 4..31"
        )));
    }
    let cost = u32::try_from(cost).expect("invariant: 4..=31");
    let hashed = ::bcrypt::hash_with_result(password, cost)
        .map_err(|e| fail(&e.to_string()))?
        .format_for_version(::bcrypt::Version::TwoA);
    Ok(Value::string(hashed))
}

fn rsadecrypt(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let text = str_arg(args, 0);
    let ciphertext = go_base64_decode(text).map_err(|_| {
        FunctionError::arg(
            0,
            format!(
                "failed to decode input {}: cipher text must be base64-encoded",
                quote(text)
            ),
        )
    })?;
    let key = parse_private_key(str_arg(args, 1)).map_err(|e| FunctionError::arg(1, e))?;
    let clear = key
        .decrypt(rsa::Pkcs1v15Encrypt, &ciphertext)
        .map_err(|_| FunctionError::new("failed to decrypt: crypto/rsa: decryption error"))?;
    Ok(Value::string(String::from_utf8_lossy(&clear)))
}

/// A PEM block: its type, whether its headers mark it encrypted, and its bytes.
struct PemBlock {
    label: String,
    encrypted: bool,
    der: Vec<u8>,
}

/// The first well-formed PEM block in `text`, as Go's `pem.Decode` finds it.
fn pem_decode(text: &str) -> Option<PemBlock> {
    const BEGIN: &str = "-----BEGIN ";
    let mut rest = text;
    loop {
        let start = if rest.starts_with(BEGIN) {
            0
        } else {
            rest.find(&format!("\n{BEGIN}"))? + 1
        };
        let after_begin = &rest[start + BEGIN.len()..];
        rest = after_begin;
        let line_end = after_begin.find('\n')?;
        let Some(label) = after_begin[..line_end]
            .trim_end_matches('\r')
            .strip_suffix("-----")
        else {
            continue;
        };
        let body_and_end = &after_begin[line_end + 1..];
        let end_marker = format!("-----END {label}-----");
        let Some(end) = body_and_end.find(&end_marker) else {
            continue;
        };
        let body = &body_and_end[..end];
        let mut encrypted = false;
        let mut data = String::new();
        let mut in_headers = true;
        for line in body.lines() {
            if in_headers && line.contains(':') {
                if line.starts_with("Proc-Type:") && line.contains("ENCRYPTED") {
                    encrypted = true;
                }
                continue;
            }
            in_headers = false;
            data.extend(line.chars().filter(|c| !c.is_whitespace()));
        }
        match go_base64_decode(&data) {
            Ok(der) => {
                return Some(PemBlock {
                    label: label.to_string(),
                    encrypted,
                    der,
                });
            }
            Err(_) => continue,
        }
    }
}

/// Go's `ssh.ParseRawPrivateKey`, for RSA keys, with Terraform's messages.
fn parse_private_key(pem: &str) -> Result<rsa::RsaPrivateKey, String> {
    use rsa::pkcs1::DecodeRsaPrivateKey as _;
    use rsa::pkcs8::DecodePrivateKey as _;
    let block = pem_decode(pem).ok_or("invalid private key: ssh: no key found")?;
    if block.encrypted {
        return Err("invalid private key: ssh: this private key is passphrase protected".into());
    }
    let asn1 =
        |e: &dyn std::fmt::Display| format!("invalid ASN1 data in the given private key: {e}");
    match block.label.as_str() {
        "RSA PRIVATE KEY" => rsa::RsaPrivateKey::from_pkcs1_der(&block.der).map_err(|e| asn1(&e)),
        "PRIVATE KEY" => rsa::RsaPrivateKey::from_pkcs8_der(&block.der).map_err(|e| match e {
            rsa::pkcs8::Error::PublicKey(_) | rsa::pkcs8::Error::KeyMalformed => {
                "invalid private key type: not an RSA key".to_string()
            }
            other => asn1(&other),
        }),
        "EC PRIVATE KEY" | "DSA PRIVATE KEY" => {
            Err("invalid private key type: not an RSA key".to_string())
        }
        "OPENSSH PRIVATE KEY" => parse_openssh_key(&block.der),
        other => Err(format!(
            "invalid private key: ssh: unsupported key type {}",
            quote(other)
        )),
    }
}

/// A reader of the SSH wire encoding (RFC 4251): `uint32` and length-prefixed strings.
struct SshReader<'a>(&'a [u8]);

impl<'a> SshReader<'a> {
    fn u32(&mut self) -> Option<u32> {
        let (head, rest) = self.0.split_first_chunk::<4>()?;
        self.0 = rest;
        Some(u32::from_be_bytes(*head))
    }

    fn string(&mut self) -> Option<&'a [u8]> {
        let len = usize::try_from(self.u32()?).ok()?;
        if len > self.0.len() {
            return None;
        }
        let (head, rest) = self.0.split_at(len);
        self.0 = rest;
        Some(head)
    }

    fn mpint(&mut self) -> Option<rsa::BigUint> {
        Some(rsa::BigUint::from_bytes_be(self.string()?))
    }
}

/// An unencrypted `openssh-key-v1` private key holding an RSA key (what Go's
/// `ssh.ParseRawPrivateKey` accepts for an `OPENSSH PRIVATE KEY` block).
fn parse_openssh_key(data: &[u8]) -> Result<rsa::RsaPrivateKey, String> {
    const MAGIC: &[u8] = b"openssh-key-v1\0";
    let malformed = || "invalid private key: ssh: malformed OpenSSH key".to_string();
    let body = data
        .strip_prefix(MAGIC)
        .ok_or("invalid private key: ssh: invalid openssh private key format")?;
    let mut r = SshReader(body);
    let cipher = r.string().ok_or_else(malformed)?;
    let _kdf = r.string().ok_or_else(malformed)?;
    let _kdf_options = r.string().ok_or_else(malformed)?;
    let n_keys = r.u32().ok_or_else(malformed)?;
    if cipher != b"none" {
        return Err("invalid private key: ssh: this private key is passphrase protected".into());
    }
    if n_keys != 1 {
        return Err("invalid private key: ssh: multi-key files are not supported".into());
    }
    let _public = r.string().ok_or_else(malformed)?;
    let mut private = SshReader(r.string().ok_or_else(malformed)?);
    let (check1, check2) = (
        private.u32().ok_or_else(malformed)?,
        private.u32().ok_or_else(malformed)?,
    );
    if check1 != check2 {
        return Err("invalid private key: ssh: malformed OpenSSH key".into());
    }
    let key_type = private.string().ok_or_else(malformed)?;
    if key_type != b"ssh-rsa" {
        return Err("invalid private key type: not an RSA key".into());
    }
    let n = private.mpint().ok_or_else(malformed)?;
    let e = private.mpint().ok_or_else(malformed)?;
    let d = private.mpint().ok_or_else(malformed)?;
    let _iqmp = private.mpint().ok_or_else(malformed)?;
    let p = private.mpint().ok_or_else(malformed)?;
    let q = private.mpint().ok_or_else(malformed)?;
    rsa::RsaPrivateKey::from_components(n, e, d, vec![p, q])
        .map_err(|e| format!("invalid private key: {e}"))
}

fn uuid(_ctx: &CallContext, _args: &[Value]) -> Result<Value, FunctionError> {
    // go-uuid formats 16 random bytes without version or variant bits. A version-4 UUID
    // has 122 random bits; the 6 fixed bits are replaced with random bytes of another.
    let mut bytes = *::uuid::Uuid::new_v4().as_bytes();
    let more = ::uuid::Uuid::new_v4();
    bytes[6] = more.as_bytes()[0];
    bytes[8] = more.as_bytes()[1];
    Ok(Value::string(format_uuid(&bytes)))
}

fn format_uuid(b: &[u8; 16]) -> String {
    format!(
        "{}-{}-{}-{}-{}",
        hex(&b[0..4]),
        hex(&b[4..6]),
        hex(&b[6..8]),
        hex(&b[8..10]),
        hex(&b[10..16])
    )
}

fn uuidv5(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let namespace = str_arg(args, 0);
    let ns = match namespace {
        "dns" => ::uuid::Uuid::NAMESPACE_DNS,
        "url" => ::uuid::Uuid::NAMESPACE_URL,
        "oid" => ::uuid::Uuid::NAMESPACE_OID,
        "x500" => ::uuid::Uuid::NAMESPACE_X500,
        _ => ::uuid::Uuid::from_bytes(parse_google_uuid(namespace).map_err(|e| {
            FunctionError::new(format!(
                "uuidv5() doesn't support namespace {namespace} ({e})"
            ))
        })?),
    };
    let id = ::uuid::Uuid::new_v5(&ns, str_arg(args, 1).as_bytes());
    Ok(Value::string(format_uuid(id.as_bytes())))
}

/// google/uuid's `Parse`: 36 characters with dashes, `{…}`, `urn:uuid:…`, or 32 hex
/// digits.
fn parse_google_uuid(s: &str) -> Result<[u8; 16], String> {
    let b = s.as_bytes();
    let xtob = |hi: u8, lo: u8| -> Option<u8> {
        let h = char::from(hi).to_digit(16)?;
        let l = char::from(lo).to_digit(16)?;
        u8::try_from(h * 16 + l).ok()
    };
    let mut out = [0u8; 16];
    let body: &[u8] = match b.len() {
        36 => b,
        45 => {
            if !b[..9].eq_ignore_ascii_case(b"urn:uuid:") {
                return Err(format!(
                    "invalid urn prefix: {}",
                    quote(&String::from_utf8_lossy(&b[..9]))
                ));
            }
            &b[9..]
        }
        38 => &b[1..37],
        32 => {
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = xtob(b[i * 2], b[i * 2 + 1]).ok_or("invalid UUID format")?;
            }
            return Ok(out);
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    if body[8] != b'-' || body[13] != b'-' || body[18] != b'-' || body[23] != b'-' {
        return Err("invalid UUID format".into());
    }
    const POSITIONS: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
    for (slot, &x) in out.iter_mut().zip(POSITIONS.iter()) {
        *slot = xtob(body[x], body[x + 1]).ok_or("invalid UUID format")?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{failed, files_ctx, ok_str, run_with};

    fn run(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
        run_with(&files_ctx(), name, args)
    }

    fn text(name: &str, args: &[&str]) -> String {
        ok_str(name, args.iter().map(|a| Value::string(*a)).collect())
    }

    #[test]
    fn string_hashes() {
        // Expected digests from Terraform.
        assert_eq!(text("md5", &["hello"]), "5d41402abc4b2a76b9719d911017c592");
        assert_eq!(text("md5", &[""]), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(
            text("sha1", &["hello"]),
            "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d"
        );
        assert_eq!(
            text("sha256", &["hello"]),
            "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"
        );
        assert_eq!(
            text("sha256", &["é"]),
            "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c"
        );
        assert_eq!(
            text("sha512", &["hello"]),
            "9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043"
        );
        assert_eq!(
            text("base64sha256", &["hello"]),
            "LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ="
        );
        assert_eq!(
            text("base64sha256", &[""]),
            "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
        );
        assert_eq!(
            text("base64sha512", &["hello"]),
            "m3HSJL1i83hdltRq0+o9czGb+8KJDKra4t/3JRlnPKcjI8PZm6XBHXx6zG4UuMXaDEZjR1wuXDre9G9zvN7AQw=="
        );
    }

    #[test]
    fn file_hashes() {
        assert_eq!(
            text("filemd5", &["hello.txt"]),
            "bea8252ff4e80f41719ea13cdf007273"
        );
        assert_eq!(
            text("filesha1", &["hello.txt"]),
            "60fde9c2310b0d4cad4dab8d126b04387efba289"
        );
        assert_eq!(
            text("filesha256", &["hello.txt"]),
            "c98c24b677eff44860afea6f493bbaec5bb1c4cbb209c6fc2bbb47f66ff2ad31"
        );
        assert_eq!(
            text("filesha512", &["hello.txt"]),
            "921618bc6d9f8059437c5e0397b13f973ab7c7a7b81f0ca31b70bf448fd800a460b67efda0020088bc97bf7d9da97a9e2ce7b20d46e066462ec44cf60284f9a7"
        );
        assert_eq!(
            text("filebase64sha256", &["hello.txt"]),
            "yYwktnfv9Ehgr+pvSTu67FuxxMuyCcb8K7tH9m/yrTE="
        );
        assert_eq!(
            text("filebase64sha512", &["hello.txt"]),
            "khYYvG2fgFlDfF4Dl7E/lzq3x6e4HwyjG3C/RI/YAKRgtn79oAIAiLyXv32dqXqeLOeyDUbgZkYuxEz2AoT5pw=="
        );
        assert_eq!(
            text("filemd5", &["latin1.bin"]),
            "e7ec8d2c269e57e2e9ea94365f7a4241"
        );
        assert!(
            failed("filemd5", vec![Value::string("missing.txt")])
                .ends_with("missing.txt: no such file or directory")
        );
        assert!(failed("filemd5", vec![Value::string("dir")]).ends_with("dir: is a directory"));
    }

    #[test]
    fn hash_arguments() {
        let v = run("md5", vec![Value::unknown(Type::String)]).unwrap();
        assert!(!v.is_known());
        assert!(matches!(
            run("sha1", vec![Value::null(Type::String)]),
            Err(CallError::InvalidArgument { .. })
        ));
        let v = run(
            "sha1",
            vec![Value::string("x").mark(terrace_types::Marks::SENSITIVE)],
        )
        .unwrap();
        assert!(v.marks().is_sensitive());
    }

    #[test]
    fn uuids() {
        // Expected values from Terraform.
        assert_eq!(
            text("uuidv5", &["url", "https://www.terraform.io/"]),
            "9db6f67c-dd95-5ea0-aa5b-e70e5c5f7cf5"
        );
        assert_eq!(
            text("uuidv5", &["oid", "1.2.3"]),
            "42d5e23b-3a02-5135-85c6-52d1102f1f00"
        );
        assert_eq!(
            text("uuidv5", &["dns", "www.terraform.io"]),
            "a5008fae-b28c-5ba5-96cd-82b4c53552d6"
        );
        assert_eq!(
            text("uuidv5", &["x500", "CN=a"]),
            "c4756781-662d-5713-b245-06d2e6262fc5"
        );
        assert_eq!(
            text("uuidv5", &["dns", ""]),
            "4ebd0208-8328-5d69-8c44-ec50939c0967"
        );
        for ns in [
            "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
            "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}",
            "urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8",
            "6ba7b8109dad11d180b400c04fd430c8",
        ] {
            assert_eq!(
                text("uuidv5", &[ns, "x"]),
                "05b16a01-46c6-56dd-bd6e-c6dfb4a1427a",
                "{ns}"
            );
        }
        assert_eq!(
            failed("uuidv5", vec![Value::string("DNS"), Value::string("x")]),
            "uuidv5() doesn't support namespace DNS (invalid UUID length: 3)"
        );
        assert_eq!(
            failed(
                "uuidv5",
                vec![
                    Value::string("zzzzzzzz-9dad-11d1-80b4-00c04fd430c8"),
                    Value::string("x")
                ]
            ),
            "uuidv5() doesn't support namespace zzzzzzzz-9dad-11d1-80b4-00c04fd430c8 (invalid UUID format)"
        );
        let shape =
            regex::Regex::new(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
                .unwrap();
        let a = text("uuid", &[]);
        let b = text("uuid", &[]);
        assert!(shape.is_match(&a), "{a}");
        assert_ne!(a, b);
    }

    #[test]
    fn bcrypt_shape_and_errors() {
        let shape = regex::Regex::new(r"^\$2a\$04\$[./A-Za-z0-9]{53}$").unwrap();
        let hashed = run("bcrypt", vec![Value::string("hello"), Value::int(4)]).unwrap();
        let hashed = hashed.as_str().unwrap().to_string();
        assert!(shape.is_match(&hashed), "{hashed}");
        assert!(::bcrypt::verify("hello", &hashed).unwrap());
        // Below the minimum cost, Go's bcrypt uses its default.
        let low = run("bcrypt", vec![Value::string("x"), Value::int(3)]).unwrap();
        assert!(low.as_str().unwrap().starts_with("$2a$10$"));
        assert_eq!(
            failed("bcrypt", vec![Value::string("x"), Value::int(32)]),
            "error occured generating password crypto/bcrypt: cost 32 is outside allowed inclusive range 4..31"
        );
        assert_eq!(
            failed(
                "bcrypt",
                vec![Value::string("x"), Value::int(4), Value::int(5)]
            ),
            "bcrypt() takes no more than two arguments"
        );
        assert_eq!(
            failed("bcrypt", vec![Value::string("a".repeat(80)), Value::int(4)]),
            "error occured generating password bcrypt: password length exceeds 72 bytes"
        );
        assert_eq!(
            failed(
                "bcrypt",
                vec![
                    Value::string("x"),
                    Value::number(terrace_types::Number::parse("4.5").unwrap())
                ]
            ),
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
        );
    }

    const CIPHER: &str = "Gf0tFf9Wyuw/CRY40S3mPVWkVT9+gAKVV7uphBR3oSPcp4IaE1nMq+PZTvYPquEFSsNRasw+i4vAuGHzq+lKV8iVj6fCtl/eXzLNEyTnlxrQsWDoKbvv92/gBaxLlGiqImy+reG1P8IUIwUbBkJ2WeYeQd8R31GI1jyGtMPKp8E=";

    const OPENSSH_CIPHER: &str = "x9+0mRDFrBuPtardAv9JITKt3CsazpWsv++T8rtnYv8/tQDgUZdfSt/ezBd1oK0rtKVYhVk6Pg8JcUpAFqZU+QGqcfFYHeP/bYv1ZEAyGZxSQS7/Edisn80y9OYXS2FZNE7UQkXb8X86bqNLgTsWAAy8BF5pshFC/6TNZIv384s=";

    fn key(name: &str) -> String {
        std::fs::read_to_string(files_ctx().base_dir.join(name)).unwrap()
    }

    #[test]
    fn rsadecrypt_keys() {
        // The fixture ciphertext was made with `openssl pkeyutl -encrypt` (PKCS #1 v1.5).
        for file in ["rsa_key.pem", "rsa_key_pkcs8.pem"] {
            let v = run(
                "rsadecrypt",
                vec![Value::string(CIPHER), Value::string(key(file))],
            )
            .unwrap();
            assert_eq!(v.as_str(), Some("secret message"), "{file}");
        }
        // An OpenSSH-format key made with `ssh-keygen -t rsa`, and a message encrypted to it.
        let v = run(
            "rsadecrypt",
            vec![
                Value::string(OPENSSH_CIPHER),
                Value::string(key("rsa_key_openssh")),
            ],
        )
        .unwrap();
        assert_eq!(v.as_str(), Some("secret message"));
    }

    #[test]
    fn rsadecrypt_errors() {
        match run("rsadecrypt", vec![Value::string("!!"), Value::string("x")]) {
            Err(CallError::InvalidArgument { param, message, .. }) => {
                assert_eq!(param, "ciphertext");
                assert_eq!(
                    message,
                    "failed to decode input \"!!\": cipher text must be base64-encoded"
                );
            }
            other => panic!("{other:?}"),
        }
        match run(
            "rsadecrypt",
            vec![Value::string("aGVsbG8="), Value::string("not a key")],
        ) {
            Err(CallError::InvalidArgument { param, message, .. }) => {
                assert_eq!(param, "privatekey");
                assert_eq!(message, "invalid private key: ssh: no key found");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            failed(
                "rsadecrypt",
                vec![Value::string("aGVsbG8="), Value::string(key("rsa_key.pem"))]
            ),
            "failed to decrypt: crypto/rsa: decryption error"
        );
        let broken = key("rsa_key.pem").replacen("MII", "MIJ", 1);
        match run(
            "rsadecrypt",
            vec![Value::string(CIPHER), Value::string(broken)],
        ) {
            Err(CallError::InvalidArgument { message, .. }) => {
                assert!(
                    message.starts_with("invalid ASN1 data in the given private key"),
                    "{message}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
