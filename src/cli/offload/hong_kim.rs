//! `hetscope eval hongkim`: the Hong & Kim GPU model alone, with its
//! parameter names, by default on Hong & Kim's worked example; its
//! `--set` values read into the core's query.

use clap::Args;
use serde_json::Value;

use crate::cli::CliError;
use hetscope_core::Model;
use hetscope_core::offload::{
    HongKimQuery, Offload, OffloadQuery, OffloadScenario, hong_kim_names,
};
use hetscope_model::offload::{Formulation, set_hong_kim};
use hetscope_preset::Catalog;

/// The arguments of `eval hongkim`.
#[derive(Debug, Clone, Args)]
pub struct HongKimArgs {
    /// Override a value of Hong & Kim's worked example: sm_count freq_ghz
    /// mem_bw_gbs mem_ld departure_del_coal departure_del_uncoal
    /// trans_per_warp_uncoal issue_cycles comp_insts coal_mem_insts
    /// uncoal_mem_insts sync_insts threads_per_block blocks
    /// active_blocks_per_sm load_bytes_per_warp loop_iterations.
    /// Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// How #Rep and the execution case are read.
    #[arg(
        long = "formulation",
        value_name = "NAME",
        default_value = "published",
        value_parser = crate::cli::arg_enum::parser::<Formulation>()
    )]
    pub formulation: Formulation,
}

/// Run `eval hongkim`: the worked example with every `--set` applied.
pub fn run_hong_kim(args: &HongKimArgs) -> Result<Value, CliError> {
    let known = hong_kim_names();
    let mut q = HongKimQuery {
        formulation: args.formulation,
        ..HongKimQuery::default()
    };
    for item in &args.set {
        let (name, v) = hetscope_core::session_set::parse_item_of(item, &known)
            .map_err(|e| CliError::usage(format!("--set {e}")))?;
        set_hong_kim(&mut q.machine, &mut q.kernel, &name, v)
            .map_err(|e| CliError::usage(format!("--set {item}: {e}")))?;
    }
    let query = OffloadQuery::HongKim(q);
    // Hong & Kim alone reads neither the scenario nor the catalog.
    let (s, cat) = (OffloadScenario::default(), Catalog::default());
    Offload::eval(&s, &query, &cat).map_err(|e| CliError::usage(e.to_string()))
}
