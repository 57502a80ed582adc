//! The parameters a platform's sensitivity varies: every numeric field its
//! hardware description gives (the CPU's, the first GPU group's and the
//! link's, as `Fields` lists them), so that a measured platform varies its
//! measured fields and a catalog one its spec-sheet fields.

use super::spec::Fields;
use super::{Node, SpecField};

/// Which part of the hardware a parameter belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Cpu,
    Gpu,
    Link,
}

impl Part {
    pub fn key(self) -> &'static str {
        match self {
            Part::Cpu => "cpu",
            Part::Gpu => "gpu",
            Part::Link => "link",
        }
    }

    /// The part in words, as a parameter's name begins: the acronyms in
    /// capitals, the link in lower case, since the names stand mid-sentence
    /// ("offloaded below link latency = 12 us").
    pub fn title(self) -> &'static str {
        match self {
            Part::Cpu => "CPU",
            Part::Gpu => "GPU",
            Part::Link => "link",
        }
    }
}

/// Fields that count whole things (cores, SMs): they move by one, not by
/// a fraction.
const COUNTS: [&str; 4] = ["cores", "threads_per_core", "sms", "cores_per_sm"];

/// Fields that are not a hardware parameter one buys or improves: the
/// compute capability's occupancy limits.
const FIXED: [&str; 2] = ["max_threads_per_sm", "max_blocks_per_sm"];

/// The vector width moves to the next one up or down (twice or half).
const WIDTH: &str = "vector_bits";

/// One parameter: its part, field, unit and value on the platform.
#[derive(Clone, Debug, PartialEq)]
pub struct Knob {
    pub part: Part,
    pub field: &'static str,
    pub unit: &'static str,
    /// The field in words ("memory bandwidth").
    pub label: &'static str,
    pub value: f64,
    /// How it moves.
    pub moves: Moves,
}

/// How a parameter moves for its elasticity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// By the relative step both ways.
    Relative,
    /// By one (a count).
    ByOne,
    /// To twice or half (a vector width).
    Doubling,
}

impl Knob {
    /// "gpu.mem_bw_gbs".
    pub fn key(&self) -> String {
        format!("{}.{}", self.part.key(), self.field)
    }

    /// "GPU memory bandwidth".
    pub fn title(&self) -> String {
        format!("{} {}", self.part.title(), self.label)
    }

    /// The value moved up (`up`) or down by the relative `step` (a count
    /// by one; `None` where a count would fall below 1).
    pub fn moved(&self, step: f64, up: bool) -> Option<f64> {
        let v = self.value;
        let moved = match (self.moves, up) {
            (Moves::ByOne, true) => v + 1.0,
            (Moves::ByOne, false) => v - 1.0,
            (Moves::Doubling, true) => v * 2.0,
            (Moves::Doubling, false) => v / 2.0,
            (Moves::Relative, true) => v * (1.0 + step),
            (Moves::Relative, false) => v * (1.0 - step),
        };
        (moved >= 1.0 || self.moves == Moves::Relative).then_some(moved)
    }

    /// `node` with this parameter set to `value`.
    pub fn set(&self, node: &Node, value: f64) -> Node {
        let mut n = node.clone();
        match self.part {
            Part::Cpu => n.cpu.set_field(self.field, value),
            Part::Gpu => n.gpus[0].spec.set_field(self.field, value),
            Part::Link => n.link.set_field(self.field, value),
        };
        n
    }
}

/// Every given, non-zero numeric field of `node` (a zero, such as an L1
/// global loads bypass, has no relative change).
pub fn knobs(node: &Node) -> Vec<Knob> {
    let of = |part: Part, fields: Vec<SpecField>| {
        fields.into_iter().filter_map(move |f| {
            let value = f.value.filter(|v| v.is_finite() && *v != 0.0)?;
            let moves = if COUNTS.contains(&f.name) {
                Moves::ByOne
            } else if f.name == WIDTH {
                Moves::Doubling
            } else {
                Moves::Relative
            };
            (!FIXED.contains(&f.name)).then_some(Knob {
                part,
                field: f.name,
                unit: f.unit,
                label: f.label,
                value,
                moves,
            })
        })
    };
    of(Part::Cpu, node.cpu.fields())
        .chain(of(Part::Gpu, node.gpu().fields()))
        .chain(of(Part::Link, node.link.fields()))
        .collect()
}
