//! Every failure of a VASL import is one line naming the file and what is wrong, and no input,
//! however broken, panics.

use std::path::Path;

use asl_pto_core::hex::HexId;
use asl_pto_core::vasl::encode::{
    board_metadata, gzip, los_data_entry, terrain_names, zip_entries,
};
use asl_pto_core::vasl::{
    Grid, ImportError, TerrainNames, object_stream, parse_block_data, read_archive,
    read_archive_bytes, read_los_data,
};

use super::hill_board;

fn import(file: &str, bytes: &[u8]) -> ImportError {
    read_archive_bytes(file, bytes, &terrain_names()).unwrap_err()
}

/// The message is one line, `FILE: ...`, and says `what`.
fn says(e: &ImportError, file: &str, what: &str) {
    let text = e.to_string();
    assert!(text.starts_with(&format!("{file}: ")), "{text}");
    assert!(text.contains(what), "'{text}' should say '{what}'");
    assert_eq!(text.lines().count(), 1, "{text}");
}

fn archive_with_los(los: &[u8]) -> Vec<u8> {
    let meta = board_metadata(Some("36"), 5, 4);
    zip_entries(&[("LOSData", los), ("BoardMetadata.xml", meta.as_bytes())])
}

fn block_data() -> Vec<u8> {
    hill_board()
        .paint(&terrain_names())
        .unwrap()
        .to_block_data()
}

#[test]
fn bytes_that_are_not_a_zip_archive_are_refused() {
    says(&import("bd36", b"just text"), "bd36", "not a zip archive");
}

#[test]
fn an_archive_without_los_data_is_refused() {
    let zip = zip_entries(&[("BoardMetadata.xml", b"<boardMetadata name=\"36\"/>")]);
    says(
        &import("bd36", &zip),
        "bd36",
        "no LOSData entry (the archive holds: BoardMetadata.xml)",
    );
}

#[test]
fn los_data_that_is_not_gzip_is_refused() {
    let raw = object_stream(&block_data());
    says(
        &import("bd36", &archive_with_los(&raw)),
        "bd36",
        "LOSData is not gzip (it starts with 'AC ED', not 1F 8B)",
    );
}

#[test]
fn a_stream_without_the_java_header_is_refused() {
    let mut raw = object_stream(&block_data());
    raw[3] = 4;
    says(
        &import("bd36", &archive_with_los(&gzip(&raw))),
        "bd36",
        "bad stream header AC ED 00 04",
    );
}

#[test]
fn a_truncated_stream_says_how_many_bytes_were_expected() {
    let data = block_data();
    // 225 x 258 pixels, 2 bytes each, and 22 stairway bytes.
    let expected = 225 * 258 * 2 + 22;
    assert_eq!(data.len(), 16 + expected);
    let cut = gzip(&object_stream(&data[..16 + 1000]));
    says(
        &import("bd36", &archive_with_los(&cut)),
        "bd36",
        &format!(
            "truncated stream: a 5x4-hex board on a 225x258 pixel grid needs {expected} bytes after the header"
        ),
    );
    assert!(
        import("bd36", &archive_with_los(&cut))
            .to_string()
            .ends_with("found 1000")
    );
    // Cut inside a block-data record.
    let stream = object_stream(&data);
    let cut = gzip(&stream[..stream.len() - 10]);
    says(
        &import("bd36", &archive_with_los(&cut)),
        "bd36",
        "truncated stream: block-data record",
    );
}

#[test]
fn a_terrain_code_missing_from_shared_board_metadata_names_the_code_and_the_hex() {
    let names = terrain_names();
    let mut los = hill_board().paint(&names).unwrap();
    assert_eq!(names.name(201), None);
    let c3 = HexId::parse("C3").unwrap();
    let (x, y) = Grid::of(&los).centre_pixel(c3);
    los.set_pixel(x, y, 2, 201);
    says(
        &import("bd36", &archive_with_los(&los_data_entry(&los))),
        "bd36",
        &format!(
            "terrain code 201 at pixel ({x}, {y}), the centre of C3, is not a terrainType of SharedBoardMetadata.xml"
        ),
    );
}

