//! Screen-reader mode, checked the way its users meet it: whole games
//! replayed through the binary, every reply read as text. No box-drawing or
//! control characters, every card in words, and one line per move.

use std::io::Write;
use std::process::{Command, Stdio};

use klondike::engine::deal::Deal;
use klondike::engine::game::{Game, Status};
use klondike::engine::moves::Move;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};

/// A script of commands for game `number`: mostly legal moves that make
/// progress, with draws, undo/redo, a few rejected commands and queries.
fn script(number: u128, rules: Rules) -> Vec<String> {
    let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
    let mut lines = Vec::new();
    for step in 0..150usize {
        if game.status() != Status::Playing {
            break;
        }
        let legal = game.legal_moves();
        let useful: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !matches!(m, Move::Draw | Move::Redeal | Move::FoundationToTableau { .. }))
            .collect();
        let mv = match step % 11 {
            3 => {
                lines.push("t 1 2 13".to_string());
                continue;
            }
            7 if game.moves_made() > 0 => {
                lines.push("u".into());
                game.undo().unwrap();
                lines.push("redo".into());
                game.redo().unwrap();
                continue;
            }
            _ if !useful.is_empty() && step % 3 != 0 => useful[step % useful.len()],
            _ => legal[0],
        };
        lines.push(mv.to_string());
        game.play(mv).unwrap();
    }
    lines
}

