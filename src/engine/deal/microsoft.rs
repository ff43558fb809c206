//! The Microsoft C runtime linear congruential generator, as used by
//! FreeCell and by PySolFC for game numbers 1 to 31999.
//!
//! Source: `DEALING.md` §1–§3 (beside SPEC.md), which was checked against
//! PySolFC 3.6.1 (`pysollib/pysolrandom.py`, `MSRandom`/`LCRandom31`) and the
//! `pysol-cards` package. The recurrence is the one of Microsoft's C runtime
//! `rand()`: `s = s * 214013 + 2531011 (mod 2^32)`, `r = (s >> 16) & 0x7FFF`.

use crate::engine::card::{Card, Rank, Suit};

/// The highest game number dealt with this generator; PySolFC switches to
/// the Mersenne Twister ([`super::mersenne`]) from 32000 on.
pub const LAST_GAME: u128 = 31_999;

/// The Microsoft C runtime LCG. The state is a `u32`; each call of
/// [`Lcg::next_r`] advances it once and gives a value in `0..=32767`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lcg {
    state: u32,
}

impl Lcg {
    /// A generator whose state starts at `seed` (the game number, for games
    /// 1 to 31999).
    pub fn new(seed: u32) -> Lcg {
        Lcg { state: seed }
    }

    /// Advances the state and returns `r = (s >> 16) & 0x7FFF`, in `0..=32767`.
    /// For seed 1 the first values are 41, 18467, 6334, 26500, 19169.
    pub fn next_r(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        (self.state >> 16) & 0x7FFF
    }

    /// A draw for the shuffle: `r mod bound`, in `0..bound`, as PySolFC and
    /// FreeCell do it (no rejection, so slightly biased — on purpose).
    ///
    /// # Panics
    /// Never for `bound >= 1`; a `bound` of 0 is treated as 1 (result 0).
    pub fn next_below(&mut self, bound: usize) -> usize {
        let r = self.next_r() as usize;
        r % bound.max(1)
    }
}

/// The unshuffled deck for this generator (DEALING.md §2): rank-major, suits
/// in the order C, D, H, S, i.e. `AC AD AH AS 2C ... KS`; card
/// `4 * (rank - 1) + suit` is at that index.
pub fn initial_deck() -> [Card; 52] {
    const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    let mut deck = [Card::new(Rank::ACE, Suit::Clubs); 52];
    for (rank_index, rank) in Rank::all().enumerate() {
        for (suit_index, suit) in SUITS.into_iter().enumerate() {
            deck[4 * rank_index + suit_index] = Card::new(rank, suit);
        }
    }
    deck
}

/// The shuffled array `S` of game `seed` (DEALING.md §3): from the deck of
/// [`initial_deck`], for `i = 51` down to 1 draw `j` with
/// [`Lcg::next_below`]`(i + 1)` and swap `S[i]` and `S[j]`.
pub fn shuffled_deck(seed: u32) -> [Card; 52] {
    let mut deck = initial_deck();
    let mut lcg = Lcg::new(seed);
    for i in (1..52).rev() {
        let j = lcg.next_below(i + 1);
        deck.swap(i, j);
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_r_values_for_seed_1() {
        let mut lcg = Lcg::new(1);
        let r: Vec<u32> = (0..5).map(|_| lcg.next_r()).collect();
        assert_eq!(r, [41, 18467, 6334, 26500, 19169]);
    }

    #[test]
    fn first_j_values_for_seed_1() {
        let mut lcg = Lcg::new(1);
        let j: Vec<usize> = (0..5).map(|k| lcg.next_below(52 - k)).collect();
        assert_eq!(j, [41, 5, 34, 40, 17]);
    }

    #[test]
    fn initial_deck_is_rank_major_c_d_h_s() {
        let deck = initial_deck();
        let codes: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
        assert_eq!(codes[..6], ["AC", "AD", "AH", "AS", "2C", "2D"]);
        assert_eq!(codes[51], "KS");
    }

    #[test]
    fn deal_1_is_freecell_deal_1() {
        // DEALING.md: D[d] = S[51 - d], and for N <= 31999 D is the
        // Microsoft FreeCell deal N read row by row.
        let s = shuffled_deck(1);
        let d: Vec<String> = (0..9).map(|k| s[51 - k].to_string()).collect();
        assert_eq!(d, ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H", "KD"]);
    }
}
