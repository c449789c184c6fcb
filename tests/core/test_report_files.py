"""The files a report reads: a gzipped games file (small enough to publish) written by sweep and simulate
and read by report, summarize and resume; and the README's examples on the published studies, which
must run on a fresh clone."""
import gzip
import json
import re
import shlex
from pathlib import Path

import pytest

from automa.run import manifest as manifest_module
from automa.run.manifest import regenerate_line, repository_path
from automa.report.study import load
from automa.core.registry import get_game
from automa.core.results import games_file, read_games
from automa.run.sweep import run_sweep
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli
from tests.core.test_examples import stop_after_first_chunk
from tests.core.test_resume import killed_sweep, manifest
from tests.core.test_sweep import SPEC, write_spec

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_sweep_writes_a_gzipped_games_file_that_every_reader_takes(capsys, tmp_path):
    """``--format csv.gz``: the same CSV bytes, gzipped with no name and no time (so the same for any
    --jobs); summarize, report and the summary and paired tables read it as they read games.csv."""
    spec = write_spec(tmp_path, SPEC.replace("games = 300", "games = 60"))
    plain = run_sweep(load_spec(spec), jobs=1, out=tmp_path / "plain", quiet=True)
    for jobs in (1, 2):
        code, _, err = run_cli(capsys, "sweep", spec, "--format", "csv.gz", "--jobs", jobs, "--quiet",
                               "--out", tmp_path / f"gz{jobs}")
        assert code == 0, err
    zipped = (tmp_path / "gz1" / "games.csv.gz").read_bytes()
    assert zipped == (tmp_path / "gz2" / "games.csv.gz").read_bytes()
    assert zipped[3] == 0 and zipped[4:8] == b"\0\0\0\0"  # no file name, no modification time
    assert gzip.decompress(zipped) == (plain.out / "games.csv").read_bytes()
    assert not (tmp_path / "gz1" / "games.csv").exists() and games_file(tmp_path / "gz1").name == "games.csv.gz"
    for name in ("summary.csv", "paired.csv"):
        assert (tmp_path / "gz1" / name).read_bytes() == (plain.out / name).read_bytes()
    assert manifest(tmp_path / "gz1")["format"] == "csv.gz"
    outputs = [run_cli(capsys, "summarize", d, "--by", "cell") for d in (plain.out, tmp_path / "gz1")]
    assert outputs[0] == outputs[1] and outputs[0][0] == 0
    code, _, err = run_cli(capsys, "report", tmp_path / "gz1")
    assert code == 0 and err == ""
    assert load(tmp_path / "gz1").games.equals(load(plain.out).games)
    assert report_line(tmp_path / "gz1") == (
        "Regenerate with: automa-sim sweep tiny.toml --format csv.gz --jobs 1 --quiet --out gz1 --force && automa-sim "
        "report gz1 (not in this repository, so copy it to the root first: tiny.toml: the sweep's spec, its text in "
        "gz1/manifest.json (spec_toml))")


def test_simulate_writes_and_reads_a_gzipped_games_file(capsys, tmp_path):
    code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 50, "--seed", 3, "--format", "csv.gz",
                           "--out", tmp_path / "gz", "--quiet")
    assert code == 0, err
    run_cli(capsys, "simulate", "tiny", "--games", 50, "--seed", 3, "--out", tmp_path / "plain", "--quiet")
    assert gzip.decompress((tmp_path / "gz" / "games.csv.gz").read_bytes()) == \
        (tmp_path / "plain" / "games.csv").read_bytes()
    zipped = read_games(tmp_path / "gz" / "games.csv.gz", get_game)
    assert zipped.equals(read_games(tmp_path / "plain" / "games.csv", get_game))
    assert run_cli(capsys, "summarize", tmp_path / "gz") == run_cli(capsys, "summarize", tmp_path / "plain")
    code, _, err = run_cli(capsys, "report", tmp_path / "gz")
    assert code == 0 and err == ""
    assert report_line(tmp_path / "gz") == ("Regenerate with: automa-sim simulate tiny --games 50 --seed 3 --format "
                                            "csv.gz --quiet --out gz --force && automa-sim report gz")


def report_line(folder: Path) -> str:
    """The "Regenerate with" line of a folder's report.md."""
    return next(line for line in (folder / "report.md").read_text().splitlines() if line.startswith("Regenerate with: "))


