//! A ready-made [`Job`]: every game of a collection as a
//! [`CompactTree`], over its own text where it was read as written.

use std::ops::Range;

use bytes::Bytes;
use sgf_stream::{CompactTree, Error, Event, SgfTree, Warning};

use super::games::{refusal, Game, Games};
use super::trees::{Builder, Trees};
use super::visit::{Ctx, Job, Note, Visit};
use super::Policy;

/// The [`Job`] that makes every game a [`CompactTree`], the arena tree
/// over a game's bytes. Each game is built by the library's
/// [`TreeBuilder`](sgf_stream::build::TreeBuilder) as for
/// [`Trees`](super::Trees), with the same repairs, refusals and given-up
/// games; then:
///
/// - a game read as written, whose text is in memory
///   ([`Ctx::text`]: a batch, a converted record), is the compact tree of
///   a copy of its bytes of that text ([`CompactTree::from_bytes`]): its
///   nodes' offsets count from its `(` in the text its events' spans
///   count in (the input's own bytes for UTF-8 input);
/// - a game read from a stream, or that the lenient reader or builder
///   repaired (or whose bytes alone do not read strictly), is the compact
///   tree of its built [`SgfTree`] ([`CompactTree::from_tree`]), whose
///   text is the tree written out.
///
/// ```
/// use std::ops::ControlFlow;
/// use sgf_tool::collection::{Collection, Compacts, Delivery, Policy, Source};
///
/// let text = "(;GN[one];B[aa])\n(;GN[two]C[a]C[b])";
/// let sources = [Source::Bytes { name: "a.sgf".into(), bytes: text.into() }];
/// let policy = Policy::StrictThenLenient;
/// let mut games = Vec::new();
/// Collection::new().policy(policy).run(&sources, &Compacts::new(policy), |delivery| {
///     if let Delivery::Piece(_, done) = delivery {
///         games.extend(done.out);
///     }
///     ControlFlow::Continue(())
/// });
/// // Read as written: the game's own bytes.
/// assert_eq!(games[0].span, 0..16);
/// assert_eq!(&games[0].product.source()[..], b"(;GN[one];B[aa])");
/// assert_eq!(games[0].product.get(1).unwrap().offset(), 9); // `;B[aa]`
/// // The repeated `C` merged by the builder: the tree written out.
/// let root = games[1].product.root().unwrap();
/// assert_eq!(root.get("C").unwrap().first().text().unwrap(), "a\n\nb");
/// assert_eq!(games[1].span, 17..35);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compacts {
    /// The games are built as this job builds them.
    trees: Trees,
}

impl Compacts {
    /// The job for a collection read under `policy`: its games built
    /// leniently unless it is [`Policy::Strict`].
    pub fn new(policy: Policy) -> Compacts {
        Compacts {
            trees: Trees::new(policy),
        }
    }
}

impl Job for Compacts {
    type Visitor = CompactVisit;

    fn visitor(&self) -> CompactVisit {
        CompactVisit {
            games: self.trees.games(),
            texts: Vec::new(),
            repairs: Vec::new(),
        }
    }
}

/// The visitor of [`Compacts`]: the games of one piece, built, and made
/// compact when they are taken (when the reader's repairs are known).
///
/// A collection drives it; by hand, over a batch in memory:
///
/// ```
/// use sgf_stream::{read::Batch, Parser};
/// use sgf_tool::collection::{Compacts, Ctx, Job, Policy, Visit};
///
/// let batch = Batch::whole(b"(;GN[a])  (;GN[b];B[aa])".to_vec());
/// let decoded = batch.decode();
/// let ctx = Ctx::Batch(&decoded);
/// let mut visit = Compacts::new(Policy::Strict).visitor();
/// let mut notes = Vec::new();
/// for item in Parser::new(decoded.text()).into_spans() {
///     let (event, span) = item?;
///     visit.event(&event, span, &ctx, &mut notes);
/// }
/// visit.warnings(&[], &ctx);
/// let games = visit.take(&ctx, &mut notes);
/// assert_eq!(&games[1].product.source()[..], b"(;GN[b];B[aa])");
/// assert_eq!(games[1].span, 10..24);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug)]
pub struct CompactVisit {
    games: Games<Builder>,
    /// The bytes of each game built, as the spans count them.
    texts: Vec<Range<u64>>,
    /// What the builder and the reader repaired (or refused), as the
    /// spans count.
    repairs: Vec<Range<u64>>,
}

