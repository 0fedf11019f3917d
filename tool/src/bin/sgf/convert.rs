//! `sgf convert --to CHARSET`: the text in another charset, each game's
//! root `CA` set to say so, the layout kept.

use std::ops::Range;

use sgf_stream::{Charset, Event};

use crate::output::{self, OutputArgs, Text};
use crate::run::Policied;
use crate::{Common, Status};
use sgf_tool::collection::Policy;
use sgf_tool::collection::{Ctx, Depth, Job, Note, Visit};
use sgf_tool::diagnostics::Severity;

/// Arguments of `sgf convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    output: OutputArgs,
    /// The charset to write: UTF-8 (the default), or a legacy one the
    /// writer knows (Shift_JIS, GB18030, Big5, EUC-KR, ISO-8859-1,
    /// windows-1252, ...; any label CA takes).
    #[arg(long, value_name = "CHARSET", value_parser = parse_charset, default_value = "UTF-8")]
    to: Charset,
    /// The same as `--to UTF-8`.
    #[arg(long, hide = true, conflicts_with = "to")]
    to_utf8: bool,
}

fn parse_charset(label: &str) -> Result<Charset, String> {
    match Charset::for_label(label) {
        Some(charset) if charset.can_write() => Ok(charset),
        Some(charset) => Err(format!("{} cannot be written", charset.name())),
        None => Err(format!("unknown charset `{label}`")),
    }
}

/// A piece's text in the target charset, and where each game is in it
/// (for UTF-8).
#[derive(Debug, Default)]
pub struct Converted {
    /// The new text.
    pub text: Vec<u8>,
    /// Each game's bytes in `text`, from its `(` to its `)`.
    pub games: Vec<Range<usize>>,
}

impl Text for Converted {
    fn bytes(&self) -> &[u8] {
        &self.text
    }
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

/// Copies a piece's UTF-8 text, each root's `CA` set to the target (or
/// added right after the root's `;`), then encodes it.
#[derive(Debug)]
pub struct Convert {
    target: Charset,
    /// The text so far, in UTF-8.
    out: Vec<u8>,
    /// The piece's text up to here is copied.
    copied: usize,
    games: Vec<Range<usize>>,
    game_start: usize,
    depth: Depth,
    root: Root,
    /// A stream: its text cannot be copied.
    stream: bool,
    /// The reader gave up the game open: its text is copied as it is,
    /// and it is not one of `games`.
    given_up: bool,
}

impl Convert {
    /// Converts to `target`.
    pub fn new(target: Charset) -> Convert {
        Convert {
            target,
            out: Vec::new(),
            copied: 0,
            games: Vec::new(),
            game_start: 0,
            depth: Depth::default(),
            root: Root::Done,
            stream: false,
            given_up: false,
        }
    }

    fn ca(&self) -> String {
        format!("CA[{}]", self.target.name())
    }

    fn copy_to(&mut self, text: &[u8], at: usize) {
        if at > self.copied {
            self.out.extend_from_slice(&text[self.copied..at]);
            self.copied = at;
        }
    }

    /// Writes what a lenient reader supplied, which the text lacks: a
    /// `(`, `;` or `)` (an event that covers no byte), and the `]` of a
    /// value that never closed.
    fn write_repairs(&mut self, event: &Event<'_>, text: &[u8], span: &Range<usize>) {
        let supplied = match event {
            Event::StartGameTree => b'(',
            Event::Node => b';',
            Event::EndGameTree => b')',
            Event::Property(_, values) => {
                if values.is_repaired() && !values.as_bytes().ends_with(b"]") {
                    self.copy_to(text, span.end);
                    self.out.push(b']');
                }
                return;
            }
        };
        if span.is_empty() {
            self.copy_to(text, span.start);
            self.out.push(supplied);
        }
    }

