//! The command line's files for a desktop install, from the one
//! definition of its arguments ([`super::Cli`]): shell completions
//! (`hetscope completions bash|zsh|fish|elvish|powershell`, by
//! clap_complete) and manual pages (`hetscope man [--out-dir DIR]`, by
//! clap_mangen). `packaging/install.sh` puts them in place for one user.

use std::path::{Path, PathBuf};

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::CliError;
use super::output::Files;

/// `hetscope completions SHELL`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// `hetscope man [--out-dir DIR]`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write hetscope.1 and a page per subcommand (hetscope-eval.1,
    /// hetscope-eval-perdome.1, ...) into this folder, made if missing;
    /// without it, hetscope.1 to standard output.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// The completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs) -> Result<String, CliError> {
    let mut cmd = super::Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "hetscope", &mut buf);
    String::from_utf8(buf).map_err(|e| CliError::failure(format!("completions: {e}")))
}

/// The manual page, or every page written into `args.out_dir` (each
/// checked against the command's inputs, as every `--out-dir` file is).
pub fn man(args: &ManArgs, files: &Files) -> Result<String, CliError> {
    let mut cmd = super::Cli::command();
    cmd.build();
    let Some(dir) = &args.out_dir else {
        return roff(&cmd);
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::failure(format!("{}: {e}", dir.display())))?;
    let mut pages = Vec::new();
    pages_of(&cmd, "hetscope", &mut pages);
    let mut said = String::new();
    for (name, page) in pages {
        let text = roff(&page)?;
        let path = dir.join(format!("{name}.1"));
        files.check_in_out_dir(&path)?;
        write(&path, text.as_bytes())?;
        said.push_str(&format!("wrote {}\n", path.display()));
    }
    Ok(said)
}

/// `cmd` and its subcommands, each named as its page is (`hetscope-eval`).
fn pages_of(cmd: &clap::Command, name: &str, out: &mut Vec<(String, clap::Command)>) {
    out.push((name.to_string(), cmd.clone().name(name.to_string())));
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        pages_of(sub, &format!("{name}-{}", sub.get_name()), out);
    }
}

fn roff(cmd: &clap::Command) -> Result<String, CliError> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone())
        .render(&mut buf)
        .map_err(|e| CliError::failure(format!("manual page: {e}")))?;
    String::from_utf8(buf).map_err(|e| CliError::failure(format!("manual page: {e}")))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    hetscope_fsio::write_atomic(path, bytes)
        .map_err(|e| CliError::failure(format!("{}: {e}", path.display())))
}
