//! The card editor: create or edit one card with its game's fields, checked
//! on every keystroke exactly as the catalog loader checks a file
//! ([`crate::catalog::check`]). Beside the form, the engine's reading of the
//! card, live: what it will play, what it cannot read (issue 14); the
//! card's `effects` are edited as the TOML a catalog holds, with the
//! loader's checks.

use std::sync::Arc;

use iced::widget::{
    button, checkbox, column, container, pick_list, row, scrollable, text, text_editor, text_input,
};
use iced::{Element, Fill, Task};

use crate::catalog::check::{Draft, Problem, check, effects_text};
use crate::engine::coverage::{CardReading, Status};
use crate::engine::teach::{self, Changed};
use crate::games::{self, FieldDef, FieldKind};
use crate::model::{Card, Catalog};
use crate::store::TaughtChange;

use crate::gui::widget::{Pick, heading, muted, readable};

/// The ids of the form's boxes (focus, tests).
pub const NAME_ID: &str = "editor-name";
pub const COST_ID: &str = "editor-cost";
pub const TEXT_ID: &str = "editor-text";
/// The teach panel's boxes: the phrase as written, and what it means.
pub const TEACH_PHRASE_ID: &str = "teach-phrase";
pub const TEACH_MEANS_ID: &str = "teach-means";
/// The form's scrollable: it opens at the top.
pub const SCROLL_ID: &str = "editor-form";

/// A card being created or edited.
#[derive(Debug)]
pub struct Editor {
    catalog: Arc<Catalog>,
    /// The id of the card being edited; `None` for a new card.
    editing: Option<String>,
    draft: Draft,
    /// The rules text as a multi-line box edits it (kept in step with
    /// `draft.text`).
    rules: text_editor::Content,
    /// The draft as it was opened: anything else is an edit in progress.
    /// (Boxed: the screen's state stays small.)
    initial: Box<Draft>,
    problems: Vec<Problem>,
    /// The engine's reading of the card as it stands (`None` while the draft
    /// has problems or the game has no engine).
    reading: Option<CardReading>,
    /// Teaching the grammar a phrase the reading does not understand.
    teach: Teach,
}

/// The teach panel (issue 49): where the reading says a sentence is not
/// understood, the wordings the grammar reads nearest to it, and "this
/// phrase means that one", previewed on every card of the catalog before it
/// is saved for the whole game.
#[derive(Debug, Default)]
struct Teach {
    phrase: String,
    means: String,
    /// The sentences of the catalog's fully read cards (worked out once,
    /// when first wanted).
    known: Option<Vec<String>>,
    /// The wordings nearest to what is not understood.
    nearest: Vec<String>,
    /// The cards that would read differently, once previewed (for the
    /// phrase and meaning as they were then).
    preview: Option<(String, String, Vec<Changed>)>,
    /// The last phrase taught here, for Undo.
    last: Option<TaughtChange>,
    /// What happened last (taught, undone, an error).
    note: Option<String>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Name(String),
    Id(String),
    Type(String),
    Cost(String),
    /// The rules text replaced as a whole.
    Text(String),
    /// An edit in the multi-line rules text box.
    TextEdit(text_editor::Action),
    CopyLimit(String),
    Effects(String),
    Field(String, String),
    Flag(String, bool),
    Save,
    Cancel,
    /// The teach panel's phrase box.
    TeachPhrase(String),
    /// The teach panel's meaning box.
    TeachMeans(String),
    /// A nearest wording picked as the meaning.
    UseWording(String),
    /// Show the cards the phrase would make read differently.
    TeachPreview,
    /// Save the phrase for the game (after a preview).
    TeachSave,
    /// The store taught it (or said why not).
    Taught(Result<TaughtChange, String>),
    /// Undo the last phrase taught here.
    TeachUndo,
    /// The store undid it.
    Untaught(Result<(), String>),
}

