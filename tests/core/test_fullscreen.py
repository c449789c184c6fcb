"""``automa-sim play`` in full screen (automa/table/fullscreen.py, docs/play.md), driven headless by
Textual's own test driver (``App.run_test`` and its ``Pilot``) at 80x24: a whole Rurik and a whole
Stroganov game answered by keys, every line-mode command, quit at every kind of prompt, what is on the
screen; and in a real pseudo-terminal, which mode ``--screen auto`` picks and the exit codes."""
from __future__ import annotations

import asyncio
import html
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

from rich.console import Console
from textual import events

from automa.table import saved as saves
from automa.table.fullscreen import OVER, PAGER, Screenful
from automa.table.play import start
from automa.core.results import read_games
from automa.core.registry import get_game

SETTINGS = {"rurik": ({"difficulty": "1"}, 5), "stroganov": ({}, 5)}


def screen_text(app) -> str:
    """What is on the app's screen, as plain text lines (the compositor's render, as in its SVG)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None,
                      legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens,
                                                        simplify=True))
    return console.export_text()


class Driver:
    """Keys for ``play`` in full screen: ``script(driver)`` is a coroutine that waits for prompts
    (``prompt``) and presses keys; ``run`` plays the game with it on an 80x24 headless screen."""

    def __init__(self, tmp_path: Path, script, size=(80, 24)):
        self.tmp, self.script, self.size = tmp_path, script, size
        self.app = self.pilot = None
        self.seen = 0
        self.said: list[str] = []
        self.save = tmp_path / "g.json"

    def run(self, game: str, options: dict, seed: int, **kw) -> int:
        front = Screenful(drive=lambda app: asyncio.run(self.drive(app)), write=self.said.append)
        return start(game, options, seed, 0, kw.get("load"), self.save, self.tmp / "r", "expert",
                     "automa-sim play", front=front)

    async def drive(self, app) -> None:
        self.app = app
        async with app.run_test(size=self.size) as pilot:
            self.pilot = pilot
            await self.script(self)
            for _ in range(3000):  # the session ends: the app leaves
                if not app.is_running:
                    return
                await pilot.pause(0.01)
            raise AssertionError("the app did not leave")

    async def prompt(self) -> str:
        """Wait for the session's next prompt; the prompt."""
        for _ in range(12000):
            if self.app.asked > self.seen:
                self.seen = self.app.asked
                return self.app.asking
            if not self.app.is_running:
                raise AssertionError("the app left")
            await self.pilot.pause(0.005)
        raise AssertionError("no prompt in 60 s")

    async def press(self, *keys: str) -> None:
        """Keys as the terminal sends them, each a key event to the app (Pilot.press waits for the whole
        process to idle after each key, the session's thread too, which is ten times slower)."""
        for key in keys:
            char = {"enter": "\r", "escape": "\x1b", "ctrl+c": "\x03", "ctrl+q": "\x11"}.get(key, key if len(key) == 1 else None)
            self.app.post_message(events.Key(key, char))
        await self.pilot.pause(0.001)

    async def type(self, text: str) -> None:
        await self.press(*text, "enter")

    async def screen(self) -> str:
        """What is on the screen, once drawn."""
        await self.pilot.pause()
        return screen_text(self.app)


