// Rebuild when a built-in preset changes: `presets/` (at the workspace root) is embedded into the
// binary at compile time.
fn main() {
    println!("cargo:rerun-if-changed=../../presets");
}
