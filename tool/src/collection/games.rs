//! What the ready-made jobs ([`Trees`](super::Trees),
//! [`Compacts`](super::Compacts), [`Records`](super::Records)) share:
//! following the games of a piece through its events, each made into a
//! product by a [`Make`] and handed out as a [`Game`] with its span and
//! charset; a game the maker refuses, or the reader gives up, is no
//! product.

use std::ops::Range;

use sgf_stream::charset::CharsetReport;
use sgf_stream::Event;

use super::visit::{Ctx, Depth, Note};
use crate::diagnostics::Severity;

/// A game of a collection, made into what a ready-made job makes of it:
/// an [`SgfTree`](sgf_stream::SgfTree) ([`Trees`](super::Trees), whose
/// games are [`GameTree`](super::GameTree)s), a
/// [`CompactTree`](sgf_stream::CompactTree)
/// ([`Compacts`](super::Compacts)) or a
/// [`GameRecord`](sgf_stream::game::GameRecord)
/// ([`Records`](super::Records)).
///
/// ```
/// use std::ops::ControlFlow;
/// use sgf_tool::collection::{Collection, Delivery, Game, GameTree, Policy, Source, Trees};
///
/// let mut input = b"(;CA[Latin1]PB[Jos\xe9])\n".to_vec();
/// input.extend(b"(;CA[UTF-8]GN[two])");
/// let sources = [Source::Bytes { name: "a.sgf".into(), bytes: input.into() }];
/// let mut games: Vec<GameTree> = Vec::new();
/// Collection::new().run(&sources, &Trees::new(Policy::Lenient), |delivery| {
///     if let Delivery::Piece(_, done) = delivery {
///         games.extend(done.out);
///     }
///     ControlFlow::Continue(())
/// });
/// let Game { product, span, charset } = &games[0];
/// assert_eq!(product.get("PB").unwrap(), ["José"]);
/// assert_eq!((span.clone(), charset.charset.name()), (0..21, "ISO-8859-1"));
/// assert_eq!((games[1].span.clone(), games[1].charset.charset.name()), (22..41, "UTF-8"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Game<T> {
    /// What the game was made into.
    pub product: T,
    /// Its bytes in the input: from its first `(` to past its last `)`.
    /// The piece's diagnostics in this range are the game's
    /// ([`Done::diagnostics_in`](super::Done::diagnostics_in)); where
    /// the lenient reader supplied a `)` missing at the end of the input,
    /// the span ends there, and the warning that says so is at its end.
    pub span: Range<u64>,
    /// The charset its text was read in, and how it was chosen.
    pub charset: CharsetReport,
}

/// What makes one product of each game from its events, for [`Games`].
pub(super) trait Make {
    /// A game's product.
    type Made;

    /// Takes the next event of a game not refused, which covers `span`;
    /// gives the game's product when the event closes it. Repairs go to
    /// `notes`.
    ///
    /// # Errors
    /// The note of what the maker refused: the game gives no product,
    /// and the maker is [`reset`](Self::reset).
    fn push(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
        ctx: &Ctx<'_>,
        notes: &mut Vec<Note>,
    ) -> Result<Option<Self::Made>, Note>;

    /// Drops the game being made (refused, or given up by the reader),
    /// ready for the next one.
    fn reset(&mut self);
}

/// The error note of a game refused at `at`.
pub(super) fn refusal(at: u64, code: &'static str, message: String) -> Note {
    Note {
        at,
        code,
        severity: Severity::Error,
        message,
    }
}

/// The games of one piece as a [`Make`] makes them: which game the
/// events are in, where it starts, whether it was refused.
#[derive(Debug)]
pub(super) struct Games<M: Make> {
    make: M,
    games: Vec<Game<M::Made>>,
    /// Game trees open, and games seen.
    depth: Depth,
    /// Where the current game starts, as the spans count.
    start: u64,
    /// The current game was refused or given up: its events are passed
    /// over.
    refused: bool,
}

impl<M: Make> Games<M> {
    pub(super) fn new(make: M) -> Games<M> {
        Games {
            make,
            games: Vec::new(),
            depth: Depth::default(),
            start: 0,
            refused: false,
        }
    }

    /// Takes the next event, which covers `span`; when it closes a game
    /// that was made, gives that game's bytes as the spans count them.
    pub(super) fn event(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
        ctx: &Ctx<'_>,
        notes: &mut Vec<Note>,
    ) -> Option<Range<u64>> {
        if self.depth.step(event) {
            self.start = span.start;
            self.refused = false;
        }
        if self.refused {
            return None;
        }
        let end = span.end;
        match self.make.push(event, span, ctx, notes) {
            Ok(Some(product)) => {
                self.games.push(Game {
                    product,
                    span: ctx.input_offset(self.start)..ctx.input_offset(end),
                    charset: ctx.charset(self.start),
                });
                Some(self.start..end)
            }
            Ok(None) => None,
            Err(note) => {
                notes.push(note);
                self.drop_game();
                None
            }
        }
    }

    /// The reader gave up the game open: it is no product.
    pub(super) fn abandoned(&mut self) {
        self.drop_game();
    }

    fn drop_game(&mut self) {
        self.make.reset();
        self.refused = self.depth.depth > 0;
    }

    /// The games made since the last call.
    pub(super) fn take(&mut self) -> Vec<Game<M::Made>> {
        std::mem::take(&mut self.games)
    }
}

/// A public visitor `$visit` of the games of a piece, made by `$make`
/// into `$made`s: a [`Games`] and nothing else.
macro_rules! games_visitor {
    ($(#[$doc:meta])* $visit:ident, $make:ty, $made:ty) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $visit(super::games::Games<$make>);

        impl super::visit::Visit for $visit {
            type Out = Vec<super::games::Game<$made>>;

            fn event(
                &mut self,
                event: &sgf_stream::Event<'_>,
                span: std::ops::Range<u64>,
                ctx: &super::visit::Ctx<'_>,
                notes: &mut Vec<super::visit::Note>,
            ) {
                self.0.event(event, span, ctx, notes);
            }

            fn take(
                &mut self,
                _: &super::visit::Ctx<'_>,
                _: &mut Vec<super::visit::Note>,
            ) -> Self::Out {
                self.0.take()
            }

            fn abandoned(&mut self, _: &super::visit::Ctx<'_>, _: &mut Vec<super::visit::Note>) {
                self.0.abandoned();
            }
        }
    };
}

pub(super) use games_visitor;
