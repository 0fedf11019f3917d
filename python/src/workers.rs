//! The threads behind a [`Pipeline`](crate::pool::Pipeline): one walks
//! the sources and hands out jobs (files to read, and the pieces of
//! archive members and `.gz` streams, cut a game at a time); `jobs`
//! workers read the files and sum up the games. A file too large to read
//! whole is read a game at a time by the worker that opened it, which
//! hands its games on in batches through a channel of their own, so that
//! memory stays bounded however large the input.

use std::fs::File;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use sgf_tool::inputs::{Failure, FoundFile, Input, Visitor, Walker};

use crate::pool::{internal, parse_input, parse_units, Item, Plan};
use crate::units::{read_units, Unit};

/// Bytes per piece of a stream: large enough that handing pieces between
/// threads costs little, small enough that the pieces in flight stay
/// small.
const PIECE: usize = 256 << 10;

/// Files per job: a job's files are read by one worker.
const FILES_PER_JOB: usize = 32;

/// Files up to this size are read whole; larger ones a game at a time.
const WHOLE_FILE: u64 = 4 << 20;

/// What a job gave: its items, and for a job that read a large file, the
/// rest of its items as they come, in parts.
pub struct Done {
    pub seq: u64,
    pub items: Vec<Item>,
    pub rest: Option<Receiver<Part>>,
}

/// Items of a job, ready or to come.
pub type Part = Receiver<Vec<Item>>;

/// A part whose items are ready.
fn ready(items: Vec<Item>) -> Part {
    let (sender, part) = sync_channel(1);
    let _ = sender.send(items);
    part
}

/// One source's input for a worker.
enum Work {
    /// What reading a stream gave.
    Units(Arc<str>, Vec<Unit>),
    /// A file to read.
    File(Arc<str>, FoundFile),
}

/// Work for one worker: pieces of one stream, or files.
struct Job {
    seq: u64,
    work: Vec<Work>,
}

/// Where a job's items go: kept until the job is done, or, once the job
/// reads a large file, handed on in batches as they come.
struct Out<'a> {
    seq: u64,
    /// Threads that sum up the games of a large file.
    helpers: usize,
    items: Vec<Item>,
    rest: Option<SyncSender<Part>>,
    results: &'a Sender<Done>,
}