impl Visit for CompactVisit {
    type Out = Vec<Game<CompactTree>>;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        let noted = notes.len();
        self.texts.extend(self.games.event(event, span, ctx, notes));
        let places = notes[noted..].iter().map(|note| note.at..note.at);
        self.repairs.extend(places);
    }

    fn warnings(&mut self, warnings: &[Warning], _: &Ctx<'_>) {
        self.repairs.extend(warnings.iter().map(Warning::range));
    }

    fn take(&mut self, ctx: &Ctx<'_>, notes: &mut Vec<Note>) -> Vec<Game<CompactTree>> {
        let repairs = Repairs::new(std::mem::take(&mut self.repairs));
        let games = self.games.take().into_iter().zip(self.texts.drain(..));
        let mut compacts = Vec::with_capacity(games.len());
        for (game, text) in games {
            let own = ctx.text().filter(|_| !repairs.touch(&text));
            match compact(&game.product, own.map(|own| &own[usize_range(&text)])) {
                Ok(product) => compacts.push(Game {
                    product,
                    span: game.span,
                    charset: game.charset,
                }),
                Err(err) => {
                    let kind = err.kind();
                    notes.push(refusal(text.start, kind.code(), kind.to_string()));
                }
            }
        }
        compacts
    }

    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.games.abandoned();
    }
}

/// The compact form of a game built as `tree`, over `own`, its bytes as
/// read, when given and they read strictly.
fn compact(tree: &SgfTree, own: Option<&[u8]>) -> Result<CompactTree, Error> {
    own.and_then(|own| CompactTree::from_bytes(Bytes::copy_from_slice(own)).ok())
        .map_or_else(|| CompactTree::from_tree(tree), Ok)
}

fn usize_range(range: &Range<u64>) -> Range<usize> {
    range.start as usize..range.end as usize
}

/// Where repairs were made, sorted: which games' bytes hold one.
struct Repairs {
    ranges: Vec<Range<u64>>,
    /// The largest end of the ranges up to each one.
    max_end: Vec<u64>,
}

impl Repairs {
    fn new(mut ranges: Vec<Range<u64>>) -> Repairs {
        ranges.sort_by_key(|range| range.start);
        let max_end = ranges
            .iter()
            .scan(0, |max, range| {
                *max = range.end.max(*max);
                Some(*max)
            })
            .collect();
        Repairs { ranges, max_end }
    }

    /// Whether a repair starts in `text`, or reaches into it.
    fn touch(&self, text: &Range<u64>) -> bool {
        let before = self.ranges.partition_point(|r| r.start < text.end);
        before > 0
            && (self.ranges[before - 1].start >= text.start
                || self.max_end[before - 1] > text.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repair_touches_the_games_it_starts_in_or_reaches_into() {
        let repairs = Repairs::new(vec![30..30, 5..12, 50..60]);
        assert!(!repairs.touch(&(0..5)));
        assert!(repairs.touch(&(0..6)), "reaches in");
        assert!(repairs.touch(&(11..20)), "reaches in from before");
        assert!(!repairs.touch(&(12..30)), "a point at the end is after");
        assert!(repairs.touch(&(30..31)), "a point at the start");
        assert!(repairs.touch(&(55..56)), "inside a range");
        assert!(!repairs.touch(&(60..70)));
        assert!(!Repairs::new(Vec::new()).touch(&(0..10)));
    }
}
