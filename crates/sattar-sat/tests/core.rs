//! Minimal cores over groups on hand-made problems whose MUSes are known, plus random ones.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_sat::{Bool, CoreResult, GroupId, MinimalCore, Session};

/// Builds a session with one group per formula; `build` gets the inputs and returns the formulas.
fn grouped(
    inputs: usize,
    build: impl FnOnce(&mut sattar_sat::Circuit, &[Bool]) -> Vec<Bool>,
) -> (Session, Vec<GroupId>) {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let xs: Vec<Bool> = (0..inputs).map(|_| c.input()).collect();
    let formulas = build(c, &xs);
    let mut groups = Vec::new();
    for (i, f) in formulas.into_iter().enumerate() {
        let g = s.new_group(format!("f{i}"));
        s.assert_in_group(f, g).expect("own group");
        groups.push(g);
    }
    (s, groups)
}

fn core_of(s: &mut Session, groups: &[GroupId], try_first: &[GroupId]) -> MinimalCore {
    match s.minimal_core(groups, &[], try_first) {
        Ok(CoreResult::Unsat(core)) => core,
        Ok(CoreResult::Sat(_)) => panic!("expected unsat"),
        Err(e) => panic!("{e}"),
    }
}

fn sorted(mut gs: Vec<GroupId>) -> Vec<GroupId> {
    gs.sort_unstable();
    gs
}

/// a, a→b, ¬b is the only MUS; c and c∨d are noise.
#[test]
fn single_known_mus() {
    let (mut s, g) = grouped(4, |c, x| {
        vec![x[0], c.implies(x[0], x[1]), !x[1], x[2], c.or2(x[2], x[3])]
    });
    let core = core_of(&mut s, &g, &[]);
    assert_eq!(sorted(core.groups.clone()), vec![g[0], g[1], g[2]]);
    assert!(s
        .check_minimal(&core.groups, &[])
        .expect("no budget")
        .is_minimal());
    let report = s.check_minimal(&g, &[]).expect("no budget");
    assert!(
        report.unsat && report.removable == vec![g[3], g[4]],
        "{report:?}"
    );
}

/// The same problem started from *all* groups: deletion (with refinement) must remove the noise.
#[test]
fn deletion_shrinks_a_non_minimal_start() {
    let (mut s, g) = grouped(5, |c, x| {
        vec![
            x[0],
            c.implies(x[0], x[1]),
            c.implies(x[1], x[2]),
            !x[2],
            c.implies(x[0], x[2]), // shortcut: {0, 4, 3} is a second MUS
            x[3],
            c.or2(x[3], x[4]),
        ]
    });
    assert!(!s.check_minimal(&g, &[]).expect("no budget").is_minimal());
    let core = s.minimize(&g, &[], &[]).expect("no budget");
    assert_eq!(core.initial_len, 7);
    assert!(core.groups.len() < core.initial_len);
    assert!(s
        .check_minimal(&core.groups, &[])
        .expect("no budget")
        .is_minimal());
    // Trying the chain's middle first forces the shortcut core; trying the shortcut first, the chain.
    let via_shortcut = s.minimize(&g, &[], &[g[1], g[2]]).expect("no budget");
    assert_eq!(sorted(via_shortcut.groups), vec![g[0], g[3], g[4]]);
    let via_chain = s.minimize(&g, &[], &[g[4]]).expect("no budget");
    assert_eq!(sorted(via_chain.groups), vec![g[0], g[1], g[2], g[3]]);
}

