//! Reading many sources on worker threads: one thread walks the sources
//! (and reads large files and archive members a game at a time), `jobs`
//! threads read small files and sum up games, and the caller takes the
//! games in input order. At most a fixed number of jobs are in flight, so
//! memory stays bounded however large the input.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use bytes::Bytes;

use crate::data::{GameData, Problem};
use crate::raw;
use crate::read::{plain_utf8, ReadOptions};
use crate::sources::{visit, Located, Visitor};
use crate::summary::games_of;
use crate::tree::game_data;
use crate::units::{read_units, tree_units_of, Unit};

/// Bytes per job: large enough that handing jobs between threads costs
/// little, small enough that the jobs in flight stay small.
pub const PIECE: usize = 256 << 10;

/// How to read.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub options: ReadOptions,
    /// Sum up well-formed UTF-8 games from events; without, every game
    /// goes through the library's trees.
    pub fast: bool,
    /// Keep the values as written of games read through the trees too.
    pub raw: bool,
    /// Sum up the game information on the worker threads (for tables);
    /// without, a game's information is read from its text when first
    /// asked for.
    pub info: bool,
}

/// What reading gives, in input order.
#[derive(Debug)]
pub enum Item {
    Game(Arc<GameData>),
    /// Warnings of no game (a lenient read), or the error of a strict one.
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

/// The error item for a panic while reading `source`.
fn internal(source: Option<&Arc<str>>) -> Item {
    Item::Problems {
        source: source.cloned(),
        problems: vec![Problem {
            kind: "internal".to_string(),
            message: "internal error while reading this input (please report it)".to_string(),
            place: None,
            range: (0, 0),
        }],
        fatal: true,
    }
}

/// Reads `input` held in memory, from `source`: straight from its bytes
/// when it is plain UTF-8 that the event builder takes, else a game at a
/// time through the charset stage.
pub fn parse_input(input: &Bytes, source: Option<&Arc<str>>, plan: &Plan) -> Vec<Item> {
    let read = || {
        let plain = plan.fast && plan.options.finds_charset() && plain_utf8(input);
        if let Some(games) = plain.then(|| games_of(input, "UTF-8", plan.info)).flatten() {
            return games
                .into_iter()
                .map(|game| game_item(game, source))
                .collect();
        }
        let mut units = Vec::new();
        let mut collect = |unit| {
            units.push(unit);
            ControlFlow::Continue(())
        };
        if plan.fast {
            let _ = read_units(&input[..], &plan.options, Some(input), &mut collect);
        } else {
            let _ = tree_units_of(&input[..], &plan.options, input, &mut collect);
        }
        parse_units(units, source, plan)
    };
    catch_unwind(AssertUnwindSafe(read)).unwrap_or_else(|_| vec![internal(source)])
}

fn game_item(mut game: GameData, source: Option<&Arc<str>>) -> Item {
    game.source = source.cloned();
    Item::Game(Arc::new(game))
}

/// The items of what reading gave, from `source`.
pub fn parse_units(units: Vec<Unit>, source: Option<&Arc<str>>, plan: &Plan) -> Vec<Item> {
    let mut out = Vec::with_capacity(units.len());
    for unit in units {
        match unit {
            Unit::Text {
                text,
                charset,
                mut warnings,
                again,
            } => {
                let games = plan
                    .fast
                    .then(|| games_of(&text, charset, plan.info))
                    .flatten();
                match games {
                    Some(games) => out.extend(games.into_iter().map(|mut game| {
                        warnings.append(&mut game.warnings);
                        game.warnings = std::mem::take(&mut warnings);
                        game_item(game, source)
                    })),
                    None => out.extend(parse_units(again.units(&warnings), source, plan)),
                }
            }
            Unit::Tree {
                tree,
                charset,
                mut warnings,
                input,
            } => {
                let mut game = game_data(tree, charset);
                if let (true, Some(input)) = (plan.raw, input) {
                    raw::attach(&input, &plan.options, std::slice::from_mut(&mut game));
                }
                warnings.append(&mut game.warnings);
                game.warnings = warnings;
                out.push(game_item(game, source));
            }
            Unit::Problems { problems, fatal } => out.push(Item::Problems {
                source: source.cloned(),
                problems,
                fatal,
            }),
            Unit::Failed(message) => out.push(Item::Failed {
                source: source.map_or_else(String::new, |s| s.to_string()),
                message,
            }),
        }
    }
    out
}

/// Files up to this size are read whole by the worker that parses them;
/// larger ones are read and cut into pieces by the reading thread.
const WHOLE_FILE: u64 = 4 << 20;

/// One source's input for a worker.
enum Work {
    /// What reading a stream gave.
    Units(Arc<str>, Vec<Unit>),
    /// A file to read whole, and its size.
    File(Arc<str>, Located, u64),
}

impl Work {
    fn parse(self, plan: &Plan) -> Vec<Item> {
        match self {
            Work::Units(source, units) => {
                let parse = || parse_units(units, Some(&source), plan);
                catch_unwind(AssertUnwindSafe(parse))
                    .unwrap_or_else(|_| vec![internal(Some(&source))])
            }
            Work::File(source, file, size) => match read_file(&file, size) {
                Ok(data) => parse_input(&Bytes::from(data), Some(&source), plan),
                Err(err) => vec![Item::Failed {
                    source: source.to_string(),
                    message: err.to_string(),
                }],
            },
        }
    }
}

/// The bytes of `file`, of `size` bytes (as its folder said): one open,
/// and one read for a small file.
fn read_file(file: &Located, size: u64) -> io::Result<Vec<u8>> {
    let mut data = vec![0; size as usize];
    let mut file = file.open()?;
    let mut filled = 0;
    while filled < data.len() {
        match file.read(&mut data[filled..])? {
            0 => break,
            read => filled += read,
        }
    }
    data.truncate(filled);
    Ok(data)
}

/// Work for one worker: pieces of one large source, or many small files.
struct Job {
    seq: u64,
    work: Vec<Work>,
}

/// The reading thread: cuts each stream into pieces and hands them out,
/// taking a slot for each.
struct Producer {
    plan: Plan,
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
    fn file(&mut self, name: &str, file: &Located, size: u64) -> ControlFlow<()> {
        if size > WHOLE_FILE {
            return match file.open() {
                Ok(mut file) => self.stream(name, &mut file),
                Err(err) => self.failed(name, &err),
            };
        }
        self.send(Work::File(name.into(), file.clone(), size), size)
    }

