//! [`Rules`]: the settings a Klondike game is played under.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How many cards one draw turns from the stock to the waste.
///
/// In JSON (saved games' neighbours: result lines, `--json` states) it is
/// the plain number `1` or `3`; reading refuses any other number with
/// [`DrawCountError`]'s words (`2 is not a draw count (1 or 3)`). Draw 1
/// sorts before draw 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(try_from = "usize", into = "usize")]
pub enum DrawCount {
    /// Draw-1: one card per draw; every card of the stock can be played.
    #[default]
    One,
    /// Draw-3: three cards per draw (fewer when fewer are left); only the
    /// top card of the waste is playable.
    Three,
}

impl DrawCount {
    /// The number of cards per draw: 1 or 3.
    pub fn cards(self) -> usize {
        match self {
            DrawCount::One => 1,
            DrawCount::Three => 3,
        }
    }
}

/// A number of cards per draw that is not a draw count (only 1 and 3 are):
/// the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a draw count (1 or 3)")]
pub struct DrawCountError(pub usize);

impl TryFrom<usize> for DrawCount {
    type Error = DrawCountError;

    /// Draw 1 from `1`, draw 3 from `3`.
    ///
    /// # Errors
    /// [`DrawCountError`] for any other number.
    fn try_from(cards: usize) -> Result<DrawCount, DrawCountError> {
        match cards {
            1 => Ok(DrawCount::One),
            3 => Ok(DrawCount::Three),
            n => Err(DrawCountError(n)),
        }
    }
}

impl From<DrawCount> for usize {
    /// [`DrawCount::cards`]: 1 or 3.
    fn from(draw: DrawCount) -> usize {
        draw.cards()
    }
}

/// How many passes through the stock a game allows.
///
/// In JSON (result lines, `--json` states) it is the number of passes, or
/// `null` for unlimited (a missing field reads as unlimited too, as an
/// `Option<u32>` did); reading refuses 0 with [`PassLimitZero`]'s words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "Option<u32>", into = "Option<u32>")]
pub enum PassLimit {
    /// The waste may be turned over into the stock any number of times.
    #[default]
    Unlimited,
    /// At most this many passes (at least 1): `1` means no redeal, `3` two redeals.
    Limited(u32),
}

impl Ord for PassLimit {
    /// Fewest passes first, unlimited last.
    fn cmp(&self, other: &PassLimit) -> std::cmp::Ordering {
        let most = |p: &PassLimit| match *p {
            PassLimit::Limited(n) => u64::from(n),
            PassLimit::Unlimited => u64::MAX,
        };
        most(self).cmp(&most(other))
    }
}

impl PartialOrd for PassLimit {
    fn partial_cmp(&self, other: &PassLimit) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PassLimit {
    /// True when a pass numbered `pass + 1` is allowed (passes count from 1).
    pub fn allows_redeal_after(self, pass: u32) -> bool {
        match self {
            PassLimit::Unlimited => true,
            PassLimit::Limited(n) => pass < n,
        }
    }
}

/// A pass limit of 0 read from JSON: the least is 1, and unlimited is `null`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("0 is not a pass limit (1 or more, or null for unlimited)")]
pub struct PassLimitZero;

impl TryFrom<Option<u32>> for PassLimit {
    type Error = PassLimitZero;

    /// Unlimited from `None`, the limit `n` from `Some(n)`.
    ///
    /// # Errors
    /// [`PassLimitZero`] for `Some(0)`.
    fn try_from(passes: Option<u32>) -> Result<PassLimit, PassLimitZero> {
        match passes {
            None => Ok(PassLimit::Unlimited),
            Some(0) => Err(PassLimitZero),
            Some(n) => Ok(PassLimit::Limited(n)),
        }
    }
}

impl From<PassLimit> for Option<u32> {
    /// `None` for unlimited, otherwise the limit.
    fn from(passes: PassLimit) -> Option<u32> {
        match passes {
            PassLimit::Unlimited => None,
            PassLimit::Limited(n) => Some(n),
        }
    }
}

/// Why a pass limit could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a pass limit: give a whole number from 1 to 4294967295, or 'unlimited'")]
pub struct PassLimitParseError(pub String);

impl FromStr for PassLimit {
    type Err = PassLimitParseError;

    /// Reads `unlimited` (any case) or a whole number from 1 to 4294967295.
    ///
    /// # Errors
    /// [`PassLimitParseError`] for 0, negative numbers and anything else.
    fn from_str(s: &str) -> Result<PassLimit, PassLimitParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("unlimited") {
            return Ok(PassLimit::Unlimited);
        }
        match t.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(PassLimit::Limited(n)),
            _ => Err(PassLimitParseError(s.chars().take(30).collect())),
        }
    }
}

impl fmt::Display for PassLimit {
    /// `unlimited` or the number, as the `--passes` option takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassLimit::Unlimited => f.write_str("unlimited"),
            PassLimit::Limited(n) => write!(f, "{n}"),
        }
    }
}

