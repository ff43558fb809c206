//! `klondike man`: the manual page, section 6 (games). The title, synopsis
//! and options come from clap (clap_mangen); the subcommands, rules,
//! commands, scripts and exit codes are the library's
//! ([`klondike::app::render::manual`]).

use std::io::{self, Write};

use clap::CommandFactory;

use super::args::Cli;

/// Writes the whole manual page in roff.
///
/// # Errors
/// I/O errors from `out`.
pub fn write(out: &mut dyn Write) -> io::Result<()> {
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone()).section("6");
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let subcommands: Vec<(String, String)> = command
        .get_subcommands()
        .map(|sub| (sub.get_name().to_string(), sub.get_about().map(ToString::to_string).unwrap_or_default()))
        .collect();
    klondike::app::render::manual::write_sections(out, &subcommands)
}
