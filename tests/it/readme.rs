//! The documentation's examples cannot drift (issue 16, point 6): every `$ asl-pto ...`
//! example in `README.md` and `docs/cli.md` (their ```console blocks) is run with the real
//! binary by `trycmd` and its output compared, `...` lines and `[..]` standing for what an
//! example leaves out. Paths in the examples are relative to the repository root, where cargo
//! runs this test. `TRYCMD=overwrite cargo test --test it readme` rewrites the examples from the
//! program's output.

#[test]
fn readme_and_cli_md_examples_print_what_they_show() {
    trycmd::TestCases::new()
        .register_bin(
            "asl-pto",
            std::path::Path::new(env!("CARGO_BIN_EXE_asl-pto")),
        )
        .case("README.md")
        .case("docs/cli.md")
        .run();
}

/// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped,
/// spaces made `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// Issue 16 point 5: every relative link of the README and the docs names a file of the
/// repository, and every `#anchor` a heading of that file.
#[test]
fn readme_and_docs_links_resolve_inside_the_repository() {
    let root = crate::common::root();
    let mut checked = 0;
    for doc in [
        "README.md",
        "docs/cli.md",
        "docs/scenario-format.md",
        "docs/rules-coverage.md",
        "docs/measurements.md",
    ] {
        let path = root.join(doc);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            let linked = if file.is_empty() {
                path.clone()
            } else {
                path.parent().unwrap().join(file)
            };
            assert!(
                linked.exists(),
                "{doc}: link '{target}': no {}",
                linked.display()
            );
            if !anchor.is_empty() {
                let t = std::fs::read_to_string(&linked).unwrap();
                assert!(
                    anchors(&t).iter().any(|a| a == anchor),
                    "{doc}: link '{target}': no heading #{anchor} in {}",
                    linked.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} links");
}
