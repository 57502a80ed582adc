//! Checks of every value in a preset, after parsing. Errors name the origin
//! and the field path (`energy.e_f_pj`, `cpu.timing.cores`,
//! `partitions[1].i_g`, ...).

use std::collections::HashSet;

use super::error::PresetError;
use super::types::{
    ApplicationPreset, BoatHullParams, Energy, MeasuredSet, PlatformPreset, ProcessorPreset,
    ProcessorRef, Timing, WorkloadPreset,
};
use crate::model::Side;
use crate::model::boathull::Class;

fn join(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        field.to_string()
    } else {
        format!("{prefix}.{field}")
    }
}

/// A finite number > 0.
pub(crate) fn positive(origin: &str, field: &str, v: f64) -> Result<(), PresetError> {
    number(origin, field, v, false)
}

/// A finite number >= 0.
pub(crate) fn non_negative(origin: &str, field: &str, v: f64) -> Result<(), PresetError> {
    number(origin, field, v, true)
}

/// A finite number > 0, or >= 0 when `allows_zero`.
fn number(origin: &str, field: &str, v: f64, allows_zero: bool) -> Result<(), PresetError> {
    if v.is_finite() && (v > 0.0 || (allows_zero && v == 0.0)) {
        Ok(())
    } else {
        Err(PresetError::Value {
            origin: origin.to_string(),
            field: field.to_string(),
            value: v,
            allows_zero,
        })
    }
}

fn name(origin: &str, field: &str, v: &str) -> Result<(), PresetError> {
    if v.trim().is_empty() {
        Err(PresetError::invalid(origin, field, "must not be empty"))
    } else {
        Ok(())
    }
}

/// Check a processor preset. `prefix` is the path of the processor inside
/// its file ("" for a processor file, "cpu" for an inline platform CPU).
pub fn validate_processor_at(
    p: &ProcessorPreset,
    origin: &str,
    prefix: &str,
) -> Result<(), PresetError> {
    name(origin, &join(prefix, "name"), &p.name)?;
    let t = join(prefix, "timing");
    match &p.timing {
        Timing::Direct { t_f_ps, t_b_ps } => {
            positive(origin, &join(&t, "t_f_ps"), *t_f_ps)?;
            positive(origin, &join(&t, "t_b_ps"), *t_b_ps)?;
        }
        Timing::FromSpecs(s) => {
            positive(origin, &join(&t, "cores"), s.cores)?;
            positive(origin, &join(&t, "clock_ghz"), s.clock_ghz)?;
            positive(origin, &join(&t, "issue_width"), s.issue_width)?;
            positive(origin, &join(&t, "bandwidth_gbs"), s.bandwidth_gbs)?;
        }
    }
    validate_energy(&p.energy, origin, &join(prefix, "energy"))?;
    validate_boathull(p, origin, &join(prefix, "boathull"))?;
    // Specs far out of range can still give t_f = 0 or infinity.
    p.processor()
        .validate(&p.name)
        .map_err(|e| PresetError::invalid(origin, &t, format!("derived parameters: {e}")))
}

fn validate_energy(e: &Energy, origin: &str, prefix: &str) -> Result<(), PresetError> {
    positive(origin, &join(prefix, "e_f_pj"), e.e_f_pj)?;
    positive(origin, &join(prefix, "e_b_pj"), e.e_b_pj)?;
    non_negative(origin, &join(prefix, "p_s_w"), e.p_s_w)
}

/// Check a processor file.
pub fn validate_processor(p: &ProcessorPreset, origin: &str) -> Result<(), PresetError> {
    validate_processor_at(p, origin, "")
}

/// Check that a processor may sit in a platform slot.
pub fn check_slot(
    p: &ProcessorPreset,
    slot: Side,
    origin: &str,
    field: &str,
) -> Result<(), PresetError> {
    if p.kind == slot {
        Ok(())
    } else {
        Err(PresetError::invalid(
            origin,
            field,
            format!(
                "`{}` is a {} but this slot needs a {}",
                p.name,
                p.kind.name(),
                slot.name()
            ),
        ))
    }
}

/// Check a platform: its name, and both processors when given inline
/// (values and kind). Preset references are checked when resolving.
pub fn validate_platform(p: &PlatformPreset, origin: &str) -> Result<(), PresetError> {
    name(origin, "name", &p.name)?;
    for (slot, field, r) in [(Side::Cpu, "cpu", &p.cpu), (Side::Gpu, "gpu", &p.gpu)] {
        match r {
            ProcessorRef::Preset(id) => name(origin, field, id)?,
            ProcessorRef::Inline(q) => {
                validate_processor_at(q, origin, field)?;
                check_slot(q, slot, origin, &join(field, "kind"))?;
            }
        }
    }
    Ok(())
}

