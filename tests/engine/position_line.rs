//! The one-line text form of a position (`Position`'s `Display` and
//! `FromStr`): every position reached by play, under every rules setting,
//! reads back equal; reading any text, and especially a valid line with a
//! few characters changed, never panics, and what it accepts writes out to
//! a line that reads back the same.

use klondike::engine::deal::Deal;
use klondike::engine::game::{Game, Position};
use klondike::engine::rules::Rules;
use proptest::prelude::*;

/// A position after up to `choices.len()` moves of random play, mostly
/// moves that make progress so that positions get varied (cards home,
/// empty piles, several passes); the position after each move is given to
/// `each`.
fn play(number: u128, rules: Rules, choices: &[u16], mut each: impl FnMut(&Position)) {
    let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(number).unwrap()), rules);
    each(game.position());
    for &choice in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[usize::from(choice) % legal.len()];
        game.play(mv).unwrap();
        each(game.position());
    }
}

fn variant() -> impl Strategy<Value = Rules> {
    (0..Rules::variants().len()).prop_map(|i| Rules::variants()[i])
}

/// The characters the line is made of, and a few that it is not.
fn edit_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec![
        ' ', ';', '/', '|', '-', '*', '0', '1', '9', 'T', 'K', 'A', 'C', 'H', 's', 'x', '\n', '\u{7}', 'é',
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn every_position_reached_by_play_reads_back_equal(
        number in 1u128..1_000_000,
        rules in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..300),
    ) {
        let mut failure = None;
        play(number, rules, &choices, |position| {
            let line = position.to_string();
            if failure.is_some() {
                return;
            }
            if line.contains('\n') {
                failure = Some(format!("not one line: {line:?}"));
            } else if line.parse::<Position>().as_ref() != Ok(position) {
                failure = Some(format!("{line} reads back as {:?}", line.parse::<Position>()));
            }
        });
        prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
    }

    #[test]
    fn a_changed_line_is_refused_or_reads_as_what_it_says(
        number in 1u128..1_000_000,
        rules in variant(),
        choices in prop::collection::vec(any::<u16>(), 0..150),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..4, edit_char()), 1..4),
    ) {
        let mut last = None;
        play(number, rules, &choices, |p| last = Some(p.clone()));
        let original = last.unwrap().to_string();
        let mut chars: Vec<char> = original.chars().collect();
        for (at, kind, c) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 if i < chars.len() => { chars.remove(i); }
                1 if i < chars.len() => chars[i] = c,
                2 if i + 1 < chars.len() => chars.swap(i, i + 1),
                _ => chars.insert(i, c),
            }
        }
        let changed: String = chars.into_iter().collect();
        match changed.parse::<Position>() {
            Ok(position) => {
                let line = position.to_string();
                prop_assert_eq!(line.parse::<Position>(), Ok(position), "{} read from {}", line, changed);
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty() && !message.contains('\n'), "{:?} for {}", message, changed);
            }
        }
    }

    #[test]
    fn any_text_is_read_without_panicking(text in "\\PC{0,200}", parts in "[a-z |/;*-]{0,120}") {
        for line in [text, parts] {
            if let Ok(position) = line.parse::<Position>() {
                prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            }
        }
    }
}
