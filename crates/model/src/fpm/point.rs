//! One measured point of a speed function: a problem size and the speed
//! at it.

/// One measurement: problem size and speed.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SpeedPoint {
    /// Problem size, computation units.
    pub size_units: f64,
    /// Speed, computation units per second.
    pub speed_units_per_s: f64,
}

impl SpeedPoint {
    pub fn new(size_units: f64, speed_units_per_s: f64) -> Self {
        SpeedPoint {
            size_units,
            speed_units_per_s,
        }
    }
}
