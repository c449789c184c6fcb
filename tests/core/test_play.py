"""``automa-sim play`` in a real pseudo-terminal (stdlib ``pty``), a whole game per game by keystrokes:
bad input, hint, undo, save, a closed terminal, Ctrl-C, --load and the end of the game, checked
against ``replay`` of the saved game and the results folder (docs/play.md)."""
from __future__ import annotations

import json
import random
import os
import re
import select
import signal
import struct
import sys
import time
from pathlib import Path

import pytest

from automa.table import saved as saves
from automa.core.registry import get_game, get_strategy
from automa.core.results import read_games

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

PROMPT = re.compile(r"choice 1-(\d+), or help> ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SETTINGS = {"rurik": ["--seed", "5", "--option", "difficulty=1"], "stroganov": ["--seed", "5"]}


class Pty:
    """``automa-sim ARGS`` on a pseudo-terminal of ``rows`` x 80: what it printed, keystrokes in. ``play``
    is in line mode unless ARGS name a screen (tests/core/test_fullscreen.py has the full screen's)."""

    def __init__(self, args: list[str], cwd: Path, rows: int = 500):
        if args[0] == "play" and "--screen" not in args:
            args = [*args, "--screen", "line"]
        pid, fd = pty.fork()
        if pid == 0:  # the child: size its terminal, then run the command line
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 80, 0, 0))
            os.chdir(cwd)
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # as a terminal's shell starts it, whatever this process ignores
            os.execve(sys.executable, [sys.executable, "-c", "import cli; cli.main()", *args], os.environ)
        self.pid, self.fd, self.buffer, self.code = pid, fd, "", None

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child is gone
            data = b""
        if not data:
            raise EOFError(self.buffer[-2000:])
        self.buffer += data.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def expect(self, pattern, timeout: float = 120) -> re.Match:
        """Wait for ``pattern``; the text up to and including it is consumed (``self.before`` holds it)."""
        pattern = re.compile(pattern) if isinstance(pattern, str) else pattern
        end = time.monotonic() + timeout
        while True:
            found = pattern.search(self.buffer)
            if found:
                self.before, self.buffer = self.buffer[:found.end()], self.buffer[found.end():]
                return found
            if time.monotonic() > end:
                raise TimeoutError(f"{pattern.pattern!r} not seen; last output: {self.buffer[-1500:]!r}")
            self.read(0.2)

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def line(self, text: str) -> None:
        self.send(text + "\n")

    def wait(self, timeout: float = 120, kill: bool = True) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.code = os.waitstatus_to_exitcode(status)
                return self.code
            try:
                self.read(0.1)
            except EOFError:
                pass
        if kill:
            os.kill(self.pid, signal.SIGKILL)
        raise TimeoutError(f"the game did not exit; last output: {self.buffer[-1500:]!r}")

    def hang_up(self) -> int:
        """Close the terminal, as closing its window does: the game gets SIGHUP, or its input ends."""
        os.close(self.fd)
        self.fd = -1
        end = time.monotonic() + 120
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            time.sleep(0.05)
        os.kill(self.pid, signal.SIGKILL)
        raise TimeoutError("the game did not exit when its terminal closed")


def decision_text(text: str) -> tuple[str, str]:
    """The last table and the choice list shown before a prompt."""
    text = ANSI.sub("", text)
    block = text[text.rindex("Decision "):]
    head = max(text.rfind("\nRURIK "), text.rfind("\nSTROGANOV "))
    table = text[head:text.find("\n", text.find("Decision ", head)) if head >= 0 else 0]
    table = table.split("What happened")[0].split("\nDecision ")[0]
    return table, block


def play_on(term: Pty, choose=lambda n, total: 1, limit: int = 2000) -> str:
    """Answer every prompt until the game is over; the text of its end."""
    for _ in range(limit):
        found = term.expect(r"choice 1-(\d+), or help> |-- Enter[^\n]*-- |The game is over\.")
        if found.group(0).startswith("The game"):
            end = term.before
            term.expect(r"Recorded as game[^\n]*\n")
            return end + term.before
        if found.group(0).startswith("--"):
            term.line("")
        else:
            term.line(str(choose(len(term.before), int(found.group(1)))))
    raise AssertionError("the game did not end")


def choose_first(term: Pty) -> None:
    """Take the first choice at every step of a decision (answer 1 until a choice is made)."""
    while True:
        term.line("1")
        term.expect(PROMPT)
        if "  you: " in term.before:
            return


