//! The walker: `.gz` files and archives opened and read as streams.

use std::fmt;
use std::io::{self, BufReader, Read, Seek};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::ahead::read_ahead;
use super::seek_buf::SeekBuf;
use super::{ends_with, find_files, is_game_record, member_rel, without_gz};
use super::{Container, Failure, FoundFile, Input, StoredMember, Visitor};

/// Walks paths and hands every input found to a [`Visitor`], in order
/// (see the [module](super) documentation).
///
/// `.gz` files and archives are read through a buffer of
/// [`buffer_capacity`](Walker::buffer_capacity) bytes; the bytes read
/// from them on disk can be counted with [`on_read`](Walker::on_read);
/// gzip can be inflated ahead on a thread of its own
/// ([`inflate_ahead`](Walker::inflate_ahead)).
#[derive(Clone, Copy)]
pub struct Walker<'a> {
    buffer_capacity: usize,
    on_read: Option<&'a (dyn Fn(u64) + Sync)>,
    inflate_ahead: bool,
    inflate_ahead_from: u64,
    inflate_elsewhere_to: u64,
}

impl fmt::Debug for Walker<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Walker")
            .field("buffer_capacity", &self.buffer_capacity)
            .field("on_read", &self.on_read.map(|_| "Fn(u64)"))
            .field("inflate_ahead", &self.inflate_ahead)
            .field("inflate_ahead_from", &self.inflate_ahead_from)
            .field("inflate_elsewhere_to", &self.inflate_elsewhere_to)
            .finish()
    }
}

impl Default for Walker<'_> {
    fn default() -> Self {
        Walker::new()
    }
}

