//! Small helpers for the sentences the rulings write: a number with its noun in the right
//! number ("1 hex", "3 hexes"), and lists that say "none" when empty.

/// `n` and the noun in the right number: `count(1, "hex", "hexes")` is "1 hex".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The noun alone in the right number for `n` items.
pub fn noun<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// How far away something `d` hexes off is: "in the same hex", "1 hex away", "3 hexes away".
pub fn away(d: u32) -> String {
    if d == 0 {
        "in the same hex".into()
    } else {
        format!("{} away", count(d, "hex", "hexes"))
    }
}

/// The items joined by ", ", or "none" when there are none.
pub fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

/// `text` cut to at most `n` characters, "…" ending a cut one.
pub fn clip(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let mut out: String = text.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_every_other_count_plural() {
        assert_eq!(count(1u32, "hex", "hexes"), "1 hex");
        assert_eq!(count(0u32, "hex", "hexes"), "0 hexes");
        assert_eq!(count(3u32, "cave", "caves"), "3 caves");
        assert_eq!(noun(1, "cave", "caves"), "cave");
        assert_eq!(noun(2, "cave", "caves"), "caves");
        assert_eq!(away(0), "in the same hex");
        assert_eq!(away(1), "1 hex away");
        assert_eq!(away(6), "6 hexes away");
        assert_eq!(list_or_none(&[]), "none");
    }
}
