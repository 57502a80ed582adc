//! How sure an FPM split is: each device's speed within the spread of
//! the timings behind its measured points, the overview's FPM split and
//! makespan as ranges (JSON, sentence, the makespan bar's whisker). The
//! spreads are recomputed here from the device files.

use crate::common::eval;

/// The median of a speed function file's `spread` column.
fn median_spread(path: &str) -> f64 {
    let text = std::fs::read_to_string(path).expect("the device file");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "spread")
        .expect("a spread column");
    let mut v: Vec<f64> = lines
        .map(|l| {
            l.split(',')
                .nth(col)
                .expect("a field")
                .parse()
                .expect("a number")
        })
        .collect();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

#[test]
fn the_split_and_makespan_move_within_the_measured_spreads() {
    let v = eval(&["eval", "overview", "--platform", "h100-node-measured"]);
    let f = &v["fpm"];
    let i = &f["fpm_interval"];
    let spreads: Vec<f64> = i["spreads"]
        .as_array()
        .expect("spreads")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect();
    let want = [
        median_spread("presets/devices/h100-node-cpu-triad.csv"),
        median_spread("presets/devices/h100-node-gpu-triad.csv"),
    ];
    for (got, want) in spreads.iter().zip(want) {
        assert!((got - want).abs() < 1e-12, "{got} against {want}");
    }
    let fpm = &f["methods"]["fpm"];
    let t = fpm["makespan_s"].as_f64().expect("a makespan");
    let (lo, hi) = (
        i["makespan_s"][0].as_f64().unwrap(),
        i["makespan_s"][1].as_f64().unwrap(),
    );
    assert!(lo < t && t < hi, "{lo} {t} {hi}");
    // Every speed a few per cent faster or slower: the makespan moves by
    // about as much, not more than the largest spread.
    let largest = spreads.iter().copied().fold(0.0, f64::max);
    assert!(hi / t - 1.0 < 1.5 * largest && 1.0 - lo / t < 1.5 * largest);
    for (k, size) in fpm["sizes"].as_array().expect("sizes").iter().enumerate() {
        let x = size.as_f64().expect("a size");
        let (a, b) = (
            i["shares"][k][0].as_f64().unwrap(),
            i["shares"][k][1].as_f64().unwrap(),
        );
        assert!(a <= x + 1.0 && x <= b + 1.0 && a < b, "{a} {x} {b}");
    }
    let sentence = f["sentence"].as_str().expect("a sentence");
    assert!(
        sentence.contains("Within the speed functions' measured spreads"),
        "{sentence}"
    );
}

#[test]
fn devices_without_measured_spreads_give_no_range() {
    // The FPM paper's node: its speed functions carry no timings' spread.
    let v = eval(&["eval", "overview", "--platform", "fpm-hybrid-node"]);
    let f = &v["fpm"];
    assert!(f.get("fpm_interval").is_none(), "{f}");
    let sentence = f["sentence"].as_str().expect("a sentence");
    assert!(!sentence.contains("spreads"), "{sentence}");
}
