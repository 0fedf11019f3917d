//! `sgf search`: the games where a pattern occurs, from an index that
//! `sgf index` wrote or by a scan of the inputs, with the same results.
//!
//! Standard output: a table of the moves played next from the matching
//! positions (in the pattern's orientation and colours: the point, the
//! colour, the games, the shares won by Black and by White), then one
//! line per game, `FILE #INDEX move M symmetry S [colors swapped] next
//! P`. With `--json`, one object per game instead:
//! `{"file","game","move","symmetry","colors_swapped","next"}`, with
//! `next` the next move's `[column, row]` (from 0) or null at the end of
//! the game or for a pass. A summary goes to standard error.
//!
//! The filters of `sgf select` (players, ranks, result, date, board,
//! handicap, komi, moves) keep only the games that pass them, read from
//! what the index stores of each game, or from the same fields of the
//! games scanned; `--has` is refused, as the index does not store which
//! properties a game uses.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use sgf_go::search::{
    Hit, Index, IndexError, Pattern, Scanner, SearchOptions, SearchResults, MAGIC,
};
use sgf_stream::typed::{Color, Move};

use crate::filter_args::FilterArgs;
use crate::index::{each_record, trouble, Item};
use crate::{Common, Status};
use sgf_tool::diagnostics::Counts;

/// Arguments of `sgf search`.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// An index written by `sgf index`, or files, directories and
    /// archives to scan.
    #[arg(value_name = "INDEX|PATH", required = true)]
    paths: Vec<PathBuf>,
    /// The pattern: an SGF file whose root has SZ, the stones in AB/AW
    /// and the region in VW (without VW, the whole board).
    #[arg(short, long, value_name = "P.sgf")]
    pattern: PathBuf,
    /// Match with the colours exchanged too.
    #[arg(long)]
    colors: bool,
    /// One JSON object per game, and no table.
    #[arg(long)]
    json: bool,
    /// Rows of the table of next moves.
    #[arg(long, value_name = "N", default_value_t = 20)]
    top: usize,
    #[command(flatten)]
    filters: FilterArgs,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
}

/// Whether `path` is an index (it starts with the index's magic).
fn is_index(path: &std::path::Path) -> bool {
    let mut head = [0; 8];
    std::fs::File::open(path)
        .and_then(|mut file| io::Read::read_exact(&mut file, &mut head))
        .is_ok_and(|()| head == MAGIC)
}

/// Runs `sgf search`.
pub fn main(args: &SearchArgs, common: &Common) -> Status {
    let pattern = match std::fs::read(&args.pattern) {
        Ok(bytes) => match Pattern::from_sgf(&bytes) {
            Ok(pattern) => pattern,
            Err(err) => return trouble(&format!("{}: {err}", args.pattern.display())),
        },
        Err(err) => return trouble(&format!("{}: {err}", args.pattern.display())),
    };
    let options = match options(args, common) {
        Ok(options) => options,
        Err(message) => return trouble(&message),
    };
    let started = Instant::now();
    let (results, names, status) = match &args.paths[..] {
        [path] if is_index(path) => match from_index(path, &pattern, &options) {
            Ok((results, names)) => (results, names, Status::Ok),
            Err(message) => return trouble(&message),
        },
        paths => scan(paths, &pattern, &options, args, common),
    };
    let elapsed = started.elapsed().as_secs_f64();
    let written = if args.json {
        write_json(&results, &names)
    } else {
        write_table(&results, &names, args.top)
    };
    if let Err(err) = written {
        if err.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("sgf: cannot write the output: {err}");
        }
        return Status::Trouble;
    }
    if !common.quiet {
        eprintln!(
            "{} games match, of {} searched, in {elapsed:.3} s",
            results.hits.len(),
            results.games
        );
    }
    status
}

