//! Export of a session's grouped problem as DIMACS CNF, group-CNF (GCNF) and WCNF.
//!
//! Variables keep the session's numbering (DIMACS number = index + 1) in all three formats, so a
//! model or core found externally maps straight back; selector variables are unused in DIMACS
//! and GCNF. Groups are numbered `1..G` in creation order in GCNF and, as soft clauses, in WCNF;
//! groups made hard ([`Session::harden`]) are written as hard clauses and get no number.

use std::io::{self, Write};

use crate::lit::Lit;
use crate::session::{GroupId, Session};
use std::collections::HashMap;

impl Session {
    /// DIMACS CNF of the problem with every group enabled (group clauses written without selectors).
    pub fn write_dimacs(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(
            w,
            "c sattar-sat: hard clauses and all {} groups enabled",
            self.num_groups()
        )?;
        writeln!(w, "p cnf {} {}", self.num_vars(), self.clauses.len())?;
        for (_, lits) in self.clauses.iter() {
            write_clause(w, lits, None)?;
        }
        Ok(())
    }

    /// Group-CNF (`p gcnf V C G`): hard clauses in `{0}`, the soft groups in `{1}..{G}`.
    pub fn write_gcnf(&self, w: &mut impl Write) -> io::Result<()> {
        let numbers = self.export_numbers();
        self.write_group_comments(w, &numbers)?;
        writeln!(
            w,
            "p gcnf {} {} {}",
            self.num_vars(),
            self.clauses.len(),
            numbers.len()
        )?;
        for (group, lits) in self.clauses.iter() {
            let tag = group.and_then(|g| numbers.get(&g)).copied().unwrap_or(0);
            write!(w, "{{{tag}}} ")?;
            write_clause(w, lits, None)?;
        }
        Ok(())
    }

    /// Classic partial MaxSAT WCNF (`p wcnf V C TOP`): every clause hard (soft groups' clauses with
    /// their selector), then one soft unit `1 sel 0` per soft group in creation order.
    pub fn write_wcnf(&self, w: &mut impl Write) -> io::Result<()> {
        let numbers = self.export_numbers();
        let soft: Vec<GroupId> = self
            .groups()
            .into_iter()
            .filter(|g| numbers.contains_key(g))
            .collect();
        let top = soft.len() + 1;
        let total = self.clauses.len() + soft.len();
        self.write_group_comments(w, &numbers)?;
        writeln!(w, "p wcnf {} {} {}", self.num_vars(), total, top)?;
        for (group, lits) in self.clauses.iter() {
            let guard = match group.filter(|g| numbers.contains_key(g)) {
                Some(g) => Some(!self.selector(g).map_err(io::Error::other)?.positive()),
                None => None,
            };
            write!(w, "{top} ")?;
            write_clause(w, lits, guard)?;
        }
        for g in soft {
            let sel = self.selector(g).map_err(io::Error::other)?;
            writeln!(w, "1 {} 0", sel.to_dimacs())?;
        }
        Ok(())
    }

    /// Export numbers `1..G` of the groups not made hard, in creation order.
    fn export_numbers(&self) -> HashMap<GroupId, usize> {
        self.groups()
            .into_iter()
            .filter(|g| !self.hardened.contains(g))
            .enumerate()
            .map(|(i, g)| (g, i + 1))
            .collect()
    }

    /// DIMACS text as a string.
    pub fn dimacs(&self) -> String {
        to_string(|w| self.write_dimacs(w))
    }

    /// GCNF text as a string.
    pub fn gcnf(&self) -> String {
        to_string(|w| self.write_gcnf(w))
    }

    /// WCNF text as a string.
    pub fn wcnf(&self) -> String {
        to_string(|w| self.write_wcnf(w))
    }

    /// One comment line per group: its number and label (control characters blanked).
    fn write_group_comments(
        &self,
        w: &mut impl Write,
        numbers: &HashMap<GroupId, usize>,
    ) -> io::Result<()> {
        for g in self.groups() {
            let Some(n) = numbers.get(&g) else { continue };
            let label: String = self
                .label(g)
                .unwrap_or("")
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            writeln!(w, "c group {n} {label}")?;
        }
        Ok(())
    }
}

/// Writes `lits` (plus an optional guard literal) and the terminating 0.
fn write_clause(w: &mut impl Write, lits: &[Lit], guard: Option<Lit>) -> io::Result<()> {
    for l in lits.iter().chain(guard.iter()) {
        write!(w, "{} ", l.to_dimacs())?;
    }
    writeln!(w, "0")
}

/// Runs a writer into memory; writing to a `Vec` cannot fail, and any error is rendered inline.
fn to_string(f: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
    let mut buf = Vec::new();
    if let Err(e) = f(&mut buf) {
        buf.extend_from_slice(format!("c export error: {e}\n").as_bytes());
    }
    String::from_utf8_lossy(&buf).into_owned()
}
