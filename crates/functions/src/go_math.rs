//! Go's `math` functions that `pow` and `log` need, computed as Go computes them, so
//! that results round as Terraform's do (the platform's libm rounds differently in the
//! last digit): `math.Pow` (`go_pow`, with `Frexp` and `Ldexp`), `math.Log` (`go_log`)
//! and `math.Exp` (`go_exp`, which `go_pow` uses for a fractional exponent).
//!
//! Terraform's release builds for amd64 run Go's assembly `Log` and `Exp`, written again
//! here from their description:
//! - `go_log`: FreeBSD's `e_log.c` reduction. Split `x` into `f1 · 2^k` with `f1` in
//!   [0.5, 1) straight from the bits (subnormals are not normalised first, so their
//!   logarithm is off, as in Terraform), double `f1` and decrement `k` when
//!   `f1 <= √2/2`; with `f = f1 − 1` and `s = f / (2 + f)`, the result is
//!   `k·ln2_hi − ((f²/2 − (s·(f²/2 + R) + k·ln2_lo)) − f)`, `R` a degree-14 even
//!   polynomial in `s` evaluated as two halves in `s⁴`.
//! - `go_exp`: Shibata's method (SLEEF). `k = round(x·log2 e)`, `r = (x − k·ln2_hi −
//!   k·ln2_lo) / 16`, `e^r − 1` by its Taylor series to degree 8, squared four times
//!   through `y ← y·(y + 2)`, then `(y + 1)·2^k`; results below the normal range are 0.
//!   Where the processor has AVX and FMA, Go fuses the multiply-adds, which changes the
//!   rounding; `go_exp` follows the processor it runs on, as Go does.

/// `x` to the power `y` as Go's `math.Pow` computes it.
pub(super) fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        let odd_negative_zero = x.is_sign_negative() && is_odd_int(y);
        return match (y < 0.0, odd_negative_zero) {
            (true, true) => f64::NEG_INFINITY,
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }

    let mut yi = y.abs().trunc();
    let mut yf = y.abs() - yi;
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= 2f64.powi(63) {
        // A huge even power: overflow or underflow for every x but -1.
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }

    // ans = a1 * 2^ae
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = go_exp(yf * go_log(x));
    }

    // Repeated squaring over the bits of yi.
    let (mut x1, xe) = frexp(x);
    let mut xe = i64::from(xe);
    // yi < 2^63 here, so the conversion is exact.
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            // Catastrophic overflow: ldexp turns it into 0 or infinity.
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }

    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}

fn is_odd_int(x: f64) -> bool {
    if x.abs() >= 9_007_199_254_740_992.0 {
        return false;
    }
    x.fract() == 0.0 && (x.trunc() as i64) & 1 == 1
}

/// `f` as a fraction in [0.5, 1) and a power of two (Go's `math.Frexp`).
fn frexp(f: f64) -> (f64, i32) {
    if f == 0.0 || !f.is_finite() {
        return (f, 0);
    }
    let (f, adjust) = if f.abs() < f64::MIN_POSITIVE {
        (f * 4_503_599_627_370_496.0, -52) // subnormal: scale by 2^52 first
    } else {
        (f, 0)
    };
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1022 + adjust;
    let frac = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (frac, exp)
}

/// `frac * 2^exp` rounded once (Go's `math.Ldexp`).
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || !frac.is_finite() {
        return frac;
    }
    let (m, e) = frexp(frac);
    // The value is (2m) * 2^e with 2m in [1, 2).
    let e = i64::from(e).saturating_add(exp) - 1;
    if e < -1075 {
        return 0.0f64.copysign(frac);
    }
    if e > 1023 {
        return f64::INFINITY.copysign(frac);
    }
    let (e, scale) = if e < -1022 {
        (e + 53, 1.0 / 9_007_199_254_740_992.0) // subnormal: build it 2^53 larger, then scale
    } else {
        (e, 1.0)
    };
    let two_m = (m * 2.0).to_bits();
    let biased = u64::try_from(e + 1023).expect("invariant: exponent in the normal range");
    f64::from_bits((two_m & !(0x7ff << 52)) | (biased << 52)) * scale
}

// The constants are given by their bits, as Go's sources note them.

/// √2/2, the threshold of `log`'s reduction.
const HALF_SQRT2: f64 = f64::from_bits(0x3fe6_a09e_667f_3bcd);
/// ln 2 split in two: the high part ends in zero bits, so `k·LN2_HI` is exact.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
/// The coefficients of `log`'s polynomial `R(s)`, L1 to L7.
const LG: [f64; 7] = [
    f64::from_bits(0x3fe5_5555_5555_5593),
    f64::from_bits(0x3fd9_9999_9997_fa04),
    f64::from_bits(0x3fd2_4924_9422_9359),
    f64::from_bits(0x3fcc_71c5_1d8e_78af),
    f64::from_bits(0x3fc7_4664_96cb_03de),
    f64::from_bits(0x3fc3_9a09_d078_c69f),
    f64::from_bits(0x3fc2_f112_df3e_5244),
];

/// The natural logarithm, as Go's `math.Log` computes it on amd64.
pub(super) fn go_log(x: f64) -> f64 {
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x < 0.0 {
        return f64::NAN;
    }
    if x.is_nan() || x.is_infinite() {
        return x;
    }
    let bits = x.to_bits();
    // The exponent field and the mantissa as they stand, subnormals included.
    let mut k = f64::from(((bits >> 52) & 0x7ff) as i32 - 0x3fe);
    let mut f1 = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0.5f64.to_bits());
    if f1 <= HALF_SQRT2 {
        k -= 1.0;
        f1 *= 2.0;
    }
    let f = f1 - 1.0;
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (LG[0] + s4 * (LG[2] + s4 * (LG[4] + s4 * LG[6])));
    let t2 = s4 * (LG[1] + s4 * (LG[3] + s4 * LG[5]));
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

