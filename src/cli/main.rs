//! The `klondike` binary: a thin layer over the `klondike` library.

#[macro_use]
mod run;
mod args;
mod census_command;
mod input;
mod man_page;
mod options;
mod review_command;
mod signals;
mod solve_command;
mod text_input;
mod workers;
mod world;

fn main() -> std::process::ExitCode {
    run::main()
}
