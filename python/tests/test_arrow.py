"""to_arrow and to_parquet: rows, schema and values, read back by DuckDB
and Polars."""

import datetime

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sgf_stream
from conftest import shared
from sgf_stream.arrow import schema

GAMES = (
    b"(;GM[1]SZ[13:9]PB[Ann]PW[Bob]BR[3d]KM[6.5]HA[2]RE[B+3.5]DT[2024-01-02]RU[AGA]"
    b"AB[aa][bb]AW[cc];W[ba];B[tt];W[])\n"
    b"(;PB[Cho]RE[W+R]KM[7.5];B[pd](;W[dp])(;W[dd]))\n"
)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "a.sgf").write_bytes(GAMES)
    (tmp_path / "b.sgf").write_bytes(b"junk (;PB[Dee]RE[0];B[aa]")
    return tmp_path


def test_rows_schema_and_values(folder):
    table = sgf_stream.to_arrow(folder, jobs=2)
    assert table.schema == schema()
    assert table.num_rows == 3
    rows = table.to_pylist()
    first, second, third = rows
    assert first["source"] == str(folder / "a.sgf") and first["index"] == 0
    assert (first["size_cols"], first["size_rows"]) == (13, 9)
    assert (first["black"], first["white"], first["black_rank"]) == ("Ann", "Bob", "3d")
    assert (first["komi"], first["handicap"], first["date"], first["rules"]) == (
        6.5,
        2,
        "2024-01-02",
        "AGA",
    )
    assert (first["winner"], first["margin"], first["reason"]) == ("B", 3.5, "score")
    assert first["moves"] == [[1, 1, 0], [0, -1, -1], [1, -1, -1]]
    assert first["move_count"] == 3 and first["node_count"] == 4
    assert first["setup_black"] == [[0, 0], [1, 1]] and first["setup_white"] == [[2, 2]]
    assert first["setup_empty"] == [] and first["warnings"] == []
    assert first["white_rank"] is None and first["event"] is None
    assert (second["index"], second["winner"], second["reason"], second["margin"]) == (
        1,
        "W",
        "resign",
        None,
    )
    assert second["moves"] == [[0, 15, 3], [1, 3, 15]]
    assert (third["source"], third["reason"], third["winner"]) == (
        str(folder / "b.sgf"),
        "draw",
        None,
    )
    assert third["warnings"] == [
        "skipped text that is not SGF at line 1, column 1 (byte 0)",
        "input ended inside 1 open game tree(s): closed them at line 1, column 26 (byte 25)",
    ]


def test_rows_equal_the_games(folder):
    table = sgf_stream.to_arrow(folder)
    games = list(sgf_stream.iter_games(folder))
    assert table.column("moves").to_pylist() == [g.moves.tolist() for g in games]
    assert table.column("black").to_pylist() == [g.info.black for g in games]


def test_batches_stream_and_empty_input(folder, tmp_path_factory):
    reader = sgf_stream.to_arrow(folder, batch_size=1, stream=True)
    assert isinstance(reader, pa.RecordBatchReader)
    assert [b.num_rows for b in reader] == [1, 1, 1]
    empty = sgf_stream.to_arrow(tmp_path_factory.mktemp("empty"))
    assert empty.num_rows == 0 and empty.schema == schema()


