//! The command-line front end: arguments, the session loop, input sources.
//! Exit codes are decided here and only here (SPEC.md): 0 normal end, 1 any
//! other failure, 2 bad command line (clap), 3 a rejected command under
//! `--strict`.

/// Writes one line to standard error, like `eprintln!`, but ignores a
/// failed write (standard error closed, a full disk) instead of panicking:
/// the exit status still tells the caller what happened.
macro_rules! warn_line {
    ($($arg:tt)*) => {{
        use std::io::{IsTerminal as _, Write as _};
        let spoken = $crate::run::SPOKEN.load(std::sync::atomic::Ordering::Relaxed);
        let width = std::io::stderr().is_terminal().then(textwrap::termwidth);
        let text = klondike::app::render::words::diagnostic(&format!($($arg)*), spoken, width);
        let _ = writeln!(std::io::stderr(), "{text}");
    }};
}

/// Screen-reader mode is on: messages on standard error are spoken too.
pub static SPOKEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Parser;

use crate::options::PlayArgs;
use klondike::app::lines::PlainLines;
use klondike::app::play::Origin;

use crate::args::{Cli, Subcommands};
use crate::input::{SpokenLines, Terminal};
use crate::world::Files;
use crate::{census_command, man_page, review_command, solve_command, world};
use klondike::app::session::{
    begin, choose_deal, choose_view, BeginError, DataFolder, LineSource, Persistence, ReadySession, RunError,
    SessionEnd, TerminalFacts,
};

/// Runs the program; prints errors and maps them to exit codes.
pub fn main() -> ExitCode {
    crate::signals::ignore_file_size_limit();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if e.use_stderr() {
                // One line, as every other error: clap's message with its
                // possible values and tips, without the usage block.
                let line = solve_option_out_of_place(&e)
                    .or_else(|| signed_game_numbers(&e))
                    .or_else(|| on_off_took_a_file(&e))
                    .unwrap_or_else(|| usage_error_line(&e.render().to_string()));
                warn_line!("klondike: {line}");
                return ExitCode::from(2);
            }
            let printed = e.print();
            // --help or --version: standard output must take it (a closed
            // pipe, as in `klondike --help | head -1`, ends quietly).
            return match printed {
                Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
                    warn_line!(
                        "klondike: {}: {}",
                        klondike::app::render::diagnostics::STDOUT_UNWRITABLE,
                        klondike::app::io_text::io_words(&err)
                    );
                    ExitCode::from(1)
                }
                _ => ExitCode::SUCCESS,
            };
        }
    };
    if let Some(why) = usage_problem(&cli) {
        warn_line!("klondike: {why}");
        return ExitCode::from(2);
    }
    match run(cli) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        // Every read and every file is worded with what it was; a bare I/O
        // error is a write to standard output (a full disk, say).
        Err(e) if e.chain().count() == 1 && e.downcast_ref::<io::Error>().is_some() => {
            let why = e.downcast_ref::<io::Error>().map(klondike::app::io_text::io_words).unwrap_or_default();
            warn_line!("klondike: {}: {why}", klondike::app::render::diagnostics::STDOUT_UNWRITABLE);
            ExitCode::from(1)
        }
        Err(e) => {
            warn_line!("klondike: {}", klondike::app::render::error_chain::links_worded(e.chain()));
            ExitCode::from(1)
        }
    }
}

