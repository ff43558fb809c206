//! The command language of SPEC.md: text <-> [`Command`], and
//! [`MoveCommand`] -> [`Move`] against a position.
//!
//! One table, [`COMMANDS`], holds every command a player types, each tagged
//! with its [`Layer`]: the game notation parsed here into a [`Command`]
//! (moves, undo and redo, the queries, help), or the session around the
//! game (`save`, `load`, `stats`, `new`, `quit`), which
//! [`crate::app::session::SessionCommand`] reads. The parser, `help`, tab
//! completion and the manual page all read that one table. The words the
//! commands take as arguments (`l w`, `w f`, `moves all`) are a second,
//! [`ARGUMENTS`], beside it: the parser matches their [`Meaning`], never a
//! spelling, and completion lists them from there.
//!
//! Parsing needs no game: `"t 2 5"` parses to a [`MoveCommand`] whatever
//! the table holds ([`CommandError`] says why a line is not a command).
//! Resolving checks it against a position and fills in what the player
//! left out (whether `d` draws or redeals, how many cards `t A B` moves);
//! [`MoveError`] says why the rules forbid it.
//!
//! Accepted (case-insensitive, words separated by white space):
//!
//! | text | command |
//! |---|---|
//! | `d`, `draw` | draw, or redeal when the stock is empty |
//! | `w N`, `w f` | waste to pile N (1-7), waste to its foundation |
//! | `t A B [K]`, `t A f` | K cards (1-13) from pile A to pile B, top of A to its foundation |
//! | `f S N` | top of foundation S (`c d h s`) to pile N |
//! | `u`, `undo`, `redo` | undo, redo |
//! | `h`, `hint` | suggest a move |
//! | `?`, `help` | list the commands |
//! | `table`, `show` | print the table again |
//! | `l N`, `l w`, `l f`, `l s` | describe pile N, the waste, the foundations, the stock |
//! | `moves` | list the legal moves, in words and as commands |
//! | `score`, `rules` | the score and moves made; the rules in force |
//! | `a`, `auto` | play every safe card to its foundation (and finish a game whose cards are all face up) |
//! | `solve`, `winnable?` | solve the game from here: can it still be won, and how |
//! | `review` | where a lost game was lost, and a move that would have kept it winnable |
//!
//! The session's own commands (`save FILE`, `load FILE`, `stats`, `new`,
//! `new N`, `q`) are in the table too, and refused here
//! ([`CommandError::SessionCommand`]): a script of moves or a saved game
//! holds none of them.

use std::fmt;
use std::str::FromStr;

use crate::engine::card::{Card, Suit};
use crate::engine::game::{CardPlace, Position};
use crate::engine::moves::{Move, MoveError, PileId};
use crate::engine::rules::Rules;

/// A move as the player typed it, its piles read from 1..=7. Unlike
/// [`Move`], it may leave out what the position decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveCommand {
    /// `d`: draw, or redeal when the stock is empty.
    Draw,
    /// `w N`.
    WasteToTableau(PileId),
    /// `w f`.
    WasteToFoundation,
    /// `t A B [K]`; `count` is `None` when left out (1..=13 otherwise).
    TableauToTableau { from: PileId, to: PileId, count: Option<usize> },
    /// `t A f`.
    TableauToFoundation(PileId),
    /// `f S N`.
    FoundationToTableau(Suit, PileId),
    /// A card named by its code (`9h 4`, `9h f`, `9h`): that card, with
    /// the cards on it, to where `to` says.
    Card { card: Card, to: CardTarget },
}

/// Where a card named by its code goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardTarget {
    /// A tableau pile (`9h 4`).
    Pile(PileId),
    /// Its foundation (`9h f`).
    Foundation,
    /// The one place it can go (`9h` alone): its foundation when it can go
    /// there, otherwise the only pile that takes it.
    Anywhere,
}

/// One line of the game notation (the session's own commands are
/// [`crate::app::session::SessionCommand`]s).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// A move.
    Move(MoveCommand),
    /// Take back the last move.
    Undo,
    /// Play again the last move undone.
    Redo,
    /// Suggest a move.
    Hint,
    /// A question about the game, which changes nothing.
    Ask(Query),
    /// Start the same deal again from the beginning.
    Restart,
    /// Run the last command again (`.`, `again`).
    Again,
    /// Say the last response again (`repeat`).
    Repeat,
    /// Play every safe card to its foundation, each as its own move.
    Auto,
    /// Solve the game from the current position.
    Solve,
    /// Say where the game was lost.
    Review,
}

/// A question about the game: it changes nothing, and its answer is the
/// presentation layer's ([`crate::app::play::Event::Answered`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    /// List the commands, or explain one (`help t`): the command's word
    /// as [`COMMANDS`] names it, or `all` for every command explained.
    Help(Option<&'static str>),
    /// Print the table again.
    Table,
    /// Describe one part of the table (`l 3`, `l w`, `l f`, `l s`).
    Look(PileRef),
    /// Describe one part of the table card by card (`l 3 all`).
    LookAll(PileRef),
    /// The top card of every pile, and of the waste (`l t`).
    Tops,
    /// Where a card is (`find 9h`).
    Find(Card),
    /// List the useful legal moves, best first.
    Moves,
    /// List every legal move (`moves all`).
    AllMoves,
    /// Say the score and the moves made.
    Score,
    /// Say the rules in force.
    Rules,
}

/// Which part of the table a question is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PileRef {
    /// A tableau pile.
    Tableau(PileId),
    /// The waste.
    Waste,
    /// All four foundations.
    Foundations,
    /// The stock.
    Stock,
}

/// Why a line is not a command. Each message is one line saying what is
/// wrong; what to type instead (the forms of the command, `help`) is the
/// presentation layer's to add ([`crate::app::render::refusals::command_error`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The line has no words.
    #[error("empty command")]
    Empty,
    /// The first word is no command; `suggestion` is what was probably
    /// meant, if anything: the line with a space where the first word ran
    /// a command into its argument (`t 7 f` for `t7 f`, `t 3 4` for `3 4`),
    /// or the command word it is one slip away from (a letter off, or two
    /// next to each other swapped: two slips for words of five letters or
    /// more).
    #[error("unknown command '{}'", shown(word))]
    Unknown { word: String, suggestion: Option<Box<str>> },
    /// A line refused as typed (`error`) whose words after the first, a
    /// number run into a letter or two pile numbers run together, make a
    /// command once spaced: `meant` (`t 7 f` for `t 7f`, `t 7 6` for `t 76`,
    /// `l 3 all` for `l 3all`).
    #[error("{error}")]
    Respaced { error: Box<CommandError>, meant: Box<str> },
    /// A command lacks an argument (its forms in the table say what it takes).
    #[error("'{}' needs more", command.word)]
    Missing { command: &'static CommandSpec },
    /// A command has more arguments than its forms take.
    #[error("too many words for {}", if command.verb == Verb::Card { "a card move".to_string() } else { format!("'{}'", command.word) })]
    TooMany { command: &'static CommandSpec },
    /// A command that takes no arguments was given some.
    #[error("too many words for '{command}': it takes no arguments")]
    NoArguments { command: &'static str },
    /// `undo` or `redo` was given a count (`u 3`): each takes back, or
    /// plays again, one move, so the count is refused and the command
    /// typed once per move.
    #[error("'{command}' takes no count: type {typed} once for each move")]
    NoCount { command: &'static str, typed: &'static str },
    /// A pile number is not 1..=7.
    #[error("'{}' is not a pile: piles are 1 to 7", shown(text))]
    BadPile { text: String },
    /// A destination is neither a pile number nor `f`.
    #[error("'{}' is not a destination: give a pile 1 to 7, or f for the foundation", shown(text))]
    BadDestination { text: String },
    /// A count of cards is not 1..=13.
    #[error("'{}' is not a number of cards: give 1 to 13", shown(text))]
    BadCount { text: String },
    /// A suit is not one of `c d h s`.
    #[error("'{}' is not a suit: give c, d, h or s", shown(text))]
    BadSuit { text: String },
    /// A game number is not 1..=2^128-1.
    #[error("'{}' is not a game number: give a whole number from 1 to 2^128-1", shown(text))]
    BadGameNumber { text: String },
    /// What `l` should describe is not a pile, `w`, `f`, `s` or `t`.
    #[error(
        "'{}' is not a place to look at: give a pile 1 to 7, or w for the waste, f the foundations, s the stock, t the top cards",
        shown(text)
    )]
    BadPlace { text: String },
    /// `find` was not given a card code.
    #[error(
        "'{}' is not a card: give a rank (a, 2 to 10, j, q, k) and a suit (c, d, h, s), for example 9h or qs",
        shown(text)
    )]
    BadCard { text: String },
    /// `help` was given a word that is no command.
    #[error("'{}' is not a command", shown(text))]
    NoHelp { text: String },
    /// `save` or `load` without a file name.
    #[error("'{command}' needs a file name")]
    MissingFile { command: &'static str },
    /// A file name that opens a quote and does not close it.
    #[error("the file name after '{command}' opens a quote and does not close it")]
    UnclosedQuote { command: &'static str },
    /// A file name with a control or invisible character in it.
    #[error("'{}' has a control or invisible character in it: name the file in plain characters", shown(text))]
    BadFileName { text: String },
    /// A file name read from input that is not UTF-8 text: its bytes that
    /// are not were read as U+FFFD, so the file written or read would not
    /// be the one named.
    #[error("'{}' has bytes in it that are not UTF-8 text: name the file in plain characters", shown(text))]
    NotUtf8FileName { text: String },
    /// `autoplay` was given a word other than `on` or `off`.
    #[error("'{}' is not on or off: type autoplay on, or autoplay off", shown(text))]
    NotOnOff { text: String },
    /// A command of the session, not of the game notation ([`Layer::Session`]):
    /// a script of moves or a saved game holds none.
    #[error("'{word}' is a command of the session, not a move")]
    SessionCommand { word: &'static str },
}

/// The longest piece of a typed word a [`CommandError`] quotes back, in
/// characters.
const QUOTED: usize = 20;

/// A typed word quoted back (see [`crate::engine::text::readable`]).
fn shown(text: &str) -> String {
    crate::engine::text::readable(text, QUOTED)
}

/// Which layer of the program a command of [`COMMANDS`] belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The game notation: a [`Command`] (moves, undo and redo, the queries,
    /// help), the same at the prompt, in a script of moves and in a saved game.
    Game,
    /// The session around the game (files, statistics, another game,
    /// quitting): a [`crate::app::session::SessionCommand`].
    Session,
}

/// What a command of [`COMMANDS`] is, whatever word it was typed as: what
/// the parsers match on, so a word or alias lives only in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// `d`: draw or redeal.
    Draw,
    /// `w`: a move from the waste.
    Waste,
    /// `t`: a move from a tableau pile.
    Tableau,
    /// `f`: a move from a foundation.
    Foundation,
    /// A card named by its code: no word of its own (`help card`).
    Card,
    /// `auto`.
    Auto,
    /// `undo`.
    Undo,
    /// `redo`.
    Redo,
    /// `again` (`.`).
    Again,
    /// `hint`.
    Hint,
    /// `solve`.
    Solve,
    /// `review`.
    Review,
    /// `l`.
    Look,
    /// `find`.
    Find,
    /// `moves`.
    Moves,
    /// `score`.
    Score,
    /// `rules`.
    Rules,
    /// `table`.
    Table,
    /// `repeat`.
    Repeat,
    /// `save` (the session's).
    Save,
    /// `load` (the session's).
    Load,
    /// `stats` (the session's).
    Stats,
    /// `new` (the session's).
    New,
    /// `restart`.
    Restart,
    /// `help`.
    Help,
    /// `quit` (the session's).
    Quit,
    /// `autoplay` (the session's).
    Autoplay,
}