/// {x, ¬x} and {y, y→z, ¬z} are disjoint MUSes; removing one core's groups exposes the other.
#[test]
fn two_disjoint_muses_and_iterative_cores() {
    let (mut s, g) = grouped(4, |c, x| {
        vec![x[0], x[1], c.implies(x[1], x[2]), !x[0], x[3], !x[2]]
    });
    let mus_a = vec![g[0], g[3]];
    let mus_b = vec![g[1], g[2], g[5]];
    let first = sorted(core_of(&mut s, &g, &[]).groups);
    assert!(first == mus_a || first == mus_b, "{first:?}");
    assert!(s
        .check_minimal(&first, &[])
        .expect("no budget")
        .is_minimal());
    let rest: Vec<GroupId> = g.iter().copied().filter(|h| !first.contains(h)).collect();
    let second = sorted(core_of(&mut s, &rest, &[]).groups);
    let other = if first == mus_a { &mus_b } else { &mus_a };
    assert_eq!(&second, other);
    let last: Vec<GroupId> = rest
        .iter()
        .copied()
        .filter(|h| !second.contains(h))
        .collect();
    assert!(matches!(
        s.minimal_core(&last, &[], &[]),
        Ok(CoreResult::Sat(_))
    ));
    // Caller order picks between the two when starting from everything.
    let keep_b = s.minimize(&g, &[], &mus_a).expect("no budget");
    assert_eq!(sorted(keep_b.groups), mus_b);
    let keep_a = s.minimize(&g, &[], &mus_b).expect("no budget");
    assert_eq!(sorted(keep_a.groups), mus_a);
}

#[test]
fn assumptions_are_background_and_hard_unsat_gives_empty_core() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let (x0, x1) = (c.input(), c.input());
    let step = c.implies(x0, x1);
    let (g0, g1) = (s.new_group("x0 -> x1"), s.new_group("not x1"));
    s.assert_in_group(step, g0).expect("own group");
    s.assert_in_group(!x1, g1).expect("own group");
    assert!(matches!(
        s.minimal_core(&[g0, g1], &[], &[]),
        Ok(CoreResult::Sat(_))
    ));
    // Under the assumption x0 both groups are needed; the assumption itself is never dropped.
    let Ok(CoreResult::Unsat(core)) = s.minimal_core(&[g0, g1], &[x0], &[]) else {
        panic!("x0 forces x1")
    };
    assert_eq!(core.groups, vec![g0, g1]);
    assert!(s
        .check_minimal(&core.groups, &[x0])
        .expect("no budget")
        .is_minimal());
    // Hard constraints alone unsatisfiable: the empty core, which is trivially minimal.
    s.assert_hard(Bool::FALSE);
    let core = core_of(&mut s, &[g0, g1], &[]);
    assert!(core.groups.is_empty());
    assert!(s.check_minimal(&[], &[]).expect("no budget").is_minimal());
}

#[test]
fn satisfiable_groups_have_no_core() {
    let (mut s, g) = grouped(2, |c, x| vec![x[0], c.or2(!x[0], x[1])]);
    let Ok(CoreResult::Sat(m)) = s.minimal_core(&g, &[], &[]) else {
        panic!("satisfiable")
    };
    assert_eq!(m.get(Bool::TRUE), Some(true));
    assert_eq!(m.get(Bool::FALSE), Some(false));
}

/// A tiny deterministic generator (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Random grouped 3-CNF near the threshold: every core found is minimal, and deletion matters
/// (the solver's first failed-assumption set is sometimes larger than the final core).
#[test]
fn random_grouped_problems_give_minimal_cores() {
    let mut rng = Lcg(0x5a77a2);
    let (mut unsat, mut shrunk, mut first_total, mut final_total) = (0, 0, 0, 0);
    for _ in 0..150 {
        let vars = 8;
        let (mut s, g) = grouped(vars, |c, x| {
            (0..40)
                .map(|_| {
                    let lits: Vec<Bool> = (0..3)
                        .map(|_| {
                            let v = x[rng.next(vars as u64) as usize];
                            if rng.next(2) == 0 {
                                v
                            } else {
                                !v
                            }
                        })
                        .collect();
                    c.or(&lits)
                })
                .collect()
        });
        let Ok(CoreResult::Unsat(core)) = s.minimal_core(&g, &[], &[]) else {
            continue;
        };
        unsat += 1;
        first_total += core.initial_len;
        final_total += core.groups.len();
        if core.initial_len > core.groups.len() {
            shrunk += 1;
        }
        let report = s.check_minimal(&core.groups, &[]).expect("no budget");
        assert!(report.is_minimal(), "{report:?}");
    }
    println!("unsat {unsat}, first cores shrunk {shrunk}, sizes {first_total} -> {final_total}");
    assert!(
        unsat >= 20,
        "the generator should produce unsat instances ({unsat})"
    );
    assert!(shrunk > 0, "some first cores should be non-minimal");
}
