//! A game's main line replayed on a Go board, summed up as hashes: of
//! the moves and of the final position, each also up to the board's
//! symmetries. `sgf dedupe` groups games by them; `sgf json --hash`
//! prints them.

use sgf_go::{ReplayOptions, SequenceHash};
use sgf_stream::SgfTree;

/// What a game's main line comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Moves played, passes included.
    pub moves: u32,
    /// Stones on the board at the end.
    pub stones: u32,
    /// The moves in order (`SequenceHash::hash`).
    pub sequence: u64,
    /// The moves, the same for a game turned or mirrored.
    pub canonical_sequence: u64,
    /// The final position and side to move (`Board::hash`).
    pub position: u64,
    /// The final position, the same for a game turned or mirrored.
    pub canonical_position: u64,
}

/// Replays the main line of `tree` leniently (a broken move is played as
/// editors play it); `None` when the game is not Go.
pub fn outcome(tree: &SgfTree) -> Option<Outcome> {
    let options = ReplayOptions::new().lenient(true).check_turn(false);
    let mut replay = options.replay(tree.main_line());
    let mut sequence = None;
    while let Some(step) = replay.next() {
        let step = step.ok()?;
        // The root's step sets the board's size.
        let sequence = sequence.get_or_insert_with(|| SequenceHash::new(replay.board().size()));
        if let Some((color, played)) = step.played {
            sequence.push(color, played);
        }
    }
    let sequence = sequence?;
    let board = replay.board();
    Some(Outcome {
        moves: sequence.len(),
        stones: board.stone_count(sgf_stream::typed::Color::Black)
            + board.stone_count(sgf_stream::typed::Color::White),
        sequence: sequence.hash(),
        canonical_sequence: sequence.canonical(),
        position: board.hash(),
        canonical_position: board.canonical_hash(),
    })
}

/// A hash as JSON and text print it: 16 hexadecimal digits.
pub fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Writes the game's hashes as fields of its JSON object:
/// `,"final_hash":...,"canonical_hash":...,"moves_hash":...`, nulls for a
/// game that is not Go.
pub fn write_hashes(out: &mut Vec<u8>, tree: &SgfTree) {
    let field = |hash: Option<u64>| hash.map_or("null".to_string(), |h| format!("\"{}\"", hex(h)));
    let found = outcome(tree);
    let fields = format!(
        ",\"final_hash\":{},\"canonical_hash\":{},\"moves_hash\":{}",
        field(found.map(|o| o.position)),
        field(found.map(|o| o.canonical_position)),
        field(found.map(|o| o.canonical_sequence)),
    );
    out.extend_from_slice(fields.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mirrored_game_has_the_same_canonical_hashes_only() {
        let game = sgf_stream::parse("(;SZ[9];B[cc];W[gd];B[ce])").unwrap();
        let mirror = sgf_stream::parse("(;SZ[9];B[gc];W[cd];B[ge])").unwrap();
        let (a, b) = (outcome(&game).unwrap(), outcome(&mirror).unwrap());
        assert_eq!((a.moves, a.stones), (3, 3));
        assert_ne!(a.sequence, b.sequence);
        assert_ne!(a.position, b.position);
        assert_eq!(a.canonical_sequence, b.canonical_sequence);
        assert_eq!(a.canonical_position, b.canonical_position);
        assert!(outcome(&sgf_stream::parse("(;GM[3];B[aa])").unwrap()).is_none());
        assert_eq!(hex(255), "00000000000000ff");
    }
}
