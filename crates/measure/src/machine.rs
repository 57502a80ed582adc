//! What the operating system says about this machine: the CPU's name and
//! clock, the memory, the host name, today's date, and the package energy
//! counters of the Linux powercap interface (RAPL) where they can be read.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use hetscope_model::platform::CacheLevel;

/// This machine as the operating system describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineInfo {
    /// The CPU model name (`/proc/cpuinfo`), or "this machine's CPU".
    pub cpu_name: String,
    /// The clock `/proc/cpuinfo` reports for the first CPU, GHz (the
    /// current clock, not a rated one), if readable.
    pub clock_ghz: Option<f64>,
    /// Memory (`MemTotal`), GiB, if readable.
    pub mem_gib: Option<f64>,
    /// Logical CPUs available to this process.
    pub logical_cpus: usize,
    pub host: String,
    /// Today, YYYY-MM-DD (UTC).
    pub date: String,
    /// The first CPU's level-2 cache, KiB, and its line, bytes
    /// (`/sys/devices/system/cpu/cpu0/cache`), if readable.
    pub l2_kib: Option<f64>,
    pub line_bytes: Option<f64>,
    /// The first CPU's data caches, innermost first (sysfs), without
    /// bandwidths; empty where unreadable.
    pub caches: Vec<CacheLevel>,
}

impl MachineInfo {
    pub fn read() -> MachineInfo {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let field = |text: &str, key: &str| -> Option<String> {
            text.lines()
                .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        };
        let mem_kib = field(&meminfo, "MemTotal")
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok());
        MachineInfo {
            cpu_name: field(&cpuinfo, "model name")
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "this machine's CPU".into()),
            clock_ghz: field(&cpuinfo, "cpu MHz")
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && *v > 0.0)
                .map(|mhz| mhz / 1000.0),
            mem_gib: mem_kib.map(|k| k / (1024.0 * 1024.0)),
            logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            host: std::fs::read_to_string("/proc/sys/kernel/hostname")
                .map(|s| s.trim().to_string())
                .ok()
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "this machine".into()),
            date: today(),
            l2_kib: l2_cache("size"),
            line_bytes: l2_cache("coherency_line_size"),
            caches: read_caches(Path::new(CACHE_ROOT)),
        }
    }
}

/// Where Linux describes the first CPU's caches.
pub const CACHE_ROOT: &str = "/sys/devices/system/cpu/cpu0/cache";

/// The data and unified caches described under `root` (`index<N>/`
/// with `level`, `type`, `size` and `shared_cpu_list`), innermost first,
/// one per level; a level whose files cannot be read is left out.
pub fn read_caches(root: &Path) -> Vec<CacheLevel> {
    let mut out: Vec<CacheLevel> = (0..16)
        .filter_map(|i| {
            let dir = root.join(format!("index{i}"));
            let read = |f: &str| std::fs::read_to_string(dir.join(f)).ok();
            let kind = read("type")?;
            if !matches!(kind.trim(), "Data" | "Unified") {
                return None;
            }
            let level = read("level")?.trim().parse::<u32>().ok()?;
            let kib = kib_of(&read("size")?)?;
            let shared_by = cpu_list_len(&read("shared_cpu_list")?)?;
            Some(CacheLevel::new(level, kib, shared_by))
        })
        .collect();
    out.sort_by_key(|c| c.level);
    out.dedup_by_key(|c| c.level);
    out
}

/// sysfs' cache size ("48K", "2048K", "32M") in KiB.
fn kib_of(text: &str) -> Option<f64> {
    let t = text.trim();
    let (num, scale) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 1.0),
        'M' => (&t[..t.len() - 1], 1024.0),
        'G' => (&t[..t.len() - 1], 1024.0 * 1024.0),
        _ => (t, 1.0 / 1024.0),
    };
    let v = num.parse::<f64>().ok()? * scale;
    (v.is_finite() && v > 0.0).then_some(v)
}

/// How many CPUs a list such as "0-3,8-11" or "5" names.
fn cpu_list_len(text: &str) -> Option<u32> {
    let mut n = 0u32;
    for part in text.trim().split(',') {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?),
            None => {
                let a = part.parse::<u32>().ok()?;
                (a, a)
            }
        };
        n = n.checked_add(b.checked_sub(a)?.checked_add(1)?)?;
    }
    (n > 0).then_some(n)
}

/// A number of the first CPU's unified level-2 cache in sysfs (`size`
/// in KiB as "1024K", `coherency_line_size` in bytes).
fn l2_cache(file: &str) -> Option<f64> {
    let root = Path::new("/sys/devices/system/cpu/cpu0/cache");
    (0..8).find_map(|i| {
        let dir = root.join(format!("index{i}"));
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).ok();
        (read("level")?.trim() == "2" && read("type")?.trim() == "Unified").then_some(())?;
        let text = read(file)?;
        let v = text.trim().trim_end_matches('K').parse::<f64>().ok()?;
        (v.is_finite() && v > 0.0).then_some(v)
    })
}

/// Today's date (UTC) from the system clock, YYYY-MM-DD.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Year, month, day of a count of days since 1970-01-01 (the proleptic
/// Gregorian calendar; H. Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Why the package energy counters cannot be read; each message names
/// the file or folder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PowercapError {
    /// No powercap folder to read.
    #[error("{}: {message} (no powercap interface: energy is not measured)", .root.display())]
    NoInterface { root: PathBuf, message: String },
    /// No package counter there.
    #[error("{}: no package energy counter (intel-rapl:N)", .root.display())]
    NoCounter { root: PathBuf },
    /// A counter that cannot be read (permissions, most often).
    #[error("{}: {message}", .file.display())]
    Unreadable { file: PathBuf, message: String },
    /// A counter that holds no whole number.
    #[error("{}: {error}", .file.display())]
    NotANumber {
        file: PathBuf,
        error: std::num::ParseIntError,
    },
}

