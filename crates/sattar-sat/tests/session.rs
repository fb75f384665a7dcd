//! Incremental sessions: assumption queries, groups, late assertions, budgets, errors.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use std::time::Duration;

use sattar_sat::{Bool, Budget, CoreResult, Limit, Outcome, SatError, Session};

/// `x * x = 4` over 4-bit x has the solutions {-6, -2, 2, 6}.
#[test]
fn one_solver_answers_many_assumption_queries() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let x = c.bv_fresh(4);
    let sq = c.bv_mul(&x, &x);
    let four = c.bv_const(4, 4);
    let constraint = c.bv_eq(&sq, &four);
    s.assert_hard(constraint);
    let vars_after_assert = s.num_vars();

    let c = s.circuit_mut();
    let zero = c.bv_const(4, 0);
    let (three, four) = (c.bv_const(4, 3), c.bv_const(4, 4));
    let negative = c.bv_slt(&x, &zero);
    let is3 = c.bv_eq(&x, &three);
    let positive = c.bv_sgt(&x, &zero);
    let below4 = c.bv_slt(&x, &four);

    let Ok(Outcome::Sat(m)) = s.solve(&[], &[negative]) else {
        panic!("-2 and -6 exist")
    };
    assert!([-6, -2].contains(&m.bits(&x)));
    let Ok(Outcome::Unsat(failed)) = s.solve(&[], &[is3, Bool::TRUE]) else {
        panic!("9 != 4")
    };
    assert_eq!(failed.assumptions, vec![is3]);
    let Ok(Outcome::Sat(m)) = s.solve(&[], &[positive, below4]) else {
        panic!("2 exists")
    };
    assert_eq!(m.bits(&x), 2);

    // Enumerate every solution with blocking clauses added between queries.
    let mut found = Vec::new();
    while let Ok(Outcome::Sat(m)) = s.solve(&[], &[]) {
        let v = m.bits(&x);
        found.push(v);
        let c = s.circuit_mut();
        let k = c.bv_const(4, v);
        let block = c.bv_ne(&x, &k);
        s.assert_hard(block);
    }
    found.sort_unstable();
    assert_eq!(found, vec![-6, -2, 2, 6]);
    assert_eq!(s.solves(), 3 + 5);
    assert!(
        s.num_vars() > vars_after_assert,
        "assumptions and blocks were encoded lazily"
    );
}

#[test]
fn groups_switch_constraints_on_and_off() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let x = c.bv_fresh(3);
    let (one, two) = (c.bv_const(3, 1), c.bv_const(3, 2));
    let (is1, is2) = (c.bv_eq(&x, &one), c.bv_eq(&x, &two));
    let (g1, g2) = (s.new_group("x = 1"), s.new_group("x = 2"));
    s.assert_in_group(is1, g1).expect("own group");
    s.assert_in_group(is2, g2).expect("own group");
    assert_eq!(s.label(g2), Some("x = 2"));

    let Ok(Outcome::Sat(m)) = s.solve(&[g1], &[]) else {
        panic!("x = 1 alone")
    };
    assert_eq!(m.bits(&x), 1);
    let Ok(Outcome::Sat(m)) = s.solve(&[g2], &[]) else {
        panic!("x = 2 alone")
    };
    assert_eq!(m.bits(&x), 2);
    let Ok(Outcome::Unsat(failed)) = s.solve(&[g1, g2], &[]) else {
        panic!("both")
    };
    assert_eq!(failed.groups, vec![g1, g2]);

    // A group asserted after solving takes part in the next query.
    let g3 = s.new_group("x odd");
    s.assert_in_group(x.bits()[0], g3).expect("own group");
    let Ok(Outcome::Unsat(failed)) = s.solve(&[g2, g3], &[]) else {
        panic!("2 is even")
    };
    assert_eq!(failed.groups, vec![g2, g3]);
    assert!(matches!(s.solve(&[g1, g3], &[]), Ok(Outcome::Sat(_))));
}

#[test]
fn false_assumption_and_false_assertions() {
    let mut s = Session::new();
    let Ok(Outcome::Unsat(failed)) = s.solve(&[], &[Bool::FALSE]) else {
        panic!("false")
    };
    assert_eq!(failed.assumptions, vec![Bool::FALSE]);
    assert_eq!(s.solves(), 0, "decided without the solver");

    let g = s.new_group("false");
    s.assert_in_group(Bool::FALSE, g).expect("own group");
    assert!(matches!(s.solve(&[], &[]), Ok(Outcome::Sat(_))));
    let Ok(Outcome::Unsat(failed)) = s.solve(&[g], &[]) else {
        panic!("group false")
    };
    assert_eq!(failed.groups, vec![g]);

    s.assert_hard(Bool::FALSE);
    let Ok(Outcome::Unsat(failed)) = s.solve(&[], &[]) else {
        panic!("hard false")
    };
    assert!(failed.groups.is_empty() && failed.assumptions.is_empty());
}

