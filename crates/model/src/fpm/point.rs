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
    /// How often a runtime timed this size and how much the timings
    /// varied (a task runtime's history, e.g. StarPU's); the speed
    /// function does not use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<Runs>,
}

/// Runs under which a task runtime does not yet trust a size's time
/// (StarPU's `STARPU_CALIBRATE_MINIMUM`, 10).
pub const CALIBRATION_MINIMUM: u64 = 10;

/// The timings behind one point as a task runtime keeps them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Runs {
    /// Timings taken.
    pub samples: u64,
    /// Their standard deviation over their mean (a relative deviation,
    /// the same for the speed to first order).
    pub deviation: f64,
}

impl SpeedPoint {
    /// A point without a spread.
    pub fn new(size_units: f64, speed_units_per_s: f64) -> Self {
        SpeedPoint {
            size_units,
            speed_units_per_s,
            spread: None,
            runs: None,
        }
    }

    /// The point with a runtime's count and deviation of its timings.
    pub fn with_runs(self, runs: Runs) -> Self {
        SpeedPoint {
            runs: Some(runs),
            ..self
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

/// The measured points of one speed function, shared by reference: a
/// device (and a session that holds it) clones in constant time, and two
/// devices compare by a hash of their points before looking at them.
/// Written and read as a plain list of points.
#[derive(Clone)]
pub struct SpeedPoints {
    points: std::sync::Arc<[SpeedPoint]>,
    /// FNV-1a over the points' bits.
    hash: u64,
}

impl SpeedPoints {
    /// A hash that tells two point lists apart (equal lists, equal hash).
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

/// FNV-1a over every value's bits.
fn hash_points(points: &[SpeedPoint]) -> u64 {
    let bits = points.iter().flat_map(|p| {
        let spread = p.spread.map_or(u64::MAX, f64::to_bits);
        [
            p.size_units.to_bits(),
            p.speed_units_per_s.to_bits(),
            spread,
        ]
    });
    bits.flat_map(u64::to_le_bytes)
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

impl From<Vec<SpeedPoint>> for SpeedPoints {
    fn from(points: Vec<SpeedPoint>) -> Self {
        let hash = hash_points(&points);
        SpeedPoints {
            points: points.into(),
            hash,
        }
    }
}

impl FromIterator<SpeedPoint> for SpeedPoints {
    fn from_iter<I: IntoIterator<Item = SpeedPoint>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<_>>().into()
    }
}

impl Default for SpeedPoints {
    fn default() -> Self {
        Vec::new().into()
    }
}

impl std::ops::Deref for SpeedPoints {
    type Target = [SpeedPoint];
    fn deref(&self) -> &[SpeedPoint] {
        &self.points
    }
}

impl PartialEq for SpeedPoints {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            && (std::sync::Arc::ptr_eq(&self.points, &other.points) || self.points == other.points)
    }
}

impl std::fmt::Debug for SpeedPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.points.iter()).finish()
    }
}

impl serde::Serialize for SpeedPoints {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.points.iter())
    }
}

impl<'de> serde::Deserialize<'de> for SpeedPoints {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<SpeedPoint>::deserialize(d).map(SpeedPoints::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_shared_and_compared_by_content() {
        let a: SpeedPoints = vec![SpeedPoint::new(1.0, 2.0), SpeedPoint::new(3.0, 4.0)].into();
        let b = a.clone();
        assert!(
            std::sync::Arc::ptr_eq(&a.points, &b.points),
            "a clone shares"
        );
        let c: SpeedPoints = vec![SpeedPoint::new(1.0, 2.0), SpeedPoint::new(3.0, 4.0)].into();
        assert_eq!(a, c, "the same points read twice are equal");
        let d: SpeedPoints = vec![SpeedPoint::new(1.0, 2.0), SpeedPoint::new(3.0, 5.0)].into();
        assert_ne!(a, d);
        assert_ne!(a.hash(), d.hash());
        assert_eq!(a.len(), 2, "read as a slice");
    }
}
