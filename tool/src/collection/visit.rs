//! What a caller does with the events of a piece of input: a [`Visit`]
//! made by its [`Job`], fed every event in order, one piece at a time, on
//! any thread.

use std::ops::Range;

use sgf_stream::build::TreeBuilder;
use sgf_stream::charset::CharsetReport;
use sgf_stream::formats::Converted;
use sgf_stream::read::{DecodedBatch, LineIndex};
use sgf_stream::{Event, Warning};

use crate::diagnostics::Severity;

/// A problem a visitor found, placed later: `at` is an offset of what
/// the events' spans count (the piece's text, a record's SGF text, or
/// the input for a stream).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Where, as the events' spans count.
    pub at: u64,
    /// A stable code (a check's name).
    pub code: &'static str,
    /// How bad.
    pub severity: Severity,
    /// What: a check's code, `: `, and the message.
    pub message: String,
}

impl Note {
    /// The note of a repair a lenient [`TreeBuilder`] made, at the start
    /// of the bytes it concerns, as the events' spans count them (the
    /// warning's line and column are not used).
    ///
    /// ```
    /// use sgf_stream::{build::TreeBuilder, read::LineIndex, Parser};
    /// use sgf_tool::{collection::Note, diagnostics::Severity};
    ///
    /// let mut builder = TreeBuilder::lenient();
    /// for item in Parser::new(b"(;C[a]C[b])").into_spans() {
    ///     let (event, span) = item?;
    ///     builder.push_spanned(&event, span)?;
    /// }
    /// let repairs = builder.take_warnings(&LineIndex::default());
    /// let note = Note::repair(&repairs[0]);
    /// assert_eq!((note.at, note.code, note.severity), (6, "merged_property", Severity::Warning));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`TreeBuilder`]: sgf_stream::build::TreeBuilder
    pub fn repair(warning: &Warning) -> Note {
        let kind = warning.kind();
        Note {
            at: warning.range().start,
            code: kind.code(),
            severity: Severity::of_repair(kind),
            message: kind.to_string(),
        }
    }

    /// The notes of the repairs `builder` made since the last call, each
    /// at the start of the bytes it concerns as the events' spans count
    /// them ([`repair`](Self::repair)).
    ///
    /// ```
    /// use sgf_stream::{build::TreeBuilder, Parser};
    /// use sgf_tool::collection::Note;
    ///
    /// let mut builder = TreeBuilder::lenient();
    /// for item in Parser::new(b"(;C[a]C[b];B[aa]B[bb])").into_spans() {
    ///     let (event, span) = item?;
    ///     builder.push_spanned(&event, span)?;
    /// }
    /// let notes: Vec<Note> = Note::take_repairs(&mut builder).collect();
    /// let places: Vec<_> = notes.iter().map(|note| (note.code, note.at)).collect();
    /// // The repeated comment merged, the second move of a colour dropped.
    /// assert_eq!(places, [("merged_property", 6), ("dropped_repeat", 16)]);
    /// assert_eq!(Note::take_repairs(&mut builder).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_repairs(builder: &mut TreeBuilder) -> impl Iterator<Item = Note> {
        // A note is placed by its offset when the piece's diagnostics are
        // made: the warnings need no lines.
        let repairs = builder.take_warnings(&LineIndex::default());
        repairs.into_iter().map(|repair| Note::repair(&repair))
    }
}

