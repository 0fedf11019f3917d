//! Gzip and raw deflate held in memory inflated whole, with one inflater
//! kept from one input to the next.

use std::io;

use flate2::{Crc, Decompress, FlushDecompress, Status};

/// Inflates gzip (every member in turn, as
/// [`flate2::read::MultiGzDecoder`] reads it) or a raw deflate stream (a
/// zip member's) held in memory, up to a limit, with one inflater for
/// every input it is given: for many small `.gz` files or zip members,
/// each read whole, where making an inflater for each (and clearing its
/// state) would cost as much as inflating them.
///
/// Stricter than a decoder: anything but a sequence of whole, valid
/// gzip members (a flag bit it does not know, a header or a member
/// checksum that does not match, bytes after the last member) is an
/// error, so that the caller can read such input through a decoder
/// instead and report it as that does.
///
/// ```
/// use std::io::Write;
/// use sgf_tool::inputs::Inflater;
///
/// let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
/// gzip.write_all(b"(;B[aa];W[bb])")?;
/// let gzip = gzip.finish()?;
///
/// let mut inflater = Inflater::new();
/// assert_eq!(inflater.gzip(&gzip, 100)?.as_deref(), Some(&b"(;B[aa];W[bb])"[..]));
/// // Over the limit: nothing.
/// assert_eq!(inflater.gzip(&gzip, 10)?, None);
/// // Not gzip: an error.
/// assert!(inflater.gzip(b"(;B[aa])", 100).is_err());
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Inflater {
    inflater: Decompress,
}

impl std::fmt::Debug for Inflater {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inflater").finish_non_exhaustive()
    }
}

impl Default for Inflater {
    fn default() -> Self {
        Inflater::new()
    }
}

impl Inflater {
    /// An inflater.
    pub fn new() -> Inflater {
        Inflater {
            inflater: Decompress::new(false),
        }
    }

    /// The inflated bytes of `gzip`, every member in turn, or `None`
    /// when they are more than `limit` bytes (the last member's size,
    /// written at its end, is looked at first: most such input is
    /// refused before any of it is inflated).
    ///
    /// # Errors
    ///
    /// `InvalidData` for input that is not a sequence of whole, valid
    /// gzip members; `UnexpectedEof` for one that ends early.
    pub fn gzip(&mut self, gzip: &[u8], limit: usize) -> io::Result<Option<Vec<u8>>> {
        if gzip.len() < 18 {
            return Err(truncated());
        }
        let last_size = u32::from_le_bytes(gzip[gzip.len() - 4..].try_into().unwrap_or([0; 4]));
        if last_size as usize > limit {
            return Ok(None);
        }
        let mut out = Vec::with_capacity((last_size as usize).min(limit) + 1);
        let mut rest = gzip;
        while !rest.is_empty() {
            rest = &rest[header_len(rest)?..];
            let start = out.len();
            match self.member(rest, &mut out, limit)? {
                Some(used) => rest = &rest[used..],
                None => return Ok(None),
            }
            let trailer = rest.get(..8).ok_or_else(truncated)?;
            let mut crc = Crc::new();
            crc.update(&out[start..]);
            let size = (out.len() - start) as u32;
            if trailer[..4] != crc.sum().to_le_bytes() || trailer[4..] != size.to_le_bytes() {
                return Err(invalid("gzip member's checksum or size does not match"));
            }
            rest = &rest[8..];
        }
        Ok(Some(out))
    }

    /// The bytes of the raw deflate stream at the start of `deflate` (a
    /// zip member's data), and how many bytes of `deflate` it took; `None`
    /// when they are more than `limit` bytes.
    ///
    /// # Errors
    ///
    /// `InvalidData` for a damaged stream, `UnexpectedEof` for one that
    /// ends early.
    pub fn deflate(
        &mut self,
        deflate: &[u8],
        limit: usize,
    ) -> io::Result<Option<(Vec<u8>, usize)>> {
        let mut out = Vec::with_capacity(deflate.len().saturating_mul(4).min(limit) + 1);
        Ok(self
            .member(deflate, &mut out, limit)?
            .map(|used| (out, used)))
    }

    /// Inflates the deflate stream at the start of `input` onto `out`;
    /// the bytes of `input` it took, or `None` when `out` would hold
    /// more than `limit` bytes.
    fn member(
        &mut self,
        input: &[u8],
        out: &mut Vec<u8>,
        limit: usize,
    ) -> io::Result<Option<usize>> {
        self.inflater.reset(false);
        let mut used = 0;
        loop {
            if out.len() == out.capacity() {
                if out.len() > limit {
                    return Ok(None);
                }
                // Room to grow, but never past one byte over the limit.
                let more = out
                    .len()
                    .max(4 << 10)
                    .min(limit.saturating_add(1) - out.len());
                out.reserve_exact(more);
            }
            let (before_in, before_out) = (self.inflater.total_in(), out.len());
            let status = self
                .inflater
                .decompress_vec(&input[used..], out, FlushDecompress::None)
                .map_err(|err| invalid(&err.to_string()))?;
            used += (self.inflater.total_in() - before_in) as usize;
            if out.len() > limit {
                return Ok(None);
            }
            match status {
                Status::StreamEnd => return Ok(Some(used)),
                _ if self.inflater.total_in() == before_in && out.len() == before_out => {
                    return Err(match used == input.len() {
                        true => truncated(),
                        false => invalid("deflate stream makes no progress"),
                    })
                }
                _ => {}
            }
        }
    }
}

