//! The binding's own game records: what the worker threads hand to
//! Python. They hold no library type, so the reading code can change
//! without touching the Python classes. What a game builds from its text
//! when first asked for is in `game.rs`.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;

/// "No node": the end of a child or sibling chain, the root's parent.
pub const NONE: u32 = u32::MAX;

/// Where something is in the input: byte offset from 0, line and column
/// from 1 (the column counts bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub offset: u64,
    pub line: u32,
    pub column: u32,
}

impl Place {
    /// The place of the first byte.
    pub const START: Place = Place {
        offset: 0,
        line: 1,
        column: 1,
    };
}

impl Default for Place {
    fn default() -> Self {
        Place::START
    }
}

/// An error or a warning: a stable code (snake_case, the library's), a
/// message, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub code: String,
    pub message: String,
    /// Unknown for values found bad after parsing (a move off the board).
    pub place: Option<Place>,
    /// The bytes concerned, as offsets; empty when something was supplied.
    pub range: (u64, u64),
}

impl Problem {
    /// `message at line L, column C (byte O)`, as the library writes it.
    pub fn describe(&self) -> String {
        match self.place {
            Some(p) => format!(
                "{} at line {}, column {} (byte {})",
                self.message, p.line, p.column, p.offset
            ),
            None => self.message.clone(),
        }
    }
}

/// A game's own warnings: of its information (`described`), then of its
/// board size and moves (`later`), without a warning repeated right after
/// itself.
pub fn own_warnings(described: &[Problem], later: &[Problem], out: &mut Vec<Problem>) {
    let mut last: Option<&Problem> = None;
    for problem in described.iter().chain(later) {
        if last != Some(problem) {
            out.push(problem.clone());
        }
        last = Some(problem);
    }
}

/// One node: links to its relatives and its properties.
#[derive(Debug, Clone, Copy)]
pub struct NodeRec {
    pub parent: u32,
    pub first_child: u32,
    pub next_sibling: u32,
    /// Its properties: `props[props.0 .. props.1]`.
    pub props: (u32, u32),
}

/// One property: its identifier and its values, as ranges.
#[derive(Debug, Clone, Copy)]
pub struct PropRec {
    /// `text[ident.0 .. ident.1]`.
    pub ident: (u32, u32),
    /// `values[values.0 .. values.1]`.
    pub values: (u32, u32),
}

/// The root and game-info properties, decoded; ranks, the result's
/// parts, komi, handicap and dates normalised by the library's rules
/// (`sgf_stream::game::Normalized`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Info {
    pub cols: u8,
    pub rows: u8,
    pub black: Option<String>,
    pub white: Option<String>,
    /// `5k`, `3d` or `9p`.
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    /// The ranks as one ordered number: 30k is -29, 1k 0, 1d 1, 9d 9,
    /// 1p 10, 9p 18.
    pub black_rank_ordinal: Option<i16>,
    pub white_rank_ordinal: Option<i16>,
    /// `RE` as written.
    pub result: Option<String>,
    /// `"B"` or `"W"`.
    pub winner: Option<&'static str>,
    /// Points, for a win on score.
    pub margin: Option<f64>,
    /// `score`, `resign`, `time`, `forfeit`, `draw`, `void` or `unknown`
    /// (a result that is not read); none without `RE`.
    pub reason: Option<&'static str>,
    pub komi: Option<f64>,
    pub handicap: Option<i64>,
    /// The first and the last date, `YYYY[-MM[-DD]]`.
    pub date: Option<String>,
    pub date_last: Option<String>,
    /// The same dates as days since 1970-01-01, when the day is known.
    pub date_day: Option<i32>,
    pub date_last_day: Option<i32>,
    pub rules: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub place: Option<String>,
    pub name: Option<String>,
    pub source: Option<String>,
    pub time_limit: Option<f64>,
    pub overtime: Option<String>,
    pub application: Option<String>,
    pub charset: Option<String>,
    pub file_format: Option<i64>,
    pub game: Option<i64>,
}

/// Colours in move arrays.
pub const BLACK: i16 = 0;
pub const WHITE: i16 = 1;

/// The values of a game as written (escapes kept), in the order of
/// [`Arena::values`].
#[derive(Debug, Clone, Default)]
pub struct Raw {
    pub bytes: Vec<u8>,
    pub values: Vec<(u32, u32)>,
}

impl Raw {
    /// Appends a value.
    pub fn push(&mut self, value: &[u8]) {
        let start = self.bytes.len() as u32;
        self.bytes.extend_from_slice(value);
        self.values.push((start, self.bytes.len() as u32));
    }

