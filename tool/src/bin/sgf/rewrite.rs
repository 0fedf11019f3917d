//! Events to the library's [`Writer`]: the pipeline of `fmt` and
//! `mainline`, with the main-line filter.

use std::ops::Range;

use sgf_stream::event::RawValue;
use sgf_stream::{Event, Layout, Newline, WriteError, WriteOptions, Writer};

use crate::run::Policied;
use sgf_tool::collection::Policy;
use sgf_tool::collection::{Ctx, Job, Note, Visit};
use sgf_tool::diagnostics::Severity;

/// The writer's layout options, on the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct LayoutArgs {
    /// One line per game tree, or one node per line.
    #[arg(long, value_enum, default_value_t = LayoutArg::Compact)]
    layout: LayoutArg,
    /// Wrap lines at this column (between properties and values).
    #[arg(long, value_name = "COLUMN")]
    wrap: Option<usize>,
    /// With --wrap, break long Text values too, with a soft line break.
    #[arg(long, requires = "wrap")]
    soft_breaks: bool,
    /// Start each variation on a new line.
    #[arg(long)]
    variations_on_new_lines: bool,
    /// End lines with CR LF instead of LF.
    #[arg(long)]
    crlf: bool,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum LayoutArg {
    /// Each game tree on one line.
    Compact,
    /// Each node on its own line.
    NodePerLine,
}

impl LayoutArgs {
    /// The writer's options. The output is UTF-8 (input in other charsets
    /// is converted, and its `CA` changed to say so).
    pub fn options(&self) -> WriteOptions {
        let mut options = WriteOptions::new()
            .layout(match self.layout {
                LayoutArg::Compact => Layout::OneLine,
                LayoutArg::NodePerLine => Layout::NodePerLine,
            })
            .variations_on_new_lines(self.variations_on_new_lines)
            .newline(if self.crlf {
                Newline::CrLf
            } else {
                Newline::Lf
            });
        if let Some(width) = self.wrap {
            options = options
                .wrap(true)
                .width(width)
                .soft_breaks(self.soft_breaks);
        }
        options
    }
}

/// Writes the events of a piece again with the writer's options; with
/// `main_line_only`, only each game's main line. Raw values pass through
/// the writer unchanged (a value a lenient repair closed is escaped), so
/// no value changes. A game read from another charset and with no `CA`
/// gets `CA[UTF-8]` in its root: the output is UTF-8.
#[derive(Debug)]
pub struct Rewrite {
    options: WriteOptions,
    writer: Writer<Vec<u8>>,
    main_line_only: bool,
    filter: MainLine,
    depth: u32,
    root: Root,
    /// A call of the current game was refused (noted once per game; the
    /// writer drops the rest of a game that it refuses whole).
    refused: bool,
}

/// Where a game's root node stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Root {
    /// Past the root, or between games.
    Done,
    /// A game opened at this offset: its first node is the root.
    Waiting(u64),
    /// In the root node of the game that opened at this offset, with no
    /// `CA` yet.
    Open(u64),
}

impl Rewrite {
    /// Writes with `options`; with `main_line_only`, only main lines.
    pub fn new(options: WriteOptions, main_line_only: bool) -> Rewrite {
        Rewrite {
            writer: Writer::with_options(Vec::new(), options.clone()),
            options,
            main_line_only,
            filter: MainLine::default(),
            depth: 0,
            root: Root::Done,
            refused: false,
        }
    }

    /// Every event goes to the writer, a refused game's too: the writer
    /// drops the rest of a game it refused, and its structure tells it
    /// where the game ends.
    #[inline(always)]
    fn write(&mut self, event: &Event<'_>, at: u64, notes: &mut Vec<Note>) {
        let written = self.writer.write_event(event);
        if let (Err(err), false) = (written, self.refused) {
            self.refuse(err, at, notes);
        }
    }

    #[cold]
    fn refuse(&mut self, err: WriteError, at: u64, notes: &mut Vec<Note>) {
        self.refused = true;
        notes.push(Note {
            at,
            code: "not-written",
            severity: Severity::Error,
            message: format!("not written: {err}"),
        });
    }

    /// The root node ends, if open: a game read from another charset is
    /// declared UTF-8 if it does not say.
    #[inline(always)]
    fn leave_root(&mut self, ctx: &Ctx<'_>, at: u64, notes: &mut Vec<Note>) {
        if let Root::Open(game) = self.root {
            self.close_root(game, ctx, at, notes);
        }
    }

