"""``make bench``: the figures the issues set targets for, for every registered game.

One harness for all games: :mod:`benchmarks.games` holds a few lines of targets per game, and
every game in :func:`engines.registry.all_games` is measured by the same code (in-process with
:mod:`benchmarks.inprocess`, in instructions with :mod:`benchmarks.instructions`, over HTTP
with wrk in :mod:`benchmarks.load`). Nothing here asserts on time: the run prints each target
with its figure and met/missed for a person to read (see ``docs/performance.md``).
"""
