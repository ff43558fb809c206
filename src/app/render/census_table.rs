//! What `klondike census` prints: a heading naming the games counted, then
//! the table of [`census::Row`](crate::app::census::Row)s, one per rules
//! setting.

use std::path::Path;

use crate::app::batch::{GameRange, Shard, Tally};
use crate::app::census::Row;
use crate::engine::deal::GameNumber;
use crate::engine::rules::Rules;

/// Some lines of `path`, a file counted, are not results and were left out.
pub fn not_results_left_out(path: &Path, lines: usize) -> String {
    format!("{lines} line(s) of '{}' that are not results were left out", path.display())
}

/// A batch file of a census that another census (or batch) is writing:
/// the census names its files, so the way out is another folder.
pub fn batch_file_busy(path: &Path, dir: &Path) -> String {
    format!(
        "'{}' is being written by another census or batch; wait for it to end, or give this census another folder than --dir {}",
        path.display(),
        dir.display()
    )
}

/// A census whose files hold no result (of the games `range`, if given).
pub fn nothing_to_count(range: Option<GameRange>) -> String {
    match range {
        Some(r) => format!("nothing to count: the files hold no result for games {}..{}", r.first, r.last),
        None => "nothing to count: the files hold no results".to_string(),
    }
}

/// `--verdict-file` without the range of games it needs.
pub const VERDICT_FILE_NEEDS_RANGE: &str = "--verdict-file needs the range of games: give --only A..B or --games A..B";

/// The verdict file could not be written.
pub fn cannot_write_verdicts(path: &Path) -> String {
    format!("cannot write '{}'", path.display())
}

/// `--plot` could not write its picture.
pub fn cannot_write_plot(path: &Path) -> String {
    format!("cannot write the picture '{}'", path.display())
}

/// `--verdict-file` over more games than a verdict file holds.
pub fn verdict_range_too_large(games: u128, most: u128) -> String {
    format!(
        "--verdict-file covers at most {most} games, and the range counted has {games}: give a smaller --only range"
    )
}

/// Why `--verdict-file -` is refused.
pub const VERDICT_FILE_NOT_STDOUT: &str =
    "--verdict-file needs a file name: '-' would mix the verdicts with the table on standard output";

/// What a verdict file holds for the games the files counted give two
/// different decided verdicts (`conflicted`, one entry a game and
/// setting): `?`, said with the first few games; `None` where there are
/// none.
pub fn conflicts_written_unknown(conflicted: &[&GameNumber]) -> Option<String> {
    let games: std::collections::BTreeSet<&GameNumber> = conflicted.iter().copied().collect();
    let named: Vec<String> = games.iter().take(5).map(ToString::to_string).collect();
    let more = games.len().saturating_sub(5);
    let more = if more == 0 { String::new() } else { format!(" and {more} more") };
    let which = if games.len() == 1 { "game" } else { "games" };
    (!games.is_empty()).then(|| {
        format!(
            "the verdict file has ? where the files give two different decided verdicts ({} of {which} {}{more}); the table lists them under its rows",
            crate::app::render::words::count(conflicted.len(), "verdict"),
            named.join(", ")
        )
    })
}

/// Why the verdict file leaves out results the files hold: their rules
/// (`left_out`, at least one) are not among the settings its columns are
/// chosen by.
pub fn verdicts_left_out(left_out: &[Rules]) -> String {
    let named: Vec<String> = left_out.iter().map(ToString::to_string).collect();
    format!(
        "the verdict file has no column for the results under {}: give --draw, --passes and --foundation-to-tableau to choose its settings",
        named.join("; ")
    )
}

