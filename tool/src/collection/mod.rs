//! Collections: many inputs (paths, folders, archives, `.gz` files,
//! standard input, bytes in memory) read by worker threads in batches of
//! whole games, handed back **in input order**, each piece with its
//! diagnostics, under one reading policy (strict, lenient, or strict then
//! lenient).
//!
//! A caller says what to do with the events of a piece of input by a
//! [`Job`], which makes a [`Visit`] per piece on the thread that reads
//! it; the [`Collection`] cuts the inputs ([`Batches`]), runs the pieces
//! and hands their results to the caller as [`Delivery`]s: the input
//! begins, its pieces, the input ends (or could not be read). Memory is
//! bounded by the batches in flight and the reader's limits, never by the
//! size of a file; the results are the same for any number of jobs.
//!
//! Ready-made jobs give every game as a [`Game`]: a product, with its
//! span in the input and its charset. Each is read under the
//! collection's [`Policy`] (lenient repairs are diagnostics; a game the
//! strict builder or collector refuses is an error diagnostic and no
//! product; a game the lenient reader gives up is no product):
//!
//! | job | each game's product | made by |
//! |---|---|---|
//! | [`Trees`] | an owned [`SgfTree`](sgf_stream::SgfTree) | the library's [`TreeBuilder`](sgf_stream::build::TreeBuilder) |
//! | [`Compacts`] | a [`CompactTree`](sgf_stream::CompactTree) over the game's own bytes (its text in memory, read as written), else over its built tree written out | [`CompactTree::from_bytes`](sgf_stream::CompactTree::from_bytes), [`from_tree`](sgf_stream::CompactTree::from_tree) |
//! | [`Records`] | a [`GameRecord`](sgf_stream::game::GameRecord): game information, main-line moves, values not to the letter; no tree | the library's [`GameCollector`](sgf_stream::game::GameCollector) |
//!
//! For anything else (the events visited), a caller writes its own
//! [`Job`].
//!
//! A record in another format (GIB, NGF, UGF: see
//! [`sgf_stream::formats`]) is read whole (up to [`MAX_RECORD`] bytes),
//! converted, and its SGF text read through the same visitors, with
//! [`Ctx::Record`] and [`Input::format`] saying so; its problems are placed
//! at the record's lines. Inputs found in folders and archives are told
//! by their names; a file named directly, standard input and bytes given
//! are told by their first bytes.
//!
//! ```
//! use std::ops::{ControlFlow, Range};
//! use sgf_stream::Event;
//! use sgf_tool::collection::{Collection, Ctx, Delivery, Job, Note, Source, Visit};
//!
//! /// Counts moves.
//! struct Moves;
//! struct Count(u64);
//! impl Visit for Count {
//!     type Out = u64;
//!     fn event(&mut self, event: &Event<'_>, _: Range<u64>, _: &Ctx<'_>, _: &mut Vec<Note>) {
//!         if let Event::Property(id, _) = event {
//!             self.0 += u64::from(*id == "B" || *id == "W");
//!         }
//!     }
//!     fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> u64 {
//!         std::mem::take(&mut self.0)
//!     }
//! }
//! impl Job for Moves {
//!     type Visitor = Count;
//!     fn visitor(&self) -> Count {
//!         Count(0)
//!     }
//! }
//!
//! let sources = [
//!     Source::Bytes { name: "a.sgf".into(), bytes: "(;B[aa];W[bb])(;B[cc])".into() },
//!     Source::Bytes { name: "b.sgf".into(), bytes: "(;B[dd];W[ee]".into() },
//! ];
//! let mut moves = Vec::new();
//! let totals = Collection::new().jobs(2).run(&sources, &Moves, |delivery| {
//!     if let Delivery::Piece(input, done) = delivery {
//!         let codes: Vec<_> = done.diagnostics.iter().map(|d| d.code).collect();
//!         moves.push((input.name.clone(), done.out, done.games, codes));
//!     }
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(moves[0], ("a.sgf".to_string(), 3, 2, vec![]));
//! // Repaired (a missing `)`), with a warning.
//! assert_eq!(moves[1], ("b.sgf".to_string(), 2, 1, vec!["missing_close"]));
//! assert_eq!(totals.files, 2);
//! ```
//!
//! [`Batches`]: sgf_stream::read::Batches

