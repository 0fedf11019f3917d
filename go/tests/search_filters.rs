//! Searches with a filter: hand-written games of known players, ranks,
//! dates, results, komi and handicap give, under each filter, the hits
//! worked out by hand, the same from the scan and from the index, and
//! those of the library's `Filter` on the games' trees (`GameFacts::of`,
//! what `sgf select` reads); on the shared corpus, the facts a search
//! reads from the index are those of the trees.

#[path = "../../tests/common/mod.rs"]
mod common;

use sgf_go::search::{
    GameRecord, Index, IndexBuilder, IndexError, Pattern, Scanner, SearchOptions, VERSION,
};
use sgf_stream::game::{Date, Filter, GameFacts, Rank, Reason};
use sgf_stream::typed::{BoardSize, Color};
use sgf_stream::{ReaderBuilder, SgfTree};

/// Games 0 to 5 hold Black's 4-4 point in the upper right corner, the
/// rest of it empty: at move 1, or at the start (game 3's handicap).
/// Game 6 never does.
const GAMES: [&str; 7] = [
    "(;PB[Lee Sedol]BR[9p]PW[AlphaGo]WR[9p]RE[W+R]DT[2016-03-09]KM[7.5];B[pd];W[dd];B[pp])",
    "(;PB[Ke Jie]BR[9p]PW[Iyama Yuta]WR[9p]RE[B+0.5]DT[2017-05-23]KM[750];B[pd];W[dp])",
    "(;PB[kaaka46]BR[9d]PW[Lee Changho]WR[8d]RE[B+T]DT[2005-11-02]KM[6.5]HA[0];B[pd];W[qf];B[nc];W[rd])",
    "(;PB[amateur]BR[3k]PW[teacher]WR[2d]RE[W+12.5]DT[1996-05-06,07]HA[2]KM[0.5]AB[pd][dp];W[qf];B[nc])",
    "(;B[pd];W[dd])",
    "(;PB[Cho U]BR[P9段]PW[Lee Sedol]WR[9段]RE[黑中盘胜]DT[2016-03]KM[6目半];B[pd];W[cc];B[])",
    "(;PB[Lee Sedol]BR[9p]PW[Lee Changho]WR[9p]RE[B+R]DT[2016-03-10]KM[7.5];B[jj];W[kk])",
];

const PATTERN: &[u8] = b"(;SZ[19]AB[pd]VW[ka:si])";

fn trees() -> Vec<SgfTree> {
    GAMES
        .iter()
        .map(|g| sgf_stream::parse(g).unwrap())
        .collect()
}

fn rank(text: &str) -> Rank {
    text.parse().unwrap()
}

fn date(text: &str) -> Date {
    Date::parse(text).unwrap()
}

