//! The play layer: the command language, a game in progress as a player
//! meets it, a session's flow, saved games, statistics, files, batches and
//! the census, and the presentation of all of it as text or JSON. It builds
//! on the engine and never imports the front end.

pub mod batch;
pub mod census;
pub mod command;
pub mod flow;
pub mod io_text;
pub mod lines;
pub mod play;
pub mod record;
pub mod render;
pub mod review;
pub mod session;
pub mod session_command;
pub mod settings;
pub mod stats;
pub mod store;
