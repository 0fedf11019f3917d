//! [`GameRecord`]: what the index keeps of one game: its main line as
//! [`Entry`]s with the captures resolved, which points ever held a stone
//! of each colour, and its [`GameMeta`].

use super::entry::{cell, Entry, Kind};
use super::meta::GameMeta;
use crate::{work, Board, Game, GoNode, ReplayError, ReplayOptions, Step};
use sgf_stream::typed::{BoardSize, Color, Move, Point};
use sgf_stream::SgfTree;

/// Words of a [`Bits`].
pub const BIT_WORDS: usize = 6;

/// A set of points of a board of up to 384 points (19×19 and smaller):
/// bit `row * cols + col`. On a larger board every bit is set, as if
/// every point had held a stone, so that no search skips the game.
pub type Bits = [u64; BIT_WORDS];

/// One game, ready for the index or a scan: see the [module docs](super).
///
/// Records are made on any thread ([`from_main_line`](Self::from_main_line)
/// replays leniently, as editors do: a broken move is played anyway) and
/// handed to an [`IndexBuilder`](super::IndexBuilder) in order.
///
/// ```
/// use sgf_go::search::{GameRecord, Kind};
/// use sgf_stream::typed::{Color, Point};
/// let tree = sgf_stream::parse("(;SZ[9]PB[Lee]AB[ba];W[aa];B[ab];W[cc])")?;
/// let record = GameRecord::from_tree(&tree)?;
/// assert_eq!(record.moves(), 3);
/// let kinds: Vec<_> = record.entries().iter().map(|e| e.kind().unwrap()).collect();
/// assert_eq!(kinds, [
///     Kind::Setup(Color::Black), Kind::Move(Color::White),
///     Kind::Move(Color::Black), Kind::Removed, Kind::Move(Color::White),
/// ]);
/// assert!(record.entries()[0].stays()); // ba is never captured
/// assert!(!record.entries()[1].stays()); // aa is
/// assert!(record.ever_held(Color::White, Point::new(0, 0)));
/// assert_eq!(record.meta.black.as_deref(), Some("Lee"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    size: BoardSize,
    entries: Vec<Entry>,
    moves: u32,
    ever: [Bits; 2],
    /// The game's players, date, result and event.
    pub meta: GameMeta,
}

impl GameRecord {
    /// Replays `path`, a main line from the root, leniently and without
    /// the turn check; the record has no [`meta`](Self::meta).
    ///
    /// Setup in the node of a move comes before the move; a point that a
    /// node both sets up and plays on is recorded as played only (which
    /// shows only in the start position, when that node holds the first
    /// move).
    ///
    /// # Errors
    /// A root that is not a game of Go (`GM` other than 1).
    ///
    /// ```
    /// use sgf_go::search::GameRecord;
    /// use sgf_stream::CompactTree;
    /// let tree = CompactTree::from_bytes("(;SZ[13];B[dd];W[];B[jj])")?;
    /// let record = GameRecord::from_main_line(tree.root().unwrap().main_line())?;
    /// assert_eq!((record.moves(), record.size().cols), (3, 13));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_main_line<P>(path: P) -> Result<GameRecord, ReplayError>
    where
        P: IntoIterator,
        P::Item: GoNode,
    {
        let mut game = ReplayOptions::new().lenient(true).check_turn(false).game();
        let mut encoder = Encoder::default();
        for node in path {
            let step = game.play_node(&node)?;
            encoder.step(&step, &game);
        }
        Ok(encoder.finish(game.board().size()))
    }

    /// The record of `tree`'s main line, with its [`GameMeta`]
    /// ([`GameMeta::from_tree`]).
    ///
    /// # Errors
    /// As [`from_main_line`](Self::from_main_line).
    pub fn from_tree(tree: &SgfTree) -> Result<GameRecord, ReplayError> {
        let mut record = GameRecord::from_main_line(tree.main_line())?;
        record.meta = GameMeta::from_tree(tree);
        Ok(record)
    }

    /// A record from its parts, as an index stores them: `ever` is
    /// recomputed from the entries.
    pub fn from_entries(size: BoardSize, entries: Vec<Entry>, meta: GameMeta) -> GameRecord {
        let moves = entries.iter().filter(|e| e.is_move()).count() as u32;
        let ever = ever_held(size, &entries);
        GameRecord {
            size,
            entries,
            moves,
            ever,
            meta,
        }
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Moves of the main line, passes included.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The main line's changes, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// What a [`Filter`](sgf_stream::game::Filter) looks at in a search:
    /// [`GameMeta::facts`] of the record's information, size and moves.
    ///
    /// ```
    /// use sgf_go::search::GameRecord;
    /// use sgf_stream::game::Filter;
    /// let tree = sgf_stream::parse("(;SZ[9]PW[Cho U]WR[9p]HA[2]KM[0.5];B[cc];W[gg];B[])")?;
    /// let facts = GameRecord::from_tree(&tree)?.facts();
    /// assert_eq!(facts.moves, 3);
    /// assert!(Filter::new().white("cho").handicap(2).komi(0.5).min_moves(3).matches(&facts));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn facts(&self) -> sgf_stream::game::GameFacts {
        self.meta.facts(self.size, self.moves)
    }

