//! Conveniences for whole games: the moves of the main line and the game
//! information, from an [`SgfTree`] or straight from events.
//!
//! [`GameInfo`] keeps the game information as written; [`Normalized`]
//! reads the values people filter on into typed ones, however real files
//! write them: [`Rank`] (`BR[P8段]` is 8p), [`Outcome`] (`RE[黑中盘胜]`
//! is a win of Black by resignation), the komi ([`parse_komi`]: `KM[750]`
//! is 7.5), the handicap ([`parse_handicap`]), [`Dates`]
//! (`DT[1996-05-06,07,08]`), the main time ([`parse_time_limit`]) and the
//! [`Overtime`]. Each parser gives a value or a [`NormalizeError`] saying
//! why there is none. A [`Filter`] selects games by these values and a
//! few more ([`GameFacts`]: players, board size, moves, properties).
//!
//! ```
//! let tree = sgf_stream::parse("(;BR[P8段]WR[9段]RE[W+0.5]KM[750]DT[2017.06.21 21:45])")?;
//! let n = tree.normalized();
//! assert!(n.black_rank? > n.white_rank?);
//! assert_eq!((n.winner().unwrap().to_string(), n.margin()), ("W".into(), Some(0.5)));
//! assert_eq!(n.komi?, 7.5);
//! assert_eq!(n.date().unwrap().to_string(), "2017-06-21");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::event::Event;
use crate::props::{self, Category};
use crate::tree::SgfTree;
use crate::typed::{BoardSize, Color, Decoder, Move, PropertyError, Reading, Value};

mod count;
mod date;
mod error;
mod facts;
mod filter;
mod info;
mod komi;
mod normalize;
mod outcome;
mod rank;
mod time_control;

pub use date::{Date, Dates};
pub use error::NormalizeError;
pub use facts::GameFacts;
pub use filter::Filter;
pub use info::{GameInfo, GameResult, WinBy};
pub use komi::{komi_from_real, parse_handicap, parse_komi};
pub use normalize::Normalized;
pub use outcome::{Outcome, Reason};
pub use rank::{Rank, RankKind};
pub use time_control::{parse_time_limit, Overtime};

/// One move of a game: who played, and where (or a pass).
pub type PlayedMove = (Color, Move);

