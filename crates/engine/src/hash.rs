//! Position keys for the transposition table and repetition detection (Zobrist hashing).
//!
//! Each (piece, square), the castling rights, the en passant file and the side to move
//! have a pseudo-random 64-bit key, and a position's key is the XOR of the keys of what
//! it holds. The keys are not stored: each is a bit-mixing function of its index
//! (SplitMix64's finaliser), three multiplications, which spares a 6 KB random table
//! that would neither gzip nor be worth building at start-up.

use chess960::position::Position;
use chess960::square::{Color, Role};

/// SplitMix64's output function: a bijection on u64 that scatters every input bit.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const SIDE: u64 = mix(0xffff);

#[inline]
fn piece_key(color: Color, role: Role, sq: u8) -> u64 {
    mix(((color.index() * 6 + role.index()) as u64) << 6 | u64::from(sq))
}

#[inline]
fn castles_key(pos: &Position) -> u64 {
    // No rights, no key: most middlegame and endgame positions skip the mix.
    if pos.castles().is_empty() {
        0
    } else {
        mix(0x1_0000 | u64::from(pos.castles().packed()))
    }
}

#[inline]
fn ep_key(pos: &Position) -> u64 {
    pos.ep_square()
        .map_or(0, |sq| mix(0x2_0000 | u64::from(sq.u8())))
}

/// The key of a position, computed from scratch.
pub fn key(pos: &Position) -> u64 {
    let b = pos.board();
    let mut k = castles_key(pos) ^ ep_key(pos);
    if pos.turn() == Color::Black {
        k ^= SIDE;
    }
    for c in Color::ALL {
        for r in Role::ALL {
            for sq in b.pieces(c, r) {
                k ^= piece_key(c, r, sq.u8());
            }
        }
    }
    k
}

/// The key of `after`, a position one move (or a null move) from `before`, whose key is
/// `before_key`: only the squares whose contents changed are rehashed, which covers
/// captures, promotions, en passant and both pieces of castling alike.
#[inline]
pub fn key_after(before_key: u64, before: &Position, after: &Position) -> u64 {
    let (b, a) = (before.board(), after.board());
    let mut k = before_key ^ SIDE;
    for c in Color::ALL {
        if b.by_color(c) == a.by_color(c) {
            continue;
        }
        for r in Role::ALL {
            for sq in b.pieces(c, r) ^ a.pieces(c, r) {
                k ^= piece_key(c, r, sq.u8());
            }
        }
    }
    if before.castles() != after.castles() {
        k ^= castles_key(before) ^ castles_key(after);
    }
    if before.ep_square() != after.ep_square() {
        k ^= ep_key(before) ^ ep_key(after);
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess960::game::Game;

    /// Random playouts from several starts: the incremental key always equals the key
    /// computed from scratch.
    #[test]
    fn incremental_key_matches_key_from_scratch() {
        let mut seed = 7u64;
        for start in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            for _ in 0..40 {
                let mut pos = *Game::from_fen(start).unwrap().position();
                let mut k = key(&pos);
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed = mix(seed);
                    let m = moves.as_slice()[(seed % moves.len() as u64) as usize];
                    let next = pos.after(m);
                    k = key_after(k, &pos, &next);
                    assert_eq!(k, key(&next));
                    pos = next;
                }
            }
        }
    }
}
