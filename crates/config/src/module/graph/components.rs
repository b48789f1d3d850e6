//! Evaluation order: the strongly connected components of the reference graph, dependencies first (cycles are the components that loop).

/// Groups nodes `0..n_nodes` (with `deps[i]` the nodes `i` refers to) into
/// strongly connected components, each component after every component it
/// depends on. A component with more than one node, or one node referring to
/// itself, is a cycle. Tarjan's algorithm, iterative so that long chains do
/// not exhaust the stack.
pub(crate) fn components(deps: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n_nodes = deps.len();
    let mut index = vec![usize::MAX; n_nodes];
    let mut low = vec![0; n_nodes];
    let mut on_stack = vec![false; n_nodes];
    let mut stack = Vec::new();
    let mut next_index = 0;
    let mut result = Vec::new();
    for start in 0..n_nodes {
        if index[start] != usize::MAX {
            continue;
        }
        // (node, position in its dependency list)
        let mut work: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = next_index;
        low[start] = next_index;
        next_index += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (node, ref mut pos)) = work.last_mut() {
            if let Some(&dep) = deps[node].get(*pos) {
                *pos += 1;
                if dep >= n_nodes {
                    continue;
                }
                if index[dep] == usize::MAX {
                    index[dep] = next_index;
                    low[dep] = next_index;
                    next_index += 1;
                    stack.push(dep);
                    on_stack[dep] = true;
                    work.push((dep, 0));
                } else if on_stack[dep] {
                    low[node] = low[node].min(index[dep]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                component.reverse();
                result.push(component);
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::components;

    #[test]
    fn dependencies_come_first() {
        // 0 -> 1 -> 2, 3 <-> 4, 5 -> 5
        let deps = vec![vec![1], vec![2], vec![], vec![4], vec![3], vec![5]];
        let found = components(&deps);
        assert_eq!(found, vec![vec![2], vec![1], vec![0], vec![3, 4], vec![5]]);
    }

    #[test]
    fn long_chains_do_not_overflow() {
        let deps: Vec<Vec<usize>> = (0..200_000).map(|i| vec![i + 1]).collect();
        assert_eq!(components(&deps).len(), 200_000);
    }
}
