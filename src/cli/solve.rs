//! `klondike solve`: one deal (or a position reached by a script of moves),
//! or many deals in a batch across all cores, with resumable JSON-lines output.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use klondike::census::BatchVerdict;
use klondike::command::Command;
use klondike::deal::Deal;
use klondike::game::{Game, Position};
use klondike::record::GameRecord;
use klondike::rules::{PassLimit, Rules};
use klondike::solver::{self, Budget, LineEffort, Solution, Verdict};
use klondike::store;

use super::args::GameArgs;

/// States a search may take per deal unless `--max-states` says otherwise.
pub const DEFAULT_MAX_STATES: u64 = 200_000_000;

/// Options for `klondike solve`.
#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("batch").args(["games", "games_file"])))]
#[command(group(clap::ArgGroup::new("source").args(["game", "deal"])))]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Give up (verdict `unknown`) after this many seconds per deal.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub timeout: f64,
    /// Give up (verdict `unknown`) after searching this many states per deal
    /// (whatever this says, a search also stops at about 29 million
    /// positions, so that its memory stays under 1 GB).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, value_parser = parse_states, allow_negative_numbers = true)]
    pub max_states: u64,
    /// Print one JSON object instead of the text form.
    #[arg(long)]
    pub json: bool,
    /// The answer in the least time: print the first winning line found,
    /// without shortening it or searching again for a shorter one (lines a
    /// third to a half longer).
    #[arg(long)]
    pub fast: bool,
    /// Solve from the position a script of moves leaves the deal in (one
    /// move command per line, as typed at the prompt); needs --game or --deal.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "games_file"], requires = "source")]
    pub moves: Option<PathBuf>,
    /// Solve a saved game (a file written by `save`) from where it was
    /// saved, under its own rules.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "deal", "moves", "games", "games_file", "draw", "passes", "foundation_to_tableau"])]
    pub load: Option<PathBuf>,
    /// Batch: solve game numbers A to B, both included (`1..1000`); one JSON
    /// line per game, in the order they finish (each line names its game).
    #[arg(long, value_name = "A..B", value_parser = parse_range, conflicts_with_all = ["deal", "game"])]
    pub games: Option<(u128, u128)>,
    /// Batch: solve the game numbers listed in FILE (one per line, # comments allowed).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["deal", "game", "games"])]
    pub games_file: Option<PathBuf>,
    /// Batch: take only every N-th game of the list, starting with the K-th
    /// (K from 1 to N), so N machines can split a range with no coordination.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "batch")]
    pub shard: Option<(u128, u128)>,
    /// Batch: append results to FILE, skipping the games it already holds
    /// under the same rules (so an interrupted batch resumes where it
    /// stopped). One batch per file: a second is refused while one runs.
    /// Default: standard output.
    #[arg(long, short, value_name = "FILE", requires = "batch")]
    pub output: Option<PathBuf>,
}

pub(super) fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e7 => Ok(x),
        _ => Err(format!("'{s}' is not a number of seconds: give more than 0 and at most 10000000")),
    }
}

fn parse_states(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not a number of states: give a whole number from 1 to 18446744073709551615")),
    }
}

pub(super) fn parse_range(s: &str) -> Result<(u128, u128), String> {
    let err = || format!("'{s}' is not a range of game numbers: write A..B, e.g. 1..1000");
    let (a, b) = s.split_once("..").ok_or_else(err)?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let number = |t: &str| {
        let t = t.trim();
        // Digits only, as every game number is read (no sign).
        if t.is_empty() || !t.bytes().all(|c| c.is_ascii_digit()) {
            return Err(err());
        }
        t.parse::<u128>().map_err(|_| {
            if !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()) {
                format!("'{s}': game numbers go up to 2^128-1 (340282366920938463463374607431768211455)")
            } else {
                err()
            }
        })
    };
    let (a, b) = (number(a)?, number(b)?);
    if a == 0 || b < a {
        return Err(format!("'{s}': game numbers start at 1 and the range must not run backwards"));
    }
    Ok((a, b))
}