mod compacts;
mod game_records;
mod games;
mod lines;
mod piece;
mod record;
mod run;
mod sizing;
mod small;
mod source;
mod trees;
mod visit;
mod workers;

use std::collections::VecDeque;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use sgf_stream::ReaderBuilder;

pub use compacts::{CompactVisit, Compacts};
pub use game_records::{RecordVisit, Records};
pub use games::Game;
pub use piece::Done;
pub use record::MAX_RECORD;
pub use source::{total_size, Input, Source, STDIN_NAME};
pub use trees::{GameTree, TreeVisit, Trees};
pub use visit::{Ctx, Depth, Job, Note, Visit};

/// How strictly a collection is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// FF\[4\] to the letter: the first deviation is an error, and the rest
    /// of that input is not read.
    Strict,
    /// Every piece read by the lenient reader: repairs, each one a
    /// diagnostic.
    Lenient,
    /// Each batch read strictly first, the fastest way, and leniently only
    /// when that fails, from its start again; so that valid but odd text
    /// keeps its FF\[4\] reading. The rest of an input that cannot be cut
    /// into batches is read leniently (a stream cannot be read twice).
    #[default]
    StrictThenLenient,
}

impl Policy {
    /// The policy for a front end's `--strict` flag: strict, or strict
    /// then lenient.
    ///
    /// ```
    /// use sgf_tool::collection::Policy;
    /// assert_eq!(Policy::from_strict(true), Policy::Strict);
    /// assert_eq!(Policy::from_strict(false), Policy::StrictThenLenient);
    /// ```
    pub fn from_strict(strict: bool) -> Policy {
        match strict {
            true => Policy::Strict,
            false => Policy::StrictThenLenient,
        }
    }
}

/// What a caller is handed, in input order.
#[derive(Debug)]
pub enum Delivery<O> {
    /// An input starts: its pieces follow.
    Begin(Arc<Input>),
    /// A piece of the input, read. Pieces after one whose strict reading
    /// stopped at an error are not delivered.
    Piece(Arc<Input>, Done<O>),
    /// The input ends; `true` unless reading it failed.
    End(Arc<Input>, bool),
    /// An input that could not be read, or not to its end.
    Failed {
        /// Its name.
        name: String,
        /// Why.
        error: String,
    },
}

/// What a whole run did, apart from the caller's own results.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Totals {
    /// Inputs read to the end.
    pub files: u64,
    /// Inputs that could not be read, or not to the end.
    pub unreadable: u64,
    /// Bytes read (after decompression).
    pub bytes: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Whether the caller stopped the run.
    pub broken: bool,
}

impl Totals {
    /// Throughput in MB/s (10^6 bytes per second) over the whole run.
    pub fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The default batch size: inputs are cut into batches of whole games
/// of about this many bytes, and files no larger are read whole.
pub const DEFAULT_TARGET: usize = 512 << 10;

/// How a collection is read: threads, policy, batch sizes and the
/// reader's limits. A builder; [`run`](Collection::run) reads.
#[derive(Clone)]
pub struct Collection {
    jobs: usize,
    policy: Policy,
    target: usize,
    max: usize,
    reader: ReaderBuilder,
    separator: char,
    on_read: Option<Arc<dyn Fn(u64) + Send + Sync>>,
}

impl fmt::Debug for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Collection")
            .field("jobs", &self.jobs)
            .field("policy", &self.policy)
            .field("target", &self.target)
            .field("max", &self.max)
            .field("reader", &self.reader)
            .field("separator", &self.separator)
            .finish_non_exhaustive()
    }
}

