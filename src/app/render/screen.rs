//! What a sighted player or a screen reader gets of a game in progress
//! ([`Play`]): the whole table in the layout chosen, with the score and
//! the clock; a game's opening; what is shown after a change; the answers
//! to `score` and `moves`; the win. Pure functions: the front end passes
//! the play time it measured.

use crate::app::flow::Lost;
use crate::app::play::{Mover, Origin, Play};
use crate::app::render::announce::{announce_status, announce_win, duration_words};
use crate::app::render::columns::{columns, ColumnsView};
use crate::app::render::list::list_scored;
use crate::app::render::query::{
    describe_legal_moves, describe_stock, describe_tops, ranked_legal_moves, short_command,
};
use crate::app::render::rows::{table_with_status, Around};
use crate::app::render::words::{capitalise, count, lower_first, CardStyle};
use crate::engine::card::Card;
use crate::engine::game::{CardPlace, Game, Position, Status};
use crate::engine::moves::{Move, PileId};
use crate::engine::scoring::Scoring;

/// How the whole table is drawn. In the settings file it is `columns`,
/// `rows` or `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// The seven piles as columns cascading down ([`columns`]).
    Columns,
    /// Card codes, one pile per line ([`table_with_status`]).
    Rows,
    /// One pile per line in words ([`list_scored`]).
    List,
}

/// One showing of a game in progress: the session's view (its layout, card
/// style and mode) with what belongs to the moment (the clock, the marks of
/// the last move).
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    /// The layout of the whole table.
    pub layout: Layout,
    /// How cards are written.
    pub style: &'a CardStyle,
    /// The play time so far in seconds, where time is kept (shown as a clock).
    pub clock: Option<u64>,
    /// Where the cards the last change moved are marked.
    pub mark: Marks,
    /// One sentence per change, for a screen reader, instead of the table.
    pub screen_reader: bool,
}

/// Where a table marks the cards the last change moved (`*`, and bold
/// with colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marks {
    /// Nowhere (scripts; a screen reader).
    None,
    /// In the column picture only: with colour in a script, whose rows
    /// stay as they are without it.
    Columns,
    /// In the column picture and the rows (a terminal too narrow for the
    /// columns gets the rows).
    All,
}

/// The game's title: "Game 7", or "Custom deal".
pub fn title(origin: Origin) -> String {
    match origin {
        Origin::Number(n) => format!("Game {n}"),
        Origin::Custom => "Custom deal".to_string(),
    }
}

/// "Time 3:12": `seconds` of play as minutes and seconds.
pub fn clock(seconds: u64) -> String {
    format!("Time {}:{:02}", seconds / 60, seconds % 60)
}

/// Where `play`, if stuck, was lost (see [`crate::app::flow::lost_where`]):
/// asked only of a stuck game, the only one whose way on it changes.
fn lost(play: &Play) -> Lost {
    if play.status() == Status::Stuck {
        crate::app::flow::lost_where(play)
    } else {
        Lost::InPlay
    }
}

/// The whole table in `look`'s layout, with the score (and the clock where
/// time is kept).
pub fn whole_table(play: &Play, look: &Frame) -> String {
    let game = play.game();
    let title = title(play.origin());
    let clock = look.clock.map(clock);
    // The score is part of the table in rows and in the list, after the
    // piles (before the sentence that says the game is won or stuck).
    let score = match play.scoring() {
        Scoring::None => String::new(),
        Scoring::Standard => format!("Score: {}\n", score_words(play)),
        Scoring::Vegas => format!("Score: {} (Vegas)\n", play.score()),
    };
    match look.layout {
        Layout::Rows => {
            // The clock on the table's second line.
            let status = clock.map(|c| format!("   {c}")).unwrap_or_default();
            let marked = if look.mark == Marks::All { changed_cards(play) } else { Vec::new() };
            let around = Around { status: &status, footer: &score, lost: lost(play), marked: &marked };
            table_with_status(game, &title, look.style, play.score_now(), &around)
        }
        Layout::Columns => {
            // The score and the clock on the status line: "Score 30   Time 3:12".
            let mut parts = Vec::new();
            match play.scoring() {
                Scoring::None => {}
                // Short, to keep the status line within the picture's
                // width: "Score 20615 (bonus 20000)".
                Scoring::Standard => parts.push(match play.time_bonus() {
                    Some(bonus) if bonus > 0 => format!("Score {} (bonus {bonus})", play.score() + bonus),
                    _ => format!("Score {}", play.score()),
                }),
                Scoring::Vegas => parts.push(format!("Score {} Vegas", play.score())),
            }
            parts.extend(clock);
            let marked = if look.mark != Marks::None { changed_cards(play) } else { Vec::new() };
            let view = ColumnsView {
                title: &title,
                status: &parts.join("   "),
                style: look.style,
                score: play.score_now(),
                marked: &marked,
                lost: lost(play),
            };
            columns(game, &view)
        }
        Layout::List => list_scored(game, &title, look.style, play.score_now(), &score, lost(play)),
    }
}

