"""Boards built from their lines: the checks of RULES-SPEC section 1 (and section 4's triangles)."""

import pytest

from rules.boards import alquerque_37, alquerque_49, bits, triangle_10, triangle_13


def names(board, points):
    return sorted(board.name_of(p) for p in points)


def test_49_point_board_counts():
    b = alquerque_49()
    assert len(b.points) == 49
    assert b.connections == 96


def test_neighbours_of_e5_c1_and_e3():
    b = alquerque_49()
    assert names(b, b.adjacent[b.index_of("e5")]) == ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]
    assert names(b, b.adjacent[b.index_of("e3")]) == ["d2", "d3", "d4", "e2", "e4", "f2", "f3", "f4"]
    assert names(b, b.adjacent[b.index_of("c1")]) == ["d2", "e1"]


def test_jumps_from_e3():
    b = alquerque_49()
    landing = names(b, [to for _, to in b.jumps[b.index_of("e3")]])
    assert landing == ["c1", "c3", "c5", "e1", "e5", "g1", "g3", "g5"]


@pytest.mark.parametrize("apex", ["e3", "g5", "e7", "c5"])
def test_wing_apexes_have_eight_neighbours(apex):
    b = alquerque_49()
    assert len(b.adjacent[b.index_of(apex)]) == 8


def test_wing_cross_lines_skip_missing_lattice_points():
    b = alquerque_49()
    assert names(b, b.adjacent[b.index_of("e9")]) == ["c9", "e8", "g9"]
    assert ("e9", "g9") in {(b.name_of(o), b.name_of(t)) for o, t in b.jumps[b.index_of("c9")]}
    with pytest.raises(ValueError, match="not a point"):
        b.index_of("d9")


def test_two_wing_board():
    b = alquerque_37()
    assert len(b.points) == 37
    assert b.connections == 76
    row5 = [b.name_of(p) for p in b.points if b.name_of(p).endswith("5")]
    assert row5 == ["c5", "d5", "e5", "f5", "g5"]
    assert names(b, b.adjacent[b.index_of("c5")]) == ["c4", "c6", "d4", "d5", "d6"]


def test_rotation_maps_south_to_north():
    b = alquerque_49()
    assert b.name_of(b.rotate(b.index_of("c1"))) == "g9"
    assert b.name_of(b.rotate(b.index_of("h4"))) == "b6"
    assert b.name_of(b.rotate(b.index_of("e5"))) == "e5"


def test_triangles():
    t = triangle_10()
    assert len(t.points) == 10
    assert names(t, t.adjacent[t.index_of("d4")]) == ["c3", "d3", "e3"]
    assert names(t, t.adjacent[t.index_of("a1")]) == ["b2", "d1"]
    big = triangle_13()
    assert len(big.points) == 13
    assert names(big, big.adjacent[big.index_of("e5")]) == ["d4", "e4", "f4"]


def test_shift_tables_match_adjacency():
    """The bitboard shift tables describe exactly the adjacency and jump lists."""
    for b in (alquerque_49(), alquerque_37(), triangle_10(), triangle_13()):
        steps = {(a, a + off) for off, m in b.step_shifts for a in bits(m)}
        assert steps == {(a, q) for a in b.points for q in b.adjacent[a]}
        jumps = {(a, a + off, a + 2 * off) for off, m in b.jump_shifts for a in bits(m)}
        assert jumps == {(a, o, t) for a in b.points for o, t in b.jumps[a]}
