//! Game records: save -> load round trips, and records that must be refused.

use klondike::app::record::{GameRecord, RecordError, FORMAT_VERSION};
use klondike::engine::deal::{Deal, GameNumber};
use klondike::engine::game::{Game, Position};
use klondike::engine::moves::Move;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::scoring::{ScoreSheet, Scoring};

/// Plays up to `n` moves, preferring anything over a draw, but never
/// undoing the last move directly (no ping-pong); deterministic.
fn play_some(game: &mut Game, sheet: &mut ScoreSheet, n: usize) {
    for i in 0..n {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let progress: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !matches!(m, Move::Draw | Move::Redeal | Move::TableauToTableau { .. }))
            .collect();
        let mv = if !progress.is_empty() && i % 2 == 0 {
            progress[i % progress.len()]
        } else if legal.contains(&Move::Draw) {
            Move::Draw
        } else {
            legal[i % legal.len()]
        };
        let before = game.position().clone();
        let played = game.play(mv).unwrap();
        sheet.after_play(&before, &played, game.rules());
    }
}

fn undo(game: &mut Game, sheet: &mut ScoreSheet, n: usize) {
    for _ in 0..n {
        game.undo().unwrap();
        sheet.after_undo();
    }
}

/// The redo list of a game, most recent undo last (read by redoing a copy).
fn redo_list(game: &Game) -> Vec<Move> {
    let mut copy = game.clone();
    let mut list = Vec::new();
    while let Ok(p) = copy.redo() {
        list.push(p.mv);
    }
    list.reverse();
    list
}

fn round_trip(game: &Game, number: Option<u128>, deal: &Deal, scoring: Scoring, sheet: &ScoreSheet) {
    let number = number.map(|n| GameNumber::new(n).unwrap());
    let record = GameRecord::from_game(game, number, deal, scoring, 95);
    let json = record.to_json();
    let back = GameRecord::from_json(&json).unwrap();
    assert_eq!(back, record);
    let loaded = back.replay().unwrap();
    assert_eq!(loaded.game.position(), game.position());
    assert_eq!(loaded.game.rules(), game.rules());
    assert_eq!(loaded.game.moves_made(), game.moves_made());
    assert_eq!(loaded.game.history(), game.history());
    assert_eq!(redo_list(&loaded.game), redo_list(game));
    assert_eq!(&loaded.deal, deal);
    assert_eq!(loaded.number, number);
    assert_eq!(loaded.scoring, scoring);
    assert_eq!(loaded.score.current(), sheet.current());
    assert_eq!(loaded.elapsed_seconds, 95);

    // Undo and redo go on exactly as in the original game.
    let (mut a, mut b) = (game.clone(), loaded.game.clone());
    let (mut sa, mut sb) = (sheet.clone(), loaded.score.clone());
    while a.undo().is_ok() {
        sa.after_undo();
        b.undo().unwrap();
        sb.after_undo();
        assert_eq!(a.position(), b.position());
        assert_eq!(sa.current(), sb.current());
    }
    assert!(b.undo().is_err());
    assert_eq!(sb.current(), scoring.start());
    loop {
        let before = a.position().clone();
        let Ok(pa) = a.redo() else { break };
        let pb = b.redo().unwrap();
        assert_eq!(pa, pb);
        sa.after_redo(&before, &pa, a.rules());
        sb.after_redo(&before, &pb, b.rules());
        assert_eq!(sa.current(), sb.current());
    }
    assert!(b.redo().is_err());
}

#[test]
fn save_and_load_keeps_position_history_redo_list_and_score() {
    for (n, draw, passes, f2t, scoring) in [
        (1u128, DrawCount::One, PassLimit::Unlimited, false, Scoring::Standard),
        (7, DrawCount::Three, PassLimit::Limited(3), true, Scoring::Vegas),
        (31_999, DrawCount::One, PassLimit::Limited(1), false, Scoring::None),
        (u128::MAX, DrawCount::Three, PassLimit::Unlimited, true, Scoring::Standard),
    ] {
        let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(n).unwrap());
        let rules = Rules { draw, passes, foundation_to_tableau: f2t };
        let mut game = Game::new(&deal, rules);
        let mut sheet = ScoreSheet::new(scoring);
        play_some(&mut game, &mut sheet, 120);
        assert!(game.moves_made() > 20, "game {n} made too few moves to test");
        undo(&mut game, &mut sheet, 7);
        round_trip(&game, Some(n), &deal, scoring, &sheet);
        // With nothing undone, and at the very start.
        let mut fresh = Game::new(&deal, rules);
        round_trip(&fresh, Some(n), &deal, scoring, &ScoreSheet::new(scoring));
        let mut s = ScoreSheet::new(scoring);
        play_some(&mut fresh, &mut s, 10);
        round_trip(&fresh, Some(n), &deal, scoring, &s);
    }
}

