"""Every test in this folder keeps the user's data folder (saves, play history, the server's
database) in its own temporary folder, never the real one."""

from __future__ import annotations

from ..support import data_home as data_home
