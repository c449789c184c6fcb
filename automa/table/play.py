"""``automa-sim play``: a person plays a whole solo game in the terminal against the official automa.

The person is the game's player strategy: a :class:`~automa.table.saved.Script` whose decisions past
the saved choices are asked at the keyboard (:meth:`Session.ask`). Each prompt shows what the automa
did since the last one, in sentences with their rule IDs (the game's ``tell``), the table (``render``,
when it changed) and the numbered choices in words (``describe``). The game is saved at every prompt;
``undo`` plays the game again from its seed with the choices less the last (the engines are
deterministic per seed). At the end it shows both scores by category, appends the game to a results
folder (automa.table.played) and places its margin on a published ladder of the setting.

A big decision is asked in steps where the game has them (automa.core.steps); a decision that offers
nothing to decide (the game's ``idle`` and ``offer``) is answered without asking, in one line.

The session talks to the person only through a front: ``table``, ``story``, ``choices``, ``read``,
``say``, ``page``, ``rows``, ``width`` and ``bold``; the front runs it (``play``). :class:`Terminal` is
the line-mode front: plain ``input`` and ``print``, which works in any terminal (80x24 included), over
ssh, in a pipe and in a test's pseudo-terminal, with line editing from ``readline`` where Python has it.
Headings are bold only on a terminal without ``NO_COLOR`` (docs/play.md). The full-screen front is
automa.table.fullscreen; ``play --screen auto`` takes it on a real terminal of at least 80x24
(:func:`full_screen`).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import textwrap
import threading
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from automa.core.errors import UsageError
from automa.table.hint import hint, hint_scope
from automa.core.registry import Game
from automa.studies.rungs import rung_name
from automa.table.saved import Saved, Script, encode
from automa.core.steps import Stepper
from automa.core.trace import Labelling, Trace, label_decisions

WIDTH = 80
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PAGE = 8        # choices listed per page at least (more in a taller terminal)
STEPPED = 20    # more choices than a page of an 80x24 terminal: asked in steps where the game has them
HELP = (  # (what is typed, what it does): help wraps each entry to the terminal's width
    ("NUMBER", "take that choice (in a decision asked in steps: that option of the step)"),
    ("KEYS", "take the choice whose step keys they are, typed in one go, e.g. 2b0 (docs/play.md)"),
    ("n, p", "the next or previous page of choices"),
    ("/WORDS", "list the choices whose words contain WORDS"),
    ("hint", "the search player's verdict on the top choices: win chance and mean margin with 95% "
             "intervals, from rollouts (--hint-strategy sets the player and its budget)"),
    ("hint more", "the same, comparing more choices (a hint does so by itself when every choice it "
                  "compared lost every rollout)"),
    ("undo [N]", "back to your previous decision (or N decisions back); in steps, one step back"),
    ("back", "one step back in a decision asked in steps"),
    ("board", "the whole table: the board, then what it leaves out (cards, deeds, the solo card, ...)"),
    ("log", "the whole game so far, in sentences"),
    ("save FILE", "save the game to FILE (it is saved at every prompt anyway)"),
    ("quit, exit", "save and stop; continue later with: automa-sim play --load FILE"),
    ("help", "this text"),
)
HELP_HEAD = "Commands, at any prompt (at -- Enter --, Enter shows more and q skips the rest):"
HELP_TAIL = "Ctrl-C, or closing the terminal, saves the game too."


def help_lines(width: int) -> list[str]:
    """The commands, each entry wrapped to ``width`` under its own column."""
    lines = wrap(HELP_HEAD, 0, width)
    for typed, does in HELP:
        text = textwrap.wrap(does, max(20, width - 14), break_on_hyphens=False)
        lines += [f"  {typed if i == 0 else '':<12}{part}" for i, part in enumerate(text)]
    return lines + wrap(HELP_TAIL, 0, width)


def short(text: str, most: int = 24) -> str:
    """What a person typed, cut to ``most`` characters for an answer that names it."""
    return text if len(text) <= most else text[:most - 1] + "…"


class Quit(Exception):
    """Stop the session: the game is saved and the process exits with ``code``."""

    def __init__(self, code: int, why: str):
        super().__init__(why)
        self.code, self.why = code, why


class Restart(Exception):
    """Play the game again from its seed with these choices (undo)."""

    def __init__(self, choices: list):
        super().__init__(f"restart after {len(choices)} choices")
        self.choices = choices


def _hangup(signum, frame):
    raise Quit(128 + signum, "the terminal closed")


class Terminal:
    """The line-mode front (docs/play.md): lines in and out for a person, ``read(prompt)`` and
    ``write(text)``, bold headings unless ``NO_COLOR`` is set or output is not a terminal, and a pager
    for long text. :class:`Session` talks to a person only through a front's members: ``table``,
    ``story``, ``choices``, ``read``, ``say``, ``page``, ``rows``, ``width`` and ``bold``."""

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

    def play(self, session: Session) -> int:
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


class Session:
    """One game at the keyboard: the game entry, its resolved options, the saved game (seed, deal,
    choices), where it is saved, where a finished game is recorded, the hint player, and the front the
    person sees and types in (:class:`Terminal` in line mode; it is used only through ``table``,
    ``story``, ``choices``, ``read``, ``say``, ``page``, ``rows``, ``width`` and ``bold``)."""

    def __init__(self, entry: Game, options: dict, saved: Saved, save: Path, results: Path, hint_spec,
                 hint_name: str, front: Terminal, command: str):
        self.entry, self.options, self.saved, self.save_path = entry, options, saved, save
        self.results, self.hint_spec, self.hint_name, self.front, self.cmdline = results, hint_spec, hint_name, front, command
        # the first decision whose story is still to tell: a loaded game starts after its story
        self.narrated = len(saved.choices) + 1 if saved.choices else 0
        self.shown = ""                      # the table as last shown
        self.trace: Trace | None = None
        self.script: Script | None = None
        self.labels: list[str] = []
        self.view = None
        self.event_pos = 0
        self.page_at, self.size, self.count = 0, PAGE, 0
        self.stepper: Stepper | None = None
        self.stepped = False
        self.idles: list = []                # for each decision so far: (the choice taken without asking, why), or None
        self.passed: dict = {}               # decision kind -> the offer passed on last (the game's ``offer``)

    # --- the game loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until the person stops); the exit code."""
        from automa.run.runner import RunSpec, prepare
        from automa.core.seeding import game_streams

        spec = RunSpec(self.entry, self.options, "human", None, self.saved.seed)
        ctx = prepare(spec)
        here = hasattr(signal, "SIGHUP") and threading.current_thread() is threading.main_thread()
        old = signal.signal(signal.SIGHUP, _hangup) if here else None  # the full screen's session has a thread
        try:
            while True:
                streams = game_streams(self.saved.seed, self.saved.game_index)
                self.trace, self.labels, self.event_pos, self.idles, self.passed = Trace(), [], 0, [], {}
                self.script = Script(streams.strategy, list(self.saved.choices), self.ask)
                player = Watching(self.script, self.entry.describe, self.labels, self.note)
                try:
                    result = self.entry.play(ctx, self.options, player, streams, self.trace)
                except Restart as back:
                    self.saved.choices = back.choices
                    self.narrated = len(back.choices) + 1
                    self.shown = ""
                    continue
                break
        except (Quit, KeyboardInterrupt) as stop:
            code, why = (stop.code, stop.why) if isinstance(stop, Quit) else (130, "interrupted")
            self.saved.choices = self.script.choices if self.script else self.saved.choices
            self.write()
            self.tell_end(f"{why}: the game is saved to {self.save_path}; continue with:",
                          f"automa-sim play --load {self.save_path}")
            return code
        finally:
            if old is not None:
                signal.signal(signal.SIGHUP, old)
        return self.finish(result)

    def tell_end(self, text: str, command: str) -> None:
        """The last words: ``text`` wrapped, then ``command`` on one line of its own (to copy)."""
        try:
            for line in wrap(text, 0, self.front.width):
                self.front.say(line)
            self.front.say(command)
        except (Quit, OSError):
            pass  # a closed terminal: the save is what matters

    def write(self) -> None:
        try:
            self.saved.write(self.save_path)
        except OSError as exc:
            raise UsageError(f"cannot save the game to {self.save_path}: {exc.strerror or exc}") from None

    def story(self) -> list[str]:
        """What happened since the last prompt, one numbered sentence an item (the automa's turns step
        by step)."""
        events = self.trace.events[self.event_pos:]
        self.event_pos = len(self.trace.events)
        told = [self.entry.tell(self.view, e) for e in events] if self.entry.tell else []
        return [f"{i:>3}. {text}" for i, text in enumerate(filter(None, told), 1)]

    def ask(self, decision, number: int):
        """Decision ``number`` (0 first), at the keyboard: the story since the last prompt, the table,
        the choices (in steps when there are many and the game has steps for them); then commands until
        a choice is made. A decision whose choices all do nothing (the game's ``idle``) is answered with
        its pass without asking, in one line."""
        self.view = decision.view
        self.saved.choices = self.script.choices
        self.write()
        if number >= self.narrated:
            story = self.story()
        else:  # played again after an undo or a load: told already
            story, self.event_pos = [], len(self.trace.events)
        self.narrated = max(self.narrated, number + 1)
        labels = [self.entry.describe(decision.view, decision.kind, c) for c in decision.choices]
        if self.idles[number] is not None:
            idle, why = self.idles[number]
            if story:
                self.front.story(story)
            self.front.say(f"  taken for you ({why}): {labels[idle]}")
            return decision.choices[idle]
        screen = self.entry.render(decision.view, width=self.front.width, colour=self.front.colour)
        if screen != self.shown:
            self.front.table(screen)
            self.shown = screen
        self.page_at = 0
        self.front.story(story)
        self.size = page_size(self.front.rows, [part for line in story for part in wrap(line, 5, self.front.width)])
        self.stepper, self.stepped = self.steps(decision)
        self.show_choices(decision, number, labels)
        while True:
            answer = self.front.read(f"choice 1-{self.count}, or help> ").strip()
            choice = self.answer(answer, decision, number, labels)
            if choice is not None:
                self.front.say(f"  you: {labels[choice]}")
                return decision.choices[choice]

    def note(self, decision) -> Callable:
        """Before every decision, asked or replayed, in order: whether it is taken without asking, and
        why (``self.idles``): the game's ``idle`` (no choice but the pass does anything) or its ``offer``
        (the same offer as the one passed on last, on the same supply); the answer's bookkeeping after."""
        choices = list(decision.choices)
        idle = self.entry.idle(decision.view, decision.kind, choices) if self.entry.idle else None
        offer = self.entry.offer(decision.view, decision.kind, choices) if self.entry.offer else None
        if idle is not None:
            self.idles.append((idle, "no other choice does anything"))
        elif offer is not None and self.passed.get(decision.kind) == offer[0]:
            self.idles.append((offer[1], "passed on before, nothing changed"))
        else:
            self.idles.append(None)

        def after(choice) -> None:
            if offer is not None:
                if encode(choice) == encode(choices[offer[1]]):
                    self.passed[decision.kind] = offer[0]
                else:
                    self.passed.pop(decision.kind, None)
        return after

    def steps(self, decision) -> tuple[Stepper | None, bool]:
        """The decision's :class:`Stepper` when the game puts every choice in steps (its notation is
        taken then), and whether the choices are asked in steps (more than ``STEPPED`` of them)."""
        if self.entry.steps is None:
            return None, False
        steps = [self.entry.steps(decision.view, decision.kind, c) for c in decision.choices]
        if any(s is None for s in steps):
            return None, False
        try:
            stepper = Stepper(decision.choices, steps)
        except ValueError:  # steps that do not tell the choices apart: asked in one list
            return None, False
        return stepper, len(decision.choices) > STEPPED and stepper.chosen is None

    def shown_options(self, labels: list[str]) -> list[str]:
        """The options listed now: every choice, or the current step's (whole choices, with their
        notation, at the last step)."""
        st = self.stepper
        if not self.stepped:
            return labels
        if st.last:
            return [f"{labels[i]}  [{st.notation(i)}]" for i in (st.candidates([*st.path, o.key])[0] for o in st.options())]
        return [o.words for o in st.options()]

    def show_choices(self, decision, number: int, labels: list[str]) -> None:
        head = f"Decision {number + 1}: {decision.kind.replace('_', ' ')}"
        if self.stepped:
            st = self.stepper
            first = st.steps[st.candidates()[0]]
            done = [first[k].words.split(":")[0] for k in range(len(st.path)) if len(st.options(st.path[:k])) > 1]
            head += f", the {st.options()[0].name}" + (f" ({'; '.join(done)})" if done else
                                                        " (or type the whole choice, e.g. " + st.notation(0) + ")")
        reminder = self.entry.reminder(decision.view, decision.kind, list(decision.choices)) if self.entry.reminder else None
        if reminder:
            head += f" — {reminder}"
        shown = self.shown_options(labels)
        self.count = len(shown)
        self.front.choices(head, shown, self.page_at)

    def answer(self, answer: str, decision, number: int, labels: list[str]) -> int | None:
        """One line typed at the prompt: the index of the choice made, or None (and the same prompt)."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        st = self.stepper
        if answer.isdigit():
            k = int(answer)
            if not 1 <= k <= self.count:
                self.front.say(f"no choice {short(answer)}: choose 1-{self.count}")
            elif not self.stepped:
                return k - 1
            else:
                return self.step_to(st.path + [st.options()[k - 1].key], decision, number, labels)
        elif word in ("n", "p"):
            pages = -(-self.count // self.size)
            self.page_at = max(0, min(pages - 1, self.page_at + (1 if word == "n" else -1)))
            self.show_choices(decision, number, labels)
        elif answer.startswith("/"):
            needle = answer[1:].strip().lower()
            among = st.candidates() if self.stepped else range(len(labels))
            found = [i for i in among if needle in labels[i].lower()]
            name = (lambda i: f"[{st.notation(i)}]") if self.stepped else (lambda i: f"{i + 1:>4}.")
            self.front.page([f"{name(i)} {labels[i]}" for i in found] or [f"no choice contains {short(needle)!r}"])
        elif word == "hint":
            self.show_hint(decision, number, labels, rest.strip().lower() == "more")
        elif word in ("undo", "back"):
            if self.stepped and not rest.strip() and st.back():
                self.front.say("back one step")
                self.page_at = 0
                self.show_choices(decision, number, labels)
            else:
                self.undo(number, rest.strip())
        elif word == "board":  # the whole table, the board that stays in sight first
            self.front.page(self.entry.render(decision.view, width=self.front.width, colour=self.front.colour,
                                              full=True).splitlines())
            self.show_choices(decision, number, labels)
        elif word == "log":
            lines = sentences(self.entry, self.trace.events, self.labels, lambda i: self.view)
            self.front.page([x for text in lines for x in wrap(text, 4, self.front.width)] or ["nothing yet"])
        elif word in ("help", "?"):
            self.front.page(help_lines(self.front.width))
        elif word == "save":
            if rest.strip():
                self.save_path = Path(rest.strip()).expanduser()
            self.write()
            self.front.say(f"saved to {self.save_path}")
        elif word in ("quit", "exit"):
            raise Quit(0, "quit")
        elif not answer:
            self.front.say(f"type a number 1-{self.count}, or help")
        elif st is not None and st.parse(answer) is not None:
            return self.step_to(st.parse(answer), decision, number, labels)
        else:
            self.front.say(f"unknown command {short(word)!r}: type a number 1-{self.count}, or help")
        return None

    def step_to(self, path: list[str], decision, number: int, labels: list[str]) -> int | None:
        """Go on from the steps ``path``: the index of the choice made, or None (the next step shown)."""
        st = self.stepper
        st.path = list(path)
        st.advance()
        if st.chosen is not None:
            return st.chosen
        self.stepped, self.page_at = True, 0
        self.show_choices(decision, number, labels)
        return None

    def show_hint(self, decision, number: int, labels: list[str], more: bool = False) -> None:
        seed = f"hint {self.saved.seed} {self.saved.game_index} {number}"  # the same hint every time
        found = hint(decision, self.hint_spec, seed, more)
        lines = [self.front.bold(f"Hint from {rung_name(self.hint_name)}:")] + wrap(hint_scope(found), 0, self.front.width)
        for v in found.verdicts:
            k = next(i for i, c in enumerate(decision.choices) if encode(c) == encode(v.choice))
            text = f"[{self.stepper.notation(k)}] {labels[k]}" if self.stepped else f"{k + 1:>4}. {labels[k]}"
            if v.rollouts:
                margin = (f"[{v.margin_lo:+.1f}, {v.margin_hi:+.1f}]" if v.margin_lo is not None else "")
                text += (f" — wins {v.wins}/{v.rollouts} ({v.win_lo:.0%}-{v.win_hi:.0%}), "
                         f"margin {v.margin:+.1f} {margin}")
            lines += wrap(text, 6, self.front.width)
        self.front.page(lines)

    def undo(self, number: int, count: str) -> None:
        """``undo``: back to the previous decision asked; ``undo N``: N of them back (to the first at most).
        Decisions taken without asking (``idle``) are passed over: they come again by themselves."""
        if count and not count.isdigit() or count == "0":
            self.front.say(f"undo takes a number of decisions, not {short(count)!r}: e.g. undo 3")
            return
        asked = [i for i in range(number) if not self.idles[i]]
        if not asked:
            self.front.say("nothing to undo: this is your first decision")
            return
        back = min(int(count or 1), len(asked))
        self.front.say("undone: back to your previous decision" if back == 1 else
                       f"undone: back {back} decisions, to decision {asked[-back] + 1}")
        raise Restart(self.script.choices[:asked[-back]])

    # --- the end ------------------------------------------------------------------------------------

    def finish(self, result) -> int:
        """Save and record the game first (a terminal may close while it is shown), then both scores by
        category, its row in the results folder and its place on the ladder; the exit code."""
        from automa.studies.rate import on_ladder
        from automa.table.played import record
        from automa.core.results import columns, row

        self.saved.choices = self.script.choices
        values = row(self.entry, self.saved.game_index, self.saved.seed, "human",
                     [self.options[o.name] for o in self.entry.options], result)
        self.saved.result = dict(zip(columns(self.entry), values))
        self.write()
        k = record(self.entry, values, self.save_path, self.results, self.cmdline)
        try:
            if self.view is not None:
                self.front.table(self.entry.render(self.view, width=self.front.width, colour=self.front.colour))
            self.front.story(self.story())
            self.front.say()
            self.front.say(self.front.bold("The game is over."))
            words = self.entry.category_words or {}
            self.front.say(f"{'category':<28}{'you':>6}{'automa':>8}")
            for c in self.entry.categories:
                p, a = result.player.get(c, 0), result.automa.get(c, 0)
                if p or a:
                    self.front.say(f"{words.get(c, c):<28}{p:>6}{a:>8}")
            self.front.say(f"{'total':<28}{result.player_score:>6}{result.automa_score:>8}")
            margin = result.player_score - result.automa_score
            winner = {"player": "You win", "automa": "The automa wins", "tie": "A tie"}[result.winner]
            self.front.say(f"{winner} (margin {margin:+d}, after the tie-breaks).")
            self.front.say(f"Recorded as game {k + 1} of {self.results} (summarize, compare and report read "
                           f"it); saved game: {self.save_path}.")
            for line in on_ladder(self.entry, self.options, margin):
                self.front.say(line if line.startswith(" ") else "\n".join(wrap(line, 4, self.front.width)))
        except (Quit, KeyboardInterrupt):
            pass  # the game is saved and recorded: only its telling is cut short
        return 0


def sentences(entry: Game, events: list[dict], labels: list[str], view_at: Callable[[int], Any]) -> list[str]:
    """A game's events in words, as ``log`` tells them: the player's decisions as ``you: LABEL`` (their
    ``labels`` in order), every other event in the game's sentence (``tell`` with the view
    ``view_at(i)`` of event ``i``), none for an event it does not tell."""
    events = [dict(e) for e in events]
    label_decisions(events, labels)
    told = (f"  you: {e['label']}" if e.get("label") else entry.tell(view_at(i), e) for i, e in enumerate(events))
    return [text for text in told if text]


class Watching(Labelling):
    """:class:`Labelling` that first shows each decision to ``note(decision)``, and its answer to the
    function that returns."""

    def __init__(self, inner, describe, labels: list, note: Callable):
        super().__init__(inner, describe, labels)
        self.note = note

    def choose(self, decision):
        after = self.note(decision)
        choice = super().choose(decision)
        after(choice)
        return choice


class Noting(Labelling):
    """:class:`Labelling` that also notes each decision's view and how many events came before it."""

    def __init__(self, inner, describe, labels: list, trace: Trace, seen: list):
        super().__init__(inner, describe, labels)
        self.trace, self.seen = trace, seen

    def choose(self, decision):
        self.seen.append((len(self.trace.events), decision.view))
        return super().choose(decision)


