//! How the Print screen looks: the options on the left (deck, cards, paper
//! and layout, spacing, printer calibration, export), the page preview on
//! the right.

use iced::widget::{
    button, column, container, image, progress_bar, row, rule, scrollable, space, text, text_input,
};
use iced::{ContentFit, Element, Fill, Length};

use crate::gui::widget::{SCROLLBAR_GAP, choice, deck_picker, heading, muted, readable};
use crate::pnp::{BleedFromArt, CutMarks, Layout, Paper, Stage};

use super::{ExportState, Field, Message, PlanState, Print, Which};

/// Width of the options column.
const OPTIONS_WIDTH: f32 = 400.0;

impl Print {
    pub fn view(&self) -> Element<'_, Message> {
        let options = column![
            scrollable(self.view_options().padding(SCROLLBAR_GAP)).height(Fill),
            self.view_footer().padding(SCROLLBAR_GAP),
        ]
        .spacing(8);
        row![
            container(options).width(OPTIONS_WIDTH),
            rule::vertical(1),
            self.view_preview()
        ]
        .spacing(12)
        .padding(12)
        .height(Fill)
        .into()
    }

    fn view_options(&self) -> iced::widget::Column<'_, Message> {
        let current = self.source().map(|s| s.info.id);
        let mut c = column![
            heading("Print and play"),
            deck_picker(
                self.decks(),
                current,
                OPTIONS_WIDTH - SCROLLBAR_GAP.right,
                Message::Deck
            ),
        ]
        .spacing(10);
        let Some(source) = self.source() else {
            return c.push(text("Choose a deck to print.").style(muted));
        };
        c = c.push(
            text(format!(
                "{} · {} in the main board",
                source.info.catalog_name,
                crate::gui::words::count(source.info.main_count, "card")
            ))
            .size(13)
            .style(muted),
        );

        // which cards
        c = c.push(label("Cards"));
        c = c.push(
            row![
                choice(
                    "Whole deck",
                    self.which() == Which::Deck,
                    Message::Which(Which::Deck)
                ),
                choice(
                    "What I lack",
                    self.which() == Which::Missing,
                    Message::Which(Which::Missing)
                ),
                choice(
                    "A selection",
                    self.which() == Which::Selection,
                    Message::Which(Which::Selection)
                ),
            ]
            .spacing(6),
        );
        match self.which() {
            Which::Deck => {}
            Which::Missing => {
                c = c.push(
                    text("Only the copies the deck needs beyond those in your collection.")
                        .size(12)
                        .style(muted),
                )
            }
            Which::Selection => c = c.push(self.view_selection()),
        }
        c = c.push(field(self, Field::Copies, "each"));

        // paper and layout
        c = c.push(label("Paper and layout"));
        c = c.push(
            row![
                choice(
                    "A4",
                    self.settings().paper == Paper::A4,
                    Message::Paper(Paper::A4)
                ),
                choice(
                    "Letter",
                    self.settings().paper == Paper::Letter,
                    Message::Paper(Paper::Letter)
                ),
                choice(
                    "A3",
                    self.settings().paper == Paper::A3,
                    Message::Paper(Paper::A3)
                ),
                space::horizontal().width(12),
                choice(
                    "Nine-up",
                    self.settings().layout == Layout::NineUp,
                    Message::Layout(Layout::NineUp)
                ),
                choice(
                    "Eight-fold",
                    self.settings().layout == Layout::EightFold,
                    Message::Layout(Layout::EightFold)
                ),
            ]
            .spacing(6),
        );
        if self.settings().layout == Layout::EightFold {
            c = c.push(
                text("Eight-fold: 4 cards and their backs per sheet; fold along the dashed line.")
                    .size(12)
                    .style(muted),
            );
        } else {
            c = c.push(
                row![
                    choice("No backs", !self.settings().backs, Message::Backs(false)),
                    choice(
                        "Backs (duplex)",
                        self.settings().backs,
                        Message::Backs(true)
                    ),
                ]
                .spacing(6),
            );
        }
        c = c.push(field(self, Field::Gap, "mm between cards"));
        c = c.push(field(self, Field::Bleed, "mm past the cut lines"));

        // calibration
        c = c.push(label("Printer calibration"));
        c = c.push(
            text("How far your duplex printer shifts the back side. Print the calibration sheet double-sided, read both scales and type the offsets in; they are kept for next time.")
                .size(12)
                .style(muted),
        );
        c = c.push(field(self, Field::Dx, "mm (right +)"));
        c = c.push(field(self, Field::Dy, "mm (up +)"));
        c = c.push(
            button(text("Calibration sheet...").size(13))
                .on_press(Message::Calibration)
                .style(button::secondary),
        );

        c.push(self.view_cut())
    }

    /// Print and cut (issue 26): the machine's marks, the bleed made from
    /// the art, the cut file and the cutter's calibration sheet.
    fn view_cut(&self) -> iced::widget::Column<'_, Message> {
        let s = self.settings();
        let mut c = column![label("Print and cut")].spacing(10);
        c = c.push(
            row![
                text("Cutter").size(13).width(80),
                choice(
                    "None",
                    s.cut_marks == CutMarks::None,
                    Message::CutMarks(CutMarks::None)
                ),
                choice(
                    "Silhouette",
                    s.cut_marks == CutMarks::Silhouette,
                    Message::CutMarks(CutMarks::Silhouette)
                ),
                choice(
                    "Cricut",
                    s.cut_marks == CutMarks::Cricut,
                    Message::CutMarks(CutMarks::Cricut)
                ),
            ]
            .spacing(6)
            .align_y(iced::Center),
        );
        if s.cut_marks != CutMarks::None {
            c = c.push(
                text("Registration marks on the front pages; the cards are laid out clear of them (nine-up).")
                    .size(12)
                    .style(muted),
            );
        }
        c = c.push(
            row![
                text("Bleed from art").size(13).width(80),
                choice(
                    "Stretch edges",
                    s.bleed_from_art == BleedFromArt::Extend,
                    Message::BleedFromArt(BleedFromArt::Extend)
                ),
                choice(
                    "Mirror",
                    s.bleed_from_art == BleedFromArt::Mirror,
                    Message::BleedFromArt(BleedFromArt::Mirror)
                ),
                choice(
                    "Paper",
                    s.bleed_from_art == BleedFromArt::None,
                    Message::BleedFromArt(BleedFromArt::None)
                ),
            ]
            .spacing(6)
            .align_y(iced::Center),
        );
        c = c.push(field(self, Field::Radius, "mm corners (empty: the game's)"));
        let nine_up = s.layout == Layout::NineUp && matches!(self.plan(), PlanState::Ready(_));
        let mut buttons = row![
            button(text("Save cut file...").size(13))
                .on_press_maybe(nine_up.then_some(Message::CutFile))
                .style(button::secondary),
        ]
        .spacing(8);
        if s.cut_marks != CutMarks::None {
            buttons = buttons.push(
                button(text("Cutter calibration sheet...").size(13))
                    .on_press(Message::CutterCalibration)
                    .style(button::secondary),
            );
        }
        c.push(buttons)
    }

    /// The plan's summary and the export: kept below the scrolling options,
    /// so Export is on screen whatever the window's height.
    fn view_footer(&self) -> iced::widget::Column<'_, Message> {
        let mut c = column![rule::horizontal(1)].spacing(8);
        c = c.push(match self.plan() {
            PlanState::Waiting => text("Planning...").style(muted),
            PlanState::Ready(f) => text(format!(
                "{} card{} on {} page{} ({} sheet{})",
                f.cards,
                plural(f.cards),
                f.pages,
                plural(f.pages),
                f.sheets,
                plural(f.sheets)
            )),
            PlanState::Invalid(e) => text(e.as_str()).style(readable::danger),
        });
        if let (PlanState::Ready(_), Some(note)) =
            (self.plan(), self.preview().and_then(|p| p.notes.first()))
        {
            c = c.push(text(note.as_str()).size(12).style(muted));
        }
        c.push(self.view_export())
            .push(rule::horizontal(1))
            .push(self.tts().view(self.source().is_some()).map(Message::Tts))
    }

    fn view_selection(&self) -> Element<'_, Message> {
        let mut list = column![
            text("Click the cards to print (one copy each, times the copies below).")
                .size(12)
                .style(muted)
        ]
        .spacing(2);
        for (id, name, count) in self.deck_cards() {
            let on = self.is_chosen(&id);
            let b = button(
                row![
                    text(if on { "[x]" } else { "[ ]" }).size(13).width(26),
                    text(name).size(13).width(Fill),
                    text(format!("{count} in deck")).size(11).style(muted),
                ]
                .spacing(4),
            )
            .width(Fill)
            .padding([2, 6])
            .style(if on { button::primary } else { button::text })
            .on_press(Message::Toggle(id.clone()));
            list = list.push(container(b).id(format!("pick-{id}")));
        }
        container(scrollable(list.padding(SCROLLBAR_GAP)))
            .max_height(260)
            .into()
    }

    fn view_export(&self) -> Element<'_, Message> {
        let can_export = matches!(self.plan(), PlanState::Ready(_));
        let export = button("Export PDF...").on_press_maybe(
            (can_export && !matches!(self.export(), ExportState::Running { .. }))
                .then_some(Message::Export),
        );
        let mut c = column![export].spacing(8);
        match self.export() {
            ExportState::Idle => {}
            ExportState::Running { progress, path, .. } => {
                let (fraction, stage) = match progress {
                    Some(p) => (p.fraction() as f32, stage(p.stage, p.done, p.total)),
                    None => (0.0, "Starting...".to_string()),
                };
                c = c.push(text(format!("Exporting to {}", path.display())).size(13));
                c = c.push(progress_bar(0.0..=1.0, fraction).girth(10));
                c = c.push(
                    row![
                        text(stage).size(12).style(muted).width(Fill),
                        button(text("Cancel").size(13))
                            .on_press(Message::Cancel)
                            .style(button::danger),
                    ]
                    .align_y(iced::Center),
                );
            }
            ExportState::Done { path, report } => {
                c = c.push(text("Export finished").style(readable::success));
                c = c.push(
                    text(format!(
                        "{}: {} page{}, {} card{} ({} drawn from data), {} picture{}, {} KB",
                        path.display(),
                        report.pages,
                        plural(report.pages),
                        report.cards,
                        plural(report.cards),
                        report.drawn_faces,
                        report.images,
                        plural(report.images),
                        report.pdf_bytes.div_ceil(1024)
                    ))
                    .size(12),
                );
                for w in &report.warnings {
                    c = c.push(text(format!("Note: {w}")).size(12).style(muted));
                }
                c = c.push(button("Open").on_press(Message::Open(path.clone())));
                if let Some(problem) = &self.open_problem {
                    c = c.push(text(problem.to_string()).size(13).style(readable::danger));
                    if let Some(saved) = problem.saved_file() {
                        c = c.push(
                            button(text("Copy path").size(13))
                                .style(button::secondary)
                                .on_press(Message::CopyPath(saved.to_path_buf())),
                        );
                    }
                }
            }
            ExportState::Cancelled => {
                c = c.push(text("Export cancelled: no file was written.").style(muted));
            }
            ExportState::Failed(e) => {
                c = c.push(text(format!("Export failed: {e}")).style(readable::danger));
            }
        }
        c.into()
    }

    fn view_preview(&self) -> Element<'_, Message> {
        let pages = match self.plan() {
            PlanState::Ready(f) => f.pages,
            _ => 0,
        };
        let Some(p) = self.preview() else {
            let note = match self.plan() {
                PlanState::Invalid(_) => "No preview: see the message on the left.",
                _ if self.source().is_none() => "",
                _ => "Painting the first page...",
            };
            return container(text(note).style(muted)).center(Fill).into();
        };
        let nav = row![
            button(text("<").size(13))
                .on_press_maybe((p.page > 0).then(|| Message::Page(p.page - 1)))
                .style(button::secondary),
            text(format!("Page {} of {pages}", p.page + 1)),
            button(text(">").size(13))
                .on_press_maybe((p.page + 1 < pages).then(|| Message::Page(p.page + 1)))
                .style(button::secondary),
            text(format!(
                "{} x {} px preview at {:.0} dpi",
                p.width,
                p.height,
                super::PREVIEW_DPI
            ))
            .size(12)
            .style(muted),
        ]
        .spacing(10)
        .align_y(iced::Center);
        column![
            nav,
            container(
                image(p.handle.clone())
                    .content_fit(ContentFit::Contain)
                    .width(Fill)
                    .height(Fill)
            )
            .style(container::bordered_box)
            .padding(4)
            .width(Fill)
            .height(Length::Fill)
        ]
        .spacing(8)
        .width(Fill)
        .into()
    }
}

