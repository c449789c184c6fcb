"""The ``automa-sim`` command line: simulate, replay, play, review, rate, list, rules, summarize, compare,
bench, sweep, sensitivity, ladder, report, calibrate, tune.

Bad input (:class:`automa.core.errors.UsageError` or a click usage error) prints one line on stderr
and exits with code 2; Ctrl-C exits with code 130.
"""
from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import click

from automa import __version__
from automa.core.errors import UsageError

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_FAILED = 1


def parse_options(pairs: tuple[str, ...], game: str | None = None) -> dict[str, str]:
    """``KEY=VALUE`` pairs from repeated ``--option`` flags. A name given twice is a UsageError, except
    an option of ``game`` of type ``set``, whose values accumulate (``-o modules=a -o modules=b``)."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise UsageError(f"--option expects KEY=VALUE, got {pair!r}")
        if key in options:
            if not _is_set_option(game, key):
                raise UsageError(f"--option {key} given twice ({key}={options[key]}, {key}={value}); give it once")
            value = ",".join(v for v in (options[key], value) if v)
        options[key] = value
    return options


def _is_set_option(game: str | None, name: str) -> bool:
    """Whether ``name`` is an option of type ``set`` of the game named ``game``."""
    from automa.core.registry import get_game

    return isinstance(game, str) and get_game(game).option(name).type == "set"


def complete_game(ctx, param, incomplete: str) -> list[str]:
    """Shell completion of a game name."""
    from automa.core.registry import game_names

    return [name for name in game_names() if name.startswith(incomplete)]


def _completing_game(ctx):
    """The game entry named earlier on the command line being completed, or ``None``."""
    from automa.core.registry import get_game

    names = ctx.params.get("games")  # bench takes several
    name = ctx.params.get("game") or (names[0] if isinstance(names, tuple) and names else None)
    if name is None:  # an option waiting for its value leaves the words unparsed
        name = next((a for a in ctx.args if not a.startswith("-")), None)
    try:
        return get_game(name) if isinstance(name, str) else None
    except UsageError:
        return None


def complete_strategy(ctx, param, incomplete: str) -> list[str]:
    """Shell completion of a strategy name of the game given before it."""
    from automa.core.registry import strategy_names

    game = _completing_game(ctx)
    return [n for n in strategy_names(game) if n.startswith(incomplete)] if game else []


def complete_option(ctx, param, incomplete: str) -> list:
    """Shell completion of ``--option KEY=VALUE``: the game's option names, then a choice's values."""
    from click.shell_completion import CompletionItem

    game = _completing_game(ctx)
    if game is None:
        return []
    key, sep, value = incomplete.partition("=")
    if not sep:
        return [CompletionItem(f"{o.name}=", help=o.help) for o in game.options if o.name.startswith(key)]
    opt = next((o for o in game.options if o.name == key), None)
    values = [opt.typed(c) for c in opt.choices] if opt else []
    if opt and opt.type == "bool":
        values = ["true", "false"]
    return [f"{key}={v}" for v in values if v.startswith(value)]


strategy_flag = click.option("--strategy", "-s", metavar="NAME", shell_complete=complete_strategy,
                             help="Built-in or plugin strategy name, or package.module:ClassName "
                                  "(default: the game's default; see `list strategies GAME`).")
backend_flag = click.option("--backend", type=click.Choice(["processes", "serial", "dask"]), default="processes",
                            show_default=True, help="Where games are played: a local process pool, this "
                            "process, or a dask.distributed cluster (needs pip install '.[cluster]').")
scheduler_flag = click.option("--scheduler", metavar="tcp://HOST:PORT",
                              help="With --backend dask: the scheduler of a running cluster "
                                   "(default: start a local cluster of --jobs workers).")
resume_flag = click.option("--resume", type=click.Path(path_type=Path), metavar="DIR",
                           help="Continue the interrupted or killed run in DIR (its settings come from "
                                "DIR/manifest.json; --jobs, --backend and --scheduler may change).")


def no_run_settings(ctx: click.Context, names: tuple[str, ...]) -> None:
    """With --resume, reject the flags that define a run: they come from the manifest."""
    for name in names:
        if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT):
            flag = "GAME" if name == "game" else "SPEC" if name == "spec" else "--" + name.replace("_", "-")
            flag = {"--option-pairs": "--option", "--fmt": "--format"}.get(flag, flag)
            raise UsageError(f"--resume takes the run's settings from its manifest.json; drop {flag}")


seed_flag = click.option("--seed", type=int,
                         help="Root seed (a non-negative integer); default: fresh entropy, printed and recorded.")
jobs_flag = click.option("--jobs", "-j", type=int, default=os.cpu_count() or 1, show_default="all cores",
                         help="Processes (local dask workers with --backend dask); 1 runs serially in this process.")
quiet_flag = click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
force_flag = click.option("--force", is_flag=True,
                          help="Replace the outputs of an earlier run in --out (a folder with other files is refused).")


option_flag = click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
                           shell_complete=complete_option,
                           help="Set a game or rule option; repeat it for other options (see `list options GAME`). "
                                "Each option once, except a set option (such as modules), whose values "
                                "accumulate: -o modules=a -o modules=b is modules=a,b.")


def design_run_flags(stem: str):
    """The flags of a run of designed cells (``sensitivity``, ``ladder``), in this order: --seed,
    --jobs, --out (default folder ``results/<stem>-<game>-<time>``), --quiet, --force, --backend,
    --scheduler, --resume, and the click context."""
    out = click.option("--out", type=click.Path(path_type=Path),
                       help=f"Output directory (default: results/{stem}-<game>-<YYYYmmdd-HHMMSS>/).")

    def apply(command):
        for flag in reversed((seed_flag, jobs_flag, out, quiet_flag, force_flag, backend_flag, scheduler_flag,
                              resume_flag, click.pass_context)):
            command = flag(command)
        return command
    return apply


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="automa-sim")
def app():
    """Seeded batch simulation of board-game solo automata.

    \b
    Example:
      automa-sim simulate rurik --games 1000 --seed 1
    """


def finish(outcome, command: str) -> None:
    """Report games that raised on stderr; exit 1 if a chunk kept killing its workers (resumable) or
    every game raised, 130 if Ctrl-C stopped the run, its last line the resume command of ``command``."""
    from automa.run.finish import resume_command

    m = outcome.manifest
    games_file = outcome.out / f"games.{m.get('format', 'csv')}"
    if m["errors"]:
        every = m["errors"] == m["games_done"]
        level = "error" if every else "warning"
        count = f"every one of the {m['games_done']}" if every else f"{m['errors']} of {m['games_done']}"
        click.echo(f"automa-sim: {level}: {count} games raised an error; see the error column of "
                   f"{games_file}", err=True)
    if m.get("failure"):
        click.echo(f"automa-sim: error: {m['failure']}; finished chunks are kept, continue with: "
                   f"{resume_command(command, outcome.out)}", err=True)
        sys.exit(EXIT_FAILED)
    if m["interrupted"]:
        click.echo(resume_command(command, outcome.out))
        sys.exit(EXIT_INTERRUPTED)
    if m["errors"] and m["errors"] == m["games_done"]:
        sys.exit(EXIT_FAILED)


@app.command()
@click.argument("game", required=False, shell_complete=complete_game)
@click.option("--games", "-n", type=int, default=1000, show_default=True, help="Number of games.")
@seed_flag
@strategy_flag
@option_flag
@jobs_flag
@click.option("--out", type=click.Path(path_type=Path),
              help="Output directory (default: results/<game>-<YYYYmmdd-HHMMSS>/).")
@click.option("--format", "fmt", type=click.Choice(["csv", "csv.gz", "parquet"]), default="csv", show_default=True,
              help="Format of the games file (csv.gz: gzipped CSV, small enough to publish).")
@quiet_flag
@force_flag
@backend_flag
@scheduler_flag
@resume_flag
@click.pass_context
def simulate(ctx, game, games, seed, strategy, option_pairs, jobs, out, fmt, quiet, force, backend,
             scheduler, resume):
    """Play GAME many times and write games, summary.csv and manifest.json.

    Results are checkpointed in chunks: an interrupted or killed run continues with --resume DIR.

    \b
    Example:
      automa-sim simulate rurik --games 10000 --seed 1 --option difficulty=4 --jobs 4
      automa-sim simulate --resume results/rurik-20250101-120000
    """
    from automa.run.simulate import human_summary, resolve, resume_dir, simulate_dir

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("game", "games", "seed", "strategy", "option_pairs", "out", "fmt", "force"))
        outcome = resume_dir(resume, jobs, quiet, command, backend, scheduler)
    else:
        if game is None:
            raise UsageError("simulate needs GAME (or --resume DIR)")
        spec = resolve(game, strategy, parse_options(option_pairs, game), seed)
        outcome = simulate_dir(spec, games, jobs, out, fmt, quiet, force, command, backend, scheduler)
    click.echo(human_summary(outcome))
    finish(outcome, "simulate")


@app.command()
@click.argument("game", metavar="GAME|DIR|FILE", shell_complete=complete_game)
@click.option("--seed", type=int, help="The run's root seed (the `seed` column); not with DIR.")
@click.option("--game-index", "-i", type=int, help="The game's index (the `game_index` column); not with FILE.")
@click.option("--cell", metavar="LABEL", help="With a sweep's DIR: the cell (the `cell` column).")
@strategy_flag
@option_flag
@click.option("--json", "as_json", is_flag=True, help="Print the log as JSON lines.")
@click.pass_context
def replay(ctx, game, seed, game_index, cell, strategy, option_pairs, as_json):
    """Play one game of a run again with tracing on and print its turn-by-turn log.

    Give GAME with the run's --seed (and its --strategy and --option), or the run's results DIR:
    its manifest.json gives the seed, the strategy and the options (and a sweep's --cell), or a
    game saved by `automa-sim play` (FILE, docs/play.md). The final line has the same scores as
    that game's row in games.csv. The player's decisions are shown in words (with --json: as
    choices).

    \b
    Example:
      automa-sim replay rurik --seed 1 --game-index 42
      automa-sim simulate rurik --games 50 --seed 1 --out results/replay-example --force --quiet
      automa-sim replay results/replay-example --game-index 3
    """
    from automa.run.runner import replay as replay_game
    from automa.run.simulate import resolve
    from automa.core.trace import event_json, event_line

    if Path(game).is_file():
        for name in ("seed", "game_index", "cell", "strategy", "option_pairs"):
            if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT):
                flag = {"option_pairs": "--option", "game_index": "--game-index"}.get(name, "--" + name)
                raise UsageError(f"replay FILE takes the game's settings from the saved game; drop {flag}")
        replay_saved(Path(game), as_json)
        return
    if game_index is None:
        raise UsageError("replay GAME or DIR needs --game-index")
    if game_index < 0:
        raise UsageError(f"--game-index must be a non-negative integer, got {game_index}")
    if (Path(game) / "manifest.json").is_file():
        for name in ("seed", "strategy", "option_pairs"):
            if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT):
                flag = {"option_pairs": "--option"}.get(name, "--" + name)
                raise UsageError(f"replay DIR takes the run's settings from {game}/manifest.json; drop {flag}")
        spec = run_spec(Path(game), cell, game_index)
    else:
        if seed is None:
            raise UsageError("replay GAME needs --seed (or give the run's results DIR)")
        if cell is not None:
            raise UsageError("--cell needs a sweep's results DIR")
        spec = resolve(game, strategy, parse_options(option_pairs, game), seed)
    events, final = replay_game(spec, game_index, labels=not as_json)
    for event in events:
        click.echo(event_json(event) if as_json else event_line(event))
    click.echo(event_json({"kind": "final", **final}) if as_json else final_line(final))
    if final["error"]:
        sys.exit(1)


def replay_saved(path: Path, as_json: bool) -> None:
    """The log of a game saved by ``automa-sim play``: played again from its seed with its choices."""
    from automa.table import saved
    from automa.core.registry import get_game
    from automa.core.trace import Labelling, Trace, event_json, event_line, label_decisions

    game = saved.load(path)
    entry = get_game(game.game)
    if not as_json and entry.describe and entry.tell:  # in words, as `log` tells it (docs/play.md)
        from automa.table.log import narrate_saved

        lines, final = narrate_saved(game)
        for line in lines:
            click.echo(line)
    else:
        trace, said = Trace(), []
        final = saved.replay(game, trace, None if as_json or entry.describe is None else
                             lambda script: Labelling(script, entry.describe, said))
        label_decisions(trace.events, said)
        for event in trace.events:
            click.echo(event_json(event) if as_json else event_line(event))
    if final is None:
        line = {"kind": "unfinished", "choices": len(game.choices)}
        click.echo(event_json(line) if as_json else
                   f"{'unfinished':<14} after {len(game.choices)} choices; continue with:\nautoma-sim play --load {path}")
        return
    click.echo(event_json({"kind": "final", **final}) if as_json else final_line(final))


@app.command()
@click.argument("source", metavar="FILE|DIR", type=click.Path(path_type=Path))
@click.option("--game-index", "-i", type=int, help="With DIR: the game's index (the `game_index` column).")
@click.option("--cell", metavar="LABEL", help="With a sweep's DIR: the cell (the `cell` column).")
@click.option("--strategy", "-s", metavar="NAME", help="The search player that reviews, with its budget per "
              "decision (default: mc(budget=48,width=3); see docs/review.md).")
@click.option("--rollouts", type=int, metavar="N", help="Fresh paired rollouts per choice that measure each "
              "loss (default: the reviewer's per searched choice, budget / width).")
@click.option("--seed", type=int, help="Seed of the reviewer's rollouts (default: fresh entropy, printed).")
@click.option("--top", type=int, default=5, show_default=True, help="How many of the costliest decisions (and of the gains) to show.")
@click.option("--out", type=click.Path(path_type=Path),
              help="CSV file of every decision (default: results/review-<game>-<YYYYmmdd-HHMMSS>.csv).")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
@quiet_flag
def review(source, game_index, cell, strategy, rollouts, seed, top, out, force, quiet):
    """Replay one game and ask a search player about every decision of the player: what was
    chosen, what it rates best and what the choice lost or gained, with 95% intervals.

    FILE is a game saved by `automa-sim play` (docs/play.md), finished or not. DIR is a results
    folder with --game-index (and --cell for a sweep): a run of simulate or sweep, whose player's
    choices come from replaying the game with its strategy, seed and options from DIR/manifest.json,
    or a folder of a person's games (results/play/GAME). Prints the decisions that lost the most
    with certainty (the lower end of the loss's interval, in win chance first, then in VP; those not
    significant marked), each with the board at that point and the better choice in words, then
    where the player beat the reviewer, and writes every decision as CSV. It
    states its rollouts per decision, says how long it will take after timing its first decision,
    and shows progress on a terminal. See docs/review.md.

    \b
    Example:
      automa-sim simulate stroganov --games 4 --seed 1 --strategy greedy --out results/review-example --force --quiet
      automa-sim review results/review-example --game-index 2 --strategy 'mc(budget=8,width=2)' --seed 1
    """
    import json
    import time
    from datetime import datetime

    from automa.table import review as rev
    from automa.core.seeding import fresh_entropy
    from automa.run.simulate import progress_bar

    if top < 1:
        raise UsageError(f"--top must be at least 1, got {top}")
    if rollouts is not None and rollouts < 2:
        raise UsageError(f"--rollouts must be at least 2 (for an interval), got {rollouts}")
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    if source.is_file():
        if game_index is not None or cell is not None:
            raise UsageError(f"review FILE takes the game from the saved game; drop "
                             f"{'--game-index' if game_index is not None else '--cell'}")
        target = rev.saved_target(source)
    elif (source / "manifest.json").is_file():
        if game_index is None or game_index < 0:
            raise UsageError("review DIR needs --game-index N (a non-negative integer)")
        try:
            kind = json.loads((source / "manifest.json").read_text()).get("kind")
        except ValueError as exc:
            raise UsageError(f"{source}/manifest.json is not valid JSON: {exc}") from None
        if kind == "play":
            if cell is not None:
                raise UsageError(f"--cell: {source} holds a person's games, not a sweep")
            target = rev.played_target(source, game_index)
        else:
            spec = run_spec(source, cell, game_index)
            target = rev.run_target(source, spec, cell, game_index)
    else:
        raise UsageError(f"{source}: neither a saved game nor a results folder (no manifest.json)")
    spec = target.spec
    reviewer = rev.reviewer_spec(spec.game, strategy or rev.DEFAULT_REVIEWER)
    out = out or Path("results") / f"review-{spec.game.name}-{datetime.now():%Y%m%d-%H%M%S}.csv"
    if out.exists() and not force:
        raise UsageError(f"output file {out} already exists; use --force to overwrite it or choose another --out")
    seed = fresh_entropy() if seed is None else seed
    decisions, ctx = rev.check(target)
    say = (lambda line: None) if quiet else (lambda line: click.echo(line, err=True))
    say(f"reviewing {decisions} decisions with {reviewer.canonical}: {rev.cost(reviewer, rollouts)}")
    bar = progress_bar(decisions, quiet, unit="decision")

    def seen(d):
        if d.number == 1:
            say(f"the first decision took {d.seconds:.2f} s, so the review takes up to about "
                f"{rev.duration(d.seconds * decisions)} (later decisions cost less: less of the game is left "
                f"to play out)")
        bar.update(1)
    clock = time.perf_counter()
    try:
        done = rev.review(target, reviewer, seed, rollouts, ctx, seen)
    finally:
        bar.close()
    spent = time.perf_counter() - clock
    say(f"reviewed in {rev.duration(spent)} ({spent / max(1, decisions):.2f} s per decision)")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        rev.write_csv(done, out)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    click.echo(rev.text(done, top, out))


@app.command()
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--ladder", "ladder_dir", type=click.Path(path_type=Path), metavar="DIR",
              help="A folder written by `automa-sim ladder` (default: the published results/<game>/ladder).")
@click.option("--strategy", "-s", metavar="NAME",
              help="Rate only this strategy's games (the `strategy` column; default: each strategy in DIR apart).")
@click.option("--out", type=click.Path(path_type=Path), help="Also write what to expect per setting as CSV.")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
def rate(folder, ladder_dir, strategy, out, force):
    """Place a set of games on a published ladder: the rung whose margins match, and the win rate and
    margin to expect at each of the ladder's settings, with 95% intervals.

    DIR holds games at one or more of the ladder's settings (games.csv, games.csv.gz or
    games.parquet): a person's (results/play/GAME), a simulate run or a sweep. Games at settings
    the ladder does not have are left out, and with fewer than 5 games it says how little they
    tell. The method (a maximum-likelihood placement of the mean margin among the ladder's
    players at the same setting, with a likelihood-ratio interval): docs/review.md. The rungs are
    named in words, the search player with its budget; a placement means that the games' margins
    are those of that player at the same settings, so its win rates are what to expect.

    \b
    Example:
      automa-sim rate results/rurik/difficulty --strategy greedy
      automa-sim simulate stroganov --games 3 --seed 2 --out results/rate-example --force --quiet
      automa-sim rate results/rate-example
    """
    import csv

    from automa.studies import rate as rating

    if out is not None and out.exists() and not force:
        raise UsageError(f"output file {out} already exists; use --force to overwrite it or choose another --out")
    ladder, ratings = rating.rate_folder(folder, ladder_dir, strategy)
    click.echo(rating.scale(ladder))
    for r in ratings:
        click.echo("")
        click.echo(rating.text(r))
    if out is not None:
        rows = rating.table(ratings)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            with open(out, "w", newline="") as f:
                writer = csv.DictWriter(f, list(rows[0]), lineterminator="\n")
                writer.writeheader()
                writer.writerows(rows)
        except OSError as exc:
            raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
        click.echo(f"\ntable written to {out}")


@app.command()
@click.argument("game", shell_complete=complete_game)
@click.argument("dirs", metavar="DIR...", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True, metavar="FILE",
              help="The model file to write (JSON): for the game's `learned` player, or a position value.")
@click.option("--seed", type=int, required=True,
              help="Seed of the held-out games and the cross-validation folds (a non-negative integer).")
@click.option("--target", type=click.Choice(["value", "margin"]), default="value",
              show_default=True, help="What a choice model predicts of a choice: the search's mean value or margin "
              "(a position value always predicts the final margin).")
@click.option("--form", type=click.Choice(["trees", "linear"]), default=None,
              help="A choice model's form: gradient-boosted trees (the default) or a ridge regression; a "
              "position value is linear.")
@click.option("--folds", type=int, default=5, show_default=True, help="Folds of the cross-validation of lambda.")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
@click.pass_context
def learn(ctx, game, dirs, out, seed, target, form, folds, force):
    """Fit GAME's learned evaluation to the training records in DIR/records.csv.gz.

    Records of `label` runs give a choice model: per group of decisions, gradient-boosted trees (or,
    with --form linear, a ridge regression with lambda by cross-validation over games) of each
    choice's advantage (its value minus its decision's mean); a fifth of the games is held out to
    compare the model's picks with the policy's. Records of
    `positions` runs give a position value (for mc's horizon): per round a ridge regression of the
    game's final margin, with its spread; the held-out games measure how much of the margin and of
    the value it explains. Writes the model file and prints those measurements and a learning curve.
    The method and the file: docs/learned.md.

    \b
    Example:
      automa-sim simulate rurik --strategy label --games 200 --seed 1 --out results/label-rurik --quiet
      automa-sim learn rurik results/label-rurik --out results/rurik-model.json --seed 1
      automa-sim simulate rurik --strategy positions --games 400 --seed 1 --out results/positions-rurik --quiet
      automa-sim learn rurik results/positions-rurik --out results/rurik-position.json --seed 1
    """
    from automa.core.model import write
    from automa.core.registry import get_game, strategy_class
    from automa.studies import learn as learning, learn_position

    if seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    if out.exists() and not force:
        raise UsageError(f"output file {out} already exists; use --force to overwrite it or choose another --out")
    regenerate = shlex.join(["automa-sim", *ctx.obj])
    if learn_position.holds_positions(dirs):
        from strategies.search import expected_value

        if form == "trees":
            raise UsageError("--form trees: a position value is linear; leave --form out")
        features = strategy_class(get_game(game), "positions").features  # UsageError if the game has none
        model = learn_position.fit(dirs, features.names, features.version, game, seed, expected_value,
                                   folds=folds, regenerate=regenerate)
        report = learn_position.text(model)
    else:
        features = strategy_class(get_game(game), "learned").features
        records = learning.read_records(dirs, features.names)
        model = learning.fit(records, features.names, features.version, game, seed, target, folds=folds,
                             regenerate=regenerate, form=form or "trees")
        report = learning.text(model)
    write(model, out)
    click.echo(report)
    click.echo(f"\nmodel written to {out}")


def run_spec(out: Path, cell: str | None, game_index: int):
    """The :class:`RunSpec` that played game ``game_index`` of the run (or sweep ``cell``) in ``out``."""
    import json

    from automa.run.simulate import resolve
    from automa.run.sweep_spec import load_spec

    try:
        manifest = json.loads((out / "manifest.json").read_text())
    except ValueError as exc:
        raise UsageError(f"{out}/manifest.json is not valid JSON: {exc}") from None
    if manifest.get("kind") == "sweep":
        sweep = load_spec(Path(manifest["spec"]), manifest["games_per_cell"], text=manifest["spec_toml"])
        labels = [c.label for c in sweep.cells]
        if cell not in labels:
            raise UsageError(f"{out} is a sweep: give --cell, one of: {', '.join(map(repr, labels))}")
        chosen = sweep.cells[labels.index(cell)]
        spec, games = chosen.spec, sweep.cell_games(chosen)
    else:
        if cell is not None:
            raise UsageError(f"--cell: {out} is a simulate run, not a sweep")
        spec = resolve(manifest["game"], manifest["strategy"], manifest["options"], int(manifest["seed"]))
        games = manifest["games"]
    if game_index >= games:
        raise UsageError(f"--game-index {game_index}: the run in {out} has games 0..{games - 1}")
    return spec


def final_line(final: dict) -> str:
    """The last line of a replay: final scores, per-category scores and the winner; in a game with
    several automa sides each side's score, and in a game with guards the guards that fired."""
    if final["error"]:
        return f"{'error':<14} {final['error']}"
    sides = " ".join(f"{k[5:]}={v}" for k, v in final.items() if k.startswith("side_") and v != "")
    return (f"{'final':<14} player={final['player_score']} automa={final['automa_score']} "
            f"margin={final['margin']} winner={final['winner']} rounds={final['rounds']} "
            f"turns={final['turns']} | player: {_categories(final, 'player')} "
            f"| automa: {_categories(final, 'automa')}"
            + (f" | sides: {sides}" if sides else "")
            + (f" | guards: {final['guards'] or 'none'}" if "guards" in final else ""))


def _categories(final: dict, side: str) -> str:
    from automa.core.results import layout

    prefix = side + "_"
    return " ".join(f"{k[len(prefix):]}={final[k]}" for k in layout(list(final))[1] if k.startswith(prefix))


@app.command()
@click.argument("game", required=False, shell_complete=complete_game)
@click.option("--seed", type=int, help="Root seed (a non-negative integer); default: fresh entropy, printed.")
@click.option("--game-index", "-i", type=int, default=0, show_default=True,
              help="The deal: game N of `simulate --seed SEED` (the same cards and automa deck).")
@option_flag
@click.option("--load", type=click.Path(path_type=Path), metavar="FILE", help="Continue the game saved in FILE.")
@click.option("--save", type=click.Path(path_type=Path), metavar="FILE",
              help="Save the game to FILE (default: --load's FILE, or RESULTS/saves/<YYYYmmdd-HHMMSS>.json).")
@click.option("--results", type=click.Path(path_type=Path), metavar="DIR",
              help="Where a finished game is appended as a row of games.csv (default: results/play/GAME).")
@click.option("--hint-strategy", default="mc(budget=16,width=2)", show_default=True, metavar="NAME",
              shell_complete=complete_strategy,
              help="The search player whose verdict `hint` shows, with its budget (rollouts per decision).")
@click.option("--screen", type=click.Choice(["auto", "full", "line"]), default="auto", show_default=True,
              help="full: the table stays in place, the choices in a pane of their own (a terminal of at "
                   "least 80x24); line: lines in and out, for pipes and scripts; auto: full on a real "
                   "terminal that big, line otherwise.")
@click.pass_context
def play(ctx, game, seed, game_index, option_pairs, load, save, results, hint_strategy, screen):
    """Play a whole solo game of GAME at the keyboard against the official automa.

    Each decision lists its choices in words; type a number, or a command: hint, undo, board,
    log, help, save FILE, quit. The automa's turns are told step by step with their rule IDs. The
    game is saved at every prompt (and on Ctrl-C or when the terminal closes); a finished game is
    added to the results folder and placed on the published ladder of its setting. On a terminal of
    at least 80x24 it opens full screen, the table in place and the choices in a pane of their own;
    in a pipe or a script, plain lines (--screen). See docs/play.md.

    \b
    Example:
      automa-sim play rurik --seed 1
      automa-sim play stroganov --option opponent=katyusha --hint-strategy 'mc(budget=8)'
    """
    from automa.table.play import full_screen, start

    front = None
    if full_screen(screen):
        from automa.table.fullscreen import Screenful

        front = Screenful()
    command = shlex.join(["automa-sim", *ctx.obj])
    code = start(game, parse_options(option_pairs, game), seed, game_index, load, save, results, hint_strategy, command,
                 front)
    if code:
        sys.exit(code)


@app.group("list")
def list_cmd():
    """List games, a game's strategies, or a game's options.

    \b
    Example:
      automa-sim list options rurik
    """


@list_cmd.command("games")
def list_games():
    """List the games.

    \b
    Example:
      automa-sim list games
    """
    from automa.core.registry import game_names, get_game

    for name in game_names():
        try:
            title = get_game(name).title
        except UsageError as exc:
            title = f"(not available: {exc})"
        click.echo(f"{name:<12} {title}")


@list_cmd.command("strategies")
@click.argument("game", required=False, shell_complete=complete_game)
@click.option("--long", "-v", "long", is_flag=True,
              help="Each strategy's whole description and every parameter with its default, type and help.")
def list_strategies(game, long):
    """List the built-in and plugin strategies of GAME (default: of every game), one line each: the
    name and what it does. --long adds each parameter (set them as --strategy 'NAME(key=value,...)').

    \b
    Example:
      automa-sim list strategies
      automa-sim list strategies rurik --long
    """
    from automa.core.registry import game_names, get_game, get_strategy, strategy_names

    for name in [game] if game else game_names():
        indent = "" if game else "  "
        if not game:
            click.echo(f"{name}:")
            try:
                get_game(name)
            except UsageError as exc:
                click.echo(f"{indent}(not available: {exc})")
                continue
        entry = get_game(name)
        for strategy in strategy_names(entry):
            spec = get_strategy(entry, strategy)
            default = " (default)" if strategy == entry.default_strategy else ""
            about = spec.description if long else _first_clause(spec.description)
            click.echo(f"{indent}{strategy:<16} {about}{default}".rstrip())
            for p in spec.params if long else ():
                click.echo(f"{indent}{'':<18}{p.name}={p.default} ({p.type}) {p.help}")
    if not long:
        click.echo(f"(automa-sim list strategies {game or 'GAME'} --long: each strategy's parameters)")


def _first_clause(text: str) -> str:
    """A description up to its first colon, semicolon or parenthesis: what the strategy does, in short."""
    for stop in (":", ";", " ("):
        text = text.split(stop)[0]
    return text.strip()


@list_cmd.command("options")
@click.argument("game", shell_complete=complete_game)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: a list of {name, type, default, allowed, help, ref}, values as typed after --option.")
def list_options(game, fmt):
    """List GAME's options with default, allowed values, help and rule reference.

    Values are shown as they are typed after --option NAME= (an empty default as "").

    \b
    Example:
      automa-sim list options rurik
      automa-sim list options stroganov --format json
    """
    import json

    from automa.core.registry import get_game

    options = get_game(game).options
    if fmt == "json":
        click.echo(json.dumps([opt.describe() for opt in options], indent=2))
        return
    for opt in options:
        ref = f" [{opt.ref}]" if opt.ref else ""
        default = opt.typed(opt.default) or '""'
        click.echo(f"{opt.name}  (default: {default}; allowed: {opt.describe_allowed()})\n"
                   f"    {opt.help}{ref}")


@app.group("rules")
def rules_cmd():
    """Write the data files a user can fill in from the printed game.

    \b
    Example:
      automa-sim rules template rurik --file scoring > results/my-scoring.toml
    """


@rules_cmd.command("template")
@click.argument("game")
@click.option("--file", "option", metavar="OPTION",
              help="Which file option's template: Rurik scoring (default) or automa (the Rebellion); Stroganov rules (default) or automa (Ivan and Katyusha); Root maps, deck or components (default).")
@click.option("--format", "fmt", type=click.Choice(["toml", "json"]), default="toml", show_default=True,
              help="Commented TOML, or JSON (no comments).")
@click.option("--out", type=click.Path(path_type=Path), help="Write to this file instead of standard output.")
def rules_template(game, option, fmt, out):
    """Print GAME's data file with every open parameter: its packaged value, rule ID and component.

    Fill it in from your copy of the game and pass it back with --option OPTION=PATH; every key is
    read, an unknown key is an error.

    \b
    Example:
      automa-sim rules template stroganov > results/my-rules.toml
      automa-sim simulate stroganov --games 100 --seed 1 --option rules=results/my-rules.toml
    """
    from automa.core.registry import get_game

    files = {f.option: f for f in get_game(game).data_files}
    if not files:
        raise UsageError(f"game {game} has no data files to fill in")
    option = option or list(files)[-1]
    if option not in files:
        raise UsageError(f"--file {option}: game {game} has no such data file; known: {', '.join(files)}")
    text = files[option].template(fmt)
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    click.echo(f"wrote {out}; pass it back with --option {option}={out}")


@app.command("summarize")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--by", multiple=True, metavar="COLUMN",
              help="Group by this column; repeatable (default: strategy and every option; a sweep's "
                   "cells keep their order).")
