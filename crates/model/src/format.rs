//! Numbers as text, the one place where they are formatted: labels and
//! readouts of every figure, edit fields of the GUI, messages of the
//! command line. Imports nothing of the crate, so every layer may use it.
//!
//! Every function here turns a non-finite value into `n/a` rather than
//! `NaN` or `inf`, except [`fmt_value`] and [`fmt_bound`], which write a
//! value as users can type it back (a range's bounds, a value refused).

/// A value with about four significant digits: `3.142`, `12.50`, `128.5`,
/// `1.234e5` (exponent outside 1e-3 .. 1e5).
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return "n/a".into();
    }
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e5).contains(&a) {
        format!("{v:.3e}")
    } else if a >= 100.0 {
        format!("{v:.1}")
    } else if a >= 10.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// A tick value: like [`fmt_num`] without trailing zeros (`140`, `0.5`,
/// `1.25e6`).
pub fn fmt_tick(v: f64) -> String {
    let s = fmt_num(v);
    if let Some((mantissa, exp)) = s.split_once('e') {
        return format!("{}e{exp}", trim_zeros(mantissa));
    }
    trim_zeros(&s)
}

/// A tick label with as many decimals as the tick step needs.
pub fn fmt_tick_step(v: f64, step: f64) -> String {
    if !(1e-6..1e6).contains(&step) {
        return fmt_num(v);
    }
    let decimals = (-step.log10() + 1e-9).ceil().max(0.0) as usize;
    let v = if v.abs() < step * 1e-9 { 0.0 } else { v };
    format!("{v:.decimals$}")
}

/// A number with four significant digits (no exponent from 1e-4 to 1e6):
/// `643.2`, `0.001230`.
pub fn fmt_sig(v: f64) -> String {
    if !v.is_finite() {
        return "n/a".into();
    }
    if v == 0.0 {
        return "0".into();
    }
    let mag = v.abs().log10().floor() as i32;
    if !(-4..6).contains(&mag) {
        return format!("{v:.3e}");
    }
    let decimals = (3 - mag).max(0) as usize;
    format!("{v:.decimals$}")
}

/// A whole number without decimals (`9600`), anything else as
/// [`fmt_num`].
pub fn fmt_whole(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.0}")
    } else {
        fmt_num(n)
    }
}

/// An operational intensity: `0` or a number with its power of two,
/// `1.700 (2^0.77)`.
pub fn fmt_intensity(v: f64) -> String {
    if v == 0.0 {
        "0".into()
    } else if !v.is_finite() {
        "n/a".into()
    } else {
        format!("{} (2^{:.2})", fmt_num(v), v.log2())
    }
}

/// A speedup with three significant digits: `3.21x`, `0.0412x`, `123x`.
pub fn fmt_speedup(s: f64) -> String {
    if !s.is_finite() || s <= 0.0 {
        return format!("{}x", fmt_num(s));
    }
    let decimals = (2 - s.log10().floor() as i32).clamp(0, 12) as usize;
    format!("{}x", trim_zeros(&format!("{s:.decimals$}")))
}

/// A speedup to three significant figures, zeros kept ("6.00x"), for two
/// speedups written side by side.
pub fn fmt_speedup_sig(s: f64) -> String {
    if !s.is_finite() || s <= 0.0 {
        return format!("{}x", fmt_num(s));
    }
    let decimals = (2 - s.log10().floor() as i32).clamp(0, 12) as usize;
    format!("{s:.decimals$}x")
}

/// The unit that shows `s` seconds as a number from 1 to 1000 (seconds
/// from 1 s up, nanoseconds below 1 ns), and the factor from seconds to
/// it: s, ms, µs or ns.
pub fn time_unit(s: f64) -> (&'static str, f64) {
    if !(s.is_finite() && s > 0.0) || s >= 1.0 {
        ("s", 1.0)
    } else if s >= 1e-3 {
        ("ms", 1e3)
    } else if s >= 1e-6 {
        ("µs", 1e6)
    } else {
        ("ns", 1e9)
    }
}

