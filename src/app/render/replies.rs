//! What a session says around the game, as pure functions over typed
//! values: the answers to `hint` ([`Advice`]) and `solve` (a solver
//! [`Verdict`]), the question before a command that would throw the game
//! away ([`Pending`]), why a line was refused ([`Refusal`]), what becomes
//! of the game left (the goodbye, "counts as lost"), the sentences of
//! `save` and `load`, the offer to resume a saved game, and `--winnable`'s
//! note. The binary only prints them.

use std::fmt;

use crate::app::command::{Command, PileRef, Query};
use crate::app::flow::{Advice, Passed, Pending, Refusal, WinnableError, WINNABLE_TRIES};
use crate::app::play::{Origin, Play};
use crate::app::render::help::{help_essentials, help_list, help_on, SPOKEN_HELP};
use crate::app::render::query::{
    describe_pile, describe_pile_full, describe_rules, describe_stock, describe_tops, find_card, move_in_words,
    short_command,
};
use crate::app::render::screen::title;
use crate::app::render::screen::{moves_answer, score_answer, whole_table, Frame};
use crate::app::render::words::{capitalise, count, lower_first, readable, CardStyle};
use crate::app::review::{Limit, Review};
use crate::app::session_command::{Line, SessionCommand};
use crate::app::store::StoreError;
use crate::engine::deal::GameNumber;
use crate::engine::game::Game;
use crate::engine::hint::{Hint, Reason};
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::scoring::{ScoreNow, Scoring};
use crate::engine::solver::{GaveUp, Verdict};

/// Why a heuristic hint suggests its move (or none), in a few plain
/// words: "move the jack of hearts: it turns up a card on pile 3".
pub fn hint_reason(reason: &Reason) -> String {
    match reason {
        Reason::Won => "the game is won".into(),
        Reason::Stuck => {
            format!(
                "stuck: {}; type review to see where it was lost, u to undo, or new for a new game",
                super::announce::STUCK_WHY
            )
        }
        Reason::TurnsUp { card, pile } => {
            format!("move the {}: it turns up a card on pile {pile}", crate::app::render::words::card_name(*card))
        }
        Reason::ToFoundation { card } => {
            format!("the {} goes to its foundation", crate::app::render::words::card_name(*card))
        }
        Reason::OffTheWaste { card } => {
            format!("the {} comes off the waste onto the tableau", crate::app::render::words::card_name(*card))
        }
        Reason::Uncovers { card } => {
            format!(
                "move the {}: the card under it can then go to its foundation",
                crate::app::render::words::card_name(*card)
            )
        }
        Reason::EmptiesPile { card, pile } => {
            format!(
                "move the {}: it empties pile {pile}, a place for a king",
                crate::app::render::words::card_name(*card)
            )
        }
        Reason::FromTheStock { redeal: false } => "no useful move on the table: draw".into(),
        Reason::FromTheStock { redeal: true } => "no useful move on the table: redeal".into(),
        Reason::NoUsefulMove => "no useful move".into(),
    }
}

/// Said after a hint the solver could not back.
const UNDECIDED: &str = " The solver could not tell yet whether the game can still be won.";

/// Why the heuristic chose its move, where the move's own words do not say
/// it (they say what it turns up, or where a card goes).
fn guess_why(reason: &Reason) -> String {
    match reason {
        Reason::Uncovers { .. } => ", so that the card under it can go to its foundation".into(),
        Reason::EmptiesPile { pile, .. } => format!(", emptying pile {pile} for a king"),
        Reason::FromTheStock { .. } => ", since no move on the table helps".into(),
        _ => String::new(),
    }
}

/// What `hint` says of `advice` in `game` (the game it was given for): for
/// the eye "hint: t 7 1: move the jack ... The game can still be won.";
/// for a screen reader, with no label and no stacked colons, "Move the
/// jack ..., type t 7 1. The game can still be won."
/// A suggested move that changes the score under `score`'s scoring says by
/// how much ("plus 15 points", "minus 100 points").
pub fn advice_text(advice: &Advice, game: &Game, score: ScoreNow, style: &CardStyle, screen_reader: bool) -> String {
    // What the move suggested would do to the score, said after its words.
    let points = |mv: Move| {
        let mut after = game.clone();
        let change = after.play(mv).map_or(0, |played| score.change(game.position(), &played, game.rules()));
        match change {
            0i64 => String::new(),
            n if n > 0 => format!(", plus {}", count(n.unsigned_abs() as usize, "point")),
            n => format!(", minus {}", count(n.unsigned_abs() as usize, "point")),
        }
    };
    // The command as typed: for a screen reader as briefly as it can be
    // (two pile numbers, not three, for a move between piles).
    let typed = |mv: Move| if screen_reader { short_command(mv) } else { mv.to_string() };
    let (command, words, after) = match advice {
        Advice::Finish => {
            (Some("auto".to_string()), "every card is face up, and auto plays them all to the foundations".into(), "")
        }
        Advice::Winning { mv, news } => {
            let words = move_in_words(game.position(), game.rules(), *mv, style) + &points(*mv);
            (Some(typed(*mv)), words, if *news { " The game can still be won." } else { "" })
        }
        // The solver did not decide: the heuristic's move said as a
        // winning one is (where it goes, what it turns up), with what
        // the move's words leave out of why, and that it is a guess.
        Advice::Heuristic(Hint { mv: Some(mv), reason }) => {
            let words = move_in_words(game.position(), game.rules(), *mv, style) + &points(*mv) + &guess_why(reason);
            (Some(typed(*mv)), words, UNDECIDED)
        }
        Advice::Heuristic(hint) => (None, hint_reason(&hint.reason), ""),
        Advice::Stuck(lost) => {
            // The table's way on, in the hint's lower case with no full stop.
            let way_on = super::rows::way_on(*lost);
            let way_on = lower_first(way_on.strip_suffix('.').unwrap_or(way_on));
            (None, format!("stuck: {}; {way_on}", super::announce::STUCK_WHY), "")
        }
        Advice::LostAtDeal(play_on) | Advice::Lost(play_on) => {
            let (lost, other) = match advice {
                Advice::LostAtDeal(_) => (
                    "This deal cannot be won, though moves remain: the solver tried every line",
                    "type new for a new game",
                ),
                _ => (
                    "The game can no longer be won from here, though moves remain: the solver tried every line",
                    "type review to see where it was lost, u to undo, or new for a new game",
                ),
            };
            // A move to play on anyway, for a player who wants to.
            let play_on = play_on.mv.map_or_else(String::new, |mv| {
                let words = move_in_words(game.position(), game.rules(), mv, style) + &points(mv);
                if screen_reader {
                    format!(" To play on anyway, type {}: {words}.", short_command(mv))
                } else {
                    format!(" To play on anyway: {mv}: {words}.")
                }
            });
            return format!("{lost}; {other}.{play_on}");
        }
    };
    match (command, screen_reader) {
        (Some(c), false) => format!("hint: {c}: {words}.{after}"),
        (None, false) => format!("hint: {words}.{after}"),
        (Some(c), true) => format!("{}, type {c}.{after}", capitalise(&words)),
        (None, true) => format!("{}.{after}", capitalise(&words)),
    }
}

