"""The full-screen front of ``automa-sim play`` (docs/play.md): a Textual app for a terminal of at least
80x24. The table stays in place at the top and is redrawn when it changes; what happened and what was
said scroll in the story pane; the choices sit in their own pane, taken with the arrow keys and Enter
there or typed at the prompt line at the bottom, where every command of the line mode works. Tab moves
between the panes, and the pane in focus grows. Long text (help, log, a long ``/WORDS`` list, the end
of the game) fills the screen until Enter, as the line mode's pager does.

The session (:class:`automa.table.play.Session`) runs in a thread of its own and talks to
:class:`Screenful` only through a front's members; each is posted to the app (Textual's thread-safe
``post_message``), and ``read`` waits for the line the app puts in its inbox. Ctrl-C, ``quit`` and a
closed terminal (SIGHUP, handled where the app runs, on the main thread) reach the session as what
``read`` returns or raises, so every way of stopping saves the game, with the line mode's exit codes:
0 for quit, 130 for Ctrl-C, 129 for a closed terminal.
"""
from __future__ import annotations

import asyncio
import os
import queue
import shutil
import signal
import threading
from typing import Any, Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Label, OptionList, RichLog, Static

from automa.table.line import PAGE, WIDTH, Quit, page_size, wrap

SAID = 6        # lines of text that go to the story pane; longer text fills the screen until Enter
KEYS = "Tab: next pane · ↑↓ Enter: a choice · PgUp PgDn: the table · ^C: save and stop"
PAGER = "-- Enter: back to the game (quit stops) -- "
OVER = "-- the game is over: Enter leaves -- "


class Stop:
    """What ends a session from outside a prompt: Ctrl-C (130), a closed terminal (129), the app gone (0)."""

    def __init__(self, code: int, why: str):
        self.code, self.why = code, why

    def error(self) -> BaseException:
        return KeyboardInterrupt() if self.code == 130 else Quit(self.code, self.why)


class Do(Message):
    """A front's member, called in the session's thread, for the app to show: ``PlayApp.show_<what>``."""

    def __init__(self, what: str, args: tuple):
        super().__init__()
        self.what, self.args = what, args


