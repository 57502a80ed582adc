//! Offload presets from text and files: parsing (RON, unknown fields
//! rejected, `Some(...)` optional), validation with the file and the field
//! path in every message, command-line style arguments (a catalog id or
//! name, or a `.ron` file) and saving.

use std::collections::HashSet;
use std::path::Path;

use super::platform::check_value;
use super::{OffloadKernelPreset, OffloadPlatformPreset};
use crate::catalog::{Catalog, PresetKind};
use crate::error::PresetError;
use crate::file::{file_id, is_file_arg, parse_ron, read_text};
use crate::save::save_ron;
use hetscope_model::offload::{Launch, ParamRule};
use hetscope_model::offload::{NoValue, decide, parse_access};
/// Check an offload platform: every value by its rule (see
/// [`OffloadParam`](hetscope_model::offload::OffloadParam)),
/// the names, and a block that fits an SM.
pub fn validate_offload_platform(
    p: &OffloadPlatformPreset,
    origin: &str,
) -> Result<(), PresetError> {
    p.check(origin)
}

/// Check an offload kernel: its names and loop indices, every subscript
/// (parsed, affine, using no size but `size_name`), every count and
/// scaling, the sizes; then the model's kernel at both sizes.
pub fn validate_offload_kernel(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    check_kernel(k, origin)?;
    let model = k
        .to_model(&Launch::CHECK)
        .map_err(|e| PresetError::invalid(origin, "", e.to_string()))?;
    for (mode, n) in k.sizes() {
        let n = n as f64;
        let field = format!("{mode}_size");
        model
            .gpu_kernel(n)
            .and_then(|_| model.cpu_loop(n, 512.0))
            .map_err(|e| PresetError::invalid(origin, &field, format!("at n = {n}: {e}")))?;
        check_footprints(k, origin, n)?;
    }
    Ok(())
}

/// The stated footprints at size n: finite, and at least the larger
/// transfer (what is copied lives in both memories while the loop runs).
fn check_footprints(k: &OffloadKernelPreset, origin: &str, n: f64) -> Result<(), PresetError> {
    let copied = k.bytes_to_device.at(n).max(k.bytes_from_device.at(n));
    for (field, stated) in [
        ("device_bytes", k.device_bytes),
        ("host_bytes", k.host_bytes),
    ] {
        let Some(bytes) = stated.map(|s| s.at(n)) else {
            continue;
        };
        if !bytes.is_finite() {
            return Err(PresetError::invalid(
                origin,
                field,
                format!("at n = {n}: {bytes} bytes is not a finite number"),
            ));
        }
        if bytes < copied {
            return Err(PresetError::invalid(
                origin,
                field,
                format!(
                    "at n = {n}: {bytes} bytes is less than the larger transfer, {copied} bytes (the data copied must fit)"
                ),
            ));
        }
    }
    Ok(())
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

/// Parse and validate an offload platform preset.
pub fn parse_offload_platform(
    text: &str,
    origin: &str,
) -> Result<OffloadPlatformPreset, PresetError> {
    let p: OffloadPlatformPreset = parse_ron(text, origin)?;
    validate_offload_platform(&p, origin)?;
    Ok(p)
}

/// Parse and validate an offload kernel preset.
pub fn parse_offload_kernel(text: &str, origin: &str) -> Result<OffloadKernelPreset, PresetError> {
    let k: OffloadKernelPreset = parse_ron(text, origin)?;
    validate_offload_kernel(&k, origin)?;
    Ok(k)
}

/// Read, parse and validate an offload platform file.
pub fn load_offload_platform_file(path: &Path) -> Result<OffloadPlatformPreset, PresetError> {
    parse_offload_platform(&read_text(path)?, &path.display().to_string())
}

/// Read, parse and validate an offload kernel file.
pub fn load_offload_kernel_file(path: &Path) -> Result<OffloadKernelPreset, PresetError> {
    parse_offload_kernel(&read_text(path)?, &path.display().to_string())
}

/// An offload platform given as a catalog id or name, or as a path ending
/// in `.ron`: its id (the file stem) and the preset.
pub fn offload_platform_arg(
    arg: &str,
    cat: &Catalog,
) -> Result<(String, OffloadPlatformPreset), PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok((file_id(path), load_offload_platform_file(path)?));
    }
    match cat.offload_platform(arg) {
        Some((e, p)) => Ok((e.id.clone(), p.clone())),
        None => Err(PresetError::Unknown {
            origin: "offload platform argument".to_string(),
            kind: PresetKind::OffloadPlatform,
            key: arg.to_string(),
            known: cat.ids(PresetKind::OffloadPlatform),
        }),
    }
}

/// An offload kernel given as a catalog id or name, or as a path ending in
/// `.ron`: its id (the file stem) and the preset.
pub fn offload_kernel_arg(
    arg: &str,
    cat: &Catalog,
) -> Result<(String, OffloadKernelPreset), PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok((file_id(path), load_offload_kernel_file(path)?));
    }
    match cat.offload_kernel(arg) {
        Some((e, k)) => Ok((e.id.clone(), k.clone())),
        None => Err(PresetError::Unknown {
            origin: "offload kernel argument".to_string(),
            kind: PresetKind::OffloadKernel,
            key: arg.to_string(),
            known: cat.ids(PresetKind::OffloadKernel),
        }),
    }
}

/// Validate, then save an offload platform preset atomically.
pub fn save_offload_platform(path: &Path, p: &OffloadPlatformPreset) -> Result<(), PresetError> {
    validate_offload_platform(p, &path.display().to_string())?;
    save_ron(path, p)
}

/// Validate, then save an offload kernel preset atomically.
pub fn save_offload_kernel(path: &Path, k: &OffloadKernelPreset) -> Result<(), PresetError> {
    validate_offload_kernel(k, &path.display().to_string())?;
    save_ron(path, k)
}

/// Check that `kernel` gives a finite decision on `platform` at both of its
/// sizes (used by the catalog for every shipped pair).
pub fn check_pair(
    platform: &OffloadPlatformPreset,
    kernel: &OffloadKernelPreset,
    origin: &str,
) -> Result<(), PresetError> {
    let (p, k) = super::offload_model(platform, kernel)?;
    for (mode, n) in kernel.sizes() {
        let d = decide(&k, &p, n as f64).map_err(|e| {
            PresetError::invalid(
                origin,
                "",
                format!("{} at the {mode} size {n}: {e}", platform.name),
            )
        })?;
        if !(d.speedup.is_finite() && d.speedup > 0.0) {
            return Err(PresetError::invalid(
                origin,
                "",
                format!(
                    "{} at the {mode} size {n}: speedup {} is not a finite positive number",
                    platform.name, d.speedup
                ),
            ));
        }
    }
    Ok(())
}