fn run(args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(args)
        .env_remove("KLONDIKE_SCREEN_READER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// True when `word` looks like a card code (`QH`, `TC`).
fn is_card_code(word: &str) -> bool {
    let w: Vec<char> = word.trim_matches(|c: char| !c.is_ascii_alphanumeric()).chars().collect();
    w.len() == 2 && "A23456789TJQK".contains(w[0]) && "CDHS".contains(w[1])
}

#[test]
fn screen_reader_output_is_plain_short_and_spells_every_card() {
    let settings = [
        Rules::default(),
        Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: false },
        Rules { draw: DrawCount::One, passes: PassLimit::Limited(1), foundation_to_tableau: true },
    ];
    let mut replies = 0;
    for number in [1u128, 7, 617, 11982, 32001, 123456789] {
        for rules in settings {
            let lines = script(number, rules);
            let mut args = vec!["--screen-reader".to_string(), "--game".into(), number.to_string()];
            args.extend(["--draw".into(), rules.draw.cards().to_string(), "--passes".into(), rules.passes.to_string()]);
            if rules.foundation_to_tableau {
                args.push("--foundation-to-tableau".into());
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args, &(lines.join("\n") + "\n"));
            for c in out.chars() {
                assert!(c == '\n' || !c.is_control(), "control character {c:?} in {out}");
                assert!(!('\u{2500}'..='\u{257f}').contains(&c), "box-drawing character in {out}");
            }
            assert!(!out.contains("##"), "face-down placeholders in screen-reader output");
            // Split into replies: each starts with the echoed command.
            let mut blocks: Vec<(String, Vec<&str>)> = Vec::new();
            for line in out.lines() {
                match line.strip_prefix("> ") {
                    Some(cmd) => blocks.push((cmd.to_string(), Vec::new())),
                    None => {
                        if let Some(b) = blocks.last_mut() {
                            b.1.push(line);
                        }
                    }
                }
            }
            assert_eq!(blocks.len(), lines.len(), "one reply per command");
            for (cmd, reply) in &blocks {
                replies += 1;
                assert_eq!(reply.len(), 1, "reply to {cmd:?} is {} lines: {reply:?}", reply.len());
                let text = reply[0];
                assert!(text.len() < 400, "reply to {cmd:?} is long: {text}");
                assert_spoken_plainly(cmd, text);
                assert!(!text.split_whitespace().any(is_card_code), "a card code in the reply to {cmd:?}: {text}");
            }
        }
    }
    assert!(replies > 1000, "only {replies} replies checked");
}

/// What a screen reader would read out as a symbol, or stumble on: none of
/// it in a reply. Each sentence starts with a capital letter or a digit and
/// has at most one colon.
fn assert_spoken_plainly(cmd: &str, text: &str) {
    for symbol in ["(", ")", "[", "]", "\"", "`", ">", "--", "'", "*", "#", "/", "^"] {
        assert!(!text.contains(symbol), "{symbol} in the reply to {cmd:?}: {text}");
    }
    for sentence in text.split(". ") {
        let first = sentence.chars().next().unwrap_or('A');
        assert!(first.is_uppercase() || first.is_ascii_digit(), "sentence in lower case after {cmd:?}: {text}");
        assert!(sentence.matches(':').count() <= 1, "stacked colons after {cmd:?}: {text}");
    }
}

/// The range of game numbers is said in words, not as "2^128-1"; the
/// plain mode keeps the symbols.
#[test]
fn the_largest_game_number_is_said_in_words() {
    let out = run(&["--screen-reader", "--game", "1"], "new x1\n");
    let reply = out.split("\n> ").nth(1).and_then(|b| b.split_once('\n')).map_or("", |(_, r)| r.trim_end());
    assert_spoken_plainly("new x1", reply);
    assert!(reply.contains("from 1 to 2 to the 128th power minus 1"), "{reply}");
    let plain = run(&["--game", "1"], "new x1\n");
    assert!(plain.contains("from 1 to 2^128-1"), "{plain}");
}

/// Whole games won along the solver's line, as a blind player hears them:
/// every move said in a short plain sentence (the median at most 15 words),
/// the win said once with the score, and stuck never repeated.
#[test]
fn a_won_game_is_heard_in_short_plain_sentences() {
    for number in [1u128, 7] {
        let rules = Rules::default();
        let position = klondike::engine::game::Position::new(&Deal::for_number(
            klondike::engine::deal::GameNumber::new(number).unwrap(),
        ));
        let verdict =
            klondike::engine::solver::solve(&position, &rules, &klondike::engine::solver::Budget::states(5_000_000))
                .verdict;
        let klondike::engine::solver::Verdict::Winnable(line) = verdict else { panic!("game {number}: {verdict:?}") };
        let script: Vec<String> = line.iter().map(ToString::to_string).collect();
        let out = run(&["--screen-reader", "--game", &number.to_string()], &(script.join("\n") + "\n"));
        let replies: Vec<&str> =
            out.split("\n> ").skip(1).map(|b| b.split_once('\n').map_or("", |(_, r)| r.trim_end())).collect();
        assert_eq!(replies.len(), script.len(), "game {number}: one reply per move");
        let mut words: Vec<usize> = Vec::new();
        for (cmd, reply) in script.iter().zip(&replies) {
            assert!(!reply.starts_with("Not done"), "game {number}: {cmd} was refused: {reply}");
            assert_spoken_plainly(cmd, reply);
            words.push(reply.split_whitespace().count());
        }
        assert!(replies.last().unwrap().contains("You won in"), "game {number}: {}", replies.last().unwrap());
        assert_eq!(out.matches("You won").count(), 1, "game {number}: the win said once");
        words.sort_unstable();
        let median = words[words.len() / 2];
        // At most 16 words: a move says the card, both piles, what the
        // source pile shows now, where a card it made playable can go, and
        // the score change; the solver's lines have few draws (the shortest
        // sentences), so they are the hard case.
        assert!(median <= 16, "game {number}: median {median} words a move; {words:?}");
    }
}

/// Stuck is said once, when the game becomes stuck; a draw after that
/// says only the draw.
#[test]
fn stuck_is_said_once_when_it_happens() {
    // Some game in draw 3 with one pass is stuck within a few draws (or
    // from the deal, where the opening table says it): draw until the stock
    // runs out and count the stuck sentences.
    for number in 1..40u128 {
        let out =
            run(&["--screen-reader", "--game", &number.to_string(), "--draw", "3", "--passes", "1"], &"d\n".repeat(9));
        let stuck = out.matches("Stuck").count();
        assert!(stuck <= 1, "game {number}: stuck said {stuck} times:\n{out}");
        if stuck == 1 {
            let score = run(
                &["--screen-reader", "--game", &number.to_string(), "--draw", "3", "--passes", "1"],
                &("d\n".repeat(9) + "score\n"),
            );
            assert_eq!(score.matches("Stuck").count(), 2, "game {number}: score says stuck on request:\n{score}");
            return;
        }
    }
    panic!("no game from 1 to 39 got stuck in draw 3 with one pass");
}

#[test]
fn screen_reader_mode_is_also_switched_on_by_the_environment() {
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["--game", "1"])
        .env("KLONDIKE_SCREEN_READER", "1")
        .stdin(Stdio::piped())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("pile 1, queen of hearts;"), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(["--game", "1"])
        .env("KLONDIKE_SCREEN_READER", "0")
        .stdin(Stdio::piped())
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains("Pile 1: QH"));
}

