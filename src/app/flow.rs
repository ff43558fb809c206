//! The flow of a session around a [`Play`], without the world: which
//! commands wait for the player's yes and the question waiting, `repeat`
//! (what was said last) and `.` (`again`, the last command), the notes said
//! once (every card is face up; the game can still be won), and what `hint`
//! advises. [`Flow::read`] turns each input line into a [`Step`] for the
//! front end to carry out; nothing here reads a file or the clock, and
//! nothing here holds words ([`crate::app::render::replies`] says it all).
//!
//! ```
//! use klondike::app::flow::{Flow, Pending, Step};
//!
//! let mut flow = Flow::default();
//! let Step::Run { command, confirmed: false } = flow.read("restart") else { panic!() };
//! // A game in progress: the front end asks first.
//! flow.ask(Pending::before(&command, true, false).unwrap());
//! assert_eq!(flow.read("yes"), Step::Run { command, confirmed: true });
//! ```

use crate::app::census::{self, BatchVerdict};
use crate::app::command::{Command, CommandError};
use crate::app::play::Play;
use crate::app::session_command::{Line, SessionCommand};
use crate::engine::autoplay::can_auto_finish;
use crate::engine::deal::{Deal, GameNumber};
use crate::engine::game::{Game, Position, Status};
use crate::engine::hint::{candidates, hint_where, Hint};
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::solver::{self, Budget, LineEffort, Verdict};

/// A command waiting for the player's yes, because it would throw away the
/// game in progress (`new`, `restart`, `load`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The command, run once the player says yes.
    pub command: Line,
    /// The game left would count as lost in the statistics (otherwise it
    /// is only given up).
    pub counts_as_lost: bool,
    /// Saving the game failed (a data folder that cannot be written), so
    /// quitting loses it: the question says so rather than only that it
    /// would count as lost (which may fail too).
    pub unsaved: bool,
    /// The file to load holds a copy of this very game: the game goes on
    /// from there, and is neither given up nor counted.
    pub same_game: bool,
}

impl Pending {
    /// The question to ask before `command`, for a command that replaces
    /// the game (`new`, `restart`, `load`), and for `quit` where quitting
    /// would not keep it (`quit_loses`: no saved copy, and it counts as
    /// lost); `None` for any other. The front end asks only where a game is
    /// in progress and confirmations are on.
    pub fn before(command: &Line, counts_as_lost: bool, quit_loses: bool) -> Option<Pending> {
        let asked = match command {
            Line::Session(SessionCommand::New(_) | SessionCommand::Load(_)) | Line::Game(Command::Restart) => true,
            Line::Session(SessionCommand::Quit) => quit_loses,
            _ => false,
        };
        asked.then(|| Pending { command: command.clone(), counts_as_lost, unsaved: false, same_game: false })
    }
}

/// What an input line asks of the front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Run this command. `confirmed`: the player said yes to it, so it is
    /// not asked about again.
    Run {
        /// The command.
        command: Line,
        /// It answers a question ([`Pending`]) with yes.
        confirmed: bool,
    },
    /// `repeat`: this, the last thing said, is said again.
    Again(String),
    /// The player said no to the question: the game goes on as it was.
    Declined,
    /// The player quit at a question (quitting is always possible).
    Quit,
    /// Nothing is done, for this reason.
    Refused(Refusal),
}

/// Why a line or a command was refused (nothing was done). The session's
/// own reasons are here too, so that every word is chosen in
/// [`crate::app::render::replies`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The line is not a command.
    Command(CommandError),
    /// `repeat` before anything was said.
    NothingSaid,
    /// `.` before any command was run.
    NoCommandYet,
    /// `repeat` or `.` given where a command is run (they go on a line of
    /// their own).
    OwnLine,
    /// A question waits for yes or no; it is asked again.
    QuestionWaits(Pending),
    /// `help` on a word that has none.
    NoHelp(String),
    /// `save` to one of klondike's files in its data folder: the autosave,
    /// the statistics, the history or a lock file.
    OwnFile,
    /// `load` of a file that is not there (the name as typed).
    NoSuchFile(String),
    /// `stats` with no data folder to keep statistics in.
    NoDataFolder,
}

