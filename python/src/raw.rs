//! The values of games as written, for games read through the library's
//! trees (repaired or converted input): taken from the lenient parser's
//! events and matched to the trees node by node. A game whose tree does
//! not match its events property for property (a repeated property was
//! merged, a game tree was dropped) gets none.

use crate::data::{GameData, Nodes, Raw};
use crate::read::{lenient_events, ReadOptions, Sink, Values};

/// One property of the events: identifier, and its values in `bytes`.
type Property = (String, Vec<(u32, u32)>);

/// The events of each game tree: its nodes' properties, in pre-order.
#[derive(Default)]
struct Collector {
    games: Vec<Vec<Vec<Property>>>,
    bytes: Vec<u8>,
    depth: u32,
}

impl Sink for Collector {
    fn start(&mut self, _at: u64) {
        if self.depth == 0 {
            self.games.push(Vec::new());
        }
        self.depth += 1;
    }

    fn node(&mut self) {
        if let Some(game) = self.games.last_mut() {
            game.push(Vec::new());
        }
    }

    fn property(&mut self, ident: &str, values: Values<'_>) -> bool {
        let mut ranges = Vec::new();
        for value in values.iter() {
            let start = self.bytes.len() as u32;
            self.bytes.extend_from_slice(value);
            ranges.push((start, self.bytes.len() as u32));
        }
        if let Some(node) = self.games.last_mut().and_then(|game| game.last_mut()) {
            node.push((ident.to_string(), ranges));
        }
        true
    }

    fn end(&mut self, _end: u64) {
        self.depth = self.depth.saturating_sub(1);
    }
}

/// Gives each of `games` (read from `input` through the trees) its raw
/// values, where its events match it.
pub fn attach(input: &[u8], options: &ReadOptions, games: &mut [GameData]) {
    let mut collector = Collector::default();
    lenient_events(input, options, &mut collector);
    if collector.games.len() != games.len() {
        return;
    }
    for (game, nodes) in games.iter_mut().zip(&collector.games) {
        let raw = matched(game, nodes, &collector.bytes);
        if let Nodes::Built(arena) = &mut game.nodes {
            arena.raw = raw;
        }
    }
}

fn matched(game: &GameData, nodes: &[Vec<Property>], bytes: &[u8]) -> Option<Raw> {
    let arena = game.arena();
    if nodes.len() != arena.nodes.len() {
        return None;
    }
    let mut raw = Raw::default();
    for (index, props) in nodes.iter().enumerate() {
        let ours = arena.props_of(index as u32);
        if ours.len() != props.len() {
            return None;
        }
        for (prop, (ident, ranges)) in ours.iter().zip(props) {
            let count = (prop.values.1 - prop.values.0) as usize;
            if arena.str(prop.ident) != ident.as_str() || count != ranges.len() {
                return None;
            }
            for &(start, end) in ranges {
                raw.push(&bytes[start as usize..end as usize]);
            }
        }
    }
    Some(raw)
}