/// The rules in force for one game (SPEC.md, "Rules options").
///
/// Fixed for all settings: kings (or king-led builds) only on empty tableau
/// piles; a face-down card that becomes the top of its pile is turned up as
/// part of the move that exposed it; only the top card of the waste is playable.
///
/// One text form, its `Display` (`draw 3, passes 3, foundation-to-tableau
/// off`, which `FromStr` reads back and which statistics files key their
/// records by), and one short name ([`Rules::short_name`], `d3p3f0`, which
/// verdict files use), from which a census's file names derive
/// ([`Rules::file_stem`]). Ordered by draw count, then passes (unlimited
/// last), then foundation-to-tableau off before on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Rules {
    /// Cards per draw.
    pub draw: DrawCount,
    /// Passes through the stock.
    pub passes: PassLimit,
    /// Whether the top card of a foundation may be moved back onto the tableau.
    pub foundation_to_tableau: bool,
}

impl Rules {
    /// The short name: `d1p3f0` is draw 1, 3 passes, foundation-to-tableau
    /// off; `pu` is unlimited passes (`d3puf1`).
    pub fn short_name(&self) -> String {
        let passes = match self.passes {
            PassLimit::Unlimited => "u".to_string(),
            PassLimit::Limited(n) => n.to_string(),
        };
        format!("d{}p{passes}f{}", self.draw.cards(), u8::from(self.foundation_to_tableau))
    }

    /// The rules a [`Rules::short_name`] names; `None` for any other text.
    pub fn from_short_name(name: &str) -> Option<Rules> {
        let rest = name.strip_prefix('d')?;
        let (draw, rest) = rest.split_once('p')?;
        let (passes, f2t) = rest.rsplit_once('f')?;
        let rules = Rules {
            draw: DrawCount::try_from(draw.parse::<usize>().ok()?).ok()?,
            passes: match passes {
                "u" => PassLimit::Unlimited,
                n => PassLimit::Limited(n.parse().ok().filter(|&n| n >= 1)?),
            },
            foundation_to_tableau: match f2t {
                "0" => false,
                "1" => true,
                _ => return None,
            },
        };
        (rules.short_name() == name).then_some(rules)
    }

    /// The stem of a file named for these rules: `draw1-passes3-f2t-on`,
    /// `draw3-passesunlimited-f2t-off`.
    pub fn file_stem(&self) -> String {
        let f2t = if self.foundation_to_tableau { "on" } else { "off" };
        format!("draw{}-passes{}-f2t-{f2t}", self.draw.cards(), self.passes)
    }

    /// The twelve rules settings the solver is checked under (and a census
    /// counts): draw 1 and 3; 1 pass, 3 passes and unlimited passes;
    /// foundation-to-tableau off and on, in that order of nesting.
    pub fn variants() -> Vec<Rules> {
        let mut v = Vec::with_capacity(12);
        for draw in [DrawCount::One, DrawCount::Three] {
            for passes in [PassLimit::Limited(1), PassLimit::Limited(3), PassLimit::Unlimited] {
                for foundation_to_tableau in [false, true] {
                    v.push(Rules { draw, passes, foundation_to_tableau });
                }
            }
        }
        v
    }
}

impl fmt::Display for Rules {
    /// A short description, as a table's title gives it: `draw 3, passes 3,
    /// foundation-to-tableau off` (the pass limit as [`PassLimit`]'s
    /// notation writes it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "draw {}, passes {}, foundation-to-tableau {}",
            self.draw.cards(),
            self.passes,
            if self.foundation_to_tableau { "on" } else { "off" }
        )
    }
}

/// Text that is not a rules setting's [`Rules`] form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a rules setting: \"{}\"", crate::engine::text::readable(.0, 80))]
pub struct RulesParseError(pub String);

impl FromStr for Rules {
    type Err = RulesParseError;

    /// Reads exactly what `Display` writes: `draw D, passes P,
    /// foundation-to-tableau on|off`, D 1 or 3, P a number from 1 or
    /// `unlimited`.
    ///
    /// # Errors
    /// [`RulesParseError`] for any other text.
    fn from_str(text: &str) -> Result<Rules, RulesParseError> {
        let bad = || RulesParseError(text.to_string());
        let rest = text.strip_prefix("draw ").ok_or_else(bad)?;
        let (draw, rest) = rest.split_once(", passes ").ok_or_else(bad)?;
        let (passes, f2t) = rest.split_once(", foundation-to-tableau ").ok_or_else(bad)?;
        let rules = Rules {
            draw: DrawCount::try_from(draw.parse::<usize>().map_err(|_| bad())?).map_err(|_| bad())?,
            passes: passes.parse().map_err(|_| bad())?,
            foundation_to_tableau: match f2t {
                "on" => true,
                "off" => false,
                _ => return Err(bad()),
            },
        };
        // One spelling only: the one `Display` writes.
        if rules.to_string() == text {
            Ok(rules)
        } else {
            Err(bad())
        }
    }
}

impl TryFrom<String> for Rules {
    type Error = RulesParseError;
    fn try_from(text: String) -> Result<Rules, RulesParseError> {
        text.parse()
    }
}

