//! The `hetscope` binary: the GUI with no arguments, else the command line
//! (`hetscope --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    hetscope::cli::main_with(std::env::args_os(), open_gui)
}

/// Open the desktop window; an error (e.g. no display) comes back as one
/// line for the user.
fn open_gui() -> Result<(), hetscope::gui::WindowError> {
    hetscope::gui::run()
}
