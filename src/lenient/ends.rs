//! The repairs that decide where a value or a game really ends: an
//! unescaped `]` kept as text (before junk, or before a `)` that cannot
//! end the game), and a game missing its `)` that the next game follows.

use super::{Core, Ctx, Fix, Item, LastProp};
use crate::event::Event;
use crate::repair;
use crate::warning::WarningKind;

impl Core<'_> {
    /// Whether the `(` at `start`, at the top level of a game, starts the
    /// next game because the game lacks its `)`: a root property follows
    /// in its first node and the game never closes. If so, closes the game
    /// where its `)` is missing and resumes at `start`, outside.
    pub(super) fn next_game_inside(&mut self, start: usize) -> bool {
        let plain = matches!(self.ctx, Ctx::InNode | Ctx::AfterVariation)
            && self.discard.is_none()
            && self.fixes.iter().all(|fix| *fix == Fix::Redundant(0));
        if !plain
            || !repair::root_node_at(self.input, start + 1)
            || !self.never_closes(self.tree_start)
        {
            return false;
        }
        let missing = repair::space_before(self.input, start);
        self.warn(WarningKind::UnclosedGame, missing, missing..missing);
        while self.open_events > 0 {
            self.event(Event::EndGameTree, missing..missing);
        }
        self.closed(0);
        self.resume_at(start, Ctx::Outside, 0);
        true
    }

    /// Whether no `)` closes the game tree whose `(` is at `tree`; one
    /// scan to the end of the input answers for every later tree.
    fn never_closes(&mut self, tree: usize) -> bool {
        let known = self
            .open_trees
            .as_ref()
            .is_some_and(|scan| (scan.from..=scan.end).contains(&tree));
        if !known {
            let max_depth = usize::try_from(self.limits.max_depth).unwrap_or(usize::MAX);
            self.open_trees = Some(repair::open_trees(self.input, tree, max_depth));
        }
        self.open_trees
            .as_ref()
            .is_some_and(|scan| scan.never_closes(tree))
    }

    /// If junk at `at` follows a text property directly, the property's
    /// value had an unescaped `]`: find the real end and keep the text.
    pub(super) fn unescaped_bracket(&mut self, at: usize) -> bool {
        let Some(close) = self.real_close_after_text(at) else {
            return false;
        };
        self.keep_bracket(close, self.machine.depth());
        true
    }

    /// A `)` at `start` (closing depth `depth`) right after a text value,
    /// where what follows the `)` cannot follow a game tree's end and a
    /// later `]` resynchronises inside a node: the `]` before the `)` was
    /// unescaped text (`C[a [b])];B[aa]`), not the value's end.
    pub(super) fn bracket_before_close(&mut self, start: usize, depth: u32) -> bool {
        if self.last_prop.is_none() || self.closes_cleanly(start + 1, depth - 1) {
            return false;
        }
        let Some(close) = self.real_close_after_text(start) else {
            return false;
        };
        if repair::skip_space(self.input, close + 1) == self.input.len() {
            // Text with a `]` after the last game is trailing junk.
            return false;
        }
        self.keep_bracket(close, depth);
        true
    }

    /// Whether after a `)` at `after - 1` comes what may follow a game
    /// tree that leaves `depth` trees open: whitespace, then the end, `(`,
    /// or (inside a tree) `)`.
    fn closes_cleanly(&self, after: usize, depth: u32) -> bool {
        match self.input.get(repair::skip_space(self.input, after)) {
            None | Some(b'(') => true,
            Some(b')') => depth > 0,
            Some(_) => false,
        }
    }

    /// The `]` that really closes the last property's value, when that
    /// property is text and only whitespace separates its end from `at`.
    fn real_close_after_text(&self, at: usize) -> Option<usize> {
        let last = self.last_prop.as_ref()?;
        let gap = self.input.get(last.end..at).unwrap_or(b"x");
        let ident: String = self.input[last.ident.clone()]
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| char::from(b))
            .collect();
        if !repair::text_like(&ident) || !gap.iter().all(|&b| repair::is_space(b)) {
            return None;
        }
        repair::find_real_close(self.input, last.end)
    }

    /// Keeps the last property's value open past its stray `]` up to the
    /// real `]` at `close`, and resumes after it in the node at `depth`.
    fn keep_bracket(&mut self, close: usize, depth: u32) {
        let Some(last) = self.last_prop.clone() else {
            return;
        };
        let stray = last.end - 1;
        self.warn(WarningKind::UnescapedBracket, stray, stray..close);
        self.emit(Item::Append(stray..close));
        self.last_prop = Some(LastProp {
            end: close + 1,
            ..last
        });
        self.resume_at(close + 1, Ctx::InNode, depth);
    }
}
