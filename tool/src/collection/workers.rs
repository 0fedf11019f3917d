//! The worker threads: units of work run on them, their steps handed
//! back in the order the units were made, with at most
//! [`AHEAD_PER_JOB`] units per worker (and one) in flight; and the
//! workers as helpers of the thread that takes the steps, for the units
//! of an input given back.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::{mpsc, Mutex};

use super::small::Again;
use super::Delivery;

/// Work for the runner: deliveries ready now, or work to do on a worker.
pub(super) enum Unit<'s, O> {
    Ready(Vec<Delivery<O>>),
    Work(Box<dyn FnOnce() -> Vec<Step<O>> + Send + 's>),
}

impl<O> Unit<'_, O> {
    pub(super) fn run(self) -> Vec<Step<O>> {
        match self {
            Unit::Ready(deliveries) => steps(deliveries),
            Unit::Work(work) => work(),
        }
    }
}

/// What a unit of work gives, in order: deliveries, and in the place of
/// a small input it could not read whole ([`Again`]), that input, to be
/// read again as a stream where its deliveries go.
pub(super) enum Step<O> {
    Deliver(Delivery<O>),
    Again(Again),
}

/// Wraps deliveries as steps.
pub(super) fn steps<O>(deliveries: Vec<Delivery<O>>) -> Vec<Step<O>> {
    deliveries.into_iter().map(Step::Deliver).collect()
}

/// How many units of work per worker may be in flight (handed on, not
/// yet delivered): enough for the workers not to wait on the thread that
/// finds the inputs.
const AHEAD_PER_JOB: usize = 2;

/// The steps of a unit, to come from the worker that runs it.
type Slot<O> = mpsc::Receiver<Vec<Step<O>>>;

/// A unit handed to the workers, with where its steps go.
type Task<'s, O> = (Unit<'s, O>, mpsc::Sender<Vec<Step<O>>>);

/// Runs on `jobs` worker threads the units `each` makes (called on a
/// thread of its own), handing their steps to `hand_on` in order on this
/// thread, with the workers as its helpers.
pub(super) fn in_parallel<'s, O, E, H>(jobs: usize, each: &E, mut hand_on: H)
where
    O: Send,
    E: Fn(&mut dyn FnMut(Unit<'s, O>) -> ControlFlow<()>) + Sync,
    H: FnMut(Vec<Step<O>>, &Helpers<'s, O>) -> ControlFlow<()>,
{
    let (order, ordered) = mpsc::sync_channel::<Slot<O>>(AHEAD_PER_JOB * jobs + 1);
    let (tasks, queue) = mpsc::channel::<Task<'s, O>>();
    let queue = Mutex::new(queue);
    let helpers = Helpers {
        tasks: tasks.clone(),
        ahead: AHEAD_PER_JOB * jobs,
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let task = queue.lock().map(|queue| queue.recv());
                let Ok(Ok((unit, done))) = task else { return };
                let _ = done.send(unit.run());
            });
        }
        scope.spawn(move || {
            let (order, tasks) = (order, tasks);
            each(&mut |unit| {
                let (done, slot) = mpsc::channel();
                if order.send(slot).is_err() {
                    return ControlFlow::Break(());
                }
                hand_over(unit, done, &tasks);
                ControlFlow::Continue(())
            });
        });
        for slot in ordered.iter() {
            let Ok(steps) = slot.recv() else { break };
            if hand_on(steps, &helpers).is_break() {
                break;
            }
        }
        // Dropping the receiver stops the thread that finds inputs, and
        // the workers once the queue is empty and closed.
        drop(ordered);
        drop(helpers);
    });
}

/// Hands `unit` to the workers through `tasks`, its steps to go to
/// `done` (at once if it is ready).
fn hand_over<'s, O>(
    unit: Unit<'s, O>,
    done: mpsc::Sender<Vec<Step<O>>>,
    tasks: &mpsc::Sender<Task<'s, O>>,
) {
    match unit {
        Unit::Ready(deliveries) => drop(done.send(steps(deliveries))),
        work => drop(tasks.send((work, done))),
    }
}

/// The workers as helpers of the thread that delivers: the units of an
/// input given back by a worker, made there, run on the workers, at most
/// `ahead` of them at once.
pub(super) struct Helpers<'s, O> {
    tasks: mpsc::Sender<Task<'s, O>>,
    ahead: usize,
}

impl<'s, O> Helpers<'s, O> {
    /// Runs the units `units` makes on the workers, handing their steps
    /// to `hand_on` in order.
    pub(super) fn run(
        &self,
        units: impl FnOnce(&mut dyn FnMut(Unit<'s, O>) -> ControlFlow<()>) -> ControlFlow<()>,
        hand_on: &mut dyn FnMut(Vec<Step<O>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut waiting = VecDeque::new();
        units(&mut |unit| {
            let (done, slot) = mpsc::channel();
            hand_over(unit, done, &self.tasks);
            waiting.push_back(slot);
            while waiting.len() > self.ahead {
                first_steps(&mut waiting, hand_on)?;
            }
            ControlFlow::Continue(())
        })?;
        while !waiting.is_empty() {
            first_steps(&mut waiting, hand_on)?;
        }
        ControlFlow::Continue(())
    }
}

/// Waits for the steps of the first of `waiting` and hands them to
/// `hand_on` (`Break` if its worker is gone).
fn first_steps<O>(
    waiting: &mut VecDeque<Slot<O>>,
    hand_on: &mut dyn FnMut(Vec<Step<O>>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match waiting.pop_front().map(|slot| slot.recv()) {
        Some(Ok(steps)) => hand_on(steps),
        _ => ControlFlow::Break(()),
    }
}
