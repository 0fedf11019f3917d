//! [`Converted`]: a record as SGF text, with its charset, its warnings,
//! and the way back from each byte of the SGF text to the record.

use std::ops::Range;

use super::record::{Record, Segments};
use super::text::{Declared, Text};
use super::Format;
use crate::charset::{CharsetMode, CharsetReport};
use crate::error::{Error, Position};
use crate::warning::Warning;

/// Converts `input`, a record in `format`: decodes it (by the charset its
/// header `declared`, and `mode`), reads the record from the text with
/// `read`, which gives its warnings too, and writes it as SGF.
pub(super) fn convert<F>(
    input: &[u8],
    format: Format,
    declared: Option<Declared>,
    mode: CharsetMode,
    read: F,
) -> Result<Converted, Error>
where
    F: FnOnce(&Text<'_>) -> Result<(Record, Vec<Warning>), Error>,
{
    let (text, report, mut warnings) = Text::decode(input, declared, mode);
    let (record, mut read_warnings) = read(&text)?;
    warnings.append(&mut read_warnings);
    let sgf = record.to_sgf(text.start_span(), text.end_span());
    Ok(Converted::new(
        format,
        sgf,
        report,
        warnings,
        input.len() as u64,
    ))
}

/// A record in another format converted to SGF: UTF-8 SGF text
/// (`GM[1]FF[4]CA[UTF-8]`, the game information, the handicap stones, the
/// main line), the charset the record was read in, what its reader
/// warned about, and the place in the record of every byte of the text.
///
/// Read the text as any SGF (a [`Reader`](crate::Reader),
/// [`parse`](crate::parse), a tree builder), then move what that finds
/// back to the record with [`relocate`](Self::relocate) and
/// [`relocate_error`](Self::relocate_error);
/// [`read_collection`](super::read_collection) does all of it.
///
/// ```
/// use sgf_stream::formats::{self, Format};
/// let ngf = "Rated game\n19\nLQC         9DP\nCYY         9DP\nwww.cyberoro.com\n0\n0\n7\n\
///            20170316 [09:37]\n5\nBlack wins by 0.5!\n2\nPMABBREER\nPMACWEEEE\n";
/// let converted = formats::to_sgf(Format::Ngf, ngf.as_bytes())?;
/// let tree = sgf_stream::parse(converted.sgf())?;
/// assert_eq!(tree.get("PB").unwrap(), ["CYY"]);
/// assert_eq!(tree.get("KM").unwrap(), ["7.5"]);
/// assert_eq!(tree.get("RE").unwrap(), ["B+0.5"]);
/// assert_eq!(tree.moves().unwrap().len(), 2);
/// // The first move, `;B[qd]`, comes from line 13 of the record.
/// let at = converted.sgf().find(";B[qd]").unwrap();
/// assert_eq!(converted.position(at).line, 13);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    format: Format,
    sgf: String,
    report: CharsetReport,
    warnings: Vec<Warning>,
    segments: Segments,
    input_len: u64,
}

impl Converted {
    pub(crate) fn new(
        format: Format,
        (sgf, segments): (String, Segments),
        report: CharsetReport,
        warnings: Vec<Warning>,
        input_len: u64,
    ) -> Self {
        Converted {
            format,
            sgf,
            report,
            warnings,
            segments,
            input_len,
        }
    }

    /// The record's format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The SGF text: one game, in UTF-8.
    pub fn sgf(&self) -> &str {
        &self.sgf
    }

    /// The SGF text, owned.
    pub fn into_sgf(self) -> String {
        self.sgf
    }

    /// The charset the record was read in, and why; `declared` holds what
    /// its header names, as written (GIB's `GIBOKIND`, such as `Korea`;
    /// UGF's `Lang`, such as `SJIS`).
    pub fn report(&self) -> &CharsetReport {
        &self.report
    }

    /// What the record's reader repaired, skipped or left out, placed in
    /// the record (bytes, lines and columns of the input).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The warnings, owned.
    pub fn into_warnings(self) -> Vec<Warning> {
        self.warnings
    }

    /// The piece of the text that byte `offset` belongs to.
    fn segment(&self, offset: u64) -> usize {
        self.segments
            .partition_point(|&(start, _)| start as u64 <= offset)
            .saturating_sub(1)
    }

    /// The place in the record of byte `offset` of the SGF text: the
    /// start of the record's line, field or value it comes from (past
    /// the end of the text, the end of the record).
    pub fn position(&self, offset: usize) -> Position {
        self.place(offset as u64)
    }

    fn place(&self, offset: u64) -> Position {
        match self.segments.get(self.segment(offset)) {
            Some(&(_, span)) => span.start,
            None => Position::default(),
        }
    }

    /// The bytes of the record that the SGF text `range` comes from.
    pub fn input_range(&self, range: Range<u64>) -> Range<u64> {
        if self.segments.is_empty() {
            return 0..0;
        }
        let first = self.segments[self.segment(range.start)].1;
        let last = self.segments[self.segment(range.end.saturating_sub(1).max(range.start))].1;
        let end = last.end.max(first.start.offset).min(self.input_len);
        first.start.offset..end
    }

    /// Moves warnings found in the SGF text (by a lenient reader or tree
    /// builder, say) to the record: offsets, ranges, lines and columns.
    pub fn relocate(&self, warnings: &mut [Warning]) {
        for warning in warnings {
            let position = self.place(warning.offset());
            let range = self.input_range(warning.range());
            warning.set_place(position, range);
        }
    }

    /// An error found in the SGF text, placed in the record.
    pub fn relocate_error(&self, err: &Error) -> Error {
        Error::new(err.kind().clone(), self.place(err.offset()))
    }
}