def totals(text: str) -> tuple[int, int]:
    found = re.findall(r"^total\s+(-?\d+)\s+(-?\d+)$", ANSI.sub("", text), re.M)
    return int(found[-1][0]), int(found[-1][1])


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_a_whole_game_by_keystrokes(game, tmp_path):
    results, first, second = tmp_path / "results", tmp_path / "first.json", tmp_path / "second.json"
    args = ["play", game, *SETTINGS[game], "--hint-strategy", "mc(budget=2,rollout=greedy)",
            "--results", str(results), "--save", str(first)]
    term = Pty(args, tmp_path)
    term.expect(PROMPT)
    # bad input: one line, the same prompt, nothing lost
    for typed, said in (("x", "unknown command 'x'"), ("999", "no choice 999"), ("", "type a number")):
        term.line(typed)
        found = term.expect(PROMPT)
        assert said in term.before and term.before.count("\n") <= 2
    term.line("hint")
    term.expect(PROMPT)
    assert "Hint from the search player at budget 2:" in term.before and re.search(r"wins \d/\d", term.before)
    # undo: back to the previous decision, exactly as it was
    term.line("1")
    term.expect(PROMPT)
    table, choices = decision_text(term.before)
    before = json.loads(first.read_text())["choices"]
    term.line("2")
    term.expect(PROMPT)
    term.line("undo")
    term.expect(PROMPT)
    assert "undone: back to your previous decision" in term.before
    again = decision_text(term.before)
    assert again[0].splitlines() == table.splitlines()
    assert again[1].splitlines() == choices.splitlines()
    assert json.loads(first.read_text())["choices"] == before
    term.line("save " + str(second))
    term.expect(PROMPT)
    assert f"savedto{second}" in "".join(term.before.split())     # the path may wrap at 80 columns
    for _ in range(3):
        choose_first(term)
    made = len(json.loads(second.read_text())["choices"])
    assert made == len(before) + 3
    # a closed terminal: the game is saved, and loads
    code = term.hang_up()
    assert code in (0, 129)
    assert len(saves.load(second).choices) == made
    # Ctrl-C saves too
    term = Pty(["play", "--load", str(second)], tmp_path)
    term.expect(PROMPT)
    assert f"continuing after {made} choices" in term.before
    choose_first(term)
    term.send("\x03")
    try:
        code = term.wait(10, kill=False)
    except TimeoutError:  # a Ctrl-C between the prompt and the read waits for the next key (CPython's input)
        term.line("")
        code = term.wait()
    assert code == 130
    assert "interrupted: the game is saved" in term.buffer
    assert len(saves.load(second).choices) == made + 1
    # --load, and on to the end
    term = Pty(["play", "--load", str(second), "--results", str(results)], tmp_path)
    end = play_on(term)
    assert term.wait() == 0
    player, automa = totals(end)
    # the saved game replays to the same result, as replay shows it, and is a row of the results folder
    kept = saves.load(second)
    final = saves.replay(kept)
    assert (final["player_score"], final["automa_score"]) == (player, automa) == (
        kept.result["player_score"], kept.result["automa_score"])
    term = Pty(["replay", str(second)], tmp_path)
    term.wait()
    assert re.search(rf"final\s+player={player} automa={automa} ", term.buffer)
    games = read_games(results / "games.csv", get_game)
    assert list(games["strategy"]) == ["human"] and int(games["margin"].iloc[0]) == player - automa
    assert json.loads((results / "manifest.json").read_text())["saved_games"] == [str(second)]
    if game == "rurik":  # report reads a person's games like a run's
        from automa.report.report import write_report

        assert (results / "report.md") in write_report(results, None)


def test_a_long_story_is_paged_in_a_small_terminal(tmp_path):
    """At 24 rows, a story longer than half the screen waits for Enter; the choices then list a page."""
    term = Pty(["play", "stroganov", "--seed", "5", "--results", str(tmp_path / "r")], tmp_path, rows=24)
    seen_pause = False
    for _ in range(60):
        found = term.expect(r"choice 1-(\d+), or help> |-- Enter[^\n]*-- ")
        if found.group(0).startswith("--"):
            seen_pause = True
            term.line("")
            continue
        shown = [line for line in term.before.split("Decision ")[-1].splitlines()[1:] if re.match(r"\s+\d+\. ", line)]
        assert len(shown) <= 20
        if seen_pause:
            break
        term.line("1")
    assert seen_pause
    term.line("quit")
    assert term.wait() == 0


