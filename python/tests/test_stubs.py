"""The type stubs name exactly what the native module has."""

import ast
import pathlib

from sgf_stream import _native

STUBS = pathlib.Path(_native.__file__).with_name("_native.pyi")


def stub_names():
    tree = ast.parse(STUBS.read_text())
    top, classes = set(), {}
    for item in tree.body:
        if isinstance(item, ast.ClassDef):
            top.add(item.name)
            classes[item.name] = {
                member.name
                for member in item.body
                if isinstance(member, ast.FunctionDef) and not member.name.startswith("__")
            }
        elif isinstance(item, ast.FunctionDef):
            top.add(item.name)
        elif isinstance(item, ast.AnnAssign):
            top.add(item.target.id)
    return top, classes


def test_stubs_match_the_module():
    top, classes = stub_names()
    public = {name for name in dir(_native) if not name.startswith("__")}
    assert public - {"_native"} <= top | {"Event", "Data"}
    assert top - {"Event", "Data"} <= public
    for name, members in classes.items():
        actual = {m for m in dir(getattr(_native, name)) if not m.startswith("__")}
        assert members == actual, name
