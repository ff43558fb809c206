//! `help` in words: the list of commands for the table, a short spoken
//! summary for screen-reader play, and one command explained. All of it
//! comes from [`COMMANDS`], the table the parser reads.

use crate::app::command::{CommandSpec, Verb, COMMANDS};

/// Every command, one form a line: `  t A B K      move K cards from pile A
/// to pile B (example: t 2 5 3)`, with a heading and the short forms.
pub fn help_list() -> String {
    let mut text = String::from("Commands (piles are 1 to 7; suits c d h s; a card is its code, such as 9h or qs):\n");
    for spec in COMMANDS {
        for form in spec.forms {
            text.push_str(&format!("  {:<13} {} (example: {})\n", form.usage, form.does, form.example));
        }
    }
    text.push_str("Short forms: ");
    let short: Vec<String> = COMMANDS
        .iter()
        .flat_map(|c| c.aliases.iter().filter(|a| a.len() == 1).map(move |a| format!("{a} for {}", c.word)))
        .collect();
    text.push_str(&short.join(", "));
    // The other words a command answers to (those the forms above do not
    // show), as the spoken list says them.
    let other: Vec<String> = COMMANDS
        .iter()
        .flat_map(|c| {
            c.aliases
                .iter()
                .filter(|a| a.len() > 1 && !a.ends_with('?') && !shown_in_forms(c, a))
                .map(move |a| format!("{a} for {}", c.word))
        })
        .collect();
    if !other.is_empty() {
        text.push_str(". Other words: ");
        text.push_str(&other.join(", "));
    }
    text.push_str(". help CMD explains one command. Lines that are empty or start with # are ignored.");
    text
}

/// The forms that `help` shows first, by their usage in [`COMMANDS`]: how
/// to play and the few questions a new player asks; `help all` has the rest.
const ESSENTIALS: &[&str] = &[
    "d",
    "w N",
    "w f",
    "t A B",
    "t A B K",
    "t A f",
    "CARD N",
    "CARD f",
    "u, undo",
    "redo",
    "h, hint",
    "solve",
    "moves",
    "l t",
    "find CARD",
    "table",
    "q, quit",
];

/// `help`: the essentials, one form a line, short enough for a 24-line
/// terminal at 80 columns (no examples where the usage is one), and how to
/// see the rest.
pub fn help_essentials() -> String {
    let mut text = String::from("How to play (piles are 1 to 7; a card is its code, such as 9h or qs):\n");
    for spec in COMMANDS {
        for form in spec.forms.iter().filter(|f| ESSENTIALS.contains(&f.usage)) {
            let example = if form.usage.split(", ").any(|u| u == form.example) {
                String::new()
            } else {
                format!(" ({})", form.example)
            };
            text.push_str(&format!("  {:<13} {}{example}\n", form.usage, form.does));
        }
    }
    text.push_str("help all: every command (save, load, stats, new, auto and more)\n");
    text.push_str("help CMD: one command explained, as in help t");
    text
}

/// Whether a form of `spec` shows the word `w`: as the word it is typed
/// with (`u, undo`), or as the first word of a longer usage (`l N`).
fn shown_in_forms(spec: &CommandSpec, w: &str) -> bool {
    spec.forms.iter().any(|f| f.usage.split(", ").last() == Some(w) || f.usage.starts_with(&format!("{w} ")))
}

/// `help` in screen-reader mode: what a new player needs, in a few
/// sentences with no symbols, and how to hear more.
pub const SPOKEN_HELP: &str = "Type d to draw, w and a pile to play the waste card, t and two piles to move \
between piles, or a card and a pile, such as 9h 4. \
Ask with l t, l and a pile, find and a card, moves, hint or score. \
Type u to undo, redo to redo, dot to do the last command again, repeat to hear the last answer, q to quit, \
and help and a command for more, such as help t, or help all.";

/// One command explained, a sentence a form: "Type t A B to move cards
/// from pile A to pile B, as many as fit; for example, t 2 5." and its
/// other words. `None` when `word` names no command.
pub fn help_on(word: &str) -> Option<String> {
    let spec: &CommandSpec = COMMANDS.iter().find(|c| c.word == word)?;
    let mut sentences: Vec<String> = spec
        .forms
        .iter()
        .map(|f| {
            let usage = f.usage.split(", ").last().unwrap_or(f.usage).replace(['[', ']'], "");
            // `N` is a pile but in `new N`, where it is a game number.
            let n = if f.does.contains("game N") { "number" } else { "pile" };
            let (usage, does) = (placeholders_in_words(&usage, n), placeholders_in_words(f.does, n));
            if f.usage.split(", ").any(|u| u == f.example) {
                format!("Type {} to {does}.", spoken_word(&usage))
            } else {
                format!("Type {usage} to {does}; for example, {}.", f.example)
            }
        })
        .collect();
    // The other words for it, those the sentences above do not use.
    // "winnable?" is "winnable" said aloud.
    let mut names: Vec<&str> =
        spec.aliases.iter().copied().filter(|a| !shown_in_forms(spec, a) && !a.ends_with('?')).collect();
    if spec.verb != Verb::Card && !shown_in_forms(spec, spec.word) {
        names.push(spec.word);
    }
    // Said aloud, a word may be one the sentences say already (`dot` for `.`).
    let said: Vec<String> =
        spec.forms.iter().map(|f| spoken_word(f.usage.split(", ").last().unwrap_or(f.usage))).collect();
    let names: Vec<String> = names.iter().map(|n| spoken_word(n)).filter(|n| !said.contains(n)).collect();
    if !names.is_empty() {
        sentences.push(format!("Also {}.", names.join(" or ")));
    }
    Some(sentences.join(" "))
}

