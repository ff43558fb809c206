//! The set of position keys the search has visited: open addressing with
//! linear probing over a flat array of keys.
//!
//! Why not a general hash set: an exhaustive search looks up every edge of
//! the move graph (about five per node), most of them keys already there,
//! and with tens of megabytes of keys nearly every look-up misses the
//! caches. Keys stored inline, four to a cache line, make most look-ups a
//! single line, and the line of a key can be fetched ahead
//! ([`KeySet::prefetch`]) while other work goes on.

use std::cell::{Cell, RefCell};
use std::ops::{Deref, DerefMut};

use super::state::Key;

/// A slot that holds no key: keys use 90 bits at most (see [`Key`]), so no
/// key is all ones.
const EMPTY: u128 = u128::MAX;

/// Fewest slots a non-empty set has.
const MIN_SLOTS: usize = 64;

/// Slots at which the set stops growing and fills up to 7/8 instead of 3/4
/// (the solver's cap, `search::MAX_TABLE`, is 7/8 of it).
const LAST_SLOTS: usize = 1 << 25;

/// Most slots a set keeps when it is emptied (256 KB), or a set with a
/// journal (1 MB: emptying it costs only its keys, not its slots).
const KEEP_ON_CLEAR: usize = 1 << 14;
const KEEP_ON_CLEAR_JOURNALED: usize = 1 << 16;

/// A set of [`Key`]s.
#[derive(Default)]
pub(crate) struct KeySet {
    slots: Charged<u128>,
    len: usize,
    /// With a journal ([`KeySet::with_journal`]): the slots that hold a key,
    /// one entry per key, so that emptying the set or taking its keys costs
    /// the keys it holds, not all its slots. Why: the easier searches (see
    /// `search::Easier`) reuse one set hundreds of thousands of times for
    /// searches of a few dozen positions, in a set grown by a few larger
    /// ones.
    journal: Option<Charged<u32>>,
    /// Whether the set keeps, of the node keys that differ only in the
    /// talon's place, only the best one seen, and which keys those are (see
    /// [`KeySet::ranked`] and [`KeySet::ranked_draw3`]).
    ranked: Ranked,
}

/// Which node keys a set counts as one class, of which it keeps the best.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Ranked {
    /// None: every key is a class of its own.
    #[default]
    No,
    /// Keys that differ only in the cursor and redeals left (draw-1).
    Draw1,
    /// Keys whose pass limit cannot bind that differ only in a cursor of
    /// the same remainder by 3 (draw-3).
    Draw3,
    /// Keys that differ only in [`WON`]: a set of positions known to be
    /// won or lost ([`KeySet::known`]), which holds each position once.
    Known,
}

/// The bit of a key held in a set of known positions ([`KeySet::known`])
/// that says the position is won (clear: lost). Keys use 96 bits at most
/// (see [`Key`]), so it is free, and a key with it set is never
/// [`EMPTY`].
pub(crate) const WON: u128 = 1 << 127;

/// A set could not grow: the memory could not be had, or the tables on
/// this thread would pass the limit set by [`limit_tables`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NoRoom;

