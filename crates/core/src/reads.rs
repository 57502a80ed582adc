//! Which model reads which kind of file, and as what: each model declares
//! its kinds in its own folder (`READS`), and the window's drop, a
//! session's measured files (`--measured`), validation and the messages
//! about a file nothing reads all ask here, so that they agree. A kind no
//! model reads belongs to every model at once (a session, a platform, a
//! spec sheet, a probe run: the platform of the whole session).

use crate::recognize::{FileKind, Reading};
use hetscope_model::ModelId;

/// The kinds of file model `id` reads, and as what (none for the
/// overview, which reads through the models).
pub fn reads(id: ModelId) -> &'static [(FileKind, Reading)] {
    match id {
        ModelId::Overview => &[],
        ModelId::Perdome => crate::perdome::READS,
        ModelId::Boathull => crate::boathull::READS,
        ModelId::Fpm => crate::fpm::READS,
        ModelId::Offload => crate::offload::READS,
    }
}

/// The model that reads files of `kind`, and as what; none for a kind
/// that belongs to the whole session.
pub fn reader(kind: FileKind) -> Option<(ModelId, Reading)> {
    ModelId::ALL.into_iter().find_map(|id| {
        reads(id)
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, r)| (id, *r))
    })
}

/// Whether files of `kind` are measurements a model is compared with.
pub fn is_measurement(kind: FileKind) -> bool {
    reader(kind).is_some_and(|(_, r)| r.is_measurement())
}

/// Whether a session holds files of `kind` as measured data.
pub fn is_held(kind: FileKind) -> bool {
    reader(kind).is_some_and(|(_, r)| r == Reading::Held)
}

/// The kinds of the measurements a session holds, in words, e.g. for a
/// message naming what `--measured` takes.
pub fn held_kinds() -> Vec<&'static str> {
    kinds_where(is_held)
}

/// The kinds of every measurement a model is compared with, in words.
pub fn measurement_kinds() -> Vec<&'static str> {
    kinds_where(is_measurement)
}

fn kinds_where(keep: fn(FileKind) -> bool) -> Vec<&'static str> {
    FileKind::ALL
        .into_iter()
        .filter(|k| keep(*k))
        .map(FileKind::describe)
        .collect()
}
