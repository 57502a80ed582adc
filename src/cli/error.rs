//! A failed command of the command line.

/// A failed command: its message and exit code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CliError {
    pub message: String,
    /// 2: usage error, 1: anything else.
    pub code: u8,
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}
