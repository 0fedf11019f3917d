//! [`DecodedBatch`]: a batch's UTF-8 text, and the way back from its
//! offsets to positions in the input.

use std::borrow::Cow;

use super::Batch;
use crate::charset::CharsetMode;
use crate::charset::CharsetReport;
use crate::error::{Error, LineCounter, Position};
use crate::read::DecodedInput;
use crate::warning::Warning;

/// A [`Batch`]'s UTF-8 text ([`Batch::decode`]), decoded as the whole
/// input would be, and the way back from offsets of the text to
/// positions in the input.
///
/// ```
/// # #[cfg(feature = "encoding")] {
/// use sgf_stream::read::Batch;
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[SJIS]C[表]\n;B[aa)");
/// let batch = Batch::whole(sjis.to_vec());
/// let mut decoded = batch.decode();
/// assert_eq!(decoded.text(), "(;CA[SJIS]C[表]\n;B[aa)".as_bytes());
/// assert_eq!(decoded.report().charset.name(), "Shift_JIS");
/// let err = sgf_stream::parse(decoded.text()).unwrap_err();
/// let err = decoded.place_error(&err);
/// // The value that is never closed opens at line 2, column 3.
/// assert_eq!((err.offset(), err.line(), err.column()), (18, 2, 3));
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct DecodedBatch<'a> {
    batch: &'a Batch,
    /// The charset stage's text, when the bytes are not their own text.
    decoded: Option<DecodedInput<'a>>,
    /// Lines counted up to an offset of the batch's bytes: where the
    /// last position was found.
    located: LineCounter,
}

impl<'a> DecodedBatch<'a> {
    pub(super) fn new(batch: &'a Batch) -> Self {
        let decoded = (!batch.utf8).then(|| match batch.mode {
            CharsetMode::Auto => DecodedInput::new(&batch.bytes),
            mode => DecodedInput::with_mode(&batch.bytes, mode, true),
        });
        DecodedBatch {
            batch,
            decoded,
            located: LineCounter::default(),
        }
    }

    /// The UTF-8 text.
    pub fn text(&self) -> &[u8] {
        match &self.decoded {
            Some(decoded) => decoded.text(),
            None => &self.batch.bytes,
        }
    }

    /// The UTF-8 text, borrowed from the batch when it is its bytes.
    pub fn into_text(self) -> Cow<'a, [u8]> {
        match self.decoded {
            Some(decoded) => decoded.into_text(),
            None => Cow::Borrowed(&self.batch.bytes),
        }
    }

    /// Whether the text is the batch's bytes themselves (UTF-8 input).
    pub fn is_input(&self) -> bool {
        self.decoded.is_none()
    }

    /// The charset of the batch's first game, and how it was chosen.
    pub fn report(&self) -> CharsetReport {
        match (&self.decoded, &self.batch.report) {
            (Some(decoded), _) => decoded.report().clone(),
            (None, Some(report)) => report.clone(),
            (None, None) => CharsetReport::default(),
        }
    }

    /// The charset of the game that byte `offset` of the text belongs
    /// to, and how it was chosen (for a batch whose bytes are their own
    /// text, the first game's: UTF-8).
    pub fn game_charset(&self, offset: usize) -> CharsetReport {
        match &self.decoded {
            Some(decoded) => decoded.game_charset(offset).clone(),
            None => self.report(),
        }
    }

    /// What decoding found (unknown or wrong `CA`s, bytes replaced with
    /// U+FFFD), placed in the input.
    pub fn warnings(&self) -> Vec<Warning> {
        let Some(decoded) = &self.decoded else {
            return Vec::new();
        };
        let mut warnings = decoded.warnings().to_vec();
        self.shift(&mut warnings);
        warnings
    }

    /// Moves warnings found in the text (by a lenient reader) to where
    /// they are in the input: offsets, ranges, lines and columns.
    pub fn place_warnings(&self, warnings: &mut [Warning]) {
        if let Some(decoded) = &self.decoded {
            decoded.relocate(warnings);
        }
        self.shift(warnings);
    }

    /// An error found in the text, placed where it is in the input.
    pub fn place_error(&self, err: &Error) -> Error {
        let local = match &self.decoded {
            Some(decoded) => decoded.relocate_error(err),
            None => err.clone(),
        };
        Error::new(local.kind().clone(), self.batch.place(local.position()))
    }

    /// The input offset of byte `offset` of the text (the start of the
    /// character it falls in).
    pub fn input_offset(&self, offset: usize) -> u64 {
        self.batch.start.offset + self.local_offset(offset)
    }

    /// The position in the input of byte `offset` of the text. Positions
    /// asked for in increasing order cost one pass over the batch.
    pub fn position(&mut self, offset: usize) -> Position {
        let local = self.local_offset(offset).min(self.batch.bytes.len() as u64);
        let from = self.located.position().offset;
        if local < from {
            self.located = LineCounter::default();
        }
        let from = self.located.position().offset as usize;
        self.located
            .advance(&self.batch.bytes[from..local as usize]);
        self.batch.place(self.located.position())
    }

    /// Offset `offset` of the text in the batch's bytes.
    fn local_offset(&self, offset: usize) -> u64 {
        match &self.decoded {
            Some(decoded) => decoded.input_offset(offset),
            None => offset as u64,
        }
    }

    /// Moves warnings placed in the batch's bytes to the input.
    fn shift(&self, warnings: &mut [Warning]) {
        let base = self.batch.start.offset;
        for warning in warnings.iter_mut() {
            let range = warning.range();
            let position = self.batch.place(warning.position());
            *warning = Warning::new(
                warning.kind().clone(),
                position,
                range.start + base..range.end + base,
            );
        }
    }
}
