//! `sgf render`: a picture of a position of a game, as SVG or PNG; with
//! `--all-moves`, one picture per move into a folder.

use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use sgf_go::render::{Animation, Coordinates, Diagram, Position, Style};
use sgf_go::ReplayOptions;
use sgf_stream::tree::Node;
use sgf_stream::{ReaderBuilder, SgfTree};

use crate::inplace::Staged;
use crate::{Common, Status};

/// Arguments of `sgf render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The SGF file (`.sgf`, `.sgf.gz`, or `-` for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The game of the file, from 0.
    #[arg(long, value_name = "N", default_value_t = 0)]
    game: usize,
    /// The position after move N (passes count); 0 is the start, with
    /// the setup stones of the nodes before the first move. Default: the
    /// end of the line.
    #[arg(long, value_name = "N", conflicts_with = "all_moves")]
    r#move: Option<u32>,
    /// The line to follow: at each fork, the variation to take (0 is the
    /// main line), e.g. `1.0.2`; after the last number, the main line.
    #[arg(long, value_name = "N.N...", value_parser = parse_path)]
    path: Option<Variations>,
    /// svg or png (default: from OUT's extension, else svg).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The picture's longer side, in pixels.
    #[arg(long, value_name = "PX", default_value_t = 600,
          value_parser = clap::value_parser!(u32).range(16..=4096))]
    size: u32,
    /// Numbers on the stones of moves FROM to TO (`FROM..TO`, both
    /// included; `FROM..` to the position's move).
    #[arg(long, value_name = "FROM..TO", value_parser = parse_numbers)]
    numbers: Option<(u32, Option<u32>)>,
    /// The board's look.
    #[arg(long, value_enum, default_value = "wood")]
    style: StyleArg,
    /// Where the coordinates go.
    #[arg(long, value_enum, default_value = "two")]
    coordinates: CoordinatesArg,
    /// The picture to write (`-` for standard output); with --all-moves,
    /// the folder to write one picture per move into.
    #[arg(short, long, value_name = "OUT", required = true)]
    out: PathBuf,
    /// One picture per position of the line: the start, then after each
    /// move, as `OUT/<file>-<move>.<format>`.
    #[arg(long)]
    all_moves: bool,
    /// One animated PNG (APNG) of every position of the line, the start
    /// and each move, written to OUT.
    #[arg(long, conflicts_with_all = ["all_moves", "move", "format"])]
    animate: bool,
    /// With --animate: milliseconds per position.
    #[arg(long, value_name = "MS", default_value_t = 800)]
    delay: u16,
    /// Replace pictures that exist already.
    #[arg(long)]
    force: bool,
}