impl From<Rules> for String {
    fn from(rules: Rules) -> String {
        rules.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rules_setting_has_one_text_form_one_short_name_and_one_order() {
        let all = Rules::variants();
        for rules in &all {
            assert_eq!(rules.to_string().parse::<Rules>(), Ok(*rules));
            assert_eq!(Rules::from_short_name(&rules.short_name()), Some(*rules));
            assert_eq!(serde_json::from_str::<Rules>(&serde_json::to_string(rules).unwrap()).unwrap(), *rules);
        }
        let d3u = Rules { draw: DrawCount::Three, passes: PassLimit::Unlimited, foundation_to_tableau: true };
        assert_eq!(d3u.to_string(), "draw 3, passes unlimited, foundation-to-tableau on");
        assert_eq!(d3u.short_name(), "d3puf1");
        assert_eq!(d3u.file_stem(), "draw3-passesunlimited-f2t-on");
        for text in [
            "draw 3, passes UNLIMITED, foundation-to-tableau on",
            "draw 2, passes 1, foundation-to-tableau on",
            "draw 1, passes 0, foundation-to-tableau off",
            " draw 1, passes 1, foundation-to-tableau off",
            "",
        ] {
            assert!(text.parse::<Rules>().is_err(), "{text}");
        }
        for name in ["d1p0f0", "d2p1f0", "d1p01f0", "d1puf2", "d1pu"] {
            assert_eq!(Rules::from_short_name(name), None, "{name}");
        }
        // Draw, then passes (unlimited last, after any number), then
        // foundation-to-tableau off before on.
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(sorted, all);
        assert!(PassLimit::Limited(u32::MAX) < PassLimit::Unlimited);
    }

    #[test]
    fn pass_limits_parse() {
        assert_eq!("unlimited".parse(), Ok(PassLimit::Unlimited));
        assert_eq!("UNLIMITED".parse(), Ok(PassLimit::Unlimited));
        assert_eq!("3".parse(), Ok(PassLimit::Limited(3)));
        assert!("0".parse::<PassLimit>().is_err());
        assert!("-1".parse::<PassLimit>().is_err());
        assert!("x".parse::<PassLimit>().is_err());
    }

    #[test]
    fn draw_counts_are_the_plain_numbers_1_and_3_in_json() {
        // The bytes a usize wrote before: saved files read back the same.
        assert_eq!(serde_json::to_string(&DrawCount::One).unwrap(), "1");
        assert_eq!(serde_json::to_string(&DrawCount::Three).unwrap(), "3");
        assert_eq!(serde_json::from_str::<DrawCount>("1").unwrap(), DrawCount::One);
        assert_eq!(serde_json::from_str::<DrawCount>("3").unwrap(), DrawCount::Three);
        for n in [0, 2, 4, 52] {
            let err = serde_json::from_str::<DrawCount>(&n.to_string()).unwrap_err().to_string();
            assert_eq!(err, format!("{n} is not a draw count (1 or 3)"));
        }
        // Not a number at all: serde's own words, as for a usize before.
        let err = serde_json::from_str::<DrawCount>("\"3\"").unwrap_err().to_string();
        assert!(err.starts_with("invalid type: string \"3\", expected usize"), "{err}");
        assert!(serde_json::from_str::<DrawCount>("-1").is_err());
        assert_eq!(DrawCount::try_from(2), Err(DrawCountError(2)));
        assert!(DrawCount::One < DrawCount::Three);
    }

    #[test]
    fn pass_limits_are_a_number_or_null_in_json() {
        // The bytes an Option<u32> wrote before.
        assert_eq!(serde_json::to_string(&PassLimit::Unlimited).unwrap(), "null");
        assert_eq!(serde_json::to_string(&PassLimit::Limited(1)).unwrap(), "1");
        assert_eq!(serde_json::to_string(&PassLimit::Limited(u32::MAX)).unwrap(), "4294967295");
        assert_eq!(serde_json::from_str::<PassLimit>("null").unwrap(), PassLimit::Unlimited);
        assert_eq!(serde_json::from_str::<PassLimit>("3").unwrap(), PassLimit::Limited(3));
        let err = serde_json::from_str::<PassLimit>("0").unwrap_err().to_string();
        assert_eq!(err, "0 is not a pass limit (1 or more, or null for unlimited)");
        // Not a pass count at all: serde's own words, as for an Option<u32> before.
        let err = serde_json::from_str::<PassLimit>("\"3\"").unwrap_err().to_string();
        assert!(err.starts_with("invalid type: string \"3\", expected u32"), "{err}");
        assert!(serde_json::from_str::<PassLimit>("-1").is_err());
        assert!(serde_json::from_str::<PassLimit>("4294967296").is_err());
        assert_eq!(PassLimit::try_from(Some(0)), Err(PassLimitZero));
        assert_eq!(Option::<u32>::from(PassLimit::Limited(2)), Some(2));
    }

    #[test]
    fn redeal_allowance() {
        assert!(!PassLimit::Limited(1).allows_redeal_after(1));
        assert!(PassLimit::Limited(3).allows_redeal_after(2));
        assert!(!PassLimit::Limited(3).allows_redeal_after(3));
        assert!(PassLimit::Unlimited.allows_redeal_after(1_000_000));
    }
}
