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
}