/// What the editor asks of the library.
#[derive(Debug)]
pub enum Action {
    None,
    /// Store this card (replacing the card with id `editing`, when set).
    Save {
        card: Box<Card>,
        editing: Option<String>,
    },
    Cancel,
    /// Teach the game's grammar that `phrase` means `means`.
    Teach {
        game: String,
        phrase: String,
        means: String,
    },
    /// Undo a phrase taught.
    Untaught(TaughtChange),
}

impl Editor {
    pub fn new(catalog: Arc<Catalog>, card: Option<&Card>) -> Editor {
        let mut draft = match card {
            Some(c) => Draft::of(c),
            None => Draft::new(catalog.game),
        };
        draft.effects_text = Some(effects_text(&draft.effects));
        let mut e = Editor {
            editing: card.map(|c| c.id.clone()),
            catalog,
            rules: text_editor::Content::with_text(&draft.text),
            initial: Box::new(draft.clone()),
            draft,
            problems: Vec::new(),
            reading: None,
            teach: Teach::default(),
        };
        if e.editing.is_some() {
            e.recheck();
        }
        e
    }

    pub fn editing(&self) -> Option<&str> {
        self.editing.as_deref()
    }

    /// The card as typed so far.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Whether anything was changed since the editor opened.
    pub fn is_dirty(&self) -> bool {
        self.draft != *self.initial
    }

    /// The card's name as typed (for "Discard your changes to …?").
    pub fn name(&self) -> &str {
        &self.draft.name
    }

