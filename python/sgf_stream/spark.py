"""Apache Spark: SGF files as a DataFrame of games, with ``mapInArrow``.

Spark's ``binaryFile`` source gives one row per file (``path``,
``content``, ...); ``games`` turns those rows into one row per game, on
the executors, with the package's parser::

    from pyspark.sql import SparkSession
    from sgf_stream.spark import games

    spark = SparkSession.builder.master("local[2]").getOrCreate()
    files = (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", "*.sgf")
        .option("recursiveFileLookup", "true")
        .load("/data/sgf")
    )
    frame = games(files)
    frame.groupBy("komi", "winner").count().orderBy("komi", "winner").show()

The columns are those of ``sgf_stream.arrow.schema()`` that Spark takes
(``SPARK_SCHEMA``), with ``moves`` flattened to ``array<smallint>``:
colour, x, y of each move in turn. Every executor needs the package
installed (``pip install sgf-stream``).
"""

from typing import Iterator

import pyarrow as pa

from .arrow import record_batch

__all__ = ["SPARK_SCHEMA", "games", "map_files"]

#: The columns of ``games``, as a Spark DDL schema.
SPARK_SCHEMA = ", ".join(
    [
        "source string",
        "index long",
        "charset string",
        "size_cols short",
        "size_rows short",
        "black string",
        "white string",
        "black_rank string",
        "white_rank string",
        "result string",
        "winner string",
        "margin double",
        "reason string",
        "komi double",
        "handicap long",
        "date string",
        "rules string",
        "event string",
        "move_count int",
        "node_count long",
        "moves array<smallint>",
        "warnings array<string>",
    ]
)

_NAMES = [column.split(" ")[0] for column in SPARK_SCHEMA.split(", ")]


def _flat_moves(moves: pa.ListArray) -> pa.ListArray:
    """``list<fixed_size_list<int16, 3>>`` as ``list<int16>``."""
    offsets = pa.compute.multiply(moves.offsets, 3)
    return pa.ListArray.from_arrays(offsets, moves.values.flatten())


def map_files(
    batches: Iterator[pa.RecordBatch], *, lenient: bool = True
) -> Iterator[pa.RecordBatch]:
    """For ``DataFrame.mapInArrow`` over ``binaryFile`` rows: one row per
    game, with the columns of ``SPARK_SCHEMA``."""
    import pyarrow.compute  # noqa: F401  (pa.compute)

    for batch in batches:
        paths = batch.column("path").to_pylist()
        contents = batch.column("content").to_pylist()
        rows = record_batch(zip(paths, contents), lenient=lenient)
        columns = []
        for name in _NAMES:
            column = rows.column(name)
            columns.append(_flat_moves(column) if name == "moves" else column)
        yield pa.RecordBatch.from_arrays(columns, names=_NAMES)


def games(files, *, lenient: bool = True):  # type: ignore[no-untyped-def]
    """One row per game of a ``binaryFile`` DataFrame (see the module
    docs)."""
    return files.select("path", "content").mapInArrow(
        lambda batches: map_files(batches, lenient=lenient), SPARK_SCHEMA
    )
