//! Clocks and time management.
//!
//! The search reads a millisecond clock: natively `std::time::Instant`; in the engine
//! wasm the host's `performance.now()` through web-sys's `Performance` (a page's or a
//! worker's global, Node's too).

/// Milliseconds since some fixed moment (only differences matter).
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    use wasm_bindgen::prelude::*;
    #[wasm_bindgen]
    extern "C" {
        /// The global `performance` object (Window, WorkerGlobalScope and Node alike).
        #[wasm_bindgen(thread_local_v2, js_name = performance)]
        static PERFORMANCE: web_sys::Performance;
    }
    PERFORMANCE.with(web_sys::Performance::now)
}

/// A game clock as UCI's `go` gives it, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    /// Time left for the side to move.
    pub time: f64,
    pub increment: f64,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// How long to think: a soft budget (no new iteration is begun past it) and a hard one
/// (the search stops where it is).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub soft: f64,
    pub hard: f64,
}

/// Time kept in hand against the host's own latency (process start-up, GUI lag).
const OVERHEAD_MS: f64 = 30.0;

impl Clock {
    /// The budget for one move: an even share of the time left over the moves expected
    /// (the control's, or 25 more in a sudden-death game), plus most of the increment;
    /// the hard limit allows a difficult move three times that, never more than a
    /// third of the clock.
    pub fn budget(&self) -> Budget {
        let left = (self.time - OVERHEAD_MS).max(1.0);
        let moves = f64::from(self.moves_to_go.unwrap_or(25).clamp(1, 50));
        let share = left / moves + 0.75 * self.increment;
        let soft = share.min(left * 0.5).max(1.0);
        let hard = (soft * 3.0).min(left / 3.0).max(soft.min(left));
        Budget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_is_a_share_of_the_clock_and_never_exhausts_it() {
        let b = Clock {
            time: 60_000.0,
            increment: 1_000.0,
            moves_to_go: None,
        }
        .budget();
        assert!(b.soft > 2_000.0 && b.soft < 4_000.0, "{b:?}");
        assert!(b.hard >= b.soft && b.hard <= 20_000.0, "{b:?}");
        for time in [1.0, 10.0, 50.0, 200.0] {
            let b = Clock {
                time,
                increment: 0.0,
                moves_to_go: Some(1),
            }
            .budget();
            assert!(b.hard <= time.max(1.0), "{time}: {b:?}");
        }
    }

    #[test]
    fn the_clock_moves_forward() {
        let a = now_ms();
        let mut x = 0u64;
        for i in 0..1_000_000u64 {
            x = x.wrapping_add(i * i);
        }
        assert!(x > 0);
        assert!(now_ms() >= a);
    }
}