def narrate_saved(saved: Saved) -> tuple[list[str], dict | None]:
    """A saved game told as ``log`` tells it (``replay FILE``): its sentences, each event with the view of
    the decision that follows it (the last decision's after it), wrapped at 80 columns, and its
    ``games.csv`` row (None if unfinished)."""
    from automa.table import saved as saves
    from automa.core.registry import get_game

    entry, trace, labels, seen = get_game(saved.game), Trace(), [], []
    final = saves.replay(saved, trace, lambda script: Noting(script, entry.describe, labels, trace, seen))

    def view_at(i: int):
        return next((view for at, view in seen if at > i), seen[-1][1] if seen else None)

    lines = sentences(entry, trace.events, labels, view_at)
    return [x for text in lines for x in wrap(text, 4)], final


def default_save(results: Path) -> Path:
    """A new saved-game file in the results folder: ``saves/<YYYYmmdd-HHMMSS>.json`` (``-2``... if taken)."""
    stem = results / "saves" / datetime.now().strftime("%Y%m%d-%H%M%S")
    path, n = stem.with_suffix(".json"), 1
    while path.exists():
        n += 1
        path = stem.with_name(f"{stem.name}-{n}.json")
    return path


def start(game: str | None, options: dict, seed: int | None, game_index: int, load: Path | None,
          save: Path | None, results: Path | None, hint_strategy: str, command: str,
          front: Terminal | None = None) -> int:
    """Check everything (UsageError, before any prompt), then play on ``front`` (the line mode's by default;
    cli passes the full screen's where :func:`full_screen` says so); the exit code."""
    from automa.table import saved as saves
    from automa.table.played import check_folder
    from automa.core.registry import get_game, get_strategy
    from automa.core.seeding import fresh_entropy

    front = front or Terminal()
    if load is not None:
        if game is not None or options or seed is not None or game_index:
            raise UsageError("--load FILE takes the game, seed and options from the saved game; drop GAME, "
                             "--seed, --game-index and --option")
        game_ = saves.load(load)
        save = save or load
    else:
        if game is None:
            raise UsageError("play needs GAME (or --load FILE)")
        if seed is not None and seed < 0:
            raise UsageError(f"--seed must be a non-negative integer, got {seed}")
        if game_index < 0:
            raise UsageError(f"--game-index must be a non-negative integer, got {game_index}")
        entry = get_game(game)
        values = entry.resolve_options(options)
        typed = {o.name: o.typed(values[o.name]) for o in entry.options}
        game_ = saves.Saved(game, fresh_entropy() if seed is None else seed, game_index, typed)
    entry = get_game(game_.game)
    if entry.describe is None or entry.render is None:
        raise UsageError(f"game {entry.name} cannot be played at the keyboard (it has no labels or screen)")
    values = entry.resolve_options(game_.options)
    results = results or Path("results") / "play" / entry.name
    check_folder(entry, results)
    hint_spec = get_strategy(entry, hint_strategy)
    save = save or default_save(results)
    if game_.result is not None:
        front.say(f"{load}: this game is over: you {game_.result['player_score']}, the automa "
                  f"{game_.result['automa_score']} ({game_.result['winner']} wins); replay it with:")
        front.say(f"automa-sim replay {load}")
        return 0
    front.say(front.bold(f"{entry.title}"))
    for line in entry.preface(values) if entry.preface else []:
        front.say(line)
    again = f"automa-sim play {entry.name} --seed {game_.seed}" + (
        f" --game-index {game_.game_index}" if game_.game_index else "")
    front.say(f"seed {game_.seed}" + (f", deal {game_.game_index}" if game_.game_index else "") +
              f"; saved at every prompt to {save}")
    front.say(f"the same deal again: {again}")
    if load is not None:
        front.say(f"continuing after {len(game_.choices)} choices")
    front.say("type help for the commands")
    session = Session(entry, values, game_, save, results, hint_spec, hint_spec.canonical, front, command)
    return front.play(session)


def full_screen(screen: str) -> bool:
    """Whether ``play --screen SCREEN`` plays in full screen (docs/play.md): ``full`` does; ``auto`` only
    on a real terminal (standard input and output both terminals, ``TERM`` set and not ``dumb``) of at
    least 80x24, so pipes, scripts and small windows get the line mode; ``line`` never."""
    if screen == "full" and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("--screen full needs a terminal (standard input and output); use --screen line")
    if screen != "auto":
        return screen == "full"
    size = shutil.get_terminal_size((0, 0))
    return (sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "dumb") != "dumb"
            and size.columns >= 80 and size.lines >= 24)