/// One form of a command, for `help`, the manual and completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    /// What to type, with its arguments in capitals: `t A B K`.
    pub usage: &'static str,
    /// What it does, as an instruction that follows "to": "move K cards
    /// from pile A to pile B".
    pub does: &'static str,
    /// A line that uses it: `t 2 5 3`.
    pub example: &'static str,
}

/// One command of the language: its word, its aliases and its forms. The
/// parser finds commands here; `help`, tab completion and the manual page
/// list them from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    /// What it is, for the parsers.
    pub verb: Verb,
    /// The word it is known by (`help WORD` explains it).
    pub word: &'static str,
    /// Other words for it.
    pub aliases: &'static [&'static str],
    /// The layer that reads it.
    pub layer: Layer,
    /// Its forms, the most common first.
    pub forms: &'static [Form],
}

const fn form(usage: &'static str, does: &'static str, example: &'static str) -> Form {
    Form { usage, does, example }
}

/// An entry of [`COMMANDS`] for the game notation ([`Layer::Game`]).
const fn game(verb: Verb, word: &'static str, aliases: &'static [&'static str], forms: &'static [Form]) -> CommandSpec {
    CommandSpec { verb, word, aliases, layer: Layer::Game, forms }
}

/// An entry of [`COMMANDS`] for the session ([`Layer::Session`]).
const fn session(
    verb: Verb,
    word: &'static str,
    aliases: &'static [&'static str],
    forms: &'static [Form],
) -> CommandSpec {
    CommandSpec { verb, word, aliases, layer: Layer::Session, forms }
}

/// Every command, in the order `help` lists them, each made by `game` or
/// `session` for the layer that reads it. Moves by card name
/// (`9h 4`) have no word of their own: their entry is `card`, which
/// `help card` explains.
pub const COMMANDS: &[CommandSpec] = &[
    game(
        Verb::Draw,
        "d",
        &["draw"],
        &[form("d", "draw from the stock; with the stock empty, turn the waste over", "d")],
    ),
    game(
        Verb::Waste,
        "w",
        &[],
        &[
            form("w N", "move the waste's top card to pile N", "w 3"),
            form("w f", "move the waste's top card to its foundation", "w f"),
        ],
    ),
    game(
        Verb::Tableau,
        "t",
        &[],
        &[
            form("t A B", "move cards from pile A to pile B, as many as fit", "t 2 5"),
            form("t A B K", "move K cards from pile A to pile B", "t 2 5 3"),
            form("t A f", "move the top card of pile A to its foundation", "t 4 f"),
        ],
    ),
    game(
        Verb::Foundation,
        "f",
        &[],
        &[form(
            "f S N",
            "move the top card of foundation S to pile N, when foundation-to-tableau moves are on",
            "f h 6",
        )],
    ),
    game(
        Verb::Card,
        "card",
        &[],
        &[
            form("CARD N", "move that card, with the cards on it, onto pile N", "9h 4"),
            form("CARD f", "move that card to its foundation", "9h f"),
            form("CARD", "move that card to the one place it can go, its foundation first", "9h"),
        ],
    ),
    game(Verb::Auto, "auto", &["a"], &[form("a, auto", "play every safe card to its foundation", "auto")]),
    game(
        Verb::Undo,
        "undo",
        &["u"],
        &[form("u, undo", "take back your last move, with the automatic moves after it", "u")],
    ),
    game(Verb::Redo, "redo", &[], &[form("redo", "play again the move just undone", "redo")]),
    game(Verb::Again, "again", &[".", "dot"], &[form(".", "run the last command again", ".")]),
    game(Verb::Hint, "hint", &["h"], &[form("h, hint", "suggest a move", "hint")]),
    game(
        Verb::Solve,
        "solve",
        &["winnable", "winnable?"],
        &[form("solve", "say whether the game can still be won from here, and how", "solve")],
    ),
    game(
        Verb::Review,
        "review",
        &[],
        &[form("review", "say where a lost game was lost, and what would have kept it winnable", "review")],
    ),
    game(
        Verb::Look,
        "l",
        &["look"],
        &[
            form("l N", "describe pile N, long builds by their ends", "l 3"),
            form("l N all", "describe pile N card by card", "l 3 all"),
            form("l t", "name the top card of every pile and of the waste", "l t"),
            form("l w", "describe the waste", "l w"),
            form("l f", "describe the foundations", "l f"),
            form("l s", "describe the stock", "l s"),
        ],
    ),
    game(Verb::Find, "find", &[], &[form("find CARD", "say where a card is", "find 9h")]),
    game(
        Verb::Moves,
        "moves",
        &[],
        &[
            form("moves", "list the useful legal moves, best first", "moves"),
            form("moves all", "list every legal move", "moves all"),
        ],
    ),
    game(Verb::Score, "score", &[], &[form("score", "say the score and the moves made", "score")]),
    game(Verb::Rules, "rules", &[], &[form("rules", "say the rules in force", "rules")]),
    game(Verb::Table, "table", &["show"], &[form("table", "show the whole table again", "table")]),
    game(Verb::Repeat, "repeat", &[], &[form("repeat", "say the last response again", "repeat")]),
    session(Verb::Save, "save", &[], &[form("save FILE", "save the game to a file", "save game.json")]),
    session(
        Verb::Load,
        "load",
        &[],
        &[form(
            "load FILE",
            "load a saved game from a file; a game in progress counts as lost, unless the file holds a copy of it",
            "load game.json",
        )],
    ),
    session(Verb::Stats, "stats", &[], &[form("stats", "show your statistics, per rules setting", "stats")]),
    session(
        Verb::Autoplay,
        "autoplay",
        &[],
        &[
            form("autoplay on", "play safe cards home after every move; kept for next time", "autoplay on"),
            form("autoplay off", "stop playing them by itself; kept for next time", "autoplay off"),
            form("autoplay", "say whether autoplay is on", "autoplay"),
        ],
    ),
    session(
        Verb::New,
        "new",
        &[],
        &[form(
            "new [N]",
            "start game N, or a random game with new alone; a game in progress counts as lost",
            "new 42",
        )],
    ),
    game(
        Verb::Restart,
        "restart",
        &[],
        &[form("restart", "start this deal again from the beginning; the game so far counts as lost", "restart")],
    ),
    game(
        Verb::Help,
        "help",
        &["?"],
        &[
            form("help", "list the commands to play with", "help"),
            form("help all", "list every command", "help all"),
            form("help CMD", "explain one command", "help t"),
        ],
    ),
    session(
        Verb::Quit,
        "quit",
        &["q", "exit"],
        &[form("q, quit", "end the session; an unfinished game is kept for next time", "q")],
    ),
];

/// What an argument word of [`ARGUMENTS`] means, whatever word it was
/// typed as: what the parser matches on, as it matches a [`Verb`], so that
/// an argument word lives only in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meaning {
    /// `l t`: the top card of every pile and of the waste.
    Tops,
    /// `l w`: the waste.
    Waste,
    /// `l f`: the four foundations.
    Foundations,
    /// `l s`: the stock.
    Stock,
    /// `w f`, `t A f`, `CARD f`: the moving card's foundation.
    ToFoundation,
    /// `l N all`, `moves all`, `help all`: all of it, in full.
    All,
    /// `autoplay on`.
    On,
    /// `autoplay off`.
    Off,
}

/// Where an argument word may be typed: as argument `index` (0 the first
/// after the command word, or after the card code of a card move) of the
/// command `verb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The command that takes it.
    pub verb: Verb,
    /// Which of its arguments it is, from 0.
    pub index: usize,
}

/// One word a command takes as an argument, other than a number, a suit,
/// a card or a file name: its meaning, its word and aliases, and the places
/// in a line it may go. The parser reads its arguments' words here; tab
/// completion lists them from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgumentWord {
    /// What it means, for the parser.
    pub meaning: Meaning,
    /// The word it is known by.
    pub word: &'static str,
    /// Other words for it.
    pub aliases: &'static [&'static str],
    /// Where it may be typed.
    pub slots: &'static [Slot],
    /// What it names, as a noun phrase: "the waste".
    pub names: &'static str,
}

const fn at(verb: Verb, index: usize) -> Slot {
    Slot { verb, index }
}

const fn argument_word(
    meaning: Meaning,
    word: &'static str,
    aliases: &'static [&'static str],
    slots: &'static [Slot],
    names: &'static str,
) -> ArgumentWord {
    ArgumentWord { meaning, word, aliases, slots, names }
}