/// The answer to `solve` at the prompt, from the solver's `verdict` on
/// the position: won, winnable with the line's length and its first five
/// moves, lost (`moved`: after moves of the player's, so `review` is
/// offered; else the deal itself cannot be won), stopped
/// (`Unknown(GaveUp::Cancelled)`) or undecided. For a screen reader
/// (`screen_reader`) the moves are as brief as they can be typed (`t 3 7`,
/// as `hint` and `moves` give them).
pub fn solve_text(verdict: &Verdict, moved: bool, screen_reader: bool) -> String {
    match verdict {
        Verdict::Winnable(moves) if moves.is_empty() => "The game is won.".to_string(),
        Verdict::Winnable(moves) => {
            let typed = |&mv: &Move| if screen_reader { short_command(mv) } else { mv.to_string() };
            let first: Vec<String> = moves.iter().take(5).map(typed).collect();
            format!(
                "The game can still be won: the solver found a line of {} from here, starting {}. Type hint for one move at a time.",
                count(moves.len(), "move"),
                first.join(", ")
            )
        }
        Verdict::Unwinnable if moved => {
            format!("The game can no longer be won from here: the solver tried every line. {REVIEW_OFFER}")
        }
        Verdict::Unwinnable => "This deal cannot be won: the solver tried every line.".into(),
        Verdict::Unknown(GaveUp::Cancelled) => "Stopped: the solver did not finish, the game goes on.".into(),
        // What a player can do next, in a sentence (it was "Unknown: the
        // solver gave up (time limit).": helper report).
        Verdict::Unknown(why) => {
            let within = match why {
                GaveUp::TimeLimit => "in the time it had".to_string(),
                GaveUp::StateLimit => "within its limit of positions".to_string(),
                GaveUp::Memory => "with the memory it had".to_string(),
                other => format!("({other})"),
            };
            format!("Unknown: the solver could not tell {within} whether the game can still be won; type hint for a move to try.")
        }
    }
}

/// The sentence that offers `review` where a game is found lost.
pub const REVIEW_OFFER: &str = "Type review to see where the game was lost.";

/// The answer to `review`: where `game` (the game reviewed, as it is now)
/// was lost, in words for the eye, or in one short sentence for a screen
/// reader; `limit` is the solver's budget for each position, named where
/// it left something undecided; `prompt`: said at the prompt, where undo
/// can go back to the position named.
pub fn review_text(
    review: &Review,
    game: &Game,
    limit: &Limit,
    style: &CardStyle,
    screen_reader: bool,
    prompt: bool,
) -> String {
    let here = if prompt { "from here" } else { "from where it ends" };
    let within = |why: &GaveUp| match why {
        GaveUp::StateLimit => format!("within {}", count_large(limit.states, "state")),
        GaveUp::TimeLimit => match limit.seconds {
            Some(s) => format!("within {}", count(s as usize, "second")),
            None => "in the time it had".into(),
        },
        GaveUp::Memory => "with the memory it had".into(),
        other => format!("({other})"),
    };
    let after = |n: usize| if n == 0 { "at the deal".to_string() } else { format!("after move {n}") };
    match review {
        Review::Won => "The game is won: nothing was lost.".into(),
        Review::StillWinnable => format!("Not lost: the game can still be won {here}."),
        Review::NeverWinnable if screen_reader => "This deal could never be won, so no move lost it.".into(),
        Review::NeverWinnable => {
            "This deal could never be won: the solver tried every line from the deal, so no move lost it.".into()
        }
        Review::Stopped => "Stopped: the review did not finish, the game goes on.".into(),
        Review::Undecided { lost_after: None, why, .. } => {
            format!("The solver could not decide {} whether the game can still be won {here}.", within(why))
        }
        Review::Undecided { winnable_after: None, lost_after: Some(b), why } => format!(
            "The game was lost by move {b} at the latest; the solver could not decide {} whether the deal could be won at all.",
            within(why)
        ),
        Review::Undecided { winnable_after: Some(a), lost_after: Some(b), why } => format!(
            "The game was lost between move {} and move {b}: it could still be won {}, not after move {b}; the solver could not decide {} in between.",
            a + 1,
            after(*a),
            within(why)
        ),
        Review::Lost(at) => {
            let (position, rules) = (&at.position, game.rules());
            let number = at.after + 1;
            let lost_by = move_in_words(position, rules, at.lost_by, style);
            let autoplay = if at.with_autoplay { ", with the automatic moves after it" } else { "" };
            let instead = at.instead.map(|m| (m.to_string(), move_in_words(position, rules, m, style)));
            let undo = match at.undos {
                1 => "type u once".to_string(),
                n => format!("type u {n} times"),
            };
            if screen_reader {
                let instead = instead.map(|(c, _)| format!("; {c} would have kept it winnable")).unwrap_or_default();
                let back = if prompt { format!(", {undo} to go back") } else { String::new() };
                return format!("Move {number}, {}, lost the game{autoplay}{instead}{back}.", at.lost_by);
            }
            let mut text = format!(
                "Lost at move {number}: {}, {lost_by}{autoplay}. {} the game could still be won",
                at.lost_by,
                capitalise(&after(at.after))
            );
            match instead {
                Some((c, words)) => text.push_str(&format!(": {c}, {words}, would have kept it winnable.")),
                None => text.push('.'),
            }
            if prompt {
                text.push_str(&format!(" To go back there, {undo}."));
            }
            text
        }
    }
}

/// A count of many things, in millions where it is whole millions: "3
/// million states", "250000 states".
fn count_large(n: u64, thing: &str) -> String {
    if n >= 1_000_000 && n.is_multiple_of(1_000_000) {
        format!("{} million {thing}s", n / 1_000_000)
    } else {
        count(usize::try_from(n).unwrap_or(usize::MAX), thing)
    }
}