thread_local! {
    /// Bytes of the arrays of sets on this thread, the spare ones kept for
    /// reuse included ([`Charged`]).
    static HELD: Cell<usize> = const { Cell::new(0) };
    /// Most bytes those arrays may take ([`limit_tables`]).
    static LIMIT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Until the guard returned is dropped, the arrays of the sets on this
/// thread (spare ones included) may take at most `bytes` in all; a set
/// that would need more does not grow ([`KeySet::try_reserve`] fails), so
/// that the search answers "memory" while the process still has room for
/// everything else. Why: under an address-space limit shared by several
/// threads, a table that grows until an allocation fails leaves nothing
/// for the ordinary allocations of the other threads, and the process
/// aborts.
pub(crate) fn limit_tables(bytes: usize) -> TableLimit {
    let before = LIMIT.try_with(|l| l.replace(bytes)).unwrap_or(usize::MAX);
    TableLimit { before }
}

/// Puts back the limit that [`limit_tables`] replaced, when dropped.
pub(crate) struct TableLimit {
    before: usize,
}

impl Drop for TableLimit {
    fn drop(&mut self) {
        let _ = LIMIT.try_with(|l| l.set(self.before));
    }
}

/// Whether `bytes` more fit under this thread's limit.
fn fits(bytes: usize) -> bool {
    let held = HELD.try_with(Cell::get).unwrap_or(0);
    let limit = LIMIT.try_with(Cell::get).unwrap_or(usize::MAX);
    held.checked_add(bytes).is_some_and(|total| total <= limit)
}

/// Adds `bytes` to (or, negative, takes them from) what this thread holds.
fn charge(bytes: usize, add: bool) {
    let _ = HELD.try_with(|h| h.set(if add { h.get().saturating_add(bytes) } else { h.get().saturating_sub(bytes) }));
}

/// An array of a set, whose bytes count toward what this thread's sets
/// hold ([`limit_tables`]) for as long as it lives.
struct Charged<T>(Vec<T>);

impl<T> Default for Charged<T> {
    fn default() -> Charged<T> {
        Charged(Vec::new())
    }
}

impl<T> Charged<T> {
    /// An empty array with room for exactly `n` items, if they fit under
    /// this thread's limit (the spare arrays are given up first if that
    /// makes them fit) and the memory can be had.
    fn try_with_capacity(n: usize) -> Result<Charged<T>, NoRoom> {
        let bytes = n.checked_mul(std::mem::size_of::<T>()).ok_or(NoRoom)?;
        if !fits(bytes) {
            drop_spares();
            if !fits(bytes) {
                return Err(NoRoom);
            }
        }
        let mut v = Vec::new();
        v.try_reserve_exact(n).map_err(|_| NoRoom)?;
        charge(v.capacity() * std::mem::size_of::<T>(), true);
        Ok(Charged(v))
    }
}

impl<T> Drop for Charged<T> {
    fn drop(&mut self) {
        charge(self.0.capacity() * std::mem::size_of::<T>(), false);
    }
}

impl<T> Deref for Charged<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> DerefMut for Charged<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

/// Largest slot array kept for reuse (2^23 slots, 128 MB), and so at most
/// 256 MB kept in all on a thread: one array of each size up to it.
const SPARE_MAX_SLOTS: usize = 1 << 23;

/// Slot arrays that sets on this thread no longer use, kept (when
/// [`keep_spare_slots`] has turned it on) for the next sets that grow to
/// their size.
#[derive(Default)]
struct Spare {
    on: bool,
    /// At most one array of each size, any contents.
    arrays: Vec<Charged<u128>>,
}

thread_local! {
    static SPARE: RefCell<Spare> = RefCell::default();
}

/// From now on, the slot arrays of sets on this thread that are emptied,
/// outgrown or dropped are kept (up to [`SPARE_MAX_SLOTS`] slots each, one
/// of each size) and reused by the next sets that grow to their size.
/// Why: the kernel hands out fresh memory one page at a time, zeroing each
/// on its first touch, and a batch of deals grows tables of tens of
/// megabytes for every deal; refilling a kept array costs a small part of
/// that. Off by default, so that a program that
/// solves now and then (the REPL) gives the memory back.
pub(crate) fn keep_spare_slots() {
    // Failing to reach the thread's store (while the thread ends) only
    // means nothing is kept.
    let _ = SPARE.try_with(|s| s.borrow_mut().on = true);
}

/// Frees this thread's spare arrays (to make room under its limit).
fn drop_spares() {
    // Dropped outside the borrow of the store.
    let arrays = SPARE.try_with(|s| std::mem::take(&mut s.borrow_mut().arrays)).unwrap_or_default();
    drop(arrays);
}

/// Gives a slot array that a set no longer uses to this thread's store of
/// spare arrays, or frees it.
fn give_back(slots: Charged<u128>) {
    let n = slots.len();
    if n == 0 || n > SPARE_MAX_SLOTS {
        return;
    }
    let _ = SPARE.try_with(|s| {
        let mut s = s.borrow_mut();
        if s.on && !s.arrays.iter().any(|a| a.len() == n) {
            s.arrays.push(slots);
        }
    });
}

/// A kept array of `n` slots, if this thread has one (its contents are
/// anything: the caller empties it).
fn take_spare(n: usize) -> Option<Charged<u128>> {
    SPARE
        .try_with(|s| {
            let mut s = s.borrow_mut();
            let i = s.arrays.iter().position(|a| a.len() == n)?;
            Some(s.arrays.swap_remove(i))
        })
        .ok()
        .flatten()
}

/// The bits of a node's key that hold the talon's cursor and the redeals
/// left (see [`Key`]).
const TALON_PLACE: u128 = ((1 << 10) - 1) << 72;

/// What a ranked set keeps one key of: with [`Ranked::Draw1`], a node's
/// key without its cursor and redeals left; with [`Ranked::Draw3`], a
/// node's key whose pass limit cannot bind, with its cursor (never a
/// multiple of 3 in such a key but 0, see [`Key`]) replaced by its
/// remainder by 3; any other key as it is.
#[inline]
fn class(key: u128, ranked: Ranked) -> u128 {
    let k = Key(key);
    match ranked {
        Ranked::Draw1 if k.is_node() => key & !TALON_PLACE,
        Ranked::Draw3 if k.is_node() && k.cursor() != 0 && k.limit_free() => k.with_cursor((k.cursor() - 1) % 3 + 1).0,
        Ranked::Known => key & !WON,
        _ => key,
    }
}

/// Whether the held key `k` (EMPTY included) is of class `of`, the class
/// of the key `q` looked for. Keys of one class differ in the talon's
/// place, or in [`WON`], at most (see [`class`]), so one mask tells nearly
/// every held key from `q`'s class before its class is worked out: a probe
/// passes over a few keys of other classes on average, and working out
/// each one's class was a fifth of the search's instructions in draw-3.
#[inline]
fn same_class(k: u128, q: u128, of: u128, ranked: Ranked) -> bool {
    (k ^ q) & !(TALON_PLACE | WON) == 0 && class(k, ranked) == of
}

/// How good the talon of a node's key is, in a ranked set: more redeals
/// left first, then a smaller cursor (see [`KeySet::ranked`]; in a draw-3
/// class the redeals left are the same). Keys of the same class only are
/// compared, so this is read from any key alike; in a set of known
/// positions those have the same talon, so the one held stays.
#[inline]
fn rank(key: u128) -> u32 {
    let cursor = (key >> 72) as u32 & 31;
    let redeals = (key >> 77) as u32 & 31;
    redeals << 5 | (31 - cursor)
}

/// The slot a key's probe starts at, for `mask = slots - 1`.
#[inline]
fn home(key: u128, mask: usize) -> usize {
    let lo = key as u64;
    let hi = (key >> 64) as u64;
    let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h = (h.rotate_left(29) ^ hi).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h as usize & mask
}

/// Tables of at least this many bytes ask for huge pages.
const HUGE_FROM: usize = 4 << 20;

/// Asks the kernel to back the memory reserved for `slots` (not yet
/// touched) with 2 MB pages where it can. Why: a look-up lands on a random
/// slot of tables of tens of megabytes, and with 4 KB pages nearly every
/// one also misses the address-translation cache. Only advice: where it is
/// not taken (another system, huge pages off) nothing changes, and no
/// result depends on it.
fn ask_for_huge_pages(slots: &Vec<u128>) {
    let bytes = slots.capacity() * std::mem::size_of::<u128>();
    if bytes < HUGE_FROM {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        // madvise takes whole pages: from the first page boundary in the
        // reservation to the last one.
        const PAGE: usize = 4096;
        let start = slots.as_ptr() as usize;
        let first = start.next_multiple_of(PAGE);
        let end = (start + bytes) / PAGE * PAGE;
        if end > first {
            // SAFETY: the range lies inside the allocation `slots` owns,
            // and MADV_HUGEPAGE changes only how the kernel backs it, never
            // its contents or its lifetime.
            unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
        }
    }
}

impl KeySet {
    /// An empty set that keeps a journal of its slots (see the field).
    pub fn with_journal() -> KeySet {
        KeySet { slots: Charged::default(), len: 0, journal: Some(Charged::default()), ranked: Ranked::No }
    }

    /// An empty set for a draw-1 search whose pass limit can bind, that
    /// holds of the nodes that differ only in the talon's cursor and
    /// redeals left the best one put in: more redeals left, or as many and
    /// a smaller cursor. Such a node reaches every talon card the other
    /// reaches, at no more redeals (it can draw up to the other's cursor,
    /// or draw to the end and redeal to a cursor of 0 with no fewer
    /// redeals left than the other), so it can be won in no more moves;
    /// the order is total, so one key a class says whether a node is
    /// dominated, in one look-up. [`KeySet::contains`] then says whether a
    /// key at least as good is held, and [`KeySet::insert`] puts a key in
    /// the place of a worse one of its class.
    pub fn ranked() -> KeySet {
        KeySet { slots: Charged::default(), len: 0, journal: None, ranked: Ranked::Draw1 }
    }

    /// An empty set for a draw-3 search, that holds of the nodes whose
    /// pass limit cannot bind and that differ only in a cursor of the same
    /// remainder by 3 the one with the smallest cursor put in. Such a node
    /// reaches by draws alone (which carry no weight) every talon card the
    /// other reaches, and the order is total within a class, so, as in
    /// [`KeySet::ranked`], one look-up says whether a node is dominated,
    /// where asking for each smaller cursor cost one (mostly a cache miss)
    /// each.
    pub fn ranked_draw3() -> KeySet {
        KeySet { slots: Charged::default(), len: 0, journal: None, ranked: Ranked::Draw3 }
    }

    /// An empty set of positions known to be won or lost: a key is put in
    /// with [`WON`] set for a won position, clear for a lost one, and a
    /// position is held once, as first put in ([`KeySet::known_as`] says
    /// which). Why one set and not two: a look-up of a key that is not
    /// there, which is most of them, then costs one cache line, not two.
    pub fn known() -> KeySet {
        KeySet { slots: Charged::default(), len: 0, journal: None, ranked: Ranked::Known }
    }

    /// The slot a probe for `key` starts at, for `mask = slots - 1`.
    #[inline]
    fn home_of(&self, key: u128, mask: usize) -> usize {
        home(class(key, self.ranked), mask)
    }

    /// Keys held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Keys the set holds before it must grow.
    pub fn capacity(&self) -> usize {
        let n = self.slots.len();
        if n >= LAST_SLOTS {
            n / 8 * 7
        } else {
            n / 4 * 3
        }
    }

    /// Bytes of its slots.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u128>()
    }

    /// Empties the set. A small set keeps its memory; a large one gives it
    /// back, since emptying it slot by slot would cost as much as the many
    /// small searches that reuse a set (see `search::Easier`) save.
    pub fn clear(&mut self) {
        let keep = if self.journal.is_some() { KEEP_ON_CLEAR_JOURNALED } else { KEEP_ON_CLEAR };
        if self.slots.len() > keep {
            give_back(std::mem::take(&mut self.slots));
            if let Some(journal) = &mut self.journal {
                *journal = Charged::default();
            }
        } else if let Some(journal) = &mut self.journal {
            for &i in journal.iter() {
                self.slots[i as usize] = EMPTY;
            }
            journal.clear();
        } else {
            self.slots.fill(EMPTY);
        }
        self.len = 0;
    }

    /// Makes room for `more` keys beyond those held; `Err` when the memory
    /// cannot be had or would pass this thread's limit ([`limit_tables`]);
    /// the set is then unchanged.
    pub fn try_reserve(&mut self, more: usize) -> Result<(), NoRoom> {
        let want = self.len.saturating_add(more);
        if want <= self.capacity() {
            return Ok(());
        }
        let mut n = self.slots.len().max(MIN_SLOTS);
        while (if n >= LAST_SLOTS { n / 8 * 7 } else { n / 4 * 3 }) < want {
            n *= 2;
        }
        let mut journal = Charged::default();
        if self.journal.is_some() {
            journal = Charged::try_with_capacity(n)?;
        }
        let mut slots = match take_spare(n) {
            Some(mut slots) => {
                slots.fill(EMPTY);
                slots
            }
            None => {
                let mut slots = Charged::<u128>::try_with_capacity(n)?;
                ask_for_huge_pages(&slots);
                slots.resize(n, EMPTY);
                slots
            }
        };
        let mask = n - 1;
        for &k in self.slots.iter().filter(|&&k| k != EMPTY) {
            let mut i = self.home_of(k, mask);
            while slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            slots[i] = k;
            if self.journal.is_some() {
                // `n` is at most 2^25 (the solver's cap), well within a u32.
                journal.push(i as u32);
            }
        }
        give_back(std::mem::replace(&mut self.slots, slots));
        if self.journal.is_some() {
            self.journal = Some(journal);
        }
        Ok(())
    }

    /// Adds `key`; true when it was not there (in a ranked set: when no key
    /// of its class at least as good was; a worse one gives way). Grows the set if need be,
    /// which aborts the process if memory runs out: callers that must not
    /// abort reserve first ([`KeySet::try_reserve`]).
    pub fn insert(&mut self, key: Key) -> bool {
        if self.len >= self.capacity() {
            let more = self.len.max(MIN_SLOTS);
            if self.try_reserve(more).is_err() {
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<u128>());
            }
        }
        let mask = self.slots.len() - 1;
        let of = class(key.0, self.ranked);
        let mut i = home(of, mask);
        loop {
            let k = self.slots[i];
            if k == key.0 {
                return false;
            }
            if self.ranked != Ranked::No && same_class(k, key.0, of, self.ranked) {
                if rank(k) >= rank(key.0) {
                    return false;
                }
                // A better key of the class: it takes the place of the
                // worse one (a ranked set has no journal).
                self.slots[i] = key.0;
                return true;
            }
            if k == EMPTY {
                self.slots[i] = key.0;
                self.len += 1;
                if let Some(journal) = &mut self.journal {
                    // Never reallocates: it was given room for every slot.
                    journal.push(i as u32);
                }
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether `key` is held (in a ranked set: or a key of its class at
    /// least as good).
    pub fn contains(&self, key: &Key) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let of = class(key.0, self.ranked);
        let mut i = home(of, mask);
        loop {
            let k = self.slots[i];
            if k == key.0 {
                return true;
            }
            if k == EMPTY {
                return false;
            }
            if self.ranked != Ranked::No && same_class(k, key.0, of, self.ranked) {
                return rank(k) >= rank(key.0);
            }
            i = (i + 1) & mask;
        }
    }

    /// In a set of known positions ([`KeySet::known`]): `Some(true)` when
    /// `key` (without [`WON`]) is held as won, `Some(false)` when held as
    /// lost, `None` when not held.
    pub fn known_as(&self, key: &Key) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let of = key.0 & !WON;
        let mut i = home(of, mask);
        loop {
            let k = self.slots[i];
            if k == EMPTY {
                return None;
            }
            if k & !WON == of {
                return Some(k & WON != 0);
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether the set keeps one key of a class (see [`KeySet::ranked`]
    /// and [`KeySet::ranked_draw3`]).
    pub fn is_ranked(&self) -> bool {
        matches!(self.ranked, Ranked::Draw1 | Ranked::Draw3)
    }

    /// Takes `key` out of a set without a journal; true when it was there
    /// (in a ranked set: that very key, not a better one of its class).
    /// The keys after it in its run of full slots move back to where a
    /// look-up that starts at their home slot finds them (backward-shift
    /// deletion), so a look-up never stops short of a key.
    pub fn remove(&mut self, key: Key) -> bool {
        if self.slots.is_empty() || self.journal.is_some() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home_of(key.0, mask);
        loop {
            match self.slots[i] {
                EMPTY => return false,
                k if k == key.0 => break,
                _ => i = (i + 1) & mask,
            }
        }
        let mut hole = i;
        let mut j = (i + 1) & mask;
        while self.slots[j] != EMPTY {
            let k = self.slots[j];
            // `k` may fill the hole when its home is not between the hole
            // (exclusive) and its slot, going round the array: then a
            // look-up from its home passes the hole.
            let from_home = j.wrapping_sub(self.home_of(k, mask)) & mask;
            let from_hole = j.wrapping_sub(hole) & mask;
            if from_home >= from_hole {
                self.slots[hole] = k;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        self.slots[hole] = EMPTY;
        self.len -= 1;
        true
    }

    /// Asks the processor to fetch the cache line where a look-up of `key`
    /// starts, so that a look-up a little later finds it there. Only a hint:
    /// it changes no result.
    #[inline]
    pub fn prefetch(&self, key: &Key) {
        if self.slots.is_empty() {
            return;
        }
        let i = self.home_of(key.0, self.slots.len() - 1);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.slots[i..].as_ptr() as *const i8;
            // SAFETY: SSE is part of every x86_64 target, and a prefetch
            // only hints the cache: it reads nothing and cannot fault, and
            // `p` points into the slots anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The keys held: read from the journal when there is one, else found
    /// among all the slots.
    fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        let journal = self.journal.as_deref();
        let scanned = journal.is_none().then(|| self.slots.iter().copied().filter(|&k| k != EMPTY));
        let listed = journal.into_iter().flatten().map(|&i| self.slots[i as usize]);
        scanned.into_iter().flatten().chain(listed).map(Key)
    }

    /// How many of the keys held satisfy `keep`.
    pub fn count(&self, keep: impl Fn(Key) -> bool) -> usize {
        self.keys().filter(|&k| keep(k)).count()
    }

    /// Moves the keys of `other` that satisfy `keep` into this set (which
    /// must have room for them, see [`KeySet::try_reserve`] and
    /// [`KeySet::count`]), leaving `other` empty (see [`KeySet::clear`]).
    pub fn take_all(&mut self, other: &mut KeySet, keep: impl Fn(Key) -> bool) {
        for k in other.keys().filter(|&k| keep(k)) {
            self.insert(k);
        }
        other.clear();
    }
}

impl Drop for KeySet {
    fn drop(&mut self) {
        give_back(std::mem::take(&mut self.slots));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn holds_exactly_the_keys_put_in_like_a_hash_set() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Keys of up to 82 bits, many of them alike (few distinct
            // values in each part), as the solver's keys are.
            u128::from(seed >> 40) << 60 | u128::from(seed >> 50)
        };
        let (mut ours, mut std_set) = (KeySet::default(), HashSet::new());
        for _ in 0..200_000 {
            let k = next();
            assert_eq!(ours.insert(Key(k)), std_set.insert(k));
            let probe = next();
            assert_eq!(ours.contains(&Key(probe)), std_set.contains(&probe));
        }
        assert_eq!(ours.len(), std_set.len());
        assert!(std_set.iter().all(|&k| ours.contains(&Key(k))));
        assert!(ours.len() <= ours.capacity());

        let mut other = KeySet::default();
        other.insert(Key(1));
        other.insert(Key(2));
        other.insert(Key(1 << 81));
        ours.try_reserve(other.len()).unwrap();
        let before = ours.len();
        ours.take_all(&mut other, |_| true);
        assert_eq!(other.len(), 0);
        assert!(!other.contains(&Key(2)));
        assert!(ours.contains(&Key(1 << 81)));
        assert!(ours.len() <= before + 3);

        ours.clear();
        assert_eq!(ours.len(), 0);
        assert!(!ours.contains(&Key(1)) && !ours.contains(&Key(0)));
        assert!(ours.insert(Key(0)));
        assert!(ours.contains(&Key(0)));
        // A small set keeps its slots when emptied, and is empty all the same.
        let slots = ours.bytes();
        ours.clear();
        assert_eq!((ours.len(), ours.bytes()), (0, slots));
        assert!(!ours.contains(&Key(0)) && ours.insert(Key(0)));
    }

    /// Keys taken out and put in at random, in sets that stay small (so
    /// that runs of full slots go round the end of the array) and that
    /// grow: the set holds what a hash set holds, after every step.
    #[test]
    fn a_key_taken_out_is_gone_and_every_other_is_still_found() {
        for (seed, spread, steps) in [(3u64, 40u64, 20_000), (5, 5_000, 60_000), (9, 200_000, 150_000)] {
            let mut next = numbers(seed);
            let (mut ours, mut model) = (KeySet::default(), HashSet::new());
            let mut removed = 0;
            for step in 0..steps {
                // Keys that share their low bits, so that they crowd
                // together in the slots.
                let k = next(spread) << 70 | 5;
                if next(3) == 0 {
                    let was = model.remove(&k);
                    assert_eq!(ours.remove(Key(k)), was, "step {step}");
                    removed += usize::from(was);
                } else {
                    assert_eq!(ours.insert(Key(k)), model.insert(k), "step {step}");
                }
                if step % 97 == 0 {
                    assert!(model.iter().all(|&k| ours.contains(&Key(k))), "step {step}");
                }
                let probe = next(spread) << 70 | 5;
                assert_eq!(ours.contains(&Key(probe)), model.contains(&probe), "step {step}");
                assert_eq!(ours.len(), model.len());
            }
            assert!(removed > steps / 20, "{removed} taken out");
        }
        // A ranked set takes out that very key only: not a worse one of
        // its class that a better one replaced.
        let mut ranked = KeySet::ranked();
        let place = |cursor: u128, redeals: u128| Key(9 | cursor << 72 | redeals << 77);
        assert!(ranked.insert(place(5, 1)));
        assert!(ranked.insert(place(2, 1)));
        assert!(!ranked.remove(place(5, 1)));
        assert!(ranked.contains(&place(5, 1)));
        assert!(ranked.remove(place(2, 1)));
        assert!(!ranked.contains(&place(5, 1)) && ranked.len() == 0);
        // A set with a journal takes nothing out.
        let mut journaled = KeySet::with_journal();
        journaled.insert(Key(4));
        assert!(!journaled.remove(Key(4)) && journaled.contains(&Key(4)));
    }

    #[test]
    fn a_set_with_a_journal_empties_and_hands_over_its_keys_like_one_without() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            u128::from(seed >> 44)
        };
        let (mut plain, mut journaled) = (KeySet::default(), KeySet::with_journal());
        let (mut plain_sink, mut journaled_sink) = (KeySet::default(), KeySet::default());
        // Rounds of very different sizes, so that the set grows (rehashing
        // its journal), is emptied with keys left and without, and once
        // grows past what it keeps on emptying.
        for (round, &n) in [10usize, 3000, 0, 70_000, 5, 200].iter().enumerate() {
            let keys: Vec<u128> = (0..n).map(|_| next()).collect();
            for &k in &keys {
                assert_eq!(plain.insert(Key(k)), journaled.insert(Key(k)));
            }
            assert_eq!(plain.len(), journaled.len());
            assert!(keys.iter().all(|&k| journaled.contains(&Key(k))));
            if round % 2 == 0 {
                plain.clear();
                journaled.clear();
            } else {
                // Only the keys not divisible by 3 are handed over.
                let keep = |k: Key| !k.0.is_multiple_of(3);
                assert_eq!(plain.count(keep), journaled.count(keep));
                plain_sink.try_reserve(plain.count(keep)).unwrap();
                journaled_sink.try_reserve(journaled.count(keep)).unwrap();
                plain_sink.take_all(&mut plain, keep);
                journaled_sink.take_all(&mut journaled, keep);
                assert_eq!(plain_sink.len(), journaled_sink.len());
                assert!(keys.iter().all(|&k| journaled_sink.contains(&Key(k)) == keep(Key(k))));
            }
            assert_eq!(journaled.len(), 0);
            assert!(keys.iter().all(|&k| !journaled.contains(&Key(k))));
        }
    }

    /// A xorshift generator from `seed`: each call gives a number below
    /// its argument (the same seed, the same numbers).
    fn numbers(mut x: u64) -> impl FnMut(u64) -> u128 {
        move |n| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            u128::from(x % n)
        }
    }

    /// A ranked set, against a model: of the node keys that differ only in
    /// cursor and redeals left, a look-up finds a key held when one at
    /// least as good (more redeals left, or as many and a cursor no
    /// larger) was put in; other keys are held as they are. Through the
    /// growth of the set too.
    #[test]
    fn a_ranked_set_holds_a_node_key_when_one_with_a_talon_at_least_as_good_was_put_in() {
        let node = |class: u128, cursor: u128, redeals: u128| Key(class << 20 | cursor << 72 | redeals << 77);
        let between = |class: u128, cursor: u128| Key(node(class, cursor, 2).0 | 1 << 90);
        let mut set = KeySet::ranked();
        let mut next = numbers(12345u64);
        // The best (redeals, smaller cursor) put in so far, by class; and
        // the keys of positions in between put in.
        let mut best = std::collections::HashMap::new();
        let mut exact = HashSet::new();
        for _ in 0..60_000 {
            let (class, cursor, redeals) = (next(3000), next(25), next(4));
            let better = |b: &(u128, u128)| redeals > b.0 || (redeals == b.0 && cursor < b.1);
            if next(5) == 0 {
                let k = between(class, cursor);
                assert_eq!(set.insert(k), exact.insert(k.0));
            } else {
                let k = node(class, cursor, redeals);
                let seen = best.get(&class).copied();
                assert_eq!(set.contains(&k), seen.is_some_and(|b| !better(&b)), "{class} {cursor} {redeals}");
                let grew = set.insert(k);
                assert_eq!(grew, seen.is_none_or(|b| better(&b)));
                if grew {
                    best.insert(class, (redeals, cursor));
                }
                assert!(set.contains(&k));
            }
        }
        assert_eq!(set.len(), best.len() + exact.len());
        for (&class, &(redeals, cursor)) in &best {
            assert!(set.contains(&node(class, cursor, redeals)));
            assert!(set.contains(&node(class, cursor + 1, redeals)));
            assert!(!set.contains(&node(class, cursor, redeals + 1)));
            if cursor > 0 {
                assert!(!set.contains(&node(class, cursor - 1, redeals)));
            }
        }
        assert!(exact.iter().all(|&k| set.contains(&Key(k))));
        assert!(!set.contains(&between(3001, 0)));
    }

    /// A draw-3 ranked set, against a model: of the node keys whose pass
    /// limit cannot bind (redeals left at least the talon's size) that
    /// differ only in a cursor of the same remainder by 3 (never a multiple
    /// of 3 but 0, as in a real key), a look-up finds a key held when one
    /// with a cursor no larger was put in; a cursor of 0, a key whose limit
    /// can bind and a position in between are held as they are.
    #[test]
    fn a_draw3_ranked_set_holds_a_node_key_when_one_with_a_smaller_cursor_of_its_remainder_was_put_in() {
        // Talon of 4 cards (bits 48..51); redeals 4 (free) or 2 (binding).
        let node = |class: u128, cursor: u128, free: bool| {
            Key(class << 20 | 0b1111 << 48 | cursor << 72 | if free { 4u128 } else { 2 } << 77)
        };
        let between = |class: u128, cursor: u128| Key(node(class, cursor, true).0 | 1 << 90);
        let mut set = KeySet::ranked_draw3();
        let mut next = numbers(987654u64);
        // The smallest cursor put in, by (class, remainder); the keys held
        // as they are.
        let mut best = std::collections::HashMap::new();
        let mut exact = HashSet::new();
        for _ in 0..60_000 {
            let class = next(2000);
            let cursor = [0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 14][next(11) as usize];
            let free = next(4) != 0;
            let k = if next(6) == 0 { between(class, cursor) } else { node(class, cursor, free) };
            if k.is_node() && free && cursor != 0 {
                let seen = best.get(&(class, cursor % 3)).copied();
                assert_eq!(set.contains(&k), seen.is_some_and(|b| b <= cursor), "{class} {cursor}");
                let grew = set.insert(k);
                assert_eq!(grew, seen.is_none_or(|b| cursor < b));
                if grew {
                    best.insert((class, cursor % 3), cursor);
                }
            } else {
                assert_eq!(set.contains(&k), exact.contains(&k.0));
                assert_eq!(set.insert(k), exact.insert(k.0));
            }
            assert!(set.contains(&k));
        }
        assert_eq!(set.len(), best.len() + exact.len());
        for (&(class, _), &cursor) in &best {
            assert!(set.contains(&node(class, cursor + 3, true)));
            if cursor > 3 {
                assert!(!set.contains(&node(class, cursor - 3, true)));
            }
            assert_eq!(set.contains(&node(class, cursor, false)), exact.contains(&node(class, cursor, false).0));
        }
        assert!(exact.iter().all(|&k| set.contains(&Key(k))));
    }

    #[test]
    fn a_kept_array_is_reused_and_comes_back_empty() {
        // On a thread of its own: the store of spare arrays is per thread.
        std::thread::spawn(|| {
            let spare_sizes = || SPARE.with(|s| s.borrow().arrays.iter().map(|a| a.len()).collect::<Vec<_>>());
            let mut a = KeySet::default();
            a.insert(Key(1));
            drop(a);
            assert!(spare_sizes().is_empty(), "kept without being asked to");
            keep_spare_slots();
            let mut a = KeySet::default();
            for k in 0..100_000u128 {
                a.insert(Key(k));
            }
            let slots = a.slots.len();
            // Outgrown arrays are kept, one of each size.
            assert!(!spare_sizes().is_empty() && !spare_sizes().contains(&slots));
            drop(a);
            assert!(spare_sizes().contains(&slots));
            let mut b = KeySet::default();
            for k in 200_000..300_000u128 {
                assert!(b.insert(Key(k)));
            }
            // It took the kept array of its size, emptied.
            assert_eq!(b.slots.len(), slots);
            assert!(!spare_sizes().contains(&slots));
            assert_eq!(b.len(), 100_000);
            assert!((0..100_000u128).all(|k| !b.contains(&Key(k))));
            assert!((200_000..300_000u128).all(|k| b.contains(&Key(k))));
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_set_does_not_grow_past_the_threads_limit_and_spare_arrays_give_way_first() {
        // On a thread of its own: the limit and the spare arrays are per thread.
        std::thread::spawn(|| {
            keep_spare_slots();
            let mut a = KeySet::default();
            for k in 0..10_000u128 {
                a.insert(Key(k));
            }
            drop(a);
            let spare = SPARE.with(|s| s.borrow().arrays.len());
            assert!(spare > 0);
            // 64 KiB: room for a table of 4096 slots, with the spares gone.
            let limit = limit_tables(64 << 10);
            let mut b = KeySet::default();
            let mut held = 0;
            while b.try_reserve(1).is_ok() {
                b.insert(Key(held));
                held += 1;
            }
            assert!(b.bytes() <= 64 << 10 && held >= 1024, "{} bytes, {held} keys", b.bytes());
            assert_eq!(SPARE.with(|s| s.borrow().arrays.len()), 0);
            assert_eq!(b.try_reserve(1), Err(NoRoom));
            drop(limit);
            assert!(b.try_reserve(1).is_ok());
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_set_of_known_positions_holds_each_once_as_won_or_lost_as_first_put_in() {
        let mut set = KeySet::known();
        assert_eq!(set.known_as(&Key(5)), None);
        let mut next = numbers(17);
        let keys: Vec<u128> = (0..20_000).map(|_| next(1 << 14) << 60 | 7).collect();
        let mut want = std::collections::HashMap::new();
        for (i, &k) in keys.iter().enumerate() {
            let won = i % 3 == 0;
            let fresh = set.insert(Key(if won { k | WON } else { k }));
            assert_eq!(fresh, !want.contains_key(&k), "key {k}");
            want.entry(k).or_insert(won);
            // Put in again the other way: the first stays.
            assert!(!set.insert(Key(if won { k } else { k | WON })));
        }
        assert_eq!(set.len(), want.len());
        for (&k, &won) in &want {
            assert_eq!(set.known_as(&Key(k)), Some(won), "key {k}");
            assert_eq!(set.known_as(&Key(k | WON)), Some(won), "key {k} asked with the bit");
            assert!(set.contains(&Key(k)));
        }
        let mut absent = numbers(18);
        for _ in 0..20_000 {
            let k = absent(1 << 40) | 1 << 91;
            assert_eq!(set.known_as(&Key(k)), None);
        }
        assert!(!set.is_ranked());
    }

    #[test]
    fn an_empty_set_holds_nothing() {
        let set = KeySet::default();
        assert!(!set.contains(&Key(0)));
        set.prefetch(&Key(0));
        assert_eq!((set.len(), set.capacity(), set.bytes()), (0, 0, 0));
    }
}
