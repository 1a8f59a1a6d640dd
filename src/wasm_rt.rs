//! What std would otherwise bring to the wasm build: a heap allocator and a panic handler.
//!
//! Only the package's wasm build uses them (wasm32 with the default `std` feature off);
//! std's versions cost about 25 KB of code, mostly the machinery that formats panic
//! messages nobody reads (the core has no panic paths on purpose; if one fired anyway,
//! the instance traps either way).
//!
//! The allocator is a size-class heap for one thread: blocks of 16 B to 32 KiB are powers
//! of two, naturally aligned, kept on one free list per size; anything bigger takes whole
//! 64 KiB pages, kept on a first-fit list when freed. The game's allocations are small
//! strings and move records plus the attack tables (built once), so this is all it needs.
//! The logic is generic over where pages come from, so it is tested natively.

#![allow(dead_code)] // natively only the tests use it

use core::alloc::Layout;

const MIN_SHIFT: u32 = 4;
const MAX_SHIFT: u32 = 15;
const CLASSES: usize = (MAX_SHIFT - MIN_SHIFT + 1) as usize;
/// Largest block served from a size class.
const MAX_SMALL: usize = 1 << MAX_SHIFT;
pub(crate) const PAGE: usize = 1 << 16;

/// A source of fresh, page-aligned memory (wasm: `memory.grow`).
pub(crate) trait Pages {
    /// The address of `n` new contiguous pages, or `None`.
    fn grow(&mut self, n: usize) -> Option<usize>;
}

pub(crate) struct Heap<P> {
    pages: P,
    /// Heads of the free lists, one per size class (0: empty). A free block's first word
    /// holds the next block's address.
    small: [usize; CLASSES],
    /// Head of the free large blocks; each holds `[next, bytes]` in its first two words.
    large: usize,
    /// The unused rest of the last page taken for small blocks.
    bump: usize,
    end: usize,
}

/// The size class (index) of a small request, or `None` for a large one.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(layout.align()).max(1 << MIN_SHIFT);
    if size > MAX_SMALL {
        return None;
    }
    let shift = usize::BITS - (size - 1).leading_zeros();
    Some((shift - MIN_SHIFT) as usize)
}

/// The bytes of the block that serves `layout`: its size class, or its whole pages.
fn block_bytes(layout: Layout) -> usize {
    match class_of(layout) {
        Some(c) => 1 << (c as u32 + MIN_SHIFT),
        None => pages_of(layout.size()) * PAGE,
    }
}

fn pages_of(size: usize) -> usize {
    size.div_ceil(PAGE).max(1)
}

impl<P: Pages> Heap<P> {
    pub(crate) const fn new(pages: P) -> Self {
        Heap {
            pages,
            small: [0; CLASSES],
            large: 0,
            bump: 0,
            end: 0,
        }
    }

    /// Gives the heap the free bytes `start..end` for small blocks (it must not have
    /// any yet). `end` must be a page boundary.
    pub(crate) fn add_area(&mut self, start: usize, end: usize) {
        if self.end == 0 && start < end && end % PAGE == 0 {
            self.bump = start.next_multiple_of(1 << MIN_SHIFT);
            self.end = end;
        }
    }

