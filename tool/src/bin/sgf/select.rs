//! `sgf select`: the games that pass filters on their players, ranks,
//! result, date, board, handicap, komi, length and properties (the
//! library's `sgf_stream::game::Filter`), printed as SGF, written one
//! file per game under `--out-dir`, or listed as `FILE:GAME` lines.
//!
//! Each game is read as its events stream by: the first value of each
//! property of its main line that the filter reads (`PB`, `PW`, `SZ` and
//! the normalised ones), its moves on the main line, and the properties
//! `--has` names anywhere. Its text is what the input holds, in UTF-8
//! with its root `CA` saying so, the layout kept, as `sgf split` writes
//! it; games are numbered from 0 in each input, as `sgf json` numbers
//! them.

use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sgf_stream::game::{Filter, GameFacts};
use sgf_stream::{Charset, Event};

use crate::convert::{Convert, Converted};
use crate::diag;
use crate::filter_args::FilterArgs;
use crate::run::{self, Policied, Sources};
use crate::split::{game_path, write_game};
use crate::{Common, Inputs, Status};
use sgf_tool::collection::{Ctx, Depth, Job, Note, Policy, Visit};
use sgf_tool::diagnostics::Counts;

/// Arguments of `sgf select`.
#[derive(Debug, clap::Args)]
pub struct SelectArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    filters: FilterArgs,
    /// Print one `FILE:GAME` line per selected game (GAME from 0 in each
    /// file) instead of the games.
    #[arg(long, conflicts_with = "out_dir")]
    list: bool,
    /// Write each selected game to its own file under DIR,
    /// DIR/<path below PATH, without .sgf>-NNNN.sgf (NNNN the game's
    /// index in its file), instead of printing them.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// With --out-dir: replace files that exist, and write games read
    /// with errors (what could be read, repaired).
    #[arg(long, requires = "out_dir")]
    force: bool,
    #[command(flatten)]
    strictness: diag::Strictness,
}

/// The selection in a piece: whether each game that closed in it passes,
/// and the piece's text (not kept for `--list`).
#[derive(Debug, Default)]
pub struct Picked {
    /// For each game of the piece, in order: whether it passes.
    pub kept: Vec<bool>,
    /// The piece's text, and where each game is in it.
    pub text: Converted,
}

/// Decides which games of a piece pass the filter, keeping the text when
/// the games are to be written.
#[derive(Debug)]
pub struct Pick {
    filter: Arc<Filter>,
    text: Option<Convert>,
    facts: GameFacts,
    depth: Depth,
    /// Before the game's first `)`.
    main: bool,
    /// The reader gave up the game open: it is no game.
    given_up: bool,
    kept: Vec<bool>,
}

impl Pick {
    fn new(filter: Arc<Filter>, keep_text: bool) -> Pick {
        Pick {
            filter,
            text: keep_text.then(|| Convert::new(Charset::Utf8)),
            facts: GameFacts::default(),
            depth: Depth::default(),
            main: false,
            given_up: false,
            kept: Vec::new(),
        }
    }

    fn property(&mut self, ident: &str, values: &sgf_stream::RawValues<'_>) {
        if self.filter.asks_about(ident) && !self.facts.has(ident) {
            self.facts.props.push(ident.to_string());
        }
        if !self.main {
            return;
        }
        if ident == "B" || ident == "W" {
            self.facts.moves += 1;
        } else if GameFacts::reads(ident) {
            if let Ok(text) = values.first().text() {
                self.facts.absorb(ident, &text);
            }
        }
    }
}

impl Visit for Pick {
    type Out = Picked;

    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        if let Some(text) = &mut self.text {
            text.event(event, span, ctx, notes);
        }
        if self.depth.step(event) {
            self.facts = GameFacts::default();
            self.main = true;
        }
        match event {
            Event::Property(ident, values) => self.property(ident.as_str(), values),
            Event::EndGameTree => {
                self.main = false;
                if self.depth.depth == 0 && !std::mem::take(&mut self.given_up) {
                    self.kept.push(self.filter.matches(&self.facts));
                }
            }
            _ => {}
        }
    }

    fn abandoned(&mut self, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        if let Some(text) = &mut self.text {
            text.abandoned(ctx, notes);
        }
        self.given_up = true;
    }

    fn take(&mut self, ctx: &Ctx<'_>, notes: &mut Vec<Note>) -> Picked {
        let text = match &mut self.text {
            Some(text) => text.take(ctx, notes),
            None => Converted::default(),
        };
        Picked {
            kept: std::mem::take(&mut self.kept),
            text,
        }
    }
}

struct SelectJob {
    mode: Policy,
    filter: Arc<Filter>,
    keep_text: bool,
}

impl Job for SelectJob {
    type Visitor = Pick;

    fn visitor(&self) -> Pick {
        Pick::new(self.filter.clone(), self.keep_text)
    }
}