/// clap's report of a bad command line (`error: ...`, possible values,
/// tips, then a usage block and a pointer to `--help`) as one line that
/// points at the help of the subcommand given, if any.
/// What is wrong with a command line that clap accepts but that asks for
/// something that cannot be done (exit status 2, as clap's own refusals).
fn usage_problem(cli: &Cli) -> Option<String> {
    use crate::text_input::DEAL_FROM_STDIN;
    let stdin = |path: &Option<std::path::PathBuf>| path.as_deref().is_some_and(|p| p.as_os_str() == "-");
    let deal_from_stdin = |deal: &Option<String>| deal.as_deref() == Some(DEAL_FROM_STDIN);
    // Standard input can give the deal or something else, not both.
    let taken = match &cli.command {
        None | Some(Subcommands::Play(_)) => {
            let args = match &cli.command {
                Some(Subcommands::Play(args)) => args,
                _ => &cli.play,
            };
            deal_from_stdin(&args.game.source.deal).then_some("the game's commands")
        }
        Some(Subcommands::Solve(args)) if stdin(&args.moves) => {
            deal_from_stdin(&args.game.source.deal).then_some("--moves -")
        }
        Some(Subcommands::Review(args)) if args.file.as_os_str() == "-" => {
            deal_from_stdin(&args.deal).then_some("review -")
        }
        _ => None,
    };
    if let Some(other) = taken {
        return Some(klondike::app::render::diagnostics::deal_stdin_taken(other));
    }
    match &cli.command {
        Some(Subcommands::Census(args)) if stdin(&args.verdict_file) => {
            Some(klondike::app::render::census_table::VERDICT_FILE_NOT_STDOUT.to_string())
        }
        Some(Subcommands::Solve(args))
            if args.retry_unknown && args.output.is_some() && args.output_file().is_none() =>
        {
            Some(format!(
                "{}; 'klondike solve --help' lists the options",
                klondike::app::render::solve_report::RETRY_NEEDS_A_FILE
            ))
        }
        _ => None,
    }
}

/// For an option of `klondike solve` given to the game (`klondike --games
/// 1..3`): says whose option it is, where clap would suggest the game's
/// nearest option (`--game`), which is seldom what was meant.
fn solve_option_out_of_place(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let command = <Cli as clap::CommandFactory>::command();
    let first = std::env::args().nth(1);
    // The game's options: no subcommand, or `play`.
    let to_the_game = first.is_none_or(|a| a == "play" || command.find_subcommand(&a).is_none());
    if e.kind() != ErrorKind::UnknownArgument || !to_the_game {
        return None;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else { return None };
    let name = given.strip_prefix("--")?.split('=').next()?;
    let solve = command.find_subcommand("solve")?;
    let of_solve = solve.get_arguments().any(|a| a.get_long() == Some(name));
    of_solve.then(|| {
        format!(
            "unexpected argument '--{name}' found: it is an option of klondike solve (klondike solve --{name} ...); 'klondike solve --help' lists its options"
        )
    })
}

/// For a range of game numbers with a sign (`--games -3..2`), which clap
/// takes for an option it does not know: says that game numbers have none
/// (a lone negative number is refused by the option's own reader).
fn signed_game_numbers(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else { return None };
    if !given.strip_prefix('-')?.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // Given as the value of an option that takes a range; clap names only
    // the part it read as an option (`-3` of `-3..2`).
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a.starts_with(given.as_str()))?;
    let after_range_option = at > 0 && matches!(args[at - 1].as_str(), "--games" | "--only");
    after_range_option.then(|| {
        usage_error_line(&format!(
            "error: '{}' is not a range of game numbers: game numbers have no sign; write A..B from 1, e.g. 1..1000",
            args[at]
        ))
    })
}

/// For a flag that may take `on` or `off` (`--foundation-to-tableau`,
/// `--autoplay`) followed by an argument that is neither, which clap reads
/// as the flag's value (`review --foundation-to-tableau moves.txt`): says
/// how to give both.
fn on_off_took_a_file(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidValue {
        return None;
    }
    let Some(ContextValue::Strings(valid)) = e.get(ContextKind::ValidValue) else { return None };
    let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) else { return None };
    let Some(ContextValue::String(option)) = e.get(ContextKind::InvalidArg) else { return None };
    let option = option.split(' ').next().unwrap_or(option);
    (valid.as_slice() == ["on", "off"] && !value.is_empty()).then(|| {
        usage_error_line(&format!(
            "error: '{value}' is not on or off for {option}, which reads the word after it as its value: put other arguments before {option}, or write {option}=on"
        ))
    })
}

