"""Speed of the Python package against sgfmill, in the same run.

    python python/bench/bench.py [--corpus ../shared/corpus] [--memory-gb 1] [--runs 5]
        [--tygem ../shared/tygem --months 4] [--only-collection] [--sgf PATH]

1. Every file of the corpus to main-line moves: sgfmill 1.1.1's
   ``Sgf_game.from_bytes`` plus its main sequence, against
   ``iter_games`` plus ``Game.moves`` (goal: >= 100x), beside the
   library's reader alone over the same files (``_native._read_only``:
   found, opened, read, parsed, nodes counted), which bounds it: over
   many small files the cost of each file (its opening and reading)
   weighs on both.
2. ``to_arrow`` throughput over the corpus with ``jobs=1`` and
   ``jobs=2`` (goals: >= 150 MB/s, and jobs=2 >= 1.7x jobs=1).
2b. On a real collection of a few hundred MB (``--months`` months of
   ``../shared/tygem``, decompressed to a temporary folder), in rounds
   that run every workload once in turn: sgfmill
   (``parse_sgf_collection`` over the first month) against
   ``iter_games`` plus ``Game.moves`` with ``jobs=1`` (goal: >= 100x), and
   ``to_arrow`` with ``jobs=1`` and ``jobs=2`` (goals: >= 150 MB/s, and
   jobs=2 >= 1.7x jobs=1) beside its peers in the same rounds: the
   library's reader over the same collection, only counting nodes
   (``_native._read_only``), and ``sgf stats`` when a release build of
   the ``sgf`` tool is there (``--sgf``; ``cargo build --release -p
   sgf-tool --features cli``).
3. Peak memory of ``iter_games`` over a generated input of
   ``--memory-gb`` GB, above the interpreter's baseline (goal: <= 100 MB
   for 1 GB).

``--only sgfmill|moves|arrow --files N --repeat K`` runs K passes of one
workload (with ``jobs=1``) over the corpus's first N files and prints
their bytes, for counting instructions, which a loaded machine does not
change: under ``valgrind --tool=callgrind``, the count with ``--repeat
2`` less the count with ``--repeat 1`` is one pass.

Times are the best of ``--runs`` runs, on files already in the page
cache (each timed pass reads them once before), as wall time and as the
process's CPU time (user and system, all threads): on a machine that
other jobs share, the CPU time tells the work done, the wall time how
much of the machine was free. numpy's BLAS threads are limited to one
(the benchmark does no linear algebra; idle BLAS threads would only add
noise to the CPU time of both sides).
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import resource  # noqa: E402
import pathlib  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402

import sgf_stream  # noqa: E402

#: The repository's root.
ROOT = pathlib.Path(__file__).resolve().parents[2]


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def best(runs, work):
    """The least wall time and the least CPU time of ``runs`` runs, and
    the result."""
    times, cpu = [], []
    result = None
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), cpu_seconds()
        result = work()
        times.append(time.perf_counter() - start)
        cpu.append(cpu_seconds() - start_cpu)
    return min(times), min(cpu), result


def sgf_files(folder):
    return sorted(p for p in pathlib.Path(folder).rglob("*") if p.suffix.lower() == ".sgf")


def sgfmill_moves(files):
    from sgfmill import sgf

    moves = 0
    for path in files:
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        for node in game.get_main_sequence():
            colour, _ = node.get_move()
            moves += colour is not None
    return moves


def sgfmill_collection_moves(paths):
    from sgfmill import sgf, sgf_grammar

    moves = 0
    for path in paths:
        for coarse in sgf_grammar.parse_sgf_collection(path.read_bytes()):
            game = sgf.Sgf_game.from_coarse_game_tree(coarse)
            for node in game.get_main_sequence():
                colour, _ = node.get_move()
                moves += colour is not None
    return moves


def interleaved(rounds, workloads):
    """The least wall time of each workload over ``rounds`` rounds, each
    round running every workload once in turn (so that other jobs on the
    machine slow them alike), and each one's last result."""
    times = {name: [] for name in workloads}
    results = {}
    for _ in range(rounds):
        for name, work in workloads.items():
            start = time.perf_counter()
            results[name] = work()
            times[name].append(time.perf_counter() - start)
    return {name: min(t) for name, t in times.items()}, results


def sgf_tool(args):
    """The ``sgf`` binary (``--sgf``, or the repository's release build),
    or None."""
    path = pathlib.Path(args.sgf) if args.sgf else ROOT / "target" / "release" / "sgf"
    return path if path.is_file() else None


