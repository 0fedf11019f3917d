//! A ready-made [`Job`]: every game of a collection as an owned
//! [`SgfTree`], with its bytes in the input and its charset.

use std::ops::Range;

use sgf_stream::build::TreeBuilder;
use sgf_stream::charset::CharsetReport;
use sgf_stream::read::LineIndex;
use sgf_stream::{Event, SgfTree};

use super::visit::{Ctx, Job, Note, Visit};
use super::Policy;
use crate::diagnostics::Severity;

/// A game of a collection, built as an [`SgfTree`].
#[derive(Debug, Clone, PartialEq)]
pub struct GameTree {
    /// The game.
    pub tree: SgfTree,
    /// Its bytes in the input: from its first `(` to past its last `)`.
    /// The piece's diagnostics in this range are the game's
    /// ([`Done::diagnostics_in`](super::Done::diagnostics_in)); where
    /// the lenient reader supplied a `)` missing at the end of the input,
    /// the span ends there, and the warning that says so is at its end.
    pub span: Range<u64>,
    /// The charset its text was read in, and how it was chosen.
    pub charset: CharsetReport,
}

/// The [`Job`] that builds every game as an [`SgfTree`] with the
/// library's [`TreeBuilder`]: lenient (its repairs are diagnostics)
/// unless the policy is [`Policy::Strict`], as the collection reads. A
/// game the strict builder refuses (a property repeated in one node, a
/// value that is not UTF-8) is an error diagnostic and no tree; a game
/// the lenient reader gives up is no tree either.
///
/// ```
/// use std::ops::{ControlFlow, Range};
/// use sgf_tool::collection::{Collection, Delivery, Policy, Source, Trees};
///
/// let sources = [
///     Source::Bytes { name: "a.sgf".into(), bytes: "(;GN[one];B[aa])\n(;GN[two])".into() },
///     Source::Bytes { name: "b.sgf".into(), bytes: "(;GN[three]C[a]C[b])".into() },
/// ];
/// let policy = Policy::StrictThenLenient;
/// let collection = Collection::new().jobs(2).policy(policy);
/// let mut games = Vec::new();
/// collection.run(&sources, &Trees::new(policy), |delivery| {
///     if let Delivery::Piece(input, done) = delivery {
///         for game in &done.out {
///             let codes: Vec<_> = done.diagnostics_in(&game.span).iter().map(|d| d.code).collect();
///             let name = game.tree.get("GN").unwrap()[0].to_string();
///             games.push((input.name.clone(), name, game.span.clone(), codes));
///         }
///     }
///     ControlFlow::Continue(())
/// });
/// fn game(input: &str, name: &str, span: Range<u64>, codes: &[&'static str])
///     -> (String, String, Range<u64>, Vec<&'static str>) {
///     (input.to_string(), name.to_string(), span, codes.to_vec())
/// }
/// assert_eq!(games, [
///     game("a.sgf", "one", 0..16, &[]),
///     game("a.sgf", "two", 17..27, &[]),
///     // The repeated `C` merged, with a warning.
///     game("b.sgf", "three", 0..20, &["merged_property"]),
/// ]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trees {
    lenient: bool,
}

impl Trees {
    /// The job for a collection read under `policy`.
    pub fn new(policy: Policy) -> Trees {
        Trees {
            lenient: policy != Policy::Strict,
        }
    }
}

impl Job for Trees {
    type Visitor = TreeVisit;

    fn visitor(&self) -> TreeVisit {
        TreeVisit {
            lenient: self.lenient,
            builder: builder(self.lenient),
            games: Vec::new(),
            depth: 0,
            start: 0,
            refused: false,
        }
    }
}

/// The library's tree builder, lenient or strict.
fn builder(lenient: bool) -> TreeBuilder {
    match lenient {
        true => TreeBuilder::lenient(),
        false => TreeBuilder::new(),
    }
}

/// The visitor of [`Trees`]: the games of one piece.
#[derive(Debug)]
pub struct TreeVisit {
    lenient: bool,
    builder: TreeBuilder,
    games: Vec<GameTree>,
    /// Game trees and variations open.
    depth: u32,
    /// Where the current game starts, as the spans count.
    start: u64,
    /// The builder refused the current game: its events are passed over.
    refused: bool,
}

impl Visit for TreeVisit {
    type Out = Vec<GameTree>;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        match event {
            Event::StartGameTree if self.depth == 0 => {
                self.start = span.start;
                self.refused = false;
                self.depth = 1;
            }
            Event::StartGameTree => self.depth += 1,
            Event::EndGameTree => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        if self.refused {
            return;
        }
        let at = span.start;
        let end = span.end;
        let pushed = self.builder.push_spanned(event, span);
        // Only the repairs' offsets are wanted: the notes are placed in
        // the input when the piece's diagnostics are made.
        for repair in self.builder.take_warnings(&LineIndex::default()) {
            notes.push(Note::repair(&repair));
        }
        match pushed {
            Ok(Some(tree)) => self.games.push(GameTree {
                tree,
                span: ctx.input_offset(self.start)..ctx.input_offset(end),
                charset: ctx.charset(self.start),
            }),
            Ok(None) => {}
            Err(err) => {
                notes.push(Note {
                    at,
                    code: err.kind.code(),
                    severity: Severity::Error,
                    message: err.kind.to_string(),
                });
                // The builder is left in no known state: a new one takes
                // the next game.
                self.builder = builder(self.lenient);
                self.refused = self.depth > 0;
            }
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Vec<GameTree> {
        std::mem::take(&mut self.games)
    }

    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.builder.abandon();
    }
}
