//! The decision for the scenario's kernel at its size, in words: the
//! line the window's side panel shows under the size.

use crate::CoreError;
use hetscope_figure::offload::OffloadInput;
use hetscope_model::format::{fmt_speedup, fmt_time, fmt_whole};
use hetscope_model::offload::{Call, decide};

/// The decision for the current kernel at the chosen size, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Readout {
    pub text: String,
    /// Whether the model offloads the kernel to the GPU.
    pub offload: bool,
}

impl Readout {
    /// The readout of the kernel of `input` at its size, or why there is
    /// none.
    pub fn of(input: &OffloadInput) -> Result<Readout, CoreError> {
        let k = &input.kernel;
        let d = decide(&k.kernel, &input.platform, input.size)?;
        let at = format!("{} at n = {}", k.label(), fmt_whole(input.size));
        let text = match d.does_not_fit(&input.platform.memory) {
            // No speedup to show: the data cannot be where it would run.
            Some(why) => format!("{at}: the data {why}; keep on the host"),
            None => format!(
                "{at}: CPU {}, GPU {}: speedup {}{}, {}",
                fmt_time(d.cpu_seconds),
                fmt_time(d.gpu_seconds),
                fmt_speedup(d.speedup),
                d.interval.map_or(String::new(), |i| format!(
                    " ({:.0} % interval {} to {})",
                    100.0 * i.confidence,
                    fmt_speedup(i.low),
                    fmt_speedup(i.high)
                )),
                match d.call() {
                    Call::Offload => "offload to the GPU",
                    Call::Host => "keep on the host",
                    Call::TooClose => "too close to call",
                }
            ),
        };
        Ok(Readout {
            text,
            offload: d.offload,
        })
    }
}
