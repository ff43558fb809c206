//! Announcements for screen-reader play: after each command, one line that
//! says what changed, instead of the whole table.
//!
//! | what happened | announcement (cards in words) |
//! |---|---|
//! | draw | `Drew 4 of hearts and jack of clubs, then 9 of spades on top, which fits pile 2. 18 in the stock.` (where the top card can go: `ready for its foundation`, `which fits piles 2 and 5`, `which fits an empty pile`; nothing when it cannot be played) |
//! | draw that empties the stock | `Drew 9 of spades. Stock empty; 1 redeal left.` (or `no redeals left`, or `the next draw turns the waste over`) |
//! | redeal | `Turned the waste over: 21 cards in the stock, pass 2 of 3.` |
//! | waste to pile | `9 of spades, waste to pile 3; 4 of hearts left on top.` |
//! | waste to foundation | `5 of hearts, waste to its foundation; waste now empty.` |
//! | pile to pile | `8 of hearts, 7 of clubs and 6 of diamonds, pile 2 to pile 5; jack of spades turned up, 2 face down.` |
//! | pile to foundation | `5 of hearts, pile 3 to its foundation; pile 3 now empty.` |
//! | foundation to pile | `5 of hearts, hearts foundation to pile 4.` |
//! | undo | `Undid: 8 of hearts back from pile 5 to pile 2; jack of spades turned face down again on pile 2.` |
//! | redo | `Redid: drew 9 of spades. 23 in the stock.` |
//!
//! A build of more than three cards is named by its ends: `King of spades
//! down to 5 of hearts, 9 cards, from pile 2 to pile 5.`
//!
//! Won and stuck are not part of these sentences: [`announce_status`] says
//! them, and the front end adds its sentence after the move's.
//!
//! Every announcement is one line with no line break. With
//! [`CardStyle::WORDS`] it holds no control characters; with a coloured
//! short style the cards carry their ANSI colour codes.

use crate::app::flow::Lost;
use crate::app::render::rows::{empty_stock, redeal_cost, EmptyStock, STUCK_WAY_ON_AT_START};
use crate::app::render::words::{capitalise, count, suit_name, CardStyle};
use crate::engine::card::Card;
use crate::engine::game::{Game, Played, Position, Status};
use crate::engine::moves::{Move, PileId};
use crate::engine::rules::{PassLimit, Rules};
use crate::engine::scoring::ScoreNow;

/// What `played` did, in one line: `before` is the position before the
/// move, `after` the game after it (for the stock, the pass and the rules).
///
/// ```
/// use klondike::engine::{deal::Deal, game::Game, moves::Move, rules::Rules};
/// use klondike::app::render::{announce::announce_move, words::CardStyle};
///
/// let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::ONE), Rules::default());
/// let before = game.position().clone();
/// let played = game.play(Move::Draw).unwrap();
/// let line = announce_move(&before, &played, &game, &CardStyle::WORDS);
/// assert!(line.starts_with("Drew "));
/// assert!(line.ends_with(" 23 in the stock."));
/// ```
pub fn announce_move(before: &Position, played: &Played, after: &Game, style: &CardStyle) -> String {
    announce_move_to(before, played, after.position(), after.rules(), ScoreNow::NONE, style, &[])
}

/// [`announce_move`] where the position after the move is not the game's
/// (autoplay moved on since): `after` is the position the move made, under
/// `rules`. A draw that empties the stock also says what the redeal it
/// leaves next costs under `scoring` ("Stock empty; the next draw turns
/// the waste over, for 100 points off.") from `score`, the scoring in
/// force and the score now; [`announce_move`] says no cost. Where a card
/// can go is not said of the cards of `gone`, which autoplay moved on
/// after the move.
pub fn announce_move_to(
    before: &Position,
    played: &Played,
    after: &Position,
    rules: &Rules,
    score: ScoreNow,
    style: &CardStyle,
    gone: &[Card],
) -> String {
    sentence(&forward(before, played, after, gone, rules, score, style))
}

