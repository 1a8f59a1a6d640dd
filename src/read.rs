//! Arguments that arrive as a JS array of plain values, in an order each operation
//! fixes (js/chess.ts builds them after checking their types: a wrong type is the JS
//! wrapper's `TypeError`). Reading them by index keeps type checks and their messages
//! out of the wasm; a value of another type reads as empty.

use wasm_bindgen::JsValue;

pub struct Args(js_sys::Array);

impl Args {
    pub fn new(v: JsValue) -> Args {
        Args(if js_sys::Array::is_array(&v) {
            js_sys::Array::from(&v)
        } else {
            js_sys::Array::new()
        })
    }

    fn get(&self, i: u32) -> JsValue {
        self.0.get(i)
    }

    /// Whether argument `i` is given (not undefined).
    pub fn has(&self, i: u32) -> bool {
        !self.get(i).is_undefined()
    }

    pub fn str(&self, i: u32) -> String {
        self.get(i).as_string().unwrap_or_default()
    }

    /// A number; NaN for anything else.
    pub fn num(&self, i: u32) -> f64 {
        self.get(i).as_f64().unwrap_or(f64::NAN)
    }

    pub fn flag(&self, i: u32) -> bool {
        self.get(i).as_bool().unwrap_or(false)
    }

    /// An array argument's elements.
    fn list(&self, i: u32) -> Vec<JsValue> {
        let v = self.get(i);
        if js_sys::Array::is_array(&v) {
            js_sys::Array::from(&v).iter().collect()
        } else {
            Vec::new()
        }
    }

    pub fn strs(&self, i: u32) -> Vec<String> {
        self.list(i).iter().filter_map(JsValue::as_string).collect()
    }

    /// NAGs: the elements that are whole numbers from 0 to 255 (js/chess.ts refuses
    /// the others with a `RangeError` before they cross).
    pub fn nags(&self, i: u32) -> Vec<u8> {
        self.list(i)
            .iter()
            .filter_map(JsValue::as_f64)
            .filter(|&x| (0.0..=255.0).contains(&x) && (x.is_finite() && x.fract() == 0.0))
            .map(|x| x as u8)
            .collect()
    }
}
