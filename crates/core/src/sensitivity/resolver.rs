//! A platform resolved again with one parameter changed, and work split
//! over two threads: what the elasticities (`mod.rs`) and the flip points
//! (`flip.rs`) both run on.

use crate::CoreError;
use crate::overview::input::{KernelCache, OverviewOptions, cached_kernels, choice_input_cached};
use hetscope_figure::overview::Verdicts;
use hetscope_model::platform::Node;
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

use super::decisions::{Decision, decisions};
use super::focus::{Focus, Hold, hold};
use super::headline::{Headline, headlines};
use hetscope_model::platform::knobs::Knob;

/// A platform resolved again with one parameter changed: its catalog,
/// the platform as chosen, its hardware, the overview's options, and
/// what is asked of it (the values held, the loops and classes asked).
pub struct Resolver<'a> {
    pub cat: &'a Catalog,
    pub choice: &'a PlatformChoice,
    pub node: Node,
    pub options: &'a OverviewOptions,
    pub focus: &'a Focus,
    pub holds: Vec<Hold>,
    /// The paper's loops as launched, kept across the resolutions.
    pub kernels: KernelCache,
}

impl Resolver<'_> {
    /// Every verdict asked with hardware `node`, the values held in place
    /// of those it gives.
    pub(super) fn verdicts(&self, node: &Node) -> Result<Verdicts, CoreError> {
        let mut v = self.all_verdicts(node)?;
        self.focus.narrow(&mut v);
        Ok(v)
    }

    /// Every verdict with hardware `node` and the values held, of every
    /// loop and class.
    pub(super) fn all_verdicts(&self, node: &Node) -> Result<Verdicts, CoreError> {
        let mut c = self.choice.clone();
        c.preset = c.preset.with_node(node);
        let mut input = choice_input_cached(self.cat, &c, self.options, &self.kernels)?;
        if hold(&self.holds, &mut input)? {
            input.kernels = cached_kernels(self.cat, &input.offload, &self.kernels)?;
        }
        Ok(Verdicts::compute(&input)?)
    }

    /// The headline results with `k` at `value` (`None`: refused).
    pub(super) fn headlines_at(&self, k: &Knob, value: f64) -> Option<Vec<Headline>> {
        self.verdicts(&k.set(&self.node, value))
            .ok()
            .map(|v| headlines(&v, self.focus))
    }

    /// The decisions with `k` at `value` (`None`: refused).
    pub fn decisions_at(&self, k: &Knob, value: f64) -> Option<Vec<Decision>> {
        self.verdicts(&k.set(&self.node, value))
            .ok()
            .map(|v| decisions(&v, self.focus))
    }
}

/// `f` of every item, the items split over two threads, in order.
pub fn threads_over<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let half = items.len().div_ceil(2);
    std::thread::scope(|s| {
        let first = s.spawn(|| items[..half].iter().map(&f).collect::<Vec<_>>());
        let second: Vec<R> = items[half..].iter().map(&f).collect();
        let mut all = first.join().unwrap_or_default();
        all.extend(second);
        all
    })
}