/// The search's options: `--colors`, the threads of `--jobs`, the
/// filters.
fn options(args: &SearchArgs, common: &Common) -> Result<SearchOptions, String> {
    let threads = common.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |jobs| jobs as usize,
    );
    let options = SearchOptions::new().colors(args.colors).threads(threads);
    options
        .with_filter(args.filters.filter())
        .map_err(|err| match err {
            IndexError::NotStored { filter } => format!("--{}: {err}", filter.replace('_', "-")),
            err => err.to_string(),
        })
}

/// The results from the index at `path`, and its files' names.
fn from_index(
    path: &std::path::Path,
    pattern: &Pattern,
    options: &SearchOptions,
) -> Result<(SearchResults, Vec<String>), String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|err| format!("{name}: {err}"))?;
    let index = Index::from_bytes(&bytes).map_err(|err| format!("{name}: {err}"))?;
    let results = index
        .search(pattern, options)
        .map_err(|err| format!("{name}: {err}"))?;
    let names = (0..index.files() as u32)
        .map(|file| index.file_name(file).map(str::to_string))
        .collect::<Result<_, _>>()
        .map_err(|err| format!("{name}: {err}"))?;
    Ok((results, names))
}

/// The results of a scan of `paths`, and the inputs' names.
fn scan(
    paths: &[PathBuf],
    pattern: &Pattern,
    options: &SearchOptions,
    args: &SearchArgs,
    common: &Common,
) -> (SearchResults, Vec<String>, Status) {
    let mut scanner = Scanner::with_options(pattern, options);
    let mut names = Vec::new();
    let (totals, counts): (_, Counts) =
        each_record(paths, args.strictness.policy(), common, |item| match item {
            Item::File(name) => names.push(name.to_string()),
            Item::Game(file, index, Some(record)) => drop(scanner.push(file, index, &record)),
            Item::Game(_, _, None) => {}
        });
    (
        scanner.finish(),
        names,
        crate::check::status(&totals, counts),
    )
}

/// A move in SGF letters (`pd`), or `pass`.
fn letters(played: Move) -> String {
    match played {
        Move::Play(point) => point.to_string(),
        Move::Pass => "pass".to_string(),
    }
}

fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// The table of next moves, then a line per game.
fn write_table(results: &SearchResults, names: &[String], top: usize) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let continuations = results.continuations();
    writeln!(out, "next  color  games  Black wins  White wins")?;
    for c in continuations.iter().take(top) {
        writeln!(
            out,
            "{:<5} {:<6} {:>5}  {:>9.1}%  {:>9.1}%",
            letters(c.played),
            color_letter(c.color),
            c.count,
            100.0 * c.black_share(),
            100.0 * c.white_share()
        )?;
    }
    if continuations.len() > top {
        writeln!(out, "({} more next moves)", continuations.len() - top)?;
    }
    writeln!(out)?;
    for hit in &results.hits {
        let found = hit.found;
        let next = found.next.map_or("none".to_string(), |(color, played)| {
            format!("{}[{}]", color_letter(color), letters(played))
        });
        let swapped = if found.colors_swapped {
            " colors swapped"
        } else {
            ""
        };
        writeln!(
            out,
            "{} #{} move {} symmetry {}{swapped} next {next}",
            name(names, hit),
            hit.index,
            found.moves,
            found.symmetry
        )?;
    }
    out.flush()
}

fn name<'a>(names: &'a [String], hit: &Hit) -> &'a str {
    names.get(hit.file as usize).map_or("?", String::as_str)
}

/// One JSON object per game.
fn write_json(results: &SearchResults, names: &[String]) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for hit in &results.hits {
        let next = match hit.found.next {
            Some((_, Move::Play(point))) => format!("[{},{}]", point.col, point.row),
            _ => "null".to_string(),
        };
        let file = serde_json::Value::from(name(names, hit));
        let line = format!(
            "{{\"file\":{file},\"game\":{},\"move\":{},\"symmetry\":{},\"colors_swapped\":{},\"next\":{next}}}",
            hit.index, hit.found.moves, hit.found.symmetry, hit.found.colors_swapped
        );
        writeln!(out, "{line}")?;
    }
    out.flush()
}
