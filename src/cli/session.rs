//! A session: the game being played, and what each command line prints.

use std::io::{self, Write};

use klondike::command::Command;
use klondike::deal::Deal;
use klondike::game::Game;
use klondike::hint::hint;
use klondike::render::json::State;
use klondike::render::table::table;
use klondike::rules::Rules;

/// Where the deal came from.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Game number N.
    Number(u128),
    /// An explicit deal.
    Custom,
}

/// How output looks.
#[derive(Clone, Copy, Debug)]
pub struct OutputStyle {
    pub json: bool,
    /// Echo each command after `> ` (when input is not a terminal).
    pub echo: bool,
}

/// What the loop should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    /// The command was rejected.
    Rejected,
    Quit,
}

pub const HELP: &str = "\
Commands (piles are 1 to 7; suits c d h s):
  d            draw from the stock; with the stock empty, turn the waste over (example: d)
  w N          waste's top card to pile N (example: w 3)
  w f          waste's top card to its foundation (example: w f)
  t A B        cards from pile A to pile B, as many as fit (example: t 2 5)
  t A B K      K cards from pile A to pile B (example: t 2 5 3)
  t A f        top card of pile A to its foundation (example: t 4 f)
  f S N        top card of foundation S to pile N, with --foundation-to-tableau (example: f h 6)
  u, undo      take back the last move (example: u)
  redo         play again the move just undone (example: redo)
  h, hint      suggest a move (example: hint)
  table        print the table again (example: table)
  new [N]      start a new game, random or number N (example: new 42)
  help         this list (example: help)
  q, quit      end the session (example: q)
Lines that are empty or start with # are ignored.";

pub struct Session {
    pub game: Game,
    pub origin: Origin,
    pub rules: Rules,
    pub style: OutputStyle,
    pub random_game: Box<dyn FnMut() -> u128>,
}

impl Session {
    fn number(&self) -> Option<u128> {
        match self.origin {
            Origin::Number(n) => Some(n),
            Origin::Custom => None,
        }
    }

    fn title(&self) -> String {
        match self.origin {
            Origin::Number(n) => format!("Game {n}"),
            Origin::Custom => "Custom deal".to_string(),
        }
    }

    /// Prints the opening state.
    pub fn start(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.style.json {
            writeln!(out, "{}", State::of(&self.game, self.number(), None).to_line())
        } else {
            write!(out, "{}", table(&self.game, &self.title()))
        }
    }

    /// Runs one input line and prints what it does.
    pub fn line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Next> {
        let outcome = match line.parse::<Command>() {
            Err(e) => (Err(e.to_string()), None),
            Ok(cmd) => self.command(cmd),
        };
        self.report(line, outcome, out)
    }

    /// Rejects a line without reading it (e.g. one too long to be a command).
    pub fn reject(&mut self, line: &str, why: &str, out: &mut dyn Write) -> io::Result<Next> {
        self.report(line, (Err(why.to_string()), None), out)
    }

    fn report(
        &mut self,
        line: &str,
        (result, message): (Result<Next, String>, Option<String>),
        out: &mut dyn Write,
    ) -> io::Result<Next> {
        if self.style.echo && !self.style.json {
            writeln!(out, "> {}", printable(line))?;
        }
        let next = match &result {
            Ok(n) => *n,
            Err(_) => Next::Rejected,
        };
        if self.style.json {
            let mut state = State::of(&self.game, self.number(), Some(line));
            state.message = message;
            if let Err(e) = result {
                state = state.rejected(e);
            }
            writeln!(out, "{}", state.to_line())?;
            return Ok(next);
        }
        match result {
            Err(e) => writeln!(out, "error: {e}")?,
            Ok(Next::Quit) => {}
            Ok(_) => {
                if let Some(m) = message {
                    writeln!(out, "{m}")?;
                } else {
                    write!(out, "{}", table(&self.game, &self.title()))?;
                }
            }
        }
        Ok(next)
    }

    /// Carries out a parsed command: the outcome, and a message that
    /// replaces the table in text mode (help, hint).
    fn command(&mut self, cmd: Command) -> (Result<Next, String>, Option<String>) {
        match cmd {
            Command::Move(m) => {
                let played = m
                    .resolve(self.game.position(), self.game.rules())
                    .and_then(|mv| self.game.play(mv));
                (played.map(|_| Next::Continue).map_err(|e| e.to_string()), None)
            }
            Command::Undo => (self.game.undo().map(|_| Next::Continue).map_err(|e| e.to_string()), None),
            Command::Redo => (self.game.redo().map(|_| Next::Continue).map_err(|e| e.to_string()), None),
            Command::Hint => {
                let h = hint(&self.game);
                let text = match h.mv {
                    Some(mv) => format!("hint: {mv} ({})", h.reason),
                    None => format!("hint: {}", h.reason),
                };
                (Ok(Next::Continue), Some(text))
            }
            Command::Help => (Ok(Next::Continue), Some(HELP.to_string())),
            Command::Table => (Ok(Next::Continue), None),
            Command::New(n) => {
                let number = n.unwrap_or_else(|| (self.random_game)());
                match Deal::for_game(number) {
                    Ok(deal) => {
                        self.game = Game::new(&deal, self.rules);
                        self.origin = Origin::Number(number);
                        (Ok(Next::Continue), None)
                    }
                    Err(e) => (Err(e.to_string()), None),
                }
            }
            Command::Quit => (Ok(Next::Quit), None),
        }
    }
}

/// A line made safe to echo: control characters escaped, cut at 200 characters.
pub fn printable(line: &str) -> String {
    let mut s = String::new();
    for (i, c) in line.chars().enumerate() {
        if i >= 200 {
            s.push_str("...");
            break;
        }
        if c.is_control() {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    s
}