def collection(args):
    """The table of 2b over ``args.months`` months of ``args.tygem``."""
    import gzip
    import shutil

    from sgf_stream._native import _read_only

    months = sorted(pathlib.Path(args.tygem).glob("*.sgf.gz"))[: args.months]
    if not months:
        print(f"collection: no .sgf.gz files in {args.tygem}; skipped")
        return
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for month in months:
            path = pathlib.Path(folder) / month.name[: -len(".gz")]
            with gzip.open(month) as source, open(path, "wb") as out:
                shutil.copyfileobj(source, out)
            paths.append(path)
        megabytes = sum(p.stat().st_size for p in paths) / 1e6
        first = paths[0].stat().st_size / 1e6
        print(
            f"collection: {len(paths)} months of tygem, {megabytes:.1f} MB; "
            f"best of {args.runs} interleaved rounds"
        )
        theirs, _, their_moves = best(1, lambda: sgfmill_collection_moves(paths[:1]))
        workloads = {}
        for jobs in (1, 2):
            workloads[f"reader {jobs}"] = lambda jobs=jobs: _read_only([folder], jobs=jobs)
            workloads[f"arrow {jobs}"] = lambda jobs=jobs: sgf_stream.to_arrow(folder, jobs=jobs)
        tool = sgf_tool(args)
        for jobs in (1, 2) if tool else ():
            command = [str(tool), "stats", "-j", str(jobs), folder]
            workloads[f"stats {jobs}"] = lambda command=command: subprocess.run(
                command, stdout=subprocess.DEVNULL, check=True
            )
        workloads["moves first"] = lambda: ours_moves([str(paths[0])], 1)
        workloads["moves 1"] = lambda: ours_moves(folder, 1)
        seconds, results = interleaved(args.runs, workloads)
        assert results["moves first"] == their_moves, (results["moves first"], their_moves)
        games = results["reader 1"][0]
        assert results["arrow 1"].num_rows == results["arrow 2"].num_rows == games
        rate = {name: megabytes / t for name, t in seconds.items()}
        rate["moves first"] = first / seconds["moves first"]
        print(f"  {'MB/s':34} {'jobs=1':>8} {'jobs=2':>8} {'2/1':>6}")

        def line(label, key, note=""):
            one, two = rate[f"{key} 1"], rate[f"{key} 2"]
            print(f"  {label:34} {one:8.0f} {two:8.0f} {two / one:6.2f}  {note}")

        line("library reader (_read_only)", "reader")
        if tool:
            line(f"sgf stats ({tool.name})", "stats")
        line("to_arrow", "arrow", "goals: >= 150 MB/s with jobs=1, 2/1 >= 1.7")
        print(
            f"  {'to_arrow / reader':34} {rate['arrow 1'] / rate['reader 1']:8.2f} "
            f"{rate['arrow 2'] / rate['reader 2']:8.2f}"
        )
        if tool:
            print(
                f"  {'to_arrow / sgf stats':34} {rate['arrow 1'] / rate['stats 1']:8.2f} "
                f"{rate['arrow 2'] / rate['stats 2']:8.2f}"
            )
        print(
            f"  sgfmill parse_sgf_collection + main line, first month ({first:.1f} MB): "
            f"{first / theirs:.2f} MB/s"
        )
        print(
            f"  iter_games + moves, jobs=1: first month {rate['moves first']:.0f} MB/s "
            f"({theirs / seconds['moves first']:.0f}x sgfmill, goal >= 100x); "
            f"all {rate['moves 1']:.0f} MB/s"
        )


def ours_moves(sources, jobs):
    return sum(len(game.moves) for game in sgf_stream.iter_games(sources, jobs=jobs))


def only(args, files):
    """``--repeat`` passes of one workload over the first ``--files``
    files."""
    files = files[: args.files]
    sources = [str(p) for p in files]
    work = {
        "sgfmill": lambda: sgfmill_moves(files),
        "moves": lambda: ours_moves(sources, 1),
        "arrow": lambda: sgf_stream.to_arrow(sources, jobs=1),
    }[args.only]
    for _ in range(args.repeat):
        work()
    print(sum(p.stat().st_size for p in files))


