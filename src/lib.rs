pub mod card;
pub mod deal;
