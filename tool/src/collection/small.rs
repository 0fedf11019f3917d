//! Small inputs, read whole by a worker, many to a unit of work: files
//! opened and read there (small `.gz` files inflated there), streams
//! read whole first when they end within the batch target.

use std::cell::RefCell;
use std::io;

use bytes::Bytes;

use super::source::{Input, Told};
use super::Collection;
use crate::inputs::{FoundFile, Inflater, StoredMember};

/// How many small files one unit of work reads at most.
pub(super) const GROUP_FILES: usize = 64;

/// A `.gz` file or a zip member is inflated by the unit that reads its
/// group when it is no larger than the batch target over this: SGF
/// inflates to three to five times its gzip, so such an input mostly
/// inflates within the target (one that does not is read again as a
/// stream).
pub(super) const GZIP_RATIO: u64 = 8;

/// A small input that a worker could not read whole (a `.gz` file or a
/// zip member larger inflated than the batch target, or damaged; a file
/// not sized that did not fit), to be read again as a stream in its
/// place.
pub(super) enum Again {
    File(Input, Told, FoundFile),
    Member(Input, Told, StoredMember),
    /// A file not sized before it was read, larger than the batch target
    /// or than what its unit had room for.
    Large(Input, Told, FoundFile),
}

/// A small input, read whole by a worker.
pub(super) enum Small {
    /// A file, opened by the worker, `size` bytes when it was found (if
    /// it was sized).
    File {
        input: Input,
        told: Told,
        size: Option<u64>,
        file: FoundFile,
    },
    /// A small zip member as stored, inflated by the worker.
    Member {
        input: Input,
        told: Told,
        member: StoredMember,
    },
    /// An input whose bytes are in memory: a small stream read whole,
    /// or bytes given.
    Read {
        input: Input,
        told: Told,
        bytes: Bytes,
    },
}

/// Small inputs gathered for one unit of work.
#[derive(Default)]
pub(super) struct Group {
    inputs: Vec<Small>,
    bytes: u64,
}

impl Group {
    /// Adds `small`, of `bytes` bytes; the inputs gathered, when they
    /// reach [`GROUP_FILES`] inputs or `target` bytes.
    pub(super) fn add(&mut self, small: Small, bytes: u64, target: u64) -> Option<Vec<Small>> {
        self.inputs.push(small);
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes < target && self.inputs.len() < GROUP_FILES {
            return None;
        }
        self.take()
    }

    /// The inputs gathered, if any.
    pub(super) fn take(&mut self) -> Option<Vec<Small>> {
        self.bytes = 0;
        (!self.inputs.is_empty()).then(|| std::mem::take(&mut self.inputs))
    }
}

/// A stream read up to a target: all of it, or its first bytes ahead of
/// the rest.
pub(super) enum Gathered<'r> {
    Whole(Vec<u8>),
    Started(Box<dyn io::Read + 'r>),
}

/// Reads `reader` whole if it ends within `target` bytes; else its first
/// bytes, given back ahead of the rest (a read error comes again after
/// them, where it was met).
pub(super) fn gather(reader: &mut dyn io::Read, target: u64) -> Gathered<'_> {
    let mut first = Vec::new();
    let read = io::Read::read_to_end(&mut io::Read::take(&mut *reader, target + 1), &mut first);
    let first = io::Cursor::new(first);
    match read {
        Ok(_) if first.get_ref().len() as u64 <= target => Gathered::Whole(first.into_inner()),
        Ok(_) => Gathered::Started(Box::new(io::Read::chain(first, reader))),
        Err(err) => {
            let failing = Failing(Some(err));
            Gathered::Started(Box::new(io::Read::chain(first, failing)))
        }
    }
}

/// A reader that fails once with the error it holds, then ends.
struct Failing(Option<io::Error>);

impl io::Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        match self.0.take() {
            Some(err) => Err(err),
            None => Ok(0),
        }
    }
}

thread_local! {
    /// The inflater of this thread's small `.gz` files and zip members.
    static INFLATER: RefCell<Inflater> = RefCell::new(Inflater::new());
}

