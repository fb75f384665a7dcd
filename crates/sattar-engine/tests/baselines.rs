//! The comparison techniques: path-constraint similarity computed by hand, the seeded generator,
//! TAR_rand's draws, directed tests with new coverage, and APG's flipped branch.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs;
use sattar_engine::baselines::{apg, directed_tests, failing_path, pcs, random_tests};
use sattar_engine::{
    judge, Interpreter, SplitMix64, Subject, SubjectRequest, TestRecord, TestVerdict,
};
use sattar_java::{BranchEvent, Limits, StmtId};
use std::collections::BTreeSet;

fn ev(stmt: u32, taken: bool) -> BranchEvent {
    BranchEvent {
        stmt: StmtId(stmt),
        taken,
    }
}

fn subject(id: &str) -> Subject {
    Subject::load(&SubjectRequest {
        fault: Some(id.into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn record(s: &Subject, input: sattar_heap::TestInput) -> TestRecord {
    let run = sattar_java::run(&s.program, s.method, &input, Limits::default()).expect("runs");
    let j = judge(s, &input, run).expect("judged");
    TestRecord {
        input,
        verdict: j.verdict,
        outcomes: sattar_engine::outcomes_of(&j.execution.trace),
        covered: j.execution.covered,
        added: true,
        prefix: None,
        predicted: None,
        timed_out: false,
    }
}

#[test]
fn path_constraint_similarity_counts_matching_occurrences() {
    // Failing: s3 T, s4 F, s3 T, s4 T, s3 F (5 events). Other: s3 T, s4 F, s3 F.
    let failing = [
        ev(3, true),
        ev(4, false),
        ev(3, true),
        ev(4, true),
        ev(3, false),
    ];
    let other = [ev(3, true), ev(4, false), ev(3, false)];
    // (s3,1)=T matches, (s4,1)=F matches, (s3,2): T vs F no, (s4,2) absent, (s3,3) absent: 2/5.
    assert_eq!(pcs(&failing, &other), 0.4);
    assert_eq!(pcs(&failing, &failing), 1.0);
    assert_eq!(pcs(&[], &other), 0.0);
}

#[test]
fn splitmix64_gives_the_reference_sequence() {
    let mut r = SplitMix64(0);
    assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    let mut a = SplitMix64(42);
    let mut b = SplitMix64(42);
    assert!((0..100).all(|_| a.below(7) == b.below(7)));
}

#[test]
fn random_draws_always_hold_a_failing_test() {
    let s = subject("sll.sizeErr");
    let pool: Vec<TestRecord> = (0..4)
        .map(|k| record(&s, inputs::list(&[0, 1, 2], None, k + 5, None)))
        .collect();
    assert!(pool.iter().all(|t| t.verdict == TestVerdict::Pass));
    let mut pool = pool;
    pool.push(record(&s, inputs::list(&[0, 1], None, 1, None)));
    for seed in 0..20 {
        let drawn = random_tests(&pool, 2, &["sizeOk".to_string()], &mut SplitMix64(seed));
        assert_eq!(drawn.len(), 2);
        assert!(
            drawn.iter().any(|t| t.verdict != TestVerdict::Pass),
            "seed {seed}"
        );
    }
}

#[test]
fn directed_tests_start_from_the_failing_run_and_bring_new_coverage() {
    let s = subject("bst.traverseErr");
    let failing = record(&s, inputs::bst(&[5, 3], 1));
    let trace = sattar_java::run(&s.program, s.method, &failing.input, Limits::default())
        .expect("runs")
        .trace;
    let path = failing_path(&s, &failing).expect("locates the failing run");
    let tests = directed_tests(
        &s,
        (&failing, &trace),
        &path,
        4,
        None,
        &mut Interpreter(Limits::default()),
    )
    .expect("generates");
    assert_eq!(tests[0], failing);
    assert!(tests.len() >= 2, "{} tests", tests.len());
    let coverages: BTreeSet<&BTreeSet<StmtId>> = tests.iter().map(|t| &t.covered).collect();
    assert_eq!(
        coverages.len(),
        tests.len(),
        "every directed test covers something new"
    );
}

#[test]
fn apg_flips_the_faulty_branch_of_branch_err() {
    let s = subject("bst.branchErr");
    let flipped = apg(&s, &inputs::bst(&[5], 3)).expect("searches");
    let lines: Vec<u32> = flipped.iter().map(|id| s.program.stmt(*id).line).collect();
    assert_eq!(lines, [32]);
}

#[test]
fn cp_ranks_the_branch_only_failing_runs_take_first() {
    use sattar_engine::baselines::cp_ranking;
    let s = subject("sll.removeErr");
    // Deleting the second key takes `prev.next = lst;` (line 19) and fails; deleting the head and
    // a missing key pass without it.
    let tests = vec![
        record(&s, inputs::list(&[0, 1], None, 1, None)),
        record(&s, inputs::list(&[0, 1], None, 0, None)),
        record(&s, inputs::list(&[0, 1], None, 7, None)),
    ];
    assert!(matches!(tests[0].verdict, TestVerdict::Fail(_)));
    assert_eq!(tests[1].verdict, TestVerdict::Pass);
    let ranking = cp_ranking(&s, &tests).expect("CP runs");
    let top: Vec<u32> = ranking
        .iter()
        .filter(|r| r.rank == 1)
        .map(|r| s.program.stmt(r.stmt).line)
        .collect();
    assert_eq!(top, [19], "{ranking:?}");
}
