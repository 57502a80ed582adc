//! The measured files of a session in its session file: every file the
//! session holds data of (a [`crate::Loaded`]: the boat hull's measured
//! times, the energy runs, the offload measured speedups) is listed by
//! path and content hash. Its data stays in the session (embedded) when
//! it is small, or when no file at its path holds that content any more;
//! a larger one is kept by path alone, taken out of the session written,
//! and read again from its path on opening, its hash checked. A relative
//! path is looked for from the working folder, then beside the session
//! file, then where it led when the session was saved.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::file_error::FileError;
use crate::loaded::content_hash;
use crate::offload::measured::measured_suite;
use crate::{CoreError, Loaded, Session};
use hetscope_preset::boathull::parse_measured_curve;
use hetscope_preset::offload::parse_measured_offload;
use hetscope_preset::perdome::parse_energy_runs;
use hetscope_preset::{Catalog, PresetError, read_text};

/// The largest data embedded whatever its file (its RON text, bytes).
pub const EMBED_LIMIT: usize = 256 * 1024;

/// The most bytes opening one session reads of the files it names by
/// path, all together (each file is also within the limit of measurement
/// files, 16 MB).
pub const READ_BUDGET: u64 = 32_000_000;

/// Where in a session a measured file's data is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    /// The boat hull's measured times (`boathull.measured`).
    BoathullTimes,
    /// The energy fit's runs (`perdome.energy_runs.loaded`).
    EnergyRuns,
    /// The offload suite's measured speedups (`offload.measured`).
    OffloadSpeedups,
}

impl Slot {
    pub const ALL: [Slot; 3] = [Slot::BoathullTimes, Slot::EnergyRuns, Slot::OffloadSpeedups];

    /// What the file holds, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Slot::BoathullTimes => "boat hull measured times",
            Slot::EnergyRuns => "energy runs",
            Slot::OffloadSpeedups => "offload measured speedups",
        }
    }

    /// The path, hash and size of the data (RON, bytes) this slot holds.
    fn held(self, s: &Session) -> Option<(String, u64, usize)> {
        match self {
            Slot::BoathullTimes => held(&s.boathull.measured),
            Slot::EnergyRuns => held(&s.perdome.energy_runs.loaded),
            Slot::OffloadSpeedups => held(&s.offload.measured),
        }
    }

    /// Take the data out of the session.
    fn take(self, s: &mut Session) {
        match self {
            Slot::BoathullTimes => s.boathull.measured = None,
            Slot::EnergyRuns => s.perdome.energy_runs.loaded = None,
            Slot::OffloadSpeedups => s.offload.measured = None,
        }
    }
}

fn held<T: Serialize>(l: &Option<Loaded<T>>) -> Option<(String, u64, usize)> {
    let l = l.as_ref()?;
    let size = ron::to_string(l.data()).map_or(usize::MAX, |t| t.len());
    Some((l.path().to_string(), l.hash(), size))
}

/// How a measured file is kept in the session file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kept {
    /// Its data is in the session.
    Embedded,
    /// By its path alone: read again on opening.
    ByPath,
}

/// One measured file of a session file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredEntry {
    pub slot: Slot,
    /// The file as it was named.
    pub path: String,
    /// FNV-1a hash of its bytes.
    pub hash: u64,
    pub kept: Kept,
    /// Where a relative path kept by path led when the session was saved
    /// (looked at after the path itself and the session file's folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absolute: Option<String>,
}

/// Whether the file `path` (from the working directory) holds the
/// content of hash `hash`.
fn on_disk(path: &str, hash: u64) -> bool {
    read_text(Path::new(path)).is_ok_and(|t| content_hash(t.as_bytes()) == hash)
}

