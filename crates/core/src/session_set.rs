//! Parameters set by name on a whole session (`NAME=VALUE`, as the
//! command line's `--set` gives them): each name belongs to one model,
//! whose scenario takes the value as the window's fields would set it.
//!
//! - PerDome / PeaPaw: the processors' values `t_fC` ... `p_sG` (edited
//!   from the platform's), the workload's intensity `I`, and `I_C` with
//!   `I_G`: one partition of its own, named `set (I_C, I_G)`;
//! - boat hull: the first processor's values (`P_compute`, `P_coalesced`,
//!   ... of its kind) and the operator complexity `f`;
//! - offload: the platform's values (`threads`, `bus_gbs`, `mem_ld`, ...),
//!   kept as the scenario's overrides.
//!
//! The FPM and the overview take no values by name. Every value is
//! checked against its parameter's range; the last value of a name wins.
//!
//! Measured data is given by file ([`load_measured`]): its kind, told
//! by its content, says which model holds it.

use hetscope_model::ModelId;
use hetscope_model::boathull::BoathullParam;
use hetscope_model::offload::OffloadParam;
use hetscope_model::perdome::partition::check_intensity;
use hetscope_model::perdome::{NoSuchPartition, Param, Side};
use hetscope_model::platform::Source;
use hetscope_preset::perdome::PartitionPreset;

use std::path::Path;

use crate::file_error::FileError;
use crate::recognize::{FileKind, recognize};
use crate::{CoreError, Session};
use hetscope_preset::Catalog;

/// The name of the partition `I_C` and `I_G` give.
pub const SET_PARTITION: &str = "set (I_C, I_G)";

/// Every name a session takes, by model: PerDome / PeaPaw's, the boat
/// hull's, the offload platform's.
pub fn set_names() -> Vec<String> {
    ModelId::ALL.into_iter().flat_map(set_names_of).collect()
}

/// The names model `id` takes (none for the overview and the FPM).
pub fn set_names_of(id: ModelId) -> Vec<String> {
    let mut v = Vec::new();
    match id {
        ModelId::Perdome => {
            for side in [Side::Cpu, Side::Gpu] {
                v.extend(Param::ALL.map(|p| p.full_symbol(side)));
            }
            v.extend(["I", "I_C", "I_G"].map(String::from));
        }
        ModelId::Boathull => v.extend(BoathullParam::ALL.map(|p| p.name().to_string())),
        ModelId::Offload => v.extend(OffloadParam::names().split(' ').map(String::from)),
        ModelId::Overview | ModelId::Fpm => {}
    }
    v
}

/// Refuse an item whose name model `id` does not take, naming what it
/// takes (a command of one model takes its own names only).
pub fn check_names_for(id: ModelId, items: &[String]) -> Result<(), CoreError> {
    let names = set_names_of(id);
    for item in items {
        let name = item
            .split_once('=')
            .map_or(item.as_str(), |(n, _)| n)
            .trim();
        if !item.contains('=') {
            continue;
        }
        if !names.iter().any(|n| n == name) {
            let known = if names.is_empty() {
                format!("{} takes no values by name", id.title())
            } else {
                format!("known: {}", names.join(" "))
            };
            return Err(set_error(
                item,
                format!("unknown parameter '{name}'; {known}"),
            ));
        }
    }
    Ok(())
}

fn set_error(item: &str, message: impl Into<String>) -> CoreError {
    CoreError::Set {
        item: item.to_string(),
        message: message.into(),
    }
}

/// One `NAME=VALUE` item: the name and a finite value.
pub fn parse_item(item: &str) -> Result<(String, f64), CoreError> {
    parse_item_of(item, &set_names())
}

/// One `NAME=VALUE` item whose name is one of `known`: the name and a
/// finite value (the one parser of values set by name, for a session's
/// models and for a model's own query, as Hong & Kim's worked example).
pub fn parse_item_of(item: &str, known: &[impl AsRef<str>]) -> Result<(String, f64), CoreError> {
    let Some((name, text)) = item.split_once('=') else {
        return Err(set_error(item, "expected NAME=VALUE, e.g. t_fC=73.5"));
    };
    let (name, text) = (name.trim(), text.trim());
    if !known.iter().any(|n| n.as_ref() == name) {
        let names: Vec<&str> = known.iter().map(AsRef::as_ref).collect();
        let message = format!("unknown parameter '{name}'; known: {}", names.join(" "));
        return Err(set_error(item, message));
    }
    // NaN and infinities parse: the parameter's range refuses them,
    // naming the range.
    match text.parse::<f64>() {
        Ok(v) => Ok((name.to_string(), v)),
        _ => Err(set_error(
            item,
            format!("value of {name} '{text}' is not a number"),
        )),
    }
}

