//! Integration tests of the engine: deals, positions and their text form,
//! the rules against random play, and the solver against the reference
//! search, itself and the oracle's verdicts. One test binary, so that
//! `cargo test` links few.

#[path = "../common/mod.rs"]
#[allow(dead_code)]
mod common;

mod deal_format;
mod deal_pysol;
mod position_line;
mod properties;
mod rules_agree;
mod solver_rules;
mod solver_soundness;
mod solver_verdicts;
