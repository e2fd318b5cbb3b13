//! Strange World's words: cells and rows by the board's coordinates,
//! moves (for hints and refusals) and events (for the log) — what the World
//! screen shows and what scenario files name moves by, so it lives under both.

use super::{Action as Move, Components, Event, Pos, World as Board};

/// A cell by the board's coordinates: column letter, row number (`D4` is
/// the centre, where the starting Land lies).
pub fn cell_name(at: Pos) -> String {
    format!("{}{}", (b'A' + at.x()) as char, at.y() + 1)
}

/// Rows `upper` and `upper + 1` by the board's numbers (1 to 7; a
/// Traveller over the row above or below the board reaches 0 or 8, p.7).
pub fn rows_name(upper: i8) -> String {
    format!("rows {}-{}", upper + 1, upper + 2)
}

fn land_name(c: &Components, card: u8) -> &str {
    c.lands
        .get(usize::from(card))
        .map_or("?", |l| l.name.as_str())
}

fn traveller_name(c: &Components, t: u8) -> &str {
    c.travellers
        .get(usize::from(t))
        .map_or("?", |t| t.name.as_str())
}

/// A move in words, for hints and refusals.
pub fn describe(c: &Components, w: &Board, m: Move) -> String {
    match m {
        Move::TakeStack { stack } => format!("Take stack {}", stack + 1),
        Move::Place { card, at } => {
            format!("Place {} on {}", land_name(c, card), cell_name(at))
        }
        Move::Welcome {
            traveller,
            side,
            upper,
        } => format!(
            "Welcome {} on the {} over {}",
            traveller_name(c, traveller),
            side.as_str(),
            rows_name(upper)
        ),
        Move::Decline => "Welcome no Traveller".into(),
        Move::Erupt { at } => {
            let on = w
                .cell(at)
                .map_or("?", |cell| land_name(c, cell.card))
                .to_string();
            format!("Cover {on} on {} with a Fumarole", cell_name(at))
        }
        Move::Join { with } => format!(
            "Build the Dark City with the Fumarole on {}",
            cell_name(with)
        ),
    }
}

/// An event in words (placements are left out: the board shows them).
pub fn event_line(c: &Components, e: &Event) -> Option<String> {
    Some(match *e {
        Event::StackTaken { stack, top } => {
            format!("Took stack {} ({} on top)", stack + 1, land_name(c, top))
        }
        Event::Placed { card, at } => format!("Placed {} on {}", land_name(c, card), cell_name(at)),
        Event::Flipped { card, at, cause } => format!(
            "{} on {} turned Tzimime side up ({}): {}",
            land_name(c, card),
            cell_name(at),
            cause.as_str(),
            cause.rule()
        ),
        Event::Revealed { card } => format!("Revealed {}", land_name(c, card)),
        Event::PortalCompleted { a, b } => format!(
            "Portal completed between {} and {}",
            cell_name(a),
            cell_name(b)
        ),
        Event::TravellerWelcomed {
            traveller,
            side,
            upper,
        } => format!(
            "{} welcomed on the {} over {}",
            traveller_name(c, traveller),
            side.as_str(),
            rows_name(upper)
        ),
        Event::Covered { card, at } => format!(
            "A Fumarole covers {} on {}",
            land_name(c, card),
            cell_name(at)
        ),
        Event::DarkCity { stars, a, b } => format!(
            "Dark City of {stars} stars between {} and {}",
            cell_name(a),
            cell_name(b)
        ),
        Event::Finished { total } => format!("The World is complete: {total} stars"),
    })
}