    /// What opening the form does on screen: the Name box takes the
    /// focus and the form starts at its top (a form reopened in the same
    /// place would otherwise keep the last one's scroll offset).
    pub fn opened<M: Send + 'static>() -> Task<M> {
        Task::batch([
            iced::widget::operation::snap_to(
                SCROLL_ID,
                iced::widget::scrollable::RelativeOffset::START,
            ),
            iced::widget::operation::focus(NAME_ID),
        ])
    }

    /// The problems as the form shows them: the field they are about and
    /// the message in the form's words.
    pub fn messages(&self) -> Vec<(Option<&str>, String)> {
        self.problems
            .iter()
            .map(|p| (problem_key(p), self.words(&p.message)))
            .collect()
    }

    /// A loader message in the form's words.
    fn words(&self, message: &str) -> String {
        in_words(message, |key| self.label(key))
    }

    /// What the form calls a key.
    fn label(&self, key: &str) -> String {
        let def = games::game(self.catalog.game).def();
        match key {
            "name" => "Name".into(),
            "id" => "Id".into(),
            "type" => "Type".into(),
            "text" => "Rules text".into(),
            "copy_limit" => "Copy limit".into(),
            "effects" => "Effects".into(),
            "cost" => def
                .card
                .cost
                .as_ref()
                .and_then(|c| c.label.clone())
                .unwrap_or_else(|| "Cost".into()),
            _ => def
                .card
                .field(key)
                .and_then(|f| f.label.clone())
                .unwrap_or_else(|| capitalised(&key.replace('_', " "))),
        }
    }

    /// The engine's reading of the card as it stands.
    pub fn reading(&self) -> Option<&CardReading> {
        self.reading.as_ref()
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Name(v) => self.edit(|d| d.name = v),
            Message::Id(v) => self.edit(|d| d.id = v),
            Message::Type(v) => self.edit(|d| d.card_type = v),
            Message::Cost(v) => self.edit(|d| d.cost = v),
            Message::Text(v) => {
                self.rules = text_editor::Content::with_text(&v);
                self.edit(|d| d.text = v)
            }
            Message::TextEdit(a) => {
                let is_edit = a.is_edit();
                self.rules.perform(a);
                if !is_edit {
                    return Action::None;
                }
                let v = self.rules.text();
                self.edit(|d| d.text = v)
            }
            Message::CopyLimit(v) => self.edit(|d| d.copy_limit = v),
            Message::Effects(v) => self.edit(|d| d.effects_text = Some(v)),
            Message::Field(k, v) => self.edit(|d| {
                d.fields.insert(k, v);
            }),
            Message::Flag(k, on) => self.edit(|d| {
                d.fields
                    .insert(k, if on { "true".into() } else { String::new() });
            }),
            Message::Save => self.save(),
            Message::Cancel => Action::Cancel,
            Message::TeachPhrase(v) => {
                self.teach.phrase = v;
                Action::None
            }
            Message::TeachMeans(v) => {
                self.teach.means = v;
                Action::None
            }
            Message::UseWording(v) => {
                self.teach.means = v;
                Action::None
            }
            Message::TeachPreview => {
                self.preview();
                Action::None
            }
            Message::TeachSave => {
                let (phrase, means) = (self.teach.phrase.clone(), self.teach.means.clone());
                if self.previewed() {
                    Action::Teach {
                        game: self.catalog.game.as_str().to_string(),
                        phrase,
                        means,
                    }
                } else {
                    // what is saved is always what was shown
                    self.preview();
                    Action::None
                }
            }
            Message::Taught(r) => {
                match r {
                    Ok(change) => {
                        self.teach.note = Some(format!(
                            "Taught: \"{}\" means \"{}\" for every {} card.",
                            change.phrase,
                            change.after.clone().unwrap_or_default(),
                            games::game(self.catalog.game).def().name
                        ));
                        self.teach.last = Some(change);
                        self.teach.preview = None;
                        self.teach.phrase.clear();
                        self.teach.means.clear();
                    }
                    Err(e) => self.teach.note = Some(format!("Not taught: {e}")),
                }
                self.recheck();
                Action::None
            }
            Message::TeachUndo => match self.teach.last.take() {
                Some(change) => Action::Untaught(change),
                None => Action::None,
            },
            Message::Untaught(r) => {
                self.teach.note = Some(match r {
                    Ok(()) => "Undone: the phrase is as it was.".to_string(),
                    Err(e) => format!("Not undone: {e}"),
                });
                self.recheck();
                Action::None
            }
        }
    }

    /// Whether the preview shown is of the phrase and meaning as typed.
    fn previewed(&self) -> bool {
        self.teach
            .preview
            .as_ref()
            .is_some_and(|(p, m, _)| *p == self.teach.phrase && *m == self.teach.means)
    }

    /// Works out which cards of the catalog would read differently.
    fn preview(&mut self) {
        let (phrase, means) = (self.teach.phrase.clone(), self.teach.means.clone());
        if let Some(reason) = crate::engine::effect::taught::problem(&phrase, &means) {
            self.teach.note = Some(reason);
            self.teach.preview = None;
            return;
        }
        let mut cards: Vec<Card> = self.catalog.cards.clone();
        // the card as typed, in place of its stored self
        if let Ok(card) = check(&self.catalog, &self.card_draft(), self.editing.as_deref()) {
            cards.retain(|c| Some(c.id.as_str()) != self.editing.as_deref());
            cards.insert(0, card);
        }
        let changed = teach::preview(self.catalog.game, &cards, &phrase, &means);
        self.teach.note = None;
        self.teach.preview = Some((phrase, means, changed));
    }

    fn edit(&mut self, f: impl FnOnce(&mut Draft)) -> Action {
        f(&mut self.draft);
        self.recheck();
        Action::None
    }

    /// The draft with only the fields its current type has: values typed
    /// for another type stay in the form (switching back restores them) but
    /// are not part of the card.
    fn card_draft(&self) -> Draft {
        let def = games::game(self.catalog.game).def();
        let mut d = self.draft.clone();
        d.fields.retain(|k, _| {
            def.card
                .field(k)
                .is_none_or(|f| f.applies_to(&self.draft.card_type))
        });
        d
    }

    fn recheck(&mut self) {
        (self.problems, self.reading) =
            match check(&self.catalog, &self.card_draft(), self.editing.as_deref()) {
                Ok(card) => (
                    Vec::new(),
                    crate::engine::coverage::read(&card, self.catalog.game),
                ),
                Err(p) => (p, None),
            };
        self.suggest();
    }

    /// The wordings nearest to the first sentence not understood.
    fn suggest(&mut self) {
        let Some(first) = self
            .reading
            .as_ref()
            .and_then(|r| r.not_understood.first().cloned())
        else {
            self.teach.nearest.clear();
            return;
        };
        let catalog = Arc::clone(&self.catalog);
        let known = self
            .teach
            .known
            .get_or_insert_with(|| teach::known_sentences(catalog.game, &catalog.cards));
        self.teach.nearest = teach::nearest(&first, known, 3)
            .into_iter()
            .map(|(s, _)| s)
            .collect();
    }

    fn save(&mut self) -> Action {
        match check(&self.catalog, &self.card_draft(), self.editing.as_deref()) {
            Ok(card) => Action::Save {
                card: Box::new(card),
                editing: self.editing.clone(),
            },
            Err(p) => {
                self.problems = p;
                Action::None
            }
        }
    }

    /// The problems about one key (`None`: about the card as a whole),
    /// in a column that is there, empty, when there are none.
    ///
    /// The slot is always in the tree: iced keeps a widget's state (a text
    /// box's focus and cursor) by its place among its siblings, so a
    /// message that appeared *before* the boxes moved every box one place
    /// down, and the box being typed in lost its focus after its first key
    /// ("Walk Tester" became "W"; issue 25).
    fn problems_slot(&self, key: Option<&str>) -> Element<'_, Message> {
        column(
            self.problems
                .iter()
                .filter(|p| match problem_key(p) {
                    // a key without a box of its own is said at the top
                    Some(k) if key.is_none() => !self.shown_keys().contains(&k),
                    k => k == key,
                })
                .map(|p| {
                    text(self.words(&p.message))
                        .size(12)
                        .style(readable::danger)
                        .into()
                }),
        )
        .spacing(2)
        .into()
    }

    /// The keys the form has a box for, as the draft's type stands.
    fn shown_keys(&self) -> Vec<&str> {
        let def = games::game(self.catalog.game).def();
        let mut keys = vec!["name", "id", "text", "copy_limit", "effects"];
        if def.card.types.len() > 1 {
            keys.push("type");
        }
        if def
            .card
            .cost
            .as_ref()
            .is_some_and(|c| c.applies_to(&self.draft.card_type))
        {
            keys.push("cost");
        }
        keys.extend(
            def.card
                .fields
                .iter()
                .filter(|f| f.applies_to(&self.draft.card_type))
                .map(|f| f.key.as_str()),
        );
        keys
    }

    pub fn view<'a>(&'a self) -> Element<'a, Message> {
        let def = games::game(self.catalog.game).def();
        let title = if self.editing.is_some() {
            format!("Edit \"{}\"", self.draft.name)
        } else {
            "New card".to_string()
        };
        let mut form: Vec<Element<'a, Message>> =
            vec![heading(title).into(), self.problems_slot(None)];
        let mut line = |label: &str, key: &str, input: Element<'a, Message>| {
            let c = column![
                text(label.to_string()).size(13).style(muted),
                input,
                self.problems_slot(Some(key)),
            ]
            .spacing(2);
            form.push(c.into());
        };
        line(
            "Name",
            "name",
            text_input("Card name", &self.draft.name)
                .id(NAME_ID)
                .on_input(Message::Name)
                .into(),
        );
        let id_hint = if self.draft.name.trim().is_empty() {
            "id (default: from the name)".to_string()
        } else {
            crate::model::slug(&self.draft.name)
        };
        line(
            "Id",
            "id",
            text_input(&id_hint, &self.draft.id)
                .on_input(Message::Id)
                .into(),
        );
        if def.card.types.len() > 1 {
            line(
                "Type",
                "type",
                pick_list(
                    def.card.types.clone(),
                    Some(self.draft.card_type.clone()),
                    Message::Type,
                )
                .into(),
            );
        }
        if let Some(cost) = &def.card.cost
            && cost.applies_to(&self.draft.card_type)
        {
            line(
                "Cost",
                "cost",
                text_input(&range_hint(cost), &self.draft.cost)
                    .id(COST_ID)
                    .on_input(Message::Cost)
                    .into(),
            );
        }
        for fd in def
            .card
            .fields
            .iter()
            .filter(|f| f.applies_to(&self.draft.card_type))
        {
            let label = fd.label.clone().unwrap_or_else(|| fd.key.clone());
            let required = fd.required.contains(&self.draft.card_type);
            let label = if required {
                format!("{label} *")
            } else {
                label
            };
            line(&label, &fd.key, self.field_input(fd));
        }
        line(
            "Rules text",
            "text",
            text_editor(&self.rules)
                .id(TEXT_ID)
                .placeholder("Rules text (Enter starts a new line)")
                .height(RULES_HEIGHT)
                .on_action(Message::TextEdit)
                .into(),
        );
        line(
            "Copy limit (overrides the game's)",
            "copy_limit",
            text_input("", &self.draft.copy_limit)
                .on_input(Message::CopyLimit)
                .into(),
        );
        line(
            "Effects (TOML; when set they replace the reading of the text)",
            "effects",
            text_input(
                "[{ on = \"deploy\", draw = 1 }]",
                self.draft.effects_text.as_deref().unwrap_or(""),
            )
            .id("editor-effects")
            .on_input(Message::Effects)
            .into(),
        );
        form.push(self.reading_view());
        if let Some(panel) = self.teach_view() {
            form.push(panel);
        }
        let can_save = self.problems.is_empty();
        let buttons = row![
            button("Save card").on_press_maybe(can_save.then_some(Message::Save)),
            button("Cancel")
                .on_press(Message::Cancel)
                .style(button::secondary),
        ]
        .spacing(10);
        form.push(buttons.into());
        container(scrollable(column(form).spacing(8).padding([0, 12])).id(SCROLL_ID))
            .height(Fill)
            .into()
    }

    /// What the engine makes of the card, live.
    fn reading_view(&self) -> Element<'static, Message> {
        let mut c = column![text("What the engine reads").size(15)].spacing(3);
        let small = |s: String| text(s).size(12);
        match &self.reading {
            None if crate::engine::plugin(self.catalog.game).is_none() => {
                c = c.push(small(
                    "This game has no engine: its cards are checked and printed, not played."
                        .into(),
                ));
            }
            None => {
                c = c.push(small("Fix the problems above to see the reading.".into()).style(muted));
            }
            Some(r) => {
                let (status, style): (&str, fn(&iced::Theme) -> text::Style) = match r.status() {
                    Status::Modelled if !r.has_rules_text => {
                        ("No rules text: plays by its numbers.", readable::success)
                    }
                    Status::Modelled => {
                        ("Modelled: the engine plays all of it.", readable::success)
                    }
                    Status::Partial => (
                        "Partly modelled: some of it is not played.",
                        readable::warning,
                    ),
                    Status::Vanilla => (
                        "Not modelled: it plays by its numbers only.",
                        readable::danger,
                    ),
                };
                c = c.push(small(status.into()).style(style));
                for k in &r.keywords {
                    c = c.push(small(format!("• keyword: {k}")));
                }
                // what it will do, in the renderer's words (never the text
                // typed): a misreading shows as a sentence that differs
                for s in r.says() {
                    c = c.push(small(format!("• {s}")));
                }
                for n in &r.not_understood {
                    c = c.push(small(format!("✗ not understood: \"{n}\"")).style(readable::danger));
                }
                for u in &r.unsupported {
                    c = c.push(small(format!("✗ not played: {u}")).style(readable::danger));
                }
                for o in &r.against_opponent {
                    c = c.push(small(format!("◆ only against an opponent: {o}")).style(muted));
                }
                for f in &r.flavour {
                    c = c.push(small(format!("flavour: \"{f}\"")).style(muted));
                }
                for t in &r.taught {
                    c = c.push(small(format!("read with a taught phrase: {t}")).style(muted));
                }
            }
        }
        container(c)
            .padding(8)
            .style(container::bordered_box)
            .width(Fill)
            .into()
    }

    /// The teach panel: shown while the reading has a sentence it does not
    /// understand, or after a phrase was taught here (for its Undo).
    fn teach_view(&self) -> Option<Element<'static, Message>> {
        let unread: Vec<String> = self
            .reading
            .as_ref()
            .map(|r| r.not_understood.clone())
            .unwrap_or_default();
        if unread.is_empty() && self.teach.last.is_none() && self.teach.note.is_none() {
            return None;
        }
        let small = |s: String| text(s).size(12);
        let game = games::game(self.catalog.game).def().name.clone();
        let mut c = column![text(format!("Teach {game} a phrase")).size(15)].spacing(4);
        if !unread.is_empty() {
            c = c.push(
                small(
                    "Say what a phrase of yours means, in words the reading understands: \
                 every card of the game reads with it."
                        .into(),
                )
                .style(muted),
            );
            for u in &unread {
                c = c.push(
                    button(small(format!("Teach \"{u}\"")))
                        .on_press(Message::TeachPhrase(u.clone()))
                        .style(button::text),
                );
            }
            if !self.teach.nearest.is_empty() {
                c = c.push(small("Nearest wordings it reads:".into()).style(muted));
                for w in &self.teach.nearest {
                    c = c.push(
                        button(small(format!("“{w}”")))
                            .on_press(Message::UseWording(w.clone()))
                            .style(button::text),
                    );
                }
            }
            c = c.push(
                row![
                    text_input("the opposing player", &self.teach.phrase)
                        .id(TEACH_PHRASE_ID)
                        .on_input(Message::TeachPhrase)
                        .size(13),
                    text("means").size(13),
                    text_input("your opponent", &self.teach.means)
                        .id(TEACH_MEANS_ID)
                        .on_input(Message::TeachMeans)
                        .size(13),
                ]
                .spacing(6)
                .align_y(iced::Alignment::Center),
            );
            let ready = !self.teach.phrase.trim().is_empty() && !self.teach.means.trim().is_empty();
            let mut buttons = row![
                button(text("Preview").size(13))
                    .on_press_maybe(ready.then_some(Message::TeachPreview))
                    .style(button::secondary),
            ]
            .spacing(6);
            if self.previewed() {
                buttons = buttons.push(
                    button(text(format!("Teach {game}")).size(13)).on_press(Message::TeachSave),
                );
            }
            c = c.push(buttons);
        }
        if let Some((phrase, means, changed)) = &self.teach.preview {
            if changed.is_empty() {
                c = c.push(small(format!(
                    "\"{phrase}\" as \"{means}\": no card of this catalog reads differently."
                )));
            } else {
                c = c.push(small(format!(
                    "\"{phrase}\" as \"{means}\": {} card{} would read differently:",
                    changed.len(),
                    if changed.len() == 1 { "" } else { "s" }
                )));
                for ch in changed.iter().take(12) {
                    let status = match ch.after {
                        Status::Modelled => "modelled",
                        Status::Partial => "partly modelled",
                        Status::Vanilla => "not modelled",
                    };
                    c = c.push(small(format!("• {} — {status}", ch.name)));
                    for s in &ch.says_after {
                        c = c.push(small(format!("    {s}")).style(muted));
                    }
                }
                if changed.len() > 12 {
                    c = c.push(small(format!("… and {} more", changed.len() - 12)).style(muted));
                }
            }
        }
        if let Some(note) = &self.teach.note {
            c = c.push(small(note.clone()));
        }
        if self.teach.last.is_some() {
            c = c.push(
                button(text("Undo").size(13))
                    .on_press(Message::TeachUndo)
                    .style(button::secondary),
            );
        }
        Some(
            container(c)
                .padding(8)
                .style(container::bordered_box)
                .width(Fill)
                .into(),
        )
    }

    fn field_input(&self, fd: &FieldDef) -> Element<'static, Message> {
        let value = self.draft.field(&fd.key).to_string();
        let key = fd.key.clone();
        match fd.kind {
            FieldKind::Bool => checkbox(value == "true")
                .on_toggle(move |on| Message::Flag(key.clone(), on))
                .into(),
            FieldKind::Enum => {
                let mut picks: Vec<Pick<String>> = vec![Pick::none("(none)")];
                picks.extend(
                    fd.values_for(&self.draft.card_type)
                        .iter()
                        .map(|v| Pick::some(v.clone(), v.clone())),
                );
                let current = picks
                    .iter()
                    .find(|p| p.value.as_deref().unwrap_or("") == value)
                    .cloned();
                pick_list(picks, current, move |p: Pick<String>| {
                    Message::Field(key.clone(), p.value.unwrap_or_default())
                })
                .into()
            }
            _ => {
                let hint = match fd.kind {
                    FieldKind::Int => range_hint(fd),
                    FieldKind::EnumList => fd.values_for(&self.draft.card_type).join(", "),
                    FieldKind::TextList => "comma-separated".into(),
                    FieldKind::Table => "{ key = 1 }".into(),
                    FieldKind::TableList => "[{ key = 1 }, { key = 2 }]".into(),
                    _ => String::new(),
                };
                text_input(&hint, &value)
                    .on_input(move |v| Message::Field(key.clone(), v))
                    .into()
            }
        }
    }
}