#[test]
fn models_know_which_nodes_they_cover() {
    let mut s = Session::new();
    let a = s.circuit_mut().input();
    s.assert_hard(a);
    let Ok(Outcome::Sat(m)) = s.solve(&[], &[]) else {
        panic!("a")
    };
    let b = s.circuit_mut().input();
    assert_eq!(m.get(a), Some(true));
    assert_eq!(m.get(!a), Some(false));
    assert_eq!(m.get(b), None);
    assert!(!m.value(b));
}

#[test]
fn unknown_group_is_an_error() {
    let mut other = Session::new();
    let foreign = (0..3)
        .map(|i| other.new_group(format!("g{i}")))
        .last()
        .expect("three groups");
    let mut s = Session::new();
    let err = s
        .assert_in_group(Bool::TRUE, foreign)
        .expect_err("foreign group");
    assert!(matches!(err, SatError::UnknownGroup(g) if g == foreign));
    assert!(err.to_string().contains("unknown group g3"));
    assert!(matches!(
        s.solve(&[foreign], &[]),
        Err(SatError::UnknownGroup(_))
    ));
}

#[test]
fn solve_budget_stops_with_a_clear_error() {
    let mut s = Session::new();
    let x = s.circuit_mut().input();
    s.set_budget(Budget {
        solves: Some(2),
        time: None,
        conflicts: None,
    });
    assert!(s.solve(&[], &[x]).is_ok());
    assert!(s.solve(&[], &[!x]).is_ok());
    let err = s.solve(&[], &[]).expect_err("third call is over budget");
    assert!(matches!(
        err,
        SatError::BudgetExhausted {
            limit: Limit::Solves(2),
            solves: 2,
            ..
        }
    ));
    let text = err.to_string();
    assert!(
        text.contains("SAT budget exhausted: limit of 2 SAT solver calls"),
        "{text}"
    );
    s.set_budget(Budget::default());
    assert!(s.solve(&[], &[]).is_ok(), "a new budget restarts the count");
}

#[test]
fn time_budget_is_checked_before_each_call() {
    let mut s = Session::new();
    s.set_budget(Budget {
        solves: None,
        time: Some(Duration::ZERO),
        conflicts: None,
    });
    let err = s.solve(&[], &[]).expect_err("no time at all");
    assert!(matches!(
        err,
        SatError::BudgetExhausted {
            limit: Limit::Time(_),
            ..
        }
    ));
    assert!(err.to_string().contains("time limit of 0.000s"));
}

/// The pigeonhole formula of `holes + 1` pigeons in `holes` holes, in `group`: unsatisfiable, and
/// exponentially hard for resolution (so for every CDCL solver).
fn pigeonhole(s: &mut Session, holes: usize, group: sattar_sat::GroupId) {
    let p: Vec<Vec<Bool>> = (0..=holes)
        .map(|_| (0..holes).map(|_| s.circuit_mut().input()).collect())
        .collect();
    for pigeon in &p {
        let somewhere = s.circuit_mut().or(pigeon);
        s.assert_in_group(somewhere, group).expect("own group");
    }
    for hole in 0..holes {
        let column: Vec<Bool> = p.iter().map(|pigeon| pigeon[hole]).collect();
        for (a, &x) in column.iter().enumerate() {
            for &y in &column[a + 1..] {
                let both = s.circuit_mut().and2(x, y);
                s.assert_in_group(!both, group).expect("own group");
            }
        }
    }
}

#[test]
fn time_budget_stops_a_running_call_and_the_session_goes_on() {
    let mut s = Session::new();
    let hard = s.new_group("13 pigeons in 12 holes");
    pigeonhole(&mut s, 12, hard);
    s.set_budget(Budget {
        solves: None,
        time: Some(Duration::from_millis(200)),
        conflicts: None,
    });
    // Without an interrupt this call would run for hours: it returns because the search stops.
    let err = s.solve(&[hard], &[]).expect_err("stopped mid-search");
    assert!(
        matches!(
            err,
            SatError::BudgetExhausted {
                limit: Limit::Time(_),
                solves: 1,
                ..
            }
        ),
        "{err}"
    );
    s.set_budget(Budget::default());
    assert!(
        matches!(s.solve(&[], &[]), Ok(Outcome::Sat(_))),
        "with the hard group off the same solver answers again"
    );
}

