//! The keyed comments of a speed-function CSV (`# key: value` before the
//! header) and the text of their values, shared by the CSV reader and
//! writer, the command line's per-device overrides and the GUI:
//!
//! Every number lies in its range ([`FpmParam::range`]):
//!
//! - `max_size`: the memory limit, 1e-6 to 1e15 units.
//! - `out_of_core`: how the speed goes on beyond the memory limit (FPM
//!   paper, Section V, Figure 3 versions 2 and 3): a factor 0.001 to 1 of
//!   the speed at the limit (`0.5`), or measured points of an out-of-core
//!   kernel, `size:speed` pairs separated by commas, every size beyond
//!   the limit (`8000:310, 12000:295`); `off` for none.
//! - `contention`: the speed factor, 0.001 to 1, while another device of the
//!   same socket has work (FPM paper, Sections III and V).
//! - `socket`: a whole number from 0 to [`MAX_SOCKET`]; devices with the
//!   same number share a socket, 0 is alone.
//! - `format`: the file's format version (see [`crate::version`]),
//!   written on the first line; a file without it is format 1, a newer
//!   one is refused.

use crate::version::{self, VersionProblem};
use hetscope_model::OutOfRange;
use hetscope_model::fpm::{FitKind, FittedTime, FpmParam, OutOfCore, SpeedPoint};

/// The format version key.
pub const FORMAT: &str = "format";
/// The memory limit key.
pub const MAX_SIZE: &str = "max_size";
/// The out-of-core key.
pub const OUT_OF_CORE: &str = "out_of_core";
/// The contention factor key.
pub const CONTENTION: &str = "contention";
/// The socket key.
pub const SOCKET: &str = "socket";
/// The key of a task runtime's fitted time function.
pub const FIT: &str = "fit";
/// Every key, in the order they are written.
pub const ALL: [&str; 6] = [FORMAT, MAX_SIZE, OUT_OF_CORE, CONTENTION, SOCKET, FIT];

/// The largest socket number.
pub const MAX_SOCKET: u32 = 64;

/// A key's value that cannot be read; the message quotes the text.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum KeyError {
    /// No format version this build reads.
    #[error("{0}")]
    Format(#[from] VersionProblem),
    /// A number outside its parameter's range (or no number).
    #[error("{} '{text}': {error}", .param.name())]
    Range {
        param: FpmParam,
        text: String,
        error: OutOfRange,
    },
    /// No socket number.
    #[error("socket '{0}' must be a whole number from 0 (alone) to {MAX_SOCKET}")]
    Socket(String),
    /// An out-of-core setting that is no factor (nor `off`, nor points).
    #[error("{0} (or size:speed pairs beyond the limit, or off)")]
    Factor(Box<KeyError>),
    /// A measured out-of-core point that is no `size:speed` pair in
    /// range; `k` counts from 1.
    #[error("out_of_core point {k}: '{pair}' {problem}")]
    Point {
        k: usize,
        pair: String,
        problem: PairError,
    },
    /// An out-of-core extension without a memory limit.
    #[error("an out-of-core extension needs a memory limit: add `# {MAX_SIZE}: N`")]
    NoLimit,
    /// A fitted time function that cannot be read.
    #[error(
        "fit '{0}': expected `linear|non-linear a=S b=X c=S from=U to=U runs=N` (a and c in seconds, from < to sizes above 0)"
    )]
    Fit(String),
    /// A measured out-of-core point at or below the memory limit; `k`
    /// counts from 1.
    #[error("out_of_core point {k}: size {size} units must lie beyond max_size {limit} units")]
    WithinLimit { k: usize, size: f64, limit: f64 },
}

/// Why a measured out-of-core point cannot be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PairError {
    /// No colon.
    #[error("is not size:speed")]
    NotAPair,
    /// A size or speed out of its range.
    #[error("must be size:speed: {0}")]
    Value(Box<KeyError>),
}

