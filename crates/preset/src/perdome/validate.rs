//! Checks of every value in a workload preset, and of a processor's slot
//! in a platform, after parsing.
//! Errors name the origin and the field path (`cpu.timing.cores`,
//! `partitions[1].i_g`, ...).

use std::collections::HashSet;

use super::workload::{MeasuredSet, WorkloadPreset};
use crate::check::{join, name, perdome, positive};
use crate::error::PresetError;
use crate::processor::ProcessorPreset;
use hetscope_model::perdome::Side;
use hetscope_model::perdome::partition::check_intensity;

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

/// Check a workload: I, every partition, every measured set.
pub fn validate_workload(w: &WorkloadPreset, origin: &str) -> Result<(), PresetError> {
    name(origin, "name", &w.name)?;
    perdome(
        origin,
        "intensity",
        check_intensity("I", w.intensity, false),
    )?;
    let mut seen = HashSet::new();
    for (k, q) in w.partitions.iter().enumerate() {
        let at = format!("partitions[{k}]");
        name(origin, &join(&at, "name"), &q.name)?;
        perdome(
            origin,
            &join(&at, "i_c"),
            check_intensity("I_C", q.i_c, true),
        )?;
        perdome(
            origin,
            &join(&at, "i_g"),
            check_intensity("I_G", q.i_g, true),
        )?;
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
