//! [`Position`]: the cards on the table, how a move changes them, its
//! [`Status`], its one-line text form ([`line`]) and its legal moves.

use crate::engine::card::{Card, Rank, Suit};
use crate::engine::deal::Deal;
use crate::engine::moves::{Move, MoveError, PileId};
use crate::engine::rules::{PassLimit, Rules};

mod line;
pub use line::{LinePart, PositionParseError};

/// One tableau pile: face-down cards under face-up cards, both bottom first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pile {
    hidden: Vec<Card>,
    face_up: Vec<Card>,
}

impl Pile {
    /// The face-down cards, bottom first (never shown to the player).
    pub fn hidden(&self) -> &[Card] {
        &self.hidden
    }

    /// The face-up cards, bottom first; the last is the top card.
    pub fn face_up(&self) -> &[Card] {
        &self.face_up
    }

    /// The top card, if the pile has any.
    pub fn top(&self) -> Option<Card> {
        self.face_up.last().copied()
    }

    /// True when the pile holds no card at all.
    pub fn is_empty(&self) -> bool {
        self.hidden.is_empty() && self.face_up.is_empty()
    }

    /// Whether `card` (leading whatever is on it) may be placed on this pile:
    /// one lower and of the other colour than the top card, or a king on an
    /// empty pile.
    ///
    /// # Errors
    /// [`MoveError::OnlyKingOnEmpty`] or [`MoveError::DoesNotBuild`]; `pile`
    /// is only used for the message.
    pub fn accepts(&self, card: Card, pile: PileId) -> Result<(), MoveError> {
        match self.top() {
            None if self.hidden.is_empty() => {
                if card.rank() == Rank::KING {
                    Ok(())
                } else {
                    Err(MoveError::OnlyKingOnEmpty { card, pile })
                }
            }
            // A pile with face-down cards and none face up does not occur: the
            // top card is always turned up. Treat it as closed.
            None => Err(MoveError::PileEmpty { pile }),
            Some(top) if card.builds_on(top) => Ok(()),
            Some(top) => Err(MoveError::DoesNotBuild { card, pile, top }),
        }
    }

    fn turn_up_top(&mut self) -> Option<Card> {
        if self.face_up.is_empty() {
            let card = self.hidden.pop()?;
            self.face_up.push(card);
            Some(card)
        } else {
            None
        }
    }
}

/// The cards on the table: seven tableau piles, stock, waste, foundations,
/// and the pass through the stock now under way. Compares equal exactly
/// when every card is in the same place.
///
/// # The line form
///
/// `Display` and `FromStr` give a position a one-line text form that shows
/// every card, face down or not (for tests and bug reports, not for the
/// player's eyes). Five parts separated by `;`, each starting with its name:
///
/// ```text
/// tableau 5C 2D | KS QH / | AH / - / - / - / - / 3S | 8D ; stock 4D JC * ; waste 9S 3H ; foundations 2C - - - ; pass 2
/// ```
///
/// - `tableau`: the seven piles, pile 1 first, separated by `/`. A pile is
///   its face-down cards, `|`, then its face-up cards, each bottom first
///   (`5C 2D | KS QH`: the queen of hearts is the top card); `| AH` has no
///   face-down card; `-` is an empty pile.
/// - `stock`: the stock, the next card drawn FIRST (as in the deal format),
///   or `-` when empty. When read, a last `*` stands for every card named
///   nowhere else, in [`Card::deck`] order (a short way to write a position
///   where only a few cards matter, as [`Position::with_rest_in_stock`]);
///   it is never written.
/// - `waste`: the waste, bottom first, the playable top card LAST, or `-`.
///   (A draw moves cards from the front of `stock` to the end of `waste`.)
/// - `foundations`: the top cards of the clubs, diamonds, hearts and
///   spades foundations, in that order, `-` for an empty one.
/// - `pass`: the pass through the stock, from 1.
///
/// Card codes are read as [`Card`]'s `FromStr` reads them (`TH`, `th` and
/// `10h` alike; `TH` is written), names of parts in any case, and any
/// whitespace may surround words and separators. Writing and reading are
/// inverse: every position reads back equal to itself. Reading never
/// panics; what is wrong is a [`PositionParseError`].
///
/// ```
/// use klondike::engine::game::Position;
///
/// let line = "tableau | KS / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH QS ; pass 1";
/// let position: Position = line.parse().unwrap();
/// assert_eq!(position.foundation_count(), 51);
/// assert_eq!(position.to_string(), line);
/// let wrong = "tableau | KS / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH JS ; pass 1";
/// assert_eq!(wrong.parse::<Position>().unwrap_err().to_string(), "the queen of spades is missing");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    tableau: [Pile; 7],
    /// The stock with its top (the next card drawn) LAST.
    stock: Vec<Card>,
    /// The waste, bottom first, top last.
    waste: Vec<Card>,
    /// Cards on each foundation, 0..=13, indexed by [`Suit::index`].
    foundations: [u8; 4],
    /// The pass through the stock, from 1.
    pass: u32,
}