/// Every argument word of the language (beside pile numbers, counts, suits,
/// cards, game numbers and file names), with where each may go. One word
/// may mean two things in two places (`f` is the foundations after `l`, a
/// card's foundation after `w`), never two in one.
pub const ARGUMENTS: &[ArgumentWord] = &[
    argument_word(Meaning::Tops, "t", &["tops"], &[at(Verb::Look, 0)], "the top card of every pile and of the waste"),
    argument_word(Meaning::Waste, "w", &["waste"], &[at(Verb::Look, 0)], "the waste"),
    argument_word(Meaning::Foundations, "f", &["foundations"], &[at(Verb::Look, 0)], "the foundations"),
    argument_word(Meaning::Stock, "s", &["stock"], &[at(Verb::Look, 0)], "the stock"),
    argument_word(
        Meaning::ToFoundation,
        "f",
        &[],
        &[at(Verb::Waste, 0), at(Verb::Tableau, 1), at(Verb::Card, 0)],
        "the card's foundation",
    ),
    argument_word(
        Meaning::All,
        "all",
        &[],
        &[at(Verb::Look, 1), at(Verb::Moves, 0), at(Verb::Help, 0)],
        "all of it, in full",
    ),
    argument_word(Meaning::On, "on", &[], &[at(Verb::Autoplay, 0)], "on"),
    argument_word(Meaning::Off, "off", &[], &[at(Verb::Autoplay, 0)], "off"),
];

/// What `word` (lower case) means typed as argument `index` of `verb`'s
/// command, if it is an argument word there ([`ARGUMENTS`]).
pub fn argument(verb: Verb, index: usize, word: &str) -> Option<Meaning> {
    ARGUMENTS
        .iter()
        .find(|a| a.slots.contains(&at(verb, index)) && (a.word == word || a.aliases.contains(&word)))
        .map(|a| a.meaning)
}

/// The entry of [`ARGUMENTS`] for `meaning` (every meaning has one).
pub fn argument_spec(meaning: Meaning) -> &'static ArgumentWord {
    // Every meaning is in the table (a test checks it); the first entry
    // stands in rather than a panic.
    ARGUMENTS.iter().find(|a| a.meaning == meaning).unwrap_or(&ARGUMENTS[0])
}

/// The command whose word or alias is `word` (lower case).
pub fn lookup(word: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.word == word || c.aliases.contains(&word))
}

/// The words of [`COMMANDS`] longer than a letter, in order, for tab
/// completion (single letters need none; `card` is no word to type).
pub fn completion_words() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = COMMANDS
        .iter()
        .flat_map(|c| std::iter::once(c.word).chain(c.aliases.iter().copied()))
        .filter(|w| w.len() > 1 && *w != "card" && w.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    words.sort_unstable();
    words
}

/// Tab completion of `line` with the cursor at byte `pos`: where the word
/// under completion starts (a byte offset into `line`), and the words it
/// may be, sorted, in lower case; none when there is nothing to offer.
///
/// - The first word: the [`completion_words`] it begins (in any case).
/// - After `help`: every command's word, and `all` ([`ARGUMENTS`]).
/// - After a command (or a card code) where an argument word may go, by
///   [`ARGUMENTS`]' slots: the words and aliases of those that fit, so
///   `l ` offers `f`, `foundations`, `s`, `stock`, `t`, `tops`, `w` and
///   `waste`, and `t 4 ` offers `f`. Pile numbers, counts, suits, cards,
///   game numbers and file names are not completed.
///
/// The cursor may sit anywhere: what is after it is left out, and a `pos`
/// past the end, or inside a character, is read as the nearest character
/// boundary before it.
pub fn complete(line: &str, pos: usize) -> (usize, Vec<String>) {
    let pos = (0..=pos.min(line.len())).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
    let head = &line[..pos];
    let start = head.len() - head.chars().rev().take_while(|c| !c.is_whitespace()).map(char::len_utf8).sum::<usize>();
    let typed = head[start..].to_lowercase();
    let before = normalised(&head[..start]);
    let words: Vec<&str> = before.split_whitespace().collect();
    let begun = |w: &&str| w.starts_with(typed.as_str());
    let mut offered: Vec<&'static str> = match words.split_first() {
        None => completion_words(),
        Some((first, done)) => {
            let verb = if first.parse::<Card>().is_ok() {
                Some(Verb::Card)
            } else {
                lookup(first).map(|c| c.verb).filter(|&v| v != Verb::Card)
            };
            let Some(verb) = verb else { return (start, Vec::new()) };
            let index = done.len();
            let arguments = ARGUMENTS
                .iter()
                .filter(|a| a.slots.contains(&at(verb, index)))
                .flat_map(|a| std::iter::once(a.word).chain(a.aliases.iter().copied()));
            if verb == Verb::Help && index == 0 {
                COMMANDS.iter().map(|c| c.word).chain(arguments).collect()
            } else {
                arguments.collect()
            }
        }
    };
    offered.retain(begun);
    offered.sort_unstable();
    offered.dedup();
    (start, offered.into_iter().map(str::to_string).collect())
}

/// The longest first word with no digit that [`spaced`] splits.
const SPLIT_AT_MOST: usize = 12;

/// The line a first word `first` and the words after it were probably
/// meant as, when it runs a command into its first argument: split where
/// its letters give way to digits (`t7 f`, `w3`, `js1`), or with no digit
/// wherever a split makes a command (`wf`, `lt`, `jsf`), or, a pile number
/// alone, a move from that pile (`3 4`); only a line that is a command.
fn spaced(first: &str, rest: &[&str]) -> Option<String> {
    let with_rest = |head: &str| std::iter::once(head).chain(rest.iter().copied()).collect::<Vec<_>>().join(" ");
    let parses = |line: String| parse_words(&line, false).is_ok().then_some(line);
    let heads: Vec<String> = match first.find(|c: char| c.is_ascii_digit()) {
        // A pile number alone: the move from it.
        Some(0) if first.len() == 1 => vec![format!("t {first}")],
        // A card run into its pile ("4h3", "10h3").
        Some(0) => (2..first.len())
            .filter_map(|k| {
                let (card, pile) = first.split_at_checked(k)?;
                (card.parse::<Card>().is_ok() && !pile.is_empty() && pile.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| format!("{card} {pile}"))
            })
            .collect(),
        // No digit: a command run into a word after it ("wf", "lt",
        // "jsf"), split at each place in turn; a longer word is no
        // command and a word (each split is parsed whole).
        None if first.len() > SPLIT_AT_MOST => return None,
        None => (1..first.len())
            .filter_map(|k| first.split_at_checked(k))
            .map(|(head, tail)| format!("{head} {tail}"))
            .collect(),
        Some(at) => {
            let (word, number) = first.split_at(at);
            // The number as it is, or each digit a pile ("t76": t 7 6).
            let digits: Vec<String> = number.chars().map(String::from).collect();
            vec![format!("{word} {number}"), format!("{word} {}", digits.join(" "))]
        }
    };
    heads.iter().find_map(|head| parses(with_rest(head)))
}

/// The command word (or alias) of [`COMMANDS`] that `word` is a slip away
/// from ([`CommandError::Unknown`]): the one nearest by edit distance
/// (transpositions count one), within 1 for words of up to four letters and
/// 2 for longer ones; none for one- and two-letter words (too many are
/// near) or when two are equally near.
fn closest_command(word: &str) -> Option<&'static str> {
    let len = word.chars().count();
    if len <= 2 {
        return None;
    }
    let most = if len <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &'static str)> = None;
    let mut tie = false;
    for candidate in COMMANDS
        .iter()
        .filter(|c| c.verb != Verb::Card)
        .flat_map(|c| std::iter::once(c.word).chain(c.aliases.iter().copied()))
    {
        if candidate.len() <= 2 {
            continue;
        }
        let d = strsim::damerau_levenshtein(word, candidate);
        match best {
            _ if d > most => {}
            Some((b, _)) if d > b => {}
            Some((b, w)) if d == b => tie |= w != candidate,
            _ => {
                best = Some((d, candidate));
                tie = false;
            }
        }
    }
    best.filter(|_| !tie).map(|(_, w)| w)
}

pub use crate::engine::text::is_unprintable;

/// A whole number written in ASCII digits only (leading zeros allowed, no sign).
fn number(text: &str) -> Option<u128> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The pile a player typed as its number, 1 to 7.
fn pile(text: &str) -> Result<PileId, CommandError> {
    number(text)
        .and_then(|n| usize::try_from(n).ok())
        .and_then(PileId::from_number)
        .ok_or_else(|| CommandError::BadPile { text: text.to_string() })
}

/// `line` in lower case, suit symbols as the table shows them read as their
/// letters where they end a card code (`4♥ 3`, `10♠`): what the parsers
/// split into words. A symbol after no rank stays as it is, so `♦` alone
/// is no command (it would read as `d`, a draw).
pub(crate) fn normalised(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut after_rank = false;
    for c in line.chars().flat_map(char::to_lowercase) {
        let letter = match c {
            '♣' => Some('c'),
            '♦' => Some('d'),
            '♥' => Some('h'),
            '♠' => Some('s'),
            _ => None,
        };
        match letter {
            Some(l) if after_rank => out.push(l),
            _ => out.push(c),
        }
        after_rank = c.is_ascii_digit() || matches!(c, 'a' | 't' | 'j' | 'q' | 'k');
    }
    out
}

/// The entry of [`COMMANDS`] that the first word of `line` names, if any
/// (none for a card code, which is a move).
pub fn head(line: &str) -> Option<&'static CommandSpec> {
    let lower = normalised(line);
    let first = lower.split_whitespace().next()?;
    if first.parse::<Card>().is_ok() {
        return None;
    }
    lookup(first).filter(|c| c.verb != Verb::Card)
}

/// A command that takes no arguments was given `rest`.
pub(crate) fn no_arguments(rest: &[&str], command: &'static CommandSpec) -> Result<(), CommandError> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(CommandError::NoArguments { command: command.word })
    }
}

