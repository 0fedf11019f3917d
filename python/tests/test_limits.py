"""Games that break the reader's limits (issue 24, item 1): memory stays
bounded by the limits, and Python tells what it skipped, with the
library's codes and places: a warning (lenient) or an error (strict)."""

import gzip
import os
import subprocess
import sys
import textwrap
import warnings

import pytest

import sgf_stream

HEAD = b"(;GM[1]C["
AFTER = b"])\n(;PB[Ann];B[pd];W[dp])\n(;PB[Bob];B[dd])\n"


def huge_gz(path, value_bytes):
    """A `.sgf.gz` holding a game with one value of `value_bytes` bytes,
    then two small games; written a MiB at a time."""
    chunk = b"a" * (1 << 20)
    with gzip.open(path, "wb", compresslevel=1) as out:
        out.write(HEAD)
        for _ in range(value_bytes >> 20):
            out.write(chunk)
        out.write(AFTER)


def grown_mb(script):
    """Runs `script` in a fresh interpreter (so that the peak is its own):
    what it prints, and how far its peak resident memory (VmHWM) grew
    above the interpreter's, in MB."""
    prelude = textwrap.dedent(
        """
        import warnings, sgf_stream, pyarrow
        def status(key):  # kB, of this process alone (reset by exec)
            for line in open("/proc/self/status"):
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        base = status("VmHWM")
        """
    )
    ending = '\nprint("grown", (status("VmHWM") - base) // 1024)\n'
    out = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(script) + ending],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = out.stdout.split("\n")
    grown = int(next(line for line in lines if line.startswith("grown")).split()[1])
    return [line for line in lines if line and not line.startswith("grown")], grown


#: Past the reader's default value limit (64 MiB).
OVER = (64 << 20) + (1 << 20)

def test_a_value_over_the_limit_in_a_gz_is_skipped_with_a_warning(tmp_path):
    path = tmp_path / "over.sgf.gz"
    huge_gz(path, OVER)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = list(sgf_stream.iter_games(path, jobs=2))
    assert [(g.index, g.info.black, len(g.moves)) for g in games] == [(0, "Ann", 2), (1, "Bob", 1)]
    (warning,) = [w.message for w in caught]
    assert isinstance(warning, sgf_stream.SgfWarning)
    assert (warning.code, warning.file, warning.game) == ("skipped_game_tree", str(path), 0)
    assert (warning.line, warning.column, warning.offset) == (1, 1, 0)
    assert str(warning).startswith(f"{path}: skipped a game tree")
    assert [w.code for w in games[0].warnings] == ["skipped_game_tree"]
    with pytest.raises(sgf_stream.SgfError) as raised:
        next(sgf_stream.iter_games(path, lenient=False))
    err = raised.value
    # The value opens at byte 8 (its `[`).
    assert (err.code, err.file, err.game, err.line, err.column, err.offset) == (
        "value_too_long",
        str(path),
        0,
        1,
        9,
        8,
    )


def test_to_arrow_skips_a_value_over_the_limit_with_a_warning(tmp_path):
    path = tmp_path / "big.sgf"
    path.write_bytes(HEAD + b"a" * OVER + AFTER)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sgf_stream.to_arrow(path, jobs=1)
    assert table.column("black").to_pylist() == ["Ann", "Bob"]
    assert table.column("index").to_pylist() == [0, 1]
    assert [(w.message.code, w.message.game) for w in caught] == [("skipped_game_tree", 0)]
    assert table.column("warnings").to_pylist()[0][0].startswith("skipped a game tree")


@pytest.fixture(scope="module")
def gigabyte_gz(tmp_path_factory):
    if not os.path.exists("/proc/self/status"):
        pytest.skip("no /proc/self/status to read peak memory from")
    path = tmp_path_factory.mktemp("huge") / "huge.sgf.gz"
    huge_gz(path, 1 << 30)
    return path


