//! The analytical models. Pure math on plain structs: no drawing, no I/O,
//! no global state. Every number hetscope shows or writes comes from here.
//! One folder per model; nothing here imports another layer of the crate.

pub mod boathull;
pub mod format;
pub mod fpm;
pub mod id;
pub mod offload;
pub mod perdome;
pub mod platform;
pub mod range;
pub mod sampling;

pub use id::ModelId;
pub use range::{OutOfRange, Range};

/// " unit" for a message, or nothing for a unitless value.
pub(crate) fn with_space(unit: &str) -> String {
    if unit.is_empty() {
        String::new()
    } else {
        format!(" {unit}")
    }
}
