//! What-if platforms: a platform made from another with hardware
//! parameters scaled ("this node with GPU bandwidth x 2") and, where
//! asked, its offload copies from pinned memory. It is named by its
//! changes, every changed value's source says what it was, and it is named
//! again by a key of its own, `BASE@KEY=FACTOR,...[,pinned]` (for example
//! `h100-node-measured@gpu.mem_bw_gbs=2`), which every place that takes a
//! platform reads: `--platform2`, "Compare with", a session file.

use hetscope_model::format::{fmt_edit, fmt_sig, fmt_tick, fmt_value};
use hetscope_model::platform::derive;
use hetscope_model::platform::knobs::{Moves, Part, knobs};
use hetscope_model::platform::{Node, Source, Transfers};

use super::{GpuRef, HardwarePreset, PlatformPreset, SpecRef};
use crate::catalog::Catalog;
use crate::error::PresetError;

/// The most times a what-if platform may be made from another what-if
/// platform in one key (`A@x=2@y=3` is two): each is read in turn, so a
/// key of thousands would take long and run deep.
pub const MAX_LAYERS: usize = 16;

/// One change: parameter `key` ("gpu.mem_bw_gbs") times `factor`.
#[derive(Clone, Debug, PartialEq)]
pub struct Scale {
    pub key: String,
    pub factor: f64,
}

/// A what-if platform as its key names it: the platform it starts from,
/// the parameters scaled, and whether its copies are pinned.
#[derive(Clone, Debug, PartialEq)]
pub struct WhatIf {
    pub base: String,
    pub scales: Vec<Scale>,
    pub pinned: bool,
}

impl WhatIf {
    /// Read a key `BASE@KEY=FACTOR,...[,pinned]`; `None` where `arg`
    /// names no what-if platform (no `@`), an error where it names one
    /// badly.
    pub fn parse(arg: &str) -> Option<Result<WhatIf, PresetError>> {
        let (base, changes) = arg.rsplit_once('@')?;
        let bad = |message: String| PresetError::WhatIf {
            key: arg.to_string(),
            message,
        };
        let mut w = WhatIf {
            base: base.to_string(),
            scales: Vec::new(),
            pinned: false,
        };
        if base.is_empty() {
            return Some(Err(bad("no platform before '@'".into())));
        }
        let layers = arg.matches('@').count();
        if layers > MAX_LAYERS {
            return Some(Err(bad(format!(
                "{layers} changes with '@': a what-if platform is made at most {MAX_LAYERS} times over"
            ))));
        }
        for item in changes.split(',').map(str::trim) {
            if item == "pinned" {
                w.pinned = true;
                continue;
            }
            let parsed = item
                .split_once('=')
                .and_then(|(k, f)| Some((k.trim(), f.trim().parse::<f64>().ok()?)));
            match parsed {
                Some((key, factor)) if factor.is_finite() && factor > 0.0 => w.scales.push(Scale {
                    key: key.to_string(),
                    factor,
                }),
                Some((key, factor)) => {
                    return Some(Err(bad(format!(
                        "{key}={}: the factor must be a finite positive number",
                        fmt_value(factor)
                    ))));
                }
                None => {
                    return Some(Err(bad(format!(
                        "'{item}': write KEY=FACTOR (e.g. gpu.mem_bw_gbs=2) or pinned"
                    ))));
                }
            }
        }
        Some(Ok(w))
    }

    /// The key that names this platform again.
    pub fn key(&self) -> String {
        let mut items: Vec<String> = self
            .scales
            .iter()
            .map(|s| format!("{}={}", s.key, fmt_value(s.factor)))
            .collect();
        if self.pinned {
            items.push("pinned".into());
        }
        format!("{}@{}", self.base, items.join(","))
    }
}

impl PlatformPreset {
    /// This platform with its hardware replaced by `node` (every spec
    /// inline).
    pub fn with_node(&self, node: &Node) -> PlatformPreset {
        let mut p = self.clone();
        p.hardware = Some(HardwarePreset {
            cpu: SpecRef::Inline(node.cpu.clone()),
            cpus: node.cpus,
            gpus: node
                .gpus
                .iter()
                .map(|g| GpuRef {
                    spec: SpecRef::Inline(g.spec.clone()),
                    count: g.count,
                })
                .collect(),
            link: node.link.clone(),
        });
        p
    }
}

