//! A ready-made [`Job`]: every game of a collection summed up as a
//! [`GameRecord`] (game information, main-line moves), without trees.

use std::ops::Range;

use sgf_stream::game::{GameCollector, GameRecord};
use sgf_stream::Event;

use super::games::{games_visitor, refusal, Games, Make};
use super::visit::{Ctx, Job, Note};
use super::Policy;

/// The [`Job`] that sums up every game as a [`GameRecord`] with the
/// library's [`GameCollector`], straight from the events (no tree is
/// built): its game information, the moves of its main line (unless
/// [`moves(false)`](Records::moves)) and the values of those properties
/// that are not FF\[4\] to the letter ([`GameRecord::warnings`], left in
/// the record). The collector is strict ([`GameCollector::strict`])
/// under [`Policy::Strict`], the default tolerant one
/// ([`GameCollector::new`]) otherwise. A value it refuses is an error
/// diagnostic `bad_value` ([`PropertyError::code`]) at the value, and the
/// game gives no record; a game the lenient reader gives up gives none
/// either.
///
/// [`PropertyError::code`]: sgf_stream::typed::PropertyError::code
///
/// ```
/// use std::ops::ControlFlow;
/// use sgf_tool::collection::{Collection, Delivery, Policy, Records, Source};
///
/// let text = "(;PB[Lee]KM[6.5];B[pd];W[dp])\n(;KM[six];B[aa])\n(;AP[YuanYu]PW[Ke Jie])";
/// let sources = [Source::Bytes { name: "a.sgf".into(), bytes: text.into() }];
/// let policy = Policy::StrictThenLenient;
/// let (mut games, mut codes) = (Vec::new(), Vec::new());
/// Collection::new().policy(policy).run(&sources, &Records::new(policy), |delivery| {
///     if let Delivery::Piece(_, done) = delivery {
///         codes.extend(done.diagnostics.iter().map(|d| (d.code, d.position.offset)));
///         games.extend(done.out);
///     }
///     ControlFlow::Continue(())
/// });
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].product.info.black.as_deref(), Some("Lee"));
/// assert_eq!(games[0].product.moves.len(), 2);
/// assert_eq!(games[0].span, 0..29);
/// // `KM[six]` fits no repair: an error at the value, and no record.
/// assert_eq!(codes, [("bad_value", 35)]);
/// // `AP` without `:` is tolerated, with a warning in the record.
/// assert_eq!(games[1].product.info.white.as_deref(), Some("Ke Jie"));
/// assert_eq!(games[1].product.warnings[0].property, "AP");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Records {
    strict: bool,
    moves: bool,
}

impl Records {
    /// The job for a collection read under `policy`, with the moves of
    /// each game's main line.
    pub fn new(policy: Policy) -> Records {
        Records {
            strict: policy == Policy::Strict,
            moves: true,
        }
    }

    /// Whether the records hold the moves of the main line (the default);
    /// without them ([`GameCollector::without_moves`]) only the game
    /// information is read, at a fraction of the cost.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sgf_tool::collection::{Collection, Delivery, Policy, Records, Source};
    ///
    /// let sources = [Source::Bytes { name: "a.sgf".into(), bytes: "(;PB[Shusaku];B[qd])".into() }];
    /// let mut games = Vec::new();
    /// let records = Records::new(Policy::Lenient).moves(false);
    /// Collection::new().run(&sources, &records, |delivery| {
    ///     if let Delivery::Piece(_, done) = delivery {
    ///         games.extend(done.out);
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(games[0].product.info.black.as_deref(), Some("Shusaku"));
    /// assert!(games[0].product.moves.is_empty());
    /// ```
    pub fn moves(mut self, moves: bool) -> Records {
        self.moves = moves;
        self
    }

    fn collector(&self) -> GameCollector {
        let collector = match self.strict {
            true => GameCollector::strict(),
            false => GameCollector::new(),
        };
        match self.moves {
            true => collector,
            false => collector.without_moves(),
        }
    }
}

impl Job for Records {
    type Visitor = RecordVisit;

    fn visitor(&self) -> RecordVisit {
        RecordVisit(Games::new(Collector {
            job: *self,
            collector: self.collector(),
        }))
    }
}

games_visitor!(
    /// The visitor of [`Records`]: the games of one piece.
    ///
    /// A collection drives it; by hand, over a batch in memory:
    ///
    /// ```
    /// use sgf_stream::{read::Batch, Parser};
    /// use sgf_tool::collection::{Ctx, Job, Policy, Records, Visit};
    ///
    /// let batch = Batch::whole(b"(;HA[x];B[aa])(;HA[2];B[bb])".to_vec());
    /// let decoded = batch.decode();
    /// let ctx = Ctx::Batch(&decoded);
    /// let mut visit = Records::new(Policy::Strict).visitor();
    /// let mut notes = Vec::new();
    /// for item in Parser::new(decoded.text()).into_spans() {
    ///     let (event, span) = item?;
    ///     visit.event(&event, span, &ctx, &mut notes);
    /// }
    /// let games = visit.take(&ctx, &mut notes);
    /// assert_eq!(games.len(), 1);
    /// assert_eq!((games[0].product.info.handicap, games[0].span.clone()), (Some(2), 14..28));
    /// assert_eq!((notes[0].code, notes[0].at), ("bad_value", 5));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    RecordVisit,
    Collector,
    GameRecord
);

/// The library's game collector, as the maker of each game's record.
#[derive(Debug)]
pub(super) struct Collector {
    job: Records,
    collector: GameCollector,
}

impl Make for Collector {
    type Made = GameRecord;

    fn push(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
        ctx: &Ctx<'_>,
        _: &mut Vec<Note>,
    ) -> Result<Option<GameRecord>, Note> {
        self.collector.push(event).map_err(|err| {
            // At the value, where its bytes are in the text; else at the
            // property.
            let at = match (ctx.text(), event) {
                (Some(text), Event::Property(_, values)) => {
                    let located = err.clone().locate(text, *values).position;
                    located.map(|position| position.offset)
                }
                _ => None,
            };
            refusal(at.unwrap_or(span.start), err.code(), err.to_string())
        })
    }

    fn reset(&mut self) {
        self.collector = self.job.collector();
    }
}
