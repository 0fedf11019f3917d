//! Games straight from the strict parser's events over well-formed UTF-8
//! text: the main line's moves, the root's setup stones, the game
//! information read on the way by the library's `GameCollector` (or left
//! to be read from the game's text when first asked for), and the nodes
//! either kept (an arena of values as written) or left to be built from
//! the game's text when first asked for. A parse error or a property
//! repeated in a node gives up: the input then goes through the
//! library's trees (`units.rs`).

use std::sync::OnceLock;

use bytes::Bytes;
use sgf_stream::props::Category;

use crate::data::{Arena, Described, GameData, NodeRec, Nodes, PropRec, NONE};
use crate::moves::Moves;
use crate::read::{strict_events, Sink, Values};
use crate::tree::{value_problem, Collector, Setup};

/// The games of well-formed UTF-8 `input`, their nodes left to be built
/// when asked for, and their information too unless `info`; `None` when
/// it needs the library's trees.
pub fn games_of(input: &Bytes, charset: &'static str, info: bool) -> Option<Vec<GameData>> {
    // The buffers of the game being read are kept from one input to the
    // next on each thread.
    thread_local! {
        static OPEN: std::cell::Cell<Option<Box<Open>>> = const { std::cell::Cell::new(None) };
    }
    let mut builder = Builder::new(input, false, info);
    if let Some(open) = OPEN.take() {
        builder.open = *open;
    }
    let read = strict_events(input, &mut builder) && builder.open.depth == 0;
    let mut open = std::mem::take(&mut builder.open);
    open.clear();
    OPEN.set(Some(Box::new(open)));
    if !read {
        return None;
    }
    let mut games = builder.games;
    for game in &mut games {
        game.charset = charset;
    }
    Some(games)
}

/// The nodes of the game text `text` (one game tree that
/// [`games_of`] read), values as written.
pub fn nodes_of(text: &Bytes) -> Arena {
    let mut builder = Builder::new(text, true, false);
    strict_events(text, &mut builder);
    builder
        .games
        .pop()
        .map(|game| game.nodes)
        .map_or_else(Arena::default, |nodes| match nodes {
            Nodes::Built(arena) => arena,
            Nodes::Text(..) => Arena::default(),
        })
}

/// The game information of the game text `text` (one game tree that
/// [`games_of`] read).
pub fn described(text: &Bytes) -> Described {
    let mut builder = Builder::new(text, false, true);
    strict_events(text, &mut builder);
    let game = builder.games.pop().unwrap_or_default();
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
    start: u64,
    on_main_line: bool,
    /// Nodes seen on the main line.
    main_nodes: usize,
    nodes: u64,
    /// Identifiers of the current node (packed), to refuse repeats.
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
        self.moves.clear();
        self.setup = Setup::default();
        self.marks.clear();
        self.last_child.clear();
        self.idents.clear();
        self.current = NONE;
        self.depth = 0;
        self.on_main_line = false;
        self.main_nodes = 0;
        self.nodes = 0;
    }
}

/// Builds games from events; see the module docs.
struct Builder<'a> {
    input: &'a Bytes,
    keep_nodes: bool,
    /// Whether to sum up the game information.
    info: bool,
    open: Open,
    games: Vec<GameData>,
}

impl<'a> Builder<'a> {
    fn new(input: &'a Bytes, keep_nodes: bool, info: bool) -> Self {
        Builder {
            input,
            keep_nodes,
            info,
            open: Open::default(),
            games: Vec::new(),
        }
    }

    /// The game closed before byte `end`.
    fn finish(&mut self, end: u64) {
        let open = &mut self.open;
        let info = OnceLock::new();
        if self.info {
            let summary = open.collector.finish();
            let _ = info.set(Described {
                info: summary.info,
                warnings: summary.warnings.iter().map(value_problem).collect(),
            });
        }
        open.root_read();
        let (moves, warnings) = open.moves.take();
        let mut game = GameData {
            node_count: open.nodes,
            setup: open.setup.take(),
            moves,
            info,
            later_warnings: warnings.iter().map(value_problem).collect(),
            ..GameData::default()
        };
        game.nodes = match self.keep_nodes {
            true => Nodes::Built(std::mem::take(&mut open.arena)),
            false => {
                let text = self.input.slice(open.start as usize..end as usize);
                Nodes::Text(text, Default::default())
            }
        };
        open.marks.clear();
        open.last_child.clear();
        open.current = NONE;
        open.main_nodes = 0;
        open.nodes = 0;
        self.games.push(game);
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

impl Sink for Builder<'_> {
    fn start(&mut self, at: u64) {
        let open = &mut self.open;
        open.depth += 1;
        if open.depth == 1 {
            open.start = at;
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

    fn node(&mut self) {
        let open = &mut self.open;
        open.nodes += 1;
        open.idents.clear();
        if open.on_main_line {
            open.main_nodes += 1;
            if open.main_nodes == 2 {
                open.root_read();
            }
            // The collector only tells the root from the nodes after it.
            if self.info && open.main_nodes <= 2 {
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

    fn property(&mut self, ident: &str, values: Values<'_>) -> bool {
        let open = &mut self.open;
        let Some(packed) = pack(ident) else {
            return false;
        };
        if open.idents.contains(&packed) {
            return false;
        }
        open.idents.push(packed);
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

    fn end(&mut self, end: u64) {
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
        if open.depth == 0 {
            self.finish(end);
        }
    }
}
