use super::*;
use crate::Loaded;
use hetscope_preset::Catalog;

fn session() -> Session {
    Session::new(&Catalog::builtin().expect("built-in presets"))
}

#[test]
fn a_slider_step_is_named_by_its_symbol_values_and_unit() {
    let before = session();
    let mut after = before.clone();
    after.perdome.platform.params.cpu.t_f = 0.35;
    let mut h = History::default();
    assert!(h.record(&before, &after));
    let old = fmt_num_of(before.perdome.platform.params.cpu.t_f);
    assert_eq!(
        h.undo_label(),
        Some(format!("t_fC {old} -> 0.35 ps").as_str())
    );
}

fn fmt_num_of(v: f64) -> String {
    super::describe::short_num(v)
}

#[test]
fn undo_and_redo_walk_the_steps_and_keep_the_page_on_screen() {
    let s0 = session();
    let mut s1 = s0.clone();
    s1.perdome.platform.params.gpu.t_b *= 2.0;
    let mut s2 = s1.clone();
    s2.fpm.n_units *= 10.0;
    let mut h = History::default();
    h.record(&s0, &s1);
    h.record(&s1, &s2);
    let mut now = s2.clone();
    now.tab = crate::session::Tab::PaperCheck;
    now.perdome.camera.yaw_deg += 30.0;
    let back = h.undo(&now).expect("a step");
    assert_eq!(back.fpm.n_units, s1.fpm.n_units);
    assert_eq!(back.tab, now.tab, "the page stays");
    assert_eq!(back.perdome.camera, now.perdome.camera, "the camera stays");
    let back = h.undo(&back).expect("a second step");
    assert!(same_content(&back, &s0));
    assert!(h.undo(&back).is_none(), "nothing left");
    let again = h.redo(&back).expect("redo");
    assert!(same_content(&again, &s1));
    assert_eq!(h.redo_len(), 1);
    // A new edit drops what could be redone.
    let mut s3 = again.clone();
    s3.boathull.f *= 2.0;
    h.record(&again, &s3);
    assert_eq!(h.redo_len(), 0);
}

#[test]
fn moving_around_is_not_a_step() {
    let s0 = session();
    let mut s1 = s0.clone();
    s1.tab = crate::session::Tab::Classification;
    s1.perdome.camera.pitch_deg = 80.0;
    let mut h = History::default();
    assert!(!h.record(&s0, &s1));
    assert_eq!(h.undo_len(), 0);
}

#[test]
fn the_history_is_bounded() {
    let mut h = History::new(3);
    let mut s = session();
    for i in 0..10 {
        let mut next = s.clone();
        next.fpm.n_units = 1000.0 + f64::from(i);
        h.record(&s, &next);
        s = next;
    }
    assert_eq!(h.undo_len(), 3);
    let mut now = s;
    while let Some(back) = h.undo(&now) {
        now = back;
    }
    assert_eq!(now.fpm.n_units, 1006.0, "the oldest steps went first");
}

#[test]
fn platforms_and_loaded_data_name_their_steps() {
    let s0 = session();
    let mut s1 = s0.clone();
    s1.platform = Some("xeon-8480-h100".into());
    assert_eq!(
        describe_change(&s0, &s1),
        "Platform of each model's paper -> Xeon Platinum 8480+ + H100 SXM5"
    );
    let mut file = s0.clone();
    file.platform = Some("/data/nodes/my-node.ron".into());
    assert_eq!(
        describe_change(&s0, &file),
        "Platform of each model's paper -> my-node.ron"
    );
    let mut s2 = s0.clone();
    s2.platform2 = Some("i7-gtx750-perdome".into());
    assert_eq!(
        describe_change(&s0, &s2),
        "Compare with i7 2600K + GTX 750 (PerDome)"
    );
    let mut s3 = s0.clone();
    let curve = hetscope_model::boathull::MeasuredCurve {
        file: "times.csv".into(),
        points: Vec::new(),
    };
    s3.boathull.measured = Some(Loaded::from_file("dir/times.csv", b"x", curve));
    assert_eq!(describe_change(&s0, &s3), "Load times.csv");
    assert_eq!(describe_change(&s3, &s0), "Unload times.csv");
    let mut s4 = s0.clone();
    s4.fpm.show_cpm = !s0.fpm.show_cpm;
    assert!(
        describe_change(&s0, &s4).starts_with("show cpm "),
        "{}",
        describe_change(&s0, &s4)
    );
}
