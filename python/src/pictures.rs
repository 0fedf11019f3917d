//! Pictures of positions for `Game.svg`, `Game.png`, `Node.svg`,
//! `Node.png` and the notebooks' `_repr_svg_`: a line of the game
//! replayed with `sgf_go::render::Position`, drawn by its `Diagram`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use sgf_go::render::{Coordinates, Position, Style};
use sgf_go::ReplayOptions;

use crate::data::{GameData, NONE};
use crate::tree::line_tree;

/// The keyword options of the picture methods.
pub type Options<'py> = Option<&'py Bound<'py, PyDict>>;

/// What the `png` methods return.
pub type PyPng<'py> = PyResult<Bound<'py, PyBytes>>;

/// How a picture looks: the options of the Python methods, checked.
#[derive(Debug, Clone)]
pub struct Look {
    numbers: Option<(u32, u32)>,
    style: Style,
    coordinates: Coordinates,
    size: u32,
}

impl Look {
    /// The options as Python gives them.
    ///
    /// # Errors
    /// A style other than `wood` or `book`, coordinates other than
    /// `none`, `two` or `four`, a size outside 16 to 4096.
    pub fn new(
        numbers: Option<(u32, u32)>,
        style: &str,
        coordinates: &str,
        size: u32,
    ) -> Result<Look, String> {
        let style = match style {
            "wood" => Style::Wood,
            "book" => Style::Book,
            _ => return Err(format!("style must be \"wood\" or \"book\", not {style:?}")),
        };
        let coordinates = match coordinates {
            "none" => Coordinates::None,
            "two" => Coordinates::Two,
            "four" => Coordinates::Four,
            _ => {
                return Err(format!(
                    "coordinates must be \"none\", \"two\" or \"four\", not {coordinates:?}"
                ))
            }
        };
        if !sgf_go::render::SIZE_PX.contains(&size) {
            return Err(format!("size must be 16 to 4096 pixels, not {size}"));
        }
        Ok(Look {
            numbers,
            style,
            coordinates,
            size,
        })
    }

    /// The options given as keywords: `numbers`, `style`,
    /// `coordinates`, `size`.
    ///
    /// # Errors
    /// `TypeError` for another keyword or a value of the wrong type.
    pub fn from_options(options: Options<'_>) -> PyResult<Result<Look, String>> {
        let (mut numbers, mut style, mut coordinates, mut size) = (None, None, None, 600);
        for (key, value) in options.iter().flat_map(|d| d.iter()) {
            match key.extract::<String>()?.as_str() {
                "numbers" => numbers = value.extract()?,
                "style" => style = Some(value.extract::<String>()?),
                "coordinates" => coordinates = Some(value.extract::<String>()?),
                "size" => size = value.extract()?,
                other => return Err(PyTypeError::new_err(format!("no option {other:?}"))),
            }
        }
        let style = style.as_deref().unwrap_or("wood");
        Ok(Look::new(
            numbers,
            style,
            coordinates.as_deref().unwrap_or("two"),
            size,
        ))
    }

    /// The look of a board in a notebook.
    pub fn notebook() -> Result<Look, String> {
        Ok(Look {
            numbers: None,
            style: Style::Wood,
            coordinates: Coordinates::Two,
            size: 400,
        })
    }
}

/// Which position of a game: after a move of the main line, or after a
/// node.
#[derive(Debug, Clone, Copy)]
pub enum At {
    /// After move n of the main line (0: the start), or at its end.
    Move(Option<u32>),
    /// After the node of this index (pre-order), on the line to it.
    Node(u32),
}

/// The position `at` of `game`, replayed leniently (as `positions` is).
///
/// # Errors
/// A game that is not Go, or a move number past the end of the line.
pub fn position(game: &GameData, at: At) -> Result<Position, String> {
    let arena = game.arena();
    let (line, number) = match at {
        At::Move(number) => (arena.line_from(0), number),
        At::Node(node) => {
            let mut line = vec![node];
            let mut up = arena.nodes[node as usize].parent;
            while up != NONE {
                line.push(up);
                up = arena.nodes[up as usize].parent;
            }
            line.reverse();
            (line, None)
        }
    };
    let tree = line_tree(arena, &line);
    let options = ReplayOptions::new()
        .lenient(true)
        .rules_from_game(true)
        .check_turn(false);
    let position =
        Position::at_move(tree.main_line(), number, options).map_err(|e| e.to_string())?;
    let last = position.moves().last().map_or(0, |m| m.number);
    match number {
        Some(n) if n > last => Err(format!("move {n}: the main line has {last} moves")),
        _ => Ok(position),
    }
}

/// The picture of `position`: SVG text, or PNG bytes.
///
/// # Errors
/// Only if the PNG could not be made.
pub fn picture(position: &Position, look: &Look, png: bool) -> Result<Vec<u8>, String> {
    let mut diagram = position
        .diagram()
        .style(look.style)
        .coordinates(look.coordinates)
        .size_px(look.size);
    if let Some((from, to)) = look.numbers {
        diagram = diagram.numbers(from..=to);
    }
    if png {
        diagram.to_png().map_err(|err| err.to_string())
    } else {
        Ok(diagram.to_svg().into_bytes())
    }
}

/// The picture of position `at` of `game`, made without the GIL: SVG
/// text, or PNG bytes.
///
/// # Errors
/// `ValueError` for bad options, a game that is not Go, or a move past
/// the end.
pub fn draw(
    py: Python<'_>,
    game: &GameData,
    at: At,
    look: Result<Look, String>,
    png: bool,
) -> PyResult<Vec<u8>> {
    let look = look.map_err(PyValueError::new_err)?;
    py.detach(|| picture(&position(game, at)?, &look, png))
        .map_err(PyValueError::new_err)
}

/// SVG text as a Python string.
pub fn svg_text(bytes: Vec<u8>) -> String {
    // The writer writes UTF-8.
    String::from_utf8_lossy(&bytes).into_owned()
}

/// PNG bytes as Python bytes.
pub fn png_bytes(py: Python<'_>, bytes: Vec<u8>) -> Bound<'_, PyBytes> {
    PyBytes::new(py, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::game_data;

    fn game(text: &str) -> GameData {
        game_data(sgf_stream::parse(text).unwrap(), "UTF-8")
    }

    #[test]
    fn moves_and_nodes_name_positions() {
        let data = game("(;SZ[9]AB[cc];W[dd](;B[ee];W[ff])(;B[gg]))");
        let stones = |at| {
            let p = position(&data, at).unwrap();
            p.board().stones().count()
        };
        assert_eq!(stones(At::Move(Some(0))), 1);
        assert_eq!(stones(At::Move(None)), 4);
        // Node 4 is B[gg], the second variation.
        assert_eq!(stones(At::Node(4)), 3);
        assert!(position(&data, At::Move(Some(4))).is_err());
        let svg = picture(
            &position(&data, At::Node(4)).unwrap(),
            &Look::notebook().unwrap(),
            false,
        );
        assert!(String::from_utf8(svg.unwrap()).unwrap().starts_with("<svg"));
        assert!(Look::new(None, "paper", "two", 300).is_err());
        assert!(Look::new(None, "book", "two", 5).is_err());
    }
}
