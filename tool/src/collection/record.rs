//! Records in other formats (GIB, NGF, UGF/UGI): an input's format told
//! from its first bytes and its name, a record read whole (under a size
//! limit), converted to SGF ([`formats::to_sgf_in`]) and its SGF text
//! read through a caller's [`Visit`] as a batch is, with every problem
//! placed back in the record.

use std::io::{self, Read};

use sgf_stream::charset::CharsetMode;
use sgf_stream::formats::{self, Format};
use sgf_stream::read::Batch;
use sgf_stream::ReaderBuilder;

use super::piece::{read_text, Done};
use super::source::Input;
use super::visit::{Ctx, Job, Visit};
use super::Policy;
use crate::diagnostics::{Diagnostic, Severity};

/// The largest record read, in bytes: GIB, NGF and UGF records hold one
/// game each, a few KiB to a few tens of KiB; a larger input that looks
/// like one is reported (code `record_too_large`), not read.
pub const MAX_RECORD: usize = 4 << 20;

/// How many of an input's first bytes are looked at to tell its format.
pub(super) const HEAD: usize = 4 << 10;

/// The format of `input`, whose bytes start with `head`: by its first
/// bytes, else by its name ([`formats::detect`]).
pub(super) fn format_of(input: &Input, head: &[u8]) -> Format {
    formats::detect(Some(&input.rel), &head[..head.len().min(HEAD)])
}

/// Reads the first [`HEAD`] bytes of `reader` (fewer at its end).
pub(super) fn read_head(reader: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(HEAD);
    reader.take(HEAD as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// Reads the rest of a record whose first bytes are `head` from
/// `reader`, up to one byte past [`MAX_RECORD`] (so that a record too
/// large is seen without reading it all).
pub(super) fn read_record_bytes(mut head: Vec<u8>, reader: impl Read) -> io::Result<Vec<u8>> {
    let left = (MAX_RECORD + 1).saturating_sub(head.len());
    reader.take(left as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// Reads `bytes`, a whole record in `format`, through a visitor of
/// `job`: converted to SGF in the charset mode of `options`, its text
/// read by `policy` with `options`' limits; the conversion's warnings,
/// the reader's and the visitor's notes placed in the record. A record
/// that cannot be converted, or larger than [`MAX_RECORD`], gives one
/// error and no game.
pub(super) fn read_record<J: Job>(
    job: &J,
    format: Format,
    bytes: &[u8],
    policy: Policy,
    options: ReaderBuilder,
) -> Done<<J::Visitor as Visit>::Out> {
    if bytes.len() > MAX_RECORD {
        return unread(job, too_large(format), bytes.len());
    }
    let mut converted = match formats::to_sgf_in(format, bytes, options.get_charset()) {
        Ok(converted) => converted,
        Err(err) => return unread(job, Diagnostic::error(&err), bytes.len()),
    };
    let ctx = Ctx::Record(&converted);
    let text = converted.sgf().as_bytes();
    let read = read_text(job, text, policy, options.charset(CharsetMode::Utf8), &ctx);
    let stage = converted
        .warnings()
        .iter()
        .map(Diagnostic::warning)
        .collect();
    read.placed(stage, &mut converted, bytes.len() as u64)
}

/// The error for a record larger than [`MAX_RECORD`], at its start.
fn too_large(format: Format) -> Diagnostic {
    Diagnostic {
        code: "record_too_large",
        severity: Severity::Error,
        position: sgf_stream::Position::locate(b"", 0),
        message: format!(
            "{format} record larger than the limit of {} MiB: not read",
            MAX_RECORD >> 20
        ),
    }
}

/// A piece of `bytes` bytes of which nothing could be read: `diagnostic`
/// says why; the visitor has seen no event.
fn unread<J: Job>(
    job: &J,
    diagnostic: Diagnostic,
    bytes: usize,
) -> Done<<J::Visitor as Visit>::Out> {
    let empty = Batch::whole(Vec::new());
    let out = job
        .visitor()
        .take(&Ctx::Batch(&empty.decode()), &mut Vec::new());
    Done {
        out,
        diagnostics: vec![diagnostic.clone()],
        games: 0,
        bytes: bytes as u64,
        stopped: true,
        error: Some(diagnostic),
    }
}