/// Where a card is, as far as a player can see: [`Position::locate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardPlace {
    /// Face up on tableau pile `pile`, `from_top` cards from its top (0:
    /// the top card); `face_up` is how many face-up cards the pile has.
    Tableau { pile: PileId, from_top: usize, face_up: usize },
    /// In the waste, `from_top` cards under its top (0: the top card, the
    /// only one that can be played).
    Waste { from_top: usize },
    /// On its foundation; `top` when it is the foundation's top card.
    Foundation { top: bool },
    /// Face down on the tableau or in the stock: hidden from the player, so
    /// the two are not told apart.
    Hidden,
}

/// What a move did besides moving the cards it names, for undo and for
/// telling the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move that was played.
    pub mv: Move,
    /// The face-down card that the move turned up, if any.
    pub turned_up: Option<Card>,
    /// For a draw: how many cards went from the stock to the waste (1..=3).
    pub drawn: usize,
    /// For a move to a foundation: the card that went up.
    pub foundation_card: Option<Card>,
}

impl Position {
    /// The opening position of a deal: piles dealt 1..7 with the top card
    /// face up, 24 cards in the stock, empty waste and foundations, pass 1.
    pub fn new(deal: &Deal) -> Position {
        let tableau = PileId::ALL.map(|i| {
            let cards = deal.tableau_pile(i);
            let (hidden, up) = cards.split_at(cards.len().saturating_sub(1));
            Pile { hidden: hidden.to_vec(), face_up: up.to_vec() }
        });
        let mut stock = deal.stock().to_vec();
        stock.reverse();
        Position { tableau, stock, waste: Vec::new(), foundations: [0; 4], pass: 1 }
    }

    /// A position from its parts, checked: `piles` are (face-down, face-up)
    /// cards bottom first, `stock` is given top (next drawn) FIRST as in the
    /// deal format, `waste` bottom first, `foundations` the number of cards
    /// (0..=13) on each foundation in [`Suit::ALL`] order, `pass` from 1.
    ///
    /// # Errors
    /// [`SetupError`] when the cards are not exactly the 52 (counting the
    /// foundations' cards), a foundation is over 13, a pile has face-down
    /// cards but none face up, a face-up pile is not one build, or `pass` is 0.
    pub fn from_parts(
        piles: [(Vec<Card>, Vec<Card>); 7],
        stock: Vec<Card>,
        waste: Vec<Card>,
        foundations: [u8; 4],
        pass: u32,
    ) -> Result<Position, SetupError> {
        if pass == 0 {
            return Err(SetupError::PassZero);
        }
        let mut seen = [false; 52];
        let mut mark = |card: Card| -> Result<(), SetupError> {
            if std::mem::replace(&mut seen[card.index()], true) {
                Err(SetupError::Duplicate(card))
            } else {
                Ok(())
            }
        };
        for (i, &n) in foundations.iter().enumerate() {
            if n > 13 {
                return Err(SetupError::FoundationOver13(Suit::ALL[i]));
            }
            for r in 1..=n {
                mark(Card::new(Rank::new(r).ok_or(SetupError::FoundationOver13(Suit::ALL[i]))?, Suit::ALL[i]))?;
            }
        }
        for (pile, (hidden, up)) in PileId::ALL.into_iter().zip(&piles) {
            if up.is_empty() && !hidden.is_empty() {
                return Err(SetupError::FaceDownOnTop { pile });
            }
            if up.windows(2).any(|w| !w[1].builds_on(w[0])) {
                return Err(SetupError::NotABuild { pile });
            }
            for &c in hidden.iter().chain(up) {
                mark(c)?;
            }
        }
        for &c in stock.iter().chain(&waste) {
            mark(c)?;
        }
        if let Some(i) = seen.iter().position(|&s| !s) {
            return Err(SetupError::Missing(Card::from_index(i).unwrap_or(Card::new(Rank::ACE, Suit::Clubs))));
        }
        let tableau = piles.map(|(hidden, face_up)| Pile { hidden, face_up });
        let mut stock = stock;
        stock.reverse();
        Ok(Position { tableau, stock, waste, foundations, pass })
    }

