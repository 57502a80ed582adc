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
//! Reading (`read.rs`): a file of an older format goes through the migration hook
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
//! Writing (`write.rs`) is atomic (`hetscope_fsio`): a temporary file,
//! synced, renamed; never over a file the session reads. The tests of
//! both are in `tests.rs`.

mod formulations;
pub(crate) mod layout;
mod measured;
mod migrate;
mod numbers;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use formulations::{Formulations, differences, in_force};
pub use layout::FORMAT;
pub use measured::{EMBED_LIMIT, Kept, MeasuredEntry, Slot};
pub use read::{Opened, open_session, session_from_text};
pub use write::{not_an_input, save_session, session_to_text};

/// The version of hetscope that writes a session file.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