fn usage_error_line(report: &str) -> String {
    let subcommand =
        std::env::args().nth(1).filter(|a| <Cli as clap::CommandFactory>::command().find_subcommand(a).is_some());
    let command = subcommand.map_or_else(|| "klondike".to_string(), |s| format!("klondike {s}"));
    let mut parts = Vec::new();
    let mut in_usage = false;
    for line in report.lines().map(str::trim) {
        if line.starts_with("Usage:") {
            in_usage = true;
        } else if line.is_empty() {
            in_usage = false;
        } else if !in_usage && !line.starts_with("For more information") {
            parts.push(line.strip_prefix("error: ").unwrap_or(line));
        }
    }
    format!("{}; '{command} --help' lists the options", plain_usage_words(&parts.join(" ")))
}

/// clap's words without the marks a screen reader spells out or stumbles
/// on: value placeholders (`--draw <N>` is `--draw`), brackets around the
/// possible values (`[possible values: 1, 3]` is `; possible values: 1,
/// 3`), and the `tip:` of a suggestion (`tip: a similar argument exists`
/// is `; did you mean`).
fn plain_usage_words(text: &str) -> String {
    // Whether what was written last is an option (`--draw `), whose value's
    // placeholder goes: a placeholder alone (`<FILE>`, a required argument)
    // is said as its name.
    let after_option = |out: &str| {
        let word = out.trim_end_matches(' ').rsplit([' ', '\'']).next().unwrap_or("");
        out.ends_with(' ') && word.starts_with('-')
    };
    let skip_to = |chars: &mut std::iter::Peekable<std::str::Chars>, open: char, close: char| {
        let mut depth = 1;
        for d in chars.by_ref() {
            depth += usize::from(d == open);
            depth -= usize::from(d == close);
            if depth == 0 {
                break;
            }
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' if after_option(&out) => {
                skip_to(&mut chars, '<', '>');
                out.pop();
            }
            '[' if chars.peek() == Some(&'<') && after_option(&out) => {
                skip_to(&mut chars, '[', ']');
                out.pop();
            }
            '<' | '>' => {}
            '|' => out.push_str(" or "),
            '[' => {
                while out.ends_with(' ') {
                    out.pop();
                }
                out.push_str("; ");
            }
            ']' => {}
            c => out.push(c),
        }
    }
    out.replace(" tip: a similar argument exists:", "; did you mean")
        .replace(" tip:", ";")
        .replace("  ", " ")
        .replace(" ;", ";")
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe))
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => play(cli.play),
        Some(Subcommands::Play(args)) => play(args),
        Some(Subcommands::Solve(args)) => {
            solve_command::run(args)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Review(args)) => {
            review_command::run(&args)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Census(args)) => {
            census_command::run(args)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Completions { shell }) => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            // Into memory first: clap_complete panics when its writer
            // fails (a closed pipe, a full disk), a write here returns the error.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "klondike", &mut script);
            print(&script)
        }
        Some(Subcommands::Stats { json, screen_reader }) => {
            let stats = DataFolder::new(world::say).statistics_shown()?;
            let text = if json {
                serde_json::to_string_pretty(&stats)?
            } else if TerminalFacts::screen_reader_wanted(screen_reader) {
                klondike::app::render::stats_text::statistics(&stats).trim_end().to_string()
            } else {
                klondike::app::render::stats_text::statistics_table(&stats).trim_end().to_string()
            };
            print(format!("{text}\n").as_bytes())
        }
        Some(Subcommands::Man) => {
            let mut page = Vec::new();
            man_page::write(&mut page)?;
            print(&page)
        }
        Some(Subcommands::Deal(args)) => {
            let choice = crate::text_input::deal_choice(args.source.choice())?;
            let (deal, origin) = choose_deal(&choice, world::random_game_number)?;
            if let (Origin::Number(n), None) = (&origin, args.source.game) {
                // A random game: say which, so that it can be dealt again.
                warn_line!("klondike: {}", klondike::app::render::diagnostics::random_game_dealt(n));
            }
            print(format!("{deal}\n").as_bytes())
        }
    }
}