def test_corpus_table_equals_iter_games(corpus):
    table = sgf_stream.to_arrow(shared("corpus"), jobs=2)
    assert table.num_rows == len(corpus)
    games = list(sgf_stream.iter_games(shared("corpus"), jobs=2))
    assert table.column("source").to_pylist() == [g.source for g in games]
    assert table.column("move_count").to_pylist() == [len(g.moves) for g in games]
    step = max(1, len(games) // 200)
    moves = table.column("moves").to_pylist()
    komi = table.column("komi").to_pylist()
    for i in range(0, len(games), step):
        assert moves[i] == games[i].moves.tolist()
        assert komi[i] == games[i].info.komi


def test_parquet_reads_back_in_duckdb_and_polars(folder, tmp_path):
    path = tmp_path / "games.parquet"
    assert sgf_stream.to_parquet(folder, path) == 3
    assert pq.read_table(path).num_rows == 3
    duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed")
    rows = duckdb.sql(
        f"SELECT black, len(moves) AS n, moves[1][2] AS x FROM '{path}' ORDER BY black"
    ).fetchall()
    assert rows == [("Ann", 3, 1), ("Cho", 2, 15), ("Dee", 1, 0)]


def test_polars_reads_the_table_and_the_file(folder, tmp_path):
    pl = pytest.importorskip("polars", reason="polars is not installed")
    path = tmp_path / "games.parquet"
    sgf_stream.to_parquet(folder, path)
    frame = pl.read_parquet(path)
    assert frame.height == 3
    by_komi = frame.group_by("komi").agg(pl.len()).sort("komi").rows()
    assert by_komi == [(None, 1), (6.5, 1), (7.5, 1)]
    direct = pl.from_arrow(sgf_stream.to_arrow(folder))
    assert direct["move_count"].to_list() == [3, 2, 1]


def test_normalised_columns_are_typed(tmp_path):
    # Ranks, results, komi and dates as the library reads them; every
    # expected value worked out by hand from the text.
    (tmp_path / "n.sgf").write_text(
        "(;BR[P8段]WR[9段]RE[黑中盘胜]KM[750]DT[2017.06.21 21:45,22])\n"
        "(;BR[30k]WR[1k]RE[W+0.5]KM[6.5]HA[3]DT[1996-05])\n"
        "(;BR[?]RE[gave up]DT[yesterday])\n"
        "(;PB[nobody])\n",
        encoding="utf-8",
    )
    table = sgf_stream.to_arrow(tmp_path)
    types = {name: str(table.schema.field(name).type) for name in table.schema.names}
    assert types["black_rank"] == "string" and types["black_rank_ordinal"] == "int16"
    assert types["date"] == "string" and types["date_last"] == "string"
    assert types["date_day"] == "date32[day]" and types["date_last_day"] == "date32[day]"
    assert types["margin"] == types["komi"] == "double" and types["handicap"] == "int64"
    columns = [
        "black_rank", "black_rank_ordinal", "white_rank", "white_rank_ordinal",
        "winner", "reason", "margin", "komi", "handicap",
        "date", "date_last", "date_day", "date_last_day",
    ]
    rows = [tuple(row[c] for c in columns) for row in table.to_pylist()]
    assert rows == [
        ("8p", 17, "9d", 9, "B", "resign", None, 7.5, None,
         "2017-06-21", "2017-06-22", datetime.date(2017, 6, 21), datetime.date(2017, 6, 22)),
        ("30k", -29, "1k", 0, "W", "score", 0.5, 6.5, 3,
         "1996-05", "1996-05", None, None),
        (None, None, None, None, None, "unknown", None, None, None,
         None, None, None, None),
        (None, None, None, None, None, None, None, None, None,
         None, None, None, None),
    ]
    # The ordinal orders the ranks: the table sorts by strength.
    by_strength = table.sort_by([("black_rank_ordinal", "descending")])
    assert by_strength.column("black_rank").to_pylist()[:2] == ["8p", "30k"]


INFO_COLUMNS = [
    "black", "white", "black_rank", "white_rank", "result", "winner", "margin", "reason",
    "komi", "handicap", "date", "date_last", "rules", "event", "round", "place", "name",
    "time_limit", "overtime", "application",
]


def row_of(game):
    """The row ``to_arrow`` gives ``game``, from what ``iter_games`` gives
    (the game record's own reading: its information and warnings read
    again from its text)."""

    def text(w):
        if w.line is None:
            return w.message
        return f"{w.message} at line {w.line}, column {w.column} (byte {w.offset})"

    info = game.info
    row = {name: getattr(info, name) for name in INFO_COLUMNS}
    row.update(
        source=game.source,
        index=game.index,
        charset=game.charset,
        size_cols=info.size[0],
        size_rows=info.size[1],
        move_count=len(game.moves),
        node_count=game.node_count,
        moves=game.moves.tolist(),
        setup_black=game.setup["AB"].tolist(),
        setup_white=game.setup["AW"].tolist(),
        setup_empty=game.setup["AE"].tolist(),
        warnings=[text(w) for w in game.warnings],
    )
    return row


def odd_inputs(folder):
    """Games with repairs before, in and after them, a game skipped for a
    repeated property read by the tree builder, text between games and a
    file with no game."""
    (folder / "a.sgf").write_bytes(GAMES + b"junk\n(;B[aa]B[bb];W[cc])(;KM[x]C[a];B[zz])")
    (folder / "b.sgf").write_bytes(b"junk (;PB[Dee]RE[0];B[aa]")
    (folder / "c.sgf").write_bytes(b"(;C[a]];B[aa])(;SZ[9];B[ii];W[jj]) trailing")
    (folder / "d.sgf").write_bytes(b"no game here")
    return folder


def assert_rows_are_the_games(sources, **options):
    games = [row_of(g) for g in sgf_stream.iter_games(sources, jobs=2)]
    assert games, "some games"
    for jobs, batch_size in [(1, 65536), (2, 97), (2, 1)]:
        reader = sgf_stream.to_arrow(
            sources, jobs=jobs, batch_size=batch_size, stream=True, **options
        )
        rows = [row for batch in reader for row in batch.to_pylist()]
        assert len(rows) == len(games)
        for at, (row, game) in enumerate(zip(rows, games)):
            assert {k: row[k] for k in game} == game, (jobs, batch_size, at)


def test_every_row_is_its_game_on_odd_inputs(tmp_path):
    assert_rows_are_the_games(odd_inputs(tmp_path))
    table = sgf_stream.to_arrow(tmp_path)
    # What the reader found is among the warnings of the games it is
    # before or in (worked out by hand from the text).
    warnings = dict(zip(table.column("black").to_pylist(), table.column("warnings").to_pylist()))
    assert warnings["Dee"][0] == "skipped text that is not SGF at line 1, column 1 (byte 0)"
    codes = [len(w) for w in table.column("warnings").to_pylist()]
    assert codes[:2] == [0, 0] and all(n > 0 for n in codes[2:5])


def test_every_row_is_its_game_on_the_corpus(corpus):
    assert_rows_are_the_games(shared("corpus"))


def test_every_row_is_its_game_on_a_month_of_tygem():
    folder = shared("tygem")
    if folder is None:
        pytest.skip("../shared/tygem is absent")
    assert_rows_are_the_games(sorted(folder.glob("*.sgf.gz"))[0])
