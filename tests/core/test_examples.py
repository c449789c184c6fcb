"""Every ``automa-sim ...`` example in README.md, docs/*.md and the commands' --help runs as written on a
fresh clone, after the example runs it depends on, with fewer games.

Each example runs in-process in a work directory that holds what a fresh clone holds (the tracked
``sweeps/`` and ``results/``) and the files its page shows under ``<!-- file: NAME -->``. The only
rewrites (:func:`rewrite`): fewer games (and tune trials), ``--jobs`` at most 2, search budgets at most
:data:`BUDGET` (in the page's files too), ``/tmp/...`` paths moved into the work directory, and a ``--scheduler`` address pointed at a real two-worker dask cluster on 127.0.0.1. An example that reads
a run folder (``--resume DIR``, ``summarize DIR``, ``report DIR``) first runs the latest earlier example
of its page that wrote DIR (stopped after its first chunk or batch, as Ctrl-C would, for ``--resume``), or
else the run named in :data:`PRODUCERS`; what an earlier example wrote in full is copied from that run
(:class:`Made`) rather than played again.
"""
from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import cli
from automa.run import collect
from automa.studies import calibrate
from automa.studies.learn import MIN_GAMES
from tests.core.test_backends import cluster  # noqa: F401  (the fixture)
from tests.core.test_cli import run_cli
from tests.core.test_registry import install_plugin

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
GAMES = {"simulate": 4, "sweep": 2, "bench": 2, "sensitivity": 2, "ladder": 2,  # per run, sweep or sensitivity cell,
         "tune": 4}                                                                # bench measurement, tune trial
SEARCHING = ("label", "mc(", "mcts(")  # each game costs seconds: a simulate of label plays learn's least over the
LEARNS = "label"                       # folders a `learn` example reads together, of the search players 2 (a paired
                                       # compare's least); their bench plays 1 a measurement
CAPS = {"tune": {"--trials": 4, "--confirm-games": 6}}  # other counts cut to at most this
CALIBRATE = ["--batch", "1", "--max-games", "1"]  # calibrate: one game per setting
JOBS = 2
BUDGET = 4  # a search player's budget= cut to at most this: the same code, a tenth of the rollouts


def cut_budget(text: str) -> str:
    """``text`` with each search budget (``budget=N`` in a strategy name) at most :data:`BUDGET`."""
    return re.sub(r"\bbudget=(\d+)", lambda m: f"budget={min(int(m[1]), BUDGET)}", text)

# Example run folders in --help that no earlier example writes: the run each stands for (a sweep of
# sweeps/rurik-difficulty.toml cut to 4 cells, so that its report draws few panels).
PRODUCERS = {
    "results/rurik-20250101-120000": "automa-sim simulate rurik --seed 1 --out results/rurik-20250101-120000",
    "results/rurik-difficulty-20250101-120000":
        "automa-sim sweep rurik-difficulty.toml --out results/rurik-difficulty-20250101-120000",
}
PRODUCER_FILES = {"rurik-difficulty.toml": """\
game = "rurik"
games = 1000
seed = 1
strategies = ["greedy"]

[grid]
difficulty = [1, 2]
rebel_leader = ["sviatopolk", "gleb"]

[baseline]
difficulty = 2
rebel_leader = "sviatopolk"
"""}

# Set-up an example's page describes in words, done here the way the test suite does it.
SETUP = {
    ("README.md", "automa-sim simulate rurik --strategy dart"):
        "pip install ./mybots: the README's plugin installed by entry point (as in test_readme.py)",
}


@dataclass(frozen=True)
class Example:
    """One command as written on its page, the page's earlier commands, and the files the page shows."""

    page: str
    command: str
    earlier: tuple[str, ...]
    files: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return f"{self.page}: {self.command}"


def commands(text: str, inline: bool = False) -> list[str]:
    """The ``automa-sim`` commands of shell text: continuation lines joined, comments dropped, each
    command of an ``&&`` chain whose program is ``automa-sim`` (in inline code, with a subcommand:
    "`automa-sim`" alone names the program)."""
    found = []
    for line in text.replace("\\\n", " ").splitlines():
        for part in line.split("&&"):
            words = shlex.split(part, comments=True)
            if words and Path(words[0]).name == "automa-sim" and len(words) > inline:
                found.append(shlex.join(["automa-sim", *words[1:]]).replace("'>'", ">"))
    return found


