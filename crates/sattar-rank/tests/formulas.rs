//! Every formula against values computed by hand on a small spectrum with ties and zero
//! denominators. F = 2 failing tests, P = 3 passing tests; five elements:
//!
//! | elem | ef | ep | nf | np | note |
//! |---|---|---|---|---|---|
//! | A | 2 | 1 | 0 | 2 | |
//! | B | 1 | 1 | 1 | 2 | |
//! | C | 0 | 0 | 2 | 3 | never executed: 0/0 in qe, Tarantula, Ochiai, Kulczynski2 |
//! | D | 2 | 0 | 0 | 3 | ideal: x/0 → +∞ in Kulczynski1, M1, DStar |
//! | E | 0 | 2 | 2 | 1 | only passing tests: negative values |
//!
//! B and C tie under Hamann, Simple Matching, Sokal, Rogers & Tanimoto, Hamming, Euclid, M1;
//! A and D tie under Wong1 and Russel & Rao.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_rank::{Counts, Formula, Spectrum, TestCase, Verdict, FORMULAS};

const INF: f64 = f64::INFINITY;

fn elements() -> [Counts; 5] {
    [
        Counts::new(2, 1, 0, 2),
        Counts::new(1, 1, 1, 2),
        Counts::new(0, 0, 2, 3),
        Counts::new(2, 0, 0, 3),
        Counts::new(0, 2, 2, 1),
    ]
}

