//! What a command writes, checked before it reads or computes anything:
//! an output (`--out`, `--csv`, `--speed-out`, a file under `--out-dir`)
//! is refused when it is the same file as one of the command's inputs
//! (links followed, hard links alike), or when it names a directory,
//! device, FIFO or socket. `-` as an output writes a text format (SVG,
//! CSV, JSON, RON) to standard output.
//!
//! The inputs are every argument that names an existing file (an
//! option's value, a positional argument, each file of a comma list, the
//! platform file before a what-if key's `@`), so a command's new option
//! is covered without a list to keep; a session file adds the files it
//! names by path once it is opened.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use hetscope_fsio::FileId;

use super::CliError;

/// The options whose value is written to (the others are read).
const OUTPUT_OPTIONS: [&str; 4] = ["--out", "--csv", "--speed-out", "--out-dir"];

/// The files a command reads and the outputs it names.
#[derive(Debug, Default)]
pub struct Files {
    /// Each input: how the command line names it ("--measured m.csv", or
    /// the path alone for a positional argument) and its identity.
    inputs: Vec<(String, FileId)>,
    /// Each output option given and its value.
    pub outputs: Vec<(&'static str, PathBuf)>,
}

impl Files {
    /// The inputs and outputs of the arguments `args` (the program name
    /// first).
    pub fn of_args(args: &[OsString]) -> Files {
        let mut files = Files::default();
        let mut option: Option<String> = None;
        let mut positional = false;
        for arg in args.iter().skip(1) {
            let text = arg.to_string_lossy();
            if !positional && text == "--" {
                positional = true;
                continue;
            }
            if let Some(opt) = option.take() {
                files.add_value(&opt, arg);
                continue;
            }
            if !positional && text.starts_with("--") {
                match text.split_once('=') {
                    Some((opt, value)) => files.add_value(opt, &OsString::from(value)),
                    None if takes_value(&text) => option = Some(text.into_owned()),
                    None => {}
                }
                continue;
            }
            files.add_input(&text, &text);
        }
        files
    }

    /// The value of `opt`: an output, or (an option that reads) inputs.
    fn add_value(&mut self, opt: &str, value: &OsString) {
        match OUTPUT_OPTIONS.iter().find(|o| **o == opt) {
            Some(o) => self.outputs.push((o, PathBuf::from(value))),
            None => {
                let text = value.to_string_lossy();
                self.add_input(&format!("{opt} {text}"), &text);
            }
        }
    }

    /// `text` (named `named` in messages) as inputs: itself, the part
    /// before a what-if key's `@`, each item of a comma list; those that
    /// name an existing file.
    fn add_input(&mut self, named: &str, text: &str) {
        let base = text.split('@').next().unwrap_or(text);
        let candidates = std::iter::once(text)
            .chain(std::iter::once(base))
            .chain(text.split(','));
        for c in candidates {
            if let Some(id) = regular_file(Path::new(c)) {
                self.inputs.push((named.to_string(), id));
            }
        }
    }

    /// Also an input: a file the command read that no argument names (a
    /// measured file a session keeps by path).
    pub fn add_read(&mut self, named: String, path: &Path) {
        if let Some(id) = regular_file(path) {
            self.inputs.push((named, id));
        }
    }

    /// Refuse every output given, before any work: see [`Files::check`]
    /// (an `--out-dir` must be a directory or not exist yet).
    pub fn check_outputs(&self) -> Result<(), CliError> {
        for (option, path) in &self.outputs {
            if *option == "--out-dir" {
                if std::fs::metadata(path).is_ok_and(|m| !m.is_dir()) {
                    return Err(CliError::usage(format!(
                        "--out-dir {}: not a directory",
                        path.display()
                    )));
                }
                continue;
            }
            self.check(option, path)?;
        }
        Ok(())
    }

    /// `path`, the output of `option`: standard output (`-`), or a file
    /// that is none of the inputs and where a regular file can be
    /// written.
    pub fn check(&self, option: &str, path: &Path) -> Result<(), CliError> {
        if is_stdout(path) {
            return Ok(());
        }
        self.not_an_input(option, path)?;
        hetscope_fsio::check_writable(path)
            .map_err(|e| CliError::failure(format!("{option} {}: {e}", path.display())))
    }

    /// `path`, a file a command writes under `--out-dir` (in a folder it
    /// may create first): none of the inputs, and nothing but a regular
    /// file where it is.
    pub fn check_in_out_dir(&self, path: &Path) -> Result<(), CliError> {
        self.not_an_input("--out-dir", path)?;
        match std::fs::metadata(path)
            .ok()
            .and_then(|m| hetscope_fsio::special_kind(&m))
        {
            Some(kind) => Err(CliError::failure(format!(
                "--out-dir: {} is {kind}, not a regular file; hetscope writes only regular files",
                path.display()
            ))),
            None => Ok(()),
        }
    }

