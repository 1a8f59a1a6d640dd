//! The wasm heap: talc, with a memory source that grows the wasm memory geometrically.
//!
//! talc's own wasm source grows the memory by just the pages an allocation needs. In V8
//! each `memory.grow` costs more the larger the memory is (the buffer is remapped and
//! every view of it refreshed), so a heap that grows a page at a time costs quadratic
//! time: 25k kept games took 1.1 s, then 5.3, 9.3, 10.9 s per batch. Growing by a
//! quarter of the memory at least makes the total cost linear.

use core::alloc::Layout;
use core::arch::wasm32::{memory_grow, memory_size};
use core::ptr::NonNull;
use talc::base::binning::Binning;
use talc::base::Talc;
use talc::cell::TalcSyncCell;
use talc::source::Source;
use talc::wasm::WasmBinning;

const PAGE: usize = 64 * 1024;

/// Grows the wasm memory by at least a quarter of its size (and 16 pages), extending
/// the one heap when the new pages follow it.
#[derive(Debug, Default)]
pub struct GrowGeometric {
    end: Option<NonNull<u8>>,
}

// SAFETY: `acquire` uses no allocator; it only grows the wasm memory and hands the new
// pages to talc, which owns them from then on.
unsafe impl Source for GrowGeometric {
    fn acquire<B: Binning>(talc: &mut Talc<Self, B>, layout: Layout) -> Result<(), ()> {
        // Room for the block, its alignment and talc's bookkeeping around it.
        let needed = layout
            .size()
            .saturating_add(layout.align())
            .saturating_add(256);
        let needed_pages = needed.div_ceil(PAGE);
        let pages = needed_pages.max(memory_size::<0>() / 4).max(16);
        let prev = match memory_grow::<0>(pages) {
            usize::MAX => match memory_grow::<0>(needed_pages) {
                // Not a quarter more: perhaps just what this block needs.
                usize::MAX => return Err(()),
                p => (p, needed_pages),
            },
            p => (p, pages),
        };
        let (prev_pages, grown) = prev;
        let base = (prev_pages * PAGE) as *mut u8;
        let bytes = grown * PAGE;
        // SAFETY: `base..base + bytes` are the pages just grown: in bounds, unused, ours.
        unsafe {
            if let Some(old_end) = talc.source.end.take() {
                if old_end.as_ptr() == base {
                    talc.source.end = Some(talc.extend(old_end, base.add(bytes)));
                    return Ok(());
                }
            }
            talc.source.end = talc.claim(base, bytes);
        }
        talc.source.end.map(|_| ()).ok_or(())
    }
}

#[global_allocator]
static ALLOCATOR: TalcSyncCell<GrowGeometric, WasmBinning> =
    TalcSyncCell::new_wasm(GrowGeometric { end: None });

/// Pages of wasm memory now (for tests and the memory report).
pub fn pages() -> usize {
    memory_size::<0>()
}