/// A picture format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Svg,
    Png,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum StyleArg {
    Wood,
    Book,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum CoordinatesArg {
    None,
    Two,
    Four,
}

/// The variation to take at each fork, from `--path`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Variations(Vec<usize>);

/// `1.0.2` as variation numbers.
fn parse_path(text: &str) -> Result<Variations, String> {
    text.split('.')
        .map(|part| {
            part.parse()
                .map_err(|_| format!("{part:?} is not a variation number"))
        })
        .collect::<Result<_, _>>()
        .map(Variations)
}

/// `FROM..TO` or `FROM..` as move numbers.
fn parse_numbers(text: &str) -> Result<(u32, Option<u32>), String> {
    let bad = || format!("{text:?} is not FROM..TO (move numbers, e.g. 1..50)");
    let (from, to) = text.split_once("..").ok_or_else(bad)?;
    let from = from.parse().map_err(|_| bad())?;
    let to = match to.trim_start_matches('=') {
        "" => None,
        to => Some(to.parse().map_err(|_| bad())?),
    };
    Ok((from, to))
}

/// What went wrong, and the status it gives.
struct Failure(Status, String);

fn usage(message: String) -> Failure {
    Failure(Status::Trouble, message)
}

/// Runs `sgf render`.
pub fn main(args: &RenderArgs, common: &Common) -> Status {
    match render(args, common) {
        Ok(()) => Status::Ok,
        Err(Failure(status, message)) => {
            eprintln!("sgf render: {message}");
            status
        }
    }
}

fn render(args: &RenderArgs, common: &Common) -> Result<(), Failure> {
    let tree = read_game(&args.file, args.game)?;
    let line = line_of(&tree, args.path.as_ref().map_or(&[], |p| &p.0[..]))?;
    let format = args.format.unwrap_or_else(|| format_of(&args.out));
    if args.animate {
        let mut animation = Animation::new(args.delay);
        each_position(&line, |position| {
            let diagram = diagram(position, args);
            animation
                .push(&diagram)
                .map_err(|err| usage(err.to_string()))
        })?;
        let apng = animation.finish().map_err(|err| usage(err.to_string()))?;
        return write_out(&args.out, &apng, args.force);
    }
    if !args.all_moves {
        let position = replay(&line, args.r#move)?;
        let picture = picture(&position, args, format)?;
        return write_out(&args.out, &picture, args.force);
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|err| usage(format!("{}: {err}", args.out.display())))?;
    let stem = file_stem(&args.file);
    let ext = if format == Format::Png { "png" } else { "svg" };
    let mut written = 0;
    each_position(&line, |position| {
        let number = position.moves().last().map_or(0, |m| m.number);
        let name = args.out.join(format!("{stem}-{number:04}.{ext}"));
        written += 1;
        write_out(&name, &picture(position, args, format)?, args.force)
    })?;
    if !common.quiet {
        eprintln!("sgf render: {written} pictures in {}", args.out.display());
    }
    Ok(())
}

/// Calls `each` with the start position of `line`, then with the
/// position after each node that plays a move.
fn each_position(
    line: &[Node<'_>],
    mut each: impl FnMut(&Position) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut position = replay(line, Some(0))?;
    each(&position)?;
    for node in line.iter().skip(position.game().nodes()) {
        let step = position
            .play_node(node)
            .map_err(|err| game_error(err.to_string()))?;
        if step.played.is_some() {
            each(&position)?;
        }
    }
    Ok(())
}

fn game_error(message: String) -> Failure {
    Failure(Status::Errors, message)
}

/// Game `index` of `file`, read leniently (repairs are made silently).
fn read_game(file: &Path, index: usize) -> Result<SgfTree, Failure> {
    let io_error = |err: io::Error| usage(format!("{}: {err}", file.display()));
    let mut bytes = Vec::new();
    if file == Path::new("-") {
        io::stdin().read_to_end(&mut bytes).map_err(io_error)?;
    } else {
        bytes = std::fs::read(file).map_err(io_error)?;
    }
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut plain = Vec::new();
        flate2::read::MultiGzDecoder::new(&bytes[..])
            .read_to_end(&mut plain)
            .map_err(io_error)?;
        bytes = plain;
    }
    let parsed = ReaderBuilder::new()
        .lenient(true)
        .read_collection(&bytes)
        .map_err(|err| game_error(format!("{}: {err}", file.display())))?;
    let count = parsed.trees.len();
    parsed.trees.into_iter().nth(index).ok_or_else(|| {
        game_error(format!(
            "{}: no game {index} (it has {count}, from 0)",
            file.display()
        ))
    })
}

/// The nodes of the line that `path` names: at each fork the variation
/// it says, then the first child.
fn line_of<'t>(tree: &'t SgfTree, path: &[usize]) -> Result<Vec<Node<'t>>, Failure> {
    let mut line = vec![tree.root()];
    let mut choices = path.iter();
    let mut fork = 0;
    loop {
        let children = line[line.len() - 1].children();
        let pick = match children.len() {
            0 => break,
            1 => 0,
            count => {
                fork += 1;
                let pick = choices.next().copied().unwrap_or(0);
                if pick >= count {
                    return Err(usage(format!(
                        "--path: fork {fork} (node {}) has variations 0 to {}, not {pick}",
                        line.len(),
                        count - 1
                    )));
                }
                pick
            }
        };
        line.push(children[pick]);
    }
    if let Some(extra) = choices.next() {
        return Err(usage(format!(
            "--path: the line has {fork} forks, no fork for {extra}"
        )));
    }
    Ok(line)
}

