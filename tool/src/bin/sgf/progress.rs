//! The progress bar: bytes read from disk, against the inputs' total size
//! with an estimated time left when it is known. On standard error, only
//! when it is a terminal, and only once the job has taken more than a
//! moment.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a job runs before its progress bar appears.
const DELAY: Duration = Duration::from_millis(700);

/// Counts bytes read from any thread; draws nothing until [`DELAY`] has
/// passed.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A progress bar, or none at all when `quiet` or when standard error
    /// is not a terminal. `total` is asked for only when a bar is drawn:
    /// the inputs' size in bytes, if known.
    pub fn new(quiet: bool, total: impl FnOnce() -> Option<u64>) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let total = total();
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
            let template = match total {
                Some(_) => "{bar:30} {bytes}/{total_bytes} {binary_bytes_per_sec}, {eta} left",
                None => "{spinner} {bytes} {binary_bytes_per_sec} [{elapsed}]",
            };
            let style = ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// `bytes` more were read.
    pub fn add(&self, bytes: u64) {
        let Some(bar) = &self.bar else { return };
        bar.inc(bytes);
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
