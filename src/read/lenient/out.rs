//! What the lenient stage hands out: events with their span in the input
//! and their bytes by stream offsets, turned into [`Event`]s over the
//! source's bytes.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::ops::Range;

use crate::event::{Event, PropIdent, RawValues};

/// A property identifier as the stage hands it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ident {
    /// The bytes at these stream offsets.
    At(Range<u64>),
    /// A repaired legacy identifier (`AddBlack` read as `AB`).
    Owned(String),
}

/// A property as the stage hands it out: its span in the input, and its
/// bytes by stream offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Prop {
    /// Where it stands in the input.
    pub(crate) span: Range<u64>,
    /// Where it starts, a stream offset.
    pub(crate) start: u64,
    pub(crate) ident: Ident,
    /// The values run: from the first `[` to the last `]` (or the end).
    pub(crate) values: Range<u64>,
    pub(crate) count: u32,
    pub(crate) repaired: bool,
}

/// One event of the stage with its span in the input (its bytes by stream
/// offsets): turned into an [`Event`] over the source's bytes when handed
/// out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Out {
    Start(Range<u64>),
    Node(Range<u64>),
    End(Range<u64>),
    Property(Prop),
}

impl Out {
    /// Where a property and its values start (stream offsets), for
    /// placing a builder's repairs; the other events have no bytes.
    pub(crate) fn place(&self) -> Option<(u64, u64)> {
        match self {
            Out::Property(prop) => Some((prop.start, prop.values.start)),
            _ => None,
        }
    }

    /// The event over `buf`, whose first byte is at stream offset `base`,
    /// with its span in the input.
    pub(crate) fn event(self, buf: &[u8], base: u64) -> (Event<'_>, Range<u64>) {
        let at = |range: &Range<u64>| (range.start - base) as usize..(range.end - base) as usize;
        match self {
            Out::Start(span) => (Event::StartGameTree, span),
            Out::Node(span) => (Event::Node, span),
            Out::End(span) => (Event::EndGameTree, span),
            Out::Property(prop) => {
                let ident = match &prop.ident {
                    Ident::At(range) => {
                        let bytes = &buf[at(range)];
                        let text = std::str::from_utf8(bytes).unwrap_or_default();
                        PropIdent::new(Cow::Borrowed(text))
                    }
                    Ident::Owned(text) => PropIdent::new(Cow::Owned(text.clone())),
                };
                let run = &buf[at(&prop.values)];
                let values = match prop.repaired {
                    true => RawValues::repaired(run, prop.count),
                    false => RawValues::new(run, prop.count),
                };
                (Event::Property(ident, values), prop.span)
            }
        }
    }
}

/// Events waiting to be handed out, in order. A run of `EndGameTree`s at
/// one place (the trees left open when a game is closed early: as many as
/// the depth limit allows) is kept as one entry. Where a game given up
/// starts to close, a mark: handing out the event after it reports the
/// game given up ([`take_abandoned`](Self::take_abandoned)).
#[derive(Debug, Clone, Default)]
pub(crate) struct Queue {
    entries: VecDeque<Queued>,
    /// A mark was passed since the last [`take_abandoned`](Self::take_abandoned).
    abandoned: bool,
}

#[derive(Debug, Clone)]
enum Queued {
    One(Out),
    /// `EndGameTree`s, this many, with this empty span.
    Ends(u64, u32),
    /// The game open was given up: the events after this close it.
    Abandoned,
}

impl Queue {
    pub(crate) fn push(&mut self, out: Out) {
        self.entries.push_back(Queued::One(out));
    }

    /// Queues `count` `EndGameTree`s with the empty span at `at`.
    pub(crate) fn push_ends(&mut self, at: u64, count: u32) {
        if count > 0 {
            self.entries.push_back(Queued::Ends(at, count));
        }
    }

    /// Marks where the game open, given up, starts to close: before the
    /// `EndGameTree`s that close it.
    pub(crate) fn push_abandoned(&mut self) {
        self.entries.push_back(Queued::Abandoned);
    }

    pub(crate) fn pop(&mut self) -> Option<Out> {
        loop {
            match self.entries.front_mut()? {
                Queued::Ends(at, count) if *count > 1 => {
                    *count -= 1;
                    return Some(Out::End(*at..*at));
                }
                _ => match self.entries.pop_front()? {
                    Queued::One(out) => return Some(out),
                    Queued::Ends(at, _) => return Some(Out::End(at..at)),
                    Queued::Abandoned => self.abandoned = true,
                },
            }
        }
    }

    /// Whether a game given up started to close in the events handed out
    /// since the last call: the last one handed out is then the first of
    /// those that close it.
    pub(crate) fn take_abandoned(&mut self) -> bool {
        std::mem::take(&mut self.abandoned)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
