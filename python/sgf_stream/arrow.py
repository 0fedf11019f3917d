"""One row per game as Arrow: ``to_arrow`` and ``to_parquet`` (need
``pyarrow``).

The columns (``schema()``), one row per game in input order:

==============  =====================================  ==========================================
column          type                                   meaning
==============  =====================================  ==========================================
source          string                                 the file, or ``archive/member``
index           int64                                  the game's index in its file, from 0
charset         string                                 the charset the game was read in
size_cols       int16                                  ``SZ`` columns (19 when absent)
size_rows       int16                                  ``SZ`` rows
black, white    string                                 ``PB``, ``PW``
black_rank,     string                                 ``BR``, ``WR`` normalised: ``"5k"``, ``"3d"``,
white_rank                                             ``"9p"`` (``P8段`` is 8p, ``9段`` 9d); null when
                                                       absent or not read (``?``, ``UR``, ``1500``)
black_rank_     int16                                  the same ranks in order, one step a rank:
ordinal,                                               30k is -29, 1k 0, 1d 1, 9d 9, 1p 10, 9p 18
white_rank_
ordinal
result          string                                 ``RE`` as written
winner          string                                 ``"B"``, ``"W"`` or null (a draw, a void, ...)
margin          float64                                points, for a win on score (a stone ``子`` is 2)
reason          string                                 ``score``, ``resign``, ``time``, ``forfeit``,
                                                       ``draw``, ``void``, ``unknown`` (also a result
                                                       that is not read); null only without ``RE``
komi            float64                                ``KM`` in points (Fox's ``KM[750]`` is 7.5)
handicap        int64                                  ``HA``
date,           string                                 the first and last date of ``DT``, as
date_last                                              ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``
date_day,       date32                                 the same dates, where the day is known
date_last_day
rules, event,   string                                 ``RU``, ``EV``, ``RO``, ``PC``, ``GN``,
round, place,                                          ``AP`` (``name:version``)
name,
application
time_limit      float64                                ``TM``, seconds
overtime        string                                 ``OT``
move_count      int32                                  moves on the main line
node_count      int64                                  nodes in the game
moves           list<fixed_size_list<int16, 3>>        main line: colour (0 Black, 1 White), x, y;
                                                       a pass is x = y = -1
setup_black,    list<fixed_size_list<int16, 2>>        the root's ``AB``, ``AW``, ``AE``: x, y
setup_white,
setup_empty
warnings        list<string>                           repairs and bad values, with line and column
==============  =====================================  ==========================================

The ranks, the result's winner, margin and reason, the komi, the handicap
and the dates are read by the library's rules
(``sgf_stream::game::Normalized``), as ``sgf json`` writes them in its
``normalized`` object.

>>> import sgf_stream, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> with open(os.path.join(folder, "a.sgf"), "w") as f:
...     _ = f.write("(;KM[6.5]RE[B+3.5];B[pd];W[tt])(;KM[7.5]RE[W+R];B[dd])")
>>> table = sgf_stream.to_arrow(folder)
>>> table.column("margin").to_pylist(), table.column("reason").to_pylist()
([3.5, None], ['score', 'resign'])
>>> table.column("moves").to_pylist()[0]
[[0, 15, 3], [1, -1, -1]]
>>> with open(os.path.join(folder, "b.sgf"), "w", encoding="utf-8") as f:
...     _ = f.write("(;BR[P8段]WR[9段]RE[黑中盘胜]KM[750]DT[2017.06.21 21:45,22])")
>>> row = sgf_stream.to_arrow(os.path.join(folder, "b.sgf")).to_pylist()[0]
>>> row["black_rank"], row["black_rank_ordinal"], row["white_rank"], row["white_rank_ordinal"]
('8p', 17, '9d', 9)
>>> row["winner"], row["reason"], row["komi"], row["date"], row["date_last_day"]
('B', 'resign', 7.5, '2017-06-21', datetime.date(2017, 6, 22))
"""

import os
from typing import Any, Iterable, List, Optional, Tuple, Union

import pyarrow as pa

from . import Sources, _jobs, _paths
from ._native import TableReader, batch_from_bytes

__all__ = ["record_batch", "schema", "to_arrow", "to_parquet"]

_NUMBERS = {
    "int16": pa.int16(),
    "int32": pa.int32(),
    "int64": pa.int64(),
    "float64": pa.float64(),
    "date32": pa.date32(),
}


def _type(parts: List[Any]) -> pa.DataType:
    kind = parts[0]
    if kind == "utf8":
        return pa.string()
    if kind in _NUMBERS:
        return _NUMBERS[kind]
    if kind == "points":
        return pa.list_(pa.list_(pa.int16(), parts[1]))
    return pa.list_(pa.string())


def schema() -> pa.Schema:
    """The tables' schema (see the module docs).

    >>> schema().field("moves").type
    ListType(list<item: fixed_size_list<item: int16>[3]>)
    """
    return pa.schema([(name, _type(parts)) for name, parts in TableReader.layout()])


