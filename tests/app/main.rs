//! Integration tests of the play layer and the binary: golden transcripts,
//! sessions, files and their faults, batches and the census, the screen
//! reader's words, the docs' tables. One test binary, so that `cargo test`
//! links few.

#[path = "../common/mod.rs"]
#[allow(dead_code)]
mod common;

mod autoplay_undo;
mod byte_order_mark;
mod census;
mod cli;
mod cluster_jobs;
mod docs_cli;
mod fault_injection;
mod input_quoting;
mod per_command_cost;
mod persistence;
mod prompt_typeahead;
mod record_replay;
mod render_announce;
mod render_list;
mod review_cli;
mod screen_reader;
mod solve_cli;
mod stats_record;
mod store_files;
mod store_words;
