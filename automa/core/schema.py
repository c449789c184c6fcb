"""The schema of the data files: a small declarative spec, one checker, the reader and the templates.

A spec is built from :class:`Int`, :class:`Bool`, :class:`Str`, :class:`List`, :class:`Dict`
(fixed keys, :class:`Opt` for optional ones), :class:`Map` (keys of one pattern), :class:`AnyOf`,
:class:`Note` (free documentation text), :class:`Null` (JSON's null, with :class:`AnyOf` for a value
that may be absent) and :class:`Fixed` (a printed fact the engine does not let a user change: only the
packaged value is accepted). :func:`check` reports the first bad field by its
dotted path, e.g. ``warfare.frist_vp: unknown key``; :func:`validate` makes that the one-line
:class:`UsageError` naming the file. :func:`read_data` reads TOML or JSON by content, :func:`overlay`
lays a user file over the packaged one and :func:`template` writes the commented TOML that
``automa-sim rules template GAME`` prints.
"""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from automa.core.errors import UsageError


@dataclass(frozen=True, kw_only=True)
class Spec:
    """What every spec carries for the template: a one-line help, the rule IDs, the component."""

    doc: str = ""
    ref: str = ""
    component: str = ""


@dataclass(frozen=True)
class Int(Spec):
    lo: int | None = None
    hi: int | None = None


@dataclass(frozen=True)
class Bool(Spec):
    pass


@dataclass(frozen=True)
class Str(Spec):
    choices: tuple = ()


@dataclass(frozen=True)
class Note(Spec):
    """Documentation (a note, a confidence mark, sources): text, or lists and objects of text, read by
    people, not by the engine."""


@dataclass(frozen=True)
class Null(Spec):
    """JSON's null (TOML has none); ``AnyOf(options=(Str(), Null()))`` is text or nothing."""


@dataclass(frozen=True)
class Fixed(Spec):
    """A rule the data file states but a user cannot change: any other value is rejected, ``why``
    says where it is set instead (e.g. a rule option)."""

    why: str = "not configurable"


@dataclass(frozen=True)
class List(Spec):
    """A list of ``item``; ``unique`` names a field of its objects that must differ from entry to entry."""

    item: Spec = None
    min: int = 0
    max: int | None = None
    unique: str = ""


@dataclass(frozen=True)
class Opt:
    """An optional key of a :class:`Dict`."""

    spec: Spec


@dataclass(frozen=True)
class Dict(Spec):
    fields: dict = field(default_factory=dict)   # key -> Spec or Opt(Spec)


@dataclass(frozen=True)
class Map(Spec):
    """An object whose keys are all in ``choices`` or, without choices, match ``keys`` (a regular
    expression), with values of one spec."""

    keys: str = ".*"
    value: Spec = None
    choices: tuple = ()


@dataclass(frozen=True)
class AnyOf(Spec):
    options: tuple = ()


def _nullable(spec) -> bool:
    """Whether a (required) key's spec accepts null."""
    return isinstance(spec, Null) or (isinstance(spec, AnyOf) and any(isinstance(o, Null) for o in spec.options))


class SchemaError(Exception):
    def __init__(self, path: str, problem: str):
        super().__init__(f"{path or 'top level'}: {problem}")


def _kind(v) -> str:
    if v is None:
        return "null"
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "an object"}.get(type(v), type(v).__name__)


