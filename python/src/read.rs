//! Every call into sgf-stream's reading API (options, collection
//! parsing, events, errors and warnings) is in this file, so a change of
//! the library's reading API is adapted here alone.

use std::borrow::Cow;

use bytes::Bytes;
use sgf_stream::{
    decode_to_utf8, parse_collection_with, value, BytesParser, CharsetSource, Error, ErrorKind,
    Event, LenientParser, OwnedEvent, ParseOptions, Parser, Position, RawValues, SgfTree, Warning,
    WarningKind,
};

use crate::data::{Place, Problem};

/// Which charset to read input in.
#[derive(Debug, Clone, Copy)]
pub enum Charset {
    /// Find it: BOM, `CA`, detection (the library's rules).
    Detect,
    /// This one, whatever the file says: the input is converted to UTF-8
    /// first, and positions count bytes of the converted text.
    Forced(&'static encoding_rs::Encoding),
}

/// How to read input.
#[derive(Debug, Clone, Copy)]
pub struct ReadOptions {
    pub lenient: bool,
    pub charset: Charset,
}

/// The game trees of one stretch of input, with its warnings.
#[derive(Debug)]
pub struct Trees {
    pub trees: Vec<SgfTree>,
    pub warnings: Vec<Problem>,
    pub charset: &'static str,
}

/// Reads the game trees of `input`: strict (the first malformation is an
/// error) or lenient (repairs, each one a warning).
pub fn parse_trees(input: &[u8], options: &ReadOptions) -> Result<Trees, Problem> {
    let mut parse_options = if options.lenient {
        ParseOptions::lenient()
    } else {
        ParseOptions::strict()
    };
    let (text, forced) = match options.charset {
        Charset::Detect => (Cow::Borrowed(input), None),
        Charset::Forced(encoding) => {
            parse_options.charset = false;
            let (text, _, _) = encoding.decode(input);
            (
                Cow::Owned(text.into_owned().into_bytes()),
                Some(encoding.name()),
            )
        }
    };
    let parsed = parse_collection_with(&text, &parse_options).map_err(|err| error(&err))?;
    Ok(Trees {
        trees: parsed.trees,
        warnings: parsed.warnings.iter().map(warning).collect(),
        charset: forced.unwrap_or(parsed.charset.charset),
    })
}

/// The raw values of a property (escapes kept).
#[derive(Clone, Copy)]
pub struct Values<'a>(RawValues<'a>);

impl<'a> Values<'a> {
    /// The value, when there is exactly one.
    pub fn single(self) -> Option<&'a [u8]> {
        let run = self.0.as_bytes();
        // A run of one value is `[value]`.
        (self.0.len() == 1).then(|| &run[1..run.len() - 1])
    }

    /// Every value, in order.
    pub fn iter(self) -> impl Iterator<Item = &'a [u8]> {
        self.0.iter().map(|value| value.as_bytes())
    }
}

/// What [`strict_events`] hands its events to.
pub trait Sink {
    fn start(&mut self);
    fn node(&mut self);
    /// A property with its raw values; returns `false` to give up.
    fn property(&mut self, ident: &str, values: Values<'_>) -> bool;
    fn end(&mut self);
}

/// Runs the strict parser over `input` and hands its events to `sink`,
/// when `input` is valid UTF-8 that the library would read as UTF-8 with
/// no warning. Returns the charset's name, or `None` when the input needs
/// [`parse_trees`]: another charset, a warning, a parse error, or a sink
/// that gave up. The sink may have taken some events by then.
pub fn strict_events(input: &[u8], sink: &mut dyn Sink) -> Option<&'static str> {
    let (text, report) = decode_to_utf8(input);
    // Without `CA`, the library took the input as UTF-8 because it is
    // valid UTF-8; a declared UTF-8 may hold invalid bytes.
    let valid = match report.source {
        CharsetSource::Declared => std::str::from_utf8(&text).is_ok(),
        CharsetSource::Default => report.declared.is_none(),
        _ => false,
    };
    if !valid || report.transcoded {
        return None;
    }
    for event in Parser::new(&text) {
        match event.ok()? {
            Event::StartGameTree => sink.start(),
            Event::Node => sink.node(),
            Event::EndGameTree => sink.end(),
            Event::Property(ident, values) => {
                if !sink.property(ident.as_str(), Values(values)) {
                    return None;
                }
            }
        }
    }
    Some(report.charset)
}

/// Runs the lenient parser over `input` (converted to UTF-8 as
/// [`parse_trees`] converts it) and hands its events to `sink`.
pub fn lenient_events(input: &[u8], options: &ReadOptions, sink: &mut dyn Sink) {
    let text = match options.charset {
        Charset::Detect => decode_to_utf8(input).0,
        Charset::Forced(encoding) => Cow::Owned(encoding.decode(input).0.into_owned().into_bytes()),
    };
    for event in LenientParser::new(&text) {
        match event {
            Event::StartGameTree => sink.start(),
            Event::Node => sink.node(),
            Event::EndGameTree => sink.end(),
            Event::Property(ident, values) => {
                sink.property(ident.as_str(), Values(values));
            }
        }
    }
}

/// A raw value (valid UTF-8) decoded as SGF Text, as the tree builder
/// decodes it.
pub fn text_value(raw: &[u8]) -> Cow<'_, str> {
    value::text_lossy(raw)
}

/// The place just after `input`.
pub fn end_of(input: &[u8]) -> Place {
    place(Position::locate(input, input.len()))
}

