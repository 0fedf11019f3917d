"""Results by komi over a folder of SGF files, with Apache Spark.

    python python/examples/spark_results_by_komi.py FOLDER [MASTER]

Spark's ``binaryFile`` source reads the files; ``sgf_stream.spark.games``
turns them into one row per game on the executors (``mapInArrow``); the
aggregate is then plain Spark SQL. MASTER defaults to ``local[2]``.
"""

import os
import sys

from pyspark.sql import SparkSession, functions as F

from sgf_stream.spark import games


def main() -> None:
    folder = sys.argv[1]
    master = sys.argv[2] if len(sys.argv) > 2 else "local[2]"
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(master).appName("results by komi").getOrCreate()
    files = (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", "*.[sS][gG][fF]")
        .option("recursiveFileLookup", "true")
        .load(folder)
    )
    (
        games(files)
        .groupBy("komi")
        .agg(
            F.count("*").alias("games"),
            F.sum(F.when(F.col("winner") == "B", 1).otherwise(0)).alias("black_wins"),
            F.sum(F.when(F.col("winner") == "W", 1).otherwise(0)).alias("white_wins"),
            F.avg("move_count").alias("average_moves"),
        )
        .orderBy("komi")
        .show(50, truncate=False)
    )
    spark.stop()


if __name__ == "__main__":
    main()
