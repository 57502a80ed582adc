//! Import of measured partitions from CSV, in the format of the shipped
//! `assets/data/h100-node-sa-measured.csv`:
//!
//! `kernel_k,I,wp,I_C,I_G,measured_gflops,t_fC_ps,t_bC_ps,t_fG_ps,t_bG_ps`
//!
//! One row per (kernel, partition). Each distinct `kernel_k` becomes one
//! workload with its partitions and a measured set for the platform; the
//! platform's t values are the median over the runs of the roofs measured
//! in each run. Lines starting with `#` are comments; `# format: N` names
//! the format version (a newer one is refused, see `preset::version`).

use super::validate::validate_workload;
use super::{MeasuredSet, PartitionPreset, PlatformPreset, ProcessorRef, WorkloadPreset};
use crate::csv_rows::{self, Dialect, Row, Sign};
use crate::error::PresetError;
use crate::platform::validate_platform;
use crate::processor::{Energy, ProcessorPreset, Timing};
use hetscope_model::perdome::Side;
use hetscope_model::platform::Source;
use std::collections::BTreeMap;

/// The result of an import: one platform and its workloads.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredImport {
    pub platform_id: String,
    pub platform: PlatformPreset,
    /// (id, workload), in the order the kernels first appear in the file.
    pub workloads: Vec<(String, WorkloadPreset)>,
}

/// The columns, in the order of the shipped file (any order is accepted).
pub const COLUMNS: [&str; 10] = [
    "kernel_k",
    "I",
    "wp",
    "I_C",
    "I_G",
    "measured_gflops",
    "t_fC_ps",
    "t_bC_ps",
    "t_fG_ps",
    "t_bG_ps",
];

/// GPU energy: least-squares fit of the H100 board energy runs
/// (`assets/data/h100-energy-runs.csv`).
pub const H100_FIT: Energy = Energy {
    e_f_pj: 8.8,
    e_b_pj: 137.0,
    p_s_w: 63.0,
};

/// CPU energy estimate: the Xeon Platinum 8480+ per-flop and per-byte
/// estimates (see its preset) and its static-power estimate scaled to 16 of
/// its 56 cores.
pub const CPU_ESTIMATE: Energy = Energy {
    e_f_pj: 34.2,
    e_b_pj: 399.0,
    p_s_w: 30.0,
};

/// One row of the file: a partition of a kernel with what was measured.
struct MeasuredRow {
    k: String,
    i: f64,
    wp: String,
    i_c: f64,
    i_g: f64,
    gflops: f64,
    /// t_fC, t_bC, t_fG, t_bG, ps.
    t: [f64; 4],
}

struct Kernel {
    k: String,
    i: f64,
    rows: Vec<MeasuredRow>,
}

/// Import a measured CSV. `origin` names the file in messages and in the
/// presets' `source` fields; `platform_id` and `platform_name` name the
/// platform the workloads' measured sets are attached to.
pub fn import_measured_csv(
    text: &str,
    origin: &str,
    platform_id: &str,
    platform_name: &str,
) -> Result<MeasuredImport, PresetError> {
    let kernels = read_rows(text, origin)?;
    let mut workloads: Vec<(String, WorkloadPreset)> = Vec::new();
    for (n, kern) in kernels.iter().enumerate() {
        let (id, w) = workload(kern, origin, platform_id, platform_name);
        validate_workload(&w, origin)?;
        if let Some(k) = workloads.iter().position(|(other, _)| *other == id) {
            return Err(PresetError::invalid(
                origin,
                "kernel_k",
                format!(
                    "kernels `{}` and `{}` would both be saved as {id}.ron; rename one of them",
                    kernels[k].k, kernels[n].k
                ),
            ));
        }
        workloads.push((id, w));
    }
    let platform = platform(&kernels, origin, platform_name);
    validate_platform(&platform, origin)?;
    Ok(MeasuredImport {
        platform_id: platform_id.to_string(),
        platform,
        workloads,
    })
}

/// How the file splits its fields: no field is quoted (a stray quote is
/// a character, never the start of a field that swallows the rows after
/// it); lines starting with `#` are comments.
const DIALECT: Dialect = Dialect {
    quoting: false,
    comments: true,
};

