"""Spark in local mode: a binaryFile DataFrame turned into one row per
game with mapInArrow, aggregated, equals the single-process answer of
to_arrow. Skipped, with the reason, when pyspark or Java is missing."""

import os
import shutil
import sys

import pytest

import sgf_stream


def sample_games(folder, files=24):
    """Files of one to three games with several komi values and results."""
    results = ["B+R", "W+0.5", "W+R", "B+12.5", "0", "?"]
    komis = ["6.5", "7.5", "0.5", None]
    n = 0
    for i in range(files):
        games = []
        for _ in range(1 + i % 3):
            komi = komis[n % len(komis)]
            km = f"KM[{komi}]" if komi else ""
            moves = ";B[pd];W[dp]" * (1 + n % 5)
            games.append(f"(;GM[1]SZ[19]{km}RE[{results[n % len(results)]}]{moves})")
            n += 1
        (folder / f"g{i:02}.sgf").write_text("\n".join(games))
    return n


def test_spark_results_by_komi_equal_to_arrow(tmp_path):
    pyspark = pytest.importorskip("pyspark", reason="pyspark is not installed")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("no Java runtime for Spark")
    from pyspark.sql import SparkSession

    from sgf_stream.spark import games

    count = sample_games(tmp_path)
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("sgf_stream test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate()
    )
    try:
        files = (
            spark.read.format("binaryFile")
            .option("pathGlobFilter", "*.sgf")
            .load(str(tmp_path))
            .repartition(2)
        )
        frame = games(files)
        rows = (
            frame.groupBy("komi", "winner")
            .agg({"*": "count", "move_count": "sum"})
            .collect()
        )
        spark_answer = [
            (r["komi"], r["winner"], r["count(1)"], r["sum(move_count)"]) for r in rows
        ]
        assert sum(r[2] for r in spark_answer) == count
        flat = frame.select("moves", "move_count").collect()
        assert all(len(r["moves"]) == 3 * r["move_count"] for r in flat)
    finally:
        spark.stop()

    table = sgf_stream.to_arrow(tmp_path, jobs=1)
    grouped = table.group_by(["komi", "winner"]).aggregate(
        [([], "count_all"), ("move_count", "sum")]
    )
    local_answer = [
        (r["komi"], r["winner"], r["count_all"], r["move_count_sum"])
        for r in grouped.to_pylist()
    ]
    key = lambda r: (r[0] is None, r[0] or 0, r[1] is None, r[1] or "")  # noqa: E731
    assert sorted(spark_answer, key=key) == sorted(local_answer, key=key)
    assert len(local_answer) >= 8
