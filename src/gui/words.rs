//! Numbers, counts and times as the app writes them: "1 card", "2 cards",
//! "12,345 games" — thousands grouped, the noun agreeing with the number —
//! and the store's UTC times in the user's own time zone.

/// Any integer type, `usize` included (`From<usize>` does not exist for
/// `i128`, though every `usize` fits).
pub trait Number: TryInto<i128> + Copy {
    fn wide(self) -> i128 {
        self.try_into().unwrap_or(i128::MAX)
    }
}

impl<T: TryInto<i128> + Copy> Number for T {}

/// `n` with its thousands grouped by commas: `12345` → `"12,345"`.
pub fn grouped(n: impl Number) -> String {
    let n = n.wide();
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `"s"` unless `n` is one.
pub fn plural(n: impl Number) -> &'static str {
    if n.wide() == 1 { "" } else { "s" }
}

/// `n` and a noun that agrees with it: `count(1, "card")` → `"1 card"`,
/// `count(1200, "game")` → `"1,200 games"`. Nouns whose plural is not the
/// singular plus "s" use [`count_as`].
pub fn count(n: impl Number, noun: &str) -> String {
    format!("{} {noun}{}", grouped(n), plural(n))
}

/// `n` with a noun whose plural is irregular: `count_as(2, "copy", "copies")`.
pub fn count_as(n: impl Number, one: &str, many: &str) -> String {
    let n = n.wide();
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// A time the store keeps (UTC, ISO 8601: `2026-11-23T15:32:06.123Z`) as
/// the user's clock shows it: `2026-11-23 16:32`. Text that is not such a
/// time is shown as it is.
pub fn local_time(stored: &str) -> String {
    local_time_in(stored, &jiff::tz::TimeZone::system())
}

/// [`local_time`] in the time zone `tz`.
pub fn local_time_in(stored: &str, tz: &jiff::tz::TimeZone) -> String {
    match stored.parse::<jiff::Timestamp>() {
        Ok(t) => t
            .to_zoned(tz.clone())
            .strftime("%Y-%m-%d %H:%M")
            .to_string(),
        Err(_) => stored.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0u32), "0");
        assert_eq!(grouped(999u32), "999");
        assert_eq!(grouped(1000u32), "1,000");
        assert_eq!(grouped(1234567u64), "1,234,567");
        assert_eq!(grouped(-45678i64), "-45,678");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn stored_times_show_in_local_time() {
        use jiff::tz::{Offset, TimeZone};
        let paris_winter = TimeZone::fixed(Offset::constant(1));
        let stored = "2026-11-23T15:32:06.123Z";
        assert_eq!(local_time_in(stored, &paris_winter), "2026-11-23 16:32");
        let samoa = TimeZone::fixed(Offset::constant(13));
        assert_eq!(local_time_in(stored, &samoa), "2026-11-24 04:32");
        assert_eq!(local_time_in(stored, &TimeZone::UTC), "2026-11-23 15:32");
        assert_eq!(local_time_in("yesterday", &TimeZone::UTC), "yesterday");
    }

    #[test]
    fn nouns_agree_with_numbers() {
        assert_eq!(count(1u32, "card"), "1 card");
        assert_eq!(count(0u32, "card"), "0 cards");
        assert_eq!(count(10000u32, "game"), "10,000 games");
        assert_eq!(count(1usize, "deck"), "1 deck");
        assert_eq!(count_as(1u8, "copy", "copies"), "1 copy");
        assert_eq!(count_as(3u8, "copy", "copies"), "3 copies");
    }
}
