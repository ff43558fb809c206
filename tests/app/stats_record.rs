//! Statistics: counting games, streaks, bests, the Vegas balance, the report.

use klondike::app::render::stats_text::statistics;
use klondike::app::stats::{Outcome, Statistics, FORMAT_VERSION};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::scoring::Scoring;

fn key1() -> Rules {
    Rules::default()
}

fn key3() -> Rules {
    Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: true }
}

fn won(moves: usize, score: i64, seconds: Option<u64>) -> Outcome {
    Outcome { won: true, score: Some((Scoring::Standard, score)), moves, seconds }
}

fn lost(score: i64) -> Outcome {
    Outcome { won: false, score: Some((Scoring::Standard, score)), moves: 40, seconds: Some(10) }
}

#[test]
fn keys_read_like_the_rules() {
    assert_eq!(key1().to_string(), "draw 1, passes unlimited, foundation-to-tableau off");
    assert_eq!(key3().to_string(), "draw 3, passes 3, foundation-to-tableau on");
    let r = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: true };
    assert_eq!(key3().to_string(), r.to_string());
}

#[test]
fn counts_streaks_and_bests() {
    let mut s = Statistics::default();
    assert_eq!(s.record(key1()), None);
    s.record_game(key1(), lost(50));
    s.record_game(key1(), lost(20));
    s.record_game(key1(), won(120, 600, Some(300)));
    s.record_game(key1(), won(100, 500, None));
    s.record_game(key1(), won(130, 700, Some(200)));
    s.record_game(key1(), lost(10));
    let r = s.record(key1()).unwrap();
    assert_eq!((r.played, r.won), (6, 3));
    assert_eq!(r.win_rate(), Some(0.5));
    assert_eq!((r.current_win_streak, r.longest_win_streak), (0, 3));
    assert_eq!((r.current_losing_streak, r.longest_losing_streak), (1, 2));
    assert_eq!(r.best_score, Some(700));
    assert_eq!(r.best_vegas_score, None);
    assert_eq!(r.fewest_moves_to_win, Some(100));
    assert_eq!(r.fastest_win_seconds, Some(200));
    // Another rules setting is kept apart.
    s.record_game(key3(), Outcome { won: false, score: Some((Scoring::Vegas, -32)), moves: 5, seconds: None });
    let r3 = s.record(key3()).unwrap();
    assert_eq!((r3.played, r3.won, r3.best_vegas_score, r3.best_score), (1, 0, Some(-32), None));
    assert_eq!(r3.fewest_moves_to_win, None);
    assert_eq!(s.record(key1()).unwrap().played, 6);
}

#[test]
fn unscored_games_leave_no_best_score() {
    let mut s = Statistics::default();
    s.record_game(key1(), Outcome { won: true, score: Some((Scoring::None, 0)), moves: 90, seconds: None });
    s.record_game(key1(), Outcome { won: true, score: None, moves: 95, seconds: None });
    let r = s.record(key1()).unwrap();
    assert_eq!(r.best_score, None);
    assert_eq!(r.fewest_moves_to_win, Some(90));
    assert_eq!(r.fastest_win_seconds, None);
    assert_eq!(r.current_win_streak, 2);
}

#[test]
fn vegas_balance_accumulates_and_saturates() {
    let mut s = Statistics::default();
    s.add_vegas(-52);
    s.add_vegas(-22);
    s.add_vegas(108);
    assert_eq!(s.vegas_balance, 34);
    s.add_vegas(i64::MAX);
    assert_eq!(s.vegas_balance, i64::MAX);
}

#[test]
fn json_round_trip_and_defaults() {
    let mut s = Statistics::default();
    assert_eq!(s.format_version, FORMAT_VERSION);
    s.record_game(key1(), won(100, 500, Some(99)));
    s.record_game(key3(), lost(5));
    s.add_vegas(-52);
    let json = serde_json::to_string_pretty(&s).unwrap();
    let back: Statistics = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    // Missing fields take their defaults.
    let sparse: Statistics = serde_json::from_str(
        r#"{"format_version": 1, "per_rules": {"draw 1, passes unlimited, foundation-to-tableau off": {"played": 2}}}"#,
    )
    .unwrap();
    assert_eq!(sparse.per_rules[&key1()].played, 2);
    assert_eq!(sparse.per_rules[&key1()].won, 0);
    assert_eq!(sparse.vegas_balance, 0);
    // The file's keys are the rules settings' words, and nothing else is one.
    let text = serde_json::to_string(&sparse).unwrap();
    assert!(text.contains(r#""per_rules":{"draw 1, passes unlimited, foundation-to-tableau off":{"#), "{text}");
    for bad in
        ["x", "draw 2, passes unlimited, foundation-to-tableau off", "draw 1, passes 0, foundation-to-tableau on"]
    {
        let json = format!(r#"{{"per_rules": {{"{bad}": {{"played": 2}}}}}}"#);
        assert!(serde_json::from_str::<Statistics>(&json).is_err(), "{bad}");
    }
}

#[test]
fn rules_settings_read_back_and_sort_unlimited_last() {
    let keys: Vec<Rules> = Rules::variants();
    for key in &keys {
        assert_eq!(key.to_string().parse::<Rules>(), Ok(*key));
    }
    let mut sorted = keys.clone();
    sorted.sort();
    let texts: Vec<String> = sorted.iter().map(|k| k.to_string()).collect();
    assert_eq!(texts[0], "draw 1, passes 1, foundation-to-tableau off");
    assert_eq!(texts[5], "draw 1, passes unlimited, foundation-to-tableau on");
    assert_eq!(texts[11], "draw 3, passes unlimited, foundation-to-tableau on");
}

#[test]
fn the_report_reads_aloud() {
    assert_eq!(statistics(&Statistics::default()), "No games played yet.\n");
    let mut s = Statistics::default();
    s.record_game(key1(), lost(50));
    s.record_game(key1(), won(98, 640, Some(252)));
    s.record_game(key1(), won(120, 500, Some(3700)));
    let text = statistics(&s);
    assert_eq!(
        text,
        "Draw 1, passes unlimited, foundation-to-tableau off: 3 played, 2 won, win rate 67%, \
         current streak 2 wins, longest winning streak 2, longest losing streak 1, best score 640, \
         fewest moves to win 98, fastest win 4 minutes 12 seconds.\n"
    );
    s.record_game(key3(), Outcome { won: false, score: Some((Scoring::Vegas, -42)), moves: 5, seconds: None });
    s.add_vegas(-42);
    let text = statistics(&s);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[1].starts_with(
            "Draw 3, passes 3, foundation-to-tableau on: 1 played, 0 won, win rate 0%, current streak 1 loss"
        ),
        "{text}"
    );
    assert!(lines[1].contains("best Vegas score -42"), "{text}");
    assert_eq!(lines[2], "Vegas balance: -42.");
}

#[test]
fn nonsense_figures_do_not_panic() {
    let odd: Statistics = serde_json::from_str(
        r#"{"per_rules": {"draw 3, passes 3, foundation-to-tableau on": {"played": 1, "won": 5, "current_win_streak": 18446744073709551615}}}"#,
    )
    .unwrap();
    let mut odd = odd;
    let k = key3();
    assert_eq!(odd.per_rules[&k].win_rate(), Some(1.0));
    let _ = statistics(&odd);
    let key = key1();
    odd.per_rules.insert(key, odd.per_rules[&k].clone());
    odd.record_game(key, won(1, i64::MIN, Some(u64::MAX)));
    assert_eq!(odd.record(key).unwrap().current_win_streak, u64::MAX);
    let _ = statistics(&odd);
}
