//! Session files: a [`Session`] saved as RON, to be opened again by the
//! window (`hetscope FILE`), written by `hetscope session` and drawn by
//! `hetscope export --session`.
//!
//! A session file holds, in this order (`layout.rs`):
//!
//! - `format`: the session format version ([`FORMAT`]);
//! - `hetscope`: the version of hetscope that wrote it;
//! - `formulations`: by model, each formulation in force when it was
//!   written (`offload`: `hong-kim` published or whole-waves; `boathull`:
//!   `table-1` derived or as-printed; `fpm`: `partition` in whole units
//!   or continuous), so a reader knows what computed the figures;
//! - `measured`: every measured file the session holds data of, by path
//!   and FNV-1a content hash, embedded or kept by path (`measured.rs`);
//! - `session`: the session itself: platforms, the page on screen, every
//!   model's scenario (inputs, overrides, camera, colour options, data
//!   loaded).
//!
//! Reading: a file of an older format goes through the migration hook
//! (`migrate.rs`) and says so in the notes; a newer one is refused, naming
//! both formats. Unknown fields of the header are refused, so a misspelt
//! one is named with its line and column; unknown fields inside
//! `session` are skipped and missing ones take their first-start values,
//! as the window's saved state does, so that scenarios may grow without
//! a new format. Every error names the file and the line and column (or
//! the measured file at fault). A number that is not finite (`NaN`,
//! `inf`, `1e400`) or beyond ±3.4e38 is refused with its line and column
//! (`numbers.rs`): a session never holds one. Every value is then checked
//! as the option that sets it checks it, and data held from measured
//! files as their readers check a file (`crate::registry::check`), so a
//! session opens everywhere or nowhere; what a session may read is said
//! in `measured.rs`.
//!
//! Writing is atomic (`hetscope_fsio`): a temporary file, synced, renamed.

mod formulations;
pub(crate) mod layout;
mod measured;
mod migrate;
mod numbers;

use hetscope_preset::FileLimit;
use hetscope_preset::read::{ReadError, read_bytes_bounded};
use std::path::Path;

use crate::builtin::catalog;
use crate::file_error::FileError;
use crate::recognize::{FileKind, recognize};
use crate::{CoreError, Session};

pub use formulations::{Formulations, differences, in_force};
pub use layout::FORMAT;
use layout::{Probe, SessionFile};
pub use measured::{EMBED_LIMIT, Kept, MeasuredEntry, Slot};
use migrate::Reader;

/// The version of hetscope that writes a session file.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The first line of a session file written by hetscope.
const HEADER: &str = "// hetscope session file: open it with `hetscope FILE`\n";

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

/// The text of a session file of `session` (data of measured files
/// larger than [`EMBED_LIMIT`] kept by path where the file still holds
/// it).
pub fn session_to_text(session: &Session) -> Result<String, CoreError> {
    to_text(session, EMBED_LIMIT)
}

/// Read a session file's text; `origin` names it in errors and notes. A
/// measured file kept by path is looked for as named.
pub fn session_from_text(text: &str, origin: &str) -> Result<Opened, CoreError> {
    read(text, origin, None, migrate::OLDER)
}