def test_the_screen_at_80x24_keeps_the_table_and_lists_the_choices(tmp_path):
    """The first screens of Rurik at 80x24: the table at the top, what happened, the choices, the prompt;
    an advisor placement in steps; help fills the screen until Enter; the SVG has the same text."""
    shots = {}

    async def script(d: Driver):
        await d.prompt()
        shots["first"] = await d.screen()
        for _ in range(4):
            await d.type("1")
            await d.prompt()
        shots["advisor"] = await d.screen()
        shots["svg"] = d.app.export_screenshot()
        await d.type("help")
        assert await d.prompt() == PAGER
        shots["help"] = await d.screen()
        await d.type("")
        await d.prompt()
        shots["back"] = await d.screen()
        await d.type("quit")

    assert Driver(tmp_path, script).run("rurik", {}, 3) == 0
    for name in ("first", "advisor", "help", "back"):
        lines = shots[name].splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines), name
    first, advisor = shots["first"].splitlines(), shots["advisor"].splitlines()
    assert first[0].startswith("─The table") and first[1].startswith("ROUND 1/4   GOOD   YOU   REBELS")
    assert first[1].rstrip().endswith("priority tax") and first[2].startswith("Novgorod    wood")  # 80 columns: wide
    assert any(line.startswith("─What happened") for line in first)
    assert "Decision 1: agenda" in shots["first"] and "   1. keep agenda Regal (2 VP)" in shots["first"]
    assert first[-2].startswith("choice 1-2, or help> ") and first[-1].startswith("Tab: next pane")
    assert advisor[1] == first[1] and "Novgorod    wood   3+L" in shots["advisor"]
    choices = advisor[next(i for i, line in enumerate(advisor) if line.startswith("─Your choices")):]
    assert choices[1].startswith("Decision 5: advisor place, the advisor")
    assert [line.strip() for line in choices[2:6]] == ["1. advisor 1", "2. advisor 2", "3. advisor 4", "4. advisor 5"]
    assert "  NUMBER      take that choice" in shots["help"] and "Decision 5" not in shots["help"]
    assert shots["back"].splitlines()[1] == first[1] and "Decision 5: advisor place" in shots["back"]
    svg = html.unescape(re.sub(r"<[^>]+>", "", shots["svg"])).replace("\xa0", " ")
    for text in ("ROUND 1/4   GOOD", "priority tax", "Decision 5: advisor place", "4. advisor 5",
                 "choice 1-4, or help>"):
        assert text in svg


def test_a_stroganov_turn_at_80x24_shows_the_table_ivans_turn_and_the_choices(tmp_path):
    """A Stroganov turn after Ivan's (seed 3, five answers): the top of the table, Ivan's turn in the
    story pane from its first line, the choices; as text and in the SVG screenshot."""
    shots = {}

    async def script(d: Driver):
        await d.prompt()
        for _ in range(5):
            await d.type("1")
            await d.prompt()
        shots["turn"] = await d.screen()
        shots["svg"] = d.app.export_screenshot()
        await d.type("quit")

    assert Driver(tmp_path, script).run("stroganov", {}, 3) == 0
    lines = shots["turn"].splitlines()
    assert len(lines) == 24 and lines[1].startswith("STROGANOV year 1/4, summer · order Ivan, you")
    assert lines[2].startswith("SLOT           FURS") and re.match(r" 1 1 forest +2 2 +banner", lines[3])
    story = lines[next(i for i, line in enumerate(lines) if line.startswith("─What happened")):]
    assert story[1].startswith("What happened, step by step:") and story[2].startswith("  1. Ivan draws card")
    choices = lines[next(i for i, line in enumerate(lines) if line.startswith("─Your choices")):]
    assert choices[1].startswith("Decision 6: move") and choices[2].strip().startswith("1. ")
    assert lines[-2].startswith("choice 1-")
    svg = html.unescape(re.sub(r"<[^>]+>", "", shots["svg"])).replace("\xa0", " ")
    for text in ("STROGANOV year 1/4", "SLOT           FURS", "Ivan draws card", "Decision 6: move"):
        assert text in svg


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_a_whole_game_by_keys_in_full_screen(game, tmp_path):
    """A whole game answered by keys (typed numbers, arrows at the prompt line, Enter in the choices
    pane), with the line mode's commands on the way: help and log page until Enter, a command typed at
    that pager is carried to the prompt, /WORDS, hint, board, undo, save FILE; at the end the scores fill
    the screen until a key, and are printed again after the app has left; the saved game replays to
    them and is a row of the results folder."""
    options, seed = SETTINGS[game]
    other = tmp_path / "other.json"
    seen = {"asked": 0, "pages": 0}

    async def script(d: Driver):
        while True:
            prompt = await d.prompt()
            if prompt == OVER:
                seen["end"] = await d.screen()
                await d.press("enter")
                return
            if prompt == PAGER:
                seen["pages"] += 1
                await d.type("")
                continue
            n = seen["asked"] = seen["asked"] + 1
            if n == 3:
                await d.type("help")
                assert await d.prompt() == PAGER
                await d.type("hint")                       # carried to the prompt
                assert await d.prompt() != PAGER and "Hint from the expert player" in await d.screen()
                await d.type("/a")
                await d.prompt()
                await d.type("board")
                await d.prompt()
                await d.type("save " + str(other))
                await d.prompt()
                assert "saved to" in await d.screen()
            if n == 20:
                await d.type("log")
                assert await d.prompt() == PAGER and "you: " in await d.screen()
                await d.type("q")
                await d.prompt()
            if n == 6:                                     # undo: the same choices again
                before = (await d.screen()).split("─Your choices")[1]
                await d.type("1")
                await d.prompt()
                await d.type("undo")
                await d.prompt()
                assert (await d.screen()).split("─Your choices")[1].splitlines()[2:] == before.splitlines()[2:]
            if n % 3 == 0:
                await d.type("1")
            elif n % 3 == 1:                               # the arrows at the prompt line type the number
                await d.press("down", "up", "enter")
            else:                                          # Enter in the choices pane, then back to the line
                await d.press("shift+tab", "enter", "escape")

    driver = Driver(tmp_path, script)
    driver.save = tmp_path / "ignored.json"
    assert driver.run(game, options, seed) == 0
    assert seen["asked"] > 60 and "The game is over." in seen["end"]
    player, automa = (int(x) for x in re.findall(r"^total\s+(-?\d+)\s+(-?\d+)$", "\n".join(driver.said), re.M)[0])
    kept = saves.load(other)
    assert (kept.result["player_score"], kept.result["automa_score"]) == (player, automa)
    final = saves.replay(kept)
    assert (final["player_score"], final["automa_score"]) == (player, automa)
    games = read_games(tmp_path / "r" / "games.csv", get_game)
    assert list(games["strategy"]) == ["human"] and int(games["margin"].iloc[0]) == player - automa


