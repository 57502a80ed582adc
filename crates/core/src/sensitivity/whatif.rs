//! What-if platforms: a platform made from another with hardware
//! parameters scaled ("this node with GPU bandwidth x 2") and, where
//! asked, its offload copies from pinned memory; named by its changes,
//! every changed value's source saying what it was, so that it can be
//! saved, compared with the first ("Compare with", `--platform2`) and
//! read again.

use crate::CoreError;
use hetscope_model::format::{fmt_sig, fmt_tick};
use hetscope_model::platform::{Source, Transfers};
use hetscope_preset::Catalog;
use hetscope_preset::platform::{PlatformChoice, PlatformPreset};

use super::knobs::{Part, knobs};
use super::with_node;

/// One change: parameter `key` ("gpu.mem_bw_gbs") times `factor`.
#[derive(Clone, Debug, PartialEq)]
pub struct Scale {
    pub key: String,
    pub factor: f64,
}

/// The platform `choice` with `scales` applied and, with `pinned`, its
/// offload copies from pinned memory; its name says what changed.
pub fn what_if(
    cat: &Catalog,
    choice: &PlatformChoice,
    scales: &[Scale],
    pinned: bool,
) -> Result<PlatformPreset, CoreError> {
    let mut node = choice.preset.node(cat, &choice.origin)?.ok_or_else(|| {
        CoreError::Sensitivity(format!(
            "platform '{}' gives no hardware description to change",
            choice.preset.name
        ))
    })?;
    let available = knobs(&node);
    let mut named = Vec::new();
    for s in scales {
        if !(s.factor.is_finite() && s.factor > 0.0) {
            return Err(CoreError::Sensitivity(format!(
                "{}={}: the factor must be a finite positive number",
                s.key, s.factor
            )));
        }
        let k = available.iter().find(|k| k.key() == s.key).ok_or_else(|| {
            let keys: Vec<String> = available.iter().map(|k| k.key()).collect();
            CoreError::Sensitivity(format!(
                "{}: not a parameter of platform '{}'; its parameters: {}",
                s.key,
                choice.preset.name,
                keys.join(", ")
            ))
        })?;
        let value = k.value * s.factor;
        node = k.set(&node, value);
        let was = format!(
            "what-if: {} x the {} {} of {} ({})",
            fmt_tick(s.factor),
            fmt_sig(k.value),
            k.unit,
            choice.preset.name,
            k.key()
        );
        let sources = match k.part {
            Part::Cpu => &mut node.cpu.sources,
            Part::Gpu => &mut node.gpus[0].spec.sources,
            Part::Link => &mut node.link.sources,
        };
        sources.insert(k.field.to_string(), Source::derived(was));
        named.push(format!("{} x {}", k.key(), fmt_tick(s.factor)));
    }
    if pinned {
        named.push("pinned copies".into());
    }
    node.check()
        .map_err(|e| CoreError::Sensitivity(e.to_string()))?;
    let mut made = with_node(choice, &node).preset;
    made.name = format!("{} with {}", choice.preset.name, named.join(", "));
    made.source = format!("{}; what-if: {}", choice.preset.source, named.join(", "));
    if pinned {
        made.offload_transfers = Some(Transfers::Pinned);
    }
    Ok(made)
}