@click.option("--where", multiple=True, metavar="COLUMN=VALUE",
              help="Only the games whose COLUMN holds VALUE, as the games file writes it (an option's value "
                   "in any form it takes, e.g. modules=warfare,epic); repeatable: all must hold.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table",
              show_default=True, help="table: the main statistics for people; csv or json: every "
                                      "column of summary.csv, for machines.")
def summarize_cmd(path, by, where, fmt):
    """Recompute the summary of a results directory (or games file) and print it.

    Numbers are rounded to 4 decimals (the table: to what is worth reading).

    \b
    Example:
      automa-sim simulate rurik --games 50 --seed 1 --out results/summarize-example --force --quiet
      automa-sim summarize results/summarize-example --by rebel_leader
      automa-sim summarize results/summarize-example --where difficulty=2 --by winner
      automa-sim summarize results/summarize-example --format csv > results/summarize-example-summary.csv
    """
    from automa.analysis.select import parse_where, where as select
    from automa.core.registry import get_game
    from automa.core.results import games_file, read_games
    from automa.analysis.stats import configuration, rounded, summarize, summary_text

    conditions = parse_where(where)
    games = read_games(games_file(path), get_game)
    if conditions:
        games = select(games, conditions, get_game(games["game"].iloc[0]))
    named, by = bool(by), list(by) or configuration(games)
    summary = rounded(summarize(games, by))
    if fmt == "csv":
        click.echo(summary.to_csv(index=False), nl=False)
    elif fmt == "json":
        click.echo(summary.to_json(orient="records", indent=2))
    else:
        defaults = {} if named else {o.name: o.default for o in get_game(games["game"].iloc[0]).options}
        click.echo(summary_text(summary, by, defaults))