/// What `hint` advises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Every card is face up: `auto` plays them all home.
    Finish,
    /// The first move of a line the solver found to win.
    Winning {
        /// The move.
        mv: Move,
        /// Say that the game can still be won (it is news: the first
        /// time in this game, or since it was last proved lost).
        news: bool,
    },
    /// The solver did not decide: the heuristic's move (or none) and why,
    /// never a move after which the solver proves the game lost.
    Heuristic(Hint),
    /// The solver proved the deal lost before any move was made; with the
    /// heuristic's move, for a player who plays on anyway.
    LostAtDeal(Hint),
    /// The solver proved the game lost, though moves remain; with the
    /// heuristic's move, for a player who plays on anyway.
    Lost(Hint),
    /// The game is stuck (no move turns up a card or brings one into play),
    /// lost where `Lost` says: the way on offered is the stuck table's.
    Stuck(Lost),
}

/// How many states the solver may search for `hint` before the heuristic
/// answers (a fraction of a second). A budget of states, not seconds, so
/// that a hint is the same on every machine and in every transcript.
pub const HINT_STATES: u64 = 300_000;

/// States each heuristic candidate move's position may take to be proved lost.
const HINT_CHECK_STATES: u64 = 20_000;

/// The session's memory of what was said and asked: see the module docs.
#[derive(Clone, Debug, Default)]
pub struct Flow {
    /// The command waiting for a yes.
    pending: Option<Pending>,
    /// The last command run, for `.` (`again`).
    last_command: Option<Line>,
    /// The last thing said, for `repeat`.
    last_said: String,
    /// "Every card is face up" has been said for the present stretch of
    /// such positions (it is said once, not after every move).
    finish_noted: bool,
    /// A hint has said that the game can still be won (said again only
    /// once it has been proved lost and regained, or in a new game).
    winnable_said: bool,
}

impl Flow {
    /// What `line` asks for. With a question waiting, the line answers it:
    /// yes runs the command waiting, no keeps the game, q quits, anything
    /// else is refused and the question stays. Otherwise the line is a
    /// command: `repeat` gives what was said last, `.` the last command,
    /// any other command is remembered for `.` and run.
    pub fn read(&mut self, line: &str) -> Step {
        if let Some(pending) = self.pending.take() {
            return match line.trim().to_lowercase().as_str() {
                "y" | "yes" => Step::Run { command: pending.command, confirmed: true },
                "n" | "no" => Step::Declined,
                "q" | "quit" | "exit" => Step::Quit,
                // Refused (nothing is done), and asked again: the question
                // is answered first.
                _ => {
                    self.pending = Some(pending.clone());
                    Step::Refused(Refusal::QuestionWaits(pending))
                }
            };
        }
        match line.parse::<Line>() {
            Err(e) => Step::Refused(Refusal::Command(e)),
            Ok(Line::Game(Command::Repeat)) if self.last_said.is_empty() => Step::Refused(Refusal::NothingSaid),
            Ok(Line::Game(Command::Repeat)) => Step::Again(self.last_said.clone()),
            Ok(Line::Game(Command::Again)) => match self.last_command.clone() {
                None => Step::Refused(Refusal::NoCommandYet),
                Some(command) => Step::Run { command, confirmed: false },
            },
            Ok(command) => {
                self.last_command = Some(command.clone());
                Step::Run { command, confirmed: false }
            }
        }
    }

    /// Leaves `pending` waiting for the player's answer (the next line).
    pub fn ask(&mut self, pending: Pending) {
        self.pending = Some(pending);
    }

    /// The command waiting for a yes, if any.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// Remembers `text` as what was said last, for `repeat` (an empty text
    /// leaves the last one).
    pub fn said(&mut self, text: &str) {
        if !text.is_empty() {
            self.last_said = text.to_string();
        }
    }

    /// What was said last ("" before anything was).
    pub fn last_said(&self) -> &str {
        &self.last_said
    }

    /// After a change: whether to say now that every card is face up and
    /// `auto` finishes, given whether that is so (`can_finish`): once for
    /// each stretch of such positions.
    pub fn finish_news(&mut self, can_finish: bool) -> bool {
        let news = can_finish && !self.finish_noted;
        self.finish_noted = can_finish;
        news
    }

    /// Another game takes the place of the last: its notes are news again.
    pub fn new_game(&mut self) {
        self.finish_noted = false;
        self.winnable_said = false;
    }

