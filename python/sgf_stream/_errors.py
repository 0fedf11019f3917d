"""The exception and warning category of ``sgf_stream``."""

from typing import Optional

__all__ = ["SgfError", "SgfWarning"]


class SgfError(ValueError):
    """Input that is not valid SGF (a strict read), with where it is.

    >>> import sgf_stream
    >>> try:
    ...     sgf_stream.parse("(;A[b]\\n;C[d")
    ... except sgf_stream.SgfError as err:
    ...     print(err.kind, err.line, err.column, err.offset)
    unclosed_value 2 3 9
    """

    def __init__(
        self,
        message: str,
        kind: str,
        offset: int,
        line: int,
        column: int,
        file: Optional[str] = None,
    ) -> None:
        super().__init__(f"{file}: {message}" if file else message)
        #: What went wrong, e.g. ``"unclosed_value"``.
        self.kind = kind
        #: Byte offset from 0.
        self.offset = offset
        #: Line from 1.
        self.line = line
        #: Column in bytes, from 1.
        self.column = column
        #: The file, or None for ``parse``.
        self.file = file

    def __reduce__(self):  # pickling (multiprocessing, Spark)
        message = str(self)
        if self.file and message.startswith(f"{self.file}: "):
            message = message[len(self.file) + 2 :]
        return (
            type(self),
            (message, self.kind, self.offset, self.line, self.column, self.file),
        )


class SgfWarning(UserWarning):
    """Emitted by ``parse`` for warnings that belong to no game (lenient
    input with no game tree)."""