pub(super) fn parse_shard(s: &str) -> Result<(u128, u128), String> {
    let err = || format!("'{s}' is not a shard: write K/N with 1 <= K <= N <= 2^128-1, e.g. 2/8");
    let (k, n) = s.split_once('/').ok_or_else(err)?;
    let (k, n) = (k.parse::<u128>().map_err(|_| err())?, n.parse::<u128>().map_err(|_| err())?);
    if k == 0 || n == 0 || k > n {
        return Err(err());
    }
    Ok((k, n))
}

fn effort(args: &SolveArgs) -> LineEffort {
    if args.fast {
        LineEffort::Quick
    } else {
        LineEffort::Short
    }
}

fn budget(args: &SolveArgs) -> Budget {
    Budget::until(args.max_states, Instant::now() + Duration::from_secs_f64(args.timeout))
}

/// What the solver found, for JSON output (one deal, or one line of a batch).
#[derive(Serialize, Deserialize, Debug)]
struct SolveRecord {
    /// The game number as a decimal string (JSON numbers lose precision past 2^53).
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<String>,
    draw: usize,
    passes: Option<u32>,
    foundation_to_tableau: bool,
    verdict: BatchVerdict,
    /// Why the solver gave up, for an `unknown` verdict (`state limit`, `time
    /// limit`, `memory`, `cancelled`): the solver's own words, as
    /// [`Verdict::Unknown`] carries them.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    moves: Vec<String>,
    nodes: u64,
    seconds: f64,
    peak_memory_bytes: u64,
}

/// The `passes` field of a result line: the pass limit, `None` for unlimited.
fn passes_field(rules: &Rules) -> Option<u32> {
    match rules.passes {
        PassLimit::Unlimited => None,
        PassLimit::Limited(n) => Some(n),
    }
}

impl SolveRecord {
    /// Whether this result was found under `rules`.
    fn is_under(&self, rules: &Rules) -> bool {
        self.draw == rules.draw.cards()
            && self.passes == passes_field(rules)
            && self.foundation_to_tableau == rules.foundation_to_tableau
    }
}

fn record(game: Option<u128>, rules: &Rules, solution: &Solution, seconds: f64) -> SolveRecord {
    let (verdict, reason, moves) = match &solution.verdict {
        Verdict::Winnable(moves) => (BatchVerdict::Winnable, None, moves.iter().map(ToString::to_string).collect()),
        Verdict::Unwinnable => (BatchVerdict::Unwinnable, None, Vec::new()),
        Verdict::Unknown(why) => (BatchVerdict::Unknown, Some(why.clone()), Vec::new()),
    };
    SolveRecord {
        game: game.map(|n| n.to_string()),
        draw: rules.draw.cards(),
        passes: passes_field(rules),
        foundation_to_tableau: rules.foundation_to_tableau,
        verdict,
        reason,
        moves,
        nodes: solution.states,
        seconds,
        peak_memory_bytes: solution.peak_memory_bytes,
    }
}

/// The first line of the text form: `# winnable in N moves`, `# unwinnable`
/// or `# unknown (why)`, with the rules and figures after.
pub fn verdict_line(solution: &Solution, game: Option<u128>, rules: &Rules, seconds: f64) -> String {
    let deal = game.map_or_else(|| "custom deal".to_string(), |n| format!("game {n}"));
    let states = if solution.states == 1 { "state" } else { "states" };
    let figures = format!("{deal}; {rules}; {} {states}, {seconds:.3} s", solution.states);
    match &solution.verdict {
        Verdict::Winnable(moves) if moves.len() == 1 => format!("# winnable in 1 move ({figures})"),
        Verdict::Winnable(moves) => format!("# winnable in {} moves ({figures})", moves.len()),
        Verdict::Unwinnable => format!("# unwinnable: no line wins, the search was exhaustive ({figures})"),
        Verdict::Unknown(why) => format!("# unknown ({why}; {figures})"),
    }
}

