//! StarPU's bus calibration (`sampling/bus/<host>.bandwidth`, `.latency`
//! and `.config`): the bandwidth in MB/s and the latency in µs between
//! every pair of memory nodes, node 0 the host's memory, then the CUDA
//! devices, then the OpenCL ones (the config counts them). Each CUDA
//! device's link to the host becomes a platform [`Link`] (StarPU measures
//! with pinned host buffers).

use std::collections::BTreeMap;
use std::path::Path;

use super::{StarpuError, StarpuErrorKind, StarpuFilesError};
use crate::read_text;
use hetscope_model::format::fmt_sig;
use hetscope_model::platform::{Link, Source};

/// One host's bus calibration.
#[derive(Clone, Debug, PartialEq)]
pub struct StarpuBus {
    pub host: String,
    /// CUDA devices (memory nodes 1 to `cuda`).
    pub cuda: usize,
    /// MB/s from node row to node column (NaN: not measured).
    pub bandwidth_mbs: Vec<Vec<f64>>,
    /// µs from node row to node column.
    pub latency_us: Vec<Vec<f64>>,
}

/// A matrix of numbers, a row a line; `#` lines are comments, `nan`
/// reads as not measured; a value that is no number named with its line.
pub fn parse_matrix(text: &str, file: &str) -> Result<Vec<Vec<f64>>, StarpuError> {
    let mut rows = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let row = line
            .split_whitespace()
            .map(|t| {
                t.parse::<f64>().map_err(|_| StarpuError {
                    file: file.to_string(),
                    line: k + 1,
                    kind: StarpuErrorKind::NotANumber {
                        expected: "a bus measurement",
                        found: t.chars().take(40).collect(),
                    },
                })
            })
            .collect::<Result<Vec<f64>, _>>()?;
        rows.push(row);
    }
    Ok(rows)
}

/// The CUDA devices a bus config counts (`N # Number of CUDA devices`).
fn cuda_count(config: &str) -> Option<usize> {
    config.lines().find_map(|l| {
        let (n, what) = l.split_once('#')?;
        what.contains("CUDA").then(|| n.trim().parse().ok())?
    })
}

/// The bus calibration of `host` in sampling folder `sampling`; none
/// where StarPU has not written it.
pub fn read_bus(sampling: &Path, host: &str) -> Result<Option<StarpuBus>, StarpuFilesError> {
    let bus = sampling.join("bus");
    let file = |ext: &str| bus.join(format!("{host}.{ext}"));
    let (bw, lat, config) = (file("bandwidth"), file("latency"), file("config"));
    if !(bw.is_file() && lat.is_file() && config.is_file()) {
        return Ok(None);
    }
    let name = |p: &Path| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let cuda = cuda_count(&read_text(&config)?).unwrap_or(0);
    Ok(Some(StarpuBus {
        host: host.to_string(),
        cuda,
        bandwidth_mbs: parse_matrix(&read_text(&bw)?, &name(&bw))?,
        latency_us: parse_matrix(&read_text(&lat)?, &name(&lat))?,
    }))
}

impl StarpuBus {
    /// The measurement from node `a` to node `b` of `m`, where positive
    /// and finite.
    fn at(m: &[Vec<f64>], a: usize, b: usize) -> Option<f64> {
        m.get(a)?
            .get(b)
            .copied()
            .filter(|v| v.is_finite() && *v > 0.0)
    }

    /// Each CUDA device's link to the host, as StarPU measured it: both
    /// directions' rates (pinned), the slower as the link's, the mean of
    /// both latencies; a device with a direction unmeasured is left out.
    pub fn cuda_links(&self) -> Vec<(usize, Link)> {
        let (bw, lat) = (&self.bandwidth_mbs, &self.latency_us);
        (1..=self.cuda)
            .filter_map(|node| {
                let h2d = Self::at(bw, 0, node)? / 1000.0;
                let d2h = Self::at(bw, node, 0)? / 1000.0;
                let latency = (Self::at(lat, 0, node)? + Self::at(lat, node, 0)?) / 2.0;
                let source = Source::Measured(format!(
                    "StarPU bus calibration of {} (memory node 0 to {node} and back): {} and {} GB/s, {} us",
                    self.host,
                    fmt_sig(h2d),
                    fmt_sig(d2h),
                    fmt_sig(latency)
                ));
                let link = Link {
                    name: format!("host to CUDA {} of {}, as StarPU measured it", node - 1, self.host),
                    pinned_gbs: h2d.min(d2h),
                    pageable_gbs: None,
                    latency_us: latency,
                    h2d_pinned_gbs: Some(h2d),
                    d2h_pinned_gbs: Some(d2h),
                    h2d_pageable_gbs: None,
                    d2h_pageable_gbs: None,
                    source,
                    sources: BTreeMap::new(),
                };
                Some((node - 1, link))
            })
            .collect()
    }
}

/// The CUDA devices' links as a RON list, each a platform preset's
/// `link` (a comment names the device first).
pub fn links_ron(links: &[(usize, Link)]) -> String {
    let config = ron::ser::PrettyConfig::new();
    let mut out = String::from(
        "// Links of StarPU's bus calibration, one a CUDA device: each a platform preset's `link`.\n[\n",
    );
    for (_, link) in links {
        let text = ron::ser::to_string_pretty(link, config.clone()).unwrap_or_default();
        out.push_str(&text);
        out.push_str(",\n");
    }
    out.push_str("]\n");
    out
}
