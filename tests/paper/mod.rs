//! The papers' numbers that need the binary: the paper check as a command
//! and a tab, and the offload paper's loops and rows on the shipped files.

/// The cache-aware offload formulation against the measured node and
/// Section III.
mod offload_caches;
/// The offload paper's 25 loops: presets, decisions, geometric means.
mod offload_loops;
/// `hetscope paper-check` and the window's "Paper check" tab.
mod paper_check;