impl SgfTree {
    /// The board size from this root node's `SZ` (19×19 when absent).
    ///
    /// # Errors
    /// A `SZ` that is not `n` or `cols:rows` with sides 1 to 52.
    ///
    /// ```
    /// use sgf_stream::typed::BoardSize;
    /// let tree = sgf_stream::parse("(;SZ[13:9])")?;
    /// assert_eq!(tree.board_size().unwrap(), BoardSize { cols: 13, rows: 9 });
    /// assert_eq!(sgf_stream::parse("(;)")?.board_size().unwrap(), BoardSize::square(19));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn board_size(&self) -> Result<BoardSize, PropertyError> {
        match self.get("SZ") {
            None => Ok(BoardSize::default()),
            Some(values) => Ok(size_of(&Decoder::new().decode_tree("SZ", values)?)),
        }
    }

    /// The moves of the main line in order, as (color, point or pass);
    /// this node is taken as the root (its `SZ` sets the board size).
    ///
    /// # Errors
    /// The first `SZ`, `B` or `W` value that does not fit its type.
    ///
    /// ```
    /// use sgf_stream::typed::{Color, Move, Point};
    /// let tree = sgf_stream::parse("(;SZ[19];B[pd];W[tt](;B[aa])(;B[bb]))")?;
    /// let moves = tree.moves().unwrap();
    /// assert_eq!(moves, [
    ///     (Color::Black, Move::Play(Point::new(15, 3))),
    ///     (Color::White, Move::Pass),
    ///     (Color::Black, Move::Play(Point::new(0, 0))),
    /// ]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn moves(&self) -> Result<Vec<PlayedMove>, PropertyError> {
        let mut warnings = Strictly(None);
        let moves = self.collect_moves(&mut warnings);
        warnings.0.map_or(Ok(moves), Err)
    }

    /// Like [`moves`](Self::moves), but skips bad values (a bad `SZ`
    /// counts as 19×19) and reports them as warnings.
    ///
    /// ```
    /// let tree = sgf_stream::parse("(;B[pd];W[zz];B[dd])")?;
    /// let (moves, warnings) = tree.moves_lenient();
    /// assert_eq!(moves.len(), 2);
    /// assert_eq!(warnings[0].property, "W");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn moves_lenient(&self) -> (Vec<PlayedMove>, Vec<PropertyError>) {
        let mut warnings = Vec::new();
        let moves = self.collect_moves(&mut warnings);
        (moves, warnings)
    }

    fn collect_moves(&self, warnings: &mut dyn Warn) -> Vec<PlayedMove> {
        let size = match self.board_size() {
            Ok(size) => size,
            Err(err) => {
                if warnings.warn(err) {
                    return Vec::new();
                }
                BoardSize::default()
            }
        };
        let decoder = Decoder::with_size(size);
        let mut moves = Vec::new();
        for node in self.main_line() {
            for (ident, values) in node.properties() {
                let color = match ident {
                    "B" => Color::Black,
                    "W" => Color::White,
                    _ => continue,
                };
                if let (1, Some(one)) = (values.len(), values.first()) {
                    if let Ok(played) = Move::decode(one.as_bytes(), size) {
                        moves.push((color, played));
                        continue;
                    }
                }
                match decoder.decode_tree(ident, values) {
                    Ok(values) => moves.extend(values[0].as_move().map(|m| (color, m))),
                    Err(err) => {
                        if warnings.warn(err) {
                            return moves;
                        }
                    }
                }
            }
        }
        moves
    }

    /// The game information: root properties (`SZ`, `CA`, `AP`, ...) of
    /// this node and the game-info properties found on the main line
    /// (the first node holding each one), read as mainstream editors read
    /// them, with a warning for each value that is not FF\[4\] to the
    /// letter: several values where one is expected (`CA[UTF-8][UTF-8]`:
    /// the first is taken), `AP` without `:` (`AP[YuanYu]`: a name with no
    /// version), a Real where a Number is expected (`HA[7.5]`: rounded
    /// down), and the other repairs of
    /// [`Decoder::decode_tolerant`](crate::typed::Decoder::decode_tolerant).
    /// [`game_info_strict`](Self::game_info_strict) takes the letter of
    /// FF\[4\]; [`game_info_lenient`](Self::game_info_lenient) never fails.
    ///
    /// # Errors
    /// The first value that no repair makes fit its type (`KM[abc]`).
    ///
    /// ```
    /// use sgf_stream::game::{GameResult, WinBy};
    /// use sgf_stream::typed::{Color, ValueErrorKind};
    /// let tree = sgf_stream::parse("(;GM[1]SZ[9]AP[YuanYu]PB[Lee]PW[Ke Jie]KM[7.5]RE[W+2.5]HA[0];B[ee])")?;
    /// let (info, tolerated) = tree.game_info().unwrap();
    /// assert_eq!(info.black.as_deref(), Some("Lee"));
    /// assert_eq!(info.komi, Some(7.5));
    /// assert_eq!(info.size.cols, 9);
    /// assert_eq!(info.outcome(), Some(GameResult::Win { winner: Color::White, by: WinBy::Score(2.5) }));
    /// assert_eq!(info.application, Some(("YuanYu".to_string(), String::new())));
    /// assert_eq!((tolerated[0].property.as_str(), &tolerated[0].kind), ("AP", &ValueErrorKind::MissingColon));
    /// assert!(tree.game_info_strict().is_err());
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn game_info(&self) -> Result<(GameInfo, Vec<PropertyError>), PropertyError> {
        self.collect_info(Reading::Tolerant)
    }

    /// The game information by the letter of FF\[4\]: as
    /// [`game_info`](Self::game_info), but every value that does not fit
    /// its type is an error.
    ///
    /// # Errors
    /// The first value that does not fit its type.
    ///
    /// ```
    /// let tree = sgf_stream::parse("(;CA[UTF-8][UTF-8]PB[Lee])")?;
    /// assert!(tree.game_info_strict().is_err());
    /// assert_eq!(tree.game_info().unwrap().0.charset.as_deref(), Some("UTF-8"));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn game_info_strict(&self) -> Result<GameInfo, PropertyError> {
        self.collect_info(Reading::Strict).map(|(info, _)| info)
    }

    /// Like [`game_info`](Self::game_info), but keeps what it can of every
    /// value and reports each bad one as a warning; never fails.
    pub fn game_info_lenient(&self) -> (GameInfo, Vec<PropertyError>) {
        self.collect_info(Reading::Lenient).unwrap_or_default()
    }

    fn collect_info(
        &self,
        reading: Reading,
    ) -> Result<(GameInfo, Vec<PropertyError>), PropertyError> {
        let mut info = GameInfo::default();
        let mut warnings = Vec::new();
        let decoder = Decoder::new();
        for (depth, node) in self.main_line().enumerate() {
            for (ident, values) in node.properties() {
                if !wanted(ident, depth == 0) {
                    continue;
                }
                let (values, problems) = decoder.decode_tree_with(ident, values, reading)?;
                warnings.extend(problems);
                info.absorb(ident, &values);
            }
        }
        Ok((info, warnings))
    }
}

