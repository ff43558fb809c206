//! What the engine's errors say: a [`MoveError`] (which card, which pile,
//! which rule), a [`CommandError`] (which word, and what to type), a
//! [`SetupError`] (cards that make no position) and a [`HistoryError`]
//! (nothing to undo or redo) in words. The engine keeps them as data; their `Display` is these words,
//! and the names of commands and options they give are chosen here.

use crate::app::command::{CommandError, CommandSpec, Verb};
use crate::app::render::words;
use crate::engine::card::{Card, Colour, Rank};
use crate::engine::game::{HistoryError, SetupError};
use crate::engine::moves::{MoveError, PileId};

/// Why the rules forbid a move, in one line naming the card, where it is
/// and which rule stops it (piles by their numbers, 1 to 7).
pub fn move_error(e: &MoveError) -> String {
    match e {
        MoveError::StockAndWasteEmpty => "cannot draw: the stock and the waste are both empty".to_string(),
        MoveError::StockEmpty => "the stock is empty: the next draw turns the waste over (a redeal)".to_string(),
        MoveError::NoRedealLeft { passes } => format!("cannot draw: the stock is empty and the pass limit of {passes} allows no redeal"),
        MoveError::StockNotEmpty { cards } => format!("cannot redeal: the stock still has {cards} cards"),
        MoveError::WasteEmpty => "the waste is empty".to_string(),
        MoveError::PileEmpty { pile } => format!("pile {pile} is empty"),
        MoveError::SamePile { pile } => format!("pile {pile} is both the source and the destination"),
        MoveError::NotNextOnFoundation { card, foundation_top } => not_next_on_foundation(card, foundation_top),
        MoveError::DoesNotBuild { card, pile, top } => format!("{}, and pile {pile} ends with the {}", needs(*card), words::card_name(*top)),
        MoveError::OnlyKingOnEmpty { card, pile } => format!("pile {pile} is empty and only a king may go there, not the {}", words::card_name(*card)),
        MoveError::NoBuildFits { from, to, bottom, top, onto } => no_build_fits(*from, *to, bottom, top, onto),
        MoveError::NotEnoughFaceUp { pile, count, face_up } => format!("pile {pile} has {}, not {count}", words::count(*face_up, "face-up card")),
        MoveError::BadCount { count } => format!("{count} is not a number of cards to move (1 to 13)"),
        MoveError::FoundationToTableauOff { card, pile } => format!("the {} cannot come down from its foundation to pile {pile}: moves from a foundation to the tableau are off (start with --foundation-to-tableau)", words::card_name(*card)),
        MoveError::FoundationEmpty { suit } => format!("the {} foundation is empty", words::suit_name(*suit)),
        MoveError::CardHidden { card } => format!("the {} is face down or in the stock", words::card_name(*card)),
        MoveError::CardUnderWaste { card, above } => format!("the {} is in the waste under {}: only the top card can be played", words::card_name(*card), words::count(*above, "card")),
        MoveError::CardUnderFoundation { card } => format!("the {} is on its foundation under other cards", words::card_name(*card)),
        MoveError::CardOnFoundation { card } => format!("the {} is on its foundation already", words::card_name(*card)),
        MoveError::CardNotOnTop { card, pile, above } => format!("the {} has {} on it on pile {pile}: only a top card can go to a foundation", words::card_name(*card), words::count(*above, "card")),
        MoveError::CardOnPile { card, pile } => format!("the {} is on pile {pile} already", words::card_name(*card)),
        MoveError::CardGoesNowhere { card } => format!("the {} can go nowhere now", words::card_name(*card)),
        MoveError::CardFitsSeveral { card, piles } => fits_several(card, piles),
    }
}

/// Why a line is not a command, in one line that says what to type.
pub fn command_error(e: &CommandError) -> String {
    match e {
        CommandError::Empty => "empty command (type help for the list)".to_string(),
        CommandError::Unknown { word, suggestion } => format!("unknown command '{}' (type help for the list{})", shown(word), suggestion.map(|s| format!("; did you mean {s}?")).unwrap_or_default()),
        CommandError::Missing { command } => format!("'{}' needs more: {}", command.word, forms(command)),
        CommandError::TooMany { command } if command.verb == Verb::Card => {
            format!("too many words for a card move: {}", forms(command))
        }
        CommandError::TooMany { command } => format!("too many words for '{}': {}", command.word, forms(command)),
        CommandError::NoArguments { command } => format!("too many words for '{command}': it takes no arguments"),
        CommandError::BadPile { text } => format!("'{}' is not a pile: piles are 1 to 7", shown(text)),
        CommandError::BadDestination { text } => format!("'{}' is not a destination: give a pile 1 to 7, or f for the foundation", shown(text)),
        CommandError::BadCount { text } => format!("'{}' is not a number of cards: give 1 to 13", shown(text)),
        CommandError::BadSuit { text } => format!("'{}' is not a suit: give c, d, h or s", shown(text)),
        CommandError::BadGameNumber { text } => format!("'{}' is not a game number: give a whole number from 1 to 2^128-1", shown(text)),
        CommandError::BadPlace { text } => format!("'{}' is not a place to look at: give a pile 1 to 7, or w for the waste, f the foundations, s the stock, t the top cards", shown(text)),
        CommandError::BadCard { text } => format!("'{}' is not a card: give a rank (a, 2 to 10, j, q, k) and a suit (c, d, h, s), for example 9h or qs", shown(text)),
        CommandError::NoHelp { text } => format!("'{}' is not a command (type help for the list)", shown(text)),
        CommandError::MissingFile { command } => format!("'{command}' needs a file name, for example {command} game.json"),
        CommandError::BadFileName { text } => format!("'{}' has a control or invisible character in it: name the file in plain characters", shown(text)),
        CommandError::SessionCommand { word } => format!("'{word}' is a command of the session, not a move"),
    }
}

