# Generates the candidate positions of tests/data/dead-positions.txt (seeded; python3, no
# dependencies). The game positions, the legality filter and the classification by CHA were
# added by hand: see tests/data/README.md.
import random, sys
R = random.Random(23)

def fen_of(board, white):
    rows = []
    for rank in range(7, -1, -1):
        s, e = '', 0
        for f in range(8):
            c = board[rank*8+f]
            if c == ' ':
                e += 1
            else:
                if e: s += str(e); e = 0
                s += c
        if e: s += str(e)
        rows.append(s)
    return '/'.join(rows) + (' w' if white else ' b') + ' - - 0 1'

def put(board, ch, squares=None):
    for _ in range(200):
        s = R.choice(squares) if squares else R.randrange(64)
        if board[s] == ' ' and not (ch in 'Pp' and (s < 8 or s >= 56)):
            board[s] = ch
            return s
    return None

def wall(gaps=0.05, stack=0.2):
    board = [' ']*64
    wallr = [0]*8
    rank = 1 + R.randrange(5)
    for f in range(8):
        if f:
            x = R.randrange(20)
            if x == 0: pass
            elif x <= 9 and rank < 5: rank += 1
            elif rank > 1: rank -= 1
            else: rank += 1
        if R.random() < gaps:
            continue
        wallr[f] = rank
        board[rank*8+f] = 'P'; board[(rank+1)*8+f] = 'p'
        if R.random() < stack:
            k = R.randrange(4)
            if k == 0 and rank >= 2: board[(rank-1)*8+f] = 'P'
            if k == 1 and rank >= 3: board[(rank-2)*8+f] = 'P'
            if k == 2 and rank + 2 <= 6: board[(rank+2)*8+f] = 'p'
            if k == 3 and rank + 3 <= 6: board[(rank+3)*8+f] = 'p'
    return board, wallr

def side_squares(wallr, white):
    out = []
    for s in range(64):
        f, r = s % 8, s // 8
        w = wallr[f] or wallr[f-1 if f else 1] or 3
        if (white and r < w) or (not white and r > w+1):
            out.append(s)
    return out

def kings(board, wallr, behind=0.9):
    b = R.random() < behind
    for k, white in (('K', True), ('k', False)):
        sq = side_squares(wallr, white) if b else None
        if put(board, k, sq) is None: return False
    return True

out = []
# 1. Walls with each piece type for each side, 1 piece.
for piece in 'NBRQ':
    for colour in 'wb':
        for _ in range(45):
            board, wallr = wall()
            if not kings(board, wallr): continue
            ch = piece if colour == 'w' else piece.lower()
            own = side_squares(wallr, colour == 'w') if R.random() < 0.7 else None
            put(board, ch, own)
            out.append(('wall1', fen_of(board, R.random() < 0.5)))
# 2. Bishops: both colours, one side or both sides, opposite/same colours.
LIGHT = [s for s in range(64) if (s//8 + s%8) % 2 == 1]
DARK = [s for s in range(64) if (s//8 + s%8) % 2 == 0]
for _ in range(220):
    board, wallr = wall()
    if not kings(board, wallr): continue
    kind = R.randrange(4)
    if kind == 0:   # one side, both colours
        c = R.choice('Bb'); put(board, c, LIGHT); put(board, c, DARK)
    elif kind == 1: # opposite colours, one each
        put(board, 'B', R.choice([LIGHT, DARK])); put(board, 'b', R.choice([LIGHT, DARK]))
    elif kind == 2: # several same-colour bishops
        sq = R.choice([LIGHT, DARK])
        for _ in range(1 + R.randrange(3)): put(board, R.choice('Bb'), sq)
    else:           # bishops plus a knight or rook
        put(board, R.choice('Bb')); put(board, R.choice('NnRr'))
    out.append(('bishops', fen_of(board, R.random() < 0.5)))
# 3. Several pieces behind walls.
for _ in range(220):
    board, wallr = wall()
    if not kings(board, wallr): continue
    for _ in range(2 + R.randrange(3)):
        ch = R.choice('BBBNNRQbbbnnrq')
        own = side_squares(wallr, ch.isupper()) if R.random() < 0.7 else None
        put(board, ch, own)
    out.append(('pieces', fen_of(board, R.random() < 0.5)))
# 4. Kings shut in: a king in a corner pocket behind a short chain, pieces outside.
for _ in range(160):
    board = [' ']*64
    white_pocket = R.random() < 0.5
    # a chain closing the corner a1 (mirrored for others)
    chain = R.choice([[(0,2),(1,1)], [(0,2),(1,2),(2,1)], [(0,3),(1,2),(2,1)], [(0,1),(1,1),(2,0)], [(1,0),(0,1)], [(0,2),(1,2),(2,2),(3,1)]])
    mir_f = R.random() < 0.5
    mir_r = R.random() < 0.5
    def sqf(f, r):
        if mir_f: f = 7 - f
        if mir_r: r = 7 - r
        return r*8+f
    ok = True
    for (f, r) in chain:
        s = sqf(f, r)
        # pawn of the shut side, blocked by an enemy pawn in front
        rr = s // 8
        if rr in (0, 7): ok = False; break
        mine, theirs = ('P','p') if not mir_r else ('p','P')
        if white_pocket == mir_r: mine, theirs = theirs, mine
        board[s] = mine
        front = s + 8 if mine == 'P' else s - 8
        if 8 <= front < 56 and board[front] == ' ': board[front] = theirs
    if not ok: continue
    k = 'K' if R.random() < 0.5 else 'k'
    put(board, k, [sqf(0,0)])
    other = 'k' if k == 'K' else 'K'
    put(board, other)
    for _ in range(R.randrange(4)):
        put(board, R.choice('BNRQbnrqPp'))
    out.append(('shut', fen_of(board, R.random() < 0.5)))
# 5. Near locked structures: a wall position with one change.
for _ in range(330):
    board, wallr = wall(gaps=0.1)
    if not kings(board, wallr, 0.8): continue
    for _ in range(R.randrange(3)):
        put(board, R.choice('BNRbnr'))
    pawns = [s for s in range(64) if board[s] in 'Pp']
    if not pawns: continue
    s = R.choice(pawns)
    change = R.randrange(4)
    if change == 0:
        board[s] = ' '
    elif change == 1:
        t = s + R.choice([1, -1, 8, -8])
        if 8 <= t < 56 and board[t] == ' ': board[t], board[s] = board[s], ' '
    elif change == 2:
        put(board, R.choice('Pp'))
    else:
        board[s] = ' '; put(board, R.choice('PpBbNn'))
    out.append(('near', fen_of(board, R.random() < 0.5)))
for tag, f in out:
    print(tag, f)