/// The session's measured files; the data of those kept by path (larger
/// than `limit` and found unchanged at their path) taken out of `session`.
pub fn take_out(session: &mut Session, limit: usize) -> Vec<MeasuredEntry> {
    let mut out = Vec::new();
    for slot in Slot::ALL {
        let Some((path, hash, size)) = slot.held(session) else {
            continue;
        };
        let by_path = size > limit && on_disk(&path, hash);
        let kept = if by_path {
            slot.take(session);
            Kept::ByPath
        } else {
            Kept::Embedded
        };
        let absolute = by_path && Path::new(&path).is_relative();
        let absolute = absolute
            .then(|| std::fs::canonicalize(&path).ok())
            .flatten()
            .map(|p| p.display().to_string());
        out.push(MeasuredEntry {
            slot,
            path,
            hash,
            kept,
            absolute,
        });
    }
    out
}

/// The session file being read: its name, its text (for the line of an
/// entry) and its folder (where a relative path is also looked for).
pub struct Origin<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub folder: Option<&'a Path>,
}

impl Origin<'_> {
    /// The line of `entry`'s path in the text (1 where not found).
    fn line_of(&self, entry: &MeasuredEntry) -> usize {
        let quoted = ron::to_string(&entry.path).unwrap_or_default();
        let start = self.text.find("measured:").unwrap_or(0);
        self.text[start..]
            .find(&quoted)
            .map_or(1, |at| 1 + self.text[..start + at].matches('\n').count())
    }

    fn error(&self, entry: &MeasuredEntry, why: String) -> CoreError {
        CoreError::File(FileError::Measured {
            file: self.file.to_string(),
            line: self.line_of(entry),
            path: entry.path.clone(),
            what: entry.slot.describe(),
            why,
        })
    }

    /// Where the file is: beside the session file (a relative path), else
    /// where the session records it (an absolute path, or where a
    /// relative one led when saved). Only a path that names something is
    /// taken; what it is, is checked when it is read.
    fn find(&self, entry: &MeasuredEntry) -> Result<PathBuf, CoreError> {
        let path = Path::new(&entry.path);
        let mut tried = Vec::new();
        if path.is_relative() {
            tried.push(match self.folder {
                Some(folder) => folder.join(path),
                None => path.to_path_buf(),
            });
        } else {
            tried.push(path.to_path_buf());
        }
        tried.extend(entry.absolute.as_ref().map(PathBuf::from));
        if let Some(found) = tried.iter().find(|p| std::fs::metadata(p).is_ok()) {
            return Ok(found.clone());
        }
        let names: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
        let why = format!(
            "not found (looked for {}); the session keeps it by path only",
            names.join(" and ")
        );
        Err(self.error(entry, why))
    }

    /// Read `entry` again (from where [`Origin::find`] finds it, within
    /// what is left of `budget`), check its hash and parse it with
    /// `parse`; a message names the path read where it is not the entry's.
    fn reread<T>(
        &self,
        entry: &MeasuredEntry,
        (budget, read): (&mut u64, &mut Vec<PathBuf>),
        parse: impl FnOnce(&str, &str) -> Result<T, PresetError>,
    ) -> Result<Loaded<T>, CoreError> {
        let found = self.find(entry)?;
        let read_from = if found == Path::new(&entry.path) {
            String::new()
        } else {
            format!("read from {}: ", found.display())
        };
        let failed = |why: String| self.error(entry, format!("{read_from}{why}"));
        let size = std::fs::metadata(&found).map_or(0, |m| m.len());
        if size > *budget {
            return Err(failed(format!(
                "{} more than the {} a session may read of the files it names",
                hetscope_preset::read::fmt_bytes(size),
                hetscope_preset::read::fmt_bytes(READ_BUDGET)
            )));
        }
        let text = read_text(&found).map_err(|e| failed(without_path(&e, &found)))?;
        *budget = budget.saturating_sub(text.len() as u64);
        let now = content_hash(text.as_bytes());
        if now != entry.hash {
            return Err(failed(format!(
                "changed since the session was saved (content hash {now:016x}, the session's {:016x})",
                entry.hash
            )));
        }
        let data = parse(&text, &entry.path).map_err(|e| failed(e.to_string()))?;
        read.push(found);
        Ok(Loaded::from_file(entry.path.clone(), text.as_bytes(), data))
    }
}

