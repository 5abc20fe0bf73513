"""Benchmarks for the referee: engines in-process, the service over HTTP, and the request path.

Run ``make bench`` (``.venv/bin/python -m benchmarks``) from the repository root; ``--help`` lists
the knobs. Every game in :func:`engines.registry.all_games` is measured with the same code,
so a newly registered engine is benchmarked without changes here. Nothing here asserts on time:
the numbers are printed for a person to read (see ``docs/performance.md``).
"""