/// What the events come from, for the few visitors that ask.
#[derive(Debug)]
pub enum Ctx<'a> {
    /// A batch in memory, as UTF-8 text.
    Batch(&'a DecodedBatch<'a>),
    /// A stream: the charset of the game being read, and where the
    /// stream starts in its input (the events' spans count from there).
    Stream(&'a CharsetReport, u64),
    /// A record in another format (GIB, NGF, UGF) converted to SGF: the
    /// events are those of its SGF text ([`Converted::sgf`]), the charset
    /// is the record's ([`Converted::report`]).
    Record(&'a Converted),
}

impl Ctx<'_> {
    /// The charset of the game that the byte at `at` belongs to, and how
    /// it was chosen.
    pub fn charset(&self, at: u64) -> CharsetReport {
        match self {
            Ctx::Batch(decoded) => decoded.game_charset(at as usize),
            Ctx::Stream(report, _) => (*report).clone(),
            Ctx::Record(converted) => converted.report().clone(),
        }
    }

    /// The offset in the input of byte `at` as the events' spans count
    /// it: where diagnostics placed at `at` are.
    pub fn input_offset(&self, at: u64) -> u64 {
        match self {
            Ctx::Batch(decoded) => decoded.input_offset(at as usize),
            Ctx::Stream(_, start) => start + at,
            Ctx::Record(converted) => converted.position(at as usize).offset,
        }
    }

    /// The UTF-8 text that the events' spans count in, when it is in
    /// memory: a batch's, a record's SGF text; `None` for a stream.
    ///
    /// ```
    /// use sgf_stream::formats::{self, Format};
    /// use sgf_tool::collection::Ctx;
    ///
    /// let ugf = formats::to_sgf(Format::Ugf, b"[Header]\nSize=9\n[Data]\nEE,B1,1,0\n")?;
    /// let ctx = Ctx::Record(&ugf);
    /// assert_eq!(ctx.text(), Some(ugf.sgf().as_bytes()));
    /// assert_eq!(ctx.charset(0).charset.name(), "UTF-8");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn text(&self) -> Option<&[u8]> {
        match self {
            Ctx::Batch(decoded) => Some(decoded.text()),
            Ctx::Stream(..) => None,
            Ctx::Record(converted) => Some(converted.sgf().as_bytes()),
        }
    }
}

/// A caller's work on the events of one piece of input.
pub trait Visit {
    /// What it gives back.
    type Out: Send;

    /// Takes the next event, which covers `span`; problems go to
    /// `notes`.
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>);

    /// What it gathered since the last call, between two games (or at
    /// the end of the piece); problems go to `notes`.
    fn take(&mut self, ctx: &Ctx<'_>, notes: &mut Vec<Note>) -> Self::Out;

    /// The lenient reader gave up the game being visited (over a limit,
    /// or beyond repair): the events it gave are all there will be of
    /// it, and the next event starts closing it where it stopped. It is
    /// not a game: a diagnostic `skipped-game-tree` names its bytes, and
    /// the collection does not count it. Called before that next event;
    /// by default nothing is done (what was gathered of the game stays).
    fn abandoned(&mut self, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        let _ = (ctx, notes);
    }

    /// What the reader found wrong or repaired since the last
    /// [`take`](Self::take), given just before it: its warnings
    /// ([`Reader::take_warnings`]), each [`range`](Warning::range)
    /// counted as the events' spans are, so that a visitor can tell the
    /// games the lenient reader repaired. They are the piece's
    /// diagnostics as well; by default nothing is done.
    ///
    /// [`Reader::take_warnings`]: sgf_stream::Reader::take_warnings
    fn warnings(&mut self, warnings: &[Warning], ctx: &Ctx<'_>) {
        let _ = (warnings, ctx);
    }
}

/// A caller's work on a collection: a fresh [`Visit`] for each piece,
/// made on the thread that reads it.
pub trait Job: Sync {
    /// The work on one piece.
    type Visitor: Visit;

    /// A visitor for a new piece.
    fn visitor(&self) -> Self::Visitor;
}

/// Which game of a piece the events are in, and how deep: top-level
/// game trees counted as they open.
#[derive(Debug, Default, Clone, Copy)]
pub struct Depth {
    /// Game trees and variations open.
    pub depth: u32,
    /// Games opened so far, less those the reader gave up.
    pub games: u64,
}

impl Depth {
    /// The game open was given up by the reader: it does not count.
    pub fn abandon(&mut self) {
        self.games = self.games.saturating_sub(1);
    }

    /// The games read so far when reading stops here, at an error if
    /// `stopped`: a game left open by the error does not count.
    pub fn games_read(&self, stopped: bool) -> u64 {
        self.games
            .saturating_sub(u64::from(stopped && self.depth > 0))
    }

    /// Moves past `event`; returns whether it opens a game.
    #[inline]
    pub fn step(&mut self, event: &Event<'_>) -> bool {
        match event {
            Event::StartGameTree => {
                self.depth += 1;
                if self.depth == 1 {
                    self.games += 1;
                    return true;
                }
            }
            Event::EndGameTree => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        false
    }
}