/// Writes a subcommand's whole answer to standard output at once.
fn print(bytes: &[u8]) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn play(args: PlayArgs) -> Result<ExitCode> {
    let interactive = io::stdin().is_terminal();
    if interactive {
        world::catch_interrupts();
    }
    // A script never reads the settings kept, so that it replays the same
    // wherever it runs; only an interactive player's are kept.
    let args = if interactive {
        let aloud = TerminalFacts::screen_reader_wanted(args.screen_reader);
        world::with_kept_settings(args, aloud)
    } else {
        args
    };
    let persistence =
        Persistence { stats: interactive || args.stats, autosave: interactive || args.autosave, timed: interactive };
    if persistence.stats || persistence.autosave {
        // Leftovers of writes that were killed before their rename.
        if let Some(dir) = klondike::app::store::data_dir() {
            klondike::app::store::remove_stray_temp_files(&dir, klondike::app::store::STRAY_TEMP_AGE);
        }
    }
    let aloud = TerminalFacts::screen_reader_wanted(args.screen_reader);
    let view = choose_view(&args.view_asked(aloud), &TerminalFacts::from_environment(interactive));
    SPOKEN.store(view.screen_reader, std::sync::atomic::Ordering::Relaxed);
    let world = Files::new(interactive, view.screen_reader);
    let begun = match begin(world, &args.begin_with(interactive, aloud), view, persistence, &mut io::stdout()) {
        Ok(Some(begun)) => begun,
        Ok(None) => return Ok(ExitCode::SUCCESS),
        // A bare I/O error: `main` says it is standard output's.
        Err(BeginError::Io(e)) => return Err(e.into()),
        // Said with the presentation layer's words for what it holds (a
        // saved game that does not replay, a refused `--resume`).
        Err(e) => return Err(anyhow::anyhow!(klondike::app::render::error_chain::chain(&e))),
    };
    let ReadySession { mut session, skipped } = begun;
    let mut source: Box<dyn LineSource> = match (interactive, view.screen_reader) {
        // Screen-reader mode reads plain lines even on a terminal: no redraws.
        (true, true) => Box::new(SpokenLines::new(args.prompt.clone().unwrap_or_default())),
        (true, false) => Box::new(
            Terminal::new(args.prompt.clone().unwrap_or_else(|| "> ".into()))
                .context(klondike::app::render::diagnostics::TERMINAL_UNUSABLE)?,
        ),
        (false, _) => Box::new(PlainLines::new(io::stdin().lock())),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    match session.run(source.as_mut(), &mut out, skipped, interactive, args.strict) {
        Ok(SessionEnd::Normally) => Ok(ExitCode::SUCCESS),
        Ok(SessionEnd::Rejected) => Ok(ExitCode::from(3)),
        Err(RunError::Read(e)) => {
            Err(anyhow::Error::new(e).context(klondike::app::render::diagnostics::STDIN_UNREADABLE))
        }
        Err(RunError::Write(e)) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::plain_usage_words;

    #[test]
    fn usage_errors_are_said_without_placeholders_or_brackets() {
        let cases = [
            (
                "invalid value '5' for '--draw <N>' [possible values: 1, 3]",
                "invalid value '5' for '--draw'; possible values: 1, 3",
            ),
            (
                "unexpected argument '--gme' found tip: a similar argument exists: '--game'",
                "unexpected argument '--gme' found; did you mean '--game'",
            ),
            (
                "the argument '--load <FILE>' cannot be used with '--draw <N>'",
                "the argument '--load' cannot be used with '--draw'",
            ),
            (
                "the following required arguments were not provided: <--games <A..B>|FILES>",
                "the following required arguments were not provided: --games or FILES",
            ),
            (
                "the following required arguments were not provided: <FILE>",
                "the following required arguments were not provided: FILE",
            ),
            (
                "invalid value 'tcsh' for '<SHELL>' [possible values: bash, zsh]",
                "invalid value 'tcsh' for 'SHELL'; possible values: bash, zsh",
            ),
            (
                "invalid value 'maybe' for '--autoplay [<on|off>]' [possible values: on, off]",
                "invalid value 'maybe' for '--autoplay'; possible values: on, off",
            ),
        ];
        for (clap, plain) in cases {
            assert_eq!(plain_usage_words(clap), plain);
        }
    }
}
