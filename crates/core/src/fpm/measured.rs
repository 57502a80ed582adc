//! Speed functions measured on this machine as speed-function CSVs: one
//! kernel timed over sizes (`hetscope fpm measure`, the FPM panel's
//! measurement), and the gemm and triad functions of a whole CPU
//! measurement (`hetscope measure cpu`, the overview's "Measure this
//! machine"), which the measured platform names.

use hetscope_measure::cpu::CpuMeasurement;
use hetscope_measure::{self as measure, Kernel, MeasureConfig, Measurement};
use hetscope_preset::fpm::SpeedCsv;

/// The speed function of the measurements `ms` taken with `cfg`: its
/// notes (kernel, unit, threads, machine) and one row a size.
pub fn measured_speed_csv(cfg: &MeasureConfig, ms: &[Measurement]) -> SpeedCsv {
    SpeedCsv::measured(measure::notes(cfg, ms), measure::points(ms))
}

/// The gemm and triad speed functions of a CPU measurement, by kernel.
pub fn speed_csvs(m: &CpuMeasurement) -> [(&'static str, SpeedCsv); 2] {
    let csv = |kernel: Kernel, ms: &[Measurement]| {
        let mut cfg = MeasureConfig::new(kernel, m.threads);
        cfg.sizes = ms.iter().map(|x| x.size).collect();
        measured_speed_csv(&cfg, ms)
    };
    [
        ("gemm", csv(Kernel::Gemm, &m.gemm)),
        ("triad", csv(Kernel::Triad, &m.triad_speed)),
    ]
}
