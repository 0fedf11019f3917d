//! Collections read by `sgf_tool::collection` (inputs, batches, worker
//! threads, input order, the strict/lenient policy, diagnostics), through
//! the binding's visitor: the events of a piece of input become games,
//! summed up by the event builder (`summary.rs`), or built by the
//! library's tree builder where the event builder cannot take a game (a
//! property repeated in a node), where the piece is a stream (no text to
//! build nodes from later), and for `_parse_with_trees`. A game the
//! lenient reader gives up ([`Visit::abandoned`]) is built to its close
//! from the events the reader gives, as the tree builder does
//! ([`TreeBuilder::abandon`]), and dropped there: no game, row or span
//! comes of it.

use std::ops::Range;

use bytes::Bytes;
use sgf_stream::build::TreeBuilder;
use sgf_stream::charset::CharsetMode;
use sgf_stream::{ErrorKind, Event, ReaderBuilder, SgfTree, TreeErrorKind};
use sgf_tool::collection::{Collection, Ctx, Job, Note, Policy, Visit};
use sgf_tool::diagnostics::Severity;

use crate::columns::Columns;
use crate::data::GameData;
use crate::raw::{self, Events};
use crate::read::{game_events, Sink, Values};
use crate::summary::{Reused, Step};
use crate::tree::game_data;

/// How to read.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Strict then lenient (else strict).
    pub lenient: bool,
    /// The charset of every game, or found for each.
    pub charset: CharsetMode,
    /// Worker threads.
    pub jobs: usize,
    /// Every game through the library's tree builder (the answer of the
    /// Rust API, for tests).
    pub trees: bool,
    /// Keep the values as written of repaired games too.
    pub raw: bool,
    /// Rows of a table (`columns.rs`), written on the worker threads,
    /// rather than game records; with the game information summed up
    /// there too (a game record's is read from its text when first asked
    /// for).
    pub table: bool,
}

impl Plan {
    /// The plan of a Python call: `lenient`, `charset` a label (`None`:
    /// found for each game).
    pub fn new(lenient: bool, charset: Option<&str>, jobs: usize) -> Result<Plan, String> {
        let charset = match charset {
            None => CharsetMode::Auto,
            Some(label) => CharsetMode::Fixed(
                sgf_stream::Charset::for_label(label.trim())
                    .ok_or_else(|| format!("unknown charset {label:?}"))?,
            ),
        };
        Ok(Plan {
            lenient,
            charset,
            jobs: jobs.max(1),
            trees: false,
            raw: false,
            table: false,
        })
    }

    /// The collection that reads by this plan; archive members are named
    /// `archive/member`.
    pub fn collection(&self) -> Collection {
        let policy = match self.lenient {
            true => Policy::StrictThenLenient,
            false => Policy::Strict,
        };
        Collection::new()
            .jobs(self.jobs)
            .policy(policy)
            .reader(ReaderBuilder::new().charset(self.charset))
            .member_separator('/')
    }
}

/// What the visitor gives for a piece of input: its games, as records
/// or as the rows of a table.
#[derive(Debug, Default)]
pub struct Piece {
    /// Where each game is in the input: the offsets of its `(` and of
    /// its last `)` (none for the games the reader gave up).
    pub spans: Vec<(u64, u64)>,
    /// The games, in order (without [`Plan::table`]).
    pub games: Vec<GameData>,
    /// Their rows, in order (with [`Plan::table`], made at the piece's
    /// first game), without their source and index, with their own
    /// warnings only (those of their values).
    pub rows: Option<Columns>,
    /// A strict read's error that the visitor found (a property repeated
    /// in a node): its offset in the input and its code.
    pub failed: Option<(u64, &'static str)>,
}

/// The binding's job: a [`Visitor`] per piece.
#[derive(Debug, Clone, Copy)]
pub struct Games(pub Plan);

impl Job for Games {
    type Visitor = Visitor;