    fn stream(&mut self, name: &str, reader: &mut dyn Read) -> ControlFlow<()> {
        let source: Arc<str> = name.into();
        let mut batch = Vec::new();
        let mut size = 0;
        let plan = self.plan;
        let mut emit = |unit: Unit| {
            size += match &unit {
                Unit::Text { text, .. } => text.len(),
                _ => 1 << 10,
            };
            batch.push(unit);
            if size < PIECE {
                return ControlFlow::Continue(());
            }
            let units = std::mem::take(&mut batch);
            let work = Work::Units(source.clone(), units);
            self.send(work, std::mem::take(&mut size) as u64)
        };
        read_units(reader, &plan.options, None, &mut emit)?;
        self.send(Work::Units(source, batch), size as u64)
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
        let items = job
            .work
            .into_iter()
            .flat_map(|work| work.parse(&plan))
            .collect();
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
            plan,
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
            if let Some(item) = self.next_ready() {
                return Some(item);
            }
            let received = self.results.lock().ok()?.recv();
            let (seq, items) = received.ok()?;
            self.pending.insert(seq, items);
        }
    }

    /// The next item if it is there already, without waiting.
    pub fn next_ready(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            let items = self.pending.remove(&self.next)?;
            self.next += 1;
            let _ = self.slots.send(());
            for mut item in items {
                if let Item::Game(game) = &mut item {
                    self.number(GameData::fresh(game));
                }
                self.ready.push_back(item);
            }
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
