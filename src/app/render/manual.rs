//! The manual page's own sections (`klondike man`, roff, section 6): the
//! subcommands, the rules, the commands (from [`COMMANDS`], as `help` and
//! the parser read them), scoring, scripts, exit codes, files. The title,
//! synopsis and options are clap's (clap_mangen, in the binary), which
//! then calls [`write_sections`].

use std::io::{self, Write};

use crate::app::command::COMMANDS;
use crate::app::render::words::capitalise;

/// Escapes text for roff: backslashes, minus signs, and a leading dot or
/// quote.
pub fn roff(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with('.') || t.starts_with('\'') {
        format!("\\&{t}")
    } else {
        t
    }
}

/// A section of paragraphs.
fn section(out: &mut dyn Write, title: &str, paragraphs: &[&str]) -> io::Result<()> {
    writeln!(out, ".SH {title}")?;
    for p in paragraphs {
        writeln!(out, ".PP")?;
        writeln!(out, "{}", roff(p))?;
    }
    Ok(())
}

const RULES: &[&str] = &[
    "Klondike with a 52-card deck: seven tableau piles dealt 1 to 7 cards with the top card face up, and 24 cards in the stock. Build down on the piles in alternating colours (a black 9 on a red 10); build each foundation up by suit from ace to king. Only a king, or a build headed by a king, may go on an empty pile. A face-down card left on top of a pile is turned up at once. Only the top card of the waste may be played. The game is won when all 52 cards are on the foundations.",
    "Draw-1 turns one card from the stock to the waste per draw, draw-3 three (fewer when fewer are left). With the stock empty, a draw turns the waste over into the stock (a redeal) while the pass limit allows.",
    "A game is stuck when some card is still face down or in the stock and waste, and no sequence of legal moves can turn up a face-down card or bring a card out of the stock and waste: it can never be won. Undo, or start a new game.",
    "review, at the prompt, says where a lost game was lost: the move that lost it, the last position from which it could still be won, and a move that would have kept it winnable (or that the deal could never be won); the solver judges the positions of the game's history by bisection, and says what it could not decide within its budget. klondike review FILE does the same for a saved game, or for a moves file with --game or --deal and the rules it was played under.",
    "Game N deals what PySolFC deals for Klondike game N.",
];

const SCRIPTS: &[&str] = &[
    "When standard input is not a terminal, commands are read one per line, and each is echoed after '> ' so that standard output is a transcript. Empty lines and lines starting with # are skipped.",
    "With --json, standard output is one JSON object per line: the initial state, then the state after each command (fields command, ok, error, status, moves, score, stock, waste, pass, foundations, tableau).",
    "Deal format (--deal, klondike deal): 52 card codes separated by spaces: pile 1 bottom to top, pile 2 bottom to top, ..., pile 7, then the stock from its top. A code is a rank A 2 3 4 5 6 7 8 9 T J Q K and a suit C D H S, e.g. TH.",
];

const EXIT: &[&str] = &[
    "0: normal end (end of input, or q). 1: any other failure (an unreadable file, a bad deal). 2: a bad command line. 3: --strict stopped at a rejected command. 130: Ctrl-C outside the prompt (at the question to resume, say): the game or the saved game is kept.",
];

const SCORING: &[&str] = &[
    "Standard (--scoring standard, the default; Windows Solitaire's): waste to tableau +5; waste or tableau to foundation +10; a face-down card turned up +5; foundation to tableau -15; each redeal -100 in draw-1, and -20 in draw-3 from the fourth pass on; never below 0; on a win in an interactive game, a time bonus of 700000 / seconds (for games over 30 seconds).",
    "Vegas (--scoring vegas): -52 to start, +5 for each card to a foundation (-5 when one comes back down); 1 pass in draw-1 and 3 in draw-3 unless --passes says otherwise; the balance over all Vegas games is kept with the statistics.",
    "None (--scoring none): no score. Undo always takes the points back exactly.",
];

const FILES: &[&str] = &[
    "All in ~/.local/share/klondike/ (the platform's data directory; KLONDIKE_DATA_DIR overrides it). autosave.json: the game left unfinished, offered for resuming at the next start. statistics.json: games played and won per rules setting, streaks, best scores, the Vegas balance. history.txt: the prompt's history. Every file is written to a temporary file and renamed over the old one; a file that cannot be read is moved aside to NAME.corrupt-TIME, never deleted. A game is counted once, whatever is killed when; starting another game counts the unfinished saved one as lost, and says so. Scripted runs touch these files only with --autosave or --stats.",
    "A saved game (save FILE) is JSON: format_version, game (the number, as a string) or deal, draw, passes, foundation_to_tableau, scoring, moves (commands), undone (the redo list), elapsed_seconds. Loading replays the moves and refuses a record with an illegal move, naming it.",
    "KLONDIKE_SCREEN_READER: set to anything but 0 to start in screen-reader mode. NO_COLOR: no colour.",
];

/// Writes the sections after the options: the subcommands (each its name
/// and one line of what it does, as the argument parser describes them),
/// then the rest of the page.
///
/// # Errors
/// I/O errors from `out`.
pub fn write_sections(out: &mut dyn Write, subcommands: &[(String, String)]) -> io::Result<()> {
    // Described here: clap_mangen would point to pages of their own, which
    // are not installed.
    writeln!(out, ".SH SUBCOMMANDS")?;
    for (name, about) in subcommands {
        writeln!(out, ".TP")?;
        writeln!(out, "\\fBklondike {}\\fR", roff(name))?;
        writeln!(out, "{}", roff(about))?;
    }
    writeln!(out, ".PP")?;
    writeln!(out, "{}", roff("klondike SUBCOMMAND --help lists the options of each."))?;
    section(out, "RULES", RULES)?;
    writeln!(out, ".SH COMMANDS")?;
    for spec in COMMANDS {
        for form in spec.forms {
            writeln!(out, ".TP")?;
            writeln!(out, "\\fB{}\\fR", roff(form.usage))?;
            writeln!(out, "{}", roff(&format!("{} (example: {})", capitalise(form.does), form.example)))?;
        }
    }
    writeln!(out, ".PP")?;
    writeln!(out, "{}", roff("Lines that are empty or start with # are ignored."))?;
    section(out, "SCORING", SCORING)?;
    section(out, "SCRIPTS", SCRIPTS)?;
    section(out, "EXIT STATUS", EXIT)?;
    section(out, "FILES AND ENVIRONMENT", FILES)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roff_escapes_what_roff_would_read_as_requests() {
        assert_eq!(roff(".x -y"), "\\&.x \\-y");
        assert_eq!(roff("a\\b"), "a\\eb");
    }

    #[test]
    fn every_command_form_is_in_the_page() {
        let mut page = Vec::new();
        write_sections(&mut page, &[("solve".into(), "Solve a deal.".into())]).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains("\\fBklondike solve\\fR\nSolve a deal.\n"));
        for form in COMMANDS.iter().flat_map(|c| c.forms) {
            assert!(page.contains(&format!("\\fB{}\\fR", roff(form.usage))), "{}", form.usage);
        }
    }
}
