//! Rules the code keeps and outputs recorded in the repository: the crate
//! and import graphs, the shape of the sources, the command-line reference,
//! the recorded command outputs and images, and the layout of every view.

/// `docs/cli-reference.md` is the command line's `--help`.
mod cli_reference;
/// No file over 500 lines, no function over 80.
mod code_shape;
/// The guides' example numbers are what their commands print.
mod doc_examples;
/// The outputs of `tests/golden/commands.txt`, byte for byte.
mod golden;
/// Every view's PNG export against `tests/reference/`.
mod image_reference;
/// No circle of imports between the files of a crate.
mod imports;
/// No two labels of an exported view overlap.
mod label_collisions;
/// Each crate depends only on the layers below it.
mod layers;
/// Every chart view laid out at three sizes without a layout fault.
mod layout_audit;