/// What an undo put back, in one line starting `Undid:`: `before_undo` is
/// the position before the undo, `undone` the move that [`Game::undo`]
/// returned, `after` the game after the undo. A card that the move had
/// turned up is said to be turned face down again.
pub fn announce_undo(before_undo: &Position, undone: &Played, after: &Game, style: &CardStyle) -> String {
    // The undone move went from the position now in `after` to `before_undo`.
    let pre = after.position();
    let post = before_undo;
    let text = match undone.mv {
        Move::Draw => {
            let drawn = tail(post.waste(), undone.drawn);
            let waste = match pre.waste().last() {
                Some(&top) => format!("{} on top of the waste", style.card(top)),
                None => "waste now empty".to_string(),
            };
            format!("{} back to the stock; {waste}", style.cards(drawn))
        }
        Move::Redeal => {
            let top = match pre.waste().last() {
                Some(&top) => format!(", {} on top", style.card(top)),
                None => String::new(),
            };
            format!(
                "turned the stock back over into the waste, {}{top}; {}",
                count(pre.waste().len(), "card"),
                pass_words(pre.pass(), after.rules().passes)
            )
        }
        Move::WasteToTableau { to } => {
            let card = named(pre.waste().last(), style);
            format!("{card} back from pile {to} to the waste")
        }
        Move::WasteToFoundation => {
            let card = undone.foundation_card.or_else(|| pre.waste().last().copied());
            format!("{} back from {} to the waste", named(card.as_ref(), style), foundation(card))
        }
        Move::TableauToTableau { from, to, count } => {
            let moved = tail(pre.pile(from).face_up(), count);
            format!(
                "{} back from pile {} to pile {}{}",
                build(moved, style),
                to,
                from,
                face_down_again(undone.turned_up, from, style)
            )
        }
        Move::TableauToFoundation { from } => {
            let card = undone.foundation_card.or_else(|| pre.pile(from).top());
            format!(
                "{} back from {} to pile {}{}",
                named(card.as_ref(), style),
                foundation(card),
                from,
                face_down_again(undone.turned_up, from, style)
            )
        }
        Move::FoundationToTableau { suit, to } => {
            let card = pre.foundation_top(suit);
            format!("{} back from pile {to} to the {} foundation", named(card.as_ref(), style), suit_name(suit))
        }
    };
    format!("Undid: {text}.")
}

/// What a redo played again, in one line starting `Redid:`: `before_redo`
/// is the position before the redo, `redone` the move that [`Game::redo`]
/// returned, `after` the game after it. The rest reads as
/// [`announce_move`] does.
pub fn announce_redo(before_redo: &Position, redone: &Played, after: &Game, style: &CardStyle) -> String {
    announce_redo_to(before_redo, redone, after.position(), after.rules(), ScoreNow::NONE, style)
}

/// [`announce_redo`] where the position after the redo is not the game's
/// (the automatic moves after it were replayed too): `after` is the
/// position the redone move made, under `rules`; a redeal's cost from
/// `score` as [`announce_move_to`] gives it.
pub fn announce_redo_to(
    before_redo: &Position,
    redone: &Played,
    after: &Position,
    rules: &Rules,
    score: ScoreNow,
    style: &CardStyle,
) -> String {
    let text = forward(before_redo, redone, after, &[], rules, score, style);
    format!("Redid: {text}.")
}

/// The win in one sentence, with the score and the time where they are
/// kept, and what to type next: "You won in 97 moves, score 650, time 4
/// minutes 10 seconds. Type new for another game, restart to play it again,
/// or q to quit." `seconds` is the play time.
pub fn announce_win(moves: usize, score: Option<i64>, seconds: Option<u64>) -> String {
    let mut text = format!("You won in {}", count(moves, "move"));
    if let Some(score) = score {
        text.push_str(&format!(", score {score}"));
    }
    if let Some(s) = seconds {
        text.push_str(&format!(", time {}", duration_words(s)));
    }
    text.push_str(". Type new for another game, restart to play it again, or q to quit.");
    text
}

/// A play time in words: "45 seconds", "4 minutes 10 seconds", "1 hour 2 minutes".
pub fn duration_words(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let n = |v: u64, unit: &str| count(usize::try_from(v).unwrap_or(usize::MAX), unit);
    match (h, m, s) {
        (0, 0, s) => n(s, "second"),
        (0, m, 0) => n(m, "minute"),
        (0, m, s) => format!("{} {}", n(m, "minute"), n(s, "second")),
        (h, 0, _) => n(h, "hour"),
        (h, m, _) => format!("{} {}", n(h, "hour"), n(m, "minute")),
    }
}

