//! The calls into sgf-stream's readers that the binding makes itself:
//! the events of one game's text (read again for its nodes, its
//! information or its tree), the events of `sgf_stream.events`, and the
//! library's diagnostics as the binding's problems. Collections are read
//! by `sgf_tool::collection` (`collect.rs`).

use std::ops::Range;

use sgf_stream::{Event, Position, RawValues, ReaderBuilder};
use sgf_tool::diagnostics::Diagnostic;

use crate::data::{Place, Problem};

/// The raw values of a property (escapes kept).
#[derive(Clone, Copy)]
pub struct Values<'a>(pub RawValues<'a>);

impl<'a> Values<'a> {
    /// The value, when there is exactly one.
    pub fn single(self) -> Option<&'a [u8]> {
        if self.0.len() != 1 {
            return None;
        }
        let run = self.0.as_bytes();
        // A run of one value is `[value]`; a repaired one may lack its `]`.
        match self.0.is_repaired() {
            false => Some(&run[1..run.len() - 1]),
            true => Some(self.0.first().as_bytes()),
        }
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

/// What takes the events of one game's text.
pub trait Sink {
    /// The next event, which covers `span` of the text; `false` to give
    /// up.
    fn event(&mut self, event: &Event<'_>, span: Range<u64>) -> bool;
}

/// Hands the events of `text`, one game's text as a collection read it,
/// to a sink made by `make`: read strictly, or, when that fails (the game
/// was repaired), leniently from the start again with a fresh sink, as
/// the collection read it. The sink's reading stops where it gives up.
pub fn game_events<S: Sink>(text: &[u8], make: impl Fn() -> S) -> S {
    let mut sink = make();
    let mut reader = ReaderBuilder::new().from_slice(text);
    loop {
        match reader.next_spanned() {
            Ok(Some((event, span))) => {
                if !sink.event(&event, span) {
                    return sink;
                }
            }
            Ok(None) => return sink,
            Err(_) => break,
        }
    }
    let mut sink = make();
    let mut reader = ReaderBuilder::new().lenient(true).from_slice(text);
    while let Ok(Some((event, span))) = reader.next_spanned() {
        if !sink.event(&event, span) {
            break;
        }
    }
    sink
}

fn place(position: Position) -> Place {
    Place {
        offset: position.offset,
        line: position.line,
        column: position.column,
    }
}

/// A diagnostic of the library as the binding reports it: its code, its
/// message and its place.
pub fn problem(diagnostic: &Diagnostic) -> Problem {
    let offset = diagnostic.position.offset;
    Problem {
        code: diagnostic.code.to_string(),
        message: diagnostic.message.clone(),
        place: Some(place(diagnostic.position)),
        range: (offset, offset),
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
            Err(err) => Err(problem(&Diagnostic::error(&err))),
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
        let warnings = self.reader.take_warnings();
        warnings
            .iter()
            .map(|warning| {
                let mut problem = problem(&Diagnostic::warning(warning));
                problem.range = (warning.range().start, warning.range().end);
                problem
            })
            .collect()
    }
}
