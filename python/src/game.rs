//! What a game makes of its text when first asked for: a game read by
//! a collection may keep only its text ([`Nodes::Text`]), its nodes and
//! its information then built from it by the event builder
//! (`summary.rs`) on first use; and the game's table row, of that
//! information.

use crate::columns::{Columns, Row};
use crate::data::{own_warnings, Arena, Described, GameData, Info, Nodes, Problem};
use crate::summary::{described, nodes_of};

impl GameData {
    /// The game information, summed up from the game's text on first use
    /// when reading did not.
    pub fn described(&self) -> &Described {
        self.info.get_or_init(|| match &self.nodes {
            Nodes::Text(text, _) => described(text),
            Nodes::Built(_) => Described::default(),
        })
    }

    /// The game information.
    pub fn info(&self) -> &Info {
        &self.described().info
    }

    /// Every warning, in order: the input's, the information's, then the
    /// board size's and the moves' (without a warning repeated right
    /// after itself).
    pub fn all_warnings(&self) -> Vec<Problem> {
        let described = &self.described().warnings;
        let mut all =
            Vec::with_capacity(self.warnings.len() + described.len() + self.later_warnings.len());
        all.extend_from_slice(&self.warnings);
        own_warnings(described, &self.later_warnings, &mut all);
        all
    }

    /// The game's nodes, built from its text on first use.
    pub fn arena(&self) -> &Arena {
        match &self.nodes {
            Nodes::Built(arena) => arena,
            Nodes::Text(text, built) => built.get_or_init(|| nodes_of(text).0),
        }
    }

    /// The row of this game, with `warnings` (its own: see
    /// [`GameData::all_warnings`]).
    pub fn row<'a>(&'a self, warnings: &'a [Problem]) -> Row<'a> {
        Row {
            charset: self.charset,
            info: self.info(),
            node_count: self.node_count,
            moves: &self.moves,
            setup: &self.setup,
            warnings,
        }
    }
}

impl Columns {
    /// Appends the row of `game`.
    pub fn push_game(&mut self, game: &GameData) {
        let warnings = game.all_warnings();
        self.push(&game.row(&warnings));
    }
}
