//! The scenario picker (issue 27.12): a list of the scenarios to open — the built-in one first,
//! then every `.ron` file of the `scenarios/` folder (but the built-in one's own) (beside the current directory, the open
//! scenario's folder, and this program's source), then any file dropped on the window or typed
//! in. It opens by itself when the viewer was started without a scenario file (`asl-pto view`,
//! `cargo run`: the built-in scenario is shown behind it), and with the O key or the View bar's
//! "Scenarios" button. A scenario is read and checked before anything closes; a good one
//! reopens the viewer on it (the same window size), a bad one says why in the list.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use bevy::prelude::*;
use bevy::window::{FileDragAndDrop, PrimaryWindow};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::shared::{Layout, Panel, Typing, ViewOptions};
use crate::scenario::{BUILTIN, BUILTIN_NAME, Scenario};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (keys.before(super::play_ui::PlayClicks), dropped))
        .add_systems(EguiPrimaryContextPass, show.in_set(Panel::Floating));
}

/// One scenario the picker offers: its title (or why it does not load) and its file (`None`:
/// the built-in scenario).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub file: Option<PathBuf>,
    pub title: Result<String, String>,
}

/// The picker's state.
#[derive(Resource, Debug, Clone, Default)]
pub struct Picker {
    pub open: bool,
    /// The file shown now (`None`: the built-in scenario).
    pub current: Option<PathBuf>,
    /// The scenarios listed (filled when it first opens).
    pub choices: Vec<Choice>,
    /// Files dropped on the window or typed in, listed after the built-in one.
    pub added: Vec<PathBuf>,
    /// The path field.
    pub typed: String,
    /// Why the last one picked did not open.
    pub error: Option<String>,
    /// Where each entry was drawn (egui points), for the probes.
    pub entries: Vec<(String, egui::Rect)>,
    /// The window's arguments to carry to the reopened viewer (`--probes`).
    pub probes: Option<PathBuf>,
}

impl Picker {
    /// The picker of a viewer started with `options`: open at the start when no scenario file
    /// was named (and there is a window).
    pub fn from_options(o: &ViewOptions) -> Picker {
        let headless = o.screenshot.is_some() || o.frame_bench.is_some();
        Picker {
            open: o.file.is_none() && !headless && o.load.is_none(),
            current: o.file.clone(),
            probes: o.probes.clone(),
            ..default()
        }
    }
}

/// The `scenarios/` folders to look in: the current directory's, the open scenario's folder,
/// and this program's source's (where `cargo run` runs it from); each once.
fn folders(current: Option<&Path>) -> Vec<PathBuf> {
    let mut v = vec![PathBuf::from("scenarios")];
    if let Some(dir) = current.and_then(Path::parent) {
        v.push(dir.to_path_buf());
    }
    v.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"));
    let mut seen = Vec::new();
    v.retain(|d| match std::fs::canonicalize(d) {
        Ok(c) if !seen.contains(&c) => {
            seen.push(c);
            true
        }
        _ => false,
    });
    v
}

/// A VASL saved game (issue 39): the viewer imports it when it opens it (`view GAME.vsav`).
fn is_vsav(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vsav"))
}

/// A file's title, or why it does not load; a VASL saved game by its name, if it is a zip
/// archive (it is imported, onto the boards folder in use, when the viewer reopens on it).
fn title_of(path: &Path) -> Result<String, String> {
    if is_vsav(path) {
        let mut head = [0u8; 2];
        let zip = std::fs::File::open(path)
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
            .is_ok_and(|()| &head == b"PK");
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        return if zip {
            Ok(format!("VASL saved game {name} (imported when opened)"))
        } else {
            Err(format!("{name} is not a VASL saved game (no zip archive)"))
        };
    }
    Scenario::load(path)
        .map(|s| s.title)
        .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())
}