def page_examples(page: str) -> list[Example]:
    """The commands of a Markdown page: in its shell code blocks and inline code, in page order."""
    text = (ROOT / page).read_text()
    files = tuple(re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S))
    found = []
    for m in re.finditer(r"^```(\w*)\n(.*?)^```|`([^`\n]+)`", text, re.S | re.M):
        if m.group(3) is not None:
            found += commands(m.group(3), inline=True)
        elif m.group(1) in ("", "sh", "bash", "shell", "console"):
            found += commands(m.group(2))
    return [Example(page, c, tuple(found[:i]), files) for i, c in enumerate(found)]


def help_examples() -> list[Example]:
    """The commands under ``Example:`` in the --help of every command and group."""
    out = []

    def walk(command, path):
        example = (command.help or "").partition("Example:")[2]
        found = commands("\n".join(line.strip() for line in example.splitlines()))
        page = shlex.join(["automa-sim", *path, "--help"])
        out.extend(Example(page, c, tuple(found[:i])) for i, c in enumerate(found))
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, [*path, name])

    walk(cli.app, [])
    return out


EXAMPLES = [e for page in PAGES for e in page_examples(page)] + help_examples()


def out_dir(argv: list[str]) -> str | None:
    """What a command writes: its ``--out`` folder or file, ``play``'s ``--save`` file, or the file its
    output is sent to."""
    for flag in ("--out", "--save", ">"):
        if flag in argv:
            return argv[argv.index(flag) + 1]
    return None


def reads(argv: list[str]) -> tuple[list[str], bool]:
    """The run folders, saved games and data files a command reads, and whether it must be a stopped
    run (``--resume``)."""
    if "--resume" in argv:
        return [argv[argv.index("--resume") + 1]], True
    if "--load" in argv:
        return [argv[argv.index("--load") + 1]], False
    if argv[0] in ("summarize", "report", "review", "rate") or (argv[0] == "replay" and "/" in argv[1]):
        return [argv[1]], False
    if argv[0] == "compare":
        return argv[1:3], False
    if argv[0] == "learn":  # learn GAME DIR... [options]
        return [a for a in argv[2:next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))]], False
    files = [v.partition("=")[2] for k, v in zip(argv, argv[1:]) if k in ("--option", "-o")]
    files += [f for k, v in zip(argv, argv[1:]) if k in ("--strategy", "-s") for f in re.findall(r"model=([^,)]+)", v)]
    files += [f for k, v in zip(argv, argv[1:]) if k == "--over" for f in v.partition("=")[2].split(",")]
    return [f for f in files if f.endswith((".toml", ".json"))], False


def learned_from() -> dict[str, int]:
    """Each folder a ``learn`` example reads, with the fewest folders it is read together with."""
    out: dict[str, int] = {}
    for e in EXAMPLES:
        argv = shlex.split(e.command)[1:]
        if argv and argv[0] == "learn":
            folders = reads(argv)[0]
            for f in folders:
                out[f] = min(out.get(f, len(folders)), len(folders))
    return out


LEARNED = learned_from()


