//! [`Parser`]: the zero-copy pull parser over a byte slice.

use std::borrow::Cow;
use std::ops::Range;

use crate::error::Error;
use crate::event::{Event, PropIdent, RawValues};
use crate::ident::static_ident;
use crate::machine::{Limits, Machine, Step, Token};

/// A pull parser over a whole SGF collection in memory.
///
/// It yields [`Event`]s that borrow from the input, and stops for good
/// after the first error. No allocation happens per event.
///
/// ```
/// use sgf_stream::{Event, Parser};
/// let mut moves = 0;
/// for event in Parser::new(b"(;GM[1];B[pd];W[dp](;B[pp])(;B[dd]))") {
///     if let Event::Property(ident, _) = event? {
///         moves += (ident == "B" || ident == "W") as usize;
///     }
/// }
/// assert_eq!(moves, 4);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    machine: Machine,
    done: bool,
}

impl<'a> Parser<'a> {
    /// A parser over `input`, with the default [`Limits`].
    pub fn new(input: &'a [u8]) -> Self {
        Parser::with_limits(input, Limits::default())
    }

    /// A parser over `input` with the given resource limits.
    pub fn with_limits(input: &'a [u8], limits: Limits) -> Self {
        Parser {
            input,
            pos: 0,
            machine: Machine::new(limits),
            done: false,
        }
    }

    /// The byte offset where the next event will be looked for.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many game trees and variations are open.
    pub fn depth(&self) -> u32 {
        self.machine.depth()
    }

    /// The input this parser reads.
    pub fn get_ref(&self) -> &'a [u8] {
        self.input
    }

    /// Turns the parser into an iterator of events with the byte range each
    /// one covers in the input.
    ///
    /// ```
    /// use sgf_stream::{Event, Parser};
    /// let spans: Vec<_> = Parser::new(b"(;B[aa] )")
    ///     .into_spans()
    ///     .map(|item| item.map(|(_, span)| span))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(spans, [0..1, 1..2, 2..7, 8..9]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn into_spans(self) -> Spans<'a> {
        Spans { parser: self }
    }

    /// The next event with its byte range.
    #[inline(always)]
    pub fn next_spanned(&mut self) -> Option<Result<(Event<'a>, Range<usize>), Error>> {
        // A `done` parser's machine is never inside a node: `quick` says
        // `None` to it.
        match self.machine.quick(self.input, &mut self.pos) {
            Some((token, start, end)) => {
                let event = event_from_token(self.input, token, start, end);
                Some(Ok((event, start..end)))
            }
            None => self.next_slow(),
        }
    }

    /// [`next_spanned`](Self::next_spanned) past the machine's hot path.
    #[inline(never)]
    fn next_slow(&mut self) -> Option<Result<(Event<'a>, Range<usize>), Error>> {
        if self.done {
            return None;
        }
        // `quick` just said no: straight to the rest of `step`.
        match self.machine.step_slow(self.input, &mut self.pos, true) {
            Step::Token(token, start, end) => {
                let event = event_from_token(self.input, token, start, end);
                Some(Ok((event, start..end)))
            }
            step => self.finish(step).map(Err),
        }
    }

    /// Stops for good: the error of an error step, or `None` at the end.
    #[cold]
    #[inline(never)]
    fn finish(&mut self, step: Step) -> Option<Error> {
        self.done = true;
        match step {
            Step::Error(kind, at) => Some(Error::at(kind, self.input, at)),
            _ => None,
        }
    }
}

/// Builds the event for `token`, which spans `start..end` of `buf`.
#[inline(always)]
pub(crate) fn event_from_token(buf: &[u8], token: Token, start: usize, end: usize) -> Event<'_> {
    match token {
        Token::StartGameTree => Event::StartGameTree,
        Token::Node => Event::Node,
        Token::EndGameTree => Event::EndGameTree,
        Token::Property {
            ident_end,
            values_start,
            count,
        } => {
            let ident = ascii_str(&buf[start..ident_end]);
            let values = RawValues::new(&buf[values_start..end], count);
            Event::Property(PropIdent::new(Cow::Borrowed(ident)), values)
        }
    }
}

/// The machine only accepts ASCII letters in identifiers. The one- and
/// two-letter ones (nearly all) come from static tables, with no UTF-8
/// validation call.
#[inline]
fn ascii_str(bytes: &[u8]) -> &str {
    match static_ident(bytes) {
        Some(ident) => ident,
        None => std::str::from_utf8(bytes).unwrap_or_default(),
    }
}

impl<'a> Iterator for Parser<'a> {
    type Item = Result<Event<'a>, Error>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        self.next_spanned().map(|item| item.map(|(event, _)| event))
    }
}

impl std::iter::FusedIterator for Parser<'_> {}

/// Iterator of events with their byte ranges; see [`Parser::into_spans`].
#[derive(Debug, Clone)]
pub struct Spans<'a> {
    parser: Parser<'a>,
}

impl<'a> Iterator for Spans<'a> {
    type Item = Result<(Event<'a>, Range<usize>), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_spanned()
    }
}

#[cfg(test)]
mod tests {
    use super::ascii_str;

    #[test]
    fn identifiers_from_tables_equal_their_bytes() {
        for a in b'A'..=b'Z' {
            assert_eq!(ascii_str(&[a]).as_bytes(), [a]);
            for b in b'A'..=b'Z' {
                assert_eq!(ascii_str(&[a, b]).as_bytes(), [a, b]);
            }
        }
        assert_eq!(ascii_str(b"MULTIGOGM"), "MULTIGOGM");
    }
}
