"""Arrows point one way: the import graph of the package, read statically from the source.

Every import statement of every module of ``automa``, ``strategies`` and ``cli.py`` is an arrow:
at module level or inside a function, a class, an ``if TYPE_CHECKING:`` block or a ``try``;
``import a.b``, ``from a.b import c`` (an arrow to the module ``a.b.c`` when there is one, else to
``a.b``) and relative imports. Importing ``a.b.c`` runs the packages ``a`` and ``a.b`` too; that is
Python's doing, not an arrow. Names looked up at run time (the registry's ``"module:attr"`` strings,
a game's strategy table) are not imports and are not read.

The rules (:func:`problems`):

- The shared machinery is in layers (:data:`LAYERS`, issue 30; docs/architecture.md), bottom up:
  ``automa/core`` (the contract engines and strategies use), ``analysis``, ``run``, ``studies``,
  ``report``, ``table``. A layer imports only itself and the layers below it: never a layer above, a
  game engine (``automa/<game>``), the strategies, the CLI or the package's API
  (``automa/__init__.py``). So no study imports a report, and the core imports only the core.
- An engine imports only the core and itself: never another layer, the strategies, another engine, the
  CLI or the API.
- An engine keeps its modules (``automa/<game>/modules/``) behind its named hook points (issue 24):
  only its registry entry ``automa/<game>/__init__.py``, which wires the modules in play to the base
  game's hook points, imports a module; the base game never does, and a module imports the base game
  and the core only, never another module.
- A strategy imports only :data:`STRATEGY_PROTOCOL` of the package (the decision/view protocol as it
  stands: engines hand it views through :class:`automa.core.strategy.Decision`, and the model file of
  a learned evaluation), the strategies of
  its own game and the game-free ones (search players); never an engine, the rest of the core, another
  layer, the CLI or the API.
- A run flows one way through its stages (:data:`RUN_STAGES`, issue 30): inputs, the manifest, the
  plan, play (a chunk, then the backend it runs on), collect, finish. A stage imports only the stages
  before it, never a later one nor a module that uses them (``simulate``, ``sweep``, the studies).
- Nobody imports the CLI; only the CLI imports the API.
- There is no circle anywhere: in a layer, an engine, the strategies or between them.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What a strategy may import from automa: the strategy protocol (Strategy, Decision) and the declared
# parameters of a strategy (Param). This is what strategies import today; views come through decisions.
STRATEGY_PROTOCOL = frozenset({"automa.core.strategy", "automa.core.params",
                               "automa.core.intervals",  # pure statistics: the search players' verdict
                               "automa.core.errors",  # what check raises (UsageError), an illegal choice
                               "automa.core.model"})  # a learned evaluation's model file, read at play time
LAYERS = ("core", "analysis", "run", "studies", "report", "table")  # the shared machinery, bottom up

TOP_LEVEL = ("automa", "strategies", "cli")

# The stages of a run, in the order its data goes through them: each may import only those before it.
RUN_STAGES = ("automa.run.inputs", "automa.run.manifest", "automa.run.plan", "automa.run.runner",
              "automa.run.backends", "automa.run.collect", "automa.run.finish")


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name (a package by its own name)."""
    files = [root / "cli.py"] + [f for top in ("automa", "strategies") for f in sorted((root / top).rglob("*.py"))]
    out = {}
    for path in files:
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> tuple[set[str], list[str]]:
    """The package modules that module ``name`` (at ``path``) imports, and its imports of an
    ``automa``, ``strategies`` or ``cli`` name that matches no module (so none is missed silently)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found, unknown = set(), []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            targets = [(module, alias.name) for alias in node.names]
        else:
            continue
        for module, attr in targets:
            if module.split(".")[0] not in TOP_LEVEL:
                continue
            if module not in known:
                unknown.append(f"{name}: import of {module!r} matches no module")
            elif attr and f"{module}.{attr}" in known:  # from package import submodule
                found.add(f"{module}.{attr}")
            else:
                found.add(module)
    found.discard(name)
    return found, unknown


def import_graph(root: Path = ROOT) -> tuple[dict[str, set[str]], list[str]]:
    """The import graph of the package under ``root`` (module -> the modules it imports), and the
    imports that match no module."""
    known = module_files(root)
    graph, unknown = {}, []
    for name, path in known.items():
        graph[name], missed = imports(name, path, known)
        unknown += missed
    return graph, unknown


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(frozenset(component))
    return out


def layer(module: str, games: set[str]) -> tuple[str, str | None]:
    """Where a module sits: ``("cli", None)``, ``("api", None)`` (automa/__init__.py), ``("layer", name)``
    (one of :data:`LAYERS`), ``("engine", game)`` or ``("strategy", game)`` (``None``: a game-free
    strategy, e.g. a search player)."""
    parts = module.split(".")
    if parts == ["cli"]:
        return "cli", None
    if parts == ["automa"]:
        return "api", None
    if parts[0] == "automa":
        return ("layer", parts[1]) if parts[1] in LAYERS else ("engine", parts[1])
    return "strategy", parts[1] if len(parts) > 1 and parts[1] in games else None


def forbidden(source: str, target: str, games: set[str]) -> str | None:
    """Why the arrow ``source -> target`` breaks the layering (see the module docstring), or ``None``."""
    (kind, game), (to_kind, to_game) = layer(source, games), layer(target, games)
    if to_kind == "cli":
        return "nothing imports the CLI"
    if to_kind == "api" and kind != "cli":
        return "only the CLI imports the package's API (automa/__init__.py)"
    if kind == "layer" and game == "core" and (to_kind, to_game) != ("layer", "core"):
        return "the core imports only the core"
    if kind == "layer" and (to_kind != "layer" or LAYERS.index(to_game) > LAYERS.index(game)):
        return f"automa/{game} imports only itself and the layers below it ({' < '.join(LAYERS)})"
    if kind == "engine" and not ((to_kind, to_game) == ("layer", "core") or (to_kind == "engine" and to_game == game)):
        return "an engine imports only the core and itself"
    modules = f"automa.{game}.modules"
    if kind == "engine" and (target == modules or target.startswith(modules + ".")) and source != f"automa.{game}":
        if source.startswith(modules + "."):
            return "a module imports the base game only, never another module"
        if source != modules:
            return "the base game imports no module: it calls the hooks the modules register"
    if kind == "strategy":
        if to_kind == "strategy":
            if to_game not in (None, game):
                return "a strategy imports only strategies of its own game and the game-free ones"
        elif target not in STRATEGY_PROTOCOL:
            return f"a strategy imports only the strategy protocol {sorted(STRATEGY_PROTOCOL)} of automa"
    return None


def stage_arrow(source: str, target: str, runners: set[str]) -> str | None:
    """Why the arrow ``source -> target`` goes against a run's stages (:data:`RUN_STAGES`), or ``None``;
    ``runners``: the modules outside the stages that import one (they use the stages)."""
    if source not in RUN_STAGES:
        return None
    if target in RUN_STAGES and RUN_STAGES.index(target) > RUN_STAGES.index(source):
        return f"a run's stage imports only the stages before it ({', '.join(RUN_STAGES)})"
    if target in runners:
        return "a run's stage imports no module that uses the stages"
    return None


def problems(graph: dict[str, set[str]]) -> list[str]:
    """Every broken rule of the module docstring, one line each (empty: the graph is as it should be)."""
    games = {m.split(".")[1] for m in graph if m.startswith("automa.") and m.split(".")[1] not in LAYERS}
    runners = {m for m, targets in graph.items() if m not in RUN_STAGES and targets & set(RUN_STAGES)}
    out = [f"{source} -> {target}: {why}" for source in sorted(graph) for target in sorted(graph[source])
           if (why := forbidden(source, target, games) or stage_arrow(source, target, runners))]
    for circle in circles(graph):
        where = "in the layers" if any(layer(m, games)[0] == "layer" for m in circle) else "of imports"
        out.append(f"a circle {where}: {', '.join(sorted(circle))}")
    return out


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    found, unknown = import_graph()
    assert unknown == []
    return found


def test_the_package_imports_one_way(graph):
    assert problems(graph) == []


def test_the_graph_is_read_whole(graph):
    """Spot checks that the reader sees every kind of import: module level, inside a function, from a
    package of a submodule, and a name from a package's own ``__init__``."""
    assert "automa.run.runner" in graph["automa.run.backends"]  # module level
    assert "automa.run.simulate" in graph["automa"]  # inside simulate()
    assert {"automa.report.ladder_report", "automa.report.sensitivity_report"} <= graph["automa.report.report"]
    assert "automa.report.plots" in graph["automa.report.report"]  # from automa.core import plots
    assert "automa" in graph["cli"]  # from automa import __version__
    assert set(graph) >= {"cli", "automa", "automa.core.version", "strategies.rurik.expert",
                          "automa.stroganov.modules.merchant"}


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_reader_resolves_every_kind_of_import(tmp_path):
    write(tmp_path, {
        "cli.py": "import automa\n",
        "automa/__init__.py": "",
        "automa/core/__init__.py": "",
        "automa/core/a.py": "from . import b\nfrom .c import X\n",
        "automa/core/b.py": "def f():\n    from ..core import c\n",
        "automa/core/c.py": "X = 1\nif False:\n    import automa.core.d as d\n",
        "automa/core/d.py": "from automa.core import X_FROM_INIT\n",
        "automa/rurik/__init__.py": "from .view import *\n",
        "automa/rurik/view.py": "",
        "strategies/__init__.py": "",
        "strategies/x.py": "import os\nfrom automa.core.nothing import y\n",
    })
    graph, unknown = import_graph(tmp_path)
    assert graph["automa.core.a"] == {"automa.core.b", "automa.core.c"}
    assert graph["automa.core.b"] == {"automa.core.c"}
    assert graph["automa.core.c"] == {"automa.core.d"}
    assert graph["automa.core.d"] == {"automa.core"}
    assert graph["automa.rurik"] == {"automa.rurik.view"}
    assert graph["cli"] == {"automa"}
    assert unknown == ["strategies.x: import of 'automa.core.nothing' matches no module"]


