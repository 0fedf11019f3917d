"""iter_games and read over files, folders, archives and .gz: order,
indexes, errors with the file, warnings without a game, bounded memory."""

import gzip
import io
import os
import subprocess
import sys
import tarfile
import textwrap
import zipfile

import pytest

import sgf_stream

GAME_A = b"(;PB[Ann];B[pd])\n(;PB[Amy];B[dd];W[pp])\n"
GAME_B = b"(;PB[Bob];W[aa])"
GAME_C = "(;PB[Cho];B[cc])".encode()


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.sgf").write_bytes(GAME_A)
    (tmp_path / "sub" / "b.SGF").write_bytes(GAME_B)
    (tmp_path / "c.sgf.gz").write_bytes(gzip.compress(GAME_C))
    (tmp_path / "notes.txt").write_text("(;PB[Not read])")
    return tmp_path


def blacks(games):
    return [(os.path.basename(g.source), g.index, g.info.black or g.info.white) for g in games]


def test_folders_are_read_recursively_in_name_order(tree):
    games = list(sgf_stream.iter_games(tree))
    assert [(g.info.black, g.index) for g in games] == [
        ("Ann", 0),
        ("Amy", 1),
        ("Cho", 0),
        ("Bob", 0),
    ]
    assert games[2].source == str(tree / "c.sgf.gz")
    assert games[3].source == str(tree / "sub" / "b.SGF")


@pytest.mark.parametrize("jobs", [1, 2, 5])
def test_any_number_of_threads_gives_the_same_order(tree, jobs):
    paths = [tree / "c.sgf.gz", tree, tree / "a.sgf"]
    expected = [g.to_sgf() for p in paths for g in sgf_stream.read(p)]
    assert [g.to_sgf() for g in sgf_stream.iter_games(paths, jobs=jobs)] == expected


def test_archives(tmp_path):
    zipped = tmp_path / "games.zip"
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("x/a.sgf", GAME_A)
        z.writestr("x/readme.md", "not a game")
        z.writestr("b.sgf.gz", gzip.compress(GAME_B))
    tarred = tmp_path / "games.tar.gz"
    with tarfile.open(tarred, "w:gz") as t:
        for name, data in [("a.sgf", GAME_A), ("c.sgf", GAME_C)]:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    games = list(sgf_stream.iter_games([zipped, tarred], jobs=2))
    assert [(g.source, g.index) for g in games] == [
        (f"{zipped}/x/a.sgf", 0),
        (f"{zipped}/x/a.sgf", 1),
        (f"{zipped}/b.sgf.gz", 0),
        (f"{tarred}/a.sgf", 0),
        (f"{tarred}/a.sgf", 1),
        (f"{tarred}/c.sgf", 0),
    ]


def test_a_strict_error_names_the_file_and_the_iteration_goes_on(tmp_path):
    (tmp_path / "1.sgf").write_bytes(b"(;PB[Ann])")
    (tmp_path / "2.sgf").write_bytes(b"(;PB[Bad]\n;b[aa])")
    (tmp_path / "3.sgf").write_bytes(b"(;PB[Cho])")
    games = sgf_stream.iter_games(tmp_path, lenient=False, jobs=2)
    assert next(games).info.black == "Ann"
    with pytest.raises(sgf_stream.SgfError) as raised:
        next(games)
    err = raised.value
    assert (err.file, err.kind, err.line, err.column) == (
        str(tmp_path / "2.sgf"),
        "property_not_uppercase",
        2,
        2,
    )
    assert str(err).startswith(str(tmp_path / "2.sgf"))
    assert next(games).info.black == "Cho"
    with pytest.raises(StopIteration):
        next(games)
    with pytest.raises(sgf_stream.SgfError):
        sgf_stream.read(tmp_path / "2.sgf")


def test_missing_files_raise_os_error(tmp_path):
    games = sgf_stream.iter_games([tmp_path / "missing.sgf", tmp_path])
    with pytest.raises(OSError, match="missing.sgf"):
        next(games)


def test_warnings_without_a_game_are_kept(tmp_path):
    (tmp_path / "a.sgf").write_bytes(b"no game here")
    (tmp_path / "b.sgf").write_bytes(b"(;B[aa]")
    games = sgf_stream.iter_games(tmp_path)
    (game,) = list(games)
    assert [w.kind for w in game.warnings] == ["missing_close"]
    assert game.warnings[0].file == str(tmp_path / "b.sgf")
    assert [(w.kind, w.file) for w in games.problems] == [
        ("skipped_text", str(tmp_path / "a.sgf")),
        ("no_game_tree", str(tmp_path / "a.sgf")),
    ]