    /// The points that ever held a stone of `color`.
    pub fn ever(&self, color: Color) -> &Bits {
        &self.ever[usize::from(color == Color::White)]
    }

    /// The position after `moves` moves (0: the start position), row by
    /// row from the top left; past the end, the final position.
    ///
    /// ```
    /// use sgf_go::search::GameRecord;
    /// use sgf_stream::typed::Color;
    /// let tree = sgf_stream::parse("(;SZ[3]AB[bb];W[ab];B[aa];W[ba];B[ac])")?;
    /// let record = GameRecord::from_tree(&tree)?;
    /// assert_eq!(record.position(0)[4], Some(Color::Black));
    /// assert_eq!(record.position(2)[0], Some(Color::Black));
    /// assert_eq!(record.position(3)[0], None); // captured by W[ba]
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, moves: u32) -> Vec<Option<Color>> {
        let cells = usize::from(self.size.cols) * usize::from(self.size.rows);
        let mut board = vec![None; cells];
        let mut played = 0;
        for entry in &self.entries {
            // The position after a move is complete at the next entry
            // that is not one of its captures; the start, at the first move.
            let done = if moves == 0 {
                entry.is_move()
            } else {
                played == moves && !entry.is_removal()
            };
            if done {
                break;
            }
            played += u32::from(entry.is_move());
            if let Some(index) = entry.index().filter(|&i| i < cells) {
                board[index] = match entry.content() {
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    _ => None,
                };
            }
        }
        board
    }

    /// Whether `point` ever held a stone of `color` (always true on a
    /// board of more than 384 points).
    pub fn ever_held(&self, color: Color, point: Point) -> bool {
        let index = usize::from(point.row) * usize::from(self.size.cols) + usize::from(point.col);
        let bits = self.ever(color);
        bits.get(index / 64)
            .map_or(true, |word| word >> (index % 64) & 1 == 1)
    }
}

/// Turns the steps of a replay into entries, keeping a copy of the
/// board as the entries leave it.
#[derive(Default)]
struct Encoder {
    size: BoardSize,
    /// Each point's content (see [`cell`]) after the entries so far.
    mirror: Vec<u8>,
    entries: Vec<Entry>,
    /// The points (as entry indices) where the board may differ from
    /// the mirror: those the game changed without a step naming them,
    /// each once, until the next node with setup.
    unsynced: Vec<u16>,
    /// Whether each point is in `unsynced`.
    listed: Vec<bool>,
}

impl Encoder {
    fn step(&mut self, step: &Step, game: &Game) {
        let board = game.board();
        let size = board.size();
        let cells = usize::from(size.cols) * usize::from(size.rows);
        if self.mirror.len() != cells || self.size != size {
            work::count(cells);
            self.size = size;
            self.mirror = vec![0; cells];
            self.listed = vec![false; cells];
            self.unsynced.clear();
        }
        let before = self.entries.len();
        if let Some((color, played)) = step.played {
            let point = match played {
                Move::Play(point) => Some(point),
                Move::Pass => None,
            };
            self.push(Entry::new(Kind::Move(color), point, size));
            for point in game.captured() {
                self.push(Entry::new(Kind::Removed, Some(point), size));
            }
        }
        for point in game.unnamed_changes() {
            work::count(1);
            let index = Entry::new(Kind::Cleared, Some(point), size).index();
            if let Some(index) = index.filter(|&i| !self.listed[i]) {
                self.listed[index] = true;
                self.unsynced.push(index as u16);
            }
        }
        if step.added + step.removed > 0 {
            self.set_up(before, board);
        }
    }

    fn push(&mut self, entry: Entry) {
        if let Some(index) = entry.index() {
            self.mirror[index] = entry.content();
        }
        self.entries.push(entry);
    }

