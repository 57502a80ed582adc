//! The overrides of an offload scenario: which parameters they change
//! (the bus's rate of both directions stands for each direction's) and
//! the platform they make, for showing values.

use std::collections::BTreeSet;

use super::scenario::{BasePlatform, OffloadScenario};
use hetscope_model::offload::{OffloadParam, Platform};

impl OffloadScenario {
    /// The parameters the overrides change: each overridden one, and for
    /// the bus the rates it shares (`bus_gbs` sets both directions; a
    /// direction changes what `bus_gbs` reads).
    pub fn edited_params(&self) -> BTreeSet<OffloadParam> {
        use OffloadParam::{BusD2hGbs, BusGbs, BusH2dGbs};
        let mut out = BTreeSet::new();
        for p in self.overrides.keys() {
            out.insert(*p);
            match p {
                BusGbs => out.extend([BusH2dGbs, BusD2hGbs]),
                BusH2dGbs | BusD2hGbs => {
                    out.insert(BusGbs);
                }
                _ => {}
            }
        }
        out
    }

    /// `base`'s model with every override that is in range applied (for
    /// showing values; [`Self::platform_of`] refuses one out of range).
    pub fn overridden_model(&self, base: &BasePlatform) -> Platform {
        let mut model = base.model.clone();
        for (p, v) in &self.overrides {
            // One out of range leaves the value as it was.
            model.set_param(*p, *v).ok();
        }
        model
    }
}