/// Whether `ident` goes into [`GameInfo`]: root properties in the root,
/// game-info properties anywhere on the main line.
fn wanted(ident: &str, root: bool) -> bool {
    props::lookup(ident).is_some_and(|info| match info.category {
        Category::GameInfo => true,
        Category::Root => root,
        _ => false,
    })
}

fn size_of(values: &[Value<'_>]) -> BoardSize {
    match values.first() {
        Some(Value::Size(size)) => *size,
        _ => BoardSize::default(),
    }
}

/// Where problems go: a strict caller stops at the first one.
trait Warn {
    /// Takes a problem; says whether to stop.
    fn warn(&mut self, problem: PropertyError) -> bool;
}

struct Strictly(Option<PropertyError>);

impl Warn for Strictly {
    fn warn(&mut self, problem: PropertyError) -> bool {
        self.0.get_or_insert(problem);
        true
    }
}

impl Warn for Vec<PropertyError> {
    fn warn(&mut self, problem: PropertyError) -> bool {
        self.push(problem);
        false
    }
}

/// A game summed up from events: its information, the moves of its main
/// line, and the values that did not fit their types.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameRecord {
    /// Root and game-info properties; see [`SgfTree::game_info`].
    pub info: GameInfo,
    /// The moves of the main line, in order.
    pub moves: Vec<PlayedMove>,
    /// Values of those properties that are not FF\[4\] to the letter: what
    /// the default collector tolerated, or every bad value for a lenient
    /// one (a strict one stops at the first).
    pub warnings: Vec<PropertyError>,
}

/// Sums up games from a stream of events, without building trees: push
/// every event; each top-level game tree gives a [`GameRecord`] when it
/// closes. The main line is what comes before the game's first `)`.
///
/// ```
/// use sgf_stream::{game::GameCollector, Parser};
/// let input = b"(;SZ[9]PB[Honinbo];B[ee](;W[tt])(;W[cc])) (;B[pd])";
/// let mut collector = GameCollector::new();
/// let mut records = Vec::new();
/// for event in Parser::new(input) {
///     if let Some(record) = collector.push(&event?).unwrap() {
///         records.push(record);
///     }
/// }
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].info.black.as_deref(), Some("Honinbo"));
/// // `tt` is a pass on 9x9; the second variation is not the main line.
/// assert_eq!(records[0].moves.len(), 2);
/// assert!(records[0].moves[1].1.is_pass());
/// assert_eq!(records[1].moves.len(), 1);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct GameCollector {
    reading: Reading,
    skip_moves: bool,
    failed: bool,
    depth: u32,
    on_main_line: bool,
    nodes: u64,
    decoder: Decoder,
    record: GameRecord,
}

impl GameCollector {
    /// A collector that reads values as mainstream editors do, as
    /// [`SgfTree::game_info`] does: what it tolerates is kept as warnings
    /// in the record; a value that no repair fixes is an error.
    pub fn new() -> Self {
        GameCollector::default()
    }

    /// A collector by the letter of FF\[4\]: every value that does not fit
    /// its type is an error.
    ///
    /// ```
    /// use sgf_stream::{game::GameCollector, Parser};
    /// let input = b"(;AP[YuanYu]PB[Ke Jie];B[pd])";
    /// let mut strict = GameCollector::strict();
    /// let mut tolerant = GameCollector::new();
    /// let (mut errors, mut records) = (0, Vec::new());
    /// for event in Parser::new(input) {
    ///     let event = event?;
    ///     errors += usize::from(strict.push(&event).is_err());
    ///     records.extend(tolerant.push(&event).unwrap());
    /// }
    /// assert_eq!(errors, 1);
    /// assert_eq!(records[0].info.black.as_deref(), Some("Ke Jie"));
    /// assert_eq!(records[0].warnings.len(), 1); // `AP` without `:`
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn strict() -> Self {
        GameCollector {
            reading: Reading::Strict,
            ..GameCollector::default()
        }
    }

    /// A lenient collector: bad values are skipped and kept as warnings
    /// in the record; never an error.
    pub fn lenient() -> Self {
        GameCollector {
            reading: Reading::Lenient,
            ..GameCollector::default()
        }
    }

