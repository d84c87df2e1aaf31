//! The match (issue 35): one game of a scenario, the one game loop the walk, Play mode, Watch
//! mode, `duel` and the viewer all drive (`Match`), with what it is played on (`Board`), its
//! script (`Script`), who sits at each side (`Seat`), its events (`Event`), the side the program plays (`Program`), its saves
//! (`Save`, checked by `check`) and their replay (`replay`).

mod board;
pub mod check;
mod log;
mod marks;
mod pending;
mod program;
mod program_mark;
mod program_play;
pub mod replay;
mod runner;
pub mod save;
mod script;
mod seat;
mod status;
mod store;

pub use board::Board;
pub use log::{Event, REFUSED};
pub use pending::Pending;
pub use program::{Asked, Program, ProgramTurn, SavedOpponent};
pub use program_mark::{MarkKind, ProgramMark};
pub use runner::{Match, Snapshot, Watched};
pub use script::{Script, target_of};
pub use seat::Seat;
pub use status::{PHASES, Status};
pub use store::played_steps;