    /// Like [`Position::from_parts`], but every card named nowhere goes to
    /// the stock, under the `stock_top` cards (given top first), in
    /// [`Card::deck`] order: a short way to set up a position where only a
    /// few cards matter (tests, puzzles).
    ///
    /// # Errors
    /// As [`Position::from_parts`].
    pub fn with_rest_in_stock(
        piles: [(Vec<Card>, Vec<Card>); 7],
        stock_top: Vec<Card>,
        waste: Vec<Card>,
        foundations: [u8; 4],
        pass: u32,
    ) -> Result<Position, SetupError> {
        let mut named = [false; 52];
        let mut mark = |c: &Card| named[c.index()] = true;
        stock_top.iter().chain(&waste).for_each(&mut mark);
        piles.iter().flat_map(|(h, u)| h.iter().chain(u)).for_each(&mut mark);
        for (i, &n) in foundations.iter().enumerate() {
            for r in 1..=n.min(13) {
                if let Some(rank) = Rank::new(r) {
                    mark(&Card::new(rank, Suit::ALL[i]));
                }
            }
        }
        let mut stock = stock_top;
        stock.extend(Card::deck().filter(|c| !named[c.index()]));
        Position::from_parts(piles, stock, waste, foundations, pass)
    }

    /// Where `card` is, told as a player sees the table: a face-down card
    /// and a card in the stock are both [`CardPlace::Hidden`].
    pub fn locate(&self, card: Card) -> CardPlace {
        if self.foundation(card.suit()) >= card.rank().value() {
            return CardPlace::Foundation { top: self.foundation(card.suit()) == card.rank().value() };
        }
        if let Some(i) = self.waste.iter().rposition(|&c| c == card) {
            return CardPlace::Waste { from_top: self.waste.len() - 1 - i };
        }
        for (pile, p) in PileId::ALL.into_iter().zip(&self.tableau) {
            if let Some(i) = p.face_up.iter().position(|&c| c == card) {
                return CardPlace::Tableau { pile, from_top: p.face_up.len() - 1 - i, face_up: p.face_up.len() };
            }
        }
        CardPlace::Hidden
    }

    /// The cards of tableau pile `pile` (a [`PileId`] is always one of the
    /// seven, so this cannot fail).
    pub fn pile(&self, pile: PileId) -> &Pile {
        &self.tableau[pile.index()]
    }

    /// The cards of tableau pile `pile`, to change them (private: only the
    /// rules move cards).
    fn pile_mut(&mut self, pile: PileId) -> &mut Pile {
        &mut self.tableau[pile.index()]
    }

    /// The seven tableau piles, pile 1 first.
    pub fn tableau(&self) -> &[Pile; 7] {
        &self.tableau
    }

    /// Cards in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The stock, top (next drawn) LAST. Hidden from the player.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// The waste, bottom first, top last.
    pub fn waste(&self) -> &[Card] {
        &self.waste
    }

