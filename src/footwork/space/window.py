"""A grid's integer layers stacked over a window of the map, for the compiled searches.

A compiled grid search reads a map's layers (surface, heights...) as one stacked array.
Stacking the whole map costs in proportion to it (tens of milliseconds at 512²) while a
search reads the cells its budget reaches. :class:`LayerWindow` stacks a rectangle of
the map around what is asked (plus a margin: the cells a kernel reads beside a spot it
expands) and grows it, at least doubling, when a later ask falls outside; the kernels
read the window in its own coordinates, :meth:`LayerWindow.view` moves spots into them
and :meth:`LayerWindow.to_map` moves steps back. A window edge that is not the map's is
never read: every spot expanded lies at least ``margin`` cells inside it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["LayerWindow"]

IntArray = npt.NDArray[np.int64]


class LayerWindow:
    """Layers of ``rows`` × ``cols`` cells (each a 2-D array), stacked on demand over rows
    ``r0..r1 - 1`` and cols ``c0..c1 - 1`` (empty until :meth:`cover` is first called)."""

    def __init__(self, sources: Sequence[npt.NDArray[np.generic]], rows: int, cols: int, *,
                 margin: int) -> None:
        self.sources = tuple(sources)
        self.rows, self.cols, self.margin = rows, cols, margin
        self.r0 = self.c0 = self.r1 = self.c1 = 0
        self.layers: IntArray = np.zeros((len(self.sources), 0, 0), dtype=np.int64)
        self._lock = threading.RLock()

    def cover(self, r_lo: int, r_hi: int, c_lo: int, c_hi: int) -> None:
        """Make the window hold rows ``r_lo..r_hi`` and cols ``c_lo..c_hi`` (inclusive)
        and ``margin`` cells around them, clipped to the map."""
        with self._lock:
            self._cover(r_lo, r_hi, c_lo, c_hi)

    def _cover(self, r_lo: int, r_hi: int, c_lo: int, c_hi: int) -> None:
        m = self.margin
        lo_r, hi_r = max(0, r_lo - m), min(self.rows, r_hi + m + 1)
        lo_c, hi_c = max(0, c_lo - m), min(self.cols, c_hi + m + 1)
        if self.r0 <= lo_r and hi_r <= self.r1 and self.c0 <= lo_c and hi_c <= self.c1:
            return
        if self.r1 > self.r0:  # growing: at least double each way, so few restacks
            grow_r, grow_c = self.r1 - self.r0, self.c1 - self.c0
            lo_r = min(lo_r, self.r0 - grow_r // 2)
            hi_r = max(hi_r, self.r1 + grow_r // 2)
            lo_c = min(lo_c, self.c0 - grow_c // 2)
            hi_c = max(hi_c, self.c1 + grow_c // 2)
        self.r0, self.r1 = max(0, lo_r), min(self.rows, hi_r)
        self.c0, self.c1 = max(0, lo_c), min(self.cols, hi_c)
        window = np.empty((len(self.sources), self.r1 - self.r0, self.c1 - self.c0),
                          dtype=np.int64)
        for i, layer in enumerate(self.sources):
            window[i] = layer[self.r0:self.r1, self.c0:self.c1]
        self.layers = window

    def view(self, spots: IntArray) -> tuple[IntArray, IntArray, tuple[int, int]]:
        """For a batch of spots (rows of kind, row, col, ...) to expand: the stacked
        layers that hold them (the window grows first if need be), the spots in the
        window's coordinates (a new C-ordered array) and the window's corner, taken
        together under the window's lock (a window that grows later stacks a new array,
        so what a kernel reads stays whole while another thread grows it)."""
        with self._lock:
            if spots.shape[0]:
                self.cover(int(spots[:, 1].min()), int(spots[:, 1].max()),
                           int(spots[:, 2].min()), int(spots[:, 2].max()))
            layers, corner = self.layers, (self.r0, self.c0)
        local = np.array(spots, dtype=np.int64, order="C")
        local[:, 1] -= corner[0]
        local[:, 2] -= corner[1]
        return layers, local, corner

    @staticmethod
    def to_map(steps: IntArray, corner: tuple[int, int]) -> IntArray:
        """Steps a kernel made in a window whose corner is ``corner`` (rows of kind, row,
        col, ...) back in map coordinates, in place."""
        steps[:, 1] += corner[0]
        steps[:, 2] += corner[1]
        return steps
