//! The FPM scenario: the devices with their measured points (so loaded
//! and measured devices survive a restart), where they come from, the
//! problem size, the display options and the measurement settings; and
//! how it becomes the figures' input (the window and the command line
//! alike).

use serde::{Deserialize, Serialize};

use crate::CoreError;
use hetscope_figure::Scale;
use hetscope_figure::fpm::{self, FpmDevice, FpmInput};
use hetscope_measure::Kernel;
use hetscope_model::fpm::{MAX_BLOCKS, Method};
use hetscope_model::platform::Source;
use hetscope_preset::Catalog;
use hetscope_preset::fpm::PAPER_N;

/// Which sizes a measurement times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SizesPreset {
    /// A few small sizes: well under a second.
    Quick,
    /// The kernel's default sizes (as `hetscope fpm measure`).
    Default,
    /// Larger sizes, up to half a minute.
    Large,
}

impl SizesPreset {
    pub const ALL: [SizesPreset; 3] =
        [SizesPreset::Quick, SizesPreset::Default, SizesPreset::Large];

    pub fn title(self) -> &'static str {
        match self {
            SizesPreset::Quick => "quick",
            SizesPreset::Default => "default",
            SizesPreset::Large => "large",
        }
    }

    /// The size parameters (gemm: matrix order; triad: vector length).
    pub fn sizes(self, kernel: Kernel) -> Vec<usize> {
        match (self, kernel) {
            (SizesPreset::Quick, Kernel::Gemm) => vec![32, 64, 96, 128],
            (SizesPreset::Quick, Kernel::Triad) => vec![1 << 10, 1 << 13, 1 << 16, 1 << 18],
            (SizesPreset::Default, k) => k.default_sizes(),
            (SizesPreset::Large, Kernel::Gemm) => {
                vec![64, 128, 192, 256, 384, 512, 640, 768, 1024]
            }
            (SizesPreset::Large, Kernel::Triad) => {
                vec![
                    1 << 12,
                    1 << 15,
                    1 << 18,
                    1 << 20,
                    1 << 21,
                    1 << 22,
                    1 << 23,
                    1 << 24,
                ]
            }
        }
    }
}

/// What the user picked and edited for the FPM views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FpmScenario {
    /// The devices, with their points.
    pub devices: Vec<FpmDevice>,
    /// Total problem size n, units.
    pub n_units: f64,
    /// Whole units (blocks).
    pub integer: bool,
    /// Log10 axes (else linear) on the speed and sweep views.
    pub log_axes: bool,
    pub show_even: bool,
    pub show_cpm: bool,
    pub show_fpm: bool,
    /// Measurement settings.
    pub kernel: Kernel,
    pub threads: usize,
    pub sizes: SizesPreset,
    /// The path typed in the CSV field.
    pub csv_path: String,
    /// The devices of the platform compared with (its name), drawn over
    /// the speed view.
    #[serde(default)]
    pub compare: Option<(String, Vec<FpmDevice>)>,
    /// The name of the platform the devices come from (empty when they
    /// were loaded or measured one by one).
    #[serde(default)]
    pub platform: String,
    /// The id (or file) of that platform (empty when none gave them).
    #[serde(default)]
    pub platform_id: String,
    /// Where the platform's devices come from, by what they give.
    #[serde(default)]
    pub sources: Vec<(String, Source)>,
}

impl Default for FpmScenario {
    fn default() -> Self {
        FpmScenario::from_catalog(crate::builtin::catalog())
    }
}

impl FpmScenario {
    /// The FPM paper's hybrid node (G1, G2, 2 x S5, 2 x S6) at n = 60 x 60
    /// blocks (its Figure 6), in whole blocks.
    pub fn from_catalog(catalog: &Catalog) -> Self {
        FpmScenario {
            devices: paper_devices(catalog),
            n_units: PAPER_N,
            integer: true,
            log_axes: true,
            show_even: true,
            show_cpm: true,
            show_fpm: true,
            kernel: Kernel::Gemm,
            threads: 1,
            sizes: SizesPreset::Default,
            csv_path: String::new(),
            compare: None,
            platform: String::new(),
            platform_id: String::new(),
            sources: Vec::new(),
        }
    }
}

/// The paper's hybrid node from the built-in devices (none if they
/// cannot be read, which the tests rule out).
pub fn paper_devices(catalog: &Catalog) -> Vec<FpmDevice> {
    hetscope_preset::fpm::paper_hybrid(catalog).unwrap_or_default()
}

impl FpmScenario {
    /// The model input of the current values, or why there is none.
    pub fn input(&self) -> Result<FpmInput, CoreError> {
        let methods: Vec<Method> = [
            (self.show_even, Method::Even),
            (self.show_cpm, Method::Cpm),
            (self.show_fpm, Method::Fpm),
        ]
        .into_iter()
        .filter_map(|(on, m)| on.then_some(m))
        .collect();
        let input = FpmInput {
            devices: self.devices.clone(),
            n_units: self.n_units,
            n_range: self.n_range(),
            scale: if self.log_axes {
                Scale::Log10
            } else {
                Scale::Linear
            },
            integer: self.integer,
            methods,
            overlay: self.compare.clone(),
            platform: self.platform.clone(),
        };
        input.check()?;
        input.measured_functions()?;
        Ok(input)
    }

