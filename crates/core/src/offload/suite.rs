//! The JSON of `hetscope eval offload --suite [SET]`: every kernel of
//! the scenario's suite (the offload paper's 25 parallel loops by
//! default) on its platform, at each kernel's test and benchmark size (or
//! the one named) and against the paper's two host settings (160 and 4
//! OpenMP threads, or the one the scenario sets):
//!
//! - `blocks`: one per (size, threads), each with `kernels` (per kernel:
//!   `kernel`, `kernel_id`, `n`, `offload`, `speedup`, `cpu_s`, `gpu_s`,
//!   `transfer_s`, and `paper`: the paper's values for that kernel, size
//!   and thread count), `offloaded`, `geomean_always` (every kernel
//!   offloaded), `geomean_model` (offloaded where the model predicts a
//!   speedup, 1 elsewhere) and `paper` (the paper's geometric means for
//!   that size and thread count, null where it gives none);
//! - `paper`: every value the paper's text states, with its section;
//! - with measured speedups in the scenario: `measured` (the file and its
//!   row count), a block for each thread count of the file, and in each
//!   block `decisions_right` (how many of the model's decisions the
//!   measured speedups confirm; null where no run matches) and `measured`
//!   (runs compared and skipped, the measured geometric means), and per
//!   kernel `measured` (its run at that size and thread count, or null).
//!
//! hetscope's geometric means are of predicted speedups; the paper's are
//! of its measured ones (for its model-guided policy: the measured
//! speedups of the kernels its model offloads).

use serde_json::{Value, json};

use super::scenario::{OffloadScenario, PresetSizes};
use crate::CoreError;
use crate::json::sources_json;
use hetscope_figure::offload::{
    Comparison, KernelInput, MeasuredSuite, SuiteRow, compare_measured, summarize_suite,
};
use hetscope_model::offload::paper_quotes::{
    self, GEOMEANS, KERNEL_COUNT, KERNEL_QUOTES, KernelQuote, Machine, Mode, Policy, Quoted,
};
use hetscope_model::offload::{OffloadParam, Platform};
use hetscope_preset::Catalog;
use hetscope_preset::offload::KernelSet;

/// The paper's host settings (Section IV-E): all 160 threads of its
/// POWER9, and 4.
pub const PAPER_THREADS: [f64; 2] = [160.0, 4.0];

/// One kernel of the suite with its test and benchmark sizes.
struct SuiteKernel {
    input: KernelInput,
    sizes: PresetSizes,
}

/// Every kernel of the scenario's suite at its size of `mode` (both
/// sizes when none), on the scenario's platform.
pub(super) fn suite_json(
    s: &OffloadScenario,
    mode: Option<Mode>,
    catalog: &Catalog,
) -> Result<Value, CoreError> {
    let set = s.suite_set;
    let modes = mode.map_or(Mode::ALL.to_vec(), |m| vec![m]);
    let measured = s.measured.as_ref().map(|m| m.data());
    let base = s.base(catalog)?;
    let threads = match s.threads_set(&base) {
        Some(t) => vec![t],
        None => with_measured_threads(measured),
    };
    let sources = s.sources(&base);
    let (name, platform) = s.platform_of(base)?;
    let kernels = suite_kernels(s, &platform, catalog)?;
    let machine = paper_machine(&s.platform);
    let mut blocks = Vec::new();
    for mode in modes {
        for &t in &threads {
            let at = At {
                mode,
                threads: t,
                set,
                machine,
                measured,
            };
            blocks.push(block(&platform, &kernels, &at)?);
        }
    }
    Ok(json!({
        "model": "offload",
        "suite": set.key(),
        "suite_label": set.label(),
        "platform": name,
        "platform_id": s.platform,
        "formulation": platform.formulation.key(),
        "kernel_count": kernels.len(),
        "blocks": blocks,
        "measured": measured.map(|m| measured_json(m, &blocks)),
        "paper": paper_json(),
        "sources": sources_json(&sources),
        "units": units(),
    }))
}

/// The suite's kernels launched on `platform`, with their preset sizes.
fn suite_kernels(
    s: &OffloadScenario,
    platform: &Platform,
    catalog: &Catalog,
) -> Result<Vec<SuiteKernel>, CoreError> {
    let launch = platform.runtime.launch(&platform.gpu);
    let suite = s.suite(catalog, &launch)?;
    let kernels = suite.kernels.into_iter().zip(suite.sizes);
    Ok(kernels
        .map(|(input, sizes)| SuiteKernel { input, sizes })
        .collect())
}

