//! Every call into sgf-stream's trees, game information, typed values
//! and writer: an `SgfTree` becomes the binding's [`GameData`], and a
//! `GameData` is written back as SGF.

use sgf_stream::game::{GameResult, WinBy};
use sgf_stream::props::{self, Category};
use sgf_stream::typed::{BoardSize, Color, Decoder, Move, PropertyError};
use sgf_stream::{Charset, Layout, Newline, SgfTree, WriteOptions, Writer};

use crate::data::{GameData, Info, NodeRec, Problem, PropRec, BLACK, NONE, WHITE};

/// `tree` as the binding's game record, with its main-line moves, game
/// information and setup stones decoded; its nodes are kept (flattened)
/// when `nodes` is set.
pub fn game_data(mut tree: SgfTree, charset: &'static str, nodes: bool) -> GameData {
    let mut game = GameData {
        charset,
        ..GameData::default()
    };
    let (moves, move_errors) = tree.moves_lenient();
    game.moves = moves
        .iter()
        .map(|&(color, played)| move_row(color, played))
        .collect();
    let (info, info_errors) = tree.game_info_lenient();
    game.setup = setup_of(&tree, info.size);
    game.info = info_of(info);
    let mut errors = info_errors;
    errors.extend(move_errors);
    errors.dedup();
    game.warnings = errors.iter().map(value_problem).collect();
    game.node_count = tree.nodes().count() as u64;
    if nodes {
        flatten(&mut tree, &mut game);
    }
    game
}

/// Whether property `ident` goes into the game information: root
/// properties in the root, game-info properties anywhere on the main
/// line; and the root's setup stones.
pub fn is_summarized(ident: &str, root: bool) -> bool {
    if root && matches!(ident, "AB" | "AW" | "AE") {
        return true;
    }
    props::lookup(ident).is_some_and(|info| match info.category {
        Category::GameInfo => true,
        Category::Root => root,
        _ => false,
    })
}

/// The summarized properties (see [`is_summarized`]) of the main line's
/// nodes, as nodes of their own.
#[derive(Debug, Default)]
pub struct Chain(Vec<SgfTree>);

impl Chain {
    /// Adds a property to main-line node `node` (from 0, the root).
    pub fn push(&mut self, node: usize, ident: &str, values: Vec<String>) {
        if self.0.len() <= node {
            self.0.resize_with(node + 1, SgfTree::new);
        }
        self.0[node].push_property(ident, values);
    }
}

/// The raw value of a move: two bytes (nearly all of them), or another
/// length.
#[derive(Debug, Clone, Copy)]
pub enum MoveBytes<'a> {
    Two([u8; 2]),
    Other(&'a [u8]),
}

/// Moves, game information and setup stones, decoded.
pub struct Summary {
    pub moves: Vec<[i16; 3]>,
    pub info: Info,
    pub setup: [Vec<[i16; 2]>; 3],
    pub warnings: Vec<Problem>,
}

/// What [`game_data`] decodes, from the summarized properties of each
/// main-line node that has some (the root first, see
/// [`is_summarized`]) and the main line's raw move values; `None` when a
/// move is not one well-formed value (then the whole tree is needed).
pub fn summarize<'m>(
    chain: Chain,
    moves: impl ExactSizeIterator<Item = (bool, MoveBytes<'m>)>,
) -> Option<Summary> {
    let mut nodes = chain.0;
    let mut root = nodes.pop().unwrap_or_default();
    while let Some(mut parent) = nodes.pop() {
        parent.children_mut().push(root);
        root = parent;
    }
    let size = root.board_size();
    let mut warnings: Vec<PropertyError> = Vec::new();
    let played_size = size.clone().unwrap_or_default();
    let mut rows = Vec::with_capacity(moves.len());
    let decoded = MOVES.with(|cache| {
        let mut cache = cache.borrow_mut();
        let table = cache.table(played_size);
        for (white, raw) in moves {
            let [x, y] = table.point(raw)?;
            rows.push([if white { WHITE } else { BLACK }, x, y]);
        }
        Some(())
    });
    decoded?;
    let (info, info_errors) = root.game_info_lenient();
    warnings.extend(info_errors);
    if let Err(err) = size {
        warnings.push(err);
    }
    warnings.dedup();
    Some(Summary {
        moves: rows,
        setup: setup_of(&root, info.size),
        info: info_of(info),
        warnings: warnings.iter().map(value_problem).collect(),
    })
}

