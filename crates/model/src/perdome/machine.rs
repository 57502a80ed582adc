//! Machine parameters of one processor and of a CPU+GPU platform.
//!
//! Units (see the papers' Table 1 / Table IV): time per flop and per byte in
//! picoseconds, dynamic energy per flop and per byte in picojoules, static
//! power in watts. W x ps = pJ, so energy terms add without conversion.

use serde::{Deserialize, Serialize};

use super::ParamError;
use crate::Range;

/// The five machine parameters of one processor (PeaPaw Table II).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Processor {
    /// Time per flop, ps.
    pub t_f: f64,
    /// Time per byte moved to or from main memory, ps.
    pub t_b: f64,
    /// Dynamic energy per flop, pJ.
    pub e_f: f64,
    /// Dynamic energy per byte, pJ.
    pub e_b: f64,
    /// Static power, W.
    pub p_s: f64,
}

/// Which processor of a platform a parameter belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Cpu,
    Gpu,
}

impl Side {
    /// The papers' subscript: `C` or `G`.
    pub fn suffix(self) -> &'static str {
        match self {
            Side::Cpu => "C",
            Side::Gpu => "G",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Cpu => "CPU",
            Side::Gpu => "GPU",
        }
    }

    /// The spelling in files, JSON and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Side::Cpu => "cpu",
            Side::Gpu => "gpu",
        }
    }
}

/// One of the five machine parameters, for naming and validation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Param {
    TimePerFlop,
    TimePerByte,
    EnergyPerFlop,
    EnergyPerByte,
    StaticPower,
}

impl Param {
    pub const ALL: [Param; 5] = [
        Param::TimePerFlop,
        Param::TimePerByte,
        Param::EnergyPerFlop,
        Param::EnergyPerByte,
        Param::StaticPower,
    ];

    /// The papers' symbol without the processor subscript (`t_f`, ...).
    pub fn symbol(self) -> &'static str {
        match self {
            Param::TimePerFlop => "t_f",
            Param::TimePerByte => "t_b",
            Param::EnergyPerFlop => "e_f",
            Param::EnergyPerByte => "e_b",
            Param::StaticPower => "p_s",
        }
    }

    pub fn unit(self) -> &'static str {
        match self {
            Param::TimePerFlop | Param::TimePerByte => "ps",
            Param::EnergyPerFlop | Param::EnergyPerByte => "pJ",
            Param::StaticPower => "W",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Param::TimePerFlop => "time per flop (inverse of peak compute rate)",
            Param::TimePerByte => "time per byte (inverse of memory bandwidth)",
            Param::EnergyPerFlop => "dynamic energy per flop",
            Param::EnergyPerByte => "dynamic energy per byte moved",
            Param::StaticPower => "static power, drawn for the whole run",
        }
    }

    /// The full symbol as used on the command line, e.g. `t_fC`.
    pub fn full_symbol(self, side: Side) -> String {
        format!("{}{}", self.symbol(), side.suffix())
    }

    /// Parse `t_fC`, `e_bG`, ... into (side, param).
    pub fn parse_full(symbol: &str) -> Option<(Side, Param)> {
        let side = match symbol.chars().last()? {
            'C' => Side::Cpu,
            'G' => Side::Gpu,
            _ => return None,
        };
        let base = &symbol[..symbol.len() - 1];
        Param::ALL
            .into_iter()
            .find(|p| p.symbol() == base)
            .map(|p| (side, p))
    }

    /// Static power may be zero; every other parameter must be positive.
    pub fn allows_zero(self) -> bool {
        matches!(self, Param::StaticPower)
    }

    /// What the parameter is, short, for messages (`time per flop`).
    pub fn what(self) -> &'static str {
        match self {
            Param::TimePerFlop => "time per flop",
            Param::TimePerByte => "time per byte",
            Param::EnergyPerFlop => "dynamic energy per flop",
            Param::EnergyPerByte => "dynamic energy per byte",
            Param::StaticPower => "static power",
        }
    }

    /// The physical range, the same on both processors: 1e-6 to 1e6 ps
    /// per flop or byte (1e9 GFLOP/s or GB/s down to 1 MFLOP/s or MB/s),
    /// 1e-6 to 1e6 pJ, static power 0 to 1e6 W.
    pub fn range(self) -> Range {
        match self {
            Param::TimePerFlop | Param::TimePerByte => Range::new(1e-6, 1e6, "ps"),
            Param::EnergyPerFlop | Param::EnergyPerByte => Range::new(1e-6, 1e6, "pJ"),
            Param::StaticPower => Range::new(0.0, 1e6, "W"),
        }
    }

    /// `Ok` when `v` lies in the range of this parameter on `side`, else
    /// the error naming it (`t_fC`), what it is and both bounds.
    pub fn check(self, side: Side, v: f64) -> Result<(), ParamError> {
        let range = self.range();
        if range.contains(v) {
            // The common case, on every evaluation: no message to build.
            return Ok(());
        }
        let what = format!("{} on the {}", self.what(), side.name());
        Ok(range.check(&self.full_symbol(side), &what, v)?)
    }
}

impl Processor {
    pub fn get(&self, p: Param) -> f64 {
        match p {
            Param::TimePerFlop => self.t_f,
            Param::TimePerByte => self.t_b,
            Param::EnergyPerFlop => self.e_f,
            Param::EnergyPerByte => self.e_b,
            Param::StaticPower => self.p_s,
        }
    }