/// The paper's machine whose values go beside the rows: the platform
/// itself when it is one of the paper's, else the paper's POWER9 + V100.
fn paper_machine(platform_id: &str) -> Machine {
    [Machine::Power8K80, Machine::Power9V100]
        .into_iter()
        .find(|m| m.preset_id() == platform_id)
        .unwrap_or(Machine::Power9V100)
}

/// The file, its row count, and the block that compares the most runs
/// (its size, threads, runs compared and decisions right).
fn measured_json(m: &MeasuredSuite, blocks: &[Value]) -> Value {
    let compared = |b: &Value| b["measured"]["compared"].as_u64().unwrap_or(0);
    let best = blocks
        .iter()
        .filter(|b| compared(b) > 0)
        .max_by_key(|b| compared(b));
    json!({
        "file": m.file,
        "rows": m.runs.len(),
        "size": best.map(|b| b["size"].clone()),
        "threads": best.map(|b| b["threads"].clone()),
        "compared": best.map_or(0, compared),
        "decisions_right": best.map(|b| b["decisions_right"].clone()),
    })
}

/// The paper's thread counts, then each other thread count of the
/// measured runs.
fn with_measured_threads(measured: Option<&MeasuredSuite>) -> Vec<f64> {
    let mut threads = PAPER_THREADS.to_vec();
    for r in measured.iter().flat_map(|m| &m.runs) {
        if !threads.contains(&r.threads) {
            threads.push(r.threads);
        }
    }
    threads
}

/// What one block evaluates.
struct At<'a> {
    mode: Mode,
    threads: f64,
    set: KernelSet,
    /// The paper's machine whose kernel values are set beside the rows.
    machine: Machine,
    /// Measured runs to set beside the predictions.
    measured: Option<&'a MeasuredSuite>,
}

/// Every kernel at one size and thread count, and both policies.
fn block(base: &Platform, kernels: &[SuiteKernel], at: &At<'_>) -> Result<Value, CoreError> {
    let (mode, threads, set) = (at.mode, at.threads, at.set);
    let mut platform = base.clone();
    platform
        .set_param(OffloadParam::Threads, threads)
        .map_err(|source| CoreError::SuiteThreads { threads, source })?;
    let items: Vec<(&KernelInput, f64)> = kernels
        .iter()
        .map(|k| (&k.input, k.sizes.get(mode)))
        .collect();
    let s = summarize_suite(&platform, &items, set.key())?;
    let cmp = at.measured.map(|m| (m, compare_measured(&s, threads, m)));
    let rows: Vec<Value> = s
        .rows
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let mut v = row_json(r, at);
            if let (Some((m, c)), Value::Object(o)) = (&cmp, &mut v) {
                o.insert("measured".into(), run_json(r, m, c, k));
            }
            v
        })
        .collect();
    let paper = |policy| {
        paper_quotes::geomean_quote(policy, mode, threads as u32)
            .filter(|_| set == KernelSet::Paper)
            .map(|g| g.speedup)
    };
    let mut out = json!({
        "size": mode.key(),
        "threads": threads as u64,
        "kernels": rows,
        "offloaded": s.offloaded(),
        "geomean_always": s.geomean_always,
        "geomean_model": s.geomean_profitable,
        "paper": {
            "geomean_always": paper(Policy::AlwaysOffload),
            "geomean_model": paper(Policy::ModelGuided),
            "machine": GEOMEANS[0].machine.label(),
            "place": GEOMEANS[0].place,
        },
    });
    if let (Some((_, c)), Value::Object(o)) = (&cmp, &mut out) {
        let compared = !c.pairs.is_empty();
        o.insert(
            "decisions_right".into(),
            json!(compared.then_some(c.decisions_right)),
        );
        o.insert("measured".into(), comparison_json(c));
    }
    Ok(out)
}

