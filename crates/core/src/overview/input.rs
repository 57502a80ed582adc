//! A platform preset resolved into the overview's input: every model's
//! parameters (its paper's presets where it names them, else derived from
//! its hardware) with their sources. The window and `hetscope eval
//! overview` / `export --view overview` both build it here.

use hetscope_figure::overview::{ModelSources, OverviewKernel, PlatformInput};
use hetscope_model::offload::Launch;
use hetscope_model::platform::{Node, Source, Transfers};
use hetscope_preset::perdome::{scenario, workload_arg};
use hetscope_preset::platform::{PlatformChoice, PlatformModels, platform_choice};
use hetscope_preset::{Catalog, PresetError};

/// What the overview asks of every platform besides the platform.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewOptions {
    /// PerDome/PeaPaw workload (id, name or .ron file).
    pub workload: String,
    /// FPM problem size, blocks of 640 x 640 (the FPM paper's unit).
    pub fpm_n: f64,
    /// Which transfer rate of the link derived models assume.
    pub transfers: Transfers,
    /// Regrouping (PeaPaw 3.3): CPU sockets and GPUs counted in the two
    /// groups, in place of the platform's (GPUs: of a platform with one
    /// kind of GPU).
    pub cpus: Option<u32>,
    pub gpus: Option<u32>,
}

/// The FPM paper's Figure 6 problem: 60 x 60 blocks.
pub const DEFAULT_FPM_N: f64 = hetscope_preset::fpm::PAPER_N;

impl Default for OverviewOptions {
    fn default() -> Self {
        OverviewOptions {
            workload: hetscope_preset::defaults::WORKLOAD.to_string(),
            fpm_n: DEFAULT_FPM_N,
            transfers: Transfers::Pageable,
            cpus: None,
            gpus: None,
        }
    }
}

/// The overview input of the platform `arg` (catalog id or name, or a
/// platform .ron file).
pub fn platform_input(
    cat: &Catalog,
    arg: &str,
    options: &OverviewOptions,
) -> Result<PlatformInput, PresetError> {
    let c = platform_choice(arg, cat)?;
    choice_input(cat, &c, options)
}

/// The offload paper's loops as launched on one platform: kept to be used
/// again on a platform that launches them the same way (the launch alone
/// decides the kernels' model).
pub type KernelCache = std::sync::Mutex<Option<(Launch, Vec<OverviewKernel>)>>;

/// The overview input of a platform already read.
pub fn choice_input(
    cat: &Catalog,
    c: &PlatformChoice,
    options: &OverviewOptions,
) -> Result<PlatformInput, PresetError> {
    choice_input_cached(cat, c, options, &KernelCache::default())
}

/// [`choice_input`] with the paper's loops taken from `cache` where they
/// were launched the same way (and kept there).
pub fn choice_input_cached(
    cat: &Catalog,
    c: &PlatformChoice,
    options: &OverviewOptions,
    cache: &KernelCache,
) -> Result<PlatformInput, PresetError> {
    let regrouped = c.regrouped(options.cpus, options.gpus)?;
    let c = &regrouped;
    let p = &c.preset;
    let perdome = p.resolve(&c.id, cat, &c.origin)?;
    let (_, workload) = workload_arg(&options.workload, cat)?;
    let models = p.models(cat, &c.origin, options.transfers)?;
    let mut offload = models.offload.value.1.clone();
    // As the offload tab reads it (`OffloadScenario::platform_of`).
    if models.offload.from == hetscope_preset::platform::ModelSource::Derived {
        offload.speedup_error = crate::offload::uncertainty::speedup_error(offload.formulation);
    }
    let kernels = cached_kernels(cat, &offload, cache)?;
    let node = p.node(cat, &c.origin)?;
    let gpu_mem_bytes = node
        .as_ref()
        .map(|n| n.gpu().mem_gib * 1024.0 * 1024.0 * 1024.0);
    let hardware = match &node {
        Some(n) => format!("{} + {}, {}", n.cpu_label(), n.gpu_label(), n.link.name),
        None => format!("{} + {}", perdome.cpu.name, perdome.gpu.name),
    };
    let perdome_from = if p.cpu.is_some() {
        "processor presets (a paper's or a measurement's values)".to_string()
    } else {
        "derived from its hardware description".to_string()
    };
    let sources = model_sources(node.as_ref(), (perdome_from, &perdome.sources), &models);
    Ok(PlatformInput {
        id: c.id.clone(),
        name: p.name.clone(),
        hardware,
        perdome: scenario(&perdome, &workload),
        boathull: models.boathull.value,
        // As the boat hull tab reads it: an error measured on hardware
        // applies to a platform derived from hardware.
        boathull_error: (models.boathull.from == hetscope_preset::platform::ModelSource::Derived)
            .then(crate::boathull::uncertainty::winner_error)
            .flatten(),
        offload,
        kernels,
        gpu_mem_bytes,
        fpm_devices: models.fpm.value,
        fpm_n: options.fpm_n,
        fpm_integer: true,
        sources,
        edited: Vec::new(),
    })
}