/// Cards played to the foundations one after another (by autoplay, or by
/// `auto`), in one sentence without its capital: "7 of hearts, 8 of spades
/// and 9 of diamonds to their foundations; pile 2 now empty, 10 of spades
/// left on top of pile 7". Past [`NAMED_FOUNDATION_CARDS`] cards they are
/// counted, not named. `before` is the position before the first, `moves`
/// what each did, `after` the position after the last.
pub fn announce_to_foundations(before: &Position, moves: &[Played], after: &Position, style: &CardStyle) -> String {
    let cards: Vec<Card> = moves.iter().filter_map(|p| p.foundation_card).collect();
    let mut text = if cards.len() > NAMED_FOUNDATION_CARDS {
        format!("{} to their foundations", count(cards.len(), "card"))
    } else {
        format!("{} to {}", style.cards(&cards), if cards.len() == 1 { "its foundation" } else { "their foundations" })
    };
    // Where they came from, as it is now: each pile once, then the waste.
    let mut sources: Vec<Option<PileId>> = Vec::new();
    for p in moves {
        let source = match p.mv {
            Move::TableauToFoundation { from } => Some(from),
            _ => None,
        };
        if !sources.contains(&source) {
            sources.push(source);
        }
    }
    let said: Vec<String> = sources
        .iter()
        .map(|source| match *source {
            Some(pile) => {
                let turned = moves
                    .iter()
                    .filter(|p| p.mv == Move::TableauToFoundation { from: pile })
                    .filter_map(|p| p.turned_up)
                    .next_back();
                let now = after.pile(pile);
                match (turned, now.top()) {
                    (_, None) => format!("pile {pile} now empty"),
                    (Some(card), Some(top)) if card == top => match now.hidden().len() {
                        0 => format!("{} turned up on pile {pile}, none face down", style.card(card)),
                        n => format!("{} turned up on pile {pile}, {n} face down", style.card(card)),
                    },
                    (_, Some(top)) => format!("{} left on top of pile {pile}", style.card(top)),
                }
            }
            None => match after.waste().last() {
                Some(&top) if !before.waste().is_empty() => format!("{} left on top of the waste", style.card(top)),
                _ => "waste now empty".to_string(),
            },
        })
        .collect();
    // A won game has nothing left to tell of its piles.
    if !said.is_empty() && !after.is_won() {
        text.push_str("; ");
        text.push_str(&said.join(", "));
    }
    text
}

/// How many cards [`announce_to_foundations`] names; more are counted.
pub const NAMED_FOUNDATION_CARDS: usize = 6;

/// Why a stuck game is stuck, in the short form of the sentences (the
/// table's [`super::rows::STUCK_MESSAGE`] gives the long one).
pub const STUCK_WHY: &str = "no move can turn up a card or bring one into play from the stock or waste";

/// The game's status in words when it is over or can no longer be won:
/// "You won! All 52 cards are on the foundations, in 97 moves." or "Stuck:
/// no move can turn up a card or bring one into play from the stock or waste, so this game
/// can no longer be won. Type review to find out where it was lost, u to undo,
/// or new for a new game." (`lost` at the deal, with nothing to review or
/// undo: "Type new for a new game."; a deal that could never be won says
/// so instead of offering review); `None` while playing.
pub fn announce_status(game: &Game, lost: Lost) -> Option<String> {
    match game.status() {
        Status::Playing => None,
        Status::Won => {
            Some(format!("You won! All 52 cards are on the foundations, in {}.", count(game.moves_made(), "move")))
        }
        // Said once, so that each clause is news: a deal stuck before any
        // move was never "no longer" winnable, and one that could never
        // be won says so once.
        Status::Stuck => Some(match lost {
            Lost::AtDeal => format!("Stuck from the deal: {STUCK_WHY}. {STUCK_WAY_ON_AT_START}"),
            Lost::NeverWinnable => format!("Stuck: {STUCK_WHY}; this deal could never be won. {STUCK_WAY_ON_AT_START}"),
            Lost::InPlay => format!(
                "Stuck: {STUCK_WHY}, so this game can no longer be won. \
                 Type review to find out where it was lost, u to undo, or new for a new game."
            ),
        }),
    }
}

/// Where the waste's top card of `post` can be played under `rules`, as a
/// clause to follow its name: ", ready for its foundation", ", which
/// fits pile 4", ", which fits piles 2 and 5" (for a king ", which fits an
/// empty pile"), ", ready for its foundation or pile 1"; empty
/// when it cannot be played.
fn waste_top_goes(post: &Position, rules: &Rules, gone: &[Card]) -> String {
    goes(
        post,
        rules,
        gone,
        post.waste().last().copied(),
        Move::WasteToFoundation,
        |to| Move::WasteToTableau { to },
        true,
    )
}