/// The key and value of a comment (without its `#`) that starts with one
/// of [`ALL`] and a colon.
pub fn split_key(comment: &str) -> Option<(&'static str, &str)> {
    let c = comment.trim_start();
    ALL.iter().find_map(|k| {
        c.strip_prefix(k)
            .and_then(|rest| rest.trim_start().strip_prefix(':'))
            .map(|v| (*k, v.trim()))
    })
}

/// A format version this build reads.
pub fn parse_format(v: &str) -> Result<u32, KeyError> {
    Ok(version::parse_version(v)?)
}

/// A number of `text` in the range of `p`; the message quotes the text.
fn in_range(param: FpmParam, text: &str) -> Result<f64, KeyError> {
    let t = text.trim();
    let x = t.parse::<f64>().unwrap_or(f64::NAN);
    param.check(x).map_err(|error| KeyError::Range {
        param,
        text: t.to_string(),
        error,
    })?;
    Ok(x)
}

/// A memory limit, units ([`FpmParam::MaxSize`]).
pub fn parse_max_size(v: &str) -> Result<f64, KeyError> {
    in_range(FpmParam::MaxSize, v)
}

/// A contention factor ([`FpmParam::Contention`]; 1 = no loss).
pub fn parse_contention(v: &str) -> Result<f64, KeyError> {
    in_range(FpmParam::Contention, v)
}

/// A socket number; 0 is none (alone).
pub fn parse_socket(v: &str) -> Result<Option<u32>, KeyError> {
    match v.trim().parse::<u32>() {
        Ok(0) => Ok(None),
        Ok(s) if s <= MAX_SOCKET => Ok(Some(s)),
        _ => Err(KeyError::Socket(v.to_string())),
    }
}

/// An out-of-core setting: `off`, a factor, or `size:speed` pairs.
pub fn parse_out_of_core(v: &str) -> Result<Option<OutOfCore>, KeyError> {
    let t = v.trim();
    if t.eq_ignore_ascii_case("off") || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    if !t.contains(':') {
        return match in_range(FpmParam::OutOfCoreFactor, t) {
            Ok(k) => Ok(Some(OutOfCore::Factor(k))),
            Err(e) => Err(KeyError::Factor(Box::new(e))),
        };
    }
    let mut points = Vec::new();
    for (k, pair) in t.split(',').enumerate() {
        points.push(parse_pair(pair).map_err(|problem| KeyError::Point {
            k: k + 1,
            pair: pair.trim().to_string(),
            problem,
        })?);
    }
    Ok(Some(OutOfCore::Points(points)))
}

/// `size:speed`, each in its range ([`FpmParam::PointSize`],
/// [`FpmParam::PointSpeed`]).
fn parse_pair(pair: &str) -> Result<SpeedPoint, PairError> {
    let (a, b) = pair.split_once(':').ok_or(PairError::NotAPair)?;
    let value = |e| PairError::Value(Box::new(e));
    let x = in_range(FpmParam::PointSize, a).map_err(value)?;
    let s = in_range(FpmParam::PointSpeed, b).map_err(value)?;
    Ok(SpeedPoint::new(x, s))
}