/// The answer to a question about the game ([`Query`]: `help`, `table`,
/// `l`, `l t`, `find`, `moves`, `moves all`, `score`, `rules`), in `look`'s
/// style and layout, for a screen reader or the eye: what an
/// [`Event::Answered`](crate::app::play::Event::Answered) says of `play` as it stands.
///
/// # Errors
/// [`Refusal::NoHelp`] for `help` on a word with none.
pub fn answer(query: Query, play: &Play, look: &Frame) -> Result<String, Refusal> {
    let game = play.game();
    let (style, screen_reader) = (look.style, look.screen_reader);
    Ok(match query {
        Query::Help(None) if screen_reader => SPOKEN_HELP.to_string(),
        Query::Help(Some(word)) if screen_reader && is_all(word) => {
            let all: Vec<String> = crate::app::command::COMMANDS.iter().filter_map(|c| help_on(c.word)).collect();
            all.join("\n")
        }
        Query::Help(None) => help_essentials(),
        Query::Help(Some(word)) if is_all(word) => help_list(),
        Query::Help(Some(word)) => return help_on(word).ok_or_else(|| Refusal::NoHelp(word.to_string())),
        Query::Table => whole_table(play, look),
        Query::Tops => describe_tops(game, style),
        Query::Find(card) => find_card(game, card, style),
        Query::Look(PileRef::Stock) | Query::LookAll(PileRef::Stock) => describe_stock(game, play.score_now()),
        Query::LookAll(place) => describe_pile_full(game, place, style),
        Query::Look(place) => describe_pile(game, place, style),
        Query::Moves => moves_answer(game, style, false, screen_reader),
        Query::AllMoves => moves_answer(game, style, true, screen_reader),
        Query::Score => score_answer(play, look.clock),
        // Vegas scoring changes the pass limit and the score: said with
        // the rules where it is played (standard scoring is the default).
        Query::Rules => match play.scoring() {
            Scoring::Vegas => format!("{} Vegas scoring.", describe_rules(play.rules())),
            Scoring::None => format!("{} No score kept.", describe_rules(play.rules())),
            Scoring::Standard => describe_rules(play.rules()),
        },
    })
}

/// Whether `word`, the topic of a `help` ([`Query::Help`]), is the argument
/// word for every command explained (`help all`).
fn is_all(word: &str) -> bool {
    crate::app::command::argument(crate::app::command::Verb::Help, 0, word) == Some(crate::app::command::Meaning::All)
}

impl fmt::Display for WinnableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WinnableError::NoneFound { first } => {
                write!(f, "no winnable game found in the {WINNABLE_TRIES} game numbers from {first}")
            }
        }
    }
}

/// Said (on standard error) when `--strict` stops the session at the
/// rejected `line`.
pub fn strict_stopped(line: &str) -> String {
    format!("--strict: stopped at the rejected command '{}'", readable(line, 200))
}

/// The question before a command that would throw the game away: what it
/// costs, what the command does, how to answer.
pub fn question_text(pending: &Pending) -> String {
    let quit = matches!(pending.command, Line::Session(SessionCommand::Quit));
    let cost = match (pending.counts_as_lost, pending.unsaved && quit) {
        (_, true) => "This game could not be saved, so quitting loses it.",
        (true, false) => "This game would count as lost.",
        (false, false) => "This game would be given up.",
    };
    if let (true, Line::Session(SessionCommand::Load(file))) = (pending.same_game, &pending.command) {
        let file = readable(file, 60);
        return format!(
            "The file {file} holds this game as it was saved: the moves made since would be lost. Load {file}? Type yes, or no to keep playing."
        );
    }
    let question = match &pending.command {
        Line::Session(SessionCommand::New(Some(n))) => format!("Start game {n}?"),
        Line::Session(SessionCommand::New(None)) => "Start a new game?".to_string(),
        Line::Game(Command::Restart) => "Start this deal again from the beginning?".to_string(),
        Line::Session(SessionCommand::Load(file)) => format!("Load {}?", readable(file, 60)),
        Line::Session(SessionCommand::Quit) => "Quit?".to_string(),
        // Only the commands above are asked about (`Pending::before`).
        _ => String::new(),
    };
    format!("{cost} {question} Type yes, or no to keep playing.")
}

/// Said (on standard error) when the game left for another could not be
/// counted: its saved copy stays, and the session saves no more.
pub const LEFT_NOT_COUNTED: &str =
    "the game left could not be counted, so its saved copy is kept; this session does not save its games";

/// Said (on standard error) at the end of a session whose last save
/// failed: the copy saved before, after `moves` moves, is kept.
pub fn kept_as_last_saved(moves: usize) -> String {
    format!("the game is kept as it was last saved ({}), for resuming", count(moves, "move"))
}

/// What is said after Ctrl-C on an empty line, when nothing is asked.
pub const HOW_TO_QUIT: &str = "To quit, type q or press Ctrl-D, or Ctrl-C again.";

/// What is said after Ctrl-C at a plain prompt (screen-reader mode, no line
/// editor): the terminal has thrown away the line typed, if any, and the
/// program cannot tell whether there was one, so Ctrl-C never quits there.
pub const LINE_CLEARED: &str = "Line cleared. To quit, type q or press Ctrl-D.";

/// What is said when the player answers no to the question.
pub const KEPT_PLAYING: &str = "Kept playing this game.";

/// Said (on standard error) when the input ends while a question waits:
/// what it asked about is not done, which a script would not otherwise
/// learn.
pub const ENDED_AT_QUESTION: &str = "the input ended at a question, so what it asked about was not done";

/// What is said of the game when the program ends and it is saved for
/// next time (`q`, the end of input, Ctrl-C).
pub const GAME_KEPT: &str = "The game is kept: klondike offers it again when it starts.";

/// Said before [`GAME_KEPT`] when Ctrl-C ends the program while a game is
/// kept (on its own line, after a line break).
pub const STOPPED: &str = "Stopped.";