#[test]
fn redeals_survive_a_round_trip() {
    let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(3).unwrap());
    let rules = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: false };
    let mut game = Game::new(&deal, rules);
    let mut sheet = ScoreSheet::new(Scoring::Standard);
    for _ in 0..60 {
        let mv = if game.position().stock_len() > 0 { Move::Draw } else { Move::Redeal };
        let before = game.position().clone();
        let played = game.play(mv).unwrap();
        sheet.after_play(&before, &played, &rules);
    }
    assert!(game.position().pass() >= 3);
    undo(&mut game, &mut sheet, 30);
    round_trip(&game, Some(3), &deal, Scoring::Standard, &sheet);
}

#[test]
fn a_deal_given_in_the_deal_format() {
    let deal = Deal::for_number(klondike::engine::deal::GameNumber::new(12_345).unwrap());
    let rules = Rules::default();
    let mut game = Game::new(&deal, rules);
    let mut sheet = ScoreSheet::new(Scoring::Standard);
    play_some(&mut game, &mut sheet, 40);
    undo(&mut game, &mut sheet, 3);
    let record = GameRecord::from_game(&game, None, &deal, Scoring::Standard, 0);
    assert_eq!(record.game, None);
    assert_eq!(record.deal.as_deref(), Some(deal.to_string().as_str()));
    round_trip(&game, None, &deal, Scoring::Standard, &sheet);
}

fn base_record() -> GameRecord {
    GameRecord::from_game(
        &Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::ONE), Rules::default()),
        Some(GameNumber::ONE),
        &Deal::for_number(klondike::engine::deal::GameNumber::ONE),
        Scoring::Standard,
        0,
    )
}

#[test]
fn the_json_looks_as_documented() {
    let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::ONE), Rules::default());
    game.play(Move::Draw).unwrap();
    game.play(Move::Draw).unwrap();
    game.undo().unwrap();
    let json = GameRecord::from_game(
        &game,
        Some(GameNumber::ONE),
        &Deal::for_number(klondike::engine::deal::GameNumber::ONE),
        Scoring::Vegas,
        12,
    )
    .to_json();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["format_version"], 1);
    assert_eq!(v["game"], "1");
    assert_eq!(v["deal"], serde_json::Value::Null);
    assert_eq!(v["draw"], 1);
    assert_eq!(v["passes"], serde_json::Value::Null);
    assert_eq!(v["foundation_to_tableau"], false);
    assert_eq!(v["scoring"], "vegas");
    assert_eq!(v["moves"], serde_json::json!(["d"]));
    assert_eq!(v["undone"], serde_json::json!(["d"]));
    assert_eq!(v["elapsed_seconds"], 12);
}

