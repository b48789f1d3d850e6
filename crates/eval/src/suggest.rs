//! Did-you-mean suggestions: the candidate name closest to a misspelt one.

/// The candidate closest to `given` by edit distance, when it is closer than 3
/// edits (HCL's threshold); ties go to the first candidate.
///
/// ```
/// assert_eq!(terrace_eval::suggest("regoin", ["region", "zone"]), Some("region"));
/// assert_eq!(terrace_eval::suggest("x", ["region"]), None);
/// ```
pub fn suggest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        if candidate == given {
            continue;
        }
        let distance = levenshtein(given, candidate);
        if distance < 3 && best.is_none_or(|(best_distance, _)| distance < best_distance) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// The number of single-character insertions, deletions and substitutions
/// that turn `a` into `b`.
fn levenshtein(a: &str, b: &str) -> usize {
    let b_chars: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b_chars.len()).collect();
    let mut current = vec![0; b_chars.len() + 1];
    for (i, a_char) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, &b_char) in b_chars.iter().enumerate() {
            let substitution = previous[j] + usize::from(a_char != b_char);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b_chars.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(levenshtein("Upper", "upper"), 1);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
    }

    #[test]
    fn picks_the_closest_within_two_edits() {
        assert_eq!(suggest("Upper", ["lower", "upper"]), Some("upper"));
        assert_eq!(suggest("lenght", ["length", "lower"]), Some("length"));
        assert_eq!(suggest("xyz", ["length"]), None);
    }
}
