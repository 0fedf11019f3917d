//! The job runner: inputs cut into pieces of whole games, the pieces
//! read in parallel, the results handed back in input order.
//!
//! One thread finds the inputs and cuts each into batches
//! ([`Batches`]); worker threads read the batches, any batch of any input;
//! the calling thread takes the results in input order. At most a few
//! batches per worker are in flight, so memory stays bounded by them
//! (and by the largest game), whatever the size of the inputs. Small
//! files are read whole by the workers, several to a unit of work. With
//! one job, everything runs
//! on the calling thread, in order. The output does not depend on the
//! number of jobs: pieces are cut by their bytes alone.

use std::io;
use std::ops::ControlFlow;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use sgf_stream::read::{Batch, Batches, Piece};

use crate::inputs::{self, Found, Input, Sources};
use crate::piece::{self, Done};
use crate::progress::Progress;
use crate::visit::{Job, Visit};
use crate::{Common, Status};

/// The size a batch reaches before it ends at the next game that
/// allows it; files no larger are read whole by a worker.
const TARGET: usize = 512 << 10;

/// What a subcommand's consumer is handed, in input order.
#[derive(Debug)]
pub enum Delivery<O> {
    /// An input starts: its pieces follow.
    Begin(Arc<Input>),
    /// A piece of the input, read. Pieces after one whose strict reading
    /// stopped at an error are not delivered.
    Piece(Arc<Input>, Done<O>),
    /// The input ends; `complete` unless reading it failed.
    End(Arc<Input>, bool),
}

/// What a whole run did, apart from the subcommand's own results.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    /// Inputs read to the end.
    pub files: u64,
    /// Inputs that could not be read, or not to the end (each reported
    /// on standard error).
    pub unreadable: u64,
    /// Bytes read.
    pub bytes: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Whether the output could not be written and the run stopped early.
    pub aborted: bool,
}

impl Totals {
    /// Throughput in MB/s (10^6 bytes per second) over the whole run.
    pub fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The exit status that I/O problems call for, if any.
    pub fn status(&self) -> Status {
        if self.unreadable > 0 || self.aborted {
            Status::Trouble
        } else {
            Status::Ok
        }
    }
}

/// Work for the runner: results ready now, or a batch to read.
enum Unit<'s, O> {
    Ready(Vec<Step<O>>),
    Work(Box<dyn FnOnce() -> Vec<Step<O>> + Send + 's>),
}

/// A delivery, or an input that could not be read.
#[derive(Debug)]
enum Step<O> {
    Deliver(Delivery<O>),
    Unreadable { name: String, error: String },
}

/// Runs `job` on every input of `sources` and hands the results to
/// `consume` in input order, with the progress bar (to print on standard
/// error through it). Unreadable inputs are reported on standard error
/// with their names and skipped. If `consume` fails (the output cannot be
/// written), the run stops.
pub fn run<J: Job>(
    sources: Sources<'_>,
    common: &Common,
    job: &J,
    mut consume: impl FnMut(Delivery<<J::Visitor as Visit>::Out>, &Progress) -> io::Result<()>,
) -> Totals {
    let progress = Progress::new(common.quiet, || inputs::total_size(sources));
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut stopped = false;
    let mut deliver = |step: Step<_>, progress: &Progress, totals: &mut Totals| {
        let delivery = match step {
            Step::Unreadable { name, error } => {
                totals.unreadable += 1;
                progress.eprintln(&format!("sgf: {name}: {error}"));
                return ControlFlow::Continue(());
            }
            Step::Deliver(delivery) => delivery,
        };
        match &delivery {
            Delivery::Begin(_) => stopped = false,
            Delivery::Piece(_, _) if stopped => return ControlFlow::Continue(()),
            Delivery::Piece(_, done) => {
                totals.bytes += done.bytes;
                stopped = done.stopped;
            }
            Delivery::End(_, complete) => totals.files += u64::from(*complete),
        }
        if let Err(err) = consume(delivery, progress) {
            if err.kind() != io::ErrorKind::BrokenPipe {
                progress.eprintln(&format!("sgf: cannot write the output: {err}"));
            }
            totals.aborted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    let jobs = common.jobs.map_or_else(default_jobs, |jobs| jobs as usize);
    if jobs <= 1 {
        each_unit(sources, job, &progress, &mut |unit| {
            let steps = match unit {
                Unit::Ready(steps) => steps,
                Unit::Work(work) => work(),
            };
            steps
                .into_iter()
                .try_for_each(|step| deliver(step, &progress, &mut totals))
        });
    } else {
        in_parallel(sources, jobs, job, &progress, &mut |step| {
            deliver(step, &progress, &mut totals)
        });
    }
    progress.finish();
    totals.elapsed = started.elapsed();
    totals
}

/// All cores.
fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs the units of the inputs on `jobs` worker threads, handing their
/// steps to `deliver` in order on this thread.
fn in_parallel<'s, J: Job>(
    sources: Sources<'s>,
    jobs: usize,
    job: &'s J,
    progress: &'s Progress,
    deliver: &mut dyn FnMut(Step<<J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) {
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(err) => {
            eprintln!("sgf: cannot start worker threads: {err}");
            std::process::exit(Status::Trouble as i32);
        }
    };
    type Slot<O> = mpsc::Receiver<Vec<Step<O>>>;
    let (order, ordered) = mpsc::sync_channel::<Slot<_>>(2 * jobs + 1);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let order = order;
            pool.in_place_scope(|tasks| {
                each_unit(sources, job, progress, &mut |unit| {
                    let (done, slot) = mpsc::channel();
                    if order.send(slot).is_err() {
                        return ControlFlow::Break(());
                    }
                    match unit {
                        Unit::Ready(steps) => drop(done.send(steps)),
                        Unit::Work(work) => tasks.spawn(move |_| drop(done.send(work()))),
                    }
                    ControlFlow::Continue(())
                });
            });
        });
        'slots: for slot in ordered.iter() {
            let Ok(steps) = slot.recv() else { break };
            for step in steps {
                if deliver(step).is_break() {
                    break 'slots;
                }
            }
        }
        // Dropping the receiver stops the thread that finds inputs.
        drop(ordered);
    });
}