/// Where the top card of pile `from` can be played, as [`waste_top_goes`]
/// says it of the waste's: said of a card that a move turned up, so that a
/// player who cannot see the table hears what has become playable.
fn pile_top_goes(post: &Position, rules: &Rules, gone: &[Card], from: PileId) -> String {
    // A king alone on its pile, nothing under it, gains nothing on another
    // empty pile: only where it goes up is said (it was said to fit an
    // empty pile: helper report).
    let pile = post.pile(from);
    let alone = pile.hidden().is_empty() && pile.face_up().len() == 1;
    let king = pile.top().is_some_and(|c| c.rank() == crate::engine::card::Rank::KING);
    let onto = |to| Move::TableauToTableau { from, to, count: 1 };
    goes(post, rules, gone, pile.top(), Move::TableauToFoundation { from }, onto, !(alone && king))
}

/// Where `card` can go by the move `home` or (with `to_piles`) the moves
/// `onto` a pile; nothing for a card of `gone`, which autoplay moves on at
/// once (advice for it would be out of date before it is heard).
fn goes(
    post: &Position,
    rules: &Rules,
    gone: &[Card],
    card: Option<Card>,
    home: Move,
    onto: impl Fn(PileId) -> Move,
    to_piles: bool,
) -> String {
    if card.is_some_and(|c| gone.contains(&c)) {
        return String::new();
    }
    let home = post.check(home, rules).is_ok();
    let piles: Vec<String> = PileId::ALL
        .into_iter()
        .filter(|&to| to_piles && post.check(onto(to), rules).is_ok())
        .map(|to| to.to_string())
        .collect();
    let king = card.is_some_and(|c| c.rank() == crate::engine::card::Rank::KING);
    let place = match piles.as_slice() {
        [] => None,
        // Only empty piles take a king: which one does not matter.
        [_, ..] if king => Some("an empty pile".to_string()),
        [one] => Some(format!("pile {one}")),
        [rest @ .., last] => Some(format!("piles {} and {last}", rest.join(", "))),
    };
    match (home, place) {
        (false, None) => String::new(),
        (true, None) => ", ready for its foundation".to_string(),
        (false, Some(place)) => format!(", which fits {place}"),
        (true, Some(place)) => format!(", ready for its foundation or {place}"),
    }
}

/// The move from `pre` to `post`, starting in lower case, without the final
/// full stop.
fn forward(
    pre: &Position,
    played: &Played,
    post: &Position,
    gone: &[Card],
    rules: &Rules,
    score: ScoreNow,
    style: &CardStyle,
) -> String {
    match played.mv {
        Move::Draw => {
            let drawn = tail(post.waste(), played.drawn);
            // In draw-3 the card now on top is said last, once: "drew 4 of
            // hearts and jack of clubs, then 9 of spades on top".
            let mut text = match drawn.split_last() {
                None => "drew nothing".to_string(),
                Some((&top, [])) => format!("drew {}", style.card(top)),
                Some((&top, under)) => format!("drew {}, then {} on top", style.cards(under), style.card(top)),
            };
            // Where the card now on top can go, so that a player who cannot
            // see the table need not ask after every draw.
            if !drawn.is_empty() {
                text.push_str(&waste_top_goes(post, rules, gone));
            }
            text.push_str(". ");
            text.push_str(&stock_after_draw(post, rules, score, gone));
            text
        }
        Move::Redeal => format!(
            "turned the waste over: {} in the stock, {}",
            count(post.stock_len(), "card"),
            pass_words(post.pass(), rules.passes)
        ),
        Move::WasteToTableau { to } => {
            let card = pre.waste().last();
            format!("{}, waste to pile {to}{}", named(card, style), waste_after(post, rules, gone, style))
        }
        Move::WasteToFoundation => {
            let card = played.foundation_card.or_else(|| pre.waste().last().copied());
            format!("{}, waste to its foundation{}", named(card.as_ref(), style), waste_after(post, rules, gone, style))
        }
        Move::TableauToTableau { from, to, count } => {
            let moved = build(tail(pre.pile(from).face_up(), count), style);
            // A long build's words end in a comma already.
            let sep = if moved.ends_with(',') { " " } else { ", " };
            format!(
                "{moved}{sep}pile {from} to pile {to}{}",
                uncovered(played.turned_up, post, rules, gone, from, style)
            )
        }
        Move::TableauToFoundation { from } => {
            let card = played.foundation_card.or_else(|| pre.pile(from).top());
            format!(
                "{}, pile {} to its foundation{}",
                named(card.as_ref(), style),
                from,
                uncovered(played.turned_up, post, rules, gone, from, style)
            )
        }
        Move::FoundationToTableau { suit, to } => {
            let card = pre.foundation_top(suit);
            format!("{}, {} foundation to pile {to}", named(card.as_ref(), style), suit_name(suit))
        }
    }
}

