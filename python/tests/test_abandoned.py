"""Games the lenient reader gives up (here: an identifier past the
reader's 64-letter limit) are no games: no record from ``iter_games`` or
``parse``, no row from ``to_arrow`` or the Spark mapper, whether the game
is first, in the middle or last of its input, alone in it, or read with
good games in one batch, on one worker thread or two. The oracle is the
same input with the given-up games' text cut out: every other game reads
alike, and each given-up game is one ``skipped_game_tree`` warning."""

import warnings

import pyarrow as pa
import pytest

import sgf_stream
from sgf_stream.spark import map_files

#: An identifier one letter past the reader's limit.
LONG = "A" * 65

GOOD = [
    "(;PB[Ann];B[pd];W[dp])",
    "(;PB[Bob]KM[6.5];B[dd](;W[pp])(;W[pq];B[qq]))",
    "(;PB[Cy]AB[aa][bb];W[cc])",
]

#: Given up at the root, before any property.
BAD_ROOT = f"(;{LONG}[x]PB[Xi];B[aa])"
#: Given up deep in a variation, its root (players, setup) and main line
#: read already: a game half built.
BAD_LATE = f"(;PB[Xu]KM[7]AB[ee];B[aa];W[bb](;B[cc];W[dd]{LONG}[x])(;B[ff]))"
#: A property repeated in a node (which the binding reads through the
#: library's tree builder), then given up.
BAD_REPEAT = f"(;PB[Xo]C[a]C[b];B[aa];{LONG}[x];W[bb])"
#: Given up right after a repeated text property, which the reader holds
#: back a step and gives before it reports the game given up.
BAD_HELD = f"(;PB[Xa];B[aa];C[a]C[b]{LONG}[x];W[bb])"

#: Files: name, and their games in order.
FILES = {
    "a_middle.sgf": [GOOD[0], BAD_LATE, GOOD[1]],
    "b_start.sgf": [BAD_ROOT, GOOD[2], GOOD[0]],
    "c_end.sgf": [GOOD[1], GOOD[2], BAD_REPEAT],
    "d_alone.sgf": [BAD_LATE],
    "e_all_kinds.sgf": [BAD_REPEAT, GOOD[0], BAD_ROOT, BAD_LATE, GOOD[1], GOOD[2], BAD_ROOT],
    "f_good.sgf": [GOOD[2], GOOD[1]],
    "g_held.sgf": [BAD_HELD, GOOD[0], BAD_HELD],
}

BAD = {BAD_ROOT, BAD_LATE, BAD_REPEAT, BAD_HELD}
GIVEN_UP = sum(game in BAD for games in FILES.values() for game in games)

#: The warnings about given-up games, carried to the game after them: the
#: game skipped, and the repair of the repeated `C` of BAD_REPEAT and
#: BAD_HELD (noted as the reader's own repairs in them are).
ABOUT_BAD = {"skipped_game_tree", "merged_property"}
ABOUT_BAD_TEXTS = ("skipped a game tree", "property `C` repeated in one node")


def write(folder, keep_bad):
    """The files of FILES in `folder`, with or without their bad games."""
    folder.mkdir()
    for name, games in FILES.items():
        kept = [g for g in games if keep_bad or g not in BAD]
        (folder / name).write_text("\n".join(kept) + "\n")
    return folder


@pytest.fixture
def pair(tmp_path):
    """The files with their bad games, and the same without them."""
    return write(tmp_path / "with", True), write(tmp_path / "without", False)


