//! VASL's two XML files: SharedBoardMetadata.xml (shipped with VASL; its `terrainType`
//! elements name the terrain codes of every board's LOSData) and a board archive's
//! BoardMetadata.xml (whose root `boardMetadata` element carries the board's `name`).
//!
//! Element and attribute names are those of VASL's published data files:
//! `<sharedBoardMetadata><terrainTypes><terrainType name="Open Ground" typeCode="0" .../>` and
//! `<boardMetadata name="01" version=".." width="33" height="10" ...>`. Every `terrainType`
//! element is read wherever it sits in the document.

use std::collections::BTreeMap;
use std::path::Path;

use quick_xml::Reader;
use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};

use super::error::ImportError;

/// The most bytes read from SharedBoardMetadata.xml (VASL's is well under 1 MiB).
pub const MAX_METADATA: u64 = 16 * 1024 * 1024;

/// Terrain code -> VASL terrain name, from SharedBoardMetadata.xml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TerrainNames {
    names: BTreeMap<u8, String>,
}

impl TerrainNames {
    /// Reads the `terrainType` elements of SharedBoardMetadata.xml's text; `file` names the file
    /// in errors. `typeCode` is decimal; codes that do not fit a byte (no pixel can hold them)
    /// are skipped.
    pub fn parse(xml: &str, file: &str) -> Result<TerrainNames, ImportError> {
        let mut names = BTreeMap::new();
        let mut seen = 0usize;
        walk(xml, file, |e, line| {
            if e.local_name().as_ref() != "terrainType" {
                return Ok(());
            }
            seen += 1;
            let name = attribute(e, "name", file, line)?.ok_or_else(|| {
                ImportError::new(file, format!("line {line}: a terrainType has no name"))
            })?;
            let code = attribute(e, "typeCode", file, line)?.ok_or_else(|| {
                ImportError::new(
                    file,
                    format!("line {line}: terrainType '{name}' has no typeCode"),
                )
            })?;
            let code: u32 = code.trim().parse().map_err(|_| {
                ImportError::new(
                    file,
                    format!(
                        "line {line}: terrainType '{name}' has typeCode '{code}', not a number"
                    ),
                )
            })?;
            let Ok(code) = u8::try_from(code) else {
                return Ok(());
            };
            if let Some(before) = names.insert(code, name.clone())
                && before != name
            {
                return Err(ImportError::new(
                    file,
                    format!("line {line}: typeCode {code} names both '{before}' and '{name}'"),
                ));
            }
            Ok(())
        })?;
        if seen == 0 {
            return Err(ImportError::new(
                file,
                "no terrainType elements (is this VASL's SharedBoardMetadata.xml?)",
            ));
        }
        Ok(TerrainNames { names })
    }

    /// Reads SharedBoardMetadata.xml from disk (at most `MAX_METADATA` bytes).
    pub fn read(path: &Path) -> Result<TerrainNames, ImportError> {
        let file = path.display().to_string();
        let bytes = crate::files::read_capped(path, MAX_METADATA, "SharedBoardMetadata.xml")
            .map_err(|e| ImportError::new(&file, e))?;
        // Not UTF-8 (a stray Latin-1 comment) must not keep the names from being read.
        TerrainNames::parse(&String::from_utf8_lossy(&bytes), &file)
    }

    /// The VASL name of a terrain code.
    pub fn name(&self, code: u8) -> Option<&str> {
        self.names.get(&code).map(String::as_str)
    }

    /// The code of a VASL name (the first, should two codes share it).
    pub fn code(&self, name: &str) -> Option<u8> {
        self.names.iter().find(|(_, n)| *n == name).map(|(c, _)| *c)
    }

    /// Every (code, name), by code.
    pub fn iter(&self) -> impl Iterator<Item = (u8, &str)> {
        self.names.iter().map(|(c, n)| (*c, n.as_str()))
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// What BoardMetadata.xml says of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMetadata {
    /// The root element's `name` attribute, if present and not blank.
    pub name: Option<String>,
    /// The root element's `width` and `height` attributes (hexes), if present and numeric.
    pub width: Option<u32>,
    pub height: Option<u32>,
}

impl BoardMetadata {
    /// Reads the root element's attributes (VASL's root is `boardMetadata`; any root is
    /// accepted) and checks the whole document is well formed.
    pub fn parse(xml: &str, file: &str) -> Result<BoardMetadata, ImportError> {
        let mut out: Option<BoardMetadata> = None;
        walk(xml, file, |e, line| {
            if out.is_some() {
                return Ok(());
            }
            let number = |v: Option<String>| v.and_then(|v| v.trim().parse().ok());
            out = Some(BoardMetadata {
                name: attribute(e, "name", file, line)?
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty()),
                width: number(attribute(e, "width", file, line)?),
                height: number(attribute(e, "height", file, line)?),
            });
            Ok(())
        })?;
        out.ok_or_else(|| ImportError::new(file, "no root element"))
    }
}

