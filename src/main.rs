//! The `asl-pto` command: see `docs/cli.md` in the shared docs and `asl-pto --help`.

use std::process::ExitCode;

fn main() -> ExitCode {
    asl_pto::cli::main()
}
