//! Events to the library's [`Writer`]: the pipeline of `fmt` and
//! `mainline`, with the main-line filter.

use sgf_stream::{
    Event, Layout, Newline, Position, SgfTree, WarningKind, WriteError, WriteOptions, Writer,
};

use crate::diag::{self, Diagnostic, Mode, Severity};
use crate::output::Converted;

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
    Compact,
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

/// Parses `data` and writes it again with `options`; with
/// `main_line_only`, only each game's main line.
///
/// Events pass through the writer, so no value changes. Two lenient
/// repairs cannot be carried by events (a value never closed, an
/// unescaped `]` kept as text): for such an input the trees of
/// [`ReaderBuilder::read_collection`](sgf_stream::ReaderBuilder::read_collection), which
/// keep those values, are written instead, so nothing is lost.
pub fn rewrite(data: &[u8], mode: Mode, options: WriteOptions, main_line_only: bool) -> Converted {
    let converted = rewrite_events(data, mode, options.clone(), main_line_only);
    let lossy = converted.diagnostics.iter().any(|d| {
        matches!(
            d.warning,
            Some(WarningKind::UnclosedValue | WarningKind::UnescapedBracket)
        )
    });
    if lossy {
        rewrite_trees(data, mode, options, main_line_only)
    } else {
        converted
    }
}

/// Writes the trees of a lenient parse (see [`rewrite`]).
fn rewrite_trees(
    data: &[u8],
    mode: Mode,
    options: WriteOptions,
    main_line_only: bool,
) -> Converted {
    let (parsed, mut diagnostics) = diag::parse_trees(data, mode);
    let mut writer = Writer::with_options(Vec::new(), options);
    let mut failure = None;
    for tree in parsed.iter().flat_map(|parsed| &parsed.trees) {
        let written = if main_line_only {
            writer.write_tree(&main_line_of(tree))
        } else {
            writer.write_tree(tree)
        };
        if let Err(err) = written {
            failure = Some(err);
            break;
        }
    }
    finish(writer, failure, &mut diagnostics)
}

/// A tree of the main line of `tree` only: a chain of copies of its nodes,
/// built from the leaf up (no recursion).
fn main_line_of(tree: &SgfTree) -> SgfTree {
    let nodes: Vec<&SgfTree> = tree.main_line().collect();
    let mut chain: Option<SgfTree> = None;
    for node in nodes.into_iter().rev() {
        let mut copy = SgfTree::new();
        for (ident, values) in node.properties() {
            copy.push_property(ident, values.to_vec());
        }
        copy.children_mut().extend(chain.take());
        chain = Some(copy);
    }
    chain.unwrap_or_default()
}

/// The text of a writer, with a write failure as an error.
fn finish(
    writer: Writer<Vec<u8>>,
    mut failure: Option<WriteError>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Converted {
    let text = match writer.into_inner() {
        Ok(text) => text,
        Err(err) => {
            failure.get_or_insert(err);
            Vec::new()
        }
    };
    if let Some(err) = failure {
        diagnostics.push(Diagnostic {
            severity: Severity::Error,
            position: Position::default(),
            message: format!("cannot write the result: {err}"),
            warning: None,
        });
    }
    Converted {
        text,
        diagnostics: std::mem::take(diagnostics),
    }
}

/// Events to the writer. Game trees left open by a strict error are
/// closed, so the text is always valid SGF.
fn rewrite_events(
    data: &[u8],
    mode: Mode,
    options: WriteOptions,
    main_line_only: bool,
) -> Converted {
    let mut writer = Writer::with_options(Vec::new(), options);
    let mut filter = MainLine::default();
    let mut failure = None;
    let (_, mut diagnostics) = diag::parse_events(data, mode, |event, _| {
        if failure.is_none() && (!main_line_only || filter.keep(event)) {
            failure = writer.write_event(event).err();
        }
    });
    while failure.is_none() && writer.depth() > 0 {
        failure = writer.end_game_tree().err();
    }
    finish(writer, failure, &mut diagnostics)
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

    fn main_line(input: &str) -> String {
        let converted = rewrite(input.as_bytes(), Mode::Strict, WriteOptions::new(), true);
        assert!(converted.diagnostics.is_empty());
        String::from_utf8(converted.text).unwrap()
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
    fn a_deep_chain_of_variations_needs_no_recursion() {
        let depth = 100_000;
        let input = format!("{}{}", "(;B[aa]".repeat(depth), ")".repeat(depth));
        let text = main_line(&input);
        assert_eq!(text.matches(";B[aa]").count(), depth);
        assert_eq!(text.matches('(').count(), 1);
    }

    #[test]
    fn repairs_events_cannot_carry_are_written_from_trees() {
        let converted = rewrite(
            b"(;GM[1];C[a]b];B[aa](;W[bb])(;W[cc];C[open",
            Mode::Lenient,
            WriteOptions::new(),
            false,
        );
        let text = String::from_utf8(converted.text).unwrap();
        assert_eq!(text, "(;GM[1];C[a\\]b];B[aa](;W[bb])(;W[cc];C[open]))\n");
        let converted = rewrite(
            b"(;GM[1];C[a]b];B[aa](;W[bb])(;W[cc];C[open",
            Mode::Lenient,
            WriteOptions::new(),
            true,
        );
        assert_eq!(converted.text, b"(;GM[1];C[a\\]b];B[aa];W[bb])\n");
    }

    #[test]
    fn strict_errors_leave_valid_text() {
        let converted = rewrite(
            b"(;GM[1];B[aa](;W[bb]",
            Mode::Strict,
            WriteOptions::new(),
            false,
        );
        assert_eq!(converted.diagnostics.len(), 1);
        assert_eq!(converted.text, b"(;GM[1];B[aa](;W[bb]))\n");
    }
}