def test_a_gigabyte_value_in_a_gz_is_skipped_in_bounded_memory(gigabyte_gz):
    lines, grown = grown_mb(
        f"""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            games = [(g.index, g.info.black, len(g.moves)) for g in sgf_stream.iter_games({str(gigabyte_gz)!r}, jobs=2)]
        print(games)
        for w in caught:
            m = w.message
            print(type(m).__name__, m.code, m.file, m.game, m.line, m.column, m.offset)
        """
    )
    assert lines[0] == "[(0, 'Ann', 2), (1, 'Bob', 1)]"
    assert lines[1:] == [f"SgfWarning skipped_game_tree {gigabyte_gz} 0 1 1 0"]
    assert grown < 128, f"grew by {grown} MB"


def test_a_gigabyte_value_in_a_gz_is_an_error_in_bounded_memory_when_strict(gigabyte_gz):
    lines, grown = grown_mb(
        f"""
        games = sgf_stream.iter_games({str(gigabyte_gz)!r}, lenient=False)
        try:
            next(games)
        except sgf_stream.SgfError as err:
            print(err.code, err.kind, err.file, err.game, err.line, err.column, err.offset)
        """
    )
    assert lines == [f"value_too_long value_too_long {gigabyte_gz} 0 1 9 8"]
    assert grown < 128, f"grew by {grown} MB"


@pytest.fixture
def big_sgf(tmp_path):
    """A plain `.sgf` holding a game with a 300 MB value, then two small
    games; written a MiB at a time."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("no /proc/self/status to read peak memory from")
    path = tmp_path / "big.sgf"
    with open(path, "wb") as out:
        out.write(HEAD)
        for _ in range(300):
            out.write(b"a" * (1 << 20))
        out.write(AFTER)
    return path


def assert_to_arrow_bounded(path, jobs):
    """`to_arrow` of a file made of HEAD, a huge value and AFTER: the two
    small games, a warning for the skipped one, and a bounded peak."""
    lines, grown = grown_mb(
        f"""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            table = sgf_stream.to_arrow({str(path)!r}, jobs={jobs})
        print(table.column("black").to_pylist(), table.column("index").to_pylist())
        print([(w.message.code, w.message.game) for w in caught])
        """
    )
    assert lines == ["['Ann', 'Bob'] [0, 1]", "[('skipped_game_tree', 0)]"]
    assert grown < 128, f"grew by {grown} MB"


def test_to_arrow_on_a_300_mb_value_is_bounded(big_sgf):
    assert_to_arrow_bounded(big_sgf, jobs=1)


def test_to_arrow_on_a_gigabyte_value_in_a_gz_is_bounded(gigabyte_gz):
    assert_to_arrow_bounded(gigabyte_gz, jobs=2)


def test_iter_games_on_a_300_mb_value_is_bounded(big_sgf):
    lines, grown = grown_mb(
        f"""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            games = [(g.index, g.info.black) for g in sgf_stream.iter_games({str(big_sgf)!r}, jobs=2)]
        print(games, [(w.message.code, w.message.game) for w in caught])
        """
    )
    assert lines == ["[(0, 'Ann'), (1, 'Bob')] [('skipped_game_tree', 0)]"]
    assert grown < 128, f"grew by {grown} MB"


def test_skipped_games_in_memory_and_their_place_among_the_games():
    """A value over the limit in a small input (read as one batch): the
    game is skipped, the warning names the game it came before, and the
    warning is among that game's too."""
    value = b"x" * ((64 << 20) + 1)
    data = b"(;PB[Ann])\n(;C[" + value + b"])(;PB[Bob])"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = sgf_stream.parse(data, lenient=True)
    assert [g.info.black for g in games] == ["Ann", "Bob"]
    (warning,) = [w.message for w in caught]
    assert isinstance(warning, sgf_stream.SgfWarning)
    assert (warning.code, warning.file, warning.game, warning.offset) == (
        "skipped_game_tree",
        None,
        1,
        11,
    )
    assert (warning.line, warning.column) == (2, 1)
    assert [w.code for w in games[1].warnings] == ["skipped_game_tree"]
    with pytest.raises(sgf_stream.SgfError) as raised:
        sgf_stream.parse(data)
    err = raised.value
    assert (err.code, err.kind, err.game, err.offset, err.line) == (
        "value_too_long",
        "value_too_long",
        1,
        14,
        2,
    )
