"""The tabletop rules referee, installed from its wheel under one top-level name.

``tabletop_referee.engines`` holds the games, which work in-process as a typed library
(docs/library.md); ``tabletop_referee.service`` is the HTTP service. ``python -m
tabletop_referee`` and the console script ``tabletop-referee`` serve it on gunicorn.

In a checkout of the repository (the editable install of ``make``), the same modules are the
top-level ``engines`` and ``service``, and this package holds only the entry point: the wheel's
build moves the two under it (``service/distribution/wheel_layout.py``).
"""
