"""``make bench``: the figures the issues set targets for, for every registered game, printed
with their targets met or missed for a person to read (``docs/performance.md``); nothing here
asserts on time."""