/// A time with the unit of [`time_unit`]: `353.0 µs`, `12.50 µs`,
/// `1.500 s`.
pub fn fmt_time(s: f64) -> String {
    let (unit, factor) = time_unit(s.abs());
    format!("{} {unit}", fmt_num(s * factor))
}

/// A range of times in one unit, `1.664-2.332 ms`, or one time when both
/// ends are equal.
pub fn fmt_time_range(lo: f64, hi: f64) -> String {
    if (hi - lo).abs() <= 1e-12 * hi.abs() {
        return fmt_time(lo);
    }
    let (unit, k) = time_unit(hi.abs());
    format!("{}-{} {unit}", fmt_num(lo * k), fmt_num(hi * k))
}

/// A number for an edit field: short values exactly, long ones with six
/// significant digits; never `NaN`.
pub fn fmt_edit(v: f64) -> String {
    if !v.is_finite() {
        return "n/a".into();
    }
    let s = format!("{v}");
    if s.len() <= 9 {
        return s;
    }
    let mag = v.abs().log10().floor() as i32;
    if (-4..=6).contains(&mag) {
        let decimals = (5 - mag).max(0) as usize;
        trim_zeros(&format!("{v:.decimals$}"))
    } else {
        let s = format!("{v:.5e}");
        match s.split_once('e') {
            Some((m, e)) => format!("{}e{e}", trim_zeros(m)),
            None => s,
        }
    }
}

/// A bound as users can type it back: `0.001`, `73.5`, `1e-6`, `1e12`,
/// with the power of two for one like 2^-20 (`9.5367431640625e-7 (2^-20)`).
pub fn fmt_bound(v: f64) -> String {
    let s = fmt_value(v);
    let k = v.abs().log2();
    if v > 0.0 && k.fract() == 0.0 && k.abs() >= 10.0 {
        format!("{s} (2^{})", k as i64)
    } else {
        s
    }
}

/// A number as users can type it back, exact and short: plain from 0.001
/// to below 1e6, else with an exponent (`1e-307`, `1.048576e6`); `NaN`,
/// `inf`, `-inf` as they are.
pub fn fmt_value(v: f64) -> String {
    if v == 0.0 || !v.is_finite() || (1e-3..1e6).contains(&v.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// `text` as a message may show it: control characters (line breaks,
/// escapes) and characters that draw nothing (zero-width spaces and
/// joiners, bidirectional controls, the byte-order mark, soft hyphens,
/// variation selectors) written as `\u{200b}`-style escapes, so that a
/// wrong name never looks exactly like a right one and a message stays
/// on one line. Text without them is returned as it is.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(hidden) {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            '\t' => "\\t".to_string(),
            c if hidden(c) => format!("\\u{{{:x}}}", u32::from(c)),
            c => c.to_string(),
        })
        .collect::<String>()
        .into()
}

/// Whether `c` is a control character or one that draws nothing (Unicode's
/// default-ignorable code points and the bidirectional controls).
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            u32::from(c),
            0x00AD
                | 0x034F
                | 0x061C
                | 0x115F..=0x1160
                | 0x17B4..=0x17B5
                | 0x180B..=0x180F
                | 0x200B..=0x200F
                | 0x2028..=0x202E
                | 0x2060..=0x206F
                | 0x3164
                | 0xFE00..=0xFE0F
                | 0xFEFF
                | 0xFFA0
                | 0xFFF0..=0xFFFB
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0000..=0xE0FFF
        )
}

