//! The window never opens larger than the screen (issue 38): without `--size`, once the primary
//! monitor is known, a window wider or taller than it is shrunk to fit, its proportions kept, so
//! that no docked panel lies off the screen.

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow};

/// Whether the window may be fitted to the screen (its size was not asked for with `--size`).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FitScreen(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FitScreen>().add_systems(Update, fit);
}

/// The size (logical pixels) a `window` must shrink to on a screen of `screen` logical pixels,
/// keeping a margin for the desktop's bars and its own proportions; `None` when it fits.
pub fn fitted(window: (f32, f32), screen: (f32, f32)) -> Option<(f32, f32)> {
    let (w, h) = window;
    let (sw, sh) = (screen.0 * 0.96, screen.1 * 0.92);
    if w <= sw && h <= sh {
        return None;
    }
    let k = (sw / w).min(sh / h);
    Some(((w * k).floor().max(320.0), (h * k).floor().max(240.0)))
}

fn fit(
    want: Res<FitScreen>,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done || !want.0 {
        return;
    }
    let (Ok(m), Ok(mut w)) = (monitors.single(), window.single_mut()) else {
        return;
    };
    *done = true;
    let scale = (m.scale_factor as f32).max(0.1);
    let screen = (
        m.physical_width as f32 / scale,
        m.physical_height as f32 / scale,
    );
    if let Some((fw, fh)) = fitted((w.resolution.width(), w.resolution.height()), screen) {
        w.resolution.set(fw, fh);
    }
}

#[cfg(test)]
mod tests {
    use super::fitted;

    #[test]
    fn issue_38_a_window_larger_than_the_screen_shrinks_to_fit_it() {
        assert_eq!(fitted((1280.0, 800.0), (1920.0, 1080.0)), None);
        let (w, h) = fitted((1280.0, 800.0), (900.0, 600.0)).unwrap();
        assert!(w <= 900.0 * 0.96 && h <= 600.0 * 0.92, "{w}x{h}");
        assert!((w / h - 1.6).abs() < 0.02, "proportions kept: {w}x{h}");
    }
}
