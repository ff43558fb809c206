//! The `klondike` binary: a thin layer over the `klondike` library.

#[macro_use]
mod run;
mod args;
mod census;
mod input;
mod man;
mod session;
mod solve;

fn main() -> std::process::ExitCode {
    run::main()
}
