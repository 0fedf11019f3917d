"""parse, events and errors: the exercise's canonical cases, positions of
errors and warnings, charsets, and hostile input."""

import json

import pytest

import sgf_stream
from conftest import shared


def tree_json(node):
    """The exercise's expected form of a node (its trees are small)."""
    return {
        "properties": node.properties,
        "children": [tree_json(child) for child in node.children],
    }


def test_canonical_cases():
    path = shared("conformance/exercism-problem-specifications/canonical-data.json")
    if path is None:
        pytest.skip("canonical data absent")
    cases = json.loads(path.read_text())["cases"]
    superseded = {case["reimplements"] for case in cases if "reimplements" in case}
    checked = 0
    for case in cases:
        if case["uuid"] in superseded:
            continue
        text = case["input"]["encoded"]
        expected = case["expected"]
        if "error" in expected:
            with pytest.raises(sgf_stream.SgfError) as raised:
                sgf_stream.parse(text)
            assert str(raised.value).startswith(expected["error"]), text
            assert isinstance(raised.value, ValueError)
        else:
            games = sgf_stream.parse(text)
            assert len(games) == 1, text
            assert tree_json(games[0].root) == expected, text
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize(
    "text, kind, line, column, offset",
    [
        ("(;A[b]\n;C[d", "unclosed_value", 2, 3, 9),
        ("", "tree_missing", 1, 1, 0),
        ("(;GM[1]\r\n;B[pd]\r\n(;W[dp])\r\n;B[aa])", "node_after_variation", 4, 1, 27),
        ("(;A[x]) (;B[y])\n\n  junk", "trailing_text", 3, 3, 19),
        ("(;GM[1]\n(;B[aa])(;W[bb]\n", "unclosed_tree", 3, 1, 24),
        ("(;A[\u00e9]\n;b[x])", "property_not_uppercase", 2, 2, 9),
    ],
)
def test_errors_have_kind_line_column_and_offset(text, kind, line, column, offset):
    with pytest.raises(sgf_stream.SgfError) as raised:
        sgf_stream.parse(text)
    err = raised.value
    assert (err.kind, err.line, err.column, err.offset) == (kind, line, column, offset)
    assert err.file is None
    assert f"line {line}, column {column}" in str(err)


def test_errors_in_later_games_count_from_the_start_of_the_input():
    text = b"(;GN[one];B[aa])\n(;GN[two];W[bb])\n(;C[x]\n;b[cc])"
    with pytest.raises(sgf_stream.SgfError) as raised:
        sgf_stream.parse(text)
    assert (raised.value.line, raised.value.column, raised.value.offset) == (4, 2, 42)


def test_lenient_warnings_have_positions_and_games_survive():
    text = b"From: a friend\n\n(;GM[1]C[a]C[b];B[pd]\n;W[dp]"
    (game,) = sgf_stream.parse(text, lenient=True)
    kinds = [(w.kind, w.line, w.column, w.offset) for w in game.warnings]
    assert kinds == [
        ("skipped_text", 1, 1, 0),
        ("merged_property", 3, 12, 27),
        ("missing_close", 4, 7, 44),
    ]
    assert game.root["C"] == ["a\n\nb"]
    assert game.moves.tolist() == [[0, 15, 3], [1, 3, 15]]
    with pytest.raises(sgf_stream.SgfError):
        sgf_stream.parse(text)


def test_a_lenient_input_without_games_warns():
    with pytest.warns(sgf_stream.SgfWarning) as record:
        assert sgf_stream.parse(b"nothing here", lenient=True) == []
    assert [str(w.message) for w in record] == [
        "skipped text that is not SGF at line 1, column 1 (byte 0)",
        "no game tree found at line 1, column 13 (byte 12)",
    ]


def test_bad_values_are_warnings_not_errors():
    (game,) = sgf_stream.parse("(;SZ[9];B[ee];W[zz];B[tt])")
    assert game.moves.tolist() == [[0, 4, 4], [0, -1, -1]]
    assert [w.kind for w in game.warnings] == ["bad_value"]
    assert game.warnings[0].line is None


def test_warnings_of_the_information_go_before_the_moves_ones():
    text = "(;SZ[9]KM[seven]HA[2.5];B[ee];W[zz])"
    (game,) = sgf_stream.parse(text)
    (tree,) = sgf_stream._native._parse_with_trees(text)
    # The information is read from the game's text when first asked for.
    messages = [w.message for w in game.warnings]
    assert messages == [w.message for w in tree.warnings]
    assert [m.split()[0] for m in messages] == ["`KM`", "`HA`", "`W`"]
    # By the library's rules a handicap is the integer written: HA[2.5]
    # is none, as in `sgf json`'s normalized values.
    assert (game.info.komi, game.info.handicap) == (None, None)
    assert (tree.info.komi, tree.info.handicap) == (None, None)