/// The platform `base_preset` (read from `origin`) with `scales` applied and, with `pinned`, its
/// offload copies from pinned memory; its name says what changed. An
/// error says which change cannot be made, in words.
pub fn what_if(
    cat: &Catalog,
    base_preset: &PlatformPreset,
    origin: &str,
    scales: &[Scale],
    pinned: bool,
) -> Result<PlatformPreset, String> {
    let name = &base_preset.name;
    let mut node = base_preset
        .node(cat, origin)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("platform '{name}' gives no hardware description to change"))?;
    let base = node.clone();
    let available = knobs(&node);
    let mut named = Vec::new();
    for s in scales {
        if !(s.factor.is_finite() && s.factor > 0.0) {
            return Err(format!(
                "{}={}: the factor must be a finite positive number",
                s.key,
                fmt_value(s.factor)
            ));
        }
        let k = available.iter().find(|k| k.key() == s.key).ok_or_else(|| {
            let keys: Vec<String> = available.iter().map(|k| k.key()).collect();
            format!(
                "{}: not a parameter of platform '{name}'; its parameters: {}",
                s.key,
                keys.join(", ")
            )
        })?;
        let value = scaled(k, s)?;
        node = k.set(&node, value);
        node.check()
            .map_err(|e| format!("{}={}: {e}", s.key, fmt_value(s.factor)))?;
        let was = format!(
            "what-if: {} x the {} {} of {name} ({})",
            fmt_tick(s.factor),
            fmt_sig(k.value),
            k.unit,
            k.key()
        );
        let sources = match k.part {
            Part::Cpu => &mut node.cpu.sources,
            Part::Gpu => &mut node.gpus[0].spec.sources,
            Part::Link => &mut node.link.sources,
        };
        sources.insert(k.field.to_string(), Source::derived(was));
        named.push(format!("{} x {}", k.title(), fmt_tick(s.factor)));
    }
    if pinned {
        named.push("pinned copies".into());
    }
    node.check().map_err(|e| e.to_string())?;
    usable_as_before(&base, &node).map_err(|e| {
        let keys: Vec<String> = scales
            .iter()
            .map(|s| format!("{}={}", s.key, fmt_value(s.factor)))
            .collect();
        format!(
            "{}: the platform this makes gives no valid model parameters: {e}",
            keys.join(",")
        )
    })?;
    let mut made = base_preset.with_node(&node);
    made.name = format!("{name} with {}", named.join(", "));
    made.source = format!("{}; what-if: {}", base_preset.source, named.join(", "));
    if pinned {
        made.offload_transfers = Some(Transfers::Pinned);
    }
    Ok(made)
}

/// The value `k` takes under the change `s`: a count must stay a whole
/// number (of at least 1), else the change is refused at its key.
fn scaled(k: &hetscope_model::platform::knobs::Knob, s: &Scale) -> Result<f64, String> {
    let mut value = k.value * s.factor;
    if k.moves != Moves::ByOne {
        return Ok(value);
    }
    if (value - value.round()).abs() <= 1e-9 * value.abs() {
        // 3 x (1/3) is 1 up to the last bit.
        value = value.round();
    }
    if value.fract() != 0.0 || value < 1.0 {
        return Err(format!(
            "{}={}: {} x {} = {} {} is not a whole number of {} (at least 1); a count takes a factor that gives one",
            s.key,
            fmt_value(s.factor),
            fmt_edit(k.value),
            fmt_value(s.factor),
            fmt_edit(value),
            k.unit,
            k.unit
        ));
    }
    Ok(value)
}

/// One model's parameters derived from a node (`Ok` where they are valid).
type Derivation = fn(&Node, Transfers) -> Result<(), String>;