/// A read error's message without the path it starts with (the message
/// around it names the path).
fn without_path(e: &PresetError, path: &Path) -> String {
    let text = e.to_string();
    let prefix = format!("{}: ", path.display());
    text.strip_prefix(&prefix)
        .map_or(text.clone(), str::to_string)
}

/// Put back into `session` the data of every file kept by path, each
/// read again and its hash checked; a note for each, and the paths read.
pub fn put_back(
    session: &mut Session,
    entries: &[MeasuredEntry],
    origin: &Origin<'_>,
    catalog: &Catalog,
) -> Result<(Vec<String>, Vec<PathBuf>), CoreError> {
    let (mut notes, mut read) = (Vec::new(), Vec::new());
    for (k, e) in entries.iter().enumerate() {
        if entries[..k].iter().any(|f| f.slot == e.slot) {
            return Err(origin.error(
                e,
                format!(
                    "a second entry for the {}; a session holds one file of each kind",
                    e.slot.describe()
                ),
            ));
        }
        crate::check::short_name("measured path", &e.path)
            .map_err(|p| origin.error(e, p.message))?;
    }
    let mut budget = READ_BUDGET;
    for e in entries.iter().filter(|e| e.kept == Kept::ByPath) {
        let name = hetscope_fsio::file_name(Path::new(&e.path));
        let budget = (&mut budget, &mut read);
        match e.slot {
            Slot::BoathullTimes => {
                let l = origin.reread(e, budget, |t, o| parse_measured_curve(t, o, &name))?;
                session.boathull.measured = Some(l);
            }
            Slot::EnergyRuns => {
                let l = origin.reread(e, budget, parse_energy_runs)?;
                session.perdome.energy_runs.loaded = Some(l);
            }
            Slot::OffloadSpeedups => {
                let l = origin.reread(e, budget, |t, o| {
                    parse_measured_offload(t, o, catalog).map(|m| measured_suite(&m, &name))
                })?;
                session.offload.measured = Some(l);
            }
        }
        notes.push(format!(
            "{} read again from {} (content unchanged)",
            e.slot.describe(),
            e.path
        ));
    }
    Ok((notes, read))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file kept by path is read within what is left of the budget of
    /// all files a session names together, and named where it is read.
    #[test]
    fn files_kept_by_path_share_one_budget() {
        let dir = tempfile::tempdir().expect("a folder");
        let csv = "processor,f,time_s\nA,1,1\nA,2,1.5\n";
        std::fs::write(dir.path().join("t.csv"), csv).expect("written");
        let entry = MeasuredEntry {
            slot: Slot::BoathullTimes,
            path: "t.csv".into(),
            hash: content_hash(csv.as_bytes()),
            kept: Kept::ByPath,
            absolute: None,
        };
        let origin = Origin {
            file: "s.ron",
            text: "",
            folder: Some(dir.path()),
        };
        let parse = |t: &str, o: &str| parse_measured_curve(t, o, "t.csv");
        let (mut budget, mut read) = (csv.len() as u64 - 1, Vec::new());
        let e = origin
            .reread(&entry, (&mut budget, &mut read), parse)
            .expect_err("over the budget");
        assert!(
            e.to_string()
                .contains("a session may read of the files it names"),
            "{e}"
        );
        let mut budget = csv.len() as u64;
        let l = origin
            .reread(&entry, (&mut budget, &mut read), parse)
            .expect("within it");
        assert_eq!((budget, l.data().points.len()), (0, 2));
        assert_eq!(read, vec![dir.path().join("t.csv")]);
        // Beside the session, not in the working folder: from elsewhere
        // the relative path is not looked for there.
        let away = Origin {
            folder: Some(Path::new("/nonexistent-folder")),
            ..origin
        };
        let mut budget = READ_BUDGET;
        let e = away
            .reread(&entry, (&mut budget, &mut read), parse)
            .expect_err("not beside the session");
        assert!(e.to_string().contains("/nonexistent-folder/t.csv"), "{e}");
    }
}