def _buffer(data: Any) -> Optional[pa.Buffer]:
    """An Arrow buffer over ``data`` (a numpy array the binding filled),
    without a copy."""
    return None if data is None else pa.py_buffer(data)


def _array(length: int, parts: List[Any]) -> pa.Array:
    """One column from its buffers (numpy arrays of bytes, ``int16`` values
    or ``int32`` offsets, little-endian), without a Python object per
    value."""
    kind = parts[0]
    if kind == "utf8":
        validity, offsets, data = parts[1:]
        return pa.Array.from_buffers(
            pa.string(), length, [_buffer(validity), _buffer(offsets), _buffer(data)]
        )
    if kind in _NUMBERS:
        validity, data = parts[1:]
        return pa.Array.from_buffers(_NUMBERS[kind], length, [_buffer(validity), _buffer(data)])
    if kind == "points":
        width, offsets, values = parts[1:]
        flat = pa.Array.from_buffers(pa.int16(), len(values), [None, _buffer(values)])
        points = pa.FixedSizeListArray.from_arrays(flat, width)
        offsets = pa.Array.from_buffers(pa.int32(), length + 1, [None, _buffer(offsets)])
        return pa.ListArray.from_arrays(offsets, points)
    offsets, inner, data = parts[1:]
    texts = pa.Array.from_buffers(pa.string(), len(inner) - 1, [None, _buffer(inner), _buffer(data)])
    offsets = pa.Array.from_buffers(pa.int32(), length + 1, [None, _buffer(offsets)])
    return pa.ListArray.from_arrays(offsets, texts)


def _record_batch(batch: Any, target: pa.Schema) -> pa.RecordBatch:
    arrays = [_array(batch["length"], parts) for _, parts in batch["columns"]]
    return pa.RecordBatch.from_arrays(arrays, schema=target)


def _batches(reader: TableReader, rows: int, target: pa.Schema):
    while True:
        batch = reader.next_batch(rows)
        if batch is None:
            return
        yield _record_batch(batch, target)


def record_batch(
    inputs: Iterable[Tuple[str, bytes]],
    *,
    lenient: bool = True,
    charset: Optional[str] = None,
) -> pa.RecordBatch:
    """The rows of SGF data held in memory, ``(source, data)`` pairs (as
    Spark's ``binaryFile`` source gives them), with the GIL released
    while parsing. Warnings of data that holds no game are left out.

    >>> batch = record_batch([("a.sgf", b"(;PB[Ann];B[pd])(;PB[Bob])")])
    >>> batch.column("black").to_pylist(), batch.column("index").to_pylist()
    (['Ann', 'Bob'], [0, 1])
    """
    data = [(source, bytes(content)) for source, content in inputs]
    return _record_batch(batch_from_bytes(data, lenient=lenient, charset=charset), schema())


def to_arrow(
    sources: Sources,
    *,
    jobs: Optional[int] = None,
    lenient: bool = True,
    charset: Optional[str] = None,
    batch_size: int = 65536,
    stream: bool = False,
) -> Union[pa.Table, pa.RecordBatchReader]:
    """One row per game of files, folders and archives (as for
    ``iter_games``), as a ``pyarrow.Table``; with ``stream=True`` a
    ``pyarrow.RecordBatchReader`` of batches of ``batch_size`` games, read
    as they are taken, in bounded memory.

    Worker threads parse with the GIL released; the columns are built
    from buffers (no Python object per game or move). A strict read
    (``lenient=False``) raises ``SgfError`` at the first malformed piece.
    """
    target = schema()
    reader = TableReader(_paths(sources), jobs=_jobs(jobs), lenient=lenient, charset=charset)
    batches = _batches(reader, batch_size, target)
    if stream:
        return pa.RecordBatchReader.from_batches(target, batches)
    return pa.Table.from_batches(list(batches), schema=target)


def to_parquet(
    sources: Sources,
    path: Union[str, "os.PathLike[str]"],
    *,
    jobs: Optional[int] = None,
    lenient: bool = True,
    charset: Optional[str] = None,
    batch_size: int = 65536,
    compression: str = "zstd",
) -> int:
    """Writes the rows of ``to_arrow`` to a Parquet file, batch by batch
    (bounded memory); returns the number of rows.

    >>> import sgf_stream, tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "a.sgf"), "w") as f:
    ...     _ = f.write("(;PB[Ann];B[pd])(;PB[Bob];B[dd])")
    >>> sgf_stream.to_parquet(folder, os.path.join(folder, "games.parquet"))
    2
    """
    import pyarrow.parquet as pq

    reader = to_arrow(
        sources, jobs=jobs, lenient=lenient, charset=charset, batch_size=batch_size, stream=True
    )
    rows = 0
    with pq.ParquetWriter(os.fspath(path), reader.schema, compression=compression) as writer:
        for batch in reader:
            writer.write_batch(batch)
            rows += batch.num_rows
    return rows