/// Whether `word` is a number, of any size or sign: meant as a count.
fn is_count(word: &str) -> bool {
    let digits = word.trim_start_matches(['-', '+']);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// [`no_arguments`] for a command that does one move a time (undo,
/// redo): a count after it is refused with the word to type once a move,
/// its shortest name.
fn one_a_time(rest: &[&str], command: &'static CommandSpec) -> Result<(), CommandError> {
    match rest {
        [count] if is_count(count) => Err(CommandError::NoCount {
            command: command.word,
            typed: command.aliases.first().unwrap_or(&command.word),
        }),
        _ => no_arguments(rest, command),
    }
}

/// Refuses the words `rest` left over after `command`'s arguments.
fn no_more(rest: &[&str], command: &'static CommandSpec) -> Result<(), CommandError> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(CommandError::TooMany { command })
    }
}

/// The entry of [`COMMANDS`] for `verb` (every verb has one).
pub fn spec(verb: Verb) -> &'static CommandSpec {
    // Every verb is in the table (a test checks it); the first entry
    // stands in rather than a panic.
    COMMANDS.iter().find(|c| c.verb == verb).unwrap_or(&COMMANDS[0])
}

impl FromStr for Command {
    type Err = CommandError;

    /// Parses one line (see the module docs for the language).
    ///
    /// # Errors
    /// [`CommandError`] naming what was wrong.
    fn from_str(line: &str) -> Result<Command, CommandError> {
        parse_lower_case(line).map_err(|e| e.with_case_of(line))
    }
}

impl CommandError {
    /// The error with the word it quotes as `line` has it (the parser reads
    /// a lower-case copy; messages quote what was typed).
    pub(crate) fn with_case_of(mut self, line: &str) -> CommandError {
        if let CommandError::Respaced { error, meant } = self {
            return CommandError::Respaced { error: Box::new(error.with_case_of(line)), meant };
        }
        let (CommandError::Unknown { word: text, .. }
        | CommandError::BadPile { text }
        | CommandError::BadDestination { text }
        | CommandError::BadCount { text }
        | CommandError::BadSuit { text }
        | CommandError::BadGameNumber { text }
        | CommandError::BadPlace { text }
        | CommandError::BadCard { text }
        | CommandError::NoHelp { text }) = &mut self
        else {
            return self;
        };
        if let Some(typed) = line.split_whitespace().find(|w| w.to_lowercase() == *text) {
            *text = typed.to_string();
        }
        self
    }
}

/// [`Command::from_str`] on a lower-case copy of `line` (file names keep
/// their case).
fn parse_lower_case(line: &str) -> Result<Command, CommandError> {
    match parse_words(line, true) {
        Err(error @ (CommandError::Unknown { .. } | CommandError::Empty | CommandError::SessionCommand { .. })) => {
            Err(error)
        }
        Err(error) => match respaced(line) {
            Some(meant) => Err(CommandError::Respaced { error: Box::new(error), meant: meant.into_boxed_str() }),
            None => Err(error),
        },
        ok => ok,
    }
}

/// The line `line` (refused as typed, its first word a command) was
/// probably meant as, when one word after the first, spaced, makes it a
/// command: a number run into a letter (`t 7f`, `l 3all`) split where
/// digits and letters meet, or two or three pile numbers run together
/// (`t 76`) split into digits. Only a line that parses whole.
fn respaced(line: &str) -> Option<String> {
    let lower = normalised(line);
    let words: Vec<&str> = lower.split_whitespace().collect();
    (1..words.len()).find_map(|i| {
        let word = words[i];
        let mut spaced = String::with_capacity(word.len() * 2);
        let mut before: Option<char> = None;
        for c in word.chars() {
            if before.is_some_and(|b| b.is_ascii_digit() != c.is_ascii_digit()) {
                spaced.push(' ');
            }
            spaced.push(c);
            before = Some(c);
        }
        let piles = (2..=3).contains(&word.len()) && word.bytes().all(|b| (b'1'..=b'7').contains(&b));
        let digits = piles.then(|| word.chars().map(String::from).collect::<Vec<_>>().join(" "));
        [Some(spaced).filter(|s| s != word), digits].into_iter().flatten().find_map(|w| {
            let candidate = words
                .iter()
                .enumerate()
                .map(|(j, &x)| if j == i { w.as_str() } else { x })
                .collect::<Vec<_>>()
                .join(" ");
            parse_words(&candidate, false).is_ok().then_some(candidate)
        })
    })
}

/// [`parse_lower_case`], with a suggestion for an unknown first word where
/// `suggest`: the lines a suggestion tries are parsed without, so that
/// trying them never tries more (each split of a word would split its
/// parts again, as many ways as the word has subsets of places).
fn parse_words(line: &str, suggest: bool) -> Result<Command, CommandError> {
    let lower = normalised(line);
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(CommandError::Empty);
    };
    if let Ok(card) = first.parse::<Card>() {
        return card_move(card, rest);
    }
    let Some(spec) = lookup(first).filter(|c| c.verb != Verb::Card) else {
        // Digits and a suit letter ("1h", "11s"), or a rank and a letter
        // that is no suit ("9x", "qx 3"): meant as a card.
        let (head, last) = first.split_at(first.len() - first.chars().last().map_or(0, char::len_utf8));
        let digits = !head.is_empty() && head.bytes().all(|b| b.is_ascii_digit());
        let rank = matches!(head, "a" | "t" | "j" | "q" | "k")
            || (digits && matches!(head, "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10"));
        let letter = last.len() == 1 && last.bytes().all(|b| b.is_ascii_alphabetic());
        let looks_like_card = first.len() <= 3
            && ((digits && last.len() == 1 && "cdhs".contains(last))
                || (rank && letter && (digits || !rest.is_empty())));
        if looks_like_card && first.len() > 1 {
            return Err(CommandError::BadCard { text: first.to_string() });
        }
        let suggestion = suggest
            .then(|| spaced(first, rest).or_else(|| closest_command(first).map(String::from)))
            .flatten()
            .map(String::into_boxed_str);
        return Err(CommandError::Unknown { word: first.to_string(), suggestion });
    };
    // Refused with the word typed (`draw 3`: 'draw', not its short 'd').
    let typed = std::iter::once(&spec.word).chain(spec.aliases).find(|w| **w == first).copied().unwrap_or(spec.word);
    let simple = |cmd: Command| match no_arguments(rest, spec) {
        Err(CommandError::NoArguments { .. }) => Err(CommandError::NoArguments { command: typed }),
        other => other.map(|()| cmd),
    };
    match spec.verb {
        Verb::Save | Verb::Load | Verb::Stats | Verb::New | Verb::Quit | Verb::Autoplay => {
            Err(CommandError::SessionCommand { word: spec.word })
        }
        // Filtered out above: a card move has no word of its own.
        Verb::Card => Err(CommandError::Unknown { word: first.to_string(), suggestion: None }),
        Verb::Draw => simple(Command::Move(MoveCommand::Draw)),
        Verb::Undo => one_a_time(rest, spec).map(|()| Command::Undo),
        Verb::Redo => one_a_time(rest, spec).map(|()| Command::Redo),
        Verb::Hint => simple(Command::Hint),
        Verb::Table => simple(Command::Ask(Query::Table)),
        Verb::Score => simple(Command::Ask(Query::Score)),
        Verb::Rules => simple(Command::Ask(Query::Rules)),
        Verb::Auto => simple(Command::Auto),
        Verb::Solve => simple(Command::Solve),
        Verb::Review => simple(Command::Review),
        Verb::Restart => simple(Command::Restart),
        Verb::Again => simple(Command::Again),
        Verb::Repeat => simple(Command::Repeat),
        // `help w f` explains `w`, as `help w` does: the help list shows
        // the forms with their arguments.
        Verb::Help => match rest {
            [] => Ok(Command::Ask(Query::Help(None))),
            [word] if argument(Verb::Help, 0, word) == Some(Meaning::All) => {
                Ok(Command::Ask(Query::Help(Some(argument_spec(Meaning::All).word))))
            }
            [topic, ..] => match lookup(topic) {
                Some(c) => Ok(Command::Ask(Query::Help(Some(c.word)))),
                None if topic.parse::<Card>().is_ok() => Ok(Command::Ask(Query::Help(Some("card")))),
                None => Err(CommandError::NoHelp { text: topic.to_string() }),
            },
        },
        Verb::Moves => match rest {
            [] => Ok(Command::Ask(Query::Moves)),
            [word] if argument(Verb::Moves, 0, word) == Some(Meaning::All) => Ok(Command::Ask(Query::AllMoves)),
            _ => Err(CommandError::TooMany { command: spec }),
        },
        Verb::Find => match rest {
            [] => Err(CommandError::Missing { command: spec }),
            [card] => card
                .parse()
                .map(|card| Command::Ask(Query::Find(card)))
                .map_err(|_| CommandError::BadCard { text: card.to_string() }),
            words => card_in_words(words)
                .map(|card| Command::Ask(Query::Find(card)))
                .ok_or_else(|| CommandError::BadCard { text: words.join(" ") }),
        },
        Verb::Look => {
            let [what, more @ ..] = rest else {
                return Err(CommandError::Missing { command: spec });
            };
            let place = match argument(Verb::Look, 0, what) {
                Some(Meaning::Tops) => {
                    no_more(more, spec)?;
                    return Ok(Command::Ask(Query::Tops));
                }
                Some(Meaning::Waste) => PileRef::Waste,
                Some(Meaning::Foundations) => PileRef::Foundations,
                Some(Meaning::Stock) => PileRef::Stock,
                Some(Meaning::ToFoundation | Meaning::All | Meaning::On | Meaning::Off) | None => {
                    PileRef::Tableau(pile(what).map_err(|_| CommandError::BadPlace { text: what.to_string() })?)
                }
            };
            match more {
                [] => Ok(Command::Ask(Query::Look(place))),
                [word] if argument(Verb::Look, 1, word) == Some(Meaning::All) => {
                    Ok(Command::Ask(Query::LookAll(place)))
                }
                _ => Err(CommandError::TooMany { command: spec }),
            }
        }
        Verb::Waste => {
            let [dest, more @ ..] = rest else {
                return Err(CommandError::Missing { command: spec });
            };
            no_more(more, spec)?;
            if argument(Verb::Waste, 0, dest) == Some(Meaning::ToFoundation) {
                Ok(Command::Move(MoveCommand::WasteToFoundation))
            } else {
                pile(dest)
                    .map(|p| Command::Move(MoveCommand::WasteToTableau(p)))
                    .map_err(|_| CommandError::BadDestination { text: dest.to_string() })
            }
        }
        Verb::Tableau => {
            let [from, dest, more @ ..] = rest else {
                return Err(CommandError::Missing { command: spec });
            };
            let from = pile(from)?;
            if argument(Verb::Tableau, 1, dest) == Some(Meaning::ToFoundation) {
                no_more(more, spec)?;
                return Ok(Command::Move(MoveCommand::TableauToFoundation(from)));
            }
            let to = pile(dest).map_err(|_| CommandError::BadDestination { text: dest.to_string() })?;
            let count = match more {
                [] => None,
                [k] => match number(k) {
                    Some(n @ 1..=13) => Some(n as usize),
                    _ => return Err(CommandError::BadCount { text: k.to_string() }),
                },
                _ => return Err(CommandError::TooMany { command: spec }),
            };
            Ok(Command::Move(MoveCommand::TableauToTableau { from, to, count }))
        }
        Verb::Foundation => {
            let [suit, to, more @ ..] = rest else {
                return Err(CommandError::Missing { command: spec });
            };
            no_more(more, spec)?;
            let mut chars = suit.chars();
            let suit = match (chars.next().and_then(Suit::from_letter), chars.next()) {
                (Some(s), None) => s,
                _ => return Err(CommandError::BadSuit { text: suit.to_string() }),
            };
            Ok(Command::Move(MoveCommand::FoundationToTableau(suit, pile(to)?)))
        }
    }
}