def test_charsets():
    sjis = "(;CA[SJIS]PB[本因坊秀策]C[表];B[pd])".encode("shift_jis")
    (game,) = sgf_stream.parse(sjis)
    assert game.charset == "Shift_JIS"
    assert game.info.black == "本因坊秀策"
    assert game.root["C"] == ["表"]
    gb = "(;PB[柯洁];B[pd])".encode("gb18030")
    (game,) = sgf_stream.parse(gb, charset="gb18030")
    assert game.info.black == "柯洁"
    assert game.charset == "GB18030"
    with pytest.raises(ValueError, match="unknown charset"):
        sgf_stream.parse(b"(;)", charset="klingon")


def test_str_bytes_bytearray_and_memoryview_read_alike():
    text = "(;PB[Lee Sedol]KM[6.5];B[pd])"
    results = [
        sgf_stream.parse(data)[0].info.as_dict()
        for data in (text, text.encode(), bytearray(text.encode()), memoryview(text.encode()))
    ]
    assert all(result == results[0] for result in results)
    with pytest.raises(ValueError):
        sgf_stream.parse(12)


def test_game_info_and_results():
    (game,) = sgf_stream.parse(
        "(;FF[4]GM[1]SZ[13:9]PB[Ann]BR[3d]PW[Bob]WR[5k]KM[0.5]HA[2]DT[2024-01-02]"
        "RU[Japanese]RE[B+12.5]AB[aa:bb][cc]AW[dd]AE[ee];W[ba])"
    )
    info = game.info
    assert info.size == (13, 9)
    assert (info.black, info.black_rank, info.white, info.white_rank) == ("Ann", "3d", "Bob", "5k")
    assert (info.komi, info.handicap, info.date, info.rules) == (0.5, 2, "2024-01-02", "Japanese")
    assert (info.result, info.winner, info.margin, info.reason) == ("B+12.5", "B", 12.5, "score")
    assert game.setup["AB"].tolist() == [[0, 0], [1, 0], [0, 1], [1, 1], [2, 2]]
    assert game.setup["AW"].tolist() == [[3, 3]]
    assert game.setup["AE"].tolist() == [[4, 4]]
    assert game.moves.tolist() == [[sgf_stream.WHITE, 1, 0]]
    for re, expected in [
        ("W+R", ("W", None, "resign")),
        ("B+Time", ("B", None, "time")),
        ("0", (None, None, "draw")),
        ("Void", (None, None, "void")),
        ("?", (None, None, "unknown")),
        ("Black wins", ("B", None, "unknown")),
        ("B+", ("B", None, "unknown")),
        ("黑中盘胜", ("B", None, "resign")),
        ("白 3目半勝ち", ("W", 3.5, "score")),
        ("gave up", (None, None, "unknown")),
    ]:
        info = sgf_stream.parse(f"(;RE[{re}])")[0].info
        assert (info.winner, info.margin, info.reason) == expected
    info = sgf_stream.parse("(;PB[Ann])")[0].info
    assert (info.winner, info.margin, info.reason) == (None, None, None)


def test_game_information_is_normalised_by_the_library_rules():
    # Each value worked out by hand: P8段 is a professional 8 dan, an
    # unmarked 9段 an amateur 9 dan; 3又3/4子 is 3.75 stones, 7.5 points;
    # Fox writes komi ×100.
    (game,) = sgf_stream.parse(
        "(;BR[P8段]WR[9段]RE[黑胜3又3/4子]KM[375]HA[0]DT[1996-05-06,07,08];B[aa])"
    )
    info = game.info
    assert (info.black_rank, info.white_rank) == ("8p", "9d")
    assert (info.winner, info.reason, info.margin) == ("B", "score", 7.5)
    assert (info.komi, info.handicap) == (7.5, 0)
    assert (info.date, info.date_last) == ("1996-05-06", "1996-05-08")
    assert info.result == "黑胜3又3/4子"
    assert game.root["BR"] == ["P8段"] and game.root["DT"] == ["1996-05-06,07,08"]
    as_dict = info.as_dict()
    assert as_dict["date_last"] == "1996-05-08" and as_dict["black_rank"] == "8p"
    # The first value on the main line stands, read or not: WR[UR] is no
    # rank, and the later WR[3k] does not replace it; BR is first found
    # in the second node.
    (game,) = sgf_stream.parse(
        "(;WR[UR]KM[6目半]DT[2017.06.21 21:45];BR[3k]WR[2k]KM[0.5](;BR[1d])(;BR[2d]))"
    )
    info = game.info
    assert (info.black_rank, info.white_rank) == ("3k", None)
    assert info.komi == 6.5
    assert (info.date, info.date_last) == ("2017-06-21", "2017-06-21")


