//! The shipped H100 node boat hull file read here without the crate's
//! reader, and the model's hulls and relative errors recomputed from it:
//! shared by the core crate's tests and the app's (`#[path]`).

use crate::common::catalog;
use hetscope_model::boathull::{Class, ClassOptions, ClassVars, Machine};
use hetscope_model::perdome::Side;
use hetscope_model::platform::Transfers;

pub const CLASS: &str = "2048x2048|element -> 2048x2048|element";
pub const FILE: &str = "h100-boathull-measured.csv";
pub const GPU_NAME: &str = "H100 80GB HBM3";
pub const CPU_NAME: &str = "Xeon (16 threads of the node)";

pub fn shipped_path() -> String {
    format!("{}/assets/data/{FILE}", crate::common::ROOT)
}

pub fn shipped() -> String {
    std::fs::read_to_string(shipped_path()).expect("the shipped file")
}

/// The file's rows read here without the crate's reader:
/// (processor, f, time_s), f as the file writes it (fused multiply-adds).
/// The variant may hold a quoted comma, so the operator, time and f are
/// the last three fields and the processor the second.
pub fn rows_by_hand() -> Vec<(String, f64, f64)> {
    shipped()
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut back = l.rsplitn(4, ',');
            assert_eq!(back.next(), Some("fma chain"), "{l}");
            let t: f64 = back.next().and_then(|v| v.parse().ok()).expect("time");
            let f: f64 = back.next().and_then(|v| v.parse().ok()).expect("f");
            let processor = l.split(',').nth(1).expect("processor").to_string();
            (processor, f, t)
        })
        .collect()
}

/// The `h100-node-measured` platform's processor of `side`.
pub fn h100_node(side: Side) -> (String, Machine) {
    let cat = catalog();
    let (_, p) = cat.platform("h100-node-measured").expect("the platform");
    let b = p
        .boathull_side(cat, "h100-node-measured", Transfers::Pageable, side)
        .expect("boat hull parameters");
    (b.name, b.machine)
}

/// The model's time at f (operations per element), computed with the
/// model alone: the GPU's hull; for the CPU, whose rows are one chain of
/// dependent FMAs per element, the chain floor max(c_chain, m0).
pub fn model_time(machine: Machine, f: f64) -> f64 {
    let class = Class::parse(CLASS).expect("class");
    let opts = ClassOptions::default();
    match machine {
        Machine::Gpu(g) => g
            .times(&ClassVars::gpu(class.shape(), &opts), f)
            .expect("times")
            .hull_s(),
        Machine::Cpu(c) => {
            let vars = ClassVars::cpu(class.shape(), &opts);
            let t = c.times(&vars, f).expect("times");
            // w f m / 2 FMAs, N_threads chains at a time, each FMA its
            // latency.
            let fmas = vars.w * vars.m * f / 2.0;
            let latency = c.fma_latency_ns.expect("the node's CPU has one") * 1e-9;
            let chain = fmas / f64::from(c.n_threads) * latency;
            assert!((t.chain_s.expect("a chain floor") - chain).abs() < 1e-12 * chain);
            chain.max(t.m0_s)
        }
    }
}

/// Relative errors of one processor's rows against `machine`,
/// recomputed: (the model's f, error), each row's f of FMAs two
/// operations each.
pub fn errors_by_hand(processor: &str, machine: Machine) -> Vec<(f64, f64)> {
    rows_by_hand()
        .into_iter()
        .filter(|(p, _, _)| p == processor)
        .map(|(_, f, t)| (2.0 * f, (model_time(machine, 2.0 * f) - t) / t))
        .collect()
}

/// (median, max) of |e|, and the f of the max.
pub fn median_max(errs: &[(f64, f64)]) -> (f64, f64, f64) {
    let mut abs: Vec<f64> = errs.iter().map(|e| e.1.abs()).collect();
    abs.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    let n = abs.len();
    let median = if n % 2 == 1 {
        abs[n / 2]
    } else {
        0.5 * (abs[n / 2 - 1] + abs[n / 2])
    };
    let (f_max, max) = errs
        .iter()
        .map(|e| (e.0, e.1.abs()))
        .fold((0.0, -1.0), |a, b| if b.1 > a.1 { b } else { a });
    (median, max, f_max)
}