@app.command()
@click.argument("run_a", metavar="DIR_A", type=click.Path(path_type=Path))
@click.argument("run_b", metavar="[DIR_B]", type=click.Path(path_type=Path), required=False)
@click.option("--cell", "cells", multiple=True, metavar="LABEL",
              help="With one sweep DIR_A: a cell (the `cell` column); give two, A then B.")
def compare(run_a, run_b, cells):
    """Compare two runs of one game, or two cells of a sweep: B's win rate and mean margin minus A's,
    with 95% intervals.

    Runs with the same seed played the same deals, so they are compared game by game (paired), over
    the games both finished; with different seeds, or different game counts, it says so (different
    seeds: independent intervals, wider). DIR_A and DIR_B are results directories or games files.
    Two cells of one sweep always share the seed: they are paired over the game indices both played.

    \b
    Example:
      automa-sim simulate rurik --games 200 --seed 1 --out results/compare-a --force --quiet
      automa-sim simulate rurik --games 200 --seed 1 --strategy random --out results/compare-b --force --quiet
      automa-sim compare results/compare-a results/compare-b
      automa-sim compare results/rurik/difficulty --cell "master difficulty=2 rebel_leader=sviatopolk" --cell "master difficulty=3 rebel_leader=sviatopolk"
    """
    from automa.analysis.compare import compare as compare_runs
    from automa.analysis.compare import text
    from automa.analysis.select import cell
    from automa.core.registry import get_game
    from automa.core.results import games_file, read_games

    if cells:
        if run_b is not None or len(cells) != 2:
            raise UsageError("compare cells as: compare DIR --cell LABEL_A --cell LABEL_B (one sweep, two cells)")
        games = read_games(games_file(run_a), get_game)
        a, b = (cell(games, label, str(run_a)) for label in cells)
        click.echo(text(compare_runs(a, b), cells))
        return
    if run_b is None:
        raise UsageError("compare needs DIR_B, or two --cell LABEL of the sweep DIR_A")
    result = compare_runs(read_games(games_file(run_a), get_game), read_games(games_file(run_b), get_game))
    click.echo(text(result, (str(run_a), str(run_b))))


