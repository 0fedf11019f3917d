//! [`LenientParser`]: the lenient core as a pull parser of events.

use std::fmt;
use std::ops::Range;

use super::{Core, Item};
use crate::event::Event;
use crate::machine::Limits;
use crate::options::ParseOptions;
use crate::warning::Warning;

/// A pull parser that repairs malformed input instead of failing: the
/// lenient counterpart of [`Parser`](crate::Parser).
///
/// It yields the same [`Event`]s (always balanced: every
/// `StartGameTree` is closed) and collects a [`Warning`] for each repair,
/// or hands each one to a callback ([`on_warning`](Self::on_warning)) for
/// streaming use. See [`WarningKind`](crate::WarningKind) for what it repairs.
///
/// Two repairs cannot be expressed as borrowed events: an unescaped `]`
/// ends the property's value at the `]` (the rest is named by the
/// [`WarningKind::UnescapedBracket`](crate::WarningKind::UnescapedBracket) warning's range), and a value that
/// never closes is left out of the events (named by
/// [`WarningKind::UnclosedValue`](crate::WarningKind::UnclosedValue)). [`parse_collection_with`](crate::parse_collection_with)
/// keeps both texts in its trees. A game tree that cannot be repaired
/// is closed where the problem is found and the warning
/// [`WarningKind::SkippedGameTree`](crate::WarningKind::SkippedGameTree) names all its bytes;
/// `parse_collection_with` drops it.
///
/// The input is read as given: convert legacy charsets first with
/// [`decode_to_utf8`](crate::decode_to_utf8).
///
/// ```
/// use sgf_stream::{Event, LenientParser, WarningKind};
/// let mut parser = LenientParser::new(b"junk (;GM[1];B[pd]");
/// let events: Vec<Event> = parser.by_ref().collect();
/// assert_eq!(events.len(), 6); // ( ; GM ; B )
/// let kinds: Vec<_> = parser.warnings().iter().map(|w| w.kind().clone()).collect();
/// assert_eq!(kinds, [WarningKind::SkippedText, WarningKind::MissingClose(1)]);
/// ```
pub struct LenientParser<'a> {
    core: Core<'a>,
    warnings: Vec<Warning>,
    callback: Option<WarningSink<'a>>,
}

/// Where [`LenientParser::on_warning`] sends warnings.
type WarningSink<'a> = Box<dyn FnMut(&Warning) + 'a>;

impl<'a> LenientParser<'a> {
    /// A lenient parser over `input` with the default [`Limits`].
    pub fn new(input: &'a [u8]) -> Self {
        LenientParser::with_limits(input, Limits::default())
    }

    /// A lenient parser over `input` with the limits of `options` (the
    /// other options do not apply to events).
    pub fn with_options(input: &'a [u8], options: &ParseOptions) -> Self {
        LenientParser::with_limits(input, options.limits)
    }

    /// A lenient parser over `input` with the given limits.
    pub fn with_limits(input: &'a [u8], limits: Limits) -> Self {
        LenientParser {
            core: Core::new(input, limits),
            warnings: Vec::new(),
            callback: None,
        }
    }

    /// Hands each warning to `callback` as it happens, instead of
    /// collecting it.
    ///
    /// ```
    /// use sgf_stream::LenientParser;
    /// let mut lines = Vec::new();
    /// let events = LenientParser::new(b"(;B[aa]))")
    ///     .on_warning(|w| lines.push(w.line()))
    ///     .count();
    /// assert_eq!(events, 4);
    /// assert_eq!(lines, [1]);
    /// ```
    pub fn on_warning(mut self, callback: impl FnMut(&Warning) + 'a) -> Self {
        self.callback = Some(Box::new(callback));
        self
    }

    /// The warnings collected so far.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Takes the warnings collected so far.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        std::mem::take(&mut self.warnings)
    }

    /// The byte offset where the next event will be looked for.
    pub fn position(&self) -> usize {
        self.core.position()
    }

    /// The input this parser reads.
    pub fn get_ref(&self) -> &'a [u8] {
        self.core.input()
    }

    /// The next event with its byte range (empty for a supplied `;`, `(`
    /// or `)`).
    pub fn next_spanned(&mut self) -> Option<(Event<'a>, Range<usize>)> {
        loop {
            match self.core.next_item()? {
                Item::Event(event, span) => return Some((event, span)),
                Item::Warning(warning) => match &mut self.callback {
                    Some(callback) => callback(&warning),
                    None => self.warnings.push(warning),
                },
                Item::OpenValue {
                    ident,
                    closed: Some(values),
                    span,
                    ..
                } => return Some((Event::Property(ident, values), span)),
                Item::OpenValue { .. } | Item::Append(_) | Item::Abandon => {}
            }
        }
    }
}

impl<'a> Iterator for LenientParser<'a> {
    type Item = Event<'a>;

    fn next(&mut self) -> Option<Event<'a>> {
        self.next_spanned().map(|(event, _)| event)
    }
}

impl std::iter::FusedIterator for LenientParser<'_> {}

impl fmt::Debug for LenientParser<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LenientParser")
            .field("position", &self.core.position())
            .field("warnings", &self.warnings)
            .finish_non_exhaustive()
    }
}
