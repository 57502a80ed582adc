//! `--measured FILE` of `eval boathull` and `export --view boathull`: a
//! CSV of measured times against f, set against the model.

use std::path::Path;

use serde_json::{Value, json};

use crate::cli::{CliError, preset_error};
use hetscope_figure::boathull::BoathullProcessor;
use hetscope_figure::boathull::measured::{Comparison, compare};
use hetscope_model::boathull::{Class, ClassOptions, MeasuredCurve};

/// Read `--measured FILE`.
pub(super) fn load(path: &Path) -> Result<MeasuredCurve, CliError> {
    hetscope_preset::boathull::load_measured_curve(path).map_err(|e| preset_error("measured", e))
}

/// The `measured` object of `eval boathull`: per measured point of the
/// class the model's time and the relative error, and per processor the
/// median and largest absolute error. `candidates[0]` is the evaluated
/// processor; the others (the platform's other processor) only decide
/// which measured processors are of another kind.
pub(super) fn eval_json(
    path: &Path,
    class: &Class,
    options: &ClassOptions,
    candidates: &[&BoathullProcessor],
) -> Result<Value, CliError> {
    let curve = load(path)?;
    let cmp = compare(&curve, class, options, candidates)
        .map_err(|e| CliError::usage(format!("--measured {}: {e}", path.display())))?;
    Ok(comparison_json(&cmp))
}

fn comparison_json(cmp: &Comparison) -> Value {
    let ours = cmp.processors.iter().filter(|c| c.model == 0);
    let points: Vec<Value> = ours
        .clone()
        .flat_map(|c| {
            c.points.iter().map(|p| {
                json!({
                    "processor": c.processor,
                    "variant": p.variant,
                    "line": p.line,
                    "f": p.f,
                    "measured_s": p.measured_s,
                    "model_s": p.model_s,
                    "relative_error": p.relative_error,
                })
            })
        })
        .collect();
    let processors: Vec<Value> = ours
        .map(|c| {
            json!({
                "processor": c.processor,
                "compared_with": c.model_name,
                "matched_by": c.matched_by.text(),
                "points": c.points.len(),
                "median_abs_relative_error": c.median_abs_error(),
                "max_abs_relative_error": c.max_abs_error().map(|m| m.0),
                "max_at_f": c.max_abs_error().map(|m| m.1),
            })
        })
        .collect();
    let mut not_compared: Vec<Value> = cmp
        .processors
        .iter()
        .filter(|c| c.model != 0)
        .map(|c| {
            json!({
                "processor": c.processor,
                "rows": c.points.len(),
                "reason": format!("of the kind of {}, not the evaluated processor", c.model_name),
            })
        })
        .collect();
    not_compared.extend(cmp.unmatched.iter().map(|(name, rows)| {
        json!({
            "processor": name,
            "rows": rows,
            "reason": "matches no processor of the evaluation (add a kind column, cpu or gpu)",
        })
    }));
    json!({
        "file": cmp.file,
        "points": points,
        "processors": processors,
        "other_class_rows": cmp.other_class_rows,
        "not_compared": not_compared,
        "units": {
            "measured_s": "s (from the file)",
            "model_s": "s (the hull, max of c0 and m0: kernel only, no t0)",
            "relative_error": "(model_s - measured_s) / measured_s",
            "median_abs_relative_error": "median over the points of |relative_error|",
        },
    })
}