/// `text` (a form's usage or what it does) with its placeholders in words:
/// a screen reader reads `A` as the article "a", spells `N` and `S`, and
/// may spell `CARD`, so `t A B K` is said `t from-pile to-pile count`,
/// "move K cards from pile A to pile B" "move count cards from the
/// from-pile to the to-pile", `f S N` `f suit pile` and "the top card of
/// foundation S to pile N" "the top card of that suit's foundation to
/// that pile". `n` is the word for `N`: "pile", or "number" in `new N`
/// ("game N" is then "the game of that number").
fn placeholders_in_words(text: &str, n: &str) -> String {
    let text = text
        .replace("pile A", "the from-pile")
        .replace("pile B", "the to-pile")
        .replace("pile N", "that pile")
        .replace("game N", "the game of that number")
        .replace("foundation S", "that suit's foundation");
    let words: Vec<&str> = text
        .split(' ')
        .map(|w| match w {
            "A" => "from-pile",
            "B" => "to-pile",
            "K" => "count",
            "N" => n,
            "S" => "suit",
            "CARD" => "card",
            "FILE" => "file",
            "CMD" => "command",
            w => w,
        })
        .collect();
    words.join(" ")
}

/// A command word as it is read aloud: `.` is "dot", `?` "question mark".
fn spoken_word(word: &str) -> String {
    match word {
        "." => "dot".into(),
        "?" => "question mark".into(),
        w => w.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_fits_a_24_line_terminal_at_80_columns_and_names_only_real_forms() {
        let text = help_essentials();
        let rows: usize = text.lines().map(|l| l.chars().count().div_ceil(80).max(1)).sum();
        assert!(rows <= 20, "{rows} rows at 80 columns:\n{text}");
        let forms: Vec<&str> = COMMANDS.iter().flat_map(|c| c.forms.iter().map(|f| f.usage)).collect();
        for usage in ESSENTIALS {
            assert!(forms.contains(usage), "{usage} is no form of COMMANDS");
            assert!(text.contains(&format!("  {usage} ")), "{usage} is not shown:\n{text}");
        }
        assert!(text.contains("help all") && text.contains("help CMD"), "{text}");
        assert!(rows < help_list().lines().count(), "help all has more");
    }

    /// `help all` names every word a command answers to (but the spoken
    /// `winnable?`), as the spoken list does.
    #[test]
    fn help_all_names_every_other_word() {
        let list = help_list();
        for spec in COMMANDS {
            for alias in spec.aliases.iter().filter(|a| !a.ends_with('?')) {
                assert!(
                    list.contains(&format!("{alias} for {}", spec.word)) || list.contains(&format!("  {alias}")),
                    "{alias}"
                );
            }
        }
    }

    /// A word said aloud the same as the form (`dot` for `.`) is not said
    /// twice.
    #[test]
    fn help_on_again_says_dot_once() {
        let said = help_on("again").unwrap();
        assert_eq!(said.matches("dot").count(), 1, "{said}");
        assert!(said.contains("Also again."), "{said}");
    }

    #[test]
    fn every_command_is_explained_and_listed() {
        let list = help_list();
        for spec in COMMANDS {
            let said = help_on(spec.word).unwrap();
            assert!(said.starts_with("Type "), "{said}");
            for form in spec.forms {
                assert!(list.contains(form.example), "{}", form.example);
                // Each example parses (the card form's examples included),
                // as a line of the session (its own commands among them).
                assert!(form.example.parse::<crate::app::session::Line>().is_ok(), "{}", form.example);
            }
        }
        assert_eq!(help_on("nothing"), None);
    }

    /// A screen reader reads a lone `A` as the article and spells other
    /// capitals: the placeholders are said in words, and no capital letter
    /// stands alone, nor a word in capitals.
    #[test]
    fn placeholders_are_said_in_words() {
        let said = help_on("t").unwrap();
        assert!(said.starts_with("Type t from-pile to-pile to move cards from the from-pile to the to-pile"), "{said}");
        assert!(said.contains("Type t from-pile to-pile count to move count cards"), "{said}");
        assert_eq!(
            help_on("f").unwrap(),
            "Type f suit pile to move the top card of that suit's foundation to that pile, when \
             foundation-to-tableau moves are on; for example, f h 6."
        );
        assert!(help_on("w")
            .unwrap()
            .starts_with("Type w pile to move the waste's top card to that pile; for example, w 3."));
        assert!(help_on("find").unwrap().starts_with("Type find card to say where a card is; for example, find 9h."));
        assert!(help_on("new").unwrap().starts_with("Type new number to start the game of that number, or a random"));
        for spec in COMMANDS {
            let said = help_on(spec.word).unwrap();
            let capitals = |w: &&str| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase());
            assert!(!said.split([' ', ',', ';', '.']).any(|w| capitals(&w)), "{said}");
        }
    }

    #[test]
    fn spoken_help_has_no_symbols() {
        for spec in COMMANDS {
            let said = help_on(spec.word).unwrap();
            assert!(!said.contains(['(', ')', '[', ']', ':', '"', '>']), "{said}");
        }
        assert!(!SPOKEN_HELP.contains(['(', ')', '[', ']', ':', '"', '>']));
        assert!(SPOKEN_HELP.split_whitespace().count() <= 85);
        assert_eq!(help_on("again").unwrap(), "Type dot to run the last command again. Also again.");
        assert_eq!(
            help_on("d").unwrap(),
            "Type d to draw from the stock; with the stock empty, turn the waste over. Also draw."
        );
        assert_eq!(
            help_on("quit").unwrap(),
            "Type quit to end the session; an unfinished game is kept for next time. Also q or exit."
        );
    }
}
