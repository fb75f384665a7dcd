//! The suspiciousness formulas as a table of pure functions of the four counts.
//!
//! Every division goes through [`safe_div`] (x/0 → ±∞, 0/0 → 0). Numbering follows the 33 formulas
//! of Zhang et al., JSS 2017, in that paper's order, then DStar, Ochiai2, Barinel, Op2 and SBI (see
//! docs/RANKING.md, section Formulas).

use crate::counts::{safe_div, Counts};
use crate::error::RankError;

/// Parameters that some formulas take (only DStar today).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// DStar's exponent `*` (default 2).
    pub dstar_exponent: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            dstar_exponent: 2.0,
        }
    }
}

/// One row of the formula table.
#[derive(Debug)]
pub struct FormulaDef {
    /// Canonical name: lower case, letters and digits only (also the GZoltar file stem).
    pub name: &'static str,
    /// The name as printed in the literature.
    pub display: &'static str,
    /// Other names accepted on lookup (already normalized).
    pub aliases: &'static [&'static str],
    /// The expression, for documentation and `--help`.
    pub expression: &'static str,
    /// The function of the counts.
    pub eval: fn(&Counts, &Params) -> f64,
}

macro_rules! row {
    ($name:literal, $display:literal, [$($alias:literal),*], $expr:literal, $eval:expr) => {
        FormulaDef { name: $name, display: $display, aliases: &[$($alias),*], expression: $expr, eval: $eval }
    };
}

/// The table: the 33 formulas of Zhang et al., JSS 2017, in order, then DStar, Ochiai2, Barinel,
/// Op2, SBI (docs/RANKING.md#formulas).
pub static FORMULAS: [FormulaDef; 38] = [
    row!("naish1", "Naish1", ["op1"], "-1 if ef < F else np", naish1),
    row!("naish2", "Naish2", [], "ef - ep/(P+1)", op2),
    row!("jaccard", "Jaccard", [], "ef/(F+ep)", jaccard),
    row!("dice", "Dice", [], "2ef/(F+ep)", dice),
    row!("anderberg", "Anderberg", [], "ef/(ef+2(nf+ep))", anderberg),
    row!(
        "sorensendice",
        "Sørensen-Dice",
        ["sorensen", "sorenson"],
        "2ef/(2ef+nf+ep)",
        sorensen_dice
    ),
    row!("goodman", "Goodman", [], "(2ef-nf-ep)/(2ef+nf+ep)", goodman),
    row!(
        "tarantula",
        "Tarantula",
        [],
        "(ef/F)/(ef/F+ep/P)",
        tarantula
    ),
    row!("qe", "qe", [], "ef/(ef+ep)", qe),
    row!(
        "cbiinc",
        "CBI Inc.",
        ["cbi", "cbiincrease", "increase"],
        "ef/(ef+ep) - F/(F+P)",
        cbi_inc
    ),
    row!("wong2", "Wong2", [], "ef - ep", wong2),
    row!("hamann", "Hamann", [], "(ef+np-nf-ep)/(F+P)", hamann),
    row!(
        "simplematching",
        "Simple Matching",
        ["sm"],
        "(ef+np)/(F+P)",
        simple_matching
    ),
    row!("sokal", "Sokal", [], "2(ef+np)/(2(ef+np)+nf+ep)", sokal),
    row!(
        "rogerstanimoto",
        "Rogers & Tanimoto",
        ["rogersandtanimoto", "rt"],
        "(ef+np)/(ef+np+2(nf+ep))",
        rogers_tanimoto
    ),
    row!("hamming", "Hamming etc.", ["hammingetc"], "ef+np", hamming),
    row!("euclid", "Euclid", [], "sqrt(ef+np)", euclid),
    row!("wong1", "Wong1", [], "ef", wong1),
    row!(
        "russelrao",
        "Russel & Rao",
        ["russellrao", "russelandrao"],
        "ef/(F+P)",
        russel_rao
    ),
    row!("binary", "Binary", [], "0 if ef < F else 1", binary),
    row!(
        "scott",
        "Scott",
        [],
        "(4ef·np-4nf·ep-(nf-ep)^2)/((2ef+nf+ep)(2np+nf+ep))",
        scott
    ),
    row!(
        "rogot1",
        "Rogot1",
        [],
        "(ef/(2ef+nf+ep) + np/(2np+nf+ep))/2",
        rogot1
    ),
    row!("ample", "AMPLE", [], "|ef/F - ep/P|", ample),
    row!("ample2", "AMPLE2", [], "ef/F - ep/P", ample2),
    row!(
        "arithmeticmean",
        "Arithmetic Mean",
        ["am"],
        "(2ef·np-2nf·ep)/((ef+ep)(nf+np)+F·P)",
        arithmetic_mean
    ),
    row!(
        "cohen",
        "Cohen",
        [],
        "(2ef·np-2nf·ep)/((ef+ep)·P+(nf+np)·F)",
        cohen
    ),
    row!(
        "fleiss",
        "Fleiss",
        [],
        "(4ef·np-4nf·ep-(nf-ep)^2)/((2ef+nf+ep)+(2np+nf+ep))",
        fleiss
    ),
    row!("kulczynski1", "Kulczynski1", [], "ef/(nf+ep)", kulczynski1),
    row!(
        "kulczynski2",
        "Kulczynski2",
        [],
        "(ef/(ef+nf) + ef/(ef+ep))/2",
        kulczynski2
    ),
    row!("m1", "M1", [], "(ef+np)/(nf+ep)", m1),
    row!("m2", "M2", [], "ef/(ef+np+2(nf+ep))", m2),
    row!("ochiai", "Ochiai", ["ochiai1"], "ef/sqrt(F(ef+ep))", ochiai),
    row!(
        "wong3",
        "Wong3",
        [],
        "ef - h; h = ep (ep<=2), 2+0.1(ep-2) (ep<=10), 2.8+0.001(ep-10)",
        wong3
    ),
    row!(
        "dstar",
        "DStar",
        ["dstar2", "d"],
        "ef^*/(ep+nf), * = 2 unless given (dstar3)",
        dstar
    ),
    row!(
        "ochiai2",
        "Ochiai2",
        [],
        "ef·np/sqrt((ef+ep)(nf+np)(ef+nf)(ep+np))",
        ochiai2
    ),
    row!(
        "barinel",
        "Barinel",
        [],
        "1 - ep/(ep+ef); 0 when ep+ef = 0",
        barinel
    ),
    row!("op2", "Op2", ["opt2"], "ef - ep/(P+1)", op2),
    row!("sbi", "SBI", [], "ef/(ef+ep)", qe),
];

