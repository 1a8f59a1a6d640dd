//! The engine wasm's exports: one class that the worker in `js/engine/` drives.
//!
//! Converts and forwards. Requests arrive as JS objects and answers leave as JS objects,
//! both the derived structs of [`crate::protocol`] (serde-wasm-bindgen); a refused
//! request throws an `Error` with the reason.

use super::levels::Level;
use super::protocol::{
    AnalyseRequest, AnalysisOut, Found, PlyOut, ReviewRequest, SearchRequest, SwapRequest,
};
use super::search::{Engine, Info, Limits};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct EngineCore {
    engine: Engine,
}

fn request<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

/// A plain JS object (`None` as `null`).
fn answer<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true))
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Calls `f` with `value`; what it throws is the page's affair, not the search's.
fn tell<T: Serialize>(f: &js_sys::Function, value: &T) {
    if let Ok(v) = answer(value) {
        let _ = f.call1(&JsValue::NULL, &v);
    }
}

#[wasm_bindgen]
impl EngineCore {
    /// An engine with a transposition table of `hash_mb` megabytes (1 to 256).
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: u32) -> EngineCore {
        EngineCore {
            engine: Engine::new(hash_mb.clamp(1, 256) as usize),
        }
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// The best move ([`SearchRequest`] in, [`Found`] out); `on_info` gets a `Found`
    /// after each iteration.
    pub fn search(&mut self, req: JsValue, on_info: &js_sys::Function) -> Result<JsValue, JsError> {
        let req: SearchRequest = request(req)?;
        let game = req.game.to_game().map_err(|e| JsError::new(&e))?;
        let limits = req.limits.limits(1);
        let mut report = |i: &Info| tell(on_info, &Found::of_line(&game, i.line, i.depth, i.nodes));
        let mut seed = req.seed.to_bits();
        let result = match Level::get(req.level) {
            Some(l) => self
                .engine
                .play_level(&game, &l, &limits, &mut seed, &mut report),
            None => self.engine.best_move(&game, &limits, &mut report),
        };
        match Found::of_result(&game, &result) {
            Some(found) => answer(&found),
            None => Err(JsError::new("no legal move in this position")),
        }
    }

    /// Several lines ([`AnalyseRequest`] in, [`AnalysisOut`] out); `on_depth` gets an
    /// `AnalysisOut` after each iteration.
    pub fn analyse(
        &mut self,
        req: JsValue,
        on_depth: &js_sys::Function,
    ) -> Result<JsValue, JsError> {
        let req: AnalyseRequest = request(req)?;
        let game = req.game.to_game().map_err(|e| JsError::new(&e))?;
        if game.legal_moves().is_empty() {
            return Err(JsError::new("no legal move in this position"));
        }
        let limits = req.limits.limits(usize::from(req.multi_pv.clamp(1, 5)));
        let a = self.engine.analyse(&game, &limits, &mut |a| {
            tell(on_depth, &AnalysisOut::new(&game, a));
        });
        answer(&AnalysisOut::new(&game, &a))
    }

    /// A whole game's review ([`ReviewRequest`] in, an array of [`PlyOut`] out, in
    /// order); `on_ply` gets each `PlyOut` as it is done (the last ply first).
    pub fn review(&mut self, req: JsValue, on_ply: &js_sys::Function) -> Result<JsValue, JsError> {
        let req: ReviewRequest = request(req)?;
        let game = req.game.to_game().map_err(|e| JsError::new(&e))?;
        let limits: Limits = req.limits.limits(1);
        let plies = self.engine.review(&game, &limits, &mut |r| {
            tell(on_ply, &PlyOut::new(&game, r))
        });
        let out: Vec<PlyOut> = plies.iter().map(|r| PlyOut::new(&game, r)).collect();
        answer(&out)
    }

    /// The Chess-9 swap the engine chooses ("king", "queen" or "none").
    #[wasm_bindgen(js_name = chooseSwap)]
    pub fn choose_swap(&mut self, req: JsValue) -> Result<String, JsError> {
        let req: SwapRequest = request(req)?;
        let game = req.game.to_game().map_err(|e| JsError::new(&e))?;
        let nodes = if req.nodes.is_finite() && req.nodes > 0.0 {
            req.nodes as u64
        } else {
            20_000
        };
        match self.engine.choose_swap(&game, &Limits::nodes(nodes)) {
            Some(c) => Ok(c.name().into()),
            None => Err(JsError::new("the game is not in the Chess-9 swap phase")),
        }
    }
}