fn to_text(session: &Session, limit: usize) -> Result<String, CoreError> {
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

/// A RON error of `file` as a [`FileError::Syntax`].
fn syntax(file: &str, e: &ron::error::SpannedError) -> CoreError {
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
    let other = |e: CoreError| match not_a_session(file, &name, text.as_bytes()) {
        kind @ CoreError::File(FileError::NotASession { .. }) => kind,
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
fn read(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{compare_everywhere, use_platform_everywhere};
    use hetscope_figure::View;
    use hetscope_model::offload::Formulation;
    use hetscope_preset::platform::platform_choice;

    fn data(name: &str) -> String {
        format!("{}/../../assets/data/{name}", env!("CARGO_MANIFEST_DIR"))
    }

    /// A session edited in every model, with a second platform, a camera,
    /// colour options and every kind of measured data loaded.
    fn edited() -> Session {
        let cat = catalog();
        let mut s = Session::new(cat);
        let p = platform_choice("xeon-8480-h100", cat).expect("a platform");
        assert!(use_platform_everywhere(&mut s, &p, cat).is_empty());
        let p2 = platform_choice("i7-gtx750-perdome", cat).expect("a platform");
        compare_everywhere(&mut s, Some(&p2), cat);
        let sets: Vec<String> = ["t_fG=0.5", "I=3", "I_C=2", "I_G=4", "f=16", "bus_gbs=20"]
            .map(String::from)
            .to_vec();
        crate::session_set::apply_sets(&mut s, &sets).expect("known names");
        s.tab = crate::session::Tab::Figure(View::PerdomeSurface);
        s.perdome.camera.yaw_deg = 12.5;
        s.perdome.camera.zoom = 1.75;
        s.perdome.colors.log = true;
        s.perdome.log_bars = true;
        s.boathull.table1_as_printed = true;
        s.fpm.n_units = 4000.0;
        s.fpm.log_axes = false;
        s.overview.fpm_n = 1234.0;
        s.offload.formulation = Some(Formulation::WholeWaves);
        s.offload.size = 2048.0;
        let times = crate::boathull::load_measured(data("h100-boathull-measured.csv").as_ref());
        s.boathull.measured = Some(times.expect("measured times"));
        let runs =
            crate::perdome::energy_runs::load_energy_runs(data("h100-energy-runs.csv").as_ref());
        s.perdome.energy_runs.loaded = Some(runs.expect("energy runs"));
        let speedups =
            crate::offload::load_measured(data("h100-offload-measured.csv").as_ref(), cat);
        s.offload.measured = Some(speedups.expect("measured speedups"));
        s
    }

    #[test]
    fn an_edited_session_reads_back_equal() {
        let s = edited();
        let text = session_to_text(&s).expect("written");
        assert!(
            text.starts_with(HEADER) && text.contains("format: 1"),
            "{text}"
        );
        assert!(
            text.contains("\"hong-kim\": \"whole-waves\""),
            "formulations named"
        );
        let back = session_from_text(&text, "s.ron").expect("read back");
        if std::env::var_os("HETSCOPE_SHOW_SESSION").is_some() {
            println!("{text}");
        }
        assert_eq!(back.session, s);
        assert!(back.notes.is_empty(), "{:?}", back.notes);
        assert_eq!(back.session.perdome.camera.zoom, 1.75);
        assert!(back.session.offload.measured.is_some());
    }

    #[test]
    fn large_measured_data_is_kept_by_path_and_checked() {
        let dir = tempfile::tempdir().expect("a folder");
        let csv = dir.path().join("times.csv");
        std::fs::copy(data("h100-boathull-measured.csv"), &csv).expect("a copy");
        let mut s = Session::new(catalog());
        s.boathull.measured = Some(crate::boathull::load_measured(&csv).expect("times"));
        // Every measured file is larger than a limit of 0 bytes.
        let text = to_text(&s, 0).expect("written");
        assert!(
            text.contains("ByPath") && !text.contains("Xeon (16 threads"),
            "{text}"
        );
        let back = session_from_text(&text, "s.ron").expect("read again");
        assert_eq!(back.session, s);
        assert!(
            back.notes.iter().any(|n| n.contains("read again")),
            "{:?}",
            back.notes
        );
        let at = text.find("measured: [").unwrap()
            + text[text.find("measured: [").unwrap()..]
                .find("times.csv")
                .unwrap();
        let line = 1 + text[..at].matches('\n').count();
        std::fs::write(&csv, "processor,f,time_s\nA,1,1\n").expect("changed");
        let e = session_from_text(&text, "s.ron")
            .expect_err("changed")
            .to_string();
        assert!(
            e.contains("s.ron") && e.contains("times.csv") && e.contains("changed"),
            "{e}"
        );
        assert!(e.contains(&format!("s.ron, line {line}:")), "{e}");
        std::fs::remove_file(&csv).expect("removed");
        let e = session_from_text(&text, "s.ron")
            .expect_err("missing")
            .to_string();
        assert!(e.contains("times.csv") && e.contains("not found"), "{e}");
        // A relative path (from this crate's folder, where tests run) is
        // found again where it was when saved.
        let rel = Path::new("../../assets/data/h100-boathull-measured.csv");
        let mut r = Session::new(catalog());
        r.boathull.measured = Some(crate::boathull::load_measured(rel).expect("times"));
        let text = to_text(&r, 0).expect("written");
        assert!(text.contains("absolute: "), "{text}");
        let moved = text.replacen("path: \"../../assets", "path: \"moved/assets", 1);
        assert_ne!(moved, text);
        let back = session_from_text(&moved, "s.ron").expect("found where it was");
        assert!(back.session.boathull.measured.is_some());
        // Data no file holds any more stays in the session file.
        let text = to_text(&s, 0).expect("written");
        assert!(text.contains("Embedded") && text.contains("Xeon (16 threads"));
    }

    #[test]
    fn a_newer_format_is_refused_naming_both() {
        let text = session_to_text(&Session::new(catalog())).expect("written");
        let newer = text.replacen("format: 1,", "format: 7,", 1);
        let e = session_from_text(&newer, "new.ron")
            .expect_err("newer")
            .to_string();
        assert!(
            e.contains("new.ron") && e.contains("format 7") && e.contains("1 to 1"),
            "{e}"
        );
    }

    /// A synthetic format 0: the session alone, under `state`.
    fn read_v0(text: &str, file: &str) -> Result<SessionFile, CoreError> {
        #[derive(serde::Deserialize)]
        struct V0 {
            #[expect(dead_code, reason = "read to match the format, not used")]
            format: u32,
            state: Session,
        }
        let v0: V0 = ron::from_str(text).map_err(|e| syntax(file, &e))?;
        Ok(SessionFile {
            format: FORMAT,
            hetscope: "0.0.1".into(),
            formulations: Formulations::new(),
            measured: Vec::new(),
            session: v0.state,
        })
    }

    #[test]
    fn an_older_format_goes_through_its_reader() {
        let mut s = Session::new(catalog());
        s.fpm.n_units = 777.0;
        let body = ron::to_string(&s).expect("RON");
        let v0 = format!("(format: 0, session: (), state: {body})");
        let older: &[(u32, Reader)] = &[(0, read_v0)];
        let opened = read(&v0, "old.ron", None, older).expect("migrated");
        assert_eq!(opened.session, s);
        assert!(
            opened
                .notes
                .iter()
                .any(|n| n == "migrated from session format 0 to 1")
        );
        assert!(
            opened
                .notes
                .iter()
                .any(|n| n == "written by hetscope 0.0.1")
        );
        let e = read(&v0, "old.ron", None, migrate::OLDER).expect_err("no reader");
        assert!(e.to_string().contains("session format 0 is older"), "{e}");
    }

    #[test]
    fn errors_name_the_file_line_and_column() {
        let text = session_to_text(&Session::new(catalog())).expect("written");
        let bad = text.replacen("hetscope:", "hetscop:", 1);
        let e = session_from_text(&bad, "s.ron").expect_err("unknown field");
        let line = 1 + bad[..bad.find("hetscop:").unwrap()].matches('\n').count();
        assert!(
            matches!(&e, CoreError::File(FileError::Syntax { line: l, .. }) if *l == line),
            "{e:?}"
        );
        assert!(e.to_string().contains("hetscop"), "{e}");
        let tolerated = text.replacen("platform2:", "added_later: 3, platform2:", 1);
        assert!(
            session_from_text(&tolerated, "s.ron").is_ok(),
            "unknown session field skipped"
        );
        let nan = text.replacen("zoom: 1.0", "zoom: NaN", 1);
        assert_ne!(nan, text);
        let e = session_from_text(&nan, "n.ron")
            .expect_err("NaN")
            .to_string();
        let line = 1 + nan[..nan.find("NaN").unwrap()].matches('\n').count();
        assert!(
            e.starts_with(&format!("n.ron: line {line}, column ")) && e.contains("`NaN`"),
            "{e}"
        );
        let e = session_from_text("(format: 1, session: (tab: 5))", "t.ron").expect_err("type");
        assert!(e.to_string().starts_with("t.ron: line 1, column"), "{e}");
        let gpu = include_str!("../../../../presets/gpus/gtx-470.ron");
        let e = session_from_text(gpu, "gtx-470.ron").expect_err("a GPU");
        assert_eq!(
            e.to_string(),
            "gtx-470.ron: GPU spec sheet, not a session file"
        );
    }

    #[test]
    fn a_saved_file_opens_again() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("s.ron");
        let s = edited();
        save_session(&path, &s).expect("saved");
        assert_eq!(open_session(&path).expect("opened").session, s);
        let e = open_session(&dir.path().join("none.ron")).expect_err("missing");
        assert!(e.to_string().contains("none.ron"), "{e}");
        std::fs::write(&path, [0u8, 159, 146, 150]).expect("binary");
        let e = open_session(&path).expect_err("binary").to_string();
        assert!(e.contains("s.ron") && e.contains("binary"), "{e}");
    }
}
