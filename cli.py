"""The ``automa-sim`` command line: simulate, replay, list, summarize, bench, sweep, report, calibrate.

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


def parse_options(pairs: tuple[str, ...]) -> dict[str, str]:
    """``KEY=VALUE`` pairs from repeated ``--option`` flags."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option expects KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


strategy_flag = click.option("--strategy", "-s", metavar="NAME",
                             help="Built-in or plugin strategy name, or package.module:ClassName "
                                  "(default: the game's default; see `list strategies GAME`).")
backend_flag = click.option("--backend", type=click.Choice(["processes", "serial", "dask"]), default="processes",
                            show_default=True, help="Where games are played: a local process pool, this "
                            "process, or a dask.distributed cluster (needs automa-sim[cluster]).")
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


option_flag = click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
                           help="Set a game or rule option; repeatable (see `list options GAME`).")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="automa-sim")
def app():
    """Seeded batch simulation of board-game solo automata.

    \b
    Example:
      automa-sim simulate rurik --games 1000 --seed 1
    """


def finish(manifest: dict) -> None:
    """Exit 1 if a chunk kept killing its workers (resumable), 130 if Ctrl-C stopped the run."""
    if manifest.get("failure"):
        click.echo(f"automa-sim: error: {manifest['failure']}; finished chunks are kept, continue with "
                   f"--resume", err=True)
        sys.exit(EXIT_FAILED)
    if manifest["interrupted"]:
        sys.exit(EXIT_INTERRUPTED)


@app.command()
@click.argument("game", required=False)
@click.option("--games", "-n", type=int, default=1000, show_default=True, help="Number of games.")
@click.option("--seed", type=int, help="Root seed (a non-negative integer); default: fresh entropy, printed and recorded.")
@strategy_flag
@option_flag
@click.option("--jobs", "-j", type=int, default=os.cpu_count() or 1, show_default="all cores",
              help="Processes (local dask workers with --backend dask); 1 runs serially in this process.")
@click.option("--out", type=click.Path(path_type=Path),
              help="Output directory (default: results/<game>-<YYYYmmdd-HHMMSS>/).")