/// A card named in words, as the game says it: "queen of hearts", "10 of
/// clubs", "ten of clubs", "ace of spades".
fn card_in_words(words: &[&str]) -> Option<Card> {
    let [rank, "of", suit] = words else { return None };
    const RANKS: [&str; 13] =
        ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"];
    let value = match RANKS.iter().position(|r| r == rank) {
        Some(i) => i + 1,
        None => match number(rank) {
            Some(n @ 1..=13) => n as usize,
            _ => return None,
        },
    };
    let suit = Suit::ALL.into_iter().find(|&s| {
        crate::app::render::words::suit_name(s) == *suit
            || crate::app::render::words::suit_name(s).trim_end_matches('s') == *suit
    })?;
    Some(Card::new(crate::engine::card::Rank::new(u8::try_from(value).ok()?)?, suit))
}

/// `CARD`, `CARD N` or `CARD f`.
fn card_move(card: Card, rest: &[&str]) -> Result<Command, CommandError> {
    let to = match rest {
        [] => CardTarget::Anywhere,
        [dest] if argument(Verb::Card, 0, dest) == Some(Meaning::ToFoundation) => CardTarget::Foundation,
        [dest] => CardTarget::Pile(pile(dest).map_err(|_| CommandError::BadDestination { text: dest.to_string() })?),
        _ => return Err(CommandError::TooMany { command: spec(Verb::Card) }),
    };
    Ok(Command::Move(MoveCommand::Card { card, to }))
}

impl fmt::Display for MoveCommand {
    /// The canonical text: `d`, `w 3`, `w f`, `t 2 5`, `t 2 5 3`, `t 4 f`, `f h 6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveCommand::Draw => f.write_str("d"),
            MoveCommand::WasteToTableau(to) => write!(f, "w {to}"),
            MoveCommand::WasteToFoundation => f.write_str("w f"),
            MoveCommand::TableauToTableau { from, to, count: None } => {
                write!(f, "t {from} {to}")
            }
            MoveCommand::TableauToTableau { from, to, count: Some(k) } => {
                write!(f, "t {from} {to} {k}")
            }
            MoveCommand::TableauToFoundation(from) => write!(f, "t {from} f"),
            MoveCommand::FoundationToTableau(suit, to) => {
                write!(f, "f {} {to}", suit.letter().to_ascii_lowercase())
            }
            MoveCommand::Card { card, to } => {
                let code = card.to_string().to_lowercase();
                match to {
                    CardTarget::Pile(p) => write!(f, "{code} {p}"),
                    CardTarget::Foundation => write!(f, "{code} f"),
                    CardTarget::Anywhere => f.write_str(&code),
                }
            }
        }
    }
}

impl fmt::Display for Command {
    /// The canonical text, which parses back to the same command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Move(m) => m.fmt(f),
            Command::Undo => f.write_str("undo"),
            Command::Redo => f.write_str("redo"),
            Command::Hint => f.write_str("hint"),
            Command::Ask(Query::Help(None)) => f.write_str("help"),
            Command::Ask(Query::Help(Some(word))) => write!(f, "help {word}"),
            Command::Ask(Query::LookAll(place)) => write!(f, "{} all", Command::Ask(Query::Look(*place))),
            Command::Ask(Query::Tops) => f.write_str("l t"),
            Command::Ask(Query::Find(card)) => write!(f, "find {}", card.to_string().to_lowercase()),
            Command::Ask(Query::AllMoves) => f.write_str("moves all"),
            Command::Restart => f.write_str("restart"),
            Command::Again => f.write_str("again"),
            Command::Repeat => f.write_str("repeat"),
            Command::Ask(Query::Table) => f.write_str("table"),
            Command::Ask(Query::Look(PileRef::Tableau(n))) => write!(f, "l {n}"),
            Command::Ask(Query::Look(PileRef::Waste)) => f.write_str("l w"),
            Command::Ask(Query::Look(PileRef::Foundations)) => f.write_str("l f"),
            Command::Ask(Query::Look(PileRef::Stock)) => f.write_str("l s"),
            Command::Ask(Query::Moves) => f.write_str("moves"),
            Command::Ask(Query::Score) => f.write_str("score"),
            Command::Ask(Query::Rules) => f.write_str("rules"),
            Command::Auto => f.write_str("auto"),
            Command::Solve => f.write_str("solve"),
            Command::Review => f.write_str("review"),
        }
    }
}

impl From<Move> for MoveCommand {
    /// The command that plays `mv`, with the count spelled out.
    fn from(mv: Move) -> MoveCommand {
        match mv {
            Move::Draw | Move::Redeal => MoveCommand::Draw,
            Move::WasteToTableau { to } => MoveCommand::WasteToTableau(to),
            Move::WasteToFoundation => MoveCommand::WasteToFoundation,
            Move::TableauToTableau { from, to, count } => {
                MoveCommand::TableauToTableau { from, to, count: Some(count) }
            }
            Move::TableauToFoundation { from } => MoveCommand::TableauToFoundation(from),
            Move::FoundationToTableau { suit, to } => MoveCommand::FoundationToTableau(suit, to),
        }
    }
}

impl MoveCommand {
    /// The fully specified move this command asks for in `position`: `d`
    /// becomes a draw or, with the stock empty, a redeal; `t A B` gets the
    /// one count of cards that fits. The move is also checked.
    ///
    /// # Errors
    /// The [`MoveError`] that names the card and the rule that forbids it.
    pub fn resolve(self, position: &Position, rules: &Rules) -> Result<Move, MoveError> {
        let mv = match self {
            MoveCommand::Draw if position.stock_len() > 0 => Move::Draw,
            MoveCommand::Draw => Move::Redeal,
            MoveCommand::WasteToTableau(to) => Move::WasteToTableau { to },
            MoveCommand::WasteToFoundation => Move::WasteToFoundation,
            MoveCommand::TableauToTableau { from, to, count: Some(count) } => {
                Move::TableauToTableau { from, to, count }
            }
            MoveCommand::TableauToTableau { from, to, count: None } => {
                Move::TableauToTableau { from, to, count: position.tableau_count(from, to)? }
            }
            MoveCommand::TableauToFoundation(from) => Move::TableauToFoundation { from },
            MoveCommand::FoundationToTableau(suit, to) => Move::FoundationToTableau { suit, to },
            MoveCommand::Card { card, to } => return card_to(card, to, position, rules),
        };
        position.check(mv, rules)?;
        Ok(mv)
    }
}