/// Every scenario to offer: the built-in one, the files added (dropped, typed), then the
/// `scenarios/` folders' `.ron` files by name; each file once.
pub fn choices(current: Option<&Path>, added: &[PathBuf]) -> Vec<Choice> {
    let mut out = vec![Choice {
        file: None,
        title: Ok(format!("{} (built in)", Scenario::builtin().title)),
    }];
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut add = |p: PathBuf, out: &mut Vec<Choice>| {
        let key = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        if seen.contains(&key) {
            return;
        }
        seen.push(key);
        let title = title_of(&p);
        out.push(Choice {
            file: Some(p),
            title,
        });
    };
    for p in added {
        add(p.clone(), &mut out);
    }
    for dir in folders(current) {
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
            .filter(|p| !p.to_string_lossy().ends_with(".save.ron"))
            .collect();
        files.sort();
        for p in files {
            // The built-in scenario's own file is the first entry already.
            if std::fs::read_to_string(&p).is_ok_and(|t| t == BUILTIN) {
                continue;
            }
            add(p, &mut out);
        }
    }
    out
}

/// The viewer reopened on another scenario: the arguments of `asl-pto` to run in its place.
static REOPEN: Mutex<Option<Vec<OsString>>> = Mutex::new(None);

/// The arguments the viewer reopens with, if a scenario was picked (taken once).
pub fn reopen_request() -> Option<Vec<OsString>> {
    REOPEN.lock().ok()?.take()
}

/// `asl-pto view FILE --size WxH [--probes P]` (without FILE for the built-in scenario).
pub fn reopen_args(file: Option<&Path>, size: (u32, u32), probes: Option<&Path>) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["view".into()];
    if let Some(f) = file {
        args.push(f.into());
        // A VASL saved game is imported onto the boards folder in use (issue 39).
        if is_vsav(f)
            && let Some(d) = crate::scenario::vasl::boards_dir()
        {
            args.push("--boards".into());
            args.push(d.into());
        }
    }
    args.push("--size".into());
    args.push(format!("{}x{}", size.0, size.1).into());
    if let Some(p) = probes {
        args.push("--probes".into());
        args.push(p.into());
    }
    args
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    typing: Typing,
    mut picker: ResMut<Picker>,
    mut esc: ResMut<super::shared::EscClosed>,
) {
    // Esc closes it (issue 38), even from its filter box.
    if picker.open && keys.just_pressed(KeyCode::Escape) {
        picker.open = false;
        esc.0 = true;
        return;
    }
    if !typing.now() && keys.just_pressed(KeyCode::KeyO) {
        picker.open = !picker.open;
    }
}

/// A file dropped on the window is listed first and the picker opens on it.
fn dropped(mut drops: MessageReader<FileDragAndDrop>, mut picker: ResMut<Picker>) {
    for d in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            add_file(&mut picker, path_buf.clone());
        }
    }
}

fn add_file(picker: &mut Picker, path: PathBuf) {
    picker.added.retain(|p| p != &path);
    picker.added.insert(0, path);
    picker.choices.clear();
    picker.open = true;
}

