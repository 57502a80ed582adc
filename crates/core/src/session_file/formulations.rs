//! The formulations in force in a session: where a model computes one
//! thing in more than one way, which way this session's figures come
//! from, by model key and by name. A session file records them, so that
//! a reader knows what computed the figures, and opening one says where
//! this version computes otherwise.

use std::collections::BTreeMap;

use crate::Session;
use hetscope_model::ModelId;
use hetscope_model::boathull::Table1Reading;
use hetscope_preset::Catalog;

/// By model key (`boathull`, `fpm`, `offload`), each formulation's name
/// and the one in force.
pub type Formulations = BTreeMap<String, BTreeMap<String, String>>;

/// The formulations `session` computes with.
pub fn in_force(session: &Session, catalog: &Catalog) -> Formulations {
    let mut out = Formulations::new();
    let mut put = |id: ModelId, name: &str, value: &str| {
        out.entry(id.key().to_string())
            .or_default()
            .insert(name.to_string(), value.to_string());
    };
    let table1 = if session.boathull.table1_as_printed {
        Table1Reading::AsPrinted
    } else {
        Table1Reading::Derived
    };
    put(ModelId::Boathull, "table-1", table1.key());
    let units = if session.fpm.integer {
        "whole-units"
    } else {
        "continuous"
    };
    put(ModelId::Fpm, "partition", units);
    let o = &session.offload;
    let hong_kim = o
        .formulation
        .or_else(|| o.base(catalog).ok().map(|b| b.model.formulation))
        .unwrap_or_default();
    put(ModelId::Offload, "hong-kim", hong_kim.key());
    out
}

/// A note for each formulation that `recorded` (the file's) names with
/// another value than `now` (this version's, for the session read).
pub fn differences(recorded: &Formulations, now: &Formulations) -> Vec<String> {
    let mut notes = Vec::new();
    for (model, names) in recorded {
        for (name, was) in names {
            let is = now.get(model).and_then(|m| m.get(name));
            match is {
                Some(is) if is == was => {}
                Some(is) => notes.push(format!(
                    "{model} {name}: the figures were made with `{was}`, this session now computes `{is}`"
                )),
                None => notes.push(format!(
                    "{model} {name}: the figures were made with `{was}`, which this version does not know"
                )),
            }
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_names_its_formulations_and_a_change_is_noted() {
        let cat = Catalog::builtin().expect("presets");
        let mut s = Session::new(&cat);
        let before = in_force(&s, &cat);
        assert_eq!(before["offload"]["hong-kim"], "published");
        assert_eq!(before["boathull"]["table-1"], "derived");
        s.offload.formulation = Some(hetscope_model::offload::Formulation::WholeWaves);
        let after = in_force(&s, &cat);
        assert_eq!(after["offload"]["hong-kim"], "whole-waves");
        let notes = differences(&before, &after);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("published") && notes[0].contains("whole-waves"));
        assert!(differences(&after, &after).is_empty());
    }
}