/// `Move::decode` of two-byte values, remembered per board size (a few
/// sizes at a time) for each thread.
#[derive(Default)]
struct MoveCache {
    tables: Vec<(BoardSize, MoveTable)>,
}

thread_local! {
    static MOVES: std::cell::RefCell<MoveCache> = std::cell::RefCell::default();
}

impl MoveCache {
    fn table(&mut self, size: BoardSize) -> &mut MoveTable {
        let at = match self.tables.iter().position(|(s, _)| *s == size) {
            Some(at) => at,
            None => {
                if self.tables.len() == 4 {
                    self.tables.remove(0);
                }
                self.tables.push((size, MoveTable::new(size)));
                self.tables.len() - 1
            }
        };
        &mut self.tables[at].1
    }
}

/// Two-byte values to points for one board size: 0 not decoded yet,
/// 1 not a move, else 2 + (x + 1) * 256 + (y + 1), a pass being -1, -1.
struct MoveTable {
    size: BoardSize,
    known: Vec<u32>,
}

impl MoveTable {
    fn new(size: BoardSize) -> Self {
        MoveTable {
            size,
            known: vec![0; 1 << 16],
        }
    }

    /// x, y of the move `raw`, as in move rows.
    fn point(&mut self, raw: MoveBytes<'_>) -> Option<[i16; 2]> {
        let [a, b] = match raw {
            MoveBytes::Two(two) => two,
            MoveBytes::Other(raw) => {
                let [_, x, y] = move_row(Color::Black, Move::decode(raw, self.size).ok()?);
                return Some([x, y]);
            }
        };
        let slot = &mut self.known[usize::from(a) << 8 | usize::from(b)];
        if *slot == 0 {
            *slot = match Move::decode(&[a, b], self.size) {
                Err(_) => 1,
                Ok(played) => {
                    let [_, x, y] = move_row(Color::Black, played);
                    2 + ((x + 1) as u32) * 256 + (y + 1) as u32
                }
            };
        }
        let code = slot.checked_sub(2)?;
        Some([(code / 256) as i16 - 1, (code % 256) as i16 - 1])
    }
}

fn move_row(color: Color, played: Move) -> [i16; 3] {
    let color = match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    };
    match played.point() {
        Some(point) => [color, i16::from(point.col), i16::from(point.row)],
        None => [color, -1, -1],
    }
}

fn setup_of(tree: &SgfTree, size: sgf_stream::typed::BoardSize) -> [Vec<[i16; 2]>; 3] {
    let decoder = Decoder::with_size(size);
    ["AB", "AW", "AE"].map(|ident| {
        let Some(values) = tree.get(ident) else {
            return Vec::new();
        };
        let (points, _) = decoder.decode_tree_lenient(ident, values);
        points
            .iter()
            .filter_map(|value| value.as_point())
            .map(|p| [i16::from(p.col), i16::from(p.row)])
            .collect()
    })
}

fn info_of(info: sgf_stream::game::GameInfo) -> Info {
    let (winner, margin, reason) = match info.outcome() {
        Some(GameResult::Win { winner, by }) => {
            let winner = match winner {
                Color::Black => "B",
                Color::White => "W",
            };
            let (margin, reason) = match by {
                WinBy::Score(points) => (Some(points), "score"),
                WinBy::Resign => (None, "resign"),
                WinBy::Time => (None, "time"),
                WinBy::Forfeit => (None, "forfeit"),
                _ => (None, "unspecified"),
            };
            (Some(winner), margin, Some(reason))
        }
        Some(GameResult::Draw) => (None, None, Some("draw")),
        Some(GameResult::Void) => (None, None, Some("void")),
        Some(GameResult::Unknown) => (None, None, Some("unknown")),
        None => (None, None, None),
    };
    Info {
        cols: info.size.cols,
        rows: info.size.rows,
        black: info.black,
        white: info.white,
        black_rank: info.black_rank,
        white_rank: info.white_rank,
        result: info.result,
        winner,
        margin,
        reason,
        komi: info.komi,
        handicap: info.handicap,
        date: info.date,
        rules: info.rules,
        event: info.event,
        round: info.round,
        place: info.place,
        name: info.name,
        source: info.source,
        time_limit: info.time_limit,
        overtime: info.overtime,
        application: info
            .application
            .map(|(name, version)| format!("{name}:{version}")),
        charset: info.charset,
        file_format: info.file_format,
        game: info.game,
    }
}