/// The rows of the file grouped by kernel, in the order the kernels first
/// appear.
fn read_rows(text: &str, origin: &str) -> Result<Vec<Kernel>, PresetError> {
    let (header, mut records) = csv_rows::open(text, origin, DIALECT)?;
    let header = header.unwrap_or_default();
    header.require(&COLUMNS).map_err(|name| {
        let expected = format!("expected columns: {}", COLUMNS.join(","));
        csv_rows::missing_column(origin, 1, name, &expected)
    })?;
    let mut kernels: Vec<Kernel> = Vec::new();
    let mut row = 0;
    while let Some(rec) = records.next_record() {
        row += 1;
        let rec =
            rec.map_err(|e| PresetError::csv(origin, Some(row), None, None, e.to_string()))?;
        let at = Row::new(origin, &header, rec)
            .at(Some(row), rec.position().map(|p| p.line()))
            .telling_short();
        at.at_most_header()
            .map_err(|e| at.error(None, e.to_string()))?;
        let reader = RowReader(at);
        reader.add_to(&mut kernels, reader.read()?)?;
    }
    if kernels.is_empty() {
        return Err(csv_rows::no_data_rows(origin));
    }
    Ok(kernels)
}

/// One data record of the file.
struct RowReader<'a>(Row<'a>);

impl RowReader<'_> {
    fn err(&self, col: &str, msg: String) -> PresetError {
        self.0.error(Some(col), msg)
    }

    /// The text of column `name`, not empty.
    fn field(&self, name: &str) -> Result<&str, PresetError> {
        self.0.field(name).map_err(|e| self.0.field_error(name, e))
    }

    /// Column `name` as a finite positive number (or zero with
    /// `zero_ok`); a number out of range is named as read.
    fn num(&self, name: &str, zero_ok: bool) -> Result<f64, PresetError> {
        let sign = if zero_ok {
            Sign::ZeroOrPositive
        } else {
            Sign::Positive
        };
        self.0
            .number(name, sign)
            .map_err(|e| self.0.field_error(name, e.value_as_read()))
    }

    /// Every column of the record, in the order of [`COLUMNS`].
    fn read(&self) -> Result<MeasuredRow, PresetError> {
        Ok(MeasuredRow {
            k: self.field("kernel_k")?.to_string(),
            i: self.num("I", false)?,
            wp: self.field("wp")?.to_string(),
            i_c: self.num("I_C", true)?,
            i_g: self.num("I_G", true)?,
            gflops: self.num("measured_gflops", false)?,
            t: [
                self.num("t_fC_ps", false)?,
                self.num("t_bC_ps", false)?,
                self.num("t_fG_ps", false)?,
                self.num("t_bG_ps", false)?,
            ],
        })
    }

    /// Add the row to its kernel (a new one for a new `kernel_k`): the same
    /// I as the kernel's earlier rows, a partition not seen before.
    fn add_to(&self, kernels: &mut Vec<Kernel>, r: MeasuredRow) -> Result<(), PresetError> {
        match kernels.iter_mut().find(|k| k.k == r.k) {
            Some(kern) => {
                if (kern.i - r.i).abs() > 1e-9 * kern.i.max(r.i) {
                    return Err(self.err(
                        "I",
                        format!(
                            "{} differs from I = {} of the earlier rows with kernel_k = {}",
                            r.i, kern.i, r.k
                        ),
                    ));
                }
                if kern.rows.iter().any(|q| q.wp == r.wp) {
                    return Err(self.err(
                        "wp",
                        format!("partition `{}` appears twice for kernel_k = {}", r.wp, r.k),
                    ));
                }
                kern.rows.push(r);
            }
            None => kernels.push(Kernel {
                k: r.k.clone(),
                i: r.i,
                rows: vec![r],
            }),
        }
        Ok(())
    }
}

