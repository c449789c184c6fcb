"""A run's record, ``manifest.json``: made from the resolved inputs, read back to resume, and the paths
and command it publishes.

A new run's manifest holds the command, the versions, the git commit of a checkout, the run's
settings and the content hash of every user data file; the later stages add to it as they go (the
plan, :mod:`automa.run.plan`; the counts, :mod:`automa.run.collect`; the end,
:mod:`automa.run.finish`). ``--resume DIR`` reads it back (:func:`load_manifest`) as the run's inputs.
"""
from __future__ import annotations

import os
import shlex
from datetime import datetime
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.version import __version__

CHECKOUT = Path(__file__).resolve().parents[2]  # the repository root, when automa-sim runs from a checkout


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def new_manifest(command: str, fields: dict) -> dict:
    """A new run's manifest: the command and where it was started (:func:`working_dir`), the package
    and library versions, the git commit of a checkout, ``fields``, the content hash of every user data file, and the run state before
    anything is played."""
    import platform
    from importlib.metadata import version

    # the installed versions, read without importing numpy and pandas (a run may need neither)
    versions = {"automa-sim": __version__, "python": platform.python_version(),
                "numpy": version("numpy"), "pandas": version("pandas")}
    found = git_commit()
    files = data_files(fields.get("game"), [fields.get("options") or {}, fields.get("grid") or {}])
    return {"command": command, "cwd": working_dir(), "versions": versions, **({"git": found} if found else {}), **fields,
            **({"data_files": files} if files else {}), "started": now(), "ended": None,
            "games_done": 0, "errors": 0, "interrupted": False}


