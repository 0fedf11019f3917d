//! Offsets of decoded text mapped back to the input: [`Anchors`] where
//! the text is known to start a character, and [`Lines`], which places
//! text offsets (line, column) in the input's bytes.

use std::collections::VecDeque;

use super::locate;
use super::Charset;
use crate::error::{LineCounter, Position};

/// What the text from an anchor on is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// The input's bytes as they are, one for one.
    Same,
    /// Text decoded from the input in this charset.
    Decoded(Charset),
}

/// A text offset known to start at an input offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Anchor {
    /// Absolute offset in the text.
    pub text: u64,
    /// Absolute offset in the input.
    pub raw: u64,
    pub piece: Piece,
}

impl Anchor {
    pub(crate) fn new(text: u64, raw: u64, piece: Piece) -> Self {
        Anchor { text, raw, piece }
    }
}

/// The anchors of a stretch of text, in order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Anchors {
    list: VecDeque<Anchor>,
}

impl Anchors {
    /// Adds an anchor after the others. A `Same` anchor that continues
    /// the last one is not needed; an anchor at the text offset of the
    /// last one replaces it (that piece had no text).
    pub(crate) fn push(&mut self, anchor: Anchor) {
        if let Some(last) = self.list.back_mut() {
            let continues = last.piece == Piece::Same
                && anchor.piece == Piece::Same
                && anchor.raw.wrapping_sub(last.raw) == anchor.text.wrapping_sub(last.text);
            if continues {
                return;
            }
            if last.text == anchor.text {
                *last = anchor;
                return;
            }
        }
        self.list.push_back(anchor);
    }

    /// The index of the anchor whose piece holds text offset `text`.
    fn covering(&self, text: u64) -> Option<usize> {
        let after = self.list.partition_point(|a| a.text <= text);
        after.checked_sub(1)
    }

    /// The input offset of text offset `text` (the start of the
    /// character it falls in). `raw` holds the input from offset
    /// `raw_base` on, as far as it was decoded.
    pub(crate) fn map(&self, text: u64, raw: &[u8], raw_base: u64) -> u64 {
        let Some(at) = self.covering(text) else {
            return self.list.front().map_or(raw_base, |first| first.raw);
        };
        let anchor = self.list[at];
        match anchor.piece {
            Piece::Same => anchor.raw + (text - anchor.text),
            Piece::Decoded(_) if text == anchor.text => anchor.raw,
            Piece::Decoded(charset) => {
                let end = self
                    .list
                    .get(at + 1)
                    .map_or(raw_base + raw.len() as u64, |next| next.raw);
                let from = (anchor.raw.saturating_sub(raw_base) as usize).min(raw.len());
                let to = (end.saturating_sub(raw_base) as usize).clamp(from, raw.len());
                locate::locate(charset, &raw[from..to], anchor.raw, anchor.text, text)
            }
        }
    }

    /// The first piece whose offsets are found by decoding its input
    /// bytes again (none when every piece is `Same`), as its text and
    /// input offsets: the input bytes before it are not needed to map any
    /// text offset still held.
    pub(crate) fn first_decoded(&self) -> Option<(u64, u64)> {
        self.list
            .iter()
            .find(|anchor| anchor.piece != Piece::Same)
            .map(|anchor| (anchor.text, anchor.raw))
    }

    /// The last text offset at or before `text` whose input offset needs
    /// no decoding to find: `text` itself in a `Same` piece, else the
    /// start of its piece.
    pub(crate) fn exact_before(&self, text: u64) -> u64 {
        match self.covering(text).map(|at| self.list[at]) {
            Some(anchor) if anchor.piece == Piece::Same => text,
            Some(anchor) => anchor.text,
            None => text,
        }
    }

    /// Forgets the anchors before text offset `text`, which maps to input
    /// offset `raw` (an offset from [`exact_before`](Self::exact_before)).
    pub(crate) fn forget_before(&mut self, text: u64, raw: u64) {
        while self.list.len() > 1 && self.list[1].text <= text {
            self.list.pop_front();
        }
        if let Some(first) = self.list.front_mut() {
            if first.text < text {
                *first = Anchor::new(text, raw, first.piece);
            }
        }
    }

    /// Forgets the anchors from text offset `text` on (that text is
    /// decoded again).
    pub(crate) fn truncate(&mut self, text: u64) {
        while self.list.back().is_some_and(|last| last.text >= text) {
            self.list.pop_back();
        }
    }

    /// The input offset minus the text offset, if all the text is the
    /// input's bytes as they are.
    pub(crate) fn shift(&self) -> Option<u64> {
        let mut anchors = self.list.iter();
        let first = anchors.next().map_or(Some(0), |a| {
            (a.piece == Piece::Same).then(|| a.raw.wrapping_sub(a.text))
        })?;
        anchors.next().is_none().then_some(first)
    }
}

/// Lines counted in the text up to a point, with the input offset where
/// the current line starts: the line of a text offset, and its column in
/// the input's bytes.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Lines {
    counter: LineCounter,
    line_start_raw: u64,
}

impl Lines {
    /// The absolute text offset counted up to.
    pub(crate) fn text_offset(&self) -> u64 {
        self.counter.position().offset
    }

    /// Moves past `text`, the text that follows; `map` gives the input
    /// offset of a text offset (for a new line's start).
    pub(crate) fn advance(&mut self, text: &[u8], map: impl FnOnce(u64) -> u64) {
        let before = self.line_start();
        self.counter.advance(text);
        let start = self.line_start();
        if start != before {
            self.line_start_raw = map(start);
        }
    }

    /// The text offset where the current line starts.
    fn line_start(&self) -> u64 {
        let here = self.counter.position();
        here.offset + 1 - u64::from(here.column)
    }

    /// The position of input offset `raw`, which lies on the current
    /// line.
    pub(crate) fn position(&self, raw: u64) -> Position {
        let column = raw.saturating_sub(self.line_start_raw) + 1;
        Position {
            offset: raw,
            line: self.counter.position().line,
            column: column.min(u64::from(u32::MAX)) as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_pieces_merge_and_shift() {
        let mut anchors = Anchors::default();
        anchors.push(Anchor::new(0, 3, Piece::Same));
        anchors.push(Anchor::new(5, 8, Piece::Same));
        assert_eq!(anchors.shift(), Some(3));
        assert_eq!(anchors.map(4, b"", 0), 7);
        anchors.push(Anchor::new(9, 11, Piece::Same));
        assert_eq!(anchors.shift(), None);
        assert_eq!((anchors.map(8, b"", 0), anchors.map(10, b"", 0)), (11, 12));
        anchors.truncate(9);
        assert_eq!(anchors.shift(), Some(3));
        anchors.forget_before(6, 9);
        assert_eq!(anchors.map(7, b"", 0), 10);
    }

    #[test]
    fn lines_count_text_and_columns_count_input_bytes() {
        // Text "ab\ncd" decoded from input "AAbb\nCCdd": each character
        // two bytes in the input.
        let mut lines = Lines::default();
        lines.advance(b"ab\nc", |text| text * 2);
        let position = lines.position(8);
        assert_eq!((position.offset, position.line, position.column), (8, 2, 3));
    }
}
