//! King of Solitaire: Klondike solitaire as a library.
//!
//! The engine does no I/O: a [`deal::Deal`] (from a game number or the deal
//! format) and [`rules::Rules`] make a [`game::Game`]; text commands parse
//! into [`command::Command`] values and resolve into [`moves::Move`] values
//! that the game plays, undoes and redoes; [`play::Play`] owns a game in
//! progress as a player meets it (scoring, autoplay, undo of a command with
//! the automatic moves it caused) and applies each action through one entry
//! point, [`play::Play::apply`]; [`flow::Flow`] is a session's flow around
//! it without the world (questions waiting for a yes, `repeat` and `.`,
//! notes said once, the hint's choice); [`session::Session`] runs a
//! whole session on them, line by line, deciding what is saved and counted,
//! with the world (clock, files, solver threads) behind [`session::World`],
//! each line a [`session::Line`]: a game command or one of the session's
//! own ([`session::SessionCommand`]: save, load, stats, new, quit), all in
//! the one table [`command::COMMANDS`]; [`lines`] cuts input into lines and
//! [`options`] holds the command line's options and what they choose;
//! [`render`] turns a game and everything said about it into text or JSON;
//! [`solver`] decides whether a position can still be won, [`batch`] plans
//! and runs it over many deals, and [`census`] counts the verdicts;
//! [`scoring`], [`record`] and [`stats`] keep
//! score, saved games and statistics as values. The exceptions to "no
//! I/O" are the files: [`store`], which reads and writes klondike's data
//! files (atomically, under a lock), [`batch::output`] and
//! [`census::files`], which open the batch and census files they are named,
//! and [`session::begin`], which reads the files `--load` and `--deal @FILE`
//! name (through [`store`]).
//!
//! ```
//! use klondike::app::command::{Command, MoveCommand};
//! use klondike::engine::{deal::Deal, game::Game, rules::Rules};
//!
//! let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::ONE), Rules::default());
//! let Ok(Command::Move(cmd)) = "d".parse::<Command>() else { panic!() };
//! let mv = cmd.resolve(game.position(), game.rules()).unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.position().stock_len(), 23);
//! game.undo().unwrap();
//! assert_eq!(game.position().stock_len(), 24);
//! ```

pub mod app;
pub mod engine;

#[cfg(test)]
mod layers;
