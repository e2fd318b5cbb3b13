//! The shared supplies of a Strange World game: the Travellers on offer, the
//! Dark City stack and the Fumaroles (rulebook p.4 setup (2)-(4)). A solo game
//! holds its own; in a match every seat draws on one, so a Traveller, a Dark
//! City or a Fumarole taken by one player is gone for the others.

use serde::Serialize;

use super::{MAX_CITIES, MAX_OFFER, NONE};

/// How the Travellers are offered (option `traveller_supply`, rules-notes SW
/// §4.2 "from amongst the ones available").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TravellerOffer {
    /// Every Traveller left may be chosen (the solo game's revealed three;
    /// a match's whole stack, face up).
    Open,
    /// Only the top card of the shuffled stack may be taken.
    StackTop,
}

/// The Travellers, Dark Cities and Fumaroles left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Supply {
    /// Travellers in stack order; a taken one is `NONE`.
    offer: [u8; MAX_OFFER],
    n_offer: u8,
    offer_kind: TravellerOffer,
    /// Dark City stars, highest first.
    cities: [u8; MAX_CITIES],
    n_cities: u8,
    next_city: u8,
    fumaroles: u8,
}

impl Supply {
    /// A supply of these Travellers (at most [`MAX_OFFER`]), Dark Cities
    /// (highest first, at most [`MAX_CITIES`]) and Fumaroles.
    pub(crate) fn new(
        travellers: &[u8],
        offer_kind: TravellerOffer,
        cities: &[u8],
        fumaroles: u8,
    ) -> Supply {
        let mut offer = [NONE; MAX_OFFER];
        let n_offer = travellers.len().min(MAX_OFFER);
        offer[..n_offer].copy_from_slice(&travellers[..n_offer]);
        let mut stack = [0; MAX_CITIES];
        let n_cities = cities.len().min(MAX_CITIES);
        stack[..n_cities].copy_from_slice(&cities[..n_cities]);
        Supply {
            offer,
            n_offer: n_offer as u8,
            offer_kind,
            cities: stack,
            n_cities: n_cities as u8,
            next_city: 0,
            fumaroles,
        }
    }

    /// The Travellers that may be welcomed now.
    pub fn offer(&self) -> impl Iterator<Item = u8> + '_ {
        let open = self.offer[..usize::from(self.n_offer)]
            .iter()
            .copied()
            .filter(|&t| t != NONE);
        let n = match self.offer_kind {
            TravellerOffer::Open => usize::MAX,
            TravellerOffer::StackTop => 1,
        };
        open.take(n)
    }

    /// Every Traveller left, taken or not on offer (conservation checks).
    pub fn travellers_left(&self) -> impl Iterator<Item = u8> + '_ {
        self.offer[..usize::from(self.n_offer)]
            .iter()
            .copied()
            .filter(|&t| t != NONE)
    }

    /// The Dark Cities left in the stack, highest first.
    pub fn cities_left(&self) -> &[u8] {
        &self.cities[usize::from(self.next_city)..usize::from(self.n_cities)]
    }

    pub fn fumaroles_left(&self) -> u8 {
        self.fumaroles
    }

    pub(crate) fn take_traveller(&mut self, traveller: u8) {
        if let Some(slot) = self.offer.iter_mut().find(|t| **t == traveller) {
            *slot = NONE;
        }
    }

    pub(crate) fn take_fumarole(&mut self) {
        self.fumaroles = self.fumaroles.saturating_sub(1);
    }

    /// The highest Dark City left, taken off the stack.
    pub(crate) fn take_city(&mut self) -> Option<u8> {
        let stars = *self.cities_left().first()?;
        self.next_city += 1;
        Some(stars)
    }
}