#[test]
fn board_metadata_that_does_not_parse_names_the_entry_and_the_line() {
    let los = los_data_entry(&hill_board().paint(&terrain_names()).unwrap());
    let zip = zip_entries(&[
        ("LOSData", &los),
        (
            "BoardMetadata.xml",
            b"<?xml version=\"1.0\"?>\n<boardMetadata name=\"36\">\n</board>\n",
        ),
    ]);
    says(
        &import("bd36", &zip),
        "bd36/BoardMetadata.xml",
        "XML does not parse at line 3",
    );
}

#[test]
fn shared_board_metadata_that_does_not_parse_names_the_file_and_the_line() {
    let e = TerrainNames::parse(
        "<sharedBoardMetadata>\n<terrainTypes>\n<terrainType name=\"Open Ground\" typeCode=\"0\"\n",
        "SharedBoardMetadata.xml",
    )
    .unwrap_err();
    says(
        &e,
        "SharedBoardMetadata.xml",
        "XML does not parse at line 3",
    );
}

#[test]
fn files_that_cannot_be_read_are_named() {
    let e = read_archive(Path::new("/no/such/dir/bd36"), &terrain_names()).unwrap_err();
    says(&e, "/no/such/dir/bd36", "cannot read it");
    let e = TerrainNames::read(Path::new("/no/such/SharedBoardMetadata.xml")).unwrap_err();
    says(&e, "/no/such/SharedBoardMetadata.xml", "cannot read it");
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn fill(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

#[test]
fn truncated_prefixes_and_random_bytes_fail_without_panicking() {
    let names = terrain_names();
    let archive = hill_board().archive(&names).unwrap();
    assert!(read_archive_bytes("bd36", &archive, &names).is_ok());
    for n in 0..archive.len() {
        assert!(
            read_archive_bytes("bd36", &archive[..n], &names).is_err(),
            "prefix {n}"
        );
    }
    let entry = los_data_entry(&hill_board().paint(&names).unwrap());
    for n in 0..entry.len() {
        assert!(read_los_data(&entry[..n]).is_err(), "gzip prefix {n}");
    }
    let data = block_data();
    for n in (0..data.len())
        .step_by(97)
        .chain(data.len() - 20..data.len())
    {
        assert!(
            parse_block_data(&data[..n]).is_err(),
            "block data prefix {n}"
        );
    }
    let mut rng = Bytes(0x5EED_1234_ABCD_0001);
    for round in 0..300 {
        let len = (rng.next() % 2048) as usize;
        let mut bytes = rng.fill(len);
        // Some start like the real thing, to get past the first checks.
        match round % 4 {
            1 if len >= 4 => bytes[..4].copy_from_slice(b"PK\x03\x04"),
            2 if len >= 2 => bytes[..2].copy_from_slice(&[0x1F, 0x8B]),
            _ => {}
        }
        assert!(
            read_archive_bytes("bd36", &bytes, &names).is_err(),
            "round {round}"
        );
        assert!(read_los_data(&bytes).is_err(), "round {round}");
        let java = [&[0xAC, 0xED, 0x00, 0x05][..], &bytes].concat();
        let _ = parse_block_data(&java);
        let _ = TerrainNames::parse(&String::from_utf8_lossy(&bytes), "S.xml");
    }
    // Single corrupted bytes anywhere in a valid archive: any outcome but a panic.
    for i in 0..archive.len() {
        let mut bad = archive.clone();
        bad[i] ^= 0x5A;
        let _ = read_archive_bytes("bd36", &bad, &names);
    }
}

#[test]
fn g25_12_an_elevation_outside_the_base_levels_is_a_damaged_archive() {
    // LOSData elevations are bytes (-128..127); a hex's Base Level is -9..20.
    let names = terrain_names();
    for level in [127i8, -128, 21, -10] {
        let mut b = hill_board();
        b.set("C2", level, "Open Ground");
        let bytes = b.archive(&names).unwrap();
        let e = read_archive_bytes("bd36", &bytes, &names)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!("elevation {level}")) && e.contains("C2"),
            "{level}: {e}"
        );
    }
    let mut b = hill_board();
    b.set("C2", 20, "Open Ground").set("C3", -9, "Open Ground");
    let bytes = b.archive(&names).unwrap();
    assert!(read_archive_bytes("bd36", &bytes, &names).is_ok());
}