/// The package energy counters of the powercap interface.
#[derive(Clone, Debug, PartialEq)]
pub struct Powercap {
    /// Each package's `energy_uj` file and the value it wraps at, µJ.
    domains: Vec<(PathBuf, u64)>,
}

const POWERCAP: &str = "/sys/class/powercap";

impl Powercap {
    /// The package domains whose counters this process can read, or why
    /// there are none.
    pub fn open() -> Result<Powercap, PowercapError> {
        Powercap::open_at(Path::new(POWERCAP))
    }

    fn open_at(root: &Path) -> Result<Powercap, PowercapError> {
        let entries = std::fs::read_dir(root).map_err(|e| PowercapError::NoInterface {
            root: root.to_path_buf(),
            message: e.to_string(),
        })?;
        let mut domains = Vec::new();
        let mut refused = None;
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            // Packages are `intel-rapl:N`; `intel-rapl:N:M` are parts of one.
            if !name.starts_with("intel-rapl:") || name.matches(':').count() != 1 {
                continue;
            }
            let file = e.path().join("energy_uj");
            match std::fs::read_to_string(&file) {
                Ok(_) => {
                    let range = std::fs::read_to_string(e.path().join("max_energy_range_uj"))
                        .ok()
                        .and_then(|s| s.trim().parse().ok())
                        .unwrap_or(u64::MAX);
                    domains.push((file, range));
                }
                Err(err) => refused = Some(unreadable(file, &err)),
            }
        }
        if domains.is_empty() {
            return Err(refused.unwrap_or_else(|| PowercapError::NoCounter {
                root: root.to_path_buf(),
            }));
        }
        domains.sort();
        Ok(Powercap { domains })
    }

    /// Every package's counter now, µJ.
    pub fn read(&self) -> Result<Vec<u64>, PowercapError> {
        self.domains
            .iter()
            .map(|(f, _)| {
                std::fs::read_to_string(f)
                    .map_err(|e| unreadable(f.clone(), &e))?
                    .trim()
                    .parse::<u64>()
                    .map_err(|error| PowercapError::NotANumber {
                        file: f.clone(),
                        error,
                    })
            })
            .collect()
    }

    /// Joules between two readings of [`Powercap::read`], each counter's
    /// wrap-around taken into account.
    pub fn joules(&self, before: &[u64], after: &[u64]) -> f64 {
        let uj: u64 = self
            .domains
            .iter()
            .zip(before.iter().zip(after))
            .map(|((_, range), (&b, &a))| {
                if a >= b {
                    a - b
                } else {
                    range.saturating_sub(b).saturating_add(a)
                }
            })
            .sum();
        uj as f64 * 1e-6
    }
}

/// A counter file that cannot be read.
fn unreadable(file: PathBuf, e: &std::io::Error) -> PowercapError {
    PowercapError::Unreadable {
        file,
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
    }

    #[test]
    fn the_data_caches_are_read_innermost_first_with_their_sharers() {
        let dir = tempfile::tempdir().unwrap();
        // A server's first CPU: L1 data and instruction, L2 of a core
        // (two hardware threads), L3 of 56 cores, listed out of order.
        let entries = [
            ("index3", "3", "Unified", "107520K", "0-55,112-167"),
            ("index0", "1", "Data", "48K", "0,112"),
            ("index1", "1", "Instruction", "32K", "0,112"),
            ("index2", "2", "Unified", "2M", "0,112"),
        ];
        for (name, level, kind, size, shared) in entries {
            let d = dir.path().join(name);
            std::fs::create_dir_all(&d).unwrap();
            for (f, v) in [("level", level), ("type", kind), ("size", size)] {
                std::fs::write(d.join(f), format!("{v}\n")).unwrap();
            }
            std::fs::write(d.join("shared_cpu_list"), format!("{shared}\n")).unwrap();
        }
        let c = read_caches(dir.path());
        let got: Vec<(u32, f64, u32)> = c.iter().map(|c| (c.level, c.kib, c.shared_by)).collect();
        assert_eq!(got, [(1, 48.0, 2), (2, 2048.0, 2), (3, 107_520.0, 112)]);
        // A level whose size cannot be read is left out.
        std::fs::write(dir.path().join("index2/size"), "lots\n").unwrap();
        assert_eq!(read_caches(dir.path()).len(), 2);
        assert!(read_caches(&dir.path().join("missing")).is_empty());
        assert_eq!(cpu_list_len("0-3,8-11"), Some(8));
        assert_eq!(cpu_list_len("3-1"), None);
    }

    #[test]
    fn powercap_counters_are_read_and_wrap() {
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("intel-rapl:0");
        std::fs::create_dir_all(pkg.join("intel-rapl:0:0")).unwrap();
        std::fs::write(pkg.join("energy_uj"), "900\n").unwrap();
        std::fs::write(pkg.join("max_energy_range_uj"), "1000\n").unwrap();
        let p = Powercap::open_at(dir.path()).unwrap();
        assert_eq!(p.read().unwrap(), vec![900]);
        // 900 -> wrap at 1000 -> 150: 250 µJ.
        assert!((p.joules(&[900], &[150]) - 250e-6).abs() < 1e-12);
        let none = Powercap::open_at(&dir.path().join("missing")).unwrap_err();
        assert!(none.to_string().contains("missing"), "{none}");
    }
}
