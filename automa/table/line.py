"""The line-mode front of ``automa-sim play`` (docs/play.md): plain ``input`` and ``print``, which works in
any terminal (80x24 included), over ssh, in a pipe and in a test's pseudo-terminal, with line editing
from ``readline`` where Python has it. Headings are bold only on a terminal without ``NO_COLOR``.

Also what both fronts share (the full screen, automa.table.fullscreen, takes it from here): the width
and page of choices, lines wrapped for the screen, and :class:`Quit`, which a front raises when the
person stops or the terminal closes.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import textwrap
from typing import Any, Callable

WIDTH = 80
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PAGE = 8        # choices listed per page at least (more in a taller terminal)


class Quit(Exception):
    """Stop the session: the game is saved and the process exits with ``code``."""

    def __init__(self, code: int, why: str):
        super().__init__(why)
        self.code, self.why = code, why



class Terminal:
    """The line-mode front (docs/play.md): lines in and out for a person, ``read(prompt)`` and
    ``write(text)``, bold headings unless ``NO_COLOR`` is set or output is not a terminal, and a pager
    for long text. The session (:class:`automa.table.play.Session`) talks to a person only through a
    front's members: ``table``, ``story``, ``choices``, ``read``, ``say``, ``page``, ``rows``, ``width``
    and ``bold``."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], Any] = print):
        self.read_line, self.write_line = read, write
        self.colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        self.size = PAGE  # choices per page at this decision
        self.pending = ""  # a command typed at a pager, for the next prompt

    @property
    def rows(self) -> int:
        return max(8, shutil.get_terminal_size((WIDTH, 24)).lines)

    @property
    def width(self) -> int:
        """The terminal's width, at most 80 columns (and at least 40)."""
        return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))

    def bold(self, text: str) -> str:
        return f"\033[1m{text}\033[0m" if self.colour else text

    def play(self, session) -> int:
        return session.run()

    def say(self, text: str = "") -> None:
        """Text, its lines wrapped at the terminal's width (at most 80 columns); a command to copy
        (``automa-sim ...``) stays whole."""
        width = self.width
        if len(ANSI.sub("", text)) > width:
            text = "\n".join(part for line in text.split("\n") for part in
                             (wrap(line, 2, width) if len(ANSI.sub("", line)) > width
                              and not line.startswith("automa-sim ") else [line]))
        try:
            self.write_line(text)
        except OSError:
            raise Quit(0, "the terminal closed") from None

    def read(self, prompt: str) -> str:
        if self.pending:
            typed, self.pending = self.pending, ""
            return typed
        try:
            return self.read_line(prompt)
        except EOFError:
            raise Quit(0, "input ended") from None
        except OSError:
            raise Quit(0, "the terminal closed") from None

    def table(self, screen: str) -> None:
        """The table, after a blank line."""
        self.say()
        for line in screen.splitlines():
            self.say(line)

    def story(self, lines: list[str]) -> None:
        """What happened since the last decision, one numbered sentence a line: a story longer than half
        the screen is paged and waits for Enter at its end; a short one leaves the rest of the screen to
        the choices (their page size)."""
        told = [part for line in lines for part in wrap(line, 5, self.width)]
        self.size = page_size(self.rows, told)
        if told:
            self.say(self.bold("What happened, step by step:"))
            self.more(told, then=self.rows if len(told) > self.rows // 2 else 0)

    def choices(self, head: str, labels: list[str], page: int) -> None:
        """The heading and page ``page`` (0 first) of the numbered choices."""
        size = self.size
        first = page * size
        if len(labels) > size:
            head += f" (choices {first + 1}-{min(first + size, len(labels))} of {len(labels)}; n, p: pages; /WORDS: find)"
        self.say(self.bold(head))
        for i in range(first, min(first + size, len(labels))):
            for line in wrap(f"{i + 1:>4}. {labels[i]}", 6, self.width):
                self.say(line)

    def page(self, lines: list[str]) -> None:
        """Long text, a screenful at a time."""
        self.more(lines)

    def more(self, lines: list[str], then: int = 0) -> None:
        """``lines`` a screenful at a time: Enter (or a number) shows the next, q skips the rest, quit (or
        exit) quits, and any other command ends the paging and is taken as typed at the next prompt. ``then``: the
        lines that follow at once; if they would push the last page off the screen, wait for Enter
        first."""
        step = self.rows - 2
        for i in range(0, len(lines), step):
            for line in lines[i:i + step]:
                self.say(line)
            last = i + step >= len(lines)
            if last and len(lines) - i + then <= self.rows - 1:
                return
            typed = self.read("-- Enter for more, or q to skip -- " if not last else "-- Enter -- ").strip()
            if typed.lower() in ("quit", "exit"):
                raise Quit(0, "quit")
            if typed and not typed.isdigit():  # a number typed by reflex is Enter: the choices are not shown yet
                self.pending = "" if typed.lower() == "q" else typed
                return


def page_size(rows: int, told: list[str]) -> int:
    """Choices listed per page in line mode: the rows left under a short story (at least ``PAGE``)."""
    return max(PAGE, rows - 4 - (len(told) if told and len(told) <= rows // 2 else 0))


def wrap(text: str, indent: int = 0, width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=" " * indent, break_on_hyphens=False) or [""]