    /// What `hint` advises in `play`: `auto` where every card is face up;
    /// otherwise, in a game still playing, the verdict of `think` (the
    /// solver on the play's position under the budget given; the front
    /// end may make it cancellable) decides: the first move of a winning
    /// line, or that the game is lost; when it does not decide, the
    /// heuristic, leaving out any move after which the solver proves the
    /// game lost within a small budget.
    pub fn advise(&mut self, play: &Play, think: impl FnOnce(Budget) -> Verdict) -> Advice {
        let game = play.game();
        let (position, rules) = (game.position(), game.rules());
        if can_auto_finish(position) {
            return Advice::Finish;
        }
        if play.status() == Status::Stuck {
            return Advice::Stuck(lost_where(play));
        }
        if play.status() == Status::Playing {
            match think(Budget::states(HINT_STATES)) {
                Verdict::Winnable(moves) if !moves.is_empty() => {
                    // Said when it is news, not after every hint.
                    let news = !std::mem::replace(&mut self.winnable_said, true);
                    return Advice::Winning { mv: best_winning_move(game, moves[0]), news };
                }
                Verdict::Unwinnable => {
                    // A later "can still be won" (after an undo) is news again.
                    self.winnable_said = false;
                    // Every move loses: the heuristic's, to play on.
                    let play_on = hint_where(game, |_| true);
                    return match lost_where(play) {
                        Lost::InPlay => Advice::Lost(play_on),
                        Lost::AtDeal | Lost::NeverWinnable => Advice::LostAtDeal(play_on),
                    };
                }
                _ => {}
            }
        }
        Advice::Heuristic(hint_where(game, |mv| {
            let mut after = position.clone();
            after.play(mv, rules).is_ok()
                && solver::solve_with(&after, rules, &Budget::states(HINT_CHECK_STATES), LineEffort::Quick).verdict
                    != Verdict::Unwinnable
        }))
    }
}

/// Of the moves that keep `game` winnable, the one `moves` ranks first,
/// given `first`, the first move of a winning line the solver found: the
/// solver's own move keeps it; one ranked before it must be proved to
/// (within a small budget each), so a free move that still wins comes
/// before a draw or a redeal that costs points.
pub fn best_winning_move(game: &Game, first: Move) -> Move {
    let (position, rules) = (game.position(), game.rules());
    let keeps_it_winnable = |m: &Move| {
        let mut after = position.clone();
        let budget = Budget::states(HINT_CHECK_STATES);
        after.play(*m, rules).is_ok()
            && matches!(solver::solve_with(&after, rules, &budget, LineEffort::Quick).verdict, Verdict::Winnable(_))
    };
    candidates(game).into_iter().take_while(|&m| m != first).find(keeps_it_winnable).unwrap_or(first)
}

/// What `--winnable` dealt: the first game number from the one asked for
/// that is proved winnable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winnable {
    /// The game number.
    pub number: GameNumber,
    /// Its deal.
    pub deal: Deal,
    /// The numbers before it that were passed over.
    pub passed: Passed,
}

/// The game numbers `--winnable` passed over, from `first` on: each was
/// proved unwinnable or could not be decided (0 to 999 in all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passed {
    /// The number asked for, where the search began.
    pub first: GameNumber,
    /// How many were proved unwinnable (by the census or the solver).
    pub unwinnable: u128,
    /// How many the solver could not decide within its budget.
    pub undecided: u128,
}

impl Passed {
    /// How many numbers were passed over.
    #[must_use]
    pub fn count(&self) -> u128 {
        self.unwinnable + self.undecided
    }
}

/// Why [`first_winnable`] found no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinnableError {
    /// None of the [`WINNABLE_TRIES`] numbers from `first` was proved winnable.
    NoneFound {
        /// The number asked for.
        first: GameNumber,
    },
}

/// How many game numbers [`first_winnable`] tries.
pub const WINNABLE_TRIES: u128 = 1000;