    /// The root node of the game that opened at `game` ends.
    #[inline(never)]
    fn close_root(&mut self, game: u64, ctx: &Ctx<'_>, at: u64, notes: &mut Vec<Note>) {
        self.root = Root::Done;
        if !self.refused && ctx.charset(game).transcoded {
            let written = self.writer.property("CA", [RawValue::new(b"UTF-8")]);
            if let Err(err) = written {
                self.refuse(err, at, notes);
            }
        }
    }
}

impl Visit for Rewrite {
    type Out = Vec<u8>;

    #[inline]
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        match event {
            Event::StartGameTree => {
                self.leave_root(ctx, span.start, notes);
                if self.depth == 0 {
                    self.root = Root::Waiting(span.start);
                    self.refused = false;
                }
                self.depth += 1;
            }
            Event::Node => {
                self.leave_root(ctx, span.start, notes);
                if let Root::Waiting(game) = self.root {
                    self.root = Root::Open(game);
                }
            }
            Event::Property(ident, _) => {
                if matches!(self.root, Root::Open(_)) && ident == "CA" {
                    self.root = Root::Done;
                }
            }
            Event::EndGameTree => {
                self.leave_root(ctx, span.start, notes);
                self.depth = self.depth.saturating_sub(1);
            }
        }
        if !self.main_line_only || self.filter.keep(event) {
            self.write(event, span.start, notes);
        }
        if self.depth == 0 && matches!(event, Event::EndGameTree) {
            self.refused = false;
        }
    }

    fn take(&mut self, _: &Ctx<'_>, notes: &mut Vec<Note>) -> Vec<u8> {
        // Game trees left open by a strict error are closed: the text is
        // always SGF.
        while self.writer.depth() > 0 {
            if let Err(err) = self.writer.end_game_tree() {
                if !self.refused {
                    self.refuse(err, 0, notes);
                }
                break;
            }
        }
        self.depth = 0;
        self.filter = MainLine::default();
        let fresh = Writer::with_options(Vec::new(), self.options.clone());
        let writer = std::mem::replace(&mut self.writer, fresh);
        match writer.into_inner() {
            Ok(text) => text,
            Err(err) => {
                self.refuse(err, 0, notes);
                Vec::new()
            }
        }
    }
}

/// A subcommand that writes events again: `fmt`, `mainline`.
pub struct RewriteJob {
    /// Strict or lenient.
    pub mode: Policy,
    /// The writer's options.
    pub options: WriteOptions,
    /// Only each game's main line.
    pub main_line_only: bool,
}

impl Job for RewriteJob {
    type Visitor = Rewrite;

    fn visitor(&self) -> Rewrite {
        Rewrite::new(self.options.clone(), self.main_line_only)
    }
}

impl Policied for RewriteJob {
    fn policy(&self) -> Policy {
        self.mode
    }
}

/// Keeps the main line of each game: the first variation at every branch,
/// its parentheses dropped; every other variation skipped whole. A flat
/// filter over events, with a stack of open levels (no recursion).
#[derive(Debug, Default)]
pub struct MainLine {
    /// For each open game tree or kept variation: whether its parentheses
    /// are dropped, and how many variations it has opened.
    stack: Vec<(bool, u32)>,
    /// Depth inside a skipped variation (0: not skipping).
    skipping: u32,
}