/// The inflated bytes of the small `.gz` file `file` (`size` bytes),
/// read whole and inflated on this thread; `None` when it cannot be read
/// so, to be read again as a stream (larger inflated than the batch
/// target, not plain gzip, or not readable: the stream reports it).
pub(super) fn inflate_file(
    collection: &Collection,
    file: &FoundFile,
    size: Option<u64>,
) -> Option<Vec<u8>> {
    // Counted once inflated: one given back is counted as it is read again.
    let gzip = read_bytes(file, size, collection.target as u64).ok()??;
    let inflate =
        |inflater: &RefCell<Inflater>| inflater.borrow_mut().gzip(&gzip, collection.target);
    let inflated = INFLATER.with(inflate).ok()??;
    collection.count(gzip.len() as u64);
    Some(inflated)
}

/// The inflated bytes of the small zip member `member`, inflated on this
/// thread; `None` when it cannot be read so, to be read again as a stream
/// (larger inflated than the batch target, or damaged: the stream
/// reports it).
pub(super) fn inflate_member(collection: &Collection, member: &StoredMember) -> Option<Vec<u8>> {
    let inflate = |inflater: &RefCell<Inflater>| {
        member.inflate(&mut inflater.borrow_mut(), collection.target)
    };
    INFLATER.with(inflate).ok()?
}

/// The bytes of the small file `file`, counted as read: all of them if
/// its size was found (`size`), else those of a file that ends within
/// `within` bytes, `None` for a larger one.
pub(super) fn read_small(
    collection: &Collection,
    file: &FoundFile,
    size: Option<u64>,
    within: u64,
) -> io::Result<Option<Vec<u8>>> {
    let bytes = read_bytes(file, size, within)?;
    if let Some(bytes) = &bytes {
        collection.count(bytes.len() as u64);
    }
    Ok(bytes)
}

/// [`read_small`] without counting the bytes.
fn read_bytes(file: &FoundFile, size: Option<u64>, within: u64) -> io::Result<Option<Vec<u8>>> {
    let opened = file.open()?;
    match size {
        Some(size) => read_file(opened, size).map(Some),
        None => read_within(opened, within),
    }
}

/// The bytes of `file` if there are no more than `limit`, else `None`.
fn read_within(file: std::fs::File, limit: u64) -> io::Result<Option<Vec<u8>>> {
    // Room for most small files at once; one byte more than the limit
    // shows a larger file.
    let room = limit.saturating_add(1).min(FIRST_READ);
    let mut bytes = Vec::with_capacity(room as usize);
    io::Read::read_to_end(
        &mut io::Read::take(file, limit.saturating_add(1)),
        &mut bytes,
    )?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// The room made for a file read before its size is known.
const FIRST_READ: u64 = 64 << 10;

/// The bytes of `file`, whose size was found to be `size` (all of them,
/// should it have grown since): [`std::fs::read`] without the second look
/// at its size.
fn read_file(file: std::fs::File, size: u64) -> io::Result<Vec<u8>> {
    // One byte more than the size, so that the end shows at once; through
    // `take`, as `File`'s own `read_to_end` would look at the size again.
    let mut bytes = Vec::with_capacity(usize::try_from(size).map_or(0, |size| size + 1));
    io::Read::read_to_end(&mut io::Read::take(file, u64::MAX), &mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::{read_file, read_within};

    #[test]
    fn a_file_is_read_within_a_limit_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sgf");
        let text = b"(;B[aa];W[bb])".repeat(10_000);
        std::fs::write(&path, &text).unwrap();
        let len = text.len() as u64;
        for (limit, whole) in [(len, true), (len + 1, true), (len - 1, false), (0, false)] {
            let file = std::fs::File::open(&path).unwrap();
            let read = read_within(file, limit).unwrap();
            assert_eq!(read.as_deref(), whole.then_some(&text[..]), "{limit}");
        }
        std::fs::write(&path, b"").unwrap();
        let file = std::fs::File::open(&path).unwrap();
        assert_eq!(read_within(file, 0).unwrap(), Some(Vec::new()));
    }

    #[test]
    fn a_file_is_read_whole_whatever_size_was_found() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sgf");
        std::fs::write(&path, b"(;B[aa];W[bb])").unwrap();
        // The size found before, as it was, larger (the file shrank) and
        // smaller (it grew).
        for size in [14, 100, 0, 3] {
            let file = std::fs::File::open(&path).unwrap();
            assert_eq!(read_file(file, size).unwrap(), b"(;B[aa];W[bb])", "{size}");
        }
    }
}
