//! Central area of the offload views: the chart and, in the offload view,
//! the kernel's accesses as an editable table with the stride and
//! coalescing each subscript implies at the chosen size.

use eframe::egui::{self, RichText, TextEdit, Ui};

use hetscope_core::offload::{KernelEdit, OffloadScenario};
use hetscope_figure::offload::coalescing_text;
use hetscope_figure::{ChartFigure, View};
use hetscope_model::format::fmt_whole;
use hetscope_model::offload::{Coalescing, SubscriptError, parse_access};

pub fn offload_view_ui(
    ui: &mut Ui,
    state: &mut OffloadScenario,
    rows: &mut AccessRows,
    view: View,
    fig: &ChartFigure,
) {
    if view == View::Offload && state.edit.id == state.kernel {
        egui::Panel::bottom("offload_accesses")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    access_table_ui(ui, &mut state.edit, rows, state.size);
                });
            });
    }
    crate::gui::chart_view::chart_ui(ui, fig);
}

/// The access table's rows, parsed once per change of the subscripts or
/// the size (not every frame).
#[derive(Default)]
pub struct AccessRows {
    /// The edit and size the rows were made from.
    made_from: Option<(KernelEdit, u64)>,
    rows: Vec<Result<Derived, SubscriptError>>,
}

impl AccessRows {
    /// The rows of `edit` at size `n`.
    fn of(&mut self, edit: &KernelEdit, n: f64) -> &[Result<Derived, SubscriptError>] {
        let fresh = self
            .made_from
            .as_ref()
            .is_some_and(|(e, bits)| e == edit && *bits == n.to_bits());
        if !fresh {
            self.rows = edit.subscripts.iter().map(|t| derive(edit, t, n)).collect();
            self.made_from = Some((edit.clone(), n.to_bits()));
        }
        &self.rows
    }
}

/// One subscript as the table shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Derived {
    pub array: String,
    pub symbolic: String,
    pub stride: String,
    pub coalesced: String,
    /// Coalesced at the size (`None`: unknown).
    pub is_coalesced: Option<bool>,
    /// Along the host's innermost loop index: "unit", "none" or the
    /// stride (the host vectorizes when every access is unit or none).
    pub host: String,
    pub host_vectorizable: Option<bool>,
}

/// What a subscript text gives for the kernel at size `n`, or the parse
/// error (with its column).
pub fn derive(edit: &KernelEdit, text: &str, n: f64) -> Result<Derived, SubscriptError> {
    let indices: Vec<&str> = edit.loop_indices.iter().map(String::as_str).collect();
    let acc = parse_access(text, &indices)?;
    let par = edit.parallel_index.as_str();
    let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    let (stride, coalesced, is_coalesced) =
        match acc.stride(par, &[(edit.size_name.as_str(), size)]) {
            Ok(s) => {
                let c = Coalescing::of_stride(s);
                let yes = if c.is_coalesced() { "yes" } else { "no" };
                (
                    s.to_string(),
                    format!("{yes} ({})", coalescing_text(c)),
                    Some(c.is_coalesced()),
                )
            }
            Err(e) => (e.to_string(), "unknown".into(), None),
        };
    let inner = edit.loop_indices.last().map_or(par, String::as_str);
    let (host, host_vectorizable) = match acc.stride(inner, &[(edit.size_name.as_str(), size)]) {
        Ok(0) => ("none (invariant or reduction)".to_string(), Some(true)),
        Ok(1 | -1) => ("unit".to_string(), Some(true)),
        Ok(k) => (format!("stride {k}: scalar"), Some(false)),
        Err(_) => ("unknown".to_string(), None),
    };
    Ok(Derived {
        host,
        host_vectorizable,
        symbolic: acc.symbolic_stride(par).to_string(),
        array: acc.array.unwrap_or_default(),
        stride,
        coalesced,
        is_coalesced,
    })
}

fn access_table_ui(ui: &mut Ui, edit: &mut KernelEdit, rows: &mut AccessRows, n: f64) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Accesses of the loop body");
        ui.weak(format!(
            "parallel index {}; loop indices {}; size {} = {}. Stride in elements between neighbouring GPU threads: 0 or ±1 is coalesced.",
            edit.parallel_index,
            edit.loop_indices.join(", "),
            edit.size_name,
            fmt_whole(n.round())
        ));
        if ui
            .add_enabled(edit.edited(), egui::Button::new("Reset subscripts"))
            .on_hover_text("Restore the kernel preset's subscripts")
            .clicked()
        {
            edit.subscripts = edit.original.clone();
        }
    });
    egui::Grid::new("offload_access_table")
        .num_columns(6)
        .striped(true)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for h in [
                "array",
                "subscript",
                "stride (symbolic)",
                &format!("stride at n = {}", fmt_whole(n.round())),
                "coalesced",
                &format!(
                    "host, along {}",
                    edit.loop_indices.last().map_or("?", String::as_str)
                ),
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            let derived_rows = rows.of(edit, n).to_vec();
            let original = edit.original.clone();
            for (k, (text, derived)) in edit.subscripts.iter_mut().zip(derived_rows).enumerate() {
                let array = match &derived {
                    Ok(d) if !d.array.is_empty() => d.array.clone(),
                    _ => format!("#{}", k + 1),
                };
                ui.label(&array);
                ui.add_sized(
                    [220.0, ui.spacing().interact_size.y],
                    TextEdit::singleline(text).font(egui::TextStyle::Monospace),
                )
                .accessible_name(format!("subscript {}", k + 1))
                .on_hover_text(format!(
                    "As in the preset: {}",
                    original.get(k).map_or("", String::as_str)
                ));
                derived_cells_ui(ui, derived.as_ref());
                ui.end_row();
            }
        });
}

/// The cells one subscript derives: its strides, its coalescing and
/// whether the host vectorizes along it, or why it does not parse.
fn derived_cells_ui(ui: &mut Ui, derived: Result<&Derived, &SubscriptError>) {
    let red = ui.visuals().error_fg_color;
    let weak = ui.visuals().weak_text_color();
    let tint = |ok: Option<bool>, ui: &Ui| match ok {
        Some(true) => ui.visuals().text_color(),
        Some(false) => red,
        None => weak,
    };
    match derived {
        Ok(d) => {
            ui.label(RichText::new(&d.symbolic).monospace());
            ui.label(&d.stride);
            ui.colored_label(tint(d.is_coalesced, ui), &d.coalesced);
            ui.colored_label(tint(d.host_vectorizable, ui), &d.host).on_hover_text(
                "The host's compiler vectorizes the loop when every access has unit or no stride along its innermost index",
            );
        }
        Err(e) => {
            ui.colored_label(red, e.to_string());
        }
    }
}
