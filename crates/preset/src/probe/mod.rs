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
//! - `convert.rs`: the rows turned into the model's types (`measured.rs`:
//!   the rows beyond the base spec, each into its field, and the link);
//! - `error.rs`: [`ProbeError`].

mod caches;
pub mod convert;
pub mod error;
mod fields;
pub mod measured;
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
    /// The host link, where the pinned rates and the latency were measured
    /// (the spec sheet's `link` as well).
    pub link: Option<Link>,
    /// The energy runs (none where NVML was not available).
    pub energy: ProbeEnergy,
    /// The FPM speed function of the probe's kernel, where measured.
    pub speed: Option<FpmDevice>,
    /// Every row, checked (the SM clock of the latency run, the energy
    /// runs' rows, ...).
    pub table: ProbeTable,
}

/// Parse a probe CSV; `origin` names it in errors.
pub fn parse_probe_csv(text: &str, origin: &str) -> Result<ProbeImport, ProbeError> {
    let table = table::parse_table(text, origin)?;
    let energy = convert::energy(&table);
    let gpu = measured::gpu_spec(&table, &energy)?;
    let link = gpu.link.clone();
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
            p_coalesced_gbs: self.gpu.coalesced_gbs?,
            p_uncoalesced_gbs: self.gpu.strided_gbs?,
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
            mem_ld: g.mem_ld_cycles?,
            departure_del_coal: g.departure_del_coal?,
            departure_del_uncoal: g.departure_del_uncoal?,
            trans_per_warp_uncoal: WARP_SIZE,
            issue_cycles: 1.0,
            max_threads_per_sm: g.max_threads_per_sm,
            max_blocks_per_sm: g.max_blocks_per_sm,
        })
    }

    /// The spec sheet as a file of `presets/gpus/` (RON), under a comment
    /// naming the CSV; every measured value is a field, its source in
    /// `sources`.
    pub fn gpu_ron(&self, csv_name: &str) -> Result<String, ProbeError> {
        let body =
            ron::ser::to_string_pretty(&self.gpu, pretty()).map_err(|e| ProbeError::Spec {
                file: self.table.origin.clone(),
                field: "gpu".into(),
                message: format!("cannot be written as RON: {e}"),
            })?;
        let body = crate::version::with_format_field(&body, "    ");
        let head = format!(
            "// {}: GPU spec sheet imported by `hetscope presets import-probe` from {csv_name}.\n\
             // Every measured value is a field; `sources` says how each was measured.\n",
            self.gpu.name
        );
        Ok(format!("{head}{body}\n"))
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