/// The length of the gzip member header at the start of `bytes`.
fn header_len(bytes: &[u8]) -> io::Result<usize> {
    const FHCRC: u8 = 0x02;
    const FEXTRA: u8 = 0x04;
    const FNAME: u8 = 0x08;
    const FCOMMENT: u8 = 0x10;
    let fixed = bytes.get(..10).ok_or_else(truncated)?;
    if fixed[..3] != [0x1f, 0x8b, 8] {
        return Err(invalid("not a gzip member header"));
    }
    let flags = fixed[3];
    if flags & !(FHCRC | FEXTRA | FNAME | FCOMMENT | 0x01) != 0 {
        return Err(invalid("gzip header with reserved flags"));
    }
    let mut at = 10;
    if flags & FEXTRA != 0 {
        let len = bytes.get(at..at + 2).ok_or_else(truncated)?;
        at += 2 + usize::from(u16::from_le_bytes([len[0], len[1]]));
    }
    for flag in [FNAME, FCOMMENT] {
        if flags & flag != 0 {
            let text = bytes.get(at..).ok_or_else(truncated)?;
            at += memchr::memchr(0, text).ok_or_else(truncated)? + 1;
        }
    }
    if flags & FHCRC != 0 {
        let stored = bytes.get(at..at + 2).ok_or_else(truncated)?;
        let mut crc = Crc::new();
        crc.update(&bytes[..at]);
        if stored != &crc.sum().to_le_bytes()[..2] {
            return Err(invalid("gzip header checksum does not match"));
        }
        at += 2;
    }
    match at <= bytes.len() {
        true => Ok(at),
        false => Err(truncated()),
    }
}

fn invalid(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message.to_string())
}

fn truncated() -> io::Error {
    io::Error::new(io::ErrorKind::UnexpectedEof, "gzip ends early")
}

#[cfg(test)]
mod tests {
    use super::Inflater;
    use std::io::{Read, Write};

    fn gzip(data: &[u8], level: u32) -> Vec<u8> {
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
        gzip.write_all(data).unwrap();
        gzip.finish().unwrap()
    }

    /// What flate2's decoder makes of `bytes`, or `None` on an error.
    fn decoded(bytes: &[u8]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let read = flate2::read::MultiGzDecoder::new(bytes).read_to_end(&mut out);
        read.ok().map(|_| out)
    }

    fn text(n: usize) -> Vec<u8> {
        (0..n)
            .map(|i| b"(;B[aa];W[bb]C[x\\]y])\n"[i % 22] ^ ((i / 97) as u8 & 1))
            .collect()
    }

    #[test]
    fn members_one_after_another_are_inflated_as_the_decoder_does() {
        let mut inflater = Inflater::new();
        for parts in [
            vec![0],
            vec![1],
            vec![100],
            vec![70_000],
            vec![10, 0, 5000, 1],
        ] {
            let mut bytes = Vec::new();
            let mut plain = Vec::new();
            for (i, &n) in parts.iter().enumerate() {
                let data = text(n + i);
                bytes.extend(gzip(&data, (i % 10) as u32));
                plain.extend(data);
            }
            let limit = plain.len();
            assert_eq!(inflater.gzip(&bytes, limit).unwrap(), Some(plain.clone()));
            assert_eq!(decoded(&bytes), Some(plain.clone()));
            // One byte under: refused, whichever member goes over.
            if let Some(limit) = limit.checked_sub(1) {
                assert_eq!(inflater.gzip(&bytes, limit).unwrap(), None, "{parts:?}");
            }
        }
    }

    #[test]
    fn headers_with_every_flag_are_read_and_checked() {
        let data = text(3000);
        let mut encoder = flate2::GzBuilder::new()
            .filename("a.sgf")
            .comment("games")
            .extra(vec![1, 2, 3])
            .write(Vec::new(), flate2::Compression::default());
        encoder.write_all(&data).unwrap();
        let mut bytes = encoder.finish().unwrap();
        // A header checksum, as `gzip` can write it (FHCRC), made by hand.
        let header_end = 10 + 2 + 3 + b"a.sgf\0".len() + b"games\0".len();
        bytes[3] |= 0x02;
        let mut crc = flate2::Crc::new();
        crc.update(&bytes[..header_end]);
        let sum = crc.sum().to_le_bytes();
        bytes.splice(header_end..header_end, sum[..2].iter().copied());
        assert_eq!(Inflater::new().gzip(&bytes, 1 << 20).unwrap(), Some(data));
        bytes[header_end] ^= 1;
        assert!(Inflater::new().gzip(&bytes, 1 << 20).is_err());
    }

