//! Strange World positions: a World in progress, the stacks or the hands,
//! the supplies (`schema/scenario.md`).

use super::{Scenario, Scene, at};
use crate::diag::Diagnostic;
use crate::model::Catalog;

/// Sets a Strange World position up.
pub fn start(sc: &Scenario, _catalog: &Catalog) -> Result<Box<dyn Scene>, Diagnostic> {
    Err(at(
        sc,
        0,
        "Strange World positions cannot be set up from a scenario file yet",
    ))
}
