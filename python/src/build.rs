//! Games straight from the strict parser's events, for input that is
//! well-formed UTF-8 (nearly all of it): no intermediate tree, and the
//! moves and game information picked up on the way. Anything else (a
//! repair, an error, another charset, an odd move) gives up, and the
//! input is read through the library's trees instead (`tree.rs`).

use std::sync::OnceLock;

use crate::data::{GameData, NodeRec, PropRec, NONE};
use crate::read::{strict_events, text_value, Sink, Values};
use crate::tree::{is_summarized, summarize, Chain, MoveBytes};

/// The game being built.
#[derive(Default)]
struct Open {
    game: GameData,
    /// The current node at each open `(`.
    marks: Vec<u32>,
    current: u32,
    last_child: Vec<u32>,
    depth: u32,
    on_main_line: bool,
    /// Nodes seen on the main line.
    main_nodes: usize,
    /// Summarized properties of each main-line node that has some.
    chain: Chain,
    /// Main-line moves: white?, and the value (in `short` when it has
    /// at most two bytes, else at `long` in `raw`).
    moves: Vec<MoveValue>,
    raw: Vec<u8>,
    /// Identifiers of the current node (packed), to refuse repeats.
    idents: Vec<u64>,
    nodes: u64,
}

#[derive(Clone, Copy)]
struct MoveValue {
    white: bool,
    short: [u8; 2],
    len: u8,
    long: (u32, u32),
}

impl MoveValue {
    fn new(white: bool, value: &[u8], raw: &mut Vec<u8>) -> MoveValue {
        let mut out = MoveValue {
            white,
            short: [0; 2],
            len: value.len().min(3) as u8,
            long: (0, 0),
        };
        match *value {
            [a, b] => out.short = [a, b],
            [a] => out.short[0] = a,
            [] => {}
            _ => {
                let start = raw.len() as u32;
                raw.extend_from_slice(value);
                out.long = (start, raw.len() as u32);
            }
        }
        out
    }

    fn value<'a>(&'a self, raw: &'a [u8]) -> MoveBytes<'a> {
        match self.len {
            2 => MoveBytes::Two(self.short),
            0 | 1 => MoveBytes::Other(&self.short[..usize::from(self.len)]),
            _ => MoveBytes::Other(&raw[self.long.0 as usize..self.long.1 as usize]),
        }
    }
}

/// Whether `ident` is summarized (see [`is_summarized`]) in the root
/// (`root`) or elsewhere, from a table made once for identifiers of one
/// or two letters.
fn summarized_ident(ident: &str, root: bool) -> bool {
    static TABLE: OnceLock<Vec<[bool; 2]>> = OnceLock::new();
    let slot = match ident.as_bytes() {
        [a] if a.is_ascii_uppercase() => usize::from(a - b'A' + 1),
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
            usize::from(a - b'A' + 1) * 27 + usize::from(b - b'A' + 1)
        }
        _ => return is_summarized(ident, root),
    };
    let table = TABLE.get_or_init(|| {
        let letter = |i: usize| char::from(b'A' + i as u8 - 1);
        (0..27 * 27)
            .map(|slot| {
                let mut name = String::new();
                for part in [slot / 27, slot % 27] {
                    if part > 0 {
                        name.push(letter(part));
                    }
                }
                [is_summarized(&name, false), is_summarized(&name, true)]
            })
            .collect()
    });
    table[slot][usize::from(root)]
}

impl Open {
    /// Ready for the next game, keeping the buffers.
    fn clear(&mut self) {
        self.marks.clear();
        self.last_child.clear();
        self.moves.clear();
        self.raw.clear();
        self.idents.clear();
        self.chain = Chain::default();
        self.current = NONE;
        self.depth = 0;
        self.on_main_line = false;
        self.main_nodes = 0;
        self.nodes = 0;
    }
}

/// Builds games from events; see the module docs.
pub struct FastBuilder {
    keep_nodes: bool,
    /// The arena sizes of the last game: nodes, properties, values, text.
    sizes: (usize, usize, usize, usize),
    open: Open,
    games: Vec<GameData>,
    failed: bool,
}