class Screenful:
    """The full-screen front: the members the session uses (``table``, ``story``, ``choices``, ``read``,
    ``say``, ``page``, ``rows``, ``width``, ``bold``, ``colour``) and ``play(session)``, which runs the
    app on this thread and the session on another. ``drive(app)`` runs the app (``app.run()``; a test
    passes Textual's headless driver); ``write`` prints the last words after the app has left the
    screen (the scores, or the command that continues the game)."""

    def __init__(self, drive: Callable[[App], Any] | None = None, write: Callable[[str], Any] = print):
        self.colour = not os.environ.get("NO_COLOR")  # before the app, which takes NO_COLOR out of the environment
        self.app = PlayApp(self)
        self.drive = drive or (lambda app: app.run())
        self.write_line = write
        self.inbox: queue.Queue = queue.Queue()
        self.stopped: Stop | None = None
        self.pending = ""                  # a command typed at the pager, for the next prompt
        self.size = PAGE                   # the session's page of choices (n, p scroll the list by it)
        self.said: list[str] = []          # what was said since the last prompt: the last words
        self.early: list[tuple] = []       # what was shown before the app started
        self.started = False
        self.columns, self.lines = shutil.get_terminal_size((WIDTH, 24))
        self.code, self.error, self.thread = 0, None, None

    # --- the members the session uses, called in its thread -----------------------------------------

    @property
    def rows(self) -> int:
        return max(8, self.lines)

    @property
    def width(self) -> int:
        """The panes' width: the screen's, at most 80 columns (and at least 40). The table, story and
        pager panes scroll by keys with no scroll bar, so that an 80-column table keeps its wide layout."""
        return max(40, min(WIDTH, self.columns))

    def bold(self, text: str) -> str:
        return f"\033[1m{text}\033[0m" if self.colour else text

    def say(self, text: str = "") -> None:
        self.said += text.split("\n")
        self.post("say", text)

    def table(self, screen: str) -> None:
        self.post("table", screen)

    def story(self, lines: list[str]) -> None:
        told = [part for line in lines for part in wrap(line, 5, self.width)]
        self.size = page_size(self.rows, told)
        self.post("story", told)

    def choices(self, head: str, labels: list[str], page: int) -> None:
        """The heading and every choice, the list scrolled to page ``page`` (the session's ``n``, ``p``)."""
        if len(labels) > PAGE:
            head += f" ({len(labels)} choices; /WORDS: find)"
        listed = ["\n".join(wrap(f"{i + 1:>4}. {label}", 6, self.width - 1)) for i, label in enumerate(labels)]
        self.post("choices", head, listed, page * self.size)

    def page(self, lines: list[str]) -> None:
        """Short text in the story pane; longer text fills the screen until Enter, as the line mode's
        pager: quit (or exit) quits, q skips, and any other command is taken as typed at the next prompt."""
        if len(lines) <= SAID:
            for line in lines:
                self.say(line)
            return
        self.post("pager", lines)
        try:
            typed = self.read(PAGER).strip()
        finally:
            self.post("pager", None)
        if typed.lower() in ("quit", "exit"):
            raise Quit(0, "quit")
        if typed and not typed.isdigit() and typed.lower() != "q":
            self.pending = typed

    def read(self, prompt: str) -> str:
        """The next line typed (or a choice taken in the choices pane); a stop from outside (Ctrl-C, a
        closed terminal, the app gone) is raised here, and again at every later prompt."""
        if self.pending:
            typed, self.pending = self.pending, ""
            return typed
        if self.stopped is None:
            self.said = []
            self.post("prompt", prompt)
            typed = self.inbox.get()
            if not isinstance(typed, Stop):
                return typed
            self.stopped = typed
        raise self.stopped.error()

    # --- the app on this thread, the session on another ---------------------------------------------

    def post(self, what: str, *args) -> None:
        if self.started:
            self.app.post_message(Do(what, args))  # False once the app is gone: nothing to show then
        else:
            self.early.append((what, args))

    def halt(self, stop: Stop) -> None:
        """End the session at its next prompt (or now, if it waits at one)."""
        self.inbox.put(stop)

    def play(self, session) -> int:
        """Run the app until the session ends; then print the last words; the session's exit code."""
        self.thread = threading.Thread(target=self.serve, args=(session,), name="play session", daemon=True)
        try:
            self.drive(self.app)
        except KeyboardInterrupt:  # a SIGINT from outside (the app reads Ctrl-C as a key)
            self.halt(Stop(130, "interrupted"))
        finally:
            self.halt(Stop(0, "input ended"))  # the app is gone: a session still at a prompt ends there
            if self.started:
                self.thread.join()
        if self.error is not None:
            raise self.error
        try:
            for line in self.said:
                self.write_line(line)
        except OSError:
            pass  # a closed terminal: the save is what matters
        return self.code

    def begin(self) -> None:
        """Called by the app once it is on the screen: what was said before, then the session starts."""
        self.started = True
        for what, args in self.early:
            getattr(self.app, "show_" + what)(*args)
        self.early = []
        self.thread.start()

    def serve(self, session) -> None:
        """The session's thread: play; at the end of a game its last words fill the screen until Enter."""
        try:
            self.code = session.run()
            if session.saved.result is not None and self.stopped is None:
                last = list(self.said)
                self.post("pager", last)
                try:
                    self.read(OVER)
                except (Quit, KeyboardInterrupt):
                    pass  # the game is saved and recorded
                self.said = last
        except BaseException as exc:  # shown when the app has left the screen
            self.error = exc
        finally:
            self.post("leave", self.code)


