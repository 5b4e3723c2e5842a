"""Position text refuses what a game can never reach, and says why in a player's words.

Each case below loaded before issue 18 (some then froze the app or crashed it later); each
refusal is matched on the words a player reads. The positions next to them, one step away,
are reachable and still load, so the checks do not refuse too much.
"""

from __future__ import annotations

import pytest
from position_fuzz import message_problem
from positions import board_text, untranslated

from rules import load_game, load_state
from rules.kinds import EndCode, NoteCode
from rules.position import MAX_PLY
from rules.words import words_of

KOTU = "kotu_ellima capture=forced first=south limit=20 threefold=draw"
TWO = ".../.../......./......./..SN...../......./......./.../..."  # one South, one North piece
NCUVA = "ncuva after_capture=sow-again columns=4 only_two=on start=even"  # the source's start: 16 a side
#: the source's rules with South first (so whose turn it is follows from the turns played)
SOURCE = {"start": "even", "after_capture": "sow-again", "first": "south"}


def refused(text: str, why: str) -> str:
    with pytest.raises(ValueError, match=why) as err:
        load_state(text)
    message = str(err.value)
    assert message_problem(message) == "", message
    assert untranslated(words_of(err.value)) == "", "a Sinhala player would read this in English"
    return message


# --- Ncuva: the stones ----------------------------------------------------------------------------


def test_the_freezing_ncuva_text_is_refused_by_its_stone_count():
    text = f"{NCUVA}; board=2,0,1,0/1,0,199,2/0,1,1,3/0,3,2,2; turn=N; turns=3; store=8/4; sown=1; ply=6"
    refused(
        text, r"this Ncuva position has 229 stones \(217 on the board, 12 captured\); a 4-column game has 32"
    )
    refused(text.replace("; store=8/4", ""), "this Ncuva position has 217 stones; a 4-column game has 32")


def test_ncuva_stones_are_counted_per_side():
    start = load_game("ncuva", **SOURCE).new_initial_state()
    # 32 stones in all, but South's side holds 18: two came from North without a capture.
    refused(
        f"{start.game.header()}; board=2,2,2,2/2,2,2,0/2,2,2,2/2,2,2,4; turn=S; store=0/0",
        r"^South's rows hold 18 stones and North has captured 0: 18 in all, but South starts with 16 "
        r"\(stones leave a side only when the other captures them\)$",
    )
    # Without store= the stores follow from the board: North lost 4 stones, so South captured 4.
    state = load_state(f"{start.game.header()}; board=2,2,0,0/2,2,2,2/2,2,2,2/2,2,2,2; turn=S")
    assert state.stores() == (4, 0) and "store=4/0" in state.to_text()
    refused(
        f"{start.game.header()}; board=2,2,2,1/2,2,2,2/2,2,2,2/2,2,2,3; turn=S",
        "South's rows hold 17 stones, but each side of a 4-column game starts with 16",
    )
    refused(
        f"{start.game.header()}; board=0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0; turn=S; store=16/16",
        "no stones are left on either side",
    )
    refused(
        f"{start.game.header()}; board=2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,{'9' * 5000}; turn=S", "d1 holds 99999"
    )


def test_ncuva_turns_sowings_and_whose_turn():
    header = load_game("ncuva", **SOURCE).header()
    board = "board=2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2"
    refused(f"{header}; {board}; turn=N", "turn=N does not fit turns=0: South plays the first turn")
    assert load_state(f"{header}; {board}; turn=N; turns=1").to_move == 1
    refused(
        f"{header}; {board}; turn=N; turns=201", "turns=201 is more than 200: the game ends after 200 turns"
    )
    assert load_state(f"{header}; {board}; turn=S; turns=200").outcome().code == EndCode.LIMIT
    taken = "board=2,2,2,2/2,2,0,0/2,2,2,2/2,2,2,2; turn=S; store=4/0"
    assert load_state(f"{header}; {taken}; sown=1").turn_notes()[0].code == NoteCode.SOW_AGAIN
    refused(f"{header}; {taken}; sown=5", "sown=5, but South has captured only 4 stones")
    refused(
        f"{header}; {taken}; sown=33", "^sown=33 is more than 32: a 4-column game has 32 stones to capture$"
    )
    end_turn = load_game("ncuva", **{**SOURCE, "after_capture": "end-turn"}).header()
    refused(f"{end_turn}; {taken}; sown=1", "in this game a capture ends the turn")


# --- numbers are bounded ------------------------------------------------------------------------------


def test_a_4300_digit_ply_is_refused_and_a_big_one_loads():
    text = f"{KOTU}; board={TWO}; turn=S; ply="
    message = refused(text + "9" * 4300, "ply=9999.* is more than 1000000000: no game runs that long")
    assert len(message) < 120
    assert load_state(text + str(MAX_PLY)).ply == MAX_PLY


