//! `klondike census`: solve a range of deals under several rules settings
//! (each a resumable batch file), then count the verdicts of those files
//! and of any others given, and print the win rates.

use std::fs;
use std::io::{self, Write};

use anyhow::{Context, Result};

use klondike::batch::{GameRange, Plan};
use klondike::census::{self, Census};
use klondike::options::CensusArgs;
use klondike::render;

use super::solve;

/// Runs the census: the batches (with `--games`), then the count.
///
/// # Errors
/// A folder or file that cannot be made, read or written; a batch's error.
pub fn run(args: CensusArgs) -> Result<()> {
    let mut files = args.files.clone();
    if let Some(range) = args.games {
        if args.dir.exists() && !args.dir.is_dir() {
            anyhow::bail!(render::census::not_a_folder(&args.dir));
        }
        fs::create_dir_all(&args.dir).with_context(|| format!("cannot make the folder '{}'", args.dir.display()))?;
        for rules in args.variants() {
            let output = args.dir.join(census::batch_file_name(&rules, args.shard));
            let _ = writeln!(io::stderr(), "klondike census: {rules}: {}", output.display());
            let plan = Plan::of(range, args.shard.unwrap_or_default());
            solve::run_batch(plan, &rules, &args.limits(), Some(&output), args.retry_unknown)?;
            files.push(output);
        }
    }
    let mut census = Census::default();
    let mut skipped = 0usize;
    for path in &files {
        let text = fs::read_to_string(path).with_context(|| format!("cannot read '{}'", path.display()))?;
        let added = census.add_text(&text);
        if added.holds_no_results() {
            anyhow::bail!(render::census::no_results(path, added.not_results));
        }
        skipped += added.not_results;
    }
    if skipped > 0 {
        let _ = writeln!(io::stderr(), "klondike census: {skipped} line(s) that are not results were left out");
    }
    let range = args.only.or(args.games);
    let rows = census.rows(range);
    let mut out = io::stdout().lock();
    writeln!(out, "{}", render::census::heading(range))?;
    write!(out, "{}", render::census::table(&rows))?;
    out.flush()?;
    if let Some(path) = &args.verdict_file {
        let Some(GameRange { first, last }) = range else {
            anyhow::bail!("--verdict-file needs the range of games: give --only A..B or --games A..B");
        };
        let text = census.verdict_file(first, last, &args.variants());
        klondike::store::write_atomically(path, text.as_bytes())
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    Ok(())
}
