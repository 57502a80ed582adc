//! hetscope's headless core: what the command line and the window share
//! above the model, preset, figure and export layers.
//!
//! - `model.rs`: the [`Model`] trait every model implements, with no egui
//!   in it; `registry.rs`: the one match that names every model
//!   ([`with_model`]) and the generic operations over it;
//! - `session.rs`: the [`Session`], the one state the window edits and the
//!   command line builds from its arguments;
//! - `loaded.rs`: data read from files, shared by reference;
//! - `history/`: undo and redo of a session's content, each step named;
//! - `session_file/`: sessions saved to and opened from RON files (format
//!   version, measured files embedded or by path, migration);
//!   `session_set.rs`: parameters set by name on a session;
//!   `recognize/`: which kind of file a file is, by its content;
//!   `file_error.rs`: their errors, naming file, line and column;
//! - `error.rs`: [`CoreError`];
//! - `paper_check/`: every number the papers quote beside hetscope's.

pub mod boathull;
pub mod builtin;
pub mod check;
pub mod error;
pub mod file_error;
pub mod fpm;
pub mod history;
pub mod json;
pub mod loaded;
pub mod model;
pub mod named;
pub mod offload;
pub mod overview;
pub mod paper_check;
pub mod perdome;
pub mod reads;
pub mod recognize;
pub mod registry;
pub mod sensitivity;
pub mod session;
pub mod session_file;
pub mod session_set;
pub mod shipped;
pub mod validate;

pub use error::CoreError;
pub use loaded::Loaded;
pub use model::Model;
pub use session::Session;