/// Replays a script of commands from the deal; the position it leaves.
fn position_after_script(deal: &Deal, rules: Rules, path: &Path) -> Result<Position> {
    let text = super::read_text_file(path, "moves file")?;
    let mut game = Game::new(deal, rules);
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let err = |why: String| {
            anyhow::anyhow!("{} line {}: '{}': {why}", path.display(), i + 1, super::session::printable(t))
        };
        match t.parse::<Command>().map_err(|e| err(e.to_string()))? {
            Command::Move(m) => {
                let mv = m.resolve(game.position(), game.rules()).map_err(|e| err(e.to_string()))?;
                game.play(mv).map_err(|e| err(e.to_string()))?;
            }
            Command::Undo => {
                game.undo().map_err(|e| err(e.to_string()))?;
            }
            Command::Redo => {
                game.redo().map_err(|e| err(e.to_string()))?;
            }
            _ => return Err(err("only moves, undo and redo may appear in a moves file".into())),
        }
    }
    Ok(game.position().clone())
}

/// Runs `klondike solve`; the exit code is 0 whatever the verdict.
pub fn run(args: SolveArgs) -> Result<()> {
    if args.games.is_some() || args.games_file.is_some() {
        // The workers write to standard output themselves: do not hold its lock here.
        return batch(&args);
    }
    // One write for the whole answer, not one per line.
    let mut out = io::BufWriter::new(io::stdout().lock());
    one(&args, &mut out)?;
    out.flush()?;
    Ok(())
}

/// Solves one deal (or the position a moves file leaves it in).
fn one(args: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let (position, rules, game) = match &args.load {
        Some(path) => {
            let record = match store::read_user_json::<GameRecord>(path) {
                Ok(Some(r)) => r,
                Ok(None) => bail!("there is no saved game {}", path.display()),
                Err(e) => return Err(e.into()),
            };
            let saved = record.replay().with_context(|| format!("cannot load {}", path.display()))?;
            (saved.game.position().clone(), *saved.game.rules(), saved.number)
        }
        None => {
            let (deal, origin) = super::choose_deal(&args.game)?;
            let rules = args.game.rules();
            let position = match &args.moves {
                Some(path) => position_after_script(&deal, rules, path)?,
                None => Position::new(&deal),
            };
            (position, rules, origin.number())
        }
    };
    let started = Instant::now();
    let solution = solver::solve_with(&position, &rules, &budget(args), effort(args));
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&record(game, &rules, &solution, seconds))?)?;
    } else {
        writeln!(out, "{}", verdict_line(&solution, game, &rules, seconds))?;
        if let Verdict::Winnable(moves) = &solution.verdict {
            for mv in moves {
                writeln!(out, "{mv}")?;
            }
        }
    }
    Ok(())
}

/// The games of a batch: a range (never held as a list, so that a range of
/// any size starts at once, its shard taken as it is walked), or the
/// numbers of a games file (each once, in the order of the file), already
/// cut to the shard.
enum GameList {
    Range { first: u128, last: u128 },
    Listed(Vec<u128>),
}

impl GameList {
    fn read(args: &SolveArgs) -> Result<GameList> {
        match (&args.games, &args.games_file) {
            (Some((first, last)), _) => Ok(GameList::Range { first: *first, last: *last }),
            (None, Some(path)) => {
                let text = super::read_text_file(path, "games file")?;
                let mut seen = HashSet::new();
                let mut v = Vec::new();
                for (i, line) in text.lines().enumerate() {
                    let t = line.split('#').next().unwrap_or("").trim();
                    if t.is_empty() {
                        continue;
                    }
                    match t.parse::<u128>() {
                        Ok(n) if n >= 1 => {
                            if seen.insert(n) {
                                v.push(n);
                            }
                        }
                        _ => bail!(
                            "{} line {}: '{}' is not a game number",
                            path.display(),
                            i + 1,
                            super::session::printable(t)
                        ),
                    }
                }
                let shard = v.into_iter().enumerate().filter(|&(i, _)| in_shard(i as u128, args.shard));
                Ok(GameList::Listed(shard.map(|(_, g)| g).collect()))
            }
            (None, None) => Ok(GameList::Listed(Vec::new())),
        }
    }
}

