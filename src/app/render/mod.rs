//! What the front end shows, all as returned text (nothing here prints):
//!
//! - [`table`]: the table for people, one line per pile, in short codes;
//! - [`columns`]: the classic picture for the eye, each pile in a column;
//! - [`list`]: the same state in words, one pile per line, for screen readers;
//! - [`announce`]: one line saying what a move, undo or redo changed;
//! - [`outcome`]: what a game in progress says when it changes (a move
//!   with the automatic moves it caused, the score's change), and why an
//!   action was refused;
//! - [`refusals`]: a refused command or move worded for the player: the
//!   error's own message, and what to type or which option turns it on;
//! - [`screen`]: a game in progress shown whole: the table in the layout
//!   chosen with score and clock, the opening, the answers to `score` and
//!   `moves`, the win;
//! - [`session`]: what a session says around the game: `hint` and
//!   `solve`, the questions before throwing a game away, the goodbye, the
//!   sentences of `save` and `load`, the offer to resume;
//! - [`query`]: the answers to the questions a player asks without
//!   moving (a pile, the tops, where a card is, the legal moves, the rules);
//! - [`words`]: the English helpers: card names ([`words::CardStyle`]),
//!   plurals, quoting of input (one rule for unprintable characters),
//!   text for a screen reader, wrapping;
//! - [`json`]: the JSON state for programs;
//! - [`help`]: the list of commands, and one command explained;
//! - [`solve`]: `klondike solve`'s verdict line and winning line;
//! - [`census`]: `klondike census`'s heading and table of win rates;
//! - [`stats`]: the statistics, a line per rules setting;
//! - [`man`]: the manual page's own sections (the commands from the table).

pub mod announce;
pub mod census_plot;
pub mod census_table;
pub mod columns;
pub mod diagnostics;
pub mod error_chain;
pub mod help;
pub mod json;
pub mod list;
pub mod manual;
pub mod outcome;
pub mod query;
pub mod refusals;
pub mod replies;
pub mod rows;
pub mod screen;
pub mod solve_report;
pub mod stats_text;
pub mod words;