/// (name, [A, B, C, D, E]) — the arithmetic is in the comment above each row.
fn expected() -> Vec<(&'static str, [f64; 5])> {
    vec![
        // Naish1: -1 if ef < F else np → A: ef=F → np=2; B,C,E: -1; D: np=3.
        ("naish1", [2.0, -1.0, -1.0, 3.0, -1.0]),
        // Naish2 = ef - ep/(P+1) = ef - ep/4 → 2-1/4, 1-1/4, 0-0, 2-0, 0-2/4.
        ("naish2", [1.75, 0.75, 0.0, 2.0, -0.5]),
        // Jaccard ef/(F+ep) → 2/3, 1/3, 0/2, 2/2, 0/4.
        ("jaccard", [2.0 / 3.0, 1.0 / 3.0, 0.0, 1.0, 0.0]),
        // Dice 2ef/(F+ep) → 4/3, 2/3, 0/2, 4/2, 0/4.
        ("dice", [4.0 / 3.0, 2.0 / 3.0, 0.0, 2.0, 0.0]),
        // Anderberg ef/(ef+2(nf+ep)) → 2/(2+2)=1/2, 1/(1+4)=1/5, 0/4, 2/2, 0/8.
        ("anderberg", [0.5, 0.2, 0.0, 1.0, 0.0]),
        // Sørensen-Dice 2ef/(2ef+nf+ep) → 4/5, 2/4, 0/2, 4/4, 0/4.
        ("sorensen-dice", [0.8, 0.5, 0.0, 1.0, 0.0]),
        // Goodman (2ef-nf-ep)/(2ef+nf+ep) → 3/5, 0/4, -2/2, 4/4, -4/4.
        ("goodman", [0.6, 0.0, -1.0, 1.0, -1.0]),
        // Tarantula (ef/F)/(ef/F+ep/P) → 1/(1+1/3)=3/4, (1/2)/(1/2+1/3)=3/5, 0/0=0, 1/1, 0/(2/3)=0.
        ("tarantula", [0.75, 0.6, 0.0, 1.0, 0.0]),
        // qe ef/(ef+ep) → 2/3, 1/2, 0/0=0, 2/2, 0/2.
        ("qe", [2.0 / 3.0, 0.5, 0.0, 1.0, 0.0]),
        // CBI Inc. = qe - F/(F+P) = qe - 2/5 → 2/3-2/5=4/15, 1/2-2/5=1/10, -2/5, 3/5, -2/5.
        ("cbiinc", [4.0 / 15.0, 0.1, -0.4, 0.6, -0.4]),
        // Wong2 ef-ep → 1, 0, 0, 2, -2.
        ("wong2", [1.0, 0.0, 0.0, 2.0, -2.0]),
        // Hamann (ef+np-nf-ep)/5 → (2+2-0-1)/5, (1+2-1-1)/5, (0+3-2-0)/5, 5/5, (0+1-2-2)/5.
        ("hamann", [0.6, 0.2, 0.2, 1.0, -0.6]),
        // Simple Matching (ef+np)/5 → 4/5, 3/5, 3/5, 5/5, 1/5.
        ("simple matching", [0.8, 0.6, 0.6, 1.0, 0.2]),
        // Sokal 2(ef+np)/(2(ef+np)+nf+ep) → 8/9, 6/8, 6/8, 10/10, 2/6.
        ("sokal", [8.0 / 9.0, 0.75, 0.75, 1.0, 1.0 / 3.0]),
        // Rogers & Tanimoto (ef+np)/(ef+np+2(nf+ep)) → 4/6, 3/7, 3/7, 5/5, 1/9.
        (
            "rogers & tanimoto",
            [2.0 / 3.0, 3.0 / 7.0, 3.0 / 7.0, 1.0, 1.0 / 9.0],
        ),
        // Hamming ef+np → 4, 3, 3, 5, 1.
        ("hamming", [4.0, 3.0, 3.0, 5.0, 1.0]),
        // Euclid sqrt(ef+np) → 2, √3, √3, √5, 1.
        (
            "euclid",
            [
                2.0,
                1.7320508075688772,
                1.7320508075688772,
                2.23606797749979,
                1.0,
            ],
        ),
        // Wong1 ef → 2, 1, 0, 2, 0.
        ("wong1", [2.0, 1.0, 0.0, 2.0, 0.0]),
        // Russel & Rao ef/5 → 2/5, 1/5, 0, 2/5, 0.
        ("russel_rao", [0.4, 0.2, 0.0, 0.4, 0.0]),
        // Binary: 0 if ef < F else 1.
        ("binary", [1.0, 0.0, 0.0, 1.0, 0.0]),
        // Scott (4ef·np-4nf·ep-(nf-ep)²)/((2ef+nf+ep)(2np+nf+ep)):
        // A (16-0-1)/(5·5)=3/5; B (8-4-0)/(4·6)=1/6; C (0-0-4)/(2·8)=-1/4; D 24/(4·6)=1;
        // E (0-16-0)/(4·6)=-2/3.
        ("scott", [0.6, 1.0 / 6.0, -0.25, 1.0, -2.0 / 3.0]),
        // Rogot1 ½[ef/(2ef+nf+ep) + np/(2np+nf+ep)]: A ½(2/5+2/5)=2/5; B ½(1/4+2/6)=7/24;
        // C ½(0/2+3/8)=3/16; D ½(2/4+3/6)=1/2; E ½(0/4+1/6)=1/12.
        ("rogot1", [0.4, 7.0 / 24.0, 3.0 / 16.0, 0.5, 1.0 / 12.0]),
        // AMPLE |ef/F-ep/P| → |1-1/3|, |1/2-1/3|, 0, |1-0|, |0-2/3|.
        ("ample", [2.0 / 3.0, 1.0 / 6.0, 0.0, 1.0, 2.0 / 3.0]),
        // AMPLE2 ef/F-ep/P → 2/3, 1/6, 0, 1, -2/3.
        ("ample2", [2.0 / 3.0, 1.0 / 6.0, 0.0, 1.0, -2.0 / 3.0]),
        // Arithmetic Mean (2ef·np-2nf·ep)/((ef+ep)(nf+np)+F·P), F·P = 6:
        // A 8/(3·2+6)=2/3; B (4-2)/(2·3+6)=1/6; C 0/(0+6)=0; D 12/(2·3+6)=1; E -8/(2·3+6)=-2/3.
        (
            "arithmetic mean",
            [2.0 / 3.0, 1.0 / 6.0, 0.0, 1.0, -2.0 / 3.0],
        ),
        // Cohen (2ef·np-2nf·ep)/((ef+ep)·P+(nf+np)·F):
        // A 8/(3·3+2·2)=8/13; B 2/(2·3+3·2)=1/6; C 0/10=0; D 12/(2·3+3·2)=1; E -8/(2·3+3·2)=-2/3.
        ("cohen", [8.0 / 13.0, 1.0 / 6.0, 0.0, 1.0, -2.0 / 3.0]),
        // Fleiss (Scott's numerator)/((2ef+nf+ep)+(2np+nf+ep)):
        // A 15/(5+5)=3/2; B 4/(4+6)=2/5; C -4/(2+8)=-2/5; D 24/(4+6)=12/5; E -16/(4+6)=-8/5.
        ("fleiss", [1.5, 0.4, -0.4, 2.4, -1.6]),
        // Kulczynski1 ef/(nf+ep) → 2/1, 1/2, 0/2, 2/0=+∞, 0/4.
        ("kulczynski1", [2.0, 0.5, 0.0, INF, 0.0]),
        // Kulczynski2 ½(ef/(ef+nf)+ef/(ef+ep)) → ½(1+2/3)=5/6, ½(1/2+1/2), ½(0/2+0/0)=0, 1, 0.
        ("kulczynski2", [5.0 / 6.0, 0.5, 0.0, 1.0, 0.0]),
        // M1 (ef+np)/(nf+ep) → 4/1, 3/2, 3/2, 5/0=+∞, 1/4.
        ("m1", [4.0, 1.5, 1.5, INF, 0.25]),
        // M2 ef/(ef+np+2(nf+ep)) → 2/6, 1/7, 0/7, 2/5, 0/9.
        ("m2", [1.0 / 3.0, 1.0 / 7.0, 0.0, 0.4, 0.0]),
        // Ochiai ef/sqrt(F(ef+ep)) → 2/√6, 1/√4, 0/0=0, 2/√4, 0/√4.
        ("ochiai", [0.816496580927726, 0.5, 0.0, 1.0, 0.0]),
        // Wong3 ef-h, h = ep for ep ≤ 2 → 2-1, 1-1, 0-0, 2-0, 0-2.
        ("wong3", [1.0, 0.0, 0.0, 2.0, -2.0]),
        // DStar ef²/(ep+nf) → 4/1, 1/2, 0/2, 4/0=+∞, 0/4.
        ("dstar", [4.0, 0.5, 0.0, INF, 0.0]),
        // DStar³ ef³/(ep+nf) → 8/1, 1/2, 0/2, 8/0=+∞, 0/4.
        ("dstar3", [8.0, 0.5, 0.0, INF, 0.0]),
        // Ochiai2 ef·np/sqrt((ef+ep)(nf+np)·F·P): A 4/√(3·2·6)=4/6; B 2/√(2·3·6)=2/6;
        // C 0/√0=0; D 6/√(2·3·6)=1; E 0/√(2·3·6)=0.
        ("ochiai2", [2.0 / 3.0, 1.0 / 3.0, 0.0, 1.0, 0.0]),
        // Barinel 1-ep/(ep+ef) → 1-1/3, 1-1/2, 0 (never executed), 1-0, 1-2/2.
        ("barinel", [2.0 / 3.0, 0.5, 0.0, 1.0, 0.0]),
        // Op2 = Naish2.
        ("op2", [1.75, 0.75, 0.0, 2.0, -0.5]),
        // SBI = qe.
        ("sbi", [2.0 / 3.0, 0.5, 0.0, 1.0, 0.0]),
    ]
}

