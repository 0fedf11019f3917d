//! A ready-made [`Job`]: every game of a collection as an owned
//! [`SgfTree`], with its bytes in the input and its charset.

use std::ops::Range;

use sgf_stream::build::TreeBuilder;
use sgf_stream::{Event, SgfTree};

use super::games::{games_visitor, refusal, Game, Games, Make};
use super::visit::{Ctx, Job, Note};
use super::Policy;

/// A game of a collection, built as an [`SgfTree`]: what [`Trees`]
/// gives, the tree in [`product`](Game::product).
pub type GameTree = Game<SgfTree>;

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
///             let name = game.product.get("GN").unwrap()[0].to_string();
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
        TreeVisit(self.games())
    }
}

impl Trees {
    /// The games of a piece, built as this job builds them.
    pub(super) fn games(&self) -> Games<Builder> {
        Games::new(Builder::new(self.lenient))
    }
}

games_visitor!(
    /// The visitor of [`Trees`]: the games of one piece.
    ///
    /// A collection drives it; by hand, over a batch in memory:
    ///
    /// ```
    /// use sgf_stream::{read::Batch, Parser};
    /// use sgf_tool::collection::{Ctx, Job, Policy, Trees, Visit};
    ///
    /// let batch = Batch::whole(b"(;GN[a]C[x]C[y])(;GN[b])".to_vec());
    /// let decoded = batch.decode();
    /// let ctx = Ctx::Batch(&decoded);
    /// let mut visit = Trees::new(Policy::Lenient).visitor();
    /// let mut notes = Vec::new();
    /// for item in Parser::new(decoded.text()).into_spans() {
    ///     let (event, span) = item?;
    ///     visit.event(&event, span, &ctx, &mut notes);
    /// }
    /// let games = visit.take(&ctx, &mut notes);
    /// assert_eq!(games[0].product.get("C").unwrap(), ["x\n\ny"]);
    /// assert_eq!((notes[0].code, notes[0].at), ("merged_property", 11));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    TreeVisit,
    Builder,
    SgfTree
);

/// The library's tree builder, lenient (its repairs are notes) or
/// strict, as the maker of each game's [`SgfTree`]: for [`Trees`] and
/// [`Compacts`](super::Compacts).
#[derive(Debug)]
pub(super) struct Builder {
    lenient: bool,
    builder: TreeBuilder,
}

impl Builder {
    pub(super) fn new(lenient: bool) -> Builder {
        let builder = match lenient {
            true => TreeBuilder::lenient(),
            false => TreeBuilder::new(),
        };
        Builder { lenient, builder }
    }
}

impl Make for Builder {
    type Made = SgfTree;

    fn push(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
        _: &Ctx<'_>,
        notes: &mut Vec<Note>,
    ) -> Result<Option<SgfTree>, Note> {
        let at = span.start;
        let pushed = self.builder.push_spanned(event, span);
        notes.extend(Note::take_repairs(&mut self.builder));
        pushed.map_err(|err| refusal(at, err.kind.code(), err.kind.to_string()))
    }

    fn reset(&mut self) {
        // The builder is left in no known state: a new one takes the
        // next game.
        *self = Builder::new(self.lenient);
    }
}
