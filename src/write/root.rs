//! The root node's `CA`: one rule for every call that writes a root
//! node (the property calls, events, trees).
//!
//! - A `CA` in the root whose first value names the output charset is
//!   written as it is; one whose first value names anything else (another
//!   charset, or text that is no charset, such as a Compose `a:b`) is
//!   written as `CA[<output charset>]`.
//! - When the root is left (at the next `(`, `;` or `)`) with no `CA`
//!   written, `CA[<output charset>]` is added if the options ask for one
//!   (a legacy charset, or `declare_charset`).
//! - A call that fails writes nothing and changes nothing: only a `CA`
//!   that was written counts.
//! - For UTF-8 output, a game whose `CA` the writer writes (replaced or
//!   added) is labelled UTF-8 by the writer, so its raw values must be
//!   UTF-8: a root node is held in the buffer until the writer knows; if
//!   it names the charset, the raw values written so far are checked and
//!   the game is held until its end, each raw value checked as it comes.
//!   A value that is not UTF-8 fails its call with
//!   [`WriteError::NotUtf8`] and nothing of the game is written. (Legacy
//!   output checks every raw value anyway: it re-encodes them.)
//! - A refused game stays refused until its end: the call that refused
//!   it still counts in the grammar (a `(`, `;` or `)` opens, starts or
//!   closes as it would have), and the game's later calls are taken and
//!   dropped: they succeed (or fail as out of place), write nothing, and
//!   move the writer through the game, so that a variation of it is
//!   never written as a game. Its last `)` ends it; the next game is
//!   written as usual.

use std::io;

use super::error::WriteError;
use super::game::{Game, Root};
use super::out::Mark;
use super::writer::Writer;
use crate::charset::Charset;
use crate::lex::value_end;

impl<W: io::Write> Writer<W> {
    /// Whether a property `ident` with the first value `first`, written
    /// now, is a root `CA` to be written as `CA[<output charset>]`.
    pub(super) fn replaces_ca(&self, ident: &str, first: Option<&[u8]>) -> bool {
        self.root.open && ident == "CA" && self.ca_replaced_by_name(first)
    }

    /// Whether a root `CA` whose first value is `first` is written as
    /// `CA[<output charset>]`: it has a value, and that value does not
    /// name the output charset.
    pub(super) fn ca_replaced_by_name(&self, first: Option<&[u8]>) -> bool {
        first.is_some_and(|label| !self.options.charset.is_named_by(label))
    }

    /// A property `ident` was written: a root `CA` now stands.
    pub(super) fn wrote_property(&mut self, ident: &str) {
        if self.root.open && ident == "CA" {
            self.root.has_ca = true;
        }
    }

    /// A top-level game starts: for UTF-8 output its root is held.
    pub(super) fn start_game(&mut self) {
        if self.options.charset == Charset::Utf8 {
            self.game = Game::Root(self.out.mark());
        }
    }

    /// The top-level game is closed: what is held may go.
    pub(super) fn end_game(&mut self) {
        if !self.game.is_free() {
            self.game = Game::Free;
            self.plain_sequence = self.out.one_line_plain();
        }
    }

    /// Leaving a root node: adds the `CA` it must have.
    ///
    /// # Errors
    /// [`WriteError::NotUtf8`] when the `CA` added labels raw values that
    /// are not UTF-8: nothing of the game is written.
    #[inline]
    pub(super) fn leave_root(&mut self) -> Result<(), WriteError> {
        if !std::mem::take(&mut self.root.open) {
            return Ok(());
        }
        if !self.root.has_ca && self.options.must_declare() {
            self.name_charset()?;
            self.declare_charset();
        }
        if let Game::Root(_) = self.game {
            self.game = Game::Free;
        }
        Ok(())
    }

    /// The writer is about to write the output charset's name in the
    /// root's `CA`. For UTF-8 output the game's raw values must then be
    /// UTF-8: those written so far are checked now, and the game is held
    /// and checked from here to its end.
    ///
    /// # Errors
    /// [`WriteError::NotUtf8`] for a raw value written so far that is not
    /// UTF-8: nothing of the game is written.
    pub(super) fn name_charset(&mut self) -> Result<(), WriteError> {
        let Game::Root(mark) = self.game else {
            return Ok(());
        };
        if let Some((ident, offset)) = first_not_utf8(self.out.since(mark)) {
            return Err(self.reject_game(mark, ident, offset));
        }
        self.game = Game::Checked(mark);
        self.plain_sequence = false;
        Ok(())
    }

