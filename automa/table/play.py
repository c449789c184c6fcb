"""``automa-sim play``: a person plays a whole solo game in the terminal against the official automa.

The person is the game's player strategy: a :class:`~automa.table.saved.Script` whose decisions past
the saved choices are asked at the keyboard (:meth:`Session.ask`). Each prompt shows what the automa
did since the last one, in sentences with their rule IDs (the game's ``tell``), the table (``render``,
when it changed) and the numbered choices in words (``describe``), and takes the commands a person
types (automa.table.prompt). The game is saved at every prompt; ``undo`` plays the game again from its
seed with the choices less the last (the engines are deterministic per seed). At the end it shows both
scores by category, appends the game to a results folder (automa.table.played) and places its margin
on a published ladder of the setting.

A decision that offers nothing to decide (the game's ``idle`` and ``offer``) is answered without
asking, in one line.

The session talks to the person only through a front: ``table``, ``story``, ``choices``, ``read``,
``say``, ``page``, ``rows``, ``width`` and ``bold``; the front runs it (``play``). The line-mode front
is automa.table.line; the full-screen front is automa.table.fullscreen, which ``play --screen auto``
takes on a real terminal of at least 80x24 (:func:`full_screen`).
"""
from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
from datetime import datetime
from pathlib import Path
from typing import Callable

from automa.core.errors import UsageError
from automa.core.registry import Game
from automa.core.trace import Labelling, Trace
from automa.table.line import Quit, Terminal, page_size, wrap
from automa.table.prompt import Prompt, Restart
from automa.table.saved import Saved, Script, encode


def _hangup(signum, frame):
    raise Quit(128 + signum, "the terminal closed")


class Session:
    """One game at the keyboard: the game entry, its resolved options, the saved game (seed, deal,
    choices), where it is saved, where a finished game is recorded, the hint player, and the front the
    person sees and types in (:class:`~automa.table.line.Terminal` in line mode; it is used only through
    ``table``, ``story``, ``choices``, ``read``, ``say``, ``page``, ``rows``, ``width`` and ``bold``)."""

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
        a choice is made (automa.table.prompt). A decision whose choices all do nothing (the game's
        ``idle``) is answered with its pass without asking, in one line."""
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
        self.front.story(story)
        size = page_size(self.front.rows, [part for line in story for part in wrap(line, 5, self.front.width)])
        choice = Prompt(self, decision, number, labels, size).choice()
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

    # --- the end ------------------------------------------------------------------------------------

    def finish(self, result) -> int:
        """Save and record the game first (a terminal may close while it is shown), then tell how it
        ended (:meth:`tell_over`); the exit code."""
        from automa.table.played import record
        from automa.core.results import columns, row

        self.saved.choices = self.script.choices
        values = row(self.entry, self.saved.game_index, self.saved.seed, "human",
                     [self.options[o.name] for o in self.entry.options], result)
        self.saved.result = dict(zip(columns(self.entry), values))
        self.write()
        k = record(self.entry, values, self.save_path, self.results, self.cmdline)
        try:
            self.tell_over(result, k)
        except (Quit, KeyboardInterrupt):
            pass  # the game is saved and recorded: only its telling is cut short
        return 0

    def tell_over(self, result, k: int) -> None:
        """The last table and story, both scores by category, the game's row ``k`` in the results folder
        and its place on the ladder."""
        from automa.studies.rate import on_ladder

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
        winner = {"player": "You win", "automa": "The automa wins", "tie": "A tie",
                  "none": "No one wins"}[result.winner]
        self.front.say(f"{winner} (margin {margin:+d}, after the tie-breaks).")
        self.front.say(f"Recorded as game {k + 1} of {self.results} (summarize, compare and report read "
                       f"it); saved game: {self.save_path}.")
        for line in on_ladder(self.entry, self.options, margin):
            self.front.say(line if line.startswith(" ") else "\n".join(wrap(line, 4, self.front.width)))


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
    from automa.table.played import check_folder
    from automa.core.registry import get_game, get_strategy

    front = front or Terminal()
    game_ = saved_game(game, options, seed, game_index, load)
    save = save or load
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
    greet(front, entry, values, game_, save, load is not None)
    session = Session(entry, values, game_, save, results, hint_spec, hint_spec.canonical, front, command)
    return front.play(session)


def saved_game(game: str | None, options: dict, seed: int | None, game_index: int, load: Path | None) -> Saved:
    """The game to play: the saved game ``load``, or a new one of ``game`` (a fresh seed unless ``seed``)."""
    from automa.table import saved as saves
    from automa.core.registry import get_game
    from automa.core.seeding import fresh_entropy

    if load is not None:
        if game is not None or options or seed is not None or game_index:
            raise UsageError("--load FILE takes the game, seed and options from the saved game; drop GAME, "
                             "--seed, --game-index and --option")
        return saves.load(load)
    if game is None:
        raise UsageError("play needs GAME (or --load FILE)")
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    if game_index < 0:
        raise UsageError(f"--game-index must be a non-negative integer, got {game_index}")
    entry = get_game(game)
    values = entry.resolve_options(options)
    typed = {o.name: o.typed(values[o.name]) for o in entry.options}
    return saves.Saved(game, fresh_entropy() if seed is None else seed, game_index, typed)


def greet(front: Terminal, entry: Game, values: dict, game_: Saved, save: Path, loaded: bool) -> None:
    """The game's title and preface, its seed and deal, the command for the same deal, where it is saved."""
    front.say(front.bold(f"{entry.title}"))
    for line in entry.preface(values) if entry.preface else []:
        front.say(line)
    again = f"automa-sim play {entry.name} --seed {game_.seed}" + (
        f" --game-index {game_.game_index}" if game_.game_index else "")
    front.say(f"seed {game_.seed}" + (f", deal {game_.game_index}" if game_.game_index else "") +
              f"; saved at every prompt to {save}")
    front.say(f"the same deal again: {again}")
    if loaded:
        front.say(f"continuing after {len(game_.choices)} choices")
    front.say("type help for the commands")


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
