//! The old engines' vocabulary: the shared records and views now live in
//! [`crate::engine::core`]; what is left here is the one-player `zone_views`.

pub use crate::engine::core::{
    CardView, CurveLabels, DEFAULT_MAX_TURNS, Illegal, Log, MAX_TURNS_LIMIT, Note, Outcome,
    PieceView, Seat, Snapshot, Trace, TurnStat, TurnUnit, ZoneView, below, ensure, roll,
};
pub use crate::engine::game::{Rules as Sim, push_if_legal};

/// Every zone as the screen shows it; `hidden` zones show only their count.
pub fn zone_views<Z: super::zones::ZoneId>(
    zones: &super::zones::Zones<Z>,
    hidden: &[Z],
    view: impl Fn(u16) -> CardView,
) -> Vec<ZoneView> {
    Z::ALL
        .iter()
        .map(|&z| {
            let hidden = hidden.contains(&z);
            ZoneView {
                zone: z.name(),
                player: 0,
                count: zones.len(z),
                hidden,
                cards: if hidden {
                    Vec::new()
                } else {
                    zones.get(z).iter().map(|&c| view(c)).collect()
                },
            }
        })
        .collect()
}
