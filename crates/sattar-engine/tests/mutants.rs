//! Mutants classified by bounded verification (`mutants.rs`) on the paper's list `delete`, each
//! status worked out by hand from the code and the spec, and `eval --mutants` running them as
//! faults, an omission ranked at the statements around its gap.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::Catalog;
use sattar_engine::experiment::{evaluate, EvalOptions};
use sattar_engine::mutants::{catalog_mutants, classify, Classify, MutantSet, MutantStatus, CHUNK};

fn delete_mutants(how: Classify) -> MutantSet {
    let catalog = Catalog::bundled().unwrap();
    let base = catalog.fault("sll.sizeErr").unwrap().clone();
    let candidates = catalog_mutants(&catalog, &base, None, true).unwrap();
    classify(&catalog, &base, candidates, (3, 1, 2), how).unwrap()
}

fn status<'a>(set: &'a MutantSet, id: &str) -> &'a MutantStatus {
    let m = set.mutants.iter().find(|m| m.fault.id == id);
    &m.unwrap_or_else(|| panic!("no mutant {id}")).status
}

#[test]
fn the_mutants_of_delete_are_classified_as_worked_out_by_hand() {
    let set = delete_mutants(Classify::All);
    assert_eq!(set.mutants.len(), 45);
    assert!(set.complete, "every list of scope 3 is in the pool");
    // `while (false)`: javac refuses the loop body as unreachable.
    assert!(
        matches!(status(&set, "sll.delete.L16.ROR1"), MutantStatus::Refused(why) if why.contains("unreachable statement")),
        "{:?}",
        status(&set, "sll.delete.L16.ROR1")
    );
    // `lst = prev.next;` right after `prev = lst;`: the same node.
    assert_eq!(
        status(&set, "sll.delete.L27.VAR2"),
        &MutantStatus::Equivalent
    );
    // `return false;` for `return true;`: no postcondition reads the result.
    assert!(matches!(
        status(&set, "sll.delete.L24.RET1"),
        MutantStatus::Survived(0)
    ));
    // The loop no longer advances: every list holding a key other than k loops forever.
    assert!(matches!(status(&set, "sll.delete.L27.DEL1"), MutantStatus::Survived(n) if *n > 0));
    // The size update removed is killed; `size - 0` does exactly the same on every input.
    assert!(matches!(
        status(&set, "sll.delete.L23.DEL1"),
        MutantStatus::Killed(_)
    ));
    assert_eq!(
        status(&set, "sll.delete.L23.CRP1"),
        &MutantStatus::Duplicate("sll.delete.L23.DEL1".into())
    );
    // `prev.next = null;`: the rest of the list is lost.
    assert!(matches!(
        status(&set, "sll.delete.L19.CRP1"),
        MutantStatus::Killed(_)
    ));
    let first = set
        .mutants
        .iter()
        .find(|m| m.fault.id == "sll.delete.L16.ROR1");
    let text = &first.unwrap().fault.description;
    assert_eq!(
        text,
        "relational operator replaced: `lst != null` → `false`"
    );
}

#[test]
fn classification_stops_once_enough_mutants_are_killed() {
    let set = delete_mutants(Classify::UntilKilled(3));
    let killed = set
        .mutants
        .iter()
        .filter(|m| matches!(m.status, MutantStatus::Killed(_)))
        .count();
    let unclassified = set
        .mutants
        .iter()
        .filter(|m| m.status == MutantStatus::Unclassified)
        .count();
    // Classified in chunks: at most one chunk past the third kill.
    assert!((3..3 + CHUNK).contains(&killed), "{killed}");
    assert!(unclassified > 0);
}

#[test]
fn eval_runs_killed_mutants_as_faults_and_ranks_omissions_around_the_gap() {
    let opts = EvalOptions {
        faults: vec!["sll.sizeErr".into()],
        techniques: vec!["sat-tar".into(), "sat".into()],
        runs: 1,
        seed: 1,
        threads: 2,
        scope: 3,
        formula: "tarantula".into(),
        domain: sattar_engine::Domain::default(),
        relaxed: false,
        bugassist_solves: 10,
        mutants: 40,
        relax_unexecuted: false,
        gen_conflicts: Some(sattar_engine::DEFAULT_GEN_CONFLICTS),
    };
    let done = evaluate(&opts, &|_, _| {}).unwrap();
    let set = &done.mutant_sets[0];
    let killed = set
        .mutants
        .iter()
        .filter(|m| matches!(m.status, MutantStatus::Killed(_)))
        .count();
    assert_eq!(done.mutants.len(), killed, "all killed ones are evaluated");
    for id in &done.mutants {
        assert!(
            done.rows
                .iter()
                .any(|r| &r.fault == id && r.technique == "sat-tar"),
            "{id} has no row"
        );
    }
    // An omission is ranked at the statements around its gap (removing `size = size -
    // 1;` on line 23: lines 21 and 24); on `delete` SAT-TAR ranks one of them for every
    // omission evaluated.
    let omissions: Vec<_> = (done.rows.iter())
        .filter(|r| r.fault.contains(".DEL") && r.technique == "sat-tar")
        .collect();
    assert!(!omissions.is_empty());
    for row in omissions {
        assert!(row.rank.is_some(), "{row:?}");
    }
}