    fn insert(&mut self, text: &[u8], at: usize) {
        self.copy_to(text, at);
        let ca = self.ca();
        self.out.extend_from_slice(ca.as_bytes());
    }
}

impl Visit for Convert {
    type Out = Converted;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        let Some(text) = ctx.text() else {
            if !self.stream {
                self.stream = true;
                notes.push(Note {
                    at: span.start,
                    code: "too-large-to-convert",
                    severity: Severity::Error,
                    message: "cannot convert: no game ends within 16 MiB here, so the text \
                              cannot be held; `sgf fmt` writes it (not keeping the layout)"
                        .into(),
                });
            }
            return;
        };
        if self.given_up {
            // The events that close a game the reader gave up cover no
            // byte of the text, which is copied as it is.
            self.depth.step(event);
            self.given_up = self.depth.depth > 0;
            return;
        }
        let span = span.start as usize..span.end as usize;
        let opens = self.depth.step(event);
        if opens {
            self.copy_to(text, span.start);
            self.game_start = self.out.len();
        }
        self.write_repairs(event, text, &span);
        self.root = match (self.root, event) {
            (Root::In(_), Event::Property(ident, _)) if ident == "CA" => {
                self.copy_to(text, span.start);
                let ca = self.ca();
                self.out.extend_from_slice(ca.as_bytes());
                self.copied = span.end;
                Root::Done
            }
            (Root::In(at), Event::Property(..)) => Root::In(at),
            (Root::In(at), _) => {
                self.insert(text, at);
                match opens {
                    true => Root::Waiting,
                    false => Root::Done,
                }
            }
            (Root::Waiting, Event::Node) => Root::In(span.end),
            (_, Event::StartGameTree) if opens => Root::Waiting,
            (state, _) => state,
        };
        if self.depth.depth == 0 && matches!(event, Event::EndGameTree) {
            self.copy_to(text, span.end);
            self.games.push(self.game_start..self.out.len());
        }
    }

    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        self.given_up = true;
    }

    fn take(&mut self, ctx: &Ctx<'_>, notes: &mut Vec<Note>) -> Converted {
        let Some(text) = ctx.text() else {
            return Converted::default();
        };
        if let Root::In(at) = self.root {
            self.insert(text, at);
        }
        self.copy_to(text, text.len());
        let utf8 = std::mem::take(&mut self.out);
        let games = std::mem::take(&mut self.games);
        *self = Convert::new(self.target);
        if self.target == Charset::Utf8 {
            return Converted { text: utf8, games };
        }
        let utf8 = String::from_utf8_lossy(&utf8);
        let mut encoded = Vec::with_capacity(utf8.len());
        if self.target.encode_into(&utf8, &mut encoded).is_ok() {
            return Converted {
                text: encoded,
                games: Vec::new(),
            };
        }
        // Characters the charset cannot write become `?`, each noted
        // where it first is.
        encoded.clear();
        let mut noted = Vec::new();
        let mut one = [0; 4];
        for c in utf8.chars() {
            if self
                .target
                .encode_into(c.encode_utf8(&mut one), &mut encoded)
                .is_err()
            {
                encoded.push(b'?');
                if !noted.contains(&c) {
                    noted.push(c);
                    let needle = c.encode_utf8(&mut one).as_bytes().to_vec();
                    let at = memchr::memmem::find(text, &needle).unwrap_or(0);
                    notes.push(Note {
                        at: at as u64,
                        code: "not-in-charset",
                        severity: Severity::Error,
                        message: format!(
                            "`{c}` cannot be written in {}: written as `?`",
                            self.target.name()
                        ),
                    });
                }
            }
        }
        Converted {
            text: encoded,
            games: Vec::new(),
        }
    }
}

struct ConvertJob {
    mode: Policy,
    target: Charset,
}

impl Job for ConvertJob {
    type Visitor = Convert;

    fn visitor(&self) -> Convert {
        Convert::new(self.target)
    }
}

impl Policied for ConvertJob {
    fn policy(&self) -> Policy {
        self.mode
    }
}

/// Runs `sgf convert`.
pub fn main(args: &ConvertArgs, common: &Common) -> Status {
    let target = match args.to_utf8 {
        true => Charset::Utf8,
        false => args.to,
    };
    let job = ConvertJob {
        mode: args.output.mode(),
        target,
    };
    output::main("convert", &args.output, common, &job)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(input: &[u8], target: Charset) -> (Converted, Vec<Note>) {
        let batch = sgf_stream::read::Batch::whole(input.to_vec());
        let decoded = batch.decode();
        let ctx = Ctx::Batch(&decoded);
        let mut convert = Convert::new(target);
        let mut notes = Vec::new();
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            convert.event(&event, span, &ctx, &mut notes);
        }
        let out = convert.take(&ctx, &mut notes);
        (out, notes)
    }

    #[test]
    fn each_root_says_its_charset_and_nothing_else_changes() {
        let input = b"(;GM[1]\n CA[latin1] C[x];B[aa])\n\n(;C[no ca](;CA[not root]))(;)";
        let (out, notes) = convert(input, Charset::Utf8);
        assert!(notes.is_empty());
        assert_eq!(
            String::from_utf8(out.text).unwrap(),
            "(;GM[1]\n CA[UTF-8] C[x];B[aa])\n\n(;CA[UTF-8]C[no ca](;CA[not root]))(;CA[UTF-8])"
        );
        assert_eq!(out.games.len(), 3);
    }

    #[test]
    fn what_a_lenient_reader_supplied_is_written() {
        let batch = sgf_stream::read::Batch::whole(b"(;GM[1];B[aa](;W[bb])(;C[open".to_vec());
        let decoded = batch.decode();
        let ctx = Ctx::Batch(&decoded);
        let mut convert = Convert::new(Charset::Utf8);
        let mut notes = Vec::new();
        let mut reader = sgf_stream::ReaderBuilder::new()
            .lenient(true)
            .from_slice(decoded.text());
        while let Some((event, span)) = reader.next_spanned().unwrap() {
            convert.event(&event, span, &ctx, &mut notes);
        }
        let out = convert.take(&ctx, &mut notes);
        assert_eq!(
            String::from_utf8(out.text).unwrap(),
            "(;CA[UTF-8]GM[1];B[aa](;W[bb])(;C[open]))"
        );
        assert_eq!(out.games.len(), 1);
        assert_eq!(out.games[0].start, 0);
    }

    #[test]
    fn to_shift_jis_and_back() {
        let input = "(;CA[UTF-8]C[表示 ok])\n".as_bytes();
        let (out, notes) = convert(input, Charset::ShiftJis);
        assert!(notes.is_empty());
        let (expected, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表示 ok])\n");
        assert_eq!(out.text, expected.as_ref());
        let (back, _) = convert(&out.text, Charset::Utf8);
        assert_eq!(back.text, "(;CA[UTF-8]C[表示 ok])\n".as_bytes());
        let (out, notes) = convert("(;C[€])".as_bytes(), Charset::ShiftJis);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(out.text, b"(;CA[Shift_JIS]C[?])");
    }
}