fn naish1(c: &Counts, _: &Params) -> f64 {
    if c.ef < c.failed() {
        -1.0
    } else {
        c.np
    }
}

fn op2(c: &Counts, _: &Params) -> f64 {
    c.ef - safe_div(c.ep, c.passed() + 1.0)
}

fn jaccard(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.failed() + c.ep)
}

fn dice(c: &Counts, _: &Params) -> f64 {
    safe_div(2.0 * c.ef, c.failed() + c.ep)
}

fn anderberg(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.ef + 2.0 * (c.nf + c.ep))
}

fn sorensen_dice(c: &Counts, _: &Params) -> f64 {
    safe_div(2.0 * c.ef, 2.0 * c.ef + c.nf + c.ep)
}

fn goodman(c: &Counts, _: &Params) -> f64 {
    safe_div(2.0 * c.ef - c.nf - c.ep, 2.0 * c.ef + c.nf + c.ep)
}

fn tarantula(c: &Counts, _: &Params) -> f64 {
    let fail = safe_div(c.ef, c.failed());
    safe_div(fail, fail + safe_div(c.ep, c.passed()))
}

fn qe(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.ef + c.ep)
}

fn cbi_inc(c: &Counts, p: &Params) -> f64 {
    qe(c, p) - safe_div(c.failed(), c.failed() + c.passed())
}

fn wong2(c: &Counts, _: &Params) -> f64 {
    c.ef - c.ep
}

fn hamann(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef + c.np - c.nf - c.ep, c.failed() + c.passed())
}

fn simple_matching(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef + c.np, c.failed() + c.passed())
}

fn sokal(c: &Counts, _: &Params) -> f64 {
    let agree = 2.0 * (c.ef + c.np);
    safe_div(agree, agree + c.nf + c.ep)
}

fn rogers_tanimoto(c: &Counts, _: &Params) -> f64 {
    let agree = c.ef + c.np;
    safe_div(agree, agree + 2.0 * (c.nf + c.ep))
}

fn hamming(c: &Counts, _: &Params) -> f64 {
    c.ef + c.np
}

fn euclid(c: &Counts, _: &Params) -> f64 {
    (c.ef + c.np).sqrt()
}

fn wong1(c: &Counts, _: &Params) -> f64 {
    c.ef
}

fn russel_rao(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.failed() + c.passed())
}

fn binary(c: &Counts, _: &Params) -> f64 {
    if c.ef < c.failed() {
        0.0
    } else {
        1.0
    }
}

/// The numerator shared by Scott and Fleiss: `4·ef·np − 4·nf·ep − (nf − ep)²`.
fn scott_numerator(c: &Counts) -> f64 {
    4.0 * c.ef * c.np - 4.0 * c.nf * c.ep - (c.nf - c.ep).powi(2)
}

fn scott(c: &Counts, _: &Params) -> f64 {
    let den = (2.0 * c.ef + c.nf + c.ep) * (2.0 * c.np + c.nf + c.ep);
    safe_div(scott_numerator(c), den)
}

fn rogot1(c: &Counts, _: &Params) -> f64 {
    let fail = safe_div(c.ef, 2.0 * c.ef + c.nf + c.ep);
    let pass = safe_div(c.np, 2.0 * c.np + c.nf + c.ep);
    0.5 * (fail + pass)
}

fn ample(c: &Counts, p: &Params) -> f64 {
    ample2(c, p).abs()
}

fn ample2(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.failed()) - safe_div(c.ep, c.passed())
}

