//! `klondike solve`: one deal (or a position reached by a script of moves),
//! or many deals in a batch across all cores, with resumable JSON-lines output.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::options::SolveArgs;
use klondike::app::batch::output::Output;
use klondike::app::batch::{self, Limits, Plan, Solved, Tally};
use klondike::app::play::{Action, Play};
use klondike::app::render;
use klondike::app::review;
use klondike::app::store;
use klondike::engine::game::Position;
use klondike::engine::rules::Rules;
use klondike::engine::scoring::Scoring;

/// Runs `klondike solve`; the exit code is 0 whatever the verdict.
pub fn run(args: SolveArgs) -> Result<()> {
    if args.is_batch() {
        // `-o -` is standard output, where the results go without -o (the
        // command line was refused if --retry-unknown came with it).
        let output = args.output_file();
        let shard = args.shard.unwrap_or_default();
        let plan = match (&args.games, &args.games_file) {
            (Some(range), _) => Plan::of(*range, shard),
            (None, Some(path)) => {
                // `-`: standard input, as for --moves.
                let (path, text) = super::text_input::text_of(path, store::TextFile::Games)?;
                let games = batch::parse_games_list(&text)
                    .map_err(|e| anyhow::anyhow!(render::solve_report::bad_games_line(path, &e)))?;
                if games.is_empty() {
                    // Says so, and nothing more: no output file is made
                    // or opened for a batch with nothing to solve.
                    warn_line!("klondike: {}", render::solve_report::no_games_in(path));
                    return Ok(());
                }
                Plan::listed(games, shard)
            }
            (None, None) => Plan::listed([], shard),
        };
        // The workers write to standard output themselves: do not hold its lock here.
        let owned = output.map(Path::to_path_buf);
        let stopped = move |tally: &Tally| {
            warn_line!("klondike: {}", render::solve_report::batch_summary(tally, owned.as_deref(), true));
        };
        let tally = run_batch(
            plan,
            &args.game.rules(),
            &args.limits(),
            output,
            args.retry_unknown && output.is_some(),
            Arc::new(stopped),
        )?;
        warn_line!("klondike: {}", render::solve_report::batch_summary(&tally, output, false));
        return Ok(());
    }
    // One write for the whole answer, not one per line.
    let mut out = io::BufWriter::new(io::stdout().lock());
    one(&args, &mut out)?;
    out.flush()?;
    Ok(())
}

/// Solves one deal, a saved game or the position a moves file leaves a
/// deal in, and writes the answer.
fn one(args: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let solved = if args.autoplay { under_autoplay(args)? } else { plain(args)? };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&solved.record())?)?;
    } else {
        write!(out, "{}", render::solve_report::answer(&solved))?;
    }
    Ok(())
}

/// Solves one deal or saved game for play with autoplay on, from where
/// autoplay leaves it.
fn under_autoplay(args: &SolveArgs) -> Result<Solved> {
    let mut play = match &args.load {
        Some(path) => {
            let saved = klondike::app::session::read_saved(path)
                .map_err(|e| anyhow::anyhow!(render::error_chain::chain(&e)))?;
            Play::from_replayed(saved, true)
        }
        None => {
            let choice = super::text_input::deal_choice(args.game.choice())?;
            let (deal, origin) = klondike::app::session::choose_deal(&choice, super::world::random_game_number)?;
            Play::new(deal, origin, args.game.rules(), Scoring::Standard, true)
        }
    };
    // Autoplay's moves at the start, as a session makes them; a won game
    // has none to make.
    let _ = play.apply(Action::Autoplay, None);
    Ok(batch::under_autoplay::solve_under_autoplay(&play, &args.limits()))
}

