//! The command language of SPEC.md: text <-> [`Command`], and
//! [`MoveCommand`] -> [`Move`] against a position.
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
//! | `save FILE`, `load FILE` | save the game to a file, load one (the file name keeps its case) |
//! | `stats` | the statistics of games played |
//! | `new`, `new N` | a new game (random, or game N) |
//! | `q`, `quit`, `exit` | end the session |

use std::fmt;
use std::str::FromStr;

use crate::card::Suit;
use crate::game::Position;
use crate::moves::{Move, MoveError};
use crate::query::PileRef;
use crate::rules::Rules;

/// A move as the player typed it; pile numbers 0-based (0..=6). Unlike
/// [`Move`], it may leave out what the position decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveCommand {
    /// `d`: draw, or redeal when the stock is empty.
    Draw,
    /// `w N`.
    WasteToTableau(usize),
    /// `w f`.
    WasteToFoundation,
    /// `t A B [K]`; `count` is `None` when left out (1..=13 otherwise).
    TableauToTableau { from: usize, to: usize, count: Option<usize> },
    /// `t A f`.
    TableauToFoundation(usize),
    /// `f S N`.
    FoundationToTableau(Suit, usize),
}

/// One line of the command language.
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
    /// List the commands.
    Help,
    /// Print the table again.
    Table,
    /// Describe one part of the table (`l 3`, `l w`, `l f`, `l s`).
    Look(PileRef),
    /// List the legal moves.
    Moves,
    /// Say the score and the moves made.
    Score,
    /// Say the rules in force.
    Rules,
    /// Play every safe card to its foundation, each as its own move.
    Auto,
    /// Solve the game from the current position.
    Solve,
    /// Save the game to a file.
    Save(String),
    /// Load a saved game from a file.
    Load(String),
    /// Show the statistics.
    Stats,
    /// Start a new game: a random one, or the given game number (>= 1).
    New(Option<u128>),
    /// End the session.
    Quit,
}

/// Why a line is not a command. Messages are one line and say what to type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line has no words.
    Empty,
    /// The first word is no command.
    Unknown { word: String },
    /// A command lacks an argument.
    Missing { command: &'static str, usage: &'static str },
    /// A command has more arguments than it takes.
    TooMany { command: &'static str, usage: &'static str },
    /// A pile number is not 1..=7.
    BadPile { text: String },
    /// A destination is neither a pile number nor `f`.
    BadDestination { text: String },
    /// A count of cards is not 1..=13.
    BadCount { text: String },
    /// A suit is not one of `c d h s`.
    BadSuit { text: String },
    /// A game number is not 1..=2^128-1.
    BadGameNumber { text: String },
    /// What `l` should describe is not a pile, `w`, `f` or `s`.
    BadPlace { text: String },
    /// `save` or `load` without a file name.
    MissingFile { command: &'static str },
}

pub use crate::render::words::is_unprintable;

/// Shortens and makes printable a piece of user input for a message.
fn shown(text: &str) -> String {
    crate::render::words::readable(text, 20)
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => f.write_str("empty command (type help for the list)"),
            CommandError::Unknown { word } => {
                write!(f, "unknown command '{}' (type help for the list)", shown(word))
            }
            CommandError::Missing { command, usage } => {
                write!(f, "'{command}' needs more: {usage}")
            }
            CommandError::TooMany { command, usage } => {
                write!(f, "too many words for '{command}': {usage}")
            }
            CommandError::BadPile { text } => {
                write!(f, "'{}' is not a pile: piles are 1 to 7", shown(text))
            }
            CommandError::BadDestination { text } => {
                write!(f, "'{}' is not a destination: give a pile 1 to 7, or f for the foundation", shown(text))
            }
            CommandError::BadCount { text } => {
                write!(f, "'{}' is not a number of cards: give 1 to 13", shown(text))
            }
            CommandError::BadSuit { text } => {
                write!(f, "'{}' is not a suit: give c, d, h or s", shown(text))
            }
            CommandError::BadPlace { text } => write!(
                f,
                "'{}' is not a place to look at: give a pile 1 to 7, w (waste), f (foundations) or s (stock)",
                shown(text)
            ),
            CommandError::MissingFile { command } => {
                write!(f, "'{command}' needs a file name, e.g. {command} game.json")
            }
            CommandError::BadGameNumber { text } => {
                write!(f, "'{}' is not a game number: give a whole number from 1 to 2^128-1", shown(text))
            }
        }
    }
}

