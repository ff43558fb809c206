//! Why something a player or a script asked for was refused, worded for
//! them: each error's own message, and where there is something to do
//! about it, what to type or which option turns it on, which only this
//! layer knows ("(type help for the list)", a command's forms from
//! [`COMMANDS`](crate::app::command::COMMANDS), "(start with
//! --foundation-to-tableau)"). The errors that hold a refused command or
//! move (a line of a moves script, a move of a game record) are worded here
//! too, so that what they hold is said the same way.

use crate::app::batch::{ScriptError, ScriptFault};
use crate::app::command::{CommandError, CommandSpec};
use crate::app::record::{MoveFault, RecordError};
use crate::engine::moves::MoveError;
use crate::engine::text::readable;

/// Why the rules forbid a move: its own message, and for a move the rules
/// in force turn off, the option that turns it on.
pub fn move_error(e: &MoveError) -> String {
    match e {
        MoveError::FoundationToTableauOff { .. } | MoveError::FoundationMovesOff { .. } => {
            format!("{e} (start with --foundation-to-tableau)")
        }
        _ => e.to_string(),
    }
}

/// Why a line is not a command, with what to type: the list behind
/// `help`, the command one slip away, the forms the command takes.
pub fn command_error(e: &CommandError) -> String {
    match e {
        CommandError::Empty | CommandError::NoHelp { .. } => format!("{e} (type help for the list)"),
        CommandError::Unknown { suggestion, .. } => format!(
            "{e} (type help for the list{})",
            suggestion.as_deref().map(|s| format!("; did you mean {s}?")).unwrap_or_default()
        ),
        CommandError::Missing { command } | CommandError::TooMany { command } => format!("{e}: {}", forms(command)),
        CommandError::MissingFile { command } => format!("{e}, for example {command} game.json"),
        CommandError::Respaced { error, meant } => format!("{}; did you mean {meant}?", command_error(error)),
        _ => e.to_string(),
    }
}

/// [`command_error`] for a screen reader: a command's forms said by their
/// examples ("as in t 2 5, t 2 5 3 or t 4 f"), since a capital standing
/// for a number is heard as a word ("t A B" as "t, a, b").
pub fn command_error_spoken(e: &CommandError) -> String {
    match e {
        CommandError::Missing { command } | CommandError::TooMany { command } => {
            format!("{e}: {}", spoken_forms(command))
        }
        CommandError::Respaced { error, meant } => format!("{}; did you mean {meant}?", command_error_spoken(error)),
        _ => command_error(e),
    }
}

/// A command's forms by their examples: "as in t 2 5, t 2 5 3 or t 4 f";
/// a command whose forms take no argument in capitals, by the forms
/// themselves ("moves or moves all").
fn spoken_forms(command: &CommandSpec) -> String {
    if !command.forms.iter().any(|f| f.usage.contains(|c: char| c.is_ascii_uppercase())) {
        return forms(command);
    }
    let mut examples: Vec<&str> = Vec::new();
    for f in command.forms {
        // An optional part is said as two forms, without and with it:
        // `new [N]` is "new or new 42".
        let bare = f.usage.find(" [").filter(|_| f.usage.ends_with(']')).map(|at| &f.usage[..at]);
        for said in bare.into_iter().chain(Some(f.example)) {
            if !examples.contains(&said) {
                examples.push(said);
            }
        }
    }
    match examples.as_slice() {
        [] => command.word.to_string(),
        [one] => format!("as in {one}"),
        [init @ .., last] => format!("as in {} or {last}", init.join(", ")),
    }
}

/// What a command takes, from its forms in the table: "t A B, t A B K or
/// t A f, as in t 2 5" (the example where the first form has arguments).
fn forms(command: &CommandSpec) -> String {
    // An optional part is said as two forms, without and with it:
    // `new [N]` is "new or new N".
    let usages: Vec<String> = command
        .forms
        .iter()
        .flat_map(|f| match (f.usage.find(" ["), f.usage.ends_with(']')) {
            (Some(at), true) => vec![f.usage[..at].to_string(), f.usage.replace(['[', ']'], "")],
            _ => vec![f.usage.to_string()],
        })
        .collect();
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

/// Why a line of a moves script cannot be played.
pub fn script_fault(e: &ScriptFault) -> String {
    match e {
        ScriptFault::Command(e) => command_error(e),
        ScriptFault::Move(e) => move_error(e),
        ScriptFault::History(_) | ScriptFault::AnotherGame | ScriptFault::Play(_) => e.to_string(),
    }
}

/// A line of a moves script that cannot be played, and why.
pub fn script_error(e: &ScriptError) -> String {
    format!("line {}: '{}': {}", e.line, e.text, script_fault(&e.why))
}

/// How many characters of a game record's text are quoted back.
const RECORD_QUOTED: usize = 30;

/// Why a move of a game record cannot be played.
pub fn move_fault(e: &MoveFault) -> String {
    match e {
        MoveFault::NotACommand(e) => command_error(e),
        MoveFault::Refused(e) => move_error(e),
        MoveFault::NotAMove(_) | MoveFault::SessionCommand(_) => e.to_string(),
    }
}

/// Why a game record could not be read or replayed.
pub fn record_error(e: &RecordError) -> String {
    match e {
        RecordError::IllegalMove { index, command, why } => format!(
            "move {index} of the game record ('{}') cannot be played: {}",
            readable(command, RECORD_QUOTED),
            move_fault(why)
        ),
        RecordError::IllegalRedo { index, command, why } => format!(
            "undone move {index} of the game record ('{}') cannot be played again: {}",
            readable(command, RECORD_QUOTED),
            move_fault(why)
        ),
        _ => e.to_string(),
    }
}

/// The saved game `name` does not replay (`error`), and was moved to `moved`.
pub fn saved_game_unplayable(name: &str, error: &crate::app::record::RecordError, moved: &str) -> String {
    let error = record_error(error);
    format!("the saved game {name} cannot be replayed ({error}); it was moved to {moved}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// For a screen reader a command's forms are said by their examples:
    /// "t A B" was heard as "t, a, b" (helper report).
    #[test]
    fn forms_are_said_by_their_examples_for_a_screen_reader() {
        let said = |line: &str| command_error_spoken(&line.parse::<crate::app::command::Command>().unwrap_err());
        assert_eq!(said("t 2"), "'t' needs more: as in t 2 5, t 2 5 3 or t 4 f");
        assert_eq!(said("w"), "'w' needs more: as in w 3 or w f");
        assert_eq!(said("moves some"), "too many words for 'moves': moves or moves all");
        let line = |line: &str| command_error_spoken(&line.parse::<crate::app::session_command::Line>().unwrap_err());
        assert_eq!(line("new 1 2"), "too many words for 'new': as in new or new 42");
        // The eye keeps the forms with their capitals.
        let seen = command_error(&"t 2".parse::<crate::app::command::Command>().unwrap_err());
        assert_eq!(seen, "'t' needs more: t A B, t A B K or t A f, as in t 2 5");
    }
}