/// The cards the last change moved, to mark them in the column layout: an
/// undo's cards where it put them back, or the last turn's (the player's
/// move and autoplay's after it: moved, drawn, turned up).
fn changed_cards(play: &Play) -> Vec<Card> {
    let game = play.game();
    let pos = game.position();
    let top_of = |cards: &[Card], n: usize| cards[cards.len().saturating_sub(n)..].to_vec();
    if let Some(undone) = play.last_undone() {
        return match undone.mv {
            // Drawn cards went back into the stock, which shows none.
            Move::Draw | Move::Redeal => Vec::new(),
            Move::WasteToTableau { .. } | Move::WasteToFoundation => top_of(pos.waste(), 1),
            Move::TableauToTableau { from, count, .. } => top_of(pos.pile(from).face_up(), count),
            Move::TableauToFoundation { from } => top_of(pos.pile(from).face_up(), 1),
            Move::FoundationToTableau { suit, .. } => pos.foundation_top(suit).into_iter().collect(),
        };
    }
    // The player's last move and autoplay's after it are one turn (one u
    // takes them all back): every card whose place the turn changed (moved,
    // drawn, turned up).
    let movers = play.movers();
    let turn = movers.iter().rposition(|&m| m == Mover::Player).map_or(movers.len(), |i| movers.len() - i);
    let mut before = game.clone();
    for _ in 0..turn {
        if before.undo().is_err() {
            break;
        }
    }
    let before = before.position();
    Card::deck()
        .filter(|&card| {
            let now = seen_at(pos, card);
            now.is_some() && now != seen_at(before, card)
        })
        .collect()
}

/// Where a player sees `card` in `pos`: on which pile, in the waste, or
/// on its foundation; `None` face down or in the stock.
fn seen_at(pos: &Position, card: Card) -> Option<Seen> {
    match pos.locate(card) {
        CardPlace::Tableau { pile, .. } => Some(Seen::Pile(pile)),
        CardPlace::Waste { .. } => Some(Seen::Waste),
        CardPlace::Foundation { .. } => Some(Seen::Foundation),
        CardPlace::Hidden => None,
    }
}

/// A place where a card shows ([`seen_at`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    Pile(PileId),
    Waste,
    Foundation,
}

/// The standard score, with the time bonus of a timed win spelled out.
fn score_words(play: &Play) -> String {
    let score = play.score();
    match play.time_bonus() {
        Some(bonus) if bonus > 0 => format!("{score}, and a time bonus of {bonus} makes {}", score + bonus),
        _ => score.to_string(),
    }
}