def test_a_published_command_names_paths_inside_the_repository(monkeypatch, tmp_path):
    """A report's command names the folder it is in, relative to the repository root when it is inside
    it, with --force (the folder exists); any other path as a repository path, or by its name alone
    outside the repository, with a note that says so: never an absolute path of the machine that ran it
    (issue 22); no cluster address; the recorded seed where the run drew a fresh one (issue 31)."""
    published = ROOT / "results" / "rurik" / "difficulty"
    assert repository_path(published) == "results/rurik/difficulty"
    monkeypatch.chdir(ROOT / "results")
    assert repository_path("rurik/difficulty") == "results/rurik/difficulty"
    monkeypatch.chdir(tmp_path)
    assert repository_path("runs/mine") == "runs/mine" and repository_path(tmp_path / "runs" / "mine") == "mine"
    command = (f"automa-sim sweep {ROOT}/sweeps/rurik-difficulty.toml --out /scratch/rurik-difficulty --jobs 2 "
               f"--backend dask --scheduler tcp://10.0.0.1:8786 --option automa=/home/me/my-automa.toml "
               f"--grid 'scoring={ROOT}/a.toml,/home/me/b.toml'")
    sweep = {"kind": "sweep", "command": command, "spec": f"{ROOT}/sweeps/rurik-difficulty.toml"}
    assert regenerate_line(sweep, published) == (
        "automa-sim sweep sweeps/rurik-difficulty.toml --jobs 2 --option automa=my-automa.toml --grid "
        "scoring=a.toml,b.toml --out results/rurik/difficulty --force && automa-sim report results/rurik/difficulty "
        "(not in this repository, so copy it to the root first: my-automa.toml: its sha256 in "
        "results/rurik/difficulty/manifest.json; b.toml: its sha256 in results/rurik/difficulty/manifest.json)")
    simulate = {"command": "automa-sim simulate rurik --out=/scratch/x --force -q", "seed": "123"}
    assert regenerate_line(simulate, tmp_path / "x", ["--x", "y"]) == \
        "automa-sim simulate rurik -q --seed 123 --out x --force && automa-sim report x --x y"
    started_in_results = {"kind": "sweep", "command": "automa-sim sweep ../sweeps/s.toml --games 5 'mc(budget=4)'",
                          "cwd": "results"}
    assert regenerate_line(started_in_results, published) == (
        "automa-sim sweep sweeps/s.toml --games 5 'mc(budget=4)' --out results/rurik/difficulty --force && "
        "automa-sim report results/rurik/difficulty")
    outside = {"kind": "sweep", "command": "automa-sim sweep mine.toml", "cwd": None, "spec": "mine.toml"}
    assert regenerate_line(outside, published).endswith(
        "(not in this repository, so copy it to the root first: mine.toml: the sweep's spec, its text in "
        "results/rurik/difficulty/manifest.json (spec_toml))")


def rerun(capsys, monkeypatch, root: Path, line: str) -> None:
    """Run a "Regenerate with" line as written, in ``root``: each ``automa-sim`` command of it."""
    monkeypatch.chdir(root)
    for command in line.removeprefix("Regenerate with: ").split(" && "):
        words = shlex.split(command)
        assert words[0] == "automa-sim"
        code, _, err = run_cli(capsys, *words[1:])
        assert code == 0, (command, err)


@pytest.fixture
def checkout(monkeypatch, tmp_path):
    """A stand-in repository root (``tmp_path / "repo"``) with the tiny sweep spec in ``sweeps/``."""
    root = tmp_path / "repo"
    (root / "sweeps").mkdir(parents=True)
    (root / "results").mkdir()
    (root / "sweeps" / "tiny.toml").write_text(SPEC)
    monkeypatch.setattr(manifest_module, "CHECKOUT", root)
    return root


@pytest.mark.parametrize("kind", ["sweep", "simulate", "resumed", "ladder", "sensitivity"])
def test_the_regenerate_line_runs_as_written_from_the_root(capsys, monkeypatch, checkout, kind):
    """Each kind of run, started in a folder below the root with relative paths (a sweep with --games,
    a simulate run with a fresh seed and no --out, a resumed run, a ladder, a sensitivity study): its
    report's line, run as written from the root, makes the same games again and reports them."""
    monkeypatch.chdir(checkout / "results")
    if kind == "sweep":
        args = ["sweep", "../sweeps/tiny.toml", "--games", 20, "--jobs", 1, "-q", "--out", "mine"]
    elif kind == "ladder":
        args = ["ladder", "rurik", "--budgets", "1", "--games", 2, "--grid", "difficulty=1", "--reference", "greedy",
                "--seed", 1, "-j", 1, "-q", "--out", "mine"]
    elif kind == "sensitivity":
        args = ["sensitivity", "tiny", "--only", "variant", "--games", 10, "-j", 1, "-q", "--out", "mine"]
    else:
        args = ["simulate", "tiny", "--games", 30, "-j", 1, "-q"] + (["--out", "mine"] if kind == "resumed" else [])
    if kind == "resumed":
        with monkeypatch.context() as patch:
            stop_after_first_chunk(patch)
            assert run_cli(capsys, *args, "-j", 2)[0] == 130
        assert run_cli(capsys, "simulate", "--resume", "mine", "-q")[0] == 0
    else:
        assert run_cli(capsys, *args)[0] == 0, capsys.readouterr()
    out = next(checkout.rglob("manifest.json")).parent
    assert run_cli(capsys, "report", out)[0] == 0
    line = report_line(out)
    assert "--resume" not in line and "../" not in line and str(checkout) not in line
    games = games_file(out)
    before = games.read_bytes()
    games.unlink()
    rerun(capsys, monkeypatch, checkout, line)
    assert games.read_bytes() == before and report_line(out) == line