/// The line a census's solving ends with, on standard error: what it did
/// into the folder `dir` under the first `reached` of its `settings` rules
/// settings (`(reached, settings)`), whether it finished or was stopped
/// (`stopped`, in setting `reached`), for example `2 settings, 400 results
/// in c: 250 winnable, 140 unwinnable, 10 unknown; 300 solved now, 100 were
/// already there`.
pub fn census_summary((reached, settings): (usize, usize), tally: &Tally, dir: &Path, stopped: bool) -> String {
    let noun = if settings == 1 { "setting" } else { "settings" };
    let results = |n: u128| if n == 1 { "1 result".to_string() } else { format!("{n} results") };
    let head = if stopped {
        format!(
            "stopped in setting {reached} of {settings}: {} of the {} of the settings so far",
            tally.results(),
            results(tally.planned)
        )
    } else {
        format!("{settings} {noun}, {}", results(tally.planned))
    };
    let were = if tally.already == 1 { "was" } else { "were" };
    let mut line = format!(
        "{head} in {}: {} winnable, {} unwinnable, {} unknown; {} solved now, {} {were} already there",
        dir.display(),
        tally.winnable,
        tally.unwinnable,
        tally.unknown,
        tally.solved_now,
        tally.already
    );
    line.push_str(&crate::app::render::solve_report::memory_per_thread(tally));
    if stopped {
        line.push_str("; run it again to go on");
    }
    line
}

