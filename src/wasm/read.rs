//! Reading JS objects handed to the core (options, the envelope) field by field through
//! js-sys, each field's type checked: a wrong type is a `TypeError` naming the field.
//!
//! Not serde-wasm-bindgen's `Deserialize`: serde's error messages print the value they
//! did not expect, and formatting a float pulls `core::fmt`'s float printing into the
//! wasm (13.8 KB for `<f64 as Display>::fmt` alone, measured). Output still goes through
//! serde-wasm-bindgen (src/wasm/data.rs), which needs none of it.

use super::Fault;
use crate::prelude::*;
use wasm_bindgen::JsValue;

/// What kind of JS value `v` is, for messages.
fn kind(v: &JsValue) -> &'static str {
    if v.is_undefined() {
        "undefined"
    } else if v.is_null() {
        "null"
    } else if v.is_string() {
        "a string"
    } else if v.as_f64().is_some() {
        "a number"
    } else if v.as_bool().is_some() {
        "a boolean"
    } else if js_sys::Array::is_array(v) {
        "an array"
    } else if v.is_function() {
        "a function"
    } else if v.is_object() {
        "an object"
    } else {
        "a value of another type"
    }
}

/// A JS object whose fields are read one by one.
pub struct Obj<'w> {
    value: JsValue,
    what: &'w str,
}

impl<'w> Obj<'w> {
    /// `value` as an object named `what` in messages; `undefined` and `null` read as an
    /// empty one when `optional`.
    pub fn new(value: JsValue, what: &'w str, optional: bool) -> Result<Obj<'w>, Fault> {
        let ok = value.is_object() && !js_sys::Array::is_array(&value) && !value.is_function();
        if !ok && !(optional && (value.is_undefined() || value.is_null())) {
            return Err(Fault::Type(cat!(
                what,
                " must be an object, got ",
                kind(&value)
            )));
        }
        Ok(Obj { value, what })
    }

    fn field(&self, key: &str) -> JsValue {
        if !self.value.is_object() {
            return JsValue::UNDEFINED;
        }
        js_sys::Reflect::get(&self.value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }

    fn wrong(&self, key: &str, expected: &str, v: &JsValue) -> Fault {
        Fault::Type(cat!(
            self.what,
            ".",
            key,
            " must be ",
            expected,
            ", got ",
            kind(v)
        ))
    }

    /// A string field; `None` when undefined.
    pub fn string(&self, key: &str) -> Result<Option<String>, Fault> {
        let v = self.field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        v.as_string()
            .map(Some)
            .ok_or_else(|| self.wrong(key, "a string", &v))
    }

    /// A number field; `None` when undefined.
    pub fn number(&self, key: &str) -> Result<Option<f64>, Fault> {
        let v = self.field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        v.as_f64()
            .map(Some)
            .ok_or_else(|| self.wrong(key, "a number", &v))
    }

    /// A boolean field; `None` when undefined.
    pub fn boolean(&self, key: &str) -> Result<Option<bool>, Fault> {
        let v = self.field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        v.as_bool()
            .map(Some)
            .ok_or_else(|| self.wrong(key, "a boolean", &v))
    }

    /// An object field; `None` when undefined.
    pub fn object(&self, key: &'w str) -> Result<Option<Obj<'w>>, Fault> {
        let v = self.field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        Obj::new(v, key, false).map(Some)
    }

    /// An array of numbers field; `None` when undefined.
    pub fn numbers(&self, key: &str) -> Result<Option<Vec<f64>>, Fault> {
        let v = self.field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        if !js_sys::Array::is_array(&v) {
            return Err(self.wrong(key, "an array of numbers", &v));
        }
        let mut out = Vec::new();
        for x in js_sys::Array::from(&v).iter() {
            out.push(
                x.as_f64()
                    .ok_or_else(|| self.wrong(key, "an array of numbers", &x))?,
            );
        }
        Ok(Some(out))
    }

    /// A number field that may be `null`: `None` when undefined, `Some(None)` for null.
    pub fn nullable_number(&self, key: &str) -> Result<Option<Option<f64>>, Fault> {
        let v = self.field(key);
        if v.is_null() {
            return Ok(Some(None));
        }
        if v.is_undefined() {
            return Ok(None);
        }
        v.as_f64()
            .map(|x| Some(Some(x)))
            .ok_or_else(|| self.wrong(key, "a number or null", &v))
    }

    /// An array of strings field; `None` when undefined.
    pub fn strings(&self, key: &str) -> Result<Option<Vec<String>>, Fault> {
        let v = self.field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        if !js_sys::Array::is_array(&v) {
            return Err(self.wrong(key, "an array of strings", &v));
        }
        let mut out = Vec::new();
        for x in js_sys::Array::from(&v).iter() {
            out.push(
                x.as_string()
                    .ok_or_else(|| self.wrong(key, "an array of strings", &x))?,
            );
        }
        Ok(Some(out))
    }

    /// A required string field.
    pub fn need_string(&self, key: &str) -> Result<String, Fault> {
        let v = self.field(key);
        v.as_string().ok_or_else(|| self.wrong(key, "a string", &v))
    }

    /// A required number field.
    pub fn need_number(&self, key: &str) -> Result<f64, Fault> {
        let v = self.field(key);
        v.as_f64().ok_or_else(|| self.wrong(key, "a number", &v))
    }

    /// A required boolean field.
    pub fn need_boolean(&self, key: &str) -> Result<bool, Fault> {
        let v = self.field(key);
        v.as_bool().ok_or_else(|| self.wrong(key, "a boolean", &v))
    }
}