@pytest.mark.parametrize(
    "text, why",
    [
        (f"{KOTU}; board={TWO}; turn=S; quiet=21", "quiet=21 is more than 20: the game ends after 20 plies"),
        (
            "cows_leopards limit=40 stuck=lose target=13; "
            "board=L../L../......./CCC..../CCCCCCCCC/......./......./.../...;"
            " turn=L; hands=0/0; quiet=41",
            "quiet=41 is more than 40: the game ends after 40 plies without a capture",
        ),
        (f"{KOTU}; board={TWO}; turn=S; quiet=-1", "quiet=-1 cannot be negative"),
        (f"{KOTU}; board={TWO}; turn=S; quiet=٣", "quiet must be a whole number"),
        (
            f"{KOTU}; board={TWO}; turn=S; quiet=1e3",
            r"^quiet must be a whole number \(the plies played since the last capture\), not '1e3'$",
        ),
    ],
)
def test_counters_are_bounded(text, why):
    refused(text, why)


# --- the war games -------------------------------------------------------------------------------------


def test_war_positions_no_game_reaches():
    refused(f"{KOTU}; board={TWO.replace('S', '.').replace('N', '.')}; turn=S", "neither side has a piece")
    sixteen = load_game("sixteen_soldiers", target=3).header()
    refused(f"{sixteen}; board={TWO}; turn=S", "both sides have taken 3 or more pieces")
    crowd = {name: "S" for name in "c1 e1 g1 d2 e2 f2 c3 d3 e3 f3 g3 c4 d4 e4 f4 g4 c5".split()} | {"e9": "N"}
    refused(
        f"{load_game('sixteen_soldiers').header()}; board={board_text('sixteen_soldiers', crowd)}; turn=S",
        "^South has 17 pieces on the board; Sixteen Soldiers starts with 16 a side$",
    )
    refused(f"{KOTU}; board={TWO}; turn=S; huff=d5", "huffing is only part of the Huff capture rule")
    huff = KOTU.replace("forced", "huff")
    refused(f"{huff}; board={TWO}; turn=S; huff=c5", "huff= may name only North's pieces")
    assert load_state(f"{huff}; board={TWO}; turn=S; huff=d5").huffable() == [
        load_game("kotu_ellima").point_index("d5")
    ]
    # A win by capture ends the game at once: no plies without a capture can follow it.
    south_only = TWO.replace("N", ".")
    assert load_state(f"{KOTU}; board={south_only}; turn=N; quiet=0").outcome().code == EndCode.ALL_CAPTURED
    refused(f"{KOTU}; board={south_only}; turn=N; quiet=3", "quiet=3, but the game ended with a capture")


def test_war_repetition_counts():
    off = load_game("kotu_ellima", limit="off", capture="free").header()
    state = load_state(f"{off}; board={TWO}; turn=S")
    for move in ("c5-b5", "d5-e5", "b5-c5", "e5-d5"):
        state.play(move)
    text = state.to_text()
    assert load_state(text).repetitions() == 2
    rep = text.split("rep=")[1]
    refused(text.replace(rep, rep.replace("*2", "*4")), "came up 4 times: the third time ends the game")
    refused(text.replace("quiet=4", "quiet=2"), r"add up to 5 visits, but only 2 plies were played")
    refused(text.replace(rep, rep + ",1.2.0.0*1"), "its pieces are not on the points|other pieces")
    refused(text.replace(rep, "zz*1"), "cannot be read at 'zz\\*1'")
    refused(f"{KOTU}; board={TWO}; turn=S; rep=-", "in this game repetition is no draw")


# --- the hunt games ------------------------------------------------------------------------------------


def test_hunt_hands_follow_the_turns():
    game = load_game("cows_leopards")
    start = game.new_initial_state().to_text()  # leopards 2 in hand, cows 16: the leopards drop first
    assert "hands=2/16" in start and "turn=L" in start
    refused(
        start.replace("turn=L", "turn=C").replace("phase=drop; ", ""),
        "with 16 cows in hand and cows to move, leopards in hand should be 1, not 2",
    )
    refused(
        start.replace("hands=2/16", "hands=2/17"),
        "17 cows in hand is more than the 16 held at the start|too many",
    )
    # one cow fewer on the board: not too many in all, but more in hand than the cows ever hold
    fewer = start.replace("hands=2/16", "hands=2/17").replace("...C.C...", "...C.....")
    assert refused(fewer, "in hand") == "17 cows in hand is more than the 16 held at the start"
    state = game.new_initial_state()
    state.play(state.legal_moves()[0])
    assert load_state(state.to_text()).hands() == (1, 16)


