"""sgf_stream.Index: building an index and searching it for patterns."""

import datetime
import os

import pytest

import sgf_stream

pa = pytest.importorskip("pyarrow")
np = pytest.importorskip("numpy")

# Game 0 plays Black's 3-3 point in a corner at move 1, game 1 in the
# opposite corner (turned 180 degrees), game 2 in the upper right corner
# at move 3 (and with the colours exchanged at move 2, White's cc).
FIRST = (
    "(;SZ[9]RE[B+R];B[cc];W[gg])(;SZ[9]RE[W+3];B[gg];W[cc];B[ee])"
    "(;SZ[9];B[ee];W[cc];B[gc];W[cg];B[gg])\n"
)
SECOND = "(;SZ[9]AB[gc];W[dd])\n"
PATTERN = "(;SZ[9]AB[cc]VW[aa:dd])"


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "a.sgf").write_text(FIRST)
    (tmp_path / "b.sgf").write_text(SECOND)
    return tmp_path


def test_hits_and_next_moves(folder):
    index = sgf_stream.Index.build([folder / "a.sgf", folder / "b.sgf"], folder / "games.idx")
    assert index.games == 4
    hits, next_moves = index.search(PATTERN)
    assert isinstance(hits, pa.Table)
    # Checked by hand: the symmetry turning the pattern onto the game, and
    # the next move turned back to the pattern's orientation.
    assert hits.column("game").to_pylist() == [0, 1, 2, 0]
    assert hits.column("move").to_pylist() == [1, 1, 3, 0]
    assert hits.column("symmetry").to_pylist() == [0, 2, 1, 1]
    assert hits.column("next_col").to_pylist() == [6, 6, 6, 3]
    assert hits.column("next_row").to_pylist() == [6, 6, 6, 5]
    assert hits.column("file").to_pylist()[3].endswith("b.sgf")
    first = next_moves.slice(0, 1).to_pylist()[0]
    assert first["color"] == "W" and (first["col"], first["row"]) == (6, 6)
    assert (first["count"], first["black_wins"], first["white_wins"]) == (3, 1, 1)
    swapped, _ = index.search(PATTERN, colors=True)
    assert swapped.column("colors_swapped").to_pylist() == [False, False, True, False]
    assert swapped.column("move").to_pylist()[2] == 2


def test_patterns_from_files_and_arrays_agree(folder):
    index = sgf_stream.Index.build(folder, folder / "games.idx")
    path = folder / "p.sgf"
    path.write_text(PATTERN)
    grid = np.zeros((9, 9), dtype=np.int8)
    grid[2, 2] = 1
    region = np.zeros((9, 9), dtype=bool)
    region[:4, :4] = True
    from_text = index.search(PATTERN).hits
    assert index.search(str(path)).hits.equals(from_text)
    assert index.search(grid, region=region).hits.equals(from_text)
    # Without a region, the whole board must match: the one stone alone,
    # which game 2 never has (its first move is ee).
    whole = index.search(grid).hits
    assert whole.column("game").to_pylist() == [0, 1, 0]
    assert whole.column("move").to_pylist() == [1, 1, 0]
    with pytest.raises(ValueError):
        index.search(np.full((9, 9), 5))


def test_an_index_is_replaced_only_when_asked(folder):
    path = folder / "games.idx"
    sgf_stream.Index.build(folder / "a.sgf", path)
    with pytest.raises(FileExistsError):
        sgf_stream.Index.build(folder / "b.sgf", path)
    assert sgf_stream.Index.build(folder / "b.sgf", path, append=True).games == 4
    assert sgf_stream.Index.build(folder / "b.sgf", path, force=True).games == 1
    assert sorted(os.listdir(folder)) == ["a.sgf", "b.sgf", "games.idx"]
    with pytest.raises(ValueError):
        sgf_stream.Index(folder / "a.sgf")