fn close(got: f64, want: f64) -> bool {
    if want.is_infinite() {
        got == want
    } else {
        (got - want).abs() <= 1e-12
    }
}

#[test]
fn every_formula_matches_hand_computed_values() {
    for (name, want) in expected() {
        let f = Formula::by_name(name).unwrap();
        for (i, (c, w)) in elements().iter().zip(want).enumerate() {
            let got = f.score(c);
            assert!(
                close(got, w),
                "{name} on element {}: got {got}, want {w}",
                "ABCDE".as_bytes()[i] as char
            );
        }
    }
}

#[test]
fn every_table_row_is_tested() {
    let tested: Vec<String> = expected()
        .iter()
        .map(|(n, _)| Formula::by_name(n).unwrap().def().name.to_string())
        .collect();
    for def in FORMULAS.iter() {
        assert!(
            tested.iter().any(|t| t == def.name),
            "{} has no hand-computed test",
            def.name
        );
    }
}

#[test]
fn wong3_piecewise_h() {
    let f = Formula::by_name("wong3").unwrap();
    // ep = 5: h = 2 + 0.1·(5-2) = 2.3 → ef - h = 3 - 2.3 = 0.7.
    assert!(close(f.score(&Counts::new(3, 5, 0, 1)), 0.7));
    // ep = 10: h = 2 + 0.1·8 = 2.8 → 3 - 2.8 = 0.2.
    assert!(close(f.score(&Counts::new(3, 10, 0, 1)), 0.2));
    // ep = 12: h = 2.8 + 0.001·2 = 2.802 → 3 - 2.802 = 0.198.
    assert!(close(f.score(&Counts::new(3, 12, 0, 1)), 0.198));
}