/// The rules text box's height: about five lines, so a card's usual text
/// shows whole (it scrolls beyond).
const RULES_HEIGHT: f32 = 110.0;

/// The key a problem is about: its own, or the key a "missing key `x`"
/// message names (the loader reports those about the card as a whole), so
/// that "HP is required" sits under the HP box.
fn problem_key(p: &Problem) -> Option<&str> {
    p.key.as_deref().or_else(|| {
        let rest = &p.message[p.message.find("missing key `")? + "missing key `".len()..];
        Some(&rest[..rest.find('`')?])
    })
}

fn range_hint(fd: &FieldDef) -> String {
    match (fd.min, fd.max) {
        (Some(a), Some(b)) => format!("{a} to {b}"),
        _ => "a whole number".into(),
    }
}

/// A catalog loader's message ("key `cost` must be an integer, not a
/// string") in the editor's words ("Cost must be a whole number"): the
/// field's label for the key, and kinds of value said as a person would.
/// Messages of other shapes keep their words, with the key's label.
pub fn in_words(message: &str, label: impl Fn(&str) -> String) -> String {
    let field = |path: &str| {
        let mut parts = path.split('.');
        let first = label(parts.next().unwrap_or(path));
        parts.fold(first, |l, sub| format!("{l} → {sub}"))
    };
    if let Some(at) = message.find("missing key `") {
        let rest = &message[at + "missing key `".len()..];
        if let Some(end) = rest.find('`') {
            let more = rest[end + 1..].trim();
            let more = more
                .strip_prefix('(')
                .and_then(|m| m.strip_suffix(')'))
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            return capitalised(&format!("{} is required{more}", field(&rest[..end])));
        }
    }
    let Some(rest) = message.strip_prefix("key `") else {
        return capitalised(&quoted(message));
    };
    let Some(end) = rest.find('`') else {
        return capitalised(&quoted(message));
    };
    let name = field(&rest[..end]);
    let rest = &rest[end + 1..];
    let said = if let Some(kinds) = rest.strip_prefix(" must be ") {
        match kinds.split_once(", not ") {
            Some((want, _got)) => format!("{name} must be {}", kind_in_words(want)),
            None => format!("{name} must be {kinds}"),
        }
    } else if let Some(range) = rest
        .strip_prefix(" = ")
        .and_then(|r| r.split_once(" is out of range ("))
    {
        format!("{name} must be from {}", range.1.trim_end_matches(')'))
    } else if rest == ": integer too large" {
        format!("{name} is too large a number")
    } else if rest == " must not be empty" {
        format!("{name} cannot be empty")
    } else if let Some(after) = rest.strip_prefix(": ") {
        format!("{name}: {}", quoted(after))
    } else {
        format!("{name}{}", quoted(rest))
    };
    capitalised(&said)
}

