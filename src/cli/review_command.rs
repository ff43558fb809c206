//! `klondike review`: where a saved game or the game of a moves file was
//! lost, said as at the prompt (or as one JSON object).

use std::io::{self, Write};

use anyhow::Result;

use crate::options::ReviewArgs;
use crate::text_input::{text_of, STANDARD_INPUT};
use klondike::app::play::Play;
use klondike::app::record::GameRecord;
use klondike::app::render::{self, json::ReviewReport, words::CardStyle};
use klondike::app::review::{self, Limit};
use klondike::app::session::TerminalFacts;
use klondike::app::store;
use klondike::engine::solver::{self, Budget, LineEffort};

/// Runs `klondike review`; the exit code is 0 whatever was found.
pub fn run(args: &ReviewArgs) -> Result<()> {
    let screen_reader = TerminalFacts::screen_reader_wanted(args.screen_reader);
    crate::run::SPOKEN.store(screen_reader, std::sync::atomic::Ordering::Relaxed);
    let play = game_of(args)?;
    // Only the verdict and the first move of a line matter here.
    let found = review::review(
        &play,
        |position, rules, budget| solver::solve_with(position, rules, &budget, LineEffort::Quick).verdict,
        || Budget::states(args.max_states),
    );
    let limit = Limit { states: args.max_states, seconds: None };
    let style = if screen_reader { CardStyle::WORDS } else { CardStyle::PLAIN };
    let mut text = render::replies::review_text(&found, play.game(), &limit, &style, screen_reader, false);
    if screen_reader {
        text = render::words::spoken(&text);
    }
    let mut out = io::stdout().lock();
    if args.json {
        let report = ReviewReport::of(&found, &play, args.max_states, text);
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(out, "{text}")?;
    }
    out.flush()?;
    Ok(())
}

/// The game the file holds: a saved game (JSON, under its own deal and
/// rules), or the game a moves file plays on the deal and rules the
/// options give.
fn game_of(args: &ReviewArgs) -> Result<Play> {
    let path = &args.file;
    // `-`: the moves (or the saved game) come on standard input, piped as
    // a script would pipe them.
    let piped = path.as_os_str() == "-";
    let (named, text) = text_of(path, store::TextFile::Moves)?;
    if text.trim_start().starts_with('{') {
        let given = args.moves_file_options();
        if !given.is_empty() {
            anyhow::bail!(render::diagnostics::saved_game_has_its_own(named, &given));
        }
        let saved = if piped {
            // The parser's own words are not for a player: what it is not is.
            let record = GameRecord::from_json(&text)
                .map_err(|_| anyhow::anyhow!(render::diagnostics::STDIN_NOT_A_SAVED_GAME))?;
            record.replay().map_err(|e| anyhow::anyhow!(render::replies::unplayable_file(STANDARD_INPUT, &e)))?
        } else {
            klondike::app::session::read_saved(path).map_err(|e| anyhow::anyhow!(render::error_chain::chain(&e)))?
        };
        return Ok(Play::from_replayed(saved, false));
    }
    if args.game.is_none() && args.deal.is_none() {
        anyhow::bail!(render::diagnostics::moves_file_needs_a_deal(named));
    }
    let choice = crate::text_input::deal_choice(args.choice())?;
    let (deal, origin) = klondike::app::session::choose_deal(&choice, super::world::random_game_number)?;
    let play = review::replay_moves(deal, origin, args.rules(), args.autoplay_on(), &text)
        .map_err(|e| anyhow::anyhow!(render::solve_report::bad_moves_line(named, &e)))?;
    Ok(play)
}