/// How many of the games `first..=last` shard K/N takes (all without a
/// shard): those at K - 1, K - 1 + N, ... from `first`.
fn shard_count(first: u128, last: u128, shard: Option<(u128, u128)>) -> u128 {
    let (k, m) = shard.unwrap_or((1, 1));
    let span = last - first;
    if k - 1 > span {
        0
    } else {
        (span - (k - 1)) / m + 1
    }
}

/// Whether the game at `index` (from 0) of the list is in shard K/N.
fn in_shard(index: u128, shard: Option<(u128, u128)>) -> bool {
    shard.is_none_or(|(k, n)| index % n == k - 1)
}

/// Games already in a batch output file under `rules` (lines for other
/// rules are kept but do not count). A last line cut short by an
/// interruption is not counted (that game is solved again, and
/// [`cut_torn_line`] removes it).
fn games_done(path: &Path, rules: &Rules) -> Result<(HashSet<u128>, Tail)> {
    let mut done = HashSet::new();
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((done, Tail::Whole)),
        Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
    };
    // A device or a pipe (`/dev/null`, `/dev/full`) holds no earlier
    // results, and reading one could go on for ever.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Ok((done, Tail::Whole));
    }
    let (mut results, mut junk, mut foreign) = (0usize, Vec::new(), None);
    let mut reader = BufReader::new(file);
    let mut tail = Tail::Whole;
    for i in 0.. {
        let mut line = String::new();
        if reader.read_line(&mut line).with_context(|| format!("cannot read '{}'", path.display()))? == 0 {
            break;
        }
        let torn = !line.ends_with('\n');
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        let parsed = serde_json::from_str::<SolveRecord>(line).ok();
        match parsed.as_ref().and_then(|r| Some((r, r.game.as_deref()?.parse::<u128>().ok()?))) {
            Some((r, game)) => {
                if torn {
                    tail = Tail::NoNewline;
                }
                results += 1;
                if r.is_under(rules) {
                    done.insert(game);
                }
            }
            None => {
                // A result cut short by an interruption starts like one.
                if !line.starts_with("{\"game\":") && foreign.is_none() {
                    foreign = Some(i + 1);
                }
                if torn && line.starts_with("{\"game\":") && serde_json::from_str::<serde_json::Value>(line).is_err() {
                    // A result cut short: cut off (and said) when the batch
                    // starts.
                    tail = Tail::Torn;
                } else {
                    // Anything else is kept (and said), the results going on
                    // after it on lines of their own.
                    if torn {
                        tail = Tail::NoNewline;
                    }
                    junk.push(i + 1);
                }
            }
        }
    }
    // Some other file (a moves file, a saved game): never append to it.
    if let (0, Some(line)) = (results, foreign) {
        bail!(
            "'{}' is not a file of results (line {line} is not one): name a new file, or one a batch wrote",
            path.display()
        );
    }
    for line in junk {
        warn_line!(
            "klondike: {} line {line}: not a result line, ignored (a result cut short there is solved again)",
            path.display()
        );
    }
    Ok((done, tail))
}

/// How a file of results ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tail {
    /// With a newline (or empty).
    Whole,
    /// With a whole result but no newline.
    NoNewline,
    /// With a line cut short.
    Torn,
}