/// Capitalised, with a full stop.
fn sentence(text: &str) -> String {
    format!("{}.", capitalise(text))
}

/// The last `n` cards of `cards` (all of them when there are fewer).
fn tail(cards: &[Card], n: usize) -> &[Card] {
    &cards[cards.len().saturating_sub(n)..]
}

fn named(card: Option<&Card>, style: &CardStyle) -> String {
    card.map_or_else(|| "no card".to_string(), |&c| style.card(c))
}

/// "the hearts foundation" for the card's suit.
fn foundation(card: Option<Card>) -> String {
    card.map_or_else(|| "its foundation".to_string(), |c| format!("the {} foundation", suit_name(c.suit())))
}

/// A moved build: every card when there are at most three, otherwise its
/// ends and the count.
fn build(cards: &[Card], style: &CardStyle) -> String {
    match cards {
        [first, .., last] if cards.len() > 3 => {
            format!("{} down to {}, {},", style.card(*first), style.card(*last), count(cards.len(), "card"))
        }
        [] => "no card".to_string(),
        _ => style.cards(cards),
    }
}

/// After a move from pile `from`, what the pile shows now and what has
/// become playable: "; jack of spades turned up, which fits pile 4; 3 face
/// down", "; pile 2 now empty, a place for the king of hearts", or "; 9 of
/// clubs left on top" (", ready for its foundation" where it can go up).
fn uncovered(
    turned_up: Option<Card>,
    post: &Position,
    rules: &Rules,
    gone: &[Card],
    from: PileId,
    style: &CardStyle,
) -> String {
    let pile = post.pile(from);
    match (turned_up, pile.top()) {
        (Some(card), _) => {
            let goes = pile_top_goes(post, rules, gone, from);
            let sep = if goes.is_empty() { "," } else { ";" };
            match pile.hidden().len() {
                0 => format!("; {} turned up{goes}{sep} none face down", style.card(card)),
                n => format!("; {} turned up{goes}{sep} {n} face down", style.card(card)),
            }
        }
        (None, None) => {
            // Every king that could come, named: a listener takes the
            // sentence for the whole picture.
            let kings: Vec<String> =
                kings_for(post, rules, from).into_iter().map(|k| format!("the {}", style.card(k))).collect();
            match kings.split_last() {
                None => format!("; pile {from} now empty"),
                Some((last, [])) => format!("; pile {from} now empty, a place for {last}"),
                Some((last, rest)) => format!("; pile {from} now empty, a place for {} or {last}", rest.join(", ")),
            }
        }
        // A face-up card left on top: said where it can now go up (a
        // card that fits a pile there fitted where it lay, and the
        // sentence stays short).
        (None, Some(top)) => {
            let home = !gone.contains(&top) && post.check(Move::TableauToFoundation { from }, rules).is_ok();
            format!("; {} left on top{}", style.card(top), if home { ", ready for its foundation" } else { "" })
        }
    }
}

/// The kings that can usefully come to the empty pile `to`: the waste's
/// top, then those that lead the face-up cards of a pile with cards face
/// down under it, in pile order (a king alone on a pile gains nothing by
/// moving).
fn kings_for(post: &Position, rules: &Rules, to: PileId) -> Vec<Card> {
    let from_waste = post.waste().last().copied().filter(|_| post.check(Move::WasteToTableau { to }, rules).is_ok());
    let from_piles = PileId::ALL.into_iter().filter_map(|from| {
        let pile = post.pile(from);
        let count = pile.face_up().len();
        let legal = count > 0 && post.check(Move::TableauToTableau { from, to, count }, rules).is_ok();
        (legal && !pile.hidden().is_empty()).then(|| pile.face_up()[0])
    });
    from_waste.into_iter().chain(from_piles).collect()
}

fn face_down_again(turned_up: Option<Card>, from: PileId, style: &CardStyle) -> String {
    match turned_up {
        Some(card) => format!("; {} turned face down again on pile {from}", style.card(card)),
        None => String::new(),
    }
}

/// After a card left the waste: "; 4 of hearts left on top" (and where it
/// can go: ", which fits pile 3") or "; waste now empty".
fn waste_after(post: &Position, rules: &Rules, gone: &[Card], style: &CardStyle) -> String {
    match post.waste().last() {
        Some(&top) => format!("; {} left on top{}", style.card(top), waste_top_goes(post, rules, gone)),
        None => "; waste now empty".to_string(),
    }
}

