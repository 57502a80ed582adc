//! Reading a session file: told from other kinds of file, its format
//! version checked (older ones migrated, newer ones refused), numbers
//! that are not finite refused, the measured files put back, every value
//! checked as its option checks it.

use hetscope_preset::FileLimit;
use hetscope_preset::read::{ReadError, read_bytes_bounded};
use std::path::Path;

use super::layout::{self, FORMAT, Probe, SessionFile};
use super::migrate::{self, Reader};
use super::{VERSION, differences, in_force, measured, numbers};
use crate::builtin::catalog;
use crate::file_error::FileError;
use crate::recognize::{FileKind, recognize};
use crate::{CoreError, Session};

/// A session read from a file, with what is worth saying about it (the
/// format migrated from, another hetscope version that wrote it,
/// measured files read again, formulations that changed).
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub session: Session,
    pub notes: Vec<String>,
    /// The measured files read again from their paths, as read (beside
    /// the session, or where it records them).
    pub read: Vec<std::path::PathBuf>,
}

/// Read the session file `path`; a measured file kept by path is looked
/// for as named, then (a relative one) beside the session file, then
/// where it was when the session was saved.
pub fn open_session(path: &Path) -> Result<Opened, CoreError> {
    let file = path.display().to_string();
    let io = |message: String| {
        CoreError::File(FileError::Io {
            file: file.clone(),
            message,
        })
    };
    let bytes = read_bytes_bounded(path, FileLimit::SESSION).map_err(|e| match e {
        ReadError::Io(e) => io(format!("cannot read it: {e}")),
        too_large => io(too_large.to_string()),
    })?;
    let bytes = hetscope_preset::read::without_bom(&bytes);
    let Ok(text) = std::str::from_utf8(bytes) else {
        let name = path
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into());
        return Err(not_a_session(&file, &name, bytes));
    };
    read(text, &file, path.parent(), migrate::OLDER)
}

/// Read a session file's text; `origin` names it in errors and notes. A
/// measured file kept by path is looked for as named.
pub fn session_from_text(text: &str, origin: &str) -> Result<Opened, CoreError> {
    read(text, origin, None, migrate::OLDER)
}

/// A RON error of `file` as a [`FileError::Syntax`].
pub(super) fn syntax(file: &str, e: &ron::error::SpannedError) -> CoreError {
    CoreError::File(FileError::Syntax {
        file: file.to_string(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: hetscope_preset::ron_words::ron_message(&e.code),
    })
}

/// Why `bytes` (named `name`) is no session file: the kind it is, else
/// what it looked like.
fn not_a_session(file: &str, name: &str, bytes: &[u8]) -> CoreError {
    match recognize(name, bytes) {
        Ok(FileKind::Session) | Err(_) => {
            let looked = crate::recognize::looked_like(bytes);
            CoreError::File(FileError::Unrecognized {
                file: file.to_string(),
                looked_like: looked,
                accepted: "session files (RON with `format` and `session`)".to_string(),
            })
        }
        Ok(kind) => CoreError::File(FileError::NotASession {
            file: file.to_string(),
            what: kind.describe().to_string(),
        }),
    }
}

/// The format version of `text`, or why it is no session file.
fn format_of(text: &str, file: &str) -> Result<u64, CoreError> {
    let probe = ron::Options::default().from_str::<Probe>(text);
    let name = Path::new(file)
        .file_name()
        .map_or(file.to_string(), |n| n.to_string_lossy().into());
    // A file of another kind, or text with no parenthesis at all (no RON
    // a session could be), is named for what it is rather than by the
    // RON reader's first complaint.
    let other = |e: CoreError| match not_a_session(file, &name, text.as_bytes()) {
        kind @ CoreError::File(FileError::NotASession { .. }) => kind,
        unknown if !text.contains('(') => unknown,
        _ => e,
    };
    match probe {
        Err(e) => Err(other(syntax(file, &e))),
        Ok(Probe {
            format: Some(found),
            session: Some(()),
        }) => Ok(found),
        Ok(p) => {
            let missing = if p.format.is_none() {
                "format"
            } else {
                "session"
            };
            Err(other(CoreError::File(FileError::Syntax {
                file: file.to_string(),
                line: 1,
                column: 1,
                message: format!("no `{missing}` field: not a session file"),
            })))
        }
    }
}

/// Read `text` (the file `file`, in `folder`), migrating it by `older`.
pub(super) fn read(
    text: &str,
    file: &str,
    folder: Option<&Path>,
    older: &[(u32, Reader)],
) -> Result<Opened, CoreError> {
    // A byte-order mark some editors put first (line and column unchanged).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let found = format_of(text, file)?;
    if let Some((at, literal)) = numbers::first_unfit(text) {
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        return Err(CoreError::File(FileError::Syntax {
            file: file.to_string(),
            line: 1 + before.matches('\n').count(),
            column: 1 + before[line_start..].chars().count(),
            message: format!("`{literal}` is not a finite number within ±3.4e38"),
        }));
    }
    let mut notes = Vec::new();
    let parsed = if found == u64::from(FORMAT) {
        ron::Options::default()
            .from_str::<SessionFile>(text)
            .map_err(|e| syntax(file, &e))?
    } else if found > u64::from(FORMAT) {
        return Err(CoreError::File(FileError::Newer {
            file: file.to_string(),
            found,
            oldest: migrate::oldest(older),
            newest: FORMAT,
            version: VERSION,
        }));
    } else {
        let parsed = migrate::read_older(older, found, text, file)?;
        notes.push(format!("migrated from session format {found} to {FORMAT}"));
        parsed
    };
    if parsed.hetscope != VERSION {
        notes.push(format!("written by hetscope {}", parsed.hetscope));
    }
    let mut session = parsed.session;
    let origin = measured::Origin { file, text, folder };
    let (put_back, read) = measured::put_back(&mut session, &parsed.measured, &origin, catalog())?;
    notes.extend(put_back);
    crate::registry::check(&session).map_err(|p| {
        CoreError::File(FileError::Field {
            file: file.to_string(),
            line: layout::line_of_field(text, &p.field),
            field: p.field,
            message: p.message,
        })
    })?;
    let now = in_force(&session, catalog());
    notes.extend(differences(&parsed.formulations, &now));
    Ok(Opened {
        session,
        notes,
        read,
    })
}
