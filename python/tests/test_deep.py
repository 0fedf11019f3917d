"""Long and deep games: no RecursionError, no stack overflow, anywhere."""

import sgf_stream


def test_a_million_move_line():
    moves = 1_000_000
    text = b"(;GM[1]SZ[19]" + b";B[aa];W[bb]" * (moves // 2) + b")"
    for parse in (sgf_stream.parse, lambda t: sgf_stream.parse(t, lenient=True)):
        (game,) = parse(text)
        array = game.moves
        assert array.shape == (moves, 3)
        assert array[0].tolist() == [0, 0, 0] and array[-1].tolist() == [1, 1, 1]
        assert game.node_count == moves + 1
    line = game.main_line()
    assert len(line) == moves + 1 and line[-1]["W"] == ["bb"]
    written = game.to_sgf()
    assert written.encode() == text + b"\n"
    assert sgf_stream.parse(written)[0].node_count == moves + 1


def test_a_hundred_thousand_nested_variations(tmp_path):
    depth = 100_000
    text = b"(;GM[1]" + b"(;B[aa]" * depth + b")" * (depth + 1)
    (game,) = sgf_stream.parse(text)
    assert game.node_count == depth + 1
    assert len(game.moves) == depth
    node = game.root
    for _ in range(3):
        (node,) = node.children
    assert len(game.main_line()) == depth + 1
    last = game.nodes()[-1]
    assert last.children == [] and last.parent.index == depth - 1
    again = sgf_stream.parse(game.to_sgf())[0]
    assert again.node_count == depth + 1
    (tmp_path / "deep.sgf").write_bytes(text)
    table = sgf_stream.to_arrow(tmp_path)
    assert table.column("node_count").to_pylist() == [depth + 1]
    assert table.column("move_count").to_pylist() == [depth]
    events = sum(1 for _ in sgf_stream.events(text))
    assert events == 4 * depth + 4


def test_wide_variations():
    width = 100_000
    text = b"(;GM[1]" + b"(;B[aa])" * width + b")"
    (game,) = sgf_stream.parse(text)
    assert len(game.root.children) == width
    assert game.moves.tolist() == [[0, 0, 0]]
