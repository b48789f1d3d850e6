//! IP network functions: `cidrhost`, `cidrnetmask`, `cidrsubnet`, `cidrsubnets`
//! (Terraform's `cidr.go` with its `ipaddr` parser and go-cidr's address arithmetic).
//!
//! Addresses follow Go's `net` package: IPv4 octets may have leading zeros (`010` is
//! 10), an IPv4-mapped IPv6 prefix (`::ffff:10.0.0.0/104`) keeps its IPv6 mask but
//! prints as IPv4, and host and subnet numbers are arbitrary-precision integers combined
//! with the address the way go-cidr does (so Terraform's quirks, such as negative
//! `newbits` widening the prefix, are reproduced). Where Terraform panics because the
//! result does not fit in the address, these functions return an error instead.

use num_bigint::{BigInt, Sign};
use terrace_types::{Type, Value};

use super::args::{bigint_arg, int_arg, str_arg};
use super::context::CallContext;
use super::error::FunctionError;
use super::spec::{Function, Param, ReturnType};
use super::table::FunctionTable;

/// Adds the IP network functions to `table`.
pub(super) fn register(table: &mut FunctionTable) {
    let prefix = || Param::new("prefix", Type::String);
    table.insert(Function {
        name: "cidrhost",
        params: vec![prefix(), Param::new("hostnum", Type::Number)],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Returns the IP address of the given host number within an IPv4 or IPv6 \
                      prefix in CIDR notation; negative numbers count back from the end of \
                      the range.",
        implementation: cidrhost,
        impure: false,
    });
    table.insert(Function {
        name: "cidrnetmask",
        params: vec![prefix()],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Converts an IPv4 prefix in CIDR notation into a subnet mask address, such \
                      as `\"255.255.0.0\"` for a `/16`.",
        implementation: cidrnetmask,
        impure: false,
    });
    table.insert(Function {
        name: "cidrsubnet",
        params: vec![
            prefix(),
            Param::new("newbits", Type::Number),
            Param::new("netnum", Type::Number),
        ],
        variadic: None,
        return_type: ReturnType::Static(|| Type::String),
        description: "Calculates a subnet address within a prefix: the prefix is extended by \
                      `newbits` bits and `netnum` fills them, as in `cidrsubnet(\"10.1.0.0/16\", \
                      8, 2)` giving `\"10.1.2.0/24\"`.",
        implementation: cidrsubnet,
        impure: false,
    });
    table.insert(Function {
        name: "cidrsubnets",
        params: vec![prefix()],
        variadic: Some(Param::new("newbits", Type::Number)),
        return_type: ReturnType::Static(|| Type::list(Type::String)),
        description: "Allocates consecutive subnets within a prefix, one for each `newbits` \
                      argument (the number of bits to extend the prefix by), and returns their \
                      addresses in CIDR notation.",
        implementation: cidrsubnets,
        impure: false,
    });
}

/// Go's `net.IP` (4 or 16 bytes; empty is nil).
type Ip = Vec<u8>;

/// Go's `net.IPNet` (an empty mask is nil).
#[derive(Clone, Debug, PartialEq, Eq)]
struct IpNet {
    ip: Ip,
    mask: Vec<u8>,
}

const V4_IN_V6_PREFIX: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

fn ipv4(a: u8, b: u8, c: u8, d: u8) -> Ip {
    let mut ip = V4_IN_V6_PREFIX.to_vec();
    ip.extend([a, b, c, d]);
    ip
}

