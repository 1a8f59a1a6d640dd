//! Any bytes as an adjournment envelope, in JSON and in the NUL-separated field form the
//! JS binding uses: never panics; an envelope that is read writes back to the same
//! envelope, and opening it gives a game or an error.
#![no_main]

use chess960::adjourn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for env in [adjourn::from_json(text), adjourn::from_fields(text)]
        .into_iter()
        .flatten()
    {
        assert_eq!(adjourn::from_json(&adjourn::to_json(&env)).as_ref(), Ok(&env));
        if let Ok(game) = adjourn::open(&env) {
            let _ = game.fen(false);
        }
    }
});
