"""What the Root tests put at the table: the scripted player, loaded dice and a bot's board, the options and
streams of a setup, and a round where nobody acts."""
import random

from automa.root import rounds, state
from automa.root.options import OPTIONS


class Script:
    """The scripted player: answers each decision with the first queued answer for its kind (a value, or a
    function of the choices), else the first choice; records what was asked."""

    def __init__(self, **answers):
        self.answers = {k: list(v) for k, v in answers.items()}
        self.asked = []

    def __call__(self, game, kind, choices):
        self.asked.append((kind, choices))
        queue = self.answers.get(kind)
        if queue:
            a = queue.pop(0)
            a = a(choices) if callable(a) else a
            assert a in choices, (kind, a, choices)
            return a
        return choices[0]

    def kinds(self):
        return [k for k, _ in self.asked]

    def choices(self, kind):
        return [c for k, c in self.asked if k == kind]


class Dice:
    """A dice stream that rolls the given faces in turn (each within the roll's range)."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, lo, hi):
        face = self.faces.pop(0)
        assert lo <= face <= hi
        return face


class BotBoard:
    """A bot's board for the human factions' tests: takes hits as the bots do (CW-GEN-6: warriors, then
    tokens, then buildings); records a Full Removal."""

    def __init__(self):
        self.full = []

    def copy(self):
        return self

    def take_hits(self, game, seat, c, hits, by):
        done = state.remove_warriors(game, seat.faction, c, hits)
        cl = game.clearings[c]
        while done < hits:
            mine = [p for p in cl.tokens if p[0] == seat.faction] or [p for p in cl.buildings if p[0] == seat.faction]
            if not mine:
                break
            state.remove_piece(game, c, mine[0], by, building=mine[0] in cl.buildings)
            done += 1
        return done

    def full_removal(self, game, seat, c, by):
        self.full.append((c, by))


def on_map(game, faction: str) -> dict[str, int]:
    """``faction``'s warriors, buildings and tokens on the map, by kind."""
    on: dict[str, int] = {}
    for cl in game.clearings[1:]:
        on["warrior"] = on.get("warrior", 0) + cl.warriors.get(faction, 0)
        for f, k in cl.buildings + cl.tokens:
            if f == faction:
                on[k] = on.get(k, 0) + 1
    return on


def opts(**kw) -> dict:
    """Every Root option at its default, but ``kw``."""
    out = {o.name: o.default for o in OPTIONS}
    out.update(kw)
    return out


def rng(seed: int = 1) -> dict:
    """A setup's four streams, seeded from ``seed``."""
    return {name: random.Random(seed * 10 + i) for i, name in enumerate(("setup", "automa", "deck", "dice"))}


class Idle:
    """A faction module whose turns do nothing."""
    PIECES: dict = {}

    @staticmethod
    def turn(game, seat):
        pass


def idle_round(game) -> None:
    """One round in which every seat's turn does nothing: only the rounds' own steps (end-of-Evening
    scoring) run."""
    game.options["turn_cap"] = 1
    rounds.play(game, lambda name: Idle)


def hired_table(hireling: str, ask=None, **kw):
    """A game with ``hireling`` dealt (LoR-A.6): the Marquise (the player, first) and the Electric Eyrie (two
    seats: the card promoted) unless ``kw`` says otherwise, the map emptied: warriors back to their
    supplies, a hireling's buildings and tokens too, the factions' buildings and tokens lifted off."""
    from automa.root import data, setup
    kw = {"bots": "electric_eyrie", "seating": "fixed", "seat": 1, "hirelings": hireling, **kw}
    g = setup.setup(data.load(), opts(**kw), rng(), ask=ask or Script())
    for c in range(1, len(g.clearings)):
        cl = g.clearings[c]
        for f in list(cl.warriors):
            state.remove_warriors(g, f, c, cl.warriors[f])
        for pile, building in ((cl.buildings, True), (cl.tokens, False)):
            for p in [p for p in pile if p[0] in g.hired]:
                state.remove_piece(g, c, p, None, building)
            pile.clear()
    return g
