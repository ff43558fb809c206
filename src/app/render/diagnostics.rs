//! What the binary itself says on standard error about the world around the
//! game: standard output, the terminal, standard input, its threads, the
//! data folder. The words are chosen here, as every other word is in
//! [`crate::app::render`]; the binary only prints them.

use std::fmt::Display;

/// Standard output could not be written (a full disk, a device that fails).
pub const STDOUT_UNWRITABLE: &str = "cannot write to standard output";

/// The line editor could not take the terminal.
pub const TERMINAL_UNUSABLE: &str = "cannot set up the terminal";

/// The commands could not be read from standard input.
pub const STDIN_UNREADABLE: &str = "cannot read the commands from standard input";

/// The games (`--games-file -`) could not be read from standard input.
pub const STDIN_UNREADABLE_GAMES: &str = "cannot read the games from standard input";

/// The moves (`--moves -`, `klondike review -`) could not be read from
/// standard input.
pub const STDIN_UNREADABLE_MOVES: &str = "cannot read the moves from standard input";

/// The deal (`--deal @-`) could not be read from standard input.
pub const STDIN_UNREADABLE_DEAL: &str = "cannot read the deal from standard input";

/// Standard input held more than a moves file may (`klondike review -`).
pub const STDIN_TOO_LARGE: &str = "standard input holds more than 64 MiB, more than a moves file may";

/// Standard input held JSON that is not a saved game (`klondike review -`).
pub const STDIN_NOT_A_SAVED_GAME: &str = "standard input holds JSON that is not a saved game";

/// A worker thread panicked while it held the results file (it should not).
pub const OUTPUT_LOCK_POISONED: &str = "output lock poisoned";

/// Not even one thread could be had for the solver.
pub const SOLVER_UNSTARTABLE: &str = "cannot start the solver";

/// Which random game `klondike deal` dealt, so that it can be dealt again.
pub fn random_game_dealt(number: impl Display) -> String {
    format!("game {number}")
}

/// The batch's worker threads could not be started (`why`, the system's
/// error): it solves on one.
pub fn no_worker_threads(why: impl Display) -> String {
    format!("cannot start worker threads ({why}): solving on one")
}

/// A game could not be counted in the statistics file (`why`).
pub fn statistics_not_updated(why: impl Display) -> String {
    format!("the statistics were not updated: {why}")
}

/// Said when a win waits for the statistics' lock, which another klondike
/// holds (up to [`crate::app::store::LOCK_PATIENCE`]).
pub const WAITING_FOR_STATISTICS: &str =
    "waiting for the statistics, which another klondike has locked, to count this win (10 seconds at most)";

/// A win could not be counted in the statistics (`why`): said at every
/// such win, since the game is over and will not be offered again.
pub fn win_not_counted(why: impl Display) -> String {
    format!("this win could not be counted in the statistics: {why}")
}

/// The data folder cannot be written (`problem`, what is wrong with it),
/// and play continues without saving there.
pub fn game_goes_on(problem: impl Display) -> String {
    format!("{problem}; the game goes on")
}

/// `klondike review` on a saved game with options that only a moves file
/// takes (`given`, as typed): the saved game has its own deal and rules.
pub fn saved_game_has_its_own(path: &std::path::Path, given: &[&str]) -> String {
    format!(
        "'{}' is a saved game, with its own deal and rules: {} {} only for a moves file",
        crate::app::render::words::readable(&path.display().to_string(), 200),
        given.join(", "),
        if given.len() == 1 { "is" } else { "are" }
    )
}

/// `klondike review` on a moves file without a deal to play it on.
pub fn moves_file_needs_a_deal(path: &std::path::Path) -> String {
    format!(
        "'{}' is a moves file: give its deal with --game N or --deal D (and its rules, as it was played)",
        crate::app::render::words::readable(&path.display().to_string(), 200)
    )
}

/// Said when `klondike review -` reads its moves from a terminal.
pub const TYPE_MOVES_THEN_END: &str = "type the moves one a line, then Ctrl-D on a line of its own to review them";

/// Said when `klondike solve --games-file -` reads its games from a terminal.
pub const TYPE_GAMES_THEN_END: &str =
    "type the game numbers one a line, then Ctrl-D on a line of its own to solve them";

/// Said when `--deal @-` reads the deal from a terminal.
pub const TYPE_DEAL_THEN_END: &str = "type the deal's 52 card codes, then Ctrl-D on a line of its own";

/// Standard input held more than a deal file may (`--deal @-`).
pub const STDIN_TOO_LARGE_DEAL: &str = "standard input holds more than 64 MiB, more than a deal file may";

/// Why `--deal @-` cannot read the deal: `other` (the game's commands,
/// `--moves -`) reads standard input in this run.
pub fn deal_stdin_taken(other: &str) -> String {
    format!("--deal @- reads the deal from standard input, which here is for {other}: give the deal in a file (--deal @FILE) or as its 52 codes")
}

/// Standard input held more than a games file may (`solve --games-file -`).
pub const STDIN_TOO_LARGE_GAMES: &str = "standard input holds more than 64 MiB, more than a games file may";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binarys_lines_read_as_before() {
        assert_eq!(random_game_dealt(42), "game 42");
        assert_eq!(no_worker_threads("no memory"), "cannot start worker threads (no memory): solving on one");
        assert_eq!(statistics_not_updated("disk full"), "the statistics were not updated: disk full");
        assert_eq!(game_goes_on("cannot save in d"), "cannot save in d; the game goes on");
    }
}
