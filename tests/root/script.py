"""The scripted player the human factions' tests put at the table."""


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
