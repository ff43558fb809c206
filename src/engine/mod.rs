//! The engine: cards, rules, deals, positions and their one-line text form,
//! moves, a game and its history, status, autoplay, scoring, the ranking of
//! moves, the solver, and where a game was lost (by bisection with it). It
//! does no I/O, reads no environment, clock or randomness of its own, and
//! imports nothing from the layers above it.

pub mod autoplay;
pub mod card;
pub mod deal;
pub mod game;
pub mod hindsight;
pub mod hint;
pub mod moves;
pub mod position;
pub mod rules;
pub mod scoring;
pub mod solver;
pub mod status;
pub mod text;
