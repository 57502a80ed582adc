//! The `hetscope` binary: the GUI with no arguments, else the command line
//! (`hetscope --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    hetscope::cli::main_with(std::env::args_os(), open_gui)
}

/// Open the desktop window (with a session file, when one was named); an
/// error (e.g. no display) comes back as one line for the user.
fn open_gui(session: Option<std::path::PathBuf>) -> Result<(), hetscope::gui::WindowError> {
    hetscope::gui::run(session)
}