def memory(gigabytes):
    game = (
        b"(;GM[1]FF[4]SZ[19]PB[Black]PW[White]KM[7.5]RE[B+R]C[a comment]"
        + b";B[pd];W[dp];B[pp];W[dd]" * 60
        + b")\n"
    )
    block = game * 1000
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "big.sgf")
        with open(path, "wb") as file:
            for _ in range(int(gigabytes * 1e9) // len(block)):
                file.write(block)
        size = os.path.getsize(path)
        script = textwrap.dedent(
            f"""
            import time, numpy, sgf_stream
            def status(key):  # kB, of this process alone (reset by exec)
                for line in open("/proc/self/status"):
                    if line.startswith(key + ":"):
                        return int(line.split()[1])
            base = status("VmHWM")
            start = time.perf_counter()
            games = moves = 0
            for game in sgf_stream.iter_games({path!r}):
                games += 1
                moves += len(game.moves)
            seconds = time.perf_counter() - start
            peak = status("VmHWM")
            print(games, moves, base // 1024, (peak - base) / 1024, seconds)
            """
        )
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        ).stdout.split()
    games, moves, base_mb = int(out[0]), int(out[1]), int(out[2])
    grown_mb, seconds = float(out[3]), float(out[4])
    print(
        f"memory: {size / 1e9:.2f} GB, {games} games, {moves} moves in {seconds:.1f} s "
        f"({size / 1e6 / seconds:.0f} MB/s): peak {grown_mb:.1f} MB above the "
        f"interpreter's baseline of {base_mb} MB (goal <= 100 MB)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(pathlib.Path(__file__).resolve().parents[3] / "shared" / "corpus"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--memory-gb", type=float, default=1.0)
    parser.add_argument("--only", choices=["sgfmill", "moves", "arrow"])
    parser.add_argument("--files", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--tygem", default=str(pathlib.Path(__file__).resolve().parents[3] / "shared" / "tygem"))
    parser.add_argument("--months", type=int, default=4, help="0: no collection table")
    parser.add_argument("--only-collection", action="store_true")
    parser.add_argument("--sgf", help="the sgf binary, a peer (default: target/release/sgf)")
    args = parser.parse_args()

    files = sgf_files(args.corpus)
    if args.only:
        return only(args, files)
    if args.months > 0:
        collection(args)
    if args.only_collection:
        return
    megabytes = sum(p.stat().st_size for p in files) / 1e6
    print(f"corpus: {len(files)} files, {megabytes:.2f} MB, {os.cpu_count()} processors")

    theirs, their_cpu, their_moves = best(max(1, args.runs // 2), lambda: sgfmill_moves(files))
    print(
        f"sgfmill 1.1.1 from_bytes + main line: {theirs:.3f} s ({megabytes / theirs:.2f} MB/s), "
        f"CPU {their_cpu:.3f} s"
    )
    for jobs in (1, 2):
        ours, our_cpu, our_moves = best(args.runs, lambda: ours_moves(args.corpus, jobs))
        assert our_moves == their_moves, (our_moves, their_moves)
        print(
            f"iter_games + moves, jobs={jobs}: {ours * 1000:.1f} ms "
            f"({megabytes / ours:.0f} MB/s): {theirs / ours:.0f}x sgfmill (goal >= 100x); "
            f"CPU {our_cpu * 1000:.1f} ms: {their_cpu / our_cpu:.0f}x less "
            f"than sgfmill's"
        )
    # The peer that bounds the line above: the same files found, opened,
    # read and parsed by the library's reader, games and nodes counted,
    # no game built and nothing handed to Python.
    from sgf_stream._native import _read_only

    reader, reader_cpu, _ = best(args.runs, lambda: _read_only([args.corpus], jobs=1))
    print(
        f"the library's reader alone over these files, jobs=1: {reader * 1000:.1f} ms: "
        f"{theirs / reader:.0f}x sgfmill; CPU {reader_cpu * 1000:.1f} ms"
    )

    rates = {}
    for jobs in (1, 2):
        seconds, cpu, table = best(args.runs, lambda: sgf_stream.to_arrow(args.corpus, jobs=jobs))
        assert table.num_rows == len(files)
        rates[jobs] = megabytes / seconds
        print(
            f"to_arrow, jobs={jobs}: {seconds * 1000:.1f} ms, {rates[jobs]:.0f} MB/s; "
            f"CPU {cpu * 1000:.1f} ms ({megabytes / cpu:.0f} MB per CPU second)"
        )
    print(
        f"to_arrow: jobs=1 {rates[1]:.0f} MB/s (goal >= 150), jobs=2 / jobs=1 = "
        f"{rates[2] / rates[1]:.2f}x (goal >= 1.7x)"
    )
    if args.memory_gb > 0:
        memory(args.memory_gb)


if __name__ == "__main__":
    main()
