//! Program spectra: which tests cover which elements, and each test's verdict.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::counts::{tarantula_confidence, Counts};
use crate::error::RankError;
use crate::formula::Formula;
use crate::score::Scored;

/// A test's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The test passed (oracle satisfied).
    Pass,
    /// The test failed.
    Fail,
}

/// One test of a spectrum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestCase {
    /// The test's name.
    pub name: String,
    /// Its outcome.
    pub verdict: Verdict,
}

impl TestCase {
    /// A test with a name and a verdict.
    pub fn new(name: impl Into<String>, verdict: Verdict) -> Self {
        TestCase {
            name: name.into(),
            verdict,
        }
    }
}

/// Elements × tests coverage with verdicts; elements are any id type.
#[derive(Debug, Clone)]
pub struct Spectrum<E> {
    elements: Vec<E>,
    index: HashMap<E, usize>,
    tests: Vec<TestCase>,
    rows: Vec<Vec<bool>>,
}

impl<E: PartialEq> PartialEq for Spectrum<E> {
    fn eq(&self, other: &Self) -> bool {
        self.elements == other.elements && self.tests == other.tests && self.rows == other.rows
    }
}

impl<E: Clone + Eq + Hash + Debug> Spectrum<E> {
    /// An empty spectrum over the given elements (duplicates are kept once, first position wins).
    pub fn new(elements: impl IntoIterator<Item = E>) -> Self {
        let mut spectrum = Spectrum {
            elements: Vec::new(),
            index: HashMap::new(),
            tests: Vec::new(),
            rows: Vec::new(),
        };
        for e in elements {
            if !spectrum.index.contains_key(&e) {
                spectrum.index.insert(e.clone(), spectrum.elements.len());
                spectrum.elements.push(e);
            }
        }
        spectrum
    }

    /// Adds a test with one coverage flag per element, in element order.
    pub fn add_test(&mut self, test: TestCase, row: Vec<bool>) -> Result<(), RankError> {
        if row.len() != self.elements.len() {
            return Err(RankError::RowLength {
                test: test.name,
                got: row.len(),
                expected: self.elements.len(),
            });
        }
        self.tests.push(test);
        self.rows.push(row);
        Ok(())
    }

    /// Adds a test given the ids of the elements it covers (each counted once).
    pub fn add_test_covering<'a>(
        &mut self,
        test: TestCase,
        covered: impl IntoIterator<Item = &'a E>,
    ) -> Result<(), RankError>
    where
        E: 'a,
    {
        let mut row = vec![false; self.elements.len()];
        for e in covered {
            match self.index.get(e) {
                Some(&i) => row[i] = true,
                None => {
                    return Err(RankError::UnknownElement {
                        test: test.name,
                        element: format!("{e:?}"),
                    })
                }
            }
        }
        self.add_test(test, row)
    }

    /// The elements, in order.
    pub fn elements(&self) -> &[E] {
        &self.elements
    }

    /// The tests, in order.
    pub fn tests(&self) -> &[TestCase] {
        &self.tests
    }

    /// Whether test `t` covers element `e` (both indices).
    pub fn covers(&self, t: usize, e: usize) -> bool {
        self.rows
            .get(t)
            .and_then(|r| r.get(e))
            .copied()
            .unwrap_or(false)
    }

    /// The coverage rows, one per test.
    pub fn rows(&self) -> &[Vec<bool>] {
        &self.rows
    }

    /// The counts `ef, ep, nf, np` of every element, in element order.
    pub fn counts(&self) -> Vec<Counts> {
        let mut counts = vec![Counts::new(0, 0, 0, 0); self.elements.len()];
        for (test, row) in self.tests.iter().zip(&self.rows) {
            for (c, &hit) in counts.iter_mut().zip(row) {
                match (test.verdict, hit) {
                    (Verdict::Fail, true) => c.ef += 1.0,
                    (Verdict::Fail, false) => c.nf += 1.0,
                    (Verdict::Pass, true) => c.ep += 1.0,
                    (Verdict::Pass, false) => c.np += 1.0,
                }
            }
        }
        counts
    }

    /// Every element scored by `formula`, with Tarantula's confidence.
    pub fn score(&self, formula: &Formula) -> Vec<Scored<E>> {
        self.score_counts(formula, self.counts())
    }

    /// Like [`Spectrum::score`] after cloning the failing tests `P/F` times (only when `P ≥ F`).
    pub fn score_cloned(&self, formula: &Formula) -> Vec<Scored<E>> {
        let cloned = self
            .counts()
            .iter()
            .map(Counts::with_cloned_failures)
            .collect();
        self.score_counts(formula, cloned)
    }

    fn score_counts(&self, formula: &Formula, counts: Vec<Counts>) -> Vec<Scored<E>> {
        self.elements
            .iter()
            .zip(counts)
            .map(|(e, c)| Scored {
                id: e.clone(),
                score: formula.score(&c),
                confidence: tarantula_confidence(&c),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_errors() {
        let mut s = Spectrum::new([10u32, 20, 30]);
        s.add_test_covering(TestCase::new("t1", Verdict::Fail), &[10, 20])
            .unwrap();
        s.add_test_covering(TestCase::new("t2", Verdict::Pass), &[20])
            .unwrap();
        assert_eq!(s.counts()[0], Counts::new(1, 0, 0, 1));
        assert_eq!(s.counts()[1], Counts::new(1, 1, 0, 0));
        assert_eq!(s.counts()[2], Counts::new(0, 0, 1, 1));
        let err = s
            .add_test_covering(TestCase::new("t3", Verdict::Pass), &[99])
            .unwrap_err();
        assert!(err.to_string().contains("unknown element 99"), "{err}");
        let err = s
            .add_test(TestCase::new("t4", Verdict::Pass), vec![true])
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("has 1 entries but the spectrum has 3"),
            "{err}"
        );
    }
}
