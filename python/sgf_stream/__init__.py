"""Fast SGF (Smart Game Format) reading and writing for Python.

Games with their trees, main-line moves as numpy arrays and game
information; many files, folders and archives read on worker threads;
one-row-per-game Arrow tables for pandas, Polars, DuckDB and Spark.

>>> import sgf_stream
>>> game, = sgf_stream.parse("(;GM[1]SZ[19]PB[Lee]KM[6.5]RE[W+R];B[pd];W[dp](;B[pp])(;B[dd]))")
>>> game.info.black, game.info.komi, game.info.winner, game.info.reason
('Lee', 6.5, 'W', 'resign')
>>> game.moves.tolist()
[[0, 15, 3], [1, 3, 15], [0, 15, 15]]
>>> game.root.children[0]["B"]
['pd']
"""

from typing import Iterable, List, Optional, Union

from ._errors import SgfError, SgfWarning
from ._native import (
    BLACK,
    WHITE,
    EventIterator,
    Game,
    GameInfo,
    GameIterator,
    Node,
    ParseWarning,
    parse,
)
from ._native import write_sgf as _write_sgf
from ._sources import Source, Sources
from ._sources import jobs as _jobs
from ._sources import paths as _paths
from .search import Index, SearchResult

__all__ = [
    "BLACK",
    "WHITE",
    "Game",
    "GameInfo",
    "GameIterator",
    "Index",
    "Node",
    "ParseWarning",
    "SgfError",
    "SearchResult",
    "SgfWarning",
    "events",
    "iter_games",
    "parse",
    "read",
    "to_arrow",
    "to_parquet",
    "write",
]

def iter_games(
    sources: Sources,
    *,
    jobs: Optional[int] = None,
    lenient: bool = True,
    charset: Optional[str] = None,
    raw: bool = False,
) -> GameIterator:
    """The games of files, folders and archives, in input order.

    ``sources`` is a path or a list of paths: ``.sgf`` files, folders
    (searched recursively for ``.sgf`` and ``.sgf.gz``, in name order),
    archives (``.zip``, ``.tar``, ``.tar.gz``, ``.tgz``) and ``.gz`` files.
    Small files are read whole, large ones (and archive members, ``.gz``)
    a game at a time; games are summed up on ``jobs`` worker threads
    (default: one per processor) with the GIL released, so memory stays
    bounded whatever the input's size.

    Lenient by default: repairs are ``Game.warnings``; warnings of text
    that holds no game go to the iterator's ``problems``. With
    ``lenient=False`` a malformed file raises ``SgfError`` (with the
    file); a file that cannot be read raises ``OSError``. Either way the
    iteration can go on with the next file. With ``raw=True`` the nodes
    of repaired games keep their values as written too
    (``Node.raw_properties``), where the repaired tree matches the text.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.sgf").write_text("(;PB[Ann];B[pd])(;PB[Bob];B[dd];W[pp])")
    >>> [(g.index, g.info.black, len(g.moves)) for g in iter_games(folder)]
    [(0, 'Ann', 1), (1, 'Bob', 2)]
    """
    return GameIterator(
        _paths(sources), jobs=_jobs(jobs), lenient=lenient, charset=charset, raw=raw
    )


def read(
    path: Source,
    *,
    lenient: bool = False,
    charset: Optional[str] = None,
    raw: bool = False,
) -> List[Game]:
    """Every game of one file (``.sgf``, ``.gz`` or an archive).

    Strict by default, like ``parse``: the first malformation raises
    ``SgfError`` with the file, line and column.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "g.sgf")
    >>> with open(path, "w") as f:
    ...     _ = f.write("(;GM[1]PW[Cho];W[aa])")
    >>> [g.info.white for g in read(path)]
    ['Cho']
    """
    return list(iter_games(path, jobs=1, lenient=lenient, charset=charset, raw=raw))


def events(data: Union[bytes, str], *, lenient: bool = False) -> EventIterator:
    """The parser's events over ``data``, for code that builds its own
    structures: ``("start",)`` for ``(``, ``("node",)`` for ``;``,
    ``("property", identifier, [raw value bytes, ...])`` and ``("end",)``
    for ``)``. Values are as written (escapes kept). Strict events raise
    ``SgfError`` at the first malformation; lenient ones repair it, and
    the iterator's ``warnings`` say how.

    >>> list(events(b"(;B[pd]C[a\\\\]b])"))
    [('start',), ('node',), ('property', 'B', [b'pd']), ('property', 'C', [b'a\\\\]b']), ('end',)]
    """
    return EventIterator(data, lenient=lenient)


def write(
    trees: Union[Game, Node, Iterable[Union[Game, Node]]],
    path: Optional[Source] = None,
    *,
    layout: str = "one-line",
    wrap: Optional[int] = None,
    newline: str = "\n",
    charset: Optional[str] = None,
) -> bytes:
    """SGF bytes of games (or nodes, each with everything below it), one
    game tree after another; written to ``path`` too when given.

    ``layout`` is ``"one-line"`` or ``"node-per-line"``; ``wrap`` breaks
    lines at that column; ``newline`` is ``"\\n"`` or ``"\\r\\n"``;
    ``charset`` (default UTF-8) may be Shift_JIS, GB18030, EUC-KR or Big5.

    >>> games = parse("(;GM[1];B[pd];W[dp])")
    >>> write(games, layout="node-per-line")
    b'(;GM[1]\\n;B[pd]\\n;W[dp])\\n'
    """
    if isinstance(trees, (Game, Node)):
        trees = [trees]
    data = _write_sgf(
        list(trees), layout=layout, wrap=wrap, newline=newline, charset=charset
    )
    if path is not None:
        with open(path, "wb") as file:
            file.write(data)
    return data


def to_arrow(sources: Sources, **kwargs):  # type: ignore[no-untyped-def]
    """See ``sgf_stream.arrow.to_arrow`` (needs pyarrow)."""
    from .arrow import to_arrow as _to_arrow

    return _to_arrow(sources, **kwargs)


def to_parquet(sources: Sources, path: Source, **kwargs) -> int:  # type: ignore[no-untyped-def]
    """See ``sgf_stream.arrow.to_parquet`` (needs pyarrow)."""
    from .arrow import to_parquet as _to_parquet

    return _to_parquet(sources, path, **kwargs)