@app.command()
@click.argument("games", nargs=-1, shell_complete=complete_game)
@click.option("--seconds", type=float, default=2.0, show_default=True,
              help="Target seconds per measurement (each cell makes three).")
@click.option("--games", "-n", "count", type=int, help="Play exactly this many games per measurement instead.")
@click.option("--overhead", is_flag=True, help="Instead: games/s of the bare engine loop, of bench, of a whole run "
                                               "in this process and of `automa-sim simulate -j 1` as a new process "
                                               "(startup included), one process each; cli/bench is their ratio.")
@click.option("--rollout", is_flag=True, help="Instead: ms per rollout from mid-game decisions against ms per "
                                              "game, for the rollout policy (--strategy, default random).")
@strategy_flag
@option_flag
def bench(games, seconds, count, overhead, rollout, strategy, option_pairs):
    """Measure games/s per engine and built-in strategy (or only --strategy), in 1 process and in 2.

    Without GAME, every available game is measured; each cell is announced on stderr as it starts.
    With --overhead, measure where a whole run's time goes beyond the engine
    (default: 2,000 games of each game's default strategy, or --strategy, best of 3).
    With --rollout, measure what a search player pays per rollout (40 games, or --games).

    \b
    Example:
      automa-sim bench rurik --seconds 5
      automa-sim bench rurik --strategy random --games 200
      automa-sim bench rurik --overhead --strategy random --games 4000
      automa-sim bench rurik --rollout --games 20
      automa-sim bench root --strategy random --games 100 -o map=mountain -o setup=advanced
    """
    from automa.run.bench import bench as run_bench
    from automa.run.bench import overhead as run_overhead
    from automa.run.bench import overhead_table, table
    from automa.core.registry import game_names, get_game

    names = list(games)
    if not names:
        for name in game_names():
            try:
                get_game(name)
                names.append(name)
            except UsageError as exc:
                click.echo(f"skipping {name}: {exc}", err=True)
    if count is not None and count < 1:
        raise UsageError(f"--games must be at least 1, got {count}")
    if option_pairs and len(names) != 1:
        raise UsageError("--option needs exactly one GAME: an option is a game's")
    options = parse_options(option_pairs, names[0]) if option_pairs else {}
    if options and (overhead or rollout):
        raise UsageError("--option measures a plain bench; leave out --overhead and --rollout")
    if not seconds > 0:
        raise UsageError(f"--seconds must be above 0, got {seconds}")
    if overhead:
        click.echo(overhead_table([run_overhead(n, strategy, count or 2000) for n in names]))
        return
    if rollout:
        from automa.run.bench import rollout_cost, rollout_table
        rows = []
        for n in names:
            row = rollout_cost(n, strategy, count or 40)
            if row is None:
                click.echo(f"skipping {n}: it offers no rollouts yet", err=True)
            else:
                rows.append(row)
        click.echo(rollout_table(rows))
        return
    click.echo(table(run_bench(names, seconds, count, strategy, lambda line: click.echo(line, err=True), options)))


