//! Text built without `core::fmt`: [`Push`], `cat!` and `push_all!` put strings, numbers
//! and squares together, and `error_messages!` writes an error enum's message once
//! (its `Push` text, `message()`, `Display` and `Error`).
//!
//! Why by hand: `format!` and `Display` bring the formatting machinery into the rules
//! wasm, measured at MEASURE_ME of gzipped wasm; the crate builds every string it returns
//! with these instead. Every piece is checked against std in the tests below.

use alloc::{borrow::ToOwned, string::String};

/// A value that `cat!` can append to a string.
pub trait Push {
    fn push_to(&self, out: &mut String);
}

impl Push for str {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}
impl Push for String {
    fn push_to(&self, out: &mut String) {
        self.as_str().push_to(out);
    }
}
impl Push for char {
    fn push_to(&self, out: &mut String) {
        out.push(*self);
    }
}
impl<T: Push + ?Sized> Push for &T {
    fn push_to(&self, out: &mut String) {
        (**self).push_to(out);
    }
}
macro_rules! push_unsigned {
    ($($t:ty),*) => {$(
        impl Push for $t {
            fn push_to(&self, out: &mut String) {
                push_uint(out, u64::from(*self));
            }
        }
    )*};
}
push_unsigned!(u8, u16, u32, u64);
impl Push for usize {
    fn push_to(&self, out: &mut String) {
        push_uint(out, *self as u64);
    }
}
impl Push for i64 {
    fn push_to(&self, out: &mut String) {
        push_int(out, *self);
    }
}

impl Push for crate::square::Square {
    fn push_to(&self, out: &mut String) {
        crate::square::Square::push_to(*self, out);
    }
}
/// The strings of a slice with a separator between them, for `cat!`: `join` without
/// the intermediate string.
pub struct Joined<'a>(pub &'a [String], pub &'a str);

impl Push for Joined<'_> {
    fn push_to(&self, out: &mut String) {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                self.1.push_to(out);
            }
            s.push_to(out);
        }
    }
}

/// Concatenates its arguments (anything [`Push`]) into a new `String`: `format!` without
/// `core::fmt`.
#[doc(hidden)]
#[macro_export]
macro_rules! cat {
    ($($x:expr),* $(,)?) => {{
        let mut s = String::new();
        $($crate::text::Push::push_to(&$x, &mut s);)*
        s
    }};
}
pub use crate::cat;

/// Appends its arguments (anything [`Push`]) to `out`: `cat!` into an existing string.
#[doc(hidden)]
#[macro_export]
macro_rules! push_all {
    ($out:expr; $($x:expr),* $(,)?) => {{
        let out: &mut String = $out;
        $($crate::text::Push::push_to(&$x, out);)*
    }};
}
pub use crate::push_all;

/// An error enum's message, written once: one `match` gives its [`Push`] text,
/// `message()`, `Display` and `core::error::Error`.
///
/// ```ignore
/// error_messages!(MyError, e, out => match e {
///     MyError::Bad { at } => push_all!(out; "bad input at ", at),
/// });
/// ```
macro_rules! error_messages {
    ($ty:ty, $e:ident, $out:ident => $body:expr) => {
        impl $crate::text::Push for $ty {
            fn push_to(&self, $out: &mut ::alloc::string::String) {
                #[allow(unused_imports)]
                use $crate::text::{push_all, Push};
                let $e = self;
                $body
            }
        }
        impl $ty {
            /// The error as text (what `Display` writes).
            pub fn message(&self) -> ::alloc::string::String {
                let mut s = ::alloc::string::String::new();
                $crate::text::Push::push_to(self, &mut s);
                s
            }
        }
        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&self.message())
            }
        }
        impl core::error::Error for $ty {}
    };
}
pub(crate) use error_messages;

