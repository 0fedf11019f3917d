//! Reading many sources on worker threads: one thread reads and cuts the
//! input into pieces, `jobs` threads parse them, and the caller takes the
//! games in input order. At most a fixed number of pieces are in flight,
//! so memory stays bounded however large the input.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use crate::build::FastBuilder;
use crate::chunks::{split, Chunker, Piece};
use crate::data::{GameData, Place, Problem};
use crate::raw;
use crate::read::{parse_trees, Charset, ReadOptions};
use crate::sources::{visit, Visitor};
use crate::tree::game_data;

/// Bytes per piece: large enough that handing pieces between threads
/// costs little, small enough that the pieces in flight stay small.
pub const PIECE: usize = 256 << 10;

/// How to read, and what to keep of each game.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub options: ReadOptions,
    /// Keep every node (for `Game` objects); without, only the moves,
    /// information and setup (for tables).
    pub nodes: bool,
    /// Build well-formed UTF-8 games from events ([`FastBuilder`]);
    /// without, every game goes through the library's trees.
    pub fast: bool,
    /// Keep the values as written too (with `nodes`).
    pub raw: bool,
}

/// What reading gives, in input order.
#[derive(Debug)]
pub enum Item {
    Game(Box<GameData>),
    /// A source, or a part of one, that gave no game: the warnings of a
    /// lenient read, or the error of a strict one.
    Problems {
        source: Option<Arc<str>>,
        problems: Vec<Problem>,
        fatal: bool,
    },
    /// A source that could not be read.
    Failed {
        source: String,
        message: String,
    },
}

/// Parses the parts of `piece`, from `source`.
pub fn parse_piece(piece: &[(Place, &[u8])], source: Option<&Arc<str>>, plan: &Plan) -> Vec<Item> {
    let mut out = Vec::new();
    for &(base, part) in piece {
        let result = catch_unwind(AssertUnwindSafe(|| parse_part(part, base, source, plan)));
        match result {
            Ok(items) => out.extend(items),
            Err(_) => out.push(Item::Problems {
                source: source.cloned(),
                problems: vec![Problem {
                    kind: "internal".to_string(),
                    message: "internal error while reading this input (please report it)"
                        .to_string(),
                    place: Some(base),
                    range: (base.offset, base.offset + part.len() as u64),
                }],
                fatal: true,
            }),
        }
    }
    out
}

/// Parses `input` held in memory, from `source`: at once when it is
/// well-formed UTF-8, else in parts cut between game trees.
pub fn parse_input(input: &[u8], source: Option<&Arc<str>>, plan: &Plan) -> Vec<Item> {
    fast_games(input, source, plan).unwrap_or_else(|| parse_piece(&split(input), source, plan))
}

/// The games of well-formed UTF-8 `input`, built from events; `None`
/// when it needs the library's trees (or the plan says so).
fn fast_games(input: &[u8], source: Option<&Arc<str>>, plan: &Plan) -> Option<Vec<Item>> {
    if !plan.fast || !matches!(plan.options.charset, Charset::Detect) {
        return None;
    }
    let read = || FastBuilder::read(input, plan.nodes);
    let games = catch_unwind(AssertUnwindSafe(read)).ok().flatten()?;
    let items = games.into_iter().map(|mut game| {
        game.source = source.cloned();
        Item::Game(Box::new(game))
    });
    Some(items.collect())
}

fn parse_part(part: &[u8], base: Place, source: Option<&Arc<str>>, plan: &Plan) -> Vec<Item> {
    if let Some(items) = fast_games(part, source, plan) {
        return items;
    }
    match parse_trees(part, &plan.options) {
        Err(problem) => vec![Item::Problems {
            source: source.cloned(),
            problems: vec![problem.shifted(base)],
            fatal: true,
        }],
        Ok(trees) => {
            let mut warnings: Vec<Problem> = trees
                .warnings
                .into_iter()
                .map(|w| w.shifted(base))
                .collect();
            if trees.trees.is_empty() {
                return vec![Item::Problems {
                    source: source.cloned(),
                    problems: warnings,
                    fatal: false,
                }];
            }
            let charset = trees.charset;
            let mut games: Vec<GameData> = trees
                .trees
                .into_iter()
                .map(|tree| game_data(tree, charset, plan.nodes))
                .collect();
            if plan.raw && plan.nodes {
                raw::attach(part, &plan.options, &mut games);
            }
            let mut items = Vec::with_capacity(games.len());
            for mut game in games {
                game.source = source.cloned();
                warnings.append(&mut game.warnings);
                game.warnings = std::mem::take(&mut warnings);
                items.push(Item::Game(Box::new(game)));
            }
            items
        }
    }
}

/// Files up to this size are read whole by the worker that parses them;
/// larger ones are read and cut into pieces by the reading thread.
const WHOLE_FILE: u64 = 4 << 20;

/// One source's input for a worker.
enum Work {
    /// A piece of a stream.
    Piece(Arc<str>, Piece),
    /// A file to read whole.
    File(Arc<str>, PathBuf),
}

impl Work {
    fn parse(&self, plan: &Plan) -> Vec<Item> {
        match self {
            Work::Piece(source, piece) => {
                let whole = fast_games(&piece.bytes, Some(source), plan);
                whole.unwrap_or_else(|| parse_piece(&piece.parts(), Some(source), plan))
            }
            Work::File(source, path) => match std::fs::read(path) {
                Ok(data) => parse_input(&data, Some(source), plan),
                Err(err) => vec![Item::Failed {
                    source: source.to_string(),
                    message: err.to_string(),
                }],
            },
        }
    }
}

/// Work for one worker: pieces of one large source, or many small files.
struct Job {
    seq: u64,
    work: Vec<Work>,
}

