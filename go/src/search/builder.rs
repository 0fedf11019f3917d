//! [`IndexBuilder`]: games appended in order, written as one index file.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::format::{
    GameSlot, IndexError, BITS, ENTRIES, FILES, HEADER, MAGIC, META, NAMES, SECTIONS, VERSION,
};
use super::index::Index;
use super::record::GameRecord;
use super::section::Section;
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
#[derive(Debug, Default)]
pub struct IndexBuilder {
    sections: [Section; SECTIONS],
    games: u64,
    files: u32,
    moves: u64,
    /// Where sections past `limit` bytes go, if anywhere.
    spill: Option<PathBuf>,
    /// Bytes of a section kept in memory when spilling ([`SPILL`]).
    limit: usize,
    /// The first error of writing a section out.
    error: Option<io::Error>,
}

/// Bytes of a section kept in memory when the builder spills.
const SPILL: usize = 4 << 20;

impl IndexBuilder {
    /// An empty index.
    pub fn new() -> IndexBuilder {
        IndexBuilder::default()
    }

    /// A builder holding every game and file of `index`, to add more.
    pub fn from_index(index: &Index<'_>) -> IndexBuilder {
        let mut builder = IndexBuilder::new();
        for (section, bytes) in builder.sections.iter_mut().zip(index.section_bytes()) {
            section.mem.extend_from_slice(bytes);
        }
        builder.games = index.games() as u64;
        builder.files = index.files() as u32;
        builder.moves = index.total_moves();
        builder
    }

    /// This builder, keeping at most a few megabytes of each section in
    /// memory and the rest in temporary files in `dir` (best the folder of
    /// the index, on the same disk), so that its memory does not grow with
    /// the games. The files are removed from the folder as soon as they
    /// are made (on systems that allow it) and freed with the builder.
    ///
    /// ```
    /// use sgf_go::search::{GameRecord, Index, IndexBuilder};
    /// let record = GameRecord::from_tree(&sgf_stream::parse("(;SZ[9];B[cc];W[gg])")?)?;
    /// let mut builder = IndexBuilder::new().spill_to(std::env::temp_dir());
    /// let file = builder.add_file("a.sgf");
    /// for i in 0..3 {
    ///     builder.push(file, i, &record);
    /// }
    /// let bytes = builder.to_bytes();
    /// assert_eq!(Index::from_bytes(&bytes)?.games(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spill_to(mut self, dir: impl Into<PathBuf>) -> IndexBuilder {
        self.spill = Some(dir.into());
        self.limit = SPILL;
        self
    }

    /// Writes the large sections out, if the builder spills.
    fn spill(&mut self) {
        let Some(dir) = &self.spill else { return };
        for section in &mut self.sections {
            if let Err(err) = section.spill(dir, self.limit) {
                self.error.get_or_insert(err);
                self.spill = None;
                return;
            }
        }
    }

    /// Names the next file (any text: a path, an archive member); games
    /// of it are pushed with the number returned.
    pub fn add_file(&mut self, name: &str) -> u32 {
        let names = &mut self.sections[NAMES];
        names.mem.extend_from_slice(name.as_bytes());
        let end = names.len();
        if self.sections[FILES].len() == 0 {
            self.sections[FILES]
                .mem
                .extend_from_slice(&0u64.to_le_bytes());
        }
        self.sections[FILES]
            .mem
            .extend_from_slice(&end.to_le_bytes());
        self.files += 1;
        self.files - 1
    }

    /// Appends a game: `file` as [`add_file`](Self::add_file) numbered
    /// it, `index` the game's place in that file (from 0).
    pub fn push(&mut self, file: u32, index: u64, record: &GameRecord) {
        let entries = &mut self.sections[ENTRIES];
        let entries_start = entries.len() / 2;
        for entry in record.entries() {
            entries.mem.extend_from_slice(&entry.0.to_le_bytes());
        }
        let meta = &mut self.sections[META];
        let meta_start = meta.len();
        let before = meta.mem.len();
        record.meta.encode(&mut meta.mem);
        let meta_len = (meta.mem.len() - before).min(usize::from(u16::MAX));
        meta.mem.truncate(before + meta_len);
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
        slot.write(&mut self.sections[super::format::GAMES].mem);
        for color in [Color::Black, Color::White] {
            for word in record.ever(color) {
                self.sections[BITS]
                    .mem
                    .extend_from_slice(&word.to_le_bytes());
            }
        }
        self.games += 1;
        self.moves += u64::from(record.moves());
        if self.games % 1024 == 0 || self.limit < 64 {
            self.spill();
        }
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
        table + self.sections.iter().map(|s| padded(s.len())).sum::<u64>()
    }

    /// Whether no game was pushed.
    pub fn is_empty(&self) -> bool {
        self.games == 0
    }

    /// Writes the index.
    ///
    /// # Errors
    /// Those of `out`, and of writing a section to its temporary file
    /// ([`spill_to`](Self::spill_to)).
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        if let Some(err) = &self.error {
            return Err(io::Error::new(err.kind(), err.to_string()));
        }
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
            head.extend_from_slice(&section.len().to_le_bytes());
            offset += padded(section.len());
        }
        out.write_all(&head)?;
        for section in &self.sections {
            section.write_to(&mut out)?;
            out.write_all(&[0; 7][..(padded(section.len()) - section.len()) as usize])?;
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
fn padded(len: u64) -> u64 {
    len.div_ceil(8) * 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spilled_index_is_the_index_kept_in_memory() {
        let tree = sgf_stream::parse("(;SZ[9]PB[Ann]RE[B+R];B[cc];W[gg];B[gc];W[cg])").unwrap();
        let record = GameRecord::from_tree(&tree).unwrap();
        let mut kept = IndexBuilder::new();
        let mut spilled = IndexBuilder::new().spill_to(std::env::temp_dir());
        spilled.limit = 16;
        for builder in [&mut kept, &mut spilled] {
            for file in 0..3 {
                let file = builder.add_file(&format!("file {file}"));
                for i in 0..50 {
                    builder.push(file, i, &record);
                }
            }
        }
        assert!(spilled.sections.iter().all(|s| s.mem.len() < 64));
        let bytes = spilled.to_bytes();
        assert_eq!(bytes, kept.to_bytes());
        assert_eq!(bytes.len() as u64, spilled.len());
        // Written twice: the temporary files are read from their start.
        assert_eq!(spilled.to_bytes(), bytes);
        let index = Index::from_bytes(&bytes).unwrap();
        assert_eq!((index.games(), index.files()), (150, 3));
        assert_eq!(index.game(149).unwrap().record().unwrap(), record);
    }
}