    /// # Safety
    /// The addresses handed out are memory this heap owns; `P` must return real memory.
    pub(crate) unsafe fn alloc(&mut self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            Some(c) => self.alloc_small(c),
            None => {
                if layout.align() > PAGE {
                    return core::ptr::null_mut();
                }
                self.alloc_large(pages_of(layout.size()))
            }
        }
    }

    /// # Safety
    /// `ptr` came from this heap's `alloc` with the same `layout`.
    pub(crate) unsafe fn dealloc(&mut self, ptr: *mut u8, layout: Layout) {
        let addr = ptr as usize;
        match class_of(layout) {
            Some(c) => self.push_small(c, addr),
            None => self.push_large(addr, pages_of(layout.size()) * PAGE),
        }
    }

    /// # Safety
    /// As for `dealloc`; `new_size` is not zero.
    pub(crate) unsafe fn realloc(
        &mut self,
        ptr: *mut u8,
        layout: Layout,
        new_size: usize,
    ) -> *mut u8 {
        let Ok(new) = Layout::from_size_align(new_size, layout.align()) else {
            return core::ptr::null_mut();
        };
        // The block already has the new size's room: nothing to move.
        if block_bytes(layout) == block_bytes(new) {
            return ptr;
        }
        let fresh = self.alloc(new);
        if !fresh.is_null() {
            core::ptr::copy_nonoverlapping(ptr, fresh, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        fresh
    }

    unsafe fn push_small(&mut self, class: usize, addr: usize) {
        if let Some(head) = self.small.get_mut(class) {
            (addr as *mut usize).write(*head);
            *head = addr;
        }
    }

    unsafe fn alloc_small(&mut self, class: usize) -> *mut u8 {
        let Some(&head) = self.small.get(class) else {
            return core::ptr::null_mut();
        };
        if head != 0 {
            let next = (head as *const usize).read();
            if let Some(h) = self.small.get_mut(class) {
                *h = next;
            }
            return head as *mut u8;
        }
        let size = 1usize << (class as u32 + MIN_SHIFT);
        // Natural alignment: the bytes skipped on the way go to the smaller lists.
        self.release_until(self.bump.next_multiple_of(size).min(self.end));
        if self.end - self.bump < size {
            let Some(page) = self.pages.grow(1) else {
                return core::ptr::null_mut();
            };
            if page != self.end {
                self.release_until(self.end);
                self.bump = page;
            }
            self.end = page + PAGE;
        }
        let block = self.bump;
        self.bump += size;
        block as *mut u8
    }

    /// Moves bump-area bytes onto the free lists, in naturally aligned pieces, until
    /// the bump pointer reaches `to` (a multiple of the first piece's alignment, at most
    /// `end`: the pieces then end exactly there).
    unsafe fn release_until(&mut self, to: usize) {
        while self.bump < to {
            let piece = (self.bump & self.bump.wrapping_neg()).min(MAX_SMALL);
            let class = (piece.trailing_zeros() - MIN_SHIFT) as usize;
            self.push_small(class, self.bump);
            self.bump += piece;
        }
    }

    /// Frees a large block: the list is kept in address order and neighbours merge, so
    /// freed pages can serve any later size.
    unsafe fn push_large(&mut self, addr: usize, bytes: usize) {
        let (mut prev, mut cur) = (0usize, self.large);
        while cur != 0 && cur < addr {
            prev = cur;
            cur = (cur as *const usize).read();
        }
        let (mut next, mut size) = (cur, bytes);
        if cur != 0 && addr + bytes == cur {
            next = (cur as *const usize).read();
            size += (cur as *const usize).add(1).read();
        }
        if prev != 0 && prev + (prev as *const usize).add(1).read() == addr {
            let p = prev as *mut usize;
            p.write(next);
            p.add(1).write(p.add(1).read() + size);
            return;
        }
        let p = addr as *mut usize;
        p.write(next);
        p.add(1).write(size);
        if prev == 0 {
            self.large = addr;
        } else {
            (prev as *mut usize).write(addr);
        }
    }

    unsafe fn alloc_large(&mut self, pages: usize) -> *mut u8 {
        let want = pages * PAGE;
        let mut prev: *mut usize = &mut self.large;
        let mut cur = self.large;
        while cur != 0 {
            let next = (cur as *const usize).read();
            let bytes = (cur as *const usize).add(1).read();
            if bytes >= want {
                prev.write(next);
                if bytes > want {
                    self.push_large(cur + want, bytes - want);
                }
                return cur as *mut u8;
            }
            prev = cur as *mut usize;
            cur = next;
        }
        match self.pages.grow(pages) {
            Some(addr) => addr as *mut u8,
            None => core::ptr::null_mut(),
        }
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
mod wasm {
    use super::{Heap, Pages, PAGE};
    use core::alloc::{GlobalAlloc, Layout};
    use core::cell::UnsafeCell;

    struct Memory;

    impl Pages for Memory {
        fn grow(&mut self, n: usize) -> Option<usize> {
            match core::arch::wasm32::memory_grow(0, n) {
                usize::MAX => None,
                old => Some(old * PAGE),
            }
        }
    }

    struct Global(UnsafeCell<Heap<Memory>>);

    unsafe extern "C" {
        /// Where the linker put the end of the static data (and the stack below it).
        static __heap_base: u8;
    }

    impl Global {
        /// The heap, which starts with the rest of the module's initial memory (the
        /// stack and static data leave most of one page free).
        #[inline]
        unsafe fn heap(&self) -> *mut Heap<Memory> {
            let heap = self.0.get();
            if (*heap).end == 0 {
                let start = core::ptr::addr_of!(__heap_base) as usize;
                (*heap).add_area(start, core::arch::wasm32::memory_size(0) * PAGE);
            }
            heap
        }
    }

    // wasm32-unknown-unknown without the atomics feature has one thread.
    unsafe impl Sync for Global {}

    #[global_allocator]
    static HEAP: Global = Global(UnsafeCell::new(Heap::new(Memory)));

    unsafe impl GlobalAlloc for Global {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            (*self.heap()).alloc(layout)
        }
        // A block to free or grow came from `alloc`, which set the heap up: these skip
        // the check.
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            (*self.0.get()).dealloc(ptr, layout)
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            (*self.0.get()).realloc(ptr, layout, new_size)
        }
    }

    /// A panic cannot happen by design; if one does, trap without formatting anything.
    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        core::arch::wasm32::unreachable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Pages carved from one big aligned buffer, as `memory.grow` would hand them out.
    struct Arena {
        base: usize,
        used: usize,
        cap: usize,
    }

    impl Pages for Arena {
        fn grow(&mut self, n: usize) -> Option<usize> {
            if self.used + n > self.cap {
                return None;
            }
            let at = self.base + self.used * PAGE;
            self.used += n;
            Some(at)
        }
    }

    fn arena(cap: usize) -> (Heap<Arena>, Vec<u8>) {
        let buf = alloc::vec![0u8; (cap + 1) * PAGE];
        let base = (buf.as_ptr() as usize).next_multiple_of(PAGE);
        (Heap::new(Arena { base, used: 0, cap }), buf)
    }

    /// A small deterministic generator, so failures reproduce.
    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn classes() {
        let l = |s, a| Layout::from_size_align(s, a).unwrap();
        assert_eq!(class_of(l(1, 1)), Some(0));
        assert_eq!(class_of(l(16, 8)), Some(0));
        assert_eq!(class_of(l(17, 1)), Some(1));
        assert_eq!(class_of(l(3, 64)), Some(2));
        assert_eq!(class_of(l(MAX_SMALL, 8)), Some(CLASSES - 1));
        assert_eq!(class_of(l(MAX_SMALL + 1, 8)), None);
    }

    #[test]
    fn blocks_are_aligned_disjoint_and_keep_their_contents() {
        let (mut heap, _buf) = arena(256);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        // (address, layout, fill byte)
        let mut live: Vec<(usize, Layout, u8)> = Vec::new();
        for step in 0..20_000u32 {
            let r = rng(&mut seed);
            if live.len() > 200 || (r % 3 == 0 && !live.is_empty()) {
                let (addr, layout, fill) = live.swap_remove((r >> 8) as usize % live.len());
                let bytes =
                    unsafe { core::slice::from_raw_parts(addr as *const u8, layout.size()) };
                assert!(
                    bytes.iter().all(|&b| b == fill),
                    "block overwritten (step {step})"
                );
                if r % 5 == 0 {
                    // Grow or shrink it instead of freeing it.
                    let new_size = 1 + (r >> 20) as usize % 3000;
                    let p = unsafe { heap.realloc(addr as *mut u8, layout, new_size) };
                    assert!(!p.is_null());
                    let kept = layout.size().min(new_size);
                    let moved = unsafe { core::slice::from_raw_parts(p, kept) };
                    assert!(
                        moved.iter().all(|&b| b == fill),
                        "realloc lost data (step {step})"
                    );
                    let layout = Layout::from_size_align(new_size, layout.align()).unwrap();
                    unsafe { core::ptr::write_bytes(p, fill, new_size) };
                    live.push((p as usize, layout, fill));
                } else {
                    unsafe { heap.dealloc(addr as *mut u8, layout) };
                }
                continue;
            }
            let size = match r % 10 {
                0 => 40_000 + (r >> 16) as usize % 200_000, // large
                1..=3 => 1 + (r >> 16) as usize % 4096,
                _ => 1 + (r >> 16) as usize % 64,
            };
            let align = 1usize << ((r >> 40) % 7);
            let layout = Layout::from_size_align(size, align).unwrap();
            let p = unsafe { heap.alloc(layout) };
            assert!(!p.is_null(), "out of memory at step {step}");
            assert_eq!(p as usize % align, 0, "misaligned block");
            let fill = (step % 251) as u8;
            unsafe { core::ptr::write_bytes(p, fill, size) };
            live.push((p as usize, layout, fill));
        }
        let mut spans: Vec<(usize, usize)> =
            live.iter().map(|&(a, l, _)| (a, a + l.size())).collect();
        spans.sort_unstable();
        assert!(
            spans.windows(2).all(|w| w[0].1 <= w[1].0),
            "overlapping blocks"
        );
    }

    #[test]
    fn freed_memory_is_reused() {
        let (mut heap, _buf) = arena(64);
        let small = Layout::from_size_align(100, 8).unwrap();
        let large = Layout::from_size_align(300_000, 8).unwrap();
        for _ in 0..10_000 {
            unsafe {
                let a = heap.alloc(small);
                let b = heap.alloc(large);
                assert!(!a.is_null() && !b.is_null());
                heap.dealloc(b, large);
                heap.dealloc(a, small);
            }
        }
        assert!(heap.pages.used <= 6, "used {} pages", heap.pages.used);
        // A freed large block serves a smaller large request and keeps the rest.
        unsafe {
            let b = heap.alloc(large);
            heap.dealloc(b, large);
            let c = heap.alloc(Layout::from_size_align(70_000, 8).unwrap());
            assert_eq!(c, b);
        }
    }

    #[test]
    fn freed_neighbours_merge() {
        let (mut heap, _buf) = arena(16);
        let l = |pages: usize| Layout::from_size_align(pages * PAGE, 8).unwrap();
        unsafe {
            let (a, b, c) = (heap.alloc(l(2)), heap.alloc(l(3)), heap.alloc(l(1)));
            assert_eq!(
                (b as usize - a as usize, c as usize - b as usize),
                (2 * PAGE, 3 * PAGE)
            );
            // Freed in every order, the three make one block again.
            heap.dealloc(c, l(1));
            heap.dealloc(a, l(2));
            heap.dealloc(b, l(3));
            assert_eq!(heap.alloc(l(6)), a);
            assert_eq!(heap.pages.used, 6);
        }
    }

    #[test]
    fn the_initial_area_is_used_first() {
        let (mut heap, buf) = arena(4);
        let base = heap.pages.base;
        // As in wasm: the pages grown later come after the initial memory.
        heap.pages.base += 2 * PAGE;
        heap.pages.cap -= 2;
        heap.add_area(base + 1000, base + 2 * PAGE);
        let l = Layout::from_size_align(24, 8).unwrap();
        let first = unsafe { heap.alloc(l) } as usize;
        assert_eq!(first, base + 1024);
        // Filling the area uses every byte of it before a page is grown.
        let mut n = 1;
        let l32 = Layout::from_size_align(32, 8).unwrap();
        while (unsafe { heap.alloc(l32) } as usize) < base + 2 * PAGE {
            n += 1;
        }
        assert_eq!(heap.pages.used, 1);
        assert!(
            n * 32 >= 2 * PAGE - 1024 - 32 - 16,
            "only {n} blocks from the area"
        );
        drop(buf);
    }

    #[test]
    fn out_of_memory_is_null() {
        let (mut heap, _buf) = arena(2);
        let big = Layout::from_size_align(3 * PAGE, 8).unwrap();
        assert!(unsafe { heap.alloc(big) }.is_null());
    }
}
