//! Every call into sgf-stream's reading API (options, readers, game
//! iterators, errors and warnings) is in this file and in `units.rs`, so
//! a change of the library's reading API is adapted there alone.

use std::borrow::Cow;
use std::io::Read;
use std::sync::LazyLock;

use sgf_stream::build::{Games, TreeBuilder};
use sgf_stream::charset::CharsetMode;
use sgf_stream::{
    value, Charset, Error, ErrorKind, Event, Parser, Position, RawValues, ReaderBuilder, SgfTree,
    TreeErrorKind, Warning, WarningKind,
};

use crate::data::{Place, Problem};

/// How to read input.
#[derive(Debug, Clone, Copy)]
pub struct ReadOptions {
    pub lenient: bool,
    pub charset: CharsetMode,
}

impl ReadOptions {
    /// The options, with `charset` a label (`None`: find each game's
    /// charset).
    pub fn new(lenient: bool, charset: Option<&str>) -> Result<ReadOptions, String> {
        let charset = match charset {
            None => CharsetMode::Auto,
            Some(label) => CharsetMode::Fixed(
                Charset::for_label(label.trim())
                    .ok_or_else(|| format!("unknown charset {label:?}"))?,
            ),
        };
        Ok(ReadOptions { lenient, charset })
    }

    /// Whether each game's charset is found (not forced).
    pub fn finds_charset(&self) -> bool {
        self.charset == CharsetMode::Auto
    }

    /// The library's options for these.
    pub fn builder(&self) -> ReaderBuilder {
        ReaderBuilder::new()
            .lenient(self.lenient)
            .charset(self.charset)
    }

    /// These options with the charset fixed to `charset`.
    pub fn fixed(&self, charset: Charset) -> ReadOptions {
        ReadOptions {
            charset: CharsetMode::Fixed(charset),
            ..*self
        }
    }
}

/// Whether the charset stage would read `input` as UTF-8 as it is, with
/// no warning: valid UTF-8 without a byte order mark or a zero byte (the
/// marks of UTF-16), whose every `CA` names UTF-8. Such input is read
/// straight from its bytes.
pub fn plain_utf8(input: &[u8]) -> bool {
    let marked = input.starts_with(b"\xEF\xBB\xBF")
        || input.starts_with(b"\xFF\xFE")
        || input.starts_with(b"\xFE\xFF");
    if marked || memchr::memchr(0, input).is_some() || std::str::from_utf8(input).is_err() {
        return false;
    }
    static CA: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"CA"));
    CA.find_iter(input).all(|at| {
        let after = &input[at + 2..];
        let open = after.iter().position(|b| !b.is_ascii_whitespace());
        let Some(open) = open.filter(|&open| after[open] == b'[') else {
            return true;
        };
        let value = &after[open + 1..];
        let close = memchr::memchr(b']', &value[..value.len().min(100)]);
        close.is_some_and(|close| {
            let label = String::from_utf8_lossy(&value[..close]);
            Charset::for_label(label.trim()) == Some(Charset::Utf8)
        })
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

    /// The library's view of them.
    pub fn raw(self) -> RawValues<'a> {
        self.0
    }
}

