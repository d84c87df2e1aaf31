//! The simulation's named system sets (configured once, in `SimPlugin`).

use bevy::prelude::*;

/// The simulation's `Update` systems, in order (configured once, in `SimPlugin`; each file adds
/// its own systems to its set). A front end orders its own sets against these: the viewer's
/// buttons before `Drive`, its drawing after `Relight`. The phases' own systems run on entering
/// and leaving each phase (`OnEnter`/`OnExit` of `Phase`, see `turn`).
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub enum SimSystems {
    /// Play mode's orders and Watch mode's buttons (`play`): steps started, undone, queued.
    Play,
    /// The walkthrough runner: a phase change toward the step's target, or its action resolved.
    Drive,
    /// The `Illuminated`/`Shadowed` markers recomputed after a light source changed (E1.9).
    Relight,
}
