//! [`parse_collection_with`]: a whole file to trees, with charsets and
//! (optionally) lenient repairs.

use std::collections::HashMap;

use crate::charset::CharsetReport;
use crate::error::Error;
use crate::event::{Event, RawValues};
use crate::lenient::{Core, Item};
use crate::options::ParseOptions;
use crate::read as charset;
use crate::tree::SgfTree;
use crate::value;
use crate::warning::{Locator, Warning, WarningKind};

/// What [`parse_collection_with`] read: the game trees, the warnings, and
/// the charset.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Parsed {
    /// The game trees, in file order.
    pub trees: Vec<SgfTree>,
    /// Every repair, skip and guess, in file order within each kind of
    /// pass (charset warnings come first).
    pub warnings: Vec<Warning>,
    /// Which charset the file was read in, and why.
    pub charset: CharsetReport,
}

/// Reads a whole SGF file into trees, as `options` say.
///
/// The charset is found and the text converted to UTF-8 first (see
/// [`charset`](crate::charset)); all offsets in errors and warnings count
/// bytes of `input` as given.
///
/// In strict mode this is [`parse_collection`](crate::parse_collection)
/// plus charsets: the first malformation is an error, and so is a value
/// that is not valid UTF-8 in a UTF-8 file.
///
/// In lenient mode nothing is an error: every repair is a [`Warning`]
/// (see [`WarningKind`]), and these tree-level rules apply:
/// - a property repeated in one node is merged: list properties (`AB`,
///   `AW`, `AE`, `TR`, `CR`, `MA`, `SQ`, `SL`, `LB`, `AR`, `LN`, `TB`,
///   `TW`, `DD`, `VW`) get the new values they lack, `C` and `GC` are
///   joined with a blank line, unknown properties get all the values;
///   any other known property keeps its first instance (as sgfc does);
/// - an unescaped `]` in a text value is kept as text when the parser
///   resynchronises at a later `]`;
/// - a value that never closes runs to the end of the input;
/// - invalid bytes become U+FFFD;
/// - a game tree that cannot be repaired is left out.
///
/// # Errors
/// Only in strict mode: the first malformation, as
/// [`parse_collection`](crate::parse_collection) reports it.
///
/// # Examples
/// ```
/// use sgf_stream::{parse_collection_with, ParseOptions, WarningKind};
/// let input = b"(;GM[1]C[a]C[b]) junk ((;B[pd]))";
/// let parsed = parse_collection_with(input, &ParseOptions::lenient())?;
/// assert_eq!(parsed.trees.len(), 2);
/// assert_eq!(parsed.trees[0].get("C").unwrap(), ["a\n\nb"]);
/// let kinds: Vec<_> = parsed.warnings.iter().map(|w| w.kind().clone()).collect();
/// assert_eq!(kinds, [
///     WarningKind::MergedProperty("C".into()),
///     WarningKind::SkippedText,
///     WarningKind::RedundantParenthesis,
/// ]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse_collection_with(input: &[u8], options: &ParseOptions) -> Result<Parsed, Error> {
    let prepared = charset::prepare(input, options.charset);
    let buf: &[u8] = &prepared.buf;
    let mut warnings = prepared.warnings;
    let trees = if options.lenient {
        let mut builder = Builder::new(buf);
        let mut core = Core::new(buf, options.limits);
        while let Some(item) = core.next_item() {
            builder.push(item);
        }
        let mut found = builder.finish();
        found.warnings.sort_by_key(Warning::offset);
        charset::relocate(prepared.map, input, &mut found.warnings);
        warnings.append(&mut found.warnings);
        found.trees
    } else {
        crate::ReaderBuilder::new()
            .limits(options.limits)
            .parse_collection(buf)
            .map_err(|err| charset::relocate_error(prepared.map, input, &err))?
    };
    Ok(Parsed {
        trees,
        warnings,
        charset: prepared.report,
    })
}

/// Past this many properties in a node, repeats are found with a map.
const LINEAR_LOOKUP: usize = 16;

/// Properties whose values are lists: repeats are merged.
const LISTS: &[&str] = &[
    "AB", "AE", "AR", "AW", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TB", "TR", "TW", "VW",
];

/// Every other FF[4] property: a repeat is dropped.
const SINGLE: &[&str] = &[
    "AN", "AP", "B", "BL", "BM", "BR", "BT", "CA", "CP", "DM", "DO", "DT", "EV", "FF", "FG", "GB",
    "GM", "GN", "GW", "HA", "HO", "IT", "KM", "KO", "MN", "N", "OB", "ON", "OT", "OW", "PB", "PC",
    "PL", "PM", "PW", "RE", "RO", "RU", "SO", "ST", "SZ", "TE", "TM", "UC", "US", "V", "W", "WL",
    "WR", "WT",
];

/// How a repeated property is merged into the first instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Merge {
    /// Add the values the first instance lacks.
    List,
    /// Join the text with a blank line.
    Join,
    /// Add all values.
    Append,
    /// Keep the first instance.
    Drop,
}

fn merge_rule(ident: &str) -> Merge {
    if ident == "C" || ident == "GC" {
        Merge::Join
    } else if LISTS.contains(&ident) {
        Merge::List
    } else if SINGLE.contains(&ident) {
        Merge::Drop
    } else {
        Merge::Append
    }
}

/// The trees and warnings of a lenient parse.
struct Found {
    trees: Vec<SgfTree>,
    warnings: Vec<Warning>,
}

/// Folds lenient items into trees, without recursion.
struct Builder<'a> {
    buf: &'a [u8],
    open: Vec<SgfTree>,
    marks: Vec<usize>,
    /// Where each identifier of the current node is, once it has many.
    index: HashMap<String, usize>,
    /// The property of the current node that an `Append` extends.
    last: Option<usize>,
    abandoned: bool,
    found: Found,
    locator: Locator,
}