/// A game's opening: the whole table; for a screen reader, the title line,
/// what autoplay did at the deal (`note`), the stock and the top card of
/// every pile (`table` reads all of it), and the status where the game is
/// over or stuck.
pub fn opening(play: &Play, look: &Frame, note: Option<&str>) -> String {
    let table = whole_table(play, look);
    if !look.screen_reader {
        return table;
    }
    let game = play.game();
    // The list layout's first line, whatever the layout of `table`: the
    // deal, its rules and the moves made, in one sentence.
    let listed = list_scored(game, &title(play.origin()), look.style, play.score_now(), "", lost(play));
    let title = listed.lines().next().unwrap_or_default();
    // What autoplay did comes before the tops it made.
    let note = note.map(|n| format!(" {n}")).unwrap_or_default();
    let stock = describe_stock(game, play.score_now());
    let stock = stock.split(". ").next().unwrap_or_default().trim_end_matches('.');
    let mut text = format!("{title}{note} {stock}. {}", describe_tops(game, look.style));
    if let Some(status) = (play.status() != Status::Playing).then(|| announce_status(game, lost(play))).flatten() {
        text = format!("{text} {status}");
    }
    text.push('\n');
    text
}

/// What is shown after a change: for a screen reader `sentence` (what the
/// change did), then the win, or the news that the game is stuck; for the
/// eye, the whole table, then `note` (what an undo or redo did, if not
/// empty: the table alone does not show it). `finish`: say that every
/// card is face up and `auto` finishes; `again`: after a win, ask for
/// another game (after the note, which says the move that won).
pub fn after_change(
    play: &Play,
    look: &Frame,
    sentence: &str,
    note: &str,
    stuck_news: bool,
    finish: bool,
    again: bool,
) -> String {
    let won = play.status() == Status::Won;
    if look.screen_reader {
        let mut line = sentence.to_string();
        if won {
            line = format!("{line} {}", win_sentence(play, look.clock));
        } else if stuck_news {
            if let Some(status) = announce_status(play.game(), lost(play)) {
                line = format!("{line} {status}");
            }
        }
        if finish {
            line = format!("{line} {FINISH}");
        }
        line.push('\n');
        line
    } else {
        let mut text = whole_table(play, look);
        if !note.is_empty() {
            text.push_str(note);
            text.push('\n');
        }
        if finish {
            text.push_str(&format!("{FINISH}\n"));
        }
        if won && again {
            text.push_str("Play again? Type new for another game, restart for this deal again, or q to quit.\n");
        }
        text
    }
}

/// The win, with the score (the time bonus included) and the play time
/// `seconds` where they are kept.
pub fn win_sentence(play: &Play, seconds: Option<u64>) -> String {
    let score = match play.scoring() {
        Scoring::None => None,
        Scoring::Standard => Some(play.score() + play.time_bonus().unwrap_or(0)),
        Scoring::Vegas => Some(play.score()),
    };
    announce_win(play.game().moves_made(), score, seconds)
}

/// The answer to `score`: moves made, cards home, the score under the
/// scoring in force, the play time `seconds` where it is kept (the table's
/// clock, which a screen reader does not read), and the status where the
/// game is stuck.
pub fn score_answer(play: &Play, seconds: Option<u64>) -> String {
    let n = play.game().moves_made();
    let score = match play.scoring() {
        Scoring::None => "No scoring is kept.".to_string(),
        Scoring::Standard => format!("Score {} (standard scoring).", score_words(play)),
        Scoring::Vegas => format!("Score {} (Vegas scoring).", play.score()),
    };
    // Stuck is said in full once when it happens; here, that it is, and
    // the way on.
    let status = match play.status() {
        Status::Stuck => {
            format!(" Stuck: {}", lower_first(super::rows::way_on(lost(play))))
        }
        _ => String::new(),
    };
    let time = seconds.map(|s| format!(" Played for {}.", duration_words(s))).unwrap_or_default();
    format!(
        "{} made; {} on the foundations. {score}{time}{status}",
        count(n, "move"),
        count(play.game().position().foundation_count(), "card")
    )
}

/// Said where every card is face up and `auto` finishes the game.
const FINISH: &str = "Every card is face up: type auto to finish.";

