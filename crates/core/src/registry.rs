//! Every model, named once: [`with_model`] is the one exhaustive match
//! over [`ModelId`] that turns an id into its [`Model`]. Everything that
//! works on any model goes through it (here: evaluation, figures,
//! parameters and platforms of a session; in the window: the tabs and
//! panels), so a new model is a variant of `ModelId` and an arm here, and
//! the compiler names both.

use serde_json::Value;

use crate::model::Model;
use crate::{CoreError, Session};
use hetscope_figure::{Camera, Figure, View};
use hetscope_model::ModelId;
use hetscope_preset::Catalog;
use hetscope_preset::platform::PlatformChoice;

/// Something to do with one model, whichever it is.
pub trait ForModel {
    type Out;
    fn run<M: Model>(self) -> Self::Out;
}

/// Run `f` with the model `id`.
pub fn with_model<F: ForModel>(id: ModelId, f: F) -> F::Out {
    match id {
        ModelId::Overview => f.run::<crate::overview::Overview>(),
        ModelId::Perdome => f.run::<crate::perdome::Perdome>(),
        ModelId::Boathull => f.run::<crate::boathull::Boathull>(),
        ModelId::Fpm => f.run::<crate::fpm::Fpm>(),
        ModelId::Offload => f.run::<crate::offload::Offload>(),
    }
}

/// The JSON `hetscope eval` prints for model `id` of a session, asking
/// what the model reports by default.
pub fn eval(id: ModelId, session: &Session, catalog: &Catalog) -> Result<Value, CoreError> {
    struct Eval<'a>(&'a Session, &'a Catalog);
    impl ForModel for Eval<'_> {
        type Out = Result<Value, CoreError>;
        fn run<M: Model>(self) -> Self::Out {
            M::eval(M::scenario(self.0), &M::Query::default(), self.1)
        }
    }
    with_model(id, Eval(session, catalog))
}

/// The figure of `view` of a session: its model's input, computed, drawn.
pub fn figure(view: View, session: &Session, catalog: &Catalog) -> Result<Figure, CoreError> {
    struct Draw<'a>(View, &'a Session, &'a Catalog);
    impl ForModel for Draw<'_> {
        type Out = Result<Figure, CoreError>;
        fn run<M: Model>(self) -> Self::Out {
            let input = M::session_input(self.0, self.1, self.2)?;
            M::figure(self.0, &M::compute(&input)?)
        }
    }
    with_model(view.model(), Draw(view, session, catalog))
}

/// The camera a session's `view` is seen from (a surface's; the default
/// for a view without one), as the window shows it and exports it.
pub fn camera(view: View, session: &Session) -> Camera {
    struct Cam<'a>(&'a Session);
    impl ForModel for Cam<'_> {
        type Out = Camera;
        fn run<M: Model>(self) -> Self::Out {
            M::camera(M::scenario(self.0))
        }
    }
    with_model(view.model(), Cam(session))
}

/// Give model `id` the platform `platform`: its parameters of it.
pub fn use_platform(
    id: ModelId,
    session: &mut Session,
    platform: &PlatformChoice,
    catalog: &Catalog,
) -> Result<(), CoreError> {
    struct Use<'a>(&'a mut Session, &'a PlatformChoice, &'a Catalog);
    impl ForModel for Use<'_> {
        type Out = Result<(), CoreError>;
        fn run<M: Model>(self) -> Self::Out {
            M::use_platform(M::scenario_mut(self.0), self.1, self.2)
        }
    }
    with_model(id, Use(session, platform, catalog))
}

/// Give model `id` the platform to compare with, or none.
pub fn use_second_platform(
    id: ModelId,
    session: &mut Session,
    platform: Option<&PlatformChoice>,
    catalog: &Catalog,
) -> Result<(), CoreError> {
    struct Use<'a>(&'a mut Session, Option<&'a PlatformChoice>, &'a Catalog);
    impl ForModel for Use<'_> {
        type Out = Result<(), CoreError>;
        fn run<M: Model>(self) -> Self::Out {
            M::use_second_platform(M::scenario_mut(self.0), self.1, self.2)
        }
    }
    with_model(id, Use(session, platform, catalog))
}

/// Give every model the platform `platform`, and name it in the session;
/// the models that could not take it, with why.
pub fn use_platform_everywhere(
    session: &mut Session,
    platform: &PlatformChoice,
    catalog: &Catalog,
) -> Vec<(ModelId, CoreError)> {
    session.platform = Some(platform.key.clone());
    ModelId::ALL
        .into_iter()
        .filter_map(|id| {
            use_platform(id, session, platform, catalog)
                .err()
                .map(|e| (id, e))
        })
        .collect()
}

/// Give every model the platform to compare with (or none), and name it
/// in the session; the models that could not take it, with why.
pub fn compare_everywhere(
    session: &mut Session,
    platform: Option<&PlatformChoice>,
    catalog: &Catalog,
) -> Vec<(ModelId, CoreError)> {
    session.platform2 = platform.map(|p| p.key.clone());
    ModelId::ALL
        .into_iter()
        .filter_map(|id| {
            use_second_platform(id, session, platform, catalog)
                .err()
                .map(|e| (id, e))
        })
        .collect()
}

/// The first value of a session no option, slider or file reader would
/// take, with its field (`fpm.n_units`): the platforms' names, then each
/// model's [`Model::check`].
pub fn check(session: &Session) -> Result<(), crate::check::FieldProblem> {
    use crate::check::{FieldProblem, short_name};
    struct Check<'a>(&'a Session);
    impl ForModel for Check<'_> {
        type Out = Result<(), FieldProblem>;
        fn run<M: Model>(self) -> Self::Out {
            M::check(M::scenario(self.0))
                .map_err(|p| FieldProblem::new(format!("{}.{}", M::ID.key(), p.field), p.message))
        }
    }
    if let Some(p) = &session.platform {
        short_name("platform", p)?;
    }
    if let Some(p) = &session.platform2 {
        short_name("platform2", p)?;
    }
    ModelId::ALL
        .into_iter()
        .try_for_each(|id| with_model(id, Check(session)))
}
