//! The CSV of the GPU probe (`probe/gpu/`, a CUDA program outside the
//! crate) turned into the model's types: a GPU spec sheet as
//! `presets/gpus/*.ron` hold them, the host link, the energy runs of
//! PeaPaw's fit (Section 6.2), the FPM speed points, and where the rows
//! are there the boat hull GPU and the Hong & Kim machine.
//!
//! Format (the full description of every row is `probe/gpu/README.md`):
//!
//! ```text
//! # comment lines anywhere
//! section,item,key,value,unit,spread,note
//! probe,,format,1,,,
//! roof,,fp32_gflops,55900,GFLOP/s,0.004,best of 7
//! energy_run,k64,joules,1456.483,J,,
//! ```
//!
//! One value a row. `item` groups the rows of one energy run or one speed
//! point and is empty elsewhere; `unit` must be the row's own unit;
//! `spread` is the relative spread of the repeats, `note` free text
//! (quoted where it holds commas). Rows the importer does not know are
//! skipped. Errors name the file, the line and the column or row.
//!
//! - `schema.rs`: the rows (section, key, kind, unit, required);
//! - `table.rs`: the text read and checked row by row (`fields.rs`: one
//!   line split into its fields);
//! - `convert.rs`: the rows turned into the model's types;
//! - `error.rs`: [`ProbeError`].

pub mod convert;
pub mod error;
mod fields;
pub mod schema;
pub mod table;

use std::path::Path;

pub use convert::{FLOPS_PER_CYCLE, ProbeEnergy};
pub use error::ProbeError;
pub use table::{Entry, Item, ProbeTable, Value};

use crate::read::{FileLimit, ReadError, read_bounded};
use hetscope_model::boathull;
use hetscope_model::fpm::FpmDevice;
use hetscope_model::offload::{GpuMachine, WARP_SIZE};
use hetscope_model::platform::{GpuSpec, Link, Transfers};

/// Everything a probe CSV gives.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeImport {
    /// The board's spec sheet, values measured where the probe measures
    /// them (see [`convert::gpu_spec`]).
    pub gpu: GpuSpec,
    /// The host link, where the pinned rates and the latency were measured.
    pub link: Option<Link>,
    /// The energy runs (none where NVML was not available).
    pub energy: ProbeEnergy,
    /// The FPM speed function of the probe's kernel, where measured.
    pub speed: Option<FpmDevice>,
    /// Every row, checked, for values no model type holds (FP64 roof,
    /// coalesced and strided reads, latency in cycles, ...).
    pub table: ProbeTable,
}

/// Parse a probe CSV; `origin` names it in errors.
pub fn parse_probe_csv(text: &str, origin: &str) -> Result<ProbeImport, ProbeError> {
    let table = table::parse_table(text, origin)?;
    let energy = convert::energy(&table);
    let gpu = convert::gpu_spec(&table, &energy)?;
    let link = convert::link(&table, &gpu.name);
    let speed = convert::speed(&table, &gpu)?;
    Ok(ProbeImport {
        gpu,
        link,
        energy,
        speed,
        table,
    })
}

/// Read and parse a probe CSV file.
pub fn load_probe_file(path: &Path) -> Result<ProbeImport, ProbeError> {
    let origin = path.display().to_string();
    let text = read_bounded(path, FileLimit::MEASUREMENTS).map_err(|e| ProbeError::Io {
        file: origin.clone(),
        message: match e {
            ReadError::Io(e) => format!("cannot read: {e}"),
            too_large => too_large.to_string(),
        },
    })?;
    parse_probe_csv(&text, &origin)
}

impl ProbeImport {
    /// A measured number no spec field holds, e.g. `("roof",
    /// "fp64_gflops")`.
    pub fn number(&self, section: &str, key: &str) -> Option<f64> {
        self.table.number(section, key)
    }

    /// The boat hull GPU (Section 4.3): the FP32 roof, the coalesced and
    /// strided read rates as P_coalesced and P_uncoalesced, the link's rate
    /// under `transfers` as B_bus; `None` where a rate is missing.
    pub fn boathull_gpu(&self, transfers: Transfers) -> Option<boathull::Gpu> {
        Some(boathull::Gpu {
            p_compute_gflops: self.number("roof", "fp32_gflops")?,
            p_coalesced_gbs: self.number("roof", "coalesced_gbs")?,
            p_uncoalesced_gbs: self.number("roof", "strided_gbs")?,
            b_bus_gbs: self.link.as_ref()?.rate(transfers).0,
        })
    }

