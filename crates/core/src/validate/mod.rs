//! How good is each model on a machine: every model's predictions on a
//! platform set against the measured files that go with it (offload
//! speedups and decisions, the boat hull curve, PerDome partitions,
//! energy runs, FPM speed functions against the constant speed fitted to
//! them), one table per file with each row's relative error and, where a
//! model decides, whether the decision is right; as JSON and CSV
//! (`hetscope validate`).
//!
//! The relative error of a row is (predicted - measured) / measured.

mod boathull;
mod fpm;
mod holdout;
mod host_loops;
mod offload;
mod perdome;
mod row;
mod score;
mod table;
mod view;

pub use holdout::{Fold, HeldOut};
pub use score::{CLEAR, accuracy, factor, is_clear};
pub use table::{Row, Table};

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};

use crate::boathull::{Boathull, ProcessorChoice};
use crate::fpm::Fpm;
use crate::offload::Offload;
use crate::perdome::{Perdome, PlatformState};
use crate::recognize::{FileKind, recognize};
use crate::session_set::load_measured;
use crate::{CoreError, Model, Session};
use hetscope_model::offload::OffloadParam;
use hetscope_model::perdome::Specs;
use hetscope_preset::Catalog;
use hetscope_preset::platform::{PlatformChoice, platform_choice};

/// Every table of one validation, on one platform.
#[derive(Clone, Debug, PartialEq)]
pub struct Validation {
    /// The platform's name and how it was named (id or file).
    pub platform: String,
    pub platform_key: String,
    pub tables: Vec<Table>,
}

/// Compare the models on `platform` (a catalog id or platform file) with
/// each measured file of `files`, its kind told by its content; the
/// first file that cannot be compared is the error.
pub fn validate(
    platform: &str,
    files: &[&Path],
    catalog: &Catalog,
) -> Result<Validation, CoreError> {
    let (mut v, tables) = validate_each(platform, files, catalog)?;
    v.tables = tables.into_iter().collect::<Result<_, _>>()?;
    Ok(v)
}

/// Each measured file's table, or why it could not be compared.
pub type EachTable = Vec<Result<Table, CoreError>>;

/// [`validate`] with each file's table or why it could not be compared
/// (the returned validation's own `tables` empty): the platform is set
/// up once for all of them.
pub fn validate_each(
    platform: &str,
    files: &[&Path],
    catalog: &Catalog,
) -> Result<(Validation, EachTable), CoreError> {
    validate_each_tuned(platform, files, catalog, None).map(|(v, t, _)| (v, t))
}

/// The parameters the models' tabs hold where a validation compares
/// them with measurements: PerDome's platform values and specifications,
/// the boat hull's two processors, offload's platform and its changed
/// values. (FPM is judged on the measured speed function alone.)
#[derive(Clone, Debug, PartialEq)]
pub struct TabParameters {
    pub perdome: (PlatformState, [Specs; 2]),
    pub boathull: (ProcessorChoice, ProcessorChoice),
    pub offload: (String, BTreeMap<OffloadParam, f64>),
}

impl TabParameters {
    /// What the tabs of `session` hold.
    pub fn of(session: &Session) -> TabParameters {
        TabParameters {
            perdome: (session.perdome.platform.clone(), session.perdome.specs),
            boathull: (
                session.boathull.processor.clone(),
                session.boathull.partner.clone(),
            ),
            offload: (
                session.offload.platform.clone(),
                session.offload.overrides.clone(),
            ),
        }
    }

    /// Put these into `session`; the models whose values changed, named
    /// as the overview names them.
    fn apply(&self, session: &mut Session) -> Vec<String> {
        let mut edited = Vec::new();
        if TabParameters::of(session).perdome != self.perdome {
            (session.perdome.platform, session.perdome.specs) = self.perdome.clone();
            edited.push("PerDome / PeaPaw".to_string());
        }
        if TabParameters::of(session).boathull != self.boathull {
            (session.boathull.processor, session.boathull.partner) = self.boathull.clone();
            edited.push("boat hull".to_string());
        }
        if TabParameters::of(session).offload != self.offload {
            (session.offload.platform, session.offload.overrides) = self.offload.clone();
            edited.push("offload".to_string());
        }
        edited
    }
}

