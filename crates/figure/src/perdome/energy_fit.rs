//! The energy parameters of one processor fitted to measured runs
//! (PeaPaw 6.2: E = e_f N_f + e_b N_b + p_s T by least squares): the
//! measured energy of each run beside the fitted model's, and each run's
//! relative residual. With an idle power given, the fit with p_s held at
//! it is drawn beside the free one.

use crate::chart::{
    Bar, BarSet, ChartAxis, ChartFigure, ChartPanel, Orientation, RefLine, Scale, palette,
};
use crate::error::FigureError;
use hetscope_model::format::{fmt_edit, fmt_num};
use hetscope_model::perdome::energy_fit::{self, EnergyFit, EnergyRun};

/// Title of the first panel.
pub const ENERGY_TITLE: &str = "Measured and modelled energy per run";
/// Title of the second panel.
pub const RESIDUAL_TITLE: &str = "Relative residual per run";

/// The runs of one file and the optional idle power.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EnergyFitInput {
    /// The file the runs were read from (empty: none loaded).
    pub origin: String,
    /// One label per run.
    pub labels: Vec<String>,
    pub runs: Vec<EnergyRun>,
    /// Static power to hold p_s at (the measured idle power), W.
    pub idle_w: Option<f64>,
}

/// The free fit and, with an idle power, the fit with p_s held there.
#[derive(Clone, Debug, PartialEq)]
pub struct Fits {
    pub free: EnergyFit,
    pub fixed: Option<EnergyFit>,
}

impl Fits {
    /// The fit to use: the one with p_s held at the idle power where one
    /// is given, else the free one.
    pub fn chosen(&self) -> &EnergyFit {
        self.fixed.as_ref().unwrap_or(&self.free)
    }
}

impl EnergyFitInput {
    /// Both fits, or why there are none.
    pub fn fits(&self) -> Result<Fits, FigureError> {
        let err = |source| FigureError::EnergyFit {
            context: (!self.origin.is_empty()).then(|| self.origin.clone()),
            source,
        };
        if let Some(w) = self.idle_w
            && !(w.is_finite() && w >= 0.0)
        {
            return Err(FigureError::input(
                format!("idle power {} W", fmt_num(w)),
                "must be a finite zero or positive number",
            ));
        }
        let free = energy_fit::fit(&self.runs, None).map_err(err)?;
        let fixed = match self.idle_w {
            Some(w) => Some(energy_fit::fit(&self.runs, Some(w)).map_err(err)?),
            None => None,
        };
        Ok(Fits { free, fixed })
    }
}

/// "e_f = 8.80 pJ/flop, e_b = 137.0 pJ/byte, p_s = 63.00 W".
pub fn params_text(f: &EnergyFit) -> String {
    format!(
        "e_f = {} pJ/flop, e_b = {} pJ/byte, p_s = {} W",
        fmt_num(f.e_f_pj),
        fmt_num(f.e_b_pj),
        fmt_num(f.p_s_w)
    )
}

/// The fit's energy of one run, J.
pub fn model_energy(f: &EnergyFit, r: &EnergyRun) -> f64 {
    f.e_f_pj * r.n_flops * 1e-12 + f.e_b_pj * r.n_bytes * 1e-12 + f.p_s_w * r.time_s
}

/// The figure of the fit; with no runs loaded, empty panels and a note
/// saying how to load some.
pub fn build(input: &EnergyFitInput) -> Result<ChartFigure, FigureError> {
    let title = "Energy parameters from measured runs".to_string();
    if input.runs.is_empty() {
        return Ok(ChartFigure {
            title,
            subtitle: "no runs loaded".into(),
            panels: vec![energy_panel(input, None), residual_panel(input, None)],
            notes: vec![
                "Load a CSV of measured runs (columns time_s, energy_j, n_flops, n_bytes) to fit e_f, e_b and p_s.".into(),
            ],
        });
    }
    let fits = input.fits()?;
    Ok(ChartFigure {
        title,
        subtitle: format!(
            "{} | {} runs | E = e_f N_f + e_b N_b + p_s T, least squares (PeaPaw 6.2)",
            input.origin,
            input.runs.len()
        ),
        panels: vec![
            energy_panel(input, Some(&fits)),
            residual_panel(input, Some(&fits)),
        ],
        notes: notes(input, &fits),
    })
}

fn notes(input: &EnergyFitInput, fits: &Fits) -> Vec<String> {
    let worst = |f: &EnergyFit| fmt_num(f.max_abs_residual() * 100.0);
    let mut out = vec![format!(
        "Free fit: {}; max |residual| {} %.",
        params_text(&fits.free),
        worst(&fits.free)
    )];
    match (&fits.fixed, input.idle_w) {
        (Some(f), Some(w)) => out.push(format!(
            "p_s fixed at the idle power {} W: e_f = {} pJ/flop, e_b = {} pJ/byte; max |residual| {} %.",
            fmt_edit(w),
            fmt_num(f.e_f_pj),
            fmt_num(f.e_b_pj),
            worst(f)
        )),
        _ => out.push("No idle power given: p_s is fitted with e_f and e_b.".into()),
    }
    let all = std::iter::once(&fits.free).chain(&fits.fixed);
    if all
        .flat_map(|f| [f.e_f_pj, f.e_b_pj, f.p_s_w])
        .any(|v| v < 0.0)
    {
        out.push("A negative parameter is not physical: the runs do not vary flops, bytes and time enough to separate them.".into());
    }
    out
}