/// The text of an out-of-core setting, as [`parse_out_of_core`] reads it
/// back; numbers in their shortest exact form.
pub fn out_of_core_text(o: Option<&OutOfCore>) -> String {
    match o {
        None => "off".into(),
        Some(OutOfCore::Factor(k)) => format!("{k}"),
        Some(OutOfCore::Points(p)) => p
            .iter()
            .map(|q| format!("{}:{}", q.size_units, q.speed_units_per_s))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A short description for labels and JSON: "off", "0.5 x the speed at
/// the limit", "3 measured points".
pub fn out_of_core_summary(o: Option<&OutOfCore>) -> String {
    match o {
        None => "off".into(),
        Some(OutOfCore::Factor(k)) => format!("{k} x the speed at the memory limit"),
        Some(OutOfCore::Points(p)) => format!("{} measured points", p.len()),
    }
}

/// Whether an out-of-core setting fits the memory limit: it needs one,
/// and measured points lie beyond it.
pub fn check_out_of_core(o: Option<&OutOfCore>, limit: Option<f64>) -> Result<(), KeyError> {
    let Some(o) = o else { return Ok(()) };
    let Some(limit) = limit else {
        return Err(KeyError::NoLimit);
    };
    if let OutOfCore::Points(p) = o
        && let Some((k, q)) = p.iter().enumerate().find(|(_, q)| q.size_units <= limit)
    {
        return Err(KeyError::WithinLimit {
            k: k + 1,
            size: q.size_units,
            limit,
        });
    }
    Ok(())
}

/// A fitted time function: `linear|non-linear a=S b=X c=S from=U to=U
/// runs=N`, every value given, in this order.
pub fn parse_fit(v: &str) -> Result<FittedTime, KeyError> {
    let bad = || KeyError::Fit(v.chars().take(120).collect());
    let mut words = v.split_whitespace();
    let kind = match words.next() {
        Some("linear") => FitKind::Linear,
        Some("non-linear") => FitKind::NonLinear,
        _ => return Err(bad()),
    };
    let mut value = |key: &str| -> Option<f64> {
        let (k, x) = words.next()?.split_once('=')?;
        (k == key).then(|| x.parse::<f64>().ok()).flatten()
    };
    let (a_s, b) = (value("a").ok_or_else(bad)?, value("b").ok_or_else(bad)?);
    let c_s = value("c").ok_or_else(bad)?;
    let (from, to) = (value("from").ok_or_else(bad)?, value("to").ok_or_else(bad)?);
    let runs = value("runs").ok_or_else(bad)?;
    let numbers = [a_s, b, c_s, from, to, runs].iter().all(|x| x.is_finite());
    if !numbers || from <= 0.0 || from >= to || runs < 0.0 || runs.fract() != 0.0 {
        return Err(bad());
    }
    Ok(FittedTime {
        kind,
        a_s,
        b,
        c_s,
        min_units: from,
        max_units: to,
        samples: runs as u64,
    })
}

/// The text [`parse_fit`] reads back to `f`.
pub fn fit_text(f: &FittedTime) -> String {
    let kind = match f.kind {
        FitKind::Linear => "linear",
        FitKind::NonLinear => "non-linear",
    };
    format!(
        "{kind} a={} b={} c={} from={} to={} runs={}",
        f.a_s, f.b, f.c_s, f.min_units, f.max_units, f.samples
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_values_read_back() {
        assert_eq!(split_key(" contention: 0.85"), Some((CONTENTION, "0.85")));
        assert_eq!(split_key("socket : 1"), Some((SOCKET, "1")));
        assert_eq!(split_key("sockets are shared"), None);
        assert_eq!(parse_socket("0"), Ok(None));
        assert!(
            parse_socket("65")
                .unwrap_err()
                .to_string()
                .contains("0 (alone) to 64")
        );
        assert!(
            parse_contention("0")
                .unwrap_err()
                .to_string()
                .contains("between 0.001 and 1")
        );
        for o in [
            OutOfCore::Factor(0.5),
            OutOfCore::Points(vec![SpeedPoint::new(8000.0, 310.5)]),
        ] {
            let t = out_of_core_text(Some(&o));
            assert_eq!(parse_out_of_core(&t), Ok(Some(o)), "{t}");
        }
        assert_eq!(parse_out_of_core("off"), Ok(None));
        assert!(
            parse_out_of_core("1.5")
                .unwrap_err()
                .to_string()
                .contains("between 0.001 and 1")
        );
        assert!(
            parse_out_of_core("8000:1, 9000:x")
                .unwrap_err()
                .to_string()
                .contains("point 2")
        );
    }
}
