//! Reading many sources on worker threads: one thread reads and cuts the
//! input into pieces, `jobs` threads parse them, and the caller takes the
//! games in input order. At most a fixed number of pieces are in flight,
//! so memory stays bounded however large the input.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use crate::build::FastBuilder;
use crate::chunks::{Chunker, Piece};
use crate::data::{GameData, Place, Problem};
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

fn parse_part(part: &[u8], base: Place, source: Option<&Arc<str>>, plan: &Plan) -> Vec<Item> {
    let fast = plan.fast && matches!(plan.options.charset, Charset::Detect);
    if let Some(games) = fast.then(|| FastBuilder::read(part, plan.nodes)).flatten() {
        return games
            .into_iter()
            .map(|mut game| {
                game.source = source.cloned();
                Item::Game(Box::new(game))
            })
            .collect();
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
            let mut items = Vec::with_capacity(trees.trees.len());
            for tree in trees.trees {
                let mut game = game_data(tree, trees.charset, plan.nodes);
                game.source = source.cloned();
                warnings.append(&mut game.warnings);
                game.warnings = std::mem::take(&mut warnings);
                items.push(Item::Game(Box::new(game)));
            }
            items
        }
    }
}

struct Job {
    seq: u64,
    source: Arc<str>,
    piece: Piece,
}

/// The reading thread: cuts each stream into pieces and hands them out,
/// taking a slot for each.
struct Producer {
    jobs: SyncSender<Job>,
    slots: Receiver<()>,
    results: Sender<(u64, Vec<Item>)>,
    seq: u64,
}

impl Producer {
    fn slot(&mut self) -> ControlFlow<()> {
        match self.slots.recv() {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn send(&mut self, source: &Arc<str>, piece: Piece) -> ControlFlow<()> {
        self.slot()?;
        let job = Job {
            seq: self.seq,
            source: source.clone(),
            piece,
        };
        self.seq += 1;
        match self.jobs.send(job) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn report(&mut self, item: Item) -> ControlFlow<()> {
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
    fn stream(&mut self, name: &str, reader: &mut dyn Read) -> ControlFlow<()> {
        let source: Arc<str> = name.into();
        let mut chunker = Chunker::new(reader, PIECE);
        let mut any = false;
        loop {
            match chunker.next_piece() {
                Ok(Some(piece)) => {
                    any = true;
                    self.send(&source, piece)?;
                }
                // An empty source is parsed too: it has no game tree.
                Ok(None) if !any => return self.send(&source, Piece::default_at_start()),
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
        let items = parse_piece(&job.piece.parts(), Some(&job.source), &plan);
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
        };
        std::thread::Builder::new()
            .name("sgf-stream-read".to_string())
            .spawn(move || visit(&paths, &mut producer))?;
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