/// The numerator shared by Arithmetic Mean and Cohen: `2·ef·np − 2·nf·ep`.
fn cohen_numerator(c: &Counts) -> f64 {
    2.0 * c.ef * c.np - 2.0 * c.nf * c.ep
}

fn arithmetic_mean(c: &Counts, _: &Params) -> f64 {
    let den = (c.ef + c.ep) * (c.nf + c.np) + c.failed() * c.passed();
    safe_div(cohen_numerator(c), den)
}

fn cohen(c: &Counts, _: &Params) -> f64 {
    let den = (c.ef + c.ep) * c.passed() + (c.nf + c.np) * c.failed();
    safe_div(cohen_numerator(c), den)
}

fn fleiss(c: &Counts, _: &Params) -> f64 {
    let den = (2.0 * c.ef + c.nf + c.ep) + (2.0 * c.np + c.nf + c.ep);
    safe_div(scott_numerator(c), den)
}

fn kulczynski1(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.nf + c.ep)
}

fn kulczynski2(c: &Counts, _: &Params) -> f64 {
    0.5 * (safe_div(c.ef, c.ef + c.nf) + safe_div(c.ef, c.ef + c.ep))
}

fn m1(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef + c.np, c.nf + c.ep)
}

fn m2(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, c.ef + c.np + 2.0 * (c.nf + c.ep))
}

fn ochiai(c: &Counts, _: &Params) -> f64 {
    safe_div(c.ef, (c.failed() * (c.ef + c.ep)).sqrt())
}

fn wong3(c: &Counts, _: &Params) -> f64 {
    let h = if c.ep <= 2.0 {
        c.ep
    } else if c.ep <= 10.0 {
        2.0 + 0.1 * (c.ep - 2.0)
    } else {
        2.8 + 0.001 * (c.ep - 10.0)
    };
    c.ef - h
}

fn dstar(c: &Counts, p: &Params) -> f64 {
    safe_div(c.ef.powf(p.dstar_exponent), c.ep + c.nf)
}

fn ochiai2(c: &Counts, _: &Params) -> f64 {
    let den = (c.ef + c.ep) * (c.nf + c.np) * c.failed() * c.passed();
    safe_div(c.ef * c.np, den.sqrt())
}

fn barinel(c: &Counts, _: &Params) -> f64 {
    if c.ef + c.ep == 0.0 {
        0.0
    } else {
        1.0 - c.ep / (c.ep + c.ef)
    }
}

/// A formula chosen from the table, with its parameters.
#[derive(Debug, Clone, Copy)]
pub struct Formula {
    def: &'static FormulaDef,
    params: Params,
}

impl Formula {
    /// Looks a formula up by name, case-insensitively, ignoring spaces, `-`, `_`, `&` and `.`
    /// (`"Sørensen-Dice"`, `"sorensen_dice"` and `"sorensendice"` are the same); `dstarN` selects
    /// DStar with exponent `N`.
    pub fn by_name(name: &str) -> Result<Formula, RankError> {
        let key = normalize(name);
        if let Some(def) = FORMULAS
            .iter()
            .find(|d| d.name == key || d.aliases.contains(&key.as_str()))
        {
            return Ok(Formula {
                def,
                params: Params::default(),
            });
        }
        match key
            .strip_prefix("dstar")
            .and_then(|k| k.parse::<f64>().ok())
        {
            Some(exponent) => Formula::dstar(exponent),
            None => Err(RankError::UnknownFormula {
                name: name.to_string(),
                known: known_names(),
            }),
        }
    }

    /// DStar with the given exponent (must be positive and finite).
    pub fn dstar(exponent: f64) -> Result<Formula, RankError> {
        if !(exponent.is_finite() && exponent > 0.0) {
            return Err(RankError::BadExponent { exponent });
        }
        let def = FORMULAS
            .iter()
            .find(|d| d.name == "dstar")
            .unwrap_or(&FORMULAS[33]);
        Ok(Formula {
            def,
            params: Params {
                dstar_exponent: exponent,
            },
        })
    }

    /// The table row.
    pub fn def(&self) -> &'static FormulaDef {
        self.def
    }

    /// The canonical name, with DStar's exponent when it is not 2 (`dstar3`).
    pub fn name(&self) -> String {
        let star = self.params.dstar_exponent;
        if self.def.name == "dstar" && star != 2.0 {
            format!("dstar{star}")
        } else {
            self.def.name.to_string()
        }
    }

    /// The suspiciousness of an element with counts `c`.
    pub fn score(&self, c: &Counts) -> f64 {
        (self.def.eval)(c, &self.params)
    }
}

/// Lower case, letters and digits only, `ø` read as `o`.
fn normalize(name: &str) -> String {
    name.to_lowercase()
        .chars()
        .map(|ch| if ch == 'ø' { 'o' } else { ch })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// All accepted names, comma-separated (for error messages and help).
pub fn known_names() -> String {
    let mut names: Vec<&str> = FORMULAS
        .iter()
        .flat_map(|d| std::iter::once(d.name).chain(d.aliases.iter().copied()))
        .collect();
    names.push("dstarN");
    names.join(", ")
}