/// The filters, each with the games it leaves as hits, worked out by
/// hand from [`GAMES`].
fn cases() -> Vec<(&'static str, Filter, Vec<u64>)> {
    let f = Filter::new;
    vec![
        ("none", f(), vec![0, 1, 2, 3, 4, 5]),
        ("player lee", f().player("lee"), vec![0, 2, 5]),
        ("black lee", f().black("LEE"), vec![0]),
        ("white lee", f().white("lee"), vec![2, 5]),
        (
            "exact player",
            f().player("lee sedol").exact_names(true),
            vec![0, 5],
        ),
        ("exact part", f().player("lee").exact_names(true), vec![]),
        // P9段 is 9p, an unmarked 9段 is 9d.
        ("min 9d", f().min_rank(rank("9d")), vec![0, 1, 5]),
        ("min 1p", f().min_rank(rank("1p")), vec![0, 1]),
        ("max 9d", f().max_rank(rank("9d")), vec![2, 3]),
        (
            "1k to 9d",
            f().min_rank(rank("1k")).max_rank(rank("9d")),
            vec![2],
        ),
        ("black won", f().winner(Color::Black), vec![1, 2, 5]),
        ("white won", f().winner(Color::White), vec![0, 3]),
        ("resign", f().reason(Reason::Resign), vec![0, 5]),
        ("time", f().reason(Reason::Time), vec![2]),
        ("score", f().reason(Reason::Score), vec![1, 3]),
        ("from 2016", f().date_from(date("2016")), vec![0, 1, 5]),
        ("to 2005-12", f().date_to(date("2005-12")), vec![2, 3]),
        (
            "March 2016",
            f().date_from(date("2016-03")).date_to(date("2016-03")),
            vec![0, 5],
        ),
        ("komi 7.5 (750)", f().komi(7.5), vec![0, 1]),
        ("komi 6.5 (6目半)", f().komi(6.5), vec![2, 5]),
        ("no handicap", f().handicap(0), vec![0, 1, 2, 4, 5]),
        ("handicap 2", f().handicap(2), vec![3]),
        (
            "19x19",
            f().size(BoardSize::square(19)),
            vec![0, 1, 2, 3, 4, 5],
        ),
        ("9x9", f().size(BoardSize::square(9)), vec![]),
        // Game 5's pass counts as a move.
        ("3 moves or more", f().min_moves(3), vec![0, 2, 5]),
        ("2 moves or fewer", f().max_moves(2), vec![1, 3, 4]),
        (
            "lee, White won",
            f().player("lee").winner(Color::White),
            vec![0],
        ),
    ]
}

/// The hits' games and their next moves counted, from a scan and from
/// the index of `records`, after asserting that the two agree.
fn search(pattern: &Pattern, records: &[GameRecord], filter: &Filter) -> (Vec<u64>, u64) {
    let options = SearchOptions::new()
        .threads(2)
        .with_filter(filter.clone())
        .unwrap();
    let mut scanner = Scanner::with_options(pattern, &options);
    let mut builder = IndexBuilder::new();
    let file = builder.add_file("games.sgf");
    for (i, record) in records.iter().enumerate() {
        scanner.push(file, i as u32, record);
        builder.push(file, i as u64, record);
    }
    let scanned = scanner.finish();
    let bytes = builder.to_bytes();
    let searched = Index::from_bytes(&bytes)
        .unwrap()
        .search(pattern, &options)
        .unwrap();
    assert_eq!(scanned, searched, "the scan and the index");
    assert_eq!(searched.games, records.len() as u64);
    let games = searched.hits.iter().map(|hit| hit.game).collect();
    let next = searched.continuations().iter().map(|c| c.count).sum();
    (games, next)
}

#[test]
fn every_filter_gives_the_hits_worked_out_by_hand() {
    let trees = trees();
    let records: Vec<GameRecord> = trees
        .iter()
        .map(|t| GameRecord::from_tree(t).unwrap())
        .collect();
    let pattern = Pattern::from_sgf(PATTERN).unwrap();
    for (name, filter, expected) in cases() {
        let (hits, next) = search(&pattern, &records, &filter);
        assert_eq!(hits, expected, "{name}");
        // Every hit has a next move; those of the other games are not
        // counted.
        assert_eq!(next, expected.len() as u64, "{name}: continuations");
        // The library's filter on the trees, as `sgf select` reads them,
        // keeps the same games among those that match.
        let unfiltered = search(&pattern, &records, &Filter::new()).0;
        let selected: Vec<u64> = unfiltered
            .into_iter()
            .filter(|&i| filter.matches(&GameFacts::of(&trees[i as usize])))
            .collect();
        assert_eq!(selected, expected, "{name}: the filter on the trees");
    }
}