#[test]
fn an_illegal_move_is_named() {
    let mut r = base_record();
    // Game 1: pile 1 is the QH; "w 1" with an empty waste, then "t 1 f" (not an ace).
    r.moves = vec!["d".into(), "d".into(), "t 1 f".into()];
    let err = r.replay().unwrap_err();
    match &err {
        RecordError::IllegalMove { index, command, why } => {
            assert_eq!(*index, 3);
            assert_eq!(command, "t 1 f");
            assert!(why.to_string().contains("queen of hearts"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("move 3") && msg.contains("'t 1 f'"), "{msg}");

    r.moves = vec!["d".into(), "hint".into()];
    let err = r.replay().unwrap_err();
    assert!(matches!(&err, RecordError::IllegalMove { index: 2, .. }), "{err:?}");
    assert!(err.to_string().contains("not a move"), "{err}");

    r.moves = vec!["zz top".into()];
    assert!(matches!(r.replay(), Err(RecordError::IllegalMove { index: 1, .. })));
}

#[test]
fn an_illegal_undone_move_is_named() {
    let mut r = base_record();
    r.moves = vec!["d".into()];
    r.undone = vec!["d".into(), "w f".into()];
    let err = r.replay().unwrap_err();
    assert!(matches!(&err, RecordError::IllegalRedo { index: 2, .. }), "{err:?}");
    assert!(err.to_string().contains("undone move 2"), "{err}");
}

#[test]
fn a_newer_version_is_refused() {
    let mut v: serde_json::Value = serde_json::from_str(&base_record().to_json()).unwrap();
    v["format_version"] = serde_json::json!(FORMAT_VERSION + 1);
    v["moves"] = serde_json::json!({"new": "shape"});
    let err = GameRecord::from_json(&v.to_string()).unwrap_err();
    assert_eq!(err, RecordError::NewerVersion { found: u64::from(FORMAT_VERSION) + 1, supported: FORMAT_VERSION });
    assert!(err.to_string().contains("newer"), "{err}");
}

#[test]
fn malformed_records_are_refused_with_a_reason() {
    let json = base_record().to_json();
    assert!(matches!(GameRecord::from_json(&json[..json.len() / 2]), Err(RecordError::NotJson { .. })));
    assert!(matches!(GameRecord::from_json(""), Err(RecordError::NotJson { .. })));
    assert!(matches!(GameRecord::from_json("[1,2]"), Err(RecordError::NotJson { .. })));
    let missing = json.replace("\"scoring\"", "\"scorin\"");
    let err = GameRecord::from_json(&missing).unwrap_err();
    assert!(err.to_string().contains("scoring"), "{err}");
    // A scoring that is none of the three is refused when the file is read,
    // naming it; one in capitals is read.
    let golf = json.replace("\"scoring\": \"standard\"", "\"scoring\": \"golf\"");
    assert_ne!(golf, json);
    let err = GameRecord::from_json(&golf).unwrap_err();
    assert!(err.to_string().contains("'golf' is not a scoring"), "{err}");
    let loud = json.replace("\"scoring\": \"standard\"", "\"scoring\": \"Standard\"");
    assert_eq!(GameRecord::from_json(&loud).unwrap().scoring, klondike::engine::scoring::Scoring::Standard);

    let bad = |edit: &dyn Fn(&mut GameRecord), field: &str| {
        let mut r = base_record();
        edit(&mut r);
        match r.replay() {
            Err(RecordError::BadField { field: f, why }) => {
                assert_eq!(f, field, "{why}");
            }
            other => panic!("{field}: {other:?}"),
        }
    };
    bad(&|r| r.draw = 2, "draw");
    bad(&|r| r.passes = Some(0), "passes");
    bad(&|r| r.game = Some("0".into()), "game");
    bad(&|r| r.game = Some("+5".into()), "game");
    bad(&|r| r.game = Some("340282366920938463463374607431768211456".into()), "game");
    bad(&|r| r.game = None, "game");
    bad(
        &|r| {
            r.deal = Some("AC AC".into());
            r.game = None;
        },
        "deal",
    );
    bad(&|r| r.deal = Some(Deal::for_number(klondike::engine::deal::GameNumber::new(2).unwrap()).to_string()), "deal");
    let mut zero = base_record();
    zero.format_version = 0;
    assert!(matches!(
        GameRecord::from_json(&zero.to_json()),
        Err(RecordError::BadField { field: "format_version", .. })
    ));
}

#[test]
fn both_game_and_matching_deal_are_accepted() {
    let mut r = base_record();
    r.deal = Some(Deal::for_number(klondike::engine::deal::GameNumber::ONE).to_string());
    let loaded = r.replay().unwrap();
    assert_eq!(loaded.number, Some(GameNumber::ONE));
    assert_eq!(loaded.game.position(), &Position::new(&Deal::for_number(klondike::engine::deal::GameNumber::ONE)));
}

#[test]
fn odd_input_never_panics() {
    let json = base_record().to_json();
    for cut in 0..json.len() {
        let _ = GameRecord::from_json(&json[..cut]);
    }
    for text in ["null", "1", "\"x\"", "{}", "{\"format_version\": -1}", "{\"format_version\": 1e400}"] {
        let _ = GameRecord::from_json(text);
    }
    let mut r = base_record();
    r.moves = vec!["d".into(); 10_000];
    // Game 1 with unlimited passes: every "d" is a draw or a redeal.
    assert_eq!(r.replay().unwrap().game.moves_made(), 10_000);
    r.passes = Some(1);
    assert!(matches!(r.replay(), Err(RecordError::IllegalMove { index: 25, .. })));
}