@pytest.mark.parametrize("source, target, message", [
    ("automa.analysis.paired", "automa.analysis.findings", "a circle in the layers"),
    ("automa.analysis.stats", "automa.run.runner", "automa/analysis imports only itself and the layers below it"),
    ("automa.run.simulate", "automa.studies.ladder", "automa/run imports only itself and the layers below it"),
    ("automa.studies.sensitivity", "automa.report.sensitivity_report", "automa/studies imports only itself"),
    ("automa.studies.rate", "automa.table.played", "automa/studies imports only itself"),
    ("automa.report.report", "automa.table.play", "automa/report imports only itself"),
    ("automa.core.registry", "automa.analysis.stats", "the core imports only the core"),
    ("automa.rurik.view", "automa.analysis.stats", "an engine imports only the core and itself"),
    ("strategies.search", "automa.analysis.stats", "a strategy imports only the strategy protocol"),
    ("automa.table.play", "automa.studies.rate", None),  # a layer above reads one below
    ("automa.report.ladder_report", "automa.studies.ladder", None),  # a study's report reads the study
    ("automa.core.results", "automa.rurik", "the core imports only the core"),
    ("automa.core.registry", "strategies.rurik.greedy", "the core imports only the core"),
    ("automa.run.collect", "automa", "only the CLI imports the package's API"),
    ("automa.run.bench", "cli", "nothing imports the CLI"),
    ("automa.rurik.boat", "strategies.search", "an engine imports only the core and itself"),
    ("automa.stroganov.state", "automa.rurik.state", "an engine imports only the core and itself"),
    ("automa.stroganov.rounds", "automa.stroganov.modules.merchant", "the base game imports no module"),
    ("automa.stroganov", "automa.stroganov.modules.diplomacy", None),  # the wiring
    ("automa.stroganov.modules.diplomacy", "automa.stroganov.modules.merchant", "never another module"),
    ("automa.rurik.player", "automa.rurik.modules.epic", "the base game imports no module"),
    ("automa.rurik.hooks", "automa.rurik.modules", "the base game imports no module"),  # through the package
    ("automa.rurik.modules.epic", "automa.rurik.modules.factions", "never another module"),
    ("automa.rurik", "automa.rurik.modules.warfare", None),  # the wiring
    ("strategies.rurik.expert", "automa.rurik.view", "a strategy imports only the strategy protocol"),
    ("strategies.mc", "automa.run.runner", "a strategy imports only the strategy protocol"),
    ("strategies.stroganov.greedy", "strategies.rurik.persona", "strategies of its own game"),
    ("automa.rurik.state", "automa.rurik.view", "a circle of imports: "),
    ("automa.rurik.hidden", "automa.rurik.schemes", None),  # not a circle: hidden -> match only
    ("automa.rurik.match", "automa.rurik.schemes", "a circle of imports: automa.rurik.match, automa.rurik.schemes"),
    ("automa.run.inputs", "automa.run.plan", "a run's stage imports only the stages before it"),
    ("automa.run.plan", "automa.run.collect", "a run's stage imports only the stages before it"),
    ("automa.run.runner", "automa.run.backends", "a run's stage imports only the stages before it"),
    ("automa.run.collect", "automa.run.finish", "a run's stage imports only the stages before it"),
    ("automa.run.manifest", "automa.run.finish", "a run's stage imports only the stages before it"),
    ("automa.run.backends", "automa.run.simulate", "a run's stage imports no module that uses the stages"),
    ("automa.run.finish", "automa.run.sweep", "a run's stage imports no module that uses the stages"),
    ("automa.run.collect", "automa.run.bench", "a run's stage imports no module that uses the stages"),
    ("automa.run.finish", "automa.run.plan", None),  # a later stage reads an earlier one's types
    ("automa.run.simulate", "automa.run.finish", None),  # the pipeline runs its stages
])
def test_a_wrong_arrow_fails(graph, source, target, message):
    changed = {k: set(v) for k, v in graph.items()}
    changed[source].add(target)
    found = problems(changed)
    if message is None:
        assert found == []
    else:
        assert any(message in line for line in found), found