impl Default for Collection {
    fn default() -> Self {
        Collection::new()
    }
}

impl Collection {
    /// All cores, [`Policy::StrictThenLenient`], batches of
    /// [`DEFAULT_TARGET`] bytes, the reader's default limits.
    pub fn new() -> Collection {
        Collection {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            policy: Policy::default(),
            target: DEFAULT_TARGET,
            max: sgf_stream::read::DEFAULT_MAX,
            reader: ReaderBuilder::new(),
            separator: ':',
            on_read: None,
        }
    }

    /// Worker threads (at least 1). With 1, everything runs on the
    /// calling thread; with more, one more thread finds the inputs and
    /// cuts them into batches, and gzip is inflated ahead of it on a
    /// thread of its own (small `.gz` files and zip members are inflated
    /// by the workers that read them, whatever the number of jobs). With
    /// more, the files of a folder are sized until a run of them are
    /// small, then read many to a unit of work without being sized; a file
    /// that turns out larger than its unit has room for is cut into
    /// batches by the calling thread, the workers reading them.
    pub fn jobs(mut self, jobs: usize) -> Collection {
        self.jobs = jobs.max(1);
        self
    }

    /// How strictly inputs are read.
    pub fn policy(mut self, policy: Policy) -> Collection {
        self.policy = policy;
        self
    }

    /// The size a batch reaches before it ends at the next game that
    /// allows it; files no larger are read whole by one worker, and so
    /// are `.gz` files and zip members of up to an eighth of it
    /// (compressed) that inflate within it.
    pub fn target(mut self, bytes: usize) -> Collection {
        self.target = bytes.max(1);
        self
    }

    /// The size past which a batch is not cut: where no game ends within
    /// this many bytes, the rest of the input is read as a stream (in
    /// memory bounded by the reader's limits). Default
    /// [`DEFAULT_MAX`](sgf_stream::read::DEFAULT_MAX), 16 MiB.
    pub fn max(mut self, bytes: usize) -> Collection {
        self.max = bytes.max(1);
        self
    }

    /// The reader's options: its limits and charset mode (whether it is
    /// lenient is the [`policy`](Self::policy)'s to say). With a fixed
    /// charset ([`CharsetMode::Fixed`]), every input is read as one
    /// stream (batches decide each game's charset).
    ///
    /// [`CharsetMode::Fixed`]: sgf_stream::charset::CharsetMode::Fixed
    pub fn reader(mut self, reader: ReaderBuilder) -> Collection {
        self.reader = reader;
        self
    }

    /// What stands between an archive's path and its member's in the
    /// inputs' names (`archive:member`, the default, or `archive/member`).
    pub fn member_separator(mut self, separator: char) -> Collection {
        self.separator = separator;
        self
    }

    /// Whether inputs are read as streams only: the charset is fixed.
    fn streams_only(&self) -> bool {
        self.reader != self.reader.charset(sgf_stream::charset::CharsetMode::Auto)
    }

    /// Calls `on_read` with every number of bytes read from disk or
    /// standard input, from any thread: for a progress bar.
    pub fn on_read(mut self, on_read: impl Fn(u64) + Send + Sync + 'static) -> Collection {
        self.on_read = Some(Arc::new(on_read));
        self
    }

    fn count(&self, bytes: u64) {
        if let Some(on_read) = &self.on_read {
            on_read(bytes);
        }
    }

    /// Reads every input of `sources` through visitors of `job`, and hands
    /// the results to `consume` in input order, on this thread, until it
    /// breaks.
    pub fn run<J: Job>(
        &self,
        sources: &[Source],
        job: &J,
        mut consume: impl FnMut(Delivery<<J::Visitor as Visit>::Out>) -> ControlFlow<()>,
    ) -> Totals {
        run::run(self, sources, job, &mut consume)
    }

