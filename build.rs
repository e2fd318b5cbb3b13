//! Rebuild when the bundled resources change: the store embeds `resources/`
//! (sample catalogs, images, backs) with include_dir, which cannot tell cargo
//! about new files by itself.

fn main() {
    println!("cargo:rerun-if-changed=resources");
    println!("cargo:rerun-if-changed=schema");
}
