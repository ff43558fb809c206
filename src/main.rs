//! The `klondike` binary: a thin layer over the `klondike` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}

/// `pow` of the C maths library, from the `libm` crate (a Rust port of
/// musl's libm) instead.
///
/// The only maths-library function the binary calls is `pow` (indicatif's
/// estimate of the progress rate, `f64::powf`). Defined here, the linker
/// (which links libraries "as needed") no longer makes the binary load
/// `libm.so.6` at start: about 0.07 to 0.1 ms less for every process on
/// our 2-core benchmark machines, where a `klondike solve` of a typical
/// deal takes 1.1 to 1.5 ms in all (issue 3 counts the process start in the
/// solver's time per deal). Only on Linux with glibc, where that was
/// measured.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[no_mangle]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    #[test]
    fn pow_is_the_c_library_function() {
        assert_eq!(super::pow(2.0, 10.0), 1024.0);
        assert_eq!(super::pow(0.1, 0.0), 1.0);
        assert!((super::pow(0.1, 0.5) - 0.1f64.sqrt()).abs() < 1e-15);
        // What the progress bar computes goes through the same symbol.
        let base = std::hint::black_box(0.1f64);
        assert_eq!(base.powf(2.5), super::pow(0.1, 2.5));
    }
}