/// The deepest nesting of elements read (VASL's files nest four or five deep): a deeper
/// document is refused before it costs time.
pub const MAX_XML_DEPTH: usize = 256;

/// Lines counted as the reader goes (each byte looked at once: reading is linear in the size
/// of the document, however it is nested).
struct Lines<'a> {
    xml: &'a [u8],
    at: usize,
    line: usize,
}

impl Lines<'_> {
    /// The 1-based line of `offset`, counting on from the last offset asked (never back).
    fn of(&mut self, offset: u64) -> usize {
        let end = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.xml.len());
        if end < self.at {
            return line_at_bytes(self.xml, end);
        }
        self.line += self.xml[self.at..end]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        self.at = end;
        self.line
    }
}

/// Calls `visit` with every start or empty element and its line; fails on XML that does not
/// parse, naming the line, and on elements nested deeper than `MAX_XML_DEPTH`. Linear in the
/// document's size.
fn walk(
    xml: &str,
    file: &str,
    mut visit: impl FnMut(&BytesStart, usize) -> Result<(), ImportError>,
) -> Result<(), ImportError> {
    let mut reader = Reader::from_str(xml);
    let mut open: Vec<String> = Vec::new();
    let mut lines = Lines {
        xml: xml.as_bytes(),
        at: 0,
        line: 1,
    };
    loop {
        let line = lines.of(reader.buffer_position());
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                if open.len() >= MAX_XML_DEPTH {
                    return Err(ImportError::new(
                        file,
                        format!(
                            "XML nested deeper than {MAX_XML_DEPTH} elements at line {line} \
                             (VASL's metadata nests a few levels): not a board's metadata"
                        ),
                    ));
                }
                open.push(e.name().as_ref().to_string());
                visit(&e, line)?;
            }
            Ok(Event::Empty(e)) => visit(&e, line)?,
            Ok(Event::End(_)) => {
                open.pop();
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => {
                let line = line_at(xml, reader.error_position());
                return Err(ImportError::new(
                    file,
                    format!("XML does not parse at line {line}: {e}"),
                ));
            }
        }
    }
    match open.last() {
        Some(tag) => Err(ImportError::new(
            file,
            format!(
                "XML does not parse at line {}: it ends inside <{tag}>",
                line_at(xml, xml.len() as u64)
            ),
        )),
        None => Ok(()),
    }
}

