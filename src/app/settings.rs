//! The settings an interactive player chose (rules, scoring, autoplay, the
//! table's layout, card names and suits), kept in the data folder's
//! `settings.json` for the next interactive session.
//!
//! Only what was chosen is kept (an option given, `autoplay on` typed);
//! what was never chosen keeps following its default, so that a default
//! that depends on the moment (the layout of a screen reader, Vegas's pass
//! limit) still does. Options on the command line always win over what is
//! kept, and become what is kept. A session whose input is not a terminal
//! neither reads nor writes the file (the front end sees to it), so that a
//! script replays the same wherever it runs.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::app::render::screen::Layout;
use crate::app::render::words::{CardNames, SuitStyle};
use crate::app::store::{self, IfCorrupt, StoreError, Versioned};
use crate::engine::rules::{DrawCount, PassLimit};
use crate::engine::scoring::Scoring;

/// The version of the settings file's format written here (its
/// `format_version`); a file of a newer one is left as it is.
pub const FORMAT_VERSION: u32 = 1;

/// The settings kept: each `None` where it was never chosen. In the file,
/// a JSON object: `{"format_version":1,"draw":3,"passes":"unlimited",
/// "foundation_to_tableau":true,"scoring":"vegas","autoplay":true,
/// "layout":"columns","cards":"words","suits":"letters"}`, any of the
/// settings left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The format's version: [`FORMAT_VERSION`] when written here.
    pub format_version: u32,
    /// Cards per draw (`--draw`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawCount>,
    /// Passes through the stock (`--passes`): a number, or `"unlimited"`.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "passes_text")]
    pub passes: Option<PassLimit>,
    /// Foundation-to-tableau moves allowed (`--foundation-to-tableau`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foundation_to_tableau: Option<bool>,
    /// The scoring (`--scoring`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
    /// Autoplay on (`--autoplay`, `autoplay on` at the prompt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autoplay: Option<bool>,
    /// The table's layout (`--layout`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    /// Cards in words or codes (`--cards`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<CardNames>,
    /// Suits as letters or symbols (`--suits`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suits: Option<SuitStyle>,
}

impl Versioned for Settings {
    const FORMAT_VERSION: u32 = FORMAT_VERSION;
}

impl Settings {
    /// These settings with each one that `newer` holds in its place.
    pub fn overridden_by(&self, newer: &Settings) -> Settings {
        Settings {
            format_version: FORMAT_VERSION,
            draw: newer.draw.or(self.draw),
            passes: newer.passes.or(self.passes),
            foundation_to_tableau: newer.foundation_to_tableau.or(self.foundation_to_tableau),
            scoring: newer.scoring.or(self.scoring),
            autoplay: newer.autoplay.or(self.autoplay),
            layout: newer.layout.or(self.layout),
            cards: newer.cards.or(self.cards),
            suits: newer.suits.or(self.suits),
        }
    }
}

/// The settings kept in `path`; none when there is no such file.
///
/// # Errors
/// The store's ([`store::read_json`] under [`IfCorrupt::MoveAside`]): a
/// file that is not settings was moved aside, one that cannot be read or
/// is from a newer klondike is left as it is. Either way the session goes
/// on with none kept.
pub fn read(path: &Path) -> Result<Settings, StoreError> {
    store::read_json(path, IfCorrupt::MoveAside).map(Option::unwrap_or_default)
}

/// Keeps `chosen` in `path`, over what it held (settings `chosen` leaves
/// out stay as they were), under the file's lock and atomically.
///
/// # Errors
/// The store's: the file cannot be locked, read or written (a file that
/// cannot be read, one from a newer klondike, or one that is
/// write-protected, is not written over).
pub fn remember(path: &Path, chosen: &Settings) -> Result<(), StoreError> {
    // A file made write-protected is the player's way to fix the settings:
    // never replaced, even by a user the system would let.
    if store::is_write_protected(path) {
        return Err(StoreError::NotUsable { path: path.to_path_buf(), why: store::Problem::WriteProtectedKept });
    }
    // Written through a symbolic link, not over it.
    let target = store::real_path(path).unwrap_or_else(|| path.to_path_buf());
    store::update_locked(&target, |kept: &mut Settings| *kept = kept.overridden_by(chosen)).map(|_| ())
}

