//! What `stats` (at the prompt, and `klondike stats`) says of the
//! statistics: a line per rules setting, read well aloud.

use crate::app::render::words::plural;
use crate::app::stats::{Record, Statistics};
use crate::engine::rules::Rules;

/// A plain-text report that reads well aloud: one line per rules
/// setting, then the Vegas balance when a Vegas game was played (or
/// the balance is not 0). "No games played yet." when there is nothing.
/// Every line ends with a newline.
pub fn statistics(stats: &Statistics) -> String {
    let mut out = String::new();
    for (key, r) in &stats.per_rules {
        out.push_str(&describe_record(key, r));
        out.push('\n');
    }
    let vegas_played = stats.per_rules.values().any(|r| r.best_vegas_score.is_some());
    if vegas_played || stats.vegas_balance != 0 {
        out.push_str("Vegas balance: ");
        out.push_str(&stats.vegas_balance.to_string());
        out.push_str(".\n");
    }
    if out.is_empty() {
        out.push_str("No games played yet.\n");
    }
    out
}

/// A duration in words: "45 seconds", "3 minutes 5 seconds", "1 hour 2 minutes".
fn duration(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match (h, m) {
        (0, 0) => plural(s, "second", "seconds"),
        (0, _) if s == 0 => plural(m, "minute", "minutes"),
        (0, _) => format!("{} {}", plural(m, "minute", "minutes"), plural(s, "second", "seconds")),
        _ if m == 0 => plural(h, "hour", "hours"),
        _ => format!("{} {}", plural(h, "hour", "hours"), plural(m, "minute", "minutes")),
    }
}

/// `stats` for the eye: a table with a row per rules setting (played,
/// won, win rate, the current streak, the longest winning and losing
/// streaks, the best score, the fewest moves and the fastest time of a
/// win), within 80 columns, then the Vegas balance as
/// [`statistics`] says it. "No games played yet." when there is nothing.
/// Every line ends with a newline.
pub fn statistics_table(stats: &Statistics) -> String {
    if stats.per_rules.is_empty() {
        return statistics(stats);
    }
    // The rules column as wide as its longest name: 22 characters but for
    // pass limits of three digits or more.
    let width = stats.per_rules.keys().map(|k| short_rules(k).chars().count()).max().unwrap_or(0).max(22);
    let row = |cells: [&str; 9]| {
        let [rules, played, won, rate, streak, longest, best, fewest, fastest] = cells;
        format!(
            "{rules:<width$} {played:>6} {won:>4} {rate:>5} {streak:>6} {longest:>8} {best:>6} {fewest:>7} {fastest:>7}"
        )
        .trim_end()
        .to_string()
            + "\n"
    };
    let mut out = row(["Rules", "Played", "Won", "Rate", "Streak", "Longest", "Best", "Fewest", "Fastest"]);
    out.push_str(&row(["", "", "", "", "", "win/loss", "score", "moves", "win"]));
    let mut vegas_marked = false;
    for (key, r) in &stats.per_rules {
        let streak = match (r.current_win_streak, r.current_losing_streak) {
            (w, _) if w > 0 => format!("{w} W"),
            (_, l) if l > 0 => format!("{l} L"),
            _ => "-".to_string(),
        };
        let best = match (r.best_score, r.best_vegas_score) {
            (Some(s), _) => s.to_string(),
            (None, Some(v)) => {
                vegas_marked = true;
                format!("{v} V")
            }
            (None, None) => "-".to_string(),
        };
        let rate = r.win_rate().map_or("-".to_string(), |rate| format!("{}%", (rate * 100.0).round() as u32));
        let fastest = r.fastest_win_seconds.map_or("-".to_string(), |s| format!("{}:{:02}", s / 60, s % 60));
        out.push_str(&row([
            &short_rules(key),
            &r.played.to_string(),
            &r.won.to_string(),
            &rate,
            &streak,
            &format!("{}/{}", r.longest_win_streak, r.longest_losing_streak),
            &best,
            &r.fewest_moves_to_win.map_or("-".to_string(), |m| m.to_string()),
            &fastest,
        ]));
    }
    let mut notes = Vec::new();
    if stats.per_rules.keys().any(|k| k.foundation_to_tableau) {
        notes.push("f2t: foundation-to-tableau moves on");
    }
    if vegas_marked {
        notes.push("V: a Vegas score");
    }
    if !notes.is_empty() {
        out.push_str(&format!("{}.\n", notes.join("; ")));
    }
    // A row's best score is its standard one where it has both: its best
    // Vegas score is said under the table (the table hid it).
    let both: Vec<String> = stats
        .per_rules
        .iter()
        .filter_map(|(key, r)| r.best_score.and(r.best_vegas_score).map(|v| format!("{} {v}", short_rules(key))))
        .collect();
    if !both.is_empty() {
        out.push_str(&format!("Best Vegas score: {}.\n", both.join("; ")));
    }
    let vegas_played = stats.per_rules.values().any(|r| r.best_vegas_score.is_some());
    if vegas_played || stats.vegas_balance != 0 {
        out.push_str(&format!("Vegas balance: {}.\n", stats.vegas_balance));
    }
    out
}

/// A rules setting in at most 22 characters: "draw 3, 3 passes, f2t".
fn short_rules(rules: &Rules) -> String {
    let passes = match rules.passes {
        crate::engine::rules::PassLimit::Unlimited => "unlimited".to_string(),
        crate::engine::rules::PassLimit::Limited(n) => plural(u64::from(n), "pass", "passes"),
    };
    let f2t = if rules.foundation_to_tableau { ", f2t" } else { "" };
    format!("draw {}, {passes}{f2t}", rules.draw.cards())
}

