"""sgf_stream.Index: building an index and searching it for patterns."""

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
