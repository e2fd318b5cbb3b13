//! Playing an action: the placement of a card and the choices it leads to
//! (rulebook p.7-p.10, rules-notes SW §4.2 and §7 `PLACE`). The desolation of
//! the Tzimimes runs first, then the portal, then the volcano.

use super::super::components::{Components, Land};
use super::super::score;
use super::super::world::{DarkCity, Pos, SIZE, Welcomed, World, cells, row_mask, shift, spread};
use super::super::{MAX_STACK, NONE};
use super::{Action, Event, Events, Flip, IllegalMove, Phase, Solo};

impl Solo {
    /// Plays an action; on error nothing changes.
    pub fn apply<E: Events>(
        &mut self,
        c: &Components,
        a: Action,
        ev: &mut E,
    ) -> Result<(), IllegalMove> {
        self.check(c, a)?;
        self.apply_unchecked(c, a, ev);
        Ok(())
    }

    /// Plays an action known to be legal (from [`Solo::legal_actions`] or the
    /// move generator).
    pub(crate) fn apply_unchecked<E: Events>(&mut self, c: &Components, a: Action, ev: &mut E) {
        match a {
            Action::TakeStack { stack } => {
                self.taken |= 1 << stack;
                self.current = stack;
                self.hand = self.stacks[usize::from(stack)];
                for k in usize::from(self.stack_size)..MAX_STACK {
                    self.hand[k] = NONE;
                }
                self.revealed = self.stack_size <= 1;
                self.turn += 1;
                self.phase = Phase::Place;
                ev.push(Event::StackTaken {
                    stack,
                    top: self.hand[0],
                });
            }
            Action::Place { card, at } => self.place(c, card, at, ev),
            Action::Welcome {
                traveller,
                side,
                upper,
            } => {
                let Phase::Welcome { card, .. } = self.phase else {
                    return;
                };
                self.supply.take_traveller(traveller);
                self.world.welcome(
                    Welcomed {
                        traveller,
                        side,
                        upper,
                    },
                    c.rules.traveller_rows_in_square,
                );
                ev.push(Event::TravellerWelcomed {
                    traveller,
                    side,
                    upper,
                });
                self.volcano(c, card, ev);
            }
            Action::Decline => {
                if let Phase::Welcome { card, .. } = self.phase {
                    self.volcano(c, card, ev);
                }
            }
            Action::Erupt { at } => self.cover(c, at, ev),
            Action::Join { with } => {
                if let Phase::JoinCity { fumarole } = self.phase {
                    self.city(fumarole, with, ev);
                    self.finish(c, ev);
                }
            }
        }
    }

    fn place<E: Events>(&mut self, c: &Components, card: u8, at: Pos, ev: &mut E) {
        if let Some(slot) = self.hand.iter_mut().find(|h| **h == card) {
            *slot = NONE;
        }
        let land = c.land(card);
        let old_top = self.world.top_row();
        // The desolation of the Tzimimes (p.10), before portals and volcanoes.
        let cause = desolation(&self.world, c, land, at);
        self.world.put(at, card, land);
        ev.push(Event::Placed { card, at });
        if let Some(cause) = cause {
            self.world.flip(at);
            ev.push(Event::Flipped { card, at, cause });
        }
        if at.y() < old_top {
            let demoted = self.world.watcher & self.world.visible() & !self.world.starting;
            for p in cells(demoted & !row_mask(at.y())) {
                self.world.flip(p);
                ev.push(Event::Flipped {
                    card: self.world.card_at(p),
                    at: p,
                    cause: Flip::WatcherDemoted,
                });
            }
        }
        if self.world.face_down & at.bit() != 0 {
            self.finish(c, ev);
            return;
        }
        if let Some(edge) = land.portal
            && let Some(partner) = self.world.portal_partner(at, edge)
            && self.world.portal_used & partner.bit() == 0
        {
            self.world.portal_used |= at.bit() | partner.bit();
            ev.push(Event::PortalCompleted { a: at, b: partner });
            let mut any = false;
            self.welcome_options(c, at, partner, |_| any = true);
            if any {
                self.phase = Phase::Welcome { card: at, partner };
                return;
            }
        }
        self.volcano(c, at, ev);
    }