#[test]
fn no_formula_yields_nan() {
    for def in FORMULAS.iter() {
        let f = Formula::by_name(def.name).unwrap();
        for ef in 0..4 {
            for nf in 0..4 {
                for ep in 0..4 {
                    for np in 0..4 {
                        let c = Counts::new(ef, ep, nf, np);
                        assert!(!f.score(&c).is_nan(), "{} is NaN on {c:?}", def.name);
                        assert!(
                            !f.score(&c.with_cloned_failures()).is_nan(),
                            "{} (cloned) NaN on {c:?}",
                            def.name
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn names_users_know_are_accepted() {
    for (alias, canonical) in [
        ("Ochiai", "ochiai"),
        ("TARANTULA", "tarantula"),
        ("DStar", "dstar"),
        ("naish2", "naish2"),
        ("op2", "op2"),
        ("Sørensen-Dice", "sorensendice"),
        ("sorensen_dice", "sorensendice"),
        ("sorensendice", "sorensendice"),
        ("russel_rao", "russelrao"),
        ("rogers_tanimoto", "rogerstanimoto"),
        ("kulczynski2", "kulczynski2"),
        ("wong1", "wong1"),
        ("barinel", "barinel"),
        ("jaccard", "jaccard"),
        ("CBI Inc.", "cbiinc"),
    ] {
        assert_eq!(
            Formula::by_name(alias).unwrap().def().name,
            canonical,
            "{alias}"
        );
    }
    assert_eq!(Formula::by_name("dstar3").unwrap().name(), "dstar3");
    assert_eq!(Formula::by_name("dstar").unwrap().name(), "dstar");
}

#[test]
fn unknown_name_lists_known_names() {
    let err = Formula::by_name("ochaii").unwrap_err().to_string();
    assert!(err.contains("unknown formula `ochaii`"), "{err}");
    assert!(
        err.contains("ochiai") && err.contains("tarantula") && err.contains("dstarN"),
        "{err}"
    );
    assert!(Formula::dstar(0.0).is_err());
    assert!(Formula::dstar(f64::NAN).is_err());
}

/// Counts from a real spectrum agree with the hand-built counts.
#[test]
fn spectrum_counts_feed_formulas() {
    // Tests: f1, f2 fail; p1, p2, p3 pass. A = {f1,f2,p1}, D = {f1,f2}, C = {}.
    let mut s = Spectrum::new(["A", "C", "D"]);
    s.add_test_covering(TestCase::new("f1", Verdict::Fail), &["A", "D"])
        .unwrap();
    s.add_test_covering(TestCase::new("f2", Verdict::Fail), &["A", "D"])
        .unwrap();
    s.add_test_covering(TestCase::new("p1", Verdict::Pass), &["A"])
        .unwrap();
    s.add_test_covering(TestCase::new("p2", Verdict::Pass), &[])
        .unwrap();
    s.add_test_covering(TestCase::new("p3", Verdict::Pass), &[])
        .unwrap();
    let e = elements();
    assert_eq!(s.counts(), vec![e[0], e[2], e[3]]);
    let scored = s.score(&Formula::by_name("tarantula").unwrap());
    assert_eq!(
        scored.iter().map(|x| x.score).collect::<Vec<_>>(),
        vec![0.75, 0.0, 1.0]
    );
    // Confidence max(ef/F, ep/P): A max(1, 1/3) = 1; C 0; D 1.
    assert_eq!(
        scored.iter().map(|x| x.confidence).collect::<Vec<_>>(),
        vec![1.0, 0.0, 1.0]
    );
}
