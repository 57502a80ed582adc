//! How sure a decision is: a predicted speedup S with a formulation's
//! error factor F on measured runs (the measured speedup within S / F and
//! S x F in the stated share of those runs) is an interval; where it
//! straddles 1 the model cannot tell which side wins, and says so.

use serde::{Deserialize, Serialize};

/// A formulation's error on measured speedups: the factor that holds
/// `confidence` of the runs (measured within predicted / factor and
/// predicted x factor), from `rows` runs of `from`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpeedupError {
    pub factor: f64,
    pub confidence: f64,
    pub rows: usize,
    /// Runs inside their interval when its factor is taken from the
    /// other runs alone (leave one out): how well `confidence` holds for
    /// a run the factor was not taken from.
    #[serde(default)]
    pub covered: usize,
    /// Which runs, in words.
    pub from: String,
}

/// A predicted speedup's interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpeedupInterval {
    pub low: f64,
    pub high: f64,
    pub confidence: f64,
}

/// What the model says about a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    Offload,
    Host,
    /// The interval straddles a speedup of 1.
    TooClose,
}

impl Call {
    pub fn key(self) -> &'static str {
        match self {
            Call::Offload => "offload",
            Call::Host => "host",
            Call::TooClose => "too close to call",
        }
    }
}

impl SpeedupError {
    /// The interval of `speedup`; none where the factor is not a finite
    /// number of at least 1.
    pub fn interval(&self, speedup: f64) -> Option<SpeedupInterval> {
        (self.factor.is_finite() && self.factor >= 1.0 && speedup.is_finite()).then(|| {
            SpeedupInterval {
                low: speedup / self.factor,
                high: speedup * self.factor,
                confidence: self.confidence,
            }
        })
    }
}

impl SpeedupInterval {
    pub fn straddles_one(&self) -> bool {
        self.low < 1.0 && self.high > 1.0
    }
}

/// The call of a decision that offloads (`offload`) or not, with its
/// interval where known: too close where the interval straddles 1 and
/// nothing else (the data's fit) decided.
pub fn call(offload: bool, fits: bool, interval: Option<&SpeedupInterval>) -> Call {
    match (fits, interval) {
        (true, Some(i)) if i.straddles_one() => Call::TooClose,
        _ if offload => Call::Offload,
        _ => Call::Host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_across_one_is_too_close_to_call() {
        let e = SpeedupError {
            factor: 2.0,
            confidence: 0.9,
            rows: 24,
            covered: 22,
            from: "test".into(),
        };
        let near = e.interval(1.5).expect("an interval");
        assert_eq!((near.low, near.high), (0.75, 3.0));
        assert_eq!(call(true, true, Some(&near)), Call::TooClose);
        let far = e.interval(5.0).expect("an interval");
        assert_eq!(call(true, true, Some(&far)), Call::Offload);
        assert_eq!(call(false, true, e.interval(0.2).as_ref()), Call::Host);
        // Data that does not fit the GPU stays on the host, however near.
        assert_eq!(call(false, false, Some(&near)), Call::Host);
        assert_eq!(call(true, true, None), Call::Offload);
        let broken = SpeedupError { factor: 0.5, ..e };
        assert_eq!(broken.interval(2.0), None);
    }
}