@app.command()
@click.argument("spec", type=click.Path(path_type=Path), required=False)
@click.option("--out", type=click.Path(path_type=Path),
              help="Output directory (default: results/<spec name>-<YYYYmmdd-HHMMSS>/).")
@jobs_flag
@click.option("--games", "-n", type=int, help="Games per cell instead of the spec's (a quick check); it also "
                                               "caps each count of the spec's games_by_strategy.")
@click.option("--format", "fmt", type=click.Choice(["csv", "csv.gz", "parquet"]), default="csv", show_default=True,
              help="Format of the games file (csv.gz: gzipped CSV, small enough to publish).")
@quiet_flag
@force_flag
@backend_flag
@scheduler_flag
@resume_flag
@click.pass_context
def sweep(ctx, spec, out, jobs, games, fmt, quiet, force, backend, scheduler, resume):
    """Play every cell of a sweep SPEC (TOML) on common random numbers.

    Game i of every cell uses the same seed, so cells are compared game by game. Writes games.csv
    (with a cell column), summary.csv, paired.csv (each cell against the baseline) and manifest.json.

    \b
    Example:
      automa-sim sweep sweeps/rurik-difficulty.toml --out results/rurik-difficulty --jobs 4
      automa-sim sweep --resume results/rurik-difficulty
    """
    from automa.run.sweep import human_summary, resume_sweep, run_sweep
    from automa.run.sweep_spec import load_spec

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("spec", "out", "games", "fmt", "force"))
        outcome = resume_sweep(resume, jobs, quiet, command, backend, scheduler)
    else:
        if spec is None:
            raise UsageError("sweep needs SPEC (or --resume DIR)")
        if games is not None and games < 1:
            raise UsageError(f"--games must be at least 1, got {games}")
        outcome = run_sweep(load_spec(spec, games), jobs, out, force, quiet, command, backend, scheduler, fmt=fmt)
    click.echo(human_summary(outcome))
    finish(outcome, "sweep")


