"""What the readers of ``sgf_stream`` take: one path or many, and a
number of worker threads."""

import os
from typing import Iterable, List, Optional, Union

Source = Union[str, "os.PathLike[str]"]
Sources = Union[Source, Iterable[Source]]


def paths(sources: Sources) -> List[str]:
    """One path or many, as strings."""
    if isinstance(sources, (str, bytes, os.PathLike)):
        return [os.fsdecode(sources)]
    return [os.fsdecode(source) for source in sources]


def jobs(jobs: Optional[int]) -> int:
    """Worker threads: ``jobs``, or one per processor."""
    if jobs is None:
        return os.cpu_count() or 1
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    return jobs