def caught_codes(run):
    """What `run` returns, and the codes of the warnings it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = run()
    return out, [w.message.code for w in caught]


def shape(game, folder):
    """A game as compared: where it is, and what was read of it."""
    source = game.source and game.source[len(str(folder)) + 1 :]
    return (
        source,
        game.index,
        game.info.black,
        game.moves.tolist(),
        game.node_count,
        game.to_sgf(),
        [w.code for w in game.warnings if w.code not in ABOUT_BAD],
    )


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("charset", [None, "UTF-8"])
def test_iter_games_gives_no_game_the_reader_gave_up(pair, jobs, charset):
    bad, good = pair
    options = dict(jobs=jobs, charset=charset)
    iterator = sgf_stream.iter_games(bad, **options)
    games, codes = caught_codes(lambda: list(iterator))
    expected, clean = caught_codes(lambda: list(sgf_stream.iter_games(good, **options)))
    assert clean == []
    assert [shape(g, bad) for g in games] == [shape(g, good) for g in expected]
    assert len(games) == 12
    assert codes == ["skipped_game_tree"] * GIVEN_UP
    # One merged `C` per given-up game with a repeated one, among the
    # warnings of the games after them or of no game.
    found = [w.code for g in games for w in g.warnings] + [w.code for w in iterator.problems]
    repeated = sum(g in (BAD_REPEAT, BAD_HELD) for games in FILES.values() for g in games)
    assert found.count("merged_property") == repeated == 4


@pytest.mark.parametrize("raw", [False, True])
def test_parse_gives_no_game_the_reader_gave_up(raw):
    for games in FILES.values():
        bad = "\n".join(games).encode()
        good = "\n".join(g for g in games if g not in BAD).encode()
        parsed, codes = caught_codes(lambda: sgf_stream.parse(bad, lenient=True, raw=raw))
        # (An input left with no game is warned about.)
        expected, _ = caught_codes(lambda: sgf_stream.parse(good, lenient=True, raw=raw))
        assert [shape(g, "") for g in parsed] == [shape(g, "") for g in expected]
        bad_games = sum(g in BAD for g in games)
        assert all(code == "skipped_game_tree" for code in codes)
        # Once each, with games left in the input or none.
        assert len(codes) == bad_games


def test_the_trees_give_no_game_the_reader_gave_up():
    """Every game through the library's tree builder."""
    for games in FILES.values():
        bad = "\n".join(games).encode()
        good = "\n".join(g for g in games if g not in BAD).encode()
        parsed, _ = caught_codes(lambda: sgf_stream._native._parse_with_trees(bad, lenient=True))
        expected, _ = caught_codes(lambda: sgf_stream._native._parse_with_trees(good, lenient=True))
        assert [g.to_sgf() for g in parsed] == [g.to_sgf() for g in expected]


def without_warnings(table, folder):
    """The rows of `table`, the sources relative to `folder`, without the
    warnings about given-up games."""
    rows = table.to_pylist()
    for row in rows:
        row["source"] = row["source"][len(str(folder)) + 1 :]
        row["warnings"] = [w for w in row["warnings"] if not w.startswith(ABOUT_BAD_TEXTS)]
    return rows


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("charset", [None, "UTF-8"])
@pytest.mark.parametrize("batch_size", [65536, 2])
def test_to_arrow_gives_no_row_for_a_game_the_reader_gave_up(pair, jobs, charset, batch_size):
    bad, good = pair
    options = dict(jobs=jobs, charset=charset, batch_size=batch_size, stream=True)
    reader, codes = caught_codes(
        lambda: pa.Table.from_batches(list(sgf_stream.to_arrow(bad, **options)))
    )
    expected = sgf_stream.to_arrow(good, **options).read_all()
    assert reader.num_rows == expected.num_rows == 12
    assert without_warnings(reader, bad) == without_warnings(expected, good)
    assert codes == ["skipped_game_tree"] * GIVEN_UP
    # The warning about a given-up game is among the next game's, when a
    # game comes after it in its file.
    followed = sum(
        game in BAD and any(later not in BAD for later in games[at + 1 :])
        for games in FILES.values()
        for at, game in enumerate(games)
    )
    texts = [w for ws in reader.column("warnings").to_pylist() for w in ws]
    assert sum(w.startswith("skipped a game tree") for w in texts) == followed


def test_the_spark_mapper_gives_no_row_for_a_game_the_reader_gave_up(pair):
    bad, good = pair

    def mapped(folder):
        files = sorted(folder.iterdir())
        batch = pa.RecordBatch.from_pydict(
            {
                "path": [f.name for f in files],
                "content": [f.read_bytes() for f in files],
            }
        )
        (out,) = list(map_files(iter([batch])))
        rows = out.to_pylist()
        for row in rows:
            row["warnings"] = [w for w in row["warnings"] if not w.startswith(ABOUT_BAD_TEXTS)]
        return rows

    rows, _ = caught_codes(lambda: mapped(bad))
    assert len(rows) == 12
    assert rows == mapped(good)