/// log2 e; ln 2 as an upper part with few significant bits and the rest; the argument
/// above which `exp` overflows.
const LOG2_E: f64 = std::f64::consts::LOG2_E;
const LN2_UPPER: f64 = f64::from_bits(0x3fe6_2e42_fefa_3000);
const LN2_LOWER: f64 = f64::from_bits(0x3d53_de6a_f278_ece6);
const EXP_OVERFLOW: f64 = f64::from_bits(0x4086_2e42_fefa_39ef);
/// `1/n!` for n from 8 down to 1 (each the nearest double): the Taylor coefficients of
/// `(e^r − 1)/r`, highest first.
const TAYLOR: [f64; 8] = [
    f64::from_bits(0x3efa_01a0_1a01_a01a),
    f64::from_bits(0x3f2a_01a0_1a01_a01a),
    f64::from_bits(0x3f56_c16c_16c1_6c17),
    f64::from_bits(0x3f81_1111_1111_1111),
    f64::from_bits(0x3fa5_5555_5555_5555),
    f64::from_bits(0x3fc5_5555_5555_5555),
    0.5,
    1.0,
];

/// `e^x`, as Go's `math.Exp` computes it on amd64.
pub(super) fn go_exp(x: f64) -> f64 {
    exp_with(x, fused_multiply_add())
}

/// Whether Go would take its FMA path here (`cpu.X86.HasAVX && cpu.X86.HasFMA`).
fn fused_multiply_add() -> bool {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    {
        false
    }
}

/// `e^x` with Go's amd64 steps, the multiply-adds fused or not.
fn exp_with(x: f64, fused: bool) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x > EXP_OVERFLOW {
        return f64::INFINITY;
    }
    // CVTSD2SL: round to nearest, ties to even; out of range gives i32::MIN.
    let rounded = (x * LOG2_E).round_ties_even();
    let k = if rounded >= f64::from(i32::MIN) {
        rounded as i32
    } else {
        i32::MIN
    };
    let kf = f64::from(k);
    let multiply_add = |a: f64, b: f64, c: f64| {
        if fused { a.mul_add(b, c) } else { a * b + c }
    };
    let mut r = if fused {
        (-kf).mul_add(LN2_LOWER, (-kf).mul_add(LN2_UPPER, x))
    } else {
        (x - LN2_UPPER * kf) - LN2_LOWER * kf
    };
    r *= 0.0625;
    let mut p = TAYLOR[0];
    for c in &TAYLOR[1..] {
        p = multiply_add(p, r, *c);
    }
    // y = e^r − 1; since (y + 1)² − 1 = y·(y + 2), four such steps give e^(16r) − 1.
    let mut y = r * p;
    for _ in 0..3 {
        y *= y + 2.0;
    }
    y = multiply_add(y, y + 2.0, 1.0);
    // k <= 1024 here (x <= EXP_OVERFLOW), so this cannot overflow.
    let biased = k + 0x3ff;
    if biased <= 0 {
        return 0.0;
    }
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    let scale = f64::from_bits(u64::from(biased.unsigned_abs()) << 52);
    y * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frexp_ldexp_round_trip() {
        for f in [1.0, 0.75, -3.5, 1e300, 5e-324, 2.2250738585072014e-308] {
            let (m, e) = frexp(f);
            assert!((0.5..1.0).contains(&m.abs()), "{f}");
            assert_eq!(ldexp(m, i64::from(e)), f);
        }
        assert_eq!(ldexp(1.0, -1075), 0.0);
        assert_eq!(ldexp(1.5, -1075), 5e-324);
        assert_eq!(ldexp(1.0, 1024), f64::INFINITY);
    }

    #[test]
    fn log_follows_go_amd64() {
        // Terraform 1.15.5's answers: log(837.471, 10), log(0.3, 3), log(1e-310, 10)
        // (a subnormal: Go's amd64 Log reads its bits as if normal).
        assert_eq!(go_log(837.471) / go_log(10.0), 2.922_969_777_191_826);
        assert_eq!(go_log(0.3) / go_log(3.0), -1.095_903_274_289_384_8);
        assert_eq!(go_log(1e-310) / go_log(10.0), -307.951_738_116_602_2);
        assert_eq!(go_log(1.0), 0.0);
        assert_eq!(go_log(0.0), f64::NEG_INFINITY);
        assert_eq!(go_log(-0.0), f64::NEG_INFINITY);
        assert_eq!(go_log(f64::INFINITY), f64::INFINITY);
        assert!(go_log(-1.0).is_nan());
        assert!(go_log(f64::NAN).is_nan());
    }

    #[test]
    fn exp_special_cases_on_both_paths() {
        for fused in [false, true] {
            assert_eq!(exp_with(0.0, fused), 1.0);
            assert_eq!(exp_with(1.0, fused), std::f64::consts::E);
            assert_eq!(exp_with(f64::INFINITY, fused), f64::INFINITY);
            assert_eq!(exp_with(f64::NEG_INFINITY, fused), 0.0);
            assert_eq!(exp_with(710.0, fused), f64::INFINITY);
            // Below the normal range Go's amd64 Exp gives 0, not a subnormal.
            assert_eq!(exp_with(-740.0, fused), 0.0);
            assert_eq!(exp_with(-1e10, fused), 0.0);
            assert!(exp_with(f64::NAN, fused).is_nan());
        }
    }
}