/// Said once at an interactive prompt, after the opening.
pub const WELCOME: &str = "Type help for the commands, q to quit.";

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Command(e) => f.write_str(&crate::app::render::refusals::command_error(e)),
            Refusal::NothingSaid => f.write_str("nothing has been said yet"),
            Refusal::NoCommandYet => f.write_str("no command has been run yet"),
            Refusal::OwnLine => f.write_str("say it on its own line"),
            Refusal::QuestionWaits(pending) => write!(f, "a question waits for yes or no. {}", question_text(pending)),
            Refusal::NoHelp(word) => write!(f, "no help on {word}"),
            Refusal::OwnFile => {
                f.write_str("that is one of klondike's own files (the saved game, the statistics, the history or a lock); name another file")
            }
            Refusal::NoSuchFile(file) => write!(f, "there is no file {file}"),
            Refusal::NoDataFolder => f.write_str("no data directory: statistics are not kept"),
        }
    }
}

/// A refused line as shown: "error: ..." for the eye, "Not done: ...."
/// for a screen reader; one line. `why` is a message made plain already
/// ([`crate::app::render::words::plain_message`]).
pub fn refused_line(why: &str, screen_reader: bool) -> String {
    if screen_reader {
        // One full stop: a message that ends a sentence already (one that
        // asks its question again) gets none more.
        // (An aside at the end becomes a clause when spoken: its own last
        // mark counts.)
        let stop = if why.trim_end_matches(')').ends_with(['.', '?', '!']) { "" } else { "." };
        format!("Not done: {why}{stop}\n")
    } else {
        format!("error: {why}\n")
    }
}

/// What becomes of a game in progress when the session ends or another
/// game takes its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameLeft {
    /// Saved, and offered again at the next start.
    Kept,
    /// Counted as lost in the statistics: the game of this origin.
    CountsAsLost(Origin),
    /// To be counted as lost, but the statistics could not be written.
    NotCounted(Origin),
    /// Won and counted, then taken back: not kept (it is in the statistics
    /// as won, and a game counted is never offered again).
    CountedAsWon(Origin),
}

impl fmt::Display for GameLeft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameLeft::Kept => f.write_str(GAME_KEPT),
            GameLeft::CountsAsLost(origin) => write!(f, "{} counts as lost.", title(*origin)),
            GameLeft::NotCounted(origin) => write!(f, "{} could not be counted in the statistics.", title(*origin)),
            GameLeft::CountedAsWon(origin) => {
                write!(f, "{} is counted as won already, so it is not kept for next time.", title(*origin))
            }
        }
    }
}

/// What `restart` says before the opening: what became of the game so far
/// (`left`; its title follows in the opening, so it is not named here).
pub fn restarted(left: Option<GameLeft>) -> String {
    let lost = match left {
        Some(GameLeft::CountsAsLost(_)) => "The game so far counts as lost. ",
        Some(GameLeft::NotCounted(_)) => "The game so far could not be counted in the statistics. ",
        Some(GameLeft::Kept | GameLeft::CountedAsWon(_)) | None => "",
    };
    format!("{lost}Dealt again from the start.")
}

/// What `load` says before the opening: what became of the game left
/// (`left`) and the file as typed (the opening after it says the game
/// loaded and its moves: said here too, they were said twice).
pub fn loaded(left: Option<GameLeft>, file: &str) -> String {
    let left = left.map(|l| format!("{l} ")).unwrap_or_default();
    format!("{left}Loaded {}.", readable(file, 200))
}

/// What `load` says of a file that holds a copy of the game being played
/// (saved from it earlier): the file as typed (the opening after it says
/// the game and its moves).
pub fn loaded_same_game(file: &str) -> String {
    format!("Loaded {}, a copy of this game.", readable(file, 200))
}

/// What `autoplay` says: whether it is on.
pub fn autoplay_is(on: bool) -> String {
    if on {
        "Autoplay is on: safe cards go to the foundations after every move.".to_string()
    } else {
        "Autoplay is off.".to_string()
    }
}

/// What `autoplay on` or `autoplay off` says, `kept`: the choice is kept
/// for the next session (an interactive one).
pub fn autoplay_turned(on: bool, kept: bool) -> String {
    let what = if on { "Autoplay on: safe cards go to the foundations after every move" } else { "Autoplay off" };
    if kept {
        format!("{what}, from now and in later sessions.")
    } else {
        format!("{what}.")
    }
}

/// What `save` says: the file as typed.
pub fn saved(file: &str) -> String {
    format!("Saved the game to {}.", readable(file, 200))
}

/// What `--winnable` says of the game `number` it dealt, the first
/// number the solver proved winnable from `passed.first`, after those it
/// `passed` over: by what was found of them, proved unwinnable or not
/// decided.
pub fn winnable_message(number: GameNumber, passed: &Passed) -> String {
    let first = passed.first;
    let which = match passed.count() {
        0 => return format!("Game {number}: the solver proved it winnable."),
        1 => format!("game {first}"),
        // Past the last game number it counts on from 1.
        n if first.get().checked_add(n).is_none() => {
            format!("the {n} game numbers from {first} on (after the last, {}, comes 1)", u128::MAX)
        }
        n => format!("the {n} game numbers from {first}"),
    };
    let plural = passed.count() > 1;
    let found = match (passed.unwinnable, passed.undecided) {
        (_, 0) => format!("{which} {} proved unwinnable", if plural { "were" } else { "was" }),
        (0, _) => format!("{which} could not be decided"),
        (lost, open) => format!(
            "of {which}, {lost} {} proved unwinnable and {open} could not be decided",
            if lost == 1 { "was" } else { "were" }
        ),
    };
    format!("Game {number}: the solver proved it winnable; {found}.")
}

/// Why the game `load` read from `file` cannot be played: the file, then
/// what is wrong with the game in it.
pub fn unplayable_file(file: &str, error: &crate::app::record::RecordError) -> String {
    format!("{file}: {}", crate::app::render::refusals::record_error(error))
}

/// Said at an interactive prompt before `--winnable` (or `new` under it)
/// searches for a deal the solver proves winnable.
pub fn looking_for_winnable(screen_reader: bool) -> &'static str {
    if screen_reader {
        "Looking for a deal the solver proves winnable. This can take a few seconds."
    } else {
        "Looking for a deal the solver proves winnable..."
    }
}

/// What is said while the solver thinks at an interactive prompt.
pub fn thinking(screen_reader: bool) -> &'static str {
    if screen_reader {
        "Thinking. Press Control C to stop."
    } else {
        "Thinking... (Ctrl-C stops the search)"
    }
}

/// A saved game named in a sentence: "game 7 with 50 moves", "a custom
/// deal with 1 move".
pub fn saved_game(number: Option<GameNumber>, moves: usize) -> String {
    let what = number.map_or("a custom deal".to_string(), |n| format!("game {n}"));
    format!("{what} with {}", count(moves, "move"))
}

