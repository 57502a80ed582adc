//! The offload kernel types: one OpenMP parallel loop with its sizes and
//! array accesses, the checks of its values that need no model run, and
//! its model launched on a platform.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use hetscope_model::platform::Transfers;

use super::platform::{OffloadPlatformPreset, check_value};
use crate::error::PresetError;
use hetscope_model::offload::{
    InstructionMix, Launch, NoValue, OffloadKernel, ParamRule, Platform, Scaling, SubscriptAccess,
    WARP_SIZE, parse_access,
};

/// One array access of the loop body: its subscript (`A[i*n + k]`) and
/// how often it runs per inner-loop trip.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccessPreset {
    pub subscript: String,
    pub per_trip: f64,
}

/// An offload kernel preset (`presets/offload-kernels/*.ron`): one OpenMP
/// parallel loop, as [`OffloadKernel`] describes it, with the sizes it is
/// run at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadKernelPreset {
    pub name: String,
    pub source: String,
    /// The loop nests of the benchmark and how this description reduces
    /// them to one parallel loop.
    pub nests: String,
    /// Every loop index the subscripts use; other identifiers are sizes.
    pub loop_indices: Vec<String>,
    /// The loop index of the parallel loop (one GPU thread per iteration).
    pub parallel_index: String,
    /// The size parameter n of the subscripts.
    pub size_name: String,
    /// n of the test run (the offload paper's "test" mode).
    pub test_size: u64,
    /// n of the benchmark run (its "benchmark" mode); the default size.
    pub benchmark_size: u64,
    /// Iterations of the parallel loop.
    pub iterations: Scaling,
    /// Trips of the sequential loop inside one parallel iteration.
    pub inner_trips: Scaling,
    /// Memory accesses per inner trip.
    pub accesses: Vec<AccessPreset>,
    /// GPU computation instructions per inner trip.
    pub gpu_comp_insts: f64,
    /// GPU barriers per parallel iteration.
    #[serde(default)]
    pub gpu_sync_insts: f64,
    /// CPU instructions per inner trip.
    pub cpu_mix: InstructionMix,
    /// DRAM bytes per parallel iteration on the CPU.
    pub cpu_bytes_per_iter: Scaling,
    /// Bytes copied to the GPU before the loop.
    pub bytes_to_device: Scaling,
    /// Bytes copied back after it.
    pub bytes_from_device: Scaling,
    /// Bytes the kernel's data takes in the GPU's memory (every array the
    /// loop touches there), where stated; without it the decision bounds
    /// the footprint by the transfers. Format 2.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub device_bytes: Option<Scaling>,
    /// Bytes it takes in the host's memory, where stated. Format 2.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub host_bytes: Option<Scaling>,
    /// Bytes of one array element; a coalesced warp access loads 32 of them
    /// (Hong & Kim's Load_bytes_per_warp).
    pub element_bytes: f64,
    /// Where the program keeps the arrays it copies: `Pinned` (page-locked,
    /// e.g. allocated with cudaMallocHost) or `Pageable`; the copies run
    /// at the link's rates for that memory where the platform knows them.
    /// None: the platform's choice (pageable on the command line).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub host_memory: Option<Transfers>,
    #[serde(default)]
    pub notes: String,
}

impl OffloadKernelPreset {
    fn label(&self) -> String {
        format!("offload kernel `{}`", self.name)
    }

    /// The loop indices as `&str`.
    pub fn indices(&self) -> Vec<&str> {
        self.loop_indices.iter().map(String::as_str).collect()
    }

