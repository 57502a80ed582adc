//! Platform, processor and workload presets: RON files in `presets/`.
//!
//! - `types.rs`: what a preset file holds;
//! - `load.rs` + `validate.rs`: parsing with every value checked (errors name
//!   the file, line and column, or the field path);
//! - `catalog.rs`: the built-in presets, embedded at compile time;
//! - `resolve.rs`: processor references looked up, platforms and workloads
//!   from command-line style arguments, and the figures' `Scenario`;
//! - `save.rs`: pretty RON, written atomically;
//! - `measured_csv.rs`: import of measured partitions from CSV;
//! - `offload.rs` + `offload_load.rs`: offload decision platforms and
//!   kernels (`presets/offload-platforms`, `presets/offload-kernels`), their
//!   conversion to `model::offload`, parsing, validation and saving.

pub mod boathull;
pub mod catalog;
pub mod error;
pub mod load;
pub mod measured_csv;
pub mod measured_files;
pub mod offload;
pub mod offload_load;
pub mod resolve;
pub mod save;
pub mod speed_csv;
pub mod types;
pub mod validate;

pub use boathull::{load_application_file, parse_application};
pub use catalog::{Catalog, PresetEntry};
pub use error::PresetError;
pub use load::{
    file_id, load_platform_file, load_processor_file, load_workload_file, parse_platform,
    parse_processor, parse_workload, read_text,
};
pub use measured_csv::{MeasuredImport, import_measured_csv};
pub use offload::{
    AccessPreset, MixPreset, OFFLOAD_PLATFORM_PARAMS, OffloadBusPreset, OffloadCpuPreset,
    OffloadGpuPreset, OffloadKernelPreset, OffloadLaunch, OffloadParam, OffloadPlatformPreset,
    OffloadRuntimePreset, ParamRule, ScalingPreset, offload_model, offload_param,
};
pub use offload_load::{
    load_offload_kernel_file, load_offload_platform_file, offload_kernel_arg, offload_platform_arg,
    parse_offload_kernel, parse_offload_platform, save_offload_kernel, save_offload_platform,
    validate_offload_kernel, validate_offload_platform,
};
pub use resolve::{ResolvedPlatform, platform_arg, scenario, workload_arg};
pub use save::{save_atomic, save_platform, save_processor, save_workload, to_ron, try_to_ron};
pub use speed_csv::{
    SpeedCsv, SpeedCsvError, SpeedRow, load_speed_csv, parse_speed_csv, save_speed_csv,
};
pub use types::*;
pub use validate::{
    validate_application, validate_platform, validate_processor, validate_workload,
};