    /// Puts the setup that made the board differ from the mirror before
    /// the node's move, at `at`, in the order of the points: the board
    /// can differ only where the game changed it unnamed since the last
    /// setup.
    #[cold]
    fn set_up(&mut self, at: usize, board: &Board) {
        let size = self.size;
        let cols = usize::from(size.cols);
        self.unsynced.sort_unstable();
        let mut changes = Vec::new();
        for index in self.unsynced.drain(..).map(usize::from) {
            work::count(1);
            self.listed[index] = false;
            let point = Point {
                col: (index % cols) as u8,
                row: (index / cols) as u8,
            };
            let stone = board.get(point);
            if self.mirror[index] != cell(stone) {
                self.mirror[index] = cell(stone);
                let kind = stone.map_or(Kind::Cleared, Kind::Setup);
                changes.push(Entry::new(kind, Some(point), size));
            }
        }
        self.entries.splice(at..at, changes);
    }

    fn finish(mut self, size: BoardSize) -> GameRecord {
        if self.mirror.is_empty() {
            self.size = size;
        }
        mark_stays(&mut self.entries, &self.mirror);
        GameRecord::from_entries(self.size, self.entries, GameMeta::default())
    }
}

/// Marks each entry that places a stone no later entry touches.
fn mark_stays(entries: &mut [Entry], board: &[u8]) {
    let mut touched = vec![false; board.len()];
    for entry in entries.iter_mut().rev() {
        let Some(index) = entry.index() else { continue };
        if entry.content() != 0 && !touched[index] {
            *entry = entry.with_stays();
        }
        touched[index] = true;
    }
}