/// A numeric option: label, text box, unit, and the error when it does
/// not parse.
fn field<'a>(p: &'a Print, f: Field, unit: &'a str) -> Element<'a, Message> {
    let value = match f {
        Field::Gap => &p.form.gap,
        Field::Bleed => &p.form.bleed,
        Field::Dx => &p.form.dx,
        Field::Dy => &p.form.dy,
        Field::Copies => &p.form.copies,
        Field::Radius => &p.form.radius,
    };
    // an empty radius is the game's: shown as the placeholder
    let placeholder = match f {
        Field::Radius => p.default_radius(),
        _ => "0".to_string(),
    };
    let mut c = column![
        row![
            text(f.label()).size(13).width(80),
            text_input(&placeholder, value)
                .id(f.id())
                .on_input(move |t| Message::Typed(f, t))
                .width(90),
            text(unit).size(12).style(muted),
        ]
        .spacing(8)
        .align_y(iced::Center)
    ];
    if let Some(e) = p.field_error(f) {
        c = c.push(text(e).size(12).style(readable::danger));
    }
    c.into()
}

fn label(s: &str) -> Element<'_, Message> {
    text(s).size(15).into()
}

fn stage(s: Stage, done: usize, total: usize) -> String {
    match s {
        Stage::Images => format!("Reading pictures: {done} of {total}"),
        Stage::Pages => format!("Drawing pages: {done} of {total}"),
        Stage::Writing => "Writing the file...".into(),
        Stage::Done => "Done".into(),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
