//! The offload model's own choices as a face names them (the command
//! line's `--kernel`, `--kernels`, `--suite`, `--size`, ...), applied to
//! the scenario of a session the core made: an offload platform preset
//! (the model's own platforms, which no other model reads), kernels by
//! id, name or file, the suite, the size and the sizes swept, the
//! formulation and the host memory. A platform of the catalog, values set
//! by name and measured speedups come through [`crate::named`].

use super::{BasePlatform, OffloadScenario};
use crate::CoreError;
use crate::named::NamedError;
use hetscope_model::offload::paper_quotes::Mode;
use hetscope_model::offload::{Formulation, PROBLEM_SIZE};
use hetscope_model::platform::{Source, Transfers};
use hetscope_preset::offload::{
    KernelSet, OffloadKernelPreset, offload_kernel_arg, offload_platform_arg,
};
use hetscope_preset::{Catalog, defaults, is_file_arg};

/// What a face names of the offload model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OffloadChoices {
    /// An offload platform preset or file as the platform (`--platform`
    /// naming one; a platform of the catalog is the session's).
    pub platform: Option<String>,
    /// Likewise the platform compared with (`--platform2`).
    pub platform2: Option<String>,
    /// The kernel (`--kernel`) [default: the model's].
    pub kernel: Option<String>,
    /// The kernels of the suite view (`--kernels`) [default: the set's].
    pub kernels: Vec<String>,
    /// The kernel set (`--suite`).
    pub suite: Option<String>,
    /// `--size`: a number, `test` or `benchmark` [default: benchmark].
    pub size: Option<String>,
    /// The sizes swept (`--size-from`, `--size-to`).
    pub sweep: Option<(f64, f64)>,
    pub formulation: Option<Formulation>,
    pub host_memory: Option<Transfers>,
}

/// Whether `arg` names an offload platform preset or file (which only
/// the offload model reads) rather than a platform: a file by its
/// content, so that a broken one is refused by the offload platform
/// reader, naming what it lacks.
pub fn is_offload_platform(arg: &str, catalog: &Catalog) -> bool {
    if offload_platform_arg(arg, catalog).is_ok() {
        return true;
    }
    is_file_arg(arg)
        && hetscope_preset::read::read_bounded(
            std::path::Path::new(arg),
            hetscope_preset::FileLimit::PRESET,
        )
        .ok()
        .and_then(|t| crate::recognize::recognize(arg, t.as_bytes()).ok())
            == Some(crate::recognize::FileKind::OffloadPlatform)
}

fn refused(option: &'static str, message: impl Into<String>) -> NamedError {
    NamedError::new(option, CoreError::Choice(message.into()))
}

impl OffloadScenario {
    /// Apply `c`; each kernel's argument by the id the scenario names it
    /// with (for messages).
    pub fn apply_choices(
        &mut self,
        c: &OffloadChoices,
        catalog: &Catalog,
    ) -> Result<Vec<(String, String)>, NamedError> {
        if let Some(arg) = &c.platform {
            let (id, base) = offload_platform(catalog, arg, "--platform")?;
            self.select_platform(&id);
            self.given.platform = Some(base);
        }
        (self.formulation, self.host_memory) = (c.formulation, c.host_memory);
        if let Some((lo, hi)) = c.sweep {
            (self.size_lo, self.size_hi) = (lo, hi);
        }
        let mut kernel_args = Vec::new();
        let main_arg = c.kernel.as_deref().unwrap_or(defaults::OFFLOAD_KERNEL);
        let (main, main_preset) = self.put_kernel(catalog, main_arg, &mut kernel_args)?;
        self.kernel = main;
        self.suite_set = kernel_set(c.suite.as_deref())?;
        if c.kernels.is_empty() {
            for (e, _) in catalog.offload_suite(self.suite_set) {
                kernel_args.push((e.id.clone(), e.id.clone()));
            }
        } else {
            let mut ids = Vec::with_capacity(c.kernels.len());
            for k in &c.kernels {
                ids.push(self.put_kernel(catalog, k.trim(), &mut kernel_args)?.0);
            }
            self.suite_kernels = Some(ids);
        }
        (self.size, self.size_mode) = size_of(c.size.as_deref(), &main_preset)?;
        if let Some(arg) = &c.platform2 {
            let (id, base) = offload_platform(catalog, arg, "--platform2")?;
            (self.compare, self.given.compare) = (Some(id), Some(base));
        }
        Ok(kernel_args)
    }

    /// Read kernel `arg` into the scenario: a catalog kernel by its id, a
    /// file by its path (two files, or a file and a preset, may share an
    /// id); the id the scenario names it with, and its preset.
    fn put_kernel(
        &mut self,
        catalog: &Catalog,
        arg: &str,
        kernel_args: &mut Vec<(String, String)>,
    ) -> Result<(String, OffloadKernelPreset), NamedError> {
        let (id, k) =
            offload_kernel_arg(arg, catalog).map_err(|e| NamedError::new("--kernel", e))?;
        // A file is held by the scenario under its path; a catalog kernel
        // is named by its id.
        let id = if is_file_arg(arg) {
            if self.given.kernels.iter().all(|(given, _)| given != arg) {
                self.given.kernels.push((arg.to_string(), k.clone()));
            }
            arg.to_string()
        } else {
            id
        };
        kernel_args.push((id.clone(), arg.to_string()));
        Ok((id, k))
    }
}

/// The offload platform preset or file `arg` of `option`: its id and its
/// values as its preset gives them.
fn offload_platform(
    catalog: &Catalog,
    arg: &str,
    option: &'static str,
) -> Result<(String, BasePlatform), NamedError> {
    let (id, preset) =
        offload_platform_arg(arg, catalog).map_err(|e| NamedError::new(option, e))?;
    let model = preset
        .to_model()
        .map_err(|e| refused(option, e.to_string()))?;
    let base = BasePlatform {
        model,
        sources: vec![("platform".into(), Source::Paper(preset.source.clone()))],
        name: preset.name,
        derived: false,
    };
    Ok((id, base))
}

/// The kernel set named by `--suite` (the paper's loops when absent).
pub fn kernel_set(arg: Option<&str>) -> Result<KernelSet, NamedError> {
    match arg {
        None => Ok(KernelSet::default()),
        Some(a) => KernelSet::from_key(a).ok_or_else(|| {
            refused(
                "--suite",
                format!("{a}: unknown kernel set; known: {}", KernelSet::keys()),
            )
        }),
    }
}

/// The size named by `--size` (default: the benchmark size) of a kernel
/// of sizes `test` and `benchmark`: n, and the mode when `--size` names
/// one rather than a number.
fn size_of(arg: Option<&str>, k: &OffloadKernelPreset) -> Result<(f64, Option<Mode>), NamedError> {
    let text = arg.map(str::trim).unwrap_or("benchmark");
    match text.to_ascii_lowercase().as_str() {
        "benchmark" => return Ok((k.benchmark_size as f64, Some(Mode::Benchmark))),
        "test" => return Ok((k.test_size as f64, Some(Mode::Test))),
        _ => {}
    }
    match text.parse::<f64>() {
        Ok(n) if PROBLEM_SIZE.contains(n) => Ok((n, None)),
        _ => Err(refused(
            "--size",
            format!(
                "{text}: the problem size must be {}, `test` or `benchmark`",
                PROBLEM_SIZE.need()
            ),
        )),
    }
}
