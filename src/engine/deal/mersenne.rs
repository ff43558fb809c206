//! The Mersenne Twister MT19937, seeded and sampled exactly as CPython's
//! `random` module does it, as used by PySolFC for game numbers from 32000.
//!
//! Sources:
//! - M. Matsumoto and T. Nishimura, "Mersenne Twister: a 623-dimensionally
//!   equidistributed uniform pseudo-random number generator", ACM TOMACS 8(1),
//!   1998, and their reference implementation `mt19937ar.c` (2002):
//!   `init_genrand`, `init_by_array`, `genrand_int32`.
//! - CPython `Modules/_randommodule.c`: `random_seed` (an integer seed becomes
//!   the key of its 32-bit words, least significant first) and
//!   `random_random` (the 53-bit double from two outputs).
//! - `DEALING.md` §3 (beside SPEC.md), checked against PySolFC 3.6.1, whose
//!   shuffle draws `j = int(random() * (i + 1))` (not Python 3's
//!   rejection-sampling `randrange`).

use crate::engine::card::{Card, Rank, Suit};

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_B0DF;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7FFF_FFFF;

/// The state of an MT19937 generator (624 words and a position).
#[derive(Clone)]
pub struct Mt19937 {
    mt: [u32; N],
    mti: usize,
}

impl std::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mt19937").field("mti", &self.mti).finish_non_exhaustive()
    }
}

impl Mt19937 {
    /// `init_genrand(seed)` of the reference implementation.
    pub fn new(seed: u32) -> Mt19937 {
        let mut mt = [0u32; N];
        mt[0] = seed;
        for i in 1..N {
            let prev = mt[i - 1];
            mt[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        Mt19937 { mt, mti: N }
    }

    /// `init_by_array(key)` of the reference implementation (which starts
    /// from `init_genrand(19650218)`). An empty key is treated as `[0]`, as
    /// CPython does for seed 0.
    pub fn by_array(key: &[u32]) -> Mt19937 {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let mut g = Mt19937::new(19_650_218);
        let mt = &mut g.mt;
        let mut i = 1usize;
        let mut j = 0usize;
        for _ in 0..N.max(key.len()) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525)).wrapping_add(key[j]).wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        g
    }

    /// Seeded as CPython's `random.seed(number)` for a non-negative integer:
    /// `init_by_array` keyed by the 32-bit words of `number`, least
    /// significant first, as many words as it needs (one to four; zero gives
    /// the key `[0]`).
    pub fn for_number(number: u128) -> Mt19937 {
        let mut key = Vec::with_capacity(4);
        let mut n = number;
        while n != 0 {
            key.push(n as u32);
            n >>= 32;
        }
        Mt19937::by_array(&key)
    }

    fn generate(&mut self) {
        for kk in 0..N {
            let y = (self.mt[kk] & UPPER_MASK) | (self.mt[(kk + 1) % N] & LOWER_MASK);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            self.mt[kk] = self.mt[(kk + M) % N] ^ (y >> 1) ^ mag;
        }
        self.mti = 0;
    }

    /// The next 32-bit output, `genrand_int32()` of the reference
    /// implementation. For [`Mt19937::for_number`]`(32001)` the first
    /// outputs are 323091555, 1370004176, 19685812.
    pub fn next_u32(&mut self) -> u32 {
        if self.mti >= N {
            self.generate();
        }
        let mut y = self.mt[self.mti];
        self.mti += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9D2C_5680;
        y ^= (y << 15) & 0xEFC6_0000;
        y ^= y >> 18;
        y
    }

    /// CPython's `random()`: a double in `[0, 1)` with 53 random bits,
    /// `(a * 67108864.0 + b) / 9007199254740992.0` where `a` is the next
    /// output shifted right by 5 and `b` the one after shifted right by 6.
    pub fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }

    /// PySolFC's draw for the shuffle: `trunc(random() * bound)`, the product
    /// a single double multiply; in `0..bound` (0 when `bound` is 0).
    pub fn next_below(&mut self, bound: usize) -> usize {
        let x = self.random() * bound as f64;
        // `x < bound` always, since random() < 1 and bound is small; the
        // `min` only guards against misuse with huge bounds.
        (x as usize).min(bound.saturating_sub(1))
    }
}

/// The unshuffled deck for this generator (DEALING.md §2): suit-major, suits
/// in the order C, S, H, D, ranks ace to king:
/// `AC 2C ... KC AS ... KS AH ... KH AD ... KD`.
pub fn initial_deck() -> [Card; 52] {
    const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];
    let mut deck = [Card::new(Rank::ACE, Suit::Clubs); 52];
    for (suit_index, suit) in SUITS.into_iter().enumerate() {
        for (rank_index, rank) in Rank::all().enumerate() {
            deck[13 * suit_index + rank_index] = Card::new(rank, suit);
        }
    }
    deck
}

/// The shuffled array `S` of game `number` (DEALING.md §3): from the deck of
/// [`initial_deck`], for `i = 51` down to 1 draw `j` with
/// [`Mt19937::next_below`]`(i + 1)` from [`Mt19937::for_number`]`(number)`
/// and swap `S[i]` and `S[j]`. Defined for every `u128`, though PySolFC
/// uses it only from 32000 on.
pub fn shuffled_deck(number: u128) -> [Card; 52] {
    let mut deck = initial_deck();
    let mut mt = Mt19937::for_number(number);
    for i in (1..52).rev() {
        let j = mt.next_below(i + 1);
        deck.swap(i, j);
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_js(number: u128) -> Vec<usize> {
        let mut mt = Mt19937::for_number(number);
        (0..5).map(|k| mt.next_below(52 - k)).collect()
    }

    #[test]
    fn reference_implementation_outputs() {
        // mt19937ar.c's test: init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut mt = Mt19937::by_array(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(first, [1067595299, 955945823, 477289528, 4107218783, 4228976476]);
    }

    #[test]
    fn first_outputs_for_32001() {
        let mut mt = Mt19937::for_number(32001);
        let first: Vec<u32> = (0..3).map(|_| mt.next_u32()).collect();
        assert_eq!(first, [323091555, 1370004176, 19685812]);
    }

    #[test]
    fn first_random_for_32001() {
        let mut mt = Mt19937::for_number(32001);
        assert_eq!(mt.random(), 0.07522561638786607);
    }

    #[test]
    fn first_j_values() {
        assert_eq!(first_js(32001), [3, 0, 49, 33, 17]);
        assert_eq!(first_js(8_589_934_591), [42, 20, 21, 42, 44]);
        assert_eq!(first_js(9_223_372_036_854_775_807), [16, 32, 40, 22, 22]);
    }

    #[test]
    fn key_words_least_significant_first() {
        let mut a = Mt19937::for_number(8_589_934_591);
        let mut b = Mt19937::by_array(&[0xFFFF_FFFF, 0x1]);
        for _ in 0..10 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }

    #[test]
    fn initial_deck_is_suit_major_c_s_h_d() {
        let deck = initial_deck();
        let codes: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
        assert_eq!(codes[..2], ["AC", "2C"]);
        assert_eq!(codes[13], "AS");
        assert_eq!(codes[26], "AH");
        assert_eq!(codes[39], "AD");
        assert_eq!(codes[51], "KD");
    }

    #[test]
    fn largest_number_shuffles_to_a_permutation() {
        let mut deck = shuffled_deck(u128::MAX).to_vec();
        deck.sort();
        deck.dedup();
        assert_eq!(deck.len(), 52);
    }
}
