//! `sgf convert --to-utf8`: transcode legacy charsets to UTF-8 and declare
//! `CA[UTF-8]` in every game's root node, keeping the layout as it is.

use std::ops::Range;

use sgf_stream::{read::DecodedInput, Event};

use crate::diag::{self, Depth, Mode};
use crate::output::{self, Converted, OutputArgs};
use crate::{Common, Status};

/// Arguments of `sgf convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    output: OutputArgs,
    /// Convert to UTF-8 (the one conversion there is, for now).
    #[arg(long, required = true)]
    to_utf8: bool,
}

/// Runs `sgf convert`.
pub fn main(args: &ConvertArgs, common: &Common) -> Status {
    let mode = args.output.mode();
    output::main("convert", &args.output, common, |input| {
        to_utf8(input.data, mode)
    })
}

/// An edit of the UTF-8 text: replace `range` by `with`.
struct Edit {
    range: Range<usize>,
    with: &'static [u8],
}

/// Where the scan of a game's root node stands.
#[derive(Debug, Clone, Copy)]
enum Root {
    /// Between games, or past the root node.
    Done,
    /// A game opened: its first node is the root.
    Waiting,
    /// In the root node, whose `;` ends at this offset, with no `CA` yet.
    In(usize),
}

/// The text of `data` in UTF-8 (its charset found as the library does:
/// BOM, `CA`, detection), each root's `CA` set to `UTF-8` (or added
/// right after the root's `;`). Nothing else changes.
pub fn to_utf8(data: &[u8], mode: Mode) -> Converted {
    let decoded = DecodedInput::new(data);
    let text = decoded.text();
    let mut edits = Vec::new();
    let mut depth = Depth::default();
    let mut root = Root::Done;
    let add = |edits: &mut Vec<Edit>, at: usize| {
        edits.push(Edit {
            range: at..at,
            with: b"CA[UTF-8]",
        });
    };
    let found = diag::parse_text(text, mode, |event, span| {
        let opens = depth.step(event);
        root = match (root, event) {
            (Root::In(_), Event::Property(ident, _)) if ident == "CA" => {
                edits.push(Edit {
                    range: span,
                    with: b"CA[UTF-8]",
                });
                Root::Done
            }
            (Root::In(at), Event::Property(..)) => Root::In(at),
            (Root::In(at), _) => {
                add(&mut edits, at);
                if opens {
                    Root::Waiting
                } else {
                    Root::Done
                }
            }
            (Root::Waiting, Event::Node) => Root::In(span.end),
            (_, Event::StartGameTree) if opens => Root::Waiting,
            (state, _) => state,
        };
    });
    if let Root::In(at) = root {
        add(&mut edits, at);
    }
    Converted {
        text: apply(text, &edits),
        diagnostics: found.place(&decoded),
    }
}

/// `text` with `edits` (in order, not overlapping) applied.
fn apply(text: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + edits.len() * 9);
    let mut at = 0;
    for edit in edits {
        out.extend_from_slice(&text[at..edit.range.start]);
        out.extend_from_slice(edit.with);
        at = edit.range.end;
    }
    out.extend_from_slice(&text[at..]);
    out
}