def test_nodes_children_main_line_and_writing():
    (game,) = sgf_stream.parse("(;GM[1]C[root];B[aa](;W[ab];B[ac])(;W[dd]))")
    root = game.root
    assert root.properties == {"GM": ["1"], "C": ["root"]}
    assert "C" in root and "B" not in root
    assert root.get("B") is None and root.get("B", []) == []
    with pytest.raises(KeyError):
        root["B"]
    first = root.children[0]
    assert first.parent == root and root.parent is None
    assert [c["W"] for c in first.children] == [["ab"], ["dd"]]
    assert [n.index for n in game.main_line()] == [0, 1, 2, 3]
    assert [n.index for n in first.children[1].main_line()] == [4]
    assert game.node_count == len(game.nodes()) == 5
    assert game.to_sgf() == "(;GM[1]C[root];B[aa](;W[ab];B[ac])(;W[dd]))\n"
    assert first.children[0].to_sgf() == "(;W[ab];B[ac])\n"
    assert sgf_stream.write(game, newline="\r\n", layout="node-per-line") == (
        b"(;GM[1]C[root]\r\n;B[aa]\r\n(;W[ab]\r\n;B[ac])\r\n(;W[dd]))\r\n"
    )
    assert game.to_sgf(layout="one-line") == game.to_sgf()
    with pytest.raises(ValueError, match="one-line"):
        game.to_sgf(layout="compact")
    again = sgf_stream.parse(sgf_stream.write([game, game]))
    assert [g.to_sgf() for g in again] == [game.to_sgf()] * 2


def test_escapes_and_raw_events():
    text = b"(;C[a \\] b\\\\ c\\\nd]AB[aa][bb];B[pd])"
    (game,) = sgf_stream.parse(text)
    assert game.root["C"] == ["a ] b\\ cd"]
    events = list(sgf_stream.events(text))
    assert events == [
        ("start",),
        ("node",),
        ("property", "C", [b"a \\] b\\\\ c\\\nd"]),
        ("property", "AB", [b"aa", b"bb"]),
        ("node",),
        ("property", "B", [b"pd"]),
        ("end",),
    ]
    assert sgf_stream.parse(game.to_sgf())[0].root["C"] == ["a ] b\\ cd"]


def test_events_errors_and_lenient_warnings():
    with pytest.raises(sgf_stream.SgfError) as raised:
        list(sgf_stream.events(b"(;B[aa]\n;C[x"))
    assert (raised.value.line, raised.value.column) == (2, 3)
    lenient = sgf_stream.events(b"junk (;B[aa]", lenient=True)
    assert [e[0] for e in lenient] == ["start", "node", "property", "end"]
    assert [w.kind for w in lenient.warnings] == ["skipped_text", "missing_close"]


HOSTILE = [
    b"(" * 10000,
    b")" * 10000,
    b"(;" * 5000 + b"B[",
    b"[" * 10000,
    b"(;B[\xff\xfe]C[\x00\x01])",
    b"\xef\xbb\xbf(;CA[UTF-16]C[\xff])",
    b"\xff\xfe(\x00;\x00",
    b"(;AB[aa:zz:cc]SZ[0]SZ[99:0]KM[nan]HA[-1];B[\\];W[" + b"x" * 100 + b"])",
    bytes(range(256)) * 20,
    b"(;C[\\",
]


@pytest.mark.filterwarnings("ignore::sgf_stream.SgfWarning")
@pytest.mark.parametrize("data", HOSTILE)
def test_hostile_input_never_crashes(data):
    games = sgf_stream.parse(data, lenient=True)
    for game in games:
        game.moves, game.setup, game.info.as_dict(), game.warnings
        [n.properties for n in game.nodes()]
        game.to_sgf()
    try:
        sgf_stream.parse(data)
    except sgf_stream.SgfError as err:
        assert err.line >= 1 and err.column >= 1 and err.offset >= 0
    try:
        list(sgf_stream.events(data))
    except sgf_stream.SgfError:
        pass
    list(sgf_stream.events(data, lenient=True))


def test_raw_values_on_request():
    text = b"(;C[a \\] b\\\n c]PB[Lee\n Sedol];B[pd](;W[dp])(;W[dd]C[x\\:y]))"
    (game,) = sgf_stream.parse(text, raw=True)
    assert game.root.raw_properties == {"C": [b"a \\] b\\\n c"], "PB": [b"Lee\n Sedol"]}
    assert game.root.properties == {"C": ["a ] b c"], "PB": ["Lee\n Sedol"]}
    last = game.nodes()[-1]
    assert last.raw_properties == {"W": [b"dd"], "C": [b"x\\:y"]}
    # Well-formed input keeps them anyway; repaired input needs raw=True.
    assert sgf_stream.parse(text)[0].root.raw_properties["PB"] == [b"Lee\n Sedol"]
    with pytest.raises(ValueError, match="raw=True"):
        sgf_stream.parse(b"(;B[aa]", lenient=True)[0].root.raw_properties


def test_raw_values_of_converted_and_repaired_games():
    sjis = "(;CA[SJIS]C[表\\]];B[pd])".encode("shift_jis")
    (game,) = sgf_stream.parse(sjis, raw=True)
    assert game.root.raw_properties["C"] == ["表\\]".encode()]
    (game,) = sgf_stream.parse(b"junk (;B[aa]C[one\\]two]", lenient=True, raw=True)
    assert game.root.raw_properties == {"B": [b"aa"], "C": [b"one\\]two"]}
    # A merged repeat: the tree no longer matches the text.
    (game,) = sgf_stream.parse(b"(;C[a]C[b])", lenient=True, raw=True)
    assert game.root["C"] == ["a\n\nb"]
    with pytest.raises(ValueError, match="no raw values"):
        game.root.raw_properties