/// After a draw: "18 in the stock." or "Stock empty; 1 redeal
/// left." / "no redeals left" / "the next draw turns the waste over", with
/// the redeal's cost under `scoring` where it has one (", for 100 points off").
/// Where autoplay then takes every waste card (all in `gone`), just "Stock
/// empty": no redeal will come, and what autoplay did follows.
fn stock_after_draw(post: &Position, rules: &Rules, score: ScoreNow, gone: &[Card]) -> String {
    match post.stock_len() {
        0 if post.waste().iter().all(|c| gone.contains(c)) => "Stock empty".to_string(),
        0 => {
            let cost = match empty_stock(post, rules, score) {
                EmptyStock::Redeal { points } => redeal_cost(points),
                EmptyStock::NothingLeft | EmptyStock::NoRedealLeft => String::new(),
            };
            let next = match rules.passes {
                PassLimit::Unlimited => "the next draw turns the waste over".to_string(),
                PassLimit::Limited(n) => match n.saturating_sub(post.pass()) {
                    0 => "no redeals left".to_string(),
                    1 => "1 redeal left".to_string(),
                    k => format!("{k} redeals left"),
                },
            };
            format!("Stock empty; {next}{cost}")
        }
        n => format!("{n} in the stock"),
    }
}

/// "pass 2 of 3", or "pass 2" when passes are unlimited.
fn pass_words(pass: u32, limit: PassLimit) -> String {
    match limit {
        PassLimit::Unlimited => format!("pass {pass}"),
        PassLimit::Limited(n) => format!("pass {pass} of {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::card::Suit;
    use crate::engine::rules::DrawCount;

    /// A position from its one-line form (described on [`Position`]); a
    /// last `*` in the stock puts every card named nowhere else there.
    fn position(line: &str) -> Position {
        line.parse().unwrap()
    }

    fn play(pos: &Position, rules: Rules, mv: Move) -> String {
        let mut game = Game::from_position(pos.clone(), rules);
        let played = game.play(mv).unwrap();
        announce_move(pos, &played, &game, &CardStyle::WORDS)
    }

    #[test]
    fn pile_to_pile_with_turn_up_and_its_undo() {
        let pos = position(
            "tableau - / JS | 8H 7C 6D / - / - / | 9C / - / - ; stock * ; waste - ; foundations - - - - ; pass 1",
        );
        let mv = Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[4], count: 3 };
        assert_eq!(
            play(&pos, Rules::default(), mv),
            "8 of hearts, 7 of clubs and 6 of diamonds, pile 2 to pile 5; jack of spades turned up, none face down."
        );
        let mut game = Game::from_position(pos.clone(), Rules::default());
        game.play(mv).unwrap();
        let before_undo = game.position().clone();
        let undone = game.undo().unwrap();
        assert_eq!(
            announce_undo(&before_undo, &undone, &game, &CardStyle::WORDS),
            "Undid: 8 of hearts, 7 of clubs and 6 of diamonds back from pile 5 to pile 2; jack of spades turned face down again on pile 2."
        );
        let before_redo = game.position().clone();
        let redone = game.redo().unwrap();
        assert_eq!(
            announce_redo(&before_redo, &redone, &game, &CardStyle::WORDS),
            "Redid: 8 of hearts, 7 of clubs and 6 of diamonds, pile 2 to pile 5; jack of spades turned up, none face down."
        );
    }

    #[test]
    fn a_move_says_where_the_card_it_made_playable_can_go() {
        let rules = Rules::default();
        // A card turned up that fits a pile, and one ready for its foundation.
        let pos = position(
            "tableau - / 9H | 8C / | 9D / | TC / - / - / - ; stock * ; waste - ; foundations - - - - ; pass 1",
        );
        let mv = Move::TableauToTableau { from: PileId::ALL[1], to: PileId::ALL[2], count: 1 };
        assert_eq!(
            play(&pos, rules, mv),
            "8 of clubs, pile 2 to pile 3; 9 of hearts turned up, which fits pile 4; none face down."
        );
        let pos =
            position("tableau - / AH | 5C / - / - / - / - / - ; stock * ; waste - ; foundations 4C - - - ; pass 1");
        let mv = Move::TableauToFoundation { from: PileId::ALL[1] };
        assert_eq!(
            play(&pos, rules, mv),
            "5 of clubs, pile 2 to its foundation; ace of hearts turned up, ready for its foundation; none face down."
        );
        // A pile emptied while a king waits: on the waste, or over cards face down.
        let pos =
            position("tableau | KH / | 5C / - / - / - / - / - ; stock * ; waste KD ; foundations 4C - - - ; pass 1");
        let empties = Move::TableauToFoundation { from: PileId::ALL[1] };
        assert_eq!(
            play(&pos, rules, empties),
            "5 of clubs, pile 2 to its foundation; pile 2 now empty, a place for the king of diamonds."
        );
        let pos =
            position("tableau 9S | KH / | 5C / - / - / - / - / - ; stock * ; waste 3S ; foundations 4C - - - ; pass 1");
        assert_eq!(
            play(&pos, rules, empties),
            "5 of clubs, pile 2 to its foundation; pile 2 now empty, a place for the king of hearts."
        );
        // Every king that could come is named, not the first alone.
        let pos = position(
            "tableau 9S | KH / | 5C / 8D | KC / - / - / - / - ; stock * ; waste KD ; foundations 4C - - - ; pass 1",
        );
        assert_eq!(
            play(&pos, rules, empties),
            "5 of clubs, pile 2 to its foundation; pile 2 now empty, a place for the king of diamonds, the king of hearts or the king of clubs."
        );
        // A king alone on its pile gains nothing by moving: no place is named.
        let pos =
            position("tableau | KH / | 5C / - / - / - / - / - ; stock * ; waste 3S ; foundations 4C - - - ; pass 1");
        assert_eq!(play(&pos, rules, empties), "5 of clubs, pile 2 to its foundation; pile 2 now empty.");
        // The waste's new top card, and where it goes.
        let pos =
            position("tableau | 4H / | KS / - / - / - / - / - ; stock * ; waste 3S QH ; foundations - - - - ; pass 1");
        let mv = Move::WasteToTableau { to: PileId::ALL[1] };
        assert_eq!(
            play(&pos, rules, mv),
            "Queen of hearts, waste to pile 2; 3 of spades left on top, which fits pile 1."
        );
    }

    #[test]
    fn long_builds_are_named_by_their_ends() {
        let pos = position(
            "tableau 3C | KS QH JC TD 9S / - / - / - / - / - / - ; stock * ; waste - ; foundations - - - - ; pass 1",
        );
        let mv = Move::TableauToTableau { from: PileId::ALL[0], to: PileId::ALL[3], count: 5 };
        assert_eq!(
            play(&pos, Rules::default(), mv),
            "King of spades down to 9 of spades, 5 cards, pile 1 to pile 4; 3 of clubs turned up, none face down."
        );
    }

    #[test]
    fn draws_say_the_cards_the_top_and_the_stock() {
        let pos =
            position("tableau - / - / - / - / - / - / - ; stock 4H JC 9S * ; waste - ; foundations - - - - ; pass 1");
        let three = Rules { draw: DrawCount::Three, ..Rules::default() };
        assert_eq!(
            play(&pos, three, Move::Draw),
            "Drew 4 of hearts and jack of clubs, then 9 of spades on top. 49 in the stock."
        );
        assert_eq!(play(&pos, Rules::default(), Move::Draw), "Drew 4 of hearts. 51 in the stock.");
    }

    #[test]
    fn a_draw_that_empties_the_stock_says_what_comes_next() {
        // Everything but the 9 of spades is on the foundations or the tableau.
        let mut pos =
            position("tableau - / - / - / - / - / - / - ; stock * ; waste - ; foundations KC KD KH 8S ; pass 1");
        // The stock now holds 9S..KS; draw all but the last.
        let rules = |passes| Rules { passes, ..Rules::default() };
        let mut game = Game::from_position(pos.clone(), rules(PassLimit::Unlimited));
        for _ in 0..4 {
            game.play(Move::Draw).unwrap();
        }
        pos = game.position().clone();
        let last = pos.stock().last().map(|&k| crate::app::render::words::card_name(k)).unwrap();
        assert_eq!(
            play(&pos, rules(PassLimit::Unlimited), Move::Draw),
            format!("Drew {last}, which fits an empty pile. Stock empty; the next draw turns the waste over.")
        );
        assert_eq!(
            play(&pos, rules(PassLimit::Limited(2)), Move::Draw),
            format!("Drew {last}, which fits an empty pile. Stock empty; 1 redeal left.")
        );
        assert_eq!(
            play(&pos, rules(PassLimit::Limited(3)), Move::Draw),
            format!("Drew {last}, which fits an empty pile. Stock empty; 2 redeals left.")
        );
        assert_eq!(
            play(&pos, rules(PassLimit::Limited(1)), Move::Draw),
            format!("Drew {last}, which fits an empty pile. Stock empty; no redeals left.")
        );
    }

    #[test]
    fn redeal_and_its_undo() {
        let pos =
            position("tableau - / - / - / - / - / - / - ; stock - ; waste JS QS KS ; foundations KC KD KH TS ; pass 1");
        let rules = Rules { passes: PassLimit::Limited(3), ..Rules::default() };
        assert_eq!(play(&pos, rules, Move::Redeal), "Turned the waste over: 3 cards in the stock, pass 2 of 3.");
        assert_eq!(play(&pos, Rules::default(), Move::Redeal), "Turned the waste over: 3 cards in the stock, pass 2.");
        let mut game = Game::from_position(pos, rules);
        game.play(Move::Redeal).unwrap();
        let before = game.position().clone();
        let undone = game.undo().unwrap();
        assert_eq!(
            announce_undo(&before, &undone, &game, &CardStyle::WORDS),
            "Undid: turned the stock back over into the waste, 3 cards, king of spades on top; pass 1 of 3."
        );
    }

    /// A king turned up alone on its pile is not said to fit an empty pile:
    /// moving it there changes nothing (helper report).
    #[test]
    fn a_king_turned_up_alone_is_not_said_to_fit_an_empty_pile() {
        let pos =
            position("tableau KC | QD / | KS / - / - / - / - / - ; stock * ; waste - ; foundations - - - - ; pass 1");
        assert_eq!(
            play(&pos, Rules::default(), Move::TableauToTableau { from: PileId::ALL[0], to: PileId::ALL[1], count: 1 }),
            "Queen of diamonds, pile 1 to pile 2; king of clubs turned up, none face down."
        );
    }

    /// A face-up card left on top of a pile is said ready for its
    /// foundation where it can go up (it was said bare, though `moves`
    /// then gave its move first: helper report).
    #[test]
    fn a_card_left_on_top_of_a_pile_is_said_ready_for_its_foundation() {
        let pos =
            position("tableau | 3S 2H / | 3C / - / - / - / - / - ; stock * ; waste - ; foundations - - AH 2S ; pass 1");
        assert_eq!(
            play(&pos, Rules::default(), Move::TableauToFoundation { from: PileId::ALL[0] }),
            "2 of hearts, pile 1 to its foundation; 3 of spades left on top, ready for its foundation."
        );
        let pos =
            position("tableau | 3S 2H / | 3C / - / - / - / - / - ; stock * ; waste - ; foundations - - AH - ; pass 1");
        assert_eq!(
            play(&pos, Rules::default(), Move::TableauToFoundation { from: PileId::ALL[0] }),
            "2 of hearts, pile 1 to its foundation; 3 of spades left on top."
        );
    }

    #[test]
    fn waste_and_foundation_moves() {
        let pos =
            position("tableau - / - / | TH / - / - / - / - ; stock * ; waste 4S 5H 9S ; foundations - - 4H - ; pass 1");
        assert_eq!(
            play(&pos, Rules::default(), Move::WasteToTableau { to: PileId::ALL[2] }),
            "9 of spades, waste to pile 3; 5 of hearts left on top, ready for its foundation."
        );
        let mut game = Game::from_position(pos, Rules::default());
        game.play(Move::WasteToTableau { to: PileId::ALL[2] }).unwrap();
        let pos = game.position().clone();
        assert_eq!(
            play(&pos, Rules::default(), Move::WasteToFoundation),
            "5 of hearts, waste to its foundation; 4 of spades left on top."
        );
        let f2t = Rules { foundation_to_tableau: true, ..Rules::default() };
        let pos = position("tableau - / - / | 6C / - / - / - / - ; stock * ; waste - ; foundations - - 5H - ; pass 1");
        assert_eq!(
            play(&pos, f2t, Move::FoundationToTableau { suit: Suit::Hearts, to: PileId::ALL[2] }),
            "5 of hearts, hearts foundation to pile 3."
        );
        let pos = position("tableau - / - / | 6H / - / - / - / - ; stock * ; waste - ; foundations - - 5H - ; pass 1");
        assert_eq!(
            play(&pos, Rules::default(), Move::TableauToFoundation { from: PileId::ALL[2] }),
            "6 of hearts, pile 3 to its foundation; pile 3 now empty."
        );
    }

    #[test]
    fn status_in_words() {
        let won = Game::from_position(
            position("tableau - / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH KS ; pass 1"),
            Rules::default(),
        );
        assert_eq!(
            announce_status(&won, Lost::InPlay).unwrap(),
            "You won! All 52 cards are on the foundations, in 0 moves."
        );
        let game =
            Game::new(&crate::engine::deal::Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default());
        assert_eq!(announce_status(&game, Lost::InPlay), None);
    }
}
