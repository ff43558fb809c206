//! Engine benchmarks: legal-move generation, play + undo, and the status
//! (stuck) check, on mid-game positions reached by a fixed policy from
//! fixed deals under several rules settings; and the solver on the first 20
//! benchmark deals and on the hardest one. Run with `cargo bench`. (The
//! full table of the README comes from `examples/solver_bench.rs`.)

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use klondike::engine::deal::Deal;
use klondike::engine::game::Position;
use klondike::engine::game::{Game, Status};
use klondike::engine::moves::Move;
use klondike::engine::rules::{DrawCount, PassLimit, Rules};
use klondike::engine::solver::{solve_with, Budget, LineEffort, Verdict};

/// Mid-game positions: from games 1..=40, play `depth` moves with a fixed
/// policy (first non-draw move that is not a foundation-to-tableau move,
/// else the first legal move).
fn mid_games(rules: Rules, depth: usize) -> Vec<Game> {
    (1..=40u128)
        .map(|n| {
            let mut game = Game::new(&Deal::for_number(klondike::engine::deal::GameNumber::new(n).unwrap()), rules);
            for i in 0..depth {
                let legal = game.legal_moves();
                let pick = legal
                    .iter()
                    .copied()
                    .filter(|m| !matches!(m, Move::Draw | Move::Redeal | Move::FoundationToTableau { .. }))
                    .nth(i % 3)
                    .or_else(|| legal.first().copied());
                match pick {
                    Some(mv) if game.status() == Status::Playing => {
                        let _ = game.play(mv);
                    }
                    _ => break,
                }
            }
            game
        })
        .collect()
}

fn settings() -> [(&'static str, Rules); 3] {
    [
        ("draw1", Rules::default()),
        (
            "draw3-passes3",
            Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: false },
        ),
        ("draw1-f2t", Rules { foundation_to_tableau: true, ..Rules::default() }),
    ]
}

fn legal_moves(c: &mut Criterion) {
    for (name, rules) in settings() {
        let games = mid_games(rules, 40);
        c.bench_function(&format!("legal_moves/{name} (40 positions)"), |b| {
            b.iter(|| games.iter().map(|g| black_box(g.legal_moves()).len()).sum::<usize>())
        });
    }
}

fn play_undo(c: &mut Criterion) {
    for (name, rules) in settings() {
        let mut games = mid_games(rules, 40);
        let moves: Vec<Vec<Move>> = games.iter().map(Game::legal_moves).collect();
        c.bench_function(&format!("play+undo/{name} (every legal move, 40 positions)"), |b| {
            b.iter(|| {
                for (game, moves) in games.iter_mut().zip(&moves) {
                    for &mv in moves {
                        let _ = black_box(game.play(mv));
                        let _ = game.undo();
                    }
                }
            })
        });
    }
}

fn status(c: &mut Criterion) {
    for (name, rules) in settings() {
        for depth in [20, 60] {
            let games = mid_games(rules, depth);
            c.bench_function(&format!("status/{name} after {depth} moves (40 positions)"), |b| {
                b.iter(|| {
                    // A fresh clone each time so the cached answer is not reused.
                    games.iter().filter(|&g| black_box(g.clone().status()) == Status::Stuck).count()
                })
            });
        }
    }
}

/// The benchmark deals of `fixtures/solver/solver_bench_deals.txt`, by id.
fn bench_deals() -> Vec<(String, Deal)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/solver/solver_bench_deals.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, rest) = l.trim().split_once(' ').unwrap();
            (id.to_string(), rest.parse().unwrap())
        })
        .collect()
}

/// The solver's verdict (`LineEffort::Quick`, what `solve --fast` does),
/// unlimited passes, foundation-to-tableau allowed (the peers' rules).
fn solver(c: &mut Criterion) {
    let deals = bench_deals();
    // Few samples: in draw-3 these 20 include b006, a 0.4 s proof.
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for draw in [DrawCount::One, DrawCount::Three] {
        let rules = Rules { draw, passes: PassLimit::Unlimited, foundation_to_tableau: true };
        let first: Vec<Position> = deals.iter().take(20).map(|(_, d)| Position::new(d)).collect();
        group.bench_function(format!("verdicts of benchmark deals 1-20, draw-{}", draw.cards()), |b| {
            b.iter(|| {
                first
                    .iter()
                    .filter(|p| {
                        let s = solve_with(p, &rules, &Budget::states(1_000_000), LineEffort::Quick);
                        matches!(black_box(s.verdict), Verdict::Winnable(_))
                    })
                    .count()
            })
        });
    }
    // The slowest deal in both draw counts: unwinnable even in draw-1.
    let hardest = Position::new(&deals.iter().find(|(id, _)| id == "b091").unwrap().1);
    let rules = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true };
    group.bench_function("hardest benchmark deal, b091 draw-1 (unwinnable)", |b| {
        b.iter(|| solve_with(&hardest, &rules, &Budget::states(1_000_000), LineEffort::Quick).verdict)
    });
    group.finish();
}

criterion_group!(benches, legal_moves, play_undo, status, solver);
criterion_main!(benches);
