//! The integration tests of the app crate, linked into one binary so that
//! a test run links the window stack once: the command line (`cli`), the
//! window (`gui`), the papers' numbers that need the binary (`paper`),
//! the rules the code keeps and its recorded outputs (`rules`), and the
//! fuzzing of every parser and of the command line (`fuzz`). `common`
//! holds the helpers the modules share. The models, presets, figures,
//! exports and the core are tested in their own crates' `tests/`.
//!
//! Tests unwrap (a failure is loud on purpose) and some walk a long list
//! of cases in one function.
#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "tests fail loudly and may check many cases in one place"
)]

mod cli;
mod common;
mod fuzz;
mod gui;
mod paper;
mod rules;
