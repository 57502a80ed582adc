//! The models hetscope knows, named once for every layer: the figure's
//! views, the paper check, the command line's `eval` and `export`, the
//! window's tabs and the headless core's registry all use [`ModelId`].
//! Adding a model starts with a variant here; the compiler then names
//! every exhaustive match that must learn of it (see ARCHITECTURE.md).

use serde::{Deserialize, Serialize};

/// One model with its views (PerDome and PeaPaw are one model: the same
/// space for performance and for energy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModelId {
    /// Every model's verdict on one platform (or two side by side).
    Overview,
    /// PerDome and PeaPaw: performance and energy over (I_C, I_G).
    Perdome,
    /// Boat hull: time against operator complexity per algorithm class.
    Boathull,
    /// Functional performance models and data partitioning.
    Fpm,
    /// Offload decision: Hong & Kim GPU model against an OpenMP CPU model.
    Offload,
}

impl ModelId {
    /// Every model, in tab-bar order.
    pub const ALL: [ModelId; 5] = [
        ModelId::Overview,
        ModelId::Perdome,
        ModelId::Boathull,
        ModelId::Fpm,
        ModelId::Offload,
    ];

    pub fn title(self) -> &'static str {
        match self {
            ModelId::Overview => "Platform overview",
            ModelId::Perdome => "PerDome / PeaPaw",
            ModelId::Boathull => "Boat hull",
            ModelId::Fpm => "FPM partitioning",
            ModelId::Offload => "Offload decision",
        }
    }

    /// Short name: storage keys, file names, `eval` subcommands.
    pub fn key(self) -> &'static str {
        match self {
            ModelId::Overview => "overview",
            ModelId::Perdome => "perdome",
            ModelId::Boathull => "boathull",
            ModelId::Fpm => "fpm",
            ModelId::Offload => "offload",
        }
    }

    pub fn from_key(key: &str) -> Option<ModelId> {
        ModelId::ALL.into_iter().find(|m| m.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::ModelId;

    #[test]
    fn keys_name_each_model_once() {
        for m in ModelId::ALL {
            assert_eq!(ModelId::from_key(m.key()), Some(m));
        }
        assert_eq!(
            ModelId::from_key("peapaw"),
            None,
            "PeaPaw is PerDome's model"
        );
    }
}