@pytest.mark.parametrize("where, keys, code", [
    ("choice", ["quit"], 0), ("choice", ["EXIT"], 0), ("choice", ["ctrl+c"], 130), ("choice", ["ctrl+q"], 0),
    ("pager", ["quit"], 0), ("pager", ["ctrl+c"], 130),
])
def test_quit_at_every_kind_of_prompt_saves_and_ends(where, keys, code, tmp_path):
    """quit, exit, Ctrl-C (130) and Ctrl-Q at a choice and at a pager (help): the game is saved, the app
    leaves, and the command that continues the game is printed on a line of its own."""
    async def script(d: Driver):
        await d.prompt()
        for _ in range(3):
            await d.type("1")
            await d.prompt()
        if where == "pager":
            await d.type("log")
            assert await d.prompt() == PAGER
        if keys[0].startswith("ctrl+"):
            await d.press(*keys)
        else:
            await d.type(keys[0])

    driver = Driver(tmp_path, script)
    assert driver.run("stroganov", {}, 3) == code
    assert driver.said[-1] == f"automa-sim play --load {driver.save}"
    assert " ".join(driver.said[:-1]).startswith("interrupted: the game is saved" if code == 130 else "quit: the game is saved")
    assert len(saves.load(driver.save).choices) >= 3


def test_quit_after_the_game_ends_and_a_loaded_game_goes_on(tmp_path):
    """A game loaded one decision before its end: the end fills the screen; quit there leaves (0)."""
    options, seed = SETTINGS["rurik"]
    whole = tmp_path / "whole.json"
    from automa.table.line import Terminal

    # the game to its end in line mode first, then saved one choice before it

    keys = iter(["1"] * 2000)
    assert start("rurik", options, seed, 0, None, whole, tmp_path / "line", "expert", "automa-sim play",
                 front=Terminal(lambda prompt: next(keys) if prompt.startswith("choice") else "",
                                lambda text="": None)) == 0
    kept = saves.load(whole)
    kept.choices, kept.result = kept.choices[:-1], None
    kept.write(tmp_path / "g.json")

    async def script(d: Driver):
        await d.prompt()
        assert "continuing after" in await d.screen()
        await d.type("1")
        while await d.prompt() != OVER:
            await d.type("")
        assert "The game is over." in await d.screen()
        await d.type("quit")

    driver = Driver(tmp_path, script)
    assert start(None, {}, None, 0, tmp_path / "g.json", None, tmp_path / "r", "expert", "automa-sim play",
                 front=Screenful(drive=lambda app: asyncio.run(driver.drive(app)), write=driver.said.append)) == 0
    assert saves.load(tmp_path / "g.json").result == json.loads(whole.read_text())["result"]
    assert any(line.startswith("total") for line in driver.said)


