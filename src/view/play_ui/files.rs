//! Ctrl+S and "Export walkthrough": a save or an export written when the runner is idle.

use bevy::prelude::*;

use super::state::*;
use crate::sim::play::{Play, export};
use crate::sim::save;

/// Ctrl+S and "Export walkthrough", done when the runner is idle; written atomically.
pub(super) fn files(world: &mut World) {
    let status = world.resource::<PlayStatus>();
    if !(status.save_requested || status.export_requested) {
        return;
    }
    if !world.resource::<Play>().settled() {
        return;
    }
    let (save_path, export_path) = {
        let s = world.resource::<PlayStart>();
        (s.save_path.clone(), s.export_path.clone())
    };
    let mut messages = Vec::new();
    if world.resource::<PlayStatus>().save_requested {
        world.resource_mut::<PlayStatus>().save_requested = false;
        let map = world.resource::<crate::play::Match>().scenario().clone();
        let r = save::save(world).map_err(|e| e.to_string()).and_then(|s| {
            crate::save_file::write_atomically(&save_path, save::to_ron(&s, &map.map).as_bytes())
                .map_err(|e| e.to_string())
        });
        messages.push(match r {
            Ok(()) => format!("saved to {}", save_path.display()),
            Err(e) => format!("not saved to {}: {e}", save_path.display()),
        });
    }
    if world.resource::<PlayStatus>().export_requested {
        world.resource_mut::<PlayStatus>().export_requested = false;
        let r = export(world).map_err(|e| e.to_string()).and_then(|text| {
            crate::save_file::write_atomically(&export_path, text.as_bytes())
                .map_err(|e| e.to_string())
        });
        messages.push(match r {
            Ok(()) => format!(
                "walkthrough exported to {} (asl-pto walk replays it)",
                export_path.display()
            ),
            Err(e) => format!("not exported to {}: {e}", export_path.display()),
        });
    }
    world.resource_mut::<PlayStatus>().message = Some(messages.join("; "));
}