impl Policied for SelectJob {
    fn policy(&self) -> Policy {
        self.mode
    }
}

/// Tallies of a run.
#[derive(Debug, Default)]
struct Tally {
    counts: Counts,
    games: u64,
    selected: u64,
    written: u64,
    skipped: u64,
    failed: u64,
}

/// Writes game `index` of an input to its file under `dir`, unless a
/// file is there and not `force`.
fn write_to_dir(
    dir: &Path,
    input: &sgf_tool::collection::Input,
    index: u64,
    game: &[u8],
    force: bool,
) -> io::Result<()> {
    let path = game_path(dir, input, index);
    if !force && path.symlink_metadata().is_ok() {
        let message = format!("{}: exists (--force replaces it)", path.display());
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, message));
    }
    write_game(&path, game)
        .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", path.display())))
}

/// Runs `sgf select`.
pub fn main(args: &SelectArgs, common: &Common) -> Status {
    let job = SelectJob {
        mode: args.strictness.policy(),
        filter: Arc::new(args.filters.filter()),
        keep_text: !args.list,
    };
    let mut out = io::BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let mut tally = Tally::default();
    let mut index = 0u64;
    let sources = Sources::Paths(&args.inputs.paths);
    let totals = run::run(sources, common, &job, |delivery, progress| {
        let Some((input, done)) = run::piece(delivery, |_| index = 0) else {
            return Ok(());
        };
        let found = diag::print_on_stderr(&done.diagnostics, &input.name, common.quiet, progress);
        tally.counts.add(found);
        let Picked { kept, text } = done.out;
        for (at, keep) in kept.into_iter().enumerate() {
            let game = index;
            index += 1;
            tally.games += 1;
            if !keep {
                continue;
            }
            tally.selected += 1;
            if args.list {
                writeln!(out, "{}:{game}", input.name)?;
                continue;
            }
            // A game too large to hold has no text: its note says so.
            let Some(range) = text.games.get(at) else {
                continue;
            };
            let bytes = &text.text[range.clone()];
            let Some(dir) = &args.out_dir else {
                out.write_all(bytes)?;
                out.write_all(b"\n")?;
                continue;
            };
            if found.errors > 0 && !args.force {
                tally.skipped += 1;
                continue;
            }
            match write_to_dir(dir, &input, game, bytes, args.force) {
                Ok(()) => tally.written += 1,
                Err(err) => {
                    tally.failed += 1;
                    progress.eprintln(&format!("sgf: {err}"));
                }
            }
        }
        Ok(())
    });
    let flushed = out.flush();
    if !common.quiet {
        let mut summary = format!(
            "sgf select: {} files, {} games, {} selected",
            totals.files, tally.games, tally.selected
        );
        if args.out_dir.is_some() {
            summary += &format!(
                ": {} written, {} not written (errors), {} failed",
                tally.written, tally.skipped, tally.failed
            );
        }
        eprintln!("{summary}");
    }
    if flushed.is_err() || tally.failed > 0 {
        return Status::Trouble;
    }
    crate::check::status(&totals, tally.counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which games of `input` pass `filter`, and the text of those kept.
    fn pick(input: &str, filter: Filter) -> Vec<Option<String>> {
        let batch = sgf_stream::read::Batch::whole(input.as_bytes().to_vec());
        let decoded = batch.decode();
        let ctx = Ctx::Batch(&decoded);
        let mut pick = Pick::new(Arc::new(filter), true);
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            pick.event(&event, span, &ctx, &mut Vec::new());
        }
        let picked = pick.take(&ctx, &mut Vec::new());
        let text = |range: &Range<usize>| {
            String::from_utf8(picked.text.text[range.clone()].to_vec()).unwrap()
        };
        picked
            .kept
            .iter()
            .zip(&picked.text.games)
            .map(|(&keep, range)| keep.then(|| text(range)))
            .collect()
    }

    #[test]
    fn games_pass_on_what_their_main_line_says() {
        let input = "(;CA[UTF-8]PB[Ann]BR[3d];B[aa](;W[bb])(;W[cc]PB[Zed]))\n\
                     (;CA[UTF-8]PB[Bob]BR[3k];B[aa];W[bb];B[cc]TR[aa])";
        let found = pick(input, Filter::new().black("ann"));
        assert_eq!(
            found,
            [
                Some("(;CA[UTF-8]PB[Ann]BR[3d];B[aa](;W[bb])(;W[cc]PB[Zed]))".into()),
                None
            ]
        );
        assert_eq!(
            pick(input, Filter::new().black("zed")),
            [None, None],
            "off the main line"
        );
        let long = pick(input, Filter::new().min_moves(3).has("TR"));
        assert_eq!(long[0], None);
        assert!(long[1]
            .as_deref()
            .is_some_and(|text| text.starts_with("(;CA[UTF-8]PB[Bob]")));
    }
}
