"""A client process for the kill tests: appends to one table until it is killed.

    python -m tests.store.appender DATABASE TABLE PREFIX

prints ``ack <command id> <version>`` (flushed) after each acknowledged append. It
stops by itself after ``LIMIT`` appends or ``SECONDS`` seconds, so a lost parent never
leaves it running.
"""

from __future__ import annotations

import sys
import time

from footwork.store import VersionConflict, open_store

LIMIT = 20_000
SECONDS = 120.0


def main() -> None:
    database, table_id, prefix = sys.argv[1:4]
    store = open_store(database)
    deadline = time.monotonic() + SECONDS
    n = 0
    while n < LIMIT and time.monotonic() < deadline:
        command_id = f"{prefix}{n}"
        version = store.table(table_id).version
        try:
            record = store.append(table_id, version, command_id, "gm", {"n": n},
                                  [{"type": "tick", "n": n, "pad": "x" * 200}])
        except VersionConflict:
            continue
        print(f"ack {command_id} {record.version}", flush=True)
        n += 1
    store.close()


if __name__ == "__main__":
    main()
