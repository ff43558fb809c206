//! The command-line front end: arguments, the session loop, input sources.
//! Exit codes are decided here and only here (SPEC.md): 0 normal end, 1 any
//! other failure, 2 bad command line (clap), 3 a rejected command under
//! `--strict`.

mod args;
mod input;
mod session;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Parser;
use rand::Rng;

use klondike::deal::Deal;
use klondike::game::Game;

use args::{Cli, GameArgs, PlayArgs, Subcommands};
use input::{Line, LineSource, PlainLines, Terminal};
use session::{Next, Origin, OutputStyle, Session};

/// Runs the program; prints errors and maps them to exit codes.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("klondike: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => play(cli.play),
        Some(Subcommands::Play(args)) => play(args),
        Some(Subcommands::Deal(args)) => {
            let (deal, _) = choose_deal(&args.game)?;
            let mut out = io::stdout().lock();
            writeln!(out, "{deal}")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn random_game_number() -> u128 {
    rand::thread_rng().gen_range(1..=1_000_000_000)
}

/// The deal the options ask for, and where it came from.
fn choose_deal(args: &GameArgs) -> Result<(Deal, Origin)> {
    if let Some(text) = &args.deal {
        let text = match text.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the deal file '{path}'"))?,
            None => text.clone(),
        };
        let deal = text.parse::<Deal>().context("bad deal")?;
        return Ok((deal, Origin::Custom));
    }
    let number = args.game.unwrap_or_else(random_game_number);
    let deal = Deal::for_game(number).context("bad game number")?;
    Ok((deal, Origin::Number(number)))
}

fn play(args: PlayArgs) -> Result<ExitCode> {
    let (deal, origin) = choose_deal(&args.game)?;
    let rules = args.game.rules();
    let interactive = io::stdin().is_terminal();
    let mut session = Session {
        game: Game::new(&deal, rules),
        origin,
        rules,
        style: OutputStyle { json: args.json, echo: !interactive },
        random_game: Box::new(random_game_number),
    };
    let mut source: Box<dyn LineSource> = if interactive {
        Box::new(Terminal::new().context("cannot set up the terminal")?)
    } else {
        Box::new(PlainLines::new(io::stdin().lock()))
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    session.start(&mut out)?;
    if interactive && !args.json {
        writeln!(out, "Type help for the commands, q to quit.")?;
    }
    loop {
        out.flush()?;
        let (line, too_long) = match source.next_line()? {
            Line::End => break,
            Line::TooLong(start) => (start, true),
            Line::Text(t) => (t, false),
        };
        let trimmed = line.trim();
        if !too_long && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        let outcome = if too_long {
            session.reject(&line, "line too long: a command is a few characters", &mut out)?
        } else {
            session.line(&line, &mut out)?
        };
        match outcome {
            Next::Continue => {}
            Next::Quit => break,
            Next::Rejected if args.strict => {
                out.flush()?;
                return Ok(ExitCode::from(3));
            }
            Next::Rejected => {}
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
