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
        let mut pos = self.pos;
        let token = self.machine.quick(self.input, &mut pos);
        let (token, start, end) = match token {
            Some(found) => found,
            None => match next_slow(&mut self.machine, self.input, pos, &mut self.done) {
                Ok(found) => found,
                Err((stop, at)) => {
                    self.pos = at;
                    return stop.map(Err);
                }
            },
        };
        self.pos = end;
        Some(Ok((
            event_from_token(self.input, token, start, end),
            start..end,
        )))
    }
}

/// [`Parser::next_spanned`] past the machine's hot path: the token, or
/// why there is none and where the parser stopped. It takes the parser's
/// parts rather than the parser, so that the position can stay in a
/// register in the caller's loop instead of making a store-to-load round
/// trip through memory for every event.
#[inline(never)]
fn next_slow(
    machine: &mut Machine,
    input: &[u8],
    mut pos: usize,
    done: &mut bool,
) -> Result<(Token, usize, usize), (Option<Error>, usize)> {
    if *done {
        return Err((None, pos));
    }
    // `quick` just said no: straight to the rest of `step`.
    match machine.step_slow(input, &mut pos, true) {
        Step::Token(token, start, end) => Ok((token, start, end)),
        step => Err((finish(step, input, done), pos)),
    }
}

/// Stops for good: the error of an error step, or `None` at the end.
#[cold]
#[inline(never)]
fn finish(step: Step, input: &[u8], done: &mut bool) -> Option<Error> {
    *done = true;
    match step {
        Step::Error(kind, at) => Some(Error::at(kind, input, at)),
        _ => None,
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
