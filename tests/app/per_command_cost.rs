//! A command costs the same however long the game has been going: the
//! score and the status are kept move by move, not worked out again from
//! the whole history or by a fresh search after every move.
//!
//! The timing tests are ignored by default (they mean something only in a
//! release build on a quiet machine): `cargo test --release --test
//! per_command_cost -- --ignored`. The work guard below runs always.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use klondike::app::command::Command as Typed;
use klondike::engine::deal::{Deal, GameNumber};
use klondike::engine::game::{Game, Status};
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::status::internals::status_with_work;

/// A winning line of game 22434 under draw 3, one pass, foundation to
/// tableau allowed, one command a line: late in it, long builds and
/// foundation cards that may come down make the stuck check's search large.
const LINE: &str = include_str!("../../fixtures/game22434_draw3_1pass_f2t_line.txt");

fn line_rules() -> Rules {
    Rules { draw: DrawCount::Three, passes: PassLimit::Limited(1), foundation_to_tableau: true }
}

/// Replays `script` with the binary and returns the time it took.
fn replay(args: &[&str], script: &str) -> Duration {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_klondike"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
    start.elapsed()
}

fn draws(n: usize) -> String {
    "d\n".repeat(n)
}

#[test]
#[ignore = "timing: run in a release build"]
fn a_script_ten_times_longer_takes_about_ten_times_as_long() {
    let short = replay(&["--game", "1"], &draws(10_000));
    let long = replay(&["--game", "1"], &draws(100_000));
    let ratio = long.as_secs_f64() / short.as_secs_f64();
    eprintln!("10 000 commands {short:?}, 100 000 commands {long:?}, ratio {ratio:.1}");
    assert!(ratio < 20.0, "ratio {ratio:.1}: the cost of a command grows with the game");
    let twenty = replay(&["--game", "1"], &draws(20_000));
    eprintln!("20 000 commands {twenty:?}");
    assert!(twenty < Duration::from_millis(700), "20 000 commands took {twenty:?}");
}

#[test]
#[ignore = "timing: run in a release build"]
fn the_long_line_of_game_22434_replays_fast() {
    let args = ["--game", "22434", "--draw", "3", "--passes", "1", "--foundation-to-tableau"];
    let took = replay(&args, LINE);
    eprintln!("{} commands of game 22434 in {took:?}", LINE.lines().count());
    assert!(took < Duration::from_secs(1), "{took:?}");
}

/// Work, not time: a fresh stuck check of any position of the line visits
/// a bounded number of tableau states, and the line is won.
#[test]
fn the_stuck_check_of_a_long_line_visits_a_bounded_number_of_states() {
    let rules = line_rules();
    let mut game = Game::new(&Deal::for_number(GameNumber::new(22434).unwrap()), rules);
    let mut most = 0;
    for (i, text) in LINE.lines().enumerate() {
        let Ok(Typed::Move(command)) = text.parse::<Typed>() else { panic!("line {}: {text}", i + 1) };
        let mv = command.resolve(game.position(), game.rules()).unwrap();
        game.play(mv).unwrap();
        // Every position in a release build; a sample in a debug one.
        if cfg!(debug_assertions) && i % 25 != 0 {
            continue;
        }
        let (status, states) = status_with_work(game.position(), &rules);
        assert_eq!(game.status(), status, "after line {}", i + 1);
        most = most.max(states);
    }
    assert_eq!(game.status(), Status::Won);
    assert!(most < klondike::engine::status::STATES_CHECKED, "a check visited {most} states");
}

/// The longest a move's stuck check can take: the check's limit of states
/// at the cost of a state measured on the largest checks of the game 22434
/// line (CPU time: the machine may be shared) stays under 50 ms.
#[test]
#[ignore = "timing: run in a release build"]
fn a_stuck_check_at_its_limit_takes_under_50_ms() {
    use klondike::engine::status::STATES_CHECKED;
    let rules = line_rules();
    let mut game = Game::new(&Deal::for_number(GameNumber::new(22434).unwrap()), rules);
    use klondike::app::batch::thread_cpu_seconds;
    let (mut time, mut states) = (0.0, 0);
    for text in LINE.lines() {
        let Ok(Typed::Move(command)) = text.parse::<Typed>() else { panic!("{text}") };
        game.play(command.resolve(game.position(), game.rules()).unwrap()).unwrap();
        let start = thread_cpu_seconds().expect("CPU time");
        let (_, visited) = status_with_work(game.position(), &rules);
        if visited >= 10_000 {
            time += thread_cpu_seconds().expect("CPU time") - start;
            states += visited;
        }
    }
    assert!(states > 0, "no large check on the line");
    let at_limit = Duration::from_secs_f64(time * STATES_CHECKED as f64 / states as f64);
    eprintln!("{states} states in {time:.3} s of CPU: {at_limit:?} for {STATES_CHECKED}");
    assert!(at_limit < Duration::from_millis(50), "{at_limit:?}");
}