    #[test]
    fn damaged_input_is_an_error_where_the_decoder_does_not_give_the_same_bytes() {
        let data = text(20_000);
        let whole = gzip(&data, 6);
        let mut inflater = Inflater::new();
        let mut cases: Vec<Vec<u8>> = Vec::new();
        for cut in [
            0,
            1,
            9,
            10,
            11,
            whole.len() / 2,
            whole.len() - 8,
            whole.len() - 1,
        ] {
            cases.push(whole[..cut].to_vec());
        }
        for at in (0..whole.len()).step_by(7) {
            let mut damaged = whole.clone();
            damaged[at] ^= 0x5a;
            cases.push(damaged);
        }
        let mut trailing = whole.clone();
        trailing.extend_from_slice(b"\0\0\0\0");
        cases.push(trailing);
        cases.push(b"(;B[aa])".repeat(10));
        for case in &cases {
            // Whatever it gives, the decoder gives as well.
            if let Ok(Some(out)) = inflater.gzip(case, 1 << 20) {
                assert_eq!(decoded(case).as_ref(), Some(&out), "{} bytes", case.len());
            }
        }
        // And the inflater still works afterwards.
        assert_eq!(inflater.gzip(&whole, 1 << 20).unwrap(), Some(data));
    }
}

#[cfg(test)]
mod deflate_tests {
    use super::Inflater;
    use std::io::Write;

    #[test]
    fn a_raw_stream_is_inflated_and_what_follows_it_left() {
        let data = b"(;B[aa];W[bb])\n".repeat(500);
        let mut encoder =
            flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(&data).unwrap();
        let mut stream = encoder.finish().unwrap();
        let length = stream.len();
        let mut inflater = Inflater::new();
        assert_eq!(
            inflater.deflate(&stream, data.len()).unwrap(),
            Some((data.clone(), length))
        );
        assert_eq!(inflater.deflate(&stream, data.len() - 1).unwrap(), None);
        stream.extend_from_slice(b"after");
        assert_eq!(
            inflater.deflate(&stream, data.len()).unwrap(),
            Some((data, length))
        );
        assert!(inflater.deflate(&stream[..length / 2], 1 << 20).is_err());
    }
}

#[cfg(test)]
mod decoder_oracle {
    use super::Inflater;
    use proptest::prelude::*;
    use std::io::{Read, Write};

    /// Gzip of `parts`, one member each, at `level`.
    fn members(parts: &[Vec<u8>], level: u32) -> Vec<u8> {
        let mut out = Vec::new();
        for part in parts {
            let compression = flate2::Compression::new(level);
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), compression);
            encoder.write_all(part).unwrap();
            out.extend(encoder.finish().unwrap());
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever the inflater gives for gzip damaged at random (bytes
        /// changed, cut, added), flate2's decoder gives the same; and it
        /// gives the whole of undamaged input.
        #[test]
        fn the_inflater_never_gives_what_the_decoder_would_not(
            parts in proptest::collection::vec(proptest::collection::vec(
                proptest::sample::select(b"(;B[aa]W)\\\n xyz".to_vec()), 0..300), 1..4),
            level in 0u32..10,
            damage in proptest::collection::vec((any::<u16>(), any::<u8>()), 0..4),
            cut in proptest::option::of(any::<u16>()),
            extra in proptest::collection::vec(any::<u8>(), 0..3),
            limit in 0usize..2000,
        ) {
            let whole = members(&parts, level);
            let plain: Vec<u8> = parts.concat();
            let mut inflater = Inflater::new();
            let expected = (plain.len() <= limit).then(|| plain.clone());
            prop_assert_eq!(inflater.gzip(&whole, limit).unwrap(), expected);
            let mut bytes = whole.clone();
            for (at, xor) in damage {
                let at = usize::from(at) % bytes.len();
                bytes[at] ^= xor;
            }
            if let Some(cut) = cut {
                bytes.truncate(usize::from(cut) % (bytes.len() + 1));
            }
            bytes.extend(extra);
            if let Ok(Some(out)) = inflater.gzip(&bytes, 1 << 20) {
                let mut decoded = Vec::new();
                let read = flate2::read::MultiGzDecoder::new(&bytes[..]).read_to_end(&mut decoded);
                prop_assert!(read.is_ok());
                prop_assert_eq!(out, decoded);
            }
        }
    }
}
