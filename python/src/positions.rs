//! The positions of a game's main line, replayed by the library's Go
//! board (`sgf_stream::go`): one plane of `i8` per position (1 a black
//! stone, -1 a white one, 0 empty), written with `Board::write_plane`
//! into one buffer.

use sgf_go::{Game, GoNode, ReplayOptions};
use sgf_stream::event::PropIdent;
use sgf_stream::{Event, Parser, RawValues};

use crate::data::{GameData, Nodes};
use crate::tree::main_line_tree;

/// The planes of a game's main line: the board before its first move,
/// then after each node that plays a move (so one more than the moves,
/// but for a node holding several); a game without moves gives its last
/// position. Row by row from the top left.
#[derive(Debug, Default)]
pub struct Planes {
    pub data: Vec<i8>,
    pub count: usize,
    pub rows: usize,
    pub cols: usize,
}

/// Replays nodes and keeps the planes.
struct Recorder {
    game: Game,
    planes: Planes,
    /// The board after the last node, written: the plane before the
    /// first move once one comes.
    last: Vec<i8>,
    moved: bool,
}

impl Recorder {
    fn new() -> Self {
        let options = ReplayOptions::new()
            .lenient(true)
            .rules_from_game(true)
            .check_turn(false);
        Recorder {
            game: Game::new(options),
            planes: Planes::default(),
            last: Vec::new(),
            moved: false,
        }
    }

    /// Plays one node of the main line.
    fn node<N: GoNode + ?Sized>(&mut self, node: &N) -> Result<(), String> {
        let step = self.game.play_node(node).map_err(|err| err.to_string())?;
        let board = self.game.board();
        let size = board.size();
        let area = usize::from(size.cols) * usize::from(size.rows);
        self.planes.rows = usize::from(size.rows);
        self.planes.cols = usize::from(size.cols);
        let target = match (step.played.is_some(), self.moved) {
            (false, true) => return Ok(()),
            (false, false) => {
                self.last.clear();
                &mut self.last
            }
            (true, moved) => {
                if !moved {
                    // The board before the first move; the empty board
                    // when the root plays it.
                    self.moved = true;
                    self.last.resize(area, 0);
                    self.planes.data.append(&mut self.last);
                    self.planes.count += 1;
                }
                self.planes.count += 1;
                &mut self.planes.data
            }
        };
        let start = target.len();
        target.resize(start + area, 0);
        board
            .write_plane(&mut target[start..])
            .map_err(|err| err.to_string())
    }

    fn finish(mut self) -> Planes {
        if !self.moved {
            self.planes.data = self.last;
            self.planes.count = usize::from(!self.planes.data.is_empty());
        }
        self.planes
    }
}

/// The planes of `game`'s main line.
///
/// # Errors
/// A replay error (a broken `SZ`, say), as text.
pub fn planes(game: &GameData) -> Result<Planes, String> {
    let mut recorder = Recorder::new();
    match &game.nodes {
        Nodes::Text(text, _) => replay_text(text, &mut recorder)?,
        Nodes::Built(arena) => {
            for node in main_line_tree(arena).main_line() {
                recorder.node(&node)?;
            }
        }
    }
    Ok(recorder.finish())
}

/// Replays the main line of the game text `text` from its events.
fn replay_text(text: &[u8], recorder: &mut Recorder) -> Result<(), String> {
    let mut node: Vec<(PropIdent<'_>, RawValues<'_>)> = Vec::new();
    let mut started = false;
    for event in Parser::new(text) {
        match event.map_err(|err| err.to_string())? {
            // The main line goes on into the first variation, up to the
            // first `)`.
            Event::EndGameTree => break,
            Event::StartGameTree => {}
            Event::Node => {
                if started {
                    recorder.node(&node[..])?;
                    node.clear();
                }
                started = true;
            }
            Event::Property(ident, values) => node.push((ident, values)),
        }
    }
    if started {
        recorder.node(&node[..])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use bytes::Bytes;
    use sgf_go::{Board, ReplayOptions};

    use super::*;
    use crate::summary::games_of;
    use crate::tree::game_data;

    /// The planes of `text`'s one game, read from its text and from the
    /// library's tree; both must agree.
    fn both(text: &str) -> Planes {
        let input = Bytes::from(text.to_string());
        let game = games_of(&input, "UTF-8", false).unwrap().pop().unwrap();
        let from_text = planes(&game).unwrap();
        let tree = game_data(sgf_stream::parse(text).unwrap(), "UTF-8");
        let from_tree = planes(&tree).unwrap();
        assert_eq!(from_text.data, from_tree.data);
        assert_eq!(
            (from_text.count, from_text.rows, from_text.cols),
            (from_tree.count, from_tree.rows, from_tree.cols)
        );
        from_text
    }

    fn diagrams(planes: &Planes) -> Vec<Vec<i8>> {
        planes
            .data
            .chunks(planes.rows * planes.cols)
            .map(<[i8]>::to_vec)
            .collect()
    }

    fn plane(diagram: &str) -> Vec<i8> {
        let board = Board::from_diagram(diagram).unwrap();
        let size = board.size();
        let mut plane = vec![0; usize::from(size.cols) * usize::from(size.rows)];
        board.write_plane(&mut plane).unwrap();
        plane
    }

    #[test]
    fn setup_then_a_plane_after_each_move_with_captures() {
        let planes = both("(;SZ[3]AB[aa]C[x];W[ab](;B[cc];W[ba])(;B[bb]))");
        assert_eq!((planes.count, planes.rows, planes.cols), (4, 3, 3));
        assert_eq!(
            diagrams(&planes),
            [
                plane("X..\n...\n..."),
                plane("X..\nO..\n..."),
                plane("X..\nO..\n..X"),
                plane(".O.\nO..\n..X"),
            ]
        );
    }

    #[test]
    fn passes_moves_in_the_root_and_games_without_moves() {
        let planes = both("(;SZ[2:3]B[aa];W[];B[bc])");
        assert_eq!((planes.count, planes.rows, planes.cols), (4, 3, 2));
        let expected = [".", "X.\n..\n..", "X.\n..\n..", "X.\n..\n.X"];
        assert_eq!(diagrams(&planes)[0], [0; 6]);
        for (got, want) in diagrams(&planes).iter().zip(expected).skip(1) {
            assert_eq!(got, &plane(want));
        }
        let still = both("(;SZ[2]AW[ab];C[no move])");
        assert_eq!(still.count, 1);
        assert_eq!(diagrams(&still), [plane("..\nO.")]);
    }

    #[test]
    fn the_last_plane_is_the_library_replay_of_the_main_line() {
        let text = "(;SZ[5]AB[bb][cb];W[ba];B[ca];W[ab];B[aa];W[bc];B[dd];W[cc];B[db];W[da])";
        let planes = both(text);
        let tree = sgf_stream::parse(text).unwrap();
        let options = ReplayOptions::new().lenient(true).rules_from_game(true);
        let game = options.replay(tree.main_line()).run().unwrap();
        let mut last = vec![0; 25];
        game.board().write_plane(&mut last).unwrap();
        assert_eq!(diagrams(&planes).last().unwrap(), &last);
        assert_eq!(planes.count, 10);
    }
}
