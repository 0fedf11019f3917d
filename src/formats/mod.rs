//! Records in the other formats of Go servers and viewers, read as SGF:
//! **GIB** (Tygem and its Chinese and Taiwanese servers), **NGF**
//! (WBaduk/CyberOro, some Chinese sites) and **UGF/UGI** (PandaNet, IGS's
//! PandaEgg, Japanese viewers).
//!
//! A record is converted to SGF text ([`to_sgf`]): one game with
//! `GM[1]FF[4]CA[UTF-8]`, `SZ`, the players (`PB`, `PW`) and their ranks
//! (`BR`, `WR`), `KM`, `HA` with its `AB` stones, the result in FF\[4\]
//! form (`RE[W+R]`), `DT`, `PC`, `GN`, `EV` where the record gives them,
//! then the main line (passes as `B[]`, `W[]`). That text is read by the
//! ordinary [`Reader`](crate::Reader), so trees, the writer, typed
//! values and Go replay work on it unchanged; [`read_collection`] does it
//! in one call. Errors and warnings point into the record (byte, line and
//! column of the input), through [`Converted`]'s map.
//!
//! The charset of a record is decided as the SGF charset stage decides a
//! game's (see [`charset`](crate::charset)), the record's declaration
//! taking the place of `CA`: a byte order mark; what the header names
//! (GIB's `GIBOKIND`: `Korea` EUC-KR, `China` GB18030, `Taiwan` Big5,
//! `Japan` Shift_JIS, `Global` UTF-8; UGF's `Lang`, such as `SJIS`) when
//! the bytes agree; UTF-8 when valid; else detected.
//!
//! ```
//! use sgf_stream::formats::{self, Format};
//! use sgf_stream::ReaderBuilder;
//!
//! let gib = "\\HS\n\\[GAMEBLACKNAME=kim (3D)\\]\n\\[GAMEWHITENAME=lee (2D)\\]\n\
//!            \\[GAMEINFOMAIN=GRLT:3,ZIPSU:0,GONGJE:65\\]\n\\HE\n\
//!            \\GS\n2 1 0\n3 0 &4\nINI 0 1 0 &4\nSTO 0 2 1 15 3\nSTO 0 3 2 3 15\n\\GE\n";
//! let format = formats::detect(None, gib.as_bytes());
//! assert_eq!(format, Format::Gib);
//! let parsed = formats::read_collection(ReaderBuilder::new(), format, gib.as_bytes())?;
//! let tree = &parsed.trees[0];
//! assert_eq!(tree.get("PB").unwrap(), ["kim"]);
//! assert_eq!(tree.get("BR").unwrap(), ["3d"]);
//! assert_eq!(tree.get("RE").unwrap(), ["B+R"]);
//! assert_eq!(tree.get("KM").unwrap(), ["6.5"]);
//! let moves: Vec<String> = tree.moves().unwrap().iter().map(|(c, m)| format!("{c}[{m}]")).collect();
//! assert_eq!(moves, ["B[pd]", "W[dp]"]);
//! # Ok::<(), sgf_stream::Error>(())
//! ```

mod converted;
mod detect;
mod gib;
mod handicap;
mod ngf;
mod record;
mod text;
mod ugf;
mod values;

use crate::build::Parsed;
use crate::charset::CharsetMode;
use crate::error::{Error, ErrorKind};
use crate::read::ReaderBuilder;
use crate::warning::Warning;

pub use crate::error::FormatErrorKind;
pub use converted::Converted;
pub use detect::detect;

/// The format of a game record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// SGF, the Smart Game Format.
    Sgf,
    /// Tygem's GIB (also eWeiqi/弈城 and Taiwan's Tygem).
    Gib,
    /// WBaduk/CyberOro's NGF.
    Ngf,
    /// PandaNet's UGF and UGI (the same format).
    Ugf,
}

