//! Every model's slot in the window, one typed field each: a model's UI
//! reaches its own slot through [`InSlots`] with no downcast, and the
//! window loops over all of them in tab-bar order ([`ModelId::ALL`]). The
//! matches over [`ModelId`] here are exhaustive, so a new model is named
//! by the compiler until it has its field, its arm and its `InSlots`.

use super::model_slot::{AnyModel, ModelSlot};
use super::model_ui::ModelUi;
use super::{BoathullUi, FpmUi, OffloadUi, OverviewUi, PerdomeUi};
use hetscope_figure::ModelId;
use hetscope_preset::Catalog;

/// One slot per model.
pub struct Slots {
    overview: ModelSlot<OverviewUi>,
    perdome: ModelSlot<PerdomeUi>,
    boathull: ModelSlot<BoathullUi>,
    fpm: ModelSlot<FpmUi>,
    offload: ModelSlot<OffloadUi>,
}

/// A model's UI that has a slot: where it is.
pub trait InSlots: ModelUi {
    fn slot(slots: &Slots) -> &ModelSlot<Self>;
    fn slot_mut(slots: &mut Slots) -> &mut ModelSlot<Self>;
}

/// `InSlots` of a UI type by its field.
macro_rules! in_slots {
    ($ui:ty, $field:ident) => {
        impl InSlots for $ui {
            fn slot(slots: &Slots) -> &ModelSlot<Self> {
                &slots.$field
            }
            fn slot_mut(slots: &mut Slots) -> &mut ModelSlot<Self> {
                &mut slots.$field
            }
        }
    };
}

in_slots!(OverviewUi, overview);
in_slots!(PerdomeUi, perdome);
in_slots!(BoathullUi, boathull);
in_slots!(FpmUi, fpm);
in_slots!(OffloadUi, offload);

impl Slots {
    /// Every model's slot, with its first-start state.
    pub fn new(catalog: &Catalog) -> Slots {
        Slots {
            overview: ModelSlot::new(catalog),
            perdome: ModelSlot::new(catalog),
            boathull: ModelSlot::new(catalog),
            fpm: ModelSlot::new(catalog),
            offload: ModelSlot::new(catalog),
        }
    }

    /// The slot of model `id`.
    pub fn by_id(&self, id: ModelId) -> &dyn AnyModel {
        match id {
            ModelId::Overview => &self.overview,
            ModelId::Perdome => &self.perdome,
            ModelId::Boathull => &self.boathull,
            ModelId::Fpm => &self.fpm,
            ModelId::Offload => &self.offload,
        }
    }

    /// The slot of model `id`, to change.
    pub fn by_id_mut(&mut self, id: ModelId) -> &mut dyn AnyModel {
        match id {
            ModelId::Overview => &mut self.overview,
            ModelId::Perdome => &mut self.perdome,
            ModelId::Boathull => &mut self.boathull,
            ModelId::Fpm => &mut self.fpm,
            ModelId::Offload => &mut self.offload,
        }
    }

    /// Every slot in tab-bar order.
    pub fn all(&self) -> impl Iterator<Item = &dyn AnyModel> {
        ModelId::ALL.into_iter().map(|id| self.by_id(id))
    }
}
