//! The fields of the objects JS hands in (an envelope, seal options, annotations), read by
//! name. js/chess.ts has checked their types (a wrong type is its `TypeError`); a value of
//! another type reads as empty here.
//!
//! Why not serde's `Deserialize`: serde-wasm-bindgen's deserializer and the error messages
//! it formats (floats, escaped strings) cost about 13 KB of gzipped wasm for these five
//! small inputs (measured: 216 KB of code against 137 KB with everything else the same).
//! The answers are built without serde too (src/data.rs, src/js.rs).

use alloc::{string::String, vec::Vec};

use wasm_bindgen::JsValue;

/// A plain JS object whose fields are read by name.
pub struct Args(JsValue);

impl Args {
    pub fn new(v: JsValue) -> Args {
        Args(v)
    }

    fn get(&self, key: &str) -> JsValue {
        if !self.0.is_object() {
            return JsValue::UNDEFINED;
        }
        js_sys::Reflect::get(&self.0, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }

    /// The object in field `key` (an empty one when it is none).
    pub fn object(&self, key: &str) -> Args {
        Args(self.get(key))
    }

    /// Whether field `key` is given (not undefined).
    pub fn has(&self, key: &str) -> bool {
        !self.get(key).is_undefined()
    }

    pub fn str(&self, key: &str) -> String {
        self.get(key).as_string().unwrap_or_default()
    }

    /// A number; NaN for anything else.
    pub fn num(&self, key: &str) -> f64 {
        self.get(key).as_f64().unwrap_or(f64::NAN)
    }

    /// A number, `default` when the field is not given.
    pub fn num_or(&self, key: &str, default: f64) -> f64 {
        if self.has(key) {
            self.num(key)
        } else {
            default
        }
    }

    pub fn flag(&self, key: &str) -> bool {
        self.get(key).as_bool().unwrap_or(false)
    }

    /// An array field's elements.
    fn list(&self, key: &str) -> Vec<JsValue> {
        let v = self.get(key);
        if js_sys::Array::is_array(&v) {
            js_sys::Array::from(&v).iter().collect()
        } else {
            Vec::new()
        }
    }

    pub fn strs(&self, key: &str) -> Vec<String> {
        self.list(key)
            .iter()
            .filter_map(JsValue::as_string)
            .collect()
    }

    /// NAGs: the elements that are whole numbers from 0 to 255 (js/chess.ts refuses
    /// the others with a `RangeError` before they cross).
    pub fn nags(&self, key: &str) -> Vec<u8> {
        self.list(key)
            .iter()
            .filter_map(JsValue::as_f64)
            .filter(|&x| (0.0..=255.0).contains(&x) && (x.is_finite() && x % 1.0 == 0.0))
            .map(|x| x as u8)
            .collect()
    }
}
