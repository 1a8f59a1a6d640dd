;; The decoding loop of js/unpack.ts, as wasm: far faster than the same loop in a JS
;; engine's interpreter, which is where code run once at start-up spends its time.
;; Its bytes are in unpack.ts (DECODER); test/unpack.test.mjs checks they are this text,
;; assembled by binaryen.
;;
;; Memory: bytes 0-1023 hold 512 i16 entries that unpack.ts fills: entry c (c < 256) is
;; the byte that character c stands for, 256 + 128 * e when c is escape e (0 or 1),
;; -1 when c is no code; entry 256 + 128 * e + c is the byte of escape e followed by c,
;; or -1. The text (ASCII) is at 1024, n bytes; the output goes right after it.
;; Returns the number of bytes written, or -1 when the text is not an exact encoding of
;; at most `size` bytes.
(module
  (memory (export "m") 1)
  (func (export "d") (param $n i32) (param $size i32) (result i32)
    (local $i i32) (local $end i32) (local $o i32) (local $lim i32) (local $v i32)
    (local.set $i (i32.const 1024))
    (local.set $end (i32.add (i32.const 1024) (local.get $n)))
    (local.set $o (local.get $end))
    (local.set $lim (i32.add (local.get $end) (local.get $size)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $v (i32.load16_s (i32.shl (i32.load8_u (local.get $i)) (i32.const 1))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (if (i32.gt_s (local.get $v) (i32.const 255))
          (then
            (if (i32.ge_u (local.get $i) (local.get $end)) (then (return (i32.const -1))))
            (local.set $v
              (i32.load16_s
                (i32.shl (i32.add (local.get $v) (i32.load8_u (local.get $i))) (i32.const 1))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))))
        (if (i32.or (i32.lt_s (local.get $v) (i32.const 0)) (i32.ge_u (local.get $o) (local.get $lim)))
          (then (return (i32.const -1))))
        (i32.store8 (local.get $o) (local.get $v))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $next)))
    (i32.sub (local.get $o) (local.get $end))))
