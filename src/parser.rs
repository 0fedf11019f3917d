//! [`Parser`]: the zero-copy pull parser over a byte slice.

use std::borrow::Cow;
use std::ops::Range;

use crate::error::Error;
use crate::event::{Event, PropIdent, RawValues};
use crate::ident::static_ident;
use crate::machine::{Limits, Machine, Quick, Step, Token};

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
        // A `done` parser's machine is never inside a node: `quick_scan`
        // says `None` to it. Its finds become events here, with no
        // dispatch on a token.
        let mut pos = self.pos;
        match self.machine.quick_scan(self.input, &mut pos) {
            Some(Quick::Node(at)) => {
                self.pos = pos;
                return Some(Ok((Event::Node, at..pos)));
            }
            Some(Quick::Property(at, values, ident)) => {
                self.pos = pos;
                let event = property_event(self.input, ident, values, pos);
                return Some(Ok((event, at..pos)));
            }
            None => {}
        }
        let (token, start, end) =
            match next_slow(&mut self.machine, self.input, pos, &mut self.done) {
                Ok(found) => found,
                Err((stop, at)) => {
                    self.pos = at;
                    return stop.map(Err);
                }
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

/// The event of a one-value property that [`Machine::quick_scan`] found
/// with its identifier `ident`, its value starting at `values` and the
/// property ending at `end`.
#[inline(always)]
pub(crate) fn property_event<'a>(
    buf: &'a [u8],
    ident: &'static str,
    values: usize,
    end: usize,
) -> Event<'a> {
    let values = RawValues::new(&buf[values..end], 1);
    Event::Property(PropIdent::new(Cow::Borrowed(ident)), values)
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
    use super::*;
    use crate::machine::HOT_PATH_PIECES;
    use proptest::prelude::*;

    type Item<'a> = Result<(Event<'a>, Range<usize>), Error>;

    /// The machine's events with nothing but `step` (none of the parser's
    /// own hot path): the reference.
    fn plain(input: &[u8], limits: Limits) -> Vec<Item<'_>> {
        let mut machine = Machine::new(limits);
        let mut pos = 0;
        let mut out = Vec::new();
        loop {
            match machine.step(input, &mut pos, true) {
                Step::Token(token, start, end) => {
                    out.push(Ok((event_from_token(input, token, start, end), start..end)))
                }
                Step::Error(kind, at) => {
                    out.push(Err(Error::at(kind, input, at)));
                    return out;
                }
                _ => return out,
            }
        }
    }

    /// Checks the parser's events, spans, errors and positions against
    /// [`plain`].
    fn check(input: &[u8], limits: Limits) -> Result<(), TestCaseError> {
        let mut parser = Parser::with_limits(input, limits);
        let mut got = Vec::new();
        while let Some(item) = parser.next_spanned() {
            if let Ok((_, span)) = &item {
                prop_assert_eq!(parser.position(), span.end);
            }
            got.push(item);
        }
        prop_assert_eq!(&got, &plain(input, limits), "on {:?}", input);
        Ok(())
    }

    fn pieces() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(0..HOT_PATH_PIECES.len(), 0..40).prop_map(|picks| {
            let mut input = b"(;".to_vec();
            for pick in picks {
                input.extend_from_slice(HOT_PATH_PIECES[pick]);
            }
            input
        })
    }

    fn limits() -> impl Strategy<Value = Limits> {
        (0usize..10, 0u32..3, 0u32..4).prop_map(|(len, values, props)| Limits {
            max_value_len: len,
            max_values_per_property: values,
            max_properties_per_node: props,
            ..Limits::default()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn hot_path_matches_the_machine(input in pieces(), cut in 0usize..1000) {
            check(&input, Limits::default())?;
            check(&input[..cut.min(input.len())], Limits::default())?;
        }

        #[test]
        fn hot_path_keeps_the_limits(input in pieces(), limits in limits()) {
            check(&input, limits)?;
        }

        #[test]
        fn hot_path_matches_on_random_bytes(
            input in proptest::collection::vec(
                prop_oneof![
                    Just(b';'), Just(b'['), Just(b']'), Just(b'\\'), Just(b' '),
                    Just(b'\n'), Just(b'('), Just(b')'), b'A'..=b'C', b'a'..=b'c', any::<u8>()
                ],
                0..200,
            )
        ) {
            let mut input = input;
            input.splice(0..0, *b"(;");
            check(&input, Limits::default())?;
        }
    }

    #[test]
    fn hot_path_matches_on_the_test_files() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        for entry in std::fs::read_dir(dir).expect("tests/data") {
            let input = std::fs::read(entry.expect("entry").path()).expect("file");
            check(&input, Limits::default()).unwrap();
            check(&input[..input.len() / 2], Limits::default()).unwrap();
        }
    }

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
