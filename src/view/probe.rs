//! Before Bevy starts: is there a display to open a window on, and a graphics adapter to render
//! with? Bevy panics on either; the viewer says so in one line and exits 2 instead.

/// A display server to open a window on (X11; this build has no Wayland).
pub fn display_present() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
}

/// The graphics adapter Bevy would use, by name, or why there is none.
pub fn adapter() -> Result<String, String> {
    // The backends Bevy itself would try (WGPU_BACKEND, else all).
    let backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all());
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let adapter =
        bevy::tasks::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
            .map_err(|e| {
                e.to_string()
                    .lines()
                    .next()
                    .unwrap_or("none found")
                    .to_string()
            })?;
    let info = adapter.get_info();
    Ok(format!("{} ({:?})", info.name, info.backend))
}
