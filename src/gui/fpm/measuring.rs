//! The window's progress of a measurement of this machine running on a
//! background thread for the FPM panel (not saved: a restart starts none).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A measurement running on a background thread.
pub struct Measuring {
    /// Sizes measured so far.
    pub done: Arc<AtomicUsize>,
    pub total: usize,
    /// Set to stop after the current sample.
    pub cancel: Arc<AtomicBool>,
    /// What is measured, e.g. "gemm, 2 threads".
    pub label: String,
}

impl Measuring {
    /// Fraction done, 0 to 1.
    pub fn fraction(&self) -> f32 {
        let done = self.done.load(Ordering::Relaxed);
        (done as f32 / self.total.max(1) as f32).min(1.0)
    }
}