def _join(path: str, key) -> str:
    """``path.key`` (``path[i]`` for a list index); a key that is not a plain name is quoted, so that
    an odd key (a newline, spaces) cannot break the one-line message."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    key = key if _PLAIN.fullmatch(str(key)) else repr(key)
    return f"{path}.{key}" if path else key


_PLAIN = re.compile(r"[\w\-+]+")


def check(spec: Spec, value: Any, path: str = "", packaged: Any = None, ref: str = "") -> None:
    """Raise :class:`SchemaError` at the first field of ``value`` that ``spec`` does not allow, its
    problem followed by the rule IDs of the field or of the nearest object around it that has some
    (``ref``). ``packaged`` is the packaged file's value at the same place (the one :class:`Fixed`
    accepts)."""
    ref = spec.ref or ref
    cite = f" ({ref})" if ref else ""

    def need(ok, problem):
        if not ok:
            raise SchemaError(path, problem + cite)

    if isinstance(spec, Int):
        need(type(value) is int, f"expected a whole number, got {_kind(value)}")
        lo, hi = spec.lo, spec.hi
        need((lo is None or value >= lo) and (hi is None or value <= hi),
             f"{value} is out of range {'' if lo is None else lo}..{'' if hi is None else hi}")
    elif isinstance(spec, Bool):
        need(type(value) is bool, f"expected true or false, got {_kind(value)}")
    elif isinstance(spec, Str):
        need(type(value) is str, f"expected text, got {_kind(value)}")
        need(not spec.choices or value in spec.choices, f"{value!r} is not one of {', '.join(spec.choices)}")
    elif isinstance(spec, Null):
        need(value is None, f"expected null, got {_kind(value)}")
    elif isinstance(spec, Note):
        need(_is_text(value), f"a note must be text (or lists and objects of text), got {_kind(value)}")
    elif isinstance(spec, Fixed):
        shown = json.dumps(packaged, ensure_ascii=False)
        need(value == packaged, f"{spec.why}; only the packaged value "
                                f"{shown if len(shown) < 70 else shown[:60] + '...'} is accepted")
    elif isinstance(spec, List):
        need(type(value) is list, f"expected a list, got {_kind(value)}")
        need(len(value) >= spec.min, f"needs at least {spec.min} entries, has {len(value)}")
        need(spec.max is None or len(value) <= spec.max, f"allows at most {spec.max} entries, has {len(value)}")
        for i, v in enumerate(value):
            check(spec.item, v, _join(path, i), _at(packaged, i), ref)
        if spec.unique:
            seen = [v[spec.unique] for v in value]
            dup = next((x for i, x in enumerate(seen) if x in seen[:i]), None)
            need(dup is None, f"{spec.unique} {dup!r} appears twice")
    elif isinstance(spec, Dict):
        need(type(value) is dict, f"expected an object, got {_kind(value)}")
        for key in value:
            if key not in spec.fields:
                raise SchemaError(_join(path, key), "unknown key; known: " + ", ".join(spec.fields) + cite)
        for key, sub in spec.fields.items():
            if key in value:
                check(_spec(sub), value[key], _join(path, key), _at(packaged, key), ref)
            elif _nullable(sub):
                value[key] = None       # TOML has no null: a template leaves such a key out
            elif not isinstance(sub, Note):   # a note is for people; a template leaves it out
                need(isinstance(sub, Opt), f"missing key {key!r}")
    elif isinstance(spec, Map):
        need(type(value) is dict, f"expected an object, got {_kind(value)}")
        for key, v in value.items():
            if spec.choices and key not in spec.choices:
                raise SchemaError(_join(path, key), "unknown key; known: " + ", ".join(spec.choices) + cite)
            if not re.fullmatch(spec.keys, key):
                raise SchemaError(_join(path, key), f"key does not match {spec.keys}{cite}")
            check(spec.value, v, _join(path, key), _at(packaged, key), ref)
    elif isinstance(spec, AnyOf):
        # the option of the value's own shape (an object, a list, ...) reports the error
        shaped = [o for o in spec.options if type(value) is _SHAPE.get(type(o), type(value))]
        need(shaped, f"expected {' or '.join(_describe(o) for o in spec.options)}, got {_kind(value)}")
        check(shaped[0], value, path, packaged, ref)
    else:
        raise TypeError(f"not a spec: {spec!r}")


_SHAPE = {Dict: dict, Map: dict, List: list, Int: int, Bool: bool, Str: str, Note: str, Null: type(None)}


def _describe(spec: Spec) -> str:
    return {dict: "an object", list: "a list", int: "a whole number", bool: "true/false", str: "text",
            type(None): "null"}.get(
        _SHAPE.get(type(spec)), "a value")


def _is_text(v) -> bool:
    if isinstance(v, (list, dict)):
        return all(_is_text(x) for x in (v.values() if isinstance(v, dict) else v))
    return type(v) is str


def _spec(sub) -> Spec:
    return sub.spec if isinstance(sub, Opt) else sub


def _at(packaged, key):
    try:
        return packaged[key]
    except (KeyError, IndexError, TypeError):
        return None


def validate(file: str, spec: Spec, value: Any, packaged: Any = None) -> Any:
    """``value`` if it passes :func:`check`, else a one-line UsageError ``FILE: PATH: problem``."""
    try:
        check(spec, value, "", packaged)
    except SchemaError as exc:
        raise UsageError(f"{file}: {exc}") from None
    return value


def read_data(path: Path | str) -> dict:
    """A data file as a dict: JSON if its text starts with ``{``, otherwise TOML, whatever its name."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        try:
            data = json.loads(text.lstrip("\ufeff"), object_pairs_hook=_no_duplicates)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}") from None
        except _Duplicate as exc:
            raise UsageError(f"{path}: not valid JSON: key {exc.args[0]!r} appears twice in one object") from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: not valid TOML (a data file is TOML, or JSON starting with "
                             f"'{{'): {str(exc).splitlines()[0]}") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}: top level: must be a JSON object")
    return data


class _Duplicate(Exception):
    pass


def _no_duplicates(pairs: list) -> dict:
    """A JSON object, refusing a key given twice (the first would be dropped silently)."""
    out = dict(pairs)
    if len(out) < len(pairs):
        raise _Duplicate(next(k for i, (k, _) in enumerate(pairs) if k in dict(pairs[:i])))
    return out