fn attribute(
    e: &BytesStart,
    key: &str,
    file: &str,
    line: usize,
) -> Result<Option<String>, ImportError> {
    for a in e.attributes() {
        let a = a.map_err(|err| {
            ImportError::new(file, format!("XML does not parse at line {line}: {err}"))
        })?;
        if a.key.local_name().as_ref() == key {
            let v = a.normalized_value(XmlVersion::Implicit1_0).map_err(|err| {
                ImportError::new(file, format!("XML does not parse at line {line}: {err}"))
            })?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

/// The 1-based line of a byte offset.
fn line_at(xml: &str, offset: u64) -> usize {
    let end = usize::try_from(offset).unwrap_or(usize::MAX).min(xml.len());
    line_at_bytes(xml.as_bytes(), end)
}

fn line_at_bytes(xml: &[u8], end: usize) -> usize {
    1 + xml[..end].iter().filter(|b| **b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHARED: &str = r#"<?xml version="1.0"?>
<!-- a comment -->
<sharedBoardMetadata>
    <colors><color name="Cliff" red="35" green="20" blue="10" terrain="Cliff" elevation="UNKNOWN" /></colors>
    <terrainTypes>
        <terrainType name="Open Ground" typeCode="0" LOSCategory="OPEN" />
        <terrainType name="Hillock Summit" typeCode="106" LOSCategory="OPEN"  />  //stray text />
        <terrainType name="Stone Building, 1 Level" typeCode=" 41 "></terrainType>
        <!--<terrainType name="Scrub" typeCode="121" /> -->
        <terrainType name="Far Future" typeCode="300" />
    </terrainTypes>
    <elsewhere><deeper><terrainType typeCode="75" name="Cliff"/></deeper></elsewhere>
</sharedBoardMetadata>
"#;

    #[test]
    fn every_terrain_type_element_is_read_wherever_it_sits() {
        let t = TerrainNames::parse(SHARED, "Shared.xml").unwrap();
        assert_eq!(t.name(0), Some("Open Ground"));
        assert_eq!(t.name(106), Some("Hillock Summit"));
        assert_eq!(t.name(41), Some("Stone Building, 1 Level"));
        assert_eq!(t.name(75), Some("Cliff"));
        // Commented out, and too large for a pixel byte.
        assert_eq!(t.name(121), None);
        assert_eq!(t.len(), 4);
        assert_eq!(t.code("Cliff"), Some(75));
    }

    #[test]
    fn deeply_nested_xml_is_refused_at_once_and_a_long_flat_one_read_in_linear_time() {
        // 200,000 levels (the issue's 1,697-byte archive): refused at the limit, at once.
        let deep = format!("{}{}", "<a>".repeat(200_000), "</a>".repeat(200_000));
        let t = std::time::Instant::now();
        let e = BoardMetadata::parse(&deep, "BoardMetadata.xml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("nested deeper than 256"), "{e}");
        // Just within the limit: read.
        let ok = format!(
            "<boardMetadata name=\"x\">{}{}</boardMetadata>",
            "<a>".repeat(255),
            "</a>".repeat(255)
        );
        assert_eq!(
            BoardMetadata::parse(&ok, "B.xml").unwrap().name.as_deref(),
            Some("x")
        );
        // 400,000 elements on 400,000 lines: each line counted once.
        let flat = format!(
            "<sharedBoardMetadata>\n{}</sharedBoardMetadata>\n",
            "<terrainType name=\"Open Ground\" typeCode=\"0\"/>\n".repeat(400_000)
        );
        assert_eq!(TerrainNames::parse(&flat, "S.xml").unwrap().len(), 1);
        // Seconds, not minutes, even in a debug build (the quadratic line count took minutes).
        assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    }

    #[test]
    fn xml_that_does_not_parse_names_the_file_and_the_line() {
        let bad = "<sharedBoardMetadata>\n<terrainTypes>\n<terrainType name=\"A\" typeCode=\"1\"/>\n</wrong>\n";
        let e = TerrainNames::parse(bad, "Shared.xml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("Shared.xml: XML does not parse at line 4"),
            "{e}"
        );
        assert_eq!(e.lines().count(), 1);
        let unclosed = "<sharedBoardMetadata>\n<terrainType name=\"A\" typeCode=\"1\"/>\n";
        let e = TerrainNames::parse(unclosed, "S.xml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("ends inside <sharedBoardMetadata>"), "{e}");
    }

    #[test]
    fn a_terrain_type_without_a_usable_code_is_an_error() {
        let e = TerrainNames::parse("<a><terrainType name=\"X\" typeCode=\"x1\"/></a>", "S.xml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("'X' has typeCode 'x1', not a number"), "{e}");
        let e = TerrainNames::parse("<a><terrainType name=\"X\"/></a>", "S.xml").unwrap_err();
        assert!(e.to_string().contains("no typeCode"), "{e}");
        let e = TerrainNames::parse(
            "<a><terrainType name=\"X\" typeCode=\"1\"/><terrainType name=\"Y\" typeCode=\"1\"/></a>",
            "S.xml",
        )
        .unwrap_err();
        assert!(e.to_string().contains("names both 'X' and 'Y'"), "{e}");
        let e = TerrainNames::parse("<a/>", "S.xml").unwrap_err();
        assert!(e.to_string().contains("no terrainType"), "{e}");
    }

    #[test]
    fn board_metadata_gives_the_root_name_and_size() {
        let xml = "<?xml version=\"1.0\"?>\n<!-- c -->\n<boardMetadata name=\"01\" version=\"6.4\" width=\"33\" height=\"10\">\n<buildingTypes><buildingType hexName=\"E4\" buildingTypeName=\"Stone Building, 2 Level\" /></buildingTypes></boardMetadata>";
        let m = BoardMetadata::parse(xml, "B.xml").unwrap();
        assert_eq!(m.name.as_deref(), Some("01"));
        assert_eq!((m.width, m.height), (Some(33), Some(10)));
        let m = BoardMetadata::parse("<boardMetadata name=\"  \"/>", "B.xml").unwrap();
        assert_eq!(m.name, None);
        assert!(BoardMetadata::parse("", "B.xml").is_err());
    }
}