/// The move that takes `card` (with the cards on it) to `to` in `position`.
fn card_to(card: Card, to: CardTarget, position: &Position, rules: &Rules) -> Result<Move, MoveError> {
    // The move to a pile or the foundation, from wherever the card is.
    let onto = |pile: Option<PileId>| -> Result<Move, MoveError> {
        match (position.locate(card), pile) {
            (CardPlace::Hidden, _) => Err(MoveError::CardHidden { card }),
            (CardPlace::Waste { from_top: above @ 1.. }, _) => Err(MoveError::CardUnderWaste { card, above }),
            (CardPlace::Foundation { top: false }, _) => Err(MoveError::CardUnderFoundation { card }),
            (CardPlace::Foundation { top: true }, None) => Err(MoveError::CardOnFoundation { card }),
            (CardPlace::Foundation { top: true }, Some(to)) => Ok(Move::FoundationToTableau { suit: card.suit(), to }),
            (CardPlace::Waste { .. }, None) => Ok(Move::WasteToFoundation),
            (CardPlace::Waste { .. }, Some(to)) => Ok(Move::WasteToTableau { to }),
            (CardPlace::Tableau { pile, from_top: 0, .. }, None) => Ok(Move::TableauToFoundation { from: pile }),
            (CardPlace::Tableau { pile, from_top, .. }, None) => {
                Err(MoveError::CardNotOnTop { card, pile, above: from_top })
            }
            (CardPlace::Tableau { pile, .. }, Some(to)) if pile == to => Err(MoveError::CardOnPile { card, pile }),
            (CardPlace::Tableau { pile, from_top, .. }, Some(to)) => {
                Ok(Move::TableauToTableau { from: pile, to, count: from_top + 1 })
            }
        }
    };
    let checked = |mv: Move| position.check(mv, rules).map(|()| mv);
    match to {
        CardTarget::Pile(p) => checked(onto(Some(p))?),
        CardTarget::Foundation => checked(onto(None)?),
        CardTarget::Anywhere => {
            let home = onto(None);
            if let Ok(mv) = home.clone().and_then(checked) {
                return Ok(mv);
            }
            // Errors that say where the card is come before "goes nowhere";
            // and a card on its foundation stays there: taking it down costs
            // points, so it is done only when a pile is named (`2s 4`).
            if let Err(
                e @ (MoveError::CardHidden { .. }
                | MoveError::CardUnderWaste { .. }
                | MoveError::CardUnderFoundation { .. }
                | MoveError::CardOnFoundation { .. }),
            ) = home
            {
                return Err(e);
            }
            let fits: Vec<Move> =
                PileId::ALL.into_iter().filter_map(|p| onto(Some(p)).ok().and_then(|mv| checked(mv).ok())).collect();
            // A pile with nothing face down moved whole onto an empty pile
            // (a king's) changes nothing: made only when the pile is named.
            let idle = |mv: &Move| match *mv {
                Move::TableauToTableau { from, to, count } => {
                    let pile = position.pile(from);
                    pile.hidden().is_empty() && count == pile.face_up().len() && position.pile(to).is_empty()
                }
                _ => false,
            };
            if let (Some(&Move::TableauToTableau { from, to, .. }), true) = (fits.first(), fits.iter().all(idle)) {
                return Err(MoveError::CardAtBottom { card, pile: from, to });
            }
            match fits.as_slice() {
                [] => Err(MoveError::CardGoesNowhere { card }),
                [mv] => Ok(*mv),
                many => Err(MoveError::CardFitsSeveral {
                    card,
                    piles: many.iter().filter_map(|mv| mv.destination_pile()).collect(),
                }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_has_one_entry_and_the_parser_finds_it_by_every_word() {
        let verbs = COMMANDS.iter().map(|c| c.verb).collect::<std::collections::HashSet<_>>();
        assert_eq!(verbs.len(), COMMANDS.len(), "one entry per verb");
        for c in COMMANDS {
            assert_eq!(spec(c.verb), c);
            for word in std::iter::once(c.word).chain(c.aliases.iter().copied()) {
                assert_eq!(lookup(word).map(|found| found.verb), Some(c.verb), "{word}");
            }
        }
    }

    #[test]
    fn every_argument_word_has_one_meaning_in_each_of_its_slots_and_the_parser_reads_it_there() {
        let meanings = ARGUMENTS.iter().map(|a| a.meaning).collect::<std::collections::HashSet<_>>();
        assert_eq!(meanings.len(), ARGUMENTS.len(), "one entry per meaning");
        // A line that puts a word in a slot: the command, and the
        // arguments before the slot.
        let before = |slot: Slot| match (slot.verb, slot.index) {
            (Verb::Look, 0) => "l",
            (Verb::Look, 1) => "l 3",
            (Verb::Waste, 0) => "w",
            (Verb::Tableau, 1) => "t 1",
            (Verb::Card, 0) => "9h",
            (Verb::Moves, 0) => "moves",
            (Verb::Help, 0) => "help",
            (Verb::Autoplay, 0) => "autoplay",
            other => panic!("no line for the slot {other:?}"),
        };
        for a in ARGUMENTS {
            assert_eq!(argument_spec(a.meaning), a);
            for word in std::iter::once(a.word).chain(a.aliases.iter().copied()) {
                for &slot in a.slots {
                    let sharing = ARGUMENTS
                        .iter()
                        .filter(|b| b.slots.contains(&slot) && (b.word == word || b.aliases.contains(&word)))
                        .count();
                    assert_eq!(sharing, 1, "{word} means one thing in {slot:?}");
                    assert_eq!(argument(slot.verb, slot.index, word), Some(a.meaning), "{word} {slot:?}");
                    let line = format!("{} {}", before(slot), word.to_uppercase());
                    // A session command's line is the session's to read
                    // (its own tests), and refused as such here.
                    let session = matches!(line.parse::<Command>(), Err(CommandError::SessionCommand { .. }));
                    assert!(line.parse::<Command>().is_ok() || session, "{line}");
                }
            }
        }
        // Out of its slots a word is none: `l all` asks for no pile,
        // `w foundations` goes nowhere.
        assert_eq!(argument(Verb::Look, 0, "all"), None);
        assert_eq!(argument(Verb::Waste, 0, "foundations"), None);
        assert_eq!(argument(Verb::Tableau, 0, "f"), None);
    }

    #[test]
    fn every_word_a_form_spells_out_is_an_argument_word_of_its_slot() {
        // `w f`, `t A f`, `l N all`, `l t`, `l f`, `moves all`, `help all`: the lower-case
        // words of a form's usage after its command are in the table.
        let mut seen = 0;
        for spec in COMMANDS {
            for form in spec.forms {
                let usage = form.usage.split(", ").last().unwrap_or(form.usage);
                for (index, word) in usage.split_whitespace().skip(1).enumerate() {
                    if word.chars().all(|c| c.is_ascii_lowercase()) {
                        assert!(argument(spec.verb, index, word).is_some(), "{}: {word}", form.usage);
                        seen += 1;
                    }
                }
            }
        }
        assert_eq!(
            seen, 12,
            "w f, t A f, CARD f, l N all, l t, l w, l f, l s, moves all, help all, autoplay on, autoplay off"
        );
    }

    #[test]
    fn a_suit_symbol_reads_as_its_letter_only_after_a_rank() {
        assert_eq!("4♥ 3".parse::<Command>(), "4h 3".parse::<Command>());
        assert_eq!("10♠".parse::<Command>(), "10s".parse::<Command>());
        assert_eq!("Q♦ f".parse::<Command>(), "qd f".parse::<Command>());
        // Alone, a symbol is no command: ♦ is not d (a draw), nor ♥ h (a hint).
        for symbol in ["♦", "♥", "♠", "♣", "♦ 3"] {
            let err = symbol.parse::<Command>().unwrap_err();
            assert!(
                matches!(&err, CommandError::Unknown { word, .. } if word.starts_with(symbol.split(' ').next().unwrap())),
                "{symbol}: {err:?}"
            );
        }
    }

    #[test]
    fn too_few_or_too_many_words_are_answered_with_the_forms_of_the_table() {
        // The forms are the presentation layer's to add to the error's own words.
        let err = |line: &str| crate::app::render::refusals::command_error(&line.parse::<Command>().unwrap_err());
        assert_eq!(err("t"), "'t' needs more: t A B, t A B K or t A f, as in t 2 5");
        assert_eq!(err("w 3 4"), "too many words for 'w': w N or w f, as in w 3");
        assert_eq!(err("moves some"), "too many words for 'moves': moves or moves all");
        assert_eq!(err("9h 4 5"), "too many words for a card move: CARD N, CARD f or CARD, as in 9h 4");
        assert_eq!(err("l"), "'l' needs more: l N, l N all, l t, l w, l f or l s, as in l 3");
        assert_eq!(err("undo 2"), "'undo' takes no count: type u once for each move");
        assert_eq!(err("redo 3"), "'redo' takes no count: type redo once for each move");
        assert_eq!(err("undo all"), "too many words for 'undo': it takes no arguments");
    }

    /// [`complete`] with the cursor at the end of `line`.
    fn completed(line: &str) -> (usize, Vec<String>) {
        complete(line, line.len())
    }

    #[test]
    fn completion_offers_command_words_for_the_first_word() {
        assert_eq!(completed("RE"), (0, vec!["redo".into(), "repeat".into(), "restart".into(), "review".into()]));
        assert_eq!(completed("s").1, ["save", "score", "show", "solve", "stats"]);
        assert_eq!(completed("  sc"), (2, vec!["score".to_string()]));
        assert!(completed("x").1.is_empty());
        assert!(!completion_words().contains(&"card") && !completion_words().contains(&"d"));
        // What follows the cursor is left out: `mo|ves` completes `mo`.
        assert_eq!(complete("moves", 2), (0, vec!["moves".to_string()]));
    }

    #[test]
    fn completion_offers_the_topics_of_help_after_help() {
        let (start, topics) = completed("help ");
        assert_eq!(start, 5);
        // Every command's word, single letters and `card` among them, and `all`.
        for spec in COMMANDS {
            assert!(topics.contains(&spec.word.to_string()), "{}", spec.word);
        }
        assert!(topics.contains(&"all".to_string()));
        assert_eq!(topics.len(), COMMANDS.len() + 1);
        assert!(topics.windows(2).all(|w| w[0] < w[1]), "sorted, once each: {topics:?}");
        assert_eq!(completed("? RE"), (2, vec!["redo".into(), "repeat".into(), "restart".into(), "review".into()]));
        assert_eq!(completed("HELP a").1, ["again", "all", "auto", "autoplay"]);
        // Every topic offered is one `help` explains.
        for topic in &topics {
            assert!(format!("help {topic}").parse::<Command>().is_ok(), "{topic}");
        }
        // `help` takes one topic: after it, nothing.
        assert!(completed("help t ").1.is_empty());
    }

    #[test]
    fn completion_offers_the_argument_words_of_the_slot_under_the_cursor() {
        assert_eq!(
            completed("l "),
            (2, ["f", "foundations", "s", "stock", "t", "tops", "w", "waste"].map(String::from).to_vec())
        );
        assert_eq!(completed("look  W"), (6, vec!["w".into(), "waste".into()]));
        assert_eq!(completed("l st").1, ["stock"]);
        assert_eq!(completed("l 3 ").1, ["all"]);
        assert_eq!(completed("l w a").1, ["all"]);
        assert_eq!(completed("moves ").1, ["all"]);
        assert_eq!(completed("w ").1, ["f"]);
        assert_eq!(completed("t 4 ").1, ["f"]);
        assert_eq!(completed("9h ").1, ["f"]);
        assert_eq!(completed("9♥ ").1, ["f"]);
        // Where a number, a suit, a card or a file name goes, nothing.
        for line in ["t ", "t 4 2 ", "f ", "f h ", "find ", "save ", "new ", "d ", "l 3 all ", "xyz ", "card ", "w f "]
        {
            assert!(completed(line).1.is_empty(), "{line:?}");
        }
        // Every word offered makes a line the parser reads.
        for line in ["l ", "l 3 ", "moves ", "w ", "t 4 ", "9h "] {
            for word in completed(line).1 {
                assert!(format!("{line}{word}").parse::<Command>().is_ok(), "{line}{word}");
            }
        }
    }

    #[test]
    fn completion_takes_any_cursor_without_a_panic() {
        for line in ["", " ", "l ♥", "help  é", "t 1 2 3 4 5 6 7 8"] {
            for pos in 0..=line.len() + 2 {
                let (start, words) = complete(line, pos);
                assert!(start <= line.len() && line.is_char_boundary(start), "{line:?} {pos}");
                assert!(start <= pos && words.iter().all(|w| !w.is_empty()), "{line:?} {pos}");
            }
        }
        // Inside the `é`, the cursor is read as before it.
        assert_eq!(complete("help é", 6), complete("help é", 5));
        assert_eq!(complete("", 0), (0, completion_words().into_iter().map(String::from).collect()));
    }

    fn every_command() -> Vec<Command> {
        let mut all = vec![
            Command::Undo,
            Command::Redo,
            Command::Hint,
            Command::Ask(Query::Help(None)),
            Command::Ask(Query::Help(Some("t"))),
            Command::Ask(Query::Help(Some("all"))),
            Command::Ask(Query::Help(Some("card"))),
            Command::Ask(Query::Table),
            Command::Ask(Query::Tops),
            Command::Ask(Query::AllMoves),
            Command::Restart,
            Command::Again,
            Command::Repeat,
            Command::Ask(Query::LookAll(PileRef::Waste)),
            Command::Ask(Query::Moves),
            Command::Ask(Query::Score),
            Command::Ask(Query::Rules),
            Command::Auto,
            Command::Solve,
            Command::Ask(Query::Look(PileRef::Waste)),
            Command::Ask(Query::Look(PileRef::Foundations)),
            Command::Ask(Query::Look(PileRef::Stock)),
            Command::Move(MoveCommand::Draw),
            Command::Move(MoveCommand::WasteToFoundation),
        ];
        for card in Card::deck() {
            all.push(Command::Ask(Query::Find(card)));
            all.push(Command::Move(MoveCommand::Card { card, to: CardTarget::Foundation }));
            all.push(Command::Move(MoveCommand::Card { card, to: CardTarget::Anywhere }));
            for p in PileId::ALL {
                all.push(Command::Move(MoveCommand::Card { card, to: CardTarget::Pile(p) }));
            }
        }
        for spec in COMMANDS.iter().filter(|c| c.word != "card") {
            all.push(Command::Ask(Query::Help(Some(spec.word))));
        }
        for a in PileId::ALL {
            all.push(Command::Ask(Query::Look(PileRef::Tableau(a))));
            all.push(Command::Ask(Query::LookAll(PileRef::Tableau(a))));
            all.push(Command::Move(MoveCommand::WasteToTableau(a)));
            all.push(Command::Move(MoveCommand::TableauToFoundation(a)));
            for suit in Suit::ALL {
                all.push(Command::Move(MoveCommand::FoundationToTableau(suit, a)));
            }
            for b in PileId::ALL {
                all.push(Command::Move(MoveCommand::TableauToTableau { from: a, to: b, count: None }));
                for k in 1..=13 {
                    all.push(Command::Move(MoveCommand::TableauToTableau { from: a, to: b, count: Some(k) }));
                }
            }
        }
        all
    }

    #[test]
    fn every_command_round_trips_in_any_case() {
        for cmd in every_command() {
            let text = cmd.to_string();
            assert_eq!(text.parse::<Command>(), Ok(cmd.clone()), "{text}");
            assert_eq!(text.to_uppercase().parse::<Command>(), Ok(cmd.clone()), "{text}");
            assert_eq!(format!("  {}  ", text.replace(' ', "\t ")).parse::<Command>(), Ok(cmd));
        }
    }

    #[test]
    fn aliases() {
        assert_eq!("u".parse(), Ok(Command::Undo));
        assert_eq!("H".parse(), Ok(Command::Hint));
        assert_eq!("?".parse(), Ok(Command::Ask(Query::Help(None))));
        assert_eq!(".".parse(), Ok(Command::Again));
        // What the spoken help tells a screen-reader user to type.
        assert_eq!("dot".parse(), Ok(Command::Again));
        assert_eq!("help ?".parse(), Ok(Command::Ask(Query::Help(Some("help")))));
        assert_eq!("help 9h".parse(), Ok(Command::Ask(Query::Help(Some("card")))));
        assert_eq!("l t".parse(), Ok(Command::Ask(Query::Tops)));
        assert_eq!("moves all".parse(), Ok(Command::Ask(Query::AllMoves)));
        let card = |code: &str, to| Ok(Command::Move(MoveCommand::Card { card: code.parse().unwrap(), to }));
        assert_eq!("9h 4".parse(), card("9H", CardTarget::Pile(PileId::ALL[3])));
        assert_eq!("10H f".parse(), card("TH", CardTarget::Foundation));
        assert_eq!("ks".parse(), card("KS", CardTarget::Anywhere));
        assert_eq!("winnable?".parse(), Ok(Command::Solve));
    }

    fn err_free(s: &str) -> Command {
        s.parse().unwrap()
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Command>().unwrap_err();
        assert_eq!(err(""), CommandError::Empty);
        assert!(matches!(err("xyz"), CommandError::Unknown { .. }));
        // A slip gets the command it is one away from; a word near none, or
        // too short to tell, gets none.
        // (What to type is the presentation layer's to add.)
        let said = |s: &str| crate::app::render::refusals::command_error(&err(s));
        assert_eq!(said("hlep"), "unknown command 'hlep' (type help for the list; did you mean help?)");
        // A rank and a letter that is no suit: meant as a card, as "1h" is.
        for card_like in ["9x 3", "qx 3", "10z f", "1h 2"] {
            assert!(
                said(card_like).starts_with(&format!("'{}' is not a card", card_like.split(' ').next().unwrap())),
                "{card_like}"
            );
        }
        assert_eq!(said("resatrt"), "unknown command 'resatrt' (type help for the list; did you mean restart?)");
        for far in ["xyzzy", "dr", "bogus"] {
            assert!(matches!(err(far), CommandError::Unknown { suggestion: None, .. }), "{far}");
        }
        // A command run into its argument gets the line with the space.
        for (typed, meant) in [
            ("t7 f", "t 7 f"),
            ("w3", "w 3"),
            ("js1", "js 1"),
            ("3 4", "t 3 4"),
            ("T2 5 3", "t 2 5 3"),
            ("t76", "t 7 6"),
            ("t762", "t 7 6 2"),
            ("4h3", "4h 3"),
            ("10h3", "10h 3"),
            ("t7f", "t 7 f"),
            // No digit: split where it makes a command (helper report).
            ("wf", "w f"),
            ("lt", "l t"),
            ("jsf", "js f"),
            ("LW", "l w"),
        ] {
            let word = typed.split(' ').next().unwrap();
            assert_eq!(
                said(typed),
                format!("unknown command '{word}' (type help for the list; did you mean {meant}?)"),
                "{typed}"
            );
        }
        // Only where the line with the space is a command.
        for far in ["t9 f", "x3", "8 4", "w3 4", "t98", "4h9", "4x3"] {
            assert!(matches!(err(far), CommandError::Unknown { suggestion: None, .. }), "{far}");
        }
        // A later word run into the next, spaced, makes the command: the
        // refusal as typed, then the line meant (helper report: `t 7f` was
        // only "t needs more").
        for (typed, meant) in [("t 7f", "t 7 f"), ("t 76", "t 7 6"), ("T 7F", "t 7 f"), ("l 3all", "l 3 all")] {
            assert!(said(typed).ends_with(&format!("; did you mean {meant}?")), "{typed}: {}", said(typed));
            assert!(matches!(err(typed), CommandError::Respaced { .. }), "{typed}");
        }
        assert_eq!(said("t 7f"), "'t' needs more: t A B, t A B K or t A f, as in t 2 5; did you mean t 7 f?");
        assert_eq!(
            crate::app::render::refusals::command_error_spoken(&err("t 76")),
            "'t' needs more: as in t 2 5, t 2 5 3 or t 4 f; did you mean t 7 6?"
        );
        // The word quoted keeps its case.
        assert!(said("l 3ALL").starts_with("'3ALL' is not a place to look at"), "{}", said("l 3ALL"));
        // Only where the spaced line is a command.
        for far in ["t 9f", "t 78", "t 7 6 1x", "w f3", "l 3 al", "t 7654"] {
            assert!(!matches!(err(far), CommandError::Respaced { .. }), "{far}");
        }
        // A long word is split once at each place, no more (the parts of
        // each split were split again: a word of 5000 letters never ended).
        let long = "a".repeat(5000);
        assert!(matches!(err(&long), CommandError::Unknown { suggestion: None, .. }));
        assert!(matches!(err("t"), CommandError::Missing { command } if command.word == "t"));
        assert!(matches!(err("t 1"), CommandError::Missing { command } if command.word == "t"));
        assert!(matches!(err("w"), CommandError::Missing { command } if command.word == "w"));
        assert!(matches!(err("w 0"), CommandError::BadDestination { .. }));
        assert!(matches!(err("w 8"), CommandError::BadDestination { .. }));
        assert!(matches!(err("t 0 1"), CommandError::BadPile { .. }));
        assert!(matches!(err("t 1 8"), CommandError::BadDestination { .. }));
        assert!(matches!(err("f x 1"), CommandError::BadSuit { .. }));
        assert!(matches!(err("f cc 1"), CommandError::BadSuit { .. }));
        assert!(matches!(err("t 1 2 0"), CommandError::BadCount { .. }));
        assert!(matches!(err("t 1 2 14"), CommandError::BadCount { .. }));
        assert!(matches!(err("t 1 2 +3"), CommandError::BadCount { .. }));
        assert_eq!(
            err_free("t 01 2 003"),
            Command::Move(MoveCommand::TableauToTableau { from: PileId::ALL[0], to: PileId::ALL[1], count: Some(3) })
        );
        assert!(matches!(err("t 9 9 9"), CommandError::BadPile { .. }));
        assert!(matches!(err("w 3 4"), CommandError::TooMany { .. }));
        assert!(matches!(err("d d"), CommandError::NoArguments { command: "d" }));
        assert_eq!(err("draw 3").to_string(), "too many words for 'draw': it takes no arguments");
        assert!(matches!(err("u 1"), CommandError::NoCount { command: "undo", typed: "u" }));
        assert!(matches!(err("redo 21"), CommandError::NoCount { command: "redo", typed: "redo" }));
        for count in ["u -1", "u +2", "u 99999999999999999999"] {
            assert!(matches!(err(count), CommandError::NoCount { command: "undo", typed: "u" }), "{count}");
        }
        assert!(matches!(err("u x"), CommandError::NoArguments { command: "undo" }));
        assert!(matches!(err("t 1 2 3 4 5 6 7"), CommandError::TooMany { .. }));
        assert!(matches!(err("l"), CommandError::Missing { command } if command.word == "l"));
        assert!(matches!(err("l 8"), CommandError::BadPlace { .. }));
        assert!(matches!(err("l x"), CommandError::BadPlace { .. }));
        assert!(matches!(err("l 1 2"), CommandError::TooMany { .. }));
        assert!(matches!(err("moves 1"), CommandError::TooMany { .. }));
        // The session's commands are not the game's: in a script of moves
        // they are refused as such.
        for (line, word) in [("save x", "save"), ("LOAD", "load"), ("stats", "stats"), ("new 5", "new"), ("q", "quit")]
        {
            assert_eq!(err(line), CommandError::SessionCommand { word }, "{line}");
        }
        assert_eq!(head("Save x").map(|c| c.layer), Some(Layer::Session));
        assert_eq!(head("t 1 2").map(|c| c.layer), Some(Layer::Game));
        assert!(head("9h").is_none() && head("").is_none() && head("xyz").is_none());
        assert!(matches!(err("\u{2660}"), CommandError::Unknown { .. }));
        assert!(matches!(err("+1"), CommandError::Unknown { .. }));
        assert!(matches!(err("t +1 2"), CommandError::BadPile { .. }));
        assert!(matches!(err("9h 8"), CommandError::BadDestination { .. }));
        assert!(matches!(err("9h 4 5"), CommandError::TooMany { .. }));
        assert!(matches!(err("find"), CommandError::Missing { command } if command.word == "find"));
        assert!(matches!(err("find 1h"), CommandError::BadCard { .. }));
        assert!(matches!(err("help xyz"), CommandError::NoHelp { .. }));
        assert!(matches!(err("card"), CommandError::Unknown { .. }));
        assert!(matches!(err("l t 2"), CommandError::TooMany { .. }));
        assert!(matches!(err("l 3 some"), CommandError::TooMany { .. }));
        assert!(matches!(err("restart 1"), CommandError::NoArguments { command: "restart" }));
        assert!(matches!(err("1h 4"), CommandError::BadCard { .. }));
        assert!(matches!(err("11s"), CommandError::BadCard { .. }));
        assert_eq!(err_free("help w f"), Command::Ask(Query::Help(Some("w"))));
        assert_eq!(
            err_free("4♥ 3"),
            Command::Move(MoveCommand::Card { card: "4H".parse().unwrap(), to: CardTarget::Pile(PileId::ALL[2]) })
        );
        assert_eq!(err_free("find queen of hearts"), Command::Ask(Query::Find("QH".parse().unwrap())));
        assert_eq!(err_free("Find Ten of Club"), Command::Ask(Query::Find("TC".parse().unwrap())));
        assert_eq!(err_free("find 2 of spades"), Command::Ask(Query::Find("2S".parse().unwrap())));
        assert!(matches!(err("find queen of cups"), CommandError::BadCard { .. }));
    }

    #[test]
    fn no_card_code_is_a_command_word() {
        // A card move starts with a card code: no command may be spelled so.
        for spec in COMMANDS {
            for word in std::iter::once(&spec.word).chain(spec.aliases) {
                assert!(word.parse::<Card>().is_err(), "{word}");
            }
        }
    }

    #[test]
    fn card_moves_resolve_to_the_engines_moves() {
        let pos: Position = "tableau 2C | 9H 8S 7H / | TC / | TS / - / - / 3C | KD / | 2H \
                             ; stock * ; waste 4D 6C ; foundations - - AH - ; pass 1"
            .parse()
            .unwrap();
        let rules = Rules::default();
        let go = |text: &str| match text.parse::<Command>() {
            Ok(Command::Move(m)) => m.resolve(&pos, &rules),
            other => panic!("{text}: {other:?}"),
        };
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(go("9h 2"), Ok(Move::TableauToTableau { from: PileId::ALL[0], to: PileId::ALL[1], count: 3 }));
        assert_eq!(go("7h f"), Err(MoveError::NotNextOnFoundation { card: c("7H"), foundation_top: Some(c("AH")) }));
        assert_eq!(go("8s f"), Err(MoveError::CardNotOnTop { card: c("8S"), pile: PileId::ALL[0], above: 1 }));
        assert_eq!(go("2h"), Ok(Move::TableauToFoundation { from: PileId::ALL[6] }));
        assert_eq!(go("6c"), Ok(Move::WasteToTableau { to: PileId::ALL[0] }));
        assert_eq!(go("4d 2"), Err(MoveError::CardUnderWaste { card: c("4D"), above: 1 }));
        assert_eq!(go("3c"), Err(MoveError::CardHidden { card: c("3C") }));
        assert_eq!(go("ah"), Err(MoveError::CardOnFoundation { card: c("AH") }));
        assert_eq!(go("ah 3"), Err(MoveError::FoundationToTableauOff { card: c("AH"), pile: PileId::ALL[2] }));
        // From an empty foundation with the rule off, the rule is the reason
        // given (the empty foundation was, and the rule only once a card
        // was there: helper report).
        let spades = c("AS").suit();
        let down = Move::FoundationToTableau { suit: spades, to: PileId::ALL[0] };
        assert_eq!(pos.check(down, &rules), Err(MoveError::FoundationMovesOff { suit: spades, pile: PileId::ALL[0] }));
        let on = Rules { foundation_to_tableau: true, ..rules };
        assert_eq!(pos.check(down, &on), Err(MoveError::FoundationEmpty { suit: spades }));
        assert_eq!(
            go("kd"),
            Err(MoveError::CardFitsSeveral { card: c("KD"), piles: vec![PileId::ALL[3], PileId::ALL[4]] })
        );
        assert_eq!(go("kd 4"), Ok(Move::TableauToTableau { from: PileId::ALL[5], to: PileId::ALL[3], count: 1 }));
        assert_eq!(go("ts"), Err(MoveError::CardGoesNowhere { card: c("TS") }));
        // A card on its foundation is taken down only onto a pile named,
        // even where one pile would take it.
        let f2t = Rules { foundation_to_tableau: true, ..Rules::default() };
        let low: Position = "tableau 2C | 9H 8S 7H / | TC / | TS / - / - / 3C | KD / | 2S \
                             ; stock * ; waste 4D 6C ; foundations - - AH - ; pass 1"
            .parse()
            .unwrap();
        let down = |text: &str| match text.parse::<Command>() {
            Ok(Command::Move(m)) => m.resolve(&low, &f2t),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(down("ah"), Err(MoveError::CardOnFoundation { card: c("AH") }));
        assert_eq!(down("ah 7"), Ok(Move::FoundationToTableau { suit: c("AH").suit(), to: PileId::ALL[6] }));
        // A king alone on its pile, or a build on it with nothing face
        // down, goes to another empty pile only when it is named: alone,
        // such a move changes nothing. A king over face-down cards goes.
        let kings: Position = "tableau | KC / - / 2C | KH QS / | KD QC JH / 3C | KS / - / | 5D \
                               ; stock * ; waste 4D 6C ; foundations - - - - ; pass 1"
            .parse()
            .unwrap();
        let alone = |text: &str| match text.parse::<Command>() {
            Ok(Command::Move(m)) => m.resolve(&kings, &Rules::default()),
            other => panic!("{text}: {other:?}"),
        };
        let (p, two) = (PileId::ALL, PileId::ALL[1]);
        assert_eq!(alone("kc"), Err(MoveError::CardAtBottom { card: c("KC"), pile: p[0], to: two }));
        assert_eq!(
            alone("kc").unwrap_err().to_string(),
            "the king of clubs is at the bottom of pile 1 already: another empty pile changes nothing (name one to move it all the same, kc 2)"
        );
        assert_eq!(alone("kd"), Err(MoveError::CardAtBottom { card: c("KD"), pile: p[3], to: two }));
        assert_eq!(alone("kc 2"), Ok(Move::TableauToTableau { from: p[0], to: two, count: 1 }));
        assert_eq!(
            alone("kh"),
            Err(MoveError::CardFitsSeveral { card: c("KH"), piles: vec![two, p[5]] }),
            "over a face-down card: a move that turns it up"
        );
        // Named with the pile it is on: "already there", not "the same pile".
        assert_eq!(go("9h 1"), Err(MoveError::CardOnPile { card: c("9H"), pile: PileId::ALL[0] }));
        assert_eq!(go("9h 1").unwrap_err().to_string(), "the 9 of hearts is on pile 1 already");
        // Every card move the parser accepts is one the engine accepts, and
        // names the card it moves.
        for card in Card::deck() {
            for to in
                PileId::ALL.map(CardTarget::Pile).into_iter().chain([CardTarget::Foundation, CardTarget::Anywhere])
            {
                if let Ok(mv) = (MoveCommand::Card { card, to }).resolve(&pos, &rules) {
                    assert_eq!(pos.check(mv, &rules), Ok(()), "{card} {to:?}");
                }
            }
        }
    }

    #[test]
    fn messages_are_one_short_line() {
        let long = "a".repeat(5000);
        let msg = long.parse::<Command>().unwrap_err().to_string();
        assert!(msg.len() < 120, "{msg}");
        let msg = "\u{1}\u{7f} x".parse::<Command>().unwrap_err().to_string();
        assert!(!msg.chars().any(char::is_control), "{msg:?}");
        // Printable characters of any script are shown as they are.
        let msg = "т 1 2".parse::<Command>().unwrap_err().to_string();
        assert!(msg.contains("'т'"), "{msg}");
    }
}