def git_commit() -> dict | None:
    """``{"commit": sha, "dirty": bool}`` when automa-sim runs from a git checkout, else ``None``."""
    import subprocess

    if not (CHECKOUT / ".git").exists():
        return None
    try:
        sha = subprocess.run(["git", "-C", str(CHECKOUT), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(CHECKOUT), "status", "--porcelain",
                                  "--untracked-files=no"],
                                 capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": sha, "dirty": bool(changed)}


def data_files(game_name: str | None, option_sets: list[dict]) -> dict[str, list[dict]]:
    """The user data files a run reads (its ``path`` options: ``automa=``, ``scoring=``, ``rules=``):
    option name -> ``[{"path", "sha256"}]``, one entry per file given (a sweep grid may give several)."""
    import hashlib

    from automa.core.registry import get_game

    if not game_name:
        return {}
    out: dict[str, list[dict]] = {}
    for opt in get_game(game_name).options:
        if opt.type != "path":
            continue
        given = [v for options in option_sets for v in
                 (options.get(opt.name) if isinstance(options.get(opt.name), list) else [options.get(opt.name)])]
        for path in dict.fromkeys(str(v) for v in given if v and Path(str(v)).is_file()):
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            out.setdefault(opt.name, []).append({"path": path, "sha256": digest})
    return out


def load_manifest(out: Path, kind: str) -> dict:
    """The manifest of a run to resume (UsageError if there is none, it is finished, or of another kind)."""
    import json

    path = Path(out) / "manifest.json"
    try:
        manifest = json.loads(path.read_text())
    except OSError:
        raise UsageError(f"--resume {out}: no manifest.json there; nothing to resume") from None
    except ValueError as exc:
        raise UsageError(f"--resume {out}: manifest.json is not valid JSON: {exc}") from None
    if manifest.get("kind", "simulate") != kind:
        other = manifest.get("kind", "simulate")
        raise UsageError(f"--resume {out}: that is a {other} run; resume it with `automa-sim {other} --resume`")
    if "chunks_done" not in manifest:
        raise UsageError(f"--resume {out}: the manifest records no chunks (made by an older version)")
    if manifest.get("complete"):
        raise UsageError(f"--resume {out}: the run is already complete; nothing to resume")
    recorded = manifest.get("data_files", {})
    now_files = data_files(manifest.get("game"), [manifest.get("options") or {}, manifest.get("grid") or {}])
    for name, files in recorded.items():
        if files != now_files.get(name):
            raise UsageError(f"--resume {out}: data file {name}={files[0]['path']} is missing or changed "
                             f"since the run started (its sha256 differs from the manifest's)")
    return manifest


def record_resume(manifest: dict, command: str, backend: str | None, jobs: int) -> None:
    """Note a resumed run in its manifest."""
    manifest["resumed"].append({"command": command, "at": now(), "games_done": manifest["games_done"],
                                "backend": backend or "processes", "jobs": jobs})
    manifest["interrupted"] = False


def repository_path(path: str | Path) -> str:
    """``path`` as a published command names it: relative to the root of the automa-sim checkout when
    it is inside it, else as given when relative, else its name alone: never an absolute path of the
    machine that ran it."""
    path = Path(path)
    try:
        return path.resolve().relative_to(CHECKOUT).as_posix()
    except ValueError:
        return path.name if path.is_absolute() else path.as_posix()


def recorded_path(path: str) -> str:
    """A path a manifest recorded, as a report publishes it: an absolute one as a
    :func:`repository_path`; a relative one as recorded (relative to where the run was started)."""
    return repository_path(path) if os.path.isabs(path) else path


PATH_SUFFIXES = (".toml", ".json", ".csv", ".gz", ".parquet", ".txt", ".tsv", ".yaml", ".yml")  # a word naming a file
SEEDED = ("simulate", "ladder", "sensitivity", "tune")  # commands whose seed is a flag (a sweep's is in its spec)


def working_dir() -> str | None:
    """Where a run is started, as its manifest records it (``cwd``): relative to the checkout's root
    (``.`` for the root itself), or ``None`` outside the checkout (then its relative paths are not the
    repository's)."""
    try:
        return Path.cwd().resolve().relative_to(CHECKOUT).as_posix()
    except ValueError:
        return None


def regenerate_line(manifest: dict, out: Path, report: list[str] | tuple[str, ...] = ()) -> str:
    """The shell line that plays the run in ``out`` again into ``out`` and reports it
    (``automa-sim report OUT REPORT...``), runnable as written from the repository root.

    It is the run's first command (a resumed run's too: its ``--resume`` sessions only continued it),
    with ``--out OUT --force`` and, where the seed was fresh entropy, ``--seed`` (the recorded one); a
    ``--scheduler`` cluster and ``--backend dask`` are left out (a run's files are the same on every
    backend). Each path in it (a word with a ``/`` or a file suffix, or a value after ``=``) is read
    from where the run was started (the manifest's ``cwd``; the root for a manifest without one) and
    written relative to the root. A file outside the repository cannot be named from the root: it is
    named by its file name, and a note after the line says so (a sweep's spec text is in the manifest).
    A simulate run or sweep made through the Python API (no command) gets the command that makes the
    same files; another study made so, only its report command and where its settings are."""
    kind = manifest.get("kind", "simulate")
    where = repository_path(out)
    report_line = shlex.join(["automa-sim", "report", where, *report])
    if not manifest.get("command") and kind not in ("simulate", "sweep"):
        return f"{report_line} (the run was made through the Python API: its settings are in {where}/manifest.json)"
    words = shlex.split(manifest["command"]) if manifest.get("command") else _api_command(manifest)
    cwd = manifest.get("cwd", ".")
    outside: list[str] = []

    def place(word: str) -> str:
        if "/" not in word and not word.endswith(PATH_SUFFIXES):
            return word
        if os.path.isabs(word):
            path = Path(word)
        elif cwd is None:
            return _outside(word, outside)
        else:
            path = CHECKOUT / cwd / word
        try:
            return Path(os.path.normpath(path)).relative_to(CHECKOUT).as_posix()
        except ValueError:
            return _outside(word, outside)

    kept: list[str] = []
    skip = False
    for k, word in enumerate(words):
        if skip:
            skip = False
            continue
        if word in ("--scheduler", "--out"):
            skip = True
            continue
        if word.startswith(("--scheduler=", "--out=")) or word in ("--backend=dask", "--force"):
            continue
        if word == "--backend" and k + 1 < len(words) and words[k + 1] == "dask":
            skip = True
            continue
        head, eq, value = word.rpartition("=")
        kept.append(head + eq + ",".join(place(v) for v in value.split(",")) if k >= 2 else word)
    if kind in SEEDED and "--seed" not in kept and not any(w.startswith("--seed=") for w in kept):
        kept += ["--seed", str(manifest["seed"])]
    kept += ["--out", where, "--force"]
    line = f"{shlex.join(kept)} && {report_line}"
    if outside:
        spec = Path(str(manifest.get("spec") or "")).name
        notes = [f"{name}: the sweep's spec, its text in {where}/manifest.json (spec_toml)" if name == spec
                 else f"{name}: its sha256 in {where}/manifest.json" for name in dict.fromkeys(outside)]
        line += f" (not in this repository, so copy it to the root first: {'; '.join(notes)})"
    return line


def _outside(word: str, outside: list[str]) -> str:
    """A path outside the repository, by its name alone (noted in ``outside``)."""
    outside.append(Path(word).name)
    return Path(word).name


def _api_command(manifest: dict) -> list[str]:
    """The command line that makes the files of a run started through the Python API (no command)."""
    from automa.core.registry import get_game

    if manifest.get("kind", "simulate") == "sweep":
        return ["automa-sim", "sweep", str(manifest["spec"]), "--games", str(manifest["games_per_cell"]),
                "--format", manifest.get("format", "csv")]
    game = get_game(manifest["game"])
    words = ["automa-sim", "simulate", game.name, "--games", str(manifest["games"]), "--strategy",
             manifest["strategy"], "--format", manifest.get("format", "csv")]
    for opt in game.options:
        value = manifest["options"].get(opt.name, opt.default)
        if value != opt.default:
            words += ["--option", f"{opt.name}={opt.typed(value)}"]
    return words