/// [`validate_each`] with the models as their tabs hold them (`tabs`),
/// where given: the models so taken are named (third of the result).
pub fn validate_each_tuned(
    platform: &str,
    files: &[&Path],
    catalog: &Catalog,
    tabs: Option<&TabParameters>,
) -> Result<(Validation, EachTable, Vec<String>), CoreError> {
    let choice = platform_choice(platform, catalog)?;
    let mut session = session_of(&choice, catalog)?;
    let edited = tabs.map_or_else(Vec::new, |t| t.apply(&mut session));
    let tables = files
        .iter()
        .map(|path| table_of(&session, path, catalog))
        .collect();
    let v = Validation {
        platform: choice.preset.name.clone(),
        platform_key: choice.key.clone(),
        tables: Vec::new(),
    };
    Ok((v, tables, edited))
}

/// A session with `choice` as the platform of every model a measured
/// file is compared with (the overview, which compares nothing, aside:
/// it draws this view).
fn session_of(choice: &PlatformChoice, catalog: &Catalog) -> Result<Session, CoreError> {
    let mut s = Session::new(catalog);
    Perdome::use_platform(&mut s.perdome, choice, catalog)?;
    Boathull::use_platform(&mut s.boathull, choice, catalog)?;
    Fpm::use_platform(&mut s.fpm, choice, catalog)?;
    Offload::use_platform(&mut s.offload, choice, catalog)?;
    Ok(s)
}

/// The table of one measured file.
fn table_of(session: &Session, path: &Path, catalog: &Catalog) -> Result<Table, CoreError> {
    let file = path.display().to_string();
    let text = hetscope_preset::read_text(path)?;
    let kind = recognize(&file, text.as_bytes())?;
    let not_measured = |what| {
        Err(crate::file_error::FileError::NotMeasured {
            file: file.clone(),
            what,
            takes: crate::reads::measurement_kinds().join(", "),
        }
        .into())
    };
    if !crate::reads::is_measurement(kind) {
        return not_measured(kind.describe());
    }
    match kind {
        FileKind::OffloadSpeedups | FileKind::BoathullTimes | FileKind::EnergyRuns => {
            let mut s = session.clone();
            load_measured(&mut s, path, catalog)?;
            match kind {
                FileKind::OffloadSpeedups => offload::speedups(&s, &file, catalog),
                FileKind::BoathullTimes => boathull::times(&s, &file, catalog),
                _ => perdome::energy_runs(&s, &file),
            }
        }
        FileKind::PerdomeMeasured => perdome::partitions(session, &text, &file),
        FileKind::SpeedFunction => fpm::speed_function(&text, &file),
        FileKind::HostLoopTimes => {
            let times = hetscope_preset::offload::parse_host_loops(&text, &file, catalog)?;
            host_loops::host_loops(session, &times, catalog)
        }
        other => not_measured(other.describe()),
    }
}

impl Validation {
    /// The JSON `hetscope validate` prints.
    pub fn to_json(&self) -> Value {
        json!({
            "platform": self.platform,
            "platform_key": self.platform_key,
            "tables": self.tables.iter().map(Table::to_json).collect::<Vec<_>>(),
            "units": {
                "relative_error": "(predicted - measured) / measured",
                "decision_right": "the model's decision is the one the measurement supports",
            },
        })
    }

    /// Every row of every table as CSV: model, file, row, quantity, unit,
    /// measured, predicted, relative error, decision right.
    pub fn to_csv(&self) -> String {
        let mut out = String::from(
            "model,file,row,quantity,unit,measured,predicted,relative_error,decision_right\n",
        );
        for t in &self.tables {
            t.write_csv(&mut out);
        }
        out
    }
}