# Games 0 to 3 play Black's 3-3 point at move 1 in an empty corner; game
# 4 never does. Their players, ranks, results, dates, komi, handicap and
# lengths differ.
KNOWN = (
    "(;SZ[9]PB[Ann]BR[3d]PW[Bob]WR[1k]RE[B+R]DT[2020-01-05]KM[6.5];B[cc];W[gg])\n"
    "(;SZ[9]PB[Bob]BR[2d]PW[Cat]WR[2d]RE[W+3.5]DT[2021-07]KM[750]HA[0];B[cc];W[ee];B[gg])\n"
    "(;SZ[9]PB[Cat]BR[5k]PW[Ann]WR[3d]RE[W+T]DT[2019-12-31]KM[0.5]HA[2];B[cc];W[ef])\n"
    "(;SZ[9];B[cc];W[dd])\n"
    "(;SZ[9]PB[Ann]PW[Cat]RE[B+R]DT[2021-01-01]KM[6.5];B[ee];W[cc])\n"
)


@pytest.fixture
def known(tmp_path):
    (tmp_path / "known.sgf").write_text(KNOWN)
    return sgf_stream.Index.build(tmp_path / "known.sgf", tmp_path / "known.idx")


@pytest.mark.parametrize(
    "filters, expected",
    [
        # Worked out by hand from KNOWN.
        ({}, [0, 1, 2, 3]),
        ({"player": "ann"}, [0, 2]),
        ({"black": "BOB"}, [1]),
        ({"white": "cat", "exact_names": True}, [1]),
        ({"player": "an", "exact_names": True}, []),
        ({"min_rank": "2d"}, [1]),
        ({"max_rank": "3d"}, [0, 1, 2]),
        ({"winner": "W"}, [1, 2]),
        ({"reason": "time"}, [2]),
        ({"date_from": "2020", "date_to": "2021-06"}, [0]),
        ({"date_from": datetime.date(2020, 1, 6)}, [1]),
        ({"date_to": datetime.date(2020, 1, 5)}, [0, 2]),
        ({"komi": 6.5}, [0]),
        ({"komi": 7.5}, [1]),
        ({"handicap": 0}, [0, 1, 3]),
        ({"handicap": 2}, [2]),
        ({"size": 9}, [0, 1, 2, 3]),
        ({"size": (9, 9)}, [0, 1, 2, 3]),
        ({"size": 19}, []),
        ({"min_moves": 3}, [1]),
        ({"max_moves": 2}, [0, 2, 3]),
        ({"player": "ann", "winner": "B"}, [0]),
    ],
)
def test_filters_keep_the_games_worked_out_by_hand(known, filters, expected):
    hits, next_moves = known.search(PATTERN, **filters)
    assert hits.column("game").to_pylist() == expected
    # Every hit has a next move; those of the other games are not counted.
    assert sum(next_moves.column("count").to_pylist()) == len(expected)
    grid = np.zeros((9, 9), dtype=np.int8)
    grid[2, 2] = 1
    region = np.zeros((9, 9), dtype=bool)
    region[:4, :4] = True
    assert known.search(grid, region=region, **filters).hits.equals(hits)


def test_the_shares_of_wins_count_the_games_kept(known):
    _, everyone = known.search(PATTERN)
    _, ann = known.search(PATTERN, player="ann")
    assert sum(everyone.column("black_wins").to_pylist()) == 1
    assert sum(everyone.column("white_wins").to_pylist()) == 2
    # Ann's games: 2 (won by White, W[ef] next) and 0 (won by Black,
    # W[gg] next), by row as both are played once.
    assert ann.select(["col", "row", "count", "black_wins", "white_wins"]).to_pylist() == [
        {"col": 4, "row": 5, "count": 1, "black_wins": 0, "white_wins": 1},
        {"col": 6, "row": 6, "count": 1, "black_wins": 1, "white_wins": 0},
    ]


def test_bad_filters_are_clear_errors(known):
    for filters, words in [
        ({"min_rank": "strong"}, "min_rank"),
        ({"winner": "black"}, "winner"),
        ({"reason": "resigned"}, "reason"),
        ({"date_from": "2016/01"}, "date_from"),
        ({"size": 99}, "size"),
    ]:
        with pytest.raises(ValueError, match=words):
            known.search(PATTERN, **filters)
    # The index does not store which properties a game uses.
    with pytest.raises(TypeError, match="has"):
        known.search(PATTERN, has="C")