#[test]
fn budget_during_minimization_reports_the_partial_core() {
    let mut s = Session::new();
    let x = s.circuit_mut().input();
    let groups: Vec<_> = (0..6).map(|i| s.new_group(format!("g{i}"))).collect();
    for (i, &g) in groups.iter().enumerate() {
        s.assert_in_group(if i % 2 == 0 { x } else { !x }, g)
            .expect("own group");
    }
    s.set_budget(Budget {
        solves: Some(1),
        time: None,
        conflicts: None,
    });
    let err = s
        .minimize(&groups, &[], &[])
        .expect_err("one call is not enough");
    let SatError::BudgetExhausted {
        partial_core: Some(core),
        ..
    } = &err
    else {
        panic!("{err}")
    };
    // The one allowed call dropped g0 and refinement kept only the solver's failed pair.
    assert_eq!(core.len(), 2, "{err}");
    assert!(err
        .to_string()
        .contains("possibly non-minimal core of 2 groups"));
    s.set_budget(Budget::default());
    let partial = core.clone();
    assert!(s.check_minimal(&partial, &[]).expect("no budget").unsat);
    let Ok(CoreResult::Unsat(core)) = s.minimal_core(&groups, &[], &[]) else {
        panic!("x and not x")
    };
    assert_eq!(core.groups.len(), 2);
}

#[test]
fn a_circuit_past_its_node_limit_stops_growing_and_is_never_solved() {
    let mut s = Session::new();
    s.circuit_mut().set_node_limit(10);
    let xs: Vec<Bool> = (0..20).map(|_| s.circuit_mut().input()).collect();
    let c = s.circuit_mut();
    assert_eq!(c.num_nodes(), 10, "nodes past the limit are not stored");
    assert!(c.exceeded());
    assert_eq!(xs[19], Bool::FALSE, "a refused node is the constant false");
    let big = c.and(&xs);
    assert_eq!(big, Bool::FALSE);
    let err = s
        .solve(&[], &[])
        .expect_err("an exceeded circuit is refused");
    assert!(matches!(
        err,
        SatError::BudgetExhausted {
            limit: Limit::Nodes(10),
            ..
        }
    ));
    assert!(
        err.to_string().contains("limit of 10 circuit nodes"),
        "{err}"
    );
}

/// A call that reaches its conflict limit stops undecided with a message naming the limit, and
/// the session answers the next call (without the limit) in full.
#[test]
fn a_call_stops_at_its_conflict_limit_and_the_session_goes_on() {
    let mut s = Session::new();
    let hard = s.new_group("10 pigeons in 9 holes");
    pigeonhole(&mut s, 9, hard);
    s.set_budget(Budget {
        conflicts: Some(10),
        ..Budget::default()
    });
    let err = s
        .solve(&[hard], &[])
        .expect_err("ten conflicts do not refute 10 pigeons in 9 holes");
    assert!(
        matches!(
            err,
            SatError::BudgetExhausted {
                limit: Limit::Conflicts(10),
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains("10 conflicts per solver call"),
        "{err}"
    );
    s.set_budget(Budget::default());
    assert!(matches!(s.solve(&[], &[]), Ok(Outcome::Sat(_))));
}

/// A fork gets the clauses in the order the session got them, hardenings included, and a
/// fresh solver: it answers as the session did before it was solved, and what the session
/// learns or is given after the fork does not reach it.
#[test]
fn a_fork_answers_as_the_session_did_before_its_first_solve() {
    let mut s = Session::new();
    let (a, b) = (s.circuit_mut().input(), s.circuit_mut().input());
    let g = s.new_group("a");
    s.assert_in_group(a, g).expect("group");
    s.harden(g).expect("hard");
    let either = s.circuit_mut().or(&[!a, b]);
    s.assert_hard(either);
    let fork = |s: &Session| s.fork();
    let mut f = fork(&s);
    assert!(matches!(f.solve(&[], &[!b]), Ok(Outcome::Unsat(_))));
    let Ok(Outcome::Sat(m)) = f.solve(&[], &[]) else {
        panic!("satisfiable")
    };
    assert!(m.value(a) && m.value(b));
    // A clause added to the session after the fork is not in the fork.
    s.assert_hard(!b);
    assert!(matches!(s.solve(&[], &[]), Ok(Outcome::Unsat(_))));
    assert!(matches!(f.solve(&[], &[]), Ok(Outcome::Sat(_))));
    assert!(matches!(fork(&s).solve(&[], &[]), Ok(Outcome::Unsat(_))));
    assert_eq!(fork(&s).num_clauses(), s.num_clauses());
}
