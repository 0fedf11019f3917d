//! `sgf stats`: games, nodes, moves, variations, board sizes, results,
//! players, dates, charsets, properties, bytes and MB/s, as text or JSON.

mod collect;
mod idents;
mod report;

use std::io::{self, Write};
use std::path::PathBuf;

use crate::run::Sources;
use crate::run::{self, Policied};
use crate::{Common, Status};
pub use collect::Stats;
use sgf_tool::collection::Delivery;
use sgf_tool::collection::Job;
use sgf_tool::collection::Policy;
use sgf_tool::diagnostics::Counts;

/// Arguments of `sgf stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// Files, directories, archives (.zip, .tar, .tar.gz, .tgz), .sgf.gz
    /// files, or `-` for standard input; with none, the sample games built
    /// into the tool (the five files of the source's tests/data).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// How many players, board sizes, ... to list.
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
}

struct StatsJob(Policy);

impl Job for StatsJob {
    type Visitor = collect::Collect;

    fn visitor(&self) -> collect::Collect {
        collect::Collect::default()
    }
}

impl Policied for StatsJob {
    fn policy(&self) -> Policy {
        self.0
    }
}

/// Runs `sgf stats`.
pub fn main(args: &StatsArgs, common: &Common) -> Status {
    let sources = match args.paths.is_empty() {
        true => Sources::Samples,
        false => Sources::Paths(&args.paths),
    };
    let job = StatsJob(args.strictness.policy());
    let mut stats = Stats::default();
    // An input's statistics count once it is read to the end: those of
    // its first piece, and the others' added.
    let mut input: Option<Stats> = None;
    let totals = run::run(sources, common, &job, |delivery, _| {
        match delivery {
            Delivery::Begin(_) => input = None,
            Delivery::Piece(_, done) => {
                let counts = Counts::of(&done.diagnostics);
                let read = match input.take() {
                    Some(mut read) => {
                        read.merge(done.out);
                        read
                    }
                    None => done.out,
                };
                input.insert(read).counts.add(counts);
            }
            Delivery::End(_, complete) => {
                if let (Some(mut input), true) = (input.take(), complete) {
                    input.files_with_errors = u64::from(input.counts.errors > 0);
                    stats.merge(input);
                }
            }
            Delivery::Failed { .. } => {}
        }
        Ok(())
    });
    stats.settle();
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
    crate::check::status(&totals, stats.counts)
}
