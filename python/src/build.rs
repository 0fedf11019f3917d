//! Games straight from the strict parser's events, for input that is
//! well-formed UTF-8 (nearly all of it): no intermediate tree, and the
//! moves and game information picked up on the way. Anything else (a
//! repair, an error, another charset, an odd move) gives up, and the
//! input is read through the library's trees instead (`tree.rs`).

use crate::data::{GameData, NodeRec, PropRec, Raw, NONE};
use crate::read::{strict_events, text_value, Sink, Values};
use crate::tree::{is_summarized, summarize};

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
    chain: Vec<Vec<(String, Vec<String>)>>,
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
        if value.len() <= 2 {
            out.short[..value.len()].copy_from_slice(value);
        } else {
            let start = raw.len() as u32;
            raw.extend_from_slice(value);
            out.long = (start, raw.len() as u32);
        }
        out
    }

    fn value<'a>(&'a self, raw: &'a [u8]) -> &'a [u8] {
        if self.len <= 2 {
            &self.short[..usize::from(self.len)]
        } else {
            &raw[self.long.0 as usize..self.long.1 as usize]
        }
    }
}

/// Which short identifiers are summarized (see [`is_summarized`]), by
/// their letters, in the root and elsewhere: 0 not known yet, 1 no,
/// 2 yes.
struct Summarized([[u8; 27 * 27]; 2]);

impl Summarized {
    fn get(&mut self, ident: &str, root: bool) -> bool {
        let slot = match ident.as_bytes() {
            [a] if a.is_ascii_uppercase() => usize::from(a - b'A' + 1),
            [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
                usize::from(a - b'A' + 1) * 27 + usize::from(b - b'A' + 1)
            }
            _ => return is_summarized(ident, root),
        };
        let known = &mut self.0[usize::from(root)][slot];
        if *known == 0 {
            *known = 1 + u8::from(is_summarized(ident, root));
        }
        *known == 2
    }
}

impl Open {
    /// Ready for the next game, keeping the buffers.
    fn clear(&mut self) {
        self.marks.clear();
        self.last_child.clear();
        self.moves.clear();
        self.raw.clear();
        self.idents.clear();
        self.chain.clear();
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
    keep_raw: bool,
    summarized: Summarized,
    open: Open,
    games: Vec<GameData>,
    failed: bool,
}

impl FastBuilder {
    /// Reads `input`, keeping the nodes, and their values as written
    /// when `keep_raw`; `None` when it needs the library's trees.
    pub fn read(input: &[u8], keep_nodes: bool, keep_raw: bool) -> Option<Vec<GameData>> {
        let mut builder = FastBuilder {
            keep_nodes,
            keep_raw: keep_raw && keep_nodes,
            summarized: Summarized([[0; 27 * 27]; 2]),
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
        let moves: Vec<(bool, &[u8])> = open
            .moves
            .iter()
            .map(|value| (value.white, value.value(&open.raw)))
            .collect();
        let Some(summary) = summarize(std::mem::take(&mut open.chain), &moves) else {
            self.failed = true;
            return;
        };
        drop(moves);
        let mut game = std::mem::take(&mut open.game);
        game.node_count = open.nodes;
        if self.keep_raw && game.raw.is_none() {
            game.raw = Some(Raw::default());
        }
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

fn push_text(text: &mut String, part: &str) -> (u32, u32) {
    let start = text.len() as u32;
    text.push_str(part);
    (start, text.len() as u32)
}

impl Sink for FastBuilder {
    fn start(&mut self) {
        let open = &mut self.open;
        open.depth += 1;
        if open.depth == 1 {
            open.on_main_line = true;
            open.current = NONE;
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
        let summarized =
            main && color.is_none() && self.summarized.get(ident, open.main_nodes == 1);
        if !self.keep_nodes && !summarized {
            return true;
        }
        let mut kept: Vec<String> = Vec::new();
        let first_value = open.game.values.len() as u32;
        for raw in values.iter() {
            let text = text_value(raw);
            if summarized {
                kept.push(text.to_string());
            }
            if self.keep_nodes {
                let range = push_text(&mut open.game.text, &text);
                open.game.values.push(range);
            }
            if self.keep_raw {
                open.game.raw.get_or_insert_with(Raw::default).push(raw);
            }
        }
        if summarized {
            if open.chain.len() < open.main_nodes {
                open.chain.resize_with(open.main_nodes, Vec::new);
            }
            open.chain[open.main_nodes - 1].push((ident.to_string(), kept));
        }
        if self.keep_nodes {
            let game = &mut open.game;
            let ident = push_text(&mut game.text, ident);
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
