//! StarPU's models taken for a partition: a folder read for one codelet
//! on one host (several of either refused with their names), each
//! combination of devices one worker, its implementation the one run
//! most.

use crate::common::ROOT;
use hetscope_preset::fpm::starpu::{StarpuFilesError, parse_perfmodel, read_codelet};
use std::path::PathBuf;

fn fixture(name: &str) -> String {
    let path = format!("{ROOT}/crates/preset/tests/data/starpu/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A model folder of `files` (name, fixture it copies) in a fresh
/// temporary folder named `tag`.
fn folder(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hetscope-starpu-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let models = dir.join("codelets").join("45");
    std::fs::create_dir_all(&models).unwrap();
    for (name, from) in files {
        std::fs::write(models.join(name), fixture(from)).unwrap();
    }
    dir
}

#[test]
fn a_worker_is_its_combinations_most_run_implementation() {
    let mut m = parse_perfmodel(&fixture("chol_model_22.vm"), "f").unwrap();
    let first = m.combinations[0].implementations[0].clone();
    // A second implementation, twice as fast, run a tenth as often.
    let mut second = first.clone();
    second.index = 1;
    for e in &mut second.entries {
        e.mean_us /= 2.0;
        e.samples = (e.samples / 10).max(1);
    }
    m.combinations[0].implementations.push(second.clone());
    let all = m.to_devices("chol_model_22", "f");
    assert_eq!(all.devices.len(), 2, "each implementation a speed function");
    assert!(all.devices[1].name.ends_with("implementation 1"));
    let workers = m.to_workers("chol_model_22", "f");
    assert_eq!(workers.devices.len(), 1, "one worker, one device");
    assert_eq!(workers.devices[0], all.devices[0], "the one run most");
    // Run more often, the second is the worker's.
    m.combinations[0].implementations[1].entries = first
        .entries
        .iter()
        .map(|e| {
            let mut e = *e;
            e.mean_us /= 2.0;
            e.samples *= 10;
            e
        })
        .collect();
    let workers = m.to_workers("chol_model_22", "f");
    assert!(workers.devices[0].name.ends_with("implementation 1"));
    let (a, b) = (
        all.devices[0].points.to_vec(),
        workers.devices[0].points.to_vec(),
    );
    for (p, q) in a.iter().zip(&b) {
        assert!((q.speed_units_per_s / p.speed_units_per_s - 2.0).abs() < 1e-9);
    }
}

#[test]
fn a_folder_is_read_for_one_codelet_on_one_host() {
    let dir = folder(
        "hosts",
        &[
            ("chol_model_22.alpha", "chol_model_22.vm"),
            ("chol_model_22.beta", "chol_model_22.vm"),
            ("chol_model_11.alpha", "chol_model_11.vm"),
            ("chol_model_11.alpha.1.csv", "chol_model_11.vm"),
        ],
    );
    match read_codelet(&dir, None, None) {
        Err(StarpuFilesError::SeveralSymbols { symbols, .. }) => {
            assert_eq!(symbols, ["chol_model_11", "chol_model_22"]);
        }
        other => panic!("{other:?}"),
    }
    let e = read_codelet(&dir, Some("chol_model_22"), None).unwrap_err();
    assert!(
        e.to_string()
            .contains("from 2 hosts (alpha, beta): name one with --host"),
        "{e}"
    );
    let e = read_codelet(&dir, Some("chol_model_22"), Some("gamma")).unwrap_err();
    assert!(
        e.to_string()
            .contains("no model of chol_model_22 from host gamma (hosts: alpha, beta)"),
        "{e}"
    );
    let (file, model) = read_codelet(&dir, Some("chol_model_22"), Some("beta")).unwrap();
    assert_eq!(file.name, "chol_model_22.beta");
    assert_eq!(file.host(), "beta");
    // Compared as written: the unfitted regressions are NaN.
    assert_eq!(
        format!("{model:?}"),
        format!(
            "{:?}",
            parse_perfmodel(&fixture("chol_model_22.vm"), "x").unwrap()
        )
    );
    // One codelet of one host needs no names; its written CSV is no model.
    let (file, _) = read_codelet(&dir, Some("chol_model_11"), None).unwrap();
    assert_eq!(file.name, "chol_model_11.alpha");
    let e = read_codelet(&dir, Some("sgemm"), None).unwrap_err();
    assert!(
        e.to_string()
            .contains("no StarPU model file of symbol sgemm"),
        "{e}"
    );
    // A damaged model is named with its line.
    std::fs::write(dir.join("codelets/45/chol_model_22.beta"), "##\n45\n").unwrap();
    let e = read_codelet(&dir, Some("chol_model_22"), Some("beta")).unwrap_err();
    assert!(e.to_string().starts_with("chol_model_22.beta: line"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_point_keeps_its_runs_and_entries_of_one_size_are_pooled() {
    use hetscope_preset::fpm::starpu::CALIBRATION_MINIMUM;
    let mut m = parse_perfmodel(&fixture("chol_model_22.vm"), "f").unwrap();
    let d = &m.to_devices("s", "f").devices[0];
    let entries = m.combinations[0].implementations[0].entries.clone();
    for e in &entries {
        let p = d.points.iter().find(|p| p.size_units == e.flops).unwrap();
        let r = p.runs.expect("runs");
        assert_eq!(r.samples, e.samples);
        assert!((r.deviation - e.deviation_us / e.mean_us).abs() < 1e-12);
        // This CPU-only calibration ran each size under ten times.
        assert!(r.samples < CALIBRATION_MINIMUM);
    }
    // A second entry of the first size (another footprint): one point,
    // the runs added, the mean weighted by them, the deviation of all
    // the timings (within and between the entries).
    let mut other = entries[0];
    other.footprint ^= 1;
    other.mean_us = entries[0].mean_us * 2.0;
    other.deviation_us = 0.0;
    other.samples = entries[0].samples * 3;
    m.combinations[0].implementations[0].entries.push(other);
    let d = &m.to_devices("s", "f").devices[0];
    assert_eq!(d.points.len(), entries.len());
    let p = d
        .points
        .iter()
        .find(|p| p.size_units == entries[0].flops)
        .unwrap();
    let (n1, n2) = (entries[0].samples as f64, other.samples as f64);
    let mean = (n1 * entries[0].mean_us + n2 * other.mean_us) / (n1 + n2);
    let var = (n1 * (entries[0].deviation_us.powi(2) + (entries[0].mean_us - mean).powi(2))
        + n2 * (other.mean_us - mean).powi(2))
        / (n1 + n2);
    let r = p.runs.unwrap();
    assert_eq!(r.samples, entries[0].samples * 4);
    assert!(
        (p.speed_units_per_s - entries[0].flops / (mean * 1e-6)).abs() < 1e-6 * p.speed_units_per_s
    );
    assert!((r.deviation - var.sqrt() / mean).abs() < 1e-12);
    assert!(
        r.deviation > entries[0].deviation_us / entries[0].mean_us,
        "the means' distance counts"
    );
}

/// StarPU's `mlr` example, calibrated on this machine: a multiple
/// regression (three coefficients, the intercept first, on one row after
/// their count) and no history yet, so no device.
#[test]
fn a_multiple_regression_is_read_from_its_one_row() {
    let m = parse_perfmodel(&fixture("mlr_final.vm"), "mlr_final.vm").unwrap();
    let imp = &m.combinations[0].implementations[0];
    assert_eq!(imp.multiple.as_deref(), Some(&[0.0, 0.0, 0.0][..]));
    assert!(imp.entries.is_empty());
    assert!(m.to_workers("mlr_final", "f").devices.is_empty());
    // A count the row does not hold is named with its line.
    let text = fixture("mlr_final.vm").replace("\n3\t0.0", "\n4\t0.0");
    let e = parse_perfmodel(&text, "bad").unwrap_err();
    assert!(
        e.to_string()
            .contains("count and coefficients: 5 values expected, 4 found"),
        "{e}"
    );
}

/// The bus calibration of a machine StarPU's examples ship (three CUDA
/// devices, the same three as OpenCL devices after them): each CUDA
/// device's link its row and column of the host's memory node.
#[test]
fn a_hosts_bus_calibration_gives_each_cuda_device_its_link() {
    use hetscope_preset::fpm::starpu::{links_ron, parse_matrix, read_bus};
    let sampling = std::path::Path::new("/usr/share/starpu/perfmodels/sampling");
    let bus = read_bus(sampling, "mirage").unwrap().expect("mirage's bus");
    assert_eq!(bus.cuda, 3);
    let bw = parse_matrix(
        &std::fs::read_to_string(sampling.join("bus/mirage.bandwidth")).unwrap(),
        "b",
    )
    .unwrap();
    let lat = parse_matrix(
        &std::fs::read_to_string(sampling.join("bus/mirage.latency")).unwrap(),
        "l",
    )
    .unwrap();
    let links = bus.cuda_links();
    assert_eq!(links.len(), 3);
    for (k, link) in &links {
        let node = k + 1;
        assert_eq!(link.h2d_pinned_gbs, Some(bw[0][node] / 1000.0));
        assert_eq!(link.d2h_pinned_gbs, Some(bw[node][0] / 1000.0));
        assert_eq!(link.pinned_gbs, (bw[0][node].min(bw[node][0])) / 1000.0);
        assert_eq!(link.latency_us, (lat[0][node] + lat[node][0]) / 2.0);
        assert!(link.pinned_gbs > 2.0 && link.pinned_gbs < 10.0, "{link:?}");
    }
    // Written and read back as platform links.
    let back: Vec<hetscope_model::platform::Link> = ron::from_str(&links_ron(&links)).unwrap();
    assert_eq!(
        back,
        links.iter().map(|(_, l)| l.clone()).collect::<Vec<_>>()
    );
    // A host without a calibration has none; a damaged matrix is named.
    assert!(read_bus(sampling, "nowhere").unwrap().is_none());
    let e = parse_matrix("# to 0\n0.0 12,5x\n", "x.bandwidth").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("x.bandwidth: line 2"), "{e}");
}
