//! Board inputs: the fuzzer chooses moves to reach a position (from any start), then
//! any from/to pairs and promotions. Resolution never panics and agrees with the legal
//! moves; a refused board input leaves the game unchanged, an accepted one plays what
//! the resolution named.
#![no_main]

#[path = "../../crates/core/tests/support/invariants.rs"]
#[allow(dead_code)]
mod invariants;

use chess960::game::{Input, PlayError};
use chess960::resolve::Resolution;
use chess960::square::{Role, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let mut game = invariants::start_game(&mut || next().unwrap_or(0));
    while let (Some(op), Some(a), Some(b)) = (next(), next(), next()) {
        if game.swap_pending().is_none() && op % 2 == 0 {
            // Advance the game by one of its legal moves.
            let legal = game.legal_moves();
            if let Some(&m) = legal.as_slice().get(usize::from(a) % legal.len().max(1)) {
                game.play(m).expect("legal move");
            }
            continue;
        }
        let from = Square::new(a % 64).expect("square");
        let to = Square::new(b % 64).expect("square");
        let promotion = match op >> 5 {
            0 => Some(Role::Queen),
            1 => Some(Role::Knight),
            2 => Some(Role::King),
            _ => None,
        };
        let legal = game.legal_moves();
        let input = game.resolve(from, to);
        match &input {
            Input::Swap(_) => assert!(game.swap_pending().is_some()),
            Input::Resolved(Resolution::Move(m)) => {
                assert!(legal.contains(*m) && !m.is_castle() && m.promotion().is_none());
                assert!(m.from() == from && m.to() == to);
            }
            Input::Resolved(Resolution::Castle(m)) => {
                assert!(legal.contains(*m) && m.is_castle());
            }
            Input::Resolved(Resolution::Promotion(ms)) => {
                assert_eq!(ms.len(), 4);
                assert!(ms
                    .iter()
                    .all(|m| legal.contains(*m) && m.from() == from && m.to() == to));
            }
            Input::Resolved(Resolution::Ambiguous { castle, king_move }) => {
                assert!(legal.contains(*castle) && castle.is_castle());
                assert!(legal.contains(*king_move) && !king_move.is_castle());
                assert_eq!(castle.king_to(), king_move.to());
            }
            Input::Resolved(Resolution::Illegal) => {
                assert!(!legal
                    .iter()
                    .any(|m| !m.is_castle() && m.from() == from && m.to() == to));
                assert!(!legal
                    .iter()
                    .any(|m| m.is_castle() && m.from() == from && m.to() == to));
            }
        }
        let before = invariants::snapshot(&game);
        match game.play_input(from, to, promotion) {
            Ok(pm) => {
                match input {
                    Input::Resolved(Resolution::Move(m) | Resolution::Castle(m)) => {
                        assert_eq!(pm.mv, m)
                    }
                    Input::Resolved(Resolution::Promotion(ms)) => {
                        assert!(ms.contains(&pm.mv) && pm.mv.promotion() == promotion)
                    }
                    other => panic!("{other:?} was played as {:?}", pm.mv),
                }
                assert_eq!(game.entries().len(), before.plies + 1);
            }
            Err(e) => {
                assert_eq!(
                    invariants::snapshot(&game),
                    before,
                    "refused input changed the game"
                );
                if let (Input::Resolved(Resolution::Move(_) | Resolution::Castle(_)), None) =
                    (&input, promotion)
                {
                    panic!("resolved input refused: {e}");
                }
                let _ = matches!(e, PlayError::Illegal { .. });
            }
        }
    }
});