    /// The number of cards (0..=13) on the foundation of `suit`.
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    /// The top card of the foundation of `suit`, if any.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        Rank::new(self.foundation(suit)).map(|r| Card::new(r, suit))
    }

    /// The pass through the stock now under way, from 1.
    pub fn pass(&self) -> u32 {
        self.pass
    }

    /// Face-down cards on the tableau, 0..=21.
    pub fn hidden_count(&self) -> usize {
        self.tableau.iter().map(|p| p.hidden.len()).sum()
    }

    /// Cards on the foundations, 0..=52.
    pub fn foundation_count(&self) -> usize {
        self.foundations.iter().map(|&n| usize::from(n)).sum()
    }

    /// True when all 52 cards are on the foundations.
    pub fn is_won(&self) -> bool {
        self.foundations == [13; 4]
    }

    fn fits_foundation(&self, card: Card) -> Result<(), MoveError> {
        if self.foundation(card.suit()) + 1 == card.rank().value() {
            Ok(())
        } else {
            Err(MoveError::NotNextOnFoundation { card, foundation_top: self.foundation_top(card.suit()) })
        }
    }

    /// Checks `mv` against the rules without playing it.
    ///
    /// # Errors
    /// The [`MoveError`] that names the card and the rule that forbids it.
    pub fn check(&self, mv: Move, rules: &Rules) -> Result<(), MoveError> {
        match mv {
            Move::Draw => {
                if !self.stock.is_empty() {
                    Ok(())
                } else if self.waste.is_empty() {
                    Err(MoveError::StockAndWasteEmpty)
                } else {
                    Err(MoveError::StockEmpty)
                }
            }
            Move::Redeal => {
                if !self.stock.is_empty() {
                    return Err(MoveError::StockNotEmpty { cards: self.stock.len() });
                }
                if self.waste.is_empty() {
                    return Err(MoveError::StockAndWasteEmpty);
                }
                match rules.passes {
                    PassLimit::Limited(n) if self.pass >= n => Err(MoveError::NoRedealLeft { passes: n }),
                    _ => Ok(()),
                }
            }
            Move::WasteToTableau { to } => {
                let card = *self.waste.last().ok_or(MoveError::WasteEmpty)?;
                self.pile(to).accepts(card, to)
            }
            Move::WasteToFoundation => {
                let card = *self.waste.last().ok_or(MoveError::WasteEmpty)?;
                self.fits_foundation(card)
            }
            Move::TableauToTableau { from, to, count } => {
                if count == 0 || count > 13 {
                    return Err(MoveError::BadCount { count });
                }
                if from == to {
                    return Err(MoveError::SamePile { pile: from });
                }
                let up = &self.pile(from).face_up;
                if up.is_empty() {
                    return Err(MoveError::PileEmpty { pile: from });
                }
                if count > up.len() {
                    return Err(MoveError::NotEnoughFaceUp { pile: from, count, face_up: up.len() });
                }
                self.pile(to).accepts(up[up.len() - count], to)
            }
            Move::TableauToFoundation { from } => {
                let card = self.pile(from).top().ok_or(MoveError::PileEmpty { pile: from })?;
                self.fits_foundation(card)
            }
            Move::FoundationToTableau { suit, to } => {
                // The rule first: with it off, no foundation card ever
                // comes down, empty or not.
                if !rules.foundation_to_tableau {
                    return Err(match self.foundation_top(suit) {
                        Some(card) => MoveError::FoundationToTableauOff { card, pile: to },
                        None => MoveError::FoundationMovesOff { suit, pile: to },
                    });
                }
                let card = self.foundation_top(suit).ok_or(MoveError::FoundationEmpty { suit })?;
                self.pile(to).accepts(card, to)
            }
        }
    }

    /// The only count of face-up cards of pile `from` that may move onto
    /// pile `to` (the face-up cards form one build, so at most one count fits).
    ///
    /// # Errors
    /// [`MoveError`] when the piles are the same, `from` is empty, or no
    /// count fits (naming the cards and the destination).
    pub fn tableau_count(&self, from: PileId, to: PileId) -> Result<usize, MoveError> {
        if from == to {
            return Err(MoveError::SamePile { pile: from });
        }
        let up = &self.pile(from).face_up;
        if up.is_empty() {
            return Err(MoveError::PileEmpty { pile: from });
        }
        let dest = self.pile(to);
        (1..=up.len()).find(|&k| dest.accepts(up[up.len() - k], to).is_ok()).ok_or(MoveError::NoBuildFits {
            from,
            to,
            bottom: up[0],
            top: up[up.len() - 1],
            onto: dest.top(),
        })
    }

    /// Plays `mv` if the rules allow it; on error the position is unchanged.
    ///
    /// # Errors
    /// As [`Position::check`].
    pub fn play(&mut self, mv: Move, rules: &Rules) -> Result<Played, MoveError> {
        self.check(mv, rules)?;
        let mut played = Played { mv, turned_up: None, drawn: 0, foundation_card: None };
        match mv {
            Move::Draw => {
                let n = rules.draw.cards().min(self.stock.len());
                for _ in 0..n {
                    if let Some(card) = self.stock.pop() {
                        self.waste.push(card);
                    }
                }
                played.drawn = n;
            }
            Move::Redeal => {
                self.stock = std::mem::take(&mut self.waste);
                self.stock.reverse();
                self.pass += 1;
            }
            Move::WasteToTableau { to } => {
                if let Some(card) = self.waste.pop() {
                    self.pile_mut(to).face_up.push(card);
                }
            }
            Move::WasteToFoundation => {
                if let Some(card) = self.waste.pop() {
                    self.foundations[card.suit().index()] += 1;
                    played.foundation_card = Some(card);
                }
            }
            Move::TableauToTableau { from, to, count } => {
                let up = &mut self.pile_mut(from).face_up;
                let moved = up.split_off(up.len() - count);
                self.pile_mut(to).face_up.extend(moved);
                played.turned_up = self.pile_mut(from).turn_up_top();
            }
            Move::TableauToFoundation { from } => {
                if let Some(card) = self.pile_mut(from).face_up.pop() {
                    self.foundations[card.suit().index()] += 1;
                    played.foundation_card = Some(card);
                }
                played.turned_up = self.pile_mut(from).turn_up_top();
            }
            Move::FoundationToTableau { suit, to } => {
                if let Some(card) = self.foundation_top(suit) {
                    self.foundations[suit.index()] -= 1;
                    self.pile_mut(to).face_up.push(card);
                }
            }
        }
        Ok(played)
    }

    /// Takes back a move that [`Position::play`] returned, restoring the
    /// position exactly as it was before it. `played` must be the last move
    /// played on this position.
    pub fn unplay(&mut self, played: &Played) {
        let hide = |pile: &mut Pile| {
            if played.turned_up.is_some() {
                if let Some(card) = pile.face_up.pop() {
                    pile.hidden.push(card);
                }
            }
        };
        match played.mv {
            Move::Draw => {
                for _ in 0..played.drawn {
                    if let Some(card) = self.waste.pop() {
                        self.stock.push(card);
                    }
                }
            }
            Move::Redeal => {
                self.waste = std::mem::take(&mut self.stock);
                self.waste.reverse();
                self.pass -= 1;
            }
            Move::WasteToTableau { to } => {
                if let Some(card) = self.pile_mut(to).face_up.pop() {
                    self.waste.push(card);
                }
            }
            Move::WasteToFoundation => {
                if let Some(card) = played.foundation_card {
                    self.foundations[card.suit().index()] -= 1;
                    self.waste.push(card);
                }
            }
            Move::TableauToTableau { from, to, count } => {
                hide(self.pile_mut(from));
                let up = &mut self.pile_mut(to).face_up;
                let moved = up.split_off(up.len() - count);
                self.pile_mut(from).face_up.extend(moved);
            }
            Move::TableauToFoundation { from } => {
                hide(self.pile_mut(from));
                if let Some(card) = played.foundation_card {
                    self.foundations[card.suit().index()] -= 1;
                    self.pile_mut(from).face_up.push(card);
                }
            }
            Move::FoundationToTableau { suit, to } => {
                if self.pile_mut(to).face_up.pop().is_some() {
                    self.foundations[suit.index()] += 1;
                }
            }
        }
    }
}