fn value_problem(err: &PropertyError) -> Problem {
    Problem {
        kind: "bad_value".to_string(),
        message: err.to_string(),
        place: None,
        range: (0, 0),
    }
}

fn range_of(text: &mut Vec<u8>, part: &str) -> (u32, u32) {
    let start = text.len() as u32;
    text.extend_from_slice(part.as_bytes());
    (start, text.len() as u32)
}

/// Moves the nodes of `tree` into `game`'s arena, in pre-order, without
/// recursion.
fn flatten(tree: &mut SgfTree, game: &mut GameData) {
    let root = std::mem::take(tree);
    // (node, its parent, its parent's last child so far)
    let mut stack: Vec<(SgfTree, u32)> = vec![(root, NONE)];
    let mut last_child: Vec<u32> = Vec::new();
    while let Some((mut node, parent)) = stack.pop() {
        let index = game.nodes.len() as u32;
        let props_start = game.props.len() as u32;
        for (ident, values) in node.take_properties() {
            let ident = range_of(&mut game.text, &ident);
            let values_start = game.values.len() as u32;
            for value in &values {
                let range = range_of(&mut game.text, value);
                game.values.push(range);
            }
            let values = (values_start, game.values.len() as u32);
            game.props.push(PropRec { ident, values });
        }
        game.nodes.push(NodeRec {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            props: (props_start, game.props.len() as u32),
        });
        last_child.push(NONE);
        if parent != NONE {
            let previous = last_child[parent as usize];
            if previous == NONE {
                game.nodes[parent as usize].first_child = index;
            } else {
                game.nodes[previous as usize].next_sibling = index;
            }
            last_child[parent as usize] = index;
        }
        let children = std::mem::take(node.children_mut());
        stack.extend(children.into_iter().rev().map(|child| (child, index)));
    }
}

/// The subtree of `game` from node `top`, as an `SgfTree`, built from the
/// last node back so that every child is ready before its parent.
fn to_tree(game: &GameData, top: u32) -> SgfTree {
    // Pre-order puts a subtree's nodes right after its top, up to the
    // next node that is not below it.
    let mut end = top as usize + 1;
    while end < game.nodes.len() && is_below(game, end as u32, top) {
        end += 1;
    }
    let mut built: Vec<Option<SgfTree>> = Vec::with_capacity(end - top as usize);
    built.resize_with(end - top as usize, || None);
    for at in (top as usize..end).rev() {
        let mut node = SgfTree::new();
        for prop in game.props_of(at as u32) {
            let values = game.values_of(prop).map(|v| v.into_owned()).collect();
            node.push_property(&game.str(prop.ident), values);
        }
        let mut child = game.nodes[at].first_child;
        while child != NONE {
            let taken = built[child as usize - top as usize].take();
            node.children_mut().extend(taken);
            child = game.nodes[child as usize].next_sibling;
        }
        built[at - top as usize] = Some(node);
    }
    built[0].take().unwrap_or_default()
}

fn is_below(game: &GameData, node: u32, top: u32) -> bool {
    // A node after `top` in pre-order is below it while its parent chain
    // reaches `top`; parents come before children, so the check is one
    // step: the parent is `top` or itself below (already counted).
    let parent = game.nodes[node as usize].parent;
    parent != NONE && parent >= top
}

/// How to lay out written SGF.
#[derive(Debug, Clone, Default)]
pub struct WriteSpec {
    pub node_per_line: bool,
    pub wrap: Option<usize>,
    pub crlf: bool,
    /// A charset label; UTF-8 when absent.
    pub charset: Option<String>,
}

/// Writes the subtrees of `games` (game, top node) as one collection.
pub fn write(games: &[(&GameData, u32)], spec: &WriteSpec) -> Result<Vec<u8>, String> {
    let mut options = WriteOptions::new();
    if spec.node_per_line {
        options = options.layout(Layout::NodePerLine);
    }
    if let Some(width) = spec.wrap {
        options = options.wrap(true).width(width);
    }
    if spec.crlf {
        options = options.newline(Newline::CrLf);
    }
    if let Some(label) = &spec.charset {
        let charset =
            Charset::for_label(label).ok_or_else(|| format!("unknown charset `{label}`"))?;
        options = options.charset(charset);
    }
    let mut writer = Writer::with_options(Vec::new(), options);
    for &(game, top) in games {
        writer
            .write_tree(&to_tree(game, top))
            .map_err(|err| err.to_string())?;
    }
    writer.into_inner().map_err(|err| err.to_string())
}
