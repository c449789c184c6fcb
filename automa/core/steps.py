"""A big decision asked in steps (``automa-sim play``, docs/play.md): a game's optional ``steps`` hook
puts each choice as a tuple of :class:`Step` (its name, a short key and the option in words), e.g.
Rurik's advisor placement as advisor, then column, then bribe. :class:`Stepper` groups the choices by
their first step, then the next, and so on; a step with one option is taken without asking, and a
short notation (the keys typed in one go: ``2b0``, or ``2 b 0``) takes a choice at once.

The steps change only how a choice is asked: the choice made is the decision's own, saved in full.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence


class Step(NamedTuple):
    """One step of a choice: the step's name (the same for every choice at that step, e.g. "column"),
    its key in the typed notation (short, unique among the step's options) and the option in words."""

    name: str
    key: str
    words: str


class Stepper:
    """The choices of one decision and their steps (each choice's keys unique, and none the start of
    another's); ``path`` holds the keys chosen so far."""

    def __init__(self, choices: Sequence, steps: Sequence[Sequence[Step]]):
        self.choices, self.steps = list(choices), [tuple(s) for s in steps]
        keys = [tuple(s.key for s in steps_) for steps_ in self.steps]
        if len(set(keys)) != len(keys) or any(a != b and b[:len(a)] == a for a in keys for b in keys):
            raise ValueError(f"the steps' keys must tell the choices apart: {keys}")
        self.keys = keys
        self.path: list[str] = []
        self.advance()

    def candidates(self, path: Sequence[str] | None = None) -> list[int]:
        """The indices of the choices whose keys start with ``path`` (the current one by default)."""
        path = tuple(self.path if path is None else path)
        return [i for i, k in enumerate(self.keys) if k[:len(path)] == path]

    def options(self, path: Sequence[str] | None = None) -> list[Step]:
        """The options of the step after ``path``: one per key, in the order of the choices."""
        path = tuple(self.path if path is None else path)
        seen: dict[str, Step] = {}
        for i in self.candidates(path):
            if len(self.steps[i]) > len(path):
                seen.setdefault(self.keys[i][len(path)], self.steps[i][len(path)])
        return list(seen.values())

    @property
    def chosen(self) -> Any | None:
        """The index of the choice made, once one is left; else None."""
        left = self.candidates()
        return left[0] if len(left) == 1 else None

    @property
    def last(self) -> bool:
        """Whether the current step's options are whole choices (each option leaves one candidate)."""
        return all(len(self.candidates([*self.path, o.key])) == 1 for o in self.options())

    def advance(self) -> None:
        """Take every step that has one option, until a choice is made or the person must choose."""
        while self.chosen is None and len(self.options()) == 1:
            self.path.append(self.options()[0].key)

    def pick(self, key: str) -> None:
        self.path.append(key)
        self.advance()

    def back(self) -> bool:
        """One step back (past the steps taken without asking); False at the first step."""
        if not any(len(self.options(self.path[:k])) > 1 for k in range(len(self.path))):
            return False
        while self.path:
            self.path.pop()
            if len(self.options()) > 1:
                break
        return True

    def parse(self, typed: str) -> list[str] | None:
        """The keys of ``typed`` in the notation from the current step (else from the first): each
        step's longest key that starts the rest of the text (spaces between keys are optional); None if
        it does not read as keys of these choices."""
        for start in (self.path, []):
            path = list(start)
            rest = typed.strip().lower()
            while rest:
                options = self.options(path)
                keys = sorted((o.key for o in options), key=len, reverse=True)
                key = next((k for k in keys if rest.startswith(k.lower())), None)
                if key is None and len(options) == 1:  # a step with one option may be left out
                    path.append(options[0].key)
                    continue
                if key is None:
                    break
                path.append(key)
                rest = rest[len(key):].lstrip()
            else:
                if len(path) > len(start) and self.candidates(path):
                    return path
        return None

    def notation(self, i: int) -> str:
        """The shortest typed notation of choice ``i`` from the first step: its keys, spaces only where
        two keys of digits would run together."""
        out = ""
        for key in self.keys[i]:
            out += (" " if out and out[-1].isdigit() and key[0].isdigit() else "") + key
        return out
