//! What the binary loads at start (Linux with glibc only): issue 3 counts
//! the process start in the solver's time per deal, and each shared
//! library loaded costs every process (see `build.rs` and `src/main.rs`).

#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::process::Command;

/// The shared libraries the dynamic loader maps for the binary, as `ldd`
/// lists them (glibc's loader prints them and exits when
/// `LD_TRACE_LOADED_OBJECTS` is set); the C library is always among them.
fn loaded_libraries() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .env("LD_TRACE_LOADED_OBJECTS", "1")
        .output()
        .expect("run klondike");
    let libs = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(libs.contains("libc.so"), "{libs}");
    libs
}

#[test]
fn the_binary_loads_the_c_library_and_not_the_maths_library() {
    let libs = loaded_libraries();
    assert!(!libs.contains("libm.so"), "{libs}");
}

#[test]
fn the_binary_does_not_load_the_shared_unwinder_where_the_static_one_exists() {
    if option_env!("KLONDIKE_SHARED_LIBGCC").is_some() {
        return; // asked for the shared one
    }
    let Ok(out) = Command::new("cc").arg("-print-file-name=libgcc_eh.a").output() else { return };
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !std::path::Path::new(&path).is_file() {
        return; // build.rs keeps the shared one
    }
    let libs = loaded_libraries();
    assert!(!libs.contains("libgcc_s"), "{libs}");
}

#[test]
fn the_binary_is_position_dependent_unless_asked_otherwise() {
    if option_env!("KLONDIKE_PIE").is_some() {
        return; // asked for a position-independent one
    }
    let elf = std::fs::read(env!("CARGO_BIN_EXE_klondike")).expect("read the binary");
    assert_eq!(&elf[..4], b"\x7fELF");
    // e_type, little-endian, at offset 16: 2 is an executable at a fixed
    // address, 3 a position-independent one (or a shared library).
    assert_eq!(u16::from_le_bytes([elf[16], elf[17]]), 2);
    // And it runs.
    let out = Command::new(env!("CARGO_BIN_EXE_klondike")).arg("--version").output().expect("run klondike");
    assert!(out.status.success());
}
