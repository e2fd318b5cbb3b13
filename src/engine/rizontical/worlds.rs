//! The worlds Rizontical's strong player samples ([`crate::engine::search`]):
//! what one player cannot see of the table, dealt again.

use super::{Category, Rizontical, State, Z, Zone, z};

/// A world `viewer` cannot tell from this one: both Fighter decks and its
/// own Power deck reshuffled (setup §1: shuffled, face down); the other
/// player's hand dealt again from its hand and Power deck; and each of
/// that player's face-down Trigger Powers (known only to be a Trigger)
/// exchanged with a random Trigger among those unseen cards.
pub fn sample(r: &Rizontical, st: &mut State, viewer: usize, seed: u64) {
    let foe = 1 - viewer;
    let real = !st.core.passive[foe];
    // what each of the other seat's set Triggers shows: its place and counters
    let places = if real {
        canonical_triggers(r, st, foe)
    } else {
        Vec::new()
    };
    // the top Powers the viewer is looking at while it chooses one (Look)
    // are known to it: they stay where they are
    let deck = z(viewer, Zone::PowerDeck);
    let looked: Vec<u16> = match st.pending.as_deref() {
        Some(pd) if usize::from(pd.seat) == viewer => match pd.ask {
            super::choices::Ask::Look { n, .. } => {
                let d = st.core.zones.get(deck);
                d[d.len().saturating_sub(usize::from(n))..].to_vec()
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    st.core.sample_hidden(
        viewer,
        seed,
        |p| z(p, Zone::PowerDeck),
        |p| z(p, Zone::Hand),
    );
    let top = st.core.zones.len(deck);
    for (k, &c) in looked.iter().enumerate() {
        let want = top - looked.len() + k;
        if let Some(at) = st.core.zones.get(deck).iter().position(|&x| x == c) {
            st.core.zones.swap_cards((deck, want), (deck, at));
        }
    }
    let mut rng = std::mem::replace(&mut st.core.rng, crate::engine::rng(0));
    for p in 0..2 {
        // sorted first: the world never depends on the order unseen
        st.core.zones.sort(z(p, Zone::FighterDeck));
        st.core.zones.shuffle(z(p, Zone::FighterDeck), &mut rng);
    }
    let set = z(foe, Zone::Powers);
    for &(i, _, _) in &places {
        // the set card itself is one of the candidates
        let mut unseen: Vec<(Z, usize)> = vec![(set, i)];
        for zone in [Zone::Hand, Zone::PowerDeck] {
            let zn = z(foe, zone);
            for (j, &c) in st.core.zones.get(zn).iter().enumerate() {
                if is_trigger(r, c) {
                    unseen.push((zn, j));
                }
            }
        }
        let pick = unseen[crate::engine::core::below(&mut rng, unseen.len() as u32) as usize];
        if pick != (set, i) {
            st.core.zones.swap_cards((set, i), pick);
        }
    }
    // each place keeps its counters, whichever Trigger now lies there
    for &(i, uses, time) in &places {
        let now = usize::from(st.core.zones.get(set)[i]);
        st.uses[now] = uses;
        st.time[now] = time;
    }
    st.core.rng = rng;
    // a look-ahead plays both seats with the policy: no choice waits
    st.core.by_hand = [false; 2];
}

pub(super) fn is_trigger(r: &Rizontical, c: u16) -> bool {
    r.def(c)
        .power()
        .is_some_and(|pw| pw.category == Category::Trigger)
}

/// Puts the lowest copies among `foe`'s unseen Triggers (set, in hand, in
/// the Power deck) in its set places, in place order, so the world sampled
/// next does not depend on which Trigger was really set. Returns each set
/// Trigger's place with its counters (uses, time), which are public.
fn canonical_triggers(r: &Rizontical, st: &mut State, foe: usize) -> Vec<(usize, u8, u8)> {
    let set = z(foe, Zone::Powers);
    let mut places = Vec::new();
    let mut pool: Vec<u16> = Vec::new();
    for (i, &c) in st.core.zones.get(set).iter().enumerate() {
        if is_trigger(r, c) {
            places.push((i, st.uses[usize::from(c)], st.time[usize::from(c)]));
            pool.push(c);
        }
    }
    if places.is_empty() {
        return places;
    }
    for zone in [Zone::Hand, Zone::PowerDeck] {
        pool.extend(
            st.core
                .zones
                .get(z(foe, zone))
                .iter()
                .copied()
                .filter(|&c| is_trigger(r, c)),
        );
    }
    pool.sort_unstable();
    for (k, &(i, _, _)) in places.iter().enumerate() {
        let want = pool[k];
        let Some(at) = [Zone::Powers, Zone::Hand, Zone::PowerDeck]
            .into_iter()
            .map(|zone| z(foe, zone))
            .find_map(|zn| {
                st.core
                    .zones
                    .get(zn)
                    .iter()
                    .position(|&c| c == want)
                    .map(|j| (zn, j))
            })
        else {
            continue;
        };
        if at != (set, i) {
            st.core.zones.swap_cards((set, i), at);
        }
    }
    places
}
