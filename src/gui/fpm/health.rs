//! The calibration health of the StarPU model last dropped on the FPM
//! tab: a line per worker (its sizes and runs, the sizes under StarPU's
//! calibration minimum, the deviation of its timings, its fit, its speed
//! against its peers), a worker far off its peers marked. The numbers
//! come from `hetscope_model::fpm::calibration_health`.

use eframe::egui::{self, RichText, Ui};

use hetscope_model::format::fmt_sig;
use hetscope_model::fpm::{CALIBRATION_MINIMUM, DeviceHealth, PEER_FACTOR};

/// The section, collapsed at first: a heading line naming the file and
/// how many workers look miscalibrated, then a line per worker.
pub fn calibration_health_ui(ui: &mut Ui, file: &str, health: &[DeviceHealth]) {
    let off = health.iter().filter(|h| h.off_peers()).count();
    let title = match off {
        0 => format!("Calibration health of {file}"),
        n => format!("Calibration health of {file}: {n} looking miscalibrated"),
    };
    egui::CollapsingHeader::new(title)
        .id_salt("fpm starpu health")
        .show(ui, |ui| {
            ui.weak(format!(
                "As StarPU's model file holds them when it was dropped. Group: workers of one type and implementation; a worker {PEER_FACTOR} times slower or faster than its group's median looks miscalibrated (spikes in its history), and StarPU does not trust a size timed fewer than {CALIBRATION_MINIMUM} times."
            ));
            for h in health {
                worker_line_ui(ui, h);
            }
        });
}

fn worker_line_ui(ui: &mut Ui, h: &DeviceHealth) {
    let pct = |v: f64| format!("{} %", fmt_sig(v * 100.0));
    let mut parts = vec![format!(
        "{} size{}, {} runs",
        h.sizes,
        if h.sizes == 1 { "" } else { "s" },
        h.runs
    )];
    if h.under_minimum > 0 {
        parts.push(format!(
            "{} under {CALIBRATION_MINIMUM} runs",
            h.under_minimum
        ));
    }
    if let Some(d) = h.median_deviation {
        parts.push(format!("deviation {}", pct(d)));
    }
    if let Some((kind, valid)) = h.fit {
        let trust = if valid { "" } else { ", not trusted" };
        let off = h
            .fit_error
            .map(|e| format!(", {} off its points", pct(e)))
            .unwrap_or_default();
        parts.push(format!("{}{trust}{off}", kind.name()));
    }
    if let Some(r) = h.peer_ratio {
        parts.push(format!("{} x its group's median speed", fmt_sig(r)));
    }
    let text = format!("{}: {}", h.name, parts.join("; "));
    if h.off_peers() {
        ui.label(RichText::new(format!("{text}: looks miscalibrated")).color(ui.visuals().warn_fg_color))
            .on_hover_text("Far off the workers of its type: StarPU's scheduler, trusting this history, gives it too little work (or too much). Recalibrate it (STARPU_CALIBRATE=2 recalibrates from scratch).");
    } else {
        ui.label(text);
    }
}
