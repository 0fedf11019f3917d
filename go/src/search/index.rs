//! [`Index`]: an index file read from bytes (memory-mapped or read
//! whole), its games and files.

use super::entry::Entry;
use super::format::{
    u32_at, u64_at, GameSlot, IndexError, BITS, ENTRIES, FILES, GAME, GAMES, GAME_BITS, HEADER,
    MAGIC, META, NAMES, SECTIONS, VERSION,
};
use super::meta::{encoded_facts, GameMeta};
use super::record::{Bits, GameRecord, BIT_WORDS};
use sgf_stream::game::{Filter, GameFacts};
use sgf_stream::typed::{BoardSize, Color};

/// An index, read from its bytes without copying them: a memory map of
/// the file, or the file read whole. See the [module docs](super) for
/// the format.
///
/// ```
/// use sgf_go::search::{GameRecord, Index, IndexBuilder};
/// let mut builder = IndexBuilder::new();
/// let file = builder.add_file("a.sgf");
/// let tree = sgf_stream::parse("(;SZ[19]PB[Shusaku]RE[B+2];B[qd];W[dc])")?;
/// builder.push(file, 0, &GameRecord::from_tree(&tree)?);
/// let bytes = builder.to_bytes();
/// let index = Index::from_bytes(&bytes)?;
/// let game = index.game(0)?;
/// assert_eq!(index.file_name(game.file())?, "a.sgf");
/// assert_eq!(game.meta().black.as_deref(), Some("Shusaku"));
/// assert_eq!(game.record()?, GameRecord::from_tree(&tree)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Index<'a> {
    bytes: &'a [u8],
    games: usize,
    files: usize,
    moves: u64,
    sections: [(usize, usize); SECTIONS],
}

impl<'a> Index<'a> {
    /// Reads the header and the table of sections of `bytes`, and
    /// checks that the sections lie in the file and fit its counts.
    ///
    /// # Errors
    /// [`IndexError::NotAnIndex`], [`IndexError::Version`], or
    /// [`IndexError::Damaged`] with the offset of the bad value.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Index<'a>, IndexError> {
        if bytes.len() < 8 || bytes[..8] != MAGIC {
            return Err(IndexError::NotAnIndex);
        }
        if bytes.len() < HEADER + 16 * SECTIONS {
            return Err(IndexError::damaged(
                bytes.len(),
                "the file ends inside its header",
            ));
        }
        let version = u32_at(bytes, 8);
        if version != VERSION {
            return Err(IndexError::Version { found: version });
        }
        if u32_at(bytes, 32) as usize != SECTIONS {
            return Err(IndexError::damaged(32, "wrong number of sections"));
        }
        let games = usize::try_from(u64_at(bytes, 16)).unwrap_or(usize::MAX);
        let files = usize::try_from(u64_at(bytes, 24)).unwrap_or(usize::MAX);
        let mut sections = [(0, 0); SECTIONS];
        for (i, section) in sections.iter_mut().enumerate() {
            let at = HEADER + 16 * i;
            let start = u64_at(bytes, at);
            let end = start.checked_add(u64_at(bytes, at + 8));
            match end {
                Some(end) if end <= bytes.len() as u64 => *section = (start as usize, end as usize),
                _ => return Err(IndexError::damaged(at, "a section lies outside the file")),
            }
        }
        let len = |s: usize| sections[s].1 - sections[s].0;
        let fits = |s: usize, unit: usize, count: usize| count.checked_mul(unit) == Some(len(s));
        if !fits(GAMES, GAME, games) || !fits(BITS, GAME_BITS, games) {
            return Err(IndexError::damaged(
                16,
                "the game count does not fit the sections",
            ));
        }
        let file_table = if files == 0 { 0 } else { files + 1 };
        if !fits(FILES, 8, file_table) || len(ENTRIES) % 2 != 0 {
            return Err(IndexError::damaged(
                24,
                "the file count does not fit the sections",
            ));
        }
        Ok(Index {
            bytes,
            games,
            files,
            moves: u64_at(bytes, 40),
            sections,
        })
    }

    /// How many games the index holds.
    pub fn games(&self) -> usize {
        self.games
    }

    /// How many files the games come from.
    pub fn files(&self) -> usize {
        self.files
    }

    /// Moves of all games.
    pub fn total_moves(&self) -> u64 {
        self.moves
    }

    /// The size of the index in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the index holds no game.
    pub fn is_empty(&self) -> bool {
        self.games == 0
    }

    fn section(&self, s: usize) -> &'a [u8] {
        &self.bytes[self.sections[s].0..self.sections[s].1]
    }

    pub(super) fn section_bytes(&self) -> [&'a [u8]; SECTIONS] {
        std::array::from_fn(|s| self.section(s))
    }

    /// The name of file `file` (as numbered in [`IndexedGame::file`]).
    ///
    /// # Errors
    /// [`IndexError::Damaged`]: no such file, or a name that is not UTF-8.
    pub fn file_name(&self, file: u32) -> Result<&'a str, IndexError> {
        let file = file as usize;
        let table = self.section(FILES);
        let at = self.sections[FILES].0 + 8 * file;
        if file >= self.files {
            return Err(IndexError::damaged(at, "a game's file is not in the index"));
        }
        let (start, end) = (
            u64_at(table, 8 * file) as usize,
            u64_at(table, 8 * file + 8) as usize,
        );
        let name = self
            .section(NAMES)
            .get(start..end)
            .ok_or(IndexError::damaged(
                at,
                "a file name lies outside its section",
            ))?;
        std::str::from_utf8(name).map_err(|_| IndexError::damaged(at, "a file name is not UTF-8"))
    }

    /// Game `i`, from 0, in the order the games were added.
    ///
    /// # Errors
    /// [`IndexError::Damaged`]: no such game, or its record points
    /// outside the file.
    ///
    /// # Panics
    /// Never on a damaged file: every range is checked.
    #[inline(always)]
    pub fn game(&self, i: usize) -> Result<IndexedGame<'a>, IndexError> {
        let at = i.checked_mul(GAME).filter(|_| i < self.games);
        let at = at.ok_or(IndexError::damaged(self.sections[GAMES].1, "no such game"))?;
        let games = self.section(GAMES);
        let slot = GameSlot::read(&games[at..at + GAME]);
        let offset = self.sections[GAMES].0 + at;
        let range = |start: u64, len: u64, section: &'a [u8]| -> Option<&'a [u8]> {
            let start = usize::try_from(start).ok()?;
            section.get(start..start.checked_add(usize::try_from(len).ok()?)?)
        };
        let entries = range(
            2 * slot.entries_start,
            2 * u64::from(slot.entries_len),
            self.section(ENTRIES),
        )
        .ok_or(IndexError::damaged(
            offset,
            "a game's moves lie outside their section",
        ))?;
        let meta = range(
            slot.meta_start,
            u64::from(slot.meta_len),
            self.section(META),
        )
        .ok_or(IndexError::damaged(
            offset + 8,
            "a game's information lies outside its section",
        ))?;
        if slot.cols == 0 || slot.rows == 0 || slot.cols > 52 || slot.rows > 52 {
            return Err(IndexError::damaged(
                offset + 30,
                "a board size outside 1 to 52",
            ));
        }
        let bits = &self.section(BITS)[i * GAME_BITS..(i + 1) * GAME_BITS];
        Ok(IndexedGame {
            slot,
            entries,
            meta,
            bits,
        })
    }
}

