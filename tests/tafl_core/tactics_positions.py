"""Positions from real games (aagenielsen.dk records in ../shared/oracles, see its README),
written by tests/tafl_core/make_tactics_positions.py; each row names its game by the line
number in the oracle file. Positions in OpenTafl notation (attackers t, defenders T, king K).
"""

# (variant, OTN position, side to move, how the game ended, the record's last move)
# one move before the end: the side to move has a move that wins at once
ONE_BEFORE = [
    ('brandubh', '/2K1T2/2T4/5T1/1t2t2/2T4/5t1/2t4/', 'defenders', 'king_escaped', 'c1-a1'),  # game 6
    ('brandubh', '/4t2/3t3/3T3/5t1/2T1t2/t1T1T2/2K2t1/', 'defenders', 'king_escaped', 'c7-a7'),  # game 9
    ('brandubh', '/7/4t2/3t2K/tt2Ttt/7/3t3/3t3/', 'attackers', 'king_captured', 'e2-g2'),  # game 27
    ('brandubh', '/3t3/2TK1T1/2t2t1/t1t1t2/3t3/7/7/', 'attackers', 'king_captured', 'f3-d3'),  # game 45
    ('brandubh', '/7/2Tt3/1T2t2/tt5/1t1T2t/1T2t2/2tK3/', 'attackers', 'king_captured', 'e6-e7'),  # game 52
    ('brandubh', '/2t4/2t1t2/5t1/t3T1t/1T5/1t5/1KTt3/', 'defenders', 'king_escaped', 'b7-a7'),  # game 64
    ('brandubh', '/1T2t2/1tKt3/2t2t1/6t/7/7/7/', 'attackers', 'king_captured', 'e1-c1'),  # game 82
    ('brandubh', '/3t3/7/1t2t1t/t6/K6/5t1/3t3/', 'attackers', 'king_captured', 'f6-a6'),  # game 109
    ('brandubh', '/2tTKt1/3ttT1/3t2t/t6/7/7/7/', 'attackers', 'no_legal_moves', 'g3-f3'),  # game 114
    ('brandubh', '/3t3/1tTTt2/7/tK2T1t/7/2tT1t1/3t3/', 'attackers', 'king_captured', 'c6-c4'),  # game 133
    ('brandubh', '/2t4/2T1t2/tT2K2/1tt3t/5t1/3t3/7/', 'attackers', 'king_captured', 'c4-e4'),  # game 148
    ('brandubh', '/7/7/7/t5t/4tt1/1t1t2K/3t3/', 'attackers', 'king_captured', 'g4-g5'),  # game 155
    ('brandubh', '/2t4/2t4/2t1t2/2tKt2/2tt3/7/7/', 'attackers', 'king_captured', 'c3-d3'),  # game 191
    ('brandubh', '/3t3/2t1t2/7/t1T1Ttt/7/4t2/3t1K1/', 'attackers', 'king_captured', 'e6-e7'),  # game 209
    ('brandubh', '/3t3/2t1T2/1t3T1/t4tt/1TT1t2/3K3/3t3/', 'attackers', 'king_captured', 'e5-d5'),  # game 227
    ('brandubh', '/7/2t4/3tt2/Tt1Kt2/2tt3/4t2/7/', 'attackers', 'king_captured', 'b4-c4'),  # game 233
    ('brandubh', '/3t3/4t2/1t3t1/tT2T1t/5T1/2tK3/3t3/', 'attackers', 'king_captured', 'd1-d5'),  # game 240
    ('brandubh', '/3t3/t6/K4t1/1t4t/7/3t3/3t3/', 'defenders', 'king_escaped', 'a3-a7'),  # game 243
    ('brandubh', '/3t3/2t4/1t1T3/tT4t/1T3t1/1t1K3/3tT2/', 'attackers', 'king_captured', 'f5-d5'),  # game 252
    ('brandubh', '/7/7/3T3/6t/1Tt2t1/tt5/1KTt3/', 'defenders', 'king_escaped', 'b7-a7'),  # game 275
    ('brandubh', '/5t1/1t1t3/6K/t4tt/3T3/2t4/3t3/', 'defenders', 'king_escaped', 'g3-g1'),  # game 290
    ('brandubh', '/3t3/2t4/TK2t2/ttT2t1/2t2T1/7/3t3/', 'attackers', 'king_captured', 'c2-b2'),  # game 299
    ('brandubh', '/3t3/3t1t1/4T2/ttT2Kt/6T/4t2/3t3/', 'attackers', 'king_captured', 'e6-e4'),  # game 314
    ('brandubh', '/1K5/2t4/2t4/t6/2t4/2t1T2/3t3/', 'attackers', 'king_captured', 'c2-c1'),  # game 351
    ('brandubh', '/1t5/T6/3t3/5tt/T1t4/7/1K5/', 'attackers', 'king_captured', 'c5-c7'),  # game 357
    ('brandubh', '/1tTK3/3t1t1/7/t3tt1/7/4t2/7/', 'defenders', 'king_escaped', 'd1-g1'),  # game 368
    ('brandubh', '/3t3/4t2/1t1T3/tT3Tt/1T1t3/1t5/4Kt1/', 'defenders', 'king_escaped', 'e7-a7'),  # game 381
    ('brandubh', '/3t3/2t1t2/3t3/1t1Kt2/2tt3/T6/7/', 'attackers', 'king_captured', 'b4-c4'),  # game 392
    ('brandubh', '/3t3/K3t2/1t1T3/1t2T1t/7/2t1t2/3t3/', 'attackers', 'king_captured', 'b3-a3'),  # game 406
    ('brandubh', '/2t4/7/2t4/2T1t1t/2t1K2/T4t1/3t3/', 'attackers', 'king_captured', 'f6-e6'),  # game 418
    ('brandubh', '/7/3tT2/K5T/t5t/4t1t/7/3t3/', 'defenders', 'king_escaped', 'a3-a1'),  # game 440
    ('copenhagen-hnefatafl', '/4tt5/2t3tt3/1t6t2/5t3t1/4t5t/3t1K3t1/2t1T1T1t2/1t2TTT1t2/2t3tt3/3t1t5/4tt5/', 'attackers', 'encirclement', 'g2-g3'),  # game 33
    ('copenhagen-hnefatafl', '/3tttt1T2/5t5/7t3/2t2T4t/t3TT5/t7t1t/t5T4/4t5t/4t6/K10/3t2t1t2/', 'defenders', 'king_escaped', 'a10-a11'),  # game 137
    ('copenhagen-hnefatafl', '/4ttt1T2/3t4t2/2t6t1/1t4T1t1t/t1T8/t1t7t/t3T1T3t/5t5/1t1T3t2T/10K/3ttt3t1/', 'defenders', 'king_escaped', 'k10-k11'),  # game 165
    ('copenhagen-hnefatafl', '/6tt3/5tT4/t3t3t2/Kt3ttt3/t2tt6/2t4t3/1t1t6t/2t8/t6tt2/5t5/4t6/', 'attackers', 'no_legal_moves', 'g4-g3'),  # game 221
    ('copenhagen-hnefatafl', '/2T2Ttt3/1ttTKTt2t1/t2tTT1t3/5t5/8TTt/t2T6t/t3T1T3t/2t2T4t/11/1t7t1/3tttt4/', 'defenders', 'exit_fort', 'e2-e1'),  # game 222
    ('copenhagen-hnefatafl', '/3t1t5/1t9/t1t1t6/Kt9/1Tt3t4/tt5t3/7t3/6t2t1/4tt3t1/8t2/7t3/', 'attackers', 'no_legal_moves', 'a6-a5'),  # game 239
    ('copenhagen-hnefatafl', '/3ttt2tK1/5t5/10t/t1T8/t3TT5/tt6T2/t1t6t1/7T1t1/3t1T5/4T3t1t/2t2tt4/', 'defenders', 'king_escaped', 'j1-k1'),  # game 293
    ('copenhagen-hnefatafl', '/11/2t4t3/5t2t2/4t2t2t/1t6tt1/8K1t/3t3t1t1/8t1t/11/4t2t3/5tt4/', 'attackers', 'encirclement', 'h4-h6'),  # game 360
    ('copenhagen-hnefatafl', '/5t5/11/11/t7t2/2t1t5t/1t6t2/10t/4t2t3/t4t3t1/1t1ttKt4/4t1t4/', 'attackers', 'king_captured', 'e11-f11'),  # game 362
    ('copenhagen-hnefatafl', '/4tttt3/5t5/3t7/5T4t/1t2TTT3t/tt1TT1TT1tt/t1t3T3t/10t/t1t8/4tt5/1Kt2t1t3/', 'defenders', 'king_escaped', 'b11-a11'),  # game 456
    ('copenhagen-hnefatafl', '/4tttt3/5t5/7T3/5T4t/1t2TTT3t/t2t2T2tt/2t3T3t/t4T2t2/Tt2t2t3/K5t4/1t3t5/', 'defenders', 'king_escaped', 'a10-a11'),  # game 525
    ('copenhagen-hnefatafl', '/1t4t1t2/K2Tt4t1/T9t/11/11/t8t1/2T3T2t1/ttT8/2tt6t/5tt4/2t2t3t1/', 'defenders', 'king_escaped', 'a2-a1'),  # game 578
    ('copenhagen-hnefatafl', '/4tt1tT2/6t2t1/3t5t1/2t2T1T1t1/t3TT3t1/tt1T7/2t5tKt/4t4t1/3t1t1t3/4t6/5tt4/', 'attackers', 'king_captured', 'j5-j6'),  # game 644
    ('copenhagen-hnefatafl', '/2tTK1Tt3/1t1T1T2t2/t1T1t2T1t1/8t2/1tT3t4/1t5t2t/t5T3t/2t2T2t2/11/5t5/4tt5/', 'defenders', 'exit_fort', 'd2-e2'),  # game 688
    ('copenhagen-hnefatafl', '/2t1ttt1t2/11/10t/2t2T1t3/4TT5/7t2t/t3TTT3t/t2T1T4t/1t9/5t5/3tttt2K1/', 'defenders', 'king_escaped', 'j11-k11'),  # game 731
    ('copenhagen-hnefatafl', '/3tt4t1/5t5/1t1T3t3/t4T3t1/t3TTT4/3t6t/t3TT2t1t/t4T5/4t1T3t/5t4K/3t2t1t2/', 'defenders', 'king_escaped', 'k10-k11'),  # game 777
    ('copenhagen-hnefatafl', '/4tttt3/1t3t5/11/t4T4t/t3TTT3t/t1t3TT1tt/t5T3t/8t1t/t5t4/2t7K/4tt1t3/', 'defenders', 'king_escaped', 'k10-k11'),  # game 879
    ('copenhagen-hnefatafl', '/1K1T2tt3/t1T2t5/t10/10t/t1t1T1T3t/4T2t2t/t3T2T3/8T1t/t8t1/1t6t2/2tt1Ttt3/', 'defenders', 'king_escaped', 'b1-a1'),  # game 937
    ('copenhagen-hnefatafl', '/4tttt3/5t5/3t7/t9t/1t2TTT3t/tt1TT2t3/tT7t1/2t1T6/t7t1t/5tTT3/3t4tK1/', 'defenders', 'king_escaped', 'j11-k11'),  # game 985
    ('copenhagen-hnefatafl', '/3t3tTK1/1t1Tt6/6t3t/t10/t5T4/t7t2/t3TT5/t4T5/11/5t3t1/4ttt4/', 'defenders', 'king_escaped', 'j1-k1'),  # game 1024
    ('copenhagen-hnefatafl', '/5t2t2/5t5/3t4T2/2tKt4t1/1t2T1T3t/t6t1tt/10t/t4t4t/1t2T1t4/9t1/2t1tt2t2/', 'attackers', 'king_captured', 'b5-d5'),  # game 1113
    ('copenhagen-hnefatafl', '/4ttt1t2/9t1/3t6t/5t5/t8T1/tt1TT5t/t3T5t/t4t5/3t7/7t1t1/4t2tK2/', 'defenders', 'king_escaped', 'i11-k11'),  # game 1157
    ('copenhagen-hnefatafl', '/2t8/1t7t1/t6T2t/4t3t2/2t7T/4t3ttT/5Ktt2t/t4t5/3t6t/11/11/', 'attackers', 'king_captured', 'e6-e7'),  # game 1185
    ('copenhagen-hnefatafl', '/5t5/4tt5/6t4/3tt2t3/2t5t2/1tK6tt/t1t8/1T5t3/1t6t2/2t4t3/2t2tt4/', 'attackers', 'king_captured', 'd4-d6'),  # game 1237
    ('copenhagen-hnefatafl', '/3t1t5/1tt4tt2/6t4/4t1t4/T6t3/2tT3Kt2/1tt1T2t2t/t4tt4/3t7/t3t6/11/', 'attackers', 'king_captured', 'g4-g6'),  # game 1300
    ('copenhagen-hnefatafl', '/4ttt4/1t3t5/11/t9t/2t1T6/t8t1/4t3t2/T8t1/T2t2TTt2/1t2tTKT1t1/2ttT2Tt2/', 'defenders', 'exit_fort', 'g10-g11'),  # game 1373
    ('copenhagen-hnefatafl', '/11/4t4t1/1t4t4/6t4/5t5/7t3/9tt/8tK1/9tt/11/11/', 'attackers', 'king_captured', 'k9-k8'),  # game 1411
    ('copenhagen-hnefatafl', '/2t1tttt3/1t6t2/t6t3/8t1t/4Tt5/t1T2Kt4/1t2tt5/3t3t3/ttt8/t1t8/11/', 'attackers', 'king_captured', 'e7-e6'),  # game 1454
    ('copenhagen-hnefatafl', '/4t3T2/11/11/t4T4t/t2tTTT3t/t5T4/3t7/t2t3tT2/2t3t3K/3T1T5/1t2Tt5/', 'defenders', 'king_escaped', 'k9-k11'),  # game 1523
    ('copenhagen-hnefatafl', '/1t2tttt3/t4T3t1/10t/t7T2/t3T1T3t/t2TT1TT2t/t3TTT3t/t4T4t/11/5t3t1/1Kt1tttt3/', 'defenders', 'king_escaped', 'b11-a11'),  # game 1561
    ('copenhagen-hnefatafl', '/4t1tt3/11/K1T3t4/1Tt8/1TT7t/6TT1tt/t1T3T3t/t1T2t2t2/3t7/1t9/5ttt3/', 'defenders', 'king_escaped', 'a3-a1'),  # game 1583
    ('copenhagen-hnefatafl', '/3tttt4/5t5/7t3/2t2T2t2/t3TTT3t/tt1TT5t/t3T2Tt2/t7Kt1/T7t2/1tT3Tt3/2t1ttt4/', 'attackers', 'king_captured', 'h10-h8'),  # game 1615
    ('copenhagen-hnefatafl', '/3tttt4/2t3T4/1t4Tt3/t4T2t2/t3TT4t/t2TT5t/tT4T4/t7t2/K6t3/5T3t1/1t1ttttt3/', 'defenders', 'king_escaped', 'a9-a11'),  # game 1654
]