fn batch(args: &SolveArgs) -> Result<()> {
    let rules = args.game.rules();
    let mut list = GameList::read(args)?;
    let mut done = HashSet::new();
    // The sink, and what a failed write names. A regular file is locked for
    // the whole batch (a second batch on it is refused), its torn last line
    // is cut off, and each result goes in with one write, undone if it
    // fails part-way. Anything else (a pipe, a FIFO, a device) is opened
    // for writing only: holding it open for reading too would keep a closed
    // reader's pipe from ever failing, and the batch would hang.
    let regular = args.output.as_ref().is_some_and(|p| fs::metadata(p).map_or(true, |m| m.is_file()));
    let mut lock = None;
    let sink: Sink = match &args.output {
        Some(path) if regular => {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .read(true)
                .open(path)
                .with_context(|| format!("cannot open '{}' for writing", path.display()))?;
            let lock = lock.insert(fd_lock::RwLock::new(file));
            let guard = match lock.try_write() {
                Ok(g) => g,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => bail!(
                    "'{}' is being written by another batch; wait for it to end, or name another file",
                    path.display()
                ),
                Err(e) => return Err(e).with_context(|| format!("cannot lock '{}'", path.display())),
            };
            // First make sure it is a file of results, then cut off its
            // torn last line.
            let tail;
            (done, tail) = games_done(path, &rules)?;
            match tail {
                Tail::Whole => {}
                Tail::NoNewline => (&*guard).write_all(b"\n")?,
                Tail::Torn => cut_torn_line(path, &guard)?,
            }
            Sink::File { file: guard, name: format!("'{}'", path.display()) }
        }
        Some(path) => {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("cannot open '{}' for writing", path.display()))?;
            Sink::Other { out: Box::new(file), name: format!("'{}'", path.display()) }
        }
        None => Sink::Other { out: Box::new(io::stdout()), name: "standard output".to_string() },
    };
    let sink = Mutex::new(sink);
    // How many games are left to solve, for the progress bar.
    let todo: u128 = match &mut list {
        GameList::Range { first, last } => {
            let (first, last) = (*first, *last);
            let in_shard_count = shard_count(first, last, args.shard);
            let done_here =
                done.iter().filter(|&&g| (first..=last).contains(&g) && in_shard(g - first, args.shard)).count()
                    as u128;
            in_shard_count - done_here
        }
        GameList::Listed(v) => {
            v.retain(|g| !done.contains(g));
            v.len() as u128
        }
    };
    let bar = if io::stderr().is_terminal() {
        let bar =
            ProgressBar::with_draw_target(Some(todo.min(u128::from(u64::MAX)) as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let solve_one = |number: u128| -> Result<()> {
        let deal = Deal::for_game(number)?;
        let started = Instant::now();
        let solution = solver::solve_with(&Position::new(&deal), &rules, &budget(args), effort(args));
        let line = serde_json::to_string(&record(Some(number), &rules, &solution, started.elapsed().as_secs_f64()))?;
        let mut sink = sink.lock().map_err(|_| anyhow::anyhow!("output lock poisoned"))?;
        sink.write_line(&line)?;
        bar.inc(1);
        Ok(())
    };
    // One worker per core; where no thread can be started (a tight memory
    // limit), this one does the work alone.
    let pool = rayon::ThreadPoolBuilder::new()
        .build()
        .or_else(|e| {
            warn_line!("klondike: cannot start worker threads ({e}): solving on one");
            rayon::ThreadPoolBuilder::new().num_threads(1).use_current_thread().build()
        })
        .context("cannot start the solver")?;
    pool.install(|| match &list {
        GameList::Range { first, last } => {
            // The shard's games are first + k - 1, then every m-th.
            let count = shard_count(*first, *last, args.shard);
            let (k, m) = args.shard.unwrap_or((1, 1));
            (0..count)
                .into_par_iter()
                .map(|j| first + (k - 1) + j * m)
                .filter(|g| !done.contains(g))
                .try_for_each(solve_one)
        }
        GameList::Listed(v) => v.par_iter().try_for_each(|&g| solve_one(g)),
    })?;
    bar.finish_and_clear();
    drop(sink);
    drop(lock);
    Ok(())
}

/// Where a batch writes its results.
enum Sink<'a> {
    /// A regular file, locked; results are appended a whole line at a time.
    File { file: fd_lock::RwLockWriteGuard<'a, File>, name: String },
    /// Standard output, a pipe, a FIFO or a device.
    Other { out: Box<dyn Write + Send>, name: String },
}

impl Sink<'_> {
    /// Writes `line` and a newline in one write. To a file, a write that
    /// fails part-way (a full disk) is taken back, so that no torn line is
    /// left.
    fn write_line(&mut self, line: &str) -> Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        match self {
            Sink::File { file, name } => {
                let before = file.metadata().with_context(|| format!("cannot write to {name}"))?.len();
                if let Err(e) = file.write_all(&bytes) {
                    let _ = file.set_len(before);
                    // A closed reader ends the batch quietly (see `main`).
                    if e.kind() == io::ErrorKind::BrokenPipe {
                        return Err(e.into());
                    }
                    bail!("cannot write to {name}: {}", klondike::store::io_words(&e));
                }
                Ok(())
            }
            Sink::Other { out, name } => {
                out.write_all(&bytes).and_then(|()| out.flush()).with_context(|| format!("cannot write to {name}"))
            }
        }
    }
}

