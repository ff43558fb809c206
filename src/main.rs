//! The `klondike` binary: a thin layer over the `klondike` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