def test_large_files_are_cut_between_games_with_exact_positions(tmp_path):
    game = b"(;GM[1]C[a comment\nover two lines];B[pd];W[dp])\n"
    count = (1 << 20) // len(game) * 3
    data = game * count + b"(;C[broken\n"
    (tmp_path / "big.sgf").write_bytes(data)
    games = list(sgf_stream.iter_games(tmp_path, jobs=2))
    assert len(games) == count + 1
    assert [g.index for g in games[-3:]] == [count - 2, count - 1, count]
    unclosed, missing = games[-1].warnings
    assert (unclosed.kind, unclosed.line, unclosed.column) == ("unclosed_value", 2 * count + 1, 4)
    assert unclosed.offset == len(game) * count + 3
    assert (missing.kind, missing.line, missing.column) == ("missing_close", 2 * count + 2, 1)
    assert all(not g.warnings for g in games[:-1])


def test_memory_stays_bounded_on_a_large_input(tmp_path):
    """Reading a 200 MB file keeps far less than the file in memory (in a
    fresh interpreter, so the peak is this read's)."""
    game = b"(;GM[1]SZ[19]PB[Black]PW[White]" + b";B[pd];W[dp]" * 100 + b")\n"
    path = tmp_path / "big.sgf"
    with open(path, "wb") as f:
        for _ in range((200 << 20) // (len(game) * 1000)):
            f.write(game * 1000)
    script = textwrap.dedent(
        f"""
        import sgf_stream
        def status(key):  # kB, of this process alone (reset by exec)
            for line in open("/proc/self/status"):
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        base = status("VmHWM")
        moves = sum(len(g.moves) for g in sgf_stream.iter_games({str(path)!r}, jobs=2))
        peak = status("VmHWM")
        print(moves, (peak - base) // 1024)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    moves, grown_mb = map(int, out.stdout.split())
    assert moves == 200 * (os.path.getsize(path) // len(game))
    assert grown_mb < 100, f"grew by {grown_mb} MB"


def big_file_with(tmp_path, middle, name="big.sgf"):
    """A file of more than 4 MiB (read a game at a time): good games, then
    `middle`, then good games; the place where `middle` starts."""
    game = b"(;GM[1]C[a comment\nover two lines];B[pd];W[dp])\n"
    count = (5 << 20) // len(game) // 2
    data = game * count + middle + game * count
    (tmp_path / name).write_bytes(data)
    return count, len(game) * count, 2 * count + 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_large_file_among_small_ones_keeps_its_place(tmp_path, jobs):
    count, _, _ = big_file_with(tmp_path, b"", "b.sgf")
    (tmp_path / "a.sgf").write_bytes(b"(;PB[first])")
    (tmp_path / "c.sgf").write_bytes(b"(;PB[last])(;PB[after])")
    games = list(sgf_stream.iter_games(tmp_path, jobs=jobs))
    sources = [os.path.basename(g.source) for g in games]
    assert sources == ["a.sgf"] + ["b.sgf"] * (2 * count) + ["c.sgf"] * 2
    assert [g.index for g in games] == [0, *range(2 * count), 0, 1]
    assert [g.info.black for g in (games[0], games[-2], games[-1])] == ["first", "last", "after"]


def test_a_broken_game_inside_a_large_file_is_repaired_and_the_rest_read(tmp_path):
    count, offset, line = big_file_with(tmp_path, b"(;C[x]C[y]\n;B[aa])junk\n")
    games = list(sgf_stream.iter_games(tmp_path / "big.sgf", jobs=2))
    assert len(games) == 2 * count + 1
    broken = games[count]
    assert broken.root["C"] == ["x\n\ny"]
    assert [(w.kind, w.offset, w.line) for w in broken.warnings] == [
        ("merged_property", offset + 6, line),
    ]
    after = games[count + 1]
    assert [(w.kind, w.offset, w.line, w.column) for w in after.warnings] == [
        ("skipped_text", offset + 18, line + 1, 8),
    ]
    assert all(not g.warnings for g in games[count + 2 :])
    assert [g.index for g in games[-2:]] == [2 * count - 1, 2 * count]


def test_a_strict_error_inside_a_large_file_has_its_place(tmp_path):
    count, offset, line = big_file_with(tmp_path, b"(;C[x]\n;B[aa]C[y]C[z])\n")
    games = sgf_stream.iter_games(tmp_path / "big.sgf", lenient=False, jobs=2)
    for _ in range(count):
        next(games)
    with pytest.raises(sgf_stream.SgfError) as raised:
        next(games)
    err = raised.value
    assert (err.kind, err.offset, err.line, err.column) == ("repeated_property", offset + 17, line + 1, 11)
    count, offset, line = big_file_with(tmp_path, b"(;C[x]\n;b[aa])\n", "other.sgf")
    games = sgf_stream.iter_games(tmp_path / "other.sgf", lenient=False)
    with pytest.raises(sgf_stream.SgfError) as raised:
        list(games)
    err = raised.value
    assert (err.kind, err.offset, err.line, err.column) == ("property_not_uppercase", offset + 8, line + 1, 2)


def test_games_of_several_charsets_in_a_compressed_stream(tmp_path):
    sjis = "(;CA[SJIS]PB[本因坊秀策];B[pd])".encode("shift_jis")
    gb = "(;CA[GB2312]PB[柯洁];B[dd])".encode("gb18030")
    plain = "(;PB[Lee];B[aa])".encode()
    (tmp_path / "mixed.sgf.gz").write_bytes(gzip.compress(sjis + b"\n" + gb + plain))
    games = list(sgf_stream.iter_games(tmp_path / "mixed.sgf.gz"))
    # A game without `CA` takes the charset of the game before when that
    # reads its bytes.
    assert [(g.info.black, g.charset, len(g.moves)) for g in games] == [
        ("本因坊秀策", "Shift_JIS", 1),
        ("柯洁", "GB18030", 1),
        ("Lee", "GB18030", 1),
    ]
    assert [g.root.raw_properties["PB"] for g in games] == [
        ["本因坊秀策".encode()],
        ["柯洁".encode()],
        [b"Lee"],
    ]


#: Small files unlike each other: plain, several games, a property
#: repeated in a node (the game goes another way), a repair, a strict
#: error in the middle of a game, no game, komi and size to decode.
SMALL_FILES = [
    b"(;SZ[9]KM[6.5]PB[Ann];B[ee];W[cc];B[gg])",
    b"(;PB[Bob];B[pd];W[dp])\n(;PW[Cy];B[dd];W[pp];B[qq])",
    b"(;PB[Dee]C[one]C[two];B[aa];W[bb])",
    b"(;PB[Eve];B[pd];W[dp]",
    b"(;PB[Fay];B[pd]\n;b[aa];W[bb])",
    b"no game here",
    b"(;SZ[13]HA[2]AB[dd][jj];W[gg];B[cc](;W[kk])(;W[bb]))",
    b"(;PB[Gus]KM[x];B[zz];W[dd])",
]


def game_shape(game):
    return (
        game.source,
        game.index,
        game.info.black,
        game.info.komi,
        game.moves.tolist(),
        [(w.kind, w.line, w.column) for w in game.warnings],
    )


def items(source, lenient):
    """Every game of ``source`` read with one job, and every error raised
    on the way (the iteration goes on after one)."""
    out = []
    games = sgf_stream.iter_games(source, jobs=1, lenient=lenient)
    while True:
        try:
            out.append(game_shape(next(games)))
        except sgf_stream.SgfError as err:
            out.append(("error", err.file, err.kind, err.line, err.column))
        except StopIteration:
            return out


@pytest.mark.parametrize("lenient", [True, False])
def test_many_small_files_read_together_are_each_read_alone(tmp_path, lenient):
    # Each piece's reading leaves its buffers to the next one's: every
    # file must still read as it does alone.
    paths = []
    for at in range(3 * len(SMALL_FILES)):
        path = tmp_path / f"{at:03}.sgf"
        path.write_bytes(SMALL_FILES[at % len(SMALL_FILES)])
        paths.append(path)
    alone = [item for path in paths for item in items(path, lenient)]
    assert items(tmp_path, lenient) == alone
    # Leniently 1 + 2 + 1 + 1 + 1 + 0 + 1 + 1 games in the eight files;
    # strictly the third to the sixth raise (a repeated property, an
    # unclosed tree, a lowercase identifier, no game tree).
    errors = [item for item in alone if item[0] == "error"]
    assert len(errors) == (0 if lenient else 3 * 4), errors
    assert len(alone) == 3 * (8 if lenient else 5 + 4)


def test_table_rows_of_many_small_files_are_each_file_s_rows(tmp_path):
    pa = pytest.importorskip("pyarrow")
    paths = []
    for at in range(3 * len(SMALL_FILES)):
        path = tmp_path / f"{at:03}.sgf"
        path.write_bytes(SMALL_FILES[at % len(SMALL_FILES)])
        paths.append(path)
    alone = pa.concat_tables(sgf_stream.to_arrow(path, jobs=1) for path in paths)
    together = sgf_stream.to_arrow(tmp_path, jobs=1)
    # 1 + 2 + 1 + 1 + 1 + 0 + 1 + 1 games in the eight files.
    assert together.num_rows == alone.num_rows == 3 * 8
    assert together.to_pylist() == alone.to_pylist()
    # In batches of a few rows, cut across the files' rows.
    for size in (1, 5, 7, 24, 100):
        batches = list(sgf_stream.to_arrow(tmp_path, jobs=2, stream=True, batch_size=size))
        assert [b.num_rows for b in batches[:-1]] == [size] * (len(batches) - 1)
        assert pa.Table.from_batches(batches).to_pylist() == alone.to_pylist()
