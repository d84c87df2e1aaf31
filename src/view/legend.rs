//! The legend (in the right panel, a collapsed header until clicked, or open from the start with
//! `view --legend`): what each colour and marking on the screen means,
//! with its rule: the light at night (warm, white, shadowed and hatched, dark), the Covered Arc,
//! hidden and revealed caves, the LOS thread's colours, and the counters' markings. The
//! swatches are computed with the same shading and colours the scene uses.

use bevy::prelude::*;
use bevy_egui::egui;

use super::counter_art;
use super::shade::{HATCH, HexLight, shade};
use super::terrain::ground_colour;
use crate::counters::Nationality;
use crate::map::terrain::Terrain;

/// One line of the legend: a swatch (or two, a counter's paper and print), what it means.
pub struct Entry {
    pub swatch: [f32; 3],
    pub print: Option<[f32; 3]>,
    pub hatched: bool,
    pub text: &'static str,
}

fn rgb(c: [u8; 3]) -> [f32; 3] {
    c.map(|x| f32::from(x) / 255.0)
}

/// The legend's sections, in order.
pub fn entries() -> Vec<(&'static str, Vec<Entry>)> {
    let open = ground_colour(Terrain::Open);
    let lit = |l: HexLight| {
        let c = shade(open, Vec3::Y, l);
        [c[0], c[1], c[2]]
    };
    let e = |swatch: [f32; 3], text: &'static str| Entry {
        swatch,
        print: None,
        hatched: false,
        text,
    };
    let counter = |paper: [u8; 3], print: [u8; 3], text: &'static str| Entry {
        swatch: rgb(paper),
        print: Some(rgb(print)),
        hatched: false,
        text,
    };
    vec![
        (
            "Night (E1)",
            vec![
                e(
                    lit(HexLight::Lit { warm: true }),
                    "warm: lit by a Blaze or Flame (E1.94, E1.942)",
                ),
                e(
                    lit(HexLight::Lit { warm: false }),
                    "white: lit by a Starshell or IR (E1.923, E1.933)",
                ),
                Entry {
                    swatch: lit(HexLight::Shadowed { nvr: 2 }),
                    print: None,
                    hatched: true,
                    text: "hatched: in a Blaze's zone, shadowed by an obstacle (E1.941); click it",
                },
                e(
                    lit(HexLight::Dark { nvr: 2 }),
                    "dark: seen only within the NVR (E1.1)",
                ),
            ],
        ),
        (
            "Caves (G11)",
            vec![
                e(
                    [1.0, 0.55, 0.10],
                    "orange hexes: the selected cave's Covered Arc (G11.12)",
                ),
                e(
                    [0.80, 0.70, 0.45],
                    "sandy frame: a hidden cave, known to its owner (G11.3)",
                ),
                e([0.60, 0.58, 0.55], "grey frame: a revealed cave"),
                e(
                    [0.45, 0.25, 0.10],
                    "glowing mouth: an Illuminated cave (G11.96)",
                ),
            ],
        ),
        (
            "LOS thread (A6); Sees (V): a hex's fill",
            vec![
                e([0.2, 1.0, 0.3], "green: clear"),
                e([1.0, 0.85, 0.1], "yellow: hindered (A6.8)"),
                e([1.0, 0.15, 0.1], "red: blocked, at the marked hex"),
                e(
                    super::sees::class_style(crate::rules::sight::Class::Lit).0,
                    "white, ringed: seen only because Illuminated (E1.101)",
                ),
                e(
                    super::sees::class_style(crate::rules::sight::Class::BeyondNvr).0,
                    "deep blue: beyond the NVR, not lit (E1.1)",
                ),
            ],
        ),
        (
            "Counters",
            vec![
                counter(
                    counter_art::paper(Nationality::Japanese),
                    [16, 16, 16],
                    "Japanese: factors FP-range-morale (G1)",
                ),
                counter(
                    counter_art::paper(Nationality::American),
                    [16, 16, 16],
                    "American; a leader: morale-modifier, Ldr",
                ),
                counter(
                    [150, 34, 26],
                    [245, 245, 240],
                    "red band: broken side (A10); DM marker",
                ),
                counter(
                    [44, 44, 50],
                    [245, 245, 240],
                    "?: Concealed (A12) or Cloaked (E1.4)",
                ),
                e(
                    [0.6, 0.6, 0.6],
                    "see-through: hidden (HIP), only in its owner's view (G11.3)",
                ),
                counter(
                    [214, 214, 206],
                    [16, 16, 16],
                    "markers: CLIMB (B11.4), SMOKE/WP (A24, G11.85), PIN, CX",
                ),
                counter(
                    [236, 120, 40],
                    [16, 16, 16],
                    "BLAZE n (E1.94), FLAME, STARSHELL (E1.92), IR (E1.93)",
                ),
            ],
        ),
    ]
}

fn to_colour(c: [f32; 3]) -> egui::Color32 {
    let [r, g, b] = c.map(|x| (x.clamp(0.0, 1.0) * 255.0).round() as u8);
    egui::Color32::from_rgb(r, g, b)
}

fn swatch(ui: &mut egui::Ui, e: &Entry) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(20.0, 12.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 2.0, to_colour(e.swatch));
    if e.hatched {
        let h = to_colour([HATCH[0], HATCH[1], HATCH[2]]);
        for k in 0..4 {
            let x = rect.left() + 3.0 + 5.0 * k as f32;
            p.line_segment(
                [
                    egui::pos2(x, rect.bottom()),
                    egui::pos2(x + 5.0, rect.top()),
                ],
                egui::Stroke::new(1.5, h),
            );
        }
    }
    if let Some(ink) = e.print {
        p.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "4",
            egui::FontId::monospace(10.0),
            to_colour(ink),
        );
    }
}

/// The Legend's section of the right panel (`dock`), open from the start with `--legend`.
pub(super) fn show(InMut(ui): InMut<egui::Ui>, settings: Res<super::shared::ViewSettings>) {
    egui::CollapsingHeader::new(egui::RichText::new("Legend").strong())
        .id_salt("legend")
        .default_open(settings.legend)
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 1.0;
            for (title, list) in entries() {
                ui.strong(title);
                for e in &list {
                    ui.horizontal(|ui| {
                        swatch(ui, e);
                        ui.add(egui::Label::new(egui::RichText::new(e.text).small()).wrap());
                    });
                }
                ui.add_space(3.0);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_names_a_rule_for_every_light_and_the_shadow_is_darkest_and_hatched() {
        let list = entries();
        let night = &list[0].1;
        assert!(night.iter().all(|e| e.text.contains("E1.")));
        let lum = |c: [f32; 3]| c[0] + c[1] + c[2];
        let shadow = night.iter().find(|e| e.hatched).expect("a hatched entry");
        assert!(night.iter().all(|e| lum(shadow.swatch) <= lum(e.swatch)));
        // The warm light is warmer (redder than blue) than the white one.
        assert!(night[0].swatch[0] - night[0].swatch[2] > night[1].swatch[0] - night[1].swatch[2]);
        let titles: Vec<&str> = list.iter().map(|(t, _)| *t).collect();
        assert_eq!(
            titles,
            [
                "Night (E1)",
                "Caves (G11)",
                "LOS thread (A6); Sees (V): a hex's fill",
                "Counters"
            ]
        );
    }
}