/// What a command takes, from its forms in the table: "t A B, t A B K or
/// t A f, as in t 2 5" (the example where the first form has arguments).
fn forms(command: &CommandSpec) -> String {
    let usages: Vec<&str> = command.forms.iter().map(|f| f.usage).collect();
    let listed = match usages.as_slice() {
        [] => command.word.to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    };
    match command.forms.first() {
        Some(first) if first.usage.contains(|c: char| c.is_ascii_uppercase()) => {
            format!("{listed}, as in {}", first.example)
        }
        _ => listed,
    }
}

/// Why cards do not make a position (a deal or a position line).
pub fn setup_error(e: &SetupError) -> String {
    match e {
        SetupError::Duplicate(card) => format!("the {} appears twice", words::card_name(*card)),
        SetupError::Missing(card) => format!("the {} is missing", words::card_name(*card)),
        SetupError::FoundationOver13(suit) => {
            format!("the {} foundation has more than 13 cards", words::suit_name(*suit))
        }
        SetupError::FaceDownOnTop { pile } => format!("pile {pile} has face-down cards but none face up"),
        SetupError::NotABuild { pile } => format!("the face-up cards of pile {pile} are not one build"),
        SetupError::PassZero => "passes count from 1".to_string(),
    }
}

/// Why undo or redo was refused.
pub fn history_error(e: &HistoryError) -> String {
    match e {
        HistoryError::NothingToUndo => "nothing to undo: this is the start of the game".to_string(),
        HistoryError::NothingToRedo => "nothing to redo: no undone move is waiting to be played again".to_string(),
    }
}

/// The longest piece of a typed word quoted back, in characters.
const QUOTED: usize = 20;

/// A typed word quoted back (see [`crate::app::render::words::readable`]).
fn shown(text: &str) -> String {
    words::readable(text, QUOTED)
}

fn needs(card: Card) -> String {
    if card.rank().value() == 13 {
        return format!("the {} can go only to a foundation or an empty pile", words::card_name(card));
    }
    let colour = match card.colour() {
        Colour::Red => "black",
        Colour::Black => "red",
    };
    let above = Rank::new(card.rank().value() + 1).map_or("", words::rank_name);
    format!("the {} needs a {colour} {above}", words::card_name(card))
}

/// "the ace of hearts cannot go to the foundation: ...": why `card` does not
/// go on its foundation, whose top card is `foundation_top`.
fn not_next_on_foundation(card: &Card, foundation_top: &Option<Card>) -> String {
    match foundation_top {
        None => format!(
            "the {} cannot go to the foundation: the {} foundation is empty and starts with the ace",
            words::card_name(*card),
            words::suit_name(card.suit())
        ),
        Some(top) => format!(
            "the {} cannot go to the foundation: the {} foundation is up to the {}",
            words::card_name(*card),
            words::suit_name(card.suit()),
            words::card_name(*top)
        ),
    }
}

/// Why no count of the face-up cards `bottom` (deepest) to `top` of pile
/// `from` fits on pile `to`, whose top card is `onto`.
fn no_build_fits(from: PileId, to: PileId, bottom: &Card, top: &Card, onto: &Option<Card>) -> String {
    let (what, verb) = if bottom == top {
        (format!("the {}", words::card_name(*top)), "cannot go")
    } else {
        (format!("no card from the {} up to the {}", words::card_name(*bottom), words::card_name(*top)), "can go")
    };
    match onto {
        Some(onto) if onto.rank().value() == 1 => {
            format!(
                "{what} on pile {from} {verb} onto the {} on pile {to}: nothing is built on an ace",
                words::card_name(*onto)
            )
        }
        Some(onto) => format!(
            "{what} on pile {from} {verb} onto the {} on pile {to}, which takes only a {} {}",
            words::card_name(*onto),
            match onto.colour() {
                Colour::Red => "black",
                Colour::Black => "red",
            },
            Rank::new(onto.rank().value().wrapping_sub(1)).map_or("card", words::rank_name)
        ),
        None => {
            format!("{what} on pile {from} {verb} to pile {to}: it is empty and only a king may go there")
        }
    }
}

/// "the 9 of hearts fits on piles 2 and 5: add the pile, for example 9h 2"
/// (with no `piles`, the example names no pile rather than failing).
fn fits_several(card: &Card, piles: &[PileId]) -> String {
    let names: Vec<String> = piles.iter().map(PileId::to_string).collect();
    let example = piles.first().map_or(String::new(), |p| format!(" {p}"));
    format!(
        "the {} fits on piles {}: add the pile, for example {}{example}",
        words::card_name(*card),
        crate::app::render::words::join_and(&names),
        card.to_string().to_lowercase(),
    )
}
