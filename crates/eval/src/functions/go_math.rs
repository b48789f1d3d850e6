//! Go's `math` functions that `pow` and `log` need, computed as Go computes them, so
//! that results round as Terraform's do: `math.Pow` (`go_pow`, with `Frexp` and
//! `Ldexp`).

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
        a1 = (yf * x.ln()).exp();
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
}