/// Check a workload: I, every partition, every measured set.
pub fn validate_workload(w: &WorkloadPreset, origin: &str) -> Result<(), PresetError> {
    name(origin, "name", &w.name)?;
    positive(origin, "intensity", w.intensity)?;
    let mut seen = HashSet::new();
    for (k, q) in w.partitions.iter().enumerate() {
        let at = format!("partitions[{k}]");
        name(origin, &join(&at, "name"), &q.name)?;
        non_negative(origin, &join(&at, "i_c"), q.i_c)?;
        non_negative(origin, &join(&at, "i_g"), q.i_g)?;
        if q.i_c == 0.0 && q.i_g == 0.0 {
            return Err(PresetError::invalid(
                origin,
                &at,
                format!("`{}`: i_c and i_g cannot both be 0", q.name),
            ));
        }
        if !seen.insert(q.name.as_str()) {
            return Err(PresetError::invalid(
                origin,
                &join(&at, "name"),
                format!("partition name `{}` is used twice", q.name),
            ));
        }
    }
    let mut platforms = HashSet::new();
    for (k, m) in w.measured.iter().enumerate() {
        let at = format!("measured[{k}]");
        validate_measured(m, w, origin, &at)?;
        if !platforms.insert(m.platform.as_str()) {
            return Err(PresetError::invalid(
                origin,
                &join(&at, "platform"),
                format!("two measured sets for platform `{}`", m.platform),
            ));
        }
    }
    Ok(())
}

fn validate_measured(
    m: &MeasuredSet,
    w: &WorkloadPreset,
    origin: &str,
    at: &str,
) -> Result<(), PresetError> {
    name(origin, &join(at, "platform"), &m.platform)?;
    let mut seen = HashSet::new();
    for (k, (part, gflops)) in m.gflops.iter().enumerate() {
        let field = format!("{at}.gflops[{k}]");
        if !w.partitions.iter().any(|q| &q.name == part) {
            let known: Vec<&str> = w.partitions.iter().map(|q| q.name.as_str()).collect();
            return Err(PresetError::invalid(
                origin,
                &field,
                format!(
                    "no partition named `{part}` in this workload (partitions: {})",
                    known.join(", ")
                ),
            ));
        }
        if !seen.insert(part.as_str()) {
            return Err(PresetError::invalid(
                origin,
                &field,
                format!("partition `{part}` measured twice"),
            ));
        }
        positive(origin, &format!("{field} ({part})"), *gflops)?;
    }
    Ok(())
}

/// Check a processor's boat hull parameters, when present: every rate
/// finite and positive, at least one thread, a vector width that is a
/// positive multiple of 32 bits, and the same kind as the processor.
fn validate_boathull(p: &ProcessorPreset, origin: &str, at: &str) -> Result<(), PresetError> {
    let Some(b) = &p.boathull else {
        return Ok(());
    };
    if b.kind() != p.kind {
        return Err(PresetError::invalid(
            origin,
            at,
            format!(
                "{} parameters given for `{}`, which is a {}",
                b.kind().name(),
                p.name,
                p.kind.name()
            ),
        ));
    }
    match *b {
        BoatHullParams::Gpu {
            p_compute_gflops,
            p_coalesced_gbs,
            p_uncoalesced_gbs,
            b_bus_gbs,
        } => {
            positive(origin, &join(at, "p_compute_gflops"), p_compute_gflops)?;
            positive(origin, &join(at, "p_coalesced_gbs"), p_coalesced_gbs)?;
            positive(origin, &join(at, "p_uncoalesced_gbs"), p_uncoalesced_gbs)?;
            positive(origin, &join(at, "b_bus_gbs"), b_bus_gbs)?;
        }
        BoatHullParams::Cpu {
            p_compute_gflops,
            p_memory_gbs,
            n_threads,
            w_vector_bits,
        } => {
            positive(origin, &join(at, "p_compute_gflops"), p_compute_gflops)?;
            positive(origin, &join(at, "p_memory_gbs"), p_memory_gbs)?;
            if n_threads == 0 {
                return Err(PresetError::invalid(
                    origin,
                    &join(at, "n_threads"),
                    "must be at least 1",
                ));
            }
            if w_vector_bits == 0 || !w_vector_bits.is_multiple_of(32) {
                return Err(PresetError::invalid(
                    origin,
                    &join(at, "w_vector_bits"),
                    format!(
                        "{w_vector_bits}: must be a positive multiple of 32 (elements are 32-bit)"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Check an application: its name, at least one primitive, every class
/// name (parsed as the boat hull model reads it; an error names the column
/// inside the class string), every operator complexity and the transfers.
pub fn validate_application(a: &ApplicationPreset, origin: &str) -> Result<(), PresetError> {
    name(origin, "name", &a.name)?;
    if a.primitives.is_empty() {
        return Err(PresetError::invalid(
            origin,
            "primitives",
            "an application needs at least one primitive",
        ));
    }
    let mut seen = HashSet::new();
    for (k, q) in a.primitives.iter().enumerate() {
        let at = format!("primitives[{k}]");
        name(origin, &join(&at, "name"), &q.name)?;
        if !seen.insert(q.name.as_str()) {
            return Err(PresetError::invalid(
                origin,
                &join(&at, "name"),
                format!("primitive name `{}` is used twice", q.name),
            ));
        }
        if let Err(e) = Class::parse(&q.class) {
            return Err(PresetError::invalid(
                origin,
                &join(&at, "class"),
                format!("`{}`: {e}", q.class),
            ));
        }
        non_negative(origin, &join(&at, "f"), q.f)?;
        if let Some(f_max) = q.f_max {
            non_negative(origin, &join(&at, "f_max"), f_max)?;
            if f_max < q.f {
                return Err(PresetError::invalid(
                    origin,
                    &join(&at, "f_max"),
                    format!("{f_max} is below f = {}", q.f),
                ));
            }
        }
    }
    non_negative(origin, "elements_in", a.elements_in)?;
    non_negative(origin, "elements_out", a.elements_out)
}
