//! Every call into sgf-stream's trees and writer: an `SgfTree` becomes
//! the binding's [`GameData`] (its information and values read by
//! `info.rs`), the binding's nodes become `SgfTree`s again, and games
//! are written back as SGF.

use sgf_stream::tree::{Node, NodeMut};
use sgf_stream::typed::{BoardSize, Decoder};
use sgf_stream::{Charset, Layout, Newline, SgfTree, WriteOptions, Writer};

use std::sync::OnceLock;

use crate::data::{Arena, Described, GameData, NodeRec, Nodes, PropRec, NONE};
use crate::info::{info_of, move_row, points_of, value_problem};

/// `tree` as the binding's game record, with its main-line moves, game
/// information, setup stones and nodes.
pub fn game_data(tree: SgfTree, charset: &'static str) -> GameData {
    let (moves, move_errors) = tree.moves_lenient();
    let (info, info_errors) = tree.game_info_lenient();
    let normalized = tree.normalized();
    let mut game = GameData {
        charset,
        moves: moves
            .iter()
            .map(|&(color, played)| move_row(color, played))
            .collect(),
        setup: setup_of(&tree, info.size),
        info: OnceLock::from(Described {
            info: info_of(info, &normalized),
            warnings: info_errors.iter().map(value_problem).collect(),
        }),
        later_warnings: move_errors.iter().map(value_problem).collect(),
        node_count: tree.nodes().count() as u64,
        ..GameData::default()
    };
    let mut arena = Arena::default();
    flatten(&tree, &mut arena);
    game.nodes = Nodes::Built(arena);
    game
}

fn setup_of(tree: &SgfTree, size: BoardSize) -> [Vec<[i16; 2]>; 3] {
    let decoder = Decoder::with_size(size);
    ["AB", "AW", "AE"].map(|ident| {
        let Some(values) = tree.get(ident) else {
            return Vec::new();
        };
        let (points, _) = decoder.decode_tree_lenient(ident, values);
        points_of(&points)
    })
}

fn range_of(text: &mut Vec<u8>, part: &str) -> (u32, u32) {
    let start = text.len() as u32;
    text.extend_from_slice(part.as_bytes());
    (start, text.len() as u32)
}

