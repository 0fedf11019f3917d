//! [`WriteOptions`]: layout, newlines and charset of the output.

use crate::charset::Charset;

/// Where nodes go on lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum Layout {
    /// Each game tree on one line (the default):
    /// `(;GM[1];B[pd](;W[dp])(;W[dd]))`.
    #[default]
    OneLine,
    /// Each node on its own line; a variation's `(` goes before its first
    /// node, its `)` after its last.
    NodePerLine,
}

/// The line break the writer uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Newline {
    /// `\n` (the default).
    #[default]
    Lf,
    /// `\r\n`, as Windows programs write.
    CrLf,
}

impl Newline {
    /// The bytes of the line break.
    pub fn as_bytes(self) -> &'static [u8] {
        match self {
            Newline::Lf => b"\n",
            Newline::CrLf => b"\r\n",
        }
    }
}

/// The column [`WriteOptions::wrap`] breaks at unless told otherwise.
pub const DEFAULT_WIDTH: usize = 79;

/// How a [`Writer`](crate::Writer) lays out and encodes its output.
///
/// Build it with the setters; each documents its default. The defaults
/// give UTF-8 output, one line per game tree, LF line ends.
///
/// ```
/// use sgf_stream::{Layout, Newline, WriteOptions, Writer};
/// let options = WriteOptions::new()
///     .layout(Layout::NodePerLine)
///     .newline(Newline::CrLf);
/// let mut writer = Writer::with_options(Vec::new(), options);
/// writer.write_tree(&sgf_stream::parse("(;GM[1];B[pd];W[dp])")?)?;
/// assert_eq!(writer.into_inner()?, b"(;GM[1]\r\n;B[pd]\r\n;W[dp])\r\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    pub(crate) layout: Layout,
    pub(crate) wrap: bool,
    pub(crate) width: usize,
    pub(crate) soft_breaks: bool,
    pub(crate) variations_on_new_lines: bool,
    pub(crate) newline: Newline,
    pub(crate) root_properties_first: bool,
    pub(crate) final_newline: bool,
    pub(crate) charset: Charset,
    pub(crate) declare_charset: bool,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            layout: Layout::OneLine,
            wrap: false,
            width: DEFAULT_WIDTH,
            soft_breaks: false,
            variations_on_new_lines: false,
            newline: Newline::Lf,
            root_properties_first: false,
            final_newline: true,
            charset: Charset::Utf8,
            declare_charset: false,
        }
    }
}

impl WriteOptions {
    /// The default options.
    pub fn new() -> Self {
        WriteOptions::default()
    }

    /// Where nodes go on lines. Default [`Layout::OneLine`].
    pub fn layout(mut self, layout: Layout) -> Self {
        self.layout = layout;
        self
    }

    /// Breaks lines so that none is longer than [`width`](Self::width)
    /// columns (characters), if it can. Default off.
    ///
    /// Breaks go only between structure tokens, properties and values (a
    /// `(;` stays with the property after it); a property or value longer
    /// than a line gets a line of its own, unless
    /// [`soft_breaks`](Self::soft_breaks) may split it.
    pub fn wrap(mut self, wrap: bool) -> Self {
        self.wrap = wrap;
        self
    }

    /// The widest line when wrapping, in characters. Default
    /// [`DEFAULT_WIDTH`] (79); at least 4.
    pub fn width(mut self, width: usize) -> Self {
        self.width = width.max(4);
        self
    }

    /// When wrapping, splits long Text values (`C` and `GC`) written from
    /// decoded text with soft line breaks (`\` and a line break), which
    /// readers remove. Breaks go after a space where there is one. Raw
    /// values are never changed. Default off.
    pub fn soft_breaks(mut self, soft_breaks: bool) -> Self {
        self.soft_breaks = soft_breaks;
        self
    }

    /// Starts every variation (each `(` but a game tree's first) on a new
    /// line. Default off.
    pub fn variations_on_new_lines(mut self, on: bool) -> Self {
        self.variations_on_new_lines = on;
        self
    }

    /// The line break, used for layout and for the hard line breaks of
    /// Text values written from decoded text (raw values keep theirs).
    /// Default [`Newline::Lf`].
    pub fn newline(mut self, newline: Newline) -> Self {
        self.newline = newline;
        self
    }

    /// When writing a tree ([`Writer::write_tree`](crate::Writer::write_tree)),
    /// puts the root properties first in the root node, in the order `FF`,
    /// `GM`, `SZ`, `CA`, `AP`, `ST`, then the others in their order.
    /// Default off (a parsed tree keeps its order, so it writes back equal).
    pub fn root_properties_first(mut self, on: bool) -> Self {
        self.root_properties_first = on;
        self
    }

    /// Ends each top-level game tree with a line break, so the output ends
    /// with one. Default on. Off, game trees after the first start on a
    /// new line instead, and a single tree is written with no line break.
    pub fn final_newline(mut self, on: bool) -> Self {
        self.final_newline = on;
        self
    }

    /// The output charset. Default [`Charset::Utf8`]. The root's `CA` is
    /// kept consistent with it: see the [writer](crate::write) docs. A charset
    /// that cannot be written ([`Charset::can_write`]: UTF-16) gives
    /// UTF-8.
    pub fn charset(mut self, charset: Charset) -> Self {
        self.charset = if charset.can_write() {
            charset
        } else {
            Charset::Utf8
        };
        self
    }

    /// Adds `CA[UTF-8]` to a root with no `CA` when writing UTF-8. Default
    /// off: readers take UTF-8 without being told, and a tree then writes
    /// back equal. (A legacy charset is always declared.)
    pub fn declare_charset(mut self, on: bool) -> Self {
        self.declare_charset = on;
        self
    }

    /// Whether the output must name its charset in a root without `CA`.
    pub(crate) fn must_declare(&self) -> bool {
        self.declare_charset || self.charset != Charset::Utf8
    }
}
