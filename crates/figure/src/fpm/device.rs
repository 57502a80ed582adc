//! The default range of n of the FPM figures from their devices.

use hetscope_model::fpm::FpmDevice;

/// The default range of n: from the smallest measured size to twice the
/// sum of the devices' largest sizes (at most their memory together when
/// every device has a limit and none runs out of core).
pub fn n_range(devices: &[FpmDevice]) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut sum = 0.0;
    let mut capacity = Some(0.0);
    for d in devices {
        let largest = d
            .points
            .iter()
            .map(|p| p.size_units)
            .chain(d.max_size_units)
            .fold(0.0f64, f64::max);
        lo = d.points.iter().map(|p| p.size_units).fold(lo, f64::min);
        sum += largest;
        capacity = match (capacity, d.max_size_units) {
            (Some(c), Some(l)) if d.out_of_core.is_none() => Some(c + l),
            _ => None,
        };
    }
    if !(lo.is_finite() && lo > 0.0 && sum > 0.0) {
        return (1.0, 1000.0);
    }
    let mut hi = 2.0 * sum;
    if let Some(c) = capacity {
        hi = hi.min(c);
    }
    if hi <= lo * 10.0 {
        hi = lo * 10.0;
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetscope_model::fpm::SpeedPoint;

    #[test]
    fn n_range_spans_the_devices() {
        let a = FpmDevice {
            name: "a".into(),
            points: vec![SpeedPoint::new(10.0, 1.0), SpeedPoint::new(100.0, 2.0)].into(),
            ..FpmDevice::default()
        };
        let b = FpmDevice {
            name: "b".into(),
            ..a.clone()
        };
        assert_eq!(n_range(&[a.clone(), b.clone()]), (10.0, 400.0));
        let mut c = a.clone();
        c.max_size_units = Some(150.0);
        let mut d = b;
        d.max_size_units = Some(120.0);
        assert_eq!(n_range(&[c, d]), (10.0, 270.0));
        assert_eq!(n_range(&[]), (1.0, 1000.0));
    }
}
