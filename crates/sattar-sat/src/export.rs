//! Export of a session's grouped problem as DIMACS CNF, group-CNF (GCNF) and WCNF.
//!
//! Variables keep the session's numbering (DIMACS number = index + 1) in all three formats, so a
//! model or core found externally maps straight back; selector variables are unused in DIMACS
//! and GCNF. Groups are numbered `index + 1` in GCNF and, as soft clauses, in WCNF.

use std::io::{self, Write};

use varisat::Lit;

use crate::session::Session;

impl Session {
    /// DIMACS CNF of the problem with every group enabled (group clauses written without selectors).
    pub fn write_dimacs(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(
            w,
            "c sattar-sat: hard clauses and all {} groups enabled",
            self.num_groups()
        )?;
        writeln!(w, "p cnf {} {}", self.num_vars(), self.clauses.len())?;
        for c in &self.clauses {
            write_clause(w, &c.lits, None)?;
        }
        Ok(())
    }

    /// Group-CNF (`p gcnf V C G`): hard clauses in `{0}`, group `g` in `{g.index() + 1}`.
    pub fn write_gcnf(&self, w: &mut impl Write) -> io::Result<()> {
        self.write_group_comments(w)?;
        writeln!(
            w,
            "p gcnf {} {} {}",
            self.num_vars(),
            self.clauses.len(),
            self.num_groups()
        )?;
        for c in &self.clauses {
            let tag = c.group.map_or(0, |g| g.index() + 1);
            write!(w, "{{{tag}}} ")?;
            write_clause(w, &c.lits, None)?;
        }
        Ok(())
    }

    /// Classic partial MaxSAT WCNF (`p wcnf V C TOP`): every clause hard (group clauses with their
    /// selector), then one soft unit `1 sel 0` per group in creation order.
    pub fn write_wcnf(&self, w: &mut impl Write) -> io::Result<()> {
        let top = self.num_groups() + 1;
        let total = self.clauses.len() + self.num_groups();
        self.write_group_comments(w)?;
        writeln!(w, "p wcnf {} {} {}", self.num_vars(), total, top)?;
        for c in &self.clauses {
            let guard = match c.group {
                Some(g) => Some(!self.selector(g).map_err(io::Error::other)?.positive()),
                None => None,
            };
            write!(w, "{top} ")?;
            write_clause(w, &c.lits, guard)?;
        }
        for g in self.groups() {
            let sel = self.selector(g).map_err(io::Error::other)?;
            writeln!(w, "1 {} 0", sel.to_dimacs())?;
        }
        Ok(())
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
    fn write_group_comments(&self, w: &mut impl Write) -> io::Result<()> {
        for g in self.groups() {
            let label: String = self
                .label(g)
                .unwrap_or("")
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            writeln!(w, "c group {} {}", g.index() + 1, label)?;
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