/// Kernel `k`'s measured run in this block, or null.
fn run_json(r: &SuiteRow, m: &MeasuredSuite, c: &Comparison, k: usize) -> Value {
    let Some(&(_, j)) = c.pairs.iter().find(|p| p.0 == k) else {
        return Value::Null;
    };
    let run = &m.runs[j];
    let offload = run.speedup > 1.0;
    json!({
        "speedup": run.speedup,
        "offload": offload,
        "decision_right": offload == r.decision.offload,
        "cpu_s": run.times.map(|t| t.cpu_s),
        "gpu_kernel_s": run.times.map(|t| t.kernel_s),
        "transfer_s": run.times.map(|t| t.transfer_s),
    })
}

/// What the block's measurements give: runs compared and skipped (with
/// why), the measured geometric means.
fn comparison_json(c: &Comparison) -> Value {
    let finite = |v: f64| v.is_finite().then_some(v);
    json!({
        "compared": c.pairs.len(),
        "decisions_right": c.decisions_right,
        "geomean_always": finite(c.geomean_always),
        "geomean_model": finite(c.geomean_model),
        "geomean_best": finite(c.geomean_best),
        "skipped": c.skipped.len(),
    })
}

/// One kernel's prediction and the paper's values for it at this size,
/// thread count and machine.
fn row_json(r: &SuiteRow, at: &At<'_>) -> Value {
    let d = &r.decision;
    let quotes: Vec<Value> = paper_quotes::kernel_quotes(&r.name)
        .filter(|q| {
            q.mode == at.mode
                && q.machine == at.machine
                && q.threads.map(f64::from) == Some(at.threads)
        })
        .map(quote_json)
        .collect();
    json!({
        "kernel": r.name,
        "kernel_id": r.id,
        "n": d.n,
        "offload": d.offload,
        "call": d.call().key(),
        "speedup": d.speedup,
        "fits_gpu": d.fits_gpu,
        "fits_host": d.fits_host,
        "cpu_s": d.cpu_seconds,
        "gpu_s": d.gpu_seconds,
        "transfer_s": d.transfer_seconds,
        "paper": quotes,
    })
}

fn quote_json(q: &KernelQuote) -> Value {
    let (speedup, offload) = match q.value {
        Quoted::Speedup(v) => (Some(v), Some(v > 1.0)),
        Quoted::Offload(b) => (None, Some(b)),
        Quoted::Remark => (None, None),
    };
    json!({
        "kernel": q.kernel,
        "size": q.mode.key(),
        "threads": q.threads,
        "machine": q.machine.label(),
        "machine_preset": q.machine.preset_id(),
        "origin": q.origin.key(),
        "speedup": speedup,
        "offload": offload,
        "place": q.place,
        "note": q.note,
    })
}

/// Every value the paper's text states.
fn paper_json() -> Value {
    let geomeans: Vec<Value> = GEOMEANS
        .iter()
        .map(|g| {
            json!({
                "policy": match g.policy {
                    Policy::AlwaysOffload => "always",
                    Policy::ModelGuided => "model",
                },
                "size": g.mode.key(),
                "threads": g.threads,
                "machine": g.machine.label(),
                "speedup": g.speedup,
                "place": g.place,
            })
        })
        .collect();
    json!({
        "citation": "Chikin, Amaral et al., IPDPSW 2019",
        "kernel_count": KERNEL_COUNT,
        "geomeans": geomeans,
        "kernels": KERNEL_QUOTES.iter().map(quote_json).collect::<Vec<_>>(),
    })
}

fn units() -> Value {
    json!({
        "n": "elements per dimension (each kernel's own test or benchmark size)",
        "speedup": "predicted cpu_s / gpu_s",
        "cpu_s": "s (OpenMP cost model)",
        "gpu_s": "s (Hong & Kim kernel plus transfers)",
        "transfer_s": "s (both directions over the bus)",
        "geomean_always": "geometric mean of the predicted speedups",
        "geomean_model": "geometric mean of the predicted speedup where the model offloads, 1 elsewhere",
        "paper": "the paper's measured geometric means (its model-guided one: the measured speedups under its model's decisions), POWER9 + V100, 160 threads",
        "measured": "per kernel: the --measured run at this size and thread count (speedup = cpu_s / (gpu_kernel_s + transfer_s), s); per block: runs compared and skipped, geometric means of the measured speedups (always, where the model offloads, where the measurement pays)",
        "decisions_right": "kernels whose predicted decision (speedup > 1) the measured speedup confirms",
    })
}
