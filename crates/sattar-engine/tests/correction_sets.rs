//! Soundness of the cores on the bundled catalog (issue 17's first point, in the form the
//! encoding has today): for every single fault, on its smallest failing input (`check`'s),
//! the faulty line is in the minimal core, and relaxing the faulty statement's executed
//! instances alone lets the run satisfy the spec — it is a correction set of its failing run.
//! The exceptions are listed and must stay exactly these: a fix that changes the path needs the
//! unexecuted instances relaxed too, which the cores keep hard by default — and with them
//! relaxed (`relax_unexecuted`) there is no exception. Also how much the repairs narrow
//! the core: the suspects that repair alone are counted over the catalog.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs;
use sattar_catalog::Catalog;
use sattar_engine::baselines::minimum_correction_sets;
use sattar_engine::{cores, CoreRequest, Subject, SubjectRequest};
use sattar_heap::TestInput;
use sattar_java::StmtId;

/// Single faults whose faulty statement is not a correction set of the smallest failing run, and
/// (second) those whose faulty line is not even in the minimal core.
const NOT_REPAIRING: [&str; 2] = ["collections.graph.seenErr", "collections.nary.pruneErr"];
const NOT_IN_CORE: [&str; 1] = ["collections.graph.seenErr"];

/// Over every single catalog fault on its smallest failing run: the faults whose faulty
/// statement does not repair the run alone, those whose faulty line is not in the core, and how
/// many of the cores' suspects repair alone out of how many.
struct Soundness {
    not_repairing: Vec<String>,
    not_in_core: Vec<String>,
    repairing: usize,
    suspects: usize,
}

fn soundness(catalog: &Catalog, relax_unexecuted: bool) -> Soundness {
    let mut out = Soundness {
        not_repairing: Vec::new(),
        not_in_core: Vec::new(),
        repairing: 0,
        suspects: 0,
    };
    // The heavy faults' encodings with every unexecuted instance relaxed (the LRU cache's HashMap
    // model, resizes included) do not find a core within the default 60 s budget.
    let measured = |f: &&sattar_catalog::Fault| !(relax_unexecuted && f.heavy.is_some());
    for f in catalog
        .faults
        .iter()
        .filter(|f| !f.is_multi())
        .filter(measured)
    {
        let subject = Subject::of_fault_in(catalog, f).unwrap_or_else(|e| panic!("{}: {e}", f.id));
        let core_req = CoreRequest {
            relax_unexecuted,
            ..CoreRequest::default()
        };
        let mut a = cores(&subject, &core_req).unwrap_or_else(|e| panic!("{}: {e}", f.id));
        let post = a.encoding.postcondition_group_ids();
        let executed = a.executed.clone();
        let repairs = a.encoding.single_repairs(&post, &executed).expect("solves");
        let places = f.faulty_locations();
        let faulty = |s: &StmtId| {
            let st = subject.program.stmt(*s);
            let path = &subject.program.file(st.file).path;
            places
                .iter()
                .any(|(file, l)| *l == st.line && path.ends_with(file.as_str()))
        };
        if !repairs.iter().any(faulty) {
            out.not_repairing.push(f.id.clone());
        }
        if !a.suspects.iter().any(faulty) {
            out.not_in_core.push(f.id.clone());
        }
        out.suspects += a.suspects.len();
        out.repairing += repairs.intersection(&a.suspects).count();
    }
    out.not_repairing.sort_unstable();
    out
}

fn bundled() -> Catalog {
    Catalog::bundled().expect("the bundled catalog")
}

/// The second catalog (`java-subjects/second`).
fn second() -> Catalog {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Catalog::load_file(&root.join("java-subjects/second/faults.toml")).expect("the second catalog")
}

