//! The column picture: the classic solitaire layout for a sighted player at
//! a terminal, each tableau pile drawn downwards in its own column.
//!
//! ```text
//! Game 1: draw 1, passes unlimited, foundation-to-tableau off
//! Pass 1, 0 moves
//! Stock 24   Waste --              C --  D --  H --  S --
//!
//!  1    2    3    4    5    6    7
//! QH   ##   ##   ##   ##   ##   ##
//!      TS   ##   ##   ##   ##   ##
//!           5C   ##   ##   ##   ##
//!                4C   ##   ##   ##
//!                     3C   ##   ##
//!                          AH   ##
//!                               AS
//! ```
//! `##` is a face-down card, `--` an empty waste, foundation or pile. A
//! card the last move changed is followed by `*` (and, in colour, is also
//! bold), so marking never rests on colour alone. The foundations always
//! start at the same column, however the stock and waste change, and the
//! whole picture fits 80 columns (the won and stuck sentences are wrapped).
//!
//! This layout is for the eye only: [`super::table`] and [`super::list`]
//! stay the layouts that read line by line.

use std::fmt::Write;

use anstyle::{AnsiColor, Style};

use crate::app::flow::Lost;
use crate::app::render::rows::{empty_stock_note, way_on, STUCK_MESSAGE};
use crate::app::render::words::{count, CardNames, CardStyle};
use crate::engine::card::{Card, Colour, Suit};
use crate::engine::game::{Game, Status};
use crate::engine::rules::PassLimit;
use crate::engine::scoring::ScoreNow;

/// The widest line the picture writes, in terminal columns.
pub const MAX_WIDTH: usize = 80;

/// The column (from 0) where the foundations start on the third line.
const FOUNDATIONS_AT: usize = 33;
/// The narrowest terminal the picture fits with no line of it broken: its
/// third line with a marked ten on the last foundation (`♠ 10♠*`). The
/// title, the status and the sentences are wrapped at spaces.
pub const NARROWEST: usize = FOUNDATIONS_AT + 4 * 7 - 1;
/// The width of `Stock N`, padded so that the waste never moves either.
const STOCK_WIDTH: usize = 8;
/// Columns from one tableau pile to the next: a 2-column card, its 1-column
/// mark slot and 2 spaces.
const COLUMN_WIDTH: usize = 5;

/// What the column picture shows besides the game.
#[derive(Clone, Copy, Debug)]
pub struct ColumnsView<'a> {
    /// Names the deal: "Game 1" or "Custom deal".
    pub title: &'a str,
    /// Extra text for the end of the second line, such as "Score 30   Time
    /// 3:12"; may be empty. Plain text (no escape sequences).
    pub status: &'a str,
    /// How cards are written (short codes with letters or suit symbols,
    /// colour or not). Cards are always short codes here: a style in words
    /// is drawn as short codes with the same suits and colour.
    pub style: &'a CardStyle,
    /// The scoring in force and the score now (for the empty stock's note
    /// on what a redeal costs).
    pub score: ScoreNow,
    /// Cards the last move changed (moved, turned up, drawn): each is
    /// marked, wherever it shows (tableau, waste or foundation).
    pub marked: &'a [Card],
    /// Where a stuck game was lost, for the way on it is told.
    pub lost: Lost,
}

