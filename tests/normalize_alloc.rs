//! Normalising allocates nothing: every parser of `sgf_stream::game` reads
//! its value in place, on every form it reads and on the ones it does not,
//! and a tree's `normalized()` only looks at values the tree holds. The
//! system allocator is wrapped to count the allocations of this thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sgf_stream::game::Normalized;

struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the allocator may run while this thread's locals are gone.
    let counting = COUNTING.try_with(Cell::get).unwrap_or(false);
    if counting {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// How many allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    ALLOCATIONS.with(|n| n.set(0));
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.with(Cell::get)
}

const VALUES: [(&str, &[&str]); 8] = [
    (
        "BR",
        &[
            "9段",
            "P8段",
            "4d*, IGS",
            "职业九段",
            "프로 9단",
            "二十五級",
            "UR",
            "1500",
            "",
        ],
    ),
    ("WR", &["9d", "30k", "1d?", "アマ六段", "31k", "P5k"]),
    (
        "RE",
        &[
            "B+R",
            "W+0.5",
            "B+2.50",
            "黑胜3又3/4子",
            "白 3目半勝ち",
            "흑 반집승",
            "Black wins by 12 points",
            "B+Offline",
            "0",
            "gave up",
            "123456789012345678.5",
        ],
    ),
    (
        "KM",
        &[
            "6.5",
            "750",
            "375",
            "6,5",
            "3又3/4子",
            "6目半",
            "six",
            "0.1234567890123456",
        ],
    ),
    ("HA", &["0", "9", "7.5", "-1"]),
    (
        "DT",
        &[
            "2016-03-09",
            "1996-12-27,28,1997-01-03,04",
            "2017.06.21 21:45",
            "2017-04-04T09:59:32.868979037+00:00",
            "1941-06-25 (昭和16年)",
            "21.06.2017",
            "2017年6月21日",
            "2017-02-30",
            "yesterday",
        ],
    ),
    ("TM", &["300", "1h30m", "1:30:00", "각 3시간", "-5", "long"]),
    (
        "OT",
        &[
            "5x30 byo-yomi",
            "25/600 Canadian",
            "10 Fischer",
            "秒読み1分5回",
            "None",
            "0x30",
        ],
    ),
];

#[test]
fn normalising_allocates_nothing() -> Result<(), sgf_stream::Error> {
    let mut read = 0;
    for (ident, texts) in VALUES {
        for text in texts {
            let mut n = Normalized::new();
            let made = allocations(|| n.absorb(ident, text));
            assert_eq!(made, 0, "{ident}[{text}]");
            read += usize::from(n != Normalized::new());
        }
    }
    // The values were read (each gives a value or an error).
    assert_eq!(read, VALUES.iter().map(|(_, texts)| texts.len()).sum());
    let tree = sgf_stream::parse(
        "(;GM[1]BR[P8段]WR[9段]RE[黑中盘胜]KM[750]HA[0]DT[1996-05-06,07,08]TM[1h]OT[3x30];B[pd];W[dd])",
    )?;
    let mut n = Normalized::new();
    assert_eq!(allocations(|| n = tree.normalized()), 0);
    assert!(n.black_rank.is_ok() && n.overtime.is_ok());
    // The counter counts: a `String` is one allocation.
    assert_eq!(
        allocations(|| drop(std::hint::black_box(String::from("x")))),
        1
    );
    Ok(())
}