fn slug(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn workload(
    kern: &Kernel,
    origin: &str,
    platform_id: &str,
    platform_name: &str,
) -> (String, WorkloadPreset) {
    let t = kern.rows[0].t;
    let w = WorkloadPreset {
        name: format!("{platform_name}: kernel K = {} (I = {})", kern.k, kern.i),
        source: format!(
            "{origin}, rows with kernel_k = {}: columns I, wp, I_C, I_G",
            kern.k
        ),
        intensity: kern.i,
        partitions: kern
            .rows
            .iter()
            .map(|r| PartitionPreset {
                name: r.wp.clone(),
                i_c: r.i_c,
                i_g: r.i_g,
            })
            .collect(),
        measured: vec![MeasuredSet {
            platform: platform_id.to_string(),
            gflops: kern.rows.iter().map(|r| (r.wp.clone(), r.gflops)).collect(),
            source: format!("{origin}, column measured_gflops (total flops / wall time)"),
        }],
        notes: format!(
            "Roofs measured in this run: t_fC = {} ps, t_bC = {} ps, t_fG = {} ps, t_bG = {} ps. \
             The platform `{platform_id}` uses the median over all runs, so its bounds for this \
             kernel can differ slightly from bounds computed with this run's roofs.",
            t[0], t[1], t[2], t[3]
        ),
    };
    (format!("{platform_id}-k{}", slug(&kern.k)), w)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn platform(kernels: &[Kernel], origin: &str, platform_name: &str) -> PlatformPreset {
    // Per run (kernel), the median of its rows; then the median over runs.
    let t: Vec<f64> = (0..4)
        .map(|c| {
            median(
                kernels
                    .iter()
                    .map(|k| median(k.rows.iter().map(|r| r.t[c]).collect()))
                    .collect(),
            )
        })
        .collect();
    let runs: Vec<String> = kernels
        .iter()
        .map(|k| {
            let r = &k.rows[0];
            format!(
                "K = {}: {} / {} / {} / {}",
                k.k, r.t[0], r.t[1], r.t[2], r.t[3]
            )
        })
        .collect();
    let roof_source = format!(
        "{origin}: t_f, t_b are the median over the runs of the roofs measured in each run"
    );
    let (cpu, gpu) = processors(&t, &roof_source, platform_name);
    let notes = format!(
        "t values are the median over the runs (kernels) of each run's measured roofs; \
         roofs per run (t_fC / t_bC / t_fG / t_bG, ps): {}.",
        runs.join("; ")
    );
    PlatformPreset::of_processors(
        platform_name,
        &roof_source,
        ProcessorRef::Inline(cpu),
        ProcessorRef::Inline(gpu),
        &notes,
    )
}

/// The measured node's CPU and GPU: the roofs `t` (t_fC, t_bC, t_fG,
/// t_bG) measured, the CPU's energy estimated and the GPU's fitted.
fn processors(
    t: &[f64],
    roof_source: &str,
    platform_name: &str,
) -> (ProcessorPreset, ProcessorPreset) {
    let roofs = Source::Measured(roof_source.to_string());
    let cpu = ProcessorPreset {
        name: format!("CPU of {platform_name}"),
        kind: Side::Cpu,
        source: format!("{roof_source}; energy is an estimate (see notes)"),
        sources: processor_sources(
            &roofs,
            &Source::Estimate(
                "the Xeon Platinum 8480+ preset's estimates, p_s scaled to 16 of 56 cores".into(),
            ),
        ),
        timing: Timing::Direct {
            t_f_ps: t[0],
            t_b_ps: t[1],
        },
        energy: CPU_ESTIMATE,
        notes: "Energy is an estimate, not a measurement: e_f and e_b are the Xeon Platinum \
                8480+ preset's estimates, p_s is that preset's static-power estimate (30 % of \
                350 W TDP) scaled to 16 of 56 cores."
            .to_string(),
        boathull: None,
    };
    let gpu = ProcessorPreset {
        name: format!("GPU of {platform_name}"),
        kind: Side::Gpu,
        source: format!(
            "{roof_source}; energy from the least-squares fit of the H100 board energy runs (h100-energy-runs.csv)"
        ),
        sources: processor_sources(
            &roofs,
            &Source::Measured(
                "least-squares fit of E = e_f N_f + e_b N_b + p_s T over the H100 board energy \
                 runs (h100-energy-runs.csv)"
                    .into(),
            ),
        ),
        timing: Timing::Direct {
            t_f_ps: t[2],
            t_b_ps: t[3],
        },
        energy: H100_FIT,
        notes: "Energy: least-squares fit of E = e_f N_f + e_b N_b + p_s T over the H100 energy \
                runs (each row within 11 %). Alternative with p_s fixed at the measured idle \
                board power 125.75 W: e_f = 7.6 pJ, e_b = 113 pJ (each row within 12 %)."
            .to_string(),
        boathull: None,
    };
    (cpu, gpu)
}

/// The sources of a measured processor: `roofs` for t_f and t_b,
/// `energy` for e_f, e_b and p_s.
fn processor_sources(roofs: &Source, energy: &Source) -> BTreeMap<String, Source> {
    crate::processor::PARAMS
        .into_iter()
        .map(|n| {
            let s = if n.starts_with("t_") { roofs } else { energy };
            (n.to_string(), s.clone())
        })
        .collect()
}