def test_a_saved_game_is_checked_field_by_field_and_choice_by_choice(tmp_path):
    """Loading names the bad field; replaying names the first saved choice the engine does not ask."""
    from automa.core.errors import UsageError

    good = saves.Saved("stroganov", 3, 0, {"difficulty": "hard"}, [("start_set", 1), ("move", 2)])
    path = tmp_path / "g.json"
    good.write(path)
    assert saves.load(path).choices == good.choices and saves.replay(saves.load(path)) is None
    for change, message in (({"seed": -1}, "non-negative"), ({"colour": "red"}, "unknown field 'colour'"),
                            ({"version": 2}, "version 2"), ({"options": {"difficulty": "Easy!"}}, "'Easy!' is not a level name"),
                            ({"choices": [["move"]]}, "choice 1 must be [kind, choice]"), ({"game": "chess"}, "unknown game")):
        data = json.loads(path.read_text()) | change
        (tmp_path / "bad.json").write_text(json.dumps(data))
        with pytest.raises(UsageError, match=re.escape(message)):
            saves.load(tmp_path / "bad.json")
    wrong = saves.Saved("stroganov", 3, 0, {}, [("start_set", 1), ("basic", ["coin"])])
    with pytest.raises(saves.Mismatch, match=r"saved choice 2 \(basic \[\"coin\"\]\) does not fit the game: the engine asks 'move'"):
        saves.replay(wrong)


def test_a_margin_is_placed_on_the_published_ladder_of_its_setting_only():
    from automa.studies.rate import on_ladder

    entry = get_game("rurik")
    lines = on_ladder(entry, entry.resolve_options({"difficulty": "1"}), -11)
    assert lines and "difficulty=1" in lines[0]
    means = [float(line.split()[0]) for line in lines[1:-1] if "▶" not in line]
    at = next(i for i, line in enumerate(lines[1:-1]) if "▶" in line)
    assert means == sorted(means) and all(m < -11 for m in means[:at]) and all(m > -11 for m in means[at:])
    assert on_ladder(entry, entry.resolve_options({"difficulty": "1", "modules": "epic"}), -12) == []
    strog = get_game("stroganov")
    assert "opponent=katyusha, difficulty=hard" in on_ladder(
        strog, strog.resolve_options({"opponent": "katyusha", "difficulty": "hard"}), 3)[0]
    assert on_ladder(strog, strog.resolve_options({"difficulty": "medium"}), 3) == []


def test_quit_at_the_pager_of_a_long_story_quits(tmp_path):
    """issue 29: in a 14-row window, ``quit`` typed at the ``-- Enter --`` after a long automa turn
    saves and ends the game (it was taken as Enter)."""
    save = tmp_path / "g.json"
    term = Pty(["play", "rurik", "--seed", "3", "--results", str(tmp_path / "r"), "--save", str(save)], tmp_path, rows=14)
    for _ in range(100):
        if term.expect(r"choice 1-(\d+), or help> |-- Enter[^\n]*-- ").group(0).startswith("--"):
            break
        term.line("1")
    else:
        raise AssertionError("no pager in 100 prompts")
    term.line("quit")
    assert term.wait(30) == 0
    assert "quit: the game is saved" in " ".join(ANSI.sub("", term.buffer).split())
    assert saves.load(save).choices


@pytest.mark.parametrize("typed", ["quit", "exit", "QUIT "])
def test_quit_at_any_pager_quits(typed, monkeypatch):
    """issue 29: ``quit`` or ``exit`` at a pager (help, log, a /WORDS result) stops the session."""
    from automa.table.line import Quit, Terminal

    monkeypatch.setenv("LINES", "10")
    said = []
    term = Terminal(lambda prompt: typed, said.append)
    with pytest.raises(Quit):
        term.page([f"line {i}" for i in range(40)])
    assert said == [f"line {i}" for i in range(8)]


def test_a_pager_skips_on_q_and_passes_a_command_on_to_the_prompt(monkeypatch):
    """issue 29: at a pager q skips the rest; a number is Enter (the choices are not shown yet); any
    other command ends the paging and is taken as typed at the next prompt."""
    from automa.table.line import Terminal

    monkeypatch.setenv("LINES", "10")
    typed, said = iter(["q", "", "3", "log", "x"]), []
    term = Terminal(lambda prompt: next(typed), said.append)
    term.page([f"line {i}" for i in range(40)])
    assert len(said) == 8
    term.page([f"line {i}" for i in range(40)])
    assert len(said) == 8 + 24
    assert term.read("choice 1-5, or help> ") == "log" and term.read("> ") == "x"