    /// The volcano step of a placement (p.8).
    fn volcano<E: Events>(&mut self, c: &Components, at: Pos, ev: &mut E) {
        let face_up = self.world.face_down & at.bit() == 0;
        if !face_up || !c.land(self.world.card_at(at)).volcano {
            self.finish(c, ev);
            return;
        }
        let targets = self.coverable(at);
        if targets == 0 || self.supply.fumaroles_left() == 0 {
            self.world.flip(at);
            ev.push(Event::Flipped {
                card: self.world.card_at(at),
                at,
                cause: Flip::VolcanoNoCover,
            });
            self.finish(c, ev);
        } else if targets.count_ones() == 1 {
            self.cover(c, Pos::first(targets), ev);
        } else {
            self.phase = Phase::Erupt { volcano: at };
        }
    }

    fn cover<E: Events>(&mut self, c: &Components, at: Pos, ev: &mut E) {
        self.world.cover(at);
        self.supply.take_fumarole();
        ev.push(Event::Covered {
            card: self.world.card_at(at),
            at,
        });
        let partners = self.free_fumaroles(at);
        if partners != 0 && !self.supply.cities_left().is_empty() {
            if partners.count_ones() == 1 {
                self.city(at, Pos::first(partners), ev);
            } else {
                self.phase = Phase::JoinCity { fumarole: at };
                return;
            }
        }
        self.finish(c, ev);
    }

    fn city<E: Events>(&mut self, a: Pos, b: Pos, ev: &mut E) {
        // only called with a Dark City left
        let Some(stars) = self.supply.take_city() else {
            return;
        };
        self.world.add_city(DarkCity {
            stars,
            junction: Some((a, b)),
        });
        ev.push(Event::DarkCity { stars, a, b });
    }

    /// Ends a placement: reveals the rest of the stack, then moves on.
    fn finish<E: Events>(&mut self, c: &Components, ev: &mut E) {
        if !self.revealed {
            self.revealed = true;
            for &card in &self.hand[1..] {
                if card != NONE {
                    ev.push(Event::Revealed { card });
                }
            }
        }
        if self.world.len() >= SIZE * SIZE {
            self.phase = Phase::Finished;
            ev.push(Event::Finished {
                total: score::total(&self.world, c),
            });
        } else if self.hand.iter().all(|&h| h == NONE) {
            self.phase = if self.taken.count_ones() >= u32::from(self.n_stacks) {
                Phase::Finished
            } else {
                Phase::ChooseStack
            };
        } else {
            self.phase = Phase::Place;
        }
    }
}

/// Why the desolation of the Tzimimes (p.10) turns `land` Tzimime side up if
/// it is placed on the empty cell `at` of `w`, if it does: read before the
/// card is laid, so that the move generators can ask it of every open cell
/// (a Volcano must go where it stays face up and erupts, p.8).
pub(crate) fn desolation(w: &World, c: &Components, land: &Land, at: Pos) -> Option<Flip> {
    let others = w.visible();
    let around = spread(at.bit());
    if land.portal.is_some_and(|e| {
        if c.rules.portal_reuse_adjacent {
            around & w.portal_used != 0
        } else {
            shift(at.bit(), e) & w.portal_used != 0
        }
    }) {
        Some(Flip::PortalReuse)
    } else if land.lake && around & w.lake & others != 0 {
        Some(Flip::Lake)
    } else if land.swamp && row_mask(at.y()) & w.swamp & others != 0 {
        Some(Flip::Swamp)
    } else if land.watcher && w.occupied != 0 && at.y() > w.top_row() {
        Some(Flip::Watcher)
    } else {
        None
    }
}