fn show(
    mut contexts: EguiContexts,
    mut picker: ResMut<Picker>,
    mut layout: ResMut<Layout>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    if !picker.open {
        return Ok(());
    }
    if picker.choices.is_empty() {
        let c = choices(picker.current.as_deref(), &picker.added);
        picker.choices = c;
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen: Option<Option<PathBuf>> = None;
    let mut entries = Vec::new();
    let mut typed = picker.typed.clone();
    let mut open_typed = false;
    let current = picker.current.clone();
    let same = |a: &Option<PathBuf>, b: &Option<PathBuf>| match (a, b) {
        (Some(a), Some(b)) => {
            std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok() || a == b
        }
        (None, None) => true,
        _ => false,
    };
    let shown = egui::Window::new("Scenarios")
        .id(egui::Id::new("scenario picker"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            ui.small("Click a scenario to open it; drop a scenario file on the window to add it.");
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    for c in &picker.choices {
                        let name = c
                            .file
                            .as_ref()
                            .map_or("built in".to_string(), |f| f.display().to_string());
                        let is_current = same(&c.file, &current);
                        let r = match &c.title {
                            Ok(title) => {
                                let label = format!("{title}  ·  {name}");
                                ui.selectable_label(is_current, label)
                            }
                            Err(why) => ui.add_enabled(
                                false,
                                egui::Button::new(format!("{name}: {why}")).small(),
                            ),
                        };
                        entries.push((name, r.rect));
                        if r.clicked() {
                            chosen = Some(c.file.clone());
                        }
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("file:");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut typed)
                        .desired_width(240.0)
                        .hint_text("path/to/scenario.ron"),
                );
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Open").clicked() || enter) && !typed.trim().is_empty() {
                    open_typed = true;
                }
            });
            if let Some(e) = &picker.error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
        });
    if let Some(r) = shown {
        layout.panels.push(("picker", r.response.rect));
    }
    picker.entries = entries;
    picker.typed = typed.clone();
    if open_typed {
        let path = PathBuf::from(typed.trim());
        chosen = Some(Some(path.clone()));
        add_file(&mut picker, path);
    }
    if !open {
        picker.open = false;
    }
    let Some(file) = chosen else {
        return Ok(());
    };
    if same(&file, &current) {
        picker.open = false;
        return Ok(());
    }
    // Read and checked here first: a scenario that does not load leaves this one open (a
    // VASL saved game only as far as `title_of` looks: the reopened viewer imports it).
    if let Some(f) = &file {
        let checked = if is_vsav(f) {
            title_of(f).map(drop)
        } else {
            Scenario::load(f).map(drop).map_err(|e| e.to_string())
        };
        if let Err(e) = checked {
            picker.error = Some(format!("{} does not open: {e}", f.display()));
            return Ok(());
        }
    }
    // The built-in scenario is its file where that file is at hand (so the picker does not
    // open again over it).
    let file = file.or_else(|| {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(BUILTIN_NAME);
        p.is_file().then_some(p)
    });
    let size = window.map_or((1280, 800), |w| {
        (w.width().round() as u32, w.height().round() as u32)
    });
    if let Ok(mut r) = REOPEN.lock() {
        *r = Some(reopen_args(file.as_deref(), size, picker.probes.as_deref()));
    }
    exit.write(AppExit::Success);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picker_lists_the_built_in_scenario_first_then_the_scenarios_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let list = choices(None, &[]);
        assert_eq!(list[0].file, None);
        assert!(list[0].title.as_ref().unwrap().contains("built in"));
        let names: Vec<String> = list[1..]
            .iter()
            .filter_map(|c| c.file.as_ref()?.file_name()?.to_str().map(str::to_string))
            .collect();
        for f in ["assault.ron", "cave_complex.ron", "night_ridge.ron"] {
            assert!(names.contains(&f.to_string()), "{f} in {names:?}");
        }
        // The built-in scenario's own file is not listed twice.
        assert!(!names.contains(&"cliff_caves.ron".to_string()), "{names:?}");
        // Each file once, however many of the folders looked in are the same.
        let mut sorted = names.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        // A file added (dropped or typed) comes right after the built-in one; one that does not
        // load says why.
        let bad = std::env::temp_dir().join(format!("picker-{}.ron", std::process::id()));
        std::fs::write(&bad, "(not a scenario").unwrap();
        let list = choices(None, &[bad.clone(), dir.join("assault.ron")]);
        assert_eq!(list[1].file.as_deref(), Some(bad.as_path()));
        assert!(list[1].title.is_err());
        assert_eq!(list[2].title.as_deref(), Ok("Assault on the cliff caves"));
        let _ = std::fs::remove_file(bad);
        // Issue 39: a VASL saved game dropped on the window is listed by its name (a zip
        // archive), or says it is not one.
        let tmp = std::env::temp_dir();
        let game = tmp.join(format!("picker-{}.vsav", std::process::id()));
        let junk = tmp.join(format!("picker-junk-{}.vsav", std::process::id()));
        std::fs::write(&game, b"PK\x03\x04rest").unwrap();
        std::fs::write(&junk, b"not a zip").unwrap();
        let list = choices(None, &[game.clone(), junk.clone()]);
        assert!(
            list[1]
                .title
                .as_ref()
                .is_ok_and(|t| t.starts_with("VASL saved game picker-")),
            "{:?}",
            list[1].title
        );
        assert!(list[2].title.is_err(), "{:?}", list[2].title);
        let _ = std::fs::remove_file(game);
        let _ = std::fs::remove_file(junk);
    }

    #[test]
    fn a_picked_scenario_reopens_the_viewer_at_the_same_size() {
        let args = reopen_args(
            Some(Path::new("scenarios/assault.ron")),
            (900, 600),
            Some(Path::new("/tmp/p.json")),
        );
        let args: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "view",
                "scenarios/assault.ron",
                "--size",
                "900x600",
                "--probes",
                "/tmp/p.json"
            ]
        );
    }
}
