//! The overview's boat hull sentence: counts of none are left out, and
//! every kind of crossing is named.

use hetscope_figure::overview::{BoathullVerdict, ClassVerdict, Crossing};

fn verdict(crossings: &[Crossing]) -> BoathullVerdict {
    BoathullVerdict {
        f_range: (1.0, 10000.0),
        classes: crossings
            .iter()
            .enumerate()
            .map(|(k, c)| ClassVerdict {
                example: format!("primitive {k}"),
                class: format!("class {k}"),
                crossing: *c,
                kernel_s_at_top: (1e-3, 2e-3),
                too_close: None,
            })
            .collect(),
        error: None,
    }
}

#[test]
fn classes_where_the_gpu_starts_to_win_are_listed_without_empty_counts() {
    let s = verdict(&[Crossing::GpuFrom(274.0), Crossing::GpuFrom(6.14)]).sentence();
    assert!(s.contains("of the 2 Table 1 classes"), "{s}");
    assert!(
        s.contains(
            "in every one the GPU starts to win at f = 274.0 (primitive 0), f = 6.140 (primitive 1)"
        ),
        "{s}"
    );
    assert!(!s.contains("for 0"), "a count of none is left out: {s}");
    assert!(!s.contains("throughout"), "{s}");
}

#[test]
fn every_kind_of_crossing_is_counted_or_named() {
    let s = verdict(&[
        Crossing::GpuAlways,
        Crossing::CpuAlways,
        Crossing::CpuAlways,
        Crossing::GpuFrom(40.0),
        Crossing::CpuFrom(900.0),
    ])
    .sentence();
    assert!(s.contains("of the 5 Table 1 classes"), "{s}");
    assert!(s.contains("the GPU is faster throughout for 1"), "{s}");
    assert!(s.contains("the CPU is faster throughout for 2"), "{s}");
    assert!(
        s.contains("; the GPU starts to win at f = 40.00 (primitive 3);"),
        "{s}"
    );
    assert!(!s.contains("in every one"), "{s}");
    assert!(
        s.contains("the GPU stops winning at f = 900.0 (primitive 4)"),
        "{s}"
    );
}

#[test]
fn no_class_says_so() {
    let s = verdict(&[]).sentence();
    assert!(s.contains("no Table 1 class"), "{s}");
}