/// The ipaddr package's `dtoi`: decimal digits, at least one, below 0xFFFFFF.
fn dtoi(s: &[u8]) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        n = n * 10 + u32::from(s[i] - b'0');
        if n >= 0xff_ffff {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// The ipaddr package's `xtoi`: hexadecimal digits, at least one, below 0xFFFFFF.
fn xtoi(s: &[u8]) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut i = 0;
    while i < s.len() {
        let Some(d) = char::from(s[i]).to_digit(16) else {
            break;
        };
        n = n * 16 + d;
        if n >= 0xff_ffff {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// `d.d.d.d`, leading zeros allowed (Terraform keeps Go 1.16's behaviour), as a
/// 16-byte address.
fn parse_ipv4(s: &[u8]) -> Option<Ip> {
    let mut octets = [0u8; 4];
    let mut rest = s;
    for (i, octet) in octets.iter_mut().enumerate() {
        if rest.is_empty() {
            return None;
        }
        if i > 0 {
            rest = rest.strip_prefix(b".")?;
        }
        let (n, used) = dtoi(rest)?;
        *octet = u8::try_from(n).ok()?;
        rest = &rest[used..];
    }
    rest.is_empty()
        .then(|| ipv4(octets[0], octets[1], octets[2], octets[3]))
}

/// An IPv6 address as RFC 4291 and 5952 write it, with `::` and a trailing IPv4 part.
fn parse_ipv6(s: &[u8]) -> Option<Ip> {
    let mut ip = vec![0u8; 16];
    let mut ellipsis: Option<usize> = None;
    let mut rest = s;
    if rest.starts_with(b"::") {
        ellipsis = Some(0);
        rest = &rest[2..];
        if rest.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (n, c) = xtoi(rest)?;
        if n > 0xffff {
            return None;
        }
        if rest.get(c) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return None;
            }
            if i + 4 > 16 {
                return None;
            }
            let v4 = parse_ipv4(rest)?;
            ip[i..i + 4].copy_from_slice(&v4[12..]);
            rest = &[];
            i += 4;
            break;
        }
        ip[i] = (n >> 8) as u8;
        ip[i + 1] = n as u8;
        i += 2;
        rest = &rest[c..];
        if rest.is_empty() {
            break;
        }
        if rest[0] != b':' || rest.len() == 1 {
            return None;
        }
        rest = &rest[1..];
        if rest[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            rest = &rest[1..];
            if rest.is_empty() {
                break;
            }
        }
    }
    if !rest.is_empty() {
        return None;
    }
    if i < 16 {
        let e = ellipsis?;
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        for b in &mut ip[e..e + n] {
            *b = 0;
        }
    } else if ellipsis.is_some() {
        return None;
    }
    Some(ip)
}

/// Go's `net.CIDRMask`; empty (nil) when the sizes make no sense.
fn cidr_mask(ones: i64, bits: i64) -> Vec<u8> {
    if (bits != 32 && bits != 128) || ones < 0 || ones > bits {
        return Vec::new();
    }
    let mut mask = vec![0u8; usize::try_from(bits / 8).expect("invariant: 4 or 16")];
    let mut left = ones;
    for byte in &mut mask {
        if left >= 8 {
            *byte = 0xff;
            left -= 8;
        } else {
            *byte = !(0xffu8 >> left);
            left = 0;
        }
    }
    mask
}

/// Go's `IPMask.Size`: the number of leading ones and of bits; (0, 0) when not canonical.
fn mask_size(mask: &[u8]) -> (i64, i64) {
    match simple_mask_length(mask) {
        Some(ones) => (
            ones,
            i64::try_from(mask.len() * 8).expect("invariant: small"),
        ),
        None => (0, 0),
    }
}

fn simple_mask_length(mask: &[u8]) -> Option<i64> {
    let mut n = 0;
    let mut bytes = mask.iter();
    while let Some(&v) = bytes.next() {
        if v == 0xff {
            n += 8;
            continue;
        }
        let ones = v.leading_ones();
        if v << ones != 0 {
            return None;
        }
        n += i64::from(ones);
        if bytes.any(|&b| b != 0) {
            return None;
        }
        break;
    }
    Some(n)
}

/// Go's `IP.To4`.
fn to4(ip: &[u8]) -> Option<&[u8]> {
    match ip.len() {
        4 => Some(ip),
        16 if ip[..12] == V4_IN_V6_PREFIX => Some(&ip[12..]),
        _ => None,
    }
}

/// go-cidr's `checkIPv4`: the 4-byte form when there is one.
fn check_ipv4(ip: &[u8]) -> Ip {
    to4(ip).unwrap_or(ip).to_vec()
}

/// Go's `IP.Mask`.
fn ip_mask(ip: &[u8], mask: &[u8]) -> Ip {
    let mut ip = ip;
    let mut mask = mask;
    if mask.len() == 16 && ip.len() == 4 && mask[..12].iter().all(|&b| b == 0xff) {
        mask = &mask[12..];
    }
    if mask.len() == 4 && ip.len() == 16 && ip[..12] == V4_IN_V6_PREFIX {
        ip = &ip[12..];
    }
    if ip.len() != mask.len() {
        return Vec::new();
    }
    ip.iter().zip(mask).map(|(a, m)| a & m).collect()
}

/// Go's `IP.Equal`.
fn ip_equal(a: &[u8], b: &[u8]) -> bool {
    match (a.len(), b.len()) {
        (x, y) if x == y => a == b,
        (4, 16) => b[..12] == V4_IN_V6_PREFIX && b[12..] == *a,
        (16, 4) => a[..12] == V4_IN_V6_PREFIX && a[12..] == *b,
        _ => false,
    }
}

/// Go's `IP.String`.
fn ip_string(ip: &[u8]) -> String {
    if ip.is_empty() {
        return "<nil>".to_string();
    }
    if let Some(v4) = to4(ip) {
        return format!("{}.{}.{}.{}", v4[0], v4[1], v4[2], v4[3]);
    }
    if ip.len() != 16 {
        return format!(
            "?{}",
            ip.iter().map(|b| format!("{b:02x}")).collect::<String>()
        );
    }
    let groups: Vec<u16> = ip
        .chunks_exact(2)
        .map(|p| u16::from_be_bytes([p[0], p[1]]))
        .collect();
    // The first longest run of two or more zero groups becomes `::`.
    let (mut best_start, mut best_len) = (8, 0);
    let mut i = 0;
    while i < 8 {
        let mut j = i;
        while j < 8 && groups[j] == 0 {
            j += 1;
        }
        if j - i >= 2 && j - i > best_len {
            best_start = i;
            best_len = j - i;
        }
        i = j.max(i + 1);
    }
    let mut out = String::new();
    let mut k = 0;
    while k < 8 {
        if k == best_start {
            out.push_str("::");
            k += best_len;
            continue;
        }
        if k > 0 && !out.ends_with("::") {
            out.push(':');
        }
        out.push_str(&format!("{:x}", groups[k]));
        k += 1;
    }
    out
}

/// Go's `IPNet.String`.
fn net_string(net: &IpNet) -> String {
    let Some((ip, mask)) = network_number_and_mask(net) else {
        return "<nil>".to_string();
    };
    match simple_mask_length(&mask) {
        Some(ones) => format!("{}/{ones}", ip_string(&ip)),
        None => format!(
            "{}/{}",
            ip_string(&ip),
            mask.iter().map(|b| format!("{b:02x}")).collect::<String>()
        ),
    }
}

/// Go's `networkNumberAndMask`.
fn network_number_and_mask(net: &IpNet) -> Option<(Ip, Vec<u8>)> {
    let ip = match to4(&net.ip) {
        Some(v4) => v4.to_vec(),
        None if net.ip.len() == 16 => net.ip.clone(),
        None => return None,
    };
    let mask = match net.mask.len() {
        4 if ip.len() == 4 => net.mask.clone(),
        16 if ip.len() == 4 => net.mask[12..].to_vec(),
        16 => net.mask.clone(),
        _ => return None,
    };
    Some((ip, mask))
}

/// Go's `IPNet.Contains`.
fn net_contains(net: &IpNet, ip: &[u8]) -> bool {
    let (nn, m) = network_number_and_mask(net).unwrap_or_default();
    let ip = to4(ip).unwrap_or(ip);
    ip.len() == nn.len()
        && (0..ip.len()).all(|i| {
            nn[i] & m.get(i).copied().unwrap_or(0) == ip[i] & m.get(i).copied().unwrap_or(0)
        })
}

/// Terraform's `ipaddr.ParseCIDR`; the error text is Go's `invalid CIDR address: …`.
fn parse_cidr(s: &str) -> Result<IpNet, String> {
    let bad = || format!("invalid CIDR address: {s}");
    let (addr, mask) = s.split_once('/').ok_or_else(bad)?;
    let (ip, ip_len) = match parse_ipv4(addr.as_bytes()) {
        Some(ip) => (ip, 4),
        None => (parse_ipv6(addr.as_bytes()).ok_or_else(bad)?, 16),
    };
    let (n, used) = dtoi(mask.as_bytes()).ok_or_else(bad)?;
    if used != mask.len() || n > 8 * ip_len {
        return Err(bad());
    }
    let m = cidr_mask(i64::from(n), i64::from(8 * ip_len));
    Ok(IpNet {
        ip: ip_mask(&ip, &m),
        mask: m,
    })
}

fn ip_to_u128(ip: &[u8]) -> u128 {
    ip.iter().fold(0u128, |acc, &b| (acc << 8) | u128::from(b))
}

fn u128_to_ip(n: u128, len: usize) -> Ip {
    let bytes = n.to_be_bytes();
    bytes[16 - len..].to_vec()
}

/// go-cidr's `AddressRange`: the first and last addresses of a network.
fn address_range(net: &IpNet) -> (Ip, Ip) {
    let first = net.ip.clone();
    let (prefix_len, bits) = mask_size(&net.mask);
    if prefix_len == bits {
        return (first.clone(), first);
    }
    let total = i64::try_from(first.len() * 8).expect("invariant: small");
    if first.len() != 4 && first.len() != 16 {
        return (first.clone(), first);
    }
    let host_len = u32::try_from((total - prefix_len).clamp(0, 128)).expect("invariant: 0..=128");
    let host_mask = if host_len >= 128 {
        u128::MAX
    } else {
        (1u128 << host_len) - 1
    };
    let last = ip_to_u128(&first) | host_mask;
    let last = if first.len() == 4 {
        u128_to_ip(last & 0xffff_ffff, 4)
    } else {
        u128_to_ip(last, 16)
    };
    (first, last)
}

/// go-cidr's `Inc` and `Dec`.
fn step(ip: &[u8], up: bool) -> Ip {
    let mut out = check_ipv4(ip);
    for byte in out.iter_mut().rev() {
        if up {
            *byte = byte.wrapping_add(1);
            if *byte > 0 {
                break;
            }
        } else {
            *byte = byte.wrapping_sub(1);
            if *byte < 255 {
                break;
            }
        }
    }
    out
}

/// go-cidr's `PreviousSubnet` (without the rollover flag, which Terraform ignores).
fn previous_subnet(net: &IpNet, prefix_len: i64) -> IpNet {
    let start = check_ipv4(&net.ip);
    let mask = cidr_mask(
        prefix_len,
        i64::try_from(8 * start.len()).expect("invariant: small"),
    );
    let previous = step(&start, false);
    IpNet {
        ip: ip_mask(&previous, &mask),
        mask,
    }
}

/// go-cidr's `NextSubnet`: the next subnet of `prefix_len` bits, and whether the
/// address space rolled over.
fn next_subnet(net: &IpNet, prefix_len: i64) -> (IpNet, bool) {
    let (_, current_last) = address_range(net);
    let mask = cidr_mask(
        prefix_len,
        i64::try_from(8 * current_last.len()).expect("invariant: small"),
    );
    let current = IpNet {
        ip: ip_mask(&current_last, &mask),
        mask: mask.clone(),
    };
    let (_, last) = address_range(&current);
    let last = step(&last, true);
    let next = IpNet {
        ip: ip_mask(&last, &mask),
        mask,
    };
    let rollover = ip_equal(&last, &ipv4(0, 0, 0, 0)) || ip_equal(&last, &[0u8; 16]);
    (next, rollover)
}

/// go-cidr's `insertNumIntoIP`: `ip | num << (bits - prefix_len)`, with Go's big-integer
/// semantics (two's complement for negative numbers, the magnitude's bytes written out).
fn insert_num_into_ip(ip: &[u8], num: &BigInt, prefix_len: i64) -> Result<Ip, String> {
    let total_bits: i64 = match ip.len() {
        4 => 32,
        16 => 128,
        _ => return Err("invalid IP address length".to_string()),
    };
    let too_big = || format!("the resulting address does not fit in {total_bits} bits");
    let shift = total_bits.wrapping_sub(prefix_len);
    let shifted = if num.sign() == Sign::NoSign {
        BigInt::from(0)
    } else if !(0..=1024).contains(&shift) || num.bits() > 1024 {
        return Err(too_big());
    } else {
        num << usize::try_from(shift).expect("invariant: 0..=1024")
    };
    let ip_int = BigInt::from_bytes_be(Sign::Plus, ip);
    let result = ip_int | shifted;
    let (_, magnitude) = result.to_bytes_be();
    let len = ip.len();
    let magnitude: &[u8] = if result.sign() == Sign::NoSign {
        &[]
    } else {
        &magnitude
    };
    if magnitude.len() > len {
        return Err(too_big());
    }
    let mut out = vec![0u8; len];
    out[len - magnitude.len()..].copy_from_slice(magnitude);
    Ok(out)
}

/// The low 64 bits of |n| (Go's `big.Int.Uint64`).
fn low64(n: &BigInt) -> u64 {
    n.magnitude().iter_u64_digits().next().unwrap_or(0)
}

/// go-cidr's `HostBig`.
fn host_big(net: &IpNet, num: &BigInt) -> Result<Ip, String> {
    let (parent_len, addr_len) = mask_size(&net.mask);
    let host_len = usize::try_from((addr_len - parent_len).max(0)).expect("invariant: >= 0");
    let max_host = (BigInt::from(1) << host_len) - 1;
    let mut num = num.clone();
    // Go converts the low 64 bits to an int64, so large positive numbers wrap.
    let mut num_u64 = BigInt::from(low64(&num) as i64);
    if num.sign() == Sign::Minus {
        num_u64 = -&num - 1;
        num = &max_host - &num_u64;
    }
    if num_u64 > max_host {
        return Err(format!(
            "prefix of {parent_len} does not accommodate a host numbered {num}"
        ));
    }
    let bit_length = if to4(&net.ip).is_some() { 32 } else { 128 };
    insert_num_into_ip(&net.ip, &num, bit_length)
}

/// go-cidr's `SubnetBig`.
fn subnet_big(net: &IpNet, new_bits: i64, num: &BigInt) -> Result<IpNet, String> {
    let (parent_len, addr_len) = mask_size(&net.mask);
    // Go's int addition wraps.
    let new_prefix_len = parent_len.wrapping_add(new_bits);
    if new_prefix_len > addr_len {
        return Err(format!(
            "insufficient address space to extend prefix of {parent_len} by {new_bits}"
        ));
    }
    // uint64(1<<uint64(newBits)) - 1 wraps to the maximum for 64 bits or more, and for
    // negative newbits.
    let max_net_num = if (new_bits as u64) >= 64 {
        u64::MAX
    } else {
        (1u64 << new_bits) - 1
    };
    if low64(num) > max_net_num {
        return Err(format!(
            "prefix extension of {new_bits} does not accommodate a subnet numbered {num}"
        ));
    }
    Ok(IpNet {
        ip: insert_num_into_ip(&net.ip, num, new_prefix_len)?,
        mask: cidr_mask(new_prefix_len, addr_len),
    })
}

/// OpenTofu's `cidrcontains`: whether an address, or both ends of a prefix, lie in a prefix
/// of the same family (its `internal/lang/funcs/cidr.go`).
pub(super) fn cidrcontains(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let prefix = str_arg(args, 0);
    let addr = str_arg(args, 1);
    let containing = parse_cidr(prefix).map_err(FunctionError::new)?;
    let (start, end) = match parse_ipv4(addr.as_bytes()).or_else(|| parse_ipv6(addr.as_bytes())) {
        Some(ip) => (ip, None),
        None => {
            let contained = parse_cidr(addr)
                .map_err(|_| FunctionError::new(format!("invalid IP address or prefix: {addr}")))?;
            let (start, end) = address_range(&contained);
            (start, Some(end))
        }
    };
    if to4(&start).is_none() != to4(&containing.ip).is_none() {
        return Err(FunctionError::new(format!(
            "address family mismatch: {prefix} vs. {addr}"
        )));
    }
    let contains =
        net_contains(&containing, &start) && end.is_none_or(|end| net_contains(&containing, &end));
    Ok(Value::bool(contains))
}

fn cidrhost(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let num = bigint_arg(&args[1]).map_err(FunctionError::new)?;
    let net = parse_cidr(str_arg(args, 0))
        .map_err(|e| FunctionError::new(format!("invalid CIDR expression: {e}")))?;
    let ip = host_big(&net, &num).map_err(FunctionError::new)?;
    Ok(Value::string(ip_string(&ip)))
}

fn cidrnetmask(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let prefix = str_arg(args, 0);
    let net = parse_cidr(prefix)
        .map_err(|e| FunctionError::new(format!("invalid CIDR expression: {e}")))?;
    if to4(&net.ip).is_none() {
        return Err(FunctionError::new(format!(
            "IPv6 addresses cannot have a netmask: {prefix}"
        )));
    }
    Ok(Value::string(ip_string(&net.mask)))
}

fn cidrsubnet(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let new_bits = int_arg(&args[1]).map_err(FunctionError::new)?;
    let num = bigint_arg(&args[2]).map_err(FunctionError::new)?;
    let net = parse_cidr(str_arg(args, 0))
        .map_err(|e| FunctionError::new(format!("invalid CIDR expression: {e}")))?;
    let subnet = subnet_big(&net, new_bits, &num).map_err(FunctionError::new)?;
    Ok(Value::string(net_string(&subnet)))
}

fn cidrsubnets(_ctx: &CallContext, args: &[Value]) -> Result<Value, FunctionError> {
    let net = parse_cidr(str_arg(args, 0))
        .map_err(|e| FunctionError::arg(0, format!("invalid CIDR expression: {e}")))?;
    let (start_len, _) = mask_size(&net.mask);
    let lengths = &args[1..];
    if lengths.is_empty() {
        return Ok(Value::list(Type::String, []));
    }
    let first = int_arg(&lengths[0]).map_err(|e| FunctionError::arg(1, e))?;
    let mut current = previous_subnet(&net, first.wrapping_add(start_len));
    let address_bits = i64::try_from(net.ip.len() * 8).expect("invariant: small");
    let mut out = Vec::with_capacity(lengths.len());
    for (i, arg) in lengths.iter().enumerate() {
        let index = i + 1;
        let length = int_arg(arg).map_err(|e| FunctionError::arg(index, e))?;
        if length < 1 {
            return Err(FunctionError::arg(
                index,
                "must extend prefix by at least one bit",
            ));
        }
        if length > 32 {
            return Err(FunctionError::arg(
                index,
                "may not extend prefix by more than 32 bits",
            ));
        }
        let length = length + start_len;
        if length > address_bits {
            let protocol = match address_bits {
                32 => "IPv4",
                128 => "IPv6",
                _ => "IP",
            };
            return Err(FunctionError::arg(
                index,
                format!(
                    "would extend prefix to {length} bits, which is too long for an {protocol} address"
                ),
            ));
        }
        let (next, rollover) = next_subnet(&current, length);
        if rollover || !net_contains(&net, &next.ip) {
            return Err(FunctionError::arg(
                index,
                format!(
                    "not enough remaining address space for a subnet with a prefix of {length} bits after {}",
                    net_string(&current)
                ),
            ));
        }
        current = next;
        out.push(Value::string(net_string(&current)));
    }
    Ok(Value::list(Type::String, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CallError;
    use crate::test_support::{garbage, run};

    fn n(text: &str) -> Value {
        Value::number(terrace_types::Number::parse(text).unwrap())
    }

    fn host(prefix: &str, num: &str) -> Result<String, String> {
        result(run("cidrhost", vec![Value::string(prefix), n(num)]))
    }

    fn subnet(prefix: &str, bits: &str, num: &str) -> Result<String, String> {
        result(run(
            "cidrsubnet",
            vec![Value::string(prefix), n(bits), n(num)],
        ))
    }

    fn subnets(prefix: &str, bits: &[&str]) -> Result<Vec<String>, String> {
        let mut args = vec![Value::string(prefix)];
        args.extend(bits.iter().map(|b| n(b)));
        match run("cidrsubnets", args) {
            Ok(v) => Ok(v
                .as_seq()
                .unwrap()
                .iter()
                .map(|e| e.as_str().unwrap().to_string())
                .collect()),
            Err(e) => Err(error_text(e)),
        }
    }

    fn error_text(e: CallError) -> String {
        match e {
            CallError::Failed { message, .. } => message,
            CallError::InvalidArgument { param, message, .. } => format!("{param}: {message}"),
            other => other.to_string(),
        }
    }

    fn result(r: Result<Value, CallError>) -> Result<String, String> {
        r.map(|v| v.as_str().unwrap().to_string())
            .map_err(error_text)
    }

    // Expected values from Terraform.

    #[test]
    fn hosts() {
        assert_eq!(host("10.12.112.0/20", "16").unwrap(), "10.12.112.16");
        assert_eq!(host("10.12.112.0/20", "268").unwrap(), "10.12.113.12");
        assert_eq!(host("10.0.0.0/24", "-1").unwrap(), "10.0.0.255");
        assert_eq!(host("10.0.0.0/8", "-1").unwrap(), "10.255.255.255");
        assert_eq!(host("10.12.112.0/20", "4095").unwrap(), "10.12.127.255");
        assert_eq!(host("10.12.112.0/20", "-4096").unwrap(), "10.12.112.0");
        assert_eq!(
            host("fd00:fd12:3456:7890:00a2::/72", "34").unwrap(),
            "fd00:fd12:3456:7890::22"
        );
        assert_eq!(
            host("fd00::/64", "-1").unwrap(),
            "fd00::ffff:ffff:ffff:ffff"
        );
        assert_eq!(
            host("::/0", "340282366920938463463374607431768211455").unwrap(),
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"
        );
        assert_eq!(host("10.0.0.1/32", "0").unwrap(), "10.0.0.1");
        assert_eq!(host("1.2.3.4/24", "5").unwrap(), "1.2.3.5");
        assert_eq!(host("::ffff:10.0.0.0/104", "5").unwrap(), "0:5::ffff:a00:0");
        assert_eq!(
            host("::ffff:10.0.0.0/104", "-1").unwrap(),
            "ff:ffff::ffff:a00:0"
        );
        assert_eq!(host("1:0:0:4:0:0:0:8/128", "0").unwrap(), "1:0:0:4::8");
        assert_eq!(host("1:0:0:4:5:0:0:8/128", "0").unwrap(), "1::4:5:0:0:8");
        assert_eq!(host("::1.2.3.4/128", "0").unwrap(), "::102:304");
        assert_eq!(host("10.0.0.0/08", "1").unwrap(), "10.0.0.1");
    }

    #[test]
    fn host_errors() {
        assert_eq!(
            host("10.12.112.0/20", "4096").unwrap_err(),
            "prefix of 20 does not accommodate a host numbered 4096"
        );
        assert_eq!(
            host("10.12.112.0/20", "-4097").unwrap_err(),
            "prefix of 20 does not accommodate a host numbered -1"
        );
        assert_eq!(
            host("10.0.0.0/8", "-18446744073709551616").unwrap_err(),
            "prefix of 8 does not accommodate a host numbered -18446744073692774400"
        );
        assert_eq!(
            host("10.12.112.0/20", "1.5").unwrap_err(),
            "value must be a whole number"
        );
        assert_eq!(
            host("10.0.0.0 /8", "1").unwrap_err(),
            "invalid CIDR expression: invalid CIDR address: 10.0.0.0 /8"
        );
        for bad in [
            "1.2.3/8",
            "1.2.3.256/8",
            "10.0.0.0",
            "10.0.0.0/33",
            "garbage",
            "",
        ] {
            assert!(
                host(bad, "1")
                    .unwrap_err()
                    .starts_with("invalid CIDR expression"),
                "{bad}"
            );
        }
        // Terraform panics on these; terrace reports an error.
        assert!(host("10.0.0.0/8", "9223372036854775808").is_err());
        assert!(host("::/0", "340282366920938463463374607431768211456").is_err());
    }

    #[test]
    fn netmasks() {
        let mask = |p: &str| result(run("cidrnetmask", vec![Value::string(p)]));
        assert_eq!(mask("172.16.0.0/12").unwrap(), "255.240.0.0");
        assert_eq!(mask("10.0.0.0/0").unwrap(), "0.0.0.0");
        assert_eq!(mask("10.0.0.0/31").unwrap(), "255.255.255.254");
        assert_eq!(
            mask("::ffff:10.0.0.0/104").unwrap(),
            "ffff:ffff:ffff:ffff:ffff:ffff:ff00:0"
        );
        assert_eq!(
            mask("fd00::/64").unwrap_err(),
            "IPv6 addresses cannot have a netmask: fd00::/64"
        );
    }

    #[test]
    fn subnet_cases() {
        assert_eq!(subnet("172.16.0.0/12", "4", "2").unwrap(), "172.18.0.0/16");
        assert_eq!(subnet("10.1.2.0/24", "4", "15").unwrap(), "10.1.2.240/28");
        assert_eq!(subnet("10.0.0.0/8", "8", "2").unwrap(), "10.2.0.0/16");
        assert_eq!(subnet("fd00::/56", "8", "1").unwrap(), "fd00:0:0:1::/64");
        assert_eq!(subnet("10.0.0.0/8", "-1", "0").unwrap(), "10.0.0.0/7");
        assert_eq!(subnet("10.0.0.0/8", "-8", "0").unwrap(), "10.0.0.0/0");
        assert_eq!(subnet("10.0.0.0/8", "-9", "0").unwrap(), "<nil>");
        assert_eq!(subnet("10.0.0.0/8", "8", "-1").unwrap(), "0.1.0.0/16");
        assert_eq!(subnet("10.1.2.3/8", "8", "2").unwrap(), "10.2.0.0/16");
        assert_eq!(subnet("::/0", "65", "1").unwrap(), "::8000:0:0:0/65");
        assert_eq!(
            subnet("2001:db8::/32", "64", "18446744073709551615").unwrap(),
            "2001:db8:ffff:ffff:ffff:ffff::/96"
        );
        assert_eq!(
            subnet("2001:db8::/32", "70", "18446744073709551616").unwrap(),
            "2001:db8:400::/102"
        );
        assert_eq!(
            subnet("::ffff:10.0.0.0/104", "8", "1").unwrap(),
            "10.1.0.0/16"
        );
        assert_eq!(subnet("::ffff:10.0.0.0/96", "8", "1").unwrap(), "1.0.0.0/8");
        assert_eq!(subnet("FD00::/16", "16", "10").unwrap(), "fd00:a::/32");
        assert_eq!(
            subnet("10.0.0.0/8", "9223372036854775807", "0").unwrap(),
            "<nil>"
        );
    }

    #[test]
    fn subnet_errors() {
        assert_eq!(
            subnet("10.0.0.0/8", "25", "0").unwrap_err(),
            "insufficient address space to extend prefix of 8 by 25"
        );
        assert_eq!(
            subnet("10.0.0.0/8", "8", "256").unwrap_err(),
            "prefix extension of 8 does not accommodate a subnet numbered 256"
        );
        assert_eq!(
            subnet("10.0.0.0/8", "8", "-256").unwrap_err(),
            "prefix extension of 8 does not accommodate a subnet numbered -256"
        );
        assert_eq!(
            subnet("10.0.0.0/8", "0", "1").unwrap_err(),
            "prefix extension of 0 does not accommodate a subnet numbered 1"
        );
        assert_eq!(
            subnet("10.0.0.0/8", "1.5", "0").unwrap_err(),
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807"
        );
        assert_eq!(
            subnet("10.0.0.0/8", "8", "1.5").unwrap_err(),
            "value must be a whole number"
        );
        assert!(subnet("10.0.0.0/8", "8", "18446744073709551616").is_err());
    }

    #[test]
    fn subnets_cases() {
        assert_eq!(
            subnets("10.1.0.0/16", &["4", "4", "8", "4"]).unwrap(),
            [
                "10.1.0.0/20",
                "10.1.16.0/20",
                "10.1.32.0/24",
                "10.1.48.0/20"
            ]
        );
        assert_eq!(
            subnets("fd00:fd12:3456:7890::/56", &["16", "16", "16", "32"]).unwrap(),
            [
                "fd00:fd12:3456:7800::/72",
                "fd00:fd12:3456:7800:100::/72",
                "fd00:fd12:3456:7800:200::/72",
                "fd00:fd12:3456:7800:300::/88"
            ]
        );
        assert_eq!(subnets("10.0.0.0/8", &[]).unwrap(), Vec::<String>::new());
        assert_eq!(
            subnets("fd00::/64", &["32", "32", "16"]).unwrap(),
            ["fd00::/96", "fd00::1:0:0/96", "fd00::1:0:0:0/80"]
        );
        assert_eq!(
            subnets("fd00::/120", &["8", "8"]).unwrap(),
            ["fd00::/128", "fd00::1/128"]
        );
    }

    #[test]
    fn subnets_errors() {
        assert_eq!(
            subnets("10.1.0.0/16", &["0"]).unwrap_err(),
            "newbits: must extend prefix by at least one bit"
        );
        assert_eq!(
            subnets("10.1.0.0/16", &["33"]).unwrap_err(),
            "newbits: may not extend prefix by more than 32 bits"
        );
        assert_eq!(
            subnets("10.1.0.0/16", &["17"]).unwrap_err(),
            "newbits: would extend prefix to 33 bits, which is too long for an IPv4 address"
        );
        assert_eq!(
            subnets("10.1.0.0/16", &["1", "1", "1"]).unwrap_err(),
            "newbits: not enough remaining address space for a subnet with a prefix of 17 bits after 10.1.128.0/17"
        );
        assert_eq!(
            subnets("0.0.0.0/0", &["1", "1"]).unwrap_err(),
            "newbits: not enough remaining address space for a subnet with a prefix of 1 bits after 128.0.0.0/1"
        );
        assert_eq!(
            subnets("::/0", &["32", "32"]).unwrap_err(),
            "newbits: not enough remaining address space for a subnet with a prefix of 32 bits after ffff:ffff::/32"
        );
        assert_eq!(
            subnets("::ffff:10.0.0.0/104", &["8"]).unwrap_err(),
            "newbits: not enough remaining address space for a subnet with a prefix of 112 bits after <nil>"
        );
        assert_eq!(
            subnets("bad", &["1"]).unwrap_err(),
            "prefix: invalid CIDR expression: invalid CIDR address: bad"
        );
    }

    #[test]
    fn unknown_and_null() {
        let v = run("cidrhost", vec![Value::unknown(Type::String), n("1")]).unwrap();
        assert!(!v.is_known());
        assert!(matches!(
            run(
                "cidrsubnet",
                vec![
                    Value::string("10.0.0.0/8"),
                    n("8"),
                    Value::null(Type::Number)
                ]
            ),
            Err(CallError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn garbage_input_never_panics() {
        let alphabet = [
            "10", ".", "0", "255", "256", ":", "::", "ffff", "/", "8", "32", "128", "f", " ",
        ];
        for text in garbage(&alphabet, 3000) {
            for args in [
                vec![Value::string(&text), n("1")],
                vec![Value::string(&text), n("-1")],
            ] {
                let _ = run("cidrhost", args);
            }
            let _ = run("cidrnetmask", vec![Value::string(&text)]);
            let _ = run("cidrsubnet", vec![Value::string(&text), n("4"), n("3")]);
            let _ = run("cidrsubnets", vec![Value::string(&text), n("2"), n("30")]);
        }
    }
}