/// `--winnable` and `new` under it: from `first`, the first game number
/// proved winnable under `rules`, by the committed census verdicts where
/// they reach (no search), otherwise by the solver under a fresh `budget()`
/// per number (the front end sets its deadline). After 2^128−1 comes 1.
///
/// # Errors
/// [`WinnableError::NoneFound`] when none of [`WINNABLE_TRIES`] numbers is
/// proved winnable.
pub fn first_winnable(
    first: GameNumber,
    rules: &Rules,
    mut budget: impl FnMut() -> Budget,
) -> Result<Winnable, WinnableError> {
    let mut number = first;
    let mut passed = Passed { first, unwinnable: 0, undecided: 0 };
    for _ in 0..WINNABLE_TRIES {
        let deal = Deal::for_number(number);
        let verdict = match known_verdict(number, rules) {
            Some(known @ (BatchVerdict::Winnable | BatchVerdict::Unwinnable)) => known,
            // Only the verdict matters here, not how short the line is.
            _ => match solver::solve_with(&Position::new(&deal), rules, &budget(), LineEffort::Quick).verdict {
                Verdict::Winnable(_) => BatchVerdict::Winnable,
                Verdict::Unwinnable => BatchVerdict::Unwinnable,
                Verdict::Unknown(_) => BatchVerdict::Unknown,
            },
        };
        match verdict {
            BatchVerdict::Winnable => return Ok(Winnable { number, deal, passed }),
            BatchVerdict::Unwinnable => passed.unwinnable += 1,
            BatchVerdict::Unknown => passed.undecided += 1,
        }
        number = number.checked_add(1).unwrap_or(GameNumber::ONE);
    }
    Err(WinnableError::NoneFound { first })
}

/// Where a game that can no longer be won was lost, which decides the way
/// on a stuck game is told: at the deal (no move of the player's yet), a
/// deal that could never be won (as the census found it), or by a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lost {
    /// Before any move of the player's: nothing to review or undo.
    AtDeal,
    /// After moves, in a deal known to be unwinnable: no move lost it.
    NeverWinnable,
    /// By a move (as far as is known): `review` finds which.
    InPlay,
}

impl Lost {
    /// What a game alone tells (no census, no autoplay): at the deal when
    /// no move was made.
    pub fn of_moves(moves: usize) -> Lost {
        if moves == 0 {
            Lost::AtDeal
        } else {
            Lost::InPlay
        }
    }
}

/// Where `play`, a game that can no longer be won, was lost: at the deal
/// (no move of the player's yet), in a deal that could never be won (the
/// committed census verdicts say so, for the deal numbers and rules they
/// cover), or by a move as far as is known (`review` finds which).
pub fn lost_where(play: &Play) -> Lost {
    if play.at_deal() {
        return Lost::AtDeal;
    }
    let never =
        play.origin().number().is_some_and(|n| known_verdict(n, play.rules()) == Some(BatchVerdict::Unwinnable));
    if never {
        Lost::NeverWinnable
    } else {
        Lost::InPlay
    }
}

