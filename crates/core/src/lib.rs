//! hetscope's headless core: what the command line and the window share
//! above the model, preset, figure and export layers. Today: the paper
//! check (every number the papers quote beside hetscope's).

pub mod paper_check;
