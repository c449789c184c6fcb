"""One decision asked at the keyboard in ``automa-sim play`` (docs/play.md): its numbered choices, a page
at a time, or in steps where the game has them (automa.core.steps), and the commands a person types at
its prompt (:data:`HELP`): a number or the step keys, pages, ``/WORDS``, ``hint``, ``undo``, ``back``,
``board``, ``log``, ``save``, ``quit`` and ``help``.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

from automa.core.steps import Stepper
from automa.studies.rungs import rung_name
from automa.table.hint import hint, hint_scope
from automa.table.line import Quit, wrap
from automa.table.log import sentences
from automa.table.saved import encode

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


class Restart(Exception):
    """Play the game again from its seed with these choices (undo)."""

    def __init__(self, choices: list):
        super().__init__(f"restart after {len(choices)} choices")
        self.choices = choices


def steps(entry, decision) -> tuple[Stepper | None, bool]:
    """The decision's :class:`Stepper` when the game puts every choice in steps (its notation is taken
    then), and whether the choices are asked in steps (more than ``STEPPED`` of them)."""
    if entry.steps is None:
        return None, False
    parts = [entry.steps(decision.view, decision.kind, c) for c in decision.choices]
    if any(s is None for s in parts):
        return None, False
    try:
        stepper = Stepper(decision.choices, parts)
    except ValueError:  # steps that do not tell the choices apart: asked in one list
        return None, False
    return stepper, len(decision.choices) > STEPPED and stepper.chosen is None


class Prompt:
    """Decision ``number`` (0 first) of the session's game, asked until a choice is made: its ``labels``
    in words, listed ``size`` to a page or in steps. The commands reach the game through the session
    (automa.table.play.Session: its game, saved game, trace, hint player and front)."""

    def __init__(self, session, decision, number: int, labels: list[str], size: int):
        self.session, self.front = session, session.front
        self.decision, self.number, self.labels, self.size = decision, number, labels, size
        self.page_at, self.count = 0, 0
        self.stepper, self.stepped = steps(session.entry, decision)
        self.commands = {"n": self.turn, "p": self.turn, "hint": self.hint, "undo": self.undo,
                         "back": self.undo, "board": self.board, "log": self.log, "help": self.help,
                         "?": self.help, "save": self.save, "quit": self.quit, "exit": self.quit}

    def choice(self) -> int:
        """The index of the choice made: the choices shown, then lines read until one makes it."""
        self.show_choices()
        while True:
            choice = self.answer(self.front.read(f"choice 1-{self.count}, or help> ").strip())
            if choice is not None:
                return choice

    def shown_options(self) -> list[str]:
        """The options listed now: every choice, or the current step's (whole choices, with their
        notation, at the last step)."""
        st, labels = self.stepper, self.labels
        if not self.stepped:
            return labels
        if st.last:
            return [f"{labels[i]}  [{st.notation(i)}]" for i in (st.candidates([*st.path, o.key])[0] for o in st.options())]
        return [o.words for o in st.options()]

    def show_choices(self) -> None:
        decision = self.decision
        head = f"Decision {self.number + 1}: {decision.kind.replace('_', ' ')}"
        if self.stepped:
            st = self.stepper
            first = st.steps[st.candidates()[0]]
            done = [first[k].words.split(":")[0] for k in range(len(st.path)) if len(st.options(st.path[:k])) > 1]
            head += f", the {st.options()[0].name}" + (f" ({'; '.join(done)})" if done else
                                                        " (or type the whole choice, e.g. " + st.notation(0) + ")")
        entry = self.session.entry
        reminder = entry.reminder(decision.view, decision.kind, list(decision.choices)) if entry.reminder else None
        if reminder:
            head += f" — {reminder}"
        shown = self.shown_options()
        self.count = len(shown)
        self.front.choices(head, shown, self.page_at)

    def answer(self, answer: str) -> int | None:
        """One line typed at the prompt: the index of the choice made, or None (and the same prompt)."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        st = self.stepper
        if answer.isdigit():
            return self.number_typed(answer)
        if answer.startswith("/"):
            self.find(answer[1:].strip().lower())
        elif word in self.commands:
            self.commands[word](word, rest.strip())
        elif not answer:
            self.front.say(f"type a number 1-{self.count}, or help")
        elif st is not None and st.parse(answer) is not None:
            return self.step_to(st.parse(answer))
        else:
            self.front.say(f"unknown command {short(word)!r}: type a number 1-{self.count}, or help")
        return None

    def number_typed(self, answer: str) -> int | None:
        """A number: that choice, or that option of the step."""
        k = int(answer)
        if not 1 <= k <= self.count:
            self.front.say(f"no choice {short(answer)}: choose 1-{self.count}")
            return None
        if not self.stepped:
            return k - 1
        return self.step_to(self.stepper.path + [self.stepper.options()[k - 1].key])

    def step_to(self, path: list[str]) -> int | None:
        """Go on from the steps ``path``: the index of the choice made, or None (the next step shown)."""
        st = self.stepper
        st.path = list(path)
        st.advance()
        if st.chosen is not None:
            return st.chosen
        self.stepped, self.page_at = True, 0
        self.show_choices()
        return None

    # --- the commands: each takes the word typed and the rest of the line ------------------------------

    def turn(self, word: str, rest: str) -> None:
        """``n``, ``p``: the next or previous page of choices."""
        pages = -(-self.count // self.size)
        self.page_at = max(0, min(pages - 1, self.page_at + (1 if word == "n" else -1)))
        self.show_choices()

    def find(self, needle: str) -> None:
        """``/WORDS``: the choices whose words contain them (in steps: the candidates, by notation)."""
        st, labels = self.stepper, self.labels
        among = st.candidates() if self.stepped else range(len(labels))
        found = [i for i in among if needle in labels[i].lower()]
        name = (lambda i: f"[{st.notation(i)}]") if self.stepped else (lambda i: f"{i + 1:>4}.")
        self.front.page([f"{name(i)} {labels[i]}" for i in found] or [f"no choice contains {short(needle)!r}"])

    def hint(self, word: str, rest: str) -> None:
        """``hint``, ``hint more``: the hint player's verdicts, the same every time at this decision."""
        saved, decision, labels = self.session.saved, self.decision, self.labels
        seed = f"hint {saved.seed} {saved.game_index} {self.number}"  # the same hint every time
        found = hint(decision, self.session.hint_spec, seed, rest.lower() == "more")
        lines = [self.front.bold(f"Hint from {rung_name(self.session.hint_name)}:"),
                 *wrap(hint_scope(found), 0, self.front.width)]
        for v in found.verdicts:
            k = next(i for i, c in enumerate(decision.choices) if encode(c) == encode(v.choice))
            text = f"[{self.stepper.notation(k)}] {labels[k]}" if self.stepped else f"{k + 1:>4}. {labels[k]}"
            if v.rollouts:
                margin = (f"[{v.margin_lo:+.1f}, {v.margin_hi:+.1f}]" if v.margin_lo is not None else "")
                text += (f" — wins {v.wins}/{v.rollouts} ({v.win_lo:.0%}-{v.win_hi:.0%}), "
                         f"margin {v.margin:+.1f} {margin}")
            lines += wrap(text, 6, self.front.width)
        self.front.page(lines)

    def undo(self, word: str, count: str) -> None:
        """``back`` (and ``undo`` in steps): one step back. ``undo``: back to the previous decision asked;
        ``undo N``: N of them back (to the first at most). Decisions taken without asking (``idle``) are
        passed over: they come again by themselves."""
        if self.stepped and not count and self.stepper.back():
            self.front.say("back one step")
            self.page_at = 0
            self.show_choices()
            return
        if count and not count.isdigit() or count == "0":
            self.front.say(f"undo takes a number of decisions, not {short(count)!r}: e.g. undo 3")
            return
        asked = [i for i in range(self.number) if not self.session.idles[i]]
        if not asked:
            self.front.say("nothing to undo: this is your first decision")
            return
        back = min(int(count or 1), len(asked))
        self.front.say("undone: back to your previous decision" if back == 1 else
                       f"undone: back {back} decisions, to decision {asked[-back] + 1}")
        raise Restart(self.session.script.choices[:asked[-back]])

    def board(self, word: str, rest: str) -> None:
        """``board``: the whole table, the board that stays in sight first; then the choices again."""
        self.front.page(self.session.entry.render(self.decision.view, width=self.front.width,
                                                  colour=self.front.colour, full=True).splitlines())
        self.show_choices()

    def log(self, word: str, rest: str) -> None:
        """``log``: the whole game so far, in sentences."""
        s = self.session
        lines = sentences(s.entry, s.trace.events, s.labels, lambda i: s.view)
        self.front.page([x for text in lines for x in wrap(text, 4, self.front.width)] or ["nothing yet"])

    def help(self, word: str, rest: str) -> None:
        self.front.page(help_lines(self.front.width))

    def save(self, word: str, rest: str) -> None:
        """``save``, ``save FILE``: the game saved (to FILE from now on)."""
        if rest:
            self.session.save_path = Path(rest).expanduser()
        self.session.write()
        self.front.say(f"saved to {self.session.save_path}")

    def quit(self, word: str, rest: str) -> None:
        raise Quit(0, "quit")
