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
        let mut text = klondike::render::words::plain_message(&format!($($arg)*));
        if $crate::cli::SPOKEN.load(std::sync::atomic::Ordering::Relaxed) {
            // A sentence to be heard: no program name, no symbols, a stop.
            let plain = text.strip_prefix("klondike: ").unwrap_or(&text);
            text = klondike::render::words::spoken(plain.trim_end_matches('.'));
            text.push('.');
        } else if std::io::stderr().is_terminal() {
            // Broken between words at a terminal, not in the middle of one.
            text = textwrap::fill(&text, textwrap::termwidth());
        }
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
use klondike::play::{Origin, Play};
use klondike::render::session::{self as said, Instead};
use klondike::render::words::{CardNames, CardStyle, SuitStyle};

use args::{CardsOption, Cli, ColorOption, GameArgs, Layout, PlayArgs, Subcommands, SuitsOption};
use input::{Line, LineSource, PlainLines, PromptedLines, Terminal};
use klondike::record::GameRecord;
use klondike::render::screen;
use klondike::scoring::{vegas_pass_limit, Scoring};
use klondike::session::{count_record_as_lost, first_winnable, Next, Persistence, Session, Start, View};
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
        Err(e) if e.downcast_ref::<Offer>() == Some(&Offer::QuitAtOffer) => ExitCode::SUCCESS,
        Err(e) => {
            warn_line!("klondike: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// How the offer of the saved game ended other than with a game: markers
/// that `play` and `main` act on (each was said when it happened).
#[derive(Debug, PartialEq, Eq)]
enum Offer {
    /// The autosave is from a newer version: the session goes on without saving.
    NewerAutosave,
    /// The player ended the program at the offer to resume: nothing to do.
    QuitAtOffer,
}

impl std::fmt::Display for Offer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Offer::NewerAutosave => "the saved game is from a newer klondike",
            Offer::QuitAtOffer => "quit at the offer to resume",
        })
    }
}

