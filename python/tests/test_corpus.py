"""Every corpus file: the same games, nodes and moves as the Rust API
(the library's trees) and as sgfmill."""

import numpy as np
import pytest

import sgf_stream
from sgf_stream import _native
from conftest import shared


def shape(game):
    """Everything a game holds, as plain Python values."""
    nodes = game.nodes()
    return {
        "properties": [n.properties for n in nodes],
        "parents": [n.parent.index if n.parent else None for n in nodes],
        "moves": game.moves.tolist(),
        "info": game.info.as_dict(),
        "setup": {k: v.tolist() for k, v in game.setup.items()},
        "warnings": [(w.kind, w.offset) for w in game.warnings],
        "charset": game.charset,
        "node_count": game.node_count,
    }


def test_every_file_reads_as_the_library_reads_it(corpus):
    for lenient in (False, True):
        for path in corpus:
            data = path.read_bytes()
            ours = [shape(g) for g in sgf_stream.parse(data, lenient=lenient)]
            library = [shape(g) for g in _native._parse_with_trees(data, lenient=lenient)]
            assert ours == library, path


def test_raw_values_are_the_same_on_both_paths(corpus):
    for path in corpus[:: max(1, len(corpus) // 500)]:
        data = path.read_bytes()
        ours = [[n.raw_properties for n in g.nodes()] for g in sgf_stream.parse(data, raw=True)]
        trees = [
            [n.raw_properties for n in g.nodes()]
            for g in _native._parse_with_trees(data, lenient=True, raw=True)
        ]
        assert ours == trees, path


def test_iter_games_gives_every_game_in_order(corpus):
    games = list(sgf_stream.iter_games(shared("corpus"), jobs=2))
    assert len(games) == len(corpus)
    by_file = {g.source: g for g in games}
    for path in corpus[:: max(1, len(corpus) // 300)]:
        game = by_file[str(path)]
        (expected,) = sgf_stream.parse(path.read_bytes(), lenient=True)
        assert game.index == 0
        assert np.array_equal(game.moves, expected.moves)
        assert shape(game) == shape(expected)


def sgfmill_main_line(game):
    """(colour, x, y) of the main line, x from the left and y from the
    top, as this package writes them."""
    size = game.get_size()
    out = []
    for node in game.get_main_sequence():
        colour, point = node.get_move()
        if colour is None:
            continue
        color = 0 if colour == "b" else 1
        if point is None:
            out.append([color, -1, -1])
        else:
            row, col = point
            out.append([color, col, size - 1 - row])
    return out


def sgfmill_nodes(game):
    count, stack = 0, [game.get_root()]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node)
    return count


def test_every_file_reads_as_sgfmill_reads_it(corpus):
    sgf = pytest.importorskip("sgfmill.sgf", reason="sgfmill is not installed")
    compared = refused = 0
    for path in corpus:
        data = path.read_bytes()
        try:
            theirs = sgf.Sgf_game.from_bytes(data)
            their_moves = sgfmill_main_line(theirs)
        except ValueError:
            refused += 1  # sgfmill refuses a few files; the library reads them
            continue
        (ours,) = sgf_stream.parse(data, lenient=True)
        assert ours.moves.tolist() == their_moves, path
        assert ours.node_count == sgfmill_nodes(theirs), path
        root = theirs.get_root()
        for ident in ("PB", "PW", "RE"):
            if root.has_property(ident):
                assert ours.root[ident] == [root.get(ident)], (path, ident)
        compared += 1
    print(f"sgfmill: {compared} files compared, {refused} refused by sgfmill")
    assert compared > len(corpus) * 0.9


def sgfmill_planes(board, plays):
    """The board before each move and after the last, as sgfmill plays
    them (row 0 at the top, 1 black, -1 white); None when sgfmill refuses
    a move (an occupied point)."""
    size = board.side
    planes = []

    def plane():
        out = np.zeros((size, size), dtype=np.int8)
        for colour, (row, col) in board.list_occupied_points():
            out[size - 1 - row, col] = 1 if colour == "b" else -1
        return out

    for colour, point in plays:
        planes.append(plane())
        if point is not None:
            try:
                board.play(point[0], point[1], colour)
            except ValueError:
                return None
    planes.append(plane())
    return np.stack(planes)


def test_positions_are_the_boards_sgfmill_plays(corpus):
    sgf = pytest.importorskip("sgfmill.sgf", reason="sgfmill is not installed")
    from sgfmill import sgf_moves

    compared = 0
    for path in corpus[:: max(1, len(corpus) // 400)]:
        data = path.read_bytes()
        try:
            board, plays = sgf_moves.get_setup_and_moves(sgf.Sgf_game.from_bytes(data))
        except ValueError:
            continue  # sgfmill refuses the file, or setup after the root
        theirs = sgfmill_planes(board, plays)
        (ours,) = sgf_stream.parse(data, lenient=True)
        positions = ours.positions()
        assert positions.dtype == np.int8
        if theirs is None or len(plays) != len(ours.moves):
            continue
        assert positions.shape == theirs.shape, path
        assert np.array_equal(positions, theirs), path
        compared += 1
    assert compared > 300