fn describe_record(key: &Rules, r: &Record) -> String {
    let mut parts = vec![format!("{} played", r.played), format!("{} won", r.won)];
    if let Some(rate) = r.win_rate() {
        parts.push(format!("win rate {}%", (rate * 100.0).round() as u32));
    }
    let streak = if r.current_win_streak > 0 {
        plural(r.current_win_streak, "win", "wins")
    } else if r.current_losing_streak > 0 {
        plural(r.current_losing_streak, "loss", "losses")
    } else {
        "none".to_string()
    };
    parts.push(format!("current streak {streak}"));
    parts.push(format!("longest winning streak {}", r.longest_win_streak));
    parts.push(format!("longest losing streak {}", r.longest_losing_streak));
    if let Some(s) = r.best_score {
        parts.push(format!("best score {s}"));
    }
    if let Some(s) = r.best_vegas_score {
        parts.push(format!("best Vegas score {s}"));
    }
    if let Some(m) = r.fewest_moves_to_win {
        parts.push(format!("fewest moves to win {m}"));
    }
    if let Some(s) = r.fastest_win_seconds {
        parts.push(format!("fastest win {}", duration(s)));
    }
    // A line of its own, read aloud as a sentence: a capital first.
    format!("{}: {}.", crate::app::render::words::capitalise(&key.to_string()), parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::stats::Outcome;
    use crate::engine::rules::Rules;
    use crate::engine::scoring::Scoring;

    #[test]
    fn the_statistics_read_as_a_line_per_rules_setting() {
        let mut stats = Statistics::default();
        assert_eq!(statistics(&stats), "No games played yet.\n");
        let key = Rules::default();
        let id = crate::app::record::GameId("game-1".into());
        let won = Outcome { won: true, score: Some((Scoring::Standard, 700)), moves: 90, seconds: Some(185) };
        stats.record_game_once(&id, key, won, None);
        let said = statistics(&stats);
        assert!(
            said.starts_with("Draw 1, passes unlimited, foundation-to-tableau off: 1 played, 1 won, win rate 100%"),
            "{said}"
        );
        assert!(said.contains("fastest win 3 minutes 5 seconds") && said.ends_with(".\n"), "{said}");
    }

    /// For the eye, a table within 80 columns: a row per setting, a
    /// column per figure, and what its marks mean.
    #[test]
    fn the_statistics_are_a_table_of_a_row_per_rules_setting() {
        let mut stats = Statistics::default();
        assert_eq!(statistics_table(&stats), "No games played yet.\n");
        let won = Outcome { won: true, score: Some((Scoring::Standard, 700)), moves: 90, seconds: Some(185) };
        stats.record_game_once(&crate::app::record::GameId("a".into()), Rules::default(), won, None);
        let three: Rules = "draw 3, passes 3, foundation-to-tableau on".parse().unwrap();
        let lost = Outcome { won: false, score: Some((Scoring::Vegas, -40)), moves: 30, seconds: Some(60) };
        stats.record_game_once(&crate::app::record::GameId("b".into()), three, lost, Some(-40));
        let table = statistics_table(&stats);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "Rules                  Played  Won  Rate Streak  Longest   Best  Fewest Fastest");
        assert_eq!(lines[1], "                                                win/loss  score   moves     win");
        assert_eq!(lines[2], "draw 1, unlimited           1    1  100%    1 W      1/0    700      90    3:05");
        assert_eq!(lines[3], "draw 3, 3 passes, f2t       1    0    0%    1 L      0/1  -40 V       -       -");
        assert_eq!(lines[4], "f2t: foundation-to-tableau moves on; V: a Vegas score.");
        assert_eq!(lines[5], "Vegas balance: -40.");
        assert!(lines.iter().all(|l| l.chars().count() < 80), "{table}");
        // A long pass limit widens the rules column; the rows stay aligned.
        let many: Rules = "draw 1, passes 123456, foundation-to-tableau on".parse().unwrap();
        stats.record_game_once(&crate::app::record::GameId("c".into()), many, won, None);
        let table = statistics_table(&stats);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[2].starts_with("draw 1, 123456 passes, f2t      1"), "{table}");
        let played_at = |l: &str| l.find(" 1 ").unwrap_or(0);
        assert_eq!(played_at(lines[2]), played_at(lines[3]), "{table}");
    }

    /// A row with a standard and a Vegas best score shows the standard one;
    /// the Vegas one is said under the table (it was hidden: helper report).
    #[test]
    fn a_best_vegas_score_beside_a_standard_one_is_said_under_the_table() {
        let mut stats = Statistics::default();
        let three: Rules = "draw 3, passes 3, foundation-to-tableau off".parse().unwrap();
        let standard = Outcome { won: true, score: Some((Scoring::Standard, 5476)), moves: 98, seconds: Some(95) };
        stats.record_game_once(&crate::app::record::GameId("a".into()), three, standard, None);
        let vegas = Outcome { won: true, score: Some((Scoring::Vegas, 208)), moves: 120, seconds: Some(200) };
        stats.record_game_once(&crate::app::record::GameId("b".into()), three, vegas, Some(208));
        let table = statistics_table(&stats);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[2].starts_with("draw 3, 3 passes") && lines[2].contains(" 5476 "), "{table}");
        assert_eq!(lines[3], "Best Vegas score: draw 3, 3 passes 208.");
        assert_eq!(lines[4], "Vegas balance: 208.");
    }
}