def rewrite(argv: list[str], work: Path, scheduler: str | None) -> list[str]:
    """The example's arguments with fewer games, /tmp paths in ``work`` and the test cluster's address."""
    argv = [str(work / a.lstrip("/")) if a.startswith("/tmp/") else cut_budget(a) for a in argv]
    games = GAMES.get(argv[0])
    searching = [v for k, v in zip(argv, argv[1:]) if k in ("--strategy", "-s") and v.startswith(SEARCHING)]
    if searching and argv[0] == "simulate":
        folders = LEARNED.get(out_dir(argv) or "")
        learns = any(v.startswith(LEARNS) for v in searching) and folders
        games = -(-MIN_GAMES // folders) if learns else 2
    elif searching and argv[0] == "bench":
        games = 1
    for flag in ("--games", "-n"):
        if flag in argv:
            i = argv.index(flag) + 1
            argv[i] = str(min(int(argv[i]), games))
    if games and "--resume" not in argv and not {"--games", "-n"} & set(argv):
        argv += ["--games", str(games)]
    for flag, most in [("--jobs", JOBS), ("-j", JOBS), *CAPS.get(argv[0], {}).items()]:
        if flag in argv:
            i = argv.index(flag) + 1
            argv[i] = str(min(int(argv[i]), most))
    if argv[0] == "calibrate" and "--resume" not in argv:
        argv += CALIBRATE
    if "--scheduler" in argv:
        argv[argv.index("--scheduler") + 1] = scheduler
    return argv


def run(capsys, monkeypatch, command: str, work: Path, scheduler: str | None, stop: bool = False) -> tuple:
    """Run ``command`` in ``work``: (exit code, stdout, stderr); ``stop``: Ctrl-C after the first chunk."""
    words = shlex.split(command)[1:]
    target = None
    if ">" in words:
        words, target = words[:words.index(">")], words[words.index(">") + 1]
    argv = rewrite(words, work, scheduler)
    with monkeypatch.context() as patch:
        patch.chdir(work)
        if stop:
            stop_after_first_chunk(patch)
        code, out, err = run_cli(capsys, *argv)
        if target:
            Path(target).write_text(out)
    return code, out, err


def stop_after_first_chunk(patch) -> None:
    """Make the run stop as Ctrl-C would, right after its first chunk file is written (a calibration:
    at the state it saves after its first batch)."""
    for module, name in ((collect, "_write_atomic"), (calibrate, "write_json")):
        patch.setattr(module, name, stop_at_second_call(getattr(module, name)))


def stop_at_second_call(real):
    calls = []

    def write_then_stop(path, text):
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(path, text)
    return write_then_stop


def fresh_clone(tmp_path: Path) -> Path:
    """A work directory with the tracked files of ``sweeps/`` and ``results/``, as on a fresh clone."""
    work = tmp_path / "clone"
    listed = subprocess.run(["git", "ls-files", "-z", "sweeps", "results"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    for name in filter(None, listed.split("\0")):
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, work / name)
    return work


def needs_cluster(example: Example) -> bool:
    return "--scheduler" in example.command


@pytest.fixture
def scheduler(request):
    """The address of a real dask cluster, for an example that names one."""
    if not needs_cluster(request.node.callspec.params["example"]):
        return None
    return request.getfixturevalue("cluster")


class Made:
    """What the examples wrote, kept (under ``root``) per page and command: a later example that reads
    it gets a copy instead of playing it again, since the same command writes the same bytes."""

    def __init__(self, root: Path):
        self.root, self.kept = root, {}

    @staticmethod
    def where(command: str, work: Path) -> Path | None:
        out = out_dir(shlex.split(command))
        return None if out is None else work / (out.lstrip("/") if out.startswith("/tmp/") else out)

    def keep(self, key: tuple, command: str, work: Path) -> None:
        path = self.where(command, work)
        if path is not None and path.exists():
            kept = self.root / str(len(self.kept)) / path.name
            kept.parent.mkdir(parents=True)
            (shutil.copytree if path.is_dir() else shutil.copy2)(path, kept)
            self.kept[key] = kept

    def fetch(self, key: tuple, command: str, work: Path) -> bool:
        if key not in self.kept:
            return False
        path = self.where(command, work)
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.kept[key].is_dir():
            shutil.copytree(self.kept[key], path, dirs_exist_ok=True)
        else:
            shutil.copy2(self.kept[key], path)
        return True


@pytest.fixture(scope="session")
def made(tmp_path_factory) -> Made:
    return Made(tmp_path_factory.mktemp("made"))


def produce(capsys, monkeypatch, example: Example, command: str, earlier: tuple, work: Path,
            scheduler: str | None, made: Made) -> None:
    """Make what ``command`` reads: for each folder or file, the latest of the ``earlier`` commands that
    wrote it (after what that one reads, in turn), or else the run named in :data:`PRODUCERS`; a copy
    of what it wrote before when it ran to its end already."""
    folders, stopped = reads(shlex.split(command)[1:])
    for folder in folders:
        at = next((i for i in reversed(range(len(earlier))) if out_dir(shlex.split(earlier[i])) == folder), None)
        producer = PRODUCERS.get(folder) if at is None else earlier[at]
        if producer is None or (not stopped and made.fetch((example.page, producer), producer, work)):
            continue
        if at is not None:
            produce(capsys, monkeypatch, example, producer, earlier[:at], work, scheduler, made)
        code, _, err = run(capsys, monkeypatch, producer, work, scheduler, stop=stopped)
        assert code == (130 if stopped else 0), f"{producer}: {err}"
        if not stopped:
            made.keep((example.page, producer), producer, work)


@pytest.mark.parametrize("example", [pytest.param(e, id=str(e), marks=pytest.mark.xdist_group(e.page))
                                     for e in EXAMPLES])
def test_every_example_runs_as_written(capsys, monkeypatch, tmp_path, scheduler, made, example):
    if needs_cluster(example) or "--backend dask" in example.command:
        pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install '.[cluster]'")
    work = fresh_clone(tmp_path)
    for name, text in example.files + tuple(PRODUCER_FILES.items()):
        (work / name).write_text(cut_budget(text))
    if (example.page, example.command) in SETUP:
        source = re.search(r"<!-- plugin: mybots.py -->\n```python\n(.*?)```", (ROOT / "README.md").read_text(),
                           re.S).group(1)
        install_plugin(tmp_path, monkeypatch, "rurik.dart = mybots:Dart", module="mybots", source=source)
    produce(capsys, monkeypatch, example, example.command, example.earlier, work, scheduler, made)
    code, out, err = run(capsys, monkeypatch, example.command, work, scheduler)
    assert code == 0, f"exit code {code}: {err}"
    assert "Traceback" not in err and "warning" not in err
    made.keep((example.page, example.command), example.command, work)


def test_the_extractor_finds_the_examples():
    """Every page and every command's --help is searched, including inline code and && chains."""
    found = {(e.page, e.command) for e in EXAMPLES}
    assert ("README.md", "automa-sim simulate rurik --games 1000 --seed 1") in found  # the first line
    assert ("docs/rurik.md", "automa-sim list options rurik") in found  # inline code
    assert ("README.md", "automa-sim simulate stroganov --games 5000 --seed 7 --strategy greedy --option "
            "difficulty=hard --jobs 4 --format parquet --out results/strog-hard --force") in found  # continued
    assert ("README.md", "automa-sim replay rurik --seed 1 --game-index 42 --json > results/game42.jsonl") in found
    assert not [c for p, c in found if "automa-sim[" in c or c.startswith("automa-sim run ")]
    helped = {p for p, _ in found if p.endswith("--help")}
    assert helped == {"automa-sim --help", "automa-sim simulate --help", "automa-sim replay --help",
                      "automa-sim list --help", "automa-sim list games --help", "automa-sim list strategies --help",
                      "automa-sim list options --help", "automa-sim summarize --help", "automa-sim bench --help",
                      "automa-sim sweep --help", "automa-sim report --help", "automa-sim calibrate --help",
                      "automa-sim rules --help", "automa-sim rules template --help", "automa-sim compare --help",
                      "automa-sim sensitivity --help", "automa-sim ladder --help", "automa-sim play --help",
                      "automa-sim review --help", "automa-sim rate --help", "automa-sim tune --help",
                      "automa-sim learn --help"}
    assert {p for p, _ in found if not p.endswith("--help")} >= {"README.md", "docs/stroganov.md"}


def test_the_lists_of_special_cases_name_real_examples():
    found = {(e.page, e.command) for e in EXAMPLES}
    assert set(SETUP) <= found
    produced = {f for e in EXAMPLES for f in reads(shlex.split(e.command)[1:])[0]}
    assert set(PRODUCERS) <= produced


def test_every_example_writes_under_results_or_tmp():
    """No example leaves a file in the checkout's root: every output (``--out``, ``--save``, ``>``) of
    every command on the pages and in --help is under ``results/``, under ``/tmp/`` or an absolute path."""
    stray = [str(e) for e in EXAMPLES
             if (target := out_dir(shlex.split(e.command)[1:])) is not None
             and not (target.startswith(("results/", "/")))]
    assert not stray


def test_the_rewrite_cuts_games_jobs_and_search_budgets_only(tmp_path):
    argv = ["simulate", "rurik", "-n", "40", "-s", "mc(budget=24,width=2)", "-j", "8", "--out", "/tmp/x"]
    assert rewrite(argv, tmp_path, None) == ["simulate", "rurik", "-n", "2", "-s", "mc(budget=4,width=2)", "-j", "2",
                                             "--out", str(tmp_path / "tmp/x")]
    assert cut_budget('strategies = ["master", "mc(budget=2)", "label(teacher=mc(budget=32))"]') == \
        'strategies = ["master", "mc(budget=2)", "label(teacher=mc(budget=4))"]'