impl FastBuilder {
    /// Reads `input`, keeping the nodes (their values as written, decoded
    /// on access) when `keep_nodes`; `None` when it needs the library's
    /// trees.
    pub fn read(input: &[u8], keep_nodes: bool) -> Option<Vec<GameData>> {
        // Until a game is read, room for one game of the whole input (up
        // to 1 MiB of text) with a move every seven bytes.
        let text = input.len().min(1 << 20);
        let mut builder = FastBuilder {
            keep_nodes,
            sizes: (text / 7, text / 7, text / 7, text),
            open: Open::default(),
            games: Vec::new(),
            failed: false,
        };
        let charset = strict_events(input, &mut builder)?;
        if builder.failed || builder.games.is_empty() {
            return None;
        }
        for game in &mut builder.games {
            game.charset = charset;
        }
        Some(builder.games)
    }

    fn finish(&mut self) {
        let open = &mut self.open;
        let raw = &open.raw;
        let moves = open.moves.iter().map(|m| (m.white, m.value(raw)));
        let Some(summary) = summarize(std::mem::take(&mut open.chain), moves) else {
            self.failed = true;
            return;
        };
        let mut game = std::mem::take(&mut open.game);
        self.sizes = (
            game.nodes.len(),
            game.props.len(),
            game.values.len(),
            game.text.len(),
        );
        game.node_count = open.nodes;
        game.raw_values = self.keep_nodes;
        open.clear();
        game.moves = summary.moves;
        game.info = summary.info;
        game.setup = summary.setup;
        game.warnings = summary.warnings;
        self.games.push(game);
    }
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

impl Sink for FastBuilder {
    fn start(&mut self) {
        let open = &mut self.open;
        open.depth += 1;
        if open.depth == 1 {
            open.on_main_line = true;
            open.current = NONE;
            if self.keep_nodes {
                // Room for a game like the last one.
                let game = &mut open.game;
                let last = self.sizes;
                game.nodes.reserve(last.0);
                game.props.reserve(last.1);
                game.values.reserve(last.2);
                game.text.reserve(last.3);
            }
        }
        open.marks.push(open.current);
    }

    fn node(&mut self) {
        let open = &mut self.open;
        open.nodes += 1;
        open.idents.clear();
        if open.on_main_line {
            open.main_nodes += 1;
        }
        if !self.keep_nodes {
            return;
        }
        let game = &mut open.game;
        let index = game.nodes.len() as u32;
        let parent = open.current;
        let props = game.props.len() as u32;
        game.nodes.push(NodeRec {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            props: (props, props),
        });
        open.last_child.push(NONE);
        if parent != NONE {
            match open.last_child[parent as usize] {
                NONE => game.nodes[parent as usize].first_child = index,
                previous => game.nodes[previous as usize].next_sibling = index,
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
        let main = open.on_main_line;
        let color = match ident.as_bytes() {
            [b'B'] if main => Some(false),
            [b'W'] if main => Some(true),
            _ => None,
        };
        if let Some(white) = color {
            let Some(raw) = values.single() else {
                return false;
            };
            open.moves.push(MoveValue::new(white, raw, &mut open.raw));
            if !self.keep_nodes {
                return true;
            }
        }
        let summarized = main && color.is_none() && summarized_ident(ident, open.main_nodes == 1);
        if !self.keep_nodes && !summarized {
            return true;
        }
        let mut kept: Vec<String> = Vec::new();
        let first_value = open.game.values.len() as u32;
        let mut take = |raw: &[u8]| {
            if summarized {
                kept.push(text_value(raw).into_owned());
            }
            if self.keep_nodes {
                let range = push_bytes(&mut open.game.text, raw);
                open.game.values.push(range);
            }
        };
        match values.single() {
            Some(raw) => take(raw),
            None => values.iter().for_each(take),
        }
        if summarized {
            open.chain.push(open.main_nodes - 1, ident, kept);
        }
        if self.keep_nodes {
            let game = &mut open.game;
            let ident = push_bytes(&mut game.text, ident.as_bytes());
            game.props.push(PropRec {
                ident,
                values: (first_value, game.values.len() as u32),
            });
            if let Some(node) = game.nodes.last_mut() {
                node.props.1 = game.props.len() as u32;
            }
        }
        true
    }

    fn end(&mut self) {
        let open = &mut self.open;
        open.on_main_line = false;
        open.current = open.marks.pop().unwrap_or(NONE);
        open.depth -= 1;
        if open.depth == 0 {
            self.finish();
        }
    }
}