/// Copies the nodes of `tree` into `game`, an arena, in pre-order,
/// without recursion.
fn flatten(tree: &SgfTree, game: &mut Arena) {
    // (node, its parent's index in `game`), the next node on top.
    let mut stack: Vec<(Node<'_>, u32)> = vec![(tree.root(), NONE)];
    let mut children: Vec<Node<'_>> = Vec::new();
    // Per node of `game`: its last child so far.
    let mut last_child: Vec<u32> = Vec::new();
    while let Some((node, parent)) = stack.pop() {
        let index = game.nodes.len() as u32;
        let props_start = game.props.len() as u32;
        for (ident, values) in node.properties() {
            let ident = range_of(&mut game.text, ident);
            let values_start = game.values.len() as u32;
            for value in values.iter() {
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
        children.extend(node.children());
        stack.extend(children.drain(..).rev().map(|child| (child, index)));
    }
}

/// Adds the properties of node `at` of `game` to `node`, in order.
fn copy_properties(game: &Arena, at: u32, node: &mut NodeMut<'_>) {
    for prop in game.props_of(at) {
        node.push_property(&game.str(prop.ident), game.values_of(prop));
    }
}

/// The main line of `game` (from the root), as an `SgfTree` whose nodes
/// have one child each, built from the root down.
pub fn main_line_tree(game: &Arena) -> SgfTree {
    line_tree(game, &game.line_from(0))
}

/// The nodes `line` of `game` (a path from the root), as an `SgfTree`
/// whose nodes have one child each.
pub fn line_tree(game: &Arena, line: &[u32]) -> SgfTree {
    let mut tree = SgfTree::new();
    let mut node = tree.root_mut();
    for (step, &at) in line.iter().enumerate() {
        if step > 0 {
            node.push_child(SgfTree::new());
            node = node.into_child(0).expect("the child just pushed");
        }
        copy_properties(game, at, &mut node);
    }
    tree
}

/// The subtree of `game` from node `top`, as an `SgfTree`, built from the
/// last node back so that every child is ready before its parent.
///
/// A `NodeMut` only goes down, so a build from the top would go down from
/// the root again for every variation; bottom up, `SgfTree::with_child`
/// copies the smaller of two trees into the other, which keeps the
/// copying at most linear in the size times the depth of nesting (and
/// linear for a line of moves).
fn to_tree(game: &Arena, top: u32) -> SgfTree {
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
        copy_properties(game, at as u32, &mut node.root_mut());
        let mut child = game.nodes[at].first_child;
        while child != NONE {
            if let Some(taken) = built[child as usize - top as usize].take() {
                node = node.with_child(taken);
            }
            child = game.nodes[child as usize].next_sibling;
        }
        built[at - top as usize] = Some(node);
    }
    built[0].take().unwrap_or_default()
}

fn is_below(game: &Arena, node: u32, top: u32) -> bool {
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
            .write_tree(&to_tree(game.arena(), top))
            .map_err(|err| err.to_string())?;
    }
    writer.into_inner().map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str =
        "(;GM[1]C[a \\] b];B[aa](;W[ab];B[ac](;W[ad])(;W[ae]))(;W[dd])(;W[de];B[df]))";

    #[test]
    fn the_binding_arena_gives_back_the_library_tree_and_its_subtrees() {
        let tree = sgf_stream::parse(GAME).unwrap();
        let game = game_data(tree.clone(), "UTF-8");
        let arena = game.arena();
        assert_eq!(arena.nodes.len(), tree.nodes().count());
        // Node `i` of the binding's arena is node `i` of the tree in
        // pre-order, with its subtree.
        for (at, node) in tree.nodes().enumerate() {
            assert_eq!(to_tree(arena, at as u32), node.to_tree(), "node {at}");
        }
        assert_eq!(to_tree(arena, 0), tree);
    }

    #[test]
    fn game_information_is_normalised_by_the_library() {
        let tree = sgf_stream::parse(
            "(;BR[P8段]WR[9段]RE[黑胜3又3/4子]KM[375]HA[0]DT[1996-05-06,07,08];B[aa])",
        )
        .unwrap();
        let info = game_data(tree, "UTF-8").info().clone();
        assert_eq!(info.black_rank.as_deref(), Some("8p"));
        assert_eq!(info.white_rank.as_deref(), Some("9d"));
        assert_eq!(
            (info.black_rank_ordinal, info.white_rank_ordinal),
            (Some(17), Some(9))
        );
        assert_eq!(
            (info.winner, info.reason, info.margin),
            (Some("B"), Some("score"), Some(7.5))
        );
        assert_eq!((info.komi, info.handicap), (Some(7.5), Some(0)));
        assert_eq!(info.date.as_deref(), Some("1996-05-06"));
        assert_eq!(info.date_last.as_deref(), Some("1996-05-08"));
        // 1996-05-06 is 9,622 days after 1970-01-01.
        assert_eq!(
            (info.date_day, info.date_last_day),
            (Some(9_622), Some(9_624))
        );
        assert_eq!(
            info.result.as_deref(),
            Some("黑胜3又3/4子"),
            "RE as written"
        );
    }

    #[test]
    fn the_main_line_tree_has_the_main_line_nodes_one_below_the_other() {
        let tree = sgf_stream::parse(GAME).unwrap();
        let line = main_line_tree(game_data(tree.clone(), "UTF-8").arena());
        assert_eq!(
            line.to_string(),
            "(;GM[1]C[a \\] b];B[aa];W[ab];B[ac];W[ad])"
        );
        assert!(line.nodes().all(|node| node.children().len() <= 1));
        assert_eq!(line.main_line().count(), tree.main_line().count());
        for (ours, theirs) in line.main_line().zip(tree.main_line()) {
            assert!(ours.properties().eq(theirs.properties()));
        }
    }
}