    /// The Hong & Kim machine with the measured Mem_LD and departure
    /// delays, the clock of the latency run (else the spec's), the copy
    /// rate as Mem_Bandwidth; one transaction per thread of an
    /// uncoalesced warp and one issue cycle, as the platform rule has
    /// them. `None` where a latency row is missing.
    pub fn hong_kim(&self) -> Option<GpuMachine> {
        let g = &self.gpu;
        let freq_ghz = self
            .number("latency", "sm_clock_mhz")
            .map_or(g.clock_ghz, |mhz| mhz / 1000.0);
        Some(GpuMachine {
            name: g.name.clone(),
            sm_count: g.sms,
            freq_ghz,
            mem_bw_gbs: g.mem_bw_gbs,
            mem_ld: self.number("latency", "mem_ld_cycles")?,
            departure_del_coal: self.number("latency", "departure_del_coal")?,
            departure_del_uncoal: self.number("latency", "departure_del_uncoal")?,
            trans_per_warp_uncoal: WARP_SIZE,
            issue_cycles: 1.0,
            max_threads_per_sm: g.max_threads_per_sm,
            max_blocks_per_sm: g.max_blocks_per_sm,
        })
    }

    /// The spec sheet as a file of `presets/gpus/` (RON), under comments
    /// naming the CSV and the measurements no spec field holds.
    pub fn gpu_ron(&self, csv_name: &str) -> Result<String, ProbeError> {
        let body =
            ron::ser::to_string_pretty(&self.gpu, pretty()).map_err(|e| ProbeError::Spec {
                file: self.table.origin.clone(),
                field: "gpu".into(),
                message: format!("cannot be written as RON: {e}"),
            })?;
        let body = crate::version::with_format_field(&body, "    ");
        let mut head = format!(
            "// {}: GPU spec sheet imported by `hetscope presets import-probe` from {csv_name}.\n",
            self.gpu.name
        );
        for line in self.extra_lines() {
            head.push_str(&format!("// {line}\n"));
        }
        Ok(format!("{head}{body}\n"))
    }

    /// The measurements no spec field holds, one line each.
    fn extra_lines(&self) -> Vec<String> {
        let mut out = vec!["Measured values no spec field holds:".to_string()];
        let rows = [
            ("roof", "fp64_gflops", "FP64 FMA roof", "GFLOP/s"),
            (
                "roof",
                "coalesced_gbs",
                "coalesced read (boat hull P_coalesced)",
                "GB/s",
            ),
            (
                "roof",
                "strided_gbs",
                "strided read (boat hull P_uncoalesced)",
                "GB/s",
            ),
            ("latency", "mem_ld_cycles", "Hong & Kim Mem_LD", "cycles"),
            (
                "latency",
                "departure_del_coal",
                "Hong & Kim Departure_del_coal",
                "cycles",
            ),
            (
                "latency",
                "departure_del_uncoal",
                "Hong & Kim Departure_del_uncoal",
                "cycles",
            ),
            ("bus", "h2d_pinned_gbs", "host to device, pinned", "GB/s"),
            ("bus", "d2h_pinned_gbs", "device to host, pinned", "GB/s"),
            (
                "bus",
                "h2d_pageable_gbs",
                "host to device, pageable",
                "GB/s",
            ),
            (
                "bus",
                "d2h_pageable_gbs",
                "device to host, pageable",
                "GB/s",
            ),
            ("bus", "latency_us", "one small copy", "us"),
            ("energy", "idle_w", "idle board power", "W"),
        ];
        for (section, key, what, unit) in rows {
            if let Some(v) = self.number(section, key) {
                out.push(format!("  {what}: {v} {unit}"));
            }
        }
        if let Ok(fit) = self.energy.fit(None) {
            out.push(format!(
                "  energy fit over {} runs (PeaPaw 6.2): e_f {:.2} pJ/flop, e_b {:.1} pJ/byte, p_s {:.1} W (worst residual {:.1} %)",
                self.energy.runs.len(),
                fit.e_f_pj,
                fit.e_b_pj,
                fit.p_s_w,
                fit.max_abs_residual() * 100.0
            ));
        }
        if out.len() == 1 {
            out.push("  (none)".into());
        }
        out
    }
}

/// Pretty RON as the files of `presets/gpus/` are written: plain strings,
/// one field a line, nested values on one line.
fn pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .indentor("    ")
        .struct_names(false)
        .separate_tuple_members(false)
        .depth_limit(2)
        .escape_strings(false)
}
