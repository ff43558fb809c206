//! The session's own commands, `save`, `load`, `stats`, `new` and `quit`,
//! and a line as the session reads it ([`Line`]): one of those, or a
//! command of the game notation ([`Command`]). Their words, forms and help
//! are in the one table, [`COMMANDS`](crate::app::command::COMMANDS), tagged
//! [`Layer::Session`]; the game notation refuses them, so that a script of
//! moves or a saved game never holds one.
//!
//! ```
//! use klondike::app::command::Command;
//! use klondike::app::session::{Line, SessionCommand};
//!
//! assert_eq!("save My Game.json".parse(), Ok(Line::Session(SessionCommand::Save("My Game.json".into()))));
//! assert_eq!("u".parse(), Ok(Line::Game(Command::Undo)));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::app::command::{self, Command, CommandError, CommandSpec, Layer, Meaning, Verb};
use crate::engine::deal::GameNumber;
use crate::engine::text::is_unprintable;

/// A command of the session around the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SessionCommand {
    /// Save the game to a file (the name as typed, its case kept).
    Save(String),
    /// Load a saved game from a file.
    Load(String),
    /// Show the statistics.
    Stats,
    /// Start a new game: a random one, or the given game number.
    New(Option<GameNumber>),
    /// End the session.
    Quit,
    /// Turn autoplay on (`Some(true)`) or off, or say whether it is on.
    Autoplay(Option<bool>),
}

/// One line of input as the session reads it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// A command of the game notation.
    Game(Command),
    /// One of the session's own.
    Session(SessionCommand),
}

impl FromStr for Line {
    type Err = CommandError;

    /// A line whose first word is a session command's is that command;
    /// any other is read by the game notation ([`Command`]'s `FromStr`).
    ///
    /// # Errors
    /// [`CommandError`] naming what was wrong.
    fn from_str(line: &str) -> Result<Line, CommandError> {
        match command::head(line) {
            Some(spec) if spec.layer == Layer::Session => {
                SessionCommand::read(spec, line).map(Line::Session).map_err(|e| e.with_case_of(line))
            }
            _ => line.parse().map(Line::Game),
        }
    }
}

impl SessionCommand {
    /// The command `spec` (a session command of the table) with the
    /// arguments `line` gives it after its first word.
    fn read(spec: &'static CommandSpec, line: &str) -> Result<SessionCommand, CommandError> {
        let lower = command::normalised(line);
        let words: Vec<&str> = lower.split_whitespace().skip(1).collect();
        match spec.verb {
            Verb::Save => file_name(spec.word, line).map(SessionCommand::Save),
            Verb::Load => file_name(spec.word, line).map(SessionCommand::Load),
            Verb::Stats => command::no_arguments(&words, spec).map(|()| SessionCommand::Stats),
            Verb::Quit => command::no_arguments(&words, spec).map(|()| SessionCommand::Quit),
            Verb::Autoplay => match words[..] {
                [] => Ok(SessionCommand::Autoplay(None)),
                [word] => match command::argument(Verb::Autoplay, 0, word) {
                    Some(Meaning::On) => Ok(SessionCommand::Autoplay(Some(true))),
                    Some(Meaning::Off) => Ok(SessionCommand::Autoplay(Some(false))),
                    _ => Err(CommandError::NotOnOff { text: word.to_string() }),
                },
                _ => Err(CommandError::TooMany { command: spec }),
            },
            Verb::New => match words[..] {
                [] => Ok(SessionCommand::New(None)),
                [n] => n
                    .parse::<GameNumber>()
                    .map(|n| SessionCommand::New(Some(n)))
                    .map_err(|_| CommandError::BadGameNumber { text: n.to_string() }),
                _ => Err(CommandError::TooMany { command: spec }),
            },
            // Only the session's commands come here ([`Line`]'s `FromStr`).
            _ => Err(CommandError::Unknown { word: spec.word.to_string(), suggestion: None }),
        }
    }
}

/// The file name after `save` or `load` (`command`) in `line`: its case and
/// inner spaces kept, and a name in quotes, as a shell would take it, the
/// name inside.
fn file_name(command: &'static str, line: &str) -> Result<String, CommandError> {
    let trimmed = line.trim_start();
    let name = trimmed[trimmed.find(char::is_whitespace).unwrap_or(trimmed.len())..].trim();
    let name = match name.as_bytes() {
        [b'"', .., b'"'] | [b'\'', .., b'\''] if name.len() >= 2 => &name[1..name.len() - 1],
        // A quote opened and never closed is a slip, not a file name.
        [b'"' | b'\'', ..] => return Err(CommandError::UnclosedQuote { command }),
        _ => name,
    };
    if name.is_empty() {
        return Err(CommandError::MissingFile { command });
    }
    if name.chars().any(is_unprintable) {
        return Err(CommandError::BadFileName { text: name.to_string() });
    }
    if name.contains(char::REPLACEMENT_CHARACTER) {
        return Err(CommandError::NotUtf8FileName { text: name.to_string() });
    }
    Ok(name.to_string())
}

