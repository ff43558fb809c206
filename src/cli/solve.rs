//! `klondike solve`: one deal (or a position reached by a script of moves),
//! or many deals in a batch across all cores, with resumable JSON-lines output.

use std::collections::HashSet;
use std::fs::{self, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use klondike::batch::{self, Limits, Plan, Resume, Solved, Tail};
use klondike::game::Position;
use klondike::options::SolveArgs;
use klondike::render;
use klondike::rules::Rules;
use klondike::store::{self, AppendError, AppendFile};

/// Runs `klondike solve`; the exit code is 0 whatever the verdict.
pub fn run(args: SolveArgs) -> Result<()> {
    if args.is_batch() {
        let shard = args.shard.unwrap_or_default();
        let plan = match (&args.games, &args.games_file) {
            (Some(range), _) => Plan::of(*range, shard),
            (None, Some(path)) => {
                let text = store::read_text_file(path, "games file")?;
                let games = batch::parse_games_list(&text)
                    .map_err(|e| anyhow::anyhow!(render::solve::bad_games_line(path, &e)))?;
                Plan::listed(games, shard)
            }
            (None, None) => Plan::listed([], shard),
        };
        // The workers write to standard output themselves: do not hold its lock here.
        return run_batch(plan, &args.game.rules(), &args.limits(), args.output.as_deref(), args.retry_unknown);
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
            let saved = super::read_saved(path)?;
            (saved.game.position().clone(), *saved.game.rules(), saved.number)
        }
        None => {
            let (deal, origin) = super::choose_deal(&args.game)?;
            let rules = args.game.rules();
            let position = match &args.moves {
                Some(path) => {
                    let script = store::read_text_file(path, "moves file")?;
                    batch::replay_script(&deal, rules, &script)
                        .map_err(|e| anyhow::anyhow!(render::solve::bad_moves_line(path, &e)))?
                }
                None => Position::new(&deal),
            };
            (position, rules, origin.number())
        }
    };
    let solved = batch::solve_position(&position, &rules, game, &args.limits());
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&solved.record())?)?;
    } else {
        write!(out, "{}", render::solve::answer(&solved))?;
    }
    Ok(())
}

/// Games already in the batch output `file` (named `path`) under `rules`,
/// and how it ends (see [`Resume`]); lines that are not results are said,
/// and kept.
fn games_done(path: &Path, file: &AppendFile, rules: &Rules, retry_unknown: bool) -> Result<(HashSet<u128>, Tail)> {
    let mut resume = if retry_unknown { Resume::retrying_unknown(*rules) } else { Resume::new(*rules) };
    file.read_lines(|line| resume.line(line)).with_context(|| format!("cannot read '{}'", path.display()))?;
    // Some other file (a moves file, a saved game): never append to it.
    let resumed = resume.finish().map_err(|e| anyhow::anyhow!(render::solve::not_results(path, e.line)))?;
    for line in resumed.ignored {
        warn_line!("klondike: {}", render::solve::not_a_result_line(path, line));
    }
    Ok((resumed.done, resumed.tail))
}

/// Solves the games of `plan` under `rules` on every core, one JSON line
/// each to `output` (standard output when `None`); a regular file is
/// resumed: the games it holds under `rules` are skipped (with
/// `retry_unknown`, only those it holds a decided result for).
pub(super) fn run_batch(
    mut plan: Plan,
    rules: &Rules,
    limits: &Limits,
    output: Option<&Path>,
    retry_unknown: bool,
) -> Result<()> {
    // The sink, and what a failed write names. A regular file is an
    // `AppendFile` (locked for the whole batch, a line a write, its torn
    // last line cut off). Anything else (a pipe, a FIFO, a device) is
    // opened for writing only: holding it open for reading too would keep
    // a closed reader's pipe from ever failing, and the batch would hang.
    let regular = output.is_some_and(|p| fs::metadata(p).map_or(true, |m| m.is_file()));
    let sink: Sink = match output {
        Some(path) if regular => {
            let file = match AppendFile::open(path) {
                Ok(file) => file,
                Err(AppendError::Open(e)) => {
                    return Err(e).with_context(|| format!("cannot open '{}' for writing", path.display()))
                }
                Err(AppendError::Busy) => bail!(render::solve::results_busy(path)),
                Err(AppendError::Lock(e)) => {
                    return Err(e).with_context(|| format!("cannot lock '{}'", path.display()))
                }
            };
            // First make sure it is a file of results, then cut off its
            // torn last line.
            let (done, tail) = games_done(path, &file, rules, retry_unknown)?;
            plan.skip(&done);
            match tail {
                Tail::Whole => {}
                Tail::NoNewline => file.end_last_line()?,
                Tail::Torn => {
                    let cut = file.cut_torn_line().with_context(|| format!("cannot repair '{}'", path.display()))?;
                    if cut > 0 {
                        warn_line!("klondike: {}", render::solve::torn_line_cut(path, cut));
                    }
                }
            }
            Sink::File { file, name: format!("'{}'", path.display()) }
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
    let bar = if io::stderr().is_terminal() {
        let todo = plan.remaining().min(u128::from(u64::MAX)) as u64;
        let bar = ProgressBar::with_draw_target(Some(todo), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let write_result = |solved: Solved| -> Result<()> {
        let line = serde_json::to_string(&solved.record())?;
        let mut sink = sink.lock().map_err(|_| anyhow::anyhow!("output lock poisoned"))?;
        sink.write_line(&line)?;
        bar.inc(1);
        Ok(())
    };
    // One worker per core; where no thread can be started (a tight memory
    // limit), this one does the work alone. The pool is made here, not in
    // the library: starting threads can fail for reasons of the machine,
    // and that is said on standard error.
    let pool = rayon::ThreadPoolBuilder::new()
        .build()
        .or_else(|e| {
            warn_line!("klondike: cannot start worker threads ({e}): solving on one");
            rayon::ThreadPoolBuilder::new().num_threads(1).use_current_thread().build()
        })
        .context("cannot start the solver")?;
    pool.install(|| plan.solve(rules, limits, write_result))?;
    bar.finish_and_clear();
    drop(sink);
    Ok(())
}

/// Where a batch writes its results.
enum Sink {
    /// A regular file, locked; results are appended a whole line at a time.
    File { file: AppendFile, name: String },
    /// Standard output, a pipe, a FIFO or a device.
    Other { out: Box<dyn Write + Send>, name: String },
}

impl Sink {
    /// Writes `line` and a newline in one write (to a file, taken back if
    /// it fails part-way: see [`AppendFile::append_line`]).
    fn write_line(&mut self, line: &str) -> Result<()> {
        match self {
            Sink::File { file, name } => match file.append_line(line) {
                Ok(()) => Ok(()),
                // A closed reader ends the batch quietly (see `main`).
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(e.into()),
                Err(e) => bail!("cannot write to {name}: {}", store::io_words(&e)),
            },
            Sink::Other { out, name } => {
                let mut bytes = Vec::with_capacity(line.len() + 1);
                bytes.extend_from_slice(line.as_bytes());
                bytes.push(b'\n');
                out.write_all(&bytes).and_then(|()| out.flush()).with_context(|| format!("cannot write to {name}"))
            }
        }
    }
}
