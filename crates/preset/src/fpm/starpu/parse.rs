//! The reader of a StarPU codelet performance-model file, format 45
//! (StarPU 1.3 and 1.4) and 44 (StarPU 1.2, the same layout without the
//! multiple regression's row, which 1.3 added): the file is read by the
//! counts it gives (of combinations, devices, implementations and
//! entries), never by the text of its comments. Lines starting with `#` and blank lines are
//! comments; every other line is a row of whitespace-separated values.

use super::{Combination, Device, DeviceKind, Entry, Implementation, PerfModel, Regression};
use super::{StarpuError, StarpuErrorKind};

/// The data rows of a file with their line numbers (1-based), and what
/// reading them found to warn about.
struct Rows<'a> {
    rows: Vec<(usize, &'a str)>,
    at: usize,
    file: &'a str,
    /// Values written with a decimal comma (a file saved under such a
    /// locale), read as if with a point.
    commas: usize,
}

impl<'a> Rows<'a> {
    fn new(text: &'a str, file: &'a str) -> Rows<'a> {
        let rows = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        Rows {
            rows,
            at: 0,
            file,
            commas: 0,
        }
    }

    fn error(&self, line: usize, kind: StarpuErrorKind) -> StarpuError {
        StarpuError {
            file: self.file.to_string(),
            line,
            kind,
        }
    }

    /// The next row, split, with its line; `what` names what was expected
    /// where the file ends.
    fn next(&mut self, what: &'static str) -> Result<(usize, Vec<&'a str>), StarpuError> {
        let Some(&(line, text)) = self.rows.get(self.at) else {
            let last = self.rows.last().map_or(0, |r| r.0);
            return Err(self.error(last, StarpuErrorKind::Ended { expected: what }));
        };
        self.at += 1;
        Ok((line, text.split_whitespace().collect()))
    }

    /// A row of exactly `n` values.
    fn values(
        &mut self,
        n: usize,
        what: &'static str,
    ) -> Result<(usize, Vec<&'a str>), StarpuError> {
        let (line, v) = self.next(what)?;
        if v.len() != n {
            return Err(self.error(
                line,
                StarpuErrorKind::Count {
                    expected: what,
                    want: n,
                    got: v.len(),
                },
            ));
        }
        Ok((line, v))
    }

    /// One number (`nan` allowed), a decimal comma read as a point.
    fn number(&mut self, line: usize, token: &str, what: &'static str) -> Result<f64, StarpuError> {
        if let Ok(v) = token.parse::<f64>() {
            return Ok(v);
        }
        if token.contains(',')
            && let Ok(v) = token.replacen(',', ".", 1).parse::<f64>()
        {
            self.commas += 1;
            return Ok(v);
        }
        Err(self.error(
            line,
            StarpuErrorKind::NotANumber {
                expected: what,
                found: token.chars().take(40).collect(),
            },
        ))
    }

    /// A row holding one whole number no larger than `most`.
    fn count(&mut self, what: &'static str, most: usize) -> Result<usize, StarpuError> {
        let (line, v) = self.values(1, what)?;
        match v[0].parse::<usize>() {
            Ok(n) if n <= most => Ok(n),
            _ => Err(self.error(
                line,
                StarpuErrorKind::NotACount {
                    expected: what,
                    found: v[0].chars().take(40).collect(),
                    most,
                },
            )),
        }
    }
}

/// The most combinations, devices, implementations and entries a file
/// may announce: a count past these is a damaged file, not a big one.
const MOST: usize = 1 << 20;

/// The formats read: whether a file of the format has the multiple
/// regression's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// StarPU 1.2.
    V44,
    /// StarPU 1.3 and 1.4.
    V45,
}

/// Read a codelet model of format 45 or 44; `file` names it in errors.
pub fn parse_perfmodel(text: &str, file: &str) -> Result<PerfModel, StarpuError> {
    let mut rows = Rows::new(text, file);
    let (line, v) = rows.values(1, "the format version")?;
    let format = match v[0] {
        "45" => Format::V45,
        "44" => Format::V44,
        other => {
            return Err(rows.error(
                line,
                StarpuErrorKind::Version {
                    found: other.chars().take(20).collect(),
                },
            ));
        }
    };
    let ncomb = rows.count("the number of combinations", MOST)?;
    let mut combinations = Vec::with_capacity(ncomb.min(64));
    for _ in 0..ncomb {
        combinations.push(combination(&mut rows, format)?);
    }
    // Rows after the last combination the file announces are not read,
    // as StarPU does not read them (a file StarPU's examples ship has
    // one combination more than it counts); they are counted.
    Ok(PerfModel {
        format: if format == Format::V44 { 44 } else { 45 },
        combinations,
        decimal_commas: rows.commas,
        rows_after_end: rows.rows.len() - rows.at,
    })
}