/// Set every `NAME=VALUE` item on the session's scenarios (see the
/// module documentation); the first item refused names itself.
pub fn apply_sets(session: &mut Session, items: &[String]) -> Result<(), CoreError> {
    let mut point: (Option<f64>, Option<f64>) = (None, None);
    for item in items {
        let (name, v) = parse_item(item)?;
        let refused = |e: &dyn std::fmt::Display| set_error(item, e.to_string());
        match name.as_str() {
            "I" => {
                check_intensity("I", v, false).map_err(|e| refused(&e))?;
                session.perdome.workload.preset.intensity = v;
            }
            "I_C" => {
                check_intensity("I_C", v, true).map_err(|e| refused(&e))?;
                point.0 = Some(v);
            }
            "I_G" => {
                check_intensity("I_G", v, true).map_err(|e| refused(&e))?;
                point.1 = Some(v);
            }
            _ => set_one(session, item, &name, v)?,
        }
    }
    match point {
        (None, None) => Ok(()),
        (Some(i_c), Some(i_g)) if i_c == 0.0 && i_g == 0.0 => Err(set_error(
            "I_C=0 --set I_G=0",
            NoSuchPartition::NoFlops.to_string(),
        )),
        (Some(i_c), Some(i_g)) => {
            let partitions = &mut session.perdome.workload.preset.partitions;
            partitions.retain(|p| p.name != SET_PARTITION);
            partitions.push(PartitionPreset {
                name: SET_PARTITION.into(),
                i_c,
                i_g,
            });
            Ok(())
        }
        _ => Err(set_error(
            "I_C, I_G",
            "I_C and I_G go together: give both (or neither)",
        )),
    }
}

/// Set one processor or platform value of the model whose name it is.
fn set_one(session: &mut Session, item: &str, name: &str, v: f64) -> Result<(), CoreError> {
    let refused = |e: &dyn std::fmt::Display| set_error(item, e.to_string());
    if let Some((side, param)) = Param::parse_full(name) {
        param.check(side, v).map_err(|e| refused(&e))?;
        let p = &mut session.perdome.platform;
        p.params.side_mut(side).set(param, v);
        for (k, source) in p.sources.iter_mut() {
            if k == name {
                *source = Source::Edited;
            }
        }
        return Ok(());
    }
    if let Some(param) = BoathullParam::from_name(name) {
        param.check(v).map_err(|e| refused(&e))?;
        let b = &mut session.boathull;
        if param == BoathullParam::F {
            b.f = v;
            return Ok(());
        }
        let kind = b.processor.side();
        if !param
            .set(&mut b.processor.params, v)
            .map_err(|e| refused(&e))?
        {
            let message = format!(
                "the boat hull's processor {} is a {}, which has no {name}",
                b.processor.name,
                kind.name()
            );
            return Err(set_error(item, message));
        }
        b.processor.sources.retain(|(k, _)| k != name);
        b.processor.sources.push((name.to_string(), Source::Edited));
        return Ok(());
    }
    match OffloadParam::from_name(name) {
        Some(param) => {
            param.check(v).map_err(|e| refused(&e))?;
            session.offload.overrides.insert(param, v);
            Ok(())
        }
        None => Err(set_error(item, format!("unknown parameter '{name}'"))),
    }
}

