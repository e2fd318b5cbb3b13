//! The worlds Rizontical's strong player samples ([`crate::engine::search`]):
//! what one player cannot see of the table, dealt again.

use super::{Category, Rizontical, State, Z, Zone, z};

/// A world `viewer` cannot tell from this one: both Fighter decks and its
/// own Power deck reshuffled (setup §1: shuffled, face down); the other
/// player's hand dealt again from its hand and Power deck; and each of
/// that player's face-down Trigger Powers (known only to be a Trigger)
/// exchanged with a random Trigger among those unseen cards.
pub fn sample(r: &Rizontical, st: &mut State, viewer: usize, seed: u64) {
    st.core.sample_hidden(
        viewer,
        seed,
        |p| z(p, Zone::PowerDeck),
        |p| z(p, Zone::Hand),
    );
    let foe = 1 - viewer;
    let mut rng = std::mem::replace(&mut st.core.rng, crate::engine::rng(0));
    for p in 0..2 {
        st.core.zones.shuffle(z(p, Zone::FighterDeck), &mut rng);
    }
    if !st.core.passive[foe] {
        let is_trigger = |c: u16| {
            r.def(c)
                .power()
                .is_some_and(|pw| pw.category == Category::Trigger)
        };
        let set = z(foe, Zone::Powers);
        for i in 0..st.core.zones.len(set) {
            let t = st.core.zones.get(set)[i];
            if !is_trigger(t) {
                continue;
            }
            // the set card itself is one of the candidates
            let mut unseen: Vec<(Z, usize)> = vec![(set, i)];
            for zone in [Zone::Hand, Zone::PowerDeck] {
                let zn = z(foe, zone);
                for (j, &c) in st.core.zones.get(zn).iter().enumerate() {
                    if is_trigger(c) {
                        unseen.push((zn, j));
                    }
                }
            }
            let pick = unseen[crate::engine::core::below(&mut rng, unseen.len() as u32) as usize];
            if pick != (set, i) {
                st.core.zones.swap_cards((set, i), pick);
                let now = st.core.zones.get(set)[i];
                let (uses, time) = r.def(now).power().map_or((0, 0), |pw| (pw.uses, pw.time));
                st.uses[usize::from(now)] = uses;
                st.time[usize::from(now)] = time;
            }
        }
    }
    st.core.rng = rng;
    // a look-ahead plays both seats with the policy: no choice waits
    st.core.by_hand = [false; 2];
}
