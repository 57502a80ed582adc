// Rebuild when a built-in preset changes: `presets/` is embedded into the
// binary at compile time.
fn main() {
    println!("cargo:rerun-if-changed=presets");
}
