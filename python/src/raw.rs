//! The values of games as written, for games read through the library's
//! trees (a property repeated in a node, or a game read as a stream):
//! taken from the reader's events and matched to the tree node by node. A
//! game whose tree does not match its events property for property (a
//! repeated property was merged) gets none.

use std::ops::Range;

use sgf_stream::Event;

use crate::data::{GameData, Nodes, Raw};
use crate::read::{game_events, Sink};

/// One property of the events: identifier, and its values in `bytes`.
type Property = (String, Vec<(u32, u32)>);

/// The events of one game tree: its nodes' properties, in pre-order.
#[derive(Debug, Default)]
pub struct Events {
    nodes: Vec<Vec<Property>>,
    bytes: Vec<u8>,
}

impl Events {
    /// Takes the next event of the game.
    pub fn push(&mut self, event: &Event<'_>) {
        match event {
            Event::Node => self.nodes.push(Vec::new()),
            Event::Property(ident, values) => {
                let mut ranges = Vec::with_capacity(values.len());
                for value in values.iter() {
                    let start = self.bytes.len() as u32;
                    self.bytes.extend_from_slice(value.as_bytes());
                    ranges.push((start, self.bytes.len() as u32));
                }
                if let Some(node) = self.nodes.last_mut() {
                    node.push((ident.as_str().to_string(), ranges));
                }
            }
            Event::StartGameTree | Event::EndGameTree => {}
        }
    }

    /// Gives `game` (read from these events through the trees) its raw
    /// values, where they match its tree; ready for the next game.
    pub fn attach(&mut self, game: &mut GameData) {
        let raw = matched(game, &self.nodes, &self.bytes);
        if let Nodes::Built(arena) = &mut game.nodes {
            arena.raw = raw;
        }
        self.clear();
    }

    /// Drops the events taken: ready for the next game.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.bytes.clear();
    }
}

impl Sink for Events {
    fn event(&mut self, event: &Event<'_>, _: Range<u64>) -> bool {
        self.push(event);
        true
    }
}

/// Gives `game`, read from the game text `text` through the trees, its
/// raw values, where its events match it.
pub fn attach(text: &[u8], game: &mut GameData) {
    game_events(text, Events::default).attach(game);
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