/// Every model's parameters derived from `changed` where they are from
/// `base`: a what-if that makes one of them leave its range (a clock so
/// low that the energy per flop derived from it is beyond any) is
/// refused here, naming its keys, not later by every model.
fn usable_as_before(base: &Node, changed: &Node) -> Result<(), String> {
    let t = Transfers::Pageable;
    let derivations: [Derivation; 4] = [
        |n, _| {
            derive::perdome::platform(n)
                .map(drop)
                .map_err(|e| e.to_string())
        },
        |n, t| {
            derive::boathull::gpu(n, t)
                .map(drop)
                .map_err(|e| e.to_string())
        },
        |n, _| {
            derive::boathull::cpu(n)
                .map(drop)
                .map_err(|e| e.to_string())
        },
        |n, t| {
            derive::offload::platform(n, t)
                .map(drop)
                .map_err(|e| e.to_string())
        },
    ];
    for derived in derivations {
        if derived(base, t).is_ok() {
            derived(changed, t)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_as_written() {
        let w = WhatIf::parse("h100-node-measured@gpu.mem_bw_gbs=2, link.latency_us=0.5,pinned")
            .expect("a what-if key")
            .expect("valid");
        assert_eq!(w.base, "h100-node-measured");
        assert_eq!(w.scales.len(), 2);
        assert!(w.pinned);
        assert_eq!(
            w.key(),
            "h100-node-measured@gpu.mem_bw_gbs=2,link.latency_us=0.5,pinned"
        );
        assert_eq!(WhatIf::parse(&w.key()).expect("key").expect("valid"), w);
        assert!(WhatIf::parse("xeon-8480-h100").is_none());
    }

    #[test]
    fn a_bad_key_is_named() {
        for (arg, needle) in [
            ("p@gpu.mem_bw_gbs=-2", "finite positive"),
            ("p@gpu.mem_bw_gbs", "write KEY=FACTOR"),
            ("@gpu.sms=2", "no platform"),
        ] {
            let e = WhatIf::parse(arg).expect("what-if").expect_err(arg);
            assert!(e.to_string().contains(needle), "{arg}: {e}");
        }
    }

    #[test]
    fn a_count_takes_a_whole_number_and_a_derived_parameter_names_the_key() {
        let cat = Catalog::builtin().expect("presets");
        let base = super::super::platform_choice("xeon-8480-h100", &cat).expect("a platform");
        let scale = |key: &str, factor: f64| Scale {
            key: key.into(),
            factor,
        };
        let e = what_if(
            &cat,
            &base.preset,
            &base.origin,
            &[scale("cpu.cores", 0.3)],
            false,
        )
        .expect_err("16.8 cores");
        assert!(
            e.starts_with("cpu.cores=0.3: 56 x 0.3 = 16.8 cores is not a whole number"),
            "{e}"
        );
        let made = what_if(
            &cat,
            &base.preset,
            &base.origin,
            &[scale("cpu.cores", 0.25)],
            false,
        )
        .expect("14 cores");
        assert!(made.name.contains("CPU cores x 0.25"), "{}", made.name);
        let e = what_if(
            &cat,
            &base.preset,
            &base.origin,
            &[scale("cpu.mem_bw_gbs", 1e-5)],
            false,
        )
        .expect_err("no energy per byte in range");
        assert!(
            e.starts_with(
                "cpu.mem_bw_gbs=1e-5: the platform this makes gives no valid model parameters"
            ) && e.contains("e_bC"),
            "{e}"
        );
    }

    /// A key that makes a what-if platform of a what-if platform
    /// thousands of times over was read layer by layer, each copying the
    /// rest (found by the fuzzing of what-if keys: over a second); more
    /// than [`MAX_LAYERS`] are refused at once.
    #[test]
    fn too_many_layers_are_refused() {
        let deep = format!("xeon-8480-h100{}", "@gpu.sms=2".repeat(MAX_LAYERS + 1));
        let e = WhatIf::parse(&deep)
            .expect("what-if")
            .expect_err("too deep");
        assert!(e.to_string().contains("at most 16 times over"), "{e}");
        let fine = format!("xeon-8480-h100{}", "@gpu.sms=2".repeat(MAX_LAYERS));
        assert!(WhatIf::parse(&fine).expect("what-if").is_ok());
    }
}
