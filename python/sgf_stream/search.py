"""Search a collection by position and pattern: ``Index``.

An index of many games in one file (``Index.build``), searched for a
pattern: a region of the board and what each of its points must hold
(black, white or empty), under the 8 symmetries of the board and, with
``colors=True``, with the colours exchanged. The results are two Arrow
tables: the games that match (at their first matching position) and the
moves played next, in the pattern's orientation and colours.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> with open(os.path.join(folder, "a.sgf"), "w") as f:
...     _ = f.write("(;SZ[9]RE[B+R];B[cc];W[gg])(;SZ[9];B[gg];W[cc])")
>>> index = Index.build([folder], os.path.join(folder, "games.idx"))
>>> index.games
2
>>> hits, next_moves = index.search("(;SZ[9]AB[cc]VW[aa:dd])")
>>> hits.column("move").to_pylist(), hits.column("symmetry").to_pylist()
([1, 1], [0, 2])
>>> next_moves.column("count").to_pylist()
[2]
"""

import os
from typing import Any, NamedTuple, Optional, Sequence, Union

from ._native import IndexFile

Source = Union[str, "os.PathLike[str]"]


class SearchResult(NamedTuple):
    """The hits and the next moves of a search, as ``pyarrow.Table``s."""

    hits: Any
    continuations: Any


def _jobs(jobs: Optional[int]) -> int:
    if jobs is None:
        return os.cpu_count() or 1
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    return jobs


class Index:
    """An index file of games, written by ``Index.build`` or ``sgf index``."""

    def __init__(self, path: Source) -> None:
        self._file = IndexFile(os.fspath(path))

    @classmethod
    def build(
        cls,
        paths: Union[Source, Sequence[Source]],
        path: Source,
        *,
        jobs: Optional[int] = None,
        force: bool = False,
        append: bool = False,
    ) -> "Index":
        """Indexes the games of ``paths`` (files, folders, ``.gz`` files and
        archives) into the file ``path``, which is replaced only with
        ``force``; ``append`` adds the games to an existing index."""
        if isinstance(paths, (str, bytes, os.PathLike)):
            paths = [paths]
        IndexFile.build(
            [os.fsdecode(p) for p in paths],
            os.fspath(path),
            jobs=_jobs(jobs),
            force=force,
            append=append,
        )
        return cls(path)

    @property
    def games(self) -> int:
        """How many games the index holds."""
        return self._file.games

    def search(
        self,
        pattern: Any,
        colors: bool = False,
        *,
        region: Any = None,
        jobs: Optional[int] = None,
    ) -> SearchResult:
        """The games where ``pattern`` occurs, and the moves played next.

        ``pattern`` is SGF text (its root's ``SZ``, ``AB``/``AW`` and
        ``VW``), a path to an SGF file, or a 2-D numpy array (rows ×
        columns: 1 black, -1 white, 0 empty) with an optional boolean
        ``region`` of the same shape (the whole board without it).

        ``hits`` has one row per matching game: ``file``, ``game`` (its
        index in the file), ``move`` (moves played before the matching
        position), ``symmetry`` (0-7), ``colors_swapped``, and the next
        move's ``next_col``, ``next_row`` and ``next_color`` in the
        pattern's orientation (null at the end or for a pass).
        ``continuations`` has one row per next move: ``color``, ``col``,
        ``row`` (null for a pass), ``count``, ``black_wins``,
        ``white_wins``, ``black_share``, ``white_share``.
        """
        import pyarrow as pa

        jobs = _jobs(jobs)
        if isinstance(pattern, (str, bytes, os.PathLike)):
            text = os.fsencode(pattern) if not isinstance(pattern, bytes) else pattern
            if not text.lstrip().startswith(b"("):
                with open(pattern, "rb") as file:
                    text = file.read()
            hits, table = self._file.search_sgf(text, colors=colors, jobs=jobs)
        else:
            import numpy as np

            grid = np.ascontiguousarray(pattern, dtype=np.int8)
            if region is not None:
                region = np.ascontiguousarray(region, dtype=np.bool_)
            hits, table = self._file.search_grid(grid, region, colors=colors, jobs=jobs)
        hit_types = {
            "file": pa.string(),
            "game": pa.uint32(),
            "move": pa.uint32(),
            "symmetry": pa.uint8(),
            "colors_swapped": pa.bool_(),
            "next_col": pa.uint8(),
            "next_row": pa.uint8(),
            "next_color": pa.string(),
        }
        next_types = {
            "color": pa.string(),
            "col": pa.uint8(),
            "row": pa.uint8(),
            "count": pa.uint64(),
            "black_wins": pa.uint64(),
            "white_wins": pa.uint64(),
            "black_share": pa.float64(),
            "white_share": pa.float64(),
        }
        return SearchResult(
            pa.table({k: pa.array(hits[k], type=t) for k, t in hit_types.items()}),
            pa.table({k: pa.array(table[k], type=t) for k, t in next_types.items()}),
        )
