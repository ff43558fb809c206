//! Build script: on Linux with glibc, link GCC's unwinder statically, and
//! the binary as a position-dependent executable.
//!
//! Rust's standard library asks the linker for `-lgcc_s`, the shared
//! libgcc, for unwinding. Loading `libgcc_s.so.1` costs every process
//! its constructor, `__cpu_indicator_init`, which runs the CPUID
//! instruction many times; on a virtual machine each CPUID traps to the
//! hypervisor. On our 2-core benchmark machines that is about 0.15 to
//! 0.3 ms of a 1.5 ms `klondike solve` (issue 3 counts the process start
//! in the solver's time per deal).
//!
//! So, where the static unwinder `libgcc_eh.a` exists, this script writes
//! a one-line linker script named `libgcc_s.so` into `OUT_DIR` that
//! stands for `-lgcc_eh`, and puts `OUT_DIR` first on the library search
//! path. The C library stays shared; unwinding works as before (this is
//! the unwinder a `+crt-static` build uses). Nothing changes anywhere
//! else: other targets, a cross build (target and host differ: the
//! compiler asked here might not be the one that links), a compiler that
//! cannot name the file, or `KLONDIKE_SHARED_LIBGCC` set (to any value).
//!
//! The search path reaches whatever links the library, so a crate that
//! depends on `klondike` links the static unwinder too.
//!
//! On the same targets the `klondike` binary is linked as a position-dependent
//! executable (`-no-pie`): a position-independent one has about 4 000
//! relocations for the dynamic loader to apply at every start, each page
//! they touch copied; without them a process starts about 0.04 to 0.07 ms
//! sooner here. The price is that the binary's own code is not placed at a
//! random address (the shared libraries still are). `KLONDIKE_PIE` set (to
//! any value) keeps the default, position-independent, executable.

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for var in ["KLONDIKE_SHARED_LIBGCC", "KLONDIKE_PIE", "CC", "RUSTC_LINKER"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let cross = env::var("TARGET").ok() != env::var("HOST").ok();
    let target_os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_env = env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let crt_static = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default().split(',').any(|f| f == "crt-static");
    if cross || target_os != "linux" || target_env != "gnu" || crt_static {
        return;
    }
    if env::var_os("KLONDIKE_PIE").is_none() {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    if env::var_os("KLONDIKE_SHARED_LIBGCC").is_some() {
        return;
    }
    if !static_unwinder_exists() {
        return;
    }
    let Some(out_dir) = env::var_os("OUT_DIR").map(PathBuf::from) else { return };
    if fs::write(out_dir.join("libgcc_s.so"), "INPUT(-lgcc_eh)\n").is_ok() {
        println!("cargo:rustc-link-search=native={}", out_dir.display());
    }
}

/// Whether the C compiler that links for this target can find
/// `libgcc_eh.a` (`cc -print-file-name` prints the bare name when it
/// cannot).
fn static_unwinder_exists() -> bool {
    let cc = env::var("RUSTC_LINKER").ok().or_else(|| env::var("CC").ok()).unwrap_or_else(|| "cc".to_string());
    let Ok(output) = Command::new(cc).arg("-print-file-name=libgcc_eh.a").output() else { return false };
    let path = String::from_utf8_lossy(&output.stdout).trim().to_string();
    output.status.success() && PathBuf::from(&path).is_absolute() && PathBuf::from(&path).is_file()
}