impl fmt::Display for SessionCommand {
    /// The command as typed: [`Line`]'s `FromStr` reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionCommand::Save(file) => write!(f, "save {file}"),
            SessionCommand::Load(file) => write!(f, "load {file}"),
            SessionCommand::Stats => f.write_str("stats"),
            SessionCommand::New(None) => f.write_str("new"),
            SessionCommand::New(Some(n)) => write!(f, "new {n}"),
            SessionCommand::Quit => f.write_str("quit"),
            SessionCommand::Autoplay(None) => f.write_str("autoplay"),
            SessionCommand::Autoplay(Some(on)) => write!(f, "autoplay {}", if *on { "on" } else { "off" }),
        }
    }
}

impl fmt::Display for Line {
    /// The command as typed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Game(command) => command.fmt(f),
            Line::Session(command) => command.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::Query;

    fn every_session_command() -> Vec<SessionCommand> {
        vec![
            SessionCommand::Quit,
            SessionCommand::New(None),
            SessionCommand::New(GameNumber::new(1)),
            SessionCommand::New(GameNumber::new(u128::MAX)),
            SessionCommand::Stats,
            SessionCommand::Save("My Game.json".into()),
            SessionCommand::Load("/tmp/x.json".into()),
            SessionCommand::Autoplay(None),
            SessionCommand::Autoplay(Some(true)),
            SessionCommand::Autoplay(Some(false)),
        ]
    }

    #[test]
    fn every_session_command_round_trips_in_any_case() {
        for cmd in every_session_command() {
            let text = cmd.to_string();
            let line = Line::Session(cmd.clone());
            assert_eq!(text.parse::<Line>(), Ok(line.clone()), "{text}");
            // File names keep their case and inner spaces; the word does not care.
            let (word, rest) = text.split_once(' ').unwrap_or((&text, ""));
            let loud = format!("\t{}  {rest}  ", word.to_uppercase());
            assert_eq!(loud.parse::<Line>(), Ok(line), "{loud}");
        }
    }

    #[test]
    fn every_command_word_of_the_session_is_one_of_its_commands() {
        for spec in command::COMMANDS.iter().filter(|c| c.layer == Layer::Session) {
            let example = spec.forms[0].example;
            assert!(matches!(example.parse::<Line>(), Ok(Line::Session(_))), "{example}");
            for alias in spec.aliases {
                assert!(matches!(alias.parse::<Line>(), Ok(Line::Session(_))), "{alias}");
            }
        }
        assert_eq!("q".parse(), Ok(Line::Session(SessionCommand::Quit)));
        assert_eq!("EXIT".parse(), Ok(Line::Session(SessionCommand::Quit)));
    }

    #[test]
    fn game_lines_are_the_game_notations() {
        assert_eq!("t 1 2".parse::<Line>().map(|l| l.to_string()), Ok("t 1 2".to_string()));
        assert_eq!("help save".parse(), Ok(Line::Game(Command::Ask(Query::Help(Some("save"))))));
        assert_eq!("hlep".parse::<Line>(), "hlep".parse::<Command>().map(Line::Game));
        assert_eq!("".parse::<Line>(), Err(CommandError::Empty));
    }

    #[test]
    fn malformed_session_lines_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Line>().unwrap_err();
        assert!(matches!(err("new 0"), CommandError::BadGameNumber { .. }));
        assert!(matches!(err("new +5"), CommandError::BadGameNumber { .. }));
        assert_eq!(err("NEW X1").to_string(), "'X1' is not a game number: give a whole number from 1 to 2^128-1");
        assert!(matches!(err("new 1 2"), CommandError::TooMany { command } if command.verb == Verb::New));
        assert!(matches!(err("stats now"), CommandError::NoArguments { command: "stats" }));
        assert!(matches!(err("q q"), CommandError::NoArguments { command: "quit" }));
        assert!(matches!(err("save"), CommandError::MissingFile { command: "save" }));
        assert!(matches!(err("LOAD   "), CommandError::MissingFile { command: "load" }));
        assert!(matches!(err("save \u{1}x"), CommandError::BadFileName { .. }));
        // Input that is not UTF-8 is read with U+FFFD for its bad bytes:
        // such a name would save to another file than the one typed.
        assert_eq!(
            err("save sv/\u{fffd}.json").to_string(),
            "'sv/\u{fffd}.json' has bytes in it that are not UTF-8 text: name the file in plain characters"
        );
        assert_eq!("save \"a b.json\"".parse(), Ok(Line::Session(SessionCommand::Save("a b.json".into()))));
        assert!(matches!(err("save \"\""), CommandError::MissingFile { .. }));
        // A quote opened and not closed names no file (it made one named `"`).
        for line in ["save \"", "save \"a b", "load 'x"] {
            assert!(matches!(err(line), CommandError::UnclosedQuote { .. }), "{line}");
        }
        assert_eq!(err("save \"").to_string(), "the file name after 'save' opens a quote and does not close it");
    }
}
