//! The CPU time of one frame of the real app after a slider change, for
//! every view of every model, on one platform and compared with a second:
//! the state changes as a drag would change it, then egui_kittest runs one
//! frame (panels, recomputation, figure, plot layout) and egui tessellates
//! what it painted into triangles, as the window does before the GPU
//! draws them (no GPU rendering).
//!
//! A pointer button is held down throughout, as in a drag.
//!
//! `cargo bench --bench frame -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use egui_kittest::Harness;
use hetscope::figure::View;
use hetscope::gui::{HetscopeApp, Tab};

/// The platform a two-platform frame compares with.
const SECOND: &str = "xeon-8480-h100";

fn harness(tab: Tab, second: Option<&str>) -> Harness<'static, HetscopeApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| HetscopeApp::default_state());
    if let Some(p) = second {
        assert!(h.state_mut().compare_with(Some(p)), "compared with {p}");
        h.run();
    }
    h.state_mut().session.tab = tab;
    h.run();
    assert_eq!(
        h.state().session.tab,
        tab,
        "the bench measures the view it names"
    );
    // A drag holds a pointer button down (on the status line here, where
    // it moves nothing): what waits for it to be let go (the overview's
    // sensitivity in the background) waits in the bench too.
    let at = egui::pos2(4.0, 946.0);
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    settle(&mut h);
    h
}

/// Let a job the setup started in the background (the overview's
/// sensitivity, asked for before the button went down) finish, so that
/// no thread of this view's setup runs beside the frames measured.
fn settle(h: &mut Harness<'static, HetscopeApp>) {
    for _ in 0..4000 {
        if !h.state().computing() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    assert!(!h.state().computing(), "the setup's jobs finished");
}

/// One step of a drag on a slider of the model that shows `tab`: the value
/// moves back and forth by 1%.
fn nudge(app: &mut HetscopeApp, tab: Tab, up: bool) {
    let k = if up { 1.01 } else { 1.0 / 1.01 };
    let group = tab.view().map(View::model);
    match group {
        Some(hetscope::figure::ModelId::Boathull) => app.session.boathull.f *= k,
        Some(hetscope::figure::ModelId::Fpm) => {
            let s = &mut app.session.fpm;
            s.integer = false;
            s.n_units *= k;
        }
        Some(hetscope::figure::ModelId::Offload) => app.session.offload.size_hi *= k,
        // The FPM size of the overview: every model's verdict again.
        Some(hetscope::figure::ModelId::Overview) => {
            let s = &mut app.session.overview;
            s.fpm_n = if up { s.fpm_n + 1.0 } else { s.fpm_n - 1.0 };
        }
        _ => app.session.perdome.platform.params.gpu.t_f *= k,
    }
}

/// One frame: a step of the app, then the tessellation of its shapes.
fn frame(h: &mut Harness<'static, HetscopeApp>) -> usize {
    h.step();
    let out = h.output();
    let meshes = h.ctx.tessellate(out.shapes.clone(), out.pixels_per_point);
    meshes.len()
}

fn frames(c: &mut Criterion) {
    let tabs: Vec<Tab> = View::ALL
        .into_iter()
        .map(Tab::Figure)
        .chain([Tab::Classification])
        .collect();
    for second in [None, Some(SECOND)] {
        for &tab in &tabs {
            let mut h = harness(tab, second);
            let mut up = false;
            let pair = if second.is_some() {
                " (two platforms)"
            } else {
                ""
            };
            let name = format!("frame after a change: {}{pair}", tab.title());
            c.bench_function(&name, |b| {
                b.iter(|| {
                    up = !up;
                    nudge(h.state_mut(), tab, up);
                    frame(&mut h)
                })
            });
            assert!(
                h.state().param_error().is_none(),
                "{name}: {:?}",
                h.state().param_error()
            );
        }
    }
    cache_aware_offload(c);
    sensitivity_table(c);
}

/// The sensitivity view with its table computed (flip points too), the
/// result picked changing: the tornado, the parameters' rows and the flip
/// points drawn again (the table is not recomputed).
fn sensitivity_table(c: &mut Criterion) {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| HetscopeApp::default_state());
    h.state_mut().use_platform("xeon-8480-h100");
    h.state_mut().session.tab = Tab::Figure(View::Sensitivity);
    h.step();
    settle(&mut h);
    h.step();
    let results = ["offload.speedup.atax2", "perdome.best"];
    let mut k = 0;
    c.bench_function(
        "frame after a change: Sensitivity (another result, table shown)",
        |b| {
            b.iter(|| {
                k = 1 - k;
                h.state_mut().session.overview.sensitivity.result = results[k].into();
                frame(&mut h)
            })
        },
    );
    assert!(!h.state().computing(), "the table stayed computed");
}

/// The offload views in the cache-aware formulation: every decision of
/// the sweep and the suite also counts each access's lines.
fn cache_aware_offload(c: &mut Criterion) {
    use hetscope::model::offload::Formulation;
    for view in [View::Offload, View::OffloadSuite] {
        let tab = Tab::Figure(view);
        let mut h = harness(tab, None);
        h.state_mut().session.offload.formulation = Some(Formulation::CacheAware);
        h.run();
        settle(&mut h);
        let mut up = false;
        let name = format!("frame after a change: {} (cache-aware)", tab.title());
        c.bench_function(&name, |b| {
            b.iter(|| {
                up = !up;
                nudge(h.state_mut(), tab, up);
                frame(&mut h)
            })
        });
        assert!(h.state().param_error().is_none(), "{name}");
    }
}

criterion_group!(benches, frames);
criterion_main!(benches);
