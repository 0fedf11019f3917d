//! `sgf stats`: games, nodes, moves, variations, board sizes, results,
//! players, dates, charsets, properties, bytes and MB/s, as text or JSON.

mod collect;
mod report;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::diag::Mode;
use crate::run::{self, Totals};
use crate::{Common, Status};
pub use collect::Stats;

/// Arguments of `sgf stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// Files, directories, archives (.zip, .tar, .tar.gz, .tgz), or `-` for
    /// standard input; with none, the sample games shipped in `tests/data/`.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// How many players, board sizes, ... to list.
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    /// Read with the exercise's strict rules (default: lenient).
    #[arg(long)]
    strict: bool,
}

/// The sample games shipped with the source.
fn sample_games() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Runs `sgf stats`.
pub fn main(args: &StatsArgs, common: &Common) -> Status {
    let paths = if args.paths.is_empty() {
        vec![sample_games()]
    } else {
        args.paths.clone()
    };
    let mode = Mode::from_flag(args.strict);
    let mut stats = Stats::default();
    let totals = run::run(
        &paths,
        common,
        |input| collect::collect(input, mode).0,
        |file, _| {
            stats.merge(file);
            Ok(())
        },
    );
    let text = if args.json {
        report::json(&stats, &totals, args.top)
    } else {
        report::text(&stats, &totals, args.top)
    };
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return Status::Trouble;
    }
    status(&stats, &totals)
}

fn status(stats: &Stats, totals: &Totals) -> Status {
    crate::check::status(totals, stats.counts)
}
