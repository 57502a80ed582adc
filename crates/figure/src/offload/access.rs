//! The access table of a kernel: each access's array, its inter-thread
//! stride (symbolic and at one size) and whether it coalesces, as the
//! offload view's notes and the GUI's table show it.

use hetscope_model::offload::{Coalescing, OffloadError, OffloadKernel};

/// One access of a kernel as the access table shows it: the text, the
/// array, the symbolic inter-thread stride and its value at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessRow {
    pub text: String,
    pub array: String,
    /// Stride in elements between neighbouring threads, symbolic in the
    /// size parameters (e.g. `n`).
    pub symbolic: String,
    /// The stride at the size, or why there is none.
    pub stride: Result<i128, OffloadError>,
    /// Coalesced at the size (broadcast or unit stride).
    pub coalesced: Option<bool>,
    /// "unit stride", "broadcast", "stride 9600".
    pub class: String,
}

/// The access table of `kernel` at size `n`.
pub fn access_rows(kernel: &OffloadKernel, n: f64) -> Vec<AccessRow> {
    let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    let sizes = [(kernel.size_name.as_str(), size)];
    let par = kernel.parallel_index.as_str();
    kernel
        .accesses
        .iter()
        .map(|a| {
            let acc = &a.access;
            let stride = acc.stride(par, &sizes);
            let (coalesced, class) = match &stride {
                Ok(s) => {
                    let c = Coalescing::of_stride(*s);
                    (Some(c.is_coalesced()), coalescing_text(c))
                }
                Err(_) => (None, "unknown".to_string()),
            };
            AccessRow {
                text: acc.text.clone(),
                array: acc.array.clone().unwrap_or_default(),
                symbolic: acc.symbolic_stride(par).to_string(),
                stride,
                coalesced,
                class,
            }
        })
        .collect()
}

/// "broadcast", "unit stride" or "stride 9600".
pub fn coalescing_text(c: Coalescing) -> String {
    match c {
        Coalescing::Broadcast => "broadcast".into(),
        Coalescing::Unit => "unit stride".into(),
        Coalescing::Strided(s) => format!("stride {s}"),
    }
}
