//! Rust values as plain JS values: [`ToJs`], and [`js_struct!`], which declares a struct
//! together with its JS shape, so that each field is named once (its Rust name and its JS
//! name side by side) and every answer of that type has exactly those fields.
//!
//! Why not serde-wasm-bindgen, the design's crate: measured in this wasm (gzip -9 after
//! wasm-opt), serde's derives with it cost 6.3 KB for the small answers (tags, envelope,
//! board, annotations) and 14.2 KB with the PGN tree: 65.9 KB without any of them,
//! 72.2 KB with the small ones, 80.1 KB with all (serde_json in its place: 80.0 KB),
//! against SPEC §7's 72 KB for the whole rules wasm; with this module, 70.4 KB. Since
//! 2026-12-07 the shipped wasm links no std (70.0 KB), and serde-wasm-bindgen 0.6 needs
//! std (its wasm-bindgen with default features): it would bring back those 2.0 KB as
//! well. The engine's wasm, which has room and links std, uses serde-wasm-bindgen. The shapes are checked against
//! the package's TypeScript declarations by tests/package/shapes.test.mjs.

use alloc::{string::String, vec::Vec};

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A plain object, filled field by field (`o[key] = value`; JS keeps the insertion
    /// order of string keys).
    pub type Obj;
    #[wasm_bindgen(method, indexing_setter)]
    pub fn set(this: &Obj, key: &str, value: JsValue);
}

impl Obj {
    pub fn new() -> Obj {
        js_sys::Object::new().unchecked_into()
    }
}

/// A value JS receives as a plain value: a string, a number, a boolean, `null`, an array
/// or a plain object.
pub trait ToJs {
    fn to_js(&self) -> JsValue;
}

impl ToJs for str {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}
impl ToJs for String {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}
impl<T: ToJs + ?Sized> ToJs for &T {
    fn to_js(&self) -> JsValue {
        (**self).to_js()
    }
}
impl ToJs for bool {
    fn to_js(&self) -> JsValue {
        JsValue::from_bool(*self)
    }
}
macro_rules! number {
    ($($t:ty),*) => {$(
        impl ToJs for $t {
            fn to_js(&self) -> JsValue {
                JsValue::from_f64(*self as f64)
            }
        }
    )*};
}
number!(u8, u32, i32, usize, f64);

/// `None` is `null`.
impl<T: ToJs> ToJs for Option<T> {
    fn to_js(&self) -> JsValue {
        self.as_ref().map_or(JsValue::NULL, ToJs::to_js)
    }
}
impl<T: ToJs> ToJs for [T] {
    fn to_js(&self) -> JsValue {
        self.iter()
            .map(ToJs::to_js)
            .collect::<js_sys::Array>()
            .into()
    }
}
impl<T: ToJs> ToJs for Vec<T> {
    fn to_js(&self) -> JsValue {
        self.as_slice().to_js()
    }
}

/// Key-value pairs in order, as an object (`{ Event: "?", … }`).
pub struct Tags<K, V>(pub Vec<(K, V)>);

impl<K: AsRef<str>, V: ToJs> ToJs for Tags<K, V> {
    fn to_js(&self) -> JsValue {
        let o = Obj::new();
        for (k, v) in &self.0 {
            o.set(k.as_ref(), v.to_js());
        }
        o.into()
    }
}

/// A struct and its JS shape: `field: Type = "jsName"`, in the order the object lists
/// them. The struct's [`ToJs`] gives an object with exactly these keys.
macro_rules! js_struct {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident $(<$lt:lifetime>)? {
            $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty = $js:literal, )*
        }
    ) => {
        $(#[doc = $doc])*
        pub struct $name $(<$lt>)? {
            $( $(#[doc = $fdoc])* pub $field: $ty, )*
        }
        impl $(<$lt>)? $crate::js::ToJs for $name $(<$lt>)? {
            fn to_js(&self) -> wasm_bindgen::JsValue {
                let o = $crate::js::Obj::new();
                $( o.set($js, $crate::js::ToJs::to_js(&self.$field)); )*
                o.into()
            }
        }
    };
}
pub(crate) use js_struct;