def test_hunt_captures_and_quiet_plies():
    # Hat Diviyan Keliya (standard): one tiger, seven leopards, the tiger wins at 3 left (4 taken).
    hat = load_game("hat_diviyan_keliya").header()
    three_left = "board=T/L../L../...; turn=L; hands=0/1"
    assert load_state(f"{hat}; {three_left}").outcome().code == EndCode.TARGET
    refused(
        f"{hat}; {three_left.replace('turn=L', 'turn=T')}",
        r"^the goal of 4 captures was reached by the last move, so it is the leopards' turn \(turn=L\)$",
    )
    refused(
        f"{hat}; board=T/.../.../...; turn=L; hands=0/1",
        "6 leopards are captured, but captures go one a move",
    )
    cows = load_game("cows_leopards").new_initial_state().to_text()  # 8 cows around the centre, 16 in hand
    refused(cows.replace("CCC", "C.C", 1), "1 cow is missing, but no leopard is on the board")
    refused(
        f"{hat}; board=T/L../.../...; turn=L; hands=0/5; quiet=2",
        "plies without a capture count only once every piece is on the board",
    )


# --- BattleHalma --------------------------------------------------------------------------------------


def test_battlehalma_wins_end_the_game_on_the_winners_move():
    game = load_game("battlehalma", rule="terminal", counters=6)
    rows = ["." * 8] * 8
    rows[0] = "r......b"  # Red's counter on a8, Blue's corner: Red has won
    text = f"{game.header()}; board={'/'.join(rows)}"
    assert load_state(text + "; turn=B").outcome().code == EndCode.TERMINAL
    refused(text + "; turn=R", "Red reached Blue's corner with the last move, so it is Blue's turn")
    both = "/".join(["r......."] + ["." * 8] * 6 + [".......b"])  # Red on a8 and Blue on h1
    refused(
        f"{game.header()}; board={both}; turn=R",
        "^both sides stand on the enemy corner, but the first to reach it wins at once$",
    )
    promo = load_game("battlehalma").header()
    red_only = "/".join(["." * 8] * 7 + ["...r...."])
    assert load_state(f"{promo}; board={red_only}; turn=B").outcome().code == EndCode.ALL_CAPTURED
    refused(f"{promo}; board={red_only}; turn=R", "Red captured all of Blue's pieces with the last move")
    refused(f"{promo}; board={red_only}; turn=B; quiet=5", "quiet=5, but the last move captured")
    refused(f"{promo}; board={'/'.join(['.' * 8] * 8)}; turn=R", "neither side has a piece")


# --- messages for players ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "the position text is empty"),
        ("board=x; turn=S", "starts with the game's name"),
        ("chess; board=x", "unknown game 'chess'"),
        ("kotu_ellima limit; board=x", "'limit' after the game's name is not an option"),
        (
            "kotu_ellima limit=7; board=x",
            r"option 'limit' \(No-capture limit\) cannot be '7' \(allowed: off, 20, 40, 60\)",
        ),
        ("kotu_ellima limit=20 limit=40; board=x", "the option limit is given twice"),
        ("kotu_ellima game_id=ncuva; board=x", "unknown option 'game_id' for Kotu Ellima"),
        (f"{KOTU}; board={TWO}; turn=S; turn=N", "the position gives turn= twice"),
        (f"{KOTU}; board={TWO}; turn S", "'turn S' is not part of a position"),
        (f"{KOTU}; board={TWO}; turn=S; colour=red", "a Kotu Ellima position has no colour= part"),
        (
            "ncuva; board=2,2,2,2/2,2,2,2/2,x,2,2/2,2,2,2; turn=S",
            "'x' in row 2 of the board is not a number of stones",
        ),
        (
            "ncuva; board=2,2,2,2/2,2,2,2/2,²,2,2/2,2,2,2; turn=S",
            "'²' in row 2 of the board is not a number of stones",
        ),
        (
            load_game("cows_leopards").new_initial_state().to_text().replace("hands=2/16", "hands=2/²"),
            "hands must be two counts",
        ),
        ("kotu_ellima\x00; board=x", r"unknown game 'kotu_ellima\?'"),
    ],
)
def test_messages_are_in_words(text, why):
    refused(text, why)


@pytest.mark.parametrize(
    "start, extra, english",
    [
        (f"{KOTU}; board={TWO}; turn=S", "quiet=21", "the game ends after 20 plies"),
        (f"{KOTU}; board={TWO}; turn=S", "ply=99999999999", "no game runs that long"),
        (
            "cows_leopards; board=.../.../......./..CCC../...C.C.../..CCC../......./.../...; turn=L",
            "hands=2/999",
            "there are only 24 cows in all",
        ),
    ],
)
def test_a_count_refused_with_its_reason_is_said_in_the_players_language(start, extra, english):
    """'quiet=21 is more than 20: the game ends after 20 plies' reaches a Sinhala player in
    Sinhala, the reason too (the refusal was once flattened to plain text, shown in English)."""
    from game import i18n

    with pytest.raises(ValueError) as err:
        load_state(f"{start}; {extra}")
    assert english in str(err.value)
    try:
        i18n.set_language("si")
        said = i18n.tr(words_of(err.value))
    finally:
        i18n.set_language("en")
    assert extra.split("=")[0] + "=" in said and english not in said and "is more than" not in said, said
