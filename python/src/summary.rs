//! Games straight from the events of a collection's reader: the main
//! line's moves, the root's setup stones, the game information read on
//! the way by the library's `GameCollector` (or left to be read from the
//! game's text when first asked for), and the nodes either kept (an arena
//! of values as written) or left to be built from the game's text when
//! first asked for. A property repeated in a node gives up: that game
//! goes through the library's tree builder (`collect.rs`).

use std::ops::Range;
use std::sync::OnceLock;

use bytes::Bytes;
use sgf_stream::props::Category;
use sgf_stream::Event;

use crate::columns::{Columns, Row};
use crate::data::{own_warnings, Arena, Described, GameData, NodeRec, Nodes, PropRec, NONE};
use crate::info::{value_problem, Collector, Setup};
use crate::moves::Moves;
use crate::read::{game_events, Sink, Values};

/// The games of well-formed UTF-8 `input`, read strictly, their nodes
/// left to be built when asked for, and their information too unless
/// `info`; `None` when the strict reader refuses it or the event builder
/// gives a game up.
#[cfg(test)]
pub fn games_of(input: &Bytes, charset: &'static str, info: bool) -> Option<Vec<GameData>> {
    let mut builder = Builder::new(false, info);
    let mut reader = sgf_stream::ReaderBuilder::new().from_slice(input);
    let mut games = Vec::new();
    let mut start = 0;
    while let Some((event, span)) = reader.next_spanned().ok()? {
        if matches!(event, Event::StartGameTree) && builder.open.depth == 0 {
            start = span.start as usize;
        }
        match builder.event(&event) {
            Step::Taken => {}
            Step::Refused => return None,
            Step::Closed => {
                let mut game = builder.finish(input.slice(start..span.end as usize));
                game.charset = charset;
                games.push(game);
            }
        }
    }
    Some(games)
}

/// The nodes of the game text `text` (one game tree that a collection
/// read), values as written; and whether the text needed repairs.
pub fn nodes_of(text: &[u8]) -> (Arena, bool) {
    let strict = std::cell::Cell::new(true);
    let make = || {
        let builder = Builder::new(true, false);
        if strict.replace(false) {
            return builder;
        }
        Builder {
            repaired: true,
            ..builder
        }
    };
    let mut builder = game_events(text, make);
    let arena = match builder.game.take().map(|game| game.nodes) {
        Some(Nodes::Built(arena)) => arena,
        _ => Arena::default(),
    };
    (arena, builder.repaired)
}

/// The game information of the game text `text` (one game tree that a
/// collection read).
pub fn described(text: &[u8]) -> Described {
    let mut builder = game_events(text, || Builder::new(false, true));
    let game = builder.game.take().unwrap_or_default();
    game.info.into_inner().unwrap_or_default()
}

/// The game being read.
#[derive(Default)]
struct Open {
    arena: Arena,
    /// The current node at each open `(`.
    marks: Vec<u32>,
    current: u32,
    last_child: Vec<u32>,
    depth: u32,
    on_main_line: bool,
    /// Nodes seen on the main line, up to 2 (the root, and a node after).
    main_nodes: usize,
    nodes: u64,
    /// The first identifier of the current node (packed; 0: none yet),
    /// and the others, to refuse repeats.
    first_ident: u64,
    idents: Vec<u64>,
    collector: Collector,
    setup: Setup,
    moves: Moves,
}

impl Open {
    /// The root has been read: its `SZ` gives the board the moves are
    /// decoded on.
    fn root_read(&mut self) {
        if !self.moves.knows_size() {
            let mut warnings = Vec::new();
            let size = self.setup.board_size(&mut warnings);
            self.moves.set_size(size, warnings);
        }
    }

    /// Ready for the next game, keeping the buffers.
    fn clear(&mut self) {
        self.arena = Arena::default();
        self.moves.clear();
        self.setup = Setup::default();
        self.marks.clear();
        self.last_child.clear();
        self.first_ident = 0;
        self.idents.clear();
        self.current = NONE;
        self.depth = 0;
        self.on_main_line = false;
        self.main_nodes = 0;
        self.nodes = 0;
    }
}

/// What taking an event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Taken.
    Taken,
    /// A property repeated in a node: the builder gives up this game and
    /// takes no more of its events.
    Refused,
    /// The game closed: take it with [`Builder::finish`].
    Closed,
}

/// Builds games from events; see the module docs.
pub struct Builder {
    keep_nodes: bool,
    /// Whether to sum up the game information.
    info: bool,
    open: Open,
    /// Whether the text read was repaired (for [`nodes_of`]).
    repaired: bool,
    /// The last game built by [`game_events`].
    game: Option<GameData>,
}