@app.command()
@click.argument("game", required=False)
@click.option("--strategy", "-s", multiple=True, metavar="NAME",
              help="Strategy to measure; repeatable (default: the game's default; see `list strategies GAME`).")
@option_flag
@click.option("--only", multiple=True, metavar="NAME",
              help="Vary only this assumption (a rule option, or a proposed table such as songs.tiles); "
                   "repeatable (default: every assumption that applies).")
@click.option("--games", "-n", type=int, default=1000, show_default=True,
              help="Games per alternative (and per base cell).")
@design_run_flags("sensitivity")
def sensitivity(ctx, game, strategy, option_pairs, only, games, seed, jobs, out, quiet, force, backend,
                scheduler, resume):
    """Switch GAME's assumptions one at a time and show which ones move the results.

    The assumptions are the rule options (open points of the rules), open numeric parameters and
    the proposed data tables (e.g. Stroganov's songs.tiles; their alternatives are files in
    automa/GAME/data/alternatives); the --option settings are the base configuration. Every alternative plays the base cell's seeds,
    so its change in win rate and mean margin has a paired 95% interval. Writes a sweep's files,
    sensitivity.csv (sorted by the size of the margin change) and plots/sensitivity.png; render
    them with `automa-sim report DIR`.

    \b
    Example:
      automa-sim sensitivity rurik --games 10 --seed 1 --only final_tie --only deed_timing --out /tmp/sens --force
      automa-sim report /tmp/sens
    """
    from automa.studies import sensitivity as sens

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("game", "strategy", "option_pairs", "only", "games", "seed", "out", "force"))
        design, outcome = sens.resume(resume, jobs, quiet, command, backend, scheduler)
    else:
        if game is None:
            raise UsageError("sensitivity needs GAME (or --resume DIR)")
        design = sens.plan(game, list(strategy), parse_options(option_pairs, game), list(only), games, seed)
        outcome = sens.run(design, jobs, out, force, quiet, command, backend, scheduler)
    if (outcome.out / "sensitivity.csv").is_file():
        from automa.report.sensitivity_report import write_plot

        write_plot(outcome.out)
    click.echo(sens.human_summary(design, outcome))
    finish(outcome, "sensitivity")