    /// The deliveries of reading `sources` through visitors of `job`, as
    /// an iterator: the reading runs on threads of its own, at most a few
    /// groups of deliveries ahead of the caller (a group holds up to 64
    /// deliveries, or pieces of about the batch target); dropping the
    /// iterator stops it.
    ///
    /// ```
    /// # use std::ops::Range;
    /// # use sgf_stream::Event;
    /// # use sgf_tool::collection::{Ctx, Job, Note, Visit};
    /// # struct Games;
    /// # struct Count(u64);
    /// # impl Visit for Count {
    /// #     type Out = u64;
    /// #     fn event(&mut self, _: &Event<'_>, _: Range<u64>, _: &Ctx<'_>, _: &mut Vec<Note>) {}
    /// #     fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> u64 { 0 }
    /// # }
    /// # impl Job for Games { type Visitor = Count; fn visitor(&self) -> Count { Count(0) } }
    /// use sgf_tool::collection::{Collection, Delivery, Source};
    /// let sources = vec![Source::Bytes { name: "a.sgf".into(), bytes: "(;)(;)".into() }];
    /// let games: u64 = Collection::new()
    ///     .iter(sources, Games)
    ///     .filter_map(|delivery| match delivery {
    ///         Delivery::Piece(_, done) => Some(done.games),
    ///         _ => None,
    ///     })
    ///     .sum();
    /// assert_eq!(games, 2);
    /// ```
    pub fn iter<J>(&self, sources: Vec<Source>, job: J) -> Deliveries<<J::Visitor as Visit>::Out>
    where
        J: Job + Send + 'static,
        <J::Visitor as Visit>::Out: 'static,
    {
        // The runner already reads a few pieces per worker ahead: one
        // group waiting here is enough to keep the caller fed.
        let (sender, receiver) = mpsc::sync_channel(1);
        let collection = self.clone();
        let thread = std::thread::spawn(move || {
            // Deliveries go over in groups, so that many small inputs do
            // not cost a hand-over each.
            let mut group = Vec::new();
            let mut bytes = 0;
            let target = collection.target as u64;
            let totals = collection.run(&sources, &job, |delivery| {
                if let Delivery::Piece(_, done) = &delivery {
                    bytes += done.bytes;
                }
                group.push(delivery);
                if group.len() < GROUP_DELIVERIES && bytes < target {
                    return ControlFlow::Continue(());
                }
                bytes = 0;
                match sender.send(std::mem::take(&mut group)) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                }
            });
            let _ = sender.send(group);
            totals
        });
        Deliveries {
            receiver: Some(receiver),
            ready: VecDeque::new(),
            thread: Some(thread),
        }
    }
}

/// How many deliveries [`Collection::iter`] hands over at most at a
/// time (fewer once their pieces hold the batch target).
const GROUP_DELIVERIES: usize = 64;

/// The deliveries of [`Collection::iter`], in input order.
#[derive(Debug)]
pub struct Deliveries<O> {
    receiver: Option<mpsc::Receiver<Vec<Delivery<O>>>>,
    /// Deliveries handed over and not yet taken.
    ready: VecDeque<Delivery<O>>,
    thread: Option<std::thread::JoinHandle<Totals>>,
}

impl<O> Deliveries<O> {
    /// Waits for the reading to end and gives its totals (`None` if a
    /// reading thread panicked). Deliveries not yet taken are dropped.
    pub fn totals(mut self) -> Option<Totals> {
        self.receiver = None;
        self.thread.take()?.join().ok()
    }
}

impl<O> Iterator for Deliveries<O> {
    type Item = Delivery<O>;

    fn next(&mut self) -> Option<Delivery<O>> {
        loop {
            if let Some(delivery) = self.ready.pop_front() {
                return Some(delivery);
            }
            self.ready.extend(self.receiver.as_ref()?.recv().ok()?);
        }
    }
}

impl<O> Drop for Deliveries<O> {
    fn drop(&mut self) {
        // The reading thread stops at its next delivery.
        self.receiver = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