/// The reading thread: cuts each stream into pieces and hands them out,
/// taking a slot for each.
struct Producer {
    jobs: SyncSender<Job>,
    slots: Receiver<()>,
    results: Sender<(u64, Vec<Item>)>,
    seq: u64,
    /// Work not yet handed out, and its size.
    pending: Vec<Work>,
    pending_bytes: u64,
}

impl Producer {
    fn slot(&mut self) -> ControlFlow<()> {
        match self.slots.recv() {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    /// Adds a piece to the next job, handing the job out once it is large
    /// enough.
    fn send(&mut self, work: Work, size: u64) -> ControlFlow<()> {
        self.pending_bytes += size;
        self.pending.push(work);
        if self.pending_bytes >= PIECE as u64 {
            return self.flush();
        }
        ControlFlow::Continue(())
    }

    /// Hands out the pending pieces as one job.
    fn flush(&mut self) -> ControlFlow<()> {
        if self.pending.is_empty() {
            return ControlFlow::Continue(());
        }
        self.slot()?;
        let job = Job {
            seq: self.seq,
            work: std::mem::take(&mut self.pending),
        };
        self.pending_bytes = 0;
        self.seq += 1;
        match self.jobs.send(job) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn report(&mut self, item: Item) -> ControlFlow<()> {
        self.flush()?;
        self.slot()?;
        let seq = self.seq;
        self.seq += 1;
        match self.results.send((seq, vec![item])) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

impl Visitor for Producer {
    fn file(&mut self, name: &str, path: &Path, size: u64) -> ControlFlow<()> {
        if size > WHOLE_FILE {
            return match std::fs::File::open(path) {
                Ok(file) => self.stream(name, &mut io::BufReader::new(file)),
                Err(err) => self.failed(name, &err),
            };
        }
        self.send(Work::File(name.into(), path.to_path_buf()), size)
    }

    fn stream(&mut self, name: &str, reader: &mut dyn Read) -> ControlFlow<()> {
        let source: Arc<str> = name.into();
        let mut chunker = Chunker::new(reader, PIECE);
        let mut any = false;
        loop {
            match chunker.next_piece() {
                Ok(Some(piece)) => {
                    any = true;
                    let size = piece.bytes.len() as u64;
                    self.send(Work::Piece(source.clone(), piece), size)?;
                }
                // An empty source is parsed too: it has no game tree.
                Ok(None) if !any => {
                    return self.send(Work::Piece(source, Piece::default_at_start()), 0)
                }
                Ok(None) => return ControlFlow::Continue(()),
                Err(err) => return self.failed(name, &err),
            }
        }
    }

    fn failed(&mut self, name: &str, error: &io::Error) -> ControlFlow<()> {
        self.report(Item::Failed {
            source: name.to_string(),
            message: error.to_string(),
        })
    }
}

fn work(jobs: Arc<Mutex<Receiver<Job>>>, results: Sender<(u64, Vec<Item>)>, plan: Plan) {
    loop {
        let job = match jobs.lock() {
            Ok(jobs) => jobs.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let items = job.work.iter().flat_map(|work| work.parse(&plan)).collect();
        if results.send((job.seq, items)).is_err() {
            return;
        }
    }
}

/// Games read from sources on worker threads, in input order.
pub struct Pipeline {
    results: Mutex<Receiver<(u64, Vec<Item>)>>,
    pending: HashMap<u64, Vec<Item>>,
    next: u64,
    slots: SyncSender<()>,
    ready: VecDeque<Item>,
    /// The source of the last game, and how many games it gave so far.
    current: Option<Arc<str>>,
    count: u64,
}

impl Pipeline {
    /// Starts reading `paths` with `jobs` parsing threads.
    pub fn start(paths: Vec<PathBuf>, jobs: usize, plan: Plan) -> io::Result<Pipeline> {
        let jobs = jobs.max(1);
        let in_flight = 2 * jobs + 2;
        let (job_tx, job_rx) = sync_channel::<Job>(in_flight);
        let (slot_tx, slot_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = slot_tx.send(());
        }
        let (result_tx, result_rx) = channel();
        let job_rx = Arc::new(Mutex::new(job_rx));
        for i in 0..jobs {
            let (job_rx, result_tx) = (job_rx.clone(), result_tx.clone());
            std::thread::Builder::new()
                .name(format!("sgf-stream-{i}"))
                .spawn(move || work(job_rx, result_tx, plan))?;
        }
        let mut producer = Producer {
            jobs: job_tx,
            slots: slot_rx,
            results: result_tx,
            seq: 0,
            pending: Vec::new(),
            pending_bytes: 0,
        };
        std::thread::Builder::new()
            .name("sgf-stream-read".to_string())
            .spawn(move || {
                visit(&paths, &mut producer);
                let _ = producer.flush();
            })?;
        Ok(Pipeline {
            results: Mutex::new(result_rx),
            pending: HashMap::new(),
            next: 0,
            slots: slot_tx,
            ready: VecDeque::new(),
            current: None,
            count: 0,
        })
    }

    /// The next item, waiting for it; `None` when all is read.
    pub fn next_item(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if let Some(items) = self.pending.remove(&self.next) {
                self.next += 1;
                let _ = self.slots.send(());
                for mut item in items {
                    if let Item::Game(game) = &mut item {
                        self.number(game);
                    }
                    self.ready.push_back(item);
                }
                continue;
            }
            let received = self.results.lock().ok()?.recv();
            let (seq, items) = received.ok()?;
            self.pending.insert(seq, items);
        }
    }

    /// Sets the game's index among the games of its source.
    fn number(&mut self, game: &mut GameData) {
        let same = match (&self.current, &game.source) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        if !same {
            self.current = game.source.clone();
            self.count = 0;
        }
        game.index = self.count;
        self.count += 1;
    }
}
