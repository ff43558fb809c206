//! `klondike man`: the manual page, section 6 (games). The title and
//! options come from clap (clap_mangen), the synopsis from clap's options
//! with their values (clap_mangen's leaves the values out); the subcommands, rules,
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
    out.write_all(synopsis(&command).as_bytes())?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let subcommands: Vec<(String, String)> = command
        .get_subcommands()
        .map(|sub| (sub.get_name().to_string(), sub.get_about().map(ToString::to_string).unwrap_or_default()))
        .collect();
    klondike::app::render::manual::write_sections(out, &subcommands)
}

/// The SYNOPSIS section in roff: every option with its value, as typed
/// (`[--game N]`, `[--autoplay [on|off]]`), then the subcommands.
fn synopsis(command: &clap::Command) -> String {
    let dash = |s: &str| s.replace('-', "\\-");
    // Built, so that clap's own --help and --version are there too.
    let mut command = command.clone();
    command.build();
    let mut line = String::from("\\fBklondike\\fR");
    for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
        let Some(long) = arg.get_long() else { continue };
        let mut option = match arg.get_short() {
            Some(short) => format!("\\fB\\-{short}\\fR|\\fB\\-\\-{}\\fR", dash(long)),
            None => format!("\\fB\\-\\-{}\\fR", dash(long)),
        };
        if arg.get_action().takes_values() {
            let value = arg.get_value_names().map_or_else(|| arg.get_id().to_string(), |v| v.join(" "));
            let value = format!("\\fI{}\\fR", dash(&value));
            let optional = arg.get_num_args().is_some_and(|n| n.min_values() == 0);
            option = if optional { format!("{option} [{value}]") } else { format!("{option} {value}") };
        }
        line.push_str(&format!(" [{option}]"));
    }
    if command.has_subcommands() {
        line.push_str(" [\\fISUBCOMMAND\\fR]");
    }
    format!(".SH SYNOPSIS\n{line}\n")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_synopsis_gives_each_option_its_value() {
        let text = super::synopsis(&<super::Cli as clap::CommandFactory>::command());
        assert!(text.contains("[\\fB\\-V\\fR|\\fB\\-\\-version\\fR]"), "{text}");
        assert!(text.starts_with(".SH SYNOPSIS\n\\fBklondike\\fR [\\fB\\-\\-game\\fR \\fIN\\fR]"), "{text}");
        for part in [
            "[\\fB\\-\\-draw\\fR \\fIN\\fR]",
            "[\\fB\\-\\-autoplay\\fR [\\fIon|off\\fR]]",
            "[\\fB\\-\\-json\\fR]",
            "[\\fB\\-h\\fR|\\fB\\-\\-help\\fR]",
            "[\\fISUBCOMMAND\\fR]",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
    }
}