/// How many small files one unit of work reads at most.
const GROUP_FILES: usize = 64;

/// Calls `unit` with the units of work of every input of `sources`, in
/// order: small files in groups (up to [`GROUP_FILES`] files or
/// [`TARGET`] bytes), each read whole by a worker; other inputs cut into
/// batches here.
fn each_unit<'s, J: Job>(
    sources: Sources<'_>,
    job: &'s J,
    progress: &'s Progress,
    unit: &mut dyn FnMut(Unit<'s, <J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) {
    let mut group = Vec::new();
    let mut group_bytes = 0;
    inputs::visit(sources, progress, &mut |found| match found {
        Found::File { input, size } if size <= TARGET as u64 => {
            group.push(input);
            group_bytes += size;
            if group_bytes < TARGET as u64 && group.len() < GROUP_FILES {
                return ControlFlow::Continue(());
            }
            group_bytes = 0;
            unit(small_files(job, std::mem::take(&mut group), progress))
        }
        found => {
            group_bytes = 0;
            if !group.is_empty() {
                unit(small_files(job, std::mem::take(&mut group), progress))?;
            }
            units(found, job, progress, unit)
        }
    });
    if !group.is_empty() {
        let _ = unit(small_files(job, group, progress));
    }
}

/// The unit that reads `files`, small files, one after another.
fn small_files<'s, J: Job>(
    job: &'s J,
    files: Vec<Input>,
    progress: &'s Progress,
) -> Unit<'s, <J::Visitor as Visit>::Out> {
    Unit::Work(Box::new(move || {
        let read = files
            .into_iter()
            .map(|input| small_file(job, Arc::new(input), progress));
        read.flatten().collect()
    }))
}

/// Turns one input that is not a small file into units: cut into
/// batches here, the rest of an input that cannot be cut read here as a
/// stream.
fn units<'s, J: Job>(
    found: Found<'_>,
    job: &'s J,
    progress: &'s Progress,
    unit: &mut dyn FnMut(Unit<'s, <J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match found {
        Found::Failed { name, error } => unit(Unit::Ready(vec![Step::Unreadable { name, error }])),
        Found::File { input, .. } => {
            let path = input.path.clone().unwrap_or_default();
            match std::fs::File::open(&path) {
                Ok(file) => pieces(Arc::new(input), progress.counting(file), job, unit),
                Err(err) => unit(Unit::Ready(vec![Step::Unreadable {
                    name: input.name,
                    error: err.to_string(),
                }])),
            }
        }
        Found::Stream { input, reader } => pieces(Arc::new(input), reader, job, unit),
    }
}

/// A small file, read whole and read as one batch.
fn small_file<J: Job>(
    job: &J,
    input: Arc<Input>,
    progress: &Progress,
) -> Vec<Step<<J::Visitor as Visit>::Out>> {
    let path = input.path.as_deref().unwrap_or(std::path::Path::new(""));
    match std::fs::read(path) {
        Ok(bytes) => {
            progress.add(bytes.len() as u64);
            let done = piece::read_batch(job, &Batch::whole(bytes));
            vec![
                Step::Deliver(Delivery::Begin(input.clone())),
                Step::Deliver(Delivery::Piece(input.clone(), done)),
                Step::Deliver(Delivery::End(input, true)),
            ]
        }
        Err(err) => vec![Step::Unreadable {
            name: input.name.clone(),
            error: err.to_string(),
        }],
    }
}

/// The units of an input read from `reader`: its batches, then the rest
/// read as a stream if it cannot be cut.
fn pieces<'s, J: Job>(
    input: Arc<Input>,
    reader: impl io::Read,
    job: &'s J,
    unit: &mut dyn FnMut(Unit<'s, <J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    unit(Unit::Ready(vec![Step::Deliver(Delivery::Begin(
        input.clone(),
    ))]))?;
    let mut complete = true;
    for piece in Batches::new(reader).target(TARGET) {
        match piece {
            Ok(Piece::Batch(batch)) => {
                let input = input.clone();
                unit(Unit::Work(Box::new(move || {
                    let done = piece::read_batch(job, &batch);
                    vec![Step::Deliver(Delivery::Piece(input, done))]
                })))?;
            }
            Ok(Piece::Rest(rest)) => {
                let mut flow = ControlFlow::Continue(());
                let read = piece::read_rest(job, rest, &mut |done| {
                    let step = Step::Deliver(Delivery::Piece(input.clone(), done));
                    flow = unit(Unit::Ready(vec![step]));
                    flow
                });
                flow?;
                if let Err(error) = read {
                    complete = false;
                    let name = input.name.clone();
                    unit(Unit::Ready(vec![Step::Unreadable { name, error }]))?;
                }
            }
            Err(err) => {
                complete = false;
                let name = input.name.clone();
                let error = err.to_string();
                unit(Unit::Ready(vec![Step::Unreadable { name, error }]))?;
            }
        }
    }
    unit(Unit::Ready(vec![Step::Deliver(Delivery::End(
        input, complete,
    ))]))
}