/// The column picture of `game`: several lines, each ending in a newline,
/// with no trailing spaces.
///
/// 1. the title and the rules, as in [`super::table`];
/// 2. the pass (`Pass 2` or `Pass 2 of 3`), the moves made, then
///    `view.status` after three spaces when it is not empty;
/// 3. the stock's card count, the waste's top card (its top three in
///    draw-3, the top one last), and each foundation's top card;
/// 4. when the stock is empty, what `d` does then, in brackets;
/// 5. a blank line, the pile numbers, and one row per card depth.
///
/// The won or stuck sentence of [`super::table`] follows when it applies.
/// Every line fits [`MAX_WIDTH`] columns (counting a suit symbol as one
/// column and no escape sequence); a title or status line too long for it is
/// wrapped at spaces.
pub fn columns(game: &Game, view: &ColumnsView) -> String {
    let pos = game.position();
    let rules = game.rules();
    let style = CardStyle { names: CardNames::Short, ..*view.style };
    let marked = |card: Card| view.marked.contains(&card);
    let mut lines: Vec<String> = Vec::new();

    lines.extend(wrap(&format!("{}: {rules}", view.title), MAX_WIDTH));
    let pass = match rules.passes {
        PassLimit::Unlimited => format!("Pass {}", pos.pass()),
        PassLimit::Limited(n) => format!("Pass {} of {n}", pos.pass()),
    };
    let mut second = format!("{pass}, {}", count(game.moves_made(), "move"));
    if !view.status.is_empty() {
        let _ = write!(second, "   {}", view.status);
    }
    lines.extend(wrap(&second, MAX_WIDTH));

    let stock = match pos.stock_len() {
        0 => "Stock --".to_string(),
        n => format!("Stock {n}"),
    };
    let waste = pos.waste();
    // The top card in draw-1, up to three in draw-3.
    let fan: Vec<String> = waste[waste.len().saturating_sub(rules.draw.cards())..]
        .iter()
        .map(|&c| format!("{}{}", paint(&style, c, marked(c)), if marked(c) { "*" } else { "" }))
        .collect();
    let fan = if fan.is_empty() { "--".to_string() } else { fan.join(" ") };
    let mut third = pad(&stock, STOCK_WIDTH);
    let _ = write!(third, "   Waste {fan}");
    // At least two spaces before the foundations, should the waste ever be wider.
    third = pad(&third, FOUNDATIONS_AT.max(visible_width(&third) + 2));
    for suit in Suit::ALL {
        let top = match pos.foundation_top(suit) {
            Some(c) => cell(&style, c, marked(c)),
            None => "-- ".to_string(),
        };
        // Four columns a card, a ten (`10♣*`) as wide as any other, so
        // that the foundations never move.
        let _ = write!(third, "{} {} ", style.suit(suit), pad(&top, 4));
    }
    lines.push(third);
    if pos.stock_len() == 0 {
        lines.extend(wrap(&format!("({})", empty_stock_note(pos, rules, view.score)), MAX_WIDTH));
    }

    lines.push(String::new());
    lines.push((1..=7).map(|n| format!("{n:>2}{:1$}", "", COLUMN_WIDTH - 2)).collect());
    let tableau = pos.tableau();
    let depth = tableau.iter().map(|p| p.hidden().len() + p.face_up().len()).max().unwrap_or(0).max(1);
    for row in 0..depth {
        let mut line = String::new();
        for pile in tableau {
            let hidden = pile.hidden().len();
            let card = if row < hidden {
                format!("{} ", style.face_down())
            } else if let Some(&c) = pile.face_up().get(row - hidden) {
                cell(&style, c, marked(c))
            } else if row == 0 {
                "-- ".to_string()
            } else {
                "   ".to_string()
            };
            // A ten (`10♠`) is a column wider than other cards: padded
            // by what shows, so that the columns stay put.
            line.push_str(&pad(&card, COLUMN_WIDTH));
        }
        lines.push(line);
    }

    let moves = game.moves_made();
    match game.status() {
        Status::Won => lines.extend(wrap(
            &format!("You won: all 52 cards are on the foundations, in {}.", count(moves, "move")),
            MAX_WIDTH,
        )),
        Status::Stuck => {
            lines.extend(wrap(&format!("{STUCK_MESSAGE} {}", way_on(view.lost)), MAX_WIDTH));
        }
        Status::Playing => {}
    }

    let mut out = String::new();
    for line in &lines {
        out.push_str(line.trim_end_matches(' '));
        out.push('\n');
    }
    out
}

/// A card in its 3-column tableau or foundation cell: the 2-column code and
/// the mark slot (`*` when marked, else a space).
fn cell(style: &CardStyle, card: Card, marked: bool) -> String {
    format!("{}{}", paint(style, card, marked), if marked { '*' } else { ' ' })
}

/// The short code of `card` in `style`; bold as well when marked and
/// `style.colour` is on (red suits stay red).
fn paint(style: &CardStyle, card: Card, marked: bool) -> String {
    if !(marked && style.colour) {
        return style.card_in_picture(card);
    }
    let mut bold = Style::new().bold();
    if card.colour() == Colour::Red {
        bold = bold.fg_color(Some(AnsiColor::Red.into()));
    }
    let rank = if card.rank().code() == 'T' { "10".to_string() } else { card.rank().code().to_string() };
    format!("{bold}{rank}{}{bold:#}", style.suit_mark(card.suit()))
}