/// The heading over the table: the range of games counted (both ends
/// included), or every game in the files; and the shard solved, if any
/// (its table holds only that shard's games, unless other files hold the
/// rest).
pub fn heading(range: Option<GameRange>, shard: Option<Shard>) -> String {
    let games = match range {
        Some(GameRange { first, last }) => format!("Census of games {first}..{last}"),
        None => "Census of every game in the files".to_string(),
    };
    match shard.filter(|s| s.n() > 1) {
        Some(s) => {
            format!("{games}, shard {}/{}: every {} game from the {}", s.k(), s.n(), ordinal(s.n()), ordinal(s.k()))
        }
        None => games,
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `12th`, `13th`, `21st`, ...
fn ordinal(n: u128) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The census as a table, a row per rules setting:
///
/// ```text
/// rules                                           decided winnable unwinnable unknown  win rate (95% interval)  mean s   p99 s   max s
/// draw 1, passes unlimited, foundation-to-tableau on     2000     1830        170       0  91.50% (90.20-92.63%)   0.012   0.150   0.401
/// ```
pub fn table(rows: &[Row]) -> String {
    // The rules column is as wide as its longest name, so that every row
    // lines up ("passes unlimited" is the longest of the twelve).
    let names: Vec<String> = rows.iter().map(|row| row.rules.to_string()).collect();
    let w = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).max("rules".len());
    let mut out = format!(
        "{:<w$} {:>8} {:>8} {:>10} {:>7}  {:<24} {:>7} {:>7} {:>7}\n",
        "rules", "decided", "winnable", "unwinnable", "unknown", "win rate (95% interval)", "mean s", "p99 s", "max s"
    );
    for (row, name) in rows.iter().zip(&names) {
        let rate = match row.win_rate() {
            Some((p, lo, hi)) => format!("{:.2}% ({:.2}-{:.2}%)", 100.0 * p, 100.0 * lo, 100.0 * hi),
            None => "-".to_string(),
        };
        // Verdict files keep no times: "-" when no deal counted has one.
        let seconds = |s: Option<f64>| s.map_or_else(|| "-".to_string(), |s| format!("{s:.3}"));
        out.push_str(&format!(
            "{:<w$} {:>8} {:>8} {:>10} {:>7}  {:<24} {:>7} {:>7} {:>7}\n",
            name,
            row.decided(),
            row.winnable,
            row.unwinnable,
            row.unknown,
            rate,
            seconds(row.mean_seconds),
            seconds(row.p99_seconds),
            seconds(row.max_seconds)
        ));
        if let Some(missing) = row.missing.filter(|&m| m > 0) {
            out.push_str(&format!(
                "  {missing} game(s) of the range have no result under these rules (counted in no column)\n"
            ));
        }
        if !row.conflicts.is_empty() {
            let shown: Vec<String> = row.conflicts.iter().take(10).map(ToString::to_string).collect();
            out.push_str(&format!(
                "  {} game(s) with two different verdicts under these rules (counted as unknown): {}\n",
                row.conflicts.len(),
                shown.join(", ")
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::census::Census;

    fn line(game: u128, verdict: &str) -> String {
        format!(
            r#"{{"game":"{game}","draw":1,"passes":null,"foundation_to_tableau":true,"verdict":"{verdict}","seconds":0.5}}"#
        )
    }

    #[test]
    fn the_table_has_a_row_per_setting_and_names_conflicts() {
        let mut c = Census::default();
        for (game, verdict) in [(1, "winnable"), (2, "unwinnable"), (3, "winnable"), (3, "unwinnable")] {
            c.add_line(&line(game, verdict)).unwrap();
        }
        let text = table(&c.rows(None, None));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].starts_with("rules ") && lines[0].contains("win rate (95% interval)"));
        assert!(lines[1].starts_with("draw 1, passes unlimited, foundation-to-tableau on"), "{text}");
        // Games 1 and 2 decided, game 3 in conflict (unknown): 1 of 2
        // winnable, in whatever order the lines come.
        assert!(lines[1].contains(" 50.00% ("), "{text}");
        assert_eq!(lines[2], "  1 game(s) with two different verdicts under these rules (counted as unknown): 3");
        let mut c = Census::default();
        for (game, verdict) in
            [(3, "unwinnable"), (2, "unwinnable"), (3, "winnable"), (1, "winnable"), (3, "unwinnable")]
        {
            c.add_line(&line(game, verdict)).unwrap();
        }
        assert_eq!(table(&c.rows(None, None)), text, "the same table, lines in another order");
        // A range with games that no line gives a result for says so.
        let text = table(&c.rows(Some(GameRange::new(1, 5).unwrap()), None));
        assert!(
            text.contains("\n  2 game(s) of the range have no result under these rules (counted in no column)\n"),
            "{text}"
        );
        assert_eq!(heading(Some(GameRange::new(1, 20).unwrap()), None), "Census of games 1..20");
        assert_eq!(heading(None, None), "Census of every game in the files");
        assert_eq!(heading(Some(GameRange::new(1, 20).unwrap()), Shard::new(1, 1)), "Census of games 1..20");
        assert_eq!(
            heading(Some(GameRange::new(1, 20).unwrap()), Shard::new(1, 2)),
            "Census of games 1..20, shard 1/2: every 2nd game from the 1st"
        );
        assert_eq!(
            heading(Some(GameRange::new(1, 9).unwrap()), Shard::new(3, 11)),
            "Census of games 1..9, shard 3/11: every 11th game from the 3rd"
        );
    }

    #[test]
    fn a_census_says_what_it_did_in_one_line() {
        let done = Tally {
            planned: 400,
            winnable: 250,
            unwinnable: 140,
            unknown: 10,
            solved_now: 300,
            already: 100,
            peak_table_bytes: 3 << 20,
        };
        assert_eq!(
            census_summary((2, 2), &done, Path::new("c"), false),
            "2 settings, 400 results in c: 250 winnable, 140 unwinnable, 10 unknown; 300 solved now, 100 were already there; at most 3 MB of tables a thread"
        );
        // Stopped in the second setting: what the settings reached hold.
        let stopped = Tally {
            planned: 400,
            winnable: 200,
            unwinnable: 50,
            unknown: 0,
            solved_now: 150,
            already: 100,
            peak_table_bytes: 0,
        };
        assert_eq!(
            census_summary((2, 12), &stopped, Path::new("c"), true),
            "stopped in setting 2 of 12: 250 of the 400 results of the settings so far in c: 200 winnable, 50 unwinnable, 0 unknown; 150 solved now, 100 were already there; at most 0 MB of tables a thread; run it again to go on"
        );
    }

    #[test]
    fn the_columns_line_up_whatever_the_names() {
        let mut c = Census::default();
        for (game, passes) in [(1, "null"), (2, "1"), (3, "3")] {
            let l = line(game, "winnable").replace(r#""passes":null"#, &format!(r#""passes":{passes}"#));
            c.add_line(&l).unwrap();
        }
        let text = table(&c.rows(None, None));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        // Each row's "decided" figure ends where the heading's word does.
        let end = lines[0].find("decided").unwrap() + "decided".len();
        for l in &lines[1..] {
            assert_eq!(l.as_bytes()[end - 1], b'1', "{text}");
            assert_eq!(l.as_bytes()[end], b' ', "{text}");
        }
    }
}
