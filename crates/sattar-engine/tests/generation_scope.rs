//! Tests of a large failing input are generated in a bounded scope (`max_gen_scope`): the bound
//! loses only the negated prefixes a small heap cannot follow, and the fault still ranks first.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

#[path = "support/run_loop.rs"]
mod run_loop;

use sattar_catalog::inputs;
use sattar_encode::EncodeOptions;
use sattar_engine::{
    generation_scope, scope_of, CoreRequest, FailingPath, Interpreter, KnownUnsat, LocalizeOptions,
    Localizer, PathQueries, Subject, SubjectRequest,
};
use sattar_heap::TestInput;
use sattar_java::{Limits, StmtId};
use std::collections::BTreeSet;

/// `sll.removeErr` and its failing input on a 10-node list (keys 0..10, deleting 5).
fn removal_on_ten_nodes() -> (Subject, TestInput) {
    let subject = Subject::load(&SubjectRequest {
        fault: Some("sll.removeErr".into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let keys: Vec<i32> = (0..10).collect();
    (subject, inputs::list(&keys, None, 5, None))
}

/// `sll.removeErr` localized from a 10-node list (deleting key 5): the failing input's scope, the
/// largest generated test's and the faulty line's rank.
fn localize(max_gen_scope: usize) -> (usize, usize, Option<usize>) {
    let (subject, input) = removal_on_ten_nodes();
    let opts = LocalizeOptions {
        max_gen_scope,
        cores: CoreRequest {
            input: Some(input),
            ..CoreRequest::default()
        },
        ..LocalizeOptions::default()
    };
    let mut exec = Interpreter(Limits::default());
    let mut loc = Localizer::start(&subject, opts, &mut exec).unwrap_or_else(|e| panic!("{e}"));
    run_loop::until_stopped(&mut loc, &mut exec);
    let largest = loc
        .rounds
        .iter()
        .map(|r| scope_of(&r.test.input))
        .max()
        .expect("some test was generated");
    let line = subject
        .program
        .stmts
        .iter()
        .find(|s| s.line == 19)
        .expect("line 19");
    let file = subject.program.file(line.file).path.clone();
    (
        scope_of(&loc.initial.input),
        largest,
        loc.rank_of_lines(&[(file, 19)]),
    )
}

#[test]
fn a_large_failing_inputs_tests_stay_within_the_generation_scope() {
    let (failing, largest, rank) = localize(4);
    // The list and its 10 nodes: scope 10 (one class holds 10 objects).
    assert_eq!(failing, 10);
    assert!(largest <= 4, "a generated test has scope {largest}");
    assert_eq!(rank, Some(1));
}

/// Every satisfiable negated prefix of `sll.removeErr`'s run on a 10-node list, as (prefix,
/// the generated input's scope), with tests generated in at most `max` objects per class.
fn candidates(max: usize) -> Vec<(usize, usize)> {
    let (subject, input) = removal_on_ten_nodes();
    let path = FailingPath::new(&subject, &input, (1, max), &EncodeOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut queries = PathQueries::new(&path, None, None);
    let every: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    queries
        .candidates(&every, &[], false, (&KnownUnsat::default(), &[]))
        .unwrap_or_else(|e| panic!("{e}"))
        .0
        .iter()
        .map(|c| (c.prefix, scope_of(&c.decoded.input)))
        .collect()
}

#[test]
fn the_bound_leaves_out_only_the_prefixes_a_small_heap_cannot_follow() {
    let (capped, whole) = (candidates(4), candidates(usize::MAX));
    assert!(capped.iter().all(|&(_, scope)| scope <= 4), "{capped:?}");
    // Deep prefixes walk past the fourth node: only a larger heap follows them.
    assert!(whole.iter().any(|&(_, scope)| scope > 4), "{whole:?}");
    let prefixes = |c: &[(usize, usize)]| c.iter().map(|p| p.0).collect::<BTreeSet<_>>();
    let (kept, all) = (prefixes(&capped), prefixes(&whole));
    assert!(
        kept.is_subset(&all) && kept.len() < all.len(),
        "{kept:?} of {all:?}"
    );
    // Every prefix the bound loses needed more than 4 objects of a class.
    for &(prefix, scope) in &whole {
        assert!(
            kept.contains(&prefix) || scope > 4,
            "prefix {prefix}: scope {scope}"
        );
    }
}

#[test]
fn a_rounds_queries_stop_at_their_sat_time() {
    let (subject, input) = removal_on_ten_nodes();
    let path = FailingPath::new(&subject, &input, (1, 6), &EncodeOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    // A nanosecond is over before the first solver call.
    let budget = Some(std::time::Duration::from_nanos(1));
    let mut queries = PathQueries::new(&path, budget, None);
    let every: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let err = queries
        .candidates(&every, &[], false, (&KnownUnsat::default(), &[]))
        .expect_err("the budget stops the round")
        .to_string();
    assert!(err.contains("--sat-time"), "{err}");
}

/// A round's unsatisfiable queries are proven once: the next round over the same path, given
/// the proofs, asks none of them (it proves nothing new) and finds candidates for the same
/// prefixes.
#[test]
fn queries_proven_unsatisfiable_are_not_asked_again() {
    let (subject, input) = removal_on_ten_nodes();
    let path = FailingPath::new(&subject, &input, (1, 4), &EncodeOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let every: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let round = |known: &KnownUnsat| {
        let mut queries = PathQueries::new(&path, None, None);
        let (candidates, proofs) = queries
            .candidates(&every, &[], false, (known, &[]))
            .unwrap_or_else(|e| panic!("{e}"));
        let prefixes: BTreeSet<usize> = candidates.iter().map(|c| c.prefix).collect();
        (prefixes, proofs)
    };
    let mut known = KnownUnsat::default();
    let (first, proofs) = round(&known);
    // The deep prefixes need a fifth node: unsatisfiable in 4 objects per class.
    assert!(
        !proofs.is_empty() && !first.is_empty(),
        "{first:?} {proofs:?}"
    );
    known.extend(proofs);
    let (second, new) = round(&known);
    assert!(new.is_empty(), "asked again: {new:?}");
    assert_eq!(second, first);
}

/// A round's queries start from a fork of the path's free encoding: a round after other rounds
/// finds exactly the inputs a round on a path built afresh finds (what a resumed session relies
/// on), and the same as the first round given the same constraints.
#[test]
fn a_round_answers_the_same_whatever_rounds_came_before() {
    let (subject, input) = removal_on_ten_nodes();
    let build = || {
        FailingPath::new(&subject, &input, (1, 4), &EncodeOptions::default())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let every: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let inputs = |path: &FailingPath, tried: &[BTreeSet<StmtId>]| {
        let mut queries = PathQueries::new(path, None, None);
        let (candidates, _) = queries
            .candidates(&every, tried, false, (&KnownUnsat::default(), &[]))
            .unwrap_or_else(|e| panic!("{e}"));
        candidates
            .into_iter()
            .map(|c| (c.prefix, c.covered().clone(), c.decoded.input))
            .collect::<Vec<_>>()
    };
    let used = build();
    let first = inputs(&used, &[]);
    assert!(!first.is_empty());
    // The second round must differ from the first round's first test.
    let seen = vec![first[0].1.clone()];
    let later = inputs(&used, &seen);
    assert_eq!(inputs(&used, &[]), first);
    assert_eq!(inputs(&build(), &seen), later);
}

/// An earlier round's candidate answers the same prefix's query when it still meets the round's
/// constraints, and only then: given the first round's candidates, a second round with the same
/// constraints returns exactly them; one whose coverage is now tried is not returned.
#[test]
fn an_earlier_candidate_that_still_qualifies_answers_its_query() {
    let (subject, input) = removal_on_ten_nodes();
    let path = FailingPath::new(&subject, &input, (1, 4), &EncodeOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let every: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let round = |tried: &[BTreeSet<StmtId>], earlier: &[sattar_engine::Candidate]| {
        PathQueries::new(&path, None, None)
            .candidates(&every, tried, false, (&KnownUnsat::default(), earlier))
            .unwrap_or_else(|e| panic!("{e}"))
            .0
    };
    let first = round(&[], &[]);
    assert!(first.len() >= 2, "{} candidates", first.len());
    let inputs = |c: &[sattar_engine::Candidate]| {
        c.iter()
            .map(|c| (c.prefix, c.decoded.input.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(inputs(&round(&[], &first)), inputs(&first));
    let tried = vec![first[0].covered().clone()];
    let second = round(&tried, &first);
    assert!(second.iter().all(|c| c.covered() != first[0].covered()));
    // The other prefixes' runs still qualify (none covers exactly what the first one does).
    for c in first
        .iter()
        .skip(1)
        .filter(|c| c.covered() != first[0].covered())
    {
        assert!(
            second
                .iter()
                .any(|d| d.prefix == c.prefix && d.decoded.input == c.decoded.input),
            "prefix {} not reused",
            c.prefix
        );
    }
}

/// A query stopped at the conflict limit is undecided: no test and no proof from it. With one
/// conflict allowed the hard queries of a 10-node list stop; without a limit none does.
#[test]
fn queries_past_the_conflict_limit_are_undecided_not_proven() {
    let (subject, input) = removal_on_ten_nodes();
    let path = FailingPath::new(&subject, &input, (1, 4), &EncodeOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let every: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let round = |conflicts: Option<u32>| {
        let mut queries = PathQueries::new(&path, None, conflicts);
        let (candidates, proofs) = queries
            .candidates(&every, &[], false, (&KnownUnsat::default(), &[]))
            .unwrap_or_else(|e| panic!("{e}"));
        let prefixes: BTreeSet<usize> = candidates.iter().map(|c| c.prefix).collect();
        (prefixes, proofs.len(), queries.undecided())
    };
    let (all, proven, undecided) = round(None);
    assert_eq!(undecided, 0);
    let (some, proven_1, undecided_1) = round(Some(1));
    assert!(undecided_1 > 0, "no query needed a second conflict");
    // What a limited round decides, it decides as the unlimited one: never a test the other
    // proves impossible.
    assert!(some.is_subset(&all), "{some:?} of {all:?}");
    assert!(proven_1 <= proven, "{proven_1} > {proven}");
}

#[test]
fn the_generation_scope_is_the_failing_inputs_within_the_bounds() {
    let (_, input) = removal_on_ten_nodes();
    assert_eq!(generation_scope(&input, 1, 6), 6);
    assert_eq!(generation_scope(&input, 1, 20), 10);
    // `--min-scope` wins over the bound.
    assert_eq!(generation_scope(&input, 8, 6), 8);
}