/// Solves one deal (or the position a moves file leaves it in).
fn plain(args: &SolveArgs) -> Result<Solved> {
    let (position, rules, game) = match &args.load {
        Some(path) => {
            // Said with the presentation layer's words for a saved game
            // that does not replay.
            let saved = klondike::app::session::read_saved(path)
                .map_err(|e| anyhow::anyhow!(render::error_chain::chain(&e)))?;
            (saved.game.position().clone(), *saved.game.rules(), saved.number)
        }
        None => {
            let choice = super::text_input::deal_choice(args.game.choice())?;
            let (deal, origin) = klondike::app::session::choose_deal(&choice, super::world::random_game_number)?;
            let rules = args.game.rules();
            let position = match &args.moves {
                Some(path) => {
                    // Read as `review` reads it: `-` is standard input, and
                    // the questions a piped script holds are skipped.
                    let (named, script) = super::text_input::text_of(path, store::TextFile::Moves)?;
                    let play = review::replay_moves(deal, origin, rules, false, &script)
                        .map_err(|e| anyhow::anyhow!(render::solve_report::bad_moves_line(named, &e)))?;
                    play.game().position().clone()
                }
                None => Position::new(&deal),
            };
            (position, rules, origin.number())
        }
    };
    Ok(batch::solve_position(&position, &rules, game, &args.limits()))
}

/// What a batch says when a signal stops it, from what it has done so far.
pub(super) type SayStopped = Arc<dyn Fn(&Tally) + Send + Sync>;

/// Solves the games of `plan` under `rules` on every core, one JSON line
/// each to `output` (standard output when `None`); a regular file is
/// resumed: the games it holds under `rules` are skipped (with
/// `retry_unknown`, only those it holds a decided result for). Returns
/// what it did; on Ctrl-C, SIGTERM or SIGHUP, `stopped` says it and the
/// program ends of the signal.
pub(super) fn run_batch(
    mut plan: Plan,
    rules: &Rules,
    limits: &Limits,
    output: Option<&Path>,
    retry_unknown: bool,
    stopped: SayStopped,
) -> Result<Tally> {
    super::signals::catch_termination();
    let opened = Output::open(output, rules, retry_unknown.then(|| limits.search_budget()))?;
    if let Output::File { path, .. } = &opened.output {
        for line in &opened.ignored {
            warn_line!("klondike: {}", render::solve_report::not_a_result_line(path, *line));
        }
        if opened.cut > 0 {
            warn_line!("klondike: {}", render::solve_report::torn_line_cut(path, opened.cut));
        }
    }
    let tally = Arc::new(Mutex::new(Tally::before(&plan, &opened.verdicts)));
    plan.skip(&opened.done);
    let sink = Mutex::new(opened.output);
    let bar = if io::stderr().is_terminal() {
        let todo = plan.remaining().min(u128::from(u64::MAX)) as u64;
        let bar = ProgressBar::with_draw_target(Some(todo), ProgressDrawTarget::stderr());
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} deals/s", state.per_sec());
        };
        let template = "{bar:40} {pos}/{len} games, {rate}, {eta} left";
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.with_key("rate", rate));
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    {
        let (tally, bar) = (Arc::clone(&tally), bar.clone());
        super::signals::set_last_words(Some(Box::new(move || {
            bar.finish_and_clear();
            if let Ok(tally) = tally.lock() {
                stopped(&tally);
                // Kept locked until the signal ends the process: a worker
                // must not write a result after the summary has counted
                // them (the file then held one more than it said).
                std::mem::forget(tally);
            }
        })));
    }
    let write_result = |solved: Solved| -> Result<()> {
        let record = solved.record();
        let line = serde_json::to_string(&record)?;
        // The tally is held across the write, so that a signal's summary
        // (which takes it) counts exactly the lines written.
        let poisoned = || anyhow::anyhow!(render::diagnostics::OUTPUT_LOCK_POISONED);
        let mut tally = tally.lock().map_err(|_| poisoned())?;
        let mut sink = sink.lock().map_err(|_| poisoned())?;
        sink.write_line(&line)?;
        tally.solved(record.verdict, record.peak_memory_bytes);
        bar.inc(1);
        Ok(())
    };
    let (pool, share) = super::workers::pool().context(render::diagnostics::SOLVER_UNSTARTABLE)?;
    let limits = Limits { max_table_bytes: share, ..*limits };
    pool.install(|| plan.solve(rules, &limits, write_result))?;
    bar.finish_and_clear();
    let mut sink = sink.into_inner().map_err(|_| anyhow::anyhow!(render::diagnostics::OUTPUT_LOCK_POISONED))?;
    sink.finish()?;
    super::signals::set_last_words(None);
    let tally = *tally.lock().map_err(|_| anyhow::anyhow!(render::diagnostics::OUTPUT_LOCK_POISONED))?;
    Ok(tally)
}