# (variant, OTN position, side to move, how the game ended, the record's move that let
# the opponent win at once); at least one move here does not (checked when written)
TWO_BEFORE = [
    ('brandubh', '/3t3/2T1t2/1t1T3/tK2T1t/3T1t1/2t4/3t3/', 'defenders', 'king_captured', 'b4-b7'),  # game 10: 7 of 28 moves safe
    ('brandubh', '/3t3/1t5/3t3/2tKt2/2t2t1/7/3t3/', 'defenders', 'king_captured', 'd4-d6'),  # game 26: 1 of 2 moves safe
    ('brandubh', '/3t3/2T1tT1/2tK1t1/t1t1t2/3t3/7/7/', 'defenders', 'king_captured', 'd3-d2'),  # game 45: 6 of 9 moves safe
    ('brandubh', '/3t3/1t1T1t1/7/tK2Ttt/3T3/1t5/2Tt3/', 'defenders', 'king_captured', 'e4-e7'),  # game 51: 21 of 29 moves safe
    ('brandubh', '/7/2Tt3/1T2t2/tt5/1t1T2t/1T1Kt2/2t4/', 'defenders', 'king_captured', 'd6-d7'),  # game 52: 2 of 21 moves safe
    ('brandubh', '/1T5/2Tt3/4t2/t3t1t/2t1K2/5t1/3tT2/', 'defenders', 'king_captured', 'e5-e6'),  # game 61: 2 of 21 moves safe
    ('brandubh', '/2t1T2/2T2t1/1t3Kt/t4t1/3T3/2t4/3t3/', 'defenders', 'king_captured', 'e1-f1'),  # game 74: 5 of 28 moves safe
    ('brandubh', '/3t3/2T1t2/T6/t2KTtt/1t1T3/2t4/3t3/', 'defenders', 'king_captured', 'd4-b4'),  # game 106: 26 of 27 moves safe
    ('brandubh', '/2tKTt1/1t1t3/Tt5/t6/1t5/7/7/', 'defenders', 'king_captured', 'e1-e3'),  # game 107: 1 of 7 moves safe
    ('brandubh', '/3t3/7/1t2t1t/t6/3K3/t4t1/3t3/', 'defenders', 'king_captured', 'd5-a5'),  # game 109: 6 of 10 moves safe
    ('brandubh', '/3t3/7/tT3t1/2T3t/1t1K1T1/2t4/4t2/', 'defenders', 'king_captured', 'd5-d2'),  # game 127: 22 of 26 moves safe
    ('brandubh', '/3t3/1tTTt2/7/t2KT1t/7/2tT1t1/3t3/', 'defenders', 'king_captured', 'd4-b4'),  # game 133: 15 of 16 moves safe
    ('brandubh', '/3t3/3t3/1t5/t5t/2t4/1K1t3/3tT2/', 'defenders', 'king_captured', 'b6-b7'),  # game 137: 7 of 12 moves safe
    ('brandubh', '/1t5/2T1t2/TK2t2/tt4t/2t4/3t3/7/', 'defenders', 'king_captured', 'c2-c1'),  # game 147: 3 of 10 moves safe
    ('brandubh', '/2t4/2T1t2/tT3K1/1tt3t/5t1/3t3/7/', 'defenders', 'king_captured', 'f3-e3'),  # game 148: 11 of 16 moves safe
    ('brandubh', '/7/2T1t2/tT1t1t1/1t3T1/2t2Kt/4t2/7/', 'defenders', 'king_captured', 'f5-f7'),  # game 153: 1 of 16 moves safe
    ('brandubh', '/7/4t2/2tt3/1t3t1/1TK1Tt1/7/2t4/', 'defenders', 'king_captured', 'c5-c6'),  # game 190: 9 of 11 moves safe
    ('brandubh', '/3t3/4Kt1/1t5/t5t/T6/1t3t1/3t3/', 'defenders', 'king_captured', 'e2-a2'),  # game 199: 4 of 17 moves safe
    ('brandubh', '/3t3/4t2/1t1TT2/t2K2t/2TT1t1/3t3/3t3/', 'defenders', 'king_captured', 'd4-f4'),  # game 203: 19 of 21 moves safe
    ('brandubh', '/3t3/1t5/5t1/2t3t/3T3/1tTKt2/3t3/', 'defenders', 'king_captured', 'd5-f5'),  # game 211: 2 of 10 moves safe
    ('brandubh', '/3t3/2t1T2/1t3T1/t4tt/1T2t2/2TK3/3t3/', 'defenders', 'king_captured', 'c6-c5'),  # game 227: 5 of 31 moves safe
    ('brandubh', '/3t3/2t2t1/7/t1T3t/1tK1T2/5t1/2tT3/', 'defenders', 'king_captured', 'd7-d6'),  # game 231: 5 of 21 moves safe
    ('brandubh', '/7/7/2tt3/t2Kt2/2Ttt2/1tt4/7/', 'defenders', 'king_captured', 'c5-a5'),  # game 236: 2 of 5 moves safe
    ('brandubh', '/3t3/4t2/1t3t1/tT2T1t/3K1T1/2t4/3t3/', 'defenders', 'king_captured', 'd5-d6'),  # game 240: 20 of 23 moves safe
    ('brandubh', '/3t3/5K1/1t3t1/t5t/T3t2/2t4/4t2/', 'defenders', 'king_captured', 'f2-a2'),  # game 242: 2 of 11 moves safe
    ('brandubh', '/2Tt3/4t2/3K3/tt4t/7/3t1t1/3t3/', 'defenders', 'king_captured', 'd3-d2'),  # game 246: 11 of 16 moves safe
    ('brandubh', '/3t3/2t4/1t1T3/tT4t/1T2Tt1/1t1K3/3t3/', 'defenders', 'king_captured', 'e5-e7'),  # game 252: 12 of 26 moves safe
    ('brandubh', '/7/2Ttt2/7/tt2Ttt/7/3K2t/3t3/', 'defenders', 'king_captured', 'd6-a6'),  # game 271: 7 of 21 moves safe
    ('brandubh', '/3t3/1t2t2/2Tt3/t6/2t2Kt/4t2/7/', 'defenders', 'king_captured', 'f5-f7'),  # game 291: 3 of 13 moves safe
    ('brandubh', '/3t3/2t4/T1K1t2/ttT2t1/2t2T1/7/3t3/', 'defenders', 'king_captured', 'c3-b3'),  # game 299: 8 of 10 moves safe
    ('brandubh', '/3t3/2t4/t6/K5t/1T5/1t5/3t3/', 'attackers', 'king_escaped', 'g4-b4'),  # game 355: 1 of 50 moves safe
    ('brandubh', '/1tTK3/4Tt1/7/t3tt1/7/4t2/3t3/', 'attackers', 'king_escaped', 'd7-d2'),  # game 368: 1 of 40 moves safe
    ('copenhagen-hnefatafl', '/4tt5/11/1t4t4/4tTTt2t/2tt2T1t2/3tK2T1tt/4tt4t/1t4t2t1/7t3/3T1t5/2t2t5/', 'defenders', 'king_captured', 'd10-d8'),  # game 37: 4 of 24 moves safe
    ('copenhagen-hnefatafl', '/3t1t5/4t4t1/6T1t2/t4t4t/2t7T/tt1TT4T1/t9T/8T1t/1tKt3t1t1/2t1T3t2/3t7/', 'defenders', 'king_captured', 'e10-d10'),  # game 117: 8 of 85 moves safe
    ('copenhagen-hnefatafl', '/3tT1K1t2/2t2TT1T2/1t5T2t/tT1t7/1TT7t/t9t/t3T5t/t9t/9t1/1t6t2/4tttt3/', 'attackers', 'exit_fort', 'k3-i3'),  # game 155: 1 of 178 moves safe
    ('copenhagen-hnefatafl', '/7t3/2t8/1t1t1t5/t9t/TTT1t6/3TK1t3t/TT2t6/t9t/1tt6t1/8t2/3t3t3/', 'defenders', 'king_captured', 'd6-b6'),  # game 161: 15 of 24 moves safe
    ('copenhagen-hnefatafl', '/4tttt3/3tTT2t2/2t1TT3t1/1t8t/t1t8/10t/7t3/2t3t4/t2T2t3t/1t4Kt3/2tTTTt1t2/', 'defenders', 'king_captured', 'e11-e8'),  # game 198: 10 of 48 moves safe
    ('copenhagen-hnefatafl', '/5T1KT2/4t1T1tt1/2t5t1T/10t/t6TT1t/t9t/6T3t/5T4t/tT7t1/1t9/2t2t2t2/', 'attackers', 'exit_fort', 'k4-b4'),  # game 231: 4 of 148 moves safe
    ('copenhagen-hnefatafl', '/2t3t1t2/11/2t7t/11/8t1t/9t1/11/t1T2t5/1t1t7/t2t7/2tKt3t2/', 'defenders', 'no_legal_moves', 'c8-c10'),  # game 250: 5 of 9 moves safe
    ('copenhagen-hnefatafl', '/3ttt1t3/1t9/9t1/t9t/t3T6/11/4T6/11/t5TT1T1/1t2t1T1t1t/4tT1KTt1/', 'attackers', 'exit_fort', 'e11-c11'),  # game 300: 1 of 148 moves safe
    ('copenhagen-hnefatafl', '/4tt2t2/3t2T2t1/TttT3t3/10t/t9T/3t7/tT6T2/1tT6t1/3t3K2t/4ttT2t1/2t3t1t2/', 'defenders', 'king_captured', 'h9-j9'),  # game 346: 88 of 89 moves safe
    ('copenhagen-hnefatafl', '/5t2t2/3t7/6t4/6t1t1t/5t1t1t1/4t1K3t/5t4T/5t1TT2/6t3t/4t4t1/5tt1t2/', 'defenders', 'king_captured', 'g6-f6'),  # game 493: 23 of 25 moves safe
    ('copenhagen-hnefatafl', '/7t3/4t3t2/3t3t3/2t5t2/1t3t5/t10/1t5t3/5ttt3/4tTTt3/2t1tK1t3/4ttTt3/', 'defenders', 'encirclement', 'g11-g10'),  # game 530: 2 of 3 moves safe
    ('copenhagen-hnefatafl', '/6t4/t6T3/2t1t6/t7t2/Ktt1t6/Ttt7t/t10/t4t5/1t9/2t5t2/3tt6/', 'defenders', 'no_legal_moves', 'h2-b2'),  # game 534: 11 of 19 moves safe
    ('copenhagen-hnefatafl', '/11/5t5/4t4t1/6t3t/t6t3/11/3t7/2tKt6/t1t1tt5/2t1TTt4/3tTTt4/', 'defenders', 'no_legal_moves', 'd8-d10'),  # game 646: 1 of 3 moves safe
    ('copenhagen-hnefatafl', '/2tTK1Tt3/1t1T1T2t2/t1T1t2T1t1/8t2/1tT7t/1t5t2t/t5T3t/2t2T2t2/11/5t5/4tt5/', 'attackers', 'exit_fort', 'k5-g5'),  # game 688: 1 of 157 moves safe
    ('copenhagen-hnefatafl', '/4tt5/3tKt5/2t1TTt4/1t1T3t3/t5T1t2/t1T6t1/t7T1t/1t6T1t/2tTT2T1t1/3t1t2t2/3t2tt3/', 'defenders', 'encirclement', 'd4-d8'),  # game 740: 1 of 80 moves safe
    ('copenhagen-hnefatafl', '/11/11/3t7/t10/10t/tt8t/6t3t/2t1t2TttK/10t/2t6t1/1t1t1t2t2/', 'defenders', 'no_legal_moves', 'h8-f8'),  # game 762: 9 of 12 moves safe
    ('copenhagen-hnefatafl', '/3ttt2t2/2t3TtKtT/1t3T5/t9t/t3TT4t/t2TT5t/t3TTT3t/1t3T4t/11/8t2/3tttt4/', 'defenders', 'king_captured', 'k2-k3'),  # game 813: 12 of 76 moves safe
    ('copenhagen-hnefatafl', '/4t6/6t4/4t2tt2/2t7t/t7t2/t2T5tt/1T2T5t/2t3T4/1tt3t4/1tKtt6/3t1t5/', 'defenders', 'king_captured', 'b7-a7'),  # game 903: 1 of 49 moves safe
    ('copenhagen-hnefatafl', '/1TttT1T1t2/TtttKtt4/t3tt1t3/10t/11/11/1t9/11/11/11/11/', 'defenders', 'king_captured', 'e1-f1'),  # game 983: 1 of 3 moves safe
    ('copenhagen-hnefatafl', '/3tttT1tt1/2t6Kt/1t7t1/t9t/t6TT1t/t2TT5t/t3T3t2/2t8/6t4/5t2t2/3ttt2T2/', 'defenders', 'king_captured', 'h5-h2'),  # game 1000: 7 of 65 moves safe
    ('copenhagen-hnefatafl', '/11/11/11/10t/9t1/8t2/4tt5/t2t1Ttt2t/2t1TKt4/t1t1Tt5/3t3t3/', 'defenders', 'encirclement', 'e9-e8'),  # game 1056: 1 of 5 moves safe
    ('copenhagen-hnefatafl', '/3ttt5/5t5/6tt3/t5TTt2/t3TT3t1/tt1TT5t/t3TT5/t4T3t1/6T2Kt/4t4t1/3t1ttt3/', 'defenders', 'king_captured', 'f8-f10'),  # game 1080: 8 of 73 moves safe
    ('copenhagen-hnefatafl', '/4ttt1t2/9t1/3t6t/5t5/t8T1/tt1TT5t/t3TT4t/t10/3t7/7t1t1/4tt1tK2/', 'attackers', 'king_escaped', 'f11-f8'),  # game 1157: 1 of 178 moves safe
    ('copenhagen-hnefatafl', '/3ttt1t3/10t/8T1K/t4T4t/t3TT4t/tt1TT5t/t3TT3T1/t4T5/7T2t/5t1t1t1/3ttt2t2/', 'attackers', 'king_escaped', 'k2-j2'),  # game 1173: 106 of 116 moves safe
    ('copenhagen-hnefatafl', '/11/11/1t5t3/4tt5/3tTTt4/1tt3Tt1t1/2t4Kt1t/2tT2TT1t1/1t1T4t2/3t3t3/4ttt4/', 'defenders', 'encirclement', 'd9-e9'),  # game 1205: 1 of 32 moves safe
    ('copenhagen-hnefatafl', '/5t5/4tt5/6t4/3tt2t3/2t5t2/1t1K5tt/t1t8/1T5t3/1t6t2/2t4t3/2t2tt4/', 'defenders', 'king_captured', 'd6-c6'),  # game 1237: 18 of 19 moves safe
    ('copenhagen-hnefatafl', '/6tt3/5t2t2/4t4t1/3t3T2t/2tK2TT2t/2t4T1t1/2t1T4t1/t1t5t2/3t1T1t3/3t2t4/2t2t5/', 'defenders', 'encirclement', 'd5-f5'),  # game 1273: 1 of 49 moves safe
    ('copenhagen-hnefatafl', '/3t1t5/1tt4tt2/6t4/4t1t4/T6t3/2t3TKt2/1tt1T2t2t/t4tt4/3t7/t3t6/11/', 'defenders', 'king_captured', 'g6-d6'),  # game 1300: 18 of 22 moves safe
    ('copenhagen-hnefatafl', '/6t4/1t7t1/t10/Tttt7/Kt1t7/1Ttt3t2t/Ttt8/tt9/11/11/5t5/', 'defenders', 'no_legal_moves', 'a7-a6'),  # game 1346: 1 of 3 moves safe
    ('copenhagen-hnefatafl', '/3tttt4/5t5/11/t10/2t1T3t1t/tt7t1/8t1t/8ttK/8t1t/8t1t/3tt6/', 'defenders', 'no_legal_moves', 'e5-h5'),  # game 1414: 6 of 12 moves safe
]
