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
        let spoken = $crate::cli::SPOKEN.load(std::sync::atomic::Ordering::Relaxed);
        let width = std::io::stderr().is_terminal().then(textwrap::termwidth);
        let text = klondike::render::words::diagnostic(&format!($($arg)*), spoken, width);
        let _ = writeln!(std::io::stderr(), "{text}");
    }};
}

/// Screen-reader mode is on: messages on standard error are spoken too.
pub static SPOKEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

mod args;
mod census;
mod input;
mod man;
mod session;
mod solve;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Parser;

use klondike::deal::Deal;
use klondike::options::{GameArgs, PlayArgs};
use klondike::play::{Origin, Play};

use args::{Cli, Subcommands};
use input::{LineSource, PlainLines, PromptedLines, Terminal};
use klondike::record::{GameRecord, Replayed};
use klondike::session::{
    choose_view, claim_autosave, first_winnable, offer_saved, retire_autosave, Next, Offered, Persistence, Saved,
    Session, Start, StartError, TerminalFacts, View,
};
use klondike::stats::Statistics;
use klondike::store;
use session::Files;

/// Runs the program; prints errors and maps them to exit codes.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let printed = e.print();
            if e.use_stderr() {
                return ExitCode::from(2);
            }
            // --help or --version: standard output must take it (a closed
            // pipe, as in `klondike --help | head -1`, ends quietly).
            return match printed {
                Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
                    warn_line!("klondike: cannot write to standard output: {err}");
                    ExitCode::from(1)
                }
                _ => ExitCode::SUCCESS,
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        // Every read and every file is worded with what it was; a bare I/O
        // error is a write to standard output (a full disk, say).
        Err(e) if e.chain().count() == 1 && e.downcast_ref::<io::Error>().is_some() => {
            warn_line!("klondike: cannot write to standard output: {e}");
            ExitCode::from(1)
        }
        Err(e) => {
            warn_line!("klondike: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe))
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => play(cli.play),
        Some(Subcommands::Play(args)) => play(args),
        Some(Subcommands::Solve(args)) => {
            solve::run(args)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Census(args)) => {
            census::run(args)?;
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
        Some(Subcommands::Stats { json }) => {
            let stats = match store::statistics_path().map(|p| store::read_json::<Statistics>(&p)) {
                Some(Ok(stats)) => stats.unwrap_or_default(),
                // Moved aside: say so, and show the fresh (empty) statistics.
                Some(Err(e @ store::StoreError::Corrupt { .. })) => {
                    warn_line!("klondike: {e}");
                    Statistics::default()
                }
                Some(Err(e)) => return Err(e.into()),
                None => Statistics::default(),
            };
            let text =
                if json { serde_json::to_string_pretty(&stats)? } else { stats.describe().trim_end().to_string() };
            print(format!("{text}\n").as_bytes())
        }
        Some(Subcommands::Man) => {
            let mut page = Vec::new();
            man::write(&mut page)?;
            print(&page)
        }
        Some(Subcommands::Deal(args)) => {
            let (deal, origin) = choose_deal(&args.game)?;
            if let (Origin::Number(n), None) = (&origin, args.game.game) {
                // A random game: say which, so that it can be dealt again.
                warn_line!("klondike: game {n}");
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

/// The deal the options ask for, and where it came from.
pub(crate) fn choose_deal(args: &GameArgs) -> Result<(Deal, Origin)> {
    if let Some(text) = &args.deal {
        let text = match text.strip_prefix('@') {
            Some(path) => store::read_text_file(std::path::Path::new(path), "deal file")?,
            None => text.clone(),
        };
        let deal = text.parse::<Deal>().context("bad deal")?;
        return Ok((deal, Origin::Custom));
    }
    let number = args.game.map_or_else(session::random_game_number, klondike::deal::GameNumber::get);
    let deal = Deal::for_game(number).context("bad game number")?;
    Ok((deal, Origin::Number(number)))
}

/// Whether screen-reader mode is on: the flag, or KLONDIKE_SCREEN_READER
/// set to anything but "" or "0".
fn screen_reader_wanted(flag: bool) -> bool {
    flag || std::env::var_os("KLONDIKE_SCREEN_READER").is_some_and(|v| !v.is_empty() && v != "0")
}

/// How the session looks: the options, and what the terminal is (see
/// [`choose_view`]).
fn view(args: &PlayArgs, interactive: bool) -> View {
    let terminal = TerminalFacts {
        interactive,
        stdout_terminal: io::stdout().is_terminal(),
        utf8: TerminalFacts::utf8_locale(
            TerminalFacts::LOCALE_VARIABLES
                .iter()
                .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
                .as_deref(),
        ),
        dumb: std::env::var_os("TERM").is_some_and(|t| t == "dumb"),
        no_colour: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
    };
    choose_view(&args.looks(screen_reader_wanted(args.screen_reader)), &terminal)
}

/// The saved game in the file `path` (`--load FILE`), replayed.
pub(crate) fn read_saved(path: &std::path::Path) -> Result<Replayed> {
    let record = match store::read_user_json::<GameRecord>(path) {
        Ok(Some(r)) => r,
        Ok(None) => anyhow::bail!("there is no saved game {}", path.display()),
        Err(e) => anyhow::bail!(klondike::render::session::not_loaded(&e)),
    };
    record.replay().with_context(|| format!("cannot load {}", path.display()))
}

/// The saved game `--load FILE` names, if any, to start from.
fn loaded(args: &PlayArgs) -> Result<Option<Saved>> {
    let Some(path) = &args.load else { return Ok(None) };
    let replayed = read_saved(path)?;
    let start = Start::Loaded { elapsed: replayed.elapsed_seconds };
    Ok(Some(Saved { replayed, start }))
}

fn play(args: PlayArgs) -> Result<ExitCode> {
    let interactive = io::stdin().is_terminal();
    if interactive {
        session::catch_interrupts();
    }
    let rules = args.rules();
    let mut persistence =
        Persistence { stats: interactive || args.stats, autosave: interactive || args.autosave, timed: interactive };
    if persistence.stats || persistence.autosave {
        // Leftovers of writes that were killed before their rename.
        if let Some(dir) = klondike::store::data_dir() {
            klondike::store::remove_stray_temp_files(&dir, klondike::store::STRAY_TEMP_AGE);
        }
    }
    let view = view(&args, interactive);
    SPOKEN.store(view.screen_reader, std::sync::atomic::Ordering::Relaxed);
    let mut skipped = None;
    let mut world = Files::new(interactive, view.screen_reader);
    let in_use = match claim_autosave(&mut world, &mut persistence, args.resume) {
        Ok(in_use) => in_use,
        Err(e) => anyhow::bail!(e.to_string()),
    };
    let saved = match loaded(&args)? {
        Some(saved) => Some(saved),
        None => match offer_saved(
            &mut world,
            &args.asked(interactive, screen_reader_wanted(args.screen_reader)),
            in_use,
            &mut io::stdout(),
        ) {
            Ok(Offered::Nothing) => None,
            Ok(Offered::Saved(saved)) => Some(*saved),
            Ok(Offered::NewerAutosave) => {
                persistence.autosave = false;
                None
            }
            Ok(Offered::Quit) => return Ok(ExitCode::SUCCESS),
            Err(StartError::Io(e)) => return Err(e.into()),
            Err(StartError::Refused(why)) => anyhow::bail!(why),
        },
    };
    let (play, start) = match saved {
        Some(Saved { replayed, start }) => (Play::from_replayed(replayed, args.autoplay), start),
        None => {
            let (deal, origin) = if args.winnable {
                let first = args.game.game.map_or_else(session::random_game_number, klondike::deal::GameNumber::get);
                let winnable = first_winnable(&mut world, first, &rules).map_err(|e| anyhow::anyhow!("{e}"))?;
                skipped = Some(winnable.passed);
                (winnable.deal, Origin::Number(winnable.number))
            } else {
                choose_deal(&args.game)?
            };
            (Play::new(deal, origin, rules, args.scoring, args.autoplay), Start::Dealt)
        }
    };
    // Only once the new game is known to be good (a bad deal ends the
    // program before this): the saved game it replaces is settled.
    if persistence.autosave && !matches!(start, Start::Resumed { .. }) {
        persistence.autosave = retire_autosave(&mut world, persistence.stats);
    }
    let mut session = Session::new(play, start, view, persistence, args.winnable, world);
    let mut source: Box<dyn LineSource> = match (interactive, view.screen_reader) {
        // Screen-reader mode reads plain lines even on a terminal: no redraws.
        (true, true) => Box::new(PromptedLines::new(io::stdin().lock(), args.prompt.clone().unwrap_or_default())),
        (true, false) => Box::new(
            Terminal::new(args.prompt.clone().unwrap_or_else(|| "> ".into())).context("cannot set up the terminal")?,
        ),
        (false, _) => Box::new(PlainLines::new(io::stdin().lock())),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    session.open(&mut out, skipped, interactive)?;
    loop {
        out.flush()?;
        let input = source.next_line().context("cannot read the commands from standard input")?;
        match session.feed(input, &mut out)? {
            Next::Continue => {}
            Next::Quit | Next::Ended => break,
            Next::Rejected if args.strict => {
                out.flush()?;
                warn_line!("klondike: {}", klondike::render::session::strict_stopped(session.last_line()));
                session.end();
                out.flush()?;
                return Ok(ExitCode::from(3));
            }
            Next::Rejected => {}
        }
    }
    source.finish();
    session.end();
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