    /// A game's values are decoded text, UTF-8 whatever its `CA` says:
    /// its root need not be held.
    pub(super) fn text_game(&mut self) {
        if let Game::Root(_) = self.game {
            self.game = Game::Free;
        }
    }

    /// In a checked game, a raw value of `ident` must be UTF-8.
    ///
    /// # Errors
    /// [`WriteError::NotUtf8`]: nothing of the game is written.
    #[inline]
    pub(super) fn check_game_value(&mut self, ident: &str, value: &[u8]) -> Result<(), WriteError> {
        let Game::Checked(mark) = self.game else {
            return Ok(());
        };
        match std::str::from_utf8(value) {
            Ok(_) => Ok(()),
            Err(err) => Err(self.reject_game(mark, ident.to_string(), err.valid_up_to())),
        }
    }

    /// Undoes the game held from `mark`, and names the value that is not
    /// UTF-8. The game is refused: the writer keeps its place in the
    /// grammar (depth and state), and drops its events until its end.
    #[cold]
    fn reject_game(&mut self, mark: Mark, ident: String, offset: usize) -> WriteError {
        self.refuse_game(mark);
        WriteError::NotUtf8 {
            ident,
            offset,
            charset: self.options.charset,
        }
    }

    /// Undoes the game held from `mark` and refuses it: the writer keeps
    /// its place in the grammar and drops the game's events until its
    /// end.
    #[cold]
    fn refuse_game(&mut self, mark: Mark) {
        self.out.rollback(mark);
        self.root = Root::default();
        self.game = Game::Refused;
        self.plain_sequence = false;
    }

    /// A tree written as a variation of the game held and checked from
    /// its root failed on a raw value that is not UTF-8: the game is
    /// refused, as it would be for that value's event.
    #[cold]
    pub(super) fn refuse_checked_game(&mut self) {
        if let Game::Checked(mark) = self.game {
            self.refuse_game(mark);
        }
    }

    /// Adds the root's `CA` when the options ask for one.
    #[cold]
    fn declare_charset(&mut self) {
        if self.options.must_declare() {
            let name = self.options.charset.name();
            let result = self.out.value("CA", true, name.as_bytes(), false);
            debug_assert!(result.is_ok(), "charset names are ASCII");
        }
    }
}

/// The first raw value in `written` (the start of a game as the writer
/// wrote it for UTF-8 output) that is not UTF-8: its identifier and the
/// offset in it. Outside values the writer writes only structure,
/// identifiers and line breaks.
#[cold]
fn first_not_utf8(written: &[u8]) -> Option<(String, usize)> {
    let at = std::str::from_utf8(written).err()?.valid_up_to();
    let mut ident = 0..0;
    let mut i = 0;
    while let Some(&byte) = written.get(i) {
        if byte == b'[' {
            let end = value_end(written, i + 1);
            let value = &written[i + 1..end.saturating_sub(1).max(i + 1)];
            if let Err(err) = std::str::from_utf8(value) {
                let ident = String::from_utf8_lossy(&written[ident]).into_owned();
                return Some((ident, err.valid_up_to()));
            }
            i = end;
        } else if byte.is_ascii_uppercase() {
            let start = i;
            while written.get(i).is_some_and(u8::is_ascii_uppercase) {
                i += 1;
            }
            ident = start..i;
        } else {
            i += 1;
        }
    }
    // Values are all there is to hold bytes that are not UTF-8.
    Some((String::new(), at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_value_that_is_not_utf8_is_named() {
        let written = b"(;GM[1]CA[x]C[ok \\] \xff]PB[\xfe])";
        assert_eq!(first_not_utf8(written), Some(("C".to_string(), 6)));
        assert_eq!(
            first_not_utf8(b"(;AB[aa][b\xffb])"),
            Some(("AB".to_string(), 1))
        );
        assert_eq!(first_not_utf8(b"(;GM[1])"), None);
    }
}
