//! Placing the problems of a replay stays linear in the input however
//! the game is cloned: clones made at a fork each place the problems of
//! their own line (an operation count, feature `work-count`, never a
//! timing).

#[cfg(not(feature = "work-count"))]
#[test]
fn replay_work_needs_the_work_count_feature() {
    eprintln!("note: replay work checks skipped; run `cargo test --all-features`");
}

#[cfg(feature = "work-count")]
mod counted {
    use sgf_go::{Game, ReplayOptions};
    use sgf_stream::read::LineCounter;
    use sgf_stream::CompactTree;

    /// Work per input byte of replaying each node of a line of `n`
    /// illegal moves (each on the root's stone) in its own clone of the
    /// game at the root, and the problems' positions checked.
    fn clones_work_per_byte(n: usize) -> f64 {
        let input = format!("(;SZ[19]AB[aa]\n{})", ";B[aa]\n".repeat(n));
        let tree = CompactTree::from_bytes(input.clone().into_bytes()).unwrap();
        let root = tree.root().unwrap();
        let mut game: Game = ReplayOptions::new().lenient(true).game();
        game.play_node(&root).unwrap();
        let (positions, work) = sgf_stream::work::measure(|| {
            let clones = root.main_line().skip(1).map(|node| {
                let mut clone = game.clone();
                let _ = clone.play_node(&node);
                clone
                    .take_warnings()
                    .first()
                    .and_then(|problem| problem.position)
            });
            clones.collect::<Vec<_>>()
        });
        assert_eq!(positions.len(), n);
        // Each problem is at its node's `;`, on line 2 onwards.
        for (k, position) in positions.into_iter().enumerate() {
            let position = position.expect("a problem with its position");
            let at = input.match_indices(';').nth(k + 1).unwrap().0;
            let mut counter = LineCounter::default();
            counter.advance(&input.as_bytes()[..at]);
            assert_eq!(position, counter.position(), "node {}", k + 1);
        }
        work as f64 / input.len() as f64
    }

    #[test]
    fn clones_at_a_fork_place_their_problems_in_linear_work() {
        let (small, large) = (clones_work_per_byte(2_000), clones_work_per_byte(8_000));
        assert!(
            large < small * 1.5 + 1.0 && large < 64.0,
            "{small:.1} then {large:.1} work per byte"
        );
    }
}