fn place(position: Position) -> Place {
    Place {
        offset: position.offset,
        line: position.line,
        column: position.column,
    }
}

/// A parse error as the binding reports it.
pub fn error(err: &Error) -> Problem {
    let position = err.position();
    Problem {
        kind: error_kind(err.kind()).to_string(),
        message: err.kind().to_string(),
        place: Some(place(position)),
        range: (position.offset, position.offset),
    }
}

fn warning(warning: &Warning) -> Problem {
    let range = warning.range();
    Problem {
        kind: warning_kind(warning.kind()).to_string(),
        message: warning.kind().to_string(),
        place: Some(place(warning.position())),
        range: (range.start, range.end),
    }
}

fn error_kind(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::TreeMissing => "tree_missing",
        ErrorKind::TreeWithNoNodes => "tree_with_no_nodes",
        ErrorKind::PropertiesWithoutDelimiter => "properties_without_delimiter",
        ErrorKind::PropertyNotUppercase => "property_not_uppercase",
        ErrorKind::UnclosedValue => "unclosed_value",
        ErrorKind::EscapeAtEnd => "escape_at_end",
        ErrorKind::UnclosedTree => "unclosed_tree",
        ErrorKind::MissingNode(_) => "missing_node",
        ErrorKind::UnexpectedByte(_) => "unexpected_byte",
        ErrorKind::NodeAfterVariation => "node_after_variation",
        ErrorKind::TrailingText(_) => "trailing_text",
        ErrorKind::ExtraGameTree => "extra_game_tree",
        ErrorKind::RepeatedProperty(_) => "repeated_property",
        ErrorKind::InvalidUtf8 => "invalid_utf8",
        ErrorKind::TooDeep(_) => "too_deep",
        ErrorKind::ValueTooLong(_) => "value_too_long",
        ErrorKind::TooManyProperties(_) => "too_many_properties",
        ErrorKind::TooManyValues(_) => "too_many_values",
        ErrorKind::Io(_) => "io",
        ErrorKind::InputTooLarge(_) => "input_too_large",
        _ => "other",
    }
}

fn warning_kind(kind: &WarningKind) -> &'static str {
    match kind {
        WarningKind::SkippedText => "skipped_text",
        WarningKind::UnmatchedClose => "unmatched_close",
        WarningKind::MissingClose(_) => "missing_close",
        WarningKind::MissingNode => "missing_node",
        WarningKind::EmptyGameTree => "empty_game_tree",
        WarningKind::RedundantParenthesis => "redundant_parenthesis",
        WarningKind::NodeAfterVariation => "node_after_variation",
        WarningKind::LowercaseIdentifier { .. } => "lowercase_identifier",
        WarningKind::DroppedProperty(_) => "dropped_property",
        WarningKind::UnescapedBracket => "unescaped_bracket",
        WarningKind::UnclosedValue => "unclosed_value",
        WarningKind::MergedProperty(_) => "merged_property",
        WarningKind::DroppedRepeat(_) => "dropped_repeat",
        WarningKind::InvalidBytes(_) => "invalid_bytes",
        WarningKind::SkippedGameTree(_) => "skipped_game_tree",
        WarningKind::NoGameTree => "no_game_tree",
        WarningKind::UnknownCharset(_) => "unknown_charset",
        WarningKind::CharsetMismatch { .. } => "charset_mismatch",
        _ => "other",
    }
}

/// One parser event, owning its data.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Start,
    Node,
    Property(String, Vec<Bytes>),
    End,
}

/// The events of an input, one at a time.
pub enum Steps {
    /// Strict: the parser runs as the events are taken.
    Strict(BytesParser),
    /// Lenient: the events were read at once, with the warnings.
    Lenient(std::vec::IntoIter<Step>),
}

impl Steps {
    /// The events of `input`; a lenient read also gives its warnings.
    pub fn new(input: Bytes, lenient: bool) -> (Steps, Vec<Problem>) {
        if !lenient {
            return (Steps::Strict(BytesParser::new(input)), Vec::new());
        }
        let mut parser = LenientParser::new(&input);
        let steps: Vec<Step> = parser
            .by_ref()
            .map(|event| match event {
                Event::StartGameTree => Step::Start,
                Event::Node => Step::Node,
                Event::EndGameTree => Step::End,
                Event::Property(ident, values) => Step::Property(
                    ident.as_str().to_string(),
                    values
                        .iter()
                        .map(|v| input.slice_ref(v.as_bytes()))
                        .collect(),
                ),
            })
            .collect();
        let warnings = parser.warnings().iter().map(warning).collect();
        (Steps::Lenient(steps.into_iter()), warnings)
    }

    /// The next event, `None` at the end.
    pub fn next_step(&mut self) -> Option<Result<Step, Problem>> {
        match self {
            Steps::Lenient(steps) => steps.next().map(Ok),
            Steps::Strict(parser) => Some(match parser.next()? {
                Err(err) => Err(error(&err)),
                Ok(OwnedEvent::StartGameTree) => Ok(Step::Start),
                Ok(OwnedEvent::Node) => Ok(Step::Node),
                Ok(OwnedEvent::EndGameTree) => Ok(Step::End),
                Ok(OwnedEvent::Property(property)) => Ok(Step::Property(
                    property.ident().to_string(),
                    property.value_bytes().collect(),
                )),
            }),
        }
    }
}
