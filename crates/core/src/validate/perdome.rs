//! PerDome and PeaPaw: each measured partition's GFLOP/s against the
//! performance bound (PerDome Eq. 17) on the platform, and whether the
//! partition the bound ranks first in each workload is the one measured
//! fastest; each energy run's energy against E = e_f N_f + e_b N_b + p_s T
//! (PeaPaw Eq. 8's terms) with the platform's GPU energy parameters.

use super::table::{Row, Table};
use crate::{CoreError, Session};
use hetscope_model::perdome::eval::evaluate;
use hetscope_model::perdome::partition::Wp;
use hetscope_preset::perdome::import_measured_csv;

/// The table of a PerDome measured CSV (`presets import-measured`'s
/// input): every partition of every workload.
pub fn partitions(s: &Session, text: &str, file: &str) -> Result<Table, CoreError> {
    let import = import_measured_csv(text, file, "measured", "measured")?;
    let platform = &s.perdome.platform.params;
    let mut rows = Vec::new();
    for (_, w) in &import.workloads {
        let measured = w
            .measured
            .first()
            .map(|m| m.gflops.as_slice())
            .unwrap_or(&[]);
        let mut block: Vec<Row> = Vec::new();
        for p in &w.partitions {
            let Some((_, gflops)) = measured.iter().find(|(n, _)| *n == p.name) else {
                continue;
            };
            let wp = Wp::new(w.intensity, p.i_c, p.i_g);
            let Ok(e) = evaluate(platform, wp) else {
                continue;
            };
            block.push(Row {
                label: format!("{} {}", w.name, p.name),
                measured: *gflops,
                predicted: e.gflops,
                decision_right: None,
            });
        }
        mark_ranking(&mut block);
        rows.extend(block);
    }
    Ok(Table {
        model: "perdome",
        quantity: "performance".into(),
        unit: "GFLOP/s".into(),
        file: file.to_string(),
        rows,
        notes: vec![
            "predicted: the performance bound of the partition on the platform (an upper bound: \
             a measured value above it breaks the model)"
                .into(),
            "decision: in each workload, the partition the bound ranks first is the one measured \
             fastest"
                .into(),
        ],
        held_out: Vec::new(),
    })
}

/// On the row the bound ranks first in a workload: whether it was also
/// measured fastest.
fn mark_ranking(block: &mut [Row]) {
    let best = |f: fn(&Row) -> f64| {
        (0..block.len()).max_by(|&a, &b| f(&block[a]).total_cmp(&f(&block[b])))
    };
    if let (Some(model), Some(measured)) = (best(|r| r.predicted), best(|r| r.measured)) {
        block[model].decision_right = Some(model == measured);
    }
}

/// The table of energy runs (already in `s`): each run's measured energy
/// against the platform's GPU energy parameters.
pub fn energy_runs(s: &Session, file: &str) -> Result<Table, CoreError> {
    let gpu = &s.perdome.platform.params.gpu;
    let runs = s.perdome.energy_runs.loaded.as_ref().map(|l| l.data());
    let rows = runs
        .map(|r| {
            r.runs
                .iter()
                .enumerate()
                .map(|(i, run)| Row {
                    label: r
                        .labels
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| format!("run {}", i + 1)),
                    measured: run.energy_j,
                    predicted: (gpu.e_f * run.n_flops + gpu.e_b * run.n_bytes) * 1e-12
                        + gpu.p_s * run.time_s,
                    decision_right: None,
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Table {
        model: "perdome",
        quantity: "energy".into(),
        unit: "J".into(),
        file: file.to_string(),
        rows,
        notes: vec![format!(
            "predicted: e_f N_f + e_b N_b + p_s T with the platform's GPU e_f = {} pJ/flop, \
             e_b = {} pJ/byte, p_s = {} W (not fitted to these runs)",
            gpu.e_f, gpu.e_b, gpu.p_s
        )],
        held_out: Vec::new(),
    })
}
