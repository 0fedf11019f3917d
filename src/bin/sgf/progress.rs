//! The progress bar: on standard error, only when it is a terminal, and
//! only once the job has taken more than a moment.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{HumanBytes, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a job runs before its progress bar appears.
const DELAY: Duration = Duration::from_millis(700);

/// Counts files and bytes from any thread; draws nothing until [`DELAY`]
/// has passed.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
    bytes: AtomicU64,
}

impl Progress {
    /// A progress bar, or none at all when `quiet` or when standard error is
    /// not a terminal.
    pub fn new(quiet: bool) -> Progress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            let style = ProgressStyle::with_template("{spinner} {pos} files, {msg} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
            bytes: AtomicU64::new(0),
        }
    }

    /// One more file of `bytes` done.
    pub fn advance(&self, bytes: u64) {
        let Some(bar) = &self.bar else { return };
        let total_bytes = self.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes;
        bar.inc(1);
        bar.set_message(format!("{}", HumanBytes(total_bytes)));
        if self.started.elapsed() > DELAY && !self.shown.swap(true, Ordering::Relaxed) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(120));
        }
    }

    /// Prints `line` on standard error without garbling the bar.
    pub fn eprintln(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