/// `s` without trailing zeros after a decimal point (`1.50` -> `1.5`,
/// `2.00` -> `2`); a number without a point is left alone.
fn trim_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_shown_as_escapes() {
        assert_eq!(visible("gpu.mem_bw_gbs"), "gpu.mem_bw_gbs");
        assert_eq!(visible("gpu.mem\u{200b}_bw"), "gpu.mem\\u{200b}_bw");
        assert_eq!(visible("a\u{202e}b\u{feff}"), "a\\u{202e}b\\u{feff}");
        assert_eq!(visible("x\ny\u{1b}[31m"), "x\\ny\\u{1b}[31m");
        assert_eq!(visible("±3.4e38 µs"), "±3.4e38 µs");
    }

    #[test]
    fn numbers_keep_about_four_digits() {
        assert_eq!(fmt_num(128.46), "128.5");
        assert_eq!(fmt_num(12.5), "12.50");
        assert_eq!(fmt_num(1.7), "1.700");
        assert_eq!(fmt_num(123456.0), "1.235e5");
        assert_eq!(fmt_num(f64::NAN), "n/a");
        assert_eq!(fmt_tick(140.0), "140");
        assert_eq!(fmt_tick(0.5), "0.5");
        assert_eq!(fmt_tick(1.25e6), "1.25e6");
        assert_eq!(fmt_tick(5e-4), "5e-4");
        assert_eq!(fmt_tick(2.5e-6), "2.5e-6");
        assert_eq!(fmt_sig(1.94156), "1.942");
        assert_eq!(fmt_sig(1234.56), "1235");
        assert_eq!(fmt_sig(2.5e-7), "2.500e-7");
        assert_eq!(fmt_whole(1234.5), "1234.5");
        assert_eq!(fmt_sig(0.00123), "0.001230");
        assert_eq!(fmt_whole(9600.0), "9600");
        assert_eq!(fmt_whole(2.5), "2.500");
    }

    #[test]
    fn times_read_with_their_unit() {
        assert_eq!(fmt_time(3.53e-4), "353.0 µs");
        assert_eq!(fmt_time(2.75e-3), "2.750 ms");
        assert_eq!(fmt_time(5e-5), "50.00 µs");
        assert_eq!(fmt_time(1.5), "1.500 s");
        assert_eq!(fmt_time(0.0019), "1.900 ms");
        assert_eq!(fmt_time(3.2274), "3.227 s");
        assert_eq!(time_unit(0.5), ("ms", 1e3));
        assert_eq!(time_unit(2.0), ("s", 1.0));
        assert_eq!(time_unit(5e-4), ("µs", 1e6));
        assert_eq!(fmt_time_range(1.66e-3, 2.32e-3), "1.660-2.320 ms");
        assert_eq!(fmt_time_range(1e-3, 1e-3), "1.000 ms");
    }

    #[test]
    fn speedups_have_three_significant_digits() {
        assert_eq!(fmt_speedup(3.214), "3.21x");
        assert_eq!(fmt_speedup(0.04123), "0.0412x");
        assert_eq!(fmt_speedup(123.4), "123x");
        assert_eq!(fmt_speedup(1.0), "1x");
        // Side by side, the zeros stay: "6.00x against 7.92x".
        assert_eq!(fmt_speedup_sig(6.0), "6.00x");
        assert_eq!(fmt_speedup_sig(7.9219), "7.92x");
        assert_eq!(fmt_speedup_sig(0.05), "0.0500x");
        assert_eq!(fmt_speedup_sig(123.4), "123x");
    }

    #[test]
    fn values_and_bounds_read_as_typed() {
        assert_eq!(fmt_value(-1.0), "-1");
        assert_eq!(fmt_value(1e308), "1e308");
        assert_eq!(fmt_value(f64::NAN), "NaN");
        assert_eq!(fmt_bound(1e-6), "1e-6");
        assert_eq!(fmt_bound(2f64.powi(20)), "1.048576e6 (2^20)");
    }

    #[test]
    fn edit_fields_are_short_and_exact() {
        assert_eq!(fmt_edit(24.0), "24");
        assert_eq!(fmt_edit(1.0 / 3.0), "0.333333");
        assert_eq!(fmt_edit(f64::NAN), "n/a");
    }
}
