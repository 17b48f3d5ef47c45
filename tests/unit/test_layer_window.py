"""footwork.space.window: layers stacked over a window of the map, grown on demand."""

from __future__ import annotations

import numpy as np

from footwork.space.window import LayerWindow


def test_a_window_holds_what_is_asked_and_its_margin_and_grows_by_doubling() -> None:
    a = np.arange(100 * 80, dtype=np.int64).reshape(100, 80)
    window = LayerWindow((a, -a), 100, 80, margin=2)
    window.cover(50, 50, 40, 40)
    assert (window.r0, window.r1, window.c0, window.c1) == (48, 53, 38, 43)
    assert np.array_equal(window.layers[0], a[48:53, 38:43])
    assert np.array_equal(window.layers[1], -a[48:53, 38:43])
    stacked = window.layers
    window.cover(50, 50, 40, 40)  # already held: nothing restacked
    assert window.layers is stacked
    window.cover(60, 60, 40, 40)  # outside: grows past what is asked
    assert window.r0 < 48 and window.r1 >= 63 and window.layers.shape[1] >= 10
    window.cover(0, 99, 0, 79)  # clipped to the map
    assert window.layers.shape == (2, 100, 80) and np.array_equal(window.layers[0], a)


def test_spots_go_into_the_window_and_steps_come_back_to_the_map() -> None:
    a = np.zeros((30, 30), dtype=np.int64)
    window = LayerWindow((a,), 30, 30, margin=3)
    spots = np.array([[0, 10, 12, 0, 0], [0, 14, 9, 1, 0]], dtype=np.int64)
    layers, local, corner = window.view(spots)
    assert corner == (window.r0, window.c0) == (7, 6)  # the window grew to hold them
    assert layers is window.layers
    assert local[:, 1:3].tolist() == [[3, 6], [7, 3]]
    assert spots[:, 1:3].tolist() == [[10, 12], [14, 9]]  # the caller's rows untouched
    window.cover(0, 29, 0, 29)  # grown since: the steps go back by the corner they had
    assert window.to_map(local, corner)[:, 1:3].tolist() == [[10, 12], [14, 9]]
