//! `sgf index`: an index of the games of the inputs in one file, for
//! `sgf search` (see `sgf_go::search` for the format).
//!
//! Worker threads read the games and replay each main line into a
//! record; this thread appends them in input order (all but a few
//! megabytes of the index wait in temporary files in the index's folder)
//! and writes the file at the end, beside the target and then renamed
//! over it. An existing
//! index is replaced only with `--force`; `--append` adds the inputs'
//! games to it.

use std::io;
use std::ops::Range;
use std::path::PathBuf;

use sgf_go::search::{GameRecord, Index, IndexBuilder};
use sgf_stream::build::TreeBuilder;
use sgf_stream::Event;

use crate::run::Sources;
use crate::run::{self, Policied, Totals};
use crate::{Common, Inputs, Status};
use sgf_tool::collection::Delivery;
use sgf_tool::collection::Policy;
use sgf_tool::collection::{Ctx, Job, Note, Visit};
use sgf_tool::diagnostics::Counts;

/// Arguments of `sgf index`.
#[derive(Debug, clap::Args)]
pub struct IndexArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// The index file to write.
    #[arg(short, long, value_name = "INDEX")]
    output: PathBuf,
    /// Replace an existing index.
    #[arg(long, conflicts_with = "append")]
    force: bool,
    /// Add the games to an existing index (which is rewritten).
    #[arg(long)]
    append: bool,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
}

/// Games replayed into records, for `sgf index` and the scan of `sgf
/// search`.
pub struct RecordsJob(pub Policy);

/// The games of a piece: each built as a tree of its own, replayed into
/// a record (none when it is not Go).
#[derive(Default)]
pub struct Records {
    builder: Option<TreeBuilder>,
    found: Vec<Option<Box<GameRecord>>>,
}

impl Job for RecordsJob {
    type Visitor = Records;

    fn visitor(&self) -> Records {
        Records::default()
    }
}

impl Policied for RecordsJob {
    fn policy(&self) -> Policy {
        self.0
    }
}

impl Visit for Records {
    type Out = Vec<Option<Box<GameRecord>>>;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, _: &Ctx<'_>, _: &mut Vec<Note>) {
        let builder = self.builder.get_or_insert_with(TreeBuilder::lenient);
        if let Ok(Some(tree)) = builder.push_spanned(event, span) {
            self.found
                .push(GameRecord::from_tree(&tree).ok().map(Box::new));
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Self::Out {
        self.builder = None;
        std::mem::take(&mut self.found)
    }
    /// A game the reader gave up is no game: its tree is not built.
    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        if let Some(builder) = &mut self.builder {
            builder.abandon();
        }
    }
}

/// What [`each_record`] hands on, in input order.
pub enum Item<'a> {
    /// A new file, numbered from 0 in input order.
    File(&'a str),
    /// A game: its file's number, its index in the file, and its record
    /// (none when it is not Go).
    Game(u32, u32, Option<Box<GameRecord>>),
}

/// Runs [`RecordsJob`] over `paths`, handing the files and the games'
/// records to `item` in input order. Returns the totals and the problems
/// found reading.
pub fn each_record(
    paths: &[PathBuf],
    mode: Policy,
    common: &Common,
    mut item: impl FnMut(Item<'_>),
) -> (Totals, Counts) {
    let job = RecordsJob(mode);
    let mut counts = Counts::default();
    let mut files: u32 = 0;
    let mut first: u32 = 0;
    let totals = run::run(Sources::Paths(paths), common, &job, |delivery, _| {
        match delivery {
            Delivery::Begin(input) => {
                item(Item::File(&input.name));
                files += 1;
                first = 0;
            }
            Delivery::End(..) | Delivery::Failed { .. } => {}
            Delivery::Piece(_, done) => {
                counts.add(Counts::of(&done.diagnostics));
                for record in done.out {
                    item(Item::Game(files - 1, first, record));
                    first += 1;
                }
            }
        }
        Ok(())
    });
    (totals, counts)
}

/// Runs `sgf index`.
pub fn main(args: &IndexArgs, common: &Common) -> Status {
    let path = &args.output;
    let mut builder = if args.append {
        match std::fs::read(path) {
            Ok(bytes) => match Index::from_bytes(&bytes) {
                Ok(index) => IndexBuilder::from_index(&index),
                Err(err) => return trouble(&format!("{}: {err}", path.display())),
            },
            Err(err) if err.kind() == io::ErrorKind::NotFound => IndexBuilder::new(),
            Err(err) => return trouble(&format!("{}: {err}", path.display())),
        }
    } else {
        if path.exists() && !args.force {
            return trouble(&format!(
                "{} exists: --force replaces it, --append adds to it",
                path.display()
            ));
        }
        IndexBuilder::new()
    };
    // The sections beyond a few megabytes wait on the index's disk.
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.to_path_buf(),
        _ => PathBuf::from("."),
    };
    builder = builder.spill_to(folder);
    let (games_before, moves_before) = (builder.games(), builder.moves());
    let mut not_go = 0u64;
    let mut file = 0;
    let (mut totals, counts) = each_record(
        &args.inputs.paths,
        args.strictness.policy(),
        common,
        |item| match item {
            Item::File(name) => file = builder.add_file(name),
            Item::Game(_, index, Some(record)) => builder.push(file, u64::from(index), &record),
            Item::Game(_, _, None) => not_go += 1,
        },
    );
    if let Err(err) = builder.write_file(path, args.force || args.append) {
        return trouble(&format!("{}: {err}", path.display()));
    }
    totals.run.elapsed = totals.elapsed.max(std::time::Duration::from_nanos(1));
    if !common.quiet {
        let games = builder.games() - games_before;
        let moves = builder.moves() - moves_before;
        let seconds = totals.elapsed.as_secs_f64();
        let bytes = builder.len();
        eprintln!(
            "{} files, {games} games indexed ({not_go} not Go), {moves} moves in {seconds:.2} s \
             ({:.1} M moves/s, {:.1} MB/s); {}: {} games, {bytes} bytes ({:.0} bytes per game)",
            totals.files,
            moves as f64 / seconds / 1e6,
            totals.mb_per_s(),
            path.display(),
            builder.games(),
            bytes as f64 / builder.games().max(1) as f64,
        );
    }
    crate::check::status(&totals, counts)
}

/// Reports a usage or I/O problem.
pub fn trouble(message: &str) -> Status {
    eprintln!("sgf: {message}");
    Status::Trouble
}
