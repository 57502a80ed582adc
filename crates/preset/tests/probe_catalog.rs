//! The probed H100 and H200 in the catalog beside their datasheets, and
//! the README's table of the four against the files.

use crate::common::catalog;
use hetscope_model::format::fmt_num;
use hetscope_model::platform::GpuSpec;
use hetscope_preset::Catalog;

fn gpu(cat: &Catalog, id: &str) -> GpuSpec {
    cat.gpu(id)
        .unwrap_or_else(|| panic!("{id} in the catalog"))
        .1
        .clone()
}

/// A cell of the README's table: four significant digits, trailing zeros
/// dropped; empty where the sheet has no such field.
fn cell(v: Option<f64>) -> String {
    let Some(v) = v else { return String::new() };
    let s = fmt_num(v);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A value of a sheet, where it has it.
type Of = fn(&GpuSpec) -> Option<f64>;

#[test]
fn the_readme_compares_datasheet_and_probe_for_both_boards() {
    let cat = catalog();
    let ids = ["h100-sxm5", "h100-probed", "h200-sxm", "h200-probed"];
    let sheets: Vec<GpuSpec> = ids.iter().map(|id| gpu(cat, id)).collect();
    let fp32 = |g: &GpuSpec| Some(g.sms * g.cores_per_sm * g.clock_ghz * g.flops_per_cycle / 1e3);
    let rows: [(&str, Of); 8] = [
        ("FP32 peak (TFLOP/s)", |g| {
            Some(g.sms * g.cores_per_sm * g.clock_ghz * g.flops_per_cycle / 1e3)
        }),
        ("FP64 peak (TFLOP/s)", |g| g.fp64_gflops.map(|v| v / 1e3)),
        ("memory bandwidth (GB/s): device copy", |g| {
            Some(g.mem_bw_gbs)
        }),
        ("coalesced reads (GB/s)", |g| g.coalesced_gbs),
        ("strided reads, a line per thread (GB/s)", |g| g.strided_gbs),
        ("Mem_LD (cycles)", |g| g.mem_ld_cycles),
        ("memory (GiB)", |g| Some(g.mem_gib)),
        ("idle power (W)", |g| g.idle_w),
    ];
    let readme = std::fs::read_to_string(format!("{}/docs/measuring.md", crate::common::ROOT))
        .expect("the README");
    for (name, of) in rows {
        let cells: Vec<String> = sheets
            .iter()
            .map(|g| {
                let v = of(g);
                // Peaks and bandwidths to a tenth of a TFLOP/s or a GB/s.
                match name {
                    "FP32 peak (TFLOP/s)" | "FP64 peak (TFLOP/s)" => {
                        v.map(|v| format!("{:.1}", v)).unwrap_or_default()
                    }
                    "memory bandwidth (GB/s): device copy" | "coalesced reads (GB/s)" => {
                        v.map(|v| format!("{v:.0}")).unwrap_or_default()
                    }
                    _ => cell(v),
                }
            })
            .collect();
        let line = format!("| {name} | {} |", cells.join(" | ")).replace("|  |", "| |");
        assert!(readme.contains(&line), "README should have: {line}");
    }
    assert!(fp32(&sheets[1]).expect("a peak") < fp32(&sheets[0]).expect("a peak"));
    assert!(
        sheets[3].mem_bw_gbs > sheets[1].mem_bw_gbs,
        "the H200 streams faster"
    );
}
