//! `map_on_every_core`: a function applied to every item of a slice on every core, results in the items' order.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `f` applied to each of `items`, on as many threads as there are cores (each thread
/// takes the next item in turn), with the results in the order of `items`. With one core,
/// or one item, no thread is started. A thread that panics loses its results, as the
/// callers' reports would have been incomplete anyway.
pub(crate) fn map_on_every_core<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let n_workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len());
    if n_workers <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..n_workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let idx = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(idx) else { break };
                        done.push((idx, f(item)));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    done.sort_by_key(|(idx, _)| *idx);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = map_on_every_core(&items, |n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert!(map_on_every_core(&[] as &[u64], |n| *n).is_empty());
    }
}
