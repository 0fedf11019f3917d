//! A zip member as it is stored: its compressed bytes, read out of the
//! archive, to be inflated elsewhere.

use std::io::{self, Read};

use flate2::Crc;

use super::Inflater;

/// How a [`StoredMember`]'s bytes are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Stored,
    Deflated,
}

/// A zip member's bytes as the archive stores them (stored as they are,
/// or deflated), with the CRC-32 of what they hold: read out of the
/// archive by the walker, inflated by whoever reads the member
/// ([`reader`](Self::reader) as the zip crate reads it,
/// [`inflate`](Self::inflate) whole).
///
/// ```
/// use std::io::{Read, Write};
/// use std::ops::ControlFlow;
/// use sgf_tool::inputs::{Failure, FoundFile, Input, StoredMember, Visitor, Walker};
///
/// let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
/// zip.start_file("a.sgf", zip::write::SimpleFileOptions::default())?;
/// zip.write_all(b"(;B[aa])")?;
/// let zip = zip.finish()?.into_inner();
///
/// /// The members' bytes, inflated whole.
/// #[derive(Default)]
/// struct Members(Vec<Vec<u8>>);
/// impl Visitor for Members {
///     fn file(&mut self, _: FoundFile) -> ControlFlow<()> { ControlFlow::Continue(()) }
///     fn stream(&mut self, _: Input, _: &mut dyn Read) -> ControlFlow<()> { panic!("stored") }
///     fn member(&mut self, _: Input, member: StoredMember) -> ControlFlow<()> {
///         let inflated = member.inflate(&mut Default::default(), 1000).unwrap();
///         self.0.push(inflated.unwrap());
///         ControlFlow::Continue(())
///     }
///     fn failed(&mut self, failure: Failure) -> ControlFlow<()> { panic!("{failure}") }
/// }
///
/// let mut members = Members::default();
/// let walker = Walker::new().inflate_elsewhere_to(1 << 20);
/// let _ = walker.walk_bytes("games.zip".as_ref(), &zip, &mut members);
/// assert_eq!(members.0, [b"(;B[aa])"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMember {
    method: Method,
    bytes: Vec<u8>,
    crc32: u32,
}

impl StoredMember {
    /// The member `raw` (read with `ZipArchive::by_index_raw`): its
    /// stored bytes read, if it is stored or deflated, not encrypted, and
    /// no larger than `limit` bytes as stored; else `None`, for the zip
    /// crate to read (and report) as it does.
    pub(super) fn read<R: Read>(
        raw: &mut zip::read::ZipFile<'_, R>,
        limit: u64,
    ) -> Option<StoredMember> {
        let method = match raw.compression() {
            zip::CompressionMethod::Stored => Method::Stored,
            zip::CompressionMethod::Deflated => Method::Deflated,
            _ => return None,
        };
        if raw.encrypted() || raw.compressed_size() > limit {
            return None;
        }
        let mut bytes = Vec::with_capacity(raw.compressed_size() as usize);
        raw.read_to_end(&mut bytes).ok()?;
        Some(StoredMember {
            method,
            bytes,
            crc32: raw.crc32(),
        })
    }

    /// The bytes as stored (compressed, for a deflated member).
    pub fn stored(&self) -> &[u8] {
        &self.bytes
    }

    /// A reader of the member's bytes as the zip crate gives them:
    /// inflated, and an `InvalidData` error "Invalid checksum" at the
    /// end if they do not match the member's CRC-32.
    pub fn reader(&self) -> impl Read + '_ {
        let inner: Box<dyn Read + '_> = match self.method {
            Method::Stored => Box::new(&self.bytes[..]),
            Method::Deflated => Box::new(flate2::bufread::DeflateDecoder::new(&self.bytes[..])),
        };
        Checked {
            inner,
            crc: Crc::new(),
            expected: self.crc32,
        }
    }

    /// The member's bytes, inflated by `inflater`, or `None` when they
    /// are more than `limit` bytes.
    ///
    /// # Errors
    ///
    /// What [`reader`](Self::reader) would meet (a damaged stream, a
    /// checksum that does not match), though not worded alike: read the
    /// member through [`reader`](Self::reader) to report it.
    pub fn inflate(&self, inflater: &mut Inflater, limit: usize) -> io::Result<Option<Vec<u8>>> {
        let bytes = match self.method {
            Method::Stored if self.bytes.len() > limit => return Ok(None),
            Method::Stored => self.bytes.clone(),
            Method::Deflated => match inflater.deflate(&self.bytes, limit)? {
                Some((bytes, _)) => bytes,
                None => return Ok(None),
            },
        };
        let mut crc = Crc::new();
        crc.update(&bytes);
        match crc.sum() == self.crc32 {
            true => Ok(Some(bytes)),
            false => Err(invalid_checksum()),
        }
    }
}

