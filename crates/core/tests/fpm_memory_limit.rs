//! A device whose memory caps its share is said to be capped, in the
//! model (which share sits at its limit), in the times view's notes and in
//! the overview's FPM sentence, with the limit named.

use crate::common::catalog;
use hetscope_core::overview::{OverviewOptions, platform_input};
use hetscope_figure::overview::{OverviewInput, OverviewVerdicts};
use hetscope_model::fpm::{Method, SpeedFunction, partition, partition_blocks};

fn two_devices() -> Vec<SpeedFunction> {
    let fast_small = SpeedFunction::constant(100.0)
        .and_then(|f| f.with_memory_limit(10.5))
        .expect("a capped device");
    let slow = SpeedFunction::constant(10.0).expect("a device");
    vec![slow, fast_small]
}

#[test]
fn a_share_at_its_memory_limit_is_flagged_and_others_are_not() {
    let speeds = two_devices();
    for m in [Method::Even, Method::Cpm, Method::Fpm] {
        let big = partition(&speeds, 100.0, m).expect("fits");
        assert_eq!(
            big.at_memory_limit(&speeds),
            [false, true],
            "{m:?} at n = 100"
        );
        let blocks = partition_blocks(&speeds, 100, m).expect("fits");
        // In whole blocks the limit is 10 blocks.
        assert_eq!(blocks.shares[1].size_units, 10.0);
        assert_eq!(
            blocks.at_memory_limit(&speeds),
            [false, true],
            "{m:?} in blocks"
        );
    }
    // Small enough that no method reaches the limit.
    let small = partition(&speeds, 4.0, Method::Fpm).expect("fits");
    assert_eq!(small.at_memory_limit(&speeds), [false, false]);
    // FPM gives the fast device 10/11 of n = 11: 10 < 10.5, not capped.
    let near = partition(&speeds, 11.0, Method::Fpm).expect("fits");
    assert_eq!(near.at_memory_limit(&speeds), [false, false]);
}

#[test]
fn the_overview_names_every_memory_cap_and_only_those() {
    let cat = catalog();
    let options = OverviewOptions::default();
    let (mut capped, mut free) = (0, 0);
    for (e, _) in cat.platforms() {
        let first = platform_input(cat, &e.id, &options).expect("an input");
        let fpm_devices = first.fpm_devices.clone();
        let o = OverviewVerdicts::compute(&OverviewInput {
            first,
            second: None,
            validation: None,
            sensitivity: None,
        })
        .expect("an overview");
        let v = &o.first.fpm;
        let Ok(methods) = &v.methods else { continue };
        let sentence = v.sentence();
        let held: Vec<Method> = methods
            .iter()
            .filter(|r| r.held_at_memory)
            .map(|r| r.method)
            .collect();
        if held.is_empty() {
            free += 1;
            assert!(!sentence.contains("Memory limit"), "{}: {sentence}", e.id);
            assert!(
                !sentence.contains("capped by memory"),
                "{}: {sentence}",
                e.id
            );
            continue;
        }
        capped += 1;
        assert!(sentence.contains("Memory limit: "), "{}: {sentence}", e.id);
        let count = sentence.matches("capped by memory").count();
        assert_eq!(count, held.len(), "{}: {sentence}", e.id);
        // The capped device is named with a size no larger than its limit.
        let named = fpm_devices
            .iter()
            .any(|d| sentence.contains(&format!("{} holds at most", d.name)));
        assert!(named, "{}: {sentence}", e.id);
        if held.len() == 3 && methods.windows(2).all(|w| w[0].sizes == w[1].sizes) {
            assert!(
                sentence.contains("so the three methods give the same split"),
                "{}: {sentence}",
                e.id
            );
        }
    }
    assert!(capped > 0, "some built-in platform reaches a memory limit");
    assert!(free > 0, "and some does not");
}

#[test]
fn the_times_view_names_the_cap_in_its_legend_and_notes() {
    use hetscope_figure::View;
    use hetscope_figure::fpm::{FpmInput, build};
    let cat = catalog();
    let options = OverviewOptions::default();
    let view_of = |platform: &str| {
        let p = platform_input(cat, platform, &options).expect("an input");
        let input = FpmInput {
            devices: p.fpm_devices,
            n_units: p.fpm_n,
            integer: p.fpm_integer,
            ..Default::default()
        };
        build(View::FpmTimes, &input).expect("the times view")
    };
    // The GTX 750's 1 GiB holds 218 of the 3600 blocks.
    let fig = view_of("i7-gtx750-perdome");
    let note = fig.notes.iter().find(|n| n.starts_with("Memory limit"));
    let note = note.unwrap_or_else(|| panic!("{:?}", fig.notes));
    assert!(note.contains("GTX 750 holds at most 218 blocks"), "{note}");
    let names: Vec<&str> = fig.panels[0].bars.iter().map(|b| b.name.as_str()).collect();
    assert!(
        names.iter().all(|n| n.ends_with("capped by memory)")),
        "{names:?}"
    );
    // A node with room to spare says nothing of memory.
    let fig = view_of("dgx-h100-like");
    assert!(
        fig.notes.iter().all(|n| !n.contains("Memory limit")),
        "{:?}",
        fig.notes
    );
    let names: Vec<&str> = fig.panels[0].bars.iter().map(|b| b.name.as_str()).collect();
    assert!(names.iter().all(|n| !n.contains("capped")), "{names:?}");
}
