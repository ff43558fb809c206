//! Engine benchmarks: legal-move generation, play + undo, and the status
//! (stuck) check, on mid-game positions reached by a fixed policy from
//! fixed deals under several rules settings. Run with `cargo bench`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use klondike::deal::Deal;
use klondike::game::{Game, Status};
use klondike::moves::Move;
use klondike::rules::{DrawCount, PassLimit, Rules};

/// Mid-game positions: from games 1..=40, play `depth` moves with a fixed
/// policy (first non-draw move that is not a foundation-to-tableau move,
/// else the first legal move).
fn mid_games(rules: Rules, depth: usize) -> Vec<Game> {
    (1..=40u128)
        .map(|n| {
            let mut game = Game::new(&Deal::for_game(n).unwrap(), rules);
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
        ("draw3-passes3", Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: false }),
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

criterion_group!(benches, legal_moves, play_undo, status);
criterion_main!(benches);
