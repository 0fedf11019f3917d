"""Damaged real files: corpus files damaged here in a few places each (an
identifier over the reader's limit, right after a text property or
alone, stray brackets and parentheses, a node mark, a repeated property),
some with another file after them, read as a folder by ``iter_games``
(one worker thread and two) and ``to_arrow``, give the games that
``parse`` gives for each file's bytes, in order, and no more."""

import random
import warnings

import sgf_stream

LONG = "X" * 70

DAMAGES = [
    f"C[held]{LONG}[x]".encode(),
    f"{LONG}[x]".encode(),
    b"]",
    b"(",
    b")",
    b"[",
    b";",
    b"C[a]C[b]",
    b"\n(;",
]


def damaged(corpus, folder, count=200):
    """Writes ``count`` damaged files into ``folder``; gives their bytes
    in the order a folder is read."""
    rng = random.Random(20261202)
    written = []
    for i in range(count):
        data = bytearray(rng.choice(corpus).read_bytes())
        for _ in range(rng.randint(1, 4)):
            at = rng.randint(0, len(data))
            data[at:at] = rng.choice(DAMAGES)
        if i % 3 == 0:
            data += rng.choice(corpus).read_bytes()
        path = folder / f"{i:04d}.sgf"
        path.write_bytes(bytes(data))
        written.append((str(path), bytes(data)))
    return written


def shape(game):
    return (game.info.black, game.info.white, len(game.moves), game.info.komi)


def test_damaged_files_read_as_a_folder_give_the_games_of_each_file(corpus, tmp_path):
    files = damaged(corpus, tmp_path)
    expected = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for path, data in files:
            expected += [(path, i, shape(g)) for i, g in enumerate(sgf_stream.parse(data, lenient=True))]
    assert any(w.message.code == "skipped_game_tree" for w in caught), "no game given up"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for jobs in (1, 2):
            games = list(sgf_stream.iter_games(tmp_path, jobs=jobs))
            assert [(g.source, g.index, shape(g)) for g in games] == expected, jobs
            table = sgf_stream.to_arrow(tmp_path, jobs=jobs)
            assert table.column("source").to_pylist() == [e[0] for e in expected], jobs
            assert table.column("index").to_pylist() == [e[1] for e in expected], jobs
            assert table.column("move_count").to_pylist() == [e[2][2] for e in expected], jobs