/// One game of an [`Index`], read in place.
#[derive(Debug, Clone, Copy)]
pub struct IndexedGame<'a> {
    slot: GameSlot,
    entries: &'a [u8],
    meta: &'a [u8],
    bits: &'a [u8],
}

impl<'a> IndexedGame<'a> {
    /// The number of the game's file, for [`Index::file_name`].
    pub fn file(&self) -> u32 {
        self.slot.file
    }

    /// The game's place in its file, from 0.
    pub fn index_in_file(&self) -> u32 {
        self.slot.index
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        BoardSize {
            cols: self.slot.cols,
            rows: self.slot.rows,
        }
    }

    /// Moves of the main line, passes included.
    pub fn moves(&self) -> u32 {
        self.slot.moves
    }

    /// Who won, when the result says.
    pub fn winner(&self) -> Option<Color> {
        match self.slot.winner {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The main line's changes, in order.
    #[inline]
    pub fn entries(&self) -> impl Iterator<Item = Entry> + 'a {
        self.entries
            .chunks_exact(2)
            .map(|pair| Entry(u16::from_le_bytes([pair[0], pair[1]])))
    }

    /// The points that ever held a stone, black then white.
    #[inline]
    pub fn ever(&self) -> [Bits; 2] {
        let word =
            |i: usize| u64::from_le_bytes(self.bits[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        [
            std::array::from_fn(&word),
            std::array::from_fn(|w| word(BIT_WORDS + w)),
        ]
    }

    /// The game's players, ranks, date, result, event, komi and handicap.
    pub fn meta(&self) -> GameMeta {
        GameMeta::decode(self.meta)
    }

    /// What a [`Filter`](sgf_stream::game::Filter) looks at in a search:
    /// [`GameMeta::facts`] of the game's information, size and moves,
    /// read in place.
    ///
    /// ```
    /// use sgf_go::search::{GameRecord, Index, IndexBuilder};
    /// let tree = sgf_stream::parse("(;SZ[13]PB[Ann]BR[2k]KM[6.5];B[dd];W[jj])")?;
    /// let record = GameRecord::from_tree(&tree)?;
    /// let mut builder = IndexBuilder::new();
    /// let file = builder.add_file("a.sgf");
    /// builder.push(file, 0, &record);
    /// let bytes = builder.to_bytes();
    /// let facts = Index::from_bytes(&bytes)?.game(0)?.facts();
    /// assert_eq!(facts, record.facts());
    /// assert_eq!((facts.normalized.komi, facts.moves), (Ok(6.5), 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn facts(&self) -> GameFacts {
        encoded_facts(self.meta, self.size(), self.moves(), |_| true)
    }

    /// The facts that `filter` looks at ([`Filter::reads`]), the others
    /// left unknown: `filter` decides on them as on all of
    /// [`facts`](Self::facts), and fewer values are read.
    pub(super) fn facts_for(&self, filter: &Filter) -> GameFacts {
        encoded_facts(self.meta, self.size(), self.moves(), |ident| {
            filter.reads(ident)
        })
    }

    /// The game as a [`GameRecord`].
    ///
    /// # Errors
    /// [`IndexError::Damaged`]: an entry of a kind no version defines, or
    /// a point off the board.
    pub fn record(&self) -> Result<GameRecord, IndexError> {
        let size = self.size();
        let cells = usize::from(size.cols) * usize::from(size.rows);
        let entries: Vec<Entry> = self.entries().collect();
        let bad = entries
            .iter()
            .any(|e| e.kind().is_none() || e.index().is_some_and(|i| i >= cells));
        if bad {
            return Err(IndexError::damaged(0, "a game's move lies off its board"));
        }
        Ok(GameRecord::from_entries(size, entries, self.meta()))
    }
}
