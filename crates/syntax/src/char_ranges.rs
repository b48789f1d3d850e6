//! Looking a character up in a table of code point ranges (the generated tables of
//! `ident_chars.rs` and `printable.rs`).

/// Whether `c` lies in one of `table`'s ranges: inclusive `(first, last)` code points,
/// sorted and not overlapping.
pub(crate) fn in_ranges(table: &[(u32, u32)], c: char) -> bool {
    let cp = u32::from(c);
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < cp {
                std::cmp::Ordering::Less
            } else if lo > cp {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}