/// A pass limit in the settings file as the command line writes it: a
/// number, or `"unlimited"` (JSON's `null` would read as "not chosen").
mod passes_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::engine::rules::PassLimit;

    pub fn serialize<S: Serializer>(passes: &Option<PassLimit>, s: S) -> Result<S::Ok, S::Error> {
        match passes {
            Some(PassLimit::Limited(n)) => s.serialize_u32(*n),
            Some(PassLimit::Unlimited) => s.serialize_str("unlimited"),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PassLimit>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Text {
            Number(u32),
            Word(String),
        }
        match Option::<Text>::deserialize(d)? {
            None => Ok(None),
            Some(Text::Number(n)) => n.to_string().parse().map(Some).map_err(serde::de::Error::custom),
            Some(Text::Word(w)) => w.parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_as_written_and_leave_out_what_was_not_chosen() {
        let chosen = Settings {
            format_version: FORMAT_VERSION,
            draw: Some(DrawCount::Three),
            passes: Some(PassLimit::Unlimited),
            scoring: Some(Scoring::Vegas),
            autoplay: Some(false),
            layout: Some(Layout::List),
            cards: Some(CardNames::Words),
            ..Settings::default()
        };
        let text = serde_json::to_string(&chosen).unwrap();
        assert_eq!(
            text,
            r#"{"format_version":1,"draw":3,"passes":"unlimited","scoring":"vegas","autoplay":false,"layout":"list","cards":"words"}"#
        );
        assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), chosen);
        let three: Settings = serde_json::from_str(r#"{"format_version":1,"passes":3}"#).unwrap();
        assert_eq!(three.passes, Some(PassLimit::Limited(3)));
        assert!(serde_json::from_str::<Settings>(r#"{"format_version":1,"passes":0}"#).is_err());
        assert!(serde_json::from_str::<Settings>(r#"{"format_version":1,"layout":"spiral"}"#).is_err());
    }

    #[test]
    fn newer_choices_win_and_the_rest_stay() {
        let kept = Settings { draw: Some(DrawCount::Three), autoplay: Some(true), ..Settings::default() };
        let now = Settings { autoplay: Some(false), cards: Some(CardNames::Words), ..Settings::default() };
        let both = kept.overridden_by(&now);
        assert_eq!(
            (both.draw, both.autoplay, both.cards, both.scoring),
            (Some(DrawCount::Three), Some(false), Some(CardNames::Words), None)
        );
    }

    #[test]
    fn remembered_settings_are_kept_in_the_file_and_a_corrupt_one_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        assert_eq!(read(&path).unwrap(), Settings::default());
        remember(&path, &Settings { draw: Some(DrawCount::Three), ..Settings::default() }).unwrap();
        remember(&path, &Settings { autoplay: Some(true), ..Settings::default() }).unwrap();
        let kept = read(&path).unwrap();
        assert_eq!((kept.draw, kept.autoplay), (Some(DrawCount::Three), Some(true)));
        // Write-protected: kept as it is; through a link: the file linked to.
        let mut protected = std::fs::metadata(&path).unwrap().permissions();
        protected.set_readonly(true);
        std::fs::set_permissions(&path, protected).unwrap();
        let before = std::fs::read_to_string(&path).unwrap();
        let refused = remember(&path, &Settings { draw: Some(DrawCount::One), ..Settings::default() });
        assert!(matches!(refused, Err(StoreError::NotUsable { .. })), "{refused:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
        std::fs::remove_file(&path).unwrap();
        #[cfg(unix)]
        {
            let real = dir.path().join("real.json");
            std::os::unix::fs::symlink(&real, &path).unwrap();
            remember(&path, &Settings { autoplay: Some(false), ..Settings::default() }).unwrap();
            assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink(), "still a link");
            assert_eq!(read(&path).unwrap().autoplay, Some(false));
            std::fs::remove_file(&path).unwrap();
        }
        std::fs::write(&path, "{\"format_version\":1,\"draw\":2}").unwrap();
        assert!(matches!(read(&path), Err(StoreError::Corrupt { .. })));
        assert!(!path.exists(), "moved aside");
    }
}
