//! Text without `core::fmt`: numbers into strings, whole-number tests and rounding.
//!
//! `format!` and `Display` bring the formatting machinery into the wasm (about 10 KB); the
//! crate builds every string it returns with these instead. The `Display` impls of the
//! error types stay for Rust callers, and write the same text.

/// A value that `cat!` can append to a string.
pub trait Push {
    fn push_to(&self, out: &mut String);
}

impl Push for str {
    /// Out of line on purpose: one copy of `String::push_str` for every string built
    /// from pieces.
    #[inline(never)]
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
        push_char(out, *self);
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
            fn push_to(&self, $out: &mut ::std::string::String) {
                #[allow(unused_imports)]
                use $crate::text::{push_all, Push};
                let $e = self;
                $body
            }
        }
        impl $ty {
            /// The error as text (what `Display` writes).
            pub fn message(&self) -> ::std::string::String {
                let mut s = ::std::string::String::new();
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
    push_char(out, char::from(b'0' + (n % 10) as u8));
}

/// Appends `n` in decimal, with a minus sign when negative.
pub fn push_int(out: &mut String, n: i64) {
    if n < 0 {
        push_char(out, '-');
    }
    push_uint(out, n.unsigned_abs());
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

/// `s` without leading and trailing whitespace: `str::trim`, byte by byte.
pub fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    let (mut i, mut j) = (0, b.len());
    while let Some(n) = b.get(i..j).map(space_len).filter(|&n| n > 0) {
        i += n;
    }
    while j > i {
        // The last character starts at the last byte that is not a continuation byte.
        let mut k = j - 1;
        while k > i && b.get(k).is_some_and(|&c| c & 0xC0 == 0x80) {
            k -= 1;
        }
        if b.get(k..j).map_or(0, space_len) == 0 {
            break;
        }
        j = k;
    }
    s.get(i..j).unwrap_or_default()
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

/// Appends one character. Out of line on purpose: the strings built a character at a
/// time (FEN, SAN, UCI) share one copy of `String::push` instead of inlining it at every
/// call.
#[inline(never)]
pub fn push_char(out: &mut String, c: char) {
    out.push(c);
}

/// Appends ASCII bytes (anything else is not written): fixed-width text built as a byte
/// array, pushed in one copy.
#[inline(never)]
pub fn push_ascii(out: &mut String, bytes: &[u8]) {
    if let Ok(s) = core::str::from_utf8(bytes) {
        out.push_str(s);
    }
}

/// `s` as a new `String`: `str::to_string`, out of line on purpose (one copy of the
/// allocation and copy instead of one at every call). Built with the one copy of
/// `push_str` rather than `String::from`'s own allocation code.
#[inline(never)]
pub fn owned(s: &str) -> String {
    cat!(s)
}

/// The first `n` characters of `s` (all of it when shorter), for echoing input in errors.
#[inline(never)]
pub fn first_chars(s: &str, n: usize) -> String {
    owned(take_chars(s, n))
}

/// Splits `s` at whitespace as `str::split_whitespace` does, without decoding characters:
/// stores the first `out.len()` fields in `out` and returns how many there are in all.
pub fn split_whitespace<'a>(s: &'a str, out: &mut [&'a str]) -> usize {
    let bytes = s.as_bytes();
    let (mut n, mut i, mut start) = (0, 0, None);
    loop {
        let rest = bytes.get(i..).unwrap_or_default();
        // The end of the string ends the last field like a separator.
        let w = if rest.is_empty() { 1 } else { space_len(rest) };
        if w == 0 {
            start.get_or_insert(i);
            i += 1;
            continue;
        }
        if let Some(from) = start.take() {
            if let Some(slot) = out.get_mut(n) {
                *slot = s.get(from..i).unwrap_or_default();
            }
            n += 1;
        }
        if rest.is_empty() {
            return n;
        }
        i += w;
    }
}

/// How many UTF-16 units `s` takes (JavaScript's `length`): `encode_utf16().count()`
/// without decoding, one per character and two for a character of four UTF-8 bytes.
pub fn utf16_len(s: &str) -> usize {
    s.bytes()
        .map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum()
}

/// `s.split(sep)` for an ASCII `sep`, byte by byte: `str::split` with a `char` brings
/// the memchr searcher into the wasm.
pub fn split_ascii(s: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    core::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == sep) {
            Some(i) => {
                rest = r.get(i + 1..);
                r.get(..i)
            }
            None => rest.take(),
        }
    })
}

/// Whether `x` is a finite whole number (what JavaScript's `Number.isInteger` says).
pub fn is_whole(x: f64) -> bool {
    x.is_finite() && (x.abs() >= 4_503_599_627_370_496.0 || x == (x as i64) as f64)
}

/// `x` rounded to the nearest whole number, halves away from zero (`f64::round`, which
/// is not in `core`). NaN stays NaN; infinities stay as they are. Out of line: the
/// envelope rounds three times (both times when sealing, and when writing fields), and
/// one copy is smaller.
#[inline(never)]
pub fn round(x: f64) -> f64 {
    if !x.is_finite() || x.abs() >= 4_503_599_627_370_496.0 {
        return x;
    }
    let t = x as i64 as f64;
    let d = x - t;
    if d >= 0.5 {
        t + 1.0
    } else if d <= -0.5 {
        t - 1.0
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn split_whitespace_matches_std() {
        // Every character as a separator (or not), and in odd places.
        for c in (0..=0x10_ffffu32).filter_map(char::from_u32) {
            for s in [
                std::format!("a{c}b"),
                std::format!("{c}{c}x{c} y"),
                std::format!("{c}"),
            ] {
                let want: Vec<&str> = s.split_whitespace().collect();
                let mut got = [""; 4];
                let n = split_whitespace(&s, &mut got);
                assert_eq!(n, want.len(), "{s:?}");
                assert_eq!(&got[..n.min(4)], &want[..n.min(4)], "{s:?}");
            }
        }
        let mut one = [""; 1];
        assert_eq!(split_whitespace(" a\u{3000}b\tc ", &mut one), 3);
        assert_eq!(one, ["a"]);
        assert_eq!(split_whitespace("", &mut one), 0);
    }

    #[test]
    fn spaces_trim_and_prefixes_match_std() {
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
            assert_eq!(trim(s), s.trim(), "{s:?}");
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

    #[test]
    fn utf16_len_and_split_ascii_match_std() {
        let samples = [
            "",
            " ",
            "a b",
            "  a  b ",
            "é ♔ 𝄞",
            "𝄞𝄞",
            "{x y} (1. e4)",
            "a\u{a0}b c",
        ];
        for s in samples {
            assert_eq!(utf16_len(s), s.encode_utf16().count(), "{s:?}");
            let want: Vec<&str> = s.split(' ').collect();
            assert_eq!(split_ascii(s, b' ').collect::<Vec<_>>(), want, "{s:?}");
        }
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let s = std::format!("{c} {c}");
            assert_eq!(utf16_len(&s), s.encode_utf16().count(), "{c:?}");
        }
    }

    #[test]
    fn whole_and_round_match_std() {
        let xs = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            2.5,
            -2.5,
            0.49999999999999994,
            1e15 + 0.5,
            3.7,
            -3.7,
            4_503_599_627_370_497.0,
            1e300,
            -1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
            123456.789,
        ];
        for x in xs {
            assert_eq!(
                is_whole(x),
                x.is_finite() && x.fract() == 0.0,
                "is_whole({x})"
            );
            let (a, b) = (round(x), x.round());
            assert!(
                a == b || (a.is_nan() && b.is_nan()),
                "round({x}) = {a}, std says {b}"
            );
        }
    }
}
