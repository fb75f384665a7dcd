//! Flag values clap cannot check on its own. Every flag that takes seconds (`--timeout`,
//! `--sat-time`) is read by [`seconds`], so each refuses the same things the same way.

use std::time::Duration;

/// The shortest duration a flag accepts, in seconds.
const MIN_SECONDS: f64 = 1e-3;
/// The longest, in seconds (about 11.6 days): far beyond any useful limit, and every deadline
/// computed from it stays representable.
const MAX_SECONDS: f64 = 1e6;

/// A number of seconds (`5`, `0.5`, `1e3`) as a duration, from 1 ms to 10⁶ s.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let range = || format!("give a number of seconds from {MIN_SECONDS} to {MAX_SECONDS:.0}");
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number; {}", range()))?;
    if !(MIN_SECONDS..=MAX_SECONDS).contains(&value) {
        return Err(range());
    }
    Duration::try_from_secs_f64(value).map_err(|_| range())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_accepts_a_sane_range_and_refuses_the_rest() {
        assert_eq!(seconds("5"), Ok(Duration::from_secs(5)));
        assert_eq!(seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(seconds("1e3"), Ok(Duration::from_secs(1000)));
        for bad in [
            "1e300",
            "99999999999999999999",
            "inf",
            "NaN",
            "-1",
            "0",
            "1e-300",
            "five",
            "",
        ] {
            let e = seconds(bad).expect_err(bad);
            assert!(e.contains("from 0.001 to 1000000"), "{bad}: {e}");
        }
    }
}
