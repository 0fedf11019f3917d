"""Inputs held in memory (Spark's binaryFile rows, ``record_batch``) read
as the files they came from are (issue 24, item 9): ``.gz`` files
decompressed, archives read member by member; and the library's codes on
errors and warnings (issue 25)."""

import gzip
import io
import zipfile

import pyarrow as pa
import pytest

import sgf_stream
from sgf_stream.arrow import record_batch
from sgf_stream.spark import SPARK_SCHEMA, map_files

GAMES_A = b"(;GM[1]KM[6.5]PB[Ann];B[pd];W[dp];B[pp])\n(;GM[1]PB[Amy];B[dd])\n"
GAMES_B = b"(;GM[1]PB[Bob]RE[W+R];B[aa];W[bb])"


@pytest.fixture
def files(tmp_path):
    """The same games as a plain file, a `.sgf.gz` and a `.zip`."""
    (tmp_path / "a.sgf").write_bytes(GAMES_A)
    (tmp_path / "b.sgf.gz").write_bytes(gzip.compress(GAMES_B))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("x/a.sgf", GAMES_A)
        z.writestr("b.sgf", GAMES_B)
    (tmp_path / "c.zip").write_bytes(buffer.getvalue())
    return [tmp_path / "a.sgf", tmp_path / "b.sgf.gz", tmp_path / "c.zip"]


def rows(table):
    return list(
        zip(
            table.column("source").to_pylist(),
            table.column("index").to_pylist(),
            table.column("black").to_pylist(),
            table.column("move_count").to_pylist(),
        )
    )


def test_record_batch_reads_gz_and_zip_as_the_files_read(files):
    from_files = sgf_stream.to_arrow(files, jobs=1)
    in_memory = record_batch([(str(path), path.read_bytes()) for path in files])
    assert rows(in_memory) == rows(from_files)
    a, b, c = (str(path) for path in files)
    assert rows(in_memory) == [
        (a, 0, "Ann", 3),
        (a, 1, "Amy", 1),
        (b, 0, "Bob", 2),
        (f"{c}/x/a.sgf", 0, "Ann", 3),
        (f"{c}/x/a.sgf", 1, "Amy", 1),
        (f"{c}/b.sgf", 0, "Bob", 2),
    ]


def test_the_spark_mapper_reads_compressed_files_without_spark(files):
    """What ``games`` runs on each executor, over ``binaryFile`` rows."""
    batch = pa.RecordBatch.from_pydict(
        {
            "path": [str(path) for path in files],
            "content": [path.read_bytes() for path in files],
        }
    )
    (out,) = list(map_files(iter([batch])))
    assert out.schema.names == [c.split(" ")[0] for c in SPARK_SCHEMA.split(", ")]
    assert out.column("move_count").to_pylist() == [3, 1, 2, 3, 1, 2]
    assert out.column("black").to_pylist() == ["Ann", "Amy", "Bob", "Ann", "Amy", "Bob"]
    moves = out.column("moves").to_pylist()
    assert moves[2] == [0, 0, 0, 1, 1, 1]
    games = list(sgf_stream.iter_games(files))
    assert [len(m) // 3 for m in moves] == [len(g.moves) for g in games]


def test_broken_compressed_content_fails_loudly():
    broken = gzip.compress(GAMES_B)[:-12]
    with pytest.raises(OSError, match="broken.sgf.gz"):
        record_batch([("broken.sgf.gz", broken)])


def test_errors_and_warnings_carry_the_library_codes(tmp_path):
    with pytest.raises(sgf_stream.SgfError) as raised:
        sgf_stream.parse(b"(;B[aa])(;C[x]\n;b[aa])")
    err = raised.value
    assert (err.code, err.kind, err.game, err.line, err.column, err.offset) == (
        "property_not_uppercase",
        "property_not_uppercase",
        1,
        2,
        2,
        16,
    )
    (game,) = sgf_stream.parse(b"junk (;B[aa]", lenient=True)
    assert [(w.code, w.kind) for w in game.warnings] == [
        ("skipped_text", "skipped_text"),
        ("missing_close", "missing_close"),
    ]
    (tmp_path / "r.sgf").write_bytes(b"(;PB[x]C[a]C[b])")
    with pytest.raises(sgf_stream.SgfError) as raised:
        sgf_stream.read(tmp_path / "r.sgf")
    err = raised.value
    assert (err.code, err.file, err.game, err.offset) == (
        "repeated_property",
        str(tmp_path / "r.sgf"),
        0,
        11,
    )
    again = pickle_round_trip(err)
    assert (again.code, again.file, again.game, str(again)) == (
        err.code,
        err.file,
        err.game,
        str(err),
    )


def pickle_round_trip(value):
    import pickle

    return pickle.loads(pickle.dumps(value))


def test_a_fixed_charset_reads_compressed_input(tmp_path):
    gb = "(;PB[柯洁];B[pd])(;PB[李世石];B[dd])".encode("gb18030")
    (tmp_path / "g.sgf.gz").write_bytes(gzip.compress(gb))
    games = list(sgf_stream.iter_games(tmp_path, charset="gb18030"))
    assert [(g.info.black, g.charset, g.index) for g in games] == [
        ("柯洁", "GB18030", 0),
        ("李世石", "GB18030", 1),
    ]