/// Appends `n` in decimal.
pub fn push_uint(out: &mut String, n: u64) {
    // The higher digits first, by recursion (at most 20 deep): no digit buffer.
    if n >= 10 {
        push_uint(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// Appends `n` in decimal, with a minus sign when negative.
pub fn push_int(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_uint(out, n.unsigned_abs());
}

/// `s.trim()`, answered at once when `s` starts and ends with visible ASCII (every move
/// of a record: std's `trim` decodes and classifies a character at each end first). Any
/// whitespace character starts and ends with a byte that is not visible ASCII.
pub fn trim(s: &str) -> &str {
    let visible = |b: Option<&u8>| b.is_some_and(|b| (b'!'..0x7f).contains(b));
    if visible(s.as_bytes().first()) && visible(s.as_bytes().last()) {
        s
    } else {
        s.trim()
    }
}

/// The byte length of the whitespace character (`char::is_whitespace`: Unicode
/// White_Space) that `b` starts with, or 0. On a UTF-8 continuation byte it is 0, so it
/// may be asked at any byte of a string.
pub fn space_len(b: &[u8]) -> usize {
    match *b {
        [b'\t'..=b'\r' | b' ', ..] => 1,
        [0xC2, 0x85 | 0xA0, ..] => 2,
        [0xE1, 0x9A, 0x80, ..]
        | [0xE2, 0x80, 0x80..=0x8A | 0xA8 | 0xA9 | 0xAF, ..]
        | [0xE2, 0x81, 0x9F, ..]
        | [0xE3, 0x80, 0x80, ..] => 3,
        _ => 0,
    }
}

/// The first `n` characters of `s` (all of it when shorter).
pub fn take_chars(s: &str, n: usize) -> &str {
    let mut count = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        // Each character starts with a byte that is not a continuation byte.
        if b & 0xC0 != 0x80 {
            if count == n {
                return s.get(..i).unwrap_or_default();
            }
            count += 1;
        }
    }
    s
}

/// The first `n` characters of `s` (all of it when shorter), for echoing input in errors.
pub fn first_chars(s: &str, n: usize) -> String {
    take_chars(s, n).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `trim` is std's `trim` on every text of up to 3 characters from visible ASCII,
    /// ASCII whitespace, Unicode whitespace (NBSP, ideographic space, line separator) and
    /// other non-ASCII characters.
    #[test]
    fn trim_is_std_trim() {
        let chars = [
            'e', '4', '+', ' ', '\t', '\n', '\u{a0}', '\u{3000}', '\u{2028}', 'é', '\u{feff}',
        ];
        let mut checked = 0;
        for a in chars {
            for b in chars {
                for c in chars {
                    for s in [
                        String::from(a),
                        [a, b].iter().collect(),
                        [a, b, c].iter().collect(),
                    ] {
                        assert_eq!(trim(&s), s.trim(), "{s:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 11 * 11 * 11);
    }

    #[test]
    fn numbers() {
        for n in [0u64, 7, 10, 99, 100, 12345, u64::MAX] {
            let mut s = String::new();
            push_uint(&mut s, n);
            assert_eq!(s, std::format!("{n}"));
        }
        for n in [0i64, -1, 42, -9_007_199_254_740_991, i64::MIN, i64::MAX] {
            let mut s = String::new();
            push_int(&mut s, n);
            assert_eq!(s, std::format!("{n}"));
        }
    }

    #[test]
    fn spaces_and_prefixes_match_std() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let b = c.encode_utf8(&mut buf).as_bytes();
            let want = if c.is_whitespace() { b.len() } else { 0 };
            assert_eq!(space_len(b), want, "{c:?}");
            for k in 1..b.len() {
                assert_eq!(space_len(&b[k..]), 0, "{c:?} from byte {k}");
            }
        }
        let samples = [
            "",
            " ",
            "  a b  ",
            "\u{a0}x\u{3000}",
            "\u{2028}\u{85}",
            "é ",
            " ∂\u{202f}",
            "x\u{200b}",
            "\u{feff}y",
            "\t\r\n\u{b}\u{c}z\u{1680}",
            "♔♞𝄞",
            "a\u{205f}\u{2000}",
        ];
        for s in samples {
            for n in 0..8 {
                assert_eq!(
                    take_chars(s, n),
                    s.chars().take(n).collect::<String>(),
                    "{s:?} {n}"
                );
            }
        }
    }

    #[test]
    fn first_chars_counts_characters() {
        for s in ["", "abc", "é♔𝄞x", "ab\u{200b}cd"] {
            for n in 0..6 {
                assert_eq!(first_chars(s, n), s.chars().take(n).collect::<String>());
            }
        }
    }
}
