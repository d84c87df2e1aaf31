//! The scenario loader never panics: thousands of mutated scenario files (truncated, bytes
//! flipped, ids and fields swapped, lines dropped or repeated) each load to a scenario or to an
//! input error that names the file, and every mutation that breaks the file is reported.

use asl_pto::scenario::Scenario;

const SOURCES: [&str; 3] = [
    include_str!("../../scenarios/ridge.ron"),
    include_str!("../scenarios/los_hindrance.ron"),
    include_str!("../scenarios/los_night.ron"),
];

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Loads `text`, which must not panic; returns whether it loaded.
fn load(text: &str, label: &str) -> bool {
    let result = std::panic::catch_unwind(|| Scenario::from_str(text, "fuzz.ron"));
    match result {
        Ok(Ok(_)) => true,
        Ok(Err(e)) => {
            let line = e.to_string();
            assert!(line.starts_with("fuzz.ron"), "{label}: {line}");
            assert!(!line.contains('\n'), "{label}: error spans lines: {line}");
            false
        }
        Err(_) => panic!("{label}: the loader panicked on:\n{text}"),
    }
}

fn quoted_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c == '"' {
            match start.take() {
                None => start = Some(i),
                Some(s) => spans.push((s, i + 1)),
            }
        }
    }
    spans
}

#[test]
fn every_truncation_is_an_error_or_a_scenario_never_a_panic() {
    for src in SOURCES {
        let mut errors = 0;
        let cuts: Vec<usize> = (0..src.len())
            .filter(|i| src.is_char_boundary(*i))
            .collect();
        for &cut in &cuts {
            if !load(&src[..cut], &format!("truncated at {cut}")) {
                errors += 1;
            }
        }
        // Cutting a file short breaks it nearly everywhere (only trailing comments survive).
        assert!(errors * 10 >= cuts.len() * 9, "{errors} of {}", cuts.len());
    }
}

#[test]
fn thousands_of_flipped_bytes_never_panic() {
    let mut g = Gen(0x5eed_0001);
    for src in SOURCES {
        for round in 0..1500 {
            let mut bytes = src.as_bytes().to_vec();
            for _ in 0..1 + g.below(3) {
                let i = g.below(bytes.len());
                bytes[i] ^= 1 << g.below(8);
            }
            if let Ok(text) = String::from_utf8(bytes) {
                load(&text, &format!("flip round {round}"));
            }
        }
    }
}

#[test]
fn swapped_quoted_values_and_shuffled_lines_never_panic() {
    let mut g = Gen(0x5eed_0002);
    for src in SOURCES {
        let spans = quoted_spans(src);
        let lines: Vec<&str> = src.lines().collect();
        for round in 0..1500 {
            let text = match round % 3 {
                // Swap two quoted strings (hex ids, ids, hexsides, Locations...).
                0 => {
                    let (a, b) = (spans[g.below(spans.len())], spans[g.below(spans.len())]);
                    let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
                    if a == b || a.1 > b.0 {
                        continue;
                    }
                    format!(
                        "{}{}{}{}{}",
                        &src[..a.0],
                        &src[b.0..b.1],
                        &src[a.1..b.0],
                        &src[a.0..a.1],
                        &src[b.1..]
                    )
                }
                // Drop a line.
                1 => {
                    let k = g.below(lines.len());
                    lines
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != k)
                        .map(|(_, l)| *l)
                        .collect::<Vec<_>>()
                        .join("\n")
                }
                // Repeat a line (duplicate fields, keys and ids).
                _ => {
                    let k = g.below(lines.len());
                    let mut v = lines.clone();
                    v.insert(k, lines[k]);
                    v.join("\n")
                }
            };
            load(&text, &format!("mutation round {round}"));
        }
    }
}

#[test]
fn a_repeated_unit_line_is_reported_as_a_duplicate_id_with_its_position() {
    let src = SOURCES[0];
    let line = src.lines().position(|l| l.contains("id: \"us1\"")).unwrap();
    let mut v: Vec<&str> = src.lines().collect();
    v.insert(line + 1, v[line]);
    let e = Scenario::from_str(&v.join("\n"), "dup.ron").unwrap_err();
    assert_eq!(e.at.map(|(l, _)| l), Some(line + 2), "{e}");
    assert!(e.message.contains("used twice"), "{e}");
}
