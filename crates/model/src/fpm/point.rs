//! One measured point of a speed function: a problem size, the speed at
//! it, and the spread of the timings behind the speed where known.

/// One measurement: problem size and speed, and the relative spread of
/// the repeated timings behind the speed where they are known.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SpeedPoint {
    /// Problem size, computation units.
    pub size_units: f64,
    /// Speed, computation units per second.
    pub speed_units_per_s: f64,
    /// Relative spread (max - min) / median of the timings behind the
    /// speed, where measured; the speed function does not use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread: Option<f64>,
}

impl SpeedPoint {
    /// A point without a spread.
    pub fn new(size_units: f64, speed_units_per_s: f64) -> Self {
        SpeedPoint {
            size_units,
            speed_units_per_s,
            spread: None,
        }
    }

    /// The point with the relative spread of its timings.
    pub fn with_spread(self, spread: f64) -> Self {
        SpeedPoint {
            spread: Some(spread),
            ..self
        }
    }
}
