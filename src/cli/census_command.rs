//! `klondike census`: solve a range of deals under several rules settings
//! (each a resumable batch file), then count the verdicts of those files
//! and of any others given, and print the win rates.

use std::io::{self, Write};
use std::sync::Arc;

use anyhow::{Context, Result};

use crate::options::CensusArgs;
use klondike::app::batch::{Plan, Tally};
use klondike::app::census::{self, Census};
use klondike::app::render;

use super::solve_command;

/// Runs the census: the batches (with `--games`), then the count.
///
/// # Errors
/// A folder or file that cannot be made, read or written; a batch's error.
pub fn run(args: CensusArgs) -> Result<()> {
    // A signal removes the verdict file's temporary file (it can take
    // hundreds of megabytes) and says what was done.
    super::signals::catch_termination();
    // The batch of each rules setting and its file, named once: the
    // verdict file is checked against them before any work, then they are
    // solved and counted.
    let variants = args.variants();
    if let Some(games) = args.counted().map(|r| r.len()).filter(|&n| n > census::MAX_VERDICT_GAMES) {
        if args.verdict_file.is_some() {
            anyhow::bail!(render::census_table::verdict_range_too_large(games, census::MAX_VERDICT_GAMES));
        }
    }
    let batches = match args.games {
        Some(_) => census::files::batch_files(&args.dir, &variants, args.shard)?,
        None => Vec::new(),
    };
    census::files::check_batch_files(&batches, &variants)?;
    let mut files = args.files.clone();
    files.extend(batches.iter().cloned());
    // The picture's file is checked before any work, as the verdict file is.
    let plot = args.plot.as_deref().map(|p| census::files::check_plot_file(p, &files)).transpose()?;
    let mut old_verdicts = None;
    // Held from the check to the write: another census (or batch) cannot
    // write the verdict file meanwhile, and is told it is in use.
    let mut verdict_lock = None;
    if let Some(path) = &args.verdict_file {
        if let (Some(plot), Some(picture)) = (&plot, &args.plot) {
            if klondike::app::store::is_one_of(path, std::slice::from_ref(plot)) {
                return Err(census::files::FilesError::PlotIsVerdictFile(picture.clone()).into());
            }
        }
        old_verdicts = census::files::check_verdict_file(path, &files)?;
        verdict_lock = Some(VerdictLock::take(path)?);
        // What a smaller range or fewer settings would lose is known now,
        // before any work.
        let outside = old_verdicts.as_ref().zip(args.counted()).and_then(|(old, r)| old.outside(r, &variants));
        if let Some((lost, game, rules)) = outside {
            return Err(census::files::FilesError::VerdictsLost { path: path.clone(), lost, game, rules }.into());
        }
    }
    if let Some(range) = args.games {
        let mut total = Tally::default();
        let settings = variants.len();
        for (done, (output, rules)) in batches.iter().zip(&variants).enumerate() {
            let _ = writeln!(io::stderr(), "klondike census: {rules}: {}", output.display());
            let plan = Plan::of(range, args.shard.unwrap_or_default());
            let (before, dir) = (total, args.dir.clone());
            let stopped = move |now: &Tally| {
                // What the settings reached hold: those not reached yet are
                // not looked at.
                let so_far = before.plus(now);
                let line = render::census_table::census_summary((done + 1, settings), &so_far, &dir, true);
                let _ = writeln!(io::stderr(), "klondike census: {line}");
            };
            let tally = solve_command::run_batch(
                plan,
                rules,
                &args.limits(),
                Some(output),
                args.retry_unknown,
                Arc::new(stopped),
            )
            .map_err(|e| match e.downcast_ref::<klondike::app::batch::output::OutputError>() {
                // Its file is the census's to name, not the user's: another
                // census is at work in the same folder.
                Some(klondike::app::batch::output::OutputError::Busy(path)) => {
                    anyhow::anyhow!(render::census_table::batch_file_busy(path, &args.dir))
                }
                _ => e,
            })?;
            total = total.plus(&tally);
        }
        let line = render::census_table::census_summary((settings, settings), &total, &args.dir, false);
        let _ = writeln!(io::stderr(), "klondike census: {line}");
    }
    let mut census = Census::default();
    for (path, lines) in census.add_files(&files)? {
        let _ = writeln!(io::stderr(), "klondike census: {}", render::census_table::not_results_left_out(&path, lines));
    }
    let range = args.only.or(args.games);
    let shard = args.shard.zip(args.games).map(|(shard, games)| (games.first, shard));
    let rows = census.rows(range, shard);
    // An empty table is no census: the files (or the range asked of them)
    // hold nothing, which is most likely a slip of the command line.
    if rows.iter().all(|r| r.winnable + r.unwinnable + r.unknown == 0) {
        anyhow::bail!(render::census_table::nothing_to_count(range));
    }
    // The verdict file first: a reader of the table that stops early (a
    // closed pipe) must not leave it unwritten.
    if let Some(path) = &args.verdict_file {
        // Clap makes sure of it (`requires = "range"`).
        let Some(range) = range else {
            anyhow::bail!(render::census_table::VERDICT_FILE_NEEDS_RANGE);
        };
        // A verdict file is written over only if nothing decided in it
        // would be lost.
        if let Some((lost, game, rules)) = old_verdicts.and_then(|old| census.verdicts_lost(&old, range, &variants)) {
            let path = path.clone();
            return Err(census::files::FilesError::VerdictsLost { path, lost, game, rules }.into());
        }
        // Written through a symbolic link, not over it.
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        // What an earlier census killed while writing it left behind: a
        // hidden file as large as the verdict file. Best effort: a folder
        // that cannot be read fails the write below and is said there.
        let _ = klondike::app::store::remove_stale_temp_files(&target);
        klondike::app::store::write_atomically_streamed(&target, |out| census.write_verdicts(range, &variants, out))
            .with_context(|| render::census_table::cannot_write_verdicts(path))?;
        drop(verdict_lock.take());
        let left_out: Vec<_> = rows
            .iter()
            .filter(|r| r.winnable + r.unwinnable + r.unknown > 0 && !variants.contains(&r.rules))
            .map(|r| r.rules)
            .collect();
        if !left_out.is_empty() {
            let _ = writeln!(io::stderr(), "klondike census: {}", render::census_table::verdicts_left_out(&left_out));
        }
        // A game two files give different decided verdicts is written `?`:
        // said, not only listed under the table (helper report).
        let conflicted: Vec<_> =
            rows.iter().filter(|r| variants.contains(&r.rules)).flat_map(|r| &r.conflicts).collect();
        if let Some(line) = render::census_table::conflicts_written_unknown(&conflicted) {
            let _ = writeln!(io::stderr(), "klondike census: {line}");
        }
    }
    let heading = render::census_table::heading(range, args.shard);
    if let (Some(path), Some(target)) = (&args.plot, &plot) {
        let svg = render::census_plot::census_svg(&rows, &heading).map_err(anyhow::Error::msg)?;
        klondike::app::store::write_atomically_streamed(target, |out| out.write_all(svg.as_bytes())).map_err(|e| {
            anyhow::anyhow!(
                "{}: {}",
                render::census_table::cannot_write_plot(path),
                klondike::app::io_text::io_words(&e)
            )
        })?;
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{heading}")?;
    write!(out, "{}", render::census_table::table(&rows))?;
    out.flush()?;
    Ok(())
}

/// The lock a census holds on its verdict file from the check to the
/// write (the file made, empty, where there was none; removed again if the
/// census ends, or a signal ends it, without writing it).
struct VerdictLock {
    _file: klondike::app::store::AppendFile,
    _made: Option<klondike::app::store::MadeEmpty>,
}

impl VerdictLock {
    fn take(path: &std::path::Path) -> Result<VerdictLock> {
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let made = !target.exists();
        let in_use = || anyhow::Error::from(census::files::FilesError::InUse(path.to_path_buf()));
        match klondike::app::store::AppendFile::open(&target) {
            Ok(Some(file)) => {
                let made = made.then(|| klondike::app::store::MadeEmpty::new(&target));
                Ok(VerdictLock { _file: file, _made: made })
            }
            Ok(None) => Err(in_use()),
            // The store's error names the file and what went wrong
            // already ("could not write F: no permission to write there").
            Err(e) => Err(anyhow::Error::new(e)),
        }
    }
}
