//! Games and table rows for the tests of several modules.

use crate::columns::Columns;
use crate::data::GameData;
use crate::tree::game_data;

/// A game of `moves` pairs of moves with black's name, its komi not a
/// number when `warned`.
fn game(black: &str, moves: usize, warned: bool) -> GameData {
    let tree = sgf_stream::parse(format!(
        "(;PB[{black}]{}{})",
        if warned { "KM[x]" } else { "" },
        ";B[aa];W[bb]".repeat(moves)
    ))
    .unwrap();
    game_data(tree, "UTF-8")
}

/// Seven games, of 0 to 6 pairs of moves, every third warned.
pub(crate) fn games() -> Vec<GameData> {
    (0..7)
        .map(|at| game(&"b".repeat(at), at, at % 3 == 1))
        .collect()
}

/// The columns of `games`, pushed one by one, named `source`.
pub(crate) fn pushed(games: &[&GameData], source: &str, first: u64) -> Columns {
    let mut columns = Columns::new();
    for game in games {
        columns.push_game(game);
    }
    columns.name(Some(source), first);
    columns
}
