"""Shared helpers: where ../shared is, and the corpus files."""

import pathlib
from typing import List, Optional

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"


def shared(rel: str) -> Optional[pathlib.Path]:
    """``../shared/<rel>`` beside the repository, or None with a note."""
    path = SHARED / rel
    if path.exists():
        return path
    print(f"note: {path} is absent; skipping")
    return None


def corpus_files() -> List[pathlib.Path]:
    """The corpus's SGF files, sorted; skips the test when absent."""
    folder = shared("corpus")
    if folder is None:
        pytest.skip("../shared/corpus is absent")
    files = sorted(p for p in folder.rglob("*") if p.suffix.lower() == ".sgf")
    assert len(files) > 1000
    return files


@pytest.fixture(scope="session")
def corpus() -> List[pathlib.Path]:
    return corpus_files()
