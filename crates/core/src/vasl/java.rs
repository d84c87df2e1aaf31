//! Java `ObjectOutputStream` primitive data, as VASL's LOSData holds it: the stream header
//! `AC ED 00 05`, then block-data records (`0x77 len:u8` or `0x7A len:u32`, big-endian) whose
//! payloads, concatenated, are the bytes written by `writeInt`/`writeByte`.
//!
//! Only block data is read: a stream holding objects, strings or any other record is refused
//! (VASL writes none into LOSData). Implemented from the Java serialization specification's
//! description of the stream grammar (block data records), not from VASL's code.

/// The stream magic and version an `ObjectOutputStream` starts with.
pub const STREAM_HEADER: [u8; 4] = [0xAC, 0xED, 0x00, 0x05];
/// A short block-data record: one length byte follows.
pub const TC_BLOCKDATA: u8 = 0x77;
/// A long block-data record: a big-endian `u32` length follows.
pub const TC_BLOCKDATALONG: u8 = 0x7A;
/// The largest payload `ObjectOutputStream` puts in one record (its block buffer size).
const BLOCK: usize = 1024;

/// The concatenated block-data payloads of a serialization stream.
pub fn block_data(stream: &[u8]) -> Result<Vec<u8>, String> {
    let header = stream.get(..4).ok_or_else(|| {
        format!(
            "truncated stream: {} bytes, too short for the 4-byte stream header AC ED 00 05",
            stream.len()
        )
    })?;
    if header != STREAM_HEADER {
        return Err(format!(
            "bad stream header {} (a Java ObjectOutputStream starts with AC ED 00 05)",
            hex_bytes(header)
        ));
    }
    let mut out = Vec::with_capacity(stream.len());
    let mut pos = 4;
    while pos < stream.len() {
        let tag = stream[pos];
        let (len, start) = match tag {
            TC_BLOCKDATA => {
                let len = *stream.get(pos + 1).ok_or_else(|| {
                    format!("truncated stream: block-data record at byte {pos} has no length byte")
                })?;
                (usize::from(len), pos + 2)
            }
            TC_BLOCKDATALONG => {
                let bytes = stream.get(pos + 1..pos + 5).ok_or_else(|| {
                    format!(
                        "truncated stream: long block-data record at byte {pos} has no 4-byte length"
                    )
                })?;
                let len = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                (len as usize, pos + 5)
            }
            other => {
                return Err(format!(
                    "unexpected record 0x{other:02X} at byte {pos}: only primitive block data \
                     (0x77, 0x7A) is read"
                ));
            }
        };
        let present = stream.len() - start;
        let payload = stream
            .get(start..start.saturating_add(len))
            .ok_or_else(|| {
                format!(
                    "truncated stream: block-data record at byte {pos} expects {len} bytes, \
                 {present} remain"
                )
            })?;
        out.extend_from_slice(payload);
        pos = start + len;
    }
    Ok(out)
}

/// Wraps primitive data as `ObjectOutputStream` writes it: the header, then records of at most
/// 1024 bytes (short records up to 255 bytes, long records above).
pub fn object_stream(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / BLOCK * 5 + 9);
    out.extend_from_slice(&STREAM_HEADER);
    for chunk in data.chunks(BLOCK) {
        match u8::try_from(chunk.len()) {
            Ok(len) => out.extend_from_slice(&[TC_BLOCKDATA, len]),
            Err(_) => {
                out.push(TC_BLOCKDATALONG);
                out.extend_from_slice(&(chunk.len() as u32).to_be_bytes());
            }
        }
        out.extend_from_slice(chunk);
    }
    out
}

/// Reads big-endian primitives from block data.
pub struct DataReader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> DataReader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        DataReader { data, pos: 0 }
    }

    /// The bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// A Java `int` (`readInt`), or `None` past the end.
    pub fn int(&mut self) -> Option<i32> {
        let b = self.take(4)?;
        Some(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// The next `n` bytes, or `None` when fewer remain.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.data.get(self.pos..self.pos.checked_add(n)?)?;
        self.pos += n;
        Some(out)
    }
}

fn hex_bytes(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_data_round_trips_through_short_and_long_records() {
        for len in [0, 1, 255, 256, 1024, 1025, 5000] {
            let data: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            let stream = object_stream(&data);
            assert_eq!(block_data(&stream).unwrap(), data, "len {len}");
        }
        // 256..1024-byte chunks need the long record.
        assert_eq!(object_stream(&[0; 300])[4], TC_BLOCKDATALONG);
        assert_eq!(object_stream(&[0; 20])[4], TC_BLOCKDATA);
    }

    #[test]
    fn a_record_cut_short_says_how_many_bytes_it_expected() {
        let stream = object_stream(&[1; 100]);
        let e = block_data(&stream[..50]).unwrap_err();
        assert!(
            e.contains("truncated") && e.contains("expects 100 bytes, 44 remain"),
            "{e}"
        );
    }

    #[test]
    fn a_wrong_header_or_record_is_refused() {
        let e = block_data(&[0xAC, 0xED, 0x00, 0x04, 0x77, 0]).unwrap_err();
        assert!(e.contains("bad stream header AC ED 00 04"), "{e}");
        let e = block_data(&[0xAC, 0xED, 0x00, 0x05, 0x73]).unwrap_err();
        assert!(e.contains("unexpected record 0x73 at byte 4"), "{e}");
        assert!(block_data(&[0xAC]).unwrap_err().contains("too short"));
    }

    #[test]
    fn data_reader_reads_big_endian_ints_and_stops_at_the_end() {
        let mut r = DataReader::new(&[0, 0, 0, 33, 0xFF, 0xFF, 0xFF, 0xFE, 9]);
        assert_eq!(r.int(), Some(33));
        assert_eq!(r.int(), Some(-2));
        assert_eq!(r.int(), None);
        assert_eq!(r.remaining(), 1);
        assert_eq!(r.take(2), None);
        assert_eq!(r.take(1), Some(&[9][..]));
    }
}
