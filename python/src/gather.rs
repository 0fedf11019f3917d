//! What the collection delivers, in input order, as what Python is
//! given: games numbered in their input with the diagnostics up to their
//! end, a strict read's error (raised), the games the reader skipped
//! (warned about), problems that belong to no game, and inputs that could
//! not be read.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use sgf_stream::WarningKind;
use sgf_tool::collection::{Deliveries, Delivery, Done, Source};
use sgf_tool::diagnostics::Diagnostic;

use crate::collect::{Games, Piece, Plan};
use crate::columns::Columns;
use crate::data::{GameData, Nodes, Problem};
use crate::read::problem;
use crate::summary::nodes_of;

/// One thing for Python, in input order.
#[derive(Debug)]
pub enum Item {
    Game(Arc<GameData>),
    /// The rows of games of one input (with [`Plan::table`]), named and
    /// numbered, with all their warnings.
    Rows(Columns),
    /// A strict read's error: raised. `game`: the index of the game it
    /// is in.
    Error {
        problem: Problem,
        source: Option<Arc<str>>,
        game: u64,
    },
    /// A game tree the lenient reader skipped (it broke a limit): a
    /// Python warning. `game`: the index the next game of the input has.
    Skipped {
        problem: Problem,
        source: Option<Arc<str>>,
        game: u64,
    },
    /// Problems after an input's last game (or of an input with none).
    Loose {
        source: Option<Arc<str>>,
        problems: Vec<Problem>,
    },
    /// An input that could not be read.
    Failed {
        source: String,
        message: String,
    },
}

/// The code of a game tree skipped by the lenient reader (warned about
/// as an [`Item::Skipped`]).
pub fn skipped_code() -> &'static str {
    WarningKind::SkippedGameTree(sgf_stream::ErrorKind::TooDeep(0)).code()
}

/// Turns deliveries into items.
#[derive(Debug)]
pub struct Gather {
    plan: Plan,
    /// Whether games carry their input's name (not for `parse`).
    named: bool,
    source: Option<Arc<str>>,
    /// Games given from the input so far.
    index: u64,
    /// A strict error was found in the input: the rest is dropped.
    fatal: bool,
    /// Problems after the input's last game so far.
    carried: Vec<Problem>,
}

impl Gather {
    pub fn new(plan: Plan, named: bool) -> Gather {
        Gather {
            plan,
            named,
            source: None,
            index: 0,
            fatal: false,
            carried: Vec::new(),
        }
    }

    /// Adds the items of `delivery` to `out`.
    pub fn take(&mut self, delivery: Delivery<Piece>, out: &mut VecDeque<Item>) {
        match delivery {
            Delivery::Begin(input) => {
                self.source = self.named.then(|| Arc::from(input.name.as_str()));
                self.index = 0;
                self.fatal = false;
                self.carried.clear();
            }
            Delivery::Piece(_, done) if !self.fatal => self.piece(done, out),
            Delivery::Piece(..) => {}
            Delivery::End(..) => self.flush(out),
            Delivery::Failed { name, error } => {
                self.flush(out);
                out.push_back(Item::Failed {
                    source: name,
                    message: error,
                });
            }
        }
    }

    fn flush(&mut self, out: &mut VecDeque<Item>) {
        if !self.carried.is_empty() {
            out.push_back(Item::Loose {
                source: self.source.clone(),
                problems: std::mem::take(&mut self.carried),
            });
        }
    }

    /// The items of a piece: its games (none that the reader gave up:
    /// the visitor dropped them), each with the diagnostics up to its
    /// end, up to a strict read's error.
    fn piece(&mut self, done: Done<Piece>, out: &mut VecDeque<Item>) {
        let Piece {
            spans,
            games,
            rows,
            failed,
        } = done.out;
        let fatal = fatal(done.error, failed, &done.diagnostics);
        let stop = fatal.as_ref().map_or(u64::MAX, |f| f.position.offset);
        let mut diagnostics = done.diagnostics.into_iter().peekable();
        let mut games = games.into_iter();
        let mut table = Table::new(self.index);
        for (at, &(start, end)) in spans.iter().enumerate() {
            let game = games.next();
            if end >= stop {
                break;
            }
            let mut in_game = false;
            while let Some(diagnostic) = diagnostics.next_if(|d| d.position.offset <= end) {
                in_game |= diagnostic.position.offset >= start;
                self.note(&diagnostic, out);
            }
            match game {
                Some(game) => {
                    let game = self.game(game, in_game);
                    out.push_back(Item::Game(Arc::new(game)));
                }
                None => table.keep(at, std::mem::take(&mut self.carried)),
            }
            self.index += 1;
        }
        for diagnostic in diagnostics.take_while(|d| d.position.offset < stop) {
            self.note(&diagnostic, out);
        }
        if let Some(rows) = rows.and_then(|rows| table.rows(rows, self.source.as_deref())) {
            out.push_back(Item::Rows(rows));
        }
        if let Some(fatal) = fatal {
            self.flush(out);
            self.fatal = true;
            out.push_back(Item::Error {
                problem: problem(&fatal),
                source: self.source.clone(),
                game: self.index,
            });
        }
    }

