//! [`IndexBuilder`]: games appended in order, written as one index file.

use std::io::{self, Write};
use std::path::Path;

use super::format::{
    GameSlot, IndexError, BITS, ENTRIES, FILES, HEADER, MAGIC, META, NAMES, SECTIONS, VERSION,
};
use super::index::Index;
use super::record::GameRecord;
use sgf_stream::typed::Color;

/// Builds an index: files named with [`add_file`](Self::add_file),
/// games appended with [`push`](Self::push) in the order they should
/// keep (records can be made on worker threads and pushed by one
/// writer), then [`write_to`](Self::write_to) or
/// [`write_file`](Self::write_file). Start from an existing index with
/// [`from_index`](Self::from_index) to add games to it.
///
/// ```
/// use sgf_go::search::{GameRecord, Index, IndexBuilder};
/// let mut builder = IndexBuilder::new();
/// let file = builder.add_file("games.sgf");
/// for (i, game) in ["(;SZ[9];B[cc])", "(;SZ[9];B[gg];W[cc])"].iter().enumerate() {
///     let record = GameRecord::from_tree(&sgf_stream::parse(game)?)?;
///     builder.push(file, i as u64, &record);
/// }
/// let bytes = builder.to_bytes();
/// let index = Index::from_bytes(&bytes)?;
/// assert_eq!((index.games(), index.files()), (2, 1));
/// assert_eq!(index.game(1)?.moves(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct IndexBuilder {
    sections: [Vec<u8>; SECTIONS],
    games: u64,
    files: u32,
    moves: u64,
}

impl IndexBuilder {
    /// An empty index.
    pub fn new() -> IndexBuilder {
        IndexBuilder::default()
    }

    /// A builder holding every game and file of `index`, to add more.
    pub fn from_index(index: &Index<'_>) -> IndexBuilder {
        let mut builder = IndexBuilder::new();
        for (section, bytes) in builder.sections.iter_mut().zip(index.section_bytes()) {
            section.extend_from_slice(bytes);
        }
        builder.games = index.games() as u64;
        builder.files = index.files() as u32;
        builder.moves = index.total_moves();
        builder
    }

    /// Names the next file (any text: a path, an archive member); games
    /// of it are pushed with the number returned.
    pub fn add_file(&mut self, name: &str) -> u32 {
        let names = &mut self.sections[NAMES];
        names.extend_from_slice(name.as_bytes());
        let end = names.len() as u64;
        if self.sections[FILES].is_empty() {
            self.sections[FILES].extend_from_slice(&0u64.to_le_bytes());
        }
        self.sections[FILES].extend_from_slice(&end.to_le_bytes());
        self.files += 1;
        self.files - 1
    }

    /// Appends a game: `file` as [`add_file`](Self::add_file) numbered
    /// it, `index` the game's place in that file (from 0).
    pub fn push(&mut self, file: u32, index: u64, record: &GameRecord) {
        let entries = &mut self.sections[ENTRIES];
        let entries_start = (entries.len() / 2) as u64;
        for entry in record.entries() {
            entries.extend_from_slice(&entry.0.to_le_bytes());
        }
        let meta = &mut self.sections[META];
        let meta_start = meta.len() as u64;
        record.meta.encode(meta);
        let meta_len = (meta.len() as u64 - meta_start).min(u64::from(u16::MAX));
        meta.truncate((meta_start + meta_len) as usize);
        let size = record.size();
        let slot = GameSlot {
            entries_start,
            meta_start,
            file,
            index: u32::try_from(index).unwrap_or(u32::MAX),
            entries_len: record.entries().len() as u32,
            meta_len: meta_len as u16,
            cols: size.cols,
            rows: size.rows,
            moves: record.moves(),
            winner: match record.meta.winner() {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            },
        };
        slot.write(&mut self.sections[super::format::GAMES]);
        for color in [Color::Black, Color::White] {
            for word in record.ever(color) {
                self.sections[BITS].extend_from_slice(&word.to_le_bytes());
            }
        }
        self.games += 1;
        self.moves += u64::from(record.moves());
    }

    /// Games so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Files named so far.
    pub fn files(&self) -> u32 {
        self.files
    }

    /// Moves of all games so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The size of the index file, in bytes.
    pub fn len(&self) -> u64 {
        let table = (HEADER + 16 * SECTIONS) as u64;
        table
            + self
                .sections
                .iter()
                .map(|s| padded(s.len()) as u64)
                .sum::<u64>()
    }

    /// Whether no game was pushed.
    pub fn is_empty(&self) -> bool {
        self.games == 0
    }

    /// Writes the index.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        let mut head = Vec::with_capacity(HEADER + 16 * SECTIONS);
        head.extend_from_slice(&MAGIC);
        head.extend_from_slice(&VERSION.to_le_bytes());
        head.extend_from_slice(&(HEADER as u32).to_le_bytes());
        head.extend_from_slice(&self.games.to_le_bytes());
        head.extend_from_slice(&u64::from(self.files).to_le_bytes());
        head.extend_from_slice(&(SECTIONS as u32).to_le_bytes());
        head.extend_from_slice(&0u32.to_le_bytes());
        head.extend_from_slice(&self.moves.to_le_bytes());
        head.resize(HEADER, 0);
        let mut offset = (HEADER + 16 * SECTIONS) as u64;
        for section in &self.sections {
            head.extend_from_slice(&offset.to_le_bytes());
            head.extend_from_slice(&(section.len() as u64).to_le_bytes());
            offset += padded(section.len()) as u64;
        }
        out.write_all(&head)?;
        for section in &self.sections {
            out.write_all(section)?;
            out.write_all(&[0; 7][..padded(section.len()) - section.len()])?;
        }
        out.flush()
    }

    /// The index as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len() as usize);
        self.write_to(&mut out).expect("writing to a vector");
        out
    }

    /// Writes the index to `path` safely: to a new file beside it, then
    /// renamed over it, so that a reader never sees half an index. An
    /// existing file is replaced only when `replace` is set.
    ///
    /// # Errors
    /// [`IndexError::Io`]: the file exists (and `replace` is not set),
    /// or writing or renaming failed; the temporary file is removed.
    pub fn write_file(&self, path: &Path, replace: bool) -> Result<(), IndexError> {
        if !replace && path.exists() {
            let message = format!("{} exists", path.display());
            return Err(io::Error::new(io::ErrorKind::AlreadyExists, message).into());
        }
        let name = path
            .file_name()
            .map_or("index".into(), |n| n.to_string_lossy());
        let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let written = (|| {
            let file = std::fs::File::options()
                .write(true)
                .create_new(true)
                .open(&temp)?;
            let mut out = io::BufWriter::with_capacity(1 << 20, file);
            self.write_to(&mut out)?;
            out.into_inner()
                .map_err(io::IntoInnerError::into_error)?
                .sync_all()?;
            std::fs::rename(&temp, path)
        })();
        if let Err(err) = written {
            let _ = std::fs::remove_file(&temp);
            return Err(err.into());
        }
        Ok(())
    }
}

/// A section's length padded to a multiple of eight bytes.
fn padded(len: usize) -> usize {
    len.div_ceil(8) * 8
}