@app.command()
@click.argument("game", required=False)
@click.option("--search", default="mc", show_default=True, metavar="NAME",
              help="The search strategy whose budget is varied, with its other parameters, e.g. "
                   "'mcts(c=1.0)'; mc's width grows with the budget unless given, e.g. 'mc(width=2)'.")
@click.option("--budgets", default=",".join(map(str, (1, 2, 4, 8, 16))), show_default=True, metavar="N,N,...",
              help="The rungs: increasing budgets (simulations per decision).")
@click.option("--reference", multiple=True, metavar="NAME",
              help="A fixed strategy drawn as a reference line; repeatable (default: every built-in "
                   "non-search strategy). The first is what each cell is compared with.")
@option_flag
@click.option("--grid", multiple=True, metavar="NAME=V,V,...",
              help="A setting axis; repeatable (default: the game's difficulty settings).")
@click.option("--games", "-n", type=int, default=200, show_default=True, help="Games per cell (paired).")
@design_run_flags("ladder")
def ladder(ctx, game, search, budgets, reference, option_pairs, grid, games, seed, jobs, out, quiet, force, backend,
           scheduler, resume):
    """Win rate against skill: the search player at each budget against each setting, with the fixed
    strategies as reference lines.

    Game i is the same deal in every cell, so the rungs and settings compare game by game. Writes a
    sweep's files and ladder.csv (win rate with its Wilson interval, mean margin, the paired margin
    difference to the first reference, mean score per category), speed.csv (games/s per cell),
    thresholds.csv (per setting, the smallest budget that wins 50%) and plots/ladder.png. A setting
    that needs a larger budget is harder for every kind of player the search stands for.

    \b
    Example:
      automa-sim ladder rurik --budgets 1,2 --games 4 --grid difficulty=1,4 --reference greedy --seed 1 --out /tmp/ladder --force
    """
    from automa.studies import ladder as lad

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("game", "search", "budgets", "reference", "option_pairs", "grid", "games", "seed",
                              "out", "force"))
        design, outcome = lad.resume(resume, jobs, quiet, command, backend, scheduler)
    else:
        if game is None:
            raise UsageError("ladder needs GAME (or --resume DIR)")
        try:
            rungs = [int(b) for b in budgets.split(",")]
        except ValueError:
            raise UsageError(f"--budgets must be whole numbers separated by commas, got {budgets!r}") from None
        design = lad.plan(game, search, rungs, list(reference) or None, parse_options(option_pairs, game), list(grid),
                          games, seed)
        outcome = lad.run(design, jobs, out, force, quiet, command, backend, scheduler)
    if (outcome.out / lad.TABLE).is_file():
        from automa.report.ladder_report import write_plot

        write_plot(outcome.out)
    click.echo(lad.human_summary(design, outcome))
    finish(outcome, "ladder")


@app.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--x", "x", metavar="OPTION", help="Grid option of the main axis: the heat maps' rows, the "
                                                 "win-rate plot's x axis and the findings' steps (default: "
                                                 "difficulty if swept, else the first grid option).")
@click.option("--sensitivity", "sensitivity", metavar="DIR", type=click.Path(path_type=Path),
              help="Sensitivity study each strategy's win rate is given with (its top three assumptions); "
                   "default: the game's published one, results/GAME/sensitivity, if this checkout has it.")
def report(path, x, sensitivity):
    """Write report.html (self-contained), report.md and plots/*.png for a sweep or simulate directory.

    \b
    Example:
      automa-sim report results/rurik-difficulty-20250101-120000 --x rebel_leader
    """
    from automa.report.report import write_report

    for written in write_report(path, x, sensitivity):
        click.echo(written)


@app.command()
@click.argument("game", required=False, shell_complete=complete_game)
@strategy_flag
@click.option("--target", type=float, default=0.5, show_default=True, help="Target player win rate.")
@option_flag
@click.option("--over", metavar="OPTION=V1,V2,...",
              help="Walk these values of one option, easiest first, instead of the game's difficulty ladder "
                   "(for example your own automa files); --option sets the rest.")
@click.option("--by-leader", is_flag=True, help="Calibrate separately for each automa leader (Rurik: rebel_leader).")
@seed_flag
@click.option("--batch", type=int, default=200, show_default=True, help="Games per setting per round.")
@click.option("--max-games", type=int, default=10_000, show_default=True, help="Most games per setting.")
@click.option("--jobs", "-j", type=int, default=os.cpu_count() or 1, show_default="all cores",
              help="Processes; 1 runs serially in this process.")
@click.option("--out", type=click.Path(path_type=Path),
              help="CSV file (default: results/calibrate-<game>-<YYYYmmdd-HHMMSS>.csv); the state of a "
                   "calibration under way is beside it, as NAME.state.json.")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
@click.option("--resume", type=click.Path(path_type=Path), metavar="CSV",
              help="Continue the interrupted calibration whose --out was CSV (its settings come from its "
                   "state file; --jobs may change).")