/// What starts instead of a saved game the player declines to resume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instead {
    /// The first game from this number the solver proves winnable.
    FirstWinnableFrom(u128),
    /// This game number.
    Game(u128),
    /// The deal given on the command line.
    GivenDeal,
    /// A random game.
    NewGame,
}

impl fmt::Display for Instead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Instead::FirstWinnableFrom(n) => write!(f, "the first game from {n} the solver proves winnable"),
            Instead::Game(n) => write!(f, "game {n}"),
            Instead::GivenDeal => f.write_str("the deal you gave"),
            Instead::NewGame => f.write_str("a new game"),
        }
    }
}

/// The offer to resume a saved game: game `number` (as the record gives
/// it; `None` for a custom deal),
/// its `rules` where they are not the ones asked for, its `moves`, what
/// "no" starts instead (and that the saved one then counts as lost), and
/// how to answer; ends with a space, the answer is typed after it.
pub fn resume_offer(
    number: Option<&str>,
    rules: Option<&Rules>,
    moves: usize,
    instead: Instead,
    screen_reader: bool,
) -> String {
    let mut what = number.map_or("a custom deal".to_string(), |n| format!("game {n}"));
    // The rules in brackets for the eye; for a screen reader, which reads
    // no brackets (the pause they give is lost), between commas.
    match (rules, screen_reader) {
        (Some(rules), false) => what = format!("{what} ({rules})"),
        (Some(rules), true) => what = format!("{what}, {rules},"),
        (None, _) => {}
    }
    format!(
        "A game you left is saved, {what} with {}. Resume it? If you answer no, {instead} starts and the saved one counts as lost. {}",
        count(moves, "move"),
        // Enter alone resumes: said in words where `[Y/n]` is not shown.
        if screen_reader { "Type yes or no; Enter alone is yes. " } else { "[Y/n] " }
    )
}

/// The offer asked again after an answer that is not one.
pub fn resume_again(instead: Instead, screen_reader: bool) -> String {
    if screen_reader {
        format!("Type yes to resume the saved game, no for {instead}, or q to quit. ")
    } else {
        format!("Please answer y (resume the saved game), n ({instead}; the saved one counts as lost) or q (quit): ")
    }
}

/// The question before `--load` of `file`, a copy of the saved game from
/// before moves made since (or after moves since undone); ends with a
/// space, the answer is typed after it.
pub fn load_earlier_question(file: &str, screen_reader: bool) -> String {
    let file = readable(file, 60);
    format!(
        "The file {file} holds the game you left as it was saved: the moves made since would be lost. Load it? No resumes the game as you left it. {}",
        if screen_reader { "Type yes or no. " } else { "[y/n] " }
    )
}

/// [`load_earlier_question`] asked again after an answer that is not one.
pub fn load_earlier_again(screen_reader: bool) -> String {
    if screen_reader {
        "Type yes to load the earlier copy, no to resume the game as you left it, or q to quit. ".to_string()
    } else {
        "Please answer y (load the earlier copy), n (resume the game as you left it) or q (quit): ".to_string()
    }
}

/// Said in a script (no question asked) when `--load` of `file`, a copy of
/// the saved game from before moves made since, loses those moves.
pub fn earlier_copy_loaded(file: &str) -> String {
    format!(
        "the file {} holds the game you left as it was saved: it goes on from there, and the moves made since are gone",
        readable(file, 60)
    )
}

/// The saved game cannot be read (`error`: from a newer klondike, say),
/// so this session leaves it and does not save its own.
pub fn not_saving_for(error: &StoreError) -> String {
    format!("{error}; this session does not save its game")
}

/// Another session keeps its game in `folder`: this one does not save.
pub fn another_session_keeps(folder: &str) -> String {
    format!("another klondike session is keeping its game in {folder}; this one does not save its game")
}

/// After a line found at the prompt with autoplay on, where autoplay's
/// moves part from it.
pub const AUTOPLAY_PARTS_FROM_LINE: &str =
    "With autoplay on, its moves part from this line, and they may lose the game: turn autoplay off to follow it.";

/// What `solve` says with autoplay on of a line autoplay's moves part
/// from (`said`, its [`solve_text`]): that the game can be won with
/// autoplay off, and no more (hint cannot lead along it either: in draw-3
/// a card autoplay takes off the waste can lose the game).
pub fn autoplay_parts_from_line(said: &str) -> String {
    let said = said.replacen("The game can still be won:", "With autoplay off, the game can still be won:", 1);
    let said = said.replacen(" Type hint for one move at a time.", "", 1);
    format!("{said} {AUTOPLAY_PARTS_FROM_LINE}")
}

/// A win the statistics could not take when it was made is counted as
/// the game is left.
pub const WIN_COUNTED_AFTER_ALL: &str = "the win, which the statistics could not take when it was made, is counted now";

/// A win the statistics could not take is saved, to be counted at the
/// next start.
pub const WIN_KEPT_TO_COUNT: &str = "the won game is saved, and counted when klondike next starts";

/// A saved win that the statistics could not take when it was made:
/// counted now (`true`), or kept to try again at the next start.
pub fn saved_win_counted(what: &str, counted: bool) -> String {
    if counted {
        format!("the saved game, {what}, won when the statistics could not take it, now counts as won")
    } else {
        format!("the saved game, {what}, a win, still could not be counted, so it is kept; this session does not save its game")
    }
}

/// The saved game `what` ("game 7 with 50 moves"), declined at the offer,
/// is counted as lost.
pub fn saved_game_lost(what: &str) -> String {
    format!("the saved game, {what}, counts as lost")
}

/// The saved game `what` is replaced by a new game: counted as lost
/// (`Some(true)`), kept because it could not be counted (`Some(false)`),
/// or replaced uncounted with statistics off (`None`).
pub fn saved_game_replaced(what: &str, counted: Option<bool>) -> String {
    match counted {
        Some(true) => format!("the saved game, {what}, counts as lost: a new game takes its place"),
        Some(false) => {
            format!("the saved game, {what}, could not be counted, so it is kept; this session does not save its game")
        }
        None => format!("the saved game, {what}, is replaced by a new game (statistics are off, so it is not counted)"),
    }
}

/// What is said of an input line that is not UTF-8.
pub const NOT_TEXT: &str = "that line is not UTF-8 text";

/// What is said of a line of nothing but arrow or editing keys, at a prompt
/// without a line editor.
pub const EDITING_KEYS: &str = "arrow and editing keys do not work at this prompt: type the whole command, then Enter";