# --- a real terminal: which mode auto picks, and the exit codes ---------------------------------------

def pty_play(tmp_path: Path, rows: int, args: list[str]):
    from tests.core.test_play import Pty

    return Pty(["play", "stroganov", "--seed", "3", "--results", str(tmp_path / "r"), *args], tmp_path, rows=rows)


ALT = "\x1b[?1049h"  # the terminal's alternate screen: Textual's full screen


def test_auto_picks_full_screen_on_a_terminal_and_line_mode_elsewhere(tmp_path, monkeypatch):
    """--screen auto: full screen on a real terminal of 80x24 (quit: 0, Ctrl-C: 130, a closed terminal:
    129, each saved), the line mode in a 80x20 terminal and in a pipe."""
    pytest.importorskip("pty")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    for keys, code, said in (("quit\r", 0, "quit: the game is saved"), ("\x03", 130, "interrupted: the game is saved"),
                             (None, 129, None)):
        save = tmp_path / f"{code}.json"
        term = pty_play(tmp_path, 24, ["--save", str(save), "--screen", "auto"])
        term.expect(re.escape(ALT))
        term.expect("choice 1-")
        if keys is None:
            assert term.hang_up() == code
        else:
            term.send(keys)
            assert term.wait(60) == code
            assert said in term.buffer and f"automa-sim play --load {save}" in term.buffer
        assert saves.load(save).game == "stroganov"
    term = pty_play(tmp_path, 20, ["--save", str(tmp_path / "small.json"), "--screen", "auto"])
    term.expect(r"choice 1-\d+, or help> ")
    assert ALT not in term.before
    term.line("quit")
    assert term.wait(60) == 0
    piped = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "play", "stroganov", "--seed", "3",
                            "--results", str(tmp_path / "r"), "--save", str(tmp_path / "pipe.json")],
                           input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert piped.returncode == 0 and "choice 1-" in piped.stdout and ALT not in piped.stdout
    assert "quit: the game is saved" in piped.stdout


def test_auto_needs_both_ends_a_terminal_and_full_refuses_a_pipe(monkeypatch):
    """--screen auto is full only with standard input and output terminals, TERM not dumb, 80x24 at
    least; --screen full in a pipe is a usage error, before any prompt."""
    from automa.core.errors import UsageError
    from automa.table.play import full_screen

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stdout", Tty())
    monkeypatch.setenv("TERM", "xterm")
    for columns, lines, full in ((80, 24, True), (200, 60, True), (79, 40, False), (100, 23, False)):
        monkeypatch.setenv("COLUMNS", str(columns))
        monkeypatch.setenv("LINES", str(lines))
        assert full_screen("auto") is full and full_screen("line") is False and full_screen("full") is True
    monkeypatch.setenv("TERM", "dumb")
    assert full_screen("auto") is False
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    assert full_screen("auto") is False
    with pytest.raises(UsageError, match="--screen full needs a terminal"):
        full_screen("full")


def test_no_color_is_kept_from_the_app(monkeypatch):
    """NO_COLOR: no bold from the front, and the app in monochrome (Textual takes NO_COLOR out of the
    environment when the app is made: the front reads it first)."""
    monkeypatch.setenv("NO_COLOR", "1")
    front = Screenful()
    assert not front.colour and front.bold("x") == "x" and front.app.no_color
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Screenful().bold("x") == "\033[1mx\033[0m"
