//! What a first start shows, for the GUI and the command line alike: the
//! built-in preset of each kind that a model uses when none is named.

/// PerDome / PeaPaw: i7 2600K + GTX 750 (PerDome Table 1) and the
/// synthetic application (PerDome Table 2).
pub const PLATFORM: &str = "i7-gtx750-perdome";
pub const WORKLOAD: &str = "perdome-sa";

/// Boat hull: the GTX470 (Table 2) against the i7-930 (Table 3).
pub const BOATHULL_GPU: &str = "gtx470";
pub const BOATHULL_CPU: &str = "i7-930";
/// Boat hull: the class of the Section 4.4 example.
pub const BOATHULL_CLASS: &str = "2048x2048|element -> 2048x2048|element";
/// Boat hull: the application of Tables 4-5.
pub const BOATHULL_APPLICATION: &str = "fast-focus-on-structures";

/// Offload: POWER9 + V100, the offload paper's benchmark machine, and
/// the GEMM loop at the paper's benchmark size.
pub const OFFLOAD_PLATFORM: &str = "power9-v100-nvlink2";
pub const OFFLOAD_KERNEL: &str = "gemm";
pub const OFFLOAD_SIZE: f64 = 9600.0;