#[test]
fn the_faulty_statement_repairs_its_failing_run_alone_on_every_catalog_fault_but_two() {
    let s = soundness(&bundled(), false);
    assert_eq!(s.not_repairing, NOT_REPAIRING);
    assert_eq!(s.not_in_core, NOT_IN_CORE);
    // Of the cores' suspects over the catalog, how many repair alone (what SAT-TAR's tie-break
    // puts first): recorded as measured at this version (which minimal core is found among
    // several depends on the solver's failed-assumption sets: 159 of 190 with varisat).
    // The two values.words faults added 14 suspects, every one repairing alone; the LRU cache's
    // and the text subjects' 11 faults 66, of which 35 repair alone; the treap's four 22, of
    // which 10 repair alone. The cast javac inserts before unboxing an erased value (a
    // `CheckCast` in `int v = queue.poll()`, which can throw) changed the collections faults'
    // cores: two more suspects, one fewer repairing alone.
    assert_eq!((s.repairing, s.suspects), (221, 298));
}

/// The second catalog (`java-subjects/second`, written for issue 17 without running a
/// technique on it): on each single fault's smallest failing run the faulty statement repairs
/// the run alone and is in the core — but for a lost assignment, where the fault removed the
/// assignment itself (`removeFrom(head, k);` for `head = removeFrom(head, k);`), so the
/// statement writes nothing a relaxation could free. Five of these hold only through the cores'
/// second try with targets and checks relaxed (docs/ENCODING.md, *Cores*).
#[test]
fn on_the_second_catalog_the_faulty_statement_repairs_its_run_alone_but_for_a_lost_assignment() {
    let second = second();
    let s = soundness(&second, false);
    assert_eq!(s.not_repairing, ["rlist.headLostErr"]);
    assert_eq!(s.not_in_core, ["rlist.headLostErr"]);
}

/// The cores' second try (docs/ENCODING.md, *Cores*): `n.left = insertAt(n.right, k)` for
/// `n.right = …` writes the wrong field, and no value of any statement repairs the run (the
/// first core is empty); with store targets relaxed the faulty store alone is the core and
/// repairs the run. `return top.key` after `top = top.next` throws on a one-node stack: with
/// checks relaxed the dereference is the core. A fault a value explains keeps the first try.
#[test]
fn wrong_targets_and_throwing_dereferences_are_explained_by_the_second_try() {
    let second = second();
    let lines = |catalog: &Catalog, id: &str| {
        let f = catalog.fault(id).expect("a fault");
        let subject = Subject::of_fault_in(catalog, f).expect("loads");
        let a = cores(&subject, &CoreRequest::default()).expect("cores");
        let of = |s: &std::collections::BTreeSet<StmtId>| -> Vec<u32> {
            s.iter().map(|x| subject.program.stmt(*x).line).collect()
        };
        (a.targets_relaxed(), of(&a.suspects), of(&a.repairs_alone))
    };
    assert_eq!(lines(&second, "rbst.fieldErr"), (true, vec![31], vec![31]));
    assert_eq!(
        lines(&second, "stack.returnErr"),
        (true, vec![20], vec![20])
    );
    assert_eq!(
        lines(&bundled(), "sll.sizeErr"),
        (false, vec![23], vec![23])
    );
}

/// With every instance of a statement relaxed — those the failing run did not execute too
/// (`relax_unexecuted`) — the faulty statement repairs its run on every single catalog fault
/// (but the heavy ones, not measured) but one: `seenErr`'s fix changes the path, and the instances the fixed run executes are free
/// now. `pruneErr` (`children.remove(c)` for `it.remove()`) stays: relaxing a call statement
/// frees what it assigns, not what the library method it calls does to the heap (the list's
/// modification count, which makes the iterator fail fast), so no value of the statement's own
/// writes repairs the run. The cores are the same (they always assume the unexecuted instances).
#[test]
fn with_unexecuted_instances_relaxed_the_faulty_statement_is_a_correction_set_but_for_a_library_call(
) {
    let s = soundness(&bundled(), true);
    assert_eq!(s.not_repairing, ["collections.nary.pruneErr"]);
    assert_eq!(s.not_in_core, NOT_IN_CORE);
    // The same cores, and among their suspects the same ones repair alone: the statements
    // only an unexecuted instance of could repair are outside the cores.
    // The seven text faults (the heavy LRU ones are not measured here) add 35, 16 repairing;
    // the cast before unboxing an erased value, -1 and -1.
    assert_eq!((s.repairing, s.suspects), (192, 242));
}

