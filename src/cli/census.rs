//! `klondike census`: solve a range of deals under several rules settings
//! (each a resumable batch file), then count the verdicts of those files
//! and of any others given, and print the win rates.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use klondike::batch::{GameRange, Plan};
use klondike::census::{self, Census};
use klondike::options::CensusArgs;
use klondike::render;
use klondike::rules::Rules;

use super::solve;

/// Runs the census: the batches (with `--games`), then the count.
///
/// # Errors
/// A folder or file that cannot be made, read or written; a batch's error.
pub fn run(args: CensusArgs) -> Result<()> {
    // The batch of each rules setting and its file, named once: the
    // verdict file is checked against them before any work, then they are
    // solved and counted.
    let batches: Vec<_> = match args.games {
        Some(range) => {
            if args.dir.exists() && !args.dir.is_dir() {
                anyhow::bail!(render::census::not_a_folder(&args.dir));
            }
            fs::create_dir_all(&args.dir)
                .with_context(|| format!("cannot make the folder '{}'", args.dir.display()))?;
            let file = |rules: &Rules| args.dir.join(census::batch_file_name(rules, args.shard));
            args.variants().into_iter().map(|rules| (range, file(&rules), rules)).collect()
        }
        None => Vec::new(),
    };
    let mut files = args.files.clone();
    files.extend(batches.iter().map(|(_, output, _)| output.clone()));
    if let Some(path) = &args.verdict_file {
        check_verdict_file(path, &files)?;
    }
    for (range, output, rules) in &batches {
        let _ = writeln!(io::stderr(), "klondike census: {rules}: {}", output.display());
        let plan = Plan::of(*range, args.shard.unwrap_or_default());
        solve::run_batch(plan, rules, &args.limits(), Some(output), args.retry_unknown)?;
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
    writeln!(out, "{}", render::census::heading(range, args.shard))?;
    write!(out, "{}", render::census::table(&rows))?;
    out.flush()?;
    if let Some(path) = &args.verdict_file {
        // Clap makes sure of it (`requires = "range"`).
        let Some(GameRange { first, last }) = range else {
            anyhow::bail!("--verdict-file needs the range of games: give --only A..B or --games A..B");
        };
        let text = census.verdict_file(first, last, &args.variants());
        klondike::store::write_atomically(path, text.as_bytes())
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    Ok(())
}

/// Refuses a verdict file `path` that is one of the batch `files` counted
/// (or written) or an existing file that is not a verdict file: writing the
/// verdicts would replace what it holds.
fn check_verdict_file(path: &Path, files: &[PathBuf]) -> Result<()> {
    if klondike::store::is_one_of(path, files) {
        anyhow::bail!(render::census::verdict_file_is_counted(path));
    }
    match fs::read(path) {
        Ok(bytes) => {
            let ours = std::str::from_utf8(&bytes).is_ok_and(|text| census::Verdicts::parse(text).is_ok());
            if !ours {
                anyhow::bail!(render::census::not_a_verdict_file(path));
            }
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("cannot read '{}'", path.display())),
    }
}