#[test]
fn colour_only_when_asked_and_never_in_screen_reader_mode() {
    let plain = run(&["--game", "1", "--color", "auto"], "d\n");
    assert!(!plain.contains('\u{1b}'), "auto colour into a pipe");
    let forced = run(&["--game", "1", "--color", "always"], "d\n");
    assert!(forced.contains('\u{1b}'), "--color always gave no colour");
    // Colour is never the only carrier of meaning: with the colour codes
    // removed, the output is exactly the plain one.
    assert_eq!(strip_ansi(&forced), plain);
    let reader = run(&["--game", "1", "--color", "always", "--screen-reader"], "d\n");
    assert!(!reader.contains('\u{1b}'), "colour in screen-reader mode");
}

/// Removes ANSI escape sequences (ESC [ ... letter).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `review` at the prompt, heard: one short plain sentence that names the
/// move that lost the game; stuck offers it first.
#[test]
fn a_review_is_heard_in_one_short_plain_sentence() {
    // Game 1 in draw 1 with one pass, the whole stock drawn: lost on the way.
    let out = run(&["--screen-reader", "--game", "1", "--passes", "1"], &("d\n".repeat(24) + "review\n"));
    let reply = out.rsplit("> review\n").next().unwrap().trim_end();
    assert_eq!(reply.lines().count(), 1, "{reply}");
    assert_spoken_plainly("review", reply);
    assert!(reply.starts_with("Move ") && reply.contains(", d, lost the game"), "{reply}");
    assert_eq!(reply.matches(". ").count(), 0, "one sentence: {reply}");
    assert!(reply.split_whitespace().count() <= 24, "{reply}");
    // A game that gets stuck offers the review in the stuck sentence; one
    // of a deal that could never be won (the census's verdict) says that
    // instead, as review would.
    let (mut offered, mut never) = (false, false);
    for number in 1..200u128 {
        let (draw, draws) = if never { ("1", 24) } else { ("3", 9) };
        let args = ["--screen-reader", "--game", &number.to_string(), "--draw", draw, "--passes", "1"];
        let out = run(&args, &"d\n".repeat(draws));
        if let Some(stuck) = out.lines().find(|l| l.contains("Stuck") && !l.starts_with("Game")) {
            assert_spoken_plainly("d", stuck);
            if stuck.ends_with("; this deal could never be won. Type new for a new game.") {
                never = true;
            } else {
                assert!(stuck.contains("Type review to find out where it was lost"), "{stuck}");
                offered = true;
            }
        }
        if offered && never {
            return;
        }
    }
    panic!(
        "from games 1 to 199 in draw 3 with one pass: stuck after a move with review {offered}, never winnable {never}"
    );
}

/// `table` with a screen reader and the column picture asked for gives the
/// picture as the eye sees it: the words made for speech stripped its
/// lines' leading spaces, so each pile's card stood under pile 1 (helper
/// report).
#[test]
fn the_column_picture_asked_for_keeps_its_columns() {
    let spoken = run(&["--screen-reader", "--layout", "columns", "--game", "1"], "table\n");
    let plain = run(&["--layout", "columns", "--game", "1"], "table\n");
    let picture = |text: &str| -> Vec<String> {
        let from = text.find("> table\n").map(|at| at + "> table\n".len()).unwrap_or_else(|| panic!("{text}"));
        text[from..].lines().take_while(|l| !l.starts_with('>')).map(str::to_string).collect()
    };
    let (heard, seen) = (picture(&spoken), picture(&plain));
    assert!(heard.iter().any(|l| l.starts_with("     10S  ##")), "{heard:#?}");
    assert_eq!(heard, seen);
}

/// A refused command's forms are heard by their examples, not as capitals
/// standing for numbers ("t A B" was heard as "t, a, b": helper report).
#[test]
fn a_command_short_of_words_is_answered_with_examples() {
    let out = run(&["--screen-reader", "--game", "1"], "t 2\n");
    let reply = out.lines().last().unwrap_or_default();
    assert_eq!(reply, "Not done: t needs more, as in t 2 5, t 2 5 3 or t 4 f.");
}