/// A kind of TOML value as the form asks for it.
fn kind_in_words(kind: &str) -> &str {
    match kind {
        "an integer" => "a whole number",
        "a string" => "text",
        "true or false" => "yes or no",
        "a list of strings" => "a list separated by commas",
        "a table" => "a value like { key = 1 }",
        "a list of tables" => "a list like [{ key = 1 }, { key = 2 }]",
        other => other,
    }
}

/// `x` written as "x".
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut open = true;
    for c in s.chars() {
        if c == '`' {
            out.push(if open { '“' } else { '”' });
            open = !open;
        } else {
            out.push(c);
        }
    }
    out
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(key: &str) -> String {
        match key {
            "cost" => "Cost".into(),
            "atk" => "Attack".into(),
            "condition" => "Condition".into(),
            k => k.to_string(),
        }
    }

    #[test]
    fn loader_messages_in_the_forms_words() {
        let cases = [
            (
                "key `cost` must be an integer, not a string",
                "Cost must be a whole number",
            ),
            (
                "key `atk` = 9 is out of range (0 to 5)",
                "Attack must be from 0 to 5",
            ),
            (
                "key `atk`: integer too large",
                "Attack is too large a number",
            ),
            ("hero card is missing key `hp`", "Hp is required"),
            (
                "key `rarity`: `Mythic` is not one of: common, rare",
                "Rarity: “Mythic” is not one of: common, rare",
            ),
            (
                "key `condition.lakez`: unknown key",
                "Condition → lakez: unknown key",
            ),
            (
                "key `relic` does not apply to hero cards (only to: spell)",
                "Relic does not apply to hero cards (only to: spell)",
            ),
            (
                "key `copy_limit` must be between 0 and 99",
                "Copy_limit must be between 0 and 99",
            ),
            (
                "not a TOML value (x); write it like { key = 1 }",
                "Not a TOML value (x); write it like { key = 1 }",
            ),
        ];
        for (loader, form) in cases {
            assert_eq!(in_words(loader, label), form, "{loader}");
        }
    }

    #[test]
    fn the_editor_speaks_of_its_fields_and_knows_an_edit_in_progress() {
        let game: crate::model::GameId = "fuzzycards".parse().unwrap();
        let catalog = Arc::new(Catalog::new(game, "T"));
        let mut e = Editor::new(Arc::clone(&catalog), None);
        assert!(!e.is_dirty());
        e.update(Message::Name("Tide Pup".into()));
        assert!(e.is_dirty());
        e.update(Message::Cost("three".into()));
        let messages = e.messages();
        assert!(
            messages.contains(&(Some("cost"), "Cost must be a whole number".to_string())),
            "{messages:?}"
        );
        // no message names a key the way a catalog file does
        assert!(
            messages.iter().all(|(_, m)| !m.contains("key `")),
            "{messages:?}"
        );
        e.update(Message::Name(String::new()));
        e.update(Message::Cost(String::new()));
        assert!(!e.is_dirty(), "back as it was opened");
    }
}