#[test]
fn the_shares_of_wins_count_only_the_games_kept() {
    let records: Vec<GameRecord> = trees()
        .iter()
        .map(|t| GameRecord::from_tree(t).unwrap())
        .collect();
    // The pattern with White's 3-4 point below it: games 2 (qf at move 2,
    // won by Black) and 3 (qf at move 1 after the handicap, won by
    // White).
    let pattern = Pattern::from_sgf(b"(;SZ[19]AB[pd]AW[qf]VW[ka:si])").unwrap();
    let options = |filter: Filter| SearchOptions::new().with_filter(filter).unwrap();
    let index_bytes = {
        let mut builder = IndexBuilder::new();
        let file = builder.add_file("games.sgf");
        for (i, record) in records.iter().enumerate() {
            builder.push(file, i as u64, record);
        }
        builder.to_bytes()
    };
    let index = Index::from_bytes(&index_bytes).unwrap();
    let all = index.search(&pattern, &options(Filter::new())).unwrap();
    let next = all.continuations();
    assert_eq!(next.len(), 1, "B[nc] in both");
    assert_eq!(
        (next[0].count, next[0].black_wins, next[0].white_wins),
        (2, 1, 1)
    );
    let amateurs = index
        .search(&pattern, &options(Filter::new().max_rank(rank("2d"))))
        .unwrap();
    let next = amateurs.continuations();
    assert_eq!(amateurs.hits.len(), 1);
    assert_eq!(
        (next[0].count, next[0].black_wins, next[0].white_wins),
        (1, 0, 1)
    );
}

#[test]
fn a_filter_on_properties_is_refused() {
    let err = SearchOptions::new()
        .with_filter(Filter::new().player("Lee").has("C"))
        .unwrap_err();
    assert!(matches!(err, IndexError::NotStored { filter: "has" }));
    assert!(err.to_string().contains("`has`"), "{err}");
}

#[test]
fn an_index_of_version_1_is_refused_clearly() {
    let record = GameRecord::from_tree(&sgf_stream::parse(GAMES[0]).unwrap()).unwrap();
    let mut builder = IndexBuilder::new();
    let file = builder.add_file("a.sgf");
    builder.push(file, 0, &record);
    let mut bytes = builder.to_bytes();
    assert_eq!(VERSION, 2);
    assert_eq!(bytes[8..12], 2u32.to_le_bytes());
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    let err = Index::from_bytes(&bytes).unwrap_err();
    assert!(matches!(err, IndexError::Version { found: 1 }));
    let message = err.to_string();
    assert!(
        message.contains("version 1") && message.contains("index the games again"),
        "{message}"
    );
}

/// On every game of the shared corpus, what a search's filter reads of
/// the record, and of its game in an index, is what `GameFacts::of`
/// reads of the tree (which properties it uses and the times aside,
/// which the index does not keep and no filter reads).
#[test]
fn the_facts_in_the_index_are_those_of_the_trees() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let mut builder = IndexBuilder::new();
    let file = builder.add_file("corpus");
    let mut expected = Vec::new();
    let mut games = 0;
    for path in files {
        let data = std::fs::read(&path).unwrap();
        let Ok(parsed) = ReaderBuilder::new().lenient(true).read_collection(&data) else {
            continue;
        };
        for tree in &parsed.trees {
            let Ok(record) = GameRecord::from_tree(tree) else {
                continue;
            };
            let mut facts = record.facts();
            // No filter looks at properties or times, which the index
            // does not keep.
            let mut of_tree = GameFacts::of(tree);
            of_tree.props.clear();
            of_tree.normalized.time_limit = facts.normalized.time_limit;
            of_tree.normalized.overtime = facts.normalized.overtime;
            // The record's size is the board the game was replayed on.
            assert_eq!(
                facts.board_size(),
                of_tree.board_size(),
                "{}",
                path.display()
            );
            facts.size = of_tree.size;
            assert_eq!(facts, of_tree, "{}", path.display());
            builder.push(file, games, &record);
            expected.push(record.facts());
            games += 1;
        }
    }
    assert!(games > 3000, "{games} games");
    let bytes = builder.to_bytes();
    let index = Index::from_bytes(&bytes).unwrap();
    for (i, facts) in expected.iter().enumerate() {
        assert_eq!(&index.game(i).unwrap().facts(), facts, "game {i}");
    }
}