impl<'a> Walker<'a> {
    /// A walker with an 8 KiB buffer, no counting, and gzip inflated
    /// on the calling thread.
    pub fn new() -> Walker<'a> {
        Walker {
            buffer_capacity: 8 << 10,
            on_read: None,
            inflate_ahead: false,
            inflate_ahead_from: INFLATE_AHEAD_FROM,
            inflate_elsewhere_to: 0,
        }
    }

    /// The size of the buffer `.gz` files and archives are read through
    /// (a smaller file gets a buffer of its own size).
    pub fn buffer_capacity(mut self, bytes: usize) -> Walker<'a> {
        self.buffer_capacity = bytes.max(1);
        self
    }

    /// Calls `on_read` with the number of bytes read from disk each time
    /// a `.gz` file or an archive is read from (plain files are read by
    /// the visitor).
    pub fn on_read(mut self, on_read: &'a (dyn Fn(u64) + Sync)) -> Walker<'a> {
        self.on_read = Some(on_read);
        self
    }

    /// Whether `.gz` files and `.tar.gz` archives (on disk or in memory)
    /// are inflated on a thread of their own, up to 1 MiB ahead of the
    /// visitor, while it uses the bytes before: for a visitor that hands
    /// the bytes to other threads, so that inflating is not the work of
    /// the thread that reads them out. Off by default. Only those of
    /// [`inflate_ahead_from`](Self::inflate_ahead_from) bytes or more:
    /// for smaller ones a thread costs more than it saves.
    pub fn inflate_ahead(mut self, ahead: bool) -> Walker<'a> {
        self.inflate_ahead = ahead;
        self
    }

    /// The size from which gzip is inflated ahead, when it is
    /// ([`inflate_ahead`](Self::inflate_ahead)); by default
    /// [`INFLATE_AHEAD_FROM`].
    pub fn inflate_ahead_from(mut self, bytes: u64) -> Walker<'a> {
        self.inflate_ahead_from = bytes;
        self
    }

    /// Leaves the inflating of `.gz` files (not `.tar.gz`) and zip
    /// members of up to `bytes` bytes (compressed) to the visitor, rather
    /// than inflating them for [`Visitor::stream`]: `.gz` files are
    /// handed to [`Visitor::file`] unopened, as plain files are; zip
    /// members stored or deflated (not encrypted, not named `.gz`) to
    /// [`Visitor::member`] as their stored bytes. For a visitor that reads
    /// small inputs whole on other threads and can inflate them there
    /// ([`Inflater`](super::Inflater)); a file it cannot read so can be
    /// given back to [`read_file`](Self::read_file), a member read
    /// through [`StoredMember::reader`](super::StoredMember::reader).
    /// None by default (0).
    ///
    /// ```
    /// use std::io::Read;
    /// use std::ops::ControlFlow;
    /// use sgf_tool::inputs::{Container, Failure, FoundFile, Input, Visitor, Walker};
    ///
    /// let dir = std::env::temp_dir().join(format!("sgf-unopened-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let mut gzip = flate2::write::GzEncoder::new(Vec::new(), Default::default());
    /// std::io::Write::write_all(&mut gzip, b"(;B[aa])")?;
    /// std::fs::write(dir.join("a.sgf.gz"), gzip.finish()?)?;
    ///
    /// /// The containers of the files handed over, and the streams read.
    /// #[derive(Default)]
    /// struct Seen(Vec<Container>, Vec<String>);
    /// impl Visitor for Seen {
    ///     fn file(&mut self, file: FoundFile) -> ControlFlow<()> {
    ///         self.0.push(file.container());
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn stream(&mut self, _: Input, reader: &mut dyn Read) -> ControlFlow<()> {
    ///         let mut text = String::new();
    ///         reader.read_to_string(&mut text).unwrap();
    ///         self.1.push(text);
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn failed(&mut self, failure: Failure) -> ControlFlow<()> { panic!("{failure}") }
    /// }
    ///
    /// let (mut inflated, mut unopened) = (Seen::default(), Seen::default());
    /// let _ = Walker::new().walk(&[dir.clone()], &mut inflated);
    /// let walker = Walker::new().inflate_elsewhere_to(1 << 20);
    /// let _ = walker.walk(&[dir.clone()], &mut unopened);
    /// assert_eq!((inflated.0, inflated.1), (vec![], vec!["(;B[aa])".to_string()]));
    /// assert_eq!((unopened.0, unopened.1), (vec![Container::Gz], vec![]));
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn inflate_elsewhere_to(mut self, bytes: u64) -> Walker<'a> {
        self.inflate_elsewhere_to = bytes;
        self
    }

    /// The capacity of the buffer a file of `size` bytes is read
    /// through: [`buffer_capacity`](Self::buffer_capacity), or less for a
    /// smaller file (a buffer is zeroed before its first read: a small
    /// `.gz` file in a large one would cost more to clear than to read).
    fn capacity_for(&self, size: Option<u64>) -> usize {
        let whole = size.map_or(usize::MAX, |size| {
            usize::try_from(size.saturating_add(1)).unwrap_or(usize::MAX)
        });
        self.buffer_capacity.min(whole.max(1))
    }

    /// Calls `use_reader` with the inflated bytes of `gzip`, `size`
    /// bytes if known, inflated ahead or on this thread as
    /// [`inflate_ahead`](Self::inflate_ahead) says.
    fn inflated<T>(
        &self,
        gzip: impl io::BufRead + Send,
        size: Option<u64>,
        use_reader: impl FnOnce(&mut dyn Read) -> T,
    ) -> T {
        let inflating = flate2::bufread::MultiGzDecoder::new(gzip);
        let small = matches!(size, Some(size) if size < self.inflate_ahead_from);
        match self.inflate_ahead && !small {
            true => read_ahead(inflating, AHEAD_CHUNK, AHEAD_DEPTH, use_reader),
            false => use_reader(&mut { inflating }),
        }
    }

    /// Visits every input of every path, in order, until the visitor
    /// breaks (then returns `Break`).
    pub fn walk(&self, paths: &[PathBuf], visitor: &mut dyn Visitor) -> ControlFlow<()> {
        paths
            .iter()
            .try_for_each(|path| self.walk_path(path, visitor))
    }

    /// Visits every input that `path` names, in order, until the visitor
    /// breaks (then returns `Break`).
    pub fn walk_path(&self, path: &Path, visitor: &mut dyn Visitor) -> ControlFlow<()> {
        find_files(path, &mut |found| match found {
            Ok(file) => self.found_file(file, visitor),
            Err(failure) => visitor.failed(failure),
        })
    }

    /// Visits the inputs of `bytes`, a file named `name` held in memory:
    /// as [`Container::sniff`] says, it is a plain input (handed over as a
    /// stream of the bytes), gzip (decompressed) or an archive (its
    /// members named as game records). Returns `Break` if the visitor
    /// broke.
    ///
    /// ```
    /// use std::io::Read;
    /// use std::ops::ControlFlow;
    /// use sgf_tool::inputs::{Failure, FoundFile, Input, Visitor, Walker};
    ///
    /// struct Texts(Vec<String>);
    /// impl Visitor for Texts {
    ///     fn file(&mut self, _: FoundFile) -> ControlFlow<()> { ControlFlow::Continue(()) }
    ///     fn stream(&mut self, _: Input, reader: &mut dyn Read) -> ControlFlow<()> {
    ///         let mut text = String::new();
    ///         reader.read_to_string(&mut text).unwrap();
    ///         self.0.push(text);
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn failed(&mut self, _: Failure) -> ControlFlow<()> { ControlFlow::Break(()) }
    /// }
    ///
    /// let mut texts = Texts(Vec::new());
    /// let _ = Walker::new().walk_bytes("game.sgf".as_ref(), b"(;B[aa])", &mut texts);
    /// assert_eq!(texts.0, ["(;B[aa])"]);
    /// ```
    pub fn walk_bytes(
        &self,
        name: &Path,
        bytes: &[u8],
        visitor: &mut dyn Visitor,
    ) -> ControlFlow<()> {
        let rel = PathBuf::from(name.file_name().unwrap_or(name.as_os_str()));
        let input = |rel: PathBuf| Input {
            path: name.to_path_buf(),
            member: None,
            rel,
        };
        let size = Some(bytes.len() as u64);
        match Container::sniff(name, bytes) {
            Container::Plain => visitor.stream(input(rel), &mut &bytes[..]),
            Container::Gz => self.inflated(bytes, size, |reader| {
                visitor.stream(input(without_gz(&rel)), reader)
            }),
            Container::Zip => self.read_zip(name, &rel, io::Cursor::new(bytes), visitor),
            Container::Tar => read_tar(name, &rel, bytes, visitor),
            Container::TarGz => {
                self.inflated(bytes, size, |reader| read_tar(name, &rel, reader, visitor))
            }
        }
    }

    /// A file found by a walk: handed over as it is when it is plain
    /// (or a small `.gz` file, see
    /// [`inflate_elsewhere_to`](Self::inflate_elsewhere_to)), else opened and
    /// read as [`read_file`](Self::read_file) does.
    fn found_file(&self, file: FoundFile, visitor: &mut dyn Visitor) -> ControlFlow<()> {
        match file.container() {
            Container::Gz if self.inflate_elsewhere_to > 0 => match file.size() {
                Ok(size) if size <= self.inflate_elsewhere_to => visitor.file(file.with_size(size)),
                _ => self.read_file(file, visitor),
            },
            _ => self.read_file(file, visitor),
        }
    }

    /// Reads `file` as a walk does, whatever its size: a plain file
    /// handed to [`Visitor::file`], a `.gz` file inflated for
    /// [`Visitor::stream`], an archive's members each handed to
    /// [`Visitor::stream`].
    pub fn read_file(&self, file: FoundFile, visitor: &mut dyn Visitor) -> ControlFlow<()> {
        let container = file.container();
        if container == Container::Plain {
            return visitor.file(file);
        }
        let counted = match file.open() {
            Ok(opened) => Counted {
                inner: opened,
                on_read: self.on_read,
            },
            Err(err) => return visitor.failed(Failure::new(file.path(), err)),
        };
        let (path, rel) = (file.path(), file.rel());
        // The file's size, for its buffer and to choose where to inflate it.
        let size = counted.inner.metadata().ok().map(|meta| meta.len());
        let capacity = self.capacity_for(size);
        let buffered = |counted| BufReader::with_capacity(capacity, counted);
        match container {
            // Members are read by seeking to each: a buffer kept across
            // seeks reads the archive about once.
            Container::Zip => {
                let reader = SeekBuf::with_capacity(capacity, counted);
                self.read_zip(path, rel, reader, visitor)
            }
            Container::Tar => read_tar(path, rel, buffered(counted), visitor),
            Container::TarGz => {
                let reader = buffered(counted);
                self.inflated(reader, size, |reader| read_tar(path, rel, reader, visitor))
            }
            Container::Gz | Container::Plain => {
                let input = Input {
                    path: path.to_path_buf(),
                    member: None,
                    rel: without_gz(rel),
                };
                let reader = buffered(counted);
                self.inflated(reader, size, |reader| visitor.stream(input, reader))
            }
        }
    }

    /// The game records of a zip archive, in the order of its
    /// directory: small members handed over as stored
    /// ([`inflate_elsewhere_to`](Self::inflate_elsewhere_to)), the others
    /// read here.
    fn read_zip(
        &self,
        path: &Path,
        rel: &Path,
        reader: impl Read + Seek,
        visitor: &mut dyn Visitor,
    ) -> ControlFlow<()> {
        let mut zip = match zip::ZipArchive::new(reader) {
            Ok(zip) => zip,
            Err(err) => return visitor.failed(archive_failure(path, None, io::Error::other(err))),
        };
        for index in 0..zip.len() {
            if self.inflate_elsewhere_to > 0 {
                match stored_member(&mut zip, index, self.inflate_elsewhere_to) {
                    Stored::Skipped => continue,
                    Stored::Member(name, member) => {
                        visitor.member(member_input(path, rel, name), member)?;
                        continue;
                    }
                    Stored::Left => {}
                }
            }
            match zip.by_index(index) {
                Err(err) => {
                    let member = Some(format!("#{index}"));
                    visitor.failed(archive_failure(path, member, io::Error::other(err)))?;
                }
                Ok(member) if member.is_dir() || !is_game_record(member.name()) => {}
                Ok(mut member) => {
                    let name = member.name().to_string();
                    read_member(path, rel, name, &mut member, visitor)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// What became of a zip member read as stored.
enum Stored {
    /// Not a game record (or a folder): not read.
    Skipped,
    /// A game record, its name and its bytes as stored.
    Member(String, StoredMember),
    /// For the zip crate to read (or report): compressed otherwise,
    /// encrypted, large, named `.gz`, or not readable as stored.
    Left,
}

/// Member `index` of `zip` read as stored, if it is a game record of up
/// to `limit` bytes stored.
fn stored_member<R: Read + Seek>(zip: &mut zip::ZipArchive<R>, index: usize, limit: u64) -> Stored {
    let Ok(mut raw) = zip.by_index_raw(index) else {
        return Stored::Left;
    };
    if raw.is_dir() || !is_game_record(raw.name()) {
        return Stored::Skipped;
    }
    if ends_with(raw.name(), ".gz") {
        return Stored::Left;
    }
    let name = raw.name().to_string();
    match StoredMember::read(&mut raw, limit) {
        Some(member) => Stored::Member(name, member),
        None => Stored::Left,
    }
}

/// The size from which a gzip file is inflated ahead by default (see
/// [`Walker::inflate_ahead`]): some 2 MiB of SGF.
pub const INFLATE_AHEAD_FROM: u64 = 512 << 10;

/// How many bytes of inflated gzip a chunk read ahead holds, and how
/// many chunks are read ahead at most.
const AHEAD_CHUNK: usize = 128 << 10;
const AHEAD_DEPTH: usize = 6;

/// A reader whose bytes are counted by a callback.
struct Counted<'a, R> {
    inner: R,
    on_read: Option<&'a (dyn Fn(u64) + Sync)>,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        if let Some(on_read) = self.on_read {
            on_read(read as u64);
        }
        Ok(read)
    }
}

impl<R: Seek> Seek for Counted<'_, R> {
    fn seek(&mut self, pos: io::SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}

/// A failure of the archive at `path`, or of one of its members.
fn archive_failure(path: &Path, member: Option<String>, source: io::Error) -> Failure {
    Failure {
        path: path.to_path_buf(),
        member,
        source,
    }
}

/// The game records of a tar stream, regular entries only, in order. A
/// broken header or a read error ends the archive (a tar stream cannot be
/// resynchronised) after it is reported.
fn read_tar(
    path: &Path,
    rel: &Path,
    reader: impl Read,
    visitor: &mut dyn Visitor,
) -> ControlFlow<()> {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(entries) => entries,
        Err(err) => return visitor.failed(archive_failure(path, None, err)),
    };
    for entry in entries {
        let mut entry = match entry {
            Ok(entry) => entry,
            Err(err) => return visitor.failed(archive_failure(path, None, err)),
        };
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        if entry.header().entry_type().is_file() && is_game_record(&name) {
            read_member(path, rel, name, &mut entry, visitor)?;
        }
    }
    ControlFlow::Continue(())
}