impl std::error::Error for CommandError {}

const USAGE_L: &str = "l N describes pile N (1-7); l w the waste, l f the foundations, l s the stock";
const USAGE_W: &str = "w N moves the waste's top card to pile N (1-7), w f to its foundation";
const USAGE_T: &str = "t A B moves cards from pile A to pile B (t A B K moves K cards), t A f to the foundation";
const USAGE_F: &str = "f S N moves the top card of foundation S (c, d, h, s) to pile N";

/// A whole number written in ASCII digits only (leading zeros allowed, no sign).
fn number(text: &str) -> Option<u128> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn pile(text: &str) -> Result<usize, CommandError> {
    match number(text) {
        Some(n @ 1..=7) => Ok(n as usize - 1),
        _ => Err(CommandError::BadPile { text: text.to_string() }),
    }
}

fn no_more(rest: &[&str], command: &'static str, usage: &'static str) -> Result<(), CommandError> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(CommandError::TooMany { command, usage })
    }
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
    fn with_case_of(mut self, line: &str) -> CommandError {
        let (CommandError::Unknown { word: text }
        | CommandError::BadPile { text }
        | CommandError::BadDestination { text }
        | CommandError::BadCount { text }
        | CommandError::BadSuit { text }
        | CommandError::BadGameNumber { text }
        | CommandError::BadPlace { text }) = &mut self
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
    let lower = line.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(CommandError::Empty);
    };
    let simple = |cmd: Command, name: &'static str| no_more(rest, name, "it takes no arguments").map(|()| cmd);
    match first {
        "d" | "draw" => simple(Command::Move(MoveCommand::Draw), "d"),
        "u" | "undo" => simple(Command::Undo, "undo"),
        "redo" => simple(Command::Redo, "redo"),
        "h" | "hint" => simple(Command::Hint, "hint"),
        "?" | "help" => simple(Command::Help, "help"),
        "table" | "show" => simple(Command::Table, "table"),
        "q" | "quit" | "exit" => simple(Command::Quit, "quit"),
        "moves" => simple(Command::Moves, "moves"),
        "score" => simple(Command::Score, "score"),
        "rules" => simple(Command::Rules, "rules"),
        "a" | "auto" => simple(Command::Auto, "auto"),
        "solve" | "winnable" | "winnable?" => simple(Command::Solve, "solve"),
        "stats" => simple(Command::Stats, "stats"),
        "save" | "load" => {
            // The file name keeps its case and its inner spaces.
            let trimmed = line.trim_start();
            let name = trimmed[trimmed.find(char::is_whitespace).unwrap_or(trimmed.len())..].trim();
            let command = if first == "save" { "save" } else { "load" };
            if name.is_empty() {
                return Err(CommandError::MissingFile { command });
            }
            Ok(if first == "save" { Command::Save(name.to_string()) } else { Command::Load(name.to_string()) })
        }
        "l" | "look" => {
            let [what, more @ ..] = rest else {
                return Err(CommandError::Missing { command: "l", usage: USAGE_L });
            };
            no_more(more, "l", USAGE_L)?;
            let place = match *what {
                "w" | "waste" => PileRef::Waste,
                "f" | "foundations" => PileRef::Foundations,
                "s" | "stock" => PileRef::Stock,
                n => PileRef::Tableau(pile(n).map_err(|_| CommandError::BadPlace { text: n.to_string() })?),
            };
            Ok(Command::Look(place))
        }
        "new" => match rest {
            [] => Ok(Command::New(None)),
            [n] => match number(n) {
                Some(n) if n >= 1 => Ok(Command::New(Some(n))),
                _ => Err(CommandError::BadGameNumber { text: n.to_string() }),
            },
            _ => Err(CommandError::TooMany { command: "new", usage: "new, or new N for game N" }),
        },
        "w" => {
            let [dest, more @ ..] = rest else {
                return Err(CommandError::Missing { command: "w", usage: USAGE_W });
            };
            no_more(more, "w", USAGE_W)?;
            if *dest == "f" {
                Ok(Command::Move(MoveCommand::WasteToFoundation))
            } else {
                pile(dest)
                    .map(|p| Command::Move(MoveCommand::WasteToTableau(p)))
                    .map_err(|_| CommandError::BadDestination { text: dest.to_string() })
            }
        }
        "t" => {
            let [from, dest, more @ ..] = rest else {
                return Err(CommandError::Missing { command: "t", usage: USAGE_T });
            };
            let from = pile(from)?;
            if *dest == "f" {
                no_more(more, "t", USAGE_T)?;
                return Ok(Command::Move(MoveCommand::TableauToFoundation(from)));
            }
            let to = pile(dest).map_err(|_| CommandError::BadDestination { text: dest.to_string() })?;
            let count = match more {
                [] => None,
                [k] => match number(k) {
                    Some(n @ 1..=13) => Some(n as usize),
                    _ => return Err(CommandError::BadCount { text: k.to_string() }),
                },
                _ => return Err(CommandError::TooMany { command: "t", usage: USAGE_T }),
            };
            Ok(Command::Move(MoveCommand::TableauToTableau { from, to, count }))
        }
        "f" => {
            let [suit, to, more @ ..] = rest else {
                return Err(CommandError::Missing { command: "f", usage: USAGE_F });
            };
            no_more(more, "f", USAGE_F)?;
            let mut chars = suit.chars();
            let suit = match (chars.next().and_then(Suit::from_letter), chars.next()) {
                (Some(s), None) => s,
                _ => return Err(CommandError::BadSuit { text: suit.to_string() }),
            };
            Ok(Command::Move(MoveCommand::FoundationToTableau(suit, pile(to)?)))
        }
        other => Err(CommandError::Unknown { word: other.to_string() }),
    }
}