impl<'a> Builder<'a> {
    fn new(buf: &'a [u8]) -> Self {
        Builder {
            buf,
            open: Vec::new(),
            marks: Vec::new(),
            index: HashMap::new(),
            last: None,
            abandoned: false,
            found: Found {
                trees: Vec::new(),
                warnings: Vec::new(),
            },
            locator: Locator::default(),
        }
    }

    fn finish(self) -> Found {
        self.found
    }

    fn push(&mut self, item: Item<'_>) {
        match item {
            Item::Event(event, span) => self.event(event, span.start),
            Item::Warning(warning) => self.found.warnings.push(warning),
            Item::Append(range) => self.append(range),
            Item::OpenValue {
                ident,
                closed,
                open,
                span,
            } => {
                let mut values = closed.map(|v| self.decode_all(v)).unwrap_or_default();
                values.push(self.decode(&self.buf[open]));
                self.property(ident.as_str(), values, span.start, span.end);
            }
            Item::Abandon => self.abandoned = !self.marks.is_empty(),
        }
    }

    fn event(&mut self, event: Event<'_>, start: usize) {
        match event {
            Event::StartGameTree => self.marks.push(self.open.len()),
            Event::Node => {
                self.index.clear();
                self.last = None;
                self.open.push(SgfTree::new());
            }
            Event::Property(ident, values) => {
                let decoded = self.decode_all(values);
                let end = self.offset_of(values.as_bytes()) + values.as_bytes().len();
                self.property(ident.as_str(), decoded, start, end);
            }
            Event::EndGameTree => self.close(),
        }
    }

    fn close(&mut self) {
        let Some(mark) = self.marks.pop() else {
            return;
        };
        while self.open.len() > mark.max(1) {
            let node = self.open.pop().expect("checked by the loop");
            let parent = self.open.last_mut().expect("checked by the loop");
            parent.children_mut().push(node);
        }
        if mark == 0 {
            let tree = self.open.pop();
            self.last = None;
            if std::mem::take(&mut self.abandoned) {
                return;
            }
            self.found.trees.extend(tree);
        }
    }

    fn offset_of(&self, part: &[u8]) -> usize {
        part.as_ptr() as usize - self.buf.as_ptr() as usize
    }

    fn decode_all(&mut self, values: RawValues<'_>) -> Vec<String> {
        values.iter().map(|v| self.decode(v.as_bytes())).collect()
    }

    /// Decodes a raw value as Text, replacing invalid UTF-8 with a warning.
    fn decode(&mut self, raw: &[u8]) -> String {
        match value::text(raw) {
            Ok(text) => text.into_owned(),
            Err(_) => {
                self.invalid_utf8(raw);
                value::text_lossy(raw).into_owned()
            }
        }
    }

    fn invalid_utf8(&mut self, raw: &[u8]) {
        let base = self.offset_of(raw);
        let mut at = 0;
        while let Err(err) = std::str::from_utf8(&raw[at..]) {
            let start = at + err.valid_up_to();
            let end = err.error_len().map_or(raw.len(), |len| start + len);
            let (start, end) = (base + start, base + end);
            let kind = WarningKind::InvalidBytes("UTF-8");
            let warning = self.locator.warning(self.buf, kind, start, start..end);
            self.found.warnings.push(warning);
            at = end - base;
        }
    }

    /// Adds a property to the current node, merging a repeat.
    fn property(&mut self, ident: &str, values: Vec<String>, start: usize, end: usize) {
        let Some(node) = self.open.last_mut() else {
            return;
        };
        let count = node.properties().len();
        if count >= LINEAR_LOOKUP && self.index.is_empty() {
            let all = node.properties().enumerate();
            self.index
                .extend(all.map(|(i, (id, _))| (id.to_string(), i)));
        }
        let existing = if self.index.is_empty() {
            node.properties().position(|(id, _)| id == ident)
        } else {
            self.index.get(ident).copied()
        };
        let Some(at) = existing else {
            if !self.index.is_empty() {
                self.index.insert(ident.to_string(), count);
            }
            self.last = Some(count);
            node.push_property(ident, values);
            return;
        };
        let rule = merge_rule(ident);
        if let Merge::Drop = rule {
            let kind = WarningKind::DroppedRepeat(ident.to_string());
            let warning = self.locator.warning(self.buf, kind, start, start..end);
            return self.found.warnings.push(warning);
        }
        node.edit_values_at(at, |old| match rule {
            Merge::List => {
                for value in values {
                    if !old.contains(&value) {
                        old.push(value);
                    }
                }
            }
            Merge::Join => join_text(old, values),
            Merge::Append | Merge::Drop => old.extend(values),
        });
        self.last = Some(at);
        let kind = WarningKind::MergedProperty(ident.to_string());
        let warning = self.locator.warning(self.buf, kind, start, start..start);
        self.found.warnings.push(warning);
    }

    /// An unescaped `]` and the text after it go on the last value.
    fn append(&mut self, range: std::ops::Range<usize>) {
        let text = self.decode(&self.buf[range]);
        let Some(at) = self.last else {
            return;
        };
        let Some(node) = self.open.last_mut() else {
            return;
        };
        node.edit_values_at(at, |values| {
            if let Some(value) = values.last_mut() {
                value.push_str(&text);
            }
        });
    }
}

/// Joins text values into the first value of `old`, with blank lines.
fn join_text(old: &mut Vec<String>, values: Vec<String>) {
    for value in values {
        match old.last_mut() {
            Some(last) if !last.is_empty() => {
                last.push_str("\n\n");
                last.push_str(&value);
            }
            Some(last) => *last = value,
            None => old.push(value),
        }
    }
}