/// `text` padded with spaces to `width` visible columns.
fn pad(text: &str, width: usize) -> String {
    let mut out = text.to_string();
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(visible_width(text))));
    out
}

/// The columns `text` takes on a terminal: ANSI escape sequences (`ESC [`
/// ... final byte) take none, every other character (a suit symbol
/// included) one.
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&c) {
                        break;
                    }
                }
            }
        } else {
            width += 1;
        }
    }
    width
}

/// Plain `text` cut into lines of at most `width` characters, at spaces
/// where it can be (the spaces at a break are dropped), otherwise inside a
/// word.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text.trim_end();
    while visible_width(rest) > width {
        // The first width + 1 characters: a space just past the limit is a
        // break point too.
        let end = rest.char_indices().nth(width + 1).map_or(rest.len(), |(i, _)| i);
        let cut = match rest[..end].rfind(' ') {
            Some(i) if !rest[..i].trim_end().is_empty() => i,
            _ => rest.char_indices().nth(width).map_or(rest.len(), |(i, _)| i),
        };
        lines.push(rest[..cut].trim_end().to_string());
        rest = rest[cut..].trim_start();
    }
    lines.push(rest.to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::render::rows::table_styled;
    use crate::app::render::words::SuitStyle;
    use crate::engine::deal::Deal;
    use crate::engine::game::{CardPlace, Played, Position};
    use crate::engine::moves::Move;
    use crate::engine::moves::PileId;
    use crate::engine::rules::{DrawCount, Rules};
    use crate::engine::scoring::Scoring;

    const SYMBOLS: CardStyle = CardStyle { names: CardNames::Short, suits: SuitStyle::Symbols, colour: false };

    fn c(code: &str) -> Card {
        code.parse().unwrap()
    }

    fn game1(rules: Rules) -> Game {
        Game::new(&Deal::for_number(crate::engine::deal::GameNumber::ONE), rules)
    }

    fn view<'a>(style: &'a CardStyle, marked: &'a [Card]) -> ColumnsView<'a> {
        ColumnsView { title: "Game 1", status: "", style, score: ScoreNow::NONE, marked, lost: Lost::InPlay }
    }

    /// `text` without its ANSI escape sequences.
    fn strip(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(ch) = chars.next() {
            if ch == '\u{1b}' {
                assert_eq!(chars.next(), Some('['), "only CSI sequences");
                for ch in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&ch) {
                        break;
                    }
                }
            } else {
                out.push(ch);
            }
        }
        out
    }

    /// The visible column (from 0) where `needle` starts in `line`.
    fn column_of(line: &str, needle: &str) -> usize {
        let plain = strip(line);
        let at = plain.find(needle).unwrap_or_else(|| panic!("{needle:?} not in {plain:?}"));
        plain[..at].chars().count()
    }

    /// The cards `played` changed, as a front end would mark them: the
    /// cards drawn or moved, and the card turned up.
    fn changed(game: &Game, played: &Played) -> Vec<Card> {
        let pos = game.position();
        let top = |pile: PileId, n: usize| {
            let up = pos.pile(pile).face_up();
            up[up.len() - n..].to_vec()
        };
        let mut cards = match played.mv {
            Move::Draw => pos.waste()[pos.waste().len() - played.drawn..].to_vec(),
            Move::Redeal => Vec::new(),
            Move::WasteToTableau { to } | Move::FoundationToTableau { to, .. } => top(to, 1),
            Move::TableauToTableau { to, count, .. } => top(to, count),
            Move::WasteToFoundation | Move::TableauToFoundation { .. } => played.foundation_card.into_iter().collect(),
        };
        cards.extend(played.turned_up);
        cards
    }

    #[test]
    fn game_one_at_the_start() {
        let game = game1(Rules::default());
        let expected = "\
Game 1: draw 1, passes unlimited, foundation-to-tableau off
Pass 1, 0 moves
Stock 24   Waste --              C --   D --   H --   S --

 1    2    3    4    5    6    7
QH   ##   ##   ##   ##   ##   ##
     10S  ##   ##   ##   ##   ##
          5C   ##   ##   ##   ##
               4C   ##   ##   ##
                    3C   ##   ##
                         AH   ##
                              AS
";
        assert_eq!(columns(&game, &view(&CardStyle::PLAIN, &[])), expected);
    }

    #[test]
    fn the_second_line_counts_moves_and_passes_and_ends_with_the_status() {
        let mut game = game1(Rules { passes: PassLimit::Limited(3), ..Rules::default() });
        game.play(Move::Draw).unwrap();
        let v = ColumnsView { status: "Score 30   Time 3:12", ..view(&CardStyle::PLAIN, &[]) };
        let picture = columns(&game, &v);
        let second = picture.lines().nth(1).unwrap();
        assert_eq!(second, "Pass 1 of 3, 1 move   Score 30   Time 3:12");
        assert_eq!(picture.lines().next().unwrap(), "Game 1: draw 1, passes 3, foundation-to-tableau off");
    }

    #[test]
    fn draw_three_shows_the_top_three_waste_cards_with_the_top_last() {
        let mut game = game1(Rules { draw: DrawCount::Three, ..Rules::default() });
        game.play(Move::Draw).unwrap();
        game.play(Move::Draw).unwrap();
        let waste = game.position().waste();
        assert_eq!(waste.len(), 6);
        let picture = columns(&game, &view(&CardStyle::PLAIN, &[]));
        let third = picture.lines().nth(2).unwrap();
        assert_eq!(third, "Stock 18   Waste 7S 3S 10D       C --   D --   H --   S --");
        // The same three cards, in the same order, as the one-line table's fan.
        let table = table_styled(&game, "Game 1", &CardStyle::PLAIN);
        assert!(table.contains("Waste: 6 cards, top three 7S 3S TD (top TD)"), "{table}");
        assert_eq!(column_of(third, "C --"), FOUNDATIONS_AT);
        // One card in the waste after a redeal-free start: just that one.
        let mut game = game1(Rules { draw: DrawCount::Three, ..Rules::default() });
        game.play(Move::Draw).unwrap();
        let third = columns(&game, &view(&CardStyle::PLAIN, &[])).lines().nth(2).unwrap().to_string();
        assert!(third.starts_with("Stock 21   Waste "));
        assert_eq!(column_of(&third, "C --"), FOUNDATIONS_AT);
    }

    #[test]
    fn an_empty_pile_shows_dashes_in_its_first_row() {
        let pos: Position =
            "tableau - / 2C | KH QS / | 9D / - / - / - / | AC ; stock * ; waste 4H ; foundations - AD - - ; pass 2"
                .parse()
                .unwrap();
        let game = Game::from_position(pos, Rules::default());
        let picture = columns(&game, &ColumnsView { title: "Custom deal", ..view(&CardStyle::PLAIN, &[]) });
        let expected = "\
Custom deal: draw 1, passes unlimited, foundation-to-tableau off
Pass 2, 0 moves
Stock 45   Waste 4H              C --   D AD   H --   S --

 1    2    3    4    5    6    7
--   ##   9D   --   --   --   AC
     KH
     QS
";
        assert_eq!(picture, expected);
    }

    /// Game 1 with the whole stock drawn under `rules`.
    fn drawn(rules: Rules) -> Game {
        let mut game = game1(rules);
        while game.position().stock_len() > 0 {
            game.play(Move::Draw).unwrap();
        }
        game
    }

    /// The empty stock's note under `scoring`, at a score of 500 (above
    /// any redeal's cost, so the cost is the scoring's own).
    fn note(game: &Game, scoring: Scoring) -> String {
        let score = ScoreNow { scoring, score: 500 };
        let picture = columns(game, &ColumnsView { score, ..view(&CardStyle::PLAIN, &[]) });
        let lines: Vec<&str> = picture.lines().collect();
        assert!(lines[2].starts_with("Stock --   Waste "), "{}", lines[2]);
        assert_eq!(lines[4], "", "a blank line after the note");
        lines[3].to_string()
    }

    #[test]
    fn an_empty_stock_says_what_d_does_and_costs() {
        let one = Rules::default();
        let game = drawn(one);
        // Standard scoring charges every redeal in draw-1 (scoring::REDEAL_DRAW_ONE).
        assert_eq!(note(&game, Scoring::Standard), "(d turns the waste over, -100 points)");
        assert_eq!(note(&game, Scoring::None), "(d turns the waste over)");
        assert_eq!(note(&game, Scoring::Vegas), "(d turns the waste over)");
        let third = columns(&game, &view(&CardStyle::PLAIN, &[])).lines().nth(2).unwrap().to_string();
        assert_eq!(third, "Stock --   Waste 6H              C --   D --   H --   S --");

        // Draw-3 charges only the redeals that start pass 4 or later.
        let three = Rules { draw: DrawCount::Three, ..one };
        let mut game = drawn(three);
        assert_eq!(note(&game, Scoring::Standard), "(d turns the waste over)");
        for _ in 0..2 {
            game.play(Move::Redeal).unwrap();
            while game.position().stock_len() > 0 {
                game.play(Move::Draw).unwrap();
            }
        }
        assert_eq!(game.position().pass(), 3);
        assert_eq!(note(&game, Scoring::Standard), "(d turns the waste over, -20 points)");

        let game = drawn(Rules { passes: PassLimit::Limited(1), ..one });
        assert_eq!(note(&game, Scoring::Standard), "(no redeal left)");

        // Stock and waste both empty: every card is on the table or up.
        let pos: Position =
            "tableau | KS / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH QS ; pass 1"
                .parse()
                .unwrap();
        let game = Game::from_position(pos, one);
        assert_eq!(note(&game, Scoring::Standard), "(nothing left to draw)");
        let picture = columns(&game, &view(&CardStyle::PLAIN, &[]));
        assert!(picture.contains("\nStock --   Waste --              C KC   D KD   H KH   S QS\n"), "{picture}");
    }

    #[test]
    fn the_cards_the_last_move_changed_are_marked_with_a_star() {
        let mut game = game1(Rules::default());
        let played = game.play(Move::TableauToFoundation { from: PileId::ALL[6] }).unwrap();
        let marked = changed(&game, &played);
        let turned = played.turned_up.unwrap();
        assert_eq!(marked, vec![c("AS"), turned]);
        let picture = columns(&game, &view(&CardStyle::PLAIN, &marked));
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[2], "Stock 24   Waste --              C --   D --   H --   S AS*");
        // The turned-up card ends pile 7 (its 6th row), with the star in its mark slot.
        assert_eq!(lines[10], format!("                         AH   {turned}*"));
        assert_eq!(picture.matches('*').count(), 2);

        // A drawn card is marked in the waste, and the foundations do not move.
        let played = game.play(Move::Draw).unwrap();
        let marked = changed(&game, &played);
        let picture = columns(&game, &view(&CardStyle::PLAIN, &marked));
        let third = picture.lines().nth(2).unwrap();
        assert_eq!(third, format!("Stock 23   Waste {}*             C --   D --   H --   S AS", marked[0]));
        assert_eq!(column_of(third, "C --"), FOUNDATIONS_AT);

        // A mark in the middle of a row keeps the columns in place.
        let picture = columns(&game1(Rules::default()), &view(&CardStyle::PLAIN, &[c("TS"), c("QH")]));
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[5], "QH*  ##   ##   ##   ##   ##   ##");
        assert_eq!(lines[6], "     10S* ##   ##   ##   ##   ##");
    }

    #[test]
    fn colour_adds_escapes_but_no_width() {
        let colour = CardStyle { colour: true, ..CardStyle::PLAIN };
        let mut game = game1(Rules::default());
        let mut plays = Vec::new();
        // Draw until a red card tops the waste.
        while game.position().waste().last().is_none_or(|w| w.colour() != Colour::Red) {
            plays.push(game.play(Move::Draw).unwrap());
        }
        let marked = changed(&game, plays.last().unwrap());
        let red_top = marked[0];
        let coloured = columns(&game, &view(&colour, &marked));
        let plain = columns(&game, &view(&CardStyle::PLAIN, &marked));
        assert!(coloured.contains('\u{1b}'));
        assert_ne!(coloured, plain);
        assert_eq!(strip(&coloured), plain, "the escapes are all that colour adds");
        // The marked red card is bold and red; an unmarked red card only red.
        let bold_red = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        assert!(coloured.contains(&format!("{bold_red}{red_top}{bold_red:#}*")), "{coloured:?}");
        let red = AnsiColor::Red.on_default();
        assert!(coloured.contains(&format!("{red}QH{red:#}")));
        // A marked black card is bold, not red.
        let coloured = columns(&game1(Rules::default()), &view(&colour, &[c("AS")]));
        let bold = Style::new().bold();
        assert!(coloured.contains(&format!("{bold}AS{bold:#}*")));
        let third = coloured.lines().nth(2).unwrap();
        let third_c = columns(&game, &view(&colour, &marked)).lines().nth(2).unwrap().to_string();
        assert!(third_c.contains('\u{1b}'));
        assert!(visible_width(&third_c) < third_c.chars().count());
        assert_eq!(column_of(&third_c, "C --"), FOUNDATIONS_AT);
        assert_eq!(column_of(third, "C --"), FOUNDATIONS_AT);
        // Red foundations too.
        game.play(Move::TableauToFoundation { from: PileId::ALL[6] }).unwrap();
        let third = columns(&game, &view(&colour, &[c("AS")])).lines().nth(2).unwrap().to_string();
        assert_eq!(visible_width(&third), strip(&third).chars().count());
        assert_eq!(column_of(&third, "C --"), FOUNDATIONS_AT);
    }

    #[test]
    fn suit_symbols_keep_the_columns() {
        let mut game = game1(Rules { draw: DrawCount::Three, ..Rules::default() });
        let start = columns(&game, &view(&SYMBOLS, &[]));
        let lines: Vec<&str> = start.lines().collect();
        assert_eq!(lines[2], "Stock 24   Waste --              ♣ --   ♦ --   ♥ --   ♠ --");
        assert_eq!(lines[5], "Q♥   ##   ##   ##   ##   ##   ##");
        assert_eq!(lines[11], "                              A♠");
        game.play(Move::Draw).unwrap();
        let played = game.play(Move::Draw).unwrap();
        let marked = changed(&game, &played);
        for style in [SYMBOLS, CardStyle { colour: true, ..SYMBOLS }] {
            let picture = columns(&game, &view(&style, &marked));
            let third = picture.lines().nth(2).unwrap();
            assert_eq!(strip(third), "Stock 18   Waste 7♠* 3♠* 10♦*    ♣ --   ♦ --   ♥ --   ♠ --");
            assert_eq!(column_of(third, "♣ --"), FOUNDATIONS_AT);
        }
    }

    #[test]
    fn a_won_game_says_so_and_words_fall_back_to_codes() {
        let pos: Position =
            "tableau - / - / - / - / - / - / - ; stock - ; waste - ; foundations KC KD KH KS ; pass 1".parse().unwrap();
        let game = Game::from_position(pos, Rules::default());
        let picture = columns(&game, &view(&CardStyle::WORDS, &[]));
        let expected = "\
Game 1: draw 1, passes unlimited, foundation-to-tableau off
Pass 1, 0 moves
Stock --   Waste --              C KC   D KD   H KH   S KS
(nothing left to draw)

 1    2    3    4    5    6    7
--   --   --   --   --   --   --
You won: all 52 cards are on the foundations, in 0 moves.
";
        assert_eq!(picture, expected);
    }

    #[test]
    fn long_lines_wrap_at_spaces() {
        assert_eq!(wrap("short", 80), vec!["short"]);
        assert_eq!(wrap("aaa bbb ccc", 7), vec!["aaa bbb", "ccc"]);
        assert_eq!(wrap("aaa bbb ccc", 8), vec!["aaa bbb", "ccc"]);
        assert_eq!(wrap("aaaaaaaaaa b", 4), vec!["aaaa", "aaaa", "aa b"]);
        let stuck = wrap(&format!("{STUCK_MESSAGE} {}", crate::app::render::rows::STUCK_WAY_ON), MAX_WIDTH);
        assert!(stuck.len() > 1 && stuck.iter().all(|l| l.chars().count() <= MAX_WIDTH));
        assert_eq!(stuck.join(" "), format!("{STUCK_MESSAGE} {}", crate::app::render::rows::STUCK_WAY_ON));
        // A status too long for the second line goes on in the next one.
        let status = "x".repeat(70);
        let picture =
            columns(&game1(Rules::default()), &ColumnsView { status: &status, ..view(&CardStyle::PLAIN, &[]) });
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[1], "Pass 1, 0 moves");
        assert_eq!(lines[2], status);
    }

    /// A small deterministic generator (Knuth's MMIX LCG).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    #[test]
    fn random_positions_fit_eighty_columns_and_show_every_card() {
        let mut rng = Lcg(2024);
        let styles = [
            CardStyle::PLAIN,
            CardStyle { colour: true, ..CardStyle::PLAIN },
            SYMBOLS,
            CardStyle { colour: true, ..SYMBOLS },
        ];
        let mut stuck_seen = 0;
        let mut won_or_stuck = 0;
        for (n, rules) in Rules::variants().into_iter().enumerate() {
            for g in 0..2u128 {
                let number = 1 + 7 * n as u128 + g;
                let mut game =
                    Game::new(&Deal::for_number(crate::engine::deal::GameNumber::new(number).unwrap()), rules);
                let mut marked = Vec::new();
                for step in 0..120 {
                    let style = styles[rng.below(styles.len())];
                    let status = format!("Score {}   Time {}:{:02}", step * 5, step / 60, step % 60);
                    let v = ColumnsView {
                        title: "Custom deal",
                        status: &status,
                        style: &style,
                        score: ScoreNow { scoring: Scoring::ALL[step % 3], score: step as i64 * 5 },
                        marked: &marked,
                        lost: Lost::of_moves(game.moves_made()),
                    };
                    let picture = columns(&game, &v);
                    check(&game, &style, &picture, &marked);
                    match game.status() {
                        Status::Stuck => {
                            stuck_seen += 1;
                            assert!(picture.replace('\n', " ").contains(STUCK_MESSAGE));
                        }
                        Status::Won => {}
                        Status::Playing => {}
                    }
                    let moves = game.legal_moves();
                    if moves.is_empty() || game.status() != Status::Playing {
                        won_or_stuck += 1;
                        break;
                    }
                    let played = game.play(moves[rng.below(moves.len())]).unwrap();
                    marked = changed(&game, &played);
                }
            }
        }
        assert!(stuck_seen > 0, "the walk should meet a stuck game");
        assert!(won_or_stuck > 0);
    }

    /// What every picture must be: no line over 80 columns, no trailing
    /// space, the foundations in place, one `##` per face-down card, every
    /// face-up card in its pile's column, and the marks where they belong.
    fn check(game: &Game, style: &CardStyle, picture: &str, marked: &[Card]) {
        assert!(picture.ends_with('\n'));
        for line in picture.lines() {
            assert!(visible_width(line) <= MAX_WIDTH, "too wide: {line:?}");
            assert!(!line.ends_with(' '), "trailing space: {line:?}");
        }
        let lines: Vec<String> = picture.lines().map(strip).collect();
        assert!(visible_width(&lines[2]) <= NARROWEST, "wider than NARROWEST: {:?}", lines[2]);
        let third = &lines[2];
        let third: Vec<char> = third.chars().collect();
        assert_eq!(third[FOUNDATIONS_AT - 2..FOUNDATIONS_AT], [' ', ' '], "{lines:?}");
        for (k, suit) in Suit::ALL.into_iter().enumerate() {
            assert_eq!(third[FOUNDATIONS_AT + 7 * k], style.suit_mark(suit), "{lines:?}");
        }
        let header = lines.iter().position(|l| l == " 1    2    3    4    5    6    7").unwrap();
        let pos = game.position();
        let rows: Vec<Vec<char>> = lines[header + 1..].iter().map(|l| l.chars().collect()).collect();
        let at = |row: usize, col: usize| -> String {
            rows.get(row).map_or(String::new(), |r| r.iter().skip(col).take(4).collect())
        };
        let mut face_down = 0;
        for (i, pile) in pos.tableau().iter().enumerate() {
            let col = i * COLUMN_WIDTH;
            for row in 0..pile.hidden().len() {
                assert_eq!(at(row, col).trim_end(), "##");
                face_down += 1;
            }
            for (k, &card) in pile.face_up().iter().enumerate() {
                let mark = if marked.contains(&card) { '*' } else { ' ' };
                let want = format!("{}{mark}", strip(&style.card_in_picture(card)));
                assert_eq!(at(pile.hidden().len() + k, col).trim_end(), want.trim_end(), "pile {}", i + 1);
            }
            if pile.is_empty() {
                assert_eq!(at(0, col).trim_end(), "--");
            }
        }
        assert_eq!(face_down, pos.hidden_count());
        assert_eq!(picture.matches("##").count(), pos.hidden_count());
        // A marked card shows its star exactly when the card itself shows.
        let shown_marked = marked
            .iter()
            .filter(|&&m| match pos.locate(m) {
                CardPlace::Tableau { .. } => true,
                CardPlace::Foundation { top } => top,
                CardPlace::Waste { from_top } => from_top < game.rules().draw.cards(),
                CardPlace::Hidden => false,
            })
            .count();
        assert_eq!(picture.matches('*').count(), shown_marked);
    }
}
