//! `bench --render`: the viewer's frame and picking times, measured in a child process.

use serde_json::json;

use crate::cli::failure::Failure;

/// `bench --render`: the viewer's frame time on a 1-board and a 4-board map, the camera looking
/// straight down on the same area (a board's width) of each, rendered without a window in a
/// child process (a process opens one renderer), and their ratio: one merged mesh per board,
/// and boards out of view culled whole, keep it near 1 (the target is <= 1.5).
pub(super) fn render_figures() -> Result<serde_json::Value, Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure::input(e.to_string()))?;
    let frame = |boards: u32, camera: &[&str]| -> Result<serde_json::Value, Failure> {
        let o = std::process::Command::new(&exe)
            .args(["view", "--frame-bench", "60", "--size", "800x500"])
            .args(camera)
            .args(["--boards", &boards.to_string()])
            .output()
            .map_err(|e| Failure::input(e.to_string()))?;
        let line = String::from_utf8_lossy(&o.stdout);
        line.lines()
            .rev()
            .find_map(|l| serde_json::from_str(l).ok())
            .ok_or_else(|| {
                let err = String::from_utf8_lossy(&o.stderr);
                Failure::input(format!(
                    "bench --render: the viewer gave no frame time ({})",
                    err.lines()
                        .rfind(|l| l.starts_with("error"))
                        .unwrap_or("no output")
                ))
            })
    };
    // The middle of the first board, and of the fourth (rows 33-43): the same view of each map;
    // then the whole map in view (the overview camera) on 1 and on 8 boards.
    let out = [
        frame(1, &["--camera", "top", "--focus", "Q5"])?,
        frame(4, &["--camera", "top", "--focus", "Q38"])?,
        frame(1, &["--camera", "overview"])?,
        frame(8, &["--camera", "overview"])?,
    ];
    let ms = |v: &serde_json::Value| v["median_ms"].as_f64().unwrap_or(f64::NAN);
    let ratio = |a: f64, b: f64| ((a / b) * 1000.0).round() / 1000.0;
    Ok(json!({
        "frame_1_board_ms": ms(&out[0]),
        "frame_4_boards_ms": ms(&out[1]),
        "frame_ratio_4_vs_1": ratio(ms(&out[1]), ms(&out[0])),
        "hexes_1_board": out[0]["hexes"],
        "hexes_4_boards": out[1]["hexes"],
        "pick_hand_1_board_us": out[0]["pick_hand_us"],
        "pick_mesh_1_board_us": out[0]["pick_mesh_us"],
        "pick_hand_4_boards_us": out[1]["pick_hand_us"],
        "pick_mesh_4_boards_us": out[1]["pick_mesh_us"],
        "frame_all_in_view_1_board_ms": ms(&out[2]),
        "frame_all_in_view_8_boards_ms": ms(&out[3]),
        "frame_ratio_all_in_view_8_vs_1": ratio(ms(&out[3]), ms(&out[2])),
    }))
}