fn combination(rows: &mut Rows<'_>, format: Format) -> Result<Combination, StarpuError> {
    let ndev = rows.count("the number of devices of a combination", 1024)?;
    let mut devices = Vec::with_capacity(ndev);
    for _ in 0..ndev {
        let kind = rows.count("a device type", 64)?;
        let id = rows.count("a device id", MOST)?;
        let cores = rows.count("a device's number of cores", MOST)?;
        devices.push(Device {
            kind: DeviceKind::of(kind),
            id,
            cores,
        });
    }
    let nimpl = rows.count("the number of implementations", 1024)?;
    let mut implementations = Vec::with_capacity(nimpl);
    for index in 0..nimpl {
        implementations.push(implementation(rows, index, format)?);
    }
    Ok(Combination {
        devices,
        implementations,
    })
}

fn implementation(
    rows: &mut Rows<'_>,
    index: usize,
    format: Format,
) -> Result<Implementation, StarpuError> {
    let nentries = rows.count("the number of entries", MOST)?;
    let (line, v) = rows.values(
        9,
        "the linear regression (sumlnx sumlnx2 sumlny sumlnxlny alpha beta n minx maxx)",
    )?;
    let mut reg = [0.0; 9];
    for (slot, token) in reg.iter_mut().zip(&v) {
        *slot = rows.number(line, token, "a regression value")?;
    }
    let (line, v) = rows.values(3, "the non-linear regression (a b c)")?;
    let mut nl = [0.0; 3];
    for (slot, token) in nl.iter_mut().zip(&v) {
        *slot = rows.number(line, token, "a regression value")?;
    }
    let multiple = match format {
        Format::V45 => multiple_regression(rows)?,
        Format::V44 => None,
    };
    let mut entries = Vec::with_capacity(nentries.min(4096));
    for _ in 0..nentries {
        entries.push(entry(rows)?);
    }
    Ok(Implementation {
        index,
        linear: Regression {
            alpha: reg[4],
            beta: reg[5],
            samples: reg[6],
            min_size: reg[7],
            max_size: reg[8],
        },
        non_linear: (nl[0], nl[1], nl[2]),
        multiple,
        entries,
    })
}

/// The multiple regression's row: the count of its coefficients, then
/// them (the intercept first); a count of 0 alone where the model is no
/// multiple regression.
fn multiple_regression(rows: &mut Rows<'_>) -> Result<Option<Vec<f64>>, StarpuError> {
    let expected = "the multiple regression's count and coefficients";
    let (line, v) = rows.next(expected)?;
    let first = v.first().copied().unwrap_or_default();
    let n = first.parse::<usize>().map_err(|_| {
        rows.error(
            line,
            StarpuErrorKind::NotACount {
                expected,
                found: first.chars().take(40).collect(),
                most: v.len().saturating_sub(1),
            },
        )
    })?;
    if n.checked_add(1) != Some(v.len()) {
        return Err(rows.error(
            line,
            StarpuErrorKind::Count {
                expected,
                want: n.saturating_add(1),
                got: v.len(),
            },
        ));
    }
    if n == 0 {
        return Ok(None);
    }
    let mut coeff = Vec::with_capacity(n);
    for token in &v[1..] {
        coeff.push(rows.number(line, token, "a coefficient")?);
    }
    Ok(Some(coeff))
}

fn entry(rows: &mut Rows<'_>) -> Result<Entry, StarpuError> {
    let (line, v) = rows.values(8, "a history entry (hash size flops mean dev sum sum2 n)")?;
    let footprint = u32::from_str_radix(v[0], 16).map_err(|_| {
        rows.error(
            line,
            StarpuErrorKind::NotANumber {
                expected: "a footprint (hexadecimal)",
                found: v[0].chars().take(40).collect(),
            },
        )
    })?;
    let mut x = [0.0; 6];
    for (slot, token) in x.iter_mut().zip(&v[1..7]) {
        *slot = rows.number(line, token, "a history value")?;
    }
    let samples = v[7].parse::<u64>().map_err(|_| {
        rows.error(
            line,
            StarpuErrorKind::NotANumber {
                expected: "a sample count",
                found: v[7].chars().take(40).collect(),
            },
        )
    })?;
    Ok(Entry {
        footprint,
        size_bytes: x[0],
        flops: x[1],
        mean_us: x[2],
        deviation_us: x[3],
        samples,
        line,
    })
}