def overlay(base: dict, user: dict, depth: int | None = None) -> dict:
    """``base`` with ``user``'s keys laid over it: objects merge key by key down ``depth`` levels
    (all the way if None), anything else (a number, a list) replaces the packaged value."""
    out = dict(base)
    for key, value in user.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict) and depth != 1:
            out[key] = overlay(base[key], value, None if depth is None else depth - 1)
        else:
            out[key] = value
    return out


@dataclass(frozen=True)
class DataFile:
    """A data file a user can pass with a ``path`` option: its spec and the packaged default.

    A user file is laid over the packaged ``file`` (:func:`overlay`, objects merged down ``depth``
    levels) and the result must pass ``spec``; so must the packaged file itself.
    """

    option: str
    title: str
    spec: Spec
    file: Path | tuple        # or several files whose sections make up one
    depth: int | None = None

    def packaged(self) -> dict:
        files = self.file if isinstance(self.file, tuple) else (self.file,)
        return {k: v for f in files for k, v in read_data(f).items()}

    def load(self, path: str = "") -> dict:
        """The packaged content, or the user's file laid over it, checked against the spec."""
        base = self.packaged()
        merged = overlay(base, read_data(path), self.depth) if path else base
        where = self.file if not isinstance(self.file, tuple) else " + ".join(f.name for f in self.file)
        return validate(path or str(where), self.spec, merged, base)

    def template(self, fmt: str = "toml") -> str:
        """Every field a user may set, with its packaged value: commented TOML, or JSON."""
        data = _settable(self.spec, self.packaged())
        if fmt == "json":
            return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        head = [f"# {self.title}", "# Every key is read; an unknown key is an error. Delete a key to keep",
                "# the packaged value. Each comment gives the rule ID and the component to read it from.", ""]
        return "\n".join(head + _toml_table(self.spec, data, ())) + "\n"


def _settable(spec: Spec, value):
    """``value`` without its :class:`Note` and :class:`Fixed` fields (what a template offers)."""
    if isinstance(spec, Dict) and isinstance(value, dict):
        return {k: _settable(_spec(spec.fields[k]), v) for k, v in value.items()
                if not isinstance(_spec(spec.fields[k]), (Note, Fixed))}
    if isinstance(spec, Map) and isinstance(value, dict):
        return {k: _settable(spec.value, v) for k, v in value.items()}
    if isinstance(spec, List) and isinstance(value, list):
        return [_settable(spec.item, v) for v in value]
    return value


def _comment(spec: Spec) -> list[str]:
    parts = [p for p in (spec.doc, spec.ref and f"[{spec.ref}]", spec.component and f"read it from: {spec.component}")
             if p]
    return [f"# {' '.join(parts)}"] if parts else []


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def _inline(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_inline(x)}" for k, x in v.items() if x is not None) + "}"
    raise TypeError(f"no TOML for {v!r}")


def _is_tables(v) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _sub(spec, key):
    if isinstance(spec, Dict):
        return _spec(spec.fields.get(key, Spec()))
    if isinstance(spec, Map):
        return spec.value
    return Spec()


def _toml_table(spec: Spec, data: dict, path: tuple, comments: bool = True, in_array: bool = False) -> list[str]:
    """TOML lines for the object ``data`` at ``path``: its plain keys, then its sub-tables (in an
    array of tables, a small object of plain values stays inline, and a list of them is one inline
    table a line)."""
    lines = []
    rows = [k for k, v in data.items() if in_array and _is_tables(v) and all(_flat(x) for x in v)]
    later = [k for k, v in data.items()
             if ((isinstance(v, dict) and not (in_array and _flat(v))) or _is_tables(v)) and k not in rows]
    for k, v in data.items():
        if k not in later and v is not None:     # TOML has no null: a null field is left out
            value = ("[\n" + "".join(f"  {_inline(x)},\n" for x in v) + "]") if k in rows else _inline(v)
            lines += (_comment(_sub(spec, k)) if comments else []) + [f"{_key(k)} = {value}"]
    for k in later:
        v, sub, name = data[k], _sub(spec, k), ".".join(_key(p) for p in path + (k,))
        if isinstance(v, dict):
            lines += [""] + (_comment(sub) if comments else []) + [f"[{name}]"]
            lines += _toml_table(sub, v, path + (k,), comments, in_array)
        else:
            item = sub.item if isinstance(sub, List) else Spec()
            for i, entry in enumerate(v):
                first = comments and i == 0
                lines += [""] + (_comment(sub) if first else []) + [f"[[{name}]]"]
                lines += _toml_table(item, entry, path + (k,), first, True)
    return lines


def _flat(v: dict) -> bool:
    return not any(isinstance(x, (dict, list)) for x in v.values())