/// The paper's loops launched on `offload`'s GPU, from `cache` where
/// they were launched the same way.
pub(crate) fn cached_kernels(
    cat: &Catalog,
    offload: &hetscope_model::offload::Platform,
    cache: &KernelCache,
) -> Result<Vec<OverviewKernel>, PresetError> {
    let launch = offload.runtime.launch(&offload.gpu);
    if let Ok(held) = cache.lock()
        && let Some((l, k)) = held.as_ref()
        && *l == launch
    {
        return Ok(k.clone());
    }
    let kernels = paper_kernels(cat, offload)?;
    if let Ok(mut held) = cache.lock() {
        *held = Some((launch, kernels.clone()));
    }
    Ok(kernels)
}

/// The offload paper's 25 loops, launched on `offload`'s GPU.
fn paper_kernels(
    cat: &Catalog,
    offload: &hetscope_model::offload::Platform,
) -> Result<Vec<OverviewKernel>, PresetError> {
    let launch = offload.runtime.launch(&offload.gpu);
    let mut kernels = Vec::new();
    for (e, k) in cat.offload_suite(hetscope_preset::offload::KernelSet::Paper) {
        kernels.push(OverviewKernel {
            id: e.id.clone(),
            name: k.name.clone(),
            kernel: k.to_model(&launch)?,
            test_size: k.test_size as f64,
            benchmark_size: k.benchmark_size as f64,
        });
    }
    Ok(kernels)
}

/// Where each model's parameters come from, and which processors of the
/// node it uses.
fn model_sources(
    node: Option<&Node>,
    (perdome_from, perdome_sources): (String, &[(String, Source)]),
    models: &PlatformModels,
) -> Vec<ModelSources> {
    let uses = |one: bool| match node {
        Some(n) if one && (n.cpus > 1 || n.gpu_count() > 1) => {
            format!("one socket and one GPU ({})", n.gpu().name)
        }
        Some(n) if !one && (n.cpus > 1 || n.gpu_count() > 1) => format!(
            "grouped as PeaPaw 3.3: {} as one CPU, {} as one GPU",
            n.cpu_label(),
            n.gpu_label()
        ),
        _ => String::new(),
    };
    let fpm_uses = if models.fpm.value.len() > 1 {
        format!(
            "{} devices, each its own speed function",
            models.fpm.value.len()
        )
    } else {
        String::new()
    };
    vec![
        ModelSources {
            model: "perdome",
            from: perdome_from,
            uses: uses(false),
            params: perdome_sources.to_vec(),
        },
        ModelSources {
            model: "boathull",
            from: models.boathull.from.describe(),
            uses: uses(true),
            params: models.boathull.sources.clone(),
        },
        ModelSources {
            model: "offload",
            from: models.offload.from.describe(),
            uses: uses(true),
            params: models.offload.sources.clone(),
        },
        ModelSources {
            model: "fpm",
            from: models.fpm.from.describe(),
            uses: fpm_uses,
            params: models.fpm.sources.clone(),
        },
    ]
}