    fn visitor(&self) -> Visitor {
        Visitor {
            plan: self.0,
            builder: Reused::new(false, self.0.table),
            trees: None,
            events: Events::default(),
            depth: 0,
            start: 0,
            refused: false,
            given_up: false,
            slow: self.0.trees,
            piece: Piece::default(),
        }
    }
}

/// Turns the events of a piece into games.
pub struct Visitor {
    plan: Plan,
    builder: Reused,
    /// The library's tree builder, for a piece read as a stream or with
    /// `trees`.
    trees: Option<TreeBuilder>,
    /// The events of the game, for its values as written (games of the
    /// tree builder).
    events: Events,
    depth: u32,
    /// Where the game's `(` is, as the spans count.
    start: u64,
    /// The event builder gave up the game being read.
    refused: bool,
    /// The reader gave up the game being read: it is dropped when it
    /// closes.
    given_up: bool,
    /// Events go past the event builder's fast path: `refused`,
    /// [`Plan::trees`] or [`Piece::failed`] (see [`Visitor::settle`]).
    slow: bool,
    piece: Piece,
}

impl Visit for Visitor {
    type Out = Piece;

    #[inline(always)]
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        let built = !(self.slow || matches!(ctx, Ctx::Stream(..)));
        match event {
            // Nearly every event: taken by the event builder.
            Event::Property(ident, values) if built => {
                if !self.builder.property(ident.as_str(), Values(*values)) {
                    self.refused = true;
                    self.settle();
                    self.refuse(ident.as_str(), span.start, ctx, notes);
                }
            }
            Event::Node if built => self.builder.node(),
            _ => self.any_event(event, span, ctx, notes),
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Piece {
        let piece = std::mem::take(&mut self.piece);
        self.settle();
        piece
    }

    /// The game being read is no game: the `)`s that close it are taken
    /// as any, and when it closes, what was built of it is dropped.
    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.given_up = true;
        if let Some(trees) = &mut self.trees {
            trees.abandon();
        }
    }
}

impl Visitor {
    /// Sets [`slow`](Self::slow) after `refused` or the piece's failure
    /// changed.
    fn settle(&mut self) {
        self.slow = self.refused || self.plan.trees || self.piece.failed.is_some();
    }

    fn any_event(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
        ctx: &Ctx<'_>,
        notes: &mut Vec<Note>,
    ) {
        if self.piece.failed.is_some() {
            return;
        }
        match event {
            Event::StartGameTree => {
                if self.depth == 0 {
                    self.start = span.start;
                    self.refused = false;
                    self.given_up = false;
                    self.settle();
                    if self.plan.table && self.piece.rows.is_none() {
                        // Room for the moves of the whole piece at once.
                        let bytes = ctx.text().map_or(0, <[u8]>::len);
                        let mut rows = Columns::new();
                        rows.reserve_moves(bytes);
                        self.piece.rows = Some(rows);
                    }
                }
                self.depth += 1;
            }
            Event::EndGameTree => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        if self.plan.trees || matches!(ctx, Ctx::Stream(..)) {
            return self.tree_event(event, span, ctx, notes);
        }
        let closed = self.depth == 0 && matches!(event, Event::EndGameTree);
        if self.refused {
            if closed {
                self.refused_game(span, ctx, notes);
            }
            return;
        }
        match self.builder.event(event) {
            Step::Taken => {}
            Step::Closed if self.given_up => self.builder.abandon(),
            Step::Closed if self.plan.table => {
                let charset = self.charset(ctx);
                let rows = self.piece.rows.get_or_insert_with(Columns::new);
                self.builder.finish_row(rows, charset);
                self.spanned(span.start, ctx);
            }
            Step::Closed => {
                let text = &text_of(ctx)[self.start as usize..span.end as usize];
                let game = self.builder.finish(Bytes::copy_from_slice(text));
                self.push(game, span.start, ctx);
            }
            Step::Refused => {
                self.refused = true;
                self.settle();
                if let Event::Property(ident, _) = event {
                    self.refuse(ident.as_str(), span.start, ctx, notes);
                }
            }
        }
    }
}

/// The text the spans of a batch or a record count in (none for a
/// stream).
fn text_of<'c>(ctx: &Ctx<'c>) -> &'c [u8] {
    match ctx {
        Ctx::Batch(decoded) => decoded.text(),
        Ctx::Record(converted) => converted.sgf().as_bytes(),
        Ctx::Stream(..) => &[],
    }
}

