//! Errors of the raw layer: a misspelt field or a key written twice named at its line and
//! column, a truncated file, `parse` never panicking whatever the input, and [`locate`] agreeing
//! with the error positions.

use super::*;

#[test]
fn unknown_field_is_an_error_at_its_line() {
    let text = "Scenario(\n  title: \"t\",\n  map: (\n    columns: 5,\n    rows: 4,\n    cliff: [],\n  ),\n)";
    let e = err(text);
    assert_eq!((e.line, e.col), (6, 5), "{e}");
    assert!(e.message.contains("`cliff`"), "{e}");
    assert!(e.message.contains("`cliffs`"), "{e}");
    assert_eq!(e.to_string(), format!("6:5: {}", e.message));

    let e = err("Scenario(title: \"t\", map: (columns: 5, rows: 4), titel: \"x\")");
    assert_eq!((e.line, e.col), (1, 50), "{e}");
    assert!(e.message.contains("`titel`"), "{e}");
}

#[test]
fn error_points_at_the_token_not_the_space_before_it() {
    let e = err("Scenario(title: \"t\",\n  map: (columns: 5, rows: 4, cliffs: \"A1-A2\"))");
    assert_eq!((e.line, e.col), (2, 38), "{e}");
    let e = err("Scenario(title: \"t\",\n  map: (columns: 5, rows: 4, terrain: Wods))");
    assert_eq!((e.line, e.col), (2, 39), "{e}");
    assert!(e.message.contains("`Woods`"), "{e}");
}

#[test]
fn truncated_file_says_so() {
    let e = err("Scenario(title: \"t\", map: (columns: 5, rows: ");
    assert!(e.message.contains("ends too early"), "{e}");
    let e = err("Scenario(title: \"t\", map: (columns: 5, rows: 4");
    assert!(e.message.contains("file ends here"), "{e}");
    let e = err("");
    assert_eq!((e.line, e.col), (1, 1), "{e}");
}

#[test]
fn duplicate_hex_key_is_an_error_naming_it() {
    let text = "Scenario(title: \"t\", map: (columns: 5, rows: 4, hexes: {\n  \"A1\": (),\n  \"B2 C3\": (level: 1),\n  \"A1\": (level: 2),\n}))";
    let e = err(text);
    assert!(e.message.contains("\"A1\""), "{e}");
    assert!(e.message.contains("twice"), "{e}");
    assert_eq!(e.line, 4, "{e}");
}

#[test]
fn parse_never_panics() {
    // Every truncation.
    for (i, _) in EXAMPLE.char_indices() {
        let _ = parse(&EXAMPLE[..i]);
        let _ = locate(&EXAMPLE[..i], "S5");
        let _ = locate(&EXAMPLE[i..], "S5");
    }
    // Every character replaced by an awkward one, and an awkward one inserted before every
    // character (cycling through the list so that each position meets two of them).
    let awkward = [
        "(", ")", "[", "]", "{", "}", "\"", "'", ",", ":", "/", "*", "\\", "0", "-", "9", "a",
        "Some", "None", " ", "\n", "é", "r#", "b", "#", ".", "",
    ];
    for (n, (i, c)) in EXAMPLE.char_indices().enumerate() {
        let (head, rest) = (&EXAMPLE[..i], &EXAMPLE[i + c.len_utf8()..]);
        let a = awkward[n % awkward.len()];
        let b = awkward[(n * 7 + 3) % awkward.len()];
        let _ = parse(&format!("{head}{a}{rest}"));
        let _ = parse(&format!("{head}{b}{}", &EXAMPLE[i..]));
    }
    // Pseudo-random bytes flipped, several at a time, kept only when still valid UTF-8.
    let mut seed: u64 = 0x5eed;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    for _ in 0..2_000 {
        let mut bytes = EXAMPLE.as_bytes().to_vec();
        for _ in 0..=next() % 4 {
            let at = next() % bytes.len();
            bytes[at] ^= 1 << (next() % 7);
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = parse(text);
        }
    }
    // Deep nesting must not overflow the stack.
    for open in ["(", "[", "{", "Some(", "[(", "{\"A\": ("] {
        let deep = open.repeat(100_000);
        let _ = parse(&deep);
        let hexes = format!("rows: 4, hexes: {deep}");
        let _ = parse(&minimal("").replace("rows: 4)", &hexes));
        let _ = parse(&minimal(&format!(", notes: {deep}")));
        let _ = parse(&minimal(&format!(", script: [(act: {deep}")));
    }
    // Odd inputs.
    for text in [
        "\0",
        "\u{feff}Scenario()",
        "Scenario(title: \"\\u{D800}\")",
        "#![enable(implicit_some)]",
        "#![enable(nonsense)] Scenario()",
        "\"\\",
        "r##\"",
        "b'",
    ] {
        let _ = parse(text);
    }
}

#[test]
fn locate_finds_the_string_literal() {
    let text = "Scenario(\n  // \"A\" in a comment\n  /* \"A\" /* nested \"A\" */ \"A\" */\n  caves: [(id: 'x', hex: \"A B\", ca: \"é\"), (id: \"A\")],\n)";
    assert_eq!(locate(text, "A"), Some((4, 48)));
    assert_eq!(locate(text, "A B"), Some((4, 26)));
    assert_eq!(locate(text, "é"), Some((4, 37)));
    assert_eq!(locate(text, "B"), None);
    assert_eq!(locate(text, "missing"), None);
    assert_eq!(locate("x: \"a\\\"b\", y: \"b\"", "b"), Some((1, 15)));
    assert_eq!(locate("\"unterminated", "unterminated"), None);
    assert_eq!(locate("", ""), None);
    assert_eq!(locate("\"\"", ""), Some((1, 1)));
    assert_eq!(locate(EXAMPLE, "I4"), None);
    assert_eq!(locate(EXAMPLE, "T6"), Some((35, 39)));
}

#[test]
fn locate_agrees_with_error_columns() {
    // A unit id the resolver rejects would be reported at the same place ron reports errors.
    let text = "Scenario(title: \"t\",\n  map: (columns: 5, rows: 4, cliffs: \"é\"))";
    let e = err(text);
    assert_eq!(locate(text, "é"), Some((e.line, e.col)));
}