    /// The test and benchmark sizes, in that order, with their names.
    pub fn sizes(&self) -> [(&'static str, u64); 2] {
        [("test", self.test_size), ("benchmark", self.benchmark_size)]
    }

    /// The model's kernel launched as `launch` says (see
    /// [`OffloadPlatformPreset::launch`]); an error names the kernel and
    /// the field (a subscript error also the column).
    pub fn to_model(&self, launch: &Launch) -> Result<OffloadKernel, PresetError> {
        let origin = self.label();
        check_kernel(self, &origin)?;
        check_value(
            &origin,
            "launch.threads_per_block",
            ParamRule::Count,
            launch.threads_per_block,
        )?;
        check_value(
            &origin,
            "launch.max_blocks",
            ParamRule::Count,
            launch.max_blocks,
        )?;
        check_value(
            &origin,
            "launch.active_blocks_per_sm",
            ParamRule::Count,
            launch.active_blocks_per_sm,
        )?;
        let idx = self.indices();
        let mut accesses = Vec::with_capacity(self.accesses.len());
        for (k, a) in self.accesses.iter().enumerate() {
            let acc = SubscriptAccess::parse(&a.subscript, &idx, a.per_trip).map_err(|e| {
                PresetError::invalid(&origin, &format!("accesses[{k}].subscript"), e.to_string())
            })?;
            accesses.push(acc);
        }
        Ok(OffloadKernel {
            size_name: self.size_name.clone(),
            parallel_index: self.parallel_index.clone(),
            iterations: self.iterations,
            inner_trips: self.inner_trips,
            accesses,
            gpu_comp_insts: self.gpu_comp_insts,
            gpu_sync_insts: self.gpu_sync_insts,
            cpu_mix: self.cpu_mix.clone(),
            cpu_bytes_per_iter: self.cpu_bytes_per_iter,
            bytes_to_device: self.bytes_to_device,
            bytes_from_device: self.bytes_from_device,
            device_bytes: self.device_bytes,
            host_bytes: self.host_bytes,
            threads_per_block: launch.threads_per_block,
            max_blocks: launch.max_blocks,
            active_blocks_per_sm: launch.active_blocks_per_sm,
            load_bytes_per_warp: WARP_SIZE * self.element_bytes,
            innermost_index: idx
                .last()
                .map_or_else(|| self.parallel_index.clone(), |s| (*s).to_string()),
            outer_indices: {
                let before = idx.iter().position(|i| *i == self.parallel_index);
                idx[..before.unwrap_or(0)]
                    .iter()
                    .rev()
                    .map(|i| (*i).to_string())
                    .collect()
            },
            element_bytes: self.element_bytes,
            host_memory: self.host_memory,
        })
    }
}

/// The model's platform and the kernel launched on it.
pub fn offload_model(
    platform: &OffloadPlatformPreset,
    kernel: &OffloadKernelPreset,
) -> Result<(Platform, OffloadKernel), PresetError> {
    let p = platform.to_model()?;
    let k = kernel.to_model(&platform.launch())?;
    Ok((p, k))
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// The checks of [`validate_offload_kernel`] that need no model run.
pub(crate) fn check_kernel(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    check_texts(k, origin)?;
    check_loop_indices(k, origin)?;
    check_sizes(k, origin)?;
    check_accesses(k, origin)?;
    check_scalings(k, origin)?;
    check_value(
        origin,
        "gpu_comp_insts",
        ParamRule::NonNegative,
        k.gpu_comp_insts,
    )?;
    check_value(
        origin,
        "gpu_sync_insts",
        ParamRule::NonNegative,
        k.gpu_sync_insts,
    )?;
    for (f, v) in k.cpu_mix.fields() {
        check_value(origin, &format!("cpu_mix.{f}"), ParamRule::NonNegative, v)?;
    }
    check_value(
        origin,
        "element_bytes",
        ParamRule::Positive,
        k.element_bytes,
    )?;
    Ok(())
}

/// Name, source and nests are not empty.
fn check_texts(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    for (field, v) in [
        ("name", &k.name),
        ("source", &k.source),
        ("nests", &k.nests),
    ] {
        if v.trim().is_empty() {
            return Err(PresetError::invalid(origin, field, "must not be empty"));
        }
    }
    Ok(())
}

/// At least one loop index, each an identifier named once; the parallel
/// index one of them; the size name an identifier that is none of them.
fn check_loop_indices(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    if k.loop_indices.is_empty() {
        return Err(PresetError::invalid(
            origin,
            "loop_indices",
            "name at least one loop index",
        ));
    }
    let mut seen = HashSet::new();
    for (i, name) in k.loop_indices.iter().enumerate() {
        let field = format!("loop_indices[{i}]");
        if !is_ident(name) {
            return Err(PresetError::invalid(
                origin,
                &field,
                format!("`{name}` is not an identifier (letters, digits, `_`)"),
            ));
        }
        if !seen.insert(name.as_str()) {
            return Err(PresetError::invalid(
                origin,
                &field,
                format!("loop index `{name}` is named twice"),
            ));
        }
    }
    if !k.loop_indices.contains(&k.parallel_index) {
        return Err(PresetError::invalid(
            origin,
            "parallel_index",
            format!(
                "`{}` is not one of loop_indices ({})",
                k.parallel_index,
                k.loop_indices.join(", ")
            ),
        ));
    }
    if !is_ident(&k.size_name) || k.loop_indices.contains(&k.size_name) {
        return Err(PresetError::invalid(
            origin,
            "size_name",
            format!(
                "`{}` must be an identifier that is not a loop index",
                k.size_name
            ),
        ));
    }
    Ok(())
}

/// The test and benchmark sizes are whole numbers from 1 to 2^53.
fn check_sizes(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    for (field, v) in [
        ("test_size", k.test_size),
        ("benchmark_size", k.benchmark_size),
    ] {
        if v == 0 || v > 1 << 53 {
            return Err(PresetError::invalid(
                origin,
                field,
                format!("{v}: must be a whole number from 1 to 2^53"),
            ));
        }
    }
    Ok(())
}

/// At least one access; every subscript parses and uses only the loop
/// indices and the size; every per-trip count is zero or positive.
fn check_accesses(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    if k.accesses.is_empty() {
        return Err(PresetError::invalid(
            origin,
            "accesses",
            "a kernel needs at least one array access",
        ));
    }
    let idx = k.indices();
    // Sizes: n at the test size; loop indices at 0, so that evaluating the
    // whole subscript finds any identifier that is neither.
    let mut values: Vec<(&str, i64)> = vec![(k.size_name.as_str(), k.test_size as i64)];
    values.extend(idx.iter().map(|i| (*i, 0)));
    for (a_k, a) in k.accesses.iter().enumerate() {
        let at = format!("accesses[{a_k}]");
        let acc = parse_access(&a.subscript, &idx)
            .map_err(|e| PresetError::invalid(origin, &format!("{at}.subscript"), e.to_string()))?;
        if let Err(NoValue(name)) = acc.subscript.eval(&values) {
            return Err(PresetError::invalid(
                origin,
                &format!("{at}.subscript"),
                format!(
                    "`{}` uses `{name}`, which is neither a loop index ({}) nor the size `{}`",
                    a.subscript,
                    k.loop_indices.join(", "),
                    k.size_name
                ),
            ));
        }
        check_value(
            origin,
            &format!("{at}.per_trip"),
            ParamRule::NonNegative,
            a.per_trip,
        )?;
    }
    Ok(())
}

/// Every scaling coef x n^exp (the stated footprints where given): the
/// coefficient by its rule, the exponent finite and not negative.
fn check_scalings(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    let stated = [
        ("device_bytes", k.device_bytes),
        ("host_bytes", k.host_bytes),
    ]
    .into_iter()
    .filter_map(|(field, s)| Some((field, s?, ParamRule::NonNegative)));
    let always = [
        ("iterations", k.iterations, ParamRule::Positive),
        ("inner_trips", k.inner_trips, ParamRule::Positive),
        (
            "cpu_bytes_per_iter",
            k.cpu_bytes_per_iter,
            ParamRule::NonNegative,
        ),
        ("bytes_to_device", k.bytes_to_device, ParamRule::NonNegative),
        (
            "bytes_from_device",
            k.bytes_from_device,
            ParamRule::NonNegative,
        ),
    ];
    for (field, s, coef_rule) in always.into_iter().chain(stated) {
        check_value(origin, &format!("{field}.coef"), coef_rule, s.coef)?;
        if !(s.exp.is_finite() && s.exp >= 0.0) {
            return Err(PresetError::invalid(
                origin,
                &format!("{field}.exp"),
                format!("{}: must be a finite exponent, zero or positive", s.exp),
            ));
        }
    }
    Ok(())
}
