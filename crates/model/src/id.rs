//! The models hetscope knows, named once for every layer: the figure's
//! views, the paper check, the command line's `eval` and `export`, the
//! window's tabs and the headless core's registry all use [`ModelId`].
//! Adding a model starts with a line in the list below (the enum, `ALL`,
//! keys and titles come from it); the compiler then names every
//! exhaustive match that must learn of it (see ARCHITECTURE.md).

use serde::{Deserialize, Serialize};

/// The enum, [`ModelId::ALL`], `title` and `key` from one list: a model
/// is added by one line, and nothing can list it in one place and miss
/// it in another.
macro_rules! models {
    ($($(#[$doc:meta])* $variant:ident => $key:literal, $title:literal;)+) => {
        /// One model with its views (PerDome and PeaPaw are one model: the
        /// same space for performance and for energy).
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        pub enum ModelId {
            $($(#[$doc])* $variant,)+
        }

        impl ModelId {
            /// Every model, in tab-bar order.
            pub const ALL: [ModelId; [$($key),+].len()] = [$(ModelId::$variant),+];

            pub fn title(self) -> &'static str {
                match self {
                    $(ModelId::$variant => $title,)+
                }
            }

            /// Short name: storage keys, file names, `eval` subcommands.
            pub fn key(self) -> &'static str {
                match self {
                    $(ModelId::$variant => $key,)+
                }
            }
        }
    };
}

models! {
    /// Every model's verdict on one platform (or two side by side).
    Overview => "overview", "Platform overview";
    /// PerDome and PeaPaw: performance and energy over (I_C, I_G).
    Perdome => "perdome", "PerDome / PeaPaw";
    /// Boat hull: time against operator complexity per algorithm class.
    Boathull => "boathull", "Boat hull";
    /// Functional performance models and data partitioning.
    Fpm => "fpm", "FPM partitioning";
    /// Offload decision: Hong & Kim GPU model against an OpenMP CPU model.
    Offload => "offload", "Offload decision";
}

impl ModelId {
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