/// Why [`Position::from_parts`] refused its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A card appears twice.
    #[error("the {} appears twice", .0.name())]
    Duplicate(Card),
    /// A card appears nowhere.
    #[error("the {} is missing", .0.name())]
    Missing(Card),
    /// A foundation holds more than 13 cards.
    #[error("the {} foundation has more than 13 cards", .0.name())]
    FoundationOver13(Suit),
    /// Pile `pile` has face-down cards but no face-up card.
    #[error("pile {pile} has face-down cards but none face up")]
    FaceDownOnTop { pile: PileId },
    /// Pile `pile`'s face-up cards do not go down in alternating colours.
    #[error("the face-up cards of pile {pile} are not one build")]
    NotABuild { pile: PileId },
    /// Passes count from 1.
    #[error("passes count from 1")]
    PassZero,
}

/// Whether the game can go on (SPEC.md, "Stuck"). In JSON, `playing`,
/// `won` or `stuck` (the same words as [`Status::as_str`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Moves that make progress are still possible (or every card is face up
    /// on the table and the game can be finished).
    Playing,
    /// All 52 cards are on the foundations.
    Won,
    /// No sequence of legal moves can turn up a face-down card or take a card
    /// out of the stock and waste: the game can never be won.
    Stuck,
}

impl Status {
    /// `playing`, `won` or `stuck`, as in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Stuck => "stuck",
        }
    }
}

/// Every legal move in `position` under `rules`: a draw or a redeal, waste
/// moves, each tableau-to-tableau move with its one fitting count, tableau
/// and foundation moves. A move is legal exactly when it is listed here.
pub fn legal_moves(position: &Position, rules: &Rules) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut push = |mv: Move| {
        if position.check(mv, rules).is_ok() {
            moves.push(mv);
        }
    };
    push(Move::Draw);
    push(Move::Redeal);
    push(Move::WasteToFoundation);
    for to in PileId::ALL {
        push(Move::WasteToTableau { to });
    }
    for from in PileId::ALL {
        push(Move::TableauToFoundation { from });
    }
    for from in PileId::ALL {
        for to in PileId::ALL {
            if let Ok(count) = position.tableau_count(from, to) {
                push(Move::TableauToTableau { from, to, count });
            }
        }
    }
    if rules.foundation_to_tableau {
        for suit in Suit::ALL {
            for to in PileId::ALL {
                push(Move::FoundationToTableau { suit, to });
            }
        }
    }
    moves
}
