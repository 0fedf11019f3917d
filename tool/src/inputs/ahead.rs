//! Reading ahead: a reader's bytes made ready on a thread of its own
//! while the caller uses the ones before, for readers that are slow in
//! themselves (a gzip stream being inflated).

use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};

/// Bytes read ahead: a buffer and how much of it was filled, or the
/// error that ended the reader.
type Chunk = io::Result<(Vec<u8>, usize)>;

/// Calls `use_reader` with a reader of `reader`'s bytes, which another
/// thread reads from `reader` ahead of it, at most `depth` chunks of
/// `chunk` bytes ahead; returns what `use_reader` returns. A read error
/// comes after the bytes read before it, and the reader then ends.
/// Once `use_reader` returns, the other thread stops at its next chunk.
///
/// Memory: at most `depth + 2` chunks, reused from chunk to chunk.
pub(super) fn read_ahead<R: Read + Send, T>(
    reader: R,
    chunk: usize,
    depth: usize,
    use_reader: impl FnOnce(&mut dyn Read) -> T,
) -> T {
    let chunk = chunk.max(1);
    let (filled, ready) = mpsc::sync_channel::<Chunk>(depth);
    let (give_back, returned) = mpsc::channel::<Vec<u8>>();
    std::thread::scope(|scope| {
        scope.spawn(move || fill(reader, chunk, &filled, &returned));
        let mut ahead = Ahead {
            ready,
            give_back,
            current: Vec::new(),
            at: 0,
            len: 0,
            ended: false,
        };
        // Dropping `ahead` when `use_reader` is done makes the filling
        // thread's next send fail, and the scope waits for it to stop.
        use_reader(&mut ahead)
    })
}

/// The filling thread: chunks of `reader`'s bytes, full but for the
/// last, sent in order until the end, an error, or the reading side
/// hanging up.
fn fill(
    mut reader: impl Read,
    chunk: usize,
    filled: &SyncSender<Chunk>,
    returned: &Receiver<Vec<u8>>,
) {
    loop {
        let mut buffer = returned.try_recv().unwrap_or_else(|_| vec![0; chunk]);
        let mut len = 0;
        let mut failed = None;
        while len < buffer.len() {
            match reader.read(&mut buffer[len..]) {
                Ok(0) => break,
                Ok(read) => len += read,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => {
                    failed = Some(err);
                    break;
                }
            }
        }
        let end = len < buffer.len();
        if len > 0 && filled.send(Ok((buffer, len))).is_err() {
            return;
        }
        if let Some(err) = failed {
            let _ = filled.send(Err(err));
            return;
        }
        if end {
            return;
        }
    }
}

/// The reading side of [`read_ahead`].
struct Ahead {
    ready: Receiver<Chunk>,
    give_back: Sender<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
    len: usize,
    /// The end or an error was met: nothing more comes.
    ended: bool,
}

impl Read for Ahead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        while self.at == self.len {
            if self.ended {
                return Ok(0);
            }
            if !self.current.is_empty() {
                let _ = self.give_back.send(std::mem::take(&mut self.current));
            }
            match self.ready.recv() {
                Ok(Ok((buffer, len))) => {
                    self.current = buffer;
                    (self.at, self.len) = (0, len);
                }
                Ok(Err(err)) => {
                    self.ended = true;
                    return Err(err);
                }
                Err(_) => self.ended = true,
            }
        }
        let n = out.len().min(self.len - self.at);
        out[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of `bytes` that gives at most `step` bytes a call, is
    /// interrupted now and then, and fails after `fail_at` bytes if set.
    struct Uneven {
        bytes: Vec<u8>,
        at: usize,
        step: usize,
        calls: usize,
        fail_at: Option<usize>,
    }

    impl Read for Uneven {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls % 5 == 0 {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let end = self.fail_at.unwrap_or(self.bytes.len());
            if self.at == end && self.fail_at.is_some() {
                return Err(io::Error::other("broken"));
            }
            let n = out.len().min(self.step).min(end - self.at);
            out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn uneven(len: usize, step: usize, fail_at: Option<usize>) -> Uneven {
        let bytes = (0..len).map(|i| (i * 7 % 251) as u8).collect();
        Uneven {
            bytes,
            at: 0,
            step,
            calls: 0,
            fail_at,
        }
    }

    #[test]
    fn every_byte_comes_in_order_whatever_the_sizes() {
        for len in [0, 1, 15, 16, 17, 100, 1000] {
            for (chunk, depth, step, read) in [(16, 1, 3, 7), (16, 4, 100, 1), (5, 0, 2, 64)] {
                let source = uneven(len, step, None);
                let expected = source.bytes.clone();
                let got = read_ahead(source, chunk, depth, |reader| {
                    let mut got = Vec::new();
                    let mut buffer = vec![0; read];
                    loop {
                        match reader.read(&mut buffer).unwrap() {
                            0 => break got,
                            n => got.extend_from_slice(&buffer[..n]),
                        }
                    }
                });
                assert_eq!(got, expected, "{len} bytes, chunks of {chunk}");
            }
        }
    }

    #[test]
    fn an_error_comes_after_the_bytes_before_it() {
        let source = uneven(100, 7, Some(40));
        let expected = source.bytes[..40].to_vec();
        let (got, err) = read_ahead(source, 16, 2, |reader| {
            let mut got = Vec::new();
            let mut buffer = [0; 10];
            loop {
                match reader.read(&mut buffer) {
                    Ok(0) => return (got, None),
                    Ok(n) => got.extend_from_slice(&buffer[..n]),
                    Err(err) => return (got, Some(err.to_string())),
                }
            }
        });
        assert_eq!(got, expected);
        assert_eq!(err.as_deref(), Some("broken"));
    }

    #[test]
    fn stopping_early_stops_the_thread_that_reads_ahead() {
        // A reader far longer than what is read: the call returns once
        // the caller is done (the test would hang otherwise).
        let source = uneven(1 << 20, 4096, None);
        let first = read_ahead(source, 64, 2, |reader| {
            let mut first = [0; 10];
            reader.read_exact(&mut first).unwrap();
            first
        });
        assert_eq!(first.to_vec(), uneven(10, 1, None).bytes);
    }
}