/// Cuts off a last line that does not end in a newline: the result a batch
/// was writing when it was killed, solved again now. Says so in one line.
fn cut_torn_line(path: &Path, file: &File) -> Result<()> {
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(());
    }
    // The last newline, read backwards in blocks.
    let mut reader = file;
    let mut end = len;
    let mut keep = 0;
    let mut block = vec![0u8; 64 * 1024];
    'search: while end > 0 {
        let start = end.saturating_sub(block.len() as u64);
        let n = (end - start) as usize;
        reader.seek(SeekFrom::Start(start))?;
        reader.read_exact(&mut block[..n])?;
        if end == len && block[n - 1] == b'\n' {
            return Ok(());
        }
        if let Some(i) = block[..n].iter().rposition(|&b| b == b'\n') {
            keep = start + i as u64 + 1;
            break 'search;
        }
        end = start;
    }
    file.set_len(keep).with_context(|| format!("cannot repair '{}'", path.display()))?;
    warn_line!(
        "klondike: {} ended in a result cut short ({} bytes); it was removed, and that game is solved again",
        path.display(),
        len - keep
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use klondike::moves::Move;

    #[test]
    fn the_verdict_line_counts_moves_in_words() {
        let rules = Rules::default();
        let line = |moves: Vec<Move>| {
            let solution = Solution { verdict: Verdict::Winnable(moves), states: 3, peak_memory_bytes: 0 };
            verdict_line(&solution, Some(9), &rules, 0.0)
        };
        assert!(line(vec![Move::Draw]).starts_with("# winnable in 1 move (game 9;"));
        assert!(line(vec![Move::Draw, Move::Draw]).starts_with("# winnable in 2 moves (game 9;"));
    }

    #[test]
    fn result_lines_spell_the_verdict_and_reason_as_before() {
        let rules = Rules::default();
        let line = |verdict: Verdict| {
            let solution = Solution { verdict, states: 3, peak_memory_bytes: 7 };
            serde_json::to_string(&record(Some(9), &rules, &solution, 0.5)).unwrap()
        };
        let head = r#"{"game":"9","draw":1,"passes":null,"foundation_to_tableau":false,"#;
        let tail = r#""nodes":3,"seconds":0.5,"peak_memory_bytes":7}"#;
        assert_eq!(
            line(Verdict::Winnable(vec![Move::Draw])),
            format!(r#"{head}"verdict":"winnable","moves":["d"],{tail}"#)
        );
        assert_eq!(line(Verdict::Unwinnable), format!(r#"{head}"verdict":"unwinnable","moves":[],{tail}"#));
        let unknown = line(Verdict::Unknown("state limit".to_string()));
        assert_eq!(unknown, format!(r#"{head}"verdict":"unknown","reason":"state limit","moves":[],{tail}"#));
        // And they read back (a batch resumes from them).
        let back: SolveRecord = serde_json::from_str(&unknown).unwrap();
        assert_eq!((back.verdict, back.reason.as_deref()), (BatchVerdict::Unknown, Some("state limit")));
    }

    #[test]
    fn shards_count_and_take_every_nth_game() {
        assert_eq!(shard_count(1, 10, None), 10);
        assert_eq!(shard_count(1, 10, Some((3, 4))), 2); // games 3 and 7
        assert_eq!(shard_count(1, 2, Some((3, 4))), 0);
        assert_eq!(shard_count(1, u128::MAX, Some((1, 2))), u128::MAX / 2 + 1);
        assert!(in_shard(6, Some((3, 4))) && !in_shard(5, Some((3, 4))));
        assert_eq!(parse_shard("5/1000000000000000000000"), Ok((5, 1_000_000_000_000_000_000_000)));
        assert!(parse_shard("4/3").is_err() && parse_shard("0/3").is_err());
    }
}
