//! Checks of a platform preset after parsing: its name, which parts it
//! gives, every inline value. References to other presets are checked
//! when the platform is resolved against a catalog.

use super::{HardwarePreset, PlatformPreset, SpecRef};
use crate::check::{join, name};
use crate::error::PresetError;
use crate::hardware::{check_gpu_spec, check_spec};
use crate::perdome::validate::check_slot;
use crate::processor::{ProcessorRef, validate_processor_at};
use hetscope_model::perdome::Side;

/// Check a platform: its name; PerDome processors both or neither, and
/// hardware where they are not given; inline processors, spec sheets and
/// the link value by value.
pub fn validate_platform(p: &PlatformPreset, origin: &str) -> Result<(), PresetError> {
    name(origin, "name", &p.name)?;
    match (&p.cpu, &p.gpu, &p.hardware) {
        (Some(_), None, _) | (None, Some(_), _) => {
            return Err(PresetError::invalid(
                origin,
                if p.cpu.is_some() { "gpu" } else { "cpu" },
                "give both PerDome processors (cpu and gpu) or neither",
            ));
        }
        (None, None, None) => {
            return Err(PresetError::invalid(
                origin,
                "hardware",
                "a platform needs its hardware (spec sheets and link), or a cpu and a gpu processor",
            ));
        }
        _ => {}
    }
    for (slot, field, r) in [(Side::Cpu, "cpu", &p.cpu), (Side::Gpu, "gpu", &p.gpu)] {
        match r {
            Some(ProcessorRef::Preset(id)) => name(origin, field, id)?,
            Some(ProcessorRef::Inline(q)) => {
                validate_processor_at(q, origin, field)?;
                check_slot(q, slot, origin, &join(field, "kind"))?;
            }
            None => {}
        }
    }
    if let Some(h) = &p.hardware {
        validate_hardware(h, origin)?;
    }
    if let Some(b) = &p.boathull {
        name(origin, "boathull.cpu", &b.cpu)?;
        name(origin, "boathull.gpu", &b.gpu)?;
    }
    if let Some(o) = &p.offload {
        name(origin, "offload", o)?;
    }
    for (k, d) in p.fpm.iter().enumerate() {
        name(origin, &format!("fpm[{k}].name"), &d.name)?;
        name(origin, &format!("fpm[{k}].device"), &d.device)?;
    }
    Ok(())
}

fn validate_hardware(h: &HardwarePreset, origin: &str) -> Result<(), PresetError> {
    match &h.cpu {
        SpecRef::Preset(id) => name(origin, "hardware.cpu", id)?,
        SpecRef::Inline(c) => check_spec(c, origin, "hardware.cpu")?,
    }
    count(origin, "hardware.cpus", h.cpus)?;
    if h.gpus.is_empty() {
        return Err(PresetError::invalid(
            origin,
            "hardware.gpus",
            "needs at least one GPU",
        ));
    }
    for (k, g) in h.gpus.iter().enumerate() {
        let at = format!("hardware.gpus[{k}]");
        match &g.spec {
            SpecRef::Preset(id) => name(origin, &join(&at, "spec"), id)?,
            SpecRef::Inline(s) => check_gpu_spec(s, origin, &join(&at, "spec"))?,
        }
        count(origin, &join(&at, "count"), g.count)?;
    }
    check_spec(&h.link, origin, "hardware.link")
}

/// A count of processors: 1 to 1024.
fn count(origin: &str, field: &str, n: u32) -> Result<(), PresetError> {
    if (1..=1024).contains(&n) {
        Ok(())
    } else {
        Err(PresetError::invalid(
            origin,
            field,
            format!("{n}: must be a whole number from 1 to 1024"),
        ))
    }
}