impl std::error::Error for Offer {}

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
            let mut out = io::stdout().lock();
            out.write_all(&script)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Stats { json }) => {
            let stats = match session::statistics_path().map(|p| store::read_json::<Statistics>(&p)) {
                Some(Ok(stats)) => stats.unwrap_or_default(),
                // Moved aside: say so, and show the fresh (empty) statistics.
                Some(Err(e @ store::StoreError::Corrupt { .. })) => {
                    warn_line!("klondike: {e}");
                    Statistics::default()
                }
                Some(Err(e)) => return Err(e.into()),
                None => Statistics::default(),
            };
            let mut out = io::stdout().lock();
            if json {
                writeln!(out, "{}", serde_json::to_string_pretty(&stats)?)?;
            } else {
                writeln!(out, "{}", stats.describe().trim_end())?;
            }
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Man) => {
            let mut out = io::stdout().lock();
            man::write(&mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Subcommands::Deal(args)) => {
            let (deal, origin) = choose_deal(&args.game)?;
            if let (Origin::Number(n), None) = (&origin, args.game.game) {
                // A random game: say which, so that it can be dealt again.
                warn_line!("klondike: game {n}");
            }
            let mut out = io::stdout().lock();
            writeln!(out, "{deal}")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Largest text file read for `--deal @FILE`, `--moves` and `--games-file`.
const MAX_TEXT_FILE: u64 = 64 << 20;

/// Reads a text file the user named (`what` names it in errors), refusing
/// one larger than 64 MiB, so that a device such as `/dev/zero` gives an
/// error instead of filling memory.
pub(crate) fn read_text_file(path: &std::path::Path, what: &str) -> Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(path).with_context(|| format!("cannot read the {what} '{}'", path.display()))?;
    let mut text = String::new();
    file.take(MAX_TEXT_FILE + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read the {what} '{}'", path.display()))?;
    if text.len() as u64 > MAX_TEXT_FILE {
        anyhow::bail!("the {what} '{}' is larger than 64 MiB", path.display());
    }
    // A byte-order mark at the start (some editors write one) is not text.
    match text.strip_prefix('\u{feff}') {
        Some(rest) => Ok(rest.to_string()),
        None => Ok(text),
    }
}

/// The deal the options ask for, and where it came from.
pub(crate) fn choose_deal(args: &GameArgs) -> Result<(Deal, Origin)> {
    if let Some(text) = &args.deal {
        let text = match text.strip_prefix('@') {
            Some(path) => read_text_file(std::path::Path::new(path), "deal file")?,
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

/// Whether to colour red suits: never in screen-reader mode; with `auto`,
/// only when standard output is a terminal, NO_COLOR is unset (or empty)
/// and TERM is not `dumb`.
fn colour_wanted(option: ColorOption, screen_reader: bool) -> bool {
    if screen_reader {
        return false;
    }
    match option {
        ColorOption::Always => true,
        ColorOption::Never => false,
        ColorOption::Auto => {
            io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
        }
    }
}

/// Whether the locale says the terminal shows UTF-8 (LC_ALL, then
/// LC_CTYPE, then LANG, as the C library reads them).
fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"].iter().find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty())).is_some_and(
        |v| {
            let v = v.to_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        },
    )
}

fn view(args: &PlayArgs, interactive: bool) -> View {
    let screen_reader = screen_reader_wanted(args.screen_reader);
    // The picture for a sighted player at a terminal; rows, which read line
    // by line and stay the same in every transcript, for scripts.
    let at_terminal = interactive && !screen_reader && !args.json && io::stdout().is_terminal();
    let layout = args.layout.unwrap_or(if screen_reader {
        Layout::List
    } else if at_terminal {
        Layout::Columns
    } else {
        Layout::Rows
    });
    let names = match args.cards {
        Some(CardsOption::Words) => CardNames::Words,
        Some(CardsOption::Short) => CardNames::Short,
        None if layout == Layout::List => CardNames::Words,
        None => CardNames::Short,
    };
    let suits = match args.suits {
        Some(SuitsOption::Letters) => SuitStyle::Letters,
        Some(SuitsOption::Symbols) => SuitStyle::Symbols,
        None if at_terminal && utf8_locale() && std::env::var_os("TERM").is_none_or(|t| t != "dumb") => {
            SuitStyle::Symbols
        }
        None => SuitStyle::Letters,
    };
    View {
        json: args.json,
        echo: !interactive,
        screen_reader,
        layout: match layout {
            Layout::Columns => screen::Layout::Columns,
            Layout::Rows => screen::Layout::Rows,
            Layout::List => screen::Layout::List,
        },
        style: CardStyle { names, suits, colour: colour_wanted(args.color, screen_reader) },
        confirm: (interactive && !args.json) || args.confirm,
        wrap: at_terminal,
        farewell: interactive && !args.json,
    }
}

/// The rules for a game: as the options say, except that Vegas scoring
/// brings its usual pass limit when `--passes` is not given.
fn rules_for(args: &PlayArgs) -> klondike::rules::Rules {
    let mut rules = args.game.rules();
    if args.scoring == Scoring::Vegas && args.game.passes.is_none() {
        rules.passes = vegas_pass_limit(rules.draw);
    }
    rules
}

/// Asks on the terminal whether to resume the saved game; true for yes
/// (an empty answer is yes).
fn ask_resume(
    record: &GameRecord,
    instead: Instead,
    asked: &klondike::rules::Rules,
    screen_reader: bool,
) -> Result<Resume> {
    // Its rules, where they are not the ones asked for: resuming plays it
    // under its own. What each answer does is said before it is given.
    let rules = record.rules().ok().filter(|r| r != asked);
    let mut question =
        said::resume_offer(record.game.as_deref(), rules.as_ref(), record.moves.len(), instead, screen_reader);
    loop {
        let mut out = io::stdout().lock();
        // Broken between words at a terminal (the answer is typed after it).
        let shown = if io::stdout().is_terminal() {
            format!("{} ", textwrap::fill(question.trim_end(), textwrap::termwidth()))
        } else {
            question.clone()
        };
        write!(out, "{shown}")?;
        out.flush()?;
        let mut answer = String::new();
        if io::stdin().read_line(&mut answer)? == 0 {
            writeln!(out)?;
            return Ok(Resume::Quit);
        }
        match answer.trim().to_lowercase().as_str() {
            "" | "y" | "yes" => return Ok(Resume::Yes),
            "n" | "no" => return Ok(Resume::No),
            "q" | "quit" => {
                writeln!(out, "{}", said::SAVED_GAME_KEPT)?;
                return Ok(Resume::Quit);
            }
            _ => question = said::resume_again(instead, screen_reader),
        }
    }
}

/// The answer to the offer to resume a saved game.
enum Resume {
    Yes,
    No,
    /// End of input or q: leave everything as it is and end the program.
    Quit,
}

/// A saved game to start from, and where it came from.
struct Saved {
    replayed: klondike::record::Replayed,
    /// How the session starts on it: the autosave resumed with its own id;
    /// a file loaded with `--load` a new game from that position.
    start: Start,
}

/// The saved game to start from, if any: `--load FILE`, `--resume`, or the
/// interactive offer to resume the autosaved game. An autosave whose game
/// the statistics already counted (a session was killed between the two
/// steps) is removed, not offered.
fn saved_start(world: &mut Files, args: &PlayArgs, interactive: bool, in_use: bool) -> Result<Option<Saved>> {
    if let Some(path) = &args.load {
        let record = match store::read_user_json::<GameRecord>(path) {
            Ok(Some(r)) => r,
            Ok(None) => anyhow::bail!("there is no saved game {}", path.display()),
            Err(e) => return Err(e.into()),
        };
        let replayed = record.replay().with_context(|| format!("cannot load {}", path.display()))?;
        let start = Start::Loaded { elapsed: replayed.elapsed_seconds };
        return Ok(Some(Saved { replayed, start }));
    }
    // At a terminal the saved game is offered even when a game is named:
    // starting another would count it as lost, so the player is asked.
    let offer = args.resume || (interactive && !args.no_resume);
    let Some(path) = session::autosave_path().filter(|_| offer) else { return Ok(None) };
    if in_use {
        if args.resume {
            anyhow::bail!("the saved game is open in another klondike session");
        }
        return Ok(None);
    }
    let record = match store::read_json::<GameRecord>(&path) {
        Ok(Some(r)) if session::was_counted(&r.identity()) => {
            let _ = store::remove_file(&path);
            None
        }
        Ok(r) => r,
        Err(e) if args.resume => anyhow::bail!("cannot resume: {e}"),
        // The folder cannot be read: said once, as the folder's problem.
        Err(e @ store::StoreError::Io { .. }) => {
            session::say_folder_problem(&path, &e);
            return Ok(None);
        }
        // Said here; the session then leaves it alone (see `retire_autosave`).
        Err(e @ store::StoreError::NewerVersion { .. }) => {
            warn_line!("klondike: {e}; this session does not save its game");
            return Err(Offer::NewerAutosave.into());
        }
        Err(e) => {
            warn_line!("klondike: {e}");
            return Ok(None);
        }
    };
    let Some(record) = record else {
        if args.resume {
            anyhow::bail!("there is no saved game to resume");
        }
        return Ok(None);
    };
    let instead = match (args.game.game, &args.game.deal) {
        (Some(n), _) if args.winnable => Instead::FirstWinnableFrom(n.get()),
        (Some(n), _) => Instead::Game(n.get()),
        (None, Some(_)) => Instead::GivenDeal,
        (None, None) => Instead::NewGame,
    };
    let answer = if args.resume {
        Resume::Yes
    } else {
        ask_resume(&record, instead, &rules_for(args), screen_reader_wanted(args.screen_reader))?
    };
    if let Resume::Quit = answer {
        return Err(Offer::QuitAtOffer.into());
    }
    if let Resume::No = answer {
        // Declined: the saved game is abandoned, and counts as lost (first,
        // so that a kill in between leaves a counted game, not a lost one).
        // One that cannot be counted stays saved.
        match count_record_as_lost(world, &record, true) {
            // Kept, and said when the new game starts (`retire_autosave`).
            Some((_, false)) => return Ok(None),
            Some((what, true)) => warn_line!("klondike: the saved game, {what}, counts as lost"),
            None => {}
        }
        let _ = store::remove_file(&path);
        return Ok(None);
    }
    match record.replay() {
        // The file stays: a session with autosave keeps it in step with the
        // game (and removes it when the game is over); one without leaves it.
        Ok(replayed) => {
            let start = Start::Resumed { elapsed: replayed.elapsed_seconds, id: record.identity() };
            Ok(Some(Saved { replayed, start }))
        }
        Err(e) => {
            let moved = store::move_aside(&path).map(|p| p.display().to_string()).unwrap_or_default();
            let message =
                format!("the saved game {} cannot be replayed ({e}); it was moved to {moved}", path.display());
            if args.resume {
                anyhow::bail!("cannot resume: {message}");
            }
            warn_line!("klondike: {message}");
            Ok(None)
        }
    }
}

/// Before a session that will write the autosave starts a game of its own:
/// an unfinished game saved there is counted as lost and removed, with one
/// line saying so; one that cannot be read was moved aside (and said so);
/// one from a newer version is kept, and autosave is turned off for this
/// session (one line). Returns whether the session may write the autosave.
fn retire_autosave(world: &mut Files, stats: bool) -> bool {
    let Some(path) = session::autosave_path() else { return true };
    match store::read_json::<GameRecord>(&path) {
        Ok(None) => true,
        Ok(Some(record)) => {
            if !session::was_counted(&record.identity()) {
                match count_record_as_lost(world, &record, stats) {
                    Some((what, true)) => {
                        warn_line!("klondike: the saved game, {what}, counts as lost: a new game takes its place")
                    }
                    Some((what, false)) if stats => {
                        warn_line!(
                            "klondike: the saved game, {what}, could not be counted, so it is kept; this session does not save its game"
                        );
                        return false;
                    }
                    Some((what, false)) => warn_line!(
                        "klondike: the saved game, {what}, is replaced by a new game (statistics are off, so it is not counted)"
                    ),
                    None => {}
                }
            }
            let _ = store::remove_file(&path);
            true
        }
        Err(e @ store::StoreError::NewerVersion { .. }) => {
            warn_line!("klondike: {e}; this session does not save its game");
            false
        }
        Err(e @ store::StoreError::Corrupt { .. }) => {
            warn_line!("klondike: {e}");
            true
        }
        // Something that is not a file stands there (a folder, a FIFO, a
        // link that leads nowhere): it is not ours to replace.
        Err(e) => {
            session::say_folder_problem(&path, &e);
            false
        }
    }
}

fn play(args: PlayArgs) -> Result<ExitCode> {
    let interactive = io::stdin().is_terminal();
    if interactive {
        session::catch_interrupts();
    }
    let rules = rules_for(&args);
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
    // A session that saves its game holds the autosave's lock for its whole
    // life: a second one at the same time neither saves nor offers the
    // saved game (it is the first one's).
    let mut _autosave_lock = None;
    let mut in_use = false;
    if persistence.autosave {
        if let Some(path) = session::autosave_path() {
            match store::try_lock_beside(&path) {
                Ok(Some(lock)) => _autosave_lock = Some(lock),
                Ok(None) if args.resume => anyhow::bail!("the saved game is open in another klondike session"),
                Ok(None) => {
                    warn_line!(
                        "klondike: another klondike session is keeping its game in {}; this one does not save its game",
                        store::parent_display(&path)
                    );
                    persistence.autosave = false;
                    in_use = true;
                }
                // The folder's problem is said when a save fails.
                Err(_) => {}
            }
        }
    }
    // A saved game left behind by a session killed after counting it (its
    // id is counted) is removed by any session that counts games, so that
    // it is gone long before its id leaves the statistics' memory.
    if persistence.stats && !in_use {
        session::remove_counted_autosave(_autosave_lock.is_some());
    }
    let mut world = Files::new(interactive, view.screen_reader);
    let saved = match saved_start(&mut world, &args, interactive, in_use) {
        Err(e) if e.downcast_ref::<Offer>() == Some(&Offer::NewerAutosave) => {
            persistence.autosave = false;
            None
        }
        other => other?,
    };
    let (play, start) = match saved {
        Some(Saved { replayed, start }) => (Play::from_replayed(replayed, args.autoplay), start),
        None => {
            let (deal, origin) = if args.winnable {
                let first = args.game.game.map_or_else(session::random_game_number, klondike::deal::GameNumber::get);
                let winnable = first_winnable(&world, first, &rules).map_err(|e| anyhow::anyhow!("{e}"))?;
                skipped = Some((first, winnable.skipped));
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
    if let (Some((first, skipped)), false) = (skipped, args.json) {
        if let Some(n) = session.number() {
            writeln!(out, "{}", said::winnable_message(n, first, skipped))?;
        }
    }
    if args.autoplay {
        // Cards already safe at the deal go up before the first table.
        session.autoplay_now();
    }
    session.start(&mut out)?;
    if interactive && !args.json {
        writeln!(out, "{}", said::WELCOME)?;
    }
    loop {
        out.flush()?;
        let input = source.next_line().context("cannot read the commands from standard input")?;
        let line = match &input {
            Line::Text(t) | Line::TooLong(t) => t.clone(),
            _ => String::new(),
        };
        match session.feed(input, &mut out)? {
            Next::Continue => {}
            Next::Quit | Next::Ended => break,
            Next::Rejected if args.strict => {
                out.flush()?;
                warn_line!("klondike: --strict: stopped at the rejected command '{}'", session::printable(&line));
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