/// The committed census verdict on `game` under `rules`
/// (`src/app/census/verdicts.txt`, written by `klondike census
/// --verdict-file`, one line a game in increasing order), looked up in the
/// text itself: no memory is taken, so no limit can make it fail.
fn known_verdict(game: GameNumber, rules: &Rules) -> Option<BatchVerdict> {
    census::verdict_in_sorted(include_str!("census/verdicts.txt"), game, rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::MoveCommand;
    use crate::app::play::{Action, Origin};
    use crate::engine::deal::Deal;
    use crate::engine::moves::PileId;
    use crate::engine::rules::Rules;
    use crate::engine::scoring::Scoring;

    fn game_1() -> Play {
        Play::new(
            Deal::for_number(crate::engine::deal::GameNumber::ONE),
            Origin::Number(GameNumber::new(1).unwrap()),
            Rules::default(),
            Scoring::None,
            false,
        )
    }

    fn run(command: Command) -> Step {
        Step::Run { command: Line::Game(command), confirmed: false }
    }

    #[test]
    fn a_question_waits_for_yes_or_no_and_quit_is_always_possible() {
        let mut flow = Flow::default();
        let new_7 = Line::Session(SessionCommand::New(Some(GameNumber::new(7).unwrap())));
        assert_eq!(flow.read("new 7"), Step::Run { command: new_7.clone(), confirmed: false });
        let pending = Pending::before(&new_7, false, false).unwrap();
        flow.ask(pending.clone());
        // Anything but an answer is refused, and the question stays.
        assert_eq!(flow.read("d"), Step::Refused(Refusal::QuestionWaits(pending.clone())));
        assert_eq!(flow.pending(), Some(&pending));
        assert_eq!(flow.read(" YES "), Step::Run { command: new_7.clone(), confirmed: true });
        assert_eq!(flow.pending(), None);
        // Once answered, a line is a command again.
        assert_eq!(flow.read("d"), run(Command::Move(MoveCommand::Draw)));
        flow.ask(pending.clone());
        assert_eq!(flow.read("no"), Step::Declined);
        flow.ask(pending);
        assert_eq!(flow.read("q"), Step::Quit);
    }

    #[test]
    fn only_commands_that_replace_or_lose_the_game_are_asked_about() {
        assert!(Pending::before(&Line::Game(Command::Restart), true, false).is_some_and(|p| p.counts_as_lost));
        assert!(Pending::before(&Line::Session(SessionCommand::Load("x.json".into())), false, false).is_some());
        assert!(Pending::before(&Line::Session(SessionCommand::New(None)), false, false).is_some());
        let quit = Line::Session(SessionCommand::Quit);
        assert!(Pending::before(&quit, true, true).is_some_and(|p| p.counts_as_lost));
        for line in ["d", "u", "save x.json", "q", "hint", "stats"] {
            let command: Line = line.parse().unwrap();
            assert_eq!(Pending::before(&command, true, false), None, "{line}");
        }
        for line in ["d", "u", "save x.json", "hint", "stats"] {
            let command: Line = line.parse().unwrap();
            assert_eq!(Pending::before(&command, true, true), None, "{line}");
        }
    }

    #[test]
    fn repeat_says_the_last_thing_again_and_dot_runs_the_last_command() {
        let mut flow = Flow::default();
        assert_eq!(flow.read("repeat"), Step::Refused(Refusal::NothingSaid));
        assert_eq!(flow.read("."), Step::Refused(Refusal::NoCommandYet));
        assert_eq!(flow.read("t 7 f"), run(Command::Move(MoveCommand::TableauToFoundation(PileId::ALL[6]))));
        flow.said("Ace of spades to its foundation.\n");
        flow.said("");
        assert_eq!(flow.read("repeat"), Step::Again("Ace of spades to its foundation.\n".into()));
        // `repeat` is not a command to run again.
        assert_eq!(flow.read("."), run(Command::Move(MoveCommand::TableauToFoundation(PileId::ALL[6]))));
        assert!(matches!(flow.read("xyzzy"), Step::Refused(Refusal::Command(_))));
        assert_eq!(flow.read("."), run(Command::Move(MoveCommand::TableauToFoundation(PileId::ALL[6]))));
    }

    #[test]
    fn the_finish_note_is_said_once_a_stretch() {
        let mut flow = Flow::default();
        assert!(!flow.finish_news(false));
        assert!(flow.finish_news(true));
        assert!(!flow.finish_news(true));
        assert!(!flow.finish_news(false));
        assert!(flow.finish_news(true));
        flow.new_game();
        assert!(flow.finish_news(true));
    }

    #[test]
    fn can_still_be_won_is_news_once_until_the_game_is_lost() {
        let mut flow = Flow::default();
        let play = game_1();
        // The move ranked first: no other comes before the solver's own.
        let mv = candidates(play.game())[0];
        let winning = |_: Budget| Verdict::Winnable(vec![mv]);
        assert_eq!(flow.advise(&play, winning), Advice::Winning { mv, news: true });
        assert_eq!(flow.advise(&play, winning), Advice::Winning { mv, news: false });
        let play_on = hint_where(play.game(), |_| true);
        assert!(play_on.mv.is_some());
        assert_eq!(flow.advise(&play, |_| Verdict::Unwinnable), Advice::LostAtDeal(play_on));
        assert_eq!(flow.advise(&play, winning), Advice::Winning { mv, news: true });
        flow.new_game();
        assert_eq!(flow.advise(&play, winning), Advice::Winning { mv, news: true });
    }

    /// A game lost with only autoplay's moves at the deal made was lost at
    /// the deal; after a move of the player's, by play.
    #[test]
    fn a_game_lost_before_any_move_of_the_players_is_lost_at_the_deal() {
        let mut flow = Flow::default();
        // Game 3 deals the aces of spades and diamonds on top: autoplay puts them up.
        let deal = Deal::for_number(GameNumber::new(3).unwrap());
        let mut play =
            Play::new(deal, Origin::Number(GameNumber::new(3).unwrap()), Rules::default(), Scoring::None, true);
        play.apply(Action::Autoplay, None).unwrap();
        assert_eq!(play.game().moves_made(), 2);
        assert!(play.at_deal());
        assert!(matches!(flow.advise(&play, |_| Verdict::Unwinnable), Advice::LostAtDeal(_)));
        play.apply(Action::Move(MoveCommand::Draw), None).unwrap();
        assert!(!play.at_deal());
        assert!(matches!(flow.advise(&play, |_| Verdict::Unwinnable), Advice::Lost(_)));
    }

    #[test]
    fn winnable_skips_what_the_census_calls_lost_and_asks_the_solver_the_rest() {
        // Draw 3, one pass: games 1 to 3 are lost by the census.
        let rules: Rules = Rules {
            draw: crate::engine::rules::DrawCount::Three,
            passes: crate::engine::rules::PassLimit::Limited(1),
            ..Rules::default()
        };
        let mut searched = 0;
        let found = first_winnable(GameNumber::ONE, &rules, || {
            searched += 1;
            Budget::states(0)
        });
        let Ok(Winnable { number, passed, .. }) = found else { panic!("{found:?}") };
        assert_eq!(passed.count(), number.get() - 1);
        assert_eq!(passed.first, GameNumber::ONE);
        // What the census calls lost is counted as proved unwinnable, the
        // rest (a budget of 0 states decides nothing) as not decided.
        let before = || (1..number.get()).filter_map(GameNumber::new);
        let lost = before().filter(|&n| known_verdict(n, &rules) == Some(BatchVerdict::Unwinnable));
        assert_eq!(passed.unwinnable, lost.count() as u128);
        assert!(passed.unwinnable > 0);
        assert_eq!(known_verdict(number, &rules), Some(BatchVerdict::Winnable));
        assert!(before().all(|n| known_verdict(n, &rules) != Some(BatchVerdict::Winnable)));
        assert!(number.get() > 3 && searched < number.get() as usize, "{number} {searched}");
        // Past the census (games 1..N, however far it reaches), a budget
        // that decides nothing finds nothing.
        let past =
            GameNumber::new(census::Verdicts::parse(include_str!("census/verdicts.txt")).unwrap().len() as u128 + 1)
                .unwrap();
        assert_eq!(known_verdict(past, &rules), None);
        assert_eq!(first_winnable(past, &rules, || Budget::states(0)), Err(WinnableError::NoneFound { first: past }));
    }

    #[test]
    fn a_winnable_games_hint_is_the_best_ranked_move_that_keeps_it_winnable() {
        let mut play = game_1();
        for line in ["t 6 f", "t 7 f", "t 7 1 1", "t 7 2 1", "d", "d", "d"] {
            let Ok(Command::Move(mc)) = line.parse::<Command>() else { panic!("{line}") };
            play.apply(Action::Move(mc), None).unwrap();
        }
        // The solver's line starts with a draw; `moves` ranks first the 3 of
        // hearts onto the 4 of clubs, turning a card up, which keeps the
        // game winnable too: that is the hint.
        let turn_up = Move::TableauToTableau { from: PileId::ALL[6], to: PileId::ALL[3], count: 1 };
        assert_eq!(candidates(play.game()).first(), Some(&turn_up));
        let advice = Flow::default().advise(&play, |_| Verdict::Winnable(vec![Move::Draw]));
        assert_eq!(advice, Advice::Winning { mv: turn_up, news: true });
    }

    #[test]
    fn the_hint_budget_is_states_and_undecided_falls_back_to_the_heuristic() {
        let mut flow = Flow::default();
        let mut play = game_1();
        play.apply(Action::Move(MoveCommand::TableauToFoundation(PileId::ALL[6])), None).unwrap();
        let mut asked = None;
        let advice = flow.advise(&play, |b| {
            asked = Some((b.max_states, b.deadline.is_some()));
            Verdict::Unknown(crate::engine::solver::GaveUp::StateLimit)
        });
        assert_eq!(asked, Some((HINT_STATES, false)));
        let Advice::Heuristic(hint) = advice else { panic!("{advice:?}") };
        assert!(hint.mv.is_some_and(|mv| play.game().legal_moves().contains(&mv)), "{hint:?}");
        assert_eq!(flow.advise(&play, |_| Verdict::Unwinnable), Advice::Lost(hint_where(play.game(), |_| true)));
    }
}