/// What [`strict_events`] hands its events to.
pub trait Sink {
    /// `(`, at byte `at`.
    fn start(&mut self, at: u64);
    fn node(&mut self);
    /// A property with its raw values; returns `false` to give up.
    fn property(&mut self, ident: &str, values: Values<'_>) -> bool;
    /// `)`, ending before byte `end`.
    fn end(&mut self, end: u64);
}

/// Runs the strict parser over `input` (UTF-8) and hands its events to
/// `sink`. Returns `false` at a parse error or when the sink gave up; the
/// sink may have taken some events by then.
pub fn strict_events(input: &[u8], sink: &mut impl Sink) -> bool {
    let mut parser = Parser::new(input);
    // The plain iterator is the parser's fastest path; a token's end is
    // where the parser stands after it.
    while let Some(event) = parser.next() {
        match event {
            Err(_) => return false,
            Ok(Event::StartGameTree) => sink.start(parser.position() - 1),
            Ok(Event::Node) => sink.node(),
            Ok(Event::EndGameTree) => sink.end(parser.position()),
            Ok(Event::Property(ident, values)) => {
                if !sink.property(ident.as_str(), Values(values)) {
                    return false;
                }
            }
        }
    }
    true
}

/// Runs the lenient reader over `input` (through the charset stage, as
/// `options` say) and hands its events' properties to `sink`, a game at
/// a time; the events of a game the reader drops are handed too.
pub fn lenient_events(input: &[u8], options: &ReadOptions, sink: &mut impl Sink) {
    let mut reader = ReaderBuilder::new()
        .lenient(true)
        .charset(options.charset)
        .from_reader_decoded(input);
    while let Ok(Some((event, span))) = reader.next_spanned() {
        match event {
            Event::StartGameTree => sink.start(span.start),
            Event::Node => sink.node(),
            Event::EndGameTree => sink.end(span.end),
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

/// Games through the library's tree builder (strict, or repairing), each
/// with the warnings found up to its end and its charset.
pub struct Trees<R: Read> {
    games: Games<sgf_stream::read::Decoded<R>, TreeBuilder>,
}

/// One step of [`Trees`].
pub enum TreeStep {
    Game {
        tree: SgfTree,
        warnings: Vec<Problem>,
        charset: &'static str,
    },
    /// The end, with the warnings after the last game.
    End(Vec<Problem>),
    /// A strict read's error, or a failed read.
    Failed(Problem),
}

impl<R: Read> Trees<R> {
    pub fn new(input: R, options: &ReadOptions) -> Self {
        let builder = match options.lenient {
            true => TreeBuilder::lenient(),
            false => TreeBuilder::new(),
        };
        Trees {
            games: Games::new(options.builder().from_reader_decoded(input), builder),
        }
    }

    pub fn step(&mut self) -> TreeStep {
        let next = self.games.next();
        let warnings = self.games.take_warnings().iter().map(warning).collect();
        match next {
            None => TreeStep::End(warnings),
            Some(Err(err)) => TreeStep::Failed(error(&err)),
            Some(Ok(tree)) => TreeStep::Game {
                tree,
                warnings,
                charset: self.games.reader().charset_report().charset.name(),
            },
        }
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

/// Whether `err` is a failed read (not malformed input).
pub fn is_io(err: &Error) -> bool {
    matches!(err.kind(), ErrorKind::Io(_))
}

/// A warning as the binding reports it.
pub fn warning(warning: &Warning) -> Problem {
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
        ErrorKind::TooDeep(_) => "too_deep",
        ErrorKind::ValueTooLong(_) => "value_too_long",
        ErrorKind::IdentifierTooLong(_) => "identifier_too_long",
        ErrorKind::SpaceTooLong(_) => "space_too_long",
        ErrorKind::TooManyProperties(_) => "too_many_properties",
        ErrorKind::TooManyValues(_) => "too_many_values",
        ErrorKind::Io(_) => "io",
        ErrorKind::Tree(TreeErrorKind::ExtraGameTree) => "extra_game_tree",
        ErrorKind::Tree(TreeErrorKind::RepeatedProperty(_)) => "repeated_property",
        ErrorKind::Tree(TreeErrorKind::InvalidUtf8) => "invalid_utf8",
        ErrorKind::Tree(TreeErrorKind::InputTooLarge(_)) => "input_too_large",
        _ => "other",
    }
}

fn warning_kind(kind: &WarningKind) -> &'static str {
    match kind {
        WarningKind::SkippedText => "skipped_text",
        WarningKind::UnmatchedClose => "unmatched_close",
        WarningKind::MissingClose(_) => "missing_close",
        WarningKind::UnclosedGame => "unclosed_game",
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
    Property(String, Vec<bytes::Bytes>),
    End,
}

/// The events of an input, one at a time, with the repairs of a lenient
/// read as they are found.
pub struct Steps {
    reader: sgf_stream::Reader<sgf_stream::read::Shared>,
}

impl Steps {
    pub fn new(input: bytes::Bytes, lenient: bool) -> Steps {
        Steps {
            reader: ReaderBuilder::new().lenient(lenient).from_bytes(input),
        }
    }

    /// The next event, `None` at the end.
    pub fn next_step(&mut self) -> Option<Result<Step, Problem>> {
        use sgf_stream::event::OwnedEvent;
        Some(match self.reader.next_event() {
            Err(err) => Err(error(&err)),
            Ok(None) => return None,
            Ok(Some(OwnedEvent::StartGameTree)) => Ok(Step::Start),
            Ok(Some(OwnedEvent::Node)) => Ok(Step::Node),
            Ok(Some(OwnedEvent::EndGameTree)) => Ok(Step::End),
            Ok(Some(OwnedEvent::Property(property))) => Ok(Step::Property(
                property.ident().to_string(),
                property.value_bytes().collect(),
            )),
        })
    }

    /// The repairs found so far and not yet taken.
    pub fn take_warnings(&mut self) -> Vec<Problem> {
        self.reader.take_warnings().iter().map(warning).collect()
    }
}