    /// Refuse `path` where it is one of the inputs (links followed).
    fn not_an_input(&self, option: &str, path: &Path) -> Result<(), CliError> {
        if let Some(id) = FileId::of(path)
            && let Some((named, _)) = self.inputs.iter().find(|(_, i)| *i == id)
        {
            return Err(CliError::usage(format!(
                "{option} {}: the same file as the input {named}; writing it would destroy what the command reads, so write to another file",
                path.display()
            )));
        }
        Ok(())
    }
}

/// Whether an option takes a value (the next argument), as the command
/// line declares it: every long option of every subcommand but the
/// flags.
fn takes_value(option: &str) -> bool {
    use clap::CommandFactory;
    use std::collections::BTreeSet;
    use std::sync::OnceLock;
    static FLAGS: OnceLock<BTreeSet<String>> = OnceLock::new();
    fn flags_of(cmd: &clap::Command, out: &mut BTreeSet<String>) {
        for a in cmd.get_arguments() {
            if let Some(long) = a.get_long()
                && !a.get_action().takes_values()
            {
                out.insert(format!("--{long}"));
            }
        }
        for sub in cmd.get_subcommands() {
            flags_of(sub, out);
        }
    }
    let flags = FLAGS.get_or_init(|| {
        let mut out = BTreeSet::from(["--help".to_string(), "--version".to_string()]);
        flags_of(&super::Cli::command(), &mut out);
        out
    });
    !flags.contains(option)
}

/// The id of `path` where it names a regular file (links followed).
fn regular_file(path: &Path) -> Option<FileId> {
    if path.as_os_str().is_empty() {
        return None;
    }
    std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .and_then(|_| FileId::of(path))
}

/// Whether standard output takes one of `outputs` (option, path given);
/// more than one is refused, as they would mix.
pub fn stdout_taken(outputs: &[(&str, Option<&Path>)]) -> Result<bool, CliError> {
    let taken: Vec<&str> = outputs
        .iter()
        .filter(|(_, p)| p.is_some_and(is_stdout))
        .map(|(option, _)| *option)
        .collect();
    if taken.len() > 1 {
        return Err(CliError::usage(format!(
            "{} -: only one of them can go to standard output",
            taken.join(" - and ")
        )));
    }
    Ok(!taken.is_empty())
}

/// Whether `path` is `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Write `bytes` to `path` (atomically, see `hetscope_fsio`) or, for
/// `-`, to standard output; the line to print after it ("wrote PATH",
/// nothing for standard output). `option` names the output in messages.
pub fn write(option: &str, path: &Path, bytes: &[u8]) -> Result<String, CliError> {
    if is_stdout(path) {
        out_bytes(bytes)?;
        return Ok(String::new());
    }
    hetscope_fsio::write_atomic(path, bytes)
        .map_err(|e| CliError::failure(format!("{option} {}: {e}", path.display())))?;
    Ok(format!("wrote {}\n", path.display()))
}

/// Write a preset as RON (see [`write`]); the line to print.
pub fn write_ron<T: hetscope_preset::PresetFile>(
    option: &str,
    path: &Path,
    value: &T,
) -> Result<String, CliError> {
    let text = hetscope_preset::try_to_ron(value).map_err(|e| {
        CliError::failure(format!(
            "{option} {}: cannot be written as RON: {e}",
            path.display()
        ))
    })?;
    write(option, path, text.as_bytes())
}

/// Write `text` to standard output. A reader that went away (`| head`)
/// is not an error: the output is simply not wanted any more.
pub(crate) fn out(text: &str) -> Result<(), CliError> {
    out_bytes(text.as_bytes())
}

/// Write `bytes` to standard output (a reader gone away is no error).
pub(crate) fn out_bytes(bytes: &[u8]) -> Result<(), CliError> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::failure(format!(
            "cannot write to standard output: {}",
            hetscope_fsio::worded(e)
        ))),
    }
}

/// Write a JSON value, pretty-printed, to standard output.
pub(crate) fn out_json(value: &serde_json::Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::failure(format!("cannot write JSON: {e}")))?;
    out(&format!("{text}\n"))
}

/// Rows under a header in columns two spaces apart, each padded to its
/// widest cell (the last column unpadded); a line each, ending in one.
pub fn aligned(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cols: &[String]| -> String {
        let mut out = String::new();
        for (k, c) in cols.iter().enumerate() {
            out.push_str(c);
            if k + 1 < cols.len() {
                let pad = widths[k].saturating_sub(c.chars().count());
                out.push_str(&" ".repeat(pad + 2));
            }
        }
        out.trim_end().to_string()
    };
    let head: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let mut out = line(&head);
    out.push('\n');
    for row in rows {
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}