    /// The slider's and the sweep's range of n: the devices' range (from
    /// one unit up with whole units, which cannot share less), widened to
    /// hold the current n.
    pub fn n_range(&self) -> (f64, f64) {
        let (mut lo, mut hi) = fpm::n_range(&self.devices);
        if self.integer && lo < 1.0 {
            lo = 1.0;
            hi = hi.max(10.0);
        }
        if self.n_units.is_finite() && self.n_units > 0.0 {
            (lo.min(self.n_units), hi.max(self.n_units))
        } else {
            (lo, hi)
        }
    }

    /// The devices' common unit ("units" when they differ).
    pub fn unit(&self) -> String {
        FpmInput {
            devices: self.devices.clone(),
            ..Default::default()
        }
        .unit()
        .0
    }

    /// Adds a device, renamed "name #2", "#3"... if the name is taken; n
    /// moves into the new devices' range if it lies outside.
    pub fn add_device(&mut self, mut d: FpmDevice) {
        let base = d.name.clone();
        let mut k = 1;
        while self.devices.iter().any(|o| o.name == d.name) {
            k += 1;
            d.name = format!("{base} #{k}");
        }
        self.devices.push(d);
        self.fit_n();
    }

    /// Adds `devices` (a runtime's workers, of one unit) where the
    /// current devices count work in that unit too, else puts them in
    /// place of the current ones (whole units off: their work is flop or
    /// bytes); true when they replaced them.
    pub fn take_devices(&mut self, devices: Vec<FpmDevice>) -> bool {
        let unit = devices.first().map(|d| d.unit.trim().to_string());
        let same = unit.is_some_and(|u| self.devices.iter().all(|d| d.unit.trim() == u));
        if !same {
            self.devices.clear();
            self.integer = false;
        }
        for d in devices {
            self.add_device(d);
        }
        !same
    }

    /// Removes device `i`.
    pub fn remove_device(&mut self, i: usize) {
        if i < self.devices.len() {
            self.devices.remove(i);
            self.fit_n();
        }
    }

    /// Puts n back into the devices' range (at the sum of their largest
    /// measured sizes) when it lies outside.
    fn fit_n(&mut self) {
        if self.devices.is_empty() {
            return;
        }
        let (lo, hi) = fpm::n_range(&self.devices);
        if !(self.n_units >= lo && self.n_units <= hi) {
            self.n_units = (hi / 2.0).max(lo);
        }
        self.round_n();
    }

    /// Whole n (at least 1) with whole units.
    pub fn round_n(&mut self) {
        if self.integer && self.n_units.is_finite() {
            self.n_units = self.n_units.round().max(1.0);
        }
    }

    /// `Ok` unless whole units are asked for and n is not a whole number
    /// of at most 2^53 (the command line's `--n` with `--integer`; the
    /// window rounds n instead).
    pub fn check_whole_n(&self) -> Result<(), CoreError> {
        let n = self.n_units;
        if self.integer && (n.fract() != 0.0 || n > MAX_BLOCKS as f64) {
            return Err(CoreError::NotWholeUnits { n });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_the_paper_node_and_gives_an_input() {
        let s = FpmScenario::default();
        assert_eq!(s.devices.len(), 6);
        assert_eq!(s.unit(), "blocks");
        let input = s.input().unwrap();
        assert_eq!(input.methods.len(), 3);
        assert!(input.n_range.0 < 3600.0 && input.n_range.1 > 4900.0);
    }

    #[test]
    fn whole_units_start_the_range_at_one_unit() {
        // The measured node's triad curves start at 0.001 M elements; in
        // whole units no share is smaller than one, so the slider and the
        // sweep start there.
        let mut s = FpmScenario::default();
        let mut d = s.devices[0].clone();
        d.points = vec![
            hetscope_model::fpm::SpeedPoint::new(0.001, 2.0),
            hetscope_model::fpm::SpeedPoint::new(4000.0, 5.0),
        ]
        .into();
        s.devices = vec![d];
        s.n_units = 100.0;
        s.integer = true;
        assert_eq!(s.n_range().0, 1.0);
        s.integer = false;
        assert_eq!(s.n_range().0, 0.001);
        assert!(s.n_range().1 >= 4000.0);
    }

    #[test]
    fn added_names_are_unique_and_n_follows_the_devices() {
        let mut s = FpmScenario::default();
        let mut d = s.devices[0].clone();
        s.add_device(d.clone());
        assert_eq!(s.devices[6].name, "G1 GTX680 #2");
        s.devices.clear();
        d.points = vec![hetscope_model::fpm::SpeedPoint::new(0.5, 2.0)].into();
        s.add_device(d);
        let (lo, hi) = s.n_range();
        assert!(
            s.n_units >= lo && s.n_units <= hi,
            "{} {lo} {hi}",
            s.n_units
        );
    }
}
