"""Pictures of positions: ``Game.svg``, ``Game.png``, ``Node.svg`` and the
boards notebooks show (``_repr_svg_``)."""

import pathlib
import struct
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import sgf_stream

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"
SVG = "{http://www.w3.org/2000/svg}"


def stones(svg: str):
    """The stone circles of an SVG, by colour: ``(black, white)``."""
    root = ET.fromstring(svg)
    classes = [c.get("class") for c in root.iter(SVG + "circle")]
    return classes.count("stone black"), classes.count("stone white")


def png_size(png: bytes):
    """Width and height from a PNG's header."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def test_every_position_has_one_stone_element_per_stone():
    (game,) = sgf_stream.read(DATA / "game1.sgf")
    positions = game.positions()
    for number in range(0, len(game.moves) + 1, 10):
        black, white = stones(game.svg(move=number))
        plane = positions[number]
        assert (black, white) == (int(np.sum(plane == 1)), int(np.sum(plane == -1)))


def test_move_zero_of_a_handicap_game_shows_its_stones():
    (game,) = sgf_stream.read(DATA / "game2.sgf")
    assert game.info.handicap == 2
    assert stones(game.svg(move=0)) == (2, 0)


def test_png_has_the_asked_size_and_options_are_checked():
    (game,) = sgf_stream.parse("(;SZ[13:9];B[cc];W[dd];B[ee])")
    png = game.png(size=300, style="book", coordinates="four", numbers=(1, 3))
    width, height = png_size(png)
    assert width == 300 and height < 300
    with pytest.raises(ValueError):
        game.svg(move=4)
    with pytest.raises(ValueError):
        game.svg(style="marble")
    with pytest.raises(ValueError):
        game.png(size=5)
    with pytest.raises(TypeError):
        game.svg(colour="red")


def test_notebooks_show_games_and_nodes_as_boards():
    (game,) = sgf_stream.parse("(;SZ[9]AB[cc];W[dd](;B[ee]LB[ff:A])(;B[gg]TR[dd]))")
    assert stones(game._repr_svg_()) == (2, 1)
    second = game.root.children[0].children[1]
    svg = second._repr_svg_()
    assert stones(svg) == (2, 1)
    assert 'class="mark triangle"' in svg
    assert 'aria-label="A"' in game.root.children[0].children[0].svg()
    assert stones(game.root.svg()) == (1, 0)
    assert png_size(second.png(size=64)) == (64, 64)


def test_the_same_picture_gives_the_same_bytes():
    (game,) = sgf_stream.read(DATA / "game1.sgf")
    assert game.png(move=60, numbers=(50, 60)) == game.png(move=60, numbers=(50, 60))