/// The position after move `number` of `line` (the end with `None`).
fn replay(line: &[Node<'_>], number: Option<u32>) -> Result<Position, Failure> {
    let options = ReplayOptions::new()
        .lenient(true)
        .check_turn(false)
        .rules_from_game(true);
    let position = Position::at_move(line.iter().copied(), number, options)
        .map_err(|err| game_error(err.to_string()))?;
    let played = position.moves().len();
    match number {
        Some(n) if n > 0 && position.moves().last().map_or(0, |m| m.number) < n => Err(game_error(
            format!("--move {n}: the line has {played} moves"),
        )),
        _ => Ok(position),
    }
}

/// The diagram of `position` with the options of `args`.
fn diagram<'p>(position: &'p Position, args: &RenderArgs) -> Diagram<'p> {
    let mut diagram = position
        .diagram()
        .size_px(args.size)
        .style(match args.style {
            StyleArg::Wood => Style::Wood,
            StyleArg::Book => Style::Book,
        })
        .coordinates(match args.coordinates {
            CoordinatesArg::None => Coordinates::None,
            CoordinatesArg::Two => Coordinates::Two,
            CoordinatesArg::Four => Coordinates::Four,
        });
    if let Some(range) = numbers(args.numbers, position) {
        diagram = diagram.numbers(range);
    }
    diagram
}

/// The picture of `position` with the options of `args`.
fn picture(position: &Position, args: &RenderArgs, format: Format) -> Result<Vec<u8>, Failure> {
    let diagram = diagram(position, args);
    match format {
        Format::Svg => Ok(diagram.to_svg().into_bytes()),
        Format::Png => diagram
            .to_png()
            .map_err(|err| Failure(Status::Trouble, err.to_string())),
    }
}

/// The range of move numbers to show, `FROM..` ending at the position.
fn numbers(asked: Option<(u32, Option<u32>)>, position: &Position) -> Option<RangeInclusive<u32>> {
    let (from, to) = asked?;
    let last = position.moves().last().map_or(0, |m| m.number);
    Some(from..=to.unwrap_or(last))
}

/// The format that `out`'s extension names.
fn format_of(out: &Path) -> Format {
    match out.extension() {
        Some(ext) if ext.eq_ignore_ascii_case("png") => Format::Png,
        _ => Format::Svg,
    }
}

/// The name of the pictures of `--all-moves`: the file's, without `.sgf`
/// or `.sgf.gz`.
fn file_stem(file: &Path) -> String {
    let name = file
        .file_name()
        .map_or("stdin".into(), |n| n.to_string_lossy().into_owned());
    let lower = name.to_ascii_lowercase();
    let cut = [".sgf.gz", ".sgf", ".gz"]
        .iter()
        .find(|ext| lower.ends_with(*ext))
        .map_or(0, |ext| ext.len());
    match &name[..name.len() - cut] {
        "-" | "" => "game".to_string(),
        stem => stem.to_string(),
    }
}

/// Writes `bytes` to `out` in one step (standard output for `-`); an
/// existing file is kept unless `force`.
fn write_out(out: &Path, bytes: &[u8], force: bool) -> Result<(), Failure> {
    let io_error = |err: io::Error| usage(format!("{}: {err}", out.display()));
    if out == Path::new("-") {
        let mut stdout = io::stdout().lock();
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(io_error);
    }
    if !force && out.symlink_metadata().is_ok() {
        return Err(usage(format!(
            "{} exists; --force replaces it",
            out.display()
        )));
    }
    let mut staged = Staged::new(out).map_err(io_error)?;
    staged.write(bytes).map_err(io_error)?;
    staged.commit().map_err(io_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_ranges_parse() {
        assert_eq!(parse_path("1.0.2"), Ok(Variations(vec![1, 0, 2])));
        assert!(parse_path("1..2").is_err());
        assert_eq!(parse_numbers("3..40"), Ok((3, Some(40))));
        assert_eq!(parse_numbers("3..=40"), Ok((3, Some(40))));
        assert_eq!(parse_numbers("10.."), Ok((10, None)));
        assert!(parse_numbers("10").is_err());
        assert_eq!(file_stem(Path::new("a/Game.SGF.gz")), "Game");
        assert_eq!(file_stem(Path::new("-")), "game");
    }

    #[test]
    fn a_path_picks_a_variation_at_each_fork() {
        let tree =
            sgf_stream::parse("(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))").unwrap();
        let moves = |path: &[usize]| -> Vec<String> {
            line_of(&tree, path)
                .unwrap_or_else(|Failure(_, m)| panic!("{m}"))
                .iter()
                .filter_map(|n| Some(n.get("W")?.first()?.to_string()))
                .collect()
        };
        assert_eq!(moves(&[]), ["bb", "dd"]);
        assert_eq!(moves(&[0, 1]), ["bb", "ee"]);
        assert_eq!(moves(&[1]), ["ff"]);
        assert!(line_of(&tree, &[2]).is_err());
        assert!(line_of(&tree, &[1, 0]).is_err());
    }
}