def keyboard(tmp_path, monkeypatch, typed: list[str], game: str = "rurik", seed: int = 3, columns: int = 80,
             rows: int = 200, save: Path | None = None) -> tuple[int, list[str], Path]:
    """``play GAME --seed SEED`` in-process on a line-mode front of ``columns`` x ``rows`` with ``typed``
    as its input (then the input ends): the exit code, every line printed, and the saved game."""
    from automa.table.line import Terminal
    from automa.table.play import start

    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(rows))
    said, keys = [], iter(typed)

    def read(prompt):
        said.append(prompt)
        try:
            return next(keys)
        except StopIteration:
            raise EOFError from None

    save = save or tmp_path / "g.json"
    code = start(game, {}, seed, 0, None, save, tmp_path / "r", "expert", "automa-sim play",
                 Terminal(read, lambda text="": said.extend(ANSI.sub("", text).split("\n"))))
    return code, said, save


def test_bad_input_is_answered_in_one_line(tmp_path, monkeypatch):
    """issue 29: 3,000 letters (or digits) typed are named cut short, in one line."""
    _, said, _ = keyboard(tmp_path, monkeypatch, ["x" * 3000, "9" * 3000, "/" + "y" * 3000])
    for start_, run in (("unknown command 'xxx", "x" * 10), ("no choice 999", "9" * 10), ("no choice contains 'yyy", "y" * 10)):
        (line,) = [line for line in said if run in line]
        assert line.startswith(start_) and line.endswith(("or help", "choose 1-2", "'"))


def test_undo_n_goes_back_n_decisions(tmp_path, monkeypatch):
    """issue 29: ``undo 3`` goes back three decisions (it went back one)."""
    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 4 + ["undo 3"])
    assert "undone: back 3 decisions, to decision 2" in said
    assert len(saves.load(save).choices) == 1
    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 4 + ["undo x", "undo 9"], save=tmp_path / "h.json")
    assert any(line.startswith("undo takes a number of decisions") for line in said)
    assert "undone: back 4 decisions, to decision 1" in said and saves.load(save).choices == []


def test_the_command_that_continues_a_game_is_one_line(tmp_path, monkeypatch):
    """issue 29: the resume command is printed whole on a line of its own (it was wrapped)."""
    save = tmp_path / ("a-rather-long-folder-name-" * 3) / "game.json"
    _, said, _ = keyboard(tmp_path, monkeypatch, ["1"], save=save, columns=60)
    assert said[-1] == f"automa-sim play --load {save}"


def test_help_fits_the_terminal(tmp_path, monkeypatch):
    """issue 29: every line of help fits the width, each command at the start of its entry."""
    from automa.table.prompt import HELP, help_lines

    for width in (80, 60, 40):
        lines = help_lines(width)
        assert all(len(line) <= width for line in lines)
        assert [line[2:14].strip() for line in lines if line.startswith("  ") and line[2] != " "] == [t for t, _ in HELP]


def test_lines_are_wrapped_to_the_terminals_width(tmp_path, monkeypatch):
    """issue 29: in a 60-column terminal every line is wrapped at 60 (it was wrapped at 80)."""
    def widest(said):  # but the command to copy that continues the game
        return max(len(line) for line in said if not line.startswith("automa-sim "))

    _, said, _ = keyboard(tmp_path, monkeypatch, ["1"] * 6 + ["log", "help"], columns=60)
    assert widest(said) <= 60
    _, said, _ = keyboard(tmp_path, monkeypatch, ["1"] * 6 + ["log", "help"], columns=200, save=tmp_path / "h.json")
    assert 70 < widest(said) <= 80


def test_replay_of_a_saved_game_tells_it_in_words(tmp_path, monkeypatch, capsys):
    """issue 29: ``replay FILE`` prints the sentences ``log`` prints (it printed machine events)."""
    import cli

    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 8)
    with pytest.raises(SystemExit):
        cli.main(["replay", str(save)])
    out = capsys.readouterr().out.splitlines()
    assert "  you: keep agenda" in "\n".join(out) and any("[RK-REB-" in line for line in out)
    assert not any(re.match(r"(decision|advisor|round)\s{3,}", line) for line in out)
    assert out[-1] == f"automa-sim play --load {save}"


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_every_choice_in_steps_is_told_apart_and_typed_in_one_go(game):
    """issue 29: each choice of a stepped decision has its own keys, and its notation from the first
    step takes exactly that choice (automa/<game>/steps.py, automa.core.steps)."""
    from automa.run.runner import prepare
    from automa.core.seeding import game_streams
    from automa.run.simulate import resolve
    from automa.core.steps import Stepper

    entry, seen = get_game(game), set()
    spec = resolve(game, None, {}, 3)

    def then(decision, number):
        steps = [entry.steps(decision.view, decision.kind, c) for c in decision.choices]
        if all(steps):
            seen.add(decision.kind)
            stepper = Stepper(decision.choices, steps)
            for i in range(len(decision.choices)):
                fresh = Stepper(decision.choices, steps)
                fresh.path = fresh.parse(stepper.notation(i))
                fresh.advance()
                assert fresh.chosen == i, (decision.kind, stepper.notation(i))
        return decision.choices[number * 7 % len(decision.choices)]

    streams = game_streams(3, 0)
    entry.play(prepare(spec), spec.options, saves.Script(streams.strategy, [], then), streams, None)
    assert seen >= ({"advisor_place", "move", "build"} if game == "rurik" else {"main", "basic", "extra"})


