//! Presets: the file formats of `presets/` (RON, and CSV for speed
//! functions) turned into the model's types, with every value checked and
//! errors that name the file, the line and column or the field path.
//!
//! Shared by every model:
//! - `catalog.rs`: the built-in presets of every kind, embedded at compile
//!   time (`build.rs` rebuilds when `presets/` changes); `kind.rs`: the
//!   kinds of preset;
//! - `processor.rs`: processor presets, which platforms name by id;
//! - `file.rs`: RON parsing and file ids; `read.rs`: every file read
//!   with a limit on its size (`FileLimit`); `save.rs`: pretty RON written
//!   atomically; `version/`: the format version every preset file names
//!   (`format: N`, `# format: N` in a CSV); `check.rs`: value checks;
//!   `error.rs`: [`PresetError`];
//! - `csv_rows.rs`: the rows of every CSV file read (header columns by
//!   name, fields by column with their row, line and column, numbers
//!   checked); `csv_pass.rs`: their lines and duplicate rows found in
//!   one pass;
//! - `defaults.rs`: the presets a first start shows, for the GUI and the
//!   command line alike.
//!
//! One folder per model: `perdome/` (platforms, workloads, measured CSV
//! import), `boathull/` (applications, processors' boat hull parameters),
//! `fpm/` (speed-function CSV), `offload/` (offload platforms and
//! kernels).

pub mod boathull;
pub mod catalog;
pub mod check;
mod csv_pass;
mod csv_rows;
pub mod defaults;
pub mod error;
pub mod file;
pub mod fpm;
pub mod hardware;
pub mod kind;
pub mod offload;
pub mod perdome;
pub mod platform;
pub mod probe;
pub mod processor;
pub mod read;
pub mod ron_words;
pub mod save;
pub mod version;

pub use catalog::{Catalog, PresetEntry};
pub use error::PresetError;
pub use file::{file_id, is_file_arg, parse_ron, read_preset_text, read_text};
pub use kind::PresetKind;
pub use processor::{
    Energy, ProcessorPreset, Timing, load_processor_file, parse_processor, save_processor,
    validate_processor,
};
pub use read::FileLimit;
pub use save::{PresetFile, save_atomic, save_ron, to_ron, try_to_ron};
