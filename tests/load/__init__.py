"""Load, faults and hostile bodies: ``make load`` and ``make bench-hostile``
(docs/operations.md)."""
