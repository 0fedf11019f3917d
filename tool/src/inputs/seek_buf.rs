//! A buffered reader that keeps its buffer across seeks that land in it:
//! for zip archives, whose members are read by seeking to each in turn,
//! mostly one after another in the file. (The standard `BufReader`
//! empties its buffer at every `seek`, and so read a whole buffer per
//! member.)

use std::io::{self, Read, Seek, SeekFrom};

/// Buffers reads of `inner`, which starts at its position 0; a seek
/// within the bytes buffered moves in the buffer, any other one seeks
/// `inner`.
pub(super) struct SeekBuf<R> {
    inner: R,
    buffer: Box<[u8]>,
    /// Where `buffer[0]` is in `inner`; `inner` is at `start + filled`.
    start: u64,
    at: usize,
    filled: usize,
}

impl<R: Read + Seek> SeekBuf<R> {
    /// A buffer of `capacity` bytes over `inner`, at its start.
    pub(super) fn with_capacity(capacity: usize, inner: R) -> SeekBuf<R> {
        SeekBuf {
            inner,
            buffer: vec![0; capacity.max(1)].into_boxed_slice(),
            start: 0,
            at: 0,
            filled: 0,
        }
    }

    /// Empties the buffer, `inner` being at `position`.
    fn empty_at(&mut self, position: u64) {
        (self.start, self.at, self.filled) = (position, 0, 0);
    }
}

impl<R: Read + Seek> Read for SeekBuf<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.filled {
            let end = self.start + self.filled as u64;
            if out.len() >= self.buffer.len() {
                // As large as the buffer: read past it.
                let read = self.inner.read(out)?;
                self.empty_at(end + read as u64);
                return Ok(read);
            }
            let read = self.inner.read(&mut self.buffer)?;
            (self.start, self.at, self.filled) = (end, 0, read);
        }
        let n = out.len().min(self.filled - self.at);
        out[..n].copy_from_slice(&self.buffer[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl<R: Read + Seek> Seek for SeekBuf<R> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let here = self.start + self.at as u64;
        let target = match to {
            SeekFrom::Start(position) => Some(position),
            SeekFrom::Current(offset) => {
                let target = here.checked_add_signed(offset);
                let invalid = || io::Error::new(io::ErrorKind::InvalidInput, "seek before 0");
                Some(target.ok_or_else(invalid)?)
            }
            SeekFrom::End(_) => None,
        };
        if let Some(position) = target {
            if (self.start..=self.start + self.filled as u64).contains(&position) {
                self.at = (position - self.start) as usize;
                return Ok(position);
            }
        }
        // `inner` is at the buffer's end, not `here`: seek it to where
        // this reader is asked to be.
        let position = match target {
            Some(position) => self.inner.seek(SeekFrom::Start(position))?,
            None => self.inner.seek(to)?,
        };
        self.empty_at(position);
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A cursor that counts the bytes read from it.
    struct Counting {
        inner: Cursor<Vec<u8>>,
        read: usize,
    }

    impl Read for Counting {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let read = self.inner.read(out)?;
            self.read += read;
            Ok(read)
        }
    }

    impl Seek for Counting {
        fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
            self.inner.seek(to)
        }
    }

    fn bytes(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 31 % 251) as u8).collect()
    }

    #[test]
    fn reads_and_seeks_as_the_reader_it_buffers() {
        let data = bytes(5000);
        let mut oracle = Cursor::new(data.clone());
        let mut buffered = SeekBuf::with_capacity(64, Cursor::new(data));
        let mut state = 7u64;
        for step in 0..3000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = (state >> 33) as i64;
            let to = match step % 5 {
                0 => Some(SeekFrom::Start((n % 5200) as u64)),
                1 => Some(SeekFrom::Current(n % 300 - 150)),
                2 => Some(SeekFrom::End(-(n % 100))),
                _ => None,
            };
            if let Some(to) = to {
                let (want, got) = (oracle.seek(to), buffered.seek(to));
                assert_eq!(got.is_ok(), want.is_ok(), "{to:?}");
                if let (Ok(want), Ok(got)) = (want, got) {
                    assert_eq!(got, want, "{to:?}");
                } else {
                    // A seek before 0 fails and leaves both where they were.
                    continue;
                }
            }
            let len = [1, 10, 63, 64, 200][(n % 5) as usize];
            let (mut want, mut got) = (vec![0; len], vec![0; len]);
            let want_n = oracle.read(&mut want).unwrap();
            let mut got_n = 0;
            while got_n < want_n {
                let read = buffered.read(&mut got[got_n..want_n]).unwrap();
                assert!(read > 0);
                got_n += read;
            }
            assert_eq!(got[..got_n], want[..want_n], "step {step}");
        }
    }

    #[test]
    fn seeking_forward_one_member_after_another_reads_the_file_once() {
        // Zip members: a header skipped, the data read, the next member.
        let data = bytes(100_000);
        let inner = Counting {
            inner: Cursor::new(data.clone()),
            read: 0,
        };
        let mut buffered = SeekBuf::with_capacity(4096, inner);
        let mut at = 0;
        while at + 300 < data.len() {
            buffered.seek(SeekFrom::Start(at as u64 + 30)).unwrap();
            let mut member = vec![0; 250];
            buffered.read_exact(&mut member).unwrap();
            assert_eq!(member, data[at + 30..at + 280]);
            at += 300;
        }
        let read = buffered.inner.read;
        assert!(read <= data.len() + 4096, "{read} bytes read");
    }
}
