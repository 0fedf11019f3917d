//! The allocator of sgf-stream's programs (the `sgf` tool and the Python
//! package): small blocks from mimalloc, large ones from the system's.
//!
//! A collection is read by threads that hand memory to one another: the
//! walker makes each file's names and a worker frees them; workers make a
//! piece's results and the thread that delivers them in input order frees
//! them. glibc's `free` of a block made on another thread takes that
//! thread's arena lock, and over many small files the threads wait on
//! each other there; mimalloc frees such blocks without a lock. Large
//! blocks (batches of input, a piece's output) stay with the system's
//! allocator, which hands them from thread to thread better.
//!
//! mimalloc is built without transparent huge pages (its `no_thp`
//! feature): it does not ask the kernel to back its memory with 2 MiB
//! pages, each zeroed whole at its first touch, for a process whose
//! small blocks take a few megabytes. The process's other memory is left
//! to the system's settings.
//!
//! ```
//! #[global_allocator]
//! static ALLOCATOR: sgf_alloc::Split = sgf_alloc::Split;
//!
//! let small = vec![1u8; 100];
//! let large = vec![2u8; sgf_alloc::LARGE];
//! assert_eq!(small.iter().map(|&b| usize::from(b)).sum::<usize>(), 100);
//! assert_eq!(large.len(), sgf_alloc::LARGE);
//! ```

use std::alloc::{GlobalAlloc, Layout, System};

use mimalloc::MiMalloc;

/// Blocks of this many bytes or more come from [`System`].
pub const LARGE: usize = 256 * 1024;

/// Small blocks from [`MiMalloc`], large ones from [`System`], told
/// apart by the size of their layout.
#[derive(Debug, Clone, Copy, Default)]
pub struct Split;

impl Split {
    fn small(layout: &Layout) -> bool {
        layout.size() < LARGE
    }
}

// SAFETY: each block is freed, grown or shrunk by the allocator that made
// it: the one its layout's size picks, and `GlobalAlloc` passes the same
// layout (size and alignment) to `dealloc` and `realloc` as the block was
// made or last resized with. A `realloc` that crosses `LARGE` makes the
// new block with the other allocator, copies the bytes both blocks hold,
// and frees the old one with its own.
unsafe impl GlobalAlloc for Split {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on.
        unsafe {
            match Split::small(&layout) {
                true => MiMalloc.alloc(layout),
                false => System.alloc(layout),
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        unsafe {
            match Split::small(&layout) {
                true => MiMalloc.alloc_zeroed(layout),
                false => System.alloc_zeroed(layout),
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was made by the allocator this layout picks (see
        // the impl's comment).
        unsafe {
            match Split::small(&layout) {
                true => MiMalloc.dealloc(ptr, layout),
                false => System.dealloc(ptr, layout),
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_layout = Layout::from_size_align(new_size, layout.align());
        let Ok(new_layout) = new_layout else {
            return std::ptr::null_mut();
        };
        // SAFETY: within one allocator the caller's contract is passed on;
        // across, a new block is made, `min` bytes that both hold are
        // copied, and the old block is freed by its own allocator.
        unsafe {
            match (Split::small(&layout), Split::small(&new_layout)) {
                (true, true) => MiMalloc.realloc(ptr, layout, new_size),
                (false, false) => System.realloc(ptr, layout, new_size),
                _ => {
                    let new = self.alloc(new_layout);
                    if !new.is_null() {
                        let min = layout.size().min(new_size);
                        std::ptr::copy_nonoverlapping(ptr, new, min);
                        self.dealloc(ptr, layout);
                    }
                    new
                }
            }
        }
    }
}

/// Has the system's allocator keep the memory of large blocks for the
/// next ones, in a program whose threads make large buffers (batches of
/// input, a piece's output) that other threads free; returns whether the
/// allocator took the settings.
///
/// glibc serves blocks from 128 KiB up with a fresh `mmap` each, until a
/// free raises that line, and gives the top of a heap back to the kernel
/// past a threshold: the next buffer then has its pages faulted in and
/// zeroed again. This sets the line to 32 MiB and the threshold to 64
/// MiB, the most glibc's own adjustment would reach, and does nothing
/// (returns `false`) with another C library. A program calls it first
/// thing in `main`; a library leaves its caller's allocator alone.
///
/// ```
/// let kept = sgf_alloc::keep_large_blocks();
/// assert_eq!(kept, cfg!(all(target_os = "linux", target_env = "gnu")));
/// ```
pub fn keep_large_blocks() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::ffi::c_int;
        extern "C" {
            fn mallopt(param: c_int, value: c_int) -> c_int;
        }
        // glibc's <malloc.h>.
        const M_TRIM_THRESHOLD: c_int = -1;
        const M_MMAP_THRESHOLD: c_int = -3;
        // SAFETY: `mallopt` takes two integers and only sets glibc's
        // allocator parameters; both values are within the ranges glibc
        // documents (the mmap line at most 32 MiB on 64-bit systems).
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 64 << 20) == 1
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grows a block from 1 byte across [`LARGE`] and back, checking its
    /// bytes each time.
    #[test]
    fn blocks_keep_their_bytes_across_the_two_allocators() {
        let sizes = [
            1,
            100,
            4096,
            LARGE - 1,
            LARGE,
            LARGE + 1,
            3 * LARGE,
            LARGE,
            64,
            1,
        ];
        // SAFETY: every layout has a non-zero size; each block is freed
        // or resized with the layout it has.
        unsafe {
            let mut layout = Layout::from_size_align(sizes[0], 8).unwrap();
            let mut ptr = Split.alloc(layout);
            assert!(!ptr.is_null());
            *ptr = 7;
            for &size in &sizes[1..] {
                let kept = layout.size().min(size);
                ptr = Split.realloc(ptr, layout, size);
                assert!(!ptr.is_null());
                layout = Layout::from_size_align(size, 8).unwrap();
                assert_eq!(*ptr, 7);
                for i in 1..kept {
                    assert_eq!(*ptr.add(i), (i % 251) as u8, "byte {i} of {size}");
                }
                for i in kept..size {
                    *ptr.add(i) = (i % 251) as u8;
                }
            }
            Split.dealloc(ptr, layout);
            let zeroed = Layout::from_size_align(LARGE + 8, 64).unwrap();
            let block = Split.alloc_zeroed(zeroed);
            assert!((0..zeroed.size()).all(|i| *block.add(i) == 0));
            assert_eq!(block as usize % 64, 0);
            Split.dealloc(block, zeroed);
        }
    }
}