impl Visitor {
    /// The charset of the game being read.
    fn charset(&self, ctx: &Ctx<'_>) -> &'static str {
        // A stream's charset report is the game's once it has begun.
        ctx.charset(self.start).charset.name()
    }

    /// A game read, its last `)` at `end` as the spans count.
    fn push(&mut self, mut game: GameData, end: u64, ctx: &Ctx<'_>) {
        game.charset = self.charset(ctx);
        match self.plan.table {
            true => (self.piece.rows.get_or_insert_with(Columns::new)).push_game(&game),
            false => self.piece.games.push(game),
        }
        self.spanned(end, ctx);
    }

    /// The span of the game read last, its last `)` at `end`.
    fn spanned(&mut self, end: u64, ctx: &Ctx<'_>) {
        let start = ctx.input_offset(self.start);
        self.piece.spans.push((start, ctx.input_offset(end)));
    }

    /// A property `ident` at `at` repeats in its node: strictly an error
    /// (the rest of the piece is not read); leniently, the game goes
    /// through the tree builder once it closes.
    fn refuse(&mut self, ident: &str, at: u64, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        if !self.plan.lenient {
            let kind = ErrorKind::Tree(TreeErrorKind::RepeatedProperty(ident.to_string()));
            self.fail(&kind, at, ctx, notes);
        }
    }

    /// Notes a strict read's error at `at`; nothing after it is read.
    fn fail(&mut self, kind: &ErrorKind, at: u64, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        notes.push(Note {
            at,
            code: kind.code(),
            severity: Severity::Error,
            message: kind.to_string(),
        });
        self.piece.failed = Some((ctx.input_offset(at), kind.code()));
        self.settle();
    }

    /// The game the event builder gave up, closed by the `)` at `span`:
    /// built again from its text by the library's lenient tree builder,
    /// its repairs noted (as the tree builder's are when it reads the
    /// events); no game if the reader gave it up.
    fn refused_game(&mut self, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        let text = &text_of(ctx)[self.start as usize..span.end as usize];
        let mut built = game_events(text, || Trees {
            builder: TreeBuilder::lenient(),
            tree: None,
            repairs: Vec::new(),
        });
        for mut note in built.repairs.drain(..) {
            note.at += self.start;
            notes.push(note);
        }
        if self.given_up {
            return;
        }
        if let Some(tree) = built.tree {
            let mut game = game_data(tree, "UTF-8");
            if self.plan.raw {
                raw::attach(text, &mut game);
            }
            self.push(game, span.start, ctx);
        }
    }

    /// An event of a game read by the tree builder.
    fn tree_event(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
        ctx: &Ctx<'_>,
        notes: &mut Vec<Note>,
    ) {
        let lenient = self.plan.lenient;
        let builder = self.trees.get_or_insert_with(|| match lenient {
            true => TreeBuilder::lenient(),
            false => TreeBuilder::new(),
        });
        let end = span.start;
        let at = span.start;
        let pushed = builder.push_spanned(event, span);
        notes.extend(Note::take_repairs(builder));
        self.events.push(event);
        let closed = self.depth == 0 && matches!(event, Event::EndGameTree);
        match pushed {
            // A game closed with no tree: the reader gave it up.
            Ok(None) if closed => self.events.clear(),
            Ok(None) => {}
            Ok(Some(tree)) => {
                let mut game = game_data(tree, "UTF-8");
                self.events.attach(&mut game);
                self.push(game, end, ctx);
            }
            Err(err) => self.fail(&ErrorKind::Tree(err.kind), at, ctx, notes),
        }
    }
}

/// The library's lenient tree builder over one game's text.
struct Trees {
    builder: TreeBuilder,
    tree: Option<SgfTree>,
    /// Its repairs, at offsets in the game's text.
    repairs: Vec<Note>,
}

impl Sink for Trees {
    fn event(&mut self, event: &Event<'_>, span: Range<u64>) -> bool {
        let pushed = self.builder.push_spanned(event, span);
        self.repairs.extend(Note::take_repairs(&mut self.builder));
        match pushed {
            Ok(Some(tree)) => {
                self.tree = Some(tree);
                false
            }
            Ok(None) => true,
            Err(_) => false,
        }
    }
}

/// A job that only counts nodes: the library's reader over a collection,
/// the peer of the benchmark.
#[derive(Debug, Clone, Copy)]
pub struct CountNodes;

/// The nodes of a piece.
pub struct NodeCount(u64);

impl Job for CountNodes {
    type Visitor = NodeCount;

    fn visitor(&self) -> NodeCount {
        NodeCount(0)
    }
}

impl Visit for NodeCount {
    type Out = u64;

    #[inline]
    fn event(&mut self, event: &Event<'_>, _: Range<u64>, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.0 += u64::from(matches!(event, Event::Node));
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> u64 {
        std::mem::take(&mut self.0)
    }
}

#[cfg(test)]
mod tests;