/// The points that ever held a stone of each colour.
fn ever_held(size: BoardSize, entries: &[Entry]) -> [Bits; 2] {
    if usize::from(size.cols) * usize::from(size.rows) > BIT_WORDS * 64 {
        return [[u64::MAX; BIT_WORDS]; 2];
    }
    let mut ever = [[0; BIT_WORDS]; 2];
    for entry in entries {
        let (Some(index), content @ 1..=2) = (entry.index(), entry.content()) else {
            continue;
        };
        ever[usize::from(content - 1)][index / 64] |= 1 << (index % 64);
    }
    ever
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_in_the_node_of_a_move_comes_before_it() {
        let tree = sgf_stream::parse("(;SZ[5];B[aa];AW[cc]AE[aa]W[dd])").unwrap();
        let record = GameRecord::from_tree(&tree).unwrap();
        let kinds: Vec<_> = record.entries().iter().map(|e| e.kind().unwrap()).collect();
        assert_eq!(kinds[0], Kind::Move(Color::Black));
        assert_eq!(kinds.len(), 4);
        assert!(kinds[1..3].contains(&Kind::Cleared));
        assert!(kinds[1..3].contains(&Kind::Setup(Color::White)));
        assert_eq!(kinds[3], Kind::Move(Color::White));
        assert!(!record.entries()[0].stays());
    }

    /// The entries of `sgf`'s main line as a full scan of the board after
    /// each node with setup finds them: each point where the board
    /// differs from the entries so far, in the order of the points,
    /// before the node's move.
    fn scanned(sgf: &str) -> Vec<Entry> {
        let tree = sgf_stream::parse(sgf).unwrap();
        let mut game = ReplayOptions::new().lenient(true).check_turn(false).game();
        let (mut entries, mut mirror) = (Vec::new(), Vec::new());
        for node in tree.main_line() {
            let step = game.play_node(&node).unwrap();
            let (board, size) = (game.board(), game.board().size());
            let cells = usize::from(size.cols) * usize::from(size.rows);
            mirror.resize(cells, 0);
            let before = entries.len();
            if let Some((color, played)) = step.played {
                let point = match played {
                    Move::Play(point) => Some(point),
                    Move::Pass => None,
                };
                let removed = game.captured().map(|p| (Kind::Removed, Some(p)));
                for (kind, point) in std::iter::once((Kind::Move(color), point)).chain(removed) {
                    let entry = Entry::new(kind, point, size);
                    if let Some(index) = entry.index() {
                        mirror[index] = entry.content();
                    }
                    entries.push(entry);
                }
            }
            if step.added + step.removed == 0 {
                continue;
            }
            let mut changes = Vec::new();
            for (index, content) in mirror.iter_mut().enumerate() {
                let cols = usize::from(size.cols);
                let point = Point::new((index % cols) as u8, (index / cols) as u8);
                let stone = board.get(point);
                if *content != cell(stone) {
                    *content = cell(stone);
                    let kind = stone.map_or(Kind::Cleared, Kind::Setup);
                    changes.push(Entry::new(kind, Some(point), size));
                }
            }
            entries.splice(before..before, changes);
        }
        mark_stays(&mut entries, &mirror);
        entries
    }

    fn entries(sgf: &str) -> Vec<Entry> {
        let tree = sgf_stream::parse(sgf).unwrap();
        GameRecord::from_tree(&tree).unwrap().entries().to_vec()
    }

    #[test]
    fn a_stone_no_step_names_is_set_up_at_the_next_setup() {
        // A node with both `B` and `W`: its step names the white move
        // only, so the black stone is recorded at the next node with
        // setup, with that node's stone, in the order of their points.
        let found = entries("(;SZ[5];B[aa]W[bb];W[dd];AB[cc])");
        let size = BoardSize::square(5);
        let expected = [
            (Kind::Move(Color::White), Point::new(1, 1)),
            (Kind::Move(Color::White), Point::new(3, 3)),
            (Kind::Setup(Color::Black), Point::new(0, 0)),
            (Kind::Setup(Color::Black), Point::new(2, 2)),
        ];
        let found: Vec<_> = found
            .iter()
            .map(|e| (e.kind().unwrap(), e.point(size).unwrap()))
            .collect();
        assert_eq!(found, expected);
    }

    /// A point of SGF text for a 5×5 board: now and then one off the
    /// board, or a rectangle.
    fn point(next: &mut impl FnMut(u64) -> u64) -> String {
        let mut letter = || char::from(b'a' + next(7) as u8);
        let (col, row, rectangle) = (letter(), letter(), letter() == 'a');
        if col < 'e' && row < 'e' && rectangle {
            let (right, bottom) = (letter().min('e'), letter().min('e'));
            return format!("[{col}{row}:{right}{bottom}]");
        }
        format!("[{col}{row}]")
    }

    #[test]
    fn entries_are_those_a_full_scan_finds() {
        let mut next = crate::testing::numbers(3);
        let mut set_up = 0;
        for _ in 0..300 {
            let mut sgf = String::from("(;SZ[5]");
            for _ in 0..next(40) {
                let node = match next(8) {
                    0 => format!("AB{}{}", point(&mut next), point(&mut next)),
                    1 => format!("AW{}", point(&mut next)),
                    2 => format!("AE{}{}", point(&mut next), point(&mut next)),
                    3 => format!("B{}W{}", point(&mut next), point(&mut next)),
                    4 => format!("AB{}W{}", point(&mut next), point(&mut next)),
                    5 => String::from("B[]"),
                    k => format!("{}{}", ["B", "W"][(k % 2) as usize], point(&mut next)),
                };
                sgf.push(';');
                sgf.push_str(&node);
            }
            sgf.push(')');
            let found = entries(&sgf);
            assert_eq!(found, scanned(&sgf), "{sgf}");
            set_up += found
                .iter()
                .filter(|e| !e.is_move() && !e.is_removal())
                .count();
        }
        assert!(set_up > 1000, "{set_up} setup entries");
    }

    #[cfg(feature = "work-count")]
    /// Steps of encoding a game on a 52×52 board of `nodes` nodes, each
    /// setting up or clearing one point.
    fn setup_work(nodes: usize) -> u64 {
        let mut sgf = String::from("(;SZ[52]");
        for k in 0..nodes {
            sgf.push_str([";AB[aa]", ";AE[aa]"][k % 2]);
        }
        sgf.push(')');
        let tree = sgf_stream::parse(&sgf).unwrap();
        let (record, work) = sgf_stream::work::measure(|| GameRecord::from_tree(&tree).unwrap());
        assert_eq!(record.entries().len(), nodes);
        work
    }

    #[cfg(feature = "work-count")]
    #[test]
    fn setup_takes_work_linear_in_the_points_it_changes() {
        let cells = 52 * 52;
        let (small, large) = (setup_work(2_000), setup_work(4_000));
        assert!(large <= 4 * (4_000 + cells), "{small} then {large} steps");
        assert!(large < small * 2, "{small} then {large} steps");
    }

    #[test]
    fn large_boards_hold_every_point() {
        let tree = sgf_stream::parse("(;SZ[25];B[aa])").unwrap();
        let record = GameRecord::from_tree(&tree).unwrap();
        assert!(record.ever_held(Color::White, Point::new(20, 20)));
        let small = GameRecord::from_tree(&sgf_stream::parse("(;SZ[9];B[aa])").unwrap()).unwrap();
        assert!(!small.ever_held(Color::White, Point::new(0, 0)));
        assert!(small.ever_held(Color::Black, Point::new(0, 0)));
    }

    #[test]
    fn not_go_is_an_error() {
        let tree = sgf_stream::parse("(;GM[2];B[aa])").unwrap();
        assert!(GameRecord::from_tree(&tree).is_err());
    }
}