    /// Value `index`.
    pub fn get(&self, index: usize) -> &[u8] {
        let (start, end) = self.values[index];
        &self.bytes[start as usize..end as usize]
    }
}

/// A game's nodes: a flat arena over one text buffer.
#[derive(Debug, Clone, Default)]
pub struct Arena {
    /// Identifiers and values, one after another.
    pub text: Vec<u8>,
    /// Whether the values in `text` are as written (decoded on access),
    /// rather than decoded text.
    pub raw_values: bool,
    /// Every value, as a range of `text`.
    pub values: Vec<(u32, u32)>,
    pub props: Vec<PropRec>,
    /// In pre-order: the root first, each node before its children.
    pub nodes: Vec<NodeRec>,
    /// The values as written, when asked for and known, for decoded
    /// `text`.
    pub raw: Option<Raw>,
    /// The values as written are not handed out: the game was repaired,
    /// and they were not asked for.
    pub raw_hidden: bool,
}

/// Where a game's nodes are: built, or to be built from the game's text
/// when first asked for.
#[derive(Debug)]
pub enum Nodes {
    Built(Arena),
    Text(Bytes, OnceLock<Arena>),
}

impl Default for Nodes {
    fn default() -> Self {
        Nodes::Built(Arena::default())
    }
}

/// A game as the binding keeps it: its nodes, and what was decoded from
/// them while the worker had it.
#[derive(Debug, Default)]
pub struct GameData {
    /// The file (or archive member) it came from.
    pub source: Option<Arc<str>>,
    /// Its index among the games of that file, from 0.
    pub index: u64,
    pub nodes: Nodes,
    /// How many nodes the game has.
    pub node_count: u64,
    /// The main line's moves: colour, x, y (a pass is -1, -1).
    pub moves: Vec<[i16; 3]>,
    /// The root's `AB`, `AW` and `AE` points: x, y.
    pub setup: [Vec<[i16; 2]>; 3],
    /// The game information and the warnings about its values: summed
    /// up while the game was read, or from its text when first asked for.
    pub info: OnceLock<Described>,
    /// Warnings that go before the information's: of the input (repairs,
    /// charsets).
    pub warnings: Vec<Problem>,
    /// Warnings that go after the information's: of the board size and
    /// the moves, then of text after the game.
    pub later_warnings: Vec<Problem>,
    /// The charset the game was read in.
    pub charset: &'static str,
}

/// The game information, with the warnings about its values.
#[derive(Debug, Clone, Default)]
pub struct Described {
    pub info: Info,
    pub warnings: Vec<Problem>,
}

impl GameData {
    /// A game just read, not shared yet, to finish.
    pub fn fresh(game: &mut Arc<GameData>) -> &mut GameData {
        Arc::get_mut(game).expect("a game is shared only once read")
    }
}

impl Arena {
    /// `text[range]`: an identifier, or a decoded value.
    pub fn str(&self, range: (u32, u32)) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.text[range.0 as usize..range.1 as usize])
    }

    /// The properties of node `node`.
    pub fn props_of(&self, node: u32) -> &[PropRec] {
        let (start, end) = self.nodes[node as usize].props;
        &self.props[start as usize..end as usize]
    }

    /// Value `index`, decoded.
    pub fn value(&self, index: usize) -> Cow<'_, str> {
        let (start, end) = self.values[index];
        let bytes = &self.text[start as usize..end as usize];
        if self.raw_values {
            // Decoded as SGF Text, as the tree builder decodes it.
            sgf_stream::value::text_lossy(bytes)
        } else {
            String::from_utf8_lossy(bytes)
        }
    }

    /// Value `index` as written, when known.
    pub fn raw_value(&self, index: usize) -> Option<&[u8]> {
        if self.raw_hidden {
            return None;
        }
        if self.raw_values {
            let (start, end) = self.values[index];
            return Some(&self.text[start as usize..end as usize]);
        }
        self.raw.as_ref().map(|raw| raw.get(index))
    }

    /// The values of `prop`, decoded.
    pub fn values_of(&self, prop: &PropRec) -> impl ExactSizeIterator<Item = Cow<'_, str>> + '_ {
        (prop.values.0..prop.values.1).map(|index| self.value(index as usize))
    }

    /// The children of node `node`, in order.
    pub fn children_of(&self, node: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            out.push(child);
            child = self.nodes[child as usize].next_sibling;
        }
        out
    }

    /// Node `node` and its first child, that one's first child, and so on.
    pub fn line_from(&self, node: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut at = node;
        while at != NONE {
            out.push(at);
            at = self.nodes[at as usize].first_child;
        }
        out
    }
}
