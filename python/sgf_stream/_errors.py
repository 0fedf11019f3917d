"""The exception and warning category of ``sgf_stream``.

Both carry the library's stable ``code`` (the codes the ``sgf`` tool
prints, e.g. ``"unclosed_value"``) and where the problem is: the file,
the game's index in it, line, column and byte offset.
"""

from typing import Optional

__all__ = ["SgfError", "SgfWarning"]


class _Located:
    """What ``SgfError`` and ``SgfWarning`` share: the message, after the
    file's name when there is one, and the code and place."""

    def __init__(
        self,
        message: str,
        code: Optional[str],
        offset: Optional[int],
        line: Optional[int],
        column: Optional[int],
        file: Optional[str],
        game: Optional[int],
    ) -> None:
        super().__init__(f"{file}: {message}" if file else message)
        self.code = code
        self.offset = offset
        self.line = line
        self.column = column
        self.file = file
        self.game = game


class SgfError(_Located, ValueError):
    """Input that is not valid SGF (a strict read), with where it is.

    >>> import sgf_stream
    >>> try:
    ...     sgf_stream.parse("(;A[b]\\n;C[d")
    ... except sgf_stream.SgfError as err:
    ...     print(err.code, err.line, err.column, err.offset, err.game)
    unclosed_value 2 3 9 0

    Attributes: ``code``, what went wrong, the library's code (e.g.
    ``"unclosed_value"``); ``offset``, the byte offset from 0; ``line``,
    from 1; ``column``, in bytes, from 1; ``file``, None for ``parse``;
    ``game``, the index of the game the error is in among the games of its
    file (or input), from 0, None when unknown.
    """

    def __init__(
        self,
        message: str,
        code: str,
        offset: int,
        line: int,
        column: int,
        file: Optional[str] = None,
        game: Optional[int] = None,
    ) -> None:
        super().__init__(message, code, offset, line, column, file, game)

    @property
    def kind(self) -> str:
        """The same as ``code`` (its former name)."""
        return self.code

    def __reduce__(self):  # pickling (multiprocessing, Spark)
        message = str(self)
        if self.file and message.startswith(f"{self.file}: "):
            message = message[len(self.file) + 2 :]
        return (
            type(self),
            (message, self.code, self.offset, self.line, self.column, self.file, self.game),
        )


class SgfWarning(_Located, UserWarning):
    """What a read could not keep: a game tree the lenient reader skipped
    (it broke a limit, such as a value longer than the reader takes), or,
    from ``parse``, problems of input that holds no game tree.

    >>> import gzip, os, tempfile, warnings, sgf_stream
    >>> path = os.path.join(tempfile.mkdtemp(), "a.sgf")
    >>> with open(path, "wb") as f:
    ...     _ = f.write(b"(;B[aa])(;C[" + b"x" * (65 << 20) + b"])(;W[bb])")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     games = list(sgf_stream.iter_games(path))
    >>> len(games), caught[0].message.code, caught[0].message.game, caught[0].message.offset
    (2, 'skipped_game_tree', 1, 8)

    Attributes: ``code``, the library's code (e.g.
    ``"skipped_game_tree"``); ``offset`` from 0, ``line`` from 1,
    ``column`` (in bytes) from 1; ``file``, None for ``parse``; ``game``,
    the index of the game the problem comes before among the games of its
    file (a skipped game has none of its own).
    """

    def __init__(
        self,
        message: str,
        code: Optional[str] = None,
        offset: Optional[int] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        file: Optional[str] = None,
        game: Optional[int] = None,
    ) -> None:
        super().__init__(message, code, offset, line, column, file, game)

    @property
    def kind(self) -> Optional[str]:
        """The same as ``code``."""
        return self.code