/// Read the measured file `path` into the model whose data it is (boat
/// hull measured times, energy runs, offload measured speedups, told by
/// its content); its kind.
pub fn load_measured(
    session: &mut Session,
    path: &Path,
    catalog: &Catalog,
) -> Result<FileKind, CoreError> {
    let file = path.display().to_string();
    let bytes =
        hetscope_preset::read::read_bytes_bounded(path, hetscope_preset::FileLimit::MEASUREMENTS)
            .map_err(|e| FileError::Io {
            file: file.clone(),
            message: format!("cannot read it: {e}"),
        })?;
    let kind = recognize(&file, &bytes)?;
    let not_held = |what| FileError::NotMeasured {
        file: file.clone(),
        what,
        takes: crate::reads::held_kinds().join(", "),
    };
    if !crate::reads::is_held(kind) {
        return Err(not_held(kind.describe()).into());
    }
    match kind {
        FileKind::BoathullTimes => {
            session.boathull.measured = Some(crate::boathull::load_measured(path)?);
            session.boathull.measured_path = file;
        }
        FileKind::EnergyRuns => {
            let runs = crate::perdome::energy_runs::load_energy_runs(path)?;
            session.perdome.energy_runs.loaded = Some(runs);
            session.perdome.energy_runs.path = file;
        }
        FileKind::OffloadSpeedups => {
            session.offload.measured = Some(crate::offload::load_measured(path, catalog)?);
            session.offload.measured_path = file;
        }
        other => return Err(not_held(other.describe()).into()),
    }
    Ok(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetscope_preset::Catalog;

    fn items(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn each_name_goes_to_its_model() {
        let mut s = Session::new(&Catalog::builtin().expect("presets"));
        let before = s.clone();
        let set = items(&[
            "t_fC=80",
            "I=2",
            "I_C=1.5",
            "I_G=3",
            "P_compute=1000",
            "f=12",
            "threads=8",
        ]);
        apply_sets(&mut s, &set).expect("all known");
        assert_eq!(s.perdome.platform.params.cpu.t_f, 80.0);
        assert_eq!(s.perdome.workload.preset.intensity, 2.0);
        let last = s.perdome.workload.preset.partitions.last().expect("one");
        assert_eq!(
            (last.name.as_str(), last.i_c, last.i_g),
            (SET_PARTITION, 1.5, 3.0)
        );
        assert_eq!(
            BoathullParam::PCompute.get(&s.boathull.processor.params),
            Some(1000.0)
        );
        assert_eq!(s.boathull.f, 12.0);
        assert_eq!(s.offload.overrides.get(&OffloadParam::Threads), Some(&8.0));
        assert_eq!(s.fpm, before.fpm, "the FPM takes no value by name");
    }

    #[test]
    fn refusals_name_the_item() {
        let mut s = Session::new(&Catalog::builtin().expect("presets"));
        for (bad, needle) in [
            ("t_fC", "NAME=VALUE"),
            ("nope=1", "unknown parameter 'nope'"),
            ("t_fC=NaN", "must be between"),
            ("t_fC=x", "is not a number"),
            ("t_fC=-1", "t_fC"),
            ("P_memory=10", "has no P_memory"),
            ("threads=0", "threads"),
        ] {
            let e = apply_sets(&mut s, &items(&[bad]))
                .expect_err(bad)
                .to_string();
            assert!(
                e.contains(needle) && e.starts_with(bad.split('=').next().unwrap()),
                "{bad}: {e}"
            );
        }
        let e = apply_sets(&mut s, &items(&["I_C=1"])).expect_err("alone");
        assert!(e.to_string().contains("go together"), "{e}");
    }

    #[test]
    fn measured_files_go_to_their_model() {
        let cat = Catalog::builtin().expect("presets");
        let mut s = Session::new(&cat);
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let data = root.join("assets/data");
        for (file, kind) in [
            ("h100-boathull-measured.csv", FileKind::BoathullTimes),
            ("h100-energy-runs.csv", FileKind::EnergyRuns),
            ("h100-offload-measured.csv", FileKind::OffloadSpeedups),
        ] {
            let got = load_measured(&mut s, &data.join(file), &cat).expect(file);
            assert_eq!(got, kind);
        }
        assert!(s.boathull.measured.is_some() && s.offload.measured.is_some());
        assert!(s.perdome.energy_runs.path.ends_with("h100-energy-runs.csv"));
        let gpu = root.join("presets/gpus/gtx-470.ron");
        let e = load_measured(&mut s, &gpu, &cat)
            .expect_err("a GPU")
            .to_string();
        assert!(
            e.contains("gtx-470.ron: GPU spec sheet, not measured data"),
            "{e}"
        );
    }
}