/// The answer to `moves` (the useful moves, ranked) or, with `all`, to
/// `moves all` (every legal move): a count, then one move a line; for a
/// screen reader, sentences that start with the words.
pub fn moves_answer(game: &Game, style: &CardStyle, all: bool, screen_reader: bool) -> String {
    // A won game takes no move (with foundation-to-tableau on, the moves
    // down from the foundations were listed, and each refused).
    if game.status() == Status::Won {
        return "The game is won: there are no moves left to make.".to_string();
    }
    // Every card face up: `auto` is the one move worth naming (the moves
    // down from the foundations to each empty pile were listed as useful,
    // and auto not named: helper report); `moves all` still lists them.
    if !all && crate::engine::autoplay::can_auto_finish(game.position()) {
        return FINISH.to_string();
    }
    let moves = if all { describe_legal_moves(game, style) } else { ranked_legal_moves(game, style) };
    let kind = if all { "legal" } else { "useful" };
    let n = moves.len();
    let legal = if all { n } else { describe_legal_moves(game, style).len() };
    if legal == 0 {
        // With the way on (it said no more: helper report).
        return if game.moves_made() > 0 {
            "No legal move: type u to undo, or new for a new game.".to_string()
        } else {
            "No legal move: type new for a new game.".to_string()
        };
    }
    let mut text = format!("{}:", count(n, &format!("{kind} move")));
    if !all && n < legal {
        text = match n {
            0 => "No useful move; type moves all for every legal move.".to_string(),
            n => format!("{}; type moves all for every legal move:", count(n, "useful move")),
        };
    }
    for (mv, words) in moves {
        if screen_reader {
            // A sentence that starts with its words, not a code, and the
            // command heard as briefly as it can be typed.
            text.push_str(&format!("\n{}; type {}.", capitalise(&words), short_command(mv)));
        } else {
            text.push_str(&format!("\n  {mv}: {words}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::MoveCommand;
    use crate::app::play::Action;
    use crate::engine::deal::{Deal, GameNumber};
    use crate::engine::moves::PileId;
    use crate::engine::rules::{DrawCount, PassLimit, Rules};

    fn game_1(scoring: Scoring) -> Play {
        Play::new(
            Deal::for_number(crate::engine::deal::GameNumber::ONE),
            Origin::Number(GameNumber::new(1).unwrap()),
            Rules::default(),
            scoring,
            false,
        )
    }

    fn frame(layout: Layout, clock: Option<u64>) -> Frame<'static> {
        Frame { layout, style: &CardStyle::PLAIN, clock, mark: Marks::None, screen_reader: false }
    }

    #[test]
    fn the_marks_follow_the_last_change_an_undo_included() {
        let mut play = game_1(Scoring::None);
        let card = |code: &str| code.parse::<Card>().unwrap();
        let up = |play: &mut Play, pile: usize| {
            play.apply(Action::Move(MoveCommand::TableauToFoundation(PileId::ALL[pile])), None).unwrap()
        };
        // Game 1: the ace of hearts tops pile 6, the ace of spades pile 7.
        up(&mut play, 5);
        up(&mut play, 6);
        let marked = changed_cards(&play);
        assert!(marked.contains(&card("AS")) && !marked.contains(&card("AH")), "{marked:?}");
        // Undone: the ace of spades is back on pile 7, and it is what is marked.
        play.apply(Action::Undo, None).unwrap();
        assert_eq!(changed_cards(&play), [card("AS")]);
        // Any other change marks its own cards again.
        play.apply(Action::Move(MoveCommand::Draw), None).unwrap();
        assert_eq!(changed_cards(&play), [card("4H")]);
    }

    /// The rows a terminal too narrow for the columns gets mark the last
    /// change's cards as the columns do (they marked none: helper report);
    /// not in scripts, where only colour marks the column picture.
    #[test]
    fn the_rows_mark_the_last_change_where_the_columns_would() {
        let mut play = game_1(Scoring::None);
        let up = |play: &mut Play, pile: usize| {
            play.apply(Action::Move(MoveCommand::TableauToFoundation(PileId::ALL[pile])), None).unwrap()
        };
        up(&mut play, 5);
        up(&mut play, 6);
        let marked = Frame { mark: Marks::All, ..frame(Layout::Rows, None) };
        let rows = whole_table(&play, &marked);
        assert!(rows.contains("Foundations: C --  D --  H AH  S AS*\n"), "{rows}");
        assert!(rows.contains("Pile 7: ## ## ## ## ## JS*\n"), "{rows}");
        assert_eq!(rows.matches('*').count(), 2, "{rows}");
        for unmarked in [frame(Layout::Rows, None), Frame { mark: Marks::Columns, ..marked }] {
            let rows = whole_table(&play, &unmarked);
            assert!(!rows.contains('*') && rows.contains("S AS\n"), "{rows}");
        }
    }

    /// With autoplay, the player's move and autoplay's after it are one
    /// turn: the marks are every card it moved, drawn or turned up, the
    /// player's own card among them (only autoplay's last move was marked).
    #[test]
    fn the_marks_take_in_autoplays_moves_after_the_players() {
        let mut turns = 0;
        for n in 1..=200u128 {
            let number = GameNumber::new(n).unwrap();
            let mut start =
                Play::new(Deal::for_number(number), Origin::Number(number), Rules::default(), Scoring::None, true);
            start.apply(Action::Autoplay, None).unwrap();
            for mv in start.game().legal_moves() {
                let mut play = start.clone();
                let before = play.game().position().clone();
                if play.apply(Action::Move(MoveCommand::from(mv)), None).is_err() {
                    continue;
                }
                let made = play.game().moves_made() - start.game().moves_made();
                let Some(card) = crate::engine::hint::moved_card(&before, mv) else { continue };
                if made < 2 || mv == Move::Draw {
                    continue;
                }
                turns += 1;
                let marked = changed_cards(&play);
                let shows = !matches!(play.game().position().locate(card), CardPlace::Hidden);
                assert!(!shows || marked.contains(&card), "game {n}, {mv}: {card} not among {marked:?}");
                // Autoplay's last card is marked too, as before.
                let last = play.game().last_move().unwrap();
                assert!(last.foundation_card.is_none_or(|c| marked.contains(&c)), "game {n}, {mv}: {marked:?}");
            }
        }
        assert!(turns > 5, "{turns} turns with autoplay's moves after the player's");
    }

    #[test]
    fn the_table_carries_the_score_and_the_clock() {
        let mut play = game_1(Scoring::Standard);
        // Game 1: the ace of spades tops pile 7.
        play.apply(Action::Move(MoveCommand::TableauToFoundation(PileId::ALL[6])), None).unwrap();
        let rows = whole_table(&play, &frame(Layout::Rows, Some(192)));
        assert!(rows.starts_with("Game 1"), "{rows}");
        assert!(rows.contains("Time 3:12"), "{rows}");
        assert!(rows.ends_with("Score: 15\n"), "{rows}");
        let vegas = whole_table(&game_1(Scoring::Vegas), &frame(Layout::List, None));
        assert!(vegas.ends_with("Score: -52 (Vegas)\n"), "{vegas}");
        assert!(!whole_table(&game_1(Scoring::None), &frame(Layout::Rows, None)).contains("Score"));
        let picture = whole_table(&play, &frame(Layout::Columns, Some(5)));
        assert!(picture.contains("Score 15   Time 0:05"), "{picture}");
    }

    /// A timed win's score in the picture is short, so that its status line
    /// fits the picture's width: "Score 7330 (bonus 7000)".
    #[test]
    fn a_timed_wins_score_fits_the_status_line() {
        let deal: Deal = crate::app::play::tests::EASY.parse().unwrap();
        let mut play = Play::new(deal, Origin::Custom, Rules::default(), Scoring::Standard, false);
        for line in crate::app::play::tests::easy_win() {
            let Ok(crate::app::command::Command::Move(m)) = line.parse() else { panic!("{line}") };
            play.apply(Action::Move(m), Some(std::time::Duration::from_secs(100))).unwrap();
        }
        assert_eq!(play.time_bonus(), Some(7000));
        let picture = whole_table(&play, &frame(Layout::Columns, Some(100)));
        let status = picture.lines().nth(1).unwrap();
        assert!(status.contains(&format!("Score {} (bonus 7000)   Time 1:40", play.score() + 7000)), "{picture}");
        assert!(status.chars().count() <= 60, "{status}");
    }

    /// With every card face up, `moves` names `auto` (it listed moves down
    /// from the foundations to each empty pile: helper report).
    #[test]
    fn moves_with_every_card_face_up_names_auto() {
        let end: crate::engine::game::Position =
            "tableau | KH / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD QH KS ; pass 1"
                .parse()
                .unwrap();
        let rules = Rules { foundation_to_tableau: true, ..Rules::default() };
        let game = Game::from_position(end, rules);
        assert_eq!(moves_answer(&game, &CardStyle::WORDS, false, true), FINISH);
        assert!(moves_answer(&game, &CardStyle::WORDS, true, false).contains("legal move"));
    }

    /// With no legal move, `moves` says the way on (it said no more:
    /// helper report).
    #[test]
    fn moves_with_no_legal_move_says_the_way_on() {
        let none: crate::engine::game::Position = "tableau AC 3C 5C 6C 7C 8C 9C | 2C / TC JC QC KC AD 3D 5D | 2D / \
             6D 7D 8D 9D TD JD QD | 2H / KD AH 3H 5H 6H 7H | 2S / 8H 9H TH JH QH KH | 4C / AS 3S 4S 5S 6S 7S | 4D / \
             8S 9S TS JS QS KS | 4H ; stock - ; waste - ; foundations - - - - ; pass 1"
            .parse()
            .unwrap();
        let game = Game::from_position(none, Rules::default());
        assert!(game.legal_moves().is_empty());
        assert_eq!(moves_answer(&game, &CardStyle::WORDS, false, true), "No legal move: type new for a new game.");
    }

    /// A won game takes no move, even where foundation-to-tableau moves
    /// are legal in the engine's terms (they were listed: helper report).
    #[test]
    fn a_won_game_has_no_moves_to_list() {
        let won: crate::engine::game::Position =
            "tableau - / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH KS ; pass 1".parse().unwrap();
        let rules = Rules { foundation_to_tableau: true, ..Rules::default() };
        let game = Game::from_position(won, rules);
        for (all, screen_reader) in [(false, false), (true, false), (false, true)] {
            assert_eq!(
                moves_answer(&game, &CardStyle::WORDS, all, screen_reader),
                "The game is won: there are no moves left to make."
            );
        }
    }

    #[test]
    fn score_and_moves_answers() {
        let mut play = game_1(Scoring::Standard);
        assert_eq!(score_answer(&play, None), "0 moves made; 0 cards on the foundations. Score 0 (standard scoring).");
        play.apply(Action::Move(MoveCommand::TableauToFoundation(PileId::ALL[6])), None).unwrap();
        assert_eq!(score_answer(&play, None), "1 move made; 1 card on the foundations. Score 15 (standard scoring).");
        // Timed, it says how long the game has been played: the clock a
        // screen reader does not read off the table.
        assert_eq!(
            score_answer(&play, Some(250)),
            "1 move made; 1 card on the foundations. Score 15 (standard scoring). Played for 4 minutes 10 seconds."
        );
        // Stuck: said so with the way on, not the whole stuck sentence
        // again (draw-3 game 10 with one pass is stuck at the deal).
        let rules = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), ..Rules::default() };
        let number = GameNumber::new(10).unwrap();
        let stuck = Play::new(Deal::for_number(number), Origin::Number(number), rules, Scoring::Standard, false);
        assert_eq!(
            score_answer(&stuck, None),
            "0 moves made; 0 cards on the foundations. Score 0 (standard scoring). Stuck: type new for a new game."
        );
        let all = moves_answer(play.game(), &CardStyle::PLAIN, true, false);
        let n = play.game().legal_moves().len();
        assert!(all.starts_with(&format!("{n} legal moves:")), "{all}");
        assert_eq!(all.lines().count(), n + 1);
        let spoken = moves_answer(play.game(), &CardStyle::WORDS, true, true);
        assert!(spoken.lines().skip(1).all(|l| l.ends_with('.') && l.contains("; type ")), "{spoken}");
    }
}