impl fmt::Display for MoveCommand {
    /// The canonical text: `d`, `w 3`, `w f`, `t 2 5`, `t 2 5 3`, `t 4 f`, `f h 6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveCommand::Draw => f.write_str("d"),
            MoveCommand::WasteToTableau(to) => write!(f, "w {}", to + 1),
            MoveCommand::WasteToFoundation => f.write_str("w f"),
            MoveCommand::TableauToTableau { from, to, count: None } => {
                write!(f, "t {} {}", from + 1, to + 1)
            }
            MoveCommand::TableauToTableau { from, to, count: Some(k) } => {
                write!(f, "t {} {} {}", from + 1, to + 1, k)
            }
            MoveCommand::TableauToFoundation(from) => write!(f, "t {} f", from + 1),
            MoveCommand::FoundationToTableau(suit, to) => {
                write!(f, "f {} {}", suit.letter().to_ascii_lowercase(), to + 1)
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
            Command::Help => f.write_str("help"),
            Command::Table => f.write_str("table"),
            Command::New(None) => f.write_str("new"),
            Command::New(Some(n)) => write!(f, "new {n}"),
            Command::Quit => f.write_str("quit"),
            Command::Look(PileRef::Tableau(n)) => write!(f, "l {}", n + 1),
            Command::Look(PileRef::Waste) => f.write_str("l w"),
            Command::Look(PileRef::Foundations) => f.write_str("l f"),
            Command::Look(PileRef::Stock) => f.write_str("l s"),
            Command::Moves => f.write_str("moves"),
            Command::Score => f.write_str("score"),
            Command::Rules => f.write_str("rules"),
            Command::Auto => f.write_str("auto"),
            Command::Solve => f.write_str("solve"),
            Command::Save(file) => write!(f, "save {file}"),
            Command::Load(file) => write!(f, "load {file}"),
            Command::Stats => f.write_str("stats"),
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
        };
        position.check(mv, rules)?;
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_command() -> Vec<Command> {
        let mut all = vec![
            Command::Undo,
            Command::Redo,
            Command::Hint,
            Command::Help,
            Command::Table,
            Command::Quit,
            Command::New(None),
            Command::Moves,
            Command::Score,
            Command::Rules,
            Command::Auto,
            Command::Solve,
            Command::Stats,
            Command::Save("My Game.json".into()),
            Command::Load("/tmp/x.json".into()),
            Command::Look(PileRef::Waste),
            Command::Look(PileRef::Foundations),
            Command::Look(PileRef::Stock),
            Command::New(Some(1)),
            Command::New(Some(u128::MAX)),
            Command::Move(MoveCommand::Draw),
            Command::Move(MoveCommand::WasteToFoundation),
        ];
        for a in 0..7 {
            all.push(Command::Look(PileRef::Tableau(a)));
            all.push(Command::Move(MoveCommand::WasteToTableau(a)));
            all.push(Command::Move(MoveCommand::TableauToFoundation(a)));
            for suit in Suit::ALL {
                all.push(Command::Move(MoveCommand::FoundationToTableau(suit, a)));
            }
            for b in 0..7 {
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
            if matches!(cmd, Command::Save(_) | Command::Load(_)) {
                // File names keep their case and inner spaces; the word does not care.
                let (word, file) = text.split_once(' ').unwrap();
                let loud = format!("\t{}  {file}  ", word.to_uppercase());
                assert_eq!(loud.parse::<Command>(), Ok(cmd), "{loud}");
                continue;
            }
            assert_eq!(text.to_uppercase().parse::<Command>(), Ok(cmd.clone()), "{text}");
            assert_eq!(format!("  {}  ", text.replace(' ', "\t ")).parse::<Command>(), Ok(cmd));
        }
    }

    #[test]
    fn aliases() {
        assert_eq!("u".parse(), Ok(Command::Undo));
        assert_eq!("H".parse(), Ok(Command::Hint));
        assert_eq!("q".parse(), Ok(Command::Quit));
        assert_eq!("?".parse(), Ok(Command::Help));
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
        assert!(matches!(err("t"), CommandError::Missing { command: "t", .. }));
        assert!(matches!(err("t 1"), CommandError::Missing { command: "t", .. }));
        assert!(matches!(err("w"), CommandError::Missing { command: "w", .. }));
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
            Command::Move(MoveCommand::TableauToTableau { from: 0, to: 1, count: Some(3) })
        );
        assert!(matches!(err("t 9 9 9"), CommandError::BadPile { .. }));
        assert!(matches!(err("w 3 4"), CommandError::TooMany { .. }));
        assert!(matches!(err("d d"), CommandError::TooMany { .. }));
        assert!(matches!(err("u 1"), CommandError::TooMany { .. }));
        assert!(matches!(err("t 1 2 3 4 5 6 7"), CommandError::TooMany { .. }));
        assert!(matches!(err("new 0"), CommandError::BadGameNumber { .. }));
        assert!(matches!(err("l"), CommandError::Missing { command: "l", .. }));
        assert!(matches!(err("l 8"), CommandError::BadPlace { .. }));
        assert!(matches!(err("l x"), CommandError::BadPlace { .. }));
        assert!(matches!(err("l 1 2"), CommandError::TooMany { .. }));
        assert!(matches!(err("moves 1"), CommandError::TooMany { .. }));
        assert!(matches!(err("save"), CommandError::MissingFile { command: "save" }));
        assert!(matches!(err("LOAD   "), CommandError::MissingFile { command: "load" }));
        assert!(matches!(err("\u{2660}"), CommandError::Unknown { .. }));
        assert!(matches!(err("+1"), CommandError::Unknown { .. }));
        assert!(matches!(err("t +1 2"), CommandError::BadPile { .. }));
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
