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

Keyword arguments keep only the games of some players, ranks, results,
dates, komi or handicap, as ``sgf select`` and ``sgf search`` filter
them:

>>> hits, next_moves = index.search("(;SZ[9]AB[cc]VW[aa:dd])", winner="B")
>>> hits.column("game").to_pylist(), next_moves.column("count").to_pylist()
([0], [1])
"""

import datetime
import os
from typing import Any, Dict, NamedTuple, Optional, Sequence, Tuple, Union

from ._native import IndexFile
from ._sources import Source
from ._sources import jobs as _jobs
from ._sources import paths as _paths

Day = Union[str, datetime.date]


class SearchResult(NamedTuple):
    """The hits and the next moves of a search, as ``pyarrow.Table``s."""

    hits: Any
    continuations: Any


def _filters(filters: Dict[str, Any]) -> Dict[str, Any]:
    """The filters that are set, with dates and sizes as text."""
    out = {}
    for name, value in filters.items():
        if value is None or (name == "exact_names" and not value):
            continue
        if name in ("date_from", "date_to") and isinstance(value, datetime.date):
            value = value.isoformat()
        elif name == "size":
            value = f"{value[0]}:{value[1]}" if isinstance(value, tuple) else str(value)
        out[name] = value
    return out


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
        IndexFile.build(
            _paths(paths),
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
        player: Optional[str] = None,
        black: Optional[str] = None,
        white: Optional[str] = None,
        exact_names: bool = False,
        min_rank: Optional[str] = None,
        max_rank: Optional[str] = None,
        winner: Optional[str] = None,
        reason: Optional[str] = None,
        date_from: Optional[Day] = None,
        date_to: Optional[Day] = None,
        size: Union[int, Tuple[int, int], None] = None,
        handicap: Optional[int] = None,
        komi: Optional[float] = None,
        min_moves: Optional[int] = None,
        max_moves: Optional[int] = None,
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

        The other keyword arguments are the filters of ``sgf select``
        (``--min-rank`` is ``min_rank``, ``--from`` ``date_from``): a game
        that does not pass them all is no hit, and its next move is not
        counted. A game whose value is unknown does not pass a filter on
        it. ``player``, ``black``, ``white``: a name found in ``PB``/``PW``
        (either, Black's, White's), ignoring letter case, anywhere in it
        or with ``exact_names`` as the whole name; ``min_rank``,
        ``max_rank``: both players' ranks (``"5k"``, ``"3d"``, ``"9p"``);
        ``winner`` (``"B"`` or ``"W"``) and ``reason`` (``"score"``,
        ``"resign"``, ``"time"``, ``"forfeit"``, ``"draw"``, ``"void"``,
        ``"unknown"``); ``date_from``, ``date_to``: the game's first date,
        from a ``datetime.date`` or ``"YYYY[-MM[-DD]]"``, compared on what
        both say (``date_to="1996"`` keeps 1996-12-31); ``size`` (``19``
        or ``(cols, rows)``), ``handicap`` (no ``HA`` is 0), ``komi``
        (``KM[750]`` is 7.5); ``min_moves``, ``max_moves`` on the main
        line, passes included. The index does not store which properties
        a game uses, so there is no ``has``. A bad value raises
        ``ValueError``.
        """
        import pyarrow as pa

        jobs = _jobs(jobs)
        filters = _filters(
            dict(
                player=player,
                black=black,
                white=white,
                exact_names=exact_names,
                min_rank=min_rank,
                max_rank=max_rank,
                winner=winner,
                reason=reason,
                date_from=date_from,
                date_to=date_to,
                size=size,
                handicap=handicap,
                komi=komi,
                min_moves=min_moves,
                max_moves=max_moves,
            )
        )
        if isinstance(pattern, (str, bytes, os.PathLike)):
            text = os.fsencode(pattern) if not isinstance(pattern, bytes) else pattern
            if not text.lstrip().startswith(b"("):
                with open(pattern, "rb") as file:
                    text = file.read()
            hits, table = self._file.search_sgf(text, colors=colors, jobs=jobs, filters=filters)
        else:
            import numpy as np

            grid = np.ascontiguousarray(pattern, dtype=np.int8)
            if region is not None:
                region = np.ascontiguousarray(region, dtype=np.bool_)
            hits, table = self._file.search_grid(
                grid, region, colors=colors, jobs=jobs, filters=filters
            )
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
