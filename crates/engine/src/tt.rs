//! The transposition table: what earlier searches learnt about a position (best move,
//! score bound, depth), found again by the position's key when it recurs.

/// How a stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move reached alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    Exact = 3,
}

/// One slot, 16 bytes.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// The best move's bits ([`chess960::position::Move::bits`]); 0 for none.
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low two bits (0: empty slot), the search generation above them.
    meta: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: u16,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

/// Bytes per slot, for sizing by megabytes.
const SLOT_BYTES: usize = core::mem::size_of::<Slot>();

impl Table {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Table {
        let n = (mb.saturating_mul(1 << 20) / SLOT_BYTES).max(1);
        Table {
            slots: vec![Slot::default(); n],
            generation: 0,
        }
    }

    /// The table's size in megabytes.
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * SLOT_BYTES) >> 20
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Marks a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    /// The slot of `key`: the high bits of key × length, always below the length.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let s = self.slots.get(self.index(key))?;
        let bound = match s.meta & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        (s.key == key).then_some(Hit {
            mv: s.mv,
            score: i32::from(s.score),
            eval: i32::from(s.eval),
            depth: i32::from(s.depth),
            bound,
        })
    }

    /// Stores a result. A slot holding another position is replaced unless that entry
    /// is from this search and much deeper; a move already stored for the same position
    /// is kept when the new result has none.
    #[inline]
    pub fn store(&mut self, key: u64, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let i = self.index(key);
        let Some(s) = self.slots.get_mut(i) else {
            return;
        };
        let depth = depth.clamp(0, 255) as u8;
        if s.key == key {
            if bound != Bound::Exact && depth + 3 < s.depth && s.meta >> 2 == generation {
                return;
            }
        } else if s.meta & 3 != 0 && s.meta >> 2 == generation && depth + 3 < s.depth {
            return;
        }
        let mv = if mv == 0 && s.key == key { s.mv } else { mv };
        *s = Slot {
            key,
            mv,
            score: score.clamp(-32_767, 32_767) as i16,
            eval: eval.clamp(-32_767, 32_767) as i16,
            depth,
            meta: generation << 2 | bound as u8,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_entry_is_found_by_its_key_only() {
        let mut t = Table::new(1);
        t.store(42, 7, -120, 15, 5, Bound::Lower);
        let hit = t.probe(42).unwrap();
        assert_eq!((hit.mv, hit.score, hit.eval, hit.depth), (7, -120, 15, 5));
        assert_eq!(hit.bound, Bound::Lower);
        assert!(t.probe(43).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_much_deeper_one_of_this_search() {
        let mut t = Table::new(0);
        t.store(1, 1, 10, 0, 12, Bound::Exact);
        t.store(2, 2, 20, 0, 1, Bound::Exact);
        assert_eq!(t.probe(1).unwrap().mv, 1);
        t.new_search();
        t.store(2, 2, 20, 0, 1, Bound::Exact);
        assert_eq!(t.probe(2).unwrap().mv, 2);
    }
}