impl Format {
    /// The format's name: `SGF`, `GIB`, `NGF`, `UGF`.
    ///
    /// ```
    /// assert_eq!(sgf_stream::formats::Format::Ugf.name(), "UGF");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Sgf => "SGF",
            Format::Gib => "GIB",
            Format::Ngf => "NGF",
            Format::Ugf => "UGF",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Converts a record in `format` (GIB, NGF or UGF) to SGF text, its
/// charset decided by the rules of [`CharsetMode::Auto`]: see the
/// [module docs](self).
///
/// A record cut short gives the moves it has, with a
/// [`RecordCutShort`](crate::WarningKind::RecordCutShort) warning; a
/// header value that is not understood is left out with a warning.
///
/// # Errors
/// An [`ErrorKind::Format`] at its place in the input: not a record of
/// this format, cut inside its header, a malformed move line, a board
/// size or handicap that cannot be read, a move off the board; and
/// [`FormatErrorKind::AlreadySgf`] for `Format::Sgf`.
///
/// ```
/// use sgf_stream::formats::{self, Format, FormatErrorKind};
/// use sgf_stream::ErrorKind;
/// let ugf = "[Header]\nSize=19\nHdcp=0,6.5\nWinner=W,C\nCoordinateType=IGS\n[Data]\nQP,B1,1,0\nDD,W1,2,0\n";
/// let converted = formats::to_sgf(Format::Ugf, ugf.as_bytes())?;
/// assert!(converted.sgf().ends_with(";B[qd];W[dp])\n"));
/// let err = formats::to_sgf(Format::Ugf, b"[Header]\nSize=19\n[Data]\nQP,B1,1,0\nQ\xff,W1,2,0\n").unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::Format(FormatErrorKind::Malformed(_))));
/// assert_eq!((err.line(), err.column()), (5, 1));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn to_sgf(format: Format, input: &[u8]) -> Result<Converted, Error> {
    to_sgf_in(format, input, CharsetMode::Auto)
}

/// [`to_sgf`], with the record's charset chosen as `mode` says: `Auto`
/// by the rules of the [module docs](self), `Utf8` UTF-8, `Fixed` the
/// charset given.
///
/// # Errors
/// As [`to_sgf`].
///
/// ```
/// # #[cfg(feature = "encoding")] {
/// use sgf_stream::formats::{self, Format};
/// use sgf_stream::{charset::CharsetMode, Charset};
/// let (euc_kr, _, _) = encoding_rs::EUC_KR.encode("[Header]\nPlayerB=김,5d\n[Data]\n");
/// let converted = formats::to_sgf_in(Format::Ugf, &euc_kr, CharsetMode::Fixed(Charset::EucKr))?;
/// assert!(converted.sgf().contains("PB[김]"));
/// # }
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn to_sgf_in(format: Format, input: &[u8], mode: CharsetMode) -> Result<Converted, Error> {
    match format {
        Format::Sgf => Err(Error::new(
            ErrorKind::Format(FormatErrorKind::AlreadySgf),
            crate::Position::locate(input, 0),
        )),
        Format::Gib => gib::convert(input, mode),
        Format::Ngf => ngf::convert(input, mode),
        Format::Ugf => ugf::convert(input, mode),
    }
}

/// Reads an input in `format` into trees with `options`, as
/// [`ReaderBuilder::read_collection`] reads SGF: SGF input goes straight
/// to it; a record in another format is converted ([`to_sgf_in`], in the
/// charset mode of `options`) and its SGF text read, and the errors and
/// warnings are placed in the record. The warnings are the conversion's,
/// then the reader's; `charset` is the record's.
///
/// # Errors
/// A conversion's error (see [`to_sgf`]), or the reader's, as
/// [`ReaderBuilder::read_collection`] reports it.
///
/// ```
/// use sgf_stream::formats::{self, Format};
/// use sgf_stream::ReaderBuilder;
/// let ngf = "Rated game\n19\nace550      7D*\np81587      5D*\nwww.cyberoro.com\n2\n0\n0\n\
///            20170316 [09:51]\n5\nWhite wins by  resign!\n1\nPMABWQRRQ\n";
/// let parsed = formats::read_collection(ReaderBuilder::new(), Format::Ngf, ngf.as_bytes())?;
/// let tree = &parsed.trees[0];
/// assert_eq!(tree.get("AB").unwrap(), ["pd", "dp"]);
/// assert_eq!(tree.get("HA").unwrap(), ["2"]);
/// assert_eq!(tree.get("RE").unwrap(), ["W+R"]);
/// assert_eq!(tree.get("BR").unwrap(), ["5d"]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn read_collection(
    options: ReaderBuilder,
    format: Format,
    input: &[u8],
) -> Result<Parsed, Error> {
    if format == Format::Sgf {
        return options.read_collection(input);
    }
    let converted = to_sgf_in(format, input, options.charset)?;
    let read = options
        .charset(CharsetMode::Utf8)
        .read_collection(converted.sgf().as_bytes());
    let mut parsed = read.map_err(|err| converted.relocate_error(&err))?;
    converted.relocate(&mut parsed.warnings);
    let mut warnings: Vec<Warning> = converted.warnings().to_vec();
    warnings.append(&mut parsed.warnings);
    parsed.warnings = warnings;
    parsed.charset = converted.report().clone();
    Ok(parsed)
}
