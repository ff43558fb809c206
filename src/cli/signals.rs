//! The end of a batch or a census on a signal (Ctrl-C, SIGTERM, SIGHUP):
//! the temporary files of the writes under way are removed, what the work
//! was is said in one line, and the program then ends of that signal, as
//! it would have without this (so a shell sees the same status).

use std::sync::{Mutex, Once};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// What to say when a signal ends the program, set by the work under way.
type LastWords = Box<dyn Fn() + Send>;

static LAST_WORDS: Mutex<Option<LastWords>> = Mutex::new(None);

/// Catches SIGINT, SIGTERM and SIGHUP from now on (once per process; later
/// calls do nothing), but for those the program was started with set to
/// be ignored: a batch started under `nohup`, or in the background by a
/// script that has Ctrl-C ignored there, goes on through a hang-up or a
/// Ctrl-C, as any other program would. Without a thread for it (a tight
/// memory limit), the signals end the program as before.
pub fn catch_termination() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let caught: Vec<i32> = [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&s| !ignored(s)).collect();
        if caught.is_empty() {
            return;
        }
        let Ok(mut signals) = signal_hook::iterator::Signals::new(caught) else {
            return;
        };
        let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
            if let Some(signal) = signals.forever().next() {
                klondike::app::store::remove_pending_temp_files();
                if let Ok(words) = LAST_WORDS.lock() {
                    if let Some(say) = words.as_ref() {
                        say();
                    }
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                // Should the signal not end it after all.
                std::process::exit(128 + signal);
            }
        });
    });
}

/// Has a write past the file size limit (`ulimit -f`) fail with an error,
/// as a full disk does, instead of ending the program by SIGXFSZ at once:
/// the write is then taken back, its temporary file removed, and the
/// failure said in one line, like any other failed write.
pub fn ignore_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's action to "ignore" installs no handler
    // (nothing runs in the signal's context); SIGXFSZ is raised only by
    // writes, which then return EFBIG, an error every write handles.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Sets what is said when a signal ends the program (`None`: nothing).
pub fn set_last_words(words: Option<LastWords>) {
    if let Ok(mut last) = LAST_WORDS.lock() {
        *last = words;
    }
}

/// Whether `signal` is set to be ignored (as the program was started, since
/// nothing here ignores one). Where that cannot be asked, no.
#[cfg(target_os = "linux")]
fn ignored(signal: i32) -> bool {
    // SAFETY: `sigaction` with no new action only reads the current one
    // into `old`, a plain C struct for which all zeroes is a valid value.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

#[cfg(not(target_os = "linux"))]
fn ignored(_signal: i32) -> bool {
    false
}