impl MainLine {
    /// Whether `event` belongs to the main line.
    #[inline]
    pub fn keep(&mut self, event: &Event) -> bool {
        if self.skipping > 0 {
            match event {
                Event::StartGameTree => self.skipping += 1,
                Event::EndGameTree => self.skipping -= 1,
                _ => {}
            }
            return false;
        }
        match event {
            Event::StartGameTree => match self.stack.last_mut() {
                None => {
                    self.stack.push((false, 0));
                    true
                }
                Some((_, opened)) => {
                    *opened += 1;
                    if *opened == 1 {
                        self.stack.push((true, 0));
                    } else {
                        self.skipping = 1;
                    }
                    false
                }
            },
            Event::EndGameTree => match self.stack.pop() {
                Some((dropped, _)) => !dropped,
                None => true,
            },
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sgf_stream::ReaderBuilder;

    /// `input` read in `mode` and written again.
    fn rewrite(input: &str, mode: Policy, main_line_only: bool) -> (String, usize) {
        let batch = sgf_stream::read::Batch::whole(input.as_bytes().to_vec());
        let decoded = batch.decode();
        let ctx = Ctx::Batch(&decoded);
        let mut rewrite = Rewrite::new(WriteOptions::new(), main_line_only);
        let mut notes = Vec::new();
        let lenient = mode != Policy::Strict;
        let mut reader = ReaderBuilder::new()
            .lenient(lenient)
            .from_slice(decoded.text());
        let mut errors = 0;
        loop {
            match reader.next_spanned() {
                Ok(Some((event, span))) => rewrite.event(&event, span, &ctx, &mut notes),
                Ok(None) => break,
                Err(_) => {
                    errors += 1;
                    break;
                }
            }
        }
        let text = rewrite.take(&ctx, &mut notes);
        assert!(notes.is_empty(), "{notes:?}");
        (String::from_utf8(text).unwrap(), errors)
    }

    fn main_line(input: &str) -> String {
        rewrite(input, Policy::Strict, true).0
    }

    #[test]
    fn keeps_the_first_variation_at_every_branch() {
        assert_eq!(
            main_line("(;A[1](;B[2];C[3](;D[4])(;E[5]))(;F[6]))"),
            "(;A[1];B[2];C[3];D[4])\n"
        );
        assert_eq!(
            main_line("(;A[1];B[2])(;C[3](;D[4])(;E[5](;F[6])))"),
            "(;A[1];B[2])\n(;C[3];D[4])\n"
        );
    }

    #[test]
    fn a_refused_property_leaves_the_game_and_the_next_one_written() {
        use sgf_stream::event::PropIdent;
        let values: Vec<_> = sgf_stream::Parser::new(b"(;C[x]B[aa])")
            .filter_map(|event| match event {
                Ok(Event::Property(_, values)) => Some(values),
                _ => None,
            })
            .collect();
        let batch = sgf_stream::read::Batch::whole(b"(;)".to_vec());
        let decoded = batch.decode();
        let ctx = Ctx::Batch(&decoded);
        let mut rewrite = Rewrite::new(WriteOptions::new(), false);
        let mut notes = Vec::new();
        // A lowercase identifier: the writer refuses the property, and
        // the rest of the game is written.
        let bad = Event::Property(PropIdent::new("c"), values[0]);
        let good = Event::Property(PropIdent::new("B"), values[1]);
        let events = [
            Event::StartGameTree,
            Event::Node,
            bad,
            Event::StartGameTree,
            Event::Node,
            good.clone(),
            Event::EndGameTree,
            Event::StartGameTree,
            Event::Node,
            Event::EndGameTree,
            Event::EndGameTree,
            Event::StartGameTree,
            Event::Node,
            good,
            Event::EndGameTree,
        ];
        for event in &events {
            rewrite.event(event, 0..0, &ctx, &mut notes);
        }
        let text = rewrite.take(&ctx, &mut notes);
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "(;(;B[aa])(;))\n(;B[aa])\n"
        );
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(notes[0].code, "not-written");
    }

    #[test]
    fn a_deep_chain_of_variations_needs_no_recursion() {
        let depth = 100_000;
        let input = format!("{}{}", "(;B[aa]".repeat(depth), ")".repeat(depth));
        let text = main_line(&input);
        assert_eq!(text.matches(";B[aa]").count(), depth);
        assert_eq!(text.matches('(').count(), 1);
    }

    #[test]
    fn lenient_repairs_keep_every_value() {
        let input = "(;GM[1];C[a]b];B[aa](;W[bb])(;W[cc];C[open";
        let (text, _) = rewrite(input, Policy::StrictThenLenient, false);
        assert_eq!(text, "(;GM[1];C[a\\]b];B[aa](;W[bb])(;W[cc];C[open]))\n");
        let (text, _) = rewrite(input, Policy::StrictThenLenient, true);
        assert_eq!(text, "(;GM[1];C[a\\]b];B[aa];W[bb])\n");
    }

    #[test]
    fn strict_errors_leave_valid_text() {
        let (text, errors) = rewrite("(;GM[1];B[aa](;W[bb]", Policy::Strict, false);
        assert_eq!(errors, 1);
        assert_eq!(text, "(;GM[1];B[aa](;W[bb]))\n");
    }

    #[test]
    fn a_game_read_from_a_legacy_charset_is_declared_utf8() {
        let (latin1, _, _) =
            encoding_rs::WINDOWS_1252.encode("(;PB[Jos\u{e9}];B[aa])(;CA[UTF-8];B[bb])");
        let input = String::from_utf8_lossy(&latin1).into_owned();
        let batch = sgf_stream::read::Batch::whole(latin1.into_owned());
        let decoded = batch.decode();
        assert!(!decoded.is_input(), "{input}");
        let ctx = Ctx::Batch(&decoded);
        let mut rewrite = Rewrite::new(WriteOptions::new(), false);
        let mut notes = Vec::new();
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            rewrite.event(&event, span, &ctx, &mut notes);
        }
        let text = String::from_utf8(rewrite.take(&ctx, &mut notes)).unwrap();
        assert_eq!(
            text,
            "(;PB[Jos\u{e9}]CA[UTF-8];B[aa])\n(;CA[UTF-8];B[bb])\n"
        );
    }
}