/// Bar sets of the fits: (name, colour, values per run).
type Sets = Vec<(String, [u8; 3], Vec<f64>)>;

/// Side-by-side bar sets in each category.
fn bar_sets(sets: Sets, labels: &[String], unit: &str) -> Vec<BarSet> {
    let n = sets.len().max(1) as f64;
    let width = 0.8 / n;
    sets.into_iter()
        .filter(|(_, _, values)| !values.is_empty())
        .enumerate()
        .map(|(k, (name, color, values))| BarSet {
            bars: values
                .iter()
                .enumerate()
                .map(|(c, v)| Bar {
                    category: c,
                    base: 0.0,
                    value: *v,
                    range: None,
                    label: format!(
                        "{}: {name} {} {unit}",
                        labels.get(c).map_or("", String::as_str),
                        fmt_num(*v)
                    ),
                })
                .collect(),
            name,
            color,
            width: width * 0.9,
            offset: (k as f64 - (n - 1.0) / 2.0) * width,
            value_labels: false,
        })
        .collect()
}

fn fixed_name(input: &EnergyFitInput) -> String {
    format!(
        "fit, p_s = {} W",
        input.idle_w.map_or_else(String::new, fmt_edit)
    )
}

fn energy_panel(input: &EnergyFitInput, fits: Option<&Fits>) -> ChartPanel {
    let y = ChartAxis::new("energy", "J", Scale::Linear, 0.0, 1.0);
    let mut p = ChartPanel::bars(ENERGY_TITLE, input.labels.clone(), y);
    let measured: Vec<f64> = input.runs.iter().map(|r| r.energy_j).collect();
    let mut sets: Sets = vec![("measured".into(), palette::GREY, measured)];
    if let Some(fits) = fits {
        let of = |f: &EnergyFit| input.runs.iter().map(|r| model_energy(f, r)).collect();
        sets.push(("fit, p_s fitted".into(), palette::BLUE, of(&fits.free)));
        if let Some(f) = &fits.fixed {
            sets.push((fixed_name(input), palette::VERMILION, of(f)));
        }
    }
    p.bars = bar_sets(sets, &input.labels, "J");
    p.fit_y(Some(0.0));
    p
}

fn residual_panel(input: &EnergyFitInput, fits: Option<&Fits>) -> ChartPanel {
    let y = ChartAxis::new(
        "(model - measured) / measured",
        "%",
        Scale::Linear,
        -1.0,
        1.0,
    );
    let mut p = ChartPanel::bars(RESIDUAL_TITLE, input.labels.clone(), y);
    let mut sets: Sets = Vec::new();
    if let Some(fits) = fits {
        let pct = |f: &EnergyFit| f.residuals.iter().map(|r| r * 100.0).collect();
        sets.push(("fit, p_s fitted".into(), palette::BLUE, pct(&fits.free)));
        if let Some(f) = &fits.fixed {
            sets.push((fixed_name(input), palette::VERMILION, pct(f)));
        }
    }
    p.bars = bar_sets(sets, &input.labels, "%");
    p.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 0.0,
        label: String::new(),
        color: palette::BLACK,
        style: crate::chart::LineStyle::Solid,
    });
    p.fit_y(Some(0.0));
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n_flops: f64, n_bytes: f64, time_s: f64) -> EnergyRun {
        // e_f 10 pJ, e_b 100 pJ, p_s 50 W.
        let energy_j = 10e-12 * n_flops + 100e-12 * n_bytes + 50.0 * time_s;
        EnergyRun {
            n_flops,
            n_bytes,
            time_s,
            energy_j,
        }
    }

    #[test]
    fn both_panels_and_the_fits_in_the_notes() {
        let input = EnergyFitInput {
            origin: "runs.csv".into(),
            labels: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            runs: vec![
                run(1e12, 1e12, 1.0),
                run(5e12, 1e12, 1.5),
                run(1e12, 4e12, 2.0),
                run(3e12, 3e12, 4.0),
            ],
            idle_w: Some(60.0),
        };
        let f = build(&input).expect("a fit");
        assert_eq!(f.panels.len(), 2);
        assert_eq!(f.panels[1].title, RESIDUAL_TITLE);
        assert_eq!(f.panels[0].bars.len(), 3);
        assert!(f.notes[0].contains("e_f = 10.00 pJ/flop"), "{:?}", f.notes);
        assert!(f.notes[1].contains("power 60 W"), "{:?}", f.notes);
    }

    #[test]
    fn no_runs_give_empty_panels_and_a_note() {
        let f = build(&EnergyFitInput::default()).expect("a figure");
        assert_eq!(f.panels.len(), 2);
        assert!(f.panels.iter().all(|p| p.bars.is_empty()));
        assert!(f.notes[0].contains("energy_j"));
    }
}