@click.option("--format", "fmt", type=click.Choice(["csv", "csv.gz", "parquet"]), default="csv", show_default=True,
              help="Format of the games file (csv.gz: gzipped CSV, small enough to publish).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option("--force", is_flag=True, help="Overwrite an existing output directory.")
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
      automa-sim simulate rurik --games 10000 --seed 1 --option difficulty=hard --jobs 4
      automa-sim simulate --resume results/rurik-20250101-120000
    """
    from automa.core.simulate import human_summary, resolve, resume_dir, simulate_dir

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("game", "games", "seed", "strategy", "option_pairs", "out", "fmt", "force"))
        outcome = resume_dir(resume, jobs, quiet, command, backend, scheduler)
    else:
        if game is None:
            raise UsageError("simulate needs GAME (or --resume DIR)")
        spec = resolve(game, strategy, parse_options(option_pairs), seed)
        outcome = simulate_dir(spec, games, jobs, out, fmt, quiet, force, command, backend, scheduler)
    click.echo(human_summary(outcome))
    finish(outcome.manifest)


@app.command()
@click.argument("game")
@click.option("--seed", type=int, required=True, help="The run's root seed (the `seed` column).")
@click.option("--game-index", "-i", type=int, required=True, help="The game's index (the `game_index` column).")
@strategy_flag
@option_flag
@click.option("--json", "as_json", is_flag=True, help="Print the log as JSON lines.")
def replay(game, seed, game_index, strategy, option_pairs, as_json):
    """Play one game of a run again with tracing on and print its turn-by-turn log.

    The final line has the same scores as that game's row in games.csv.

    \b
    Example:
      automa-sim replay rurik --seed 1 --game-index 42
    """
    from automa.core.runner import replay as replay_game
    from automa.core.simulate import resolve
    from automa.core.trace import event_json, event_line

    if game_index < 0:
        raise UsageError(f"--game-index must be a non-negative integer, got {game_index}")
    events, final = replay_game(resolve(game, strategy, parse_options(option_pairs), seed), game_index)
    for event in events:
        click.echo(event_json(event) if as_json else event_line(event))
    click.echo(event_json({"kind": "final", **final}) if as_json else final_line(final))
    if final["error"]:
        sys.exit(1)


def final_line(final: dict) -> str:
    """The last line of a replay: final scores, per-category scores and the winner."""
    if final["error"]:
        return f"{'error':<14} {final['error']}"
    return (f"{'final':<14} player={final['player_score']} automa={final['automa_score']} "
            f"margin={final['margin']} winner={final['winner']} rounds={final['rounds']} "
            f"turns={final['turns']} | player: {_categories(final, 'player')} "
            f"| automa: {_categories(final, 'automa')}")


def _categories(final: dict, side: str) -> str:
    from automa.core.results import layout

    prefix = side + "_"
    return " ".join(f"{k[len(prefix):]}={final[k]}" for k in layout(list(final))[1] if k.startswith(prefix))


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
@click.argument("game")
def list_strategies(game):
    """List GAME's built-in and plugin strategies.

    \b
    Example:
      automa-sim list strategies rurik
    """
    from automa.core.registry import get_game, get_strategy, strategy_names

    entry = get_game(game)
    for name in strategy_names(entry):
        cls = get_strategy(entry, name)
        default = " (default)" if name == entry.default_strategy else ""
        about = cls.description or (cls.__doc__ or "").strip().partition("\n")[0]
        click.echo(f"{name:<16} {about}{default}".rstrip())


@list_cmd.command("options")
@click.argument("game")
def list_options(game):
    """List GAME's options with default, allowed values, help and rule reference.

    \b
    Example:
      automa-sim list options rurik
    """
    from automa.core.registry import get_game

    for opt in get_game(game).options:
        ref = f" [{opt.ref}]" if opt.ref else ""
        click.echo(f"{opt.name}  (default: {opt.default!r}; allowed: {opt.describe_allowed()})\n"
                   f"    {opt.help}{ref}")


@app.command("summarize")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--by", multiple=True, metavar="COLUMN",
              help="Group by this column; repeatable (default: strategy and every option).")
def summarize_cmd(path, by):
    """Recompute the summary of a results directory (or games file) and print it as CSV.

    \b
    Example:
      automa-sim summarize results/rurik-20250101-120000 --by strategy > summary.csv
    """
    from automa.core.results import games_file, read_games
    from automa.core.stats import summarize

    click.echo(summarize(read_games(games_file(path)), list(by) or None).to_csv(index=False), nl=False)


@app.command()
@click.argument("games", nargs=-1)
@click.option("--seconds", type=float, default=2.0, show_default=True,
              help="Target seconds per measurement (each cell makes three).")
@click.option("--games", "-n", "count", type=int, help="Play exactly this many games per measurement instead.")
@click.option("--overhead", is_flag=True, help="Instead: rows/s of a whole run (CSV, chunk files, summary) "
                                               "over rows/s of the bare engine loop, in one process.")
@strategy_flag
def bench(games, seconds, count, overhead, strategy):
    """Measure games/s per engine and built-in strategy, in 1 process and in 2.

    Without GAME, every available game is measured. With --overhead, measure the runner's overhead
    (default: 2,000 games of each game's default strategy, or --strategy, best of 3).

    \b
    Example:
      automa-sim bench rurik --seconds 5
      automa-sim bench rurik --overhead --strategy random --games 4000
    """
    from automa.core.bench import bench as run_bench
    from automa.core.bench import overhead as run_overhead
    from automa.core.bench import overhead_table, table
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
    if overhead:
        click.echo(overhead_table([run_overhead(n, strategy, count or 2000) for n in names]))
        return
    click.echo(table(run_bench(names, seconds, count)))


@app.command()
@click.argument("spec", type=click.Path(path_type=Path), required=False)
@click.option("--out", type=click.Path(path_type=Path),
              help="Output directory (default: results/<spec name>-<YYYYmmdd-HHMMSS>/).")
@click.option("--jobs", "-j", type=int, default=os.cpu_count() or 1, show_default="all cores",
              help="Processes (local dask workers with --backend dask); 1 runs serially in this process.")
@click.option("--games", "-n", type=int, help="Games per cell instead of the spec's (a quick check).")
@click.option("--format", "fmt", type=click.Choice(["csv", "csv.gz"]), default="csv", show_default=True,
              help="Format of the games file (csv.gz: gzipped CSV, small enough to publish).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option("--force", is_flag=True, help="Overwrite an existing output directory.")
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
    from automa.core.sweep import human_summary, load_spec, resume_sweep, run_sweep

    command = shlex.join(["automa-sim", *ctx.obj])
    if resume is not None:
        no_run_settings(ctx, ("spec", "out", "games", "fmt", "force"))
        outcome = resume_sweep(resume, jobs, quiet, command, backend, scheduler)
    else:
        if spec is None:
            raise UsageError("sweep needs SPEC (or --resume DIR)")
        if games is not None and games < 1:
            raise UsageError(f"--games must be at least 1, got {games}")
        outcome = run_sweep(load_spec(spec, games), jobs, out, force, quiet, command, backend, scheduler, fmt)
    click.echo(human_summary(outcome))
    finish(outcome.manifest)


@app.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--x", "x", metavar="OPTION", help="Grid option of the main axis: the heat maps' rows, the "
                                                 "win-rate plot's x axis and the findings' steps (default: "
                                                 "difficulty if swept, else the first grid option).")
def report(path, x):
    """Write report.html (self-contained), report.md and plots/*.png for a sweep or simulate directory.

    \b
    Example:
      automa-sim report results/rurik-difficulty-20250101-120000 --x rebel_leader
    """
    from automa.core.report import write_report

    for written in write_report(path, x):
        click.echo(written)


@app.command()
@click.argument("game")
@strategy_flag
@click.option("--target", type=float, default=0.5, show_default=True, help="Target player win rate.")
@option_flag
@click.option("--by-leader", is_flag=True, help="Calibrate separately for each automa leader (Rurik: rebel_leader).")
@click.option("--seed", type=int, help="Root seed (a non-negative integer); default: fresh entropy, printed and recorded.")
@click.option("--batch", type=int, default=200, show_default=True, help="Games per setting per round.")
@click.option("--max-games", type=int, default=10_000, show_default=True, help="Most games per setting.")
@click.option("--jobs", "-j", type=int, default=os.cpu_count() or 1, show_default="all cores",
              help="Processes; 1 runs serially in this process.")
@click.option("--out", type=click.Path(path_type=Path),
              help="CSV file (default: results/calibrate-<game>-<YYYYmmdd-HHMMSS>.csv).")
@click.option("--force", is_flag=True, help="Overwrite an existing --out file.")
def calibrate(game, strategy, target, option_pairs, by_leader, seed, batch, max_games, jobs, out, force):
    """Find GAME's difficulty setting whose win rate for a strategy is closest to --target.

    Walks the game's difficulty settings from easiest to hardest (Rurik: difficulty 1-4; Stroganov:
    opponent x difficulty) on common random numbers, sampling in batches until each setting's 95%
    interval separates from the target or narrows to +-2 points. Prints a table and the
    recommendation and writes them as CSV.

    \b
    Example:
      automa-sim calibrate rurik --strategy greedy --target 0.5 --by-leader --seed 1
    """
    from datetime import datetime

    from automa.core import calibrate as cal
    from automa.core.seeding import fresh_entropy

    out = out or Path("results") / f"calibrate-{game}-{datetime.now():%Y%m%d-%H%M%S}.csv"
    if out.exists() and not force:
        raise UsageError(f"output file {out} already exists; use --force to overwrite it or choose another --out")
    seed = fresh_entropy() if seed is None else seed
    table = cal.calibrate(game, strategy, target, parse_options(option_pairs), by_leader, seed, batch,
                          max_games, jobs, lambda r, n, g: click.echo(
                              f"round {r}: {n} settings sampled, {g:,} games so far", err=True))
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(out, index=False)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    groups, steps = cal.ladder_columns(game, by_leader)
    click.echo(cal.text_table(table, groups + steps))
    for line in cal.recommendations(table, steps, groups):
        click.echo(line)
    click.echo(f"seed {seed}; table written to {out}")


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
