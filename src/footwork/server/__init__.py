"""The table server: `footwork serve` (FastAPI over an event store)."""
