//! The banners across the top of the window: errors and notices the screens
//! and the shell report.
//!
//! A banner that says what one on show already says is not stacked again:
//! the one on show counts it ("×3") and becomes the newest. At most
//! [`SHOWN`] banners stack; older ones fold into one "N earlier messages"
//! line that unfolds on a click. Past [`KEPT`] the oldest are forgotten.

use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill};

use super::widget::{Tone, banner};

/// How many banners stack before older ones fold away.
pub const SHOWN: usize = 3;

/// How many banners are kept at most (folded ones included).
pub const KEPT: usize = 20;

/// A dismissible banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Banner {
    pub id: u64,
    pub tone: Tone,
    pub text: String,
    /// How many times it was reported (identical reports merge).
    pub count: u32,
    /// A banner about a state rather than an event ("3 cards are not in
    /// the catalog") has a key: a new report of the state replaces it
    /// (never "×4"), and it goes when the state is gone.
    pub key: Option<String>,
}

impl Banner {
    /// What the banner shows: its text, and how often when more than once.
    pub fn label(&self) -> String {
        if self.count > 1 {
            format!("{} ×{}", self.text, self.count)
        } else {
            self.text.clone()
        }
    }
}

/// The banners, oldest first.
#[derive(Debug, Default)]
pub struct Banners {
    list: Vec<Banner>,
    next: u64,
    /// Whether the earlier messages are unfolded.
    expanded: bool,
}

impl Banners {
    /// Reports `text`: a new banner, or one more of the same.
    pub fn push(&mut self, tone: Tone, text: String) {
        // a message may quote input of any length
        let text = crate::diag::cut_long_lines(&text).into_owned();
        if let Some(i) = self
            .list
            .iter()
            .position(|b| b.tone == tone && b.text == text)
        {
            let mut b = self.list.remove(i);
            b.count += 1;
            self.list.push(b);
            return;
        }
        self.add(tone, text, None);
    }

    fn add(&mut self, tone: Tone, text: String, key: Option<String>) {
        self.next += 1;
        self.list.push(Banner {
            id: self.next,
            tone,
            text,
            count: 1,
            key,
        });
        if self.list.len() > KEPT {
            self.list.remove(0);
        }
    }

    /// Says what the state `key` is now: replaces the banner of that key
    /// (the newest again, never counted up), or adds one.
    pub fn set(&mut self, key: &str, tone: Tone, text: String) {
        self.withdraw(key);
        self.add(tone, text, Some(key.to_string()));
    }

    /// The state `key` is gone: so is its banner.
    pub fn withdraw(&mut self, key: &str) {
        if let Some(b) = self.list.iter().find(|b| b.key.as_deref() == Some(key)) {
            let id = b.id;
            self.dismiss(id);
        }
    }

    /// The text of the banner of `key`, if one is on.
    pub fn keyed(&self, key: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|b| b.key.as_deref() == Some(key))
            .map(|b| b.text.as_str())
    }

    /// Every banner, oldest first.
    pub fn all(&self) -> &[Banner] {
        &self.list
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// How many banners are folded into "N earlier messages".
    pub fn folded(&self) -> usize {
        if self.expanded {
            0
        } else {
            self.list.len().saturating_sub(SHOWN)
        }
    }

    /// The banners on show, oldest first.
    pub fn shown(&self) -> &[Banner] {
        &self.list[self.folded()..]
    }

    pub fn dismiss(&mut self, id: u64) {
        self.list.retain(|b| b.id != id);
        if self.list.len() <= SHOWN {
            self.expanded = false;
        }
    }

    /// Dismisses the newest banner (Escape).
    pub fn pop(&mut self) {
        if let Some(b) = self.list.last() {
            let id = b.id;
            self.dismiss(id);
        }
    }

    /// Folds or unfolds the earlier messages.
    pub fn toggle(&mut self) {
        self.expanded = !self.expanded && self.list.len() > SHOWN;
    }

    /// The banners as a column: the fold line (when there are more than
    /// [`SHOWN`]), then the banners on show.
    pub fn view<'a, M: Clone + 'a>(
        &'a self,
        on_dismiss: fn(u64) -> M,
        on_toggle: M,
    ) -> Element<'a, M> {
        let mut c = column![];
        let earlier = self.list.len().saturating_sub(SHOWN);
        if earlier > 0 {
            let label = if self.expanded {
                "Hide earlier messages".to_string()
            } else {
                earlier_messages(earlier)
            };
            c = c.push(
                container(row![
                    button(text(label).size(13))
                        .style(button::text)
                        .padding([2, 12])
                        .on_press(on_toggle),
                ])
                .width(Fill),
            );
        }
        for b in self.shown() {
            c = c.push(banner(b.label(), b.tone, on_dismiss(b.id)));
        }
        c.into()
    }
}

/// "1 earlier message", "4 earlier messages".
pub fn earlier_messages(n: usize) -> String {
    super::words::count(n, "earlier message")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(b: &Banners) -> Vec<String> {
        b.shown().iter().map(Banner::label).collect()
    }

    #[test]
    fn identical_banners_merge_and_come_to_the_front() {
        let mut b = Banners::default();
        b.push(Tone::Error, "disk full".into());
        b.push(Tone::Notice, "saved".into());
        b.push(Tone::Error, "disk full".into());
        b.push(Tone::Error, "disk full".into());
        assert_eq!(texts(&b), ["saved", "disk full ×3"]);
        // the same words in another tone are another banner
        b.push(Tone::Notice, "disk full".into());
        assert_eq!(b.all().len(), 3);
    }

    #[test]
    fn three_stack_and_older_ones_fold() {
        let mut b = Banners::default();
        for i in 1..=5 {
            b.push(Tone::Notice, format!("m{i}"));
        }
        assert_eq!(texts(&b), ["m3", "m4", "m5"]);
        assert_eq!(b.folded(), 2);
        b.toggle();
        assert_eq!(b.folded(), 0);
        assert_eq!(texts(&b), ["m1", "m2", "m3", "m4", "m5"]);
        b.toggle();
        assert_eq!(b.folded(), 2);
        // dismissing brings a folded one back into view
        let newest = b.all()[4].id;
        b.dismiss(newest);
        assert_eq!(texts(&b), ["m2", "m3", "m4"]);
        b.pop();
        b.pop();
        assert_eq!(texts(&b), ["m1", "m2"]);
        assert_eq!(b.folded(), 0);
        // nothing to unfold: the toggle stays off
        b.toggle();
        assert!(!b.expanded);
    }

    #[test]
    fn only_the_latest_are_kept() {
        let mut b = Banners::default();
        for i in 0..KEPT + 5 {
            b.push(Tone::Notice, format!("m{i}"));
        }
        assert_eq!(b.all().len(), KEPT);
        assert_eq!(b.all()[0].text, "m5");
        assert_eq!(earlier_messages(1), "1 earlier message");
        assert_eq!(earlier_messages(KEPT - SHOWN), "17 earlier messages");
    }
}