impl Builder {
    /// A builder that keeps the nodes (or leaves them to be built from
    /// the game's text), and sums up the game information or not.
    pub fn new(keep_nodes: bool, info: bool) -> Self {
        Builder {
            keep_nodes,
            info,
            open: Open::default(),
            repaired: false,
            game: None,
        }
    }

    /// Takes the next event of a game.
    #[inline]
    pub fn event(&mut self, event: &Event<'_>) -> Step {
        match event {
            Event::StartGameTree => self.start(),
            Event::Node => self.node(),
            Event::Property(ident, values) => {
                if !self.property(ident.as_str(), Values(*values)) {
                    return Step::Refused;
                }
            }
            Event::EndGameTree => {
                if self.end() {
                    return Step::Closed;
                }
            }
        }
        Step::Taken
    }

    /// The game that closed, its nodes to be built from `text` when first
    /// asked for (unless they were kept); ready for the next game.
    pub fn finish(&mut self, text: Bytes) -> GameData {
        let info = OnceLock::new();
        if self.info {
            let _ = info.set(self.open.described());
        }
        let open = &mut self.open;
        open.root_read();
        let mut game = GameData {
            node_count: open.nodes,
            setup: open.setup.take(),
            moves: open.moves.rows().to_vec(),
            info,
            later_warnings: open.moves.take_warnings(),
            ..GameData::default()
        };
        game.nodes = match self.keep_nodes {
            true => Nodes::Built(std::mem::take(&mut open.arena)),
            false => Nodes::Text(text, Default::default()),
        };
        open.clear();
        game
    }

    /// Drops the game that closed (the reader gave it up): ready for the
    /// next game.
    pub fn abandon(&mut self) {
        self.open.clear();
    }

    /// Appends the row of the game that closed, read in `charset`, to
    /// `rows` (a builder that sums up the information); ready for the
    /// next game.
    pub fn finish_row(&mut self, rows: &mut Columns, charset: &'static str) {
        let open = &mut self.open;
        let described = open.described();
        open.root_read();
        let later = open.moves.take_warnings();
        let mut warnings = Vec::new();
        own_warnings(&described.warnings, &later, &mut warnings);
        rows.push(&Row {
            charset,
            info: &described.info,
            node_count: open.nodes,
            moves: open.moves.rows(),
            setup: &open.setup.take(),
            warnings: &warnings,
        });
        open.clear();
    }
}

thread_local! {
    /// The builder a piece read on this thread left between games, for
    /// the next piece (see [`Reused`]).
    static SPARE: std::cell::Cell<Option<Box<Builder>>> = const { std::cell::Cell::new(None) };
}

/// A [`Builder`] for one piece: the one that the last piece read on this
/// thread left (its buffers grown already: many small files need no
/// allocation each), or a new one; left for the next piece when dropped
/// between games.
pub struct Reused(Option<Box<Builder>>);

impl Reused {
    /// A builder as [`Builder::new`] makes it.
    pub fn new(keep_nodes: bool, info: bool) -> Reused {
        let spare = SPARE.take();
        match spare.filter(|b| b.keep_nodes == keep_nodes && b.info == info) {
            Some(builder) => Reused(Some(builder)),
            None => Reused(Some(Box::new(Builder::new(keep_nodes, info)))),
        }
    }
}

impl std::ops::Deref for Reused {
    type Target = Builder;

    fn deref(&self) -> &Builder {
        self.0.as_ref().expect("taken only when dropped")
    }
}

impl std::ops::DerefMut for Reused {
    fn deref_mut(&mut self) -> &mut Builder {
        self.0.as_mut().expect("taken only when dropped")
    }
}

impl Drop for Reused {
    fn drop(&mut self) {
        let Some(mut builder) = self.0.take() else {
            return;
        };
        // A game left open (a strict read stopped in it) is not carried
        // over.
        if builder.open.depth == 0 {
            builder.open.clear();
            builder.repaired = false;
            builder.game = None;
            SPARE.set(Some(builder));
        }
    }
}

impl Open {
    /// The game information summed up, with the warnings about it.
    fn described(&mut self) -> Described {
        let summary = self.collector.finish();
        Described {
            info: summary.info,
            warnings: summary.warnings.iter().map(value_problem).collect(),
        }
    }
}

impl Sink for Builder {
    fn event(&mut self, event: &Event<'_>, _: Range<u64>) -> bool {
        match Builder::event(self, event) {
            Step::Taken => true,
            Step::Refused => false,
            Step::Closed => {
                self.game = Some(self.finish(Bytes::new()));
                false
            }
        }
    }
}

/// Whether the collector reads property `ident` into the game
/// information (as `GameCollector` decides: root properties in the root,
/// game-info properties on the whole main line); others are not handed
/// to it.
fn reads_info(ident: &str, root: bool) -> bool {
    sgf_stream::props::lookup(ident).is_some_and(|info| match info.category {
        Category::GameInfo => true,
        Category::Root => root,
        _ => false,
    })
}

