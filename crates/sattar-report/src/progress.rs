//! Progress lines of long commands: one line on a terminal's stderr, rewritten in place, and
//! cleared before the result is printed. The CLI shows them only when stderr is a terminal.

use std::time::{Duration, Instant};

/// Back to the start of the line, and erase it (ANSI "erase in line").
pub const CLEAR_LINE: &str = "\r\x1b[K";

/// `check` starts searching `scope` of `max`.
pub fn scope_progress(scope: usize, max: usize) -> String {
    format!("{CLEAR_LINE}check: searching scope {scope} of {max} ...")
}

/// `gen` has found `n` valid inputs so far.
pub fn found_progress(n: u64) -> String {
    format!("{CLEAR_LINE}gen: {n} valid inputs so far ...")
}

/// `localize` starts round `round` (a round generates and runs one test).
pub fn round_progress(round: usize) -> String {
    format!("{CLEAR_LINE}localize: round {round} ...")
}

/// Lets a fast stream of updates through at most every `every` (the first one at once).
#[derive(Debug)]
pub struct Throttle {
    every: Duration,
    last: Option<Instant>,
}

impl Throttle {
    /// At most one update every `every`.
    pub fn new(every: Duration) -> Throttle {
        Throttle { every, last: None }
    }

    /// Whether an update now should be shown (and, if so, it counts as shown).
    pub fn ready(&mut self) -> bool {
        let now = Instant::now();
        let due = self
            .last
            .is_none_or(|t| now.duration_since(t) >= self.every);
        if due {
            self.last = Some(now);
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_start_by_clearing_the_previous_one() {
        assert_eq!(
            scope_progress(2, 5),
            "\r\x1b[Kcheck: searching scope 2 of 5 ..."
        );
        assert_eq!(found_progress(7), "\r\x1b[Kgen: 7 valid inputs so far ...");
        assert_eq!(round_progress(3), "\r\x1b[Klocalize: round 3 ...");
    }

    #[test]
    fn the_throttle_lets_the_first_update_through_then_waits() {
        let mut t = Throttle::new(Duration::from_secs(3600));
        assert!(t.ready());
        assert!(!t.ready());
        let mut always = Throttle::new(Duration::ZERO);
        assert!(always.ready() && always.ready());
    }
}
