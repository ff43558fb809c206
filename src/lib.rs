pub mod card;
pub mod deal;
pub mod game;
pub mod moves;
pub mod rules;
pub mod status;