/// `cores` names the suspects that repair alone, and only those: in `bst.rightErr` (`y.right = y`
/// for `y.right = x`, inserting 1 under a root 0) six suspects, of which only the faulty store
/// can make the tree right by itself — every other suspect still leaves `y.right` pointing at `y`;
/// in `sll.removeErr` only the faulty traversal step of three.
#[test]
fn cores_name_the_suspects_that_repair_alone() {
    for (fault, lines) in [("bst.rightErr", vec![35]), ("sll.removeErr", vec![19])] {
        let req = SubjectRequest {
            fault: Some(fault.into()),
            ..Default::default()
        };
        let subject = Subject::load(&req).expect("loads");
        let a = cores(&subject, &CoreRequest::default()).expect("cores");
        let alone: Vec<u32> = a
            .repairs_alone
            .iter()
            .map(|s| subject.program.stmt(*s).line)
            .collect();
        assert_eq!(alone, lines, "{fault}");
        assert!(a.repairs_alone.is_subset(&a.suspects), "{fault}");
    }
}

/// A fault, its failing input (`None`: `check`'s smallest) and the lines of each minimum
/// correction set.
type Case = (&'static str, Option<TestInput>, Vec<Vec<u32>>);

/// BugAssist's minimum correction sets. `sll.sizeErr` (`size = 0` for `size = size - 1`,
/// deleting 0 from {0, 1}) and `bst.rightErr` (`y.right = y`, adding 1 under a root 0): one
/// set, the faulty statement alone — only line 23 writes `size`, and only line 35 can link the
/// new node. `sll.sllSizeRemErr` (both faults) deleting the inner 1 from {0, 1, 2}: no
/// statement repairs alone (`removeOk` needs 0's link moved past 1, which only line 19 writes,
/// and `sizeOk` needs line 23), so the minimum is the pair {19, 23} and nothing else.
#[test]
fn bugassist_finds_the_minimum_correction_sets() {
    let cases: [Case; 3] = [
        ("sll.sizeErr", None, vec![vec![23]]),
        ("bst.rightErr", None, vec![vec![35]]),
        (
            "sll.sllSizeRemErr",
            Some(inputs::list(&[0, 1, 2], None, 1, None)),
            vec![vec![19, 23]],
        ),
    ];
    for (fault, input, want) in cases {
        let req = SubjectRequest {
            fault: Some(fault.into()),
            ..Default::default()
        };
        let subject = Subject::load(&req).expect("loads");
        let input = input.map(|i| {
            let json = sattar_heap::input_to_json(&i).to_string();
            subject.input_from_str(&json, "test").expect("reads").0
        });
        let core_req = CoreRequest {
            input,
            ..Default::default()
        };
        let mut a = cores(&subject, &core_req).expect("cores");
        let sets = minimum_correction_sets(&mut a, 600).expect("solves");
        let lines: Vec<Vec<u32>> = sets
            .iter()
            .map(|m| m.iter().map(|s| subject.program.stmt(*s).line).collect())
            .collect();
        assert_eq!(lines, want, "{fault}");
    }
    // A budget too small for the pairs finds nothing, and says so by returning no set.
    let req = SubjectRequest {
        fault: Some("sll.sllSizeRemErr".into()),
        ..Default::default()
    };
    let subject = Subject::load(&req).expect("loads");
    let json = sattar_heap::input_to_json(&inputs::list(&[0, 1, 2], None, 1, None)).to_string();
    let input = Some(subject.input_from_str(&json, "test").expect("reads").0);
    let mut a = cores(
        &subject,
        &CoreRequest {
            input,
            ..Default::default()
        },
    )
    .expect("cores");
    assert!(minimum_correction_sets(&mut a, 3)
        .expect("solves")
        .is_empty());
}