    /// A diagnostic for the next game (or for no game); a skipped game is
    /// warned about too.
    fn note(&mut self, diagnostic: &Diagnostic, out: &mut VecDeque<Item>) {
        let problem = problem(diagnostic);
        if diagnostic.code == skipped_code() {
            out.push_back(Item::Skipped {
                problem: problem.clone(),
                source: self.source.clone(),
                game: self.index,
            });
        }
        self.carried.push(problem);
    }

    /// `game`, with the problems carried to it; `in_game`: some are in
    /// its text, which may then need repairs to read.
    fn game(&mut self, mut game: GameData, in_game: bool) -> GameData {
        game.source = self.source.clone();
        game.index = self.index;
        game.warnings = std::mem::take(&mut self.carried);
        if !in_game {
            return game;
        }
        let hide = !self.plan.raw;
        match &mut game.nodes {
            Nodes::Text(text, built) => {
                let (mut arena, repaired) = nodes_of(text);
                if repaired {
                    // The information is read from the text before the
                    // nodes take its place.
                    game.described();
                    arena.raw_hidden = hide;
                    game.nodes = Nodes::Built(arena);
                } else {
                    *built = OnceLock::from(arena);
                }
            }
            Nodes::Built(arena) => arena.raw_hidden = hide,
        }
        game
    }
}

/// The rows of a piece that are kept, and the problems carried to them.
struct Table {
    /// The index of the piece's first game in its input.
    first: u64,
    /// Rows of the piece kept, as ranges.
    kept: Vec<Range<usize>>,
    /// Rows kept (counted among them) and the problems before their own.
    carried: Vec<(usize, Vec<String>)>,
    length: usize,
}

impl Table {
    fn new(first: u64) -> Table {
        Table {
            first,
            kept: Vec::new(),
            carried: Vec::new(),
            length: 0,
        }
    }

    /// Row `at` of the piece is kept, with the problems `carried` to it.
    fn keep(&mut self, at: usize, carried: Vec<Problem>) {
        if !carried.is_empty() {
            let texts = carried.iter().map(Problem::describe).collect();
            self.carried.push((self.length, texts));
        }
        match self.kept.last_mut() {
            Some(last) if last.end == at => last.end += 1,
            _ => self.kept.push(at..at + 1),
        }
        self.length += 1;
    }

    /// The rows kept of `rows`, named `source`; `None` if none is.
    fn rows(self, mut rows: Columns, source: Option<&str>) -> Option<Columns> {
        if self.length == 0 {
            return None;
        }
        let whole = self.kept.len() == 1 && self.kept[0] == (0..rows.len());
        if !whole {
            // Named for now, so that every column has its rows.
            rows.name(None, 0);
            rows = rows.keep(&self.kept);
        }
        rows.warn_first(&self.carried);
        rows.name(source, self.first);
        Some(rows)
    }
}

/// A strict read's error in a piece: the reader's, or the visitor's
/// (found at `failed`), whichever comes first.
fn fatal(
    error: Option<Diagnostic>,
    failed: Option<(u64, &'static str)>,
    diagnostics: &[Diagnostic],
) -> Option<Diagnostic> {
    let found = failed.and_then(|(at, code)| {
        diagnostics
            .iter()
            .find(|d| d.position.offset == at && d.code == code)
            .cloned()
    });
    match (error, found) {
        (Some(a), Some(b)) if b.position.offset < a.position.offset => Some(b),
        (Some(a), _) => Some(a),
        (None, b) => b,
    }
}

/// Items read on the collection's threads, in input order.
pub struct Reading {
    deliveries: Option<Deliveries<Piece>>,
    gather: Gather,
    ready: VecDeque<Item>,
}

impl Reading {
    /// Starts reading `sources` by `plan`.
    pub fn start(sources: Vec<Source>, plan: Plan) -> Reading {
        Reading {
            deliveries: Some(plan.collection().iter(sources, Games(plan))),
            gather: Gather::new(plan, true),
            ready: VecDeque::new(),
        }
    }

    /// The next item if it is there already.
    pub fn next_ready(&mut self) -> Option<Item> {
        self.ready.pop_front()
    }

    /// The next item, waiting for it; `None` when all is read.
    pub fn next_item(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            let deliveries = self.deliveries.as_mut()?;
            match deliveries.next() {
                Some(delivery) => self.gather.take(delivery, &mut self.ready),
                None => {
                    // The reading thread ended: at the end, or in a panic.
                    let totals = self.deliveries.take().and_then(|d| d.totals());
                    if totals.is_none() {
                        self.ready.push_back(internal(self.gather.source.clone()));
                    }
                }
            }
        }
    }
}

/// The error item for a panic while reading.
fn internal(source: Option<Arc<str>>) -> Item {
    Item::Error {
        problem: Problem {
            code: "internal".to_string(),
            message: "internal error while reading this input (please report it)".to_string(),
            place: None,
            range: (0, 0),
        },
        source,
        game: 0,
    }
}

/// Every item of `sources`, read by `plan` on this thread (and the
/// plan's workers); `named`: games carry their input's name.
pub fn read_all(sources: &[Source], plan: Plan, named: bool) -> Vec<Item> {
    let mut gather = Gather::new(plan, named);
    let mut out = VecDeque::new();
    plan.collection().run(sources, &Games(plan), |delivery| {
        gather.take(delivery, &mut out);
        std::ops::ControlFlow::Continue(())
    });
    out.into()
}
