//! What the writer keeps of the top-level game being written: whether it
//! is held back in the buffer ([`Game`]), and the state of its root node
//! ([`Root`]). The root `CA` rule that uses them is in `root.rs`.

use super::out::Mark;

/// How the current top-level game is held back and checked.
#[derive(Debug, Clone, Copy, Default)]
pub(super) enum Game {
    /// Written as it comes.
    #[default]
    Free,
    /// Its root node is being written (UTF-8 output), held from this
    /// mark: the writer may yet name the charset in its `CA`.
    Root(Mark),
    /// The writer named the charset (UTF-8) in its `CA`: held from this
    /// mark until its end, raw values checked.
    Checked(Mark),
    /// A call refused the game: nothing of it is written, and its other
    /// events are taken (their place in the grammar checked) and dropped
    /// until its end.
    Refused,
}

impl Game {
    pub(super) fn is_free(&self) -> bool {
        matches!(self, Game::Free)
    }

    /// Whether the game is held back in the buffer.
    #[inline]
    pub(super) fn holds(&self) -> bool {
        matches!(self, Game::Root(_) | Game::Checked(_))
    }

    /// Whether the writer named UTF-8 in the game's `CA` over its raw
    /// values: it checks them, or refused the game for one.
    pub(super) fn labels_utf8(&self) -> bool {
        matches!(self, Game::Checked(_) | Game::Refused)
    }

    pub(super) fn is_refused(&self) -> bool {
        matches!(self, Game::Refused)
    }

    pub(super) fn is_checked(&self) -> bool {
        matches!(self, Game::Checked(_))
    }

    /// Where in the buffer the held game starts, if one is held.
    pub(super) fn held_from(&self) -> Option<usize> {
        match self {
            Game::Free | Game::Refused => None,
            Game::Root(mark) | Game::Checked(mark) => Some(mark.offset()),
        }
    }

    /// The same once the first `cut` bytes of the buffer are gone.
    pub(super) fn rebased(self, cut: usize) -> Game {
        match self {
            Game::Free => Game::Free,
            Game::Refused => Game::Refused,
            Game::Root(mark) => Game::Root(mark.rebased(cut)),
            Game::Checked(mark) => Game::Checked(mark.rebased(cut)),
        }
    }
}

/// The root node of a top-level game tree, while it is being written.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Root {
    /// The root node is being written.
    pub(super) open: bool,
    /// A `CA` was written in it.
    pub(super) has_ca: bool,
}
