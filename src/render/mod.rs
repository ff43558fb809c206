//! What the front end shows: the ASCII table for people and the JSON state
//! for programs. Both return text; neither prints.

pub mod json;
pub mod table;