/// An identifier of up to eight bytes as one number.
fn pack(ident: &str) -> Option<u64> {
    let bytes = ident.as_bytes();
    if bytes.len() > 8 {
        return None;
    }
    Some(
        bytes
            .iter()
            .rev()
            .fold(0, |packed, &b| packed << 8 | u64::from(b)),
    )
}

fn push_bytes(text: &mut Vec<u8>, part: &[u8]) -> (u32, u32) {
    let start = text.len() as u32;
    text.extend_from_slice(part);
    (start, text.len() as u32)
}

impl Builder {
    fn start(&mut self) {
        let open = &mut self.open;
        open.depth += 1;
        if open.depth == 1 {
            open.on_main_line = true;
            open.current = NONE;
            if self.info {
                open.collector.start();
            }
            open.arena.raw_values = true;
        }
        if self.keep_nodes {
            open.marks.push(open.current);
        }
    }

    /// `;`.
    #[inline]
    pub fn node(&mut self) {
        let open = &mut self.open;
        open.nodes += 1;
        open.first_ident = 0;
        open.idents.clear();
        // Past the main line's second node, a node of a game whose nodes
        // are not kept is only counted.
        if (open.on_main_line && open.main_nodes < 2) || self.keep_nodes {
            self.node_more();
        }
    }

    fn node_more(&mut self) {
        let open = &mut self.open;
        if open.on_main_line && open.main_nodes < 2 {
            open.main_nodes += 1;
            if open.main_nodes == 2 {
                open.root_read();
            }
            // The collector only tells the root from the nodes after it.
            if self.info {
                open.collector.node();
            }
        }
        if !self.keep_nodes {
            return;
        }
        let arena = &mut open.arena;
        let index = arena.nodes.len() as u32;
        let parent = open.current;
        let props = arena.props.len() as u32;
        arena.nodes.push(NodeRec {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            props: (props, props),
        });
        open.last_child.push(NONE);
        if parent != NONE {
            match open.last_child[parent as usize] {
                NONE => arena.nodes[parent as usize].first_child = index,
                previous => arena.nodes[previous as usize].next_sibling = index,
            }
            open.last_child[parent as usize] = index;
        }
        open.current = index;
    }

    /// A property; `false` if it repeats in its node: the builder gives
    /// the game up (see [`Step::Refused`]).
    #[inline(always)]
    pub fn property(&mut self, ident: &str, values: Values<'_>) -> bool {
        let open = &mut self.open;
        // A move of the main line, first in its node: nearly every
        // property of a game record.
        if let [colour @ (b'B' | b'W')] = *ident.as_bytes() {
            if open.on_main_line && open.first_ident == 0 && !self.keep_nodes {
                open.first_ident = u64::from(colour);
                open.moves.push(colour == b'W', values);
                return true;
            }
        }
        let taken = self.any_property(ident, values);
        if !taken {
            self.open.clear();
        }
        taken
    }

    fn any_property(&mut self, ident: &str, values: Values<'_>) -> bool {
        let open = &mut self.open;
        let Some(packed) = pack(ident) else {
            return false;
        };
        if open.first_ident == 0 {
            open.first_ident = packed;
        } else if open.first_ident == packed || open.idents.contains(&packed) {
            return false;
        } else {
            open.idents.push(packed);
        }
        if open.on_main_line {
            match ident.as_bytes() {
                b"B" => open.moves.push(false, values),
                b"W" => open.moves.push(true, values),
                _ => {
                    let root = open.main_nodes == 1;
                    if self.info && reads_info(ident, root) {
                        open.collector.property(ident, values);
                    }
                    if root {
                        open.setup.property(ident, values);
                    }
                }
            }
        }
        if !self.keep_nodes {
            return true;
        }
        let arena = &mut open.arena;
        let first_value = arena.values.len() as u32;
        match values.single() {
            Some(raw) => {
                let range = push_bytes(&mut arena.text, raw);
                arena.values.push(range);
            }
            None => {
                for raw in values.iter() {
                    let range = push_bytes(&mut arena.text, raw);
                    arena.values.push(range);
                }
            }
        }
        let ident = push_bytes(&mut arena.text, ident.as_bytes());
        arena.props.push(PropRec {
            ident,
            values: (first_value, arena.values.len() as u32),
        });
        if let Some(node) = arena.nodes.last_mut() {
            node.props.1 = arena.props.len() as u32;
        }
        true
    }

    /// `)`; whether it closes the game.
    fn end(&mut self) -> bool {
        let open = &mut self.open;
        if open.on_main_line {
            open.on_main_line = false;
            if self.info {
                open.collector.end_main_line();
            }
        }
        if self.keep_nodes {
            open.current = open.marks.pop().unwrap_or(NONE);
        }
        open.depth -= 1;
        open.depth == 0
    }
}
