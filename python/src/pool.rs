//! Reading many sources on worker threads (`workers.rs`), the caller
//! taking the games in input order; what reading one input gives, as
//! items. At most a fixed number of jobs are in flight, so memory stays
//! bounded however large the input.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::{channel, sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::Arc;

use bytes::Bytes;

use crate::data::{GameData, Problem};
use crate::raw;
use crate::read::{plain_utf8, ReadOptions};
use crate::summary::games_of;
use crate::tree::game_data;
use crate::units::{read_units, tree_units_of, Unit};
use crate::workers::{self, Done, Part};

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
pub fn internal(source: Option<&Arc<str>>) -> Item {
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

/// Games read from sources on worker threads, in input order.
pub struct Pipeline {
    results: Receiver<Done>,
    pending: HashMap<u64, Done>,
    next: u64,
    /// The rest of job `next`, coming in parts as it is read.
    rest: Option<Receiver<Part>>,
    /// The part of it being taken.
    part: Option<Part>,
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
        let (slot_sender, slots) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = slot_sender.send(());
        }
        let (results, receiver) = channel();
        workers::start(paths, jobs, plan, results, slots, in_flight)?;
        Ok(Pipeline {
            results: receiver,
            pending: HashMap::new(),
            next: 0,
            rest: None,
            part: None,
            slots: slot_sender,
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
            if self.rest.is_some() {
                self.take_part(true);
                continue;
            }
            let done = self.results.recv().ok()?;
            self.pending.insert(done.seq, done);
        }
    }

    /// The next item if it is there already, without waiting.
    pub fn next_ready(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.rest.is_some() {
                if !self.take_part(false) {
                    return None;
                }
                continue;
            }
            let done = self.pending.remove(&self.next)?;
            self.take(done.items);
            match done.rest {
                Some(rest) => self.rest = Some(rest),
                None => self.end_job(),
            }
        }
    }

    /// Takes the next part of job `next`'s rest, waiting for it or not;
    /// whether anything was taken (the end of the job counts).
    fn take_part(&mut self, wait: bool) -> bool {
        let Some(rest) = &self.rest else {
            return false;
        };
        if self.part.is_none() {
            self.part = match wait {
                true => rest.recv().ok(),
                false => match rest.try_recv() {
                    Ok(part) => Some(part),
                    Err(TryRecvError::Empty) => return false,
                    Err(TryRecvError::Disconnected) => None,
                },
            };
            if self.part.is_none() {
                self.end_job();
                return true;
            }
        }
        let Some(part) = &self.part else {
            return false;
        };
        let items = match wait {
            true => part.recv().ok(),
            false => match part.try_recv() {
                Ok(items) => Some(items),
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => None,
            },
        };
        self.part = None;
        // A part whose helper stopped gives nothing.
        if let Some(items) = items {
            self.take(items);
        }
        true
    }

    /// Job `next` is all taken: its slot is free.
    fn end_job(&mut self) {
        self.rest = None;
        self.part = None;
        self.next += 1;
        let _ = self.slots.send(());
    }

    /// Items of job `next`, in order.
    fn take(&mut self, items: Vec<Item>) {
        for mut item in items {
            if let Item::Game(game) = &mut item {
                self.number(GameData::fresh(game));
            }
            self.ready.push_back(item);
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
