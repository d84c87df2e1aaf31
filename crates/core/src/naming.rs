//! Places as a person reads them, in a save (issue 36): within `with_names(map, ..)` a hex, a
//! hexside, a vertex and a Location are written and read as the map names them — `"T4"`,
//! `"S4-S5"`, `"T4-S5-S4"`, `"cave:G"`, `"T4@1/T4-S5-S4"`, as a scenario writes them — instead of
//! their axial numbers (`(q: 19, r: -6)`). Outside it (JSON output, the program's own
//! comparisons) they keep their plain shape. A value the map cannot name so that its name reads
//! back to it (a hex off the map) is written `raw:` and its JSON.

use std::cell::RefCell;
use std::rc::Rc;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::hex::{Hex, Hexside, Vertex};
use crate::los::Location;
use crate::map::Map;

thread_local! {
    /// The map whose names places are written and read with, while `with_names` runs.
    static NAMES: RefCell<Option<Rc<Map>>> = const { RefCell::new(None) };
}

/// Runs `f` with places written and read by `map`'s names (see the module doc).
pub fn with_names<R>(map: &Map, f: impl FnOnce() -> R) -> R {
    let _back = Restore(NAMES.with(|n| n.replace(Some(Rc::new(map.clone())))));
    f()
}

/// Puts back the names in use before, however `with_names` or `without_names` ends (a panic
/// included).
struct Restore(Option<Rc<Map>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let before = self.0.take();
        NAMES.with(|n| *n.borrow_mut() = before);
    }
}

/// The map names are written with now, if any.
fn names() -> Option<Rc<Map>> {
    NAMES.with(|n| n.borrow().clone())
}

/// Runs `f` with places in their plain shape (a `raw:` value's JSON).
fn without_names<R>(f: impl FnOnce() -> R) -> R {
    let _back = Restore(NAMES.with(|n| n.replace(None)));
    f()
}

/// Writes `v` by its name on `map` if the name reads back to it, else `raw:` and its JSON.
fn write_named<T, S>(
    v: &T,
    map: &Map,
    s: S,
    name: impl Fn(&Map, &T) -> String,
    read: impl Fn(&Map, &str) -> Result<T, String>,
) -> Result<S::Ok, S::Error>
where
    T: Serialize + PartialEq,
    S: Serializer,
{
    let text = name(map, v);
    if read(map, &text).as_ref() == Ok(v) {
        return s.serialize_str(&text);
    }
    let json = without_names(|| serde_json::to_string(v)).map_err(serde::ser::Error::custom)?;
    s.serialize_str(&format!("raw:{json}"))
}

/// Reads a place written by `write_named`: a name on `map`, or `raw:` and its JSON.
fn read_named<'de, T, D>(
    d: D,
    map: &Map,
    what: &str,
    read: impl Fn(&Map, &str) -> Result<T, String>,
) -> Result<T, D::Error>
where
    T: serde::de::DeserializeOwned,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    if let Some(json) = text.strip_prefix("raw:") {
        return without_names(|| serde_json::from_str(json))
            .map_err(|e| D::Error::custom(format!("'{text}' is not a {what}: {e}")));
    }
    read(map, &text)
        .map_err(|e| D::Error::custom(format!("'{text}' is not a {what} of this map: {e}")))
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Hex", rename = "Hex", deny_unknown_fields)]
struct HexDef {
    q: i32,
    r: i32,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Hexside", rename = "Hexside", deny_unknown_fields)]
struct HexsideDef {
    a: Hex,
    b: Hex,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vertex", rename = "Vertex", deny_unknown_fields)]
struct VertexDef {
    hexes: [Hex; 3],
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Location", rename = "Location", deny_unknown_fields)]
enum LocationDef {
    Ground(Hex),
    Level(Hex, i32),
    Climbing {
        hex: Hex,
        level: i32,
        vertex: Vertex,
    },
    Crest {
        hex: Hex,
        side: Hexside,
    },
    Cave(String),
    Complex(String),
}

fn hex_name(m: &Map, h: &Hex) -> String {
    m.name(*h)
}
fn hex_read(m: &Map, t: &str) -> Result<Hex, String> {
    m.hex(t).map_err(|e| e.to_string())
}
fn side_name(m: &Map, s: &Hexside) -> String {
    m.side_name(*s)
}
fn side_read(m: &Map, t: &str) -> Result<Hexside, String> {
    m.hexside(t).map_err(|e| e.to_string())
}
fn vertex_name(m: &Map, v: &Vertex) -> String {
    m.vertex_name(*v)
}
fn vertex_read(m: &Map, t: &str) -> Result<Vertex, String> {
    m.vertex(t).map_err(|e| e.to_string())
}
fn location_name(m: &Map, l: &Location) -> String {
    l.display(m).to_string()
}
fn location_read(m: &Map, t: &str) -> Result<Location, String> {
    Location::parse(t, m).map_err(|e| e.to_string())
}

/// A place written by its name within `with_names`, in its plain shape (`$def`) outside it.
macro_rules! named_place {
    ($ty:ty, $def:ident, $what:literal, $name:ident, $read:ident) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match names() {
                    Some(m) => write_named(self, &m, s, $name, $read),
                    None => $def::serialize(self, s),
                }
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                match names() {
                    Some(m) => read_named(d, &m, $what, $read),
                    None => $def::deserialize(d),
                }
            }
        }
    };
}

named_place!(Hex, HexDef, "hex", hex_name, hex_read);
named_place!(Hexside, HexsideDef, "hexside", side_name, side_read);
named_place!(Vertex, VertexDef, "vertex", vertex_name, vertex_read);
named_place!(
    Location,
    LocationDef,
    "Location",
    location_name,
    location_read
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Terrain;

    #[test]
    fn places_are_written_by_their_names_and_read_back() {
        let map = Map::new(None, 24, 10, 0, Terrain::Open);
        let t4 = map.hex("T4").unwrap();
        let v = map.vertex("T4-S5-S4").unwrap();
        let places = vec![
            Location::Ground(t4),
            Location::Level(t4, 1),
            Location::Climbing {
                hex: t4,
                level: 1,
                vertex: v,
            },
            Location::Cave("G".into()),
        ];
        let text = with_names(&map, || ron::to_string(&places).unwrap());
        assert_eq!(
            text, r#"["T4","T4@1","T4@1/S4-S5-T4","cave:G"]"#,
            "as a scenario writes them"
        );
        let back: Vec<Location> = with_names(&map, || ron::from_str(&text).unwrap());
        assert_eq!(back, places);
        // Outside `with_names`: the plain shape.
        assert!(ron::to_string(&t4).unwrap().contains("q:"));
        // A hex off the map: `raw:` and its JSON, read back.
        let off = Hex { q: 60, r: -3 };
        let text = with_names(&map, || ron::to_string(&off).unwrap());
        assert!(text.starts_with("\"raw:"), "{text}");
        assert_eq!(
            with_names(&map, || ron::from_str::<Hex>(&text).unwrap()),
            off
        );
        // A name the map does not have: refused, naming it.
        let e = with_names(&map, || ron::from_str::<Location>("\"ZZ99\"").unwrap_err());
        assert!(e.to_string().contains("ZZ99"), "{e}");
    }
}
