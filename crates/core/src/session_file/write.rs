//! Writing a session file: the header, the formulations in force, the
//! measured files (embedded, or kept by path when large), the session;
//! atomically, and never over a file the session reads.

use std::path::Path;

use super::layout::{FORMAT, SessionFile};
use super::{EMBED_LIMIT, VERSION, in_force, measured};
use crate::builtin::catalog;
use crate::file_error::FileError;
use crate::{CoreError, Session};

/// The first line of a session file written by hetscope.
pub(super) const HEADER: &str = "// hetscope session file: open it with `hetscope FILE`\n";

/// Refuse `path` as where to write (a session, an export) when it is a
/// file `session` reads its data from (links followed).
pub fn not_an_input(path: &Path, session: &Session) -> Result<(), CoreError> {
    let Some(id) = hetscope_fsio::FileId::of(path) else {
        return Ok(());
    };
    match session
        .inputs()
        .into_iter()
        .find(|i| hetscope_fsio::FileId::of(i).as_ref() == Some(&id))
    {
        Some(input) => Err(CoreError::File(FileError::Io {
            file: path.display().to_string(),
            message: format!(
                "the same file as {}, which the session reads; writing it would destroy it, so write to another file",
                input.display()
            ),
        })),
        None => Ok(()),
    }
}

/// Write `session` to the session file `path`, atomically; never over a
/// file the session reads.
pub fn save_session(path: &Path, session: &Session) -> Result<(), CoreError> {
    not_an_input(path, session)?;
    let text = session_to_text(session)?;
    hetscope_fsio::write_atomic(path, text.as_bytes()).map_err(|e| {
        CoreError::File(FileError::Io {
            file: path.display().to_string(),
            message: format!("cannot write the session file: {e}"),
        })
    })
}

/// The text of a session file of `session` (data of measured files
/// larger than [`EMBED_LIMIT`] kept by path where the file still holds
/// it).
pub fn session_to_text(session: &Session) -> Result<String, CoreError> {
    to_text(session, EMBED_LIMIT)
}

pub(super) fn to_text(session: &Session, limit: usize) -> Result<String, CoreError> {
    let mut kept = session.clone();
    let measured = measured::take_out(&mut kept, limit);
    let file = SessionFile {
        format: FORMAT,
        hetscope: VERSION.to_string(),
        formulations: in_force(session, catalog()),
        measured,
        session: kept,
    };
    let pretty = ron::ser::PrettyConfig::new().depth_limit(6);
    let body = ron::ser::to_string_pretty(&file, pretty).map_err(|e| {
        CoreError::File(FileError::Io {
            file: "session".to_string(),
            message: format!("cannot write the session as RON: {e}"),
        })
    })?;
    Ok(format!("{HEADER}{body}\n"))
}