def test_an_advisor_is_placed_in_steps_or_typed_in_one_go(tmp_path, monkeypatch):
    """issue 29: Rurik's advisor placement (RK-STRAT-3, -4) is asked as advisor, column, bribe; ``back``
    goes one step back; the notation ``2b0`` takes the whole choice; the saved game keeps the choice."""
    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 4 + ["2", "back", "2", "5", "back", "back"])
    heads = [line for line in said if line.startswith("Decision 5: advisor place")]
    assert [h.split(",")[1].split("(")[0].strip() for h in heads] == [
        "the advisor", "the column", "the advisor", "the column", "the bribe", "the column", "the advisor"]
    assert said.count("back one step") == 3
    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 4 + ["2b0"], save=tmp_path / "h.json")
    assert "  you: advisor 2 → build, top space (2 pts), no bribe" in said
    assert saves.load(save).choices[-1] == ("advisor_place", ["advisor", "2", 4, 0])
    _, said, _ = keyboard(tmp_path, monkeypatch, ["1"] * 4 + ["2", "b 1"], save=tmp_path / "i.json")
    assert "  you: advisor 2 → build, top space (2 pts), bribe 1 coin" in said


def test_stroganov_passes_an_offer_already_passed_on_and_reminds_of_horses(tmp_path, monkeypatch):
    """issue 29: an extra-action offer (ST-TURN-7) passed on once is not asked again while nothing of
    the player's changed: it is told in one line and saved; the heading names unused horses
    (ST-MARKET-2); undo passes over what was taken without asking; the first screen names the proposed
    values and the rules template."""
    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 40, game="stroganov")
    assert said[1].startswith("Proposed, not printed (ST-OPEN-1..") and "automa-sim rules template stroganov > my-box.toml" in said
    taken = [line for line in said if line.startswith("  taken for you (passed on before, nothing changed)")]
    assert taken and all(line.endswith(": done with extra actions") for line in taken)
    assert any(re.search(r"Decision \d+: extra — \d+ horses unused \(a market fur costs 5\)", line) for line in said)
    told = ["taken" if line.startswith("  taken for you") else "asked" for line in said
            if line.startswith(("  taken for you", "  you: "))]
    assert len(saves.load(save).choices) == len(told)
    _, said, save = keyboard(tmp_path, monkeypatch, ["1"] * 40 + ["undo"], game="stroganov", save=tmp_path / "h.json")
    assert "undone: back to your previous decision" in said
    assert len(saves.load(save).choices) == max(i for i, x in enumerate(told) if x == "asked")


def test_a_stepper_skips_steps_of_one_option_and_reads_the_notation():
    """automa.core.steps: a step with one option is taken (and may be left out of the notation), back
    goes past it, digits run together need a space, and keys that tell no choice apart are refused."""
    from automa.core.steps import Step, Stepper

    choices = [("a", "x", 0), ("a", "x", 1), ("a", "x", 10), ("b", "y", 0), ("b", "z", 0)]
    steps = [(Step("letter", c[0], c[0]), Step("column", c[1], c[1]), Step("bribe", str(c[2]), str(c[2])))
             for c in choices]
    st = Stepper(choices, steps)
    assert [o.key for o in st.options()] == ["a", "b"]
    st.pick("a")                                   # the column step has one option: taken
    assert st.path == ["a", "x"] and [o.key for o in st.options()] == ["0", "1", "10"] and st.last
    assert st.back() and st.path == [] and not st.back()
    assert [st.notation(i) for i in range(5)] == ["ax0", "ax1", "ax10", "by0", "bz0"]
    assert st.parse("a10") == ["a", "x", "10"] and st.parse("a x 1") == ["a", "x", "1"]
    assert st.parse("b") == ["b"] and st.parse("c") is None and st.parse("a9") is None
    assert Stepper(choices[3:], steps[3:]).notation(0) == "by0"
    digits = [(Step("n", "1", ""), Step("m", "2", "")), (Step("n", "1", ""), Step("m", "3", ""))]
    assert Stepper([0, 1], digits).notation(1) == "1 3"
    with pytest.raises(ValueError):
        Stepper(choices[:2], [steps[0], steps[0]])
