//! G.1 PTO Terrain conversion.

use super::Map;
use super::terrain::{PtoConversion, Terrain};

impl Map {
    /// G.1: all woods are Jungle, brush Bamboo, orchards Palm Trees, grain Kunai; each marsh
    /// hex adjacent to >= one Jungle hex is a Swamp hex. Returns what changed, in board order.
    pub(super) fn pto_conversions(&mut self) -> Vec<PtoConversion> {
        convert(self)
    }
}

fn convert(map: &mut Map) -> Vec<PtoConversion> {
    let mut out = Vec::new();
    let hexes: Vec<_> = map.hexes().map(|d| (d.hex, d.id, d.printed)).collect();
    for &(h, id, printed) in &hexes {
        let to = printed.pto();
        if to != printed {
            if let Some(d) = map.get_mut(h) {
                d.terrain = to;
            }
            out.push(PtoConversion {
                hex: id,
                from: printed,
                to,
                clause: match printed {
                    Terrain::Woods => "G.1: all woods are Jungle",
                    Terrain::Brush => "G.1: all brush is Bamboo",
                    Terrain::Orchard => "G.1: all orchards are Palm Trees",
                    _ => "G.1: all grain is Kunai",
                },
            });
        }
    }
    // Marsh next to Jungle, judged after woods became Jungle.
    for &(h, id, printed) in &hexes {
        if printed == Terrain::Marsh
            && h.neighbors()
                .iter()
                .any(|n| map.get(*n).is_some_and(|d| d.terrain.is_jungle()))
        {
            if let Some(d) = map.get_mut(h) {
                d.terrain = Terrain::Swamp;
            }
            out.push(PtoConversion {
                hex: id,
                from: printed,
                to: Terrain::Swamp,
                clause: "G.1: each marsh hex adjacent to >= one Jungle hex is a Swamp hex",
            });
        }
    }
    out.sort_by_key(|c| c.hex);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g1_marsh_next_to_jungle_becomes_swamp_other_marsh_stays() {
        let mut m = Map::new(None, 10, 10, 0, Terrain::Open);
        let woods = m.hex("C3").unwrap();
        let marsh_near = m.hex("C4").unwrap();
        let marsh_far = m.hex("H8").unwrap();
        m.set_hex(woods, None, Some(Terrain::Woods), None);
        m.set_hex(marsh_near, None, Some(Terrain::Marsh), None);
        m.set_hex(marsh_far, None, Some(Terrain::Marsh), None);
        m.apply_pto();
        assert_eq!(m.get(woods).unwrap().terrain, Terrain::Jungle);
        assert_eq!(m.get(marsh_near).unwrap().terrain, Terrain::Swamp);
        assert_eq!(m.get(marsh_far).unwrap().terrain, Terrain::Marsh);
        assert_eq!(m.get(marsh_near).unwrap().printed, Terrain::Marsh);
        assert_eq!(m.conversions.len(), 2);
    }
}