PUBLISHED = sorted(p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("results/*/*/report.md"))


@pytest.mark.parametrize("study", PUBLISHED)
def test_a_published_report_regenerates_into_its_own_folder(study):
    """Each published report's "Regenerate with" line is what ``report`` writes from its manifest: the
    recorded command with ``--out`` its own folder in the repository (the studies ran into a scratch
    folder of another machine), and no absolute path."""
    line = report_line(ROOT / study)
    recorded = json.loads((ROOT / study / "manifest.json").read_text())
    assert line == f"Regenerate with: {regenerate_line(recorded, ROOT / study)}"
    assert f" --out {study} " in line and not re.search(r"(^|[ =,])/", line)


def test_a_killed_gzipped_sweep_resumes_to_the_same_bytes(capsys, tmp_path):
    spec, out = killed_sweep(tmp_path, SPEC, "csv.gz")
    assert not manifest(out)["complete"]
    code, _, err = run_cli(capsys, "sweep", "--resume", out, "--format", "csv", "--quiet")
    assert code == 2 and "drop --format" in err  # the format is the run's, from its manifest
    code, _, err = run_cli(capsys, "sweep", "--resume", out, "--jobs", 1, "--backend", "serial", "--quiet")
    assert code == 0, err
    whole = run_sweep(load_spec(spec), jobs=2, out=tmp_path / "whole", quiet=True, fmt="csv.gz")
    for name in ("games.csv.gz", "summary.csv", "paired.csv"):
        assert (out / name).read_bytes() == (whole.out / name).read_bytes(), name


# ----- the README's examples on a fresh clone


def readme_blocks() -> list[list[list[str]]]:
    """The ``automa-sim`` commands of each sh block of the README, as argument lists (comments dropped)."""
    blocks = []
    for text in re.findall(r"```sh\n(.*?)```", README, re.S):
        commands = []
        for line in text.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == ["automa-sim"]:
                commands.append(words[1:])
        blocks.append(commands)
    return blocks


def flag(words: list[str], name: str) -> str | None:
    return words[words.index(name) + 1] if name in words else None


def directories_read() -> list[tuple[list[str], str, bool]]:
    """Every README command that reads a results directory: (command, directory, whether an earlier
    command of its block made that directory with --out)."""
    found = []
    for commands in readme_blocks():
        made = set()
        for words in commands:
            if words[0] in ("report", "summarize"):
                found.append((words, words[1], words[1] in made))
            elif "--resume" in words:
                found.append((words, flag(words, "--resume"), flag(words, "--resume") in made))
            if flag(words, "--out"):
                made.add(flag(words, "--out"))
    return found


def test_readme_reads_only_directories_it_makes_or_that_are_published():
    """A report, summarize or --resume example reads a directory that an earlier command of its block
    makes, or a published study that holds its manifest and games file; --resume only the former (a
    published study is complete). A run example without --force never writes into a directory that a
    fresh clone has (it would refuse it)."""
    read = directories_read()
    assert {w[0] for w, _, _ in read} >= {"report", "summarize", "sweep", "simulate"}
    for words, directory, made in read:
        if made:
            continue
        assert "--resume" not in words, f"automa-sim {shlex.join(words)}: resumes a directory no example makes"
        published = ROOT / directory
        assert (published / "manifest.json").is_file(), f"automa-sim {shlex.join(words)}: {directory} has no manifest"
        load(published)  # its manifest, tables and games file
    for commands in readme_blocks():
        for words in commands:
            out = flag(words, "--out")
            if out and "--force" not in words:
                assert not (ROOT / out).exists(), f"automa-sim {shlex.join(words)}: {out} is in the clone"