class PlayApp(App):
    """The screen: the table, the story, the choices, the prompt line and a line of keys."""

    TITLE = "automa-sim play"
    CSS = """
    #panes { height: 1fr; }
    #board, #story, #choices, #pager { border-top: solid $secondary; scrollbar-size-vertical: 0; }
    #board:focus-within, #story:focus, #choices:focus-within, #pager { border-top: solid $accent; }
    #board { height: 1fr; }
    #story { height: 6; }
    #choices { height: auto; max-height: 50%; }
    #panes.big-board #story { display: none; }
    #panes.big-board #choices { max-height: 8; }
    #panes.big-story #story { height: 2fr; }
    #panes.big-choices #choices { max-height: 75%; }
    #head { text-style: bold; }
    #options { height: auto; max-height: 100%; border: none; padding: 0; scrollbar-size-vertical: 1; }
    #pager { display: none; height: 1fr; }
    Screen.paging #panes { display: none; }
    Screen.paging #pager { display: block; }
    #line { height: 1; }
    #ask { width: auto; }
    #typed { width: 1fr; height: 1; border: none; padding: 0 1; }
    #keys { height: 1; background: $panel; }
    """
    BINDINGS = [
        Binding("ctrl+c", "interrupt", "save and stop", priority=True),
        Binding("ctrl+q", "type('quit')", "save and stop", priority=True),
        Binding("up", "pick(-1)", show=False),
        Binding("down", "pick(1)", show=False),
        Binding("pageup", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(1)", show=False),
        Binding("escape", "focus('typed')", show=False),
    ]

    def __init__(self, front: Screenful):
        super().__init__()
        self.front = front
        self.asking = ""   # the prompt the session waits at ("" while it plays)
        self.asked = 0     # how many prompts so far
        self.last_table = ""  # the table as the session last showed it
        self.story_at = None  # the line the story pane shows first (None: its end)
        self.said_from = None  # the story pane's first line of what was said since the last input or story
        self.loop = None

    def compose(self) -> ComposeResult:
        with Vertical(id="panes"):
            with VerticalScroll(id="board"):
                yield Static(id="table")
            yield RichLog(id="story", wrap=True, markup=False, max_lines=5000, auto_scroll=False)
            with Vertical(id="choices"):
                yield Static(id="head")
                yield OptionList(id="options")
        with VerticalScroll(id="pager"):
            yield Static(id="text")
        with Horizontal(id="line"):
            yield Label(id="ask")
            yield Input(id="typed", select_on_focus=False)
        yield Static(KEYS, id="keys")

    def on_mount(self) -> None:
        self.query_one("#board").border_title = "The table (PgUp, PgDn)"
        self.query_one("#story").border_title = "What happened"
        self.query_one("#choices").border_title = "Your choices"
        self.query_one("#typed", Input).focus()
        self.front.columns, self.front.lines = self.size
        try:  # a closed terminal (SIGHUP); only on the main thread, where the app runs
            self.loop = asyncio.get_running_loop()
            self.loop.add_signal_handler(signal.SIGHUP, self.hang_up)
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            self.loop = None
        self.front.begin()

    def on_unmount(self) -> None:
        if self.loop is not None:
            self.loop.remove_signal_handler(signal.SIGHUP)

    def on_resize(self, event) -> None:
        self.front.columns, self.front.lines = self.size
        if self.last_table:
            self.show_table(self.last_table)

    def hang_up(self) -> None:
        """A closed terminal (SIGHUP): the session saves at its prompt and ends (129), and so does the
        process, at once: Textual would wait on its writes to restore a terminal that is gone."""
        self.front.halt(Stop(129, "the terminal closed"))
        self.front.thread.join(timeout=120)
        os._exit(self.front.code if not self.front.thread.is_alive() else 129)

    # --- what the session shows ---------------------------------------------------------------------

    def on_do(self, message: Do) -> None:
        getattr(self, "show_" + message.what)(*message.args)

    def show_table(self, screen: str) -> None:
        """The table, its lines wrapped at the pane's width (a wrapped line indented two), again when the
        terminal is resized."""
        self.last_table = screen
        width = self.front.width
        self.query_one("#table", Static).update(Text.from_ansi("\n".join(
            part for line in screen.splitlines()
            for part in (wrap(line, 2, width) if len(Text.from_ansi(line)) > width else [line]))))

    def show_say(self, text: str) -> None:
        """Text said (a command's answer, a hint), the pane scrolled to the first line said since the
        person last typed, so that a long answer opens at its start."""
        log = self.query_one("#story", RichLog)
        if self.said_from is None:
            self.said_from = len(log.lines)
        for line in text.split("\n"):
            log.write(Text.from_ansi(line))
        self.scroll_story(self.said_from)

    def show_story(self, told: list[str]) -> None:
        """The new story, scrolled to its first line (below the story before it)."""
        if not told:
            return
        log = self.query_one("#story", RichLog)
        first = len(log.lines)
        self.said_from = None
        log.write(Text("What happened, step by step:", style="bold"))
        for line in told:
            log.write(Text.from_ansi(line))
        self.scroll_story(first)
        more = len(told) + 1 > log.size.height
        log.border_title = f"What happened ({len(told)} lines: Tab here to read them all)" if more else "What happened"

    def scroll_story(self, line: int | None) -> None:
        """Scroll the story pane to ``line`` (None: its end) once it is drawn; the last asked wins."""
        self.story_at = line
        log = self.query_one("#story", RichLog)
        log.call_after_refresh(lambda: log.scroll_to(y=log.max_scroll_y if self.story_at is None else self.story_at,
                                                     animate=False, immediate=True))

    def show_choices(self, head: str, labels: list[str], first: int) -> None:
        self.query_one("#head", Static).update(Text.from_ansi(head))
        options = self.query_one("#options", OptionList)
        options.clear_options()
        options.add_options([Text.from_ansi(label) for label in labels])
        options.highlighted = min(first, len(labels) - 1) if labels else None
        if labels:
            options.scroll_to(y=first, animate=False)

    def show_pager(self, lines: list[str] | None) -> None:
        if lines is None:
            self.screen.remove_class("paging")
            return
        self.query_one("#text", Static).update(Text.from_ansi("\n".join(lines)))
        self.screen.add_class("paging")
        self.query_one("#pager").scroll_home(animate=False)

    def show_prompt(self, prompt: str) -> None:
        self.asking, self.asked = prompt, self.asked + 1
        self.query_one("#ask", Label).update(prompt)

    def show_leave(self, code: int) -> None:
        self.exit(return_code=code)

    # --- what the person does -----------------------------------------------------------------------

    def type(self, text: str) -> None:
        """A line for the session (kept for its next prompt while it plays)."""
        self.asking, self.said_from = "", None
        self.query_one("#ask", Label).update("… ")
        self.front.inbox.put(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.clear()
        self.type(event.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.asking.startswith("choice"):
            self.type(str(event.option_index + 1))

    def on_key(self, event) -> None:
        """A letter or digit typed in another pane goes to the prompt line."""
        typed = self.query_one("#typed", Input)
        if event.is_printable and event.character and self.focused is not typed:
            typed.focus()
            typed.insert_text_at_cursor(event.character)
            event.stop()

    def on_descendant_focus(self, event) -> None:
        """The pane in focus grows."""
        panes = self.query_one("#panes")
        ids = {node.id for node in event.widget.ancestors_with_self}
        for pane in ("board", "story", "choices"):
            panes.set_class(pane in ids, f"big-{pane}")

    def action_interrupt(self) -> None:
        self.front.halt(Stop(130, "interrupted"))

    def action_type(self, text: str) -> None:
        self.type(text)

    def action_pick(self, step: int) -> None:
        """↑↓ at the prompt line: the choice above or below, its number typed (Enter takes it)."""
        if self.screen.has_class("paging"):
            self.query_one("#pager").scroll_relative(y=step, animate=False)
            return
        options = self.query_one("#options", OptionList)
        if options.option_count:
            at = options.highlighted
            options.highlighted = max(0, min(options.option_count - 1, step + (-1 if at is None else at)))
            self.query_one("#typed", Input).value = str(options.highlighted + 1)

    def action_scroll(self, step: int) -> None:
        """PgUp/PgDn at the prompt line: the table (or the text on the screen) a page up or down."""
        pane = self.query_one("#pager" if self.screen.has_class("paging") else "#board")
        pane.scroll_page_up(animate=False) if step < 0 else pane.scroll_page_down(animate=False)