impl Out<'_> {
    fn push(&mut self, items: Vec<Item>) -> ControlFlow<()> {
        match &self.rest {
            None => {
                self.items.extend(items);
                ControlFlow::Continue(())
            }
            Some(rest) => match rest.send(ready(items)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            },
        }
    }

    /// From now on, items are handed on in parts as they come, a few
    /// parts waiting at most.
    fn stream(&mut self) -> ControlFlow<()> {
        if self.rest.is_some() {
            return ControlFlow::Continue(());
        }
        let (sender, receiver) = sync_channel(self.helpers + 1);
        let done = Done {
            seq: self.seq,
            items: std::mem::take(&mut self.items),
            rest: Some(receiver),
        };
        self.rest = Some(sender);
        match self.results.send(done) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    /// The job is done (a stream ends when its sender goes).
    fn finish(self) -> ControlFlow<()> {
        if self.rest.is_some() {
            return ControlFlow::Continue(());
        }
        let done = Done {
            seq: self.seq,
            items: self.items,
            rest: None,
        };
        match self.results.send(done) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

impl Work {
    fn run(self, plan: &Plan, out: &mut Out<'_>) -> ControlFlow<()> {
        match self {
            Work::Units(source, units) => out.push(items_of(units, &source, plan)),
            Work::File(source, file) => {
                let failed = |err: io::Error| {
                    vec![Item::Failed {
                        source: source.to_string(),
                        message: err.to_string(),
                    }]
                };
                let opened = file.open().and_then(|file| {
                    let size = file.metadata()?.len();
                    Ok((file, size))
                });
                match opened {
                    Err(err) => out.push(failed(err)),
                    Ok((file, size)) if size > WHOLE_FILE => {
                        out.stream()?;
                        read_stream(file, &source, plan, out)
                    }
                    Ok((file, size)) => match read_whole(file, size) {
                        Ok(data) => out.push(parse_input(&Bytes::from(data), Some(&source), plan)),
                        Err(err) => out.push(failed(err)),
                    },
                }
            }
        }
    }
}

/// The bytes of `file`, of `size` bytes: one read for a small file.
fn read_whole(mut file: File, size: u64) -> io::Result<Vec<u8>> {
    let mut data = vec![0; size as usize];
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

/// Hands `reader`'s units to `emit` in pieces of about [`PIECE`] bytes,
/// with their size.
fn pieces<R: Read>(
    reader: R,
    plan: &Plan,
    emit: &mut dyn FnMut(Vec<Unit>, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut piece = Vec::new();
    let mut size = 0;
    let mut each = |unit: Unit| {
        size += match &unit {
            Unit::Text { text, .. } => text.len(),
            _ => 1 << 10,
        };
        piece.push(unit);
        if size < PIECE {
            return ControlFlow::Continue(());
        }
        emit(std::mem::take(&mut piece), std::mem::take(&mut size))
    };
    read_units(reader, &plan.options, None, &mut each)?;
    emit(piece, size)
}

/// The items of `units`, read from `source`.
fn items_of(units: Vec<Unit>, source: &Arc<str>, plan: &Plan) -> Vec<Item> {
    let parse = || parse_units(units, Some(source), plan);
    catch_unwind(AssertUnwindSafe(parse)).unwrap_or_else(|_| vec![internal(Some(source))])
}

/// Reads a large file a game at a time: this worker cuts it into pieces
/// (the library's strict reader) while helper threads sum up their games
/// (this worker alone if no thread can start); the parts go out in the
/// pieces' order.
fn read_stream(file: File, source: &Arc<str>, plan: &Plan, out: &mut Out<'_>) -> ControlFlow<()> {
    let Some(rest) = out.rest.clone() else {
        return ControlFlow::Break(());
    };
    let read = std::thread::scope(|scope| {
        let (sender, receiver) = sync_channel::<(Vec<Unit>, SyncSender<Vec<Item>>)>(out.helpers);
        let receiver = Arc::new(Mutex::new(receiver));
        let mut started = 0;
        for _ in 0..out.helpers {
            let receiver = receiver.clone();
            let helper = std::thread::Builder::new()
                .name("sgf-stream-help".to_string())
                .spawn_scoped(scope, move || loop {
                    let next = match receiver.lock() {
                        Ok(receiver) => receiver.recv(),
                        Err(_) => return,
                    };
                    let Ok((units, part)) = next else { return };
                    let _ = part.send(items_of(units, source, plan));
                });
            started += usize::from(helper.is_ok());
        }
        let read = if started > 0 {
            let mut emit = |units, _| {
                let (reply, part) = sync_channel(1);
                if sender.send((units, reply)).is_err() || rest.send(part).is_err() {
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            };
            catch_unwind(AssertUnwindSafe(|| pieces(&file, plan, &mut emit)))
        } else {
            let mut emit = |units, _| out.push(items_of(units, source, plan));
            catch_unwind(AssertUnwindSafe(|| pieces(&file, plan, &mut emit)))
        };
        // The helpers end with the pieces; the scope waits for them.
        drop(sender);
        read
    });
    match read {
        Ok(flow) => flow,
        Err(_) => out.push(vec![internal(Some(source))]),
    }
}

/// The thread that walks the sources: hands out jobs, taking a slot for
/// each, and cuts archive members and `.gz` streams into pieces.
struct Producer {
    plan: Plan,
    jobs: SyncSender<Job>,
    slots: Receiver<()>,
    results: Sender<Done>,
    seq: u64,
    /// Work not yet handed out, and its weight (bytes of a piece; a file
    /// weighs a share of a job).
    pending: Vec<Work>,
    pending_weight: usize,
}

impl Producer {
    fn slot(&mut self) -> ControlFlow<()> {
        match self.slots.recv() {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    /// Adds work to the next job, handing the job out once it is large
    /// enough.
    fn send(&mut self, work: Work, weight: usize) -> ControlFlow<()> {
        self.pending_weight += weight;
        self.pending.push(work);
        if self.pending_weight >= PIECE {
            return self.flush();
        }
        ControlFlow::Continue(())
    }

    /// Hands out the pending work as one job.
    fn flush(&mut self) -> ControlFlow<()> {
        if self.pending.is_empty() {
            return ControlFlow::Continue(());
        }
        self.slot()?;
        let job = Job {
            seq: self.seq,
            work: std::mem::take(&mut self.pending),
        };
        self.pending_weight = 0;
        self.seq += 1;
        match self.jobs.send(job) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn report(&mut self, item: Item) -> ControlFlow<()> {
        self.flush()?;
        self.slot()?;
        let done = Done {
            seq: self.seq,
            items: vec![item],
            rest: None,
        };
        self.seq += 1;
        match self.results.send(done) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

impl Visitor for Producer {
    fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
        self.send(Work::File(file.name().into(), file), PIECE / FILES_PER_JOB)
    }

    fn stream(&mut self, input: Input, reader: &mut dyn Read) -> ControlFlow<()> {
        let source: Arc<str> = input.name().into();
        let plan = self.plan;
        let mut emit = |units, size| self.send(Work::Units(source.clone(), units), size);
        pieces(reader, &plan, &mut emit)
    }

    fn failed(&mut self, failure: Failure) -> ControlFlow<()> {
        self.report(Item::Failed {
            source: failure.name(),
            message: failure.source.to_string(),
        })
    }
}

/// A worker: takes jobs until there are none; `helpers` threads help it
/// through a large file.
fn work(jobs: Arc<Mutex<Receiver<Job>>>, results: Sender<Done>, plan: Plan, helpers: usize) {
    loop {
        let job = match jobs.lock() {
            Ok(jobs) => jobs.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let mut out = Out {
            seq: job.seq,
            helpers,
            items: Vec::new(),
            rest: None,
            results: &results,
        };
        for work in job.work {
            if work.run(&plan, &mut out).is_break() {
                return;
            }
        }
        if out.finish().is_break() {
            return;
        }
    }
}

/// Starts the threads reading `paths` with `jobs` workers; their results
/// go to `results`, and at most `in_flight` jobs wait to be taken (each
/// takes one of `slots`).
pub fn start(
    paths: Vec<PathBuf>,
    jobs: usize,
    plan: Plan,
    results: Sender<Done>,
    slots: Receiver<()>,
    in_flight: usize,
) -> io::Result<()> {
    let (job_sender, job_receiver) = sync_channel::<Job>(in_flight);
    let job_receiver = Arc::new(Mutex::new(job_receiver));
    for i in 0..jobs {
        let (job_receiver, results) = (job_receiver.clone(), results.clone());
        std::thread::Builder::new()
            .name(format!("sgf-stream-{i}"))
            .spawn(move || work(job_receiver, results, plan, jobs))?;
    }
    let mut producer = Producer {
        plan,
        jobs: job_sender,
        slots,
        results,
        seq: 0,
        pending: Vec::new(),
        pending_weight: 0,
    };
    std::thread::Builder::new()
        .name("sgf-stream-read".to_string())
        .spawn(move || {
            let _ = Walker::new().walk(&paths, &mut producer);
            let _ = producer.flush();
        })?;
    Ok(())
}