/// The member `member` of the archive at `path` (found at `rel`): read
/// as it is, or through gzip for a `.gz` member.
fn read_member(
    path: &Path,
    rel: &Path,
    member: String,
    reader: &mut dyn Read,
    visitor: &mut dyn Visitor,
) -> ControlFlow<()> {
    let gzipped = ends_with(&member, ".gz");
    let input = member_input(path, rel, member);
    if gzipped {
        let mut reader = flate2::read::MultiGzDecoder::new(reader);
        visitor.stream(input, &mut reader)
    } else {
        visitor.stream(input, reader)
    }
}

/// The input of the member `member` of the archive at `path` (found at
/// `rel`).
fn member_input(path: &Path, rel: &Path, member: String) -> Input {
    Input {
        path: path.to_path_buf(),
        rel: member_rel(rel, &member),
        member: Some(member),
    }
}

#[cfg(test)]
mod tests {
    use super::Walker;

    #[test]
    fn a_small_file_gets_a_buffer_of_its_size_and_a_large_one_the_capacity() {
        let walker = Walker::new().buffer_capacity(4096);
        assert_eq!(walker.capacity_for(Some(0)), 1);
        assert_eq!(walker.capacity_for(Some(100)), 101);
        assert_eq!(walker.capacity_for(Some(4095)), 4096);
        assert_eq!(walker.capacity_for(Some(1 << 20)), 4096);
        assert_eq!(walker.capacity_for(Some(u64::MAX)), 4096);
        // Size unknown: the capacity set.
        assert_eq!(walker.capacity_for(None), 4096);
    }
}