    pub fn set(&mut self, p: Param, v: f64) {
        match p {
            Param::TimePerFlop => self.t_f = v,
            Param::TimePerByte => self.t_b = v,
            Param::EnergyPerFlop => self.e_f = v,
            Param::EnergyPerByte => self.e_b = v,
            Param::StaticPower => self.p_s = v,
        }
    }

    /// Check every parameter against its range ([`Param::range`]);
    /// `side` names the processor in the message (`t_fC`).
    pub fn validate(&self, side: Side) -> Result<(), ParamError> {
        for p in Param::ALL {
            p.check(side, self.get(p))?;
        }
        Ok(())
    }

    /// Peak compute rate, GFLOP/s.
    pub fn peak_gflops(&self) -> f64 {
        1000.0 / self.t_f
    }

    /// Memory bandwidth, GB/s (1e9 bytes per second).
    pub fn bandwidth_gbs(&self) -> f64 {
        1000.0 / self.t_b
    }

    /// Roofline performance bound at intensity `i` (PerDome Eq. 3, PeaPaw
    /// Eq. 2), GFLOP/s. `i` must be positive.
    pub fn roofline_gflops(&self, i: f64) -> f64 {
        1000.0 / self.time_per_flop_at(i)
    }

    /// Time per flop of a kernel of intensity `i` on this processor alone:
    /// max(t_f, t_b / I), ps.
    pub fn time_per_flop_at(&self, i: f64) -> f64 {
        self.t_f.max(self.t_b / i)
    }

    /// Machine balance BL = t_b / t_f (PeaPaw Eq. 27), flop/byte.
    pub fn balance(&self) -> f64 {
        self.t_b / self.t_f
    }
}

/// A CPU and a GPU.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Platform {
    pub cpu: Processor,
    pub gpu: Processor,
}

impl Platform {
    pub fn side(&self, s: Side) -> &Processor {
        match s {
            Side::Cpu => &self.cpu,
            Side::Gpu => &self.gpu,
        }
    }

    pub fn side_mut(&mut self, s: Side) -> &mut Processor {
        match s {
            Side::Cpu => &mut self.cpu,
            Side::Gpu => &mut self.gpu,
        }
    }

    pub fn validate(&self) -> Result<(), ParamError> {
        self.cpu.validate(Side::Cpu)?;
        self.gpu.validate(Side::Gpu)
    }

    /// The same platform with the CPU's and GPU's parameters exchanged.
    pub fn swapped(&self) -> Platform {
        Platform {
            cpu: self.gpu,
            gpu: self.cpu,
        }
    }

    /// p_sC + p_sG, W.
    pub fn static_power(&self) -> f64 {
        self.cpu.p_s + self.gpu.p_s
    }
}

/// Processor specifications from which t_f and t_b follow (PeaPaw Eq. 5-6).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Specs {
    /// Number of cores (CUDA cores / stream processors for a GPU).
    pub cores: f64,
    /// Base core clock, GHz.
    pub clock_ghz: f64,
    /// Flops per core per cycle (issue width; 2 for a fused multiply-add
    /// unit, times SIMD lanes where the vector units are counted).
    pub issue_width: f64,
    /// Achievable memory bandwidth, GB/s (1e9 bytes per second).
    pub bandwidth_gbs: f64,
}

/// A field of [`Specs`]: its name, what it is, its physical range.
pub type SpecField = (&'static str, &'static str, Range);

impl Specs {
    /// The fields' names (as files write them), what each is, and their
    /// physical ranges.
    pub const FIELDS: [SpecField; 4] = [
        ("cores", "cores", Range::new(1.0, 1e7, "cores")),
        ("clock_ghz", "base core clock", Range::new(1e-3, 1e3, "GHz")),
        (
            "issue_width",
            "flops per core per cycle",
            Range::new(1e-3, 1e4, "flop/cycle"),
        ),
        (
            "bandwidth_gbs",
            "memory bandwidth",
            Range::new(1e-3, 1e6, "GB/s"),
        ),
    ];

    /// The values in the order of [`Specs::FIELDS`].
    pub fn values(&self) -> [f64; 4] {
        [
            self.cores,
            self.clock_ghz,
            self.issue_width,
            self.bandwidth_gbs,
        ]
    }

    /// Every field in its range, and t_f and t_b that follow in theirs
    /// (`side` names the processor in messages).
    pub fn validate(&self, side: Side) -> Result<(), ParamError> {
        for ((name, what, range), v) in Specs::FIELDS.into_iter().zip(self.values()) {
            if !range.contains(v) {
                let what = format!("{what} of the {}", side.name());
                range.check(name, &what, v)?;
            }
        }
        Param::TimePerFlop.check(side, self.t_f_ps())?;
        Param::TimePerByte.check(side, self.t_b_ps())
    }

    /// Peak compute rate, GFLOP/s: cores x clock x issue width (Eq. 6).
    pub fn peak_gflops(&self) -> f64 {
        self.cores * self.clock_ghz * self.issue_width
    }

    /// t_f = 1 / (cores x clock x issue width), ps (PeaPaw Eq. 6).
    pub fn t_f_ps(&self) -> f64 {
        1000.0 / self.peak_gflops()
    }

    /// t_b = 1 / bandwidth, ps.
    pub fn t_b_ps(&self) -> f64 {
        1000.0 / self.bandwidth_gbs
    }
}