@click.pass_context
def calibrate(ctx, game, strategy, target, option_pairs, over, by_leader, seed, batch, max_games, jobs, out, force,
              resume):
    """Find the setting of GAME's difficulty ladder whose win rate for a strategy is closest to --target.

    Walks the game's difficulty settings from easiest to hardest (Rurik: difficulty 1-4; Stroganov:
    opponent x difficulty), or the values of --over, on common random numbers, sampling in batches
    until each setting's 95% interval separates from the target or narrows to +-2 points, and while
    the closest settings cannot be told apart. Stops early once every setting's interval lies on one
    side of the target (none can reach it). Recommends a setting only if its data tell it apart from
    the others (else says so). Prints a table and the recommendation and writes them as CSV. Progress
    and the time left (at most) go to stderr; Ctrl-C keeps the finished batches, and --resume goes on.

    \b
    Example:
      automa-sim calibrate rurik --strategy greedy --target 0.5 --by-leader --seed 1
      automa-sim calibrate rurik --strategy greedy --target 0.3 --over rebel_leader=sviatopolk,gleb,maria --option difficulty=1 --seed 1 --out results/calibrate-leaders.csv --force
      automa-sim calibrate --resume results/calibrate-leaders.csv
    """
    import time
    from datetime import datetime

    from automa.core.seeding import fresh_entropy
    from automa.run.finish import resume_command
    from automa.studies import calibrate as cal

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("game", "strategy", "target", "option_pairs", "over", "by_leader", "seed", "batch",
                              "max_games", "out", "force"))
        out = resume
        cal.check_jobs(jobs)
        study = cal.resume(out, command)
    else:
        if game is None:
            raise UsageError("calibrate needs GAME (or --resume CSV)")
        out = out or Path("results") / f"calibrate-{game}-{datetime.now():%Y%m%d-%H%M%S}.csv"
        seed = fresh_entropy() if seed is None else seed
        study = cal.plan(game, strategy, target, parse_options(option_pairs, game), by_leader, cal.parse_over(over),
                         seed, batch, max_games)
        cal.check_jobs(jobs)
        cal.start(study, out, force, command)
    began = time.monotonic()

    def progress(p):
        rate = p.played / max(time.monotonic() - began, 1e-9)
        left = "done" if not p.left else f"at most {_duration(p.left / rate)} left ({p.left:,} games)"
        click.echo(f"round {p.round}: {p.sampled} settings sampled, {p.games:,} games so far "
                   f"({rate:,.0f} games/s); {left}", err=True)

    interrupted = cal.play(study, jobs, progress, lambda c: cal.save_state(c, out))
    cal.finish(study, out, interrupted)
    table = study.table()
    groups = [study.leader] if study.leader else []
    click.echo(cal.text_table(table, groups + study.steps))
    if interrupted:
        click.echo(f"INTERRUPTED in round {study.round} after {study.games():,} games; the finished batches are "
                   f"kept (the table so far in {out}, the state in {cal.state_path(out)}); continue with:")
        click.echo(resume_command("calibrate", out))
        sys.exit(EXIT_INTERRUPTED)
    for line in cal.recommendations(table, study.steps, groups):
        click.echo(line)
    click.echo(f"seed {study.fields['seed']}; table written to {out}")


def _duration(seconds: float) -> str:
    """A time span in words: seconds, minutes or hours."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


@app.command()
@click.argument("game", required=False, shell_complete=complete_game)
@click.argument("strategy", required=False, shell_complete=complete_strategy)
@click.option("--param", "params", multiple=True, metavar="NAME=LOW:HIGH",
              help="Tune this numeric parameter within LOW..HIGH; repeatable (default: every numeric parameter "
                   "the STRATEGY text does not fix, over 0 to twice its value; see docs/tune.md).")
@click.option("--objective", type=click.Choice(["margin", "win_rate"]),
              help="What to maximise: the mean margin (default) or the win rate.")
@click.option("--target", type=float, help="Instead: get the win rate closest to this (e.g. 0.5 at a --option setting).")
@option_flag
@click.option("--trials", type=int, default=200, show_default=True, help="Candidates to try, besides the start.")
@click.option("--batch", type=int, help="Candidates asked and played at a time (default: CMA-ES's 4 + 3 ln N "
                                        "for N parameters).")
@click.option("--games", "-n", type=int, default=200, show_default=True,
              help="Games per trial: games 0..N-1 of the seed, the same deals for every trial.")
@click.option("--confirm-games", type=int, default=1000, show_default=True,
              help="Fresh games (N.. of the seed) on which the best is compared with the start, paired.")
@design_run_flags("tune")
def tune(ctx, game, strategy, params, objective, target, option_pairs, trials, batch, games, confirm_games, seed,
         jobs, out, quiet, force, backend, scheduler, resume):
    """Search STRATEGY's numeric parameters for the best mean margin, win rate or a target win rate.

    Every trial plays the same deals (common random numbers); the optimiser (CMA-ES, the cma
    package) asks a batch of candidates at a time and is told their results in order, so the
    trials are the same for any --jobs or backend. The best trial is then compared with the start
    on fresh deals: the paired difference with its 95% interval. Writes trials.csv, best.txt
    (the --strategy string), confirm.csv, confirm-games.csv, plots/progress.png and manifest.json.
    With --resume DIR, --trials may grow to tune on.

    \b
    Example:
      automa-sim tune rurik expert --param kill=1:3 --param deny=0:2 --trials 6 --batch 3 --games 10 --confirm-games 20 --seed 1 --out results/tune-demo --force
      automa-sim tune --resume results/tune-demo --trials 9
    """
    from automa.studies import tune as tun
    from automa.studies.tune_plan import plan

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("game", "strategy", "params", "objective", "target", "option_pairs", "batch", "games",
                              "confirm_games", "seed", "out", "force"))
        given = ctx.get_parameter_source("trials") not in (None, click.core.ParameterSource.DEFAULT)
        outcome = tun.resume(resume, trials if given else None, jobs, backend, scheduler, command, quiet)
    else:
        if game is None or strategy is None:
            raise UsageError("tune needs GAME and STRATEGY (or --resume DIR)")
        design = plan(game, strategy, list(params), objective, target, parse_options(option_pairs, game), trials,
                      batch, games, confirm_games, seed)
        outcome = tun.start(design, out, force, jobs, backend, scheduler, command, quiet)
    if outcome.manifest["complete"]:
        from automa.report.tune_report import write_plot

        write_plot(outcome.out)
    click.echo(tun.human_summary(outcome))
    if outcome.manifest["interrupted"]:
        from automa.run.finish import resume_command

        click.echo(resume_command("tune", outcome.out))
        sys.exit(EXIT_INTERRUPTED)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the command, turning bad input into one line and exit code 2."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        code = app.main(args=argv, prog_name="automa-sim", standalone_mode=False, obj=argv)
    except UsageError as exc:
        click.echo(f"automa-sim: error: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help())
        sys.exit(0)
    except click.ClickException as exc:
        click.echo(f"automa-sim: error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, click.Abort):
        click.echo("automa-sim: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(code or 0)


if __name__ == "__main__":
    main()