/// What `auto` says of a won game.
pub const WON_NOTHING_LEFT: &str = "The game is won: every card is on its foundation.";

/// What `auto` says when no card is safe to put on its foundation.
pub const NOTHING_SAFE: &str = "No card is safe to put on its foundation now.";

/// What is said of a line too long to be read whole.
pub const TOO_LONG: &str = "line too long: a command is a few characters";

/// What q at the offer to resume says.
pub const SAVED_GAME_KEPT: &str = "The saved game is kept.";

/// The line editor's history file is not one klondike reads or writes.
pub fn history_file_unfit(path: &std::path::Path) -> String {
    format!(
        "the history file {} is not a regular file of at most {} MiB; it is left as it is and this session's history will not be saved",
        path.display(),
        crate::app::store::MAX_STORED >> 20
    )
}

/// The line editor's history file could not be read (`error` says why).
pub fn history_file_unreadable(path: &std::path::Path, error: &impl fmt::Display) -> String {
    format!(
        "cannot read the history file {}: {error}; it is left as it is and this session's history will not be saved",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::flow::Lost;
    use crate::app::render::screen::{Layout, Marks};
    use crate::engine::deal::{Deal, GameNumber};
    use crate::engine::moves::{Move, PileId};

    fn game_1() -> Game {
        Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), Rules::default())
    }

    #[test]
    fn a_hint_for_the_eye_and_for_the_ear() {
        let game = game_1();
        let draw = Advice::Heuristic(Hint { mv: Some(Move::Draw), reason: Reason::FromTheStock { redeal: false } });
        // The solver did not decide: the move said as a winning one is,
        // with why, and that the solver could not tell.
        assert_eq!(
            advice_text(&draw, &game, ScoreNow::NONE, &CardStyle::PLAIN, false),
            "hint: d: draw 1 card from the stock (23 left), since no move on the table helps. \
             The solver could not tell yet whether the game can still be won."
        );
        assert_eq!(
            advice_text(&draw, &game, ScoreNow::NONE, &CardStyle::WORDS, true),
            "Draw 1 card from the stock (23 left), since no move on the table helps, type d. \
             The solver could not tell yet whether the game can still be won."
        );
        // Where it turns up a card: where the card goes, and what it turns
        // up (the words said the card and the pile, not where it went).
        let up = Advice::Heuristic(Hint {
            mv: Some(Move::TableauToFoundation { from: PileId::ALL[6] }),
            reason: Reason::TurnsUp { card: "AS".parse().unwrap(), pile: PileId::ALL[6] },
        });
        assert_eq!(
            advice_text(&up, &game, ScoreNow::NONE, &CardStyle::WORDS, true),
            "Put the ace of spades from pile 7 on its foundation, turning up a card, type t 7 f. \
             The solver could not tell yet whether the game can still be won."
        );
        let none = Advice::Heuristic(Hint { mv: None, reason: Reason::NoUsefulMove });
        assert_eq!(advice_text(&none, &game, ScoreNow::NONE, &CardStyle::WORDS, true), "No useful move.");
        let win = Advice::Winning { mv: Move::Draw, news: true };
        let said = advice_text(&win, &game, ScoreNow::NONE, &CardStyle::PLAIN, false);
        assert!(said.starts_with("hint: d: ") && said.ends_with(". The game can still be won."), "{said}");
        let again = advice_text(
            &Advice::Winning { mv: Move::Draw, news: false },
            &game,
            ScoreNow::NONE,
            &CardStyle::PLAIN,
            false,
        );
        assert!(!again.contains("still be won"), "{again}");
        let play_on = Hint { mv: Some(Move::Draw), reason: Reason::NoUsefulMove };
        let lost = advice_text(&Advice::Lost(play_on.clone()), &game, ScoreNow::NONE, &CardStyle::PLAIN, false);
        assert!(lost.contains("type review to see where it was lost, u to undo"), "{lost}");
        // With a move to play on anyway, after what can be done instead.
        assert!(lost.ends_with(" To play on anyway: d: draw 1 card from the stock (23 left)."), "{lost}");
        let at_deal =
            advice_text(&Advice::LostAtDeal(play_on.clone()), &game, ScoreNow::NONE, &CardStyle::PLAIN, false);
        assert!(!at_deal.contains("undo") && at_deal.contains("type new for a new game."), "{at_deal}");
        let spoken = advice_text(&Advice::LostAtDeal(play_on), &game, ScoreNow::NONE, &CardStyle::WORDS, true);
        assert!(spoken.ends_with(" To play on anyway, type d: draw 1 card from the stock (23 left)."), "{spoken}");
        let none = Hint { mv: None, reason: Reason::NoUsefulMove };
        let lost = advice_text(&Advice::Lost(none), &game, ScoreNow::NONE, &CardStyle::PLAIN, false);
        assert!(lost.ends_with("or new for a new game."), "{lost}");
        // A stuck game: the stuck table's way on, by where it was lost.
        let stuck = |lost| advice_text(&Advice::Stuck(lost), &game, ScoreNow::NONE, &CardStyle::PLAIN, false);
        assert_eq!(
            stuck(Lost::InPlay),
            format!(
                "hint: stuck: {}; type review to see where the game was lost, u to undo, or new for a new game.",
                super::super::announce::STUCK_WHY
            )
        );
        assert!(stuck(Lost::AtDeal).ends_with("; type new for a new game."), "{}", stuck(Lost::AtDeal));
        assert!(
            stuck(Lost::NeverWinnable).ends_with("; this deal could never be won: type new for a new game."),
            "{}",
            stuck(Lost::NeverWinnable)
        );
    }

    /// Questions say how to answer in words for a screen reader (Enter
    /// alone resumes, which `[Y/n]` shows only to the eye), and never
    /// start with a file's name (a capital letter would change it).
    #[test]
    fn questions_say_in_words_what_enter_does_and_start_with_no_file_name() {
        let spoken = resume_offer(Some("7"), None, 3, Instead::NewGame, true);
        assert!(spoken.ends_with("Type yes or no; Enter alone is yes. "), "{spoken}");
        // What no does is said as a condition: "Resume it? No starts..."
        // was heard as the answer no (helper report).
        assert!(
            spoken.contains("Resume it? If you answer no, a new game starts and the saved one counts as lost."),
            "{spoken}"
        );
        // The rules between commas for a screen reader, in brackets for the eye.
        let rules = Rules::default();
        let spoken = resume_offer(Some("7"), Some(&rules), 3, Instead::NewGame, true);
        assert!(spoken.starts_with(&format!("A game you left is saved, game 7, {rules}, with 3 moves.")), "{spoken}");
        assert!(!spoken.contains(['(', ')']), "{spoken}");
        let seen = resume_offer(Some("7"), Some(&rules), 3, Instead::NewGame, false);
        assert!(seen.starts_with(&format!("A game you left is saved, game 7 ({rules}) with 3 moves.")), "{seen}");
        assert!(resume_offer(Some("7"), None, 3, Instead::NewGame, false).ends_with("[Y/n] "));
        assert!(load_earlier_question("s2.json", true).starts_with("The file s2.json holds"));
        assert!(earlier_copy_loaded("s2.json").starts_with("the file s2.json holds"));
    }

    #[test]
    fn a_hint_says_what_its_move_does_to_the_score() {
        use crate::engine::game::Position;
        use crate::engine::scoring::Scoring;
        // The stock is empty: the redeal costs 100 points under standard
        // scoring; the ace to its foundation earns 10; no scoring, no words.
        let pos: Position =
            "tableau - / | AH / - / - / - / - / - ; stock - ; waste 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH ; foundations KC KD - KS ; pass 1".parse().unwrap();
        let game = Game::from_position(pos, Rules::default());
        let standard = ScoreNow { scoring: Scoring::Standard, score: 500 };
        let redeal = Advice::Winning { mv: Move::Redeal, news: false };
        let said = advice_text(&redeal, &game, standard, &CardStyle::PLAIN, false);
        assert!(said.ends_with(", minus 100 points."), "{said}");
        let home = Advice::Heuristic(Hint {
            mv: Some(Move::TableauToFoundation { from: crate::engine::moves::PileId::ALL[1] }),
            reason: Reason::ToFoundation { card: "AH".parse().unwrap() },
        });
        let said = advice_text(&home, &game, standard, &CardStyle::WORDS, true);
        assert_eq!(
            said,
            "Put the ace of hearts from pile 2 on its foundation, plus 10 points, type t 2 f. \
             The solver could not tell yet whether the game can still be won."
        );
        assert!(!advice_text(&redeal, &game, ScoreNow::NONE, &CardStyle::PLAIN, false).contains("points"));
    }

    #[test]
    fn a_review_says_what_it_found_and_what_it_could_not_decide() {
        let game = Game::new(&crate::engine::deal::Deal::for_number(GameNumber::ONE), Rules::default());
        let limit = Limit { states: 250_000, seconds: None };
        let said = |review: &Review| review_text(review, &game, &limit, &CardStyle::PLAIN, false, true);
        let undecided = |a, b, why| Review::Undecided { winnable_after: a, lost_after: b, why };
        assert_eq!(
            said(&undecided(None, None, GaveUp::StateLimit)),
            "The solver could not decide within 250000 states whether the game can still be won from here."
        );
        assert_eq!(
            said(&undecided(None, Some(9), GaveUp::StateLimit)),
            "The game was lost by move 9 at the latest; the solver could not decide within 250000 states whether the deal could be won at all."
        );
        assert_eq!(
            said(&undecided(Some(0), Some(9), GaveUp::Memory)),
            "The game was lost between move 1 and move 9: it could still be won at the deal, not after move 9; the solver could not decide with the memory it had in between."
        );
        let timed = Limit { states: 3_000_000, seconds: Some(2) };
        let text =
            review_text(&undecided(Some(4), Some(9), GaveUp::TimeLimit), &game, &timed, &CardStyle::PLAIN, false, true);
        assert!(
            text.contains("after move 4, not after move 9; the solver could not decide within 2 seconds"),
            "{text}"
        );
        assert_eq!(said(&Review::Stopped), "Stopped: the review did not finish, the game goes on.");
        assert_eq!(said(&Review::StillWinnable), "Not lost: the game can still be won from here.");
        let lost = Review::Lost(Box::new(crate::app::review::LostAt {
            after: 0,
            position: game.position().clone(),
            lost_by: Move::Draw,
            with_autoplay: true,
            instead: None,
            undos: 1,
        }));
        assert_eq!(
            said(&lost),
            "Lost at move 1: d, draw 1 card from the stock (23 left), with the automatic moves after it. At the deal the game could still be won. To go back there, type u once."
        );
        let spoken = review_text(&lost, &game, &limit, &CardStyle::WORDS, true, false);
        assert_eq!(spoken, "Move 1, d, lost the game, with the automatic moves after it.");
    }

    #[test]
    fn solve_answers_each_verdict() {
        assert_eq!(solve_text(&Verdict::Winnable(Vec::new()), true, false), "The game is won.");
        let one = solve_text(&Verdict::Winnable(vec![Move::Draw]), true, false);
        assert!(one.contains("a line of 1 move from here, starting d."), "{one}");
        let seven = solve_text(&Verdict::Winnable(vec![Move::Draw; 7]), true, false);
        assert!(seven.contains("a line of 7 moves from here, starting d, d, d, d, d."), "{seven}");
        assert!(solve_text(&Verdict::Unknown(GaveUp::Cancelled), true, false).starts_with("Stopped"));
        assert_eq!(
            solve_text(&Verdict::Unknown(GaveUp::TimeLimit), true, false),
            "Unknown: the solver could not tell in the time it had whether the game can still be won; \
             type hint for a move to try."
        );
        // Lost after moves: the review is offered; at the deal there is nothing to review.
        assert!(solve_text(&Verdict::Unwinnable, true, false).ends_with(REVIEW_OFFER));
        // A move between piles, for the eye in full, for a screen reader as
        // briefly as it is typed (helper report: "t 3 7 2" beside hint's "t 3 7").
        let between = Move::TableauToTableau { from: PileId::ALL[2], to: PileId::ALL[6], count: 2 };
        let line = Verdict::Winnable(vec![Move::Draw, between]);
        assert!(solve_text(&line, true, false).contains("starting d, t 3 7 2."), "{}", solve_text(&line, true, false));
        assert!(solve_text(&line, true, true).contains("starting d, t 3 7."), "{}", solve_text(&line, true, true));
        assert_eq!(
            solve_text(&Verdict::Unwinnable, false, false),
            "This deal cannot be won: the solver tried every line."
        );
    }

    #[test]
    fn the_question_says_the_cost_and_quotes_the_file_by_the_one_rule() {
        let new_7 = Pending {
            command: Line::Session(SessionCommand::New(GameNumber::new(7))),
            counts_as_lost: true,
            unsaved: false,
            same_game: false,
        };
        assert_eq!(
            question_text(&new_7),
            "This game would count as lost. Start game 7? Type yes, or no to keep playing."
        );
        let load = Pending {
            command: Line::Session(SessionCommand::Load("a\u{2028}b".into())),
            counts_as_lost: false,
            unsaved: false,
            same_game: false,
        };
        assert_eq!(
            question_text(&load),
            "This game would be given up. Load a<line separator>b? Type yes, or no to keep playing."
        );
        let same = Pending { same_game: true, counts_as_lost: true, ..load.clone() };
        assert_eq!(
            question_text(&same),
            "The file a<line separator>b holds this game as it was saved: the moves made since would be lost. Load a<line separator>b? Type yes, or no to keep playing."
        );
        assert!(Refusal::QuestionWaits(load).to_string().starts_with("a question waits for yes or no. This game"));
        assert_eq!(refused_line("cannot draw", true), "Not done: cannot draw.\n");
        assert_eq!(
            strict_stopped("t 9\u{7}"),
            format!("--strict: stopped at the rejected command '{}'", readable("t 9\u{7}", 200))
        );
        assert_eq!(refused_line("x (did you mean help?)", true), "Not done: x (did you mean help?)\n");
        assert_eq!(
            refused_line("Type yes, or no to keep playing.", true),
            "Not done: Type yes, or no to keep playing.\n"
        );
    }

    #[test]
    fn questions_are_answered_from_the_game_as_it_stands() {
        let play = Play::new(
            Deal::for_number(crate::engine::deal::GameNumber::ONE),
            Origin::Number(GameNumber::new(1).unwrap()),
            Rules::default(),
            Default::default(),
            false,
        );
        let look = Frame {
            layout: Layout::Rows,
            style: &CardStyle::PLAIN,
            clock: None,
            mark: Marks::None,
            screen_reader: false,
        };
        let ask = |line: &str| match line.parse() {
            Ok(Command::Ask(query)) => answer(query, &play, &look),
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(ask("score"), Ok(score_answer(&play, None)));
        assert_eq!(ask("rules"), Ok(describe_rules(play.rules())));
        // Vegas scoring, which changes the pass limit, is said with the
        // rules (it was only in `score`: helper report).
        let vegas = Play::new(
            Deal::for_number(crate::engine::deal::GameNumber::ONE),
            Origin::Number(GameNumber::new(1).unwrap()),
            Rules::default(),
            Scoring::Vegas,
            false,
        );
        let rules = answer(Query::Rules, &vegas, &look).unwrap();
        assert!(
            rules.starts_with("Draw 1, ") && rules.ends_with("kings only on empty piles. Vegas scoring."),
            "{rules}"
        );
        assert!(ask("moves all").is_ok_and(|t| t.contains("legal move")));
        assert_eq!(ask("table"), Ok(whole_table(&play, &look)));
        assert!(ask("l 7").is_ok_and(|t| t.starts_with("Pile 7: 6 face down")), "{:?}", ask("l 7"));
        assert!(ask("help t").is_ok_and(|t| t.contains("t from-pile to-pile count to move count cards")));
    }

    #[test]
    fn what_becomes_of_the_game_left() {
        assert_eq!(
            GameLeft::CountsAsLost(Origin::Number(GameNumber::new(7).unwrap())).to_string(),
            "Game 7 counts as lost."
        );
        assert_eq!(
            loaded(Some(GameLeft::CountsAsLost(Origin::Custom)), "x.json"),
            "Custom deal counts as lost. Loaded x.json."
        );
        assert_eq!(
            restarted(Some(GameLeft::CountsAsLost(Origin::Number(GameNumber::new(7).unwrap())))),
            "The game so far counts as lost. Dealt again from the start."
        );
        assert_eq!(
            GameLeft::NotCounted(Origin::Number(GameNumber::new(5).unwrap())).to_string(),
            "Game 5 could not be counted in the statistics."
        );
        assert_eq!(saved_game(None, 2), "a custom deal with 2 moves");
        let newer = StoreError::NewerVersion { path: "a.json".into(), found: 9, supported: 1 };
        assert_eq!(
            crate::app::session::ChoiceError::NotLoaded(newer).to_string(),
            "a.json was written by a newer klondike (format version 9; this one reads up to 1), so this version cannot read it; it is left as it is"
        );
        let passed = |unwinnable, undecided| Passed { first: GameNumber::new(7).unwrap(), unwinnable, undecided };
        assert_eq!(
            winnable_message(GameNumber::new(7).unwrap(), &passed(0, 0)),
            "Game 7: the solver proved it winnable."
        );
        assert!(winnable_message(GameNumber::new(9).unwrap(), &passed(2, 0))
            .ends_with("; the 2 game numbers from 7 were proved unwinnable."));
        assert!(
            winnable_message(GameNumber::new(8).unwrap(), &passed(1, 0)).ends_with("; game 7 was proved unwinnable.")
        );
        assert!(
            winnable_message(GameNumber::new(8).unwrap(), &passed(0, 1)).ends_with("; game 7 could not be decided.")
        );
        assert!(winnable_message(GameNumber::new(9).unwrap(), &passed(0, 2))
            .ends_with("; the 2 game numbers from 7 could not be decided."));
        assert!(winnable_message(GameNumber::new(10).unwrap(), &passed(1, 2))
            .ends_with("; of the 3 game numbers from 7, 1 was proved unwinnable and 2 could not be decided."));
        // Past the last number: it says so.
        let last = GameNumber::new(u128::MAX).unwrap();
        let wrapped = Passed { first: last, unwinnable: 3, undecided: 0 };
        assert_eq!(
            winnable_message(GameNumber::new(2).unwrap(), &wrapped),
            format!("Game 2: the solver proved it winnable; the 3 game numbers from {last} on (after the last, {last}, comes 1) were proved unwinnable.")
        );
        let two_before = Passed { first: GameNumber::new(u128::MAX - 1).unwrap(), unwinnable: 2, undecided: 0 };
        assert!(winnable_message(GameNumber::ONE, &two_before).contains("comes 1"));
        let three_before = Passed { first: GameNumber::new(u128::MAX - 2).unwrap(), unwinnable: 2, undecided: 0 };
        assert!(!winnable_message(last, &three_before).contains("comes 1"));
    }
}