/// A reader checked against a CRC-32 at its end, as the zip crate checks
/// a member.
struct Checked<R> {
    inner: R,
    crc: Crc,
    expected: u32,
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let count = self.inner.read(buf)?;
        if count == 0 && !buf.is_empty() && self.crc.sum() != self.expected {
            return Err(invalid_checksum());
        }
        self.crc.update(&buf[..count]);
        Ok(count)
    }
}

fn invalid_checksum() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "Invalid checksum")
}

#[cfg(test)]
mod tests {
    use super::StoredMember;
    use std::io::{Cursor, Read, Write};

    /// A zip of `data` as one member stored by `method`.
    fn zip_of(data: &[u8], method: zip::CompressionMethod) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        zip.start_file("a.sgf", options).unwrap();
        zip.write_all(data).unwrap();
        zip.finish().unwrap().into_inner()
    }

    /// What the zip crate reads of the first member: its bytes, or its
    /// error's kind and text.
    fn crate_reads(zip: &[u8]) -> Outcome {
        let mut archive = zip::ZipArchive::new(Cursor::new(zip)).map_err(|e| e.to_string())?;
        let mut member = archive.by_index(0).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        match member.read_to_end(&mut out) {
            Ok(_) => Ok(out),
            Err(err) => Err(format!("{:?} {err}", err.kind())),
        }
    }

    /// What a member reads: its bytes, or its error's kind and text.
    type Outcome = Result<Vec<u8>, String>;

    /// What the stored member reads, through its reader and whole.
    fn stored_reads(zip: &[u8]) -> Option<(Outcome, Option<Vec<u8>>)> {
        let mut archive = zip::ZipArchive::new(Cursor::new(zip)).ok()?;
        let mut raw = archive.by_index_raw(0).ok()?;
        let member = StoredMember::read(&mut raw, 1 << 20)?;
        let mut out = Vec::new();
        let read = match member.reader().read_to_end(&mut out) {
            Ok(_) => Ok(out),
            Err(err) => Err(format!("{:?} {err}", err.kind())),
        };
        let whole = member
            .inflate(&mut Default::default(), 1 << 20)
            .ok()
            .flatten();
        Some((read, whole))
    }

    #[test]
    fn a_member_reads_as_the_zip_crate_reads_it_even_damaged() {
        let data: Vec<u8> = (0..300)
            .flat_map(|i: u32| format!("(;B[aa];W[bb]C[{}])\n", i * i * 7919).into_bytes())
            .collect();
        let mut damaged_cases = 0;
        for method in [
            zip::CompressionMethod::Stored,
            zip::CompressionMethod::Deflated,
        ] {
            let zip = zip_of(&data, method);
            let (read, whole) = stored_reads(&zip).unwrap();
            assert_eq!(read, Ok(data.clone()));
            assert_eq!(whole, Some(data.clone()));
            // Every byte of the member's data damaged in turn (a few of
            // them): the same bytes or the same error as the crate.
            let start = zip.windows(5).position(|w| w == b"a.sgf").unwrap() + 5;
            for at in (start..zip.len().min(start + 400)).step_by(13) {
                let mut damaged = zip.clone();
                damaged[at] ^= 0x21;
                if let Some((read, whole)) = stored_reads(&damaged) {
                    damaged_cases += 1;
                    assert_eq!(read, crate_reads(&damaged), "{method:?} at {at}");
                    // Whole, only what is right.
                    if let Some(whole) = whole {
                        assert_eq!(Ok(whole), crate_reads(&damaged));
                    }
                }
            }
        }
        assert!(damaged_cases > 20);
    }

    #[test]
    fn a_member_larger_than_the_limit_is_not_inflated_whole() {
        let data = b"(;B[aa])\n".repeat(100);
        for method in [
            zip::CompressionMethod::Stored,
            zip::CompressionMethod::Deflated,
        ] {
            let zip = zip_of(&data, method);
            let mut archive = zip::ZipArchive::new(Cursor::new(&zip[..])).unwrap();
            let member = StoredMember::read(&mut archive.by_index_raw(0).unwrap(), 1 << 20);
            let member = member.unwrap();
            let mut inflater = Default::default();
            assert_eq!(member.inflate(&mut inflater, data.len() - 1).unwrap(), None);
            assert_eq!(
                member.inflate(&mut inflater, data.len()).unwrap(),
                Some(data.clone())
            );
            // Stored larger than the walker's limit: left to the crate.
            let mut raw = archive.by_index_raw(0).unwrap();
            assert_eq!(StoredMember::read(&mut raw, 10), None);
        }
    }
}
