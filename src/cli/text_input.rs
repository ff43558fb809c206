//! The text files named on the command line (moves files, games files),
//! or standard input for `-`.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Result;
use klondike::app::render;
use klondike::app::session::DealChoice;
use klondike::app::store::{self, TextFile};

/// How standard input is named in a message about what it held.
pub const STANDARD_INPUT: &str = "standard input";

/// The text of a file of `kind`, or of standard input for `-` (piped as a
/// script would pipe it), and the name its messages give it.
pub fn text_of(path: &Path, kind: TextFile) -> Result<(&Path, String)> {
    if path.as_os_str() == "-" {
        Ok((Path::new(STANDARD_INPUT), standard_input(kind)?))
    } else {
        Ok((path, store::read_text_file(path, kind)?))
    }
}

/// `choice` with its deal read from standard input where it is `@-` (a
/// run where something else reads standard input is refused before, as a
/// bad command line: see `run::usage_problem`).
pub fn deal_choice(mut choice: DealChoice) -> Result<DealChoice> {
    if choice.deal.as_deref() == Some(DEAL_FROM_STDIN) {
        choice.deal = Some(standard_input(TextFile::Deal)?);
    }
    Ok(choice)
}

/// `--deal` reading the deal from standard input.
pub const DEAL_FROM_STDIN: &str = "@-";

/// Standard input, whole, as text (at most as much as a file of `kind` may
/// hold).
fn standard_input(kind: TextFile) -> Result<String> {
    use render::diagnostics as said;
    use std::io::{IsTerminal, Read};
    let (how_it_ends, too_large, unreadable) = match kind {
        TextFile::Games => (said::TYPE_GAMES_THEN_END, said::STDIN_TOO_LARGE_GAMES, said::STDIN_UNREADABLE_GAMES),
        TextFile::Moves => (said::TYPE_MOVES_THEN_END, said::STDIN_TOO_LARGE, said::STDIN_UNREADABLE_MOVES),
        TextFile::Deal => (said::TYPE_DEAL_THEN_END, said::STDIN_TOO_LARGE_DEAL, said::STDIN_UNREADABLE_DEAL),
    };
    // Typed at a terminal, the reading would look like a hang: say how it ends.
    if io::stdin().is_terminal() {
        let _ = writeln!(io::stderr(), "klondike: {how_it_ends}");
    }
    let mut text = String::new();
    io::stdin()
        .lock()
        .take(store::MAX_TEXT_FILE + 1)
        .read_to_string(&mut text)
        .map_err(|e| anyhow::Error::new(e).context(unreadable))?;
    if text.len() as u64 > store::MAX_TEXT_FILE {
        anyhow::bail!(too_large);
    }
    // As from a file.
    Ok(store::without_byte_order_mark(text))
}