    /// This collector, leaving the moves out of its records (they stay
    /// empty): for bulk statistics that only need the game information,
    /// at a fraction of the cost.
    ///
    /// ```
    /// use sgf_stream::{game::GameCollector, Parser};
    /// let mut collector = GameCollector::lenient().without_moves();
    /// let mut records = Vec::new();
    /// for event in Parser::new(b"(;PB[Shusaku]SZ[19];B[qd];W[dc])") {
    ///     records.extend(collector.push(&event?).unwrap());
    /// }
    /// assert_eq!(records[0].info.black.as_deref(), Some("Shusaku"));
    /// assert!(records[0].moves.is_empty());
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn without_moves(mut self) -> Self {
        self.skip_moves = true;
        self
    }

    /// Takes the next event; returns a game's record when it closes.
    ///
    /// # Errors
    /// For a strict collector, the first value of a move, root or
    /// game-info property that does not fit its type; for the default
    /// one, the first that no repair fixes. The rest of that game is then
    /// skipped: it gives no record.
    pub fn push(&mut self, event: &Event<'_>) -> Result<Option<GameRecord>, PropertyError> {
        self.push_in(event, None)
    }

    /// As [`push`](Self::push), for events of a [`Parser`](crate::Parser)
    /// over `input`: warnings and errors get their position in `input`
    /// ([`PropertyError::locate`]).
    ///
    /// # Errors
    /// As [`push`](Self::push).
    ///
    /// ```
    /// use sgf_stream::{game::GameCollector, Parser};
    /// let input = b"(;GM[1]\nCA[UTF-8][UTF-8];B[pd])";
    /// let mut collector = GameCollector::new();
    /// let mut records = Vec::new();
    /// for event in Parser::new(input) {
    ///     records.extend(collector.push_located(&event?, input).unwrap());
    /// }
    /// let position = records[0].warnings[0].position.unwrap();
    /// assert_eq!((position.line, position.column), (2, 11)); // the second value
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn push_located(
        &mut self,
        event: &Event<'_>,
        input: &[u8],
    ) -> Result<Option<GameRecord>, PropertyError> {
        self.push_in(event, Some(input))
    }

    fn push_in(
        &mut self,
        event: &Event<'_>,
        input: Option<&[u8]>,
    ) -> Result<Option<GameRecord>, PropertyError> {
        match event {
            Event::StartGameTree => {
                if self.depth == 0 {
                    self.record = GameRecord::default();
                    self.decoder = Decoder::new();
                    self.on_main_line = true;
                    self.nodes = 0;
                }
                self.depth += 1;
            }
            Event::Node => self.nodes += u64::from(self.on_main_line),
            Event::EndGameTree => {
                self.on_main_line = false;
                self.depth = self.depth.saturating_sub(1);
                if self.depth == 0 {
                    let record = std::mem::take(&mut self.record);
                    return Ok((!std::mem::take(&mut self.failed)).then_some(record));
                }
            }
            Event::Property(ident, values) if self.on_main_line => {
                self.property(ident.as_str(), *values, input)?;
            }
            Event::Property(..) => {}
        }
        Ok(None)
    }

    fn property(
        &mut self,
        ident: &str,
        values: crate::RawValues<'_>,
        input: Option<&[u8]>,
    ) -> Result<(), PropertyError> {
        let color = match ident {
            "B" => Some(Color::Black),
            "W" => Some(Color::White),
            _ => None,
        };
        if color.is_none() && !wanted(ident, self.nodes == 1) || color.is_some() && self.skip_moves
        {
            return Ok(());
        }
        if let (Some(color), 1) = (color, values.len()) {
            // The hot path: one well-formed move.
            if let Ok(played) = Move::decode(values.first().as_bytes(), self.decoder.size()) {
                self.record.moves.push((color, played));
                return Ok(());
            }
        }
        let raw = values.iter().map(|v| v.as_bytes());
        let locate = |problem: PropertyError| match input {
            Some(input) => problem.locate(input, values),
            None => problem,
        };
        let (typed, warnings) = match self.decoder.decode_with(ident, raw, true, self.reading) {
            Ok(decoded) => decoded,
            Err(err) => {
                self.failed = true;
                self.on_main_line = false;
                return Err(locate(err));
            }
        };
        self.record
            .warnings
            .extend(warnings.into_iter().map(locate));
        match color {
            Some(color) => {
                let played = typed.first().and_then(Value::as_move);
                self.record.moves.extend(played.map(|m| (color, m)));
            }
            None => {
                self.record.info.absorb(ident, &typed);
                if ident == "SZ" {
                    self.decoder = Decoder::with_size(self.record.info.size);
                }
            }
        }
        Ok(())
    }
}
