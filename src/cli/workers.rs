//! A batch's worker threads: how many, their stacks, and, under an
//! address-space limit (`ulimit -v`), each one's share of the memory for
//! the solver's tables.
//!
//! Why: every worker's search grows its tables until its budget, its cap or
//! the memory runs out. Under a limit shared by several threads, tables
//! that grow until an allocation fails leave nothing for the ordinary
//! allocations of the others (a line of results, a thread's own storage),
//! and the process aborts. So the memory left under the limit, less a
//! reserve, is divided among the workers, and each search answers
//! "memory" when its tables would pass its share.

use klondike::app::render;

/// Stack of each worker thread: the search keeps its path on the heap, so
/// the usual size is ample; named, so that it is counted.
const WORKER_STACK: usize = 2 << 20;

/// Address space kept, under a limit, for everything but the workers:
/// the results file and its lines, the progress bar, the allocator's own
/// bookkeeping.
const RESERVE: u64 = 8 << 20;

/// Address space kept for each worker beside its stack and tables: the
/// search's path and moves, a winning line and its shortening.
const WORKER_EXTRA: u64 = 2 << 20;

/// The least memory for tables a worker is started with: fewer workers
/// that can search beat many that answer "memory" at once.
const LEAST_TABLES: u64 = 8 << 20;

/// The pool of worker threads for a batch, and the most bytes the tables
/// of each search may take (`None`: no address-space limit, so no share).
///
/// # Errors
/// No thread at all, not even this one (the message is the caller's).
pub fn pool() -> Result<(rayon::ThreadPool, Option<u64>), rayon::ThreadPoolBuildError> {
    let limited = address_space_left().is_some();
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(left) = address_space_left() {
        one_allocator_arena();
        // As many workers as asked for (rayon's own reading of the
        // environment and the cores), no more than fit.
        let fit = left.saturating_sub(RESERVE) / (WORKER_STACK as u64 + WORKER_EXTRA + LEAST_TABLES);
        let fit = usize::try_from(fit).unwrap_or(usize::MAX).max(1);
        builder = builder.num_threads(asked_threads().min(fit));
    }
    // Where no thread can be started, this one does the work alone. The
    // pool is made here, not in the library: starting threads can fail
    // for reasons of the machine, and that is said on standard error.
    let pool = builder.build().or_else(|e| {
        warn_line!("klondike: {}", render::diagnostics::no_worker_threads(e));
        rayon::ThreadPoolBuilder::new().num_threads(1).use_current_thread().build()
    })?;
    // Measured again now that the threads and their stacks exist.
    let share = limited.then(|| {
        let workers = pool.current_num_threads().max(1) as u64;
        let left = address_space_left().unwrap_or(0);
        left.saturating_sub(RESERVE + workers * WORKER_EXTRA) / workers
    });
    Ok((pool, share))
}

/// The worker threads asked for: `RAYON_NUM_THREADS` when it is a number
/// from 1, else one per core, as rayon reads them.
fn asked_threads() -> usize {
    let from_env = std::env::var("RAYON_NUM_THREADS").ok().and_then(|v| v.trim().parse::<usize>().ok());
    from_env
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get))
}

/// Bytes of address space the process may still map under its limit
/// (`RLIMIT_AS`); `None` when it has no limit.
#[cfg(target_os = "linux")]
fn address_space_left() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes only to the struct it is handed.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0 || limit.rlim_cur == libc::RLIM_INFINITY {
        return None;
    }
    let limit = limit.rlim_cur;
    // What is mapped now: the first field of statm, in pages. Where it
    // cannot be read, half the limit is taken as used, to be safe.
    // SAFETY: sysconf only reads a value.
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    let used = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(limit / 2, |pages| pages.saturating_mul(page));
    Some(limit.saturating_sub(used))
}

/// No address-space limit is read on other systems.
#[cfg(not(target_os = "linux"))]
fn address_space_left() -> Option<u64> {
    None
}

/// Under a limit: every thread allocates from one arena of the C
/// allocator. Why: glibc gives each new thread an arena of its own, each
/// reserving 64 MB of address space when it is made, later than any
/// share is reckoned; the solver's tables are allocated apart from the
/// arenas, so sharing one costs little.
fn one_allocator_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator, before the
    // workers start.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}
