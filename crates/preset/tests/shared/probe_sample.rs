//! The shipped H100 node probe run and edited copies of it: shared by the
//! preset crate's tests and the app's (`#[path]`).

use hetscope_preset::probe::{ProbeError, ProbeImport, parse_probe_csv};

pub const SAMPLE: &str = include_str!("../../../../assets/data/h100-node-probe.csv");
pub const ORIGIN: &str = "h100-node-probe.csv";

/// The run without the rows a probe may lack (latency, pinned copies and
/// the link's latency, FP64 and the coalesced and strided reads, speed
/// points): the spec sheet from the required rows and the energy alone.
pub fn minimal() -> String {
    const LEFT_OUT: [&str; 9] = [
        "latency,",
        "speed,",
        "bus,,h2d_pinned",
        "bus,,d2h_pinned",
        "bus,,latency_us",
        "roof,,fp64",
        "roof,,coalesced",
        "roof,,strided",
        "device,,clock_max",
    ];
    SAMPLE
        .lines()
        .filter(|l| !LEFT_OUT.iter().any(|p| l.starts_with(p)))
        .map(|l| format!("{l}\n"))
        .collect()
}

pub fn parse(text: &str) -> Result<ProbeImport, ProbeError> {
    parse_probe_csv(text, ORIGIN)
}

/// 1-based line of the first line starting with `prefix`.
pub fn line_of(prefix: &str) -> usize {
    SAMPLE
        .lines()
        .position(|l| l.starts_with(prefix))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line starts with {prefix}"))
}

/// The sample with the line starting with `prefix` replaced by `with`
/// (`None`: removed).
pub fn edited(prefix: &str, with: Option<&str>) -> String {
    let at = line_of(prefix) - 1;
    let mut lines: Vec<&str> = SAMPLE.lines().collect();
    match with {
        Some(w) => lines[at] = w,
        None => {
            lines.remove(at);
        }
    }
    lines.join("\n") + "\n"
}

/// The minimal run with the rows it leaves out, as a probe run writes
/// them (test values, not measurements).
pub fn with_probe_rows() -> String {
    let mut text = minimal();
    text.push_str(
        "roof,,fp64_gflops,27000,GFLOP/s,0.01,test value\n\
         roof,,coalesced_gbs,2600,GB/s,,test value\n\
         roof,,strided_gbs,190,GB/s,,test value\n\
         roof,,tensor_tflops,900,TFLOP/s,,a row the importer does not know\n\
         latency,,mem_ld_cycles,820,cycles,0.02,test value\n\
         latency,,mem_ld_ns,495,ns,0.02,test value\n\
         latency,,sm_clock_mhz,1656,MHz,,test value\n\
         latency,,departure_del_coal,3.5,cycles,,test value\n\
         latency,,departure_del_uncoal,9,cycles,,test value\n\
         bus,,h2d_pinned_gbs,55,GB/s,,test value\n\
         bus,,d2h_pinned_gbs,54,GB/s,,test value\n\
         bus,,latency_us,8,µs,,test value\n\
         speed,,kernel,triad_f64,,,\n\
         speed,,bytes_per_element,24,B,,\n\
         speed,p1,n,1048576,elements,,\n\
         speed,p1,seconds,2.1e-5,s,0.05,\n\
         speed,p2,n,16777216,elements,,\n\
         speed,p2,seconds,1.6e-4,s,0.02,\n",
    );
    text
}
